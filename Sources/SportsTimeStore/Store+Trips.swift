import Foundation
import SportsTimeCore

/// A stored trip with everything needed to lay it out.
public struct LoadedTrip: Sendable {
  /// The trip.
  public var trip: Trip
  /// Its games (in time order).
  public var games: [Game]
  /// Its stored travel and custom items.
  public var items: [ItineraryItem]

  /// The trip's schedule against `catalog`.
  public func schedule(catalog: Catalog) -> TripSchedule {
    TripSchedule(
      startDate: trip.startDate, dayCount: max(1, trip.dayCount), games: games,
      venues: catalog.venues, teams: catalog.teams)
  }
}

/// A trip stored from a trip file (`Store.importTrip`).
public struct TripImport: Sendable {
  /// The trip as stored.
  public var trip: Trip
  /// Its stored items, in file order.
  public var items: [ItineraryItem]
  /// What the traveller should know, each naming the file's field: games
  /// moved since the export, a zone or leg estimate the file had otherwise
  /// (replaced), a time that happens twice (`TripExchange.validate`).
  public var warnings: [String]
  /// The items outside the trip's days (listed under Unscheduled), in
  /// file order.
  public var unscheduled: [ItineraryItem.ID]
  /// The trip as stored, with its games and items, read back in the same
  /// transaction (what `loadTrip(id:)` returns).
  public var stored: LoadedTrip
}

extension Store {
  /// Stores a newly planned trip and its items in one transaction.
  /// - Throws: `RecordError.duplicateTripName` when a trip of that name (any
  ///   case) exists, `.gameNotFound` for a game not in the database, or
  ///   a `StoreError`; nothing is stored then.
  public func insert(_ planned: PlannedTrip) throws {
    try insert(trip: planned.trip, items: planned.items)
  }

  /// `insert(_:)`, answering with the trip as stored: the plan's schedule
  /// and items with the trip's row as stored (its revision), without
  /// reading the whole trip back.
  /// - Returns: the stored trip.
  /// - Throws: as `insert(_:)`; nothing is stored then.
  public func insertedTrip(_ planned: PlannedTrip) throws -> Itinerary {
    try transaction {
      try insert(planned)
      return Itinerary(
        trip: try storedTrip(id: planned.trip.id), schedule: planned.schedule,
        items: Store.sortedByID(planned.items))
    }
  }

  /// Stores a trip and its stored items in one transaction (new trips,
  /// imported trips). The trip is stored at revision 1 whatever
  /// `t.revision` says, or, under the id of a deleted trip, one above that
  /// trip's last revision (revisions never go back). Storing a trip or item
  /// under the id of a deleted one (a re-imported backup) removes that id's
  /// tombstone: it exists again.
  /// - Throws: `RecordError.invalidText` for a name not cleaned as
  ///   `TripBuilder.validatedName` stores it, `.duplicateTripName` when a trip of that name (any
  ///   case) exists, `.duplicateTripID` when one has that id, `.gameNotFound`
  ///   for a game not in the database, or a `StoreError`; nothing is
  ///   stored then.
  public func insert(trip t: Trip, items: [ItineraryItem]) throws {
    guard TextNormalization.isStorable(t.name, as: .tripName) else {
      throw RecordError.invalidText(field: "trip's name")
    }
    try transaction {
      try checkNameIsFree(t.name, except: nil)
      if let existing = try select(
        "SELECT name FROM trips WHERE id = ?", [.text(Store.key(t.id))]
      ).first {
        throw RecordError.duplicateTripID(Store.key(t.id), name: try existing.string("name"))
      }
      var row = ColumnValues()
      row["id"] = .text(Store.key(t.id))
      row["name"] = .text(t.name)
      row["start_date"] = .text(t.startDate.iso)
      row["end_date"] = .text(t.endDate.iso)
      row["created_at"] = .instant(t.createdAt)
      row["modified_at"] = .instant(t.modifiedAt)
      row["revision"] = SQLValue(try firstRevision(ofTrip: t.id))
      try insert(into: "trips", row)
      noteNewTrip(t.id)
      try clearTombstone(.trip, id: t.id.rawValue)
      for (position, gameID) in t.gameIDs.enumerated() {
        guard try game(id: gameID) != nil else {
          throw RecordError.gameNotFound(gameID.description)
        }
        try execute(
          "INSERT INTO trip_games (trip_id, game_id, position) VALUES (?, ?, ?)",
          [.text(Store.key(t.id)), .text(gameID.rawValue), SQLValue(position)])
      }
      for item in items { try writeItem(item) }
    }
  }

  /// Stores a trip read from a trip file (`WireV1.TripFile.read`), in one
  /// transaction: its trip id must be free, its games stored, it
  /// must keep every rule of `trip new` and the item commands with them
  /// (`TripExchange.validate`, which also gives its legs their estimates
  /// and its timed items their zones), its item ids must be free and its
  /// name unused. Nothing is stored when any check fails.
  /// - Parameters:
  ///   - imported: the file as `WireV1.TripFile.read` read it (`imported`).
  ///   - file: the file's name as the user gave it, for errors.
  ///   - catalog: venues and teams.
  ///   - estimator: the legs' estimator (default `RouteEstimator.default`,
  ///     as `trip new`'s).
  /// - Returns: the stored trip, its items as stored, warnings for the
  ///   traveller, its Unscheduled items, and the trip read back as stored.
  /// - Throws: `FileFormatError` naming the field of the first problem
  ///   (games missing from the database: the first five, field `games`;
  ///   an item id another stored trip uses: `items[i].id`, naming that
  ///   trip); `RecordError.duplicateTripID`, `.duplicateTripName`, or
  ///   a `StoreError`.
  public func importTrip(
    _ imported: TripExchange.Imported, file: String, catalog: Catalog,
    estimator: RouteEstimator = .default
  ) throws -> TripImport {
    let trip = imported.trip
    return try transaction {
      try checkTripIDIsFree(trip)
      let (games, missing) = try storedGames(of: trip)
      if !missing.isEmpty {
        let n = missing.count
        // Name the first five (each quoted at most 80 characters).
        var names = missing.prefix(5).map { TextNormalization.excerpt($0.description) }.joined(
          separator: ", ")
        if n > 5 { names += " and \(n - 5) more" }
        throw FileFormatError(
          file: file, line: nil, field: "games",
          message:
            "\(Plural.noun("game", n)) \(names) \(Plural.form(n, one: "is", other: "are")) not in the database; import \(Plural.form(n, one: "its", other: "their")) schedule first"
        )
      }
      let checked = try TripExchange.validate(
        imported, games: games, catalog: catalog, file: file, estimator: estimator)
      if let (i, item, owner) = try firstTakenItem(checked.items) {
        throw FileFormatError(
          file: file, line: nil, field: "items[\(i)].id",
          message:
            "item \(Store.key(item.id)) already belongs to trip '\(TextNormalization.excerpt(owner))'"
        )
      }
      try insert(trip: trip, items: checked.items)
      let days = 1...max(1, trip.dayCount)
      return TripImport(
        trip: trip, items: checked.items, warnings: checked.warnings,
        unscheduled: checked.items.filter { !days.contains($0.day) }.map(\.id),
        stored: try loadTrip(id: trip.id))
    }
  }

  /// Throws `RecordError.duplicateTripID` when a stored trip has `trip`'s
  /// id.
  private func checkTripIDIsFree(_ trip: Trip) throws {
    if let existing = try select(
      "SELECT name FROM trips WHERE id = ?", [.text(Store.key(trip.id))]
    ).first {
      throw RecordError.duplicateTripID(Store.key(trip.id), name: try existing.string("name"))
    }
  }

  /// The stored games of `trip`, in its order, and the ids of those not
  /// stored.
  private func storedGames(of trip: Trip) throws -> (games: [Game], missing: [Game.ID]) {
    var games: [Game] = []
    var missing: [Game.ID] = []
    for id in trip.gameIDs {
      if let game = try game(id: id) { games.append(game) } else { missing.append(id) }
    }
    return (games, missing)
  }

  /// The first of `items` whose id a stored item already has: its index,
  /// the item and the name of the trip that owns the id.
  private func firstTakenItem(_ items: [ItineraryItem]) throws -> (
    Int, ItineraryItem, String
  )? {
    for (i, item) in items.enumerated() {
      if let owner = try itemOwner(item.id) { return (i, item, owner) }
    }
    return nil
  }

  /// Stores a trip built from a file (a checked trip file, a legacy
  /// conversion), checking first that its games are in the database and
  /// its item ids are free (one transaction).
  /// - Throws: `RecordError.gameNotFound` (naming every missing game),
  ///   `.duplicateTripID`, `.duplicateTripName`, `.invalidItem` for an item
  ///   id already used, or a `StoreError`; nothing is stored then.
  public func importTrip(_ trip: Trip, items: [ItineraryItem]) throws {
    try transaction {
      try checkTripIDIsFree(trip)
      let missing = try storedGames(of: trip).missing
      if !missing.isEmpty {
        throw RecordError.gameNotFound(missing.map(\.description).joined(separator: ", "))
      }
      if let (_, item, owner) = try firstTakenItem(items) {
        throw RecordError.invalidItem(
          "item \(Store.key(item.id)) already belongs to trip '\(TextNormalization.excerpt(owner))'"
        )
      }
      try insert(trip: trip, items: items)
    }
  }

  /// The name of the stored trip item `id` belongs to, nil when no stored
  /// item has that id.
  func itemOwner(_ id: ItineraryItem.ID) throws -> String? {
    try select(
      """
      SELECT trips.name FROM itinerary_items JOIN trips ON trips.id = itinerary_items.trip_id
      WHERE itinerary_items.id = ?
      """, [.text(Store.key(id))]
    ).first.map { try $0.string("name") }
  }

  /// All trips, by start date then name.
  public func trips() throws -> [Trip] {
    let rows = try select("SELECT * FROM trips ORDER BY start_date, name")
    return try rows.map { try trip(from: $0) }
  }

  /// The trip with id `id`, its games and stored items, read in one read
  /// transaction (one consistent state, no write lock).
  /// - Throws: `RecordError.tripNotFound` when no trip has that id, or
  ///   `StoreError`.
  public func loadTrip(id: Trip.ID) throws -> LoadedTrip {
    try read { try readTrip(id: id) }
  }

  /// The stored trip `id` (without its games and items), inside the
  /// caller's transaction when there is one.
  /// - Throws: `RecordError.tripNotFound` when no trip has that id.
  func storedTrip(id: Trip.ID) throws -> Trip {
    guard
      let row = try select(
        "SELECT * FROM trips WHERE id = ?", [.text(Store.key(id))]
      ).first
    else {
      throw RecordError.tripNotFound(id.description, suggestion: nil)
    }
    return try trip(from: row)
  }

  /// `loadTrip(id:)`'s reads, inside the caller's transaction.
  private func readTrip(id: Trip.ID) throws -> LoadedTrip {
    wholeTripReads += 1
    let t = try storedTrip(id: id)
    let games = try readGames(
      """
      SELECT g.* FROM games g JOIN trip_games tg ON tg.game_id = g.id
      WHERE tg.trip_id = ? ORDER BY g.start_utc, g.id
      """, [.text(Store.key(id))])
    return LoadedTrip(trip: t, games: games, items: try items(tripID: id))
  }

  /// Renames the trip `id`, in one transaction. The new name follows
  /// `Trip.validatedName(_:)` and must not be another trip's (ignoring
  /// case); changing only the case of the trip's own name is allowed.
  /// - Parameters:
  ///   - id: the trip's id (a front end finds it with `TripResolver`).
  ///   - name: the new name as typed.
  ///   - now: the modification instant (UTC).
  ///   - expectedRevision: the revision the rename is based on; nil renames
  ///     whatever the trip's revision.
  /// - Returns: the trip before and after (one revision up).
  /// - Throws: `RecordError.tripNotFound` when no trip has that id;
  ///   `TripError.revisionConflict` when the trip is not at
  ///   `expectedRevision`; `TripError` for a blank or id-like name or the
  ///   name it already has; `RecordError.duplicateTripName` when another
  ///   trip has it; nothing changes then.
  public func renameTrip(
    id: Trip.ID, to name: String, now: Date, expectedRevision: Int? = nil
  ) throws -> (before: Trip, after: Trip) {
    try journaled(id) { () -> (result: (before: Trip, after: Trip), label: String) in
      let before = try storedTrip(id: id)
      try checkRevision(ofTrip: before.id, expected: expectedRevision)
      var after = try before.renamed(to: name, now: now)
      try checkNameIsFree(after.name, except: after.id)
      try journalWillWriteTrip(after.id)
      try execute(
        "UPDATE trips SET name = ?, modified_at = ? WHERE id = ?",
        [
          .text(after.name), .instant(after.modifiedAt),
          .text(Store.key(after.id)),
        ])
      try noteChange(ofTrip: after.id)
      after.revision = try revision(ofTrip: after.id)
      return ((before, after), "Rename “\(before.name)” to “\(after.name)”")
    }
  }

  /// Changes the trip `id`'s games, days and/or name as one edit: one
  /// transaction and one undo step. Games to add or remove, or new days,
  /// re-plan the trip
  /// (`replanTrip(id:adding:removing:start:end:catalog:environment:expectedRevision:)`,
  /// as `trip replan`: items kept, legs re-placed only where needed); a
  /// name other than the trip's renames it
  /// (`renameTrip(id:to:now:expectedRevision:)`); the name it already has
  /// changes nothing.
  /// - Parameters:
  ///   - id: the trip's id.
  ///   - name: the new name as typed, or nil.
  ///   - adding: games to add (as `trip replan --add-game`), or none.
  ///   - removing: games to remove (as `--remove-game`), or none.
  ///   - start: the new first day, or nil.
  ///   - end: the new last day, or nil.
  ///   - catalog: venues and teams, for the re-plan.
  ///   - environment: clock, ids and estimator.
  ///   - expectedRevision: the revision the change is based on; nil
  ///     changes whatever the trip's revision.
  /// - Returns: the re-plan (nil when no game and no day was given) and
  ///   whether the trip was renamed.
  /// - Throws: as the re-plan and the rename; nothing changes then.
  public func changeTrip(
    id: Trip.ID, name: String?, adding: [GameReference] = [], removing: [GameReference] = [],
    start: CalendarDate?, end: CalendarDate?, catalog: Catalog,
    environment: RuleEnvironment, expectedRevision: Int? = nil
  ) throws -> (replan: Replan?, renamed: Bool) {
    let changed = try changedTrip(
      id: id, name: name, adding: adding, removing: removing, start: start, end: end,
      catalog: catalog, environment: environment, expectedRevision: expectedRevision,
      answering: false)
    return (changed.replan, changed.renamed)
  }

  /// `changeTrip(id:name:adding:removing:start:end:catalog:environment:expectedRevision:)`,
  /// answering with the trip as the change stored it too: after a
  /// re-plan, the re-plan's schedule and items with the trip's row as
  /// stored (no second read of the whole trip); after a rename alone, the
  /// trip read once.
  /// - Returns: the re-plan (nil when no game and no day was given),
  ///   whether the trip was renamed, and the trip after the change.
  /// - Throws: as `changeTrip(id:name:adding:removing:start:end:catalog:environment:expectedRevision:)`.
  public func changedTrip(
    id: Trip.ID, name: String?, adding: [GameReference] = [], removing: [GameReference] = [],
    start: CalendarDate?, end: CalendarDate?, catalog: Catalog,
    environment: RuleEnvironment, expectedRevision: Int? = nil
  ) throws -> (replan: Replan?, renamed: Bool, itinerary: Itinerary) {
    let changed = try changedTrip(
      id: id, name: name, adding: adding, removing: removing, start: start, end: end,
      catalog: catalog, environment: environment, expectedRevision: expectedRevision,
      answering: true)
    guard let itinerary = changed.itinerary else {
      preconditionFailure("changedTrip(answering: true) answers with the trip")
    }
    return (changed.replan, changed.renamed, itinerary)
  }

  /// The work of `changeTrip` and `changedTrip`; the trip after the change
  /// only when `answering`.
  private func changedTrip(
    id: Trip.ID, name: String?, adding: [GameReference], removing: [GameReference],
    start: CalendarDate?, end: CalendarDate?, catalog: Catalog,
    environment: RuleEnvironment, expectedRevision: Int?, answering: Bool
  ) throws -> (replan: Replan?, renamed: Bool, itinerary: Itinerary?) {
    try journaled(id) {
      () -> (result: (replan: Replan?, renamed: Bool, itinerary: Itinerary?), label: String) in
      let before = try storedTrip(id: id)
      try checkRevision(ofTrip: id, expected: expectedRevision)
      var replan: Replan?
      var replanned: Itinerary?
      if start != nil || end != nil || !adding.isEmpty || !removing.isEmpty {
        (replan, replanned) = try replannedTrip(
          id: id, adding: adding, removing: removing, start: start, end: end, catalog: catalog,
          environment: environment)
      }
      var renamed = false
      if let name, name != before.name {
        _ = try renameTrip(id: id, to: name, now: environment.now())
        renamed = true
      }
      let after = try storedTrip(id: id)
      let label: String
      switch (replan.map { !$0.changesNothing } ?? false, renamed) {
      case (true, true): label = "Re-plan “\(after.name)” (renamed from “\(before.name)”)"
      case (false, true): label = "Rename “\(before.name)” to “\(after.name)”"
      default: label = "Re-plan “\(after.name)”"
      }
      var itinerary: Itinerary?
      if answering {
        itinerary =
          try replanned.map {
            Itinerary(
              trip: after, schedule: $0.schedule, items: $0.items, venueZones: $0.venueZones)
          } ?? self.itinerary(id: id, catalog: catalog)
      }
      return ((replan, renamed, itinerary), label)
    }
  }

  /// Copies the trip `id` under a new name, in one transaction: a new trip
  /// id and new item ids, the same days, games, and items at the same
  /// positions (`Trip.copy`).
  /// - Parameters:
  ///   - id: the trip's id (a front end finds it with `TripResolver`).
  ///   - name: the copy's name as typed.
  ///   - environment: the clock and id source for the copy.
  /// - Returns: the original trip and the stored copy.
  /// - Throws: `RecordError.tripNotFound` when no trip has that id;
  ///   `TripError` for a blank or id-like name;
  ///   `RecordError.duplicateTripName` when a trip has it; nothing is
  ///   stored then.
  public func copyTrip(id: Trip.ID, as name: String, environment: RuleEnvironment) throws
    -> (original: Trip, copy: LoadedTrip)
  {
    try transaction {
      let original = try storedTrip(id: id)
      let items = try items(tripID: original.id)
      let copy = try original.copy(named: name, items: items, environment: environment)
      try insert(trip: copy.trip, items: copy.items)
      return (original, try loadTrip(id: copy.trip.id))
    }
  }

  /// Throws `RecordError.duplicateTripName` when a trip other than `id` has
  /// `name` (compared by `TextNormalization.key`): a front end asks before
  /// long work whose result it will save under that name.
  public func checkNameIsFree(_ name: String, except id: Trip.ID? = nil) throws {
    let key = TextNormalization.key(name)
    for row in try select("SELECT id, name FROM trips") {
      let existing = try row.string("name")
      if TextNormalization.key(existing) == key, try row.string("id") != id.map(Store.key) {
        throw RecordError.duplicateTripName(existing)
      }
    }
  }

  /// Deletes a trip and its items, in one transaction. The trip and each
  /// item leave a tombstone (`tombstones(since:)`) dated by the store's
  /// clock.
  /// - Parameter expectedRevision: the revision the deletion is based on;
  ///   nil deletes whatever the trip's revision.
  /// - Returns: the number of stored items deleted with it.
  /// - Throws: `RecordError.tripNotFound` when no trip has that id,
  ///   `TripError.revisionConflict` when it is not at `expectedRevision`;
  ///   nothing is deleted then.
  public func deleteTrip(id: Trip.ID, expectedRevision: Int? = nil) throws -> Int {
    let now = clock()
    return try transaction {
      try checkRevision(ofTrip: id, expected: expectedRevision)
      let itemIDs = try select(
        "SELECT id FROM itinerary_items WHERE trip_id = ? ORDER BY id", [.text(Store.key(id))]
      ).map { try $0.string("id") }
      let revision = try select(
        "SELECT revision FROM trips WHERE id = ?", [.text(Store.key(id))]
      ).first.map { try $0.int("revision") }
      try execute("DELETE FROM trips WHERE id = ?", [.text(Store.key(id))])
      if database.changes == 0 {
        throw RecordError.tripNotFound(Store.key(id), suggestion: nil)
      }
      try recordTombstone(.trip, id: id.rawValue, revision: revision, at: now)
      for text in itemIDs {
        guard let itemID = ItineraryItem.ID(parsing: text) else {
          throw StoreError.corruptValue(
            table: "itinerary_items", id: text, column: "id", value: text)
        }
        try recordTombstone(.item, id: itemID.rawValue, tripID: id, at: now)
      }
      return itemIDs.count
    }
  }

  /// The stored items of a trip, in no particular order (lay them out with
  /// `ItineraryLayout`).
  public func items(tripID: Trip.ID) throws -> [ItineraryItem] {
    // Sorted by id here rather than by SQLite (the same order: ids are
    // stored as lowercase UUID text, which orders as the bytes do): an
    // ORDER BY id sorts whole rows in a temporary B-tree, most of the
    // query's time for a trip of a thousand items.
    // Read in place (`readItems`): copying each row into a `Row` first was
    // most of a long trip's load.
    let items = try readItems(
      "SELECT * FROM itinerary_items WHERE trip_id = ?", [.text(Store.key(tripID))])
    return Store.sortedByID(items)
  }

  /// `items` in the order of their ids (`ItineraryItem.ID`'s `<`, the
  /// order of the 16 bytes): the ids' bytes as two big-endian words are
  /// sorted with the items' indices, and the items are moved once into
  /// that order (sorting the items themselves moved whole values on every
  /// swap). Ids are unique, so any sort gives the same order.
  /// - Complexity: O(n log n).
  static func sortedByID(_ items: [ItineraryItem]) -> [ItineraryItem] {
    var keys: [(high: UInt64, low: UInt64, index: Int)] = []
    keys.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let (high, low) = withUnsafeBytes(of: item.id.rawValue.uuid) { bytes in
        (
          UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
          UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        )
      }
      keys.append((high, low, index))
    }
    keys.sort { $0.high != $1.high ? $0.high < $1.high : $0.low < $1.low }
    return keys.map { items[$0.index] }
  }

  /// Inserts one item (inside the caller's transaction when there is one),
  /// raising its trip's revision (once per transaction).
  /// - Parameter expectedRevision: the revision of the item's trip the
  ///   insert is based on; nil inserts whatever it is.
  /// - Throws: `TripError.revisionConflict` when the trip is not at
  ///   `expectedRevision`, `RecordError.invalidText` for a text not cleaned as
  ///   `TextNormalization.validated` stores it, `.invalidItem` for a
  ///   sortOrder or travel figures out of range, or a `StoreError`;
  ///   nothing changes then.
  public func insertItem(_ item: ItineraryItem, expectedRevision: Int? = nil) throws {
    try transaction {
      try checkRevision(ofTrip: item.tripID, expected: expectedRevision)
      try writeItem(item)
    }
  }

  /// `insertItem`'s insert, inside the caller's transaction.
  func writeItem(_ item: ItineraryItem) throws {
    try Store.checkText(of: item)
    try journalWillWriteItem(item.id)
    try insert(into: "itinerary_items", try Store.columns(of: item))
    try clearTombstone(.item, id: item.id.rawValue)
    try noteChange(ofTrip: item.tripID)
  }

  /// Replaces a stored item with `item` (same id), raising its trip's
  /// revision (once per transaction; both trips' when it moves to another).
  /// - Parameter expectedRevision: the revision of `item.tripID`'s trip the
  ///   update is based on; nil updates whatever it is.
  /// - Throws: `TripError.revisionConflict` when the trip is not at
  ///   `expectedRevision`, `RecordError.itemNotFound` when no item has that
  ///   id, `.invalidItem` for a sortOrder or travel figures out of range;
  ///   nothing changes then.
  public func updateItem(_ item: ItineraryItem, expectedRevision: Int? = nil) throws {
    try transaction {
      try checkRevision(ofTrip: item.tripID, expected: expectedRevision)
      try rewriteItem(item)
    }
  }

  /// The trip of stored item `id`, nil when no item has that id.
  func tripOfItem(_ id: ItineraryItem.ID) throws -> Trip.ID? {
    guard
      let text = try select(
        "SELECT trip_id FROM itinerary_items WHERE id = ?", [.text(Store.key(id))]
      ).first?.string("trip_id")
    else { return nil }
    guard let trip = Trip.ID(parsing: text) else {
      throw StoreError.corruptValue(
        table: "itinerary_items", id: Store.key(id), column: "trip_id", value: text)
    }
    return trip
  }

  /// `updateItem`'s update, inside the caller's transaction.
  func rewriteItem(_ item: ItineraryItem) throws {
    guard let oldTrip = try tripOfItem(item.id) else {
      throw RecordError.itemNotFound(item.id.description)
    }
    var row = try Store.columns(of: item)
    row["id"] = nil
    try journalWillWriteItem(item.id)
    let changed = try update(
      "itinerary_items", set: row, whereColumn: "id", is: .text(Store.key(item.id)))
    if changed == 0 { throw RecordError.itemNotFound(item.id.description) }
    try noteChange(ofTrip: oldTrip)
    try noteChange(ofTrip: item.tripID)
  }

  /// Deletes a stored item, leaving a tombstone dated by the store's clock
  /// and raising its trip's revision (once per transaction).
  /// - Parameter expectedRevision: the revision of the item's trip the
  ///   deletion is based on; nil deletes whatever it is.
  /// - Throws: `RecordError.itemNotFound` when no item has that id,
  ///   `TripError.revisionConflict` when its trip is not at
  ///   `expectedRevision`; nothing changes then.
  public func deleteItem(id: ItineraryItem.ID, expectedRevision: Int? = nil) throws {
    let now = clock()
    try transaction {
      guard let trip = try tripOfItem(id) else {
        throw RecordError.itemNotFound(id.description)
      }
      try checkRevision(ofTrip: trip, expected: expectedRevision)
      try removeItem(id: id, at: now)
    }
  }

  /// `deleteItem`'s deletion with its tombstone at `instant`, inside the
  /// caller's transaction.
  func removeItem(id: ItineraryItem.ID, at instant: Date) throws {
    guard let trip = try tripOfItem(id) else {
      throw RecordError.itemNotFound(id.description)
    }
    try journalWillWriteItem(id)
    try execute("DELETE FROM itinerary_items WHERE id = ?", [.text(Store.key(id))])
    try recordTombstone(.item, id: id.rawValue, tripID: trip, at: instant)
    try noteChange(ofTrip: trip)
  }

  /// Sets a trip's modification time, raising its revision (once per
  /// transaction).
  /// - Parameter expectedRevision: the revision the change is based on;
  ///   nil changes whatever it is.
  /// - Throws: `TripError.revisionConflict` when the trip is not at
  ///   `expectedRevision` (nothing changes then), or `StoreError`.
  public func touchTrip(id: Trip.ID, at instant: Date, expectedRevision: Int? = nil) throws {
    try transaction {
      try checkRevision(ofTrip: id, expected: expectedRevision)
      try execute(
        "UPDATE trips SET modified_at = ? WHERE id = ?",
        [.instant(instant), .text(Store.key(id))])
      try noteChange(ofTrip: id)
    }
  }

  // MARK: Row mapping

  /// The text key of a UUID (lowercase, as in row ids).
  static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

  /// The text key of a typed id: its text form (lowercase UUID text).
  static func key<Owner>(_ id: TaggedUUID<Owner>) -> String { id.description }

  func trip(from row: Row) throws -> Trip {
    let idText = try row.string("id")
    guard let id = Trip.ID(parsing: idText) else {
      throw StoreError.corruptValue(table: "trips", id: idText, column: "id", value: idText)
    }
    let startText = try row.string("start_date")
    let endText = try row.string("end_date")
    guard let start = CalendarDate(iso: startText), let end = CalendarDate(iso: endText) else {
      throw StoreError.corruptValue(
        table: "trips", id: idText, column: "start_date/end_date", value: "\(startText)/\(endText)")
    }
    let gameIDs = try select(
      "SELECT game_id FROM trip_games WHERE trip_id = ? ORDER BY position", [.text(idText)]
    ).map { Game.ID(try $0.string("game_id")) }
    return Trip(
      id: id, name: try row.string("name"), startDate: start, endDate: end, gameIDs: gameIDs,
      createdAt: try row.instant("created_at"), modifiedAt: try row.instant("modified_at"),
      revision: try row.int("revision"))
  }

  /// Refuses an item whose texts are not as `TextNormalization.validated`
  /// stores them (a new row's texts are always cleaned first).
  static func checkText(of item: ItineraryItem) throws {
    switch item.kind {
    case .game: return
    case .travel(let t):
      guard TextNormalization.isStorable(t.fromName, as: .placeName),
        TextNormalization.isStorable(t.toName, as: .placeName)
      else { throw RecordError.invalidText(field: "travel leg's place name") }
    case .custom(let c):
      guard TextNormalization.isStorable(c.title, as: .itemTitle) else {
        throw RecordError.invalidText(field: "item's title")
      }
      if let address = c.address, !TextNormalization.isStorable(address, as: .address) {
        throw RecordError.invalidText(field: "item's address")
      }
    }
  }

  /// The `itinerary_items` row of `item`, by column name: every column is
  /// set (NULL where the item's kind has no such field), so an update
  /// clears what the item no longer has.
  /// - Throws: `RecordError.invalidItem` for a game (never stored), a
  ///   sortOrder or travel figures out of range.
  static func columns(of item: ItineraryItem) throws -> ColumnValues {
    if let problem = ItineraryItem.sortOrderProblem(item.sortOrder) {
      throw RecordError.invalidItem(problem)
    }
    var row = ColumnValues()
    row["id"] = .text(key(item.id))
    row["trip_id"] = .text(key(item.tripID))
    row["day"] = SQLValue(item.day)
    row["sort_order"] = .real(item.sortOrder)
    var travel: TravelInfo?
    var custom: CustomInfo?
    switch item.kind {
    case .game(let id):
      throw RecordError.invalidItem("game \(id) is derived from the trip and never stored")
    case .travel(let t):
      if let (_, reason) = t.figuresProblem {
        throw RecordError.invalidItem("travel \(t.title): \(reason)")
      }
      travel = t
      row["kind"] = .text("travel")
    case .custom(let c):
      custom = c
      row["kind"] = .text("custom")
    }
    row["title"] = .optional(custom?.title)
    row["category"] = .optional(custom?.category.rawValue)
    row["time"] = .optional(custom?.time?.description)
    row["time_zone"] = .optional(custom?.timeZoneID)
    row["latitude"] = .optional(custom?.coordinate?.latitude)
    row["longitude"] = .optional(custom?.coordinate?.longitude)
    row["address"] = .optional(custom?.address)
    row["place_name"] = .optional(custom?.placeName)
    row["place_time_zone"] = .optional(custom?.placeTimeZoneID)
    row["from_stop"] = .optional(travel?.fromStop)
    row["to_stop"] = .optional(travel?.toStop)
    row["from_venue"] = .optional(travel?.fromVenueID?.rawValue)
    row["to_venue"] = .optional(travel?.toVenueID?.rawValue)
    row["from_name"] = .optional(travel?.fromName)
    row["to_name"] = .optional(travel?.toName)
    row["distance_meters"] = .optional(travel?.distanceMeters)
    row["duration_seconds"] = .optional(travel?.durationSeconds)
    row["created_at"] = .instant(item.createdAt)
    row["modified_at"] = .instant(item.modifiedAt)
    row["travel_mode"] = .optional(travel?.mode.rawValue)
    return row
  }
}
