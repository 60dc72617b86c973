import Foundation
import XCTest

@testable import SportsTimeCore

/// Reading the old anchor-based model and converting it with the engine
/// (issue 4, "Legacy import"), on real 2024 games.
final class LegacyImportTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_717_000_000)

  static let midwestID = Trip.ID(UUID(uuidString: "AAAAAAAA-0000-4000-8000-000000000001")!)
  static let newYorkID = Trip.ID(UUID(uuidString: "BBBBBBBB-0000-4000-8000-000000000002")!)

  /// Row id of fixture item `n` of the Midwest trip (0x101…0x10A).
  static func item(_ n: Int) -> RowID {
    RowID(stringLiteral: String(format: "item:aaaaaaaa-0000-4000-8000-%012x", n))
  }

  private func fixture(_ name: String) throws -> Data {
    try Data(
      contentsOf: Fixtures.repoRoot().appendingPathComponent("Tests/Fixtures/legacy/\(name)"))
  }

  private func gameLookup() throws -> (String) -> Game? {
    let games = Dictionary(
      try Fixtures.season(2024).games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return { games[Game.ID($0)] }
  }

  private func convert(_ data: Data, file: String = "legacy.json", stored: [Trip] = [])
    throws -> [LegacyTripResult]
  {
    let legacy = try LegacyImport.read(data, file: file)
    return try LegacyImport.convert(
      legacy, storedTrips: stored, game: try gameLookup(), catalog: try Fixtures.catalog(),
      environment: .fixed(now: now))
  }

  private func conversion(_ result: LegacyTripResult?) throws -> LegacyConversion {
    guard case .imported(let c) = result else {
      throw FixtureError(message: "expected an imported trip, got \(String(describing: result))")
    }
    return c
  }

  private func midwest() throws -> LegacyConversion {
    try conversion(try convert(try fixture("trips.json")).first)
  }

  /// A file of `trips` as JSON bytes.
  private func document(_ trips: [[String: Any]]) throws -> Data {
    try JSONSerialization.data(withJSONObject: ["trips": trips], options: [.sortedKeys])
  }

  /// A small valid trip: Cubs 2024-06-04, one startOfDay item.
  private func smallTrip() -> [String: Any] {
    [
      "id": "CCCCCCCC-0000-4000-8000-000000000003", "name": "Small",
      "games": ["CHN202406040"], "startDate": "2024-06-04", "endDate": "2024-06-05",
      "customItems": [
        [
          "id": "CCCCCCCC-0000-4000-8000-000000000301", "title": "Lunch",
          "category": "restaurant", "anchorType": "startOfDay", "anchorId": NSNull(),
          "anchorDay": 1, "sortOrder": 0,
        ] as [String: Any]
      ],
      "travelDayOverrides": [String: Any](),
    ]
  }

  // MARK: Reading

  func testRead_fixtureKeepsEveryField() throws {
    let legacy = try LegacyImport.read(try fixture("trips.json"), file: "trips.json")
    XCTAssertEqual(legacy.trips.map(\.name), ["Midwest Legacy", "New York Weekend"])
    XCTAssertEqual(legacy.trips.map(\.id), [Self.midwestID, Self.newYorkID])
    XCTAssertEqual(legacy.trips.map(\.path), ["trips[0]", "trips[1]"])
    let trip = legacy.trips[0]
    XCTAssertEqual(trip.startDate.iso, "2024-06-03")
    XCTAssertEqual(trip.endDate.iso, "2024-06-11")
    XCTAssertEqual(trip.gameIDs.count, 5)
    XCTAssertEqual(trip.items.count, 10)
    let breakfast = trip.items[0]
    XCTAssertEqual(breakfast.anchorType, .startOfDay)
    XCTAssertNil(breakfast.anchorID)
    XCTAssertEqual(breakfast.time?.description, "09:00")
    XCTAssertEqual(breakfast.address, "Wrigleyville, Chicago")
    XCTAssertNil(breakfast.coordinate)
    let drinks = trip.items[2]
    XCTAssertEqual(drinks.anchorType, .afterGame)
    XCTAssertEqual(drinks.anchorID, "CHN202406050")
    XCTAssertEqual(drinks.coordinate?.latitude, 41.9477)
    XCTAssertEqual(drinks.coordinate?.longitude, -87.6543)
    XCTAssertEqual(drinks.path, "trips[0].customItems[2]")
    XCTAssertEqual(trip.items[4].category, .restaurant, "categories compare ignoring case")
    XCTAssertEqual(
      trip.items.map(\.category),
      [
        .restaurant, .hotel, .restaurant, .note, .restaurant, .hotel, .activity, .activity,
        .activity, .note,
      ])
    XCTAssertEqual(trip.items.map(\.fileIndex), Array(0..<10))
    XCTAssertEqual(
      trip.overrides.map(\.key), ["CHICAGO->detroit", "boston->chicago", "detroit->milwaukee"])
    XCTAssertEqual(trip.overrides.map(\.from), ["CHICAGO", "boston", "detroit"])
    XCTAssertEqual(trip.overrides.map(\.day), [4, 2, 9])
    XCTAssertEqual(legacy.trips[1].overrides, [], "travelDayOverrides may be left out")
  }

  func testRead_malformedFilesNameTheFieldPath() throws {
    func check(
      _ label: String, _ field: String?, _ mutate: (inout [String: Any]) -> Void,
      file: StaticString = #filePath, line: UInt = #line
    ) throws {
      var trip = smallTrip()
      mutate(&trip)
      XCTAssertThrowsError(
        try LegacyImport.read(try document([trip]), file: "old.json"), label, file: file,
        line: line
      ) { error in
        guard let e = error as? FileFormatError else {
          return XCTFail("\(label): \(error)", file: file, line: line)
        }
        XCTAssertEqual(e.file, "old.json", label, file: file, line: line)
        XCTAssertEqual(e.field, field, "\(label): \(e)", file: file, line: line)
        XCTAssertTrue(
          e.description.hasPrefix("old.json, field \(field ?? "")"), e.description, file: file,
          line: line)
      }
    }
    func item(_ trip: inout [String: Any], _ key: String, _ value: Any?) {
      var items = trip["customItems"] as? [[String: Any]] ?? []
      items[0][key] = value
      trip["customItems"] = items
    }
    try check("bad trip id", "trips[0].id") { $0["id"] = "nope" }
    try check("blank name", "trips[0].name") { $0["name"] = "  " }
    try check("games not an array", "trips[0].games") { $0["games"] = "CHN202406040" }
    try check("game not text", "trips[0].games[0]") { $0["games"] = [42] }
    try check("game twice", "trips[0].games[1]") { $0["games"] = ["CHN202406040", "CHN202406040"] }
    try check("bad start date", "trips[0].startDate") { $0["startDate"] = "June 4" }
    try check("no end date", "trips[0].endDate") { $0["endDate"] = nil }
    try check("items not an array", "trips[0].customItems") { $0["customItems"] = ["a": 1] }
    try check("unknown anchor", "trips[0].customItems[0].anchorType") {
      item(&$0, "anchorType", "afterLunch")
    }
    try check("anchor not text", "trips[0].customItems[0].anchorType") {
      item(&$0, "anchorType", 1)
    }
    try check("unknown category", "trips[0].customItems[0].category") {
      item(&$0, "category", "bar")
    }
    try check("sortOrder as text", "trips[0].customItems[0].sortOrder") {
      item(&$0, "sortOrder", "1")
    }
    try check("fractional anchorDay", "trips[0].customItems[0].anchorDay") {
      item(&$0, "anchorDay", 1.5)
    }
    try check("anchorDay that is no date", "trips[0].customItems[0].anchorDay") {
      item(&$0, "anchorDay", 9_007_199_254_740_992)
    }
    try check("long title", "trips[0].customItems[0].title") {
      item(&$0, "title", String(repeating: "t", count: 501))
    }
    try check("long address", "trips[0].customItems[0].address") {
      item(&$0, "address", String(repeating: "a", count: 301))
    }
    try check("long name", "trips[0].name") { $0["name"] = String(repeating: "n", count: 201) }
    try check("name of invisible characters", "trips[0].name") { $0["name"] = "\u{202E}\u{1B}" }
    try check("no title", "trips[0].customItems[0].title") { item(&$0, "title", nil) }
    try check("blank title", "trips[0].customItems[0].title") { item(&$0, "title", " ") }
    try check("bad item id", "trips[0].customItems[0].id") { item(&$0, "id", "x") }
    try check("bad time", "trips[0].customItems[0].time") { item(&$0, "time", "9am") }
    try check("latitude alone", "trips[0].customItems[0].longitude") {
      item(&$0, "latitude", 41.9)
    }
    try check("latitude out of range", "trips[0].customItems[0].latitude") {
      item(&$0, "latitude", 200)
      item(&$0, "longitude", 10)
    }
    try check("address not text", "trips[0].customItems[0].address") { item(&$0, "address", 5) }
    // Second review of issue 8: an address of only invisible characters
    // is no address, as by the item commands (and as a blank one is).
    var invisible = smallTrip()
    item(&invisible, "address", "\u{200B}\u{202E}\u{34F}")
    XCTAssertNil(
      try LegacyImport.read(try document([invisible]), file: "old.json").trips[0].items[0]
        .address)
    try check("anchorId not text", "trips[0].customItems[0].anchorId") {
      item(&$0, "anchorId", 7)
    }
    try check("overrides not an object", "trips[0].travelDayOverrides") {
      $0["travelDayOverrides"] = [1]
    }
    try check("override key not from->to", "trips[0].travelDayOverrides[\"chicago\"]") {
      $0["travelDayOverrides"] = ["chicago": 2]
    }
    try check("override day as text", "trips[0].travelDayOverrides[\"a->b\"]") {
      $0["travelDayOverrides"] = ["a->b": "2"]
    }
    try check("one leg named twice", "trips[0].travelDayOverrides[\"chicago -> Detroit\"]") {
      $0["travelDayOverrides"] = ["Chicago->Detroit": 2, "chicago -> Detroit": 3]
    }
  }

  func testRead_wholeFileProblems() throws {
    /// The field of the error, "(no field)", or "valid".
    func field(_ data: Data) -> String {
      do {
        _ = try LegacyImport.read(data, file: "old.json")
        return "valid"
      } catch let e as FileFormatError {
        return e.field ?? "(no field)"
      } catch {
        return "\(error)"
      }
    }
    XCTAssertEqual(field(Data("{\"trips\": [".utf8)), "(no field)", "not JSON")
    XCTAssertEqual(field(Data("[]".utf8)), "(no field)", "not an object")
    XCTAssertEqual(field(Data("{}".utf8)), "trips")
    XCTAssertEqual(field(Data("{\"trips\": [1]}".utf8)), "trips[0]")
    var second = smallTrip()
    second["name"] = "Other"
    XCTAssertEqual(field(try document([smallTrip(), second])), "trips[1].id")
    second["id"] = "DDDDDDDD-0000-4000-8000-000000000004"
    XCTAssertEqual(
      field(try document([smallTrip(), second])), "trips[1].customItems[0].id",
      "an item id used twice in the file")
    second["customItems"] = []
    second["name"] = "SMALL"
    XCTAssertEqual(field(try document([smallTrip(), second])), "trips[1].name")
    second["name"] = "Other"
    XCTAssertEqual(field(try document([smallTrip(), second])), "valid")
  }

  // MARK: Converting the fixture

  func testConvert_exactRowOrder() throws {
    let c = try midwest()
    XCTAssertEqual(
      c.itinerary.numberedRows.map(\.id),
      [
        "day:1", Self.item(0x10A),
        "day:2", Self.item(0x102), Self.item(0x101), "game:CHN202406040",
        "day:3", "game:CHN202406050", Self.item(0x104), Self.item(0x103), Self.item(0x105),
        "day:4", c.itinerary.layout.rows[12].id, Self.item(0x106),
        "day:5", "game:DET202406070", Self.item(0x108),
        "day:6", "game:DET202406080", c.itinerary.layout.rows[19].id, Self.item(0x107),
        "day:7",
        "day:8", "game:MIL202406100",
        "day:9",
        Self.item(0x109),
      ])
    XCTAssertEqual(c.itinerary.layout.rows[12].item?.title, "Chicago → Detroit")
    XCTAssertEqual(c.itinerary.layout.rows[19].item?.title, "Detroit → Milwaukee")
    XCTAssertEqual(c.itinerary.layout.unscheduled.map(\.id), [Self.item(0x109)])
    XCTAssertEqual(
      c.placements.map(\.rowID),
      c.itinerary.numberedRows.compactMap { $0.item?.customInfo == nil ? nil : $0.id },
      "placements are in layout order")
    XCTAssertEqual(c.placements.map(\.rowNumber), [2, 4, 5, 9, 10, 11, 14, 17, 21, 26])
  }

  func testConvert_sameAnchorKeepsOldSortOrderThenFileOrder() throws {
    let c = try midwest()
    let titles = c.placements.map(\.item.title)
    // startOfDay Day 2: sortOrder 1 before 2 (file order is the reverse).
    XCTAssertEqual(Array(titles[1...2]), ["Hotel checkout", "Breakfast at Lou's"])
    // afterGame CHN202406050: 0, then the two 1s in file order.
    XCTAssertEqual(
      Array(titles[3...5]), ["Postgame note", "Drinks at Murphy's Bleachers", "Late snack"])
  }

  func testConvert_keepsIdsAndEveryPositionIsValid() throws {
    let c = try midwest()
    XCTAssertEqual(c.trip.id, Self.midwestID)
    XCTAssertEqual(c.trip.name, "Midwest Legacy")
    XCTAssertEqual(
      c.trip.gameIDs,
      ["CHN202406040", "CHN202406050", "DET202406070", "DET202406080", "MIL202406100"])
    XCTAssertEqual(c.items.count, 12, "two legs and ten items")
    XCTAssertTrue(c.items.allSatisfy { $0.tripID == Self.midwestID })
    XCTAssertTrue(c.items.allSatisfy { $0.createdAt == now })
    let legacyIDs = Set(
      try LegacyImport.read(try fixture("trips.json"), file: "f").trips[0].items.map(\.id))
    XCTAssertEqual(Set(c.items.filter { $0.customInfo != nil }.map(\.id)), legacyIDs)
    for item in c.items where c.itinerary.schedule.contains(day: item.day) {
      XCTAssertEqual(
        c.itinerary.constraints.check(item, day: item.day, sortOrder: item.sortOrder), .valid,
        item.title)
    }
    // The Unscheduled item breaks no rule: a notice, with its date.
    XCTAssertEqual(c.itinerary.problems().map(\.item.title), [])
    XCTAssertEqual(c.itinerary.notices().map(\.item.title), ["Fenway tour"], "only Unscheduled")
    XCTAssertEqual(
      c.itinerary.notices().first?.notice,
      "It is Unscheduled (Fri, Jun 14, 2024, 3 days after the trip); move it onto a trip day to have it in the plan."
    )
    XCTAssertTrue(c.itinerary.missingLegs().isEmpty)
  }

  func testConvert_overridesAppliedOrRefusedWithTheEnginesReason() throws {
    let c = try midwest()
    XCTAssertEqual(
      c.overrides.map(\.override.key),
      ["CHICAGO->detroit", "detroit->milwaukee", "boston->chicago"],
      "leg order, unknown legs last")
    let applied = c.overrides[0]
    XCTAssertTrue(applied.applied)
    XCTAssertEqual(applied.legTitle, "Chicago → Detroit")
    XCTAssertEqual(applied.legDay, 4)
    XCTAssertNil(applied.reason)
    let leg = try XCTUnwrap(c.items.first { $0.title == "Chicago → Detroit" })
    XCTAssertEqual(leg.day, 4)
    XCTAssertEqual(leg.sortOrder, 50, "the leg's default spot on a rest day")
    let refused = c.overrides[1]
    XCTAssertFalse(refused.applied)
    XCTAssertEqual(refused.legTitle, "Detroit → Milwaukee")
    XCTAssertEqual(refused.legDay, 6, "the leg keeps its default")
    XCTAssertEqual(
      refused.reason,
      "Travel Detroit → Milwaukee must be between Day 6 (after MIL @ DET) and Day 8 (before TOR @ MIL)."
    )
    let other = try XCTUnwrap(c.items.first { $0.title == "Detroit → Milwaukee" })
    XCTAssertEqual(other.day, 6)
    XCTAssertEqual(other.sortOrder, 101)
    let unknown = c.overrides[2]
    XCTAssertFalse(unknown.applied)
    XCTAssertNil(unknown.legTitle)
    XCTAssertNil(unknown.legDay)
    XCTAssertEqual(
      unknown.reason,
      "This trip has no leg from boston to chicago; its legs are Chicago->Detroit, Detroit->Milwaukee."
    )
  }

  func testConvert_unresolvedAnchorsKeepTheirItems() throws {
    let c = try midwest()
    XCTAssertEqual(c.unresolved.map(\.item.title), ["Watch the Yankees", "Fenway tour"])
    let yankees = c.unresolved[0]
    XCTAssertEqual(yankees.unresolvedReason, "Game NYA202406040 is not one of this trip's games.")
    XCTAssertEqual(yankees.item.day, 5)
    XCTAssertFalse(yankees.isUnscheduled)
    XCTAssertEqual(yankees.rowNumber, 17, "the end of Day 5")
    let fenway = c.unresolved[1]
    XCTAssertEqual(fenway.unresolvedReason, "This trip has no leg from boston to chicago.")
    XCTAssertEqual(fenway.item.day, 12, "kept on its day, outside the trip")
    XCTAssertTrue(fenway.isUnscheduled)
    XCTAssertEqual(fenway.anchorType, .afterTravel)
    XCTAssertEqual(fenway.anchorID, "boston->chicago")
    XCTAssertEqual(fenway.anchorDay, 12)
    XCTAssertTrue(c.placements.allSatisfy { $0.note == nil })
  }

  func testConvert_detailsAndTimeZonesFollowTheEngine() throws {
    let c = try midwest()
    func info(_ title: String) throws -> CustomInfo {
      try XCTUnwrap(c.placements.first { $0.item.title == title }?.item.customInfo, title)
    }
    // Before any game or leg: the first stop's zone.
    XCTAssertEqual(try info("Pack the car").timeZoneID, "America/Chicago")
    XCTAssertEqual(try info("Pack the car").time?.description, "08:30")
    XCTAssertEqual(try info("Breakfast at Lou's").timeZoneID, "America/Chicago")
    XCTAssertEqual(try info("Breakfast at Lou's").address, "Wrigleyville, Chicago")
    // After the Chicago → Detroit leg: Detroit's zone.
    XCTAssertEqual(try info("Check in at the Detroit hotel").timeZoneID, "America/Detroit")
    XCTAssertEqual(try info("Check in at the Detroit hotel").category, .hotel)
    // Unscheduled after the trip: where the trip ends (Milwaukee).
    XCTAssertEqual(try info("Fenway tour").timeZoneID, "America/Chicago")
    XCTAssertNil(try info("Hotel checkout").timeZoneID, "no time, no zone")
    let drinks = try info("Drinks at Murphy's Bleachers")
    XCTAssertEqual(drinks.coordinate, Coordinate(latitude: 41.9477, longitude: -87.6543))
    XCTAssertEqual(drinks.address, "3655 N Sheffield Ave, Chicago")
    XCTAssertEqual(drinks.category, .restaurant)
    XCTAssertEqual(try info("Lakefront walk").category, .activity)
    XCTAssertEqual(try info("Postgame note").category, .note)
  }

  func testConvert_alreadyImportedTripsAreNotBuiltAndCarryTheStoredTrip() throws {
    // Stored earlier, then renamed and shortened: the result carries the
    // trip as stored, beside the trip as the file has it.
    let stored = Trip(
      id: Self.midwestID, name: "Renamed Midwest", startDate: try Fixtures.date("2024-06-04"),
      endDate: try Fixtures.date("2024-06-05"), gameIDs: ["CHN202406040"], createdAt: now,
      modifiedAt: now)
    let results = try convert(try fixture("trips.json"), stored: [stored])
    XCTAssertEqual(results.count, 2)
    guard case .alreadyImported(let trip, let storedTrip) = results[0] else {
      return XCTFail("the first trip is already stored")
    }
    XCTAssertEqual(trip.name, "Midwest Legacy")
    XCTAssertEqual(storedTrip, stored)
    XCTAssertEqual(results[0].legacy.name, "Midwest Legacy")
    let second = try conversion(results[1])
    XCTAssertEqual(second.trip.id, Self.newYorkID)
    XCTAssertEqual(second.trip.dayCount, 3)
    XCTAssertEqual(
      second.itinerary.numberedRows.map(\.id),
      [
        "day:1", "item:bbbbbbbb-0000-4000-8000-000000000201", "game:NYA202406050", "day:2",
        "game:NYA202406060", "day:3",
      ])
  }

  func testConvert_gameMissingFromTheDatabaseNamesTheField() throws {
    XCTAssertThrowsError(try convert(try fixture("missing-game.json"), file: "missing-game.json")) {
      error in
      let e = error as? FileFormatError
      XCTAssertEqual(e?.field, "trips[1].games[1]")
      XCTAssertEqual(e?.file, "missing-game.json")
      XCTAssertTrue("\(error)".contains("no game NYA202412250 in the database"), "\(error)")
    }
  }

  func testConvert_tripErrorsNameTheField() throws {
    var trip = smallTrip()
    trip["endDate"] = "2024-06-01"
    XCTAssertThrowsError(try convert(try document([trip]))) { error in
      XCTAssertEqual((error as? FileFormatError)?.field, "trips[0].endDate", "\(error)")
    }
    trip = smallTrip()
    trip["games"] = ["CHN202406040", "CHN202406180"]
    XCTAssertThrowsError(try convert(try document([trip]))) { error in
      XCTAssertEqual((error as? FileFormatError)?.field, "trips[0].games[1]", "\(error)")
      XCTAssertTrue("\(error)".contains("outside the trip's days"), "\(error)")
    }
  }

  // MARK: Smaller trips

  /// Wrigley Field Day 1 and 2, Guaranteed Rate Field Day 3: the leg's two
  /// ends share a city, so its title names the venues but legacy keys name
  /// the city.
  func testConvert_sameCityLegMatchesByVenueCity() throws {
    let trip: [String: Any] = [
      "id": "EEEEEEEE-0000-4000-8000-000000000005", "name": "Chicago Both",
      "games": ["CHN202406040", "CHN202406050", "CHA202406060"],
      "startDate": "2024-06-04", "endDate": "2024-06-06",
      "customItems": [
        [
          "id": "EEEEEEEE-0000-4000-8000-000000000501", "title": "Red Line south",
          "category": "note", "anchorType": "afterTravel", "anchorId": "chicago->Chicago",
          "anchorDay": 3, "sortOrder": 0,
        ] as [String: Any],
        [
          "id": "EEEEEEEE-0000-4000-8000-000000000502", "title": "Hot dog",
          "category": "restaurant", "anchorType": "afterGame", "anchorId": "CHN202406040",
          "anchorDay": 2, "sortOrder": 0,
        ] as [String: Any],
      ],
      "travelDayOverrides": ["Chicago->CHICAGO": 3],
    ]
    let c = try conversion(try convert(try document([trip])).first)
    XCTAssertEqual(c.overrides.map(\.applied), [true])
    XCTAssertEqual(c.overrides.first?.legTitle, "Wrigley Field → Guaranteed Rate Field")
    let leg = try XCTUnwrap(c.items.first { $0.travelInfo != nil })
    XCTAssertEqual(leg.day, 3)
    XCTAssertEqual(leg.sortOrder, 50, "before the arrival game on its day")
    XCTAssertEqual(
      c.itinerary.numberedRows.map(\.id),
      [
        "day:1", "game:CHN202406040", "item:eeeeeeee-0000-4000-8000-000000000502",
        "day:2", "game:CHN202406050",
        "day:3", LayoutRow.id(item: leg.id), "item:eeeeeeee-0000-4000-8000-000000000501",
        "game:CHA202406060",
      ])
    XCTAssertTrue(c.unresolved.isEmpty)
    XCTAssertEqual(
      c.placements.first { $0.item.title == "Hot dog" }?.note,
      "Game CWS @ CHC (CHN202406040) is on Day 1, not Day 2; the item follows it.")
  }

  func testConvert_overrideOnTheDepartureDayAndOutsideTheTrip() throws {
    var trip = smallTrip()
    trip["games"] = ["CHN202406050", "DET202406070"]
    trip["startDate"] = "2024-06-05"
    trip["endDate"] = "2024-06-07"
    trip["customItems"] = []
    trip["travelDayOverrides"] = ["chicago->detroit": 1]
    var c = try conversion(try convert(try document([trip])).first)
    XCTAssertEqual(c.overrides.first?.applied, true)
    XCTAssertEqual(c.items.first?.day, 1)
    XCTAssertEqual(c.items.first?.sortOrder, 101, "after the departure game")
    trip["travelDayOverrides"] = ["chicago->detroit": 5]
    c = try conversion(try convert(try document([trip])).first)
    XCTAssertEqual(c.overrides.first?.applied, false)
    XCTAssertEqual(c.overrides.first?.reason, "Day 5 is not in this trip (it has 3 days).")
    XCTAssertEqual(c.overrides.first?.legDay, 1, "the default day")
  }

  /// Sixty items after one game with a leg right after it: each is added
  /// after the previous one, so the gap halves until the day is
  /// renormalised; the order stays the old sortOrder order.
  func testConvert_manyItemsOnOneAnchorSurviveRenormalisation() throws {
    var trip = smallTrip()
    trip["games"] = ["CHN202406050", "DET202406070"]
    trip["startDate"] = "2024-06-05"
    trip["endDate"] = "2024-06-07"
    trip["customItems"] = (0..<60).map { i -> [String: Any] in
      [
        "id": String(format: "FFFFFFFF-0000-4000-8000-%012x", i), "title": "Item \(i)",
        "category": "note", "anchorType": "afterGame", "anchorId": "CHN202406050",
        "anchorDay": 1, "sortOrder": 60 - i,
      ]
    }
    let c = try conversion(try convert(try document([trip])).first)
    let dayOne = c.itinerary.layout.rows.prefix { $0.id != "day:2" }
    XCTAssertEqual(dayOne.count, 1 + 1 + 60 + 1)
    XCTAssertEqual(dayOne[1].id, "game:CHN202406050")
    XCTAssertEqual(
      dayOne.dropFirst(2).prefix(60).map(\.item?.title),
      (0..<60).reversed().map { "Item \($0)" })
    XCTAssertEqual(dayOne.last?.item?.title, "Chicago → Detroit")
    let orders = dayOne.dropFirst().compactMap(\.sortOrder)
    XCTAssertEqual(orders, orders.sorted())
    XCTAssertEqual(Set(orders).count, orders.count, "no ties")
    XCTAssertTrue(c.itinerary.problems().isEmpty)
  }
}
