import Foundation
import SportsTimeCore

extension Store {
  /// Loads the trip `id` as an `Itinerary` (schedule against `catalog`,
  /// stored items, layout, constraints), in one read transaction.
  /// - Throws: as `loadTrip(id:)`.
  public func itinerary(id: Trip.ID, catalog: Catalog) throws -> Itinerary {
    let loaded = try loadTrip(id: id)
    return Itinerary(
      trip: loaded.trip, schedule: loaded.schedule(catalog: catalog), items: loaded.items)
  }

  /// Runs one edit of the trip `id` as a single IMMEDIATE transaction: loads
  /// the trip, lets `edit` compute the change from it, stores the change and
  /// the trip's modification time, and raises the trip's revision by 1.
  /// Any throw (a refusal included) rolls everything back, so a refused
  /// edit changes nothing.
  /// - Parameter expectedRevision: the revision the edit is based on,
  ///   checked before `edit` runs; nil edits whatever the trip's revision.
  /// - Returns: the change that was stored.
  /// - Throws: as `itinerary(id:catalog:)`, `TripError.revisionConflict`
  ///   when the trip is not at `expectedRevision`, whatever `edit` throws,
  ///   or as `apply`.
  public func editTrip(
    id: Trip.ID, catalog: Catalog, now: Date, expectedRevision: Int? = nil,
    _ edit: (Itinerary) throws -> ItineraryChange
  ) throws -> ItineraryChange {
    try editedTrip(
      id: id, catalog: catalog, now: now, expectedRevision: expectedRevision, edit
    ).change
  }

  /// `editTrip(id:catalog:now:expectedRevision:_:)`, answering with the
  /// trip as the edit stored it too: the itinerary the edit started from
  /// with the change applied (its items) and the trip's row as stored
  /// (modification time, revision), without a second read of the whole
  /// trip. A change that `changesNothing` answers with the trip as it was.
  /// - Returns: the stored change and the trip after it.
  /// - Throws: as `editTrip(id:catalog:now:expectedRevision:_:)`.
  public func editedTrip(
    id: Trip.ID, catalog: Catalog, now: Date, expectedRevision: Int? = nil,
    _ edit: (Itinerary) throws -> ItineraryChange
  ) throws -> (change: ItineraryChange, itinerary: Itinerary) {
    try journaled(id) {
      let itinerary = try self.itinerary(id: id, catalog: catalog)
      try checkRevision(ofTrip: itinerary.trip.id, expected: expectedRevision)
      let change = try edit(itinerary)
      try apply(change, tripID: itinerary.trip.id, now: now)
      var after = itinerary
      if !change.changesNothing {
        after = itinerary.storing(change, trip: try storedTrip(id: itinerary.trip.id))
      }
      return ((change, after), Store.label(of: change, in: itinerary))
    }
  }

  /// The journal's words for `change` of `itinerary`: "Add “Deep dish”",
  /// "Move …", "Edit …", "Remove …".
  static func label(of change: ItineraryChange, in itinerary: Itinerary) -> String {
    let item = change.item
    let verb: String
    if change.deleted.contains(item.id) {
      verb = "Remove"
    } else if let old = itinerary.item(item.id) {
      verb = old.day != item.day || old.sortOrder != item.sortOrder ? "Move" : "Edit"
    } else {
      verb = "Add"
    }
    return "\(verb) “\(item.title)”"
  }

  /// Stores a change (inside the caller's transaction when there is one)
  /// and the trip's modification time `now`, raising its revision by 1;
  /// deleted items leave tombstones dated `now`. A change that
  /// `changesNothing` stores nothing and leaves the trip (its time and
  /// revision) untouched.
  /// - Parameter expectedRevision: the revision the change is based on;
  ///   nil stores it whatever the trip's revision.
  /// - Throws: `TripError.revisionConflict` when the trip is not at
  ///   `expectedRevision` (a change of nothing too), `StoreError` (e.g.
  ///   `itemNotFound`, `invalidItem`); nothing changes then.
  public func apply(
    _ change: ItineraryChange, tripID: Trip.ID, now: Date, expectedRevision: Int? = nil
  ) throws {
    if change.changesNothing {
      try checkRevision(ofTrip: tripID, expected: expectedRevision)
      return
    }
    try transaction {
      try checkRevision(ofTrip: tripID, expected: expectedRevision)
      for item in change.inserted { try writeItem(item) }
      for item in change.updated { try rewriteItem(item) }
      for id in change.deleted { try removeItem(id: id, at: now) }
      try touchTrip(id: tripID, at: now)
    }
  }
}

extension Store {
  /// Re-plans the stored trip `id` in one IMMEDIATE transaction: loads it, lets
  /// `plan` compute the re-plan, stores the trip's days and games and the
  /// item changes, raising the trip's revision by 1 when anything was
  /// stored; removed legs leave tombstones dated by the store's clock. Any
  /// throw rolls everything back.
  /// - Parameter expectedRevision: the revision the re-plan is based on,
  ///   checked before `plan` runs; nil re-plans whatever the trip's
  ///   revision.
  /// - Returns: the stored re-plan, its trip at its new revision.
  /// - Throws: as `itinerary(id:catalog:)`, `TripError.revisionConflict`
  ///   when the trip is not at `expectedRevision`, whatever `plan` throws,
  ///   or `StoreError`.
  public func replanTrip(
    id: Trip.ID, catalog: Catalog, expectedRevision: Int? = nil,
    _ plan: (Itinerary) throws -> Replan
  ) throws -> Replan {
    try replannedTrip(id: id, catalog: catalog, expectedRevision: expectedRevision, plan).replan
  }

  /// `replanTrip(id:catalog:expectedRevision:_:)`, answering with the trip
  /// as the re-plan stored it too: the re-plan's schedule, the items the
  /// re-plan started from with its change applied, and the trip's row as
  /// stored, without a second read of the whole trip.
  /// - Returns: the stored re-plan and the trip after it.
  /// - Throws: as `replanTrip(id:catalog:expectedRevision:_:)`.
  func replannedTrip(
    id: Trip.ID, catalog: Catalog, expectedRevision: Int? = nil,
    _ plan: (Itinerary) throws -> Replan
  ) throws -> (replan: Replan, itinerary: Itinerary) {
    let now = clock()
    return try journaled(id) {
      () -> (result: (replan: Replan, itinerary: Itinerary), label: String) in
      let itinerary = try self.itinerary(id: id, catalog: catalog)
      try checkRevision(ofTrip: itinerary.trip.id, expected: expectedRevision)
      var replan = try plan(itinerary)
      let t = replan.trip
      if replan.tripChanged || t.modifiedAt != itinerary.trip.modifiedAt {
        try journalWillWriteTrip(t.id)
        try execute(
          "UPDATE trips SET start_date = ?, end_date = ?, modified_at = ? WHERE id = ?",
          [
            .text(t.startDate.iso), .text(t.endDate.iso),
            .instant(t.modifiedAt), .text(Store.key(t.id)),
          ])
        try noteChange(ofTrip: t.id)
      }
      if replan.tripChanged {
        try journalWillWriteGames(ofTrip: t.id)
        try execute(
          "DELETE FROM trip_games WHERE trip_id = ?", [.text(Store.key(t.id))])
        for (position, gameID) in t.gameIDs.enumerated() {
          guard try game(id: gameID) != nil else {
            throw RecordError.gameNotFound(gameID.description)
          }
          try execute(
            "INSERT INTO trip_games (trip_id, game_id, position) VALUES (?, ?, ?)",
            [.text(Store.key(t.id)), .text(gameID.rawValue), SQLValue(position)])
        }
        try noteChange(ofTrip: t.id)
      }
      for item in replan.change.inserted { try writeItem(item) }
      for item in replan.change.updated { try rewriteItem(item) }
      for id in replan.change.deleted { try removeItem(id: id, at: now) }
      replan.trip.revision = try revision(ofTrip: t.id)
      let after = itinerary.storing(
        replan.change, trip: try storedTrip(id: t.id), schedule: replan.schedule)
      return ((replan, after), "Re-plan “\(replan.trip.name)”")
    }
  }
}

extension Store {
  /// Re-plans the stored trip `id` with the games `adding` and `removing`
  /// name and/or new days, in one IMMEDIATE transaction: the references
  /// are looked up (`games(for:catalog:)`, additions first), the re-plan
  /// argument rule applied (`Itinerary.games(adding:removing:teams:)`: a
  /// game added twice or removed when absent is refused, and so is
  /// removing every game) and the trip re-planned and stored
  /// (`replanTrip(id:catalog:expectedRevision:_:)`).
  /// - Parameters:
  ///   - id: the trip's id (a front end finds it with `TripResolver`).
  ///   - adding: games to add.
  ///   - removing: games to remove.
  ///   - start: the new first day, or nil (see `Itinerary.replan`).
  ///   - end: the new last day, or nil.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids and estimator.
  ///   - expectedRevision: the revision the re-plan is based on; nil
  ///     re-plans whatever the trip's revision.
  /// - Returns: the stored re-plan (`Replan.changesNothing` when it was a
  ///   no-op).
  /// - Throws: `RecordError.tripNotFound`; as `games(for:catalog:)`;
  ///   `TripError` (`.removesEveryGame`, `.gameNotInTrip`, …,
  ///   `.revisionConflict`); `ItineraryRefusal`; or `StoreError`. Nothing
  ///   changes then.
  public func replanTrip(
    id: Trip.ID, adding: [GameReference], removing: [GameReference], start: CalendarDate?,
    end: CalendarDate?, catalog: Catalog, environment: RuleEnvironment,
    expectedRevision: Int? = nil
  ) throws -> Replan {
    try replannedTrip(
      id: id, adding: adding, removing: removing, start: start, end: end, catalog: catalog,
      environment: environment, expectedRevision: expectedRevision
    ).replan
  }

  /// `replanTrip(id:adding:removing:start:end:catalog:environment:expectedRevision:)`
  /// answering with the trip after it too
  /// (`replannedTrip(id:catalog:expectedRevision:_:)`).
  func replannedTrip(
    id: Trip.ID, adding: [GameReference], removing: [GameReference], start: CalendarDate?,
    end: CalendarDate?, catalog: Catalog, environment: RuleEnvironment,
    expectedRevision: Int? = nil
  ) throws -> (replan: Replan, itinerary: Itinerary) {
    try replannedTrip(id: id, catalog: catalog, expectedRevision: expectedRevision) { itinerary in
      try itinerary.replan(
        adding: try games(for: adding, catalog: catalog),
        removing: try games(for: removing, catalog: catalog), start: start, end: end,
        catalog: catalog, environment: environment)
    }
  }
}

extension Itinerary {
  /// This itinerary as the store reads it back once `change` is stored and
  /// the trip's row is `trip`: the same schedule (or `schedule`, the
  /// re-plan's), the change's items in
  /// place (inserted, updated, deleted), in the order the store reads them
  /// (`Store.sortedByID`).
  /// - Complexity: O(n log n) for n items.
  func storing(
    _ change: ItineraryChange, trip: Trip, schedule: TripSchedule? = nil
  ) -> Itinerary {
    var byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for id in change.deleted { byID[id] = nil }
    for item in change.updated + change.inserted {
      byID[item.id] = item.tripID == trip.id ? item : nil
    }
    return Itinerary(
      trip: trip, schedule: schedule ?? self.schedule,
      items: Store.sortedByID(Array(byID.values)),
      venueZones: venueZones)
  }
}
