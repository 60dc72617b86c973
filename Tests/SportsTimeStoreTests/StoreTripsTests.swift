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

  /// A fixed trip id from its text.
  private func tripID(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> Trip.ID
  {
    Trip.ID(try uuid(text, file: file, line: line))
  }

  /// Custom and travel items covering every stored column for `tripID`:
  /// times, zones, coordinates, addresses, all categories, nil stops,
  /// Unscheduled days, fractional and negative sortOrders.
  private func extraItems(tripID: Trip.ID) throws -> [ItineraryItem] {
    // A live-clock style instant, rounded to the microsecond where it is
    // made (as the clocks do), must read back bit for bit (stored as
    // microseconds since 1970).
    let created = Date(timeIntervalSinceReferenceDate: 738_000_000.123_456_7).roundedToMicrosecond
    let modified = StoreFixtures.now.addingTimeInterval(86_400.25)
    func item(_ n: Int, day: Int, sortOrder: Double, _ kind: ItineraryItem.Kind) throws
      -> ItineraryItem
    {
      ItineraryItem(
        id: ItineraryItem.ID(try uuid(String(format: "C0000000-0000-4000-8000-%012d", n))),
        tripID: tripID,
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
      // Each insert committed on its own is one revision more.
      var stored = planned.trip
      stored.revision = 1 + extra.count
      XCTAssertEqual(loaded.trip, stored)
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

      XCTAssertEqual(try store.trips(), [stored])
      let schedule = loaded.schedule(catalog: try StoreFixtures.catalog())
      XCTAssertEqual(schedule.dayCount, 5)
      XCTAssertEqual(schedule.legs.count, 2)
    }
  }

  /// A trip's items come in id order (the lowercase text's, which is the
  /// bytes' order), whatever their days and sortOrders: the order SQLite's
  /// index would give is another.
  func testItems_comeInIDOrder() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      // Later ids on earlier days and sortOrders.
      for (i, item) in extra.reversed().enumerated() {
        var item = item
        item.day = 1 + i % 3
        item.sortOrder = Double(i)
        try store.insertItem(item)
      }
      let ids = try store.items(tripID: planned.trip.id).map(\.id.description)
      XCTAssertEqual(ids.count, planned.items.count + extra.count)
      XCTAssertEqual(ids, ids.sorted())
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
    var stored = planned.trip
    stored.revision = 1 + extra.count
    XCTAssertEqual(loaded.trip, stored)
    assertSameItems(loaded.items, planned.items + extra)
    XCTAssertEqual(try reopened.gameCount(), 2430)
    try reopened.close()
  }

  /// Look-up by exact name, other case, id, and unique id prefix (≥ 4).
  func testLoadTrip_byNameCaseIDAndPrefix() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    let firstID = try tripID("ABCD1234-0000-4000-8000-000000000001")
    let secondID = try tripID("ABCE5678-0000-4000-8000-000000000002")
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
        tripName, "chicago and detroit", "CHICAGO AND DETROIT", firstID.rawValue.uuidString,
        firstID.description, "abcd", "ABCD", "abcd1234-0",
      ] {
        XCTAssertEqual(try store.loadTrip(reference).trip, first.trip, reference)
      }
      for reference in ["Seoul Series", "seoul series", "abce", "ABCE5678"] {
        XCTAssertEqual(try store.loadTrip(reference).trip, second.trip, reference)
      }
      XCTAssertEqual(try store.loadTrip(id: secondID).trip, second.trip)
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "abcd").id, firstID)
      XCTAssertEqual(try store.trips().map(\.name), ["Seoul Series", tripName])
    }
  }

  /// A prefix shared by two ids is ambiguous; a prefix under 4 characters
  /// and LIKE wildcards never match.
  func testLoadTrip_ambiguousShortAndWildcardPrefixes() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    let firstID = try tripID("ABCD1234-0000-4000-8000-000000000001")
    let secondID = try tripID("ABCD5678-0000-4000-8000-000000000002")
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

      let ambiguous = recordError { try store.loadTrip("abcd") }
      if case .ambiguousTrip(let reference, let candidates) = ambiguous {
        XCTAssertEqual(reference, "abcd")
        XCTAssertEqual(candidates, [tripName, "Seoul Series"])
      } else {
        XCTFail("expected ambiguousTrip, got \(String(describing: ambiguous))")
      }
      XCTAssertEqual(try store.loadTrip("abcd5").trip.id, secondID)

      // (An empty reference is refused as empty: see
      // testTripMatching_emptyOrBlankReferenceIsRefusedPlainly.)
      for reference in ["abc", "a", "____", "%%%%", "abcd%", "abcd_234"] {
        let error = recordError { try store.loadTrip(reference) }
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

      let nearMiss = recordError { try store.loadTrip("Chicago and Detriot") }
      if case .tripNotFound(let reference, let suggestion) = nearMiss {
        XCTAssertEqual(reference, "Chicago and Detriot")
        XCTAssertEqual(suggestion, tripName)
      } else {
        XCTFail("expected tripNotFound, got \(String(describing: nearMiss))")
      }
      XCTAssertTrue(nearMiss?.description.contains("Did you mean 'Chicago and Detroit'?") ?? false)

      let farAway = recordError { try store.loadTrip("Pacific Northwest") }
      if case .tripNotFound(_, let suggestion) = farAway {
        XCTAssertNil(suggestion)
      } else {
        XCTFail("expected tripNotFound, got \(String(describing: farAway))")
      }

      let missingID = try tripID("FFFFFFFF-0000-4000-8000-000000000009")
      let byID = recordError { try store.loadTrip(id: missingID) }
      if case .tripNotFound(let reference, nil) = byID {
        XCTAssertEqual(reference, "ffffffff-0000-4000-8000-000000000009")
      } else {
        XCTFail("expected tripNotFound, got \(String(describing: byID))")
      }
    }
  }

  /// Review of issue 8: an empty reference suggested "Did you mean 'ǅ'?"
  /// (one edit from a one-letter name). An empty or blank one (once
  /// cleaned) is refused plainly, whatever trips there are.
  func testTripMatching_emptyOrBlankReferenceIsRefusedPlainly() throws {
    try onBothStores { store in
      try storeWith2024(store)
      try store.insert(try StoreFixtures.plan("ǅ", environment: .fixed(now: StoreFixtures.now)))
      for reference in ["", " ", "\t", "\u{1B}", "\u{200B}"] {
        let error = recordError { try store.loadTrip(reference) }
        guard case .emptyTripReference? = error else {
          XCTFail(
            "expected emptyTripReference for \(reference.debugDescription), got \(String(describing: error))"
          )
          continue
        }
        XCTAssertEqual(
          error?.description, "the trip reference is empty: give a trip's name or id")
      }
      XCTAssertEqual(try store.loadTrip("ǅ").trip.name, "ǅ")
    }
  }

  /// A second trip with the same name in any case is refused and stores
  /// nothing (no trip, games link or items).
  func testInsert_duplicateNameAnyCaseRefused() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    try onBothStores { store in
      try storeWith2024(store)
      let original = try StoreFixtures.plan(tripName, environment: environment)
      try store.insert(original)
      let before = try snapshot(store)

      for clash in [tripName, "CHICAGO AND DETROIT", "chicago and detroit"] {
        let duplicate = try StoreFixtures.plan(
          clash, gameIDs: ["SDN202403200", "LAN202403210"], environment: environment)
        let error = recordError { try store.insert(duplicate) }
        if case .duplicateTripName(let existing) = error {
          XCTAssertEqual(existing, tripName)
        } else {
          XCTFail("expected duplicateTripName, got \(String(describing: error))")
        }
        XCTAssertNotNil(recordError { try store.loadTrip(id: duplicate.trip.id) })
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
      let error = recordError { try store.insert(planned) }
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
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
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
      XCTAssertNotNil(recordError { try store.loadTrip(tripName) })
      // Deleting it again is an error, not a silent no-op.
      if case .tripNotFound = recordError({ try store.deleteTrip(id: doomed.trip.id) }) {
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
        StoreFixtures.retagged(doomed, tripID: try tripID("DDDD0000-0000-4000-8000-000000000001")))
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
      ghost.id = ItineraryItem.ID(try uuid("EEEEEEEE-0000-4000-8000-000000000001"))
      let error = recordError { try store.updateItem(ghost) }
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

      let again = recordError { try store.deleteItem(id: extra[3].id) }
      if case .itemNotFound(let id) = again {
        XCTAssertEqual(id, Store.key(extra[3].id))
      } else {
        XCTFail("expected itemNotFound, got \(String(describing: again))")
      }
      let never = recordError {
        try store.deleteItem(
          id: ItineraryItem.ID(try self.uuid("EEEEEEEE-0000-4000-8000-000000000002")))
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
        let error = recordError { try store.insertItem(item) }
        if case .invalidItem = error {
        } else {
          XCTFail("expected invalidItem for \(bad), got \(String(describing: error))")
        }
        var stored = planned.items[0]
        stored.sortOrder = bad
        let updateError = recordError { try store.updateItem(stored) }
        if case .invalidItem = updateError {
        } else {
          XCTFail("expected invalidItem for \(bad), got \(String(describing: updateError))")
        }
      }

      var game = extra[0]
      game.kind = .game("CHN202406040")
      let gameError = recordError { try store.insertItem(game) }
      if case .invalidItem = gameError {
      } else {
        XCTFail("expected invalidItem, got \(String(describing: gameError))")
      }

      var orphan = extra[0]
      orphan.tripID = try tripID("99999999-0000-4000-8000-000000000000")
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
      expected.revision = 2
      XCTAssertEqual(try store.loadTrip(id: planned.trip.id).trip, expected)
    }
  }

  /// Issue 8, item 3: a reference is an exact id first, then an exact name,
  /// then a unique id prefix. A trip named like another trip's full id (or
  /// its prefix), stored before such names were refused, no longer hides
  /// that trip.
  func testTripMatching_exactIDThenExactNameThenPrefix() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    let realID = try tripID("AAAA0000-0000-4000-8000-000000000001")
    let impostorID = try tripID("BBBB0000-0000-4000-8000-000000000002")
    let prefixNamedID = try tripID("CCCC0000-0000-4000-8000-000000000003")
    try onBothStores { store in
      try storeWith2024(store)
      try store.insert(
        StoreFixtures.retagged(
          try StoreFixtures.plan(tripName, environment: environment), tripID: realID))
      var impostor = StoreFixtures.retagged(
        try StoreFixtures.plan(
          "placeholder", gameIDs: ["SDN202403200", "LAN202403210"], environment: environment),
        tripID: impostorID)
      impostor.trip.name = realID.rawValue.uuidString  // named like the other trip's id
      try store.insert(trip: impostor.trip, items: impostor.items)
      var prefixNamed = StoreFixtures.retagged(
        try StoreFixtures.plan(
          "placeholder", gameIDs: ["NYA202406050"], environment: environment),
        tripID: prefixNamedID)
      prefixNamed.trip.name = "bbbb"  // named like the impostor's id prefix
      try store.insert(trip: prefixNamed.trip, items: prefixNamed.items)

      // The exact id wins over a name, in any case and with spaces around.
      for reference in [
        realID.rawValue.uuidString, realID.description, " \(realID.rawValue.uuidString) ",
      ] {
        XCTAssertEqual(
          try TripResolver(store: store).trip(matching: reference).id, realID, reference)
      }
      // An exact name wins over an id prefix.
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "bbbb").id, prefixNamedID)
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "BBBB").id, prefixNamedID)
      // A longer prefix that is no name still finds the impostor.
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "bbbb0000").id, impostorID)
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "aaaa").id, realID)
      XCTAssertEqual(
        try TripResolver(store: store).trip(matching: impostorID.rawValue.uuidString).id, impostorID
      )
      XCTAssertEqual(
        try TripResolver(store: store).trip(matching: tripName.uppercased()).id, realID)
    }
  }

  /// Review of issue 8, finding 1: a trip whose name only folds to an id
  /// prefix (full-width `ｅｃ４３`, `ＡＡＡＡ`, the ligature `ﬀﬀ`; stored
  /// before such names were refused) never wins over the trip whose id
  /// starts with what was typed, so `trip delete ec43` deletes that trip.
  /// The name typed exactly (any case) still finds its own trip, and so
  /// does the folded name when no id starts so; a look-alike the key does
  /// not fold (`𝐚𝐚𝐚𝐚`) matches nothing typed in ASCII.
  func testTripMatching_lookAlikeNamesNeverBeatAnIDPrefix() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    let cases: [(idText: String, name: String, typed: String, nameTyped: [String])] = [
      ("EC430000-0000-4000-8000-000000000001", "ｅｃ４３", "ec43", ["ｅｃ４３", "ＥＣ４３"]),
      ("AAAAAAAA-0000-4000-8000-000000000002", "ＡＡＡＡ", "aaaa", ["ＡＡＡＡ", "ａａａａ"]),
      ("FFFF0000-0000-4000-8000-000000000003", "ﬀﬀ", "FFFF", ["ﬀﬀ"]),
      (
        "ABCD0000-0000-4000-8000-000000000004", "ａｂｃｄ0000－0000", "abcd0000-0000",
        ["ａｂｃｄ0000－0000"]
      ),
    ]
    try onBothStores { store in
      try storeWith2024(store)
      var rows: [(id: Trip.ID, named: Trip.ID)] = []
      for (n, c) in cases.enumerated() {
        let id = try tripID(c.idText)
        let namedID = try tripID(String(format: "0000000%d-0000-4000-8000-000000000000", n))
        try store.insert(
          StoreFixtures.retagged(
            try StoreFixtures.plan("Trip \(n)", environment: environment), tripID: id))
        var named = StoreFixtures.retagged(
          try StoreFixtures.plan("placeholder", environment: environment), tripID: namedID)
        named.trip.name = c.name  // stored before such names were refused
        try store.insert(trip: named.trip, items: named.items)
        rows.append((id, namedID))
      }
      var math = StoreFixtures.retagged(
        try StoreFixtures.plan("placeholder", environment: environment),
        tripID: try tripID("09000000-0000-4000-8000-000000000000"))
      math.trip.name = "𝐚𝐚𝐚𝐚"  // mathematical bold: not folded, allowed
      try store.insert(trip: math.trip, items: math.items)

      for (c, row) in zip(cases, rows) {
        XCTAssertEqual(try TripResolver(store: store).trip(matching: c.typed).id, row.id, c.typed)
        XCTAssertEqual(
          try TripResolver(store: store).trip(matching: c.typed.uppercased()).id, row.id, c.typed)
        for typed in c.nameTyped {
          XCTAssertEqual(try TripResolver(store: store).trip(matching: typed).id, row.named, typed)
        }
        XCTAssertEqual(try TripResolver(store: store).trip(matching: c.idText).id, row.id)
      }
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "𝐚𝐚𝐚𝐚").id, math.trip.id)
      // The finding's case: deleting by the prefix deletes the trip with
      // that id, and the look-alike is still there.
      let deleted = try store.deleteTrip("ec43")
      XCTAssertEqual(deleted.trip.id, rows[0].id)
      XCTAssertEqual(deleted.trip.name, "Trip 0")
      XCTAssertEqual(try store.loadTrip(id: rows[0].named).trip.name, "ｅｃ４３")
      // With no id starting so any more, the folded name is what is meant.
      XCTAssertEqual(try TripResolver(store: store).trip(matching: "ec43").id, rows[0].named)
      XCTAssertEqual(try store.deleteTrip("EC43").trip.id, rows[0].named)
    }
  }

  /// Issue 8, item 3: deleting by reference resolves and deletes in one
  /// transaction and reports what it deleted; deleting the same name twice
  /// then falls through to an id prefix only when one really matches.
  func testDeleteTripByReference_reportsTheDeletedTrip() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    let namedID = try tripID("DDDD0000-0000-4000-8000-000000000001")
    let otherID = try tripID("AAAA1111-0000-4000-8000-000000000002")
    try onBothStores { store in
      try storeWith2024(store)
      var named = StoreFixtures.retagged(
        try StoreFixtures.plan(tripName, environment: environment), tripID: namedID)
      named.trip.name = "AAAA"  // stored before such names were refused
      try store.insert(trip: named.trip, items: named.items)
      let other = StoreFixtures.retagged(
        try StoreFixtures.plan(
          "Seoul Series", gameIDs: ["SDN202403200", "LAN202403210"], environment: environment),
        tripID: otherID)
      try store.insert(other)

      let first = try store.deleteTrip("AAAA")
      XCTAssertEqual(first.trip.id, namedID, "the trip named AAAA, not the id prefix")
      XCTAssertEqual(first.trip.name, "AAAA")
      XCTAssertEqual(first.itemCount, named.items.count)
      // The second time no trip has that name: the id prefix is what is
      // meant, and the result says which trip it was.
      let second = try store.deleteTrip("AAAA")
      XCTAssertEqual(second.trip.id, otherID)
      XCTAssertEqual(second.trip.name, "Seoul Series")
      XCTAssertEqual(try store.trips(), [])
      if case .tripNotFound = recordError({ _ = try store.deleteTrip("AAAA") }) {
      } else {
        XCTFail("a third delete finds nothing")
      }
    }
  }

  /// Issue 8, item 20: renaming changes only the name and modification
  /// time; a blank, id-like, unchanged or taken name is refused and changes
  /// nothing.
  func testRenameTrip_changesOnlyTheNameAndRefusesBadNames() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: environment)
      try store.insert(planned)
      try store.insert(
        try StoreFixtures.plan(
          "Seoul Series", gameIDs: ["SDN202403200", "LAN202403210"], environment: environment))
      let before = try snapshot(store)
      let later = StoreFixtures.now.addingTimeInterval(60)

      func refused(_ name: String) -> Error? {
        do {
          _ = try store.renameTrip(tripName, to: name, now: later)
          XCTFail("renaming to '\(name)' should be refused")
          return nil
        } catch { return error }
      }
      // Invisible characters do not make another name (second review of
      // issue 8): a selector `clean` keeps, a joiner it removes.
      for taken in ["SEOUL series", "Seoul Series\u{FE0F}", "Seoul\u{34F} Series\u{2800}"] {
        if case .duplicateTripName(let existing) = refused(taken) as? RecordError {
          XCTAssertEqual(existing, "Seoul Series")
        } else {
          XCTFail("expected duplicateTripName for \(taken.debugDescription)")
        }
      }
      XCTAssertEqual(refused("  ") as? TripError, .emptyName)
      XCTAssertEqual(refused("abcd-1234") as? TripError, .nameLooksLikeID("abcd-1234"))
      XCTAssertEqual(refused(" \(tripName)") as? TripError, .sameName(tripName))
      XCTAssertEqual(try snapshot(store), before, "refusals change nothing")
      XCTAssertFalse(store.database.isInTransaction)

      let (old, new) = try store.renameTrip(
        planned.trip.id.rawValue.uuidString, to: "Motor  City\u{7}", now: later)
      XCTAssertEqual(old, planned.trip)
      var expected = planned.trip
      expected.name = "Motor City"
      expected.modifiedAt = later
      expected.revision = 2
      XCTAssertEqual(new, expected)
      XCTAssertEqual(try store.loadTrip("motor city").trip, expected)
      assertSameItems(try store.items(tripID: planned.trip.id), planned.items)
      // Only the case of its own name: allowed.
      XCTAssertEqual(
        try store.renameTrip("Motor City", to: "MOTOR CITY", now: later).after.name, "MOTOR CITY")
      XCTAssertNotNil(recordError { _ = try store.loadTrip(tripName) })
    }
  }

  /// Issue 8, item 20: a copy is one transaction: a new trip id and new item
  /// ids, the same days, games and item positions; a taken or invalid name
  /// stores nothing.
  func testCopyTrip_newIDsSameContentAndRefusals() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: environment)
      try store.insert(planned)
      let extra = try extraItems(tripID: planned.trip.id)
      for item in extra { try store.insertItem(item) }
      let original = try store.loadTrip(id: planned.trip.id)
      let before = try snapshot(store)
      let copyTime = StoreFixtures.now.addingTimeInterval(7200)
      let copyEnvironment = RuleEnvironment(
        now: { copyTime }, uuid: { UUID() }, estimator: .default)

      if case .duplicateTripName(let existing) = recordError({
        _ = try store.copyTrip(tripName, as: "chicago AND detroit", environment: copyEnvironment)
      }) {
        XCTAssertEqual(existing, tripName)
      } else {
        XCTFail("expected duplicateTripName")
      }
      XCTAssertThrowsError(
        try store.copyTrip(tripName, as: "FACE", environment: copyEnvironment)
      ) { XCTAssertEqual($0 as? TripError, .nameLooksLikeID("FACE")) }
      XCTAssertEqual(try snapshot(store), before, "refusals store nothing")

      let (from, copy) = try store.copyTrip(
        String(planned.trip.id.rawValue.uuidString.prefix(8)), as: "Chicago and Detroit, again",
        environment: copyEnvironment)
      XCTAssertEqual(from, original.trip)
      XCTAssertNotEqual(copy.trip.id, original.trip.id)
      XCTAssertEqual(copy.trip.name, "Chicago and Detroit, again")
      XCTAssertEqual(copy.trip.startDate, original.trip.startDate)
      XCTAssertEqual(copy.trip.endDate, original.trip.endDate)
      XCTAssertEqual(copy.trip.gameIDs, original.trip.gameIDs)
      XCTAssertEqual(copy.games, original.games)
      XCTAssertEqual(copy.trip.createdAt, copyTime)
      XCTAssertEqual(copy.trip.modifiedAt, copyTime)
      XCTAssertEqual(copy.items.count, original.items.count)
      XCTAssertTrue(Set(copy.items.map(\.id)).isDisjoint(with: original.items.map(\.id)))
      func positions(_ items: [ItineraryItem]) -> [String] {
        items.map { "\($0.title)|\($0.day)|\($0.sortOrder)|\($0.kind)" }.sorted()
      }
      XCTAssertEqual(positions(copy.items), positions(original.items))
      // The original is untouched; both read back from the file.
      XCTAssertEqual(try store.loadTrip(id: original.trip.id).trip, original.trip)
      assertSameItems(try store.items(tripID: original.trip.id), original.items)
      assertSameItems(try store.items(tripID: copy.trip.id), copy.items)
      XCTAssertEqual(try store.trips().count, 2)
    }
  }

  /// A trip stored by a version that did not clean texts (a title with
  /// ESC and a line break, an address of 400 characters, a place name of
  /// control characters only: left empty) can still be copied: the copy's texts are
  /// made storable; the original keeps its own.
  func testCopyTrip_ofTextsStoredUncleaned() throws {
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(tripName, environment: environment)
      try store.insert(planned)
      for item in try extraItems(tripID: planned.trip.id) { try store.insertItem(item) }
      let address = String(repeating: "a", count: 400)
      try store.database.execute(
        "UPDATE itinerary_items SET title = ?, address = ? WHERE trip_id = ? AND kind = 'custom'",
        [.text("\u{1B}[31mDeep\ndish"), .text(address), .text(Store.key(planned.trip.id))])
      try store.database.execute(
        "UPDATE itinerary_items SET from_name = ? WHERE trip_id = ? AND kind = 'travel'",
        [.text("\u{7}\u{1B}"), .text(Store.key(planned.trip.id))])
      let (_, copy) = try store.copyTrip(tripName, as: "Copy", environment: environment)
      let customs = copy.items.compactMap(\.customInfo)
      XCTAssertFalse(customs.isEmpty)
      for custom in customs {
        XCTAssertEqual(custom.title, "[31mDeep dish")
        XCTAssertEqual(custom.address, String(repeating: "a", count: 300))
      }
      for travel in copy.items.compactMap(\.travelInfo) {
        XCTAssertEqual(travel.fromName, "")
      }
      let original = try store.items(tripID: planned.trip.id).compactMap(\.customInfo)
      XCTAssertTrue(original.allSatisfy { $0.title == "\u{1B}[31mDeep\ndish" })
    }
  }

  /// All trip-related rows, to compare before and after a refused change.
  private func snapshot(_ store: Store) throws -> [Row] {
    try store.database.query("SELECT * FROM trips ORDER BY id")
      + store.database.query("SELECT * FROM trip_games ORDER BY trip_id, position")
      + store.database.query("SELECT * FROM itinerary_items ORDER BY id")
  }
}
