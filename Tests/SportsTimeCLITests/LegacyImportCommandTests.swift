import Foundation
import XCTest

/// `import legacy --json`.
struct LegacyImportJSON: Decodable {
  struct Trip: Decodable {
    var id: String
    var name: String
    var status: String
    var startDate: String
    var endDate: String
    var dayCount: Int
    var games: Int
    var travelLegs: Int?
    var items: [Item]
    var overrides: [Override]
    var unresolved: [Unresolved]
    var warnings: [String]
  }

  struct Item: Decodable {
    var id: String
    var row: Int
    var rowID: String
    var title: String
    var category: String?
    var anchorType: String
    var anchorId: String?
    var anchorDay: Int
    var day: Int
    var sortOrder: Double
    var unscheduled: Bool
    var resolved: Bool
    var reason: String?
    var note: String?
    var time: String?
    var timeZone: String?
  }

  struct Override: Decodable, Equatable {
    var key: String
    var day: Int
    var leg: String?
    var applied: Bool
    var reason: String?
    var legDay: Int?
  }

  struct Unresolved: Decodable {
    var id: String
    var title: String
    var anchorType: String
    var anchorId: String?
    var anchorDay: Int
    var day: Int
    var unscheduled: Bool
    var reason: String?
  }

  var file: String
  var imported: Int
  var alreadyImported: Int
  var trips: [Trip]
}

/// `sportstime import legacy FILE` against the real 2024 schedule, with the
/// fixtures in Tests/Fixtures/legacy.
final class LegacyImportCommandTests: EndToEndTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try installImported2024()
  }

  static let midwest = "aaaaaaaa-0000-4000-8000-000000000001"
  static let newYork = "bbbbbbbb-0000-4000-8000-000000000002"

  /// Row id of fixture item `n` of the Midwest trip (0x101…0x10A).
  static func item(_ n: Int) -> String {
    String(format: "item:aaaaaaaa-0000-4000-8000-%012x", n)
  }

  func fixture(_ name: String) -> String {
    CLIProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/legacy/\(name)").path
  }

  func showJSON(_ trip: String) throws -> ItineraryJSON {
    try decode(ItineraryJSON.self, try runOK(["trip", "show", trip, "--json"]).stdout)
  }

  func tripList() throws -> String { try runOK(["trip", "list", "--json"]).stdout }

  /// Fresh-clone review, finding 12: a file given to the other import
  /// command says which command reads it; nothing is imported.
  func testEachImportPointsToTheOtherForTheOthersFile() throws {
    try runOK(["import", "legacy", fixture("trips.json")])
    let export = scratch.appendingPathComponent("midwest.json").path
    try runOK(["trip", "export", "Midwest Legacy", "--format", "json", "--out", export])
    let before = try tripList()
    try assertFailure(
      ["import", "legacy", export],
      containing: [
        "field trips: missing; it looks like a trip export: import it with 'sportstime trip import FILE'."
      ])
    try runOK(["trip", "delete", "Midwest Legacy"])
    let afterDelete = try tripList()
    try assertFailure(
      ["trip", "import", fixture("trips.json")],
      containing: [
        "this is not a SportsTime trip export (format is not \"sportstime-trip\"); it looks like the original app's trips: import it with 'sportstime import legacy FILE'."
      ])
    XCTAssertEqual(try tripList(), afterDelete)
    XCTAssertNotEqual(before, afterDelete)
    // Another JSON object gets the plain message, without a hint.
    let other = scratch.appendingPathComponent("other.json")
    try Data(#"{"name": "x"}"#.utf8).write(to: other)
    let plain = try assertFailure(["trip", "import", other.path], containing: ["format is not"])
    XCTAssertFalse(plain.stderr.contains("import it with"), plain.stderr)
  }

  func testImportLegacy_printsWhatWasImported() throws {
    let path = fixture("trips.json")
    let lines = try runOK(["import", "legacy", path]).stdoutLines
    XCTAssertEqual(
      lines.first,
      "Imported trip \"Midwest Legacy\" (aaaaaaaa): 9 days, 5 games, 2 travel legs, 10 items.")
    for expected in [
      "  Override CHICAGO->detroit → Day 4: applied, Chicago → Detroit is on Day 4.",
      "  Override detroit->milwaukee → Day 9: refused. Travel Detroit → Milwaukee must be between Day 6 (after MIL @ DET) and Day 8 (before TOR @ MIL). The leg stays on Day 6.",
      "  Override boston->chicago → Day 2: refused. This trip has no leg from boston to chicago; its legs are Chicago->Detroit, Detroit->Milwaukee.",
      "  Unresolved \"Watch the Yankees\" (after game NYA202406040): Game NYA202406040 is not one of this trip's games. Placed at the end of Day 5.",
      "  Unresolved \"Fenway tour\" (after travel boston->chicago): This trip has no leg from boston to chicago. Kept under Unscheduled (Fri, Jun 14, 2024, 3 days after the trip).",
      "  Items (row, day, item, old anchor):",
      "  See it: sportstime trip show aaaaaaaa-0000-4000-8000-000000000001",
      "Imported trip \"New York Weekend\" (bbbbbbbb): 3 days, 2 games, 0 travel legs, 1 item.",
      "Imported 2 trips from \(path).",
    ] {
      XCTAssertTrue(
        lines.contains(expected), "missing line \(expected)\n\(lines.joined(separator: "\n"))")
    }
    let table = lines.filter { $0.hasPrefix("    ") }
    XCTAssertEqual(table.count, 11, "ten items of the first trip, one of the second")
    XCTAssertTrue(table[0].contains("Pack the car"), table[0])
    XCTAssertTrue(table[0].contains("start of Day 1"), table[0])
    XCTAssertTrue(
      table[9].contains("Unscheduled (Fri, Jun 14, 2024, 3 days after the trip)"), table[9])
    XCTAssertEqual(lines.last, "Imported 2 trips from \(path).")
  }

  func testImportLegacy_tripShowHasTheConvertedOrder() throws {
    try runOK(["import", "legacy", fixture("trips.json")])
    let itinerary = try showJSON("Midwest Legacy")
    XCTAssertEqual(itinerary.trip.id, Self.midwest)
    XCTAssertEqual(itinerary.trip.startDate, "2024-06-03")
    XCTAssertEqual(itinerary.trip.dayCount, 9)
    let travel = itinerary.travelRows.map(\.id)
    XCTAssertEqual(travel.count, 2)
    XCTAssertEqual(
      itinerary.rows.map(\.id),
      [
        "day:1", Self.item(0x10A),
        "day:2", Self.item(0x102), Self.item(0x101), "game:CHN202406040",
        "day:3", "game:CHN202406050", Self.item(0x104), Self.item(0x103), Self.item(0x105),
        "day:4", travel[0], Self.item(0x106),
        "day:5", "game:DET202406070", Self.item(0x108),
        "day:6", "game:DET202406080", travel[1], Self.item(0x107),
        "day:7",
        "day:8", "game:MIL202406100",
        "day:9",
      ])
    XCTAssertEqual(itinerary.unscheduled.map(\.id), [Self.item(0x109)])
    XCTAssertEqual(itinerary.unscheduled.first?.day, 12)
    XCTAssertEqual(itinerary.travelRows.map(\.title), ["Chicago → Detroit", "Detroit → Milwaukee"])
    XCTAssertEqual(itinerary.travelRows.map(\.day), [4, 6])
    let breakfast = try XCTUnwrap(itinerary.row(Self.item(0x101)))
    XCTAssertEqual(breakfast.category, "restaurant")
    XCTAssertEqual(breakfast.time, "09:00")
    XCTAssertEqual(breakfast.timeZone, "America/Chicago")
    XCTAssertEqual(breakfast.address, "Wrigleyville, Chicago")
    let drinks = try XCTUnwrap(itinerary.row(Self.item(0x103)))
    XCTAssertEqual(drinks.latitude, 41.9477)
    XCTAssertEqual(drinks.longitude, -87.6543)
    XCTAssertEqual(drinks.address, "3655 N Sheffield Ave, Chicago")
    let checkIn = try XCTUnwrap(itinerary.row(Self.item(0x106)))
    XCTAssertEqual(checkIn.category, "hotel")
    XCTAssertEqual(checkIn.timeZone, "America/Detroit", "after the leg to Detroit")
    XCTAssertEqual(itinerary.row(Self.item(0x107))?.category, "activity")
    XCTAssertEqual(itinerary.row(Self.item(0x104))?.category, "note")
    let newYork = try showJSON(Self.newYork)
    XCTAssertEqual(
      newYork.rows.map(\.id),
      [
        "day:1", "item:bbbbbbbb-0000-4000-8000-000000000201", "game:NYA202406050", "day:2",
        "game:NYA202406060", "day:3",
      ])
    // The rules hold for every stored item.
    // Being Unscheduled breaks no rule: a notice, exit 0 (issue 8, item 16).
    let check = try runOK(["trip", "check", "Midwest Legacy"])
    XCTAssertTrue(check.stdout.contains("Notice: "), check.stdout)
    XCTAssertTrue(check.stdout.contains("Fenway tour"), check.stdout)
    XCTAssertEqual(try runOK(["trip", "check", "New York Weekend"]).status, 0)
  }

  func testImportLegacy_jsonReport() throws {
    let path = fixture("trips.json")
    let report = try decode(
      LegacyImportJSON.self, try runOK(["import", "legacy", path, "--json"]).stdout)
    XCTAssertEqual(report.file, path)
    XCTAssertEqual(report.imported, 2)
    XCTAssertEqual(report.alreadyImported, 0)
    XCTAssertEqual(report.trips.map(\.status), ["imported", "imported"])
    let trip = report.trips[0]
    XCTAssertEqual(trip.id, Self.midwest)
    XCTAssertEqual(trip.name, "Midwest Legacy")
    XCTAssertEqual(trip.dayCount, 9)
    XCTAssertEqual(trip.games, 5)
    XCTAssertEqual(trip.travelLegs, 2)
    XCTAssertEqual(trip.warnings, [])
    XCTAssertEqual(trip.items.map(\.row), [2, 4, 5, 9, 10, 11, 14, 17, 21, 26])
    XCTAssertEqual(
      trip.items.map(\.rowID),
      [0x10A, 0x102, 0x101, 0x104, 0x103, 0x105, 0x106, 0x108, 0x107, 0x109].map(Self.item))
    XCTAssertEqual(trip.items.map(\.day), [1, 2, 2, 3, 3, 3, 4, 5, 6, 12])
    XCTAssertEqual(
      trip.items.map(\.resolved), [true, true, true, true, true, true, true, false, true, false])
    XCTAssertEqual(trip.items.map(\.unscheduled).filter { $0 }.count, 1)
    XCTAssertEqual(trip.items[6].anchorType, "afterTravel")
    XCTAssertEqual(trip.items[6].anchorId, "Chicago->Detroit")
    XCTAssertEqual(trip.items[6].timeZone, "America/Detroit")
    XCTAssertEqual(
      trip.overrides,
      [
        .init(
          key: "CHICAGO->detroit", day: 4, leg: "Chicago → Detroit", applied: true, reason: nil,
          legDay: 4),
        .init(
          key: "detroit->milwaukee", day: 9, leg: "Detroit → Milwaukee", applied: false,
          reason:
            "Travel Detroit → Milwaukee must be between Day 6 (after MIL @ DET) and Day 8 (before TOR @ MIL).",
          legDay: 6),
        .init(
          key: "boston->chicago", day: 2, leg: nil, applied: false,
          reason:
            "This trip has no leg from boston to chicago; its legs are Chicago->Detroit, Detroit->Milwaukee.",
          legDay: nil),
      ])
    XCTAssertEqual(trip.unresolved.map(\.title), ["Watch the Yankees", "Fenway tour"])
    XCTAssertEqual(trip.unresolved.map(\.day), [5, 12])
    XCTAssertEqual(trip.unresolved.map(\.unscheduled), [false, true])
    XCTAssertEqual(
      trip.unresolved.map(\.reason),
      [
        "Game NYA202406040 is not one of this trip's games.",
        "This trip has no leg from boston to chicago.",
      ])
    XCTAssertEqual(report.trips[1].items.map(\.title), ["Bagels"])
    XCTAssertEqual(report.trips[1].travelLegs, 0)
  }

  func testImportLegacy_twiceChangesNothing() throws {
    let path = fixture("trips.json")
    try runOK(["import", "legacy", path])
    let list = try tripList()
    let midwest = try runOK(["trip", "show", Self.midwest, "--json"]).stdout
    let newYork = try runOK(["trip", "show", Self.newYork, "--json"]).stdout
    let again = try runOK(["import", "legacy", path])
    XCTAssertEqual(
      again.stdoutLines,
      [
        "Trip \"Midwest Legacy\" (aaaaaaaa) is already imported; nothing changed.",
        "Trip \"New York Weekend\" (bbbbbbbb) is already imported; nothing changed.",
        "Imported 0 trips from \(path); 2 already imported.",
      ])
    let json = try decode(
      LegacyImportJSON.self, try runOK(["import", "legacy", path, "--json"]).stdout)
    XCTAssertEqual(json.imported, 0)
    XCTAssertEqual(json.alreadyImported, 2)
    XCTAssertEqual(json.trips.map(\.status), ["alreadyImported", "alreadyImported"])
    XCTAssertEqual(json.trips.map(\.items.count), [0, 0])
    XCTAssertEqual(try tripList(), list)
    XCTAssertEqual(try runOK(["trip", "show", Self.midwest, "--json"]).stdout, midwest)
    XCTAssertEqual(try runOK(["trip", "show", Self.newYork, "--json"]).stdout, newYork)
  }

  /// Issue 8, item 19: a trip renamed after its import is reported by its
  /// stored name (and the file's name beside it) when the file comes again.
  func testImportLegacy_againAfterARenameReportsTheStoredName() throws {
    let path = fixture("trips.json")
    try runOK(["import", "legacy", path])
    try runOK(["trip", "rename", "Midwest Legacy", "Midwest, as planned"])
    let again = try runOK(["import", "legacy", path])
    XCTAssertEqual(
      again.stdoutLines.first,
      "Trip \"Midwest, as planned\" (aaaaaaaa) is already imported (the file calls it \"Midwest Legacy\"); nothing changed."
    )
    XCTAssertEqual(
      again.stdoutLines[1],
      "Trip \"New York Weekend\" (bbbbbbbb) is already imported; nothing changed.")
    let json = try decode(
      LegacyImportJSON.self, try runOK(["import", "legacy", path, "--json"]).stdout)
    XCTAssertEqual(json.trips.map(\.name), ["Midwest, as planned", "New York Weekend"])
    XCTAssertEqual(json.trips.map(\.status), ["alreadyImported", "alreadyImported"])
  }

  func testImportLegacy_reimportAfterDeletingOneTrip() throws {
    let path = fixture("trips.json")
    try runOK(["import", "legacy", path])
    let before = try runOK(["trip", "show", Self.midwest, "--json"]).stdout
    try runOK(["trip", "delete", "Midwest Legacy"])
    let lines = try runOK(["import", "legacy", path]).stdoutLines
    XCTAssertEqual(lines.last, "Imported 1 trip from \(path); 1 already imported.")
    XCTAssertTrue(
      lines.contains("Trip \"New York Weekend\" (bbbbbbbb) is already imported; nothing changed."))
    let after = try showJSON(Self.midwest)
    let old = try decode(ItineraryJSON.self, before)
    XCTAssertEqual(
      after.rows.filter { $0.kind != "travel" }.map(\.id),
      old.rows.filter { $0.kind != "travel" }.map(\.id), "the same order again")
  }

  func testImportLegacy_malformedFileChangesNothingAndNamesTheField() throws {
    try runOK(["trip", "new", "Existing", "--game", "CHN202406040"])
    let before = try tripList()
    let path = fixture("bad-anchor-type.json")
    try assertFailure(
      ["import", "legacy", path],
      containing: [
        "\(path), field trips[0].customItems[2].anchorType",
        "'afterLunch' is not startOfDay, afterGame or afterTravel",
      ])
    XCTAssertEqual(try tripList(), before)
    let notJSON = scratch.appendingPathComponent("notes.json")
    try Data("anchorType: afterGame\n".utf8).write(to: notJSON)
    try assertFailure(
      ["import", "legacy", notJSON.path],
      containing: [notJSON.path, "this is not valid JSON", "line 1", "column 1"])
    let wrongType = scratch.appendingPathComponent("wrong-type.json")
    var document = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: try Data(contentsOf: URL(fileURLWithPath: fixture("trips.json")))) as? [String: Any])
    var trips = try XCTUnwrap(document["trips"] as? [[String: Any]])
    var items = try XCTUnwrap(trips[1]["customItems"] as? [[String: Any]])
    items[0]["sortOrder"] = "first"
    trips[1]["customItems"] = items
    document["trips"] = trips
    try JSONSerialization.data(withJSONObject: document).write(to: wrongType)
    try assertFailure(
      ["import", "legacy", wrongType.path],
      containing: ["field trips[1].customItems[0].sortOrder", "not a whole number"])
    try assertFailure(
      ["import", "legacy", scratch.appendingPathComponent("none.json").path],
      containing: ["cannot read", "none.json"])
    XCTAssertEqual(try tripList(), before)
  }

  func testImportLegacy_gameMissingFromTheDatabaseChangesNothing() throws {
    let path = fixture("missing-game.json")
    try assertFailure(
      ["import", "legacy", path],
      containing: ["\(path), field trips[1].games[1]", "no game NYA202412250 in the database"])
    XCTAssertEqual(try decode([TripListJSON].self, try tripList()), [])
    // Core says what is missing; the command line adds how to import it.
    let result = try run(["import", "legacy", path])
    XCTAssertEqual(
      result.stderr,
      "Error: \(path), field trips[1].games[1]: no game NYA202412250 in the database; import its schedule first ('sportstime schedule import FILE')\n"
    )
  }

  /// The second trip's name is taken: the first trip, already stored in the
  /// same transaction, is rolled back.
  func testImportLegacy_storeRefusalRollsBackTheWholeFile() throws {
    try runOK(["trip", "new", "new york weekend", "--game", "NYA202406040"])
    let before = try tripList()
    let path = fixture("trips.json")
    try assertFailure(
      ["import", "legacy", path],
      containing: ["\(path), field trips[1]", "a trip called 'new york weekend' already exists"])
    XCTAssertEqual(try tripList(), before)
    try assertFailure(["trip", "show", Self.midwest], containing: ["no trip"])
  }

  func testImportGroup_listsLegacy() throws {
    let help = try runOK(["import"]).stdout
    XCTAssertTrue(help.contains("legacy"), help)
    let legacyHelp = try runOK(["import", "legacy", "--help"]).stdout
    XCTAssertTrue(legacyHelp.contains("--json"), legacyHelp)
  }
}
