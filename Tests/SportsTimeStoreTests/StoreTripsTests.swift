import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// Tests for trips and itinerary items in `Store` (insert, load, look-up by
/// name or id, delete, item edits) on trips planned from real 2024 games, on
/// ":memory:" and on a unique temporary file.
final class StoreTripsTests: StoreTestCase {
  /// The default trip's name.
  private let tripName = "Chicago and Detroit"

  /// A fixed UUID from its text.
  private func uuid(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> UUID
  {
    try XCTUnwrap(UUID(uuidString: text), "bad UUID literal \(text)", file: file, line: line)
  }

  /// Custom and travel items covering every stored column for `tripID`:
  /// times, zones, coordinates, addresses, all categories, nil stops,
  /// Unscheduled days, fractional and negative sortOrders.
  private func extraItems(tripID: UUID) throws -> [ItineraryItem] {
    // A live-clock style instant with sub-microsecond digits must read back
    // bit for bit (stored relative to Foundation's 2001 reference date).
    let created = Date(timeIntervalSinceReferenceDate: 738_000_000.123_456_7)
    let modified = StoreFixtures.now.addingTimeInterval(86_400.25)
    func item(_ n: Int, day: Int, sortOrder: Double, _ kind: ItineraryItem.Kind) throws
      -> ItineraryItem
    {
      ItineraryItem(
        id: try uuid(String(format: "C0000000-0000-4000-8000-%012d", n)), tripID: tripID,
        day: day, sortOrder: sortOrder, kind: kind, createdAt: created, modifiedAt: modified)
    }
    let hotel = CustomInfo(
      title: "Hotel Zachary — Wrigleyville 🏨", category: .hotel,
      time: try XCTUnwrap(ClockTime("22:30")), timeZoneID: "America/Chicago",
      coordinate: try XCTUnwrap(Coordinate(latitude: 41.9484, longitude: -87.6553)),
      address: "3630 N Clark St, Chicago, IL 60613")
    let dinner = CustomInfo(title: "Lou Malnati's", category: .restaurant)
    let note = CustomInfo(
      title: "", category: .note, time: try XCTUnwrap(ClockTime("7:05")),
      timeZoneID: "America/Detroit")
    let museum = CustomInfo(
      title: "Henry Ford Museum", category: .activity,
      coordinate: try XCTUnwrap(Coordinate(latitude: 42.3034, longitude: -83.2341)))
    let home = TravelInfo(
      fromStop: nil, toStop: 0, fromVenueID: nil, toVenueID: Venue.ID("CHI11"),
      fromName: "Home", toName: "Chicago", distanceMeters: 12_345.678,
      durationSeconds: 4_321.5)
    let back = TravelInfo(
      fromStop: 2, toStop: nil, fromVenueID: Venue.ID("DET05"), toVenueID: nil,
      fromName: "Detroit", toName: "Home", distanceMeters: 0, durationSeconds: 0)
    return [
      try item(1, day: 1, sortOrder: 150.5, .custom(hotel)),
      try item(2, day: 3, sortOrder: -2.25, .custom(dinner)),
      try item(3, day: 0, sortOrder: 0, .custom(note)),
      try item(4, day: 5, sortOrder: 1e-9, .custom(museum)),
      try item(5, day: 1, sortOrder: 10, .travel(home)),
      try item(6, day: 9, sortOrder: 200, .travel(back)),
    ]
  }

  /// Asserts two item lists hold the same items, whatever their order.
  private func assertSameItems(
    _ actual: [ItineraryItem], _ expected: [ItineraryItem], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, file: file, line: line)
    let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for item in actual {
      XCTAssertEqual(item, byID[item.id], file: file, line: line)
    }
  }

  /// A planned trip stores and loads back exactly: trip, games in time
  /// order, travel items with stops, venues and distances, custom items.
  func testInsert_roundTripsTripGamesAndItems() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      XCTAssertEqual(planned.items.count, 2)
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      for item in extra { try store.insertItem(item) }

      let loaded = try store.loadTrip(tripName)
      XCTAssertEqual(loaded.trip, planned.trip)
      XCTAssertEqual(loaded.trip.gameIDs, ["CHN202406040", "CHA202406060", "DET202406080"])
      XCTAssertEqual(
        loaded.games,
        try ["CHN202406040", "CHA202406060", "DET202406080"].map {
          try StoreFixtures.game2024($0)
        })
      assertSameItems(loaded.items, planned.items + extra)
      assertSameItems(try store.items(tripID: planned.trip.id), planned.items + extra)

      let travel = loaded.items.compactMap(\.travelInfo).filter { $0.fromStop == 0 }
      XCTAssertEqual(travel.count, 1)
      XCTAssertEqual(travel.first?.toStop, 1)
      XCTAssertEqual(travel.first?.fromVenueID, Venue.ID("CHI11"))
      XCTAssertEqual(travel.first?.toVenueID, Venue.ID("CHI12"))
      XCTAssertGreaterThan(travel.first?.distanceMeters ?? 0, 0)

      XCTAssertEqual(try store.trips(), [planned.trip])
      let schedule = loaded.schedule(catalog: try StoreFixtures.catalog())
      XCTAssertEqual(schedule.dayCount, 5)
      XCTAssertEqual(schedule.legs.count, 2)
    }
  }

  /// Committed trips survive closing and reopening a file database.
  func testInsert_persistsAcrossReopen() throws {
    let path = filePath()
    let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
    let extra = try extraItems(tripID: planned.trip.id)
    do {
      let store = try Store(path: path)
      try storeWith2024(store)
      try store.insert(planned)
      for item in extra { try store.insertItem(item) }
      try store.close()
    }
    let reopened = try Store(path: path)
    let loaded = try reopened.loadTrip(id: planned.trip.id)
    XCTAssertEqual(loaded.trip, planned.trip)
    assertSameItems(loaded.items, planned.items + extra)
    XCTAssertEqual(try reopened.gameCount(), 2430)
    try reopened.close()
  }

  /// Look-up by exact name, other case, id, and unique id prefix (≥ 4).
  func testLoadTrip_byNameCaseIDAndPrefix() throws {
    let environment = Environment.fixed(now: StoreFixtures.now)
    let firstID = try uuid("ABCD1234-0000-4000-8000-000000000001")
    let secondID = try uuid("ABCE5678-0000-4000-8000-000000000002")
    try onBothStores { store in
      try storeWith2024(store)
      let first = StoreFixtures.retagged(
        try StoreFixtures.plan(tripName, environment: environment), tripID: firstID)
      let second = StoreFixtures.retagged(
        try StoreFixtures.plan(
          "Seoul Series", gameIDs: ["SDN202403200", "LAN202403210"], environment: environment),
        tripID: secondID)
      try store.insert(first)
      try store.insert(second)

      for reference in [
        tripName, "chicago and detroit", "CHICAGO AND DETROIT", firstID.uuidString,
        firstID.uuidString.lowercased(), "abcd", "ABCD", "abcd1234-0",
      ] {
        XCTAssertEqual(try store.loadTrip(reference).trip, first.trip, reference)
      }
      for reference in ["Seoul Series", "seoul series", "abce", "ABCE5678"] {
        XCTAssertEqual(try store.loadTrip(reference).trip, second.trip, reference)
      }
      XCTAssertEqual(try store.loadTrip(id: secondID).trip, second.trip)
      XCTAssertEqual(try store.trip(matching: "abcd").id, firstID)
      XCTAssertEqual(try store.trips().map(\.name), ["Seoul Series", tripName])
    }
  }

  /// A prefix shared by two ids is ambiguous; a prefix under 4 characters
  /// and LIKE wildcards never match.
  func testLoadTrip_ambiguousShortAndWildcardPrefixes() throws {
    let environment = Environment.fixed(now: StoreFixtures.now)
    let firstID = try uuid("ABCD1234-0000-4000-8000-000000000001")
    let secondID = try uuid("ABCD5678-0000-4000-8000-000000000002")
    try onBothStores { store in
      try storeWith2024(store)
      try store.insert(
        StoreFixtures.retagged(
          try StoreFixtures.plan(tripName, environment: environment), tripID: firstID))
      try store.insert(
        StoreFixtures.retagged(
          try StoreFixtures.plan(
            "Seoul Series", gameIDs: ["SDN202403200", "LAN202403210"], environment: environment),
          tripID: secondID))

      let ambiguous = storeError { try store.loadTrip("abcd") }
      if case .ambiguousTrip(let reference, let candidates) = ambiguous {
        XCTAssertEqual(reference, "abcd")
        XCTAssertEqual(candidates, [tripName, "Seoul Series"])
      } else {
        XCTFail("expected ambiguousTrip, got \(String(describing: ambiguous))")
      }
      XCTAssertEqual(try store.loadTrip("abcd5").trip.id, secondID)

      for reference in ["abc", "a", "", "____", "%%%%", "abcd%", "abcd_234"] {
        let error = storeError { try store.loadTrip(reference) }
        if case .tripNotFound(let text, _) = error {
          XCTAssertEqual(text, reference)
        } else {
          XCTFail("expected tripNotFound for '\(reference)', got \(String(describing: error))")
        }
      }
    }
  }

  /// A near-miss name gets a suggestion; an unrelated one does not; a
  /// missing id reports tripNotFound.
  func testLoadTrip_notFoundSuggestsNearMiss() throws {
    try onBothStores { store in
      try storeWith2024(store)
      try store.insert(
        try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now)))

      let nearMiss = storeError { try store.loadTrip("Chicago and Detriot") }
      if case .tripNotFound(let reference, let suggestion) = nearMiss {
        XCTAssertEqual(reference, "Chicago and Detriot")
        XCTAssertEqual(suggestion, tripName)
      } else {
        XCTFail("expected tripNotFound, got \(String(describing: nearMiss))")
      }
      XCTAssertTrue(nearMiss?.description.contains("Did you mean 'Chicago and Detroit'?") ?? false)

      let farAway = storeError { try store.loadTrip("Pacific Northwest") }
      if case .tripNotFound(_, let suggestion) = farAway {
        XCTAssertNil(suggestion)
      } else {
        XCTFail("expected tripNotFound, got \(String(describing: farAway))")
      }

      let missingID = try uuid("FFFFFFFF-0000-4000-8000-000000000009")
      let byID = storeError { try store.loadTrip(id: missingID) }
      if case .tripNotFound(let reference, nil) = byID {
        XCTAssertEqual(reference, "ffffffff-0000-4000-8000-000000000009")
      } else {
        XCTFail("expected tripNotFound, got \(String(describing: byID))")
      }
    }
  }

  /// A second trip with the same name in any case is refused and stores
  /// nothing (no trip, games link or items).
  func testInsert_duplicateNameAnyCaseRefused() throws {
    let environment = Environment.fixed(now: StoreFixtures.now)
    try onBothStores { store in
      try storeWith2024(store)
      let original = try StoreFixtures.plan(tripName, environment: environment)
      try store.insert(original)
      let before = try snapshot(store)

      for clash in [tripName, "CHICAGO AND DETROIT", "chicago and detroit"] {
        let duplicate = try StoreFixtures.plan(
          clash, gameIDs: ["SDN202403200", "LAN202403210"], environment: environment)
        let error = storeError { try store.insert(duplicate) }
        if case .duplicateTripName(let existing) = error {
          XCTAssertEqual(existing, tripName)
        } else {
          XCTFail("expected duplicateTripName, got \(String(describing: error))")
        }
        XCTAssertNotNil(storeError { try store.loadTrip(id: duplicate.trip.id) })
        XCTAssertEqual(try snapshot(store), before)
      }
      XCTAssertEqual(try store.trips(), [original.trip])
    }
  }

  /// A trip using a game that is not in the database is refused with
  /// gameNotFound and stores nothing.
  func testInsert_unknownGameRefused() throws {
    let games = try StoreFixtures.games2024().filter { $0.id != "DET202406080" }
    try onBothStores { store in
      XCTAssertEqual(try store.importGames(games).inserted, 2429)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      let error = storeError { try store.insert(planned) }
      if case .gameNotFound(let id) = error {
        XCTAssertEqual(id, "DET202406080")
      } else {
        XCTFail("expected gameNotFound, got \(String(describing: error))")
      }
      XCTAssertEqual(try store.trips(), [])
      XCTAssertEqual(try rowCount("trips", in: store), 0)
      XCTAssertEqual(try rowCount("trip_games", in: store), 0)
      XCTAssertEqual(try rowCount("itinerary_items", in: store), 0)
      XCTAssertEqual(try store.gameCount(), 2429)
      XCTAssertFalse(store.database.isInTransaction)
    }
  }

  /// Deleting a trip removes its game links and items (cascade), returns
  /// the item count, and leaves other trips and the games alone.
  func testDeleteTrip_cascadesItems() throws {
    let environment = Environment.fixed(now: StoreFixtures.now)
    try onBothStores { store in
      try storeWith2024(store)
      let doomed = try StoreFixtures.plan(tripName, environment: environment)
      let kept = try StoreFixtures.plan(
        "Seoul Series", gameIDs: ["SDN202403200", "LAN202403210"], environment: environment)
      try store.insert(doomed)
      try store.insert(kept)
      let extra = try extraItems(tripID: doomed.trip.id)
      for item in extra { try store.insertItem(item) }
      let keptItems = try store.items(tripID: kept.trip.id)

      XCTAssertEqual(try store.deleteTrip(id: doomed.trip.id), doomed.items.count + extra.count)
      XCTAssertEqual(try store.items(tripID: doomed.trip.id), [])
      XCTAssertNotNil(storeError { try store.loadTrip(tripName) })
      // Deleting it again is an error, not a silent no-op.
      if case .tripNotFound = storeError({ try store.deleteTrip(id: doomed.trip.id) }) {
      } else {
        XCTFail("deleting a missing trip should throw tripNotFound")
      }
      XCTAssertEqual(
        try store.database.query(
          "SELECT count(*) AS n FROM trip_games WHERE trip_id = ?",
          [.text(Store.key(doomed.trip.id))]
        ).first?.int("n"), 0)
      XCTAssertEqual(try rowCount("itinerary_items", in: store), keptItems.count)
      XCTAssertEqual(try store.trips(), [kept.trip])
      XCTAssertEqual(try store.items(tripID: kept.trip.id), keptItems)
      XCTAssertEqual(try store.gameCount(), 2430)

      // The name is free again.
      try store.insert(
        StoreFixtures.retagged(doomed, tripID: try uuid("DDDD0000-0000-4000-8000-000000000001")))
      XCTAssertEqual(try store.loadTrip(tripName).items.count, doomed.items.count)
    }
  }

  /// Updating an item replaces every field; an unknown id throws itemNotFound.
  func testUpdateItem_replacesFieldsAndMissingThrows() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      for item in extra { try store.insertItem(item) }

      var moved = extra[1]
      moved.day = 4
      moved.sortOrder = 99.75
      moved.kind = .custom(
        CustomInfo(
          title: "Giordano's", category: .restaurant, time: try XCTUnwrap(ClockTime("18:00")),
          timeZoneID: "America/Chicago",
          coordinate: try XCTUnwrap(Coordinate(latitude: 41.8916, longitude: -87.6246)),
          address: "130 E Randolph St"))
      moved.modifiedAt = StoreFixtures.now.addingTimeInterval(7200)
      try store.updateItem(moved)

      var travel = planned.items[0]
      travel.day = 2
      travel.sortOrder = 0.5
      try store.updateItem(travel)

      // Clearing optional fields stores NULLs that read back as nil.
      var cleared = extra[0]
      cleared.kind = .custom(CustomInfo(title: "Hotel", category: .hotel))
      try store.updateItem(cleared)

      var expected = planned.items + extra
      expected[0] = travel
      expected[planned.items.count] = cleared
      expected[planned.items.count + 1] = moved
      assertSameItems(try store.items(tripID: planned.trip.id), expected)

      var ghost = extra[2]
      ghost.id = try uuid("EEEEEEEE-0000-4000-8000-000000000001")
      let error = storeError { try store.updateItem(ghost) }
      if case .itemNotFound(let id) = error {
        XCTAssertEqual(id, "eeeeeeee-0000-4000-8000-000000000001")
      } else {
        XCTFail("expected itemNotFound, got \(String(describing: error))")
      }
      assertSameItems(try store.items(tripID: planned.trip.id), expected)
    }
  }

  /// Deleting an item removes only it; deleting it again throws itemNotFound.
  func testDeleteItem_removesOneAndMissingThrows() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      for item in extra { try store.insertItem(item) }

      try store.deleteItem(id: extra[3].id)
      var expected = planned.items + extra
      expected.removeAll { $0.id == extra[3].id }
      assertSameItems(try store.items(tripID: planned.trip.id), expected)

      let again = storeError { try store.deleteItem(id: extra[3].id) }
      if case .itemNotFound(let id) = again {
        XCTAssertEqual(id, Store.key(extra[3].id))
      } else {
        XCTFail("expected itemNotFound, got \(String(describing: again))")
      }
      let never = storeError {
        try store.deleteItem(id: try self.uuid("EEEEEEEE-0000-4000-8000-000000000002"))
      }
      if case .itemNotFound = never {
      } else {
        XCTFail("expected itemNotFound, got \(String(describing: never))")
      }
      assertSameItems(try store.items(tripID: planned.trip.id), expected)
    }
  }

  /// Non-finite sortOrders and game items are refused; an item for a trip
  /// that does not exist violates the foreign key. Nothing is stored.
  func testInsertItem_invalidItemsRefused() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      let before = try rowCount("itinerary_items", in: store)

      for bad in [Double.nan, .infinity, -.infinity, .signalingNaN] {
        var item = extra[0]
        item.sortOrder = bad
        let error = storeError { try store.insertItem(item) }
        if case .invalidItem = error {
        } else {
          XCTFail("expected invalidItem for \(bad), got \(String(describing: error))")
        }
        var stored = planned.items[0]
        stored.sortOrder = bad
        let updateError = storeError { try store.updateItem(stored) }
        if case .invalidItem = updateError {
        } else {
          XCTFail("expected invalidItem for \(bad), got \(String(describing: updateError))")
        }
      }

      var game = extra[0]
      game.kind = .game("CHN202406040")
      let gameError = storeError { try store.insertItem(game) }
      if case .invalidItem = gameError {
      } else {
        XCTFail("expected invalidItem, got \(String(describing: gameError))")
      }

      var orphan = extra[0]
      orphan.tripID = try uuid("99999999-0000-4000-8000-000000000000")
      let orphanError = storeError { try store.insertItem(orphan) }
      XCTAssertEqual(orphanError?.sqliteCode, SQLiteCode.constraintForeignKey)

      XCTAssertEqual(try rowCount("itinerary_items", in: store), before)
      assertSameItems(try store.items(tripID: planned.trip.id), planned.items)
    }
  }

  /// An item insert inside a transaction that throws is rolled back.
  func testInsertItem_rolledBackWithTransaction() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      XCTAssertThrowsError(
        try store.transaction { () throws -> Void in
          for item in extra { try store.insertItem(item) }
          throw StoreTestError.rollback
        })
      assertSameItems(try store.items(tripID: planned.trip.id), planned.items)
    }
  }

  /// touchTrip sets only the modification time.
  func testTouchTrip_setsModifiedAt() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let later = StoreFixtures.now.addingTimeInterval(3600.5)
      try store.touchTrip(id: planned.trip.id, at: later)
      var expected = planned.trip
      expected.modifiedAt = later
      XCTAssertEqual(try store.loadTrip(id: planned.trip.id).trip, expected)
    }
  }

  /// All trip-related rows, to compare before and after a refused change.
  private func snapshot(_ store: Store) throws -> [Row] {
    try store.database.query("SELECT * FROM trips ORDER BY id")
      + store.database.query("SELECT * FROM trip_games ORDER BY trip_id, position")
      + store.database.query("SELECT * FROM itinerary_items ORDER BY id")
  }
}
