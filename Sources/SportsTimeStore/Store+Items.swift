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

  /// Stores a change (inside the caller's transaction when there is one).
  /// - Throws: `StoreError` (e.g. `itemNotFound`, `invalidItem`).
  public func apply(_ change: ItineraryChange, tripID: UUID, now: Date) throws {
    try transaction {
      for item in change.inserted { try insertItem(item) }
      for item in change.updated { try updateItem(item) }
      for id in change.deleted { try deleteItem(id: id) }
      try touchTrip(id: tripID, at: now)
    }
  }
}
