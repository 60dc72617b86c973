import Foundation
import SportsTimeAPI
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// A clock a test moves by hand (shared with the store's `clock`).
final class TestClock: @unchecked Sendable {
  /// Guards `instant`.
  private let lock = NSLock()
  /// The current instant.
  private var instant: Date

  init(_ instant: Date) { self.instant = instant }

  /// The current instant; setting it moves the clock.
  var now: Date {
    get {
      lock.lock()
      defer { lock.unlock() }
      return instant
    }
    set {
      lock.lock()
      instant = newValue
      lock.unlock()
    }
  }
}

/// Trip revisions and tombstones (issue 9, "Types a server can trust"): a
/// new trip is at revision 1, every committed change to it or anything in it
/// raises it by exactly 1, a refused write by nothing; a write based on a
/// stale revision is refused as a conflict and changes nothing; deletions
/// of trips, items and visits leave tombstones that listings never show; a
/// database of the previous schema keeps everything, every trip at 1.
final class StoreRevisionsTests: StoreTestCase {
  /// The default trip's name.
  private let tripName = "Chicago and Detroit"
  /// The fixed clock of plans and edits.
  private let environment = RuleEnvironment.fixed(now: StoreFixtures.now)

  /// The stored revision of the trip `reference` names.
  private func revision(_ store: Store, _ reference: String? = nil) throws -> Int {
    try store.loadTrip(reference ?? tripName).trip.revision
  }

  /// Everything stored about trips, items, visits and tombstones, to show
  /// that a refused write changed nothing.
  private func snapshot(_ store: Store) throws -> [Row] {
    try ["trips", "trip_games", "itinerary_items", "visits", "tombstones"].flatMap {
      try store.database.query("SELECT * FROM \($0) ORDER BY 1, 2")
    }
  }

  /// The default trip stored in `store` with the 2024 games; returns its id.
  @discardableResult
  private func storeTrip(_ store: Store) throws -> Trip.ID {
    try storeWith2024(store)
    let planned = try StoreFixtures.plan(tripName, environment: environment)
    try store.insert(planned)
    return planned.trip.id
  }

  /// Adds a custom item on day 2 through `editTrip`; returns its id.
  private func addItem(_ store: Store, _ title: String, expectedRevision: Int? = nil) throws
    -> ItineraryItem.ID
  {
    let change = try store.editTrip(
      tripName, catalog: try StoreFixtures.catalog(), now: StoreFixtures.now,
      expectedRevision: expectedRevision
    ) {
      try $0.add(CustomInfo(title: title, category: .note), at: .bottom(day: 2), environment: .live)
    }
    return try XCTUnwrap(change.inserted.first?.id)
  }

  /// Asserts `error` is the conflict for the default trip, `expected`
  /// against `current`, in words that name no command or flag.
  private func assertConflict(
    _ error: any Error, expected: Int, current: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard let tripError = error as? TripError else {
      return XCTFail("expected a TripError, got \(error)", file: file, line: line)
    }
    XCTAssertEqual(
      tripError, .revisionConflict(trip: tripName, expected: expected, current: current),
      file: file,
      line: line)
    XCTAssertEqual(tripError.kind, .conflict, file: file, line: line)
    XCTAssertEqual(tripError.kind.rawValue, "conflict", file: file, line: line)
    let text = tripError.description
    for part in [
      "\"\(tripName)\"", "revision \(expected)", "revision \(current)", "nothing was changed",
    ] {
      XCTAssertTrue(text.contains(part), "\(text) lacks \(part)", file: file, line: line)
    }
    XCTAssertFalse(text.contains("sportstime"), text, file: file, line: line)
    XCTAssertFalse(text.contains("--"), text, file: file, line: line)
  }

  /// A new trip is at revision 1 in every read; each kind of write raises it
  /// by exactly 1, however many rows it changes; a copy starts at 1 and
  /// leaves the original alone; recording visits is no change to the trip.
  func testRevision_startsAtOneAndEachWriteAddsExactlyOne() throws {
    let catalog = try StoreFixtures.catalog()
    try onBothStores { store in
      let tripID = try storeTrip(store)
      XCTAssertEqual(try revision(store), 1)
      XCTAssertEqual(try store.trips().map(\.revision), [1])
      XCTAssertEqual(try store.itinerary(tripName, catalog: catalog).trip.revision, 1)
      XCTAssertEqual(try store.revision(ofTrip: tripID), 1)

      var expected = 1
      func step(_ label: String, _ write: () throws -> Void) throws {
        try write()
        expected += 1
        XCTAssertEqual(try revision(store), expected, label)
      }
      var itemID = ItineraryItem.ID(UUID())
      try step("item added") { itemID = try addItem(store, "Pack") }
      try step("item moved") {
        _ = try store.editTrip(tripName, catalog: catalog, now: StoreFixtures.now) {
          try $0.move(itemID, to: .top(day: 3), now: StoreFixtures.now)
        }
      }
      try step("item edited") {
        _ = try store.editTrip(tripName, catalog: catalog, now: StoreFixtures.now) {
          try $0.edit(itemID, CustomItemChanges(title: "Pack bags"), now: StoreFixtures.now)
        }
      }
      try step("item removed") {
        _ = try store.editTrip(tripName, catalog: catalog, now: StoreFixtures.now) {
          try $0.remove(itemID)
        }
      }
      try step("renamed") {
        let (before, after) = try store.renameTrip(tripName, to: "Lakes", now: StoreFixtures.now)
        XCTAssertEqual(before.revision, expected)
        XCTAssertEqual(after.revision, expected + 1)
        _ = try store.renameTrip("Lakes", to: tripName, now: StoreFixtures.now)
        expected += 1
      }
      let games = try store.loadTrip(tripName).games
      try step("re-planned to another last day (every leg and item rewritten)") {
        let replan = try store.replanTrip(tripName, catalog: catalog) {
          try $0.replan(
            games: games, start: nil, end: try StoreFixtures.date("2024-06-09"),
            catalog: catalog, environment: environment)
        }
        XCTAssertEqual(replan.trip.revision, expected + 1)
      }
      try step("a game added by a re-plan") {
        let extra = try StoreFixtures.game2024("DET202406090")
        _ = try store.replanTrip(tripName, catalog: catalog) {
          try $0.replan(
            adding: [extra], removing: [], start: nil, end: nil, catalog: catalog,
            environment: environment)
        }
      }
      let leg = try XCTUnwrap(try store.items(tripID: tripID).first { $0.travelInfo != nil })
      var custom = leg
      custom.id = ItineraryItem.ID(UUID())
      custom.kind = .custom(CustomInfo(title: "Snack", category: .note))
      try step("insertItem") { try store.insertItem(custom) }
      try step("updateItem") {
        var moved = custom
        moved.sortOrder += 0.5
        try store.updateItem(moved)
      }
      try step("deleteItem") { try store.deleteItem(id: custom.id) }
      try step("touchTrip") { try store.touchTrip(id: tripID, at: StoreFixtures.now) }
      try step("several rows in one transaction") {
        try store.transaction {
          var a = custom
          a.id = ItineraryItem.ID(UUID())
          var b = custom
          b.id = ItineraryItem.ID(UUID())
          try store.insertItem(a)
          try store.insertItem(b)
          try store.deleteItem(id: a.id)
          try store.touchTrip(id: tripID, at: StoreFixtures.now)
        }
      }
      try step("a schedule import that moves one of its games") {
        var changed = try StoreFixtures.games2024()
        let index = try XCTUnwrap(changed.firstIndex { $0.id == "CHN202406040" })
        changed[index].start = changed[index].start.addingTimeInterval(3600)
        let result = try store.importGames(changed)
        XCTAssertEqual(result.trips.map(\.id), [tripID])
      }
      // An import that changes none of its games leaves it alone.
      _ = try store.importGames(try StoreFixtures.games2024().filter { $0.id != "CHN202406040" })
      XCTAssertEqual(try revision(store), expected)

      let (original, copy) = try store.copyTrip(tripName, as: "Copy", environment: environment)
      XCTAssertEqual(original.revision, expected)
      XCTAssertEqual(copy.trip.revision, 1)
      XCTAssertEqual(try revision(store, "Copy"), 1)
      XCTAssertEqual(try revision(store), expected, "copying is no change to the original")

      _ = try store.attendTrip(tripName) { loaded, recorded in
        try Attendance.plan(
          tripName: loaded.trip.name, games: loaded.games, recordedGameIDs: recorded,
          environment: .fixed(now: StoreFixtures.now.addingTimeInterval(60 * 86_400)))
      }
      XCTAssertEqual(try store.visits().count, 4)
      XCTAssertEqual(try revision(store), expected, "visits are no change to the trip")
      XCTAssertEqual(try store.trips().map(\.revision).sorted(), [1, expected])
    }
  }

  /// A refused or rolled-back write leaves the revision where it was; a
  /// savepoint rolled back inside a transaction that goes on takes its
  /// raise with it.
  func testRevision_refusedOrRolledBackWriteDoesNotRaiseIt() throws {
    let catalog = try StoreFixtures.catalog()
    try onBothStores { store in
      let tripID = try storeTrip(store)
      /// A transaction that changes the trip, then throws: rolled back.
      func touchThenRollBack() throws {
        try store.transaction {
          try store.touchTrip(id: tripID, at: StoreFixtures.now)
          throw StoreTestError.rollback
        }
      }
      XCTAssertThrowsError(
        try store.editTrip(tripName, catalog: catalog, now: StoreFixtures.now) { _ in
          throw StoreTestError.rollback
        })
      XCTAssertThrowsError(try store.renameTrip(tripName, to: tripName, now: StoreFixtures.now))
      XCTAssertThrowsError(
        try store.replanTrip(tripName, catalog: catalog) { _ in throw StoreTestError.rollback })
      XCTAssertThrowsError(try store.deleteItem(id: ItineraryItem.ID(UUID())))
      let item = try XCTUnwrap(try store.items(tripID: tripID).first)
      var bad = item
      bad.sortOrder = .nan
      XCTAssertThrowsError(try store.updateItem(bad))
      XCTAssertThrowsError(try touchThenRollBack())
      XCTAssertEqual(try revision(store), 1)

      // Inner savepoint rolled back, outer transaction commits nothing else.
      try store.transaction {
        XCTAssertThrowsError(try touchThenRollBack())
      }
      XCTAssertEqual(try revision(store), 1)
      // Inner savepoint rolled back, outer one then changes the trip: one raise.
      try store.transaction {
        XCTAssertThrowsError(try touchThenRollBack())
        try store.touchTrip(id: tripID, at: StoreFixtures.now)
      }
      XCTAssertEqual(try revision(store), 2)
    }
  }

  /// Every write given a stale revision is refused as a conflict naming
  /// the trip and both revisions, before its closure runs, and changes
  /// nothing; the current revision is accepted; nil never checks.
  func testExpectedRevision_staleIsRefusedAsConflictAndChangesNothing() throws {
    let catalog = try StoreFixtures.catalog()
    try onBothStores { store in
      let tripID = try storeTrip(store)
      let itemID = try addItem(store, "Pack", expectedRevision: 1)
      XCTAssertEqual(try revision(store), 2)
      let item = try XCTUnwrap(try store.items(tripID: tripID).first { $0.id == itemID })
      let removal = try store.itinerary(tripName, catalog: catalog).remove(itemID)
      let before = try snapshot(store)

      var ran = false
      let refusals: [(String, () throws -> Void)] = [
        (
          "editTrip",
          {
            _ = try store.editTrip(
              self.tripName, catalog: catalog, now: StoreFixtures.now, expectedRevision: 1
            ) { itinerary in
              ran = true
              return try itinerary.remove(itemID)
            }
          }
        ),
        (
          "renameTrip",
          { _ = try store.renameTrip(self.tripName, to: "Lakes", now: .now, expectedRevision: 1) }
        ),
        (
          "replanTrip",
          {
            _ = try store.replanTrip(self.tripName, catalog: catalog, expectedRevision: 1) { _ in
              ran = true
              throw StoreTestError.rollback
            }
          }
        ),
        ("deleteTrip", { _ = try store.deleteTrip(self.tripName, expectedRevision: 1) }),
        ("deleteTrip(id:)", { _ = try store.deleteTrip(id: tripID, expectedRevision: 1) }),
        ("deleteItem", { try store.deleteItem(id: itemID, expectedRevision: 1) }),
        (
          "insertItem",
          {
            var copy = item
            copy.id = ItineraryItem.ID(UUID())
            try store.insertItem(copy, expectedRevision: 1)
          }
        ),
        ("updateItem", { try store.updateItem(item, expectedRevision: 1) }),
        ("touchTrip", { try store.touchTrip(id: tripID, at: .now, expectedRevision: 1) }),
        (
          "apply",
          {
            try store.apply(
              removal, tripID: tripID, now: .now, expectedRevision: 3)
          }
        ),
      ]
      for (label, write) in refusals {
        XCTAssertThrowsError(try write(), label) { error in
          let stale = label == "apply" ? 3 : 1
          assertConflict(error, expected: stale, current: 2)
        }
        XCTAssertFalse(ran, "\(label) ran its closure")
        XCTAssertEqual(try snapshot(store), before, "\(label) changed something")
      }

      // The current revision is accepted, and nil never checks.
      try store.touchTrip(id: tripID, at: StoreFixtures.now, expectedRevision: 2)
      XCTAssertEqual(try revision(store), 3)
      _ = try store.renameTrip(tripName, to: "Lakes", now: StoreFixtures.now, expectedRevision: 3)
      _ = try store.renameTrip("Lakes", to: tripName, now: StoreFixtures.now)
      XCTAssertEqual(try revision(store), 5)
      XCTAssertEqual(try store.deleteTrip(tripName, expectedRevision: 5).itemCount, 3)
    }
  }

  /// Two connections write the same trip at once, both based on the
  /// revision they read: exactly one wins, the other is refused as a
  /// conflict, and the trip goes up by one revision each round.
  func testExpectedRevision_racingConnectionsExactlyOneWins() throws {
    final class Connection: @unchecked Sendable {
      let store: Store
      var outcome: Result<Void, any Error> = .success(())
      init(_ store: Store) { self.store = store }
    }
    let path = filePath()
    let setUp = try Store(path: path)
    try storeTrip(setUp)
    try setUp.close()
    let connections = [try Connection(Store(path: path)), try Connection(Store(path: path))]
    let catalog = try StoreFixtures.catalog()
    let tripName = self.tripName
    for round in 1...5 {
      let ready = DispatchGroup()
      let done = DispatchGroup()
      let go = DispatchSemaphore(value: 0)
      for (index, connection) in connections.enumerated() {
        ready.enter()
        done.enter()
        Thread.detachNewThread {
          defer { done.leave() }
          connection.outcome = Result {
            let seen = try connection.store.loadTrip(tripName).trip.revision
            ready.leave()
            go.wait()
            _ = try connection.store.editTrip(
              tripName, catalog: catalog, now: StoreFixtures.now, expectedRevision: seen
            ) {
              try $0.add(
                CustomInfo(title: "Round \(round) by \(index)", category: .note),
                at: .bottom(day: 1), environment: .live)
            }
          }
        }
      }
      ready.wait()
      go.signal()
      go.signal()
      done.wait()
      let failures = connections.compactMap { connection -> (any Error)? in
        if case .failure(let error) = connection.outcome { return error }
        return nil
      }
      XCTAssertEqual(failures.count, 1, "round \(round): exactly one wins")
      if let failure = failures.first {
        assertConflict(failure, expected: round, current: round + 1)
      }
      XCTAssertEqual(try connections[0].store.loadTrip(tripName).trip.revision, round + 1)
    }
    let titles = try connections[1].store.loadTrip(tripName).items.compactMap(\.customInfo?.title)
    XCTAssertEqual(titles.count, 5, "one item per round: \(titles)")
    for connection in connections { try connection.store.close() }
  }

  /// Deleting an item (an edit, a re-plan's removed leg), a visit and a
  /// trip leaves tombstones dated by the operation's instant or the
  /// store's clock; a trip's items are tombstoned with it; no listing or
  /// look-up shows a deleted row; `tombstones(since:)` lists those at or
  /// after an instant, oldest first.
  func testTombstones_forEachKindNeverListedAndListedSince() throws {
    let catalog = try StoreFixtures.catalog()
    let start = Date(timeIntervalSince1970: 1_764_580_000)  // 2025-12-01T09:06:40Z
    let clock = TestClock(start)
    for path in [":memory:", filePath()] {
      clock.now = start
      let store = try Store(path: path, clock: { clock.now })
      let tripID = try storeTrip(store)
      let itemID = try addItem(store, "Pack")
      let t1 = start.addingTimeInterval(60.123_9)
      _ = try store.editTrip(tripName, catalog: catalog, now: t1) { try $0.remove(itemID) }
      let first = try store.tombstones(since: .distantPast)
      XCTAssertEqual(first.map(\.id), [itemID.rawValue])
      XCTAssertEqual(first.map(\.kind), [.item])
      XCTAssertEqual(first.map(\.tripID), [tripID])
      XCTAssertEqual(first.map(\.deletedAt), [t1.roundedToMicrosecond])
      XCTAssertEqual(
        try store.database.query("SELECT deleted_at FROM tombstones").first?.int64("deleted_at"),
        1_764_580_060_123_900,
        "2025-12-01T09:07:40.1239Z as microseconds since 1970, to the nearest (the edit's instant)")
      XCTAssertFalse(try store.items(tripID: tripID).contains { $0.id == itemID })

      // A re-plan that drops Detroit removes the leg to it.
      clock.now = start.addingTimeInterval(120)
      let legs = try store.items(tripID: tripID).filter { $0.travelInfo != nil }
      let games = try store.loadTrip(tripName).games
      _ = try store.replanTrip(tripName, catalog: catalog) {
        try $0.replan(
          games: Array(games.prefix(2)), start: nil, end: nil, catalog: catalog,
          environment: environment)
      }
      let remaining = try store.items(tripID: tripID)
      let dropped = legs.filter { leg in !remaining.contains { $0.id == leg.id } }
      XCTAssertEqual(dropped.count, 1)

      clock.now = start.addingTimeInterval(180)
      let visit = try store.addVisit {
        Visit(
          id: Visit.ID(UUID()), sport: .mlb, venueID: "CHI11",
          date: try StoreFixtures.date("2024-06-04"),
          gameID: nil, matchup: nil, score: nil, notes: nil, createdAt: start, modifiedAt: start)
      }
      _ = try store.removeVisit(id: visit.id)
      XCTAssertEqual(try store.visits(), [])
      XCTAssertThrowsError(try store.visit(id: visit.id))

      clock.now = start.addingTimeInterval(240)
      let kept = try store.items(tripID: tripID)
      let last = try store.revision(ofTrip: tripID)
      XCTAssertEqual(try store.deleteTrip(tripName).itemCount, kept.count)
      XCTAssertEqual(try store.trips(), [])
      XCTAssertThrowsError(try store.loadTrip(tripName))
      XCTAssertThrowsError(try store.loadTrip(id: tripID))
      XCTAssertEqual(try store.items(tripID: tripID), [])

      let all = try store.tombstones(since: .distantPast)
      XCTAssertEqual(
        all.map(\.kind),
        [.item, .item, .visit] + Array(repeating: .item, count: kept.count) + [.trip], "\(all)")
      XCTAssertEqual(
        all[1],
        Tombstone(
          id: dropped[0].id.rawValue, kind: .item, tripID: tripID,
          deletedAt: start.addingTimeInterval(120)), "a re-plan's removed leg, by the clock")
      XCTAssertEqual(
        all[2],
        Tombstone(
          id: visit.id.rawValue, kind: .visit, tripID: nil, deletedAt: start.addingTimeInterval(180)
        ))
      let deleted = start.addingTimeInterval(240)
      XCTAssertEqual(
        Array(all.suffix(kept.count + 1)),
        kept.map { Tombstone(id: $0.id.rawValue, kind: .item, tripID: tripID, deletedAt: deleted) }
          .sorted { $0.id.uuidString < $1.id.uuidString }
          + [
            Tombstone(
              id: tripID.rawValue, kind: .trip, tripID: nil, deletedAt: deleted, revision: last)
          ])

      XCTAssertEqual(
        try store.tombstones(since: start.addingTimeInterval(180)), Array(all.dropFirst(2)),
        "at or after the instant")
      XCTAssertEqual(
        try store.tombstones(since: start.addingTimeInterval(180.001)), Array(all.dropFirst(3)))
      XCTAssertEqual(try store.tombstones(since: deleted.addingTimeInterval(0.001)), [])
      try store.close()
    }
  }

  /// A user re-importing the backup of a trip they deleted gets it back:
  /// the trip and its items exist again, one revision above the deleted
  /// trip's last (revisions never go back), and their tombstones are gone
  /// (a deletion undone); other tombstones stay.
  func testTombstones_reimportingADeletedTripRemovesItsTombstones() throws {
    let catalog = try StoreFixtures.catalog()
    try onBothStores { store in
      let tripID = try storeTrip(store)
      _ = try addItem(store, "Pack")
      let other = try store.copyTrip(tripName, as: "Other", environment: .live).copy.trip
      _ = try store.deleteTrip(id: other.id)
      let otherStones = try store.tombstones(since: .distantPast)
      XCTAssertEqual(otherStones.count, 4, "the copy and its 3 items")

      let itinerary = try store.itinerary(tripName, catalog: catalog)
      let file = Data(WireV1.TripFile.export(itinerary, teams: catalog.teams).utf8)
      XCTAssertEqual(try store.deleteTrip(tripName).itemCount, 3)
      XCTAssertEqual(try store.tombstones(since: .distantPast).count, 8)

      let imported = try store.importTrip(
        try WireV1.TripFile.imported(file, file: "trip.json"), file: "trip.json", catalog: catalog)
      XCTAssertEqual(imported.trip.id, tripID)
      let loaded = try store.loadTrip(tripName)
      XCTAssertEqual(loaded.trip.revision, 3, "deleted at 2 (stored, one item added)")
      XCTAssertEqual(Set(loaded.items.map(\.id)), Set(itinerary.items.map(\.id)))
      XCTAssertEqual(try store.tombstones(since: .distantPast), otherStones)
    }
  }

  /// A trip deleted at revision n and stored again under its id (a
  /// re-imported backup, or sync re-creating it) continues at n + 1, and
  /// its next change at n + 2: revisions never go back. The tombstone kept
  /// n while the trip was gone; items and visits keep none.
  func testTombstones_keepTheTripsLastRevisionAndAReCreatedTripContinuesAboveIt() throws {
    try onBothStores { store in
      let tripID = try storeTrip(store)
      for title in ["Pack", "Tickets", "Snacks"] { _ = try addItem(store, title) }
      XCTAssertEqual(try revision(store), 4)
      let before = try store.loadTrip(tripName)
      _ = try store.deleteTrip(id: tripID)
      let stones = try store.tombstones(since: .distantPast)
      XCTAssertEqual(stones.filter { $0.kind == .trip }.map(\.revision), [4])
      XCTAssertEqual(
        stones.filter { $0.kind == .item }.map(\.revision),
        Array(repeating: nil, count: before.items.count))

      try store.insert(trip: before.trip, items: before.items)
      XCTAssertEqual(try revision(store), 5)
      XCTAssertEqual(try store.revision(ofTrip: tripID), 5)
      _ = try store.renameTrip(tripName, to: "Lakes", now: StoreFixtures.now, expectedRevision: 5)
      XCTAssertEqual(try store.revision(ofTrip: tripID), 6)

      // Deleted again, at 6: the tombstone now keeps 6, and the next
      // re-creation starts at 7.
      _ = try store.deleteTrip(id: tripID)
      XCTAssertEqual(
        try store.tombstones(since: .distantPast).filter { $0.kind == .trip }.map(\.revision), [6])
      try store.insert(trip: before.trip, items: [])
      XCTAssertEqual(try store.revision(ofTrip: tripID), 7)
      XCTAssertEqual(try store.tombstones(since: .distantPast).filter { $0.kind == .trip }, [])
    }
  }

  /// A trip tombstone written before tombstones kept revisions has none:
  /// the migration keeps it (revision NULL) and a trip stored again under
  /// its id starts at 1, as before.
  func testMigration_tombstonesOfThePreviousSchemaHaveNoRevision() throws {
    let path = filePath("tombstones.sqlite")
    let tripID = UUID()
    do {
      let old = try Database(path: path)
      let tombstones = try XCTUnwrap(
        Schema.ledger.firstIndex { $0.id == RevisionSchema.migrations.last?.id })
      try Migrator(Array(Schema.ledger.prefix(tombstones))).migrate(old)
      try old.execute(
        "INSERT INTO tombstones (id, kind, trip_id, deleted_at) VALUES (?, 'trip', NULL, ?)",
        [.text(tripID.uuidString.lowercased()), .text("2026-11-30T10:00:00.000Z")])
      try old.close()
    }
    let store = try Store(path: path)
    XCTAssertEqual(try store.tombstones(since: .distantPast).map(\.revision), [nil])
    XCTAssertEqual(try store.tombstones(since: .distantPast).map(\.id), [tripID])
    try storeWith2024(store)
    var planned = try StoreFixtures.plan(tripName, environment: environment)
    planned.trip.id = Trip.ID(tripID)
    planned.items = planned.items.map {
      var item = $0
      item.tripID = Trip.ID(tripID)
      return item
    }
    try store.insert(planned)
    XCTAssertEqual(try store.revision(ofTrip: Trip.ID(tripID)), 1)
    try store.close()
  }

  /// A database written by the previous schema (every migration before the
  /// revisions one), holding real games, trips with items, a visit and a
  /// setting, migrates without losing a value; every trip is at revision 1,
  /// there are no tombstones, and the next change raises a trip to 2.
  func testMigration_fromThePreviousSchemaKeepsEverythingAtRevisionOne() throws {
    let catalog = try StoreFixtures.catalog()
    // The data, written through the current store.
    let sourcePath = filePath("source.sqlite")
    let source = try Store(path: sourcePath)
    let tripID = try storeTrip(source)
    _ = try addItem(source, "Pack")
    _ = try source.copyTrip(tripName, as: "Second", environment: environment)
    _ = try source.addVisit {
      Visit(
        id: Visit.ID(UUID()), sport: .mlb, venueID: "CHI11",
        date: try StoreFixtures.date("2024-06-04"),
        gameID: "CHN202406040", matchup: nil, score: nil, notes: "Bleachers",
        createdAt: StoreFixtures.now, modifiedAt: StoreFixtures.now)
    }
    try source.setSetting("zoom", "2")
    let expectedTrips = try source.trips().map { trip -> LoadedTrip in
      var loaded = try source.loadTrip(id: trip.id)
      loaded.trip.revision = 1
      return loaded
    }
    XCTAssertEqual(expectedTrips.count, 2)
    try source.close()

    // The same rows in a file of the previous schema.
    let revisions = try XCTUnwrap(
      Schema.ledger.firstIndex { $0.id == RevisionSchema.migrations.first?.id })
    XCTAssertEqual(
      revisions,
      Schema.ledger.count - RevisionSchema.migrations.count
        - ScheduleImportSchema.migrations.count - JournalSchema.migrations.count
        - GameScoreSchema.migrations.count - ItemPlaceSchema.migrations.count
        - InstantSchema.migrations.count - JournalChangeSchema.migrations.count,
      "the revisions migrations are followed only by the schedule-import records, the undo journal, the game scores, the item places, the instants and the journal of changes"
    )
    let oldPath = filePath("old.sqlite")
    let tables = ["games", "trips", "trip_games", "itinerary_items", "visits", "settings"]
    var columns: [String: String] = [:]
    do {
      let old = try Database(path: oldPath)
      try Migrator(Array(Schema.ledger.prefix(revisions))).migrate(old)
      try old.execute("ATTACH DATABASE ? AS source", [.text(sourcePath)])
      for table in tables {
        let names = try old.query("SELECT name FROM pragma_table_info(?)", [.text(table)]).map {
          try $0.string("name")
        }
        XCTAssertFalse(names.isEmpty, table)
        XCTAssertFalse(names.contains("revision"))
        columns[table] = names.joined(separator: ", ")
        // The instants as that schema stored them (`InstantSchema`): a
        // game's start in seconds since 1970, the others since 2001.
        let values = names.map { name in
          switch name {
          case "start_utc": return "start_utc / 1000000.0"
          case "created_at", "modified_at": return "\(name) / 1000000.0 - 978307200"
          default: return name
          }
        }.joined(separator: ", ")
        try old.execute(
          "INSERT INTO main.\(table) (\(columns[table] ?? "")) SELECT \(values) FROM source.\(table)"
        )
        XCTAssertGreaterThan(
          try old.query("SELECT count(*) AS n FROM main.\(table)").first?.int("n") ?? 0, 0, table)
      }
      try old.execute("DETACH DATABASE source")
      try old.close()
    }

    let migrated = try Store(path: oldPath)
    XCTAssertEqual(
      try migrated.database.query("SELECT id FROM schema_migrations ORDER BY rowid").map {
        try $0.string("id")
      }, Schema.ledger.map(\.id))
    XCTAssertEqual(
      try migrated.database.query("SELECT revision FROM trips").map { try $0.int("revision") },
      [1, 1])
    for expected in expectedTrips {
      let loaded = try migrated.loadTrip(id: expected.trip.id)
      XCTAssertEqual(loaded.trip, expected.trip)
      XCTAssertEqual(loaded.games, expected.games)
      XCTAssertEqual(
        loaded.items.sorted { $0.id < $1.id },
        expected.items.sorted { $0.id < $1.id })
    }
    // Every row of every table is the source's, both ways.
    try migrated.database.execute("ATTACH DATABASE ? AS source", [.text(sourcePath)])
    for table in tables {
      let cols = columns[table] ?? ""
      for (a, b) in [("main", "source"), ("source", "main")] {
        XCTAssertEqual(
          try migrated.database.query(
            "SELECT count(*) AS n FROM (SELECT \(cols) FROM \(a).\(table) EXCEPT SELECT \(cols) FROM \(b).\(table))"
          ).first?.int("n"), 0, "\(table): rows of \(a) missing from \(b)")
      }
    }
    try migrated.database.execute("DETACH DATABASE source")
    XCTAssertEqual(try migrated.tombstones(since: .distantPast), [])
    XCTAssertEqual(try migrated.visits().map(\.notes), ["Bleachers"])
    XCTAssertEqual(try migrated.setting("zoom"), "2")

    _ = try migrated.renameTrip(tripName, to: "Lakes", now: StoreFixtures.now, expectedRevision: 1)
    XCTAssertEqual(try migrated.revision(ofTrip: tripID), 2)
    XCTAssertEqual(try migrated.loadTrip("Second").trip.revision, 1)
    try migrated.close()
  }
}
