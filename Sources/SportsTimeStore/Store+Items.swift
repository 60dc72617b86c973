import Foundation
import SportsTimeCore

extension Store {
  /// Loads a trip as an `Itinerary` (schedule against `catalog`, stored
  /// items, layout, constraints).
  /// - Throws: as `loadTrip(_:)`.
  public func itinerary(_ reference: String, catalog: Catalog) throws -> Itinerary {
    let loaded = try loadTrip(reference)
    return Itinerary(
      trip: loaded.trip, schedule: loaded.schedule(catalog: catalog), items: loaded.items)
  }

  /// Runs one edit of a trip as a single IMMEDIATE transaction: loads the
  /// trip, lets `edit` compute the change from it, stores the change and
  /// the trip's modification time. Any throw (a refusal included) rolls
  /// everything back, so a refused edit changes nothing.
  /// - Returns: the change that was stored.
  public func editTrip(
    _ reference: String, catalog: Catalog, now: Date,
    _ edit: (Itinerary) throws -> ItineraryChange
  ) throws -> ItineraryChange {
    try transaction {
      let itinerary = try self.itinerary(reference, catalog: catalog)
      let change = try edit(itinerary)
      try apply(change, tripID: itinerary.trip.id, now: now)
      return change
    }
  }

  /// Stores a change (inside the caller's transaction when there is one);
  /// one that `changesNothing` stores nothing and leaves the trip untouched.
  /// - Throws: `StoreError` (e.g. `itemNotFound`, `invalidItem`).
  public func apply(_ change: ItineraryChange, tripID: UUID, now: Date) throws {
    if change.changesNothing { return }
    try transaction {
      for item in change.inserted { try insertItem(item) }
      for item in change.updated { try updateItem(item) }
      for id in change.deleted { try deleteItem(id: id) }
      try touchTrip(id: tripID, at: now)
    }
  }
}

extension Store {
  /// Re-plans a stored trip in one IMMEDIATE transaction: loads it, lets
  /// `plan` compute the re-plan, stores the trip's days and games and the
  /// item changes. Any throw rolls everything back.
  /// - Returns: the stored re-plan.
  public func replanTrip(
    _ reference: String, catalog: Catalog, _ plan: (Itinerary) throws -> Replan
  ) throws -> Replan {
    try transaction {
      let itinerary = try self.itinerary(reference, catalog: catalog)
      let replan = try plan(itinerary)
      let t = replan.trip
      if replan.tripChanged || t.modifiedAt != itinerary.trip.modifiedAt {
        try database.execute(
          "UPDATE trips SET start_date = ?, end_date = ?, modified_at = ? WHERE id = ?",
          [
            .text(t.startDate.iso), .text(t.endDate.iso),
            .real(t.modifiedAt.timeIntervalSinceReferenceDate), .text(Store.key(t.id)),
          ])
      }
      if replan.tripChanged {
        try database.execute(
          "DELETE FROM trip_games WHERE trip_id = ?", [.text(Store.key(t.id))])
        for (position, gameID) in t.gameIDs.enumerated() {
          guard try game(id: gameID) != nil else { throw StoreError.gameNotFound(gameID) }
          try database.execute(
            "INSERT INTO trip_games (trip_id, game_id, position) VALUES (?, ?, ?)",
            [.text(Store.key(t.id)), .text(gameID), SQLValue(position)])
        }
      }
      for item in replan.change.inserted { try insertItem(item) }
      for item in replan.change.updated { try updateItem(item) }
      for id in replan.change.deleted { try deleteItem(id: id) }
      return replan
    }
  }
}
