import Foundation
import XCTest

@testable import SportsTimeStore

/// `trip route` and `trip export` end to end on the real 2024 schedule. The
/// files are checked by independent parsers (Python `icalendar`, `geojson`,
/// `xml.etree`, `markdown-it-py`) through `scripts/validate_exports.py`; these tests fail (never
/// skip) when Python or those packages are missing.
final class ExportCommandTests: ItineraryTestCase {
  static let trip = "Lakes; Tigers, Cubs & <Brewers>"

  /// Commas, a semicolon, a newline, a backslash, accents, emoji and CJK.
  static let trickyTitle = "Dinner, \"Zoë's\"; back\\slash\nline two — Café ⚾️🍕 北京烤鸭"
  /// The title as stored: one line (issue 8: a line break becomes a space).
  static let storedTrickyTitle = "Dinner, \"Zoë's\"; back\\slash line two — Café ⚾️🍕 北京烤鸭"

  /// The README's trip (Cleveland, Chicago, Detroit ×2, Milwaukee) with
  /// custom items, two moves, and one item left Unscheduled by a re-plan.
  /// Returns the ids of the tricky item and the museum.
  @discardableResult
  func buildTrip() throws -> (tricky: String, museum: String) {
    try makeTrip([
      "trip", "new", Self.trip, "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
      "--game", "DET@2024-06-07", "--game", "DET202406080", "--game", "MIL@2024-06-10", "--end",
      "2024-06-11",
    ])
    let tricky = try addItem(
      Self.trip, Self.trickyTitle,
      [
        "--category", "restaurant", "--day", "3", "--time", "18:30", "--lat", "42.3365",
        "--lon", "-83.0490", "--address", "1 Campus Martius, Detroit; MI",
      ])
    let museum = try addItem(
      Self.trip, "Museum (DIA)",
      [
        "--category", "activity", "--day", "3", "--lat", "42.3594",
        "--lon", "-83.0649",
      ])
    try addItem(
      Self.trip, "Hotel check-in",
      [
        "--category", "hotel", "--day", "6", "--time", "15:00", "--lat", "43.0389", "--lon",
        "-87.9065",
      ])
    try addItem(Self.trip, "Note for the last day", ["--day", "8"])
    // Reorder: the museum above the dinner; the Detroit → Milwaukee leg to
    // the top of Day 6 (the hotel's time follows to Milwaukee's zone).
    try runOK(["item", "move", Self.trip, museum, "--day", "3", "--top"])
    let show = try showJSON(Self.trip)
    let leg = try XCTUnwrap(show.travelRows.last)
    XCTAssertEqual(leg.title, "Detroit → Milwaukee")
    try runOK(["item", "move", Self.trip, leg.id, "--day", "6", "--top"])
    // Day 8 leaves the trip: its note goes to Unscheduled.
    try runOK(["trip", "replan", Self.trip, "--end", "2024-06-10"])
    return (tricky, museum)
  }

  // MARK: Python validator

  /// `python3` on this process's PATH.
  func python() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    XCTFail(
      "python3 is not on PATH; install Python 3, then run `pip install icalendar geojson markdown-it-py` (the export tests need them)"
    )
    throw HarnessError("python3 not found")
  }

  /// Runs `scripts/validate_exports.py` and returns its JSON summary; fails
  /// the test when the script reports a problem or a package is missing.
  func validate(
    ics: URL, geojson: URL? = nil, gpx: URL? = nil, md: URL? = nil, expect summaries: [String],
    strong: [String] = [], file: StaticString = #filePath, line: UInt = #line
  ) throws -> [String: Any] {
    let process = Process()
    process.executableURL = try python()
    var arguments = [
      CLIProcess.repositoryRoot.appendingPathComponent("scripts/validate_exports.py").path,
      "--ics", ics.path,
    ]
    for (option, url) in [("--geojson", geojson), ("--gpx", gpx), ("--md", md)] {
      if let url { arguments += [option, url.path] }
    }
    for text in summaries { arguments += ["--expect-summary", text] }
    for text in strong { arguments += ["--expect-strong", text] }
    process.arguments = arguments
    // The test's own environment, so pyenv/venv installs are found.
    process.environment = ProcessInfo.processInfo.environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errData = DataReader(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stdout = String(decoding: outData, as: UTF8.self)
    let stderr = String(decoding: errData.wait(), as: UTF8.self)
    if process.terminationStatus == 3 || stderr.contains("ModuleNotFoundError") {
      XCTFail(
        "a Python package is missing: run `pip install icalendar geojson markdown-it-py`\n\(stdout)\(stderr)",
        file: file, line: line)
      throw HarnessError("missing Python packages")
    }
    XCTAssertEqual(
      process.terminationStatus, 0, "validate_exports.py:\n\(stdout)\(stderr)", file: file,
      line: line)
    let summary = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: outData) as? [String: Any], stdout, file: file,
      line: line)
    XCTAssertEqual(
      (summary["errors"] as? [String]) ?? ["no errors list"], [], file: file, line: line)
    return summary
  }

  // MARK: Tests

  func testEveryFormat_toFilesAndStdout_acceptedByIndependentParsers() throws {
    let ids = try buildTrip()
    let show = try showJSON(Self.trip)
    XCTAssertEqual(show.unscheduled.map(\.title), ["Note for the last day"])
    let directory = scratch.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var files: [String: URL] = [:]
    for format in ["md", "ics", "geojson", "gpx", "json"] {
      let url = directory.appendingPathComponent("trip.\(format)")
      let wrote = try runOK(["trip", "export", Self.trip, "--format", format, "--out", url.path])
      let data = try Data(contentsOf: url)
      XCTAssertEqual(wrote.stdout, "Wrote \(url.path) (\(data.count) bytes).\n")
      // Standard output carries the same bytes.
      let printed = try runOK(["trip", "export", Self.trip, "-f", format])
      XCTAssertEqual(printed.stdoutData, data, format)
      files[format] = url
    }
    // Nothing but the five files is left in the directory (no temporary files).
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["trip.geojson", "trip.gpx", "trip.ics", "trip.json", "trip.md"])

    let summary = try validate(
      ics: try XCTUnwrap(files["ics"]), geojson: try XCTUnwrap(files["geojson"]),
      gpx: try XCTUnwrap(files["gpx"]), md: try XCTUnwrap(files["md"]),
      expect: [Self.storedTrickyTitle, "Museum (DIA)"],
      strong: [Self.storedTrickyTitle, "Museum (DIA)", "Note for the last day"])

    // iCalendar: one event per row of the days, in `trip show` order, the
    // tricky title exactly; Unscheduled left out.
    let ics = try XCTUnwrap(summary["ics"] as? [String: Any])
    let events = try XCTUnwrap(ics["events"] as? [[String: Any]])
    let shown = show.rows.filter { $0.kind != "day" }
    XCTAssertEqual(events.compactMap { $0["summary"] as? String }, shown.map(\.title))
    let tripID = show.trip.id
    XCTAssertEqual(
      events.compactMap { $0["uid"] as? String }, shown.map { "\($0.id)@\(tripID).sportstime" })
    XCTAssertEqual(
      events.compactMap { $0["allDay"] as? Bool },
      shown.map { $0.kind == "travel" || ($0.kind == "custom" && $0.time == nil) })
    let tricky = try XCTUnwrap(
      events.first { $0["uid"] as? String == "item:\(ids.tricky)@\(tripID).sportstime" })
    // 18:30 in Detroit (EDT, UTC−4) on Thu Jun 6 = 22:30 UTC.
    XCTAssertEqual(tricky["start"] as? String, "2024-06-06T22:30:00+00:00")
    XCTAssertEqual(tricky["end"] as? String, "2024-06-06T23:30:00+00:00")
    // The museum was moved above the dinner.
    let order = shown.map(\.id)
    XCTAssertLessThan(
      try XCTUnwrap(order.firstIndex(of: "item:\(ids.museum)")),
      try XCTUnwrap(order.firstIndex(of: "item:\(ids.tricky)")))

    // GeoJSON and GPX: the route's waypoints, in `trip route` order, which
    // follows `trip show`.
    let route = try decode(
      RouteJSON.self, try runOK(["trip", "route", Self.trip, "--json"]).stdout)
    let routeIDs = route.waypoints.map(\.rowID)
    XCTAssertEqual(routeIDs, order.filter { routeIDs.contains($0) }, "route follows the rows")
    XCTAssertTrue(routeIDs.contains("item:\(ids.tricky)"))
    let geojson = try XCTUnwrap(summary["geojson"] as? [String: Any])
    XCTAssertEqual(geojson["names"] as? [String], route.waypoints.map(\.name))
    XCTAssertEqual(geojson["rowIDs"] as? [String], routeIDs)
    XCTAssertEqual(geojson["lineType"] as? String, "LineString")
    let gpx = try XCTUnwrap(summary["gpx"] as? [String: Any])
    XCTAssertEqual(gpx["names"] as? [String], route.waypoints.map(\.name))
    XCTAssertEqual(gpx["name"] as? String, Self.trip)
    XCTAssertTrue(route.waypoints.map(\.name).contains(Self.storedTrickyTitle))

    // Markdown: day headings, every row in order, the Unscheduled section.
    let md = try String(contentsOf: try XCTUnwrap(files["md"]), encoding: .utf8)
    XCTAssertTrue(md.hasPrefix("# Lakes; Tigers, Cubs \\& \\<Brewers\\>\n"), md)
    var cursor = md.startIndex
    let expected =
      show.rows.map { $0.kind == "day" ? "## \($0.title)" : markdownEscaped($0.title) }
      + ["## Unscheduled", "Note for the last day"]
    for text in expected {
      guard let found = md.range(of: text, range: cursor..<md.endIndex) else {
        XCTFail("\(text) missing or out of order in\n\(md)")
        break
      }
      cursor = found.upperBound
    }
    XCTAssertTrue(md.contains("**Dinner, \"Zoë's\"; back\\\\slash line two — Café ⚾️🍕 北京烤鸭**"))

    // The SportsTime JSON export is the trip file `trip import` reads.
    let json = try XCTUnwrap(
      try parseJSON(String(contentsOf: try XCTUnwrap(files["json"]), encoding: .utf8))
        as? [String: Any])
    XCTAssertEqual(json["format"] as? String, "sportstime-trip")
  }

  /// The Markdown escaping documented for the export (newlines → spaces).
  func markdownEscaped(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
      if c == "\n" {
        out += " "
        continue
      }
      if "\\`*_{}[]()<>#+!|~&$".unicodeScalars.contains(c) { out += "\\" }
      out.unicodeScalars.append(c)
    }
    return out
  }

  func testExportIsByteIdenticalInEveryMachineTimeZone() throws {
    try buildTrip()
    for format in ["md", "ics", "geojson", "gpx", "json"] {
      var outputs: [Data] = []
      for zone in ["America/Los_Angeles", "Pacific/Auckland", "Asia/Kolkata"] {
        let url = scratch.appendingPathComponent(
          "\(zone.replacingOccurrences(of: "/", with: "-")).\(format)")
        try runOK(
          ["trip", "export", Self.trip, "--format", format, "--out", url.path], extra: ["TZ": zone])
        outputs.append(try Data(contentsOf: url))
        outputs.append(
          try runOK(["trip", "export", Self.trip, "--format", format], extra: ["TZ": zone])
            .stdoutData)
      }
      XCTAssertEqual(Set(outputs).count, 1, "\(format) differs between machine time zones")
      XCTAssertGreaterThan(outputs[0].count, 500, format)
    }
  }

  /// Titles that start with a character the cleaner removes, and that are
  /// full of Markdown and iCalendar specials, as typed and as an older
  /// database may hold them (written straight into it): the Markdown shows
  /// each as bold text (CommonMark, checked by markdown-it-py), the
  /// calendar holds each as its SUMMARY, and no file holds a control
  /// character.
  func testOddTitles_stayBoldInMarkdownAndExactInTheCalendar() throws {
    try makeTrip(["trip", "new", "Odd", "--game", "CHC@2024-06-05", "--game", "DET@2024-06-07"])
    let typed: [(String, String)] = [
      ("\u{1B}[1mDeep dish", "[1mDeep dish"),
      ("\u{202E}*Stars* and _under_ `code`", "*Stars* and _under_ `code`"),
      ("\u{200B}# [link](x) <b>&amp; | ~ $ \\ !", "# [link](x) <b>&amp; | ~ $ \\ !"),
      ("\t**double** stars**", "**double** stars**"),
      ("\u{7}Zoë’s café; dinner, drinks\u{1B}", "Zoë’s café; dinner, drinks"),
    ]
    var ids: [String] = []
    for (title, stored) in typed {
      let id = try addItem("Odd", title, ["--day", "2"])
      XCTAssertEqual(try showJSON("Odd").row("item:\(id)")?.title, stored)
      ids.append(id)
    }
    // An older database: titles stored before they were cleaned.
    let raw = [" \u{1B}\n**x", "\u{202E}", "\u{2028}_y_ \u{7}"]
    do {
      let store = try Store(path: database.path)
      for (id, title) in zip(ids, raw) {
        try store.database.execute(
          "UPDATE itinerary_items SET title = ?1 WHERE id = ?2", [.text(title), .text(id)])
      }
      try store.close()
    }
    let expected = ["**x", "_y_"] + typed.dropFirst(3).map(\.1)
    let md = scratch.appendingPathComponent("odd.md")
    let ics = scratch.appendingPathComponent("odd.ics")
    try runOK(["trip", "export", "Odd", "--format", "md", "--out", md.path])
    try runOK(["trip", "export", "Odd", "--format", "ics", "--out", ics.path])
    let summary = try validate(
      ics: ics, md: md, expect: typed.dropFirst(3).map(\.1), strong: expected)
    let strong = try XCTUnwrap((summary["md"] as? [String: Any])?["strong"] as? [String])
    XCTAssertEqual(strong.count, 2 + 1 + typed.count - 1, "games, the leg, every titled item")
    XCTAssertTrue(
      try String(contentsOf: md, encoding: .utf8).contains("*(untitled)*"),
      "a title with nothing visible is shown as untitled")
    for url in [md, ics] {
      let bytes = try Data(contentsOf: url)
      XCTAssertFalse(bytes.contains(0x1B), url.lastPathComponent)
      XCTAssertFalse(bytes.contains(0x07), url.lastPathComponent)
    }
  }

  func testRoute_textAndJSON() throws {
    try buildTrip()
    let route = try decode(
      RouteJSON.self, try runOK(["trip", "route", Self.trip, "--json"]).stdout)
    // Cleveland, Chicago, the museum and the dinner in Detroit, Comerica
    // Park (two games collapse into one waypoint), the hotel, Milwaukee.
    XCTAssertEqual(
      route.waypoints.map(\.name),
      [
        "Progressive Field", "Wrigley Field", "Museum (DIA)", Self.storedTrickyTitle,
        "Comerica Park",
        "Hotel check-in", "American Family Field",
      ])
    XCTAssertEqual(route.waypoints.map(\.day), [1, 2, 3, 3, 4, 6, 7])
    XCTAssertEqual(route.waypoints[2].latitude, 42.3594)
    XCTAssertEqual(route.waypoints[2].longitude, -83.0649)
    XCTAssertGreaterThan(route.totalDistanceMeters, 1_500_000)
    XCTAssertLessThan(route.totalDistanceMeters, 2_500_000)
    let raw = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "route", Self.trip, "--json"]).stdout) as? [String: Any])
    // `legs` added with travel modes (issue 8, item 6); `cannotBeDone`
    // with the days that cannot be done (issue 28, item 5): none here.
    XCTAssertEqual(raw.sortedKeys, ["cannotBeDone", "legs", "totalDistanceMeters", "waypoints"])
    XCTAssertEqual((raw["cannotBeDone"] as? [Any])?.count, 0)
    let first = try XCTUnwrap((raw["waypoints"] as? [[String: Any]])?.first)
    XCTAssertEqual(first.sortedKeys, ["day", "latitude", "longitude", "name", "rowID"])

    let text = try runOK(["trip", "route", Self.trip]).stdoutLines
    XCTAssertEqual(text.first, "Route of \"\(Self.trip)\" · 7 waypoints")
    XCTAssertEqual(text.count, 9)
    XCTAssertTrue(text[1].hasPrefix("1  Day 1  row 2 "), text[1])
    XCTAssertTrue(text[1].contains(" Progressive Field "), text[1])
    XCTAssertTrue(text[1].hasSuffix("41.496200, -81.685200"), text[1])
    // The newline of the title is not printed.
    XCTAssertTrue(text[4].contains("back\\slash line two"), text[4])
    let miles = Int((route.totalDistanceMeters / 1609.344).rounded())
    XCTAssertEqual(text.last, "Total: \(miles) mi · great-circle × 1.2 at 60 mph (estimate)")
    let metric = try runOK(["trip", "route", Self.trip, "--metric"]).stdoutLines
    let km = Int((route.totalDistanceMeters / 1000).rounded())
    XCTAssertEqual(metric.last, "Total: \(km) km · great-circle × 1.2 at 97 km/h (estimate)")
  }

  func testRoute_oneVenueTripHasOneWaypointAndNoDistance() throws {
    try runOK(["trip", "new", "Solo", "--game", "CHC@2024-06-04"])
    let json = try decode(RouteJSON.self, try runOK(["trip", "route", "Solo", "--json"]).stdout)
    XCTAssertEqual(json.waypoints.map(\.name), ["Wrigley Field"])
    XCTAssertEqual(json.totalDistanceMeters, 0)
  }

  func testExport_refusesBadFormatsAndMissingDirectories() throws {
    try makeTrip(Self.shortTrip)
    let usage =
      "sportstime trip export <TRIP> --format <FORMAT> [--out <FILE>] [--metric] [--paper <PAPER>] [--basemap <FILE>]"
    try assertUsageError(
      ["trip", "export", "Short", "--format", "docx"],
      message: "--format expects md, ics, geojson, gpx, json or pdf, got 'docx'", usage: usage,
      help: "sportstime trip export")
    try assertUsageError(
      ["trip", "export", "Short"], message: "Missing --format", usage: usage,
      help: "sportstime trip export")
    let missing = scratch.appendingPathComponent("no/such/dir/trip.ics")
    try assertFailure(
      ["trip", "export", "Short", "--format", "ics", "--out", missing.path],
      containing: [
        "cannot write", "does not exist", scratch.appendingPathComponent("no/such/dir").path,
      ])
    XCTAssertFalse(FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    try assertFailure(
      ["trip", "export", "Short", "--format", "ics", "--out", scratch.path],
      containing: ["is a directory"])
    try assertFailure(
      ["trip", "export", "Nope", "--format", "md"], containing: ["Nope"])
  }

  func testExport_replacesAnExistingFileWhole() throws {
    try makeTrip(Self.shortTrip)
    let url = scratch.appendingPathComponent("trip.txt")
    try Data(repeating: 0x41, count: 100_000).write(to: url)
    try runOK(["trip", "export", "Short", "--format", "gpx", "--out", url.path])
    let gpx = try String(contentsOf: url, encoding: .utf8)
    XCTAssertTrue(gpx.hasPrefix("<?xml"))
    XCTAssertTrue(gpx.hasSuffix("</gpx>\n"))
    XCTAssertFalse(gpx.contains("AAAA"))
    // A relative path is relative to the working directory.
    try runOK(["trip", "export", "Short", "--format", "md", "--out", "short.md"])
    XCTAssertTrue(fileExists(scratch.appendingPathComponent("short.md")))
  }

  /// A symbolic link is followed (its target replaced, the link kept); a
  /// device is written to, never replaced by a file.
  func testExport_followsSymlinksAndWritesIntoDevices() throws {
    try makeTrip(Self.shortTrip)
    let real = scratch.appendingPathComponent("real.md")
    let link = scratch.appendingPathComponent("link.md")
    try Data("old".utf8).write(to: real)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    try runOK(["trip", "export", "Short", "--format", "md", "--out", link.path])
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path,
      "the link is still a link")
    XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).hasPrefix("# Short"))
    let null = try runOK(["trip", "export", "Short", "--format", "md", "--out", "/dev/null"])
    XCTAssertTrue(null.stdout.hasPrefix("Wrote /dev/null"), null.stdout)
    var info = stat()
    XCTAssertEqual(stat("/dev/null", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a device")
  }
}

/// `trip route --json`.
struct RouteJSON: Decodable {
  struct Waypoint: Decodable {
    var name: String
    var latitude: Double
    var longitude: Double
    var rowID: String
    var day: Int
  }

  var waypoints: [Waypoint]
  var totalDistanceMeters: Double
}

/// Reads a pipe to its end on another thread.
private final class DataReader: @unchecked Sendable {
  private let group = DispatchGroup()
  private var data = Data()

  init(_ handle: FileHandle) {
    group.enter()
    DispatchQueue.global().async { [self] in
      data = handle.readDataToEndOfFile()
      group.leave()
    }
  }

  func wait() -> Data {
    group.wait()
    return data
  }
}
