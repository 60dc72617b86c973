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
  /// imports, its legs as the drives they were estimated as; `trip replan`
  /// re-estimates them as flights.
  func testImport_oldTripFileWithoutModesStillImports() throws {
    try runOK(Self.seoul)
    let url = scratch.appendingPathComponent("old.json")
    try runOK(["trip", "export", "Seoul Series", "--format", "json", "--out", url.path])
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
    try runOK(["trip", "import", url.path])
    let legs = try travelRows("Seoul Series")
    XCTAssertEqual(legs.first?.string("mode"), "drive")
    XCTAssertTrue(
      try runOK(["trip", "show", "Seoul Series"]).stdout.contains(
        "🚗 Seoul → Los Angeles · 7156 mi · 119 h 16 min"))
    try runOK(["trip", "replan", "Seoul Series"])
    let replanned = try travelRows("Seoul Series")
    XCTAssertEqual(replanned.first?.string("mode"), "flight")
    XCTAssertEqual(replanned.first?.double("durationSeconds"), 53_985)
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
        "Warning: Tight leg London → New York: the flight takes about 9 h 57 min (airports included) but there is only 8 h 00 min between the end of NYM @ PHI (PHI202406090) and the first pitch of LAD @ NYY (NYA202406090)."
      ])
    XCTAssertEqual(try travelRows("London Yankees").first?.bool("tight"), true)
  }

  /// Toronto is across a border but on the same road network: a drive.
  func testTorontoToDetroit_isADrive() throws {
    try runOK(["trip", "new", "Border", "--game", "TOR@2024-06-04", "--game", "DET@2024-06-07"])
    XCTAssertEqual(try travelRows("Border").map { $0.string("mode") }, ["drive"])
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
