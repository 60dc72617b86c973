import Foundation
import XCTest

/// Ocean crossings are flights (issue 8, item 6), end to end on the real
/// schedules: the 2024 Seoul Series then the Dodgers' home opener, the
/// 2025 Tokyo Series then Phoenix and Los Angeles, the 2024 London Series
/// then New York — through `trip new`, `trip show`, `trip route`, every
/// export, `trip import` and `trip replan`.
final class TravelModeCommandTests: ItineraryTestCase {
  static let seoul = [
    "trip", "new", "Seoul Series", "--game", "SDN202403200", "--game", "LAN202403210", "--game",
    "LAN202403280",
  ]

  /// `trip show --json`'s travel rows as objects.
  func travelRows(_ trip: String) throws -> [[String: Any]] {
    let show = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "show", trip, "--json"]).stdout) as? [String: Any])
    let rows = try XCTUnwrap(show["rows"] as? [[String: Any]])
    return rows.filter { $0.string("kind") == "travel" }
  }

  func importSchedule2025() throws {
    try runOK(["schedule", "import", try CLIProcess.schedule(2025).path])
  }

  func testSeoulSeries_theLegIsAFlightInShowAndRoute() throws {
    let created = try runOK(Self.seoul)
    XCTAssertTrue(
      created.stdout.contains("      ✈️ Seoul → Los Angeles · flight 5963 mi · 15 h · Days 2–9\n"),
      created.stdout)
    XCTAssertFalse(created.stdout.contains("🚗"), created.stdout)
    XCTAssertFalse(created.stdout.contains("119 h"), created.stdout)
    let metric = try runOK(["trip", "show", "Seoul Series", "--metric"]).stdout
    XCTAssertTrue(metric.contains("✈️ Seoul → Los Angeles · flight 9597 km · 15 h"), metric)

    let legs = try travelRows("Seoul Series")
    XCTAssertEqual(legs.count, 1)
    XCTAssertEqual(legs[0].string("mode"), "flight")
    XCTAssertEqual(legs[0].double("distanceMeters"), 9_596_753)
    XCTAssertEqual(legs[0].double("durationSeconds"), 53_985)
    XCTAssertEqual(legs[0].bool("tight"), false)

    let route = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "route", "Seoul Series", "--json"]).stdout)
        as? [String: Any])
    let routeLegs = try XCTUnwrap(route["legs"] as? [[String: Any]])
    XCTAssertEqual(routeLegs.count, 1)
    XCTAssertEqual(
      routeLegs[0].sortedKeys, ["distanceMeters", "durationSeconds", "from", "mode", "to"])
    XCTAssertEqual(routeLegs[0].string("mode"), "flight")
    XCTAssertEqual(routeLegs[0].int("from"), 0)
    XCTAssertEqual(routeLegs[0].int("to"), 1)
    XCTAssertEqual(routeLegs[0].double("distanceMeters"), 9_596_753)
    let text = try runOK(["trip", "route", "Seoul Series"]).stdoutLines
    XCTAssertEqual(
      text,
      [
        "Route of \"Seoul Series\" · 2 waypoints",
        "1  Day 1  row 2   Gocheok Sky Dome  37.498200, 126.867000",
        "2  Day 9  row 13  Dodger Stadium    34.073900, -118.240000  ✈️ flight 5963 mi · 15 h",
        "Total: 5963 mi · flights great-circle at 800 km/h + 3 h at airports (estimate)",
      ])
  }

  /// A restaurant in Seoul joins the route: Gocheok → dinner is a drive,
  /// dinner → Los Angeles a flight, and the route says both.
  func testRoute_driveInSeoulThenFlight() throws {
    try runOK(Self.seoul)
    try addItem(
      "Seoul Series", "Dinner in Myeongdong",
      ["--category", "restaurant", "--day", "2", "--lat", "37.5636", "--lon", "126.9827"])
    let route = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "route", "Seoul Series", "--json"]).stdout)
        as? [String: Any])
    let legs = try XCTUnwrap(route["legs"] as? [[String: Any]])
    XCTAssertEqual(legs.map { $0.string("mode") }, ["drive", "flight"])
    let text = try runOK(["trip", "route", "Seoul Series"]).stdoutLines
    XCTAssertTrue(text[2].hasSuffix("🚗 9 mi · 9 min"), text[2])
    XCTAssertTrue(text[3].hasSuffix("✈️ flight 5955 mi · 14 h 59 min"), text[3])
    XCTAssertEqual(
      text.last,
      "Total: 5965 mi · drives great-circle × 1.2 at 60 mph, flights great-circle at 800 km/h + 3 h at airports (estimates)"
    )
  }

  /// Every export says the leg is a flight, and the files still pass the
  /// independent parsers; the trip file carries the mode and reads back.
  func testExports_markTheFlight() throws {
    try runOK(Self.seoul)
    func export(_ format: String) throws -> URL {
      let url = scratch.appendingPathComponent("seoul.\(format)")
      try runOK(["trip", "export", "Seoul Series", "--format", format, "--out", url.path])
      return url
    }
    let md = try String(contentsOf: try export("md"), encoding: .utf8)
    XCTAssertTrue(md.contains("- ✈️ **Seoul → Los Angeles** · flight · 5963 mi · 15 h\n"), md)
    XCTAssertTrue(md.contains("flights: great-circle at 800 km/h + 3 h at airports"), md)

    let icsURL = try export("ics")
    let ics = try String(contentsOf: icsURL, encoding: .utf8)
      .replacingOccurrences(of: "\r\n ", with: "")
    XCTAssertTrue(
      ics.contains(
        "DESCRIPTION:Flight Seoul → Los Angeles: about 5963 mi\\, 15 h with the time at airports (estimate)."
      ), ics)
    XCTAssertFalse(ics.contains("DESCRIPTION:Drive"), ics)

    let geojsonURL = try export("geojson")
    let geojson = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: geojsonURL)) as? [String: Any])
    let features = try XCTUnwrap(geojson["features"] as? [[String: Any]])
    let routeFeature = try XCTUnwrap(features.first { $0["id"] as? String == "route" })
    let properties = try XCTUnwrap(routeFeature["properties"] as? [String: Any])
    let legs = try XCTUnwrap(properties["legs"] as? [[String: Any]])
    XCTAssertEqual(legs.map { $0.string("mode") }, ["flight"])
    XCTAssertEqual(legs.first?.double("durationSeconds"), 53_985)

    let gpxURL = try export("gpx")
    let gpx = try String(contentsOf: gpxURL, encoding: .utf8)
    XCTAssertTrue(
      gpx.contains("by flight from the previous point: about 5963 mi, 15 h (estimate)</desc>"),
      gpx)
    try ExportValidator.validate(ics: icsURL, geojson: geojsonURL, gpx: gpxURL)

    let fileURL = try export("json")
    let file = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: fileURL)) as? [String: Any])
    let items = try XCTUnwrap(file["items"] as? [[String: Any]])
    let travel = try XCTUnwrap(items.first?["travel"] as? [String: Any])
    XCTAssertEqual(travel.string("mode"), "flight")
    let before = try runOK(["trip", "show", "Seoul Series", "--json"]).stdout
    try runOK(["trip", "delete", "Seoul Series"])
    try runOK(["trip", "import", fileURL.path])
    XCTAssertEqual(try runOK(["trip", "show", "Seoul Series", "--json"]).stdout, before)
  }

  /// A trip file written before modes existed (no `travel.mode`) still
  /// imports; its legs get what `trip new` gives them now (a flight and
  /// its estimate, not the old 119 h "drive"), and the import says which
  /// fields it replaced (review of issue 8: import gives legs the
  /// estimator's mode and figures).
  func testImport_oldTripFileWithoutModesStillImports() throws {
    try runOK(Self.seoul)
    let url = scratch.appendingPathComponent("old.json")
    try runOK(["trip", "export", "Seoul Series", "--format", "json", "--out", url.path])
    let planned = try runOK(["trip", "show", "Seoul Series", "--json"]).stdout
    var file = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any])
    var items = try XCTUnwrap(file["items"] as? [[String: Any]])
    var travel = try XCTUnwrap(items[0]["travel"] as? [String: Any])
    travel["mode"] = nil
    // An old estimate: the 7156 mi, 119 h "drive".
    travel["distanceMeters"] = 11_516_104.0
    travel["durationSeconds"] = 429_346.0
    items[0]["travel"] = travel
    file["items"] = items
    try JSONSerialization.data(withJSONObject: file).write(to: url)
    try runOK(["trip", "delete", "Seoul Series"])
    let imported = try run(["trip", "import", url.path])
    XCTAssertEqual(imported.status, 0, imported.description)
    XCTAssertEqual(
      imported.stderr,
      "Warning: items[0].travel.mode, items[0].travel.distanceMeters, items[0].travel.durationSeconds: the file says a leg of 7156 mi (11516 km) taking 119 h 16 min with no mode (read as a drive); Seoul → Los Angeles is a flight of 5963 mi (9597 km) taking 15 h by the estimate (great-circle at 800 km/h + 3 h at airports), which is used\n"
    )
    let legs = try travelRows("Seoul Series")
    XCTAssertEqual(legs.first?.string("mode"), "flight")
    XCTAssertEqual(legs.first?.double("durationSeconds"), 53_985)
    let shown = try runOK(["trip", "show", "Seoul Series"]).stdout
    XCTAssertTrue(shown.contains("✈️ Seoul → Los Angeles · flight 5963 mi · 15 h"), shown)
    // The trip is the one trip new planned, row for row.
    XCTAssertEqual(try runOK(["trip", "show", "Seoul Series", "--json"]).stdout, planned)
    // A mode that is neither is refused with its field.
    items[0]["travel"] = travel.merging(["mode": "boat"]) { $1 }
    file["items"] = items
    try JSONSerialization.data(withJSONObject: file).write(to: url)
    try runOK(["trip", "delete", "Seoul Series"])
    try assertFailure(
      ["trip", "import", url.path], containing: ["items[0].travel.mode", "'boat'"])
  }

  /// The 2025 Tokyo Series: the Cubs (home in Tokyo) on to Phoenix, the
  /// Dodgers home to Los Angeles; both legs are flights.
  func testTokyoSeries2025_toPhoenixAndLosAngelesAreFlights() throws {
    try importSchedule2025()
    let cubs = try runOK([
      "trip", "new", "Tokyo Cubs", "--game", "CHN202503180", "--game", "CHN202503190", "--game",
      "ARI202503270",
    ]).stdout
    XCTAssertTrue(cubs.contains("✈️ Tokyo → Phoenix · flight 5781 mi · 14 h 38 min"), cubs)
    let dodgers = try runOK([
      "trip", "new", "Tokyo Dodgers", "--game", "CHN202503190", "--game", "LAD@2025-03-27",
    ]).stdout
    XCTAssertTrue(dodgers.contains("✈️ Tokyo → Los Angeles · flight"), dodgers)
    XCTAssertEqual(try travelRows("Tokyo Dodgers").map { $0.string("mode") }, ["flight"])
  }

  /// London (Sun Jun 9, 2024, 1:10 pm BST) to the Mets on Tue Jun 11: a
  /// flight, not tight (as a 69 h drive it was). To the Yankees the same
  /// evening: tight even by air, and the warning says it is a flight.
  func testLondon_tightnessUsesTheFlightEstimate() throws {
    let mets = try runOK([
      "trip", "new", "London Mets", "--game", "PHI202406090", "--game", "NYN202406110",
    ])
    XCTAssertFalse(mets.stdout.contains("tight"), mets.stdout)
    XCTAssertEqual(try travelRows("London Mets").first?.bool("tight"), false)
    XCTAssertEqual(try travelRows("London Mets").first?.string("mode"), "flight")

    let yankees = try run([
      "trip", "new", "London Yankees", "--game", "PHI202406090", "--game", "NYA202406090",
    ])
    XCTAssertEqual(yankees.status, 0, yankees.description)
    XCTAssertEqual(
      yankees.stderrLines,
      [
        "Warning: Tight leg London → New York: the flight takes about 9 h 57 min (airports included) but there is only 8 h 00 min between the end of NYM @ PHI at London Stadium, 1:10 pm BST est. on Sun, Jun 9, 2024 and the first pitch of LAD @ NYY at Yankee Stadium, 7:10 pm EDT est. on Sun, Jun 9, 2024."
      ])
    XCTAssertEqual(try travelRows("London Yankees").first?.bool("tight"), true)
  }

  /// Toronto is across a border but on the same road network: a drive.
  func testTorontoToDetroit_isADrive() throws {
    try runOK(["trip", "new", "Border", "--game", "TOR@2024-06-04", "--game", "DET@2024-06-07"])
    XCTAssertEqual(try travelRows("Border").map { $0.string("mode") }, ["drive"])
  }

  /// Writes trip `trip`'s file with its travel item from `from` edited;
  /// returns the original export, the edited file and the item's index.
  func exportWithLeg(
    _ trip: String, from: String, _ edit: (inout [String: Any]) -> Void
  ) throws -> (original: Data, edited: URL, index: Int) {
    let url = scratch.appendingPathComponent("\(trip).json")
    try runOK(["trip", "export", trip, "--format", "json", "--out", url.path])
    let original = try Data(contentsOf: url)
    var file = try XCTUnwrap(try JSONSerialization.jsonObject(with: original) as? [String: Any])
    var items = try XCTUnwrap(file["items"] as? [[String: Any]])
    let index = try XCTUnwrap(
      items.firstIndex { ($0["travel"] as? [String: Any])?.string("fromName") == from })
    var travel = try XCTUnwrap(items[index]["travel"] as? [String: Any])
    edit(&travel)
    items[index]["travel"] = travel
    file["items"] = items
    let edited = scratch.appendingPathComponent("\(trip)-edited.json")
    try JSONSerialization.data(withJSONObject: file).write(to: edited)
    return (original, edited, index)
  }

  /// Review of issue 8: a leg between two stops gets `trip new`'s mode and
  /// estimate whatever the file says (here a 12427 mi, 0 min "flight"
  /// from Cleveland to Chicago), with a warning naming the fields; the
  /// trip shows, checks and exports as `trip new` planned it.
  func testImport_legsTakeTheEstimatorsModeAndFigures() throws {
    try runOK([
      "trip", "new", "Coast to Lake", "-g", "LAN202405310", "-g", "CLE202406040", "-g",
      "CHN202406050",
    ])
    let shown = try runOK(["trip", "show", "Coast to Lake"]).stdout
    XCTAssertTrue(shown.contains("🚗 Cleveland → Chicago · 371 mi · 6 h 11 min"), shown)
    let (original, edited, index) = try exportWithLeg("Coast to Lake", from: "Cleveland") {
      $0["mode"] = "flight"
      $0["durationSeconds"] = 0
      $0["distanceMeters"] = 2e7
    }
    try runOK(["trip", "delete", "Coast to Lake"])
    let result = try run(["trip", "import", edited.path])
    XCTAssertEqual(result.status, 0, result.description)
    let at = "items[\(index)].travel"
    XCTAssertEqual(
      result.stderr,
      "Warning: \(at).mode, \(at).distanceMeters, \(at).durationSeconds: the file says a flight of 12427 mi (20000 km) taking 0 min; Cleveland → Chicago is a drive of 371 mi (598 km) taking 6 h 11 min by the estimate (great-circle × 1.2 at 60 mph), which is used\n"
    )
    XCTAssertEqual(try runOK(["trip", "show", "Coast to Lake"]).stdout, shown)
    try runOK(["trip", "check", "Coast to Lake"])
    let again = scratch.appendingPathComponent("again.json")
    try runOK(["trip", "export", "Coast to Lake", "--format", "json", "--out", again.path])
    XCTAssertEqual(try Data(contentsOf: again), original)
  }

  /// An old file (no modes) of a London Series trip: the leg over the
  /// Atlantic is shown as the flight `trip route` says it is, not as a
  /// 3548 mi drive.
  func testImport_oldFileOfALondonTripShowsTheFlight() throws {
    try runOK(["trip", "new", "London", "--game", "PHI@2024-06-05", "--game", "PHI202406090"])
    let planned = try runOK(["trip", "show", "London", "--json"]).stdout
    let (_, edited, index) = try exportWithLeg("London", from: "Philadelphia") {
      $0["mode"] = nil
      // The drive it was estimated as before flights: great circle × 1.2
      // at 60 mph.
      let straight = ($0["distanceMeters"] as? Double ?? 0)
      $0["distanceMeters"] = straight * 1.2
      $0["durationSeconds"] = straight * 1.2 / 26.8224
    }
    try runOK(["trip", "delete", "London"])
    let result = try run(["trip", "import", edited.path])
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertTrue(
      result.stderr.hasPrefix(
        "Warning: items[\(index)].travel.mode, items[\(index)].travel.distanceMeters, items[\(index)].travel.durationSeconds: the file says a leg of 4257 mi (6851 km) taking 70 h 57 min with no mode (read as a drive); Philadelphia → London is a flight of 3548 mi"
      ), result.stderr)
    let show = try runOK(["trip", "show", "London"]).stdout
    XCTAssertTrue(show.contains("✈️ Philadelphia → London · flight 3548 mi · 10 h 08 min"), show)
    XCTAssertFalse(show.contains("🚗"), show)
    let route = try runOK(["trip", "route", "London"]).stdout
    XCTAssertTrue(route.contains("✈️ flight 3548 mi · 10 h 08 min"), route)
    XCTAssertEqual(try runOK(["trip", "show", "London", "--json"]).stdout, planned)
  }
}

/// `scripts/validate_exports.py` (Python `icalendar`, `geojson`,
/// `xml.etree`) on exported files; fails, never skips, when Python or the
/// packages are missing.
enum ExportValidator {
  static func validate(
    ics: URL, geojson: URL, gpx: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let python = try XCTUnwrap(
      (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "python3 is not on PATH", file: file, line: line)
    let process = Process()
    process.executableURL = python
    process.arguments = [
      CLIProcess.repositoryRoot.appendingPathComponent("scripts/validate_exports.py").path,
      "--ics", ics.path, "--geojson", geojson.path, "--gpx", gpx.path,
    ]
    process.environment = ProcessInfo.processInfo.environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(
      process.terminationStatus, 0,
      "validate_exports.py:\n\(String(decoding: data, as: UTF8.self))", file: file, line: line)
  }
}
