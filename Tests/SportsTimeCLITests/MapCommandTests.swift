import Foundation
import XCTest

/// `sportstime map` end to end: the stored view across runs, `--json`,
/// the SVG (checked with Python's XML parser through
/// `scripts/map_check.py`), visits on the pins, and errors that change
/// nothing.
final class MapCommandTests: EndToEndTestCase {
  static let usage =
    "sportstime map [--zoom <FACTOR>] [--pan <DX,DY>] [--focus <VENUE>] [--reset] [--out <FILE>] [--basemap <FILE>] [--json]"

  /// The default view, as `map --json` prints it.
  static let defaultJSON = """
    {
      "centerLatitude": 37,
      "centerLongitude": -95.85,
      "latitudeSpan": 28,
      "longitudeSpan": 62,
      "isDefault": true
    }
    """

  /// `map … --json` decoded.
  struct View: Decodable, Equatable {
    var centerLatitude: Double
    var centerLongitude: Double
    var latitudeSpan: Double
    var longitudeSpan: Double
    var isDefault: Bool
  }

  func view(_ arguments: [String] = []) throws -> View {
    try decode(View.self, try runOK(["map"] + arguments + ["--json"]).stdout)
  }

  /// The summary `scripts/map_check.py xml` prints for an SVG file.
  func checkSVG(_ file: URL) throws -> [String: Any] {
    let python =
      try ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }.map { URL(fileURLWithPath: $0) } ?? pythonOnPath()
    let process = Process()
    process.executableURL = python
    process.arguments = [
      CLIProcess.repositoryRoot.appendingPathComponent("scripts/map_check.py").path, "xml",
      file.path,
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(process.terminationStatus, 0, "\(summary)")
    XCTAssertEqual(summary["errors"] as? [String], [])
    return summary
  }

  func pythonOnPath() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    XCTFail("python3 is not on PATH; install Python 3 (the map tests check the SVG with it)")
    throw HarnessError("python3 not found")
  }

  // MARK: The view

  func testJSON_defaultShapeAndKeyOrder() throws {
    XCTAssertEqual(try runOK(["map", "--json"]).stdout, Self.defaultJSON + "\n")
    XCTAssertEqual(
      try runOK(["map"]).stdoutLines,
      ["Map view: 37.0000° N, 95.8500° W · 28° × 62° (the default view)"])
  }

  /// Each run starts from the stored view: zoom, pan, focus and reset
  /// build on one another across separate processes.
  func testView_isStoredAndRestoredAcrossRuns() throws {
    XCTAssertEqual(
      try view(["--zoom", "2"]),
      View(
        centerLatitude: 37, centerLongitude: -95.85, latitudeSpan: 14, longitudeSpan: 31,
        isDefault: false))
    let panned = try view(["--pan", "0.5,0.25"])
    XCTAssertEqual(panned.centerLatitude, 40.5, accuracy: 1e-9)
    XCTAssertEqual(panned.centerLongitude, -80.35, accuracy: 1e-9)
    XCTAssertEqual(panned.latitudeSpan, 14)
    // A run with no options changes nothing and reports the stored view.
    XCTAssertEqual(try view(), panned)
    // Zoom applies before pan (whatever the order on the line), so the
    // pan back is a fraction of the doubled spans.
    let back = try view(["--pan=-0.25,-0.125", "--zoom", "0.5"])
    XCTAssertTrue(back.isDefault)
    XCTAssertEqual(
      try runOK(["map", "--zoom", "4"]).stdoutLines,
      ["Map view: 37.0000° N, 95.8500° W · 7° × 15.5°"])
    XCTAssertEqual(try runOK(["map", "--reset", "--json"]).stdout, Self.defaultJSON + "\n")
  }

  func testFocus_centersOnTheVenueAtCityLevel() throws {
    let focused = try view(["--focus", "Wrigley"])
    XCTAssertEqual(
      focused,
      View(
        centerLatitude: 41.9484, centerLongitude: -87.6553, latitudeSpan: 0.01,
        longitudeSpan: 0.01, isDefault: false))
    // By home team, and the focus is remembered while zooming.
    XCTAssertEqual(try view(["--focus", "Red Sox"]).centerLatitude, 42.3467)
    XCTAssertEqual(
      try runOK(["map", "--zoom", "0.5"]).stdoutLines,
      ["Map view: 42.3467° N, 71.0972° W · 0.02° × 0.02° · focus: Fenway Park, Boston"])
    // Reset clears the focus; --reset --focus focuses after resetting.
    XCTAssertEqual(
      try runOK(["map", "--reset"]).stdoutLines,
      ["Map view: 37.0000° N, 95.8500° W · 28° × 62° (the default view)"])
    XCTAssertEqual(try view(["--reset", "--focus", "CHI11", "--zoom", "2"]).latitudeSpan, 0.005)
  }

  /// A renamed venue is shown by its newest name, whichever name found it
  /// (Minute Maid Park became Daikin Park in 2025).
  func testFocus_aRenamedVenueShowsItsNewestName() throws {
    XCTAssertEqual(
      try runOK(["map", "--focus", "Minute Maid Park"]).stdoutLines,
      ["Map view: 29.7573° N, 95.3555° W · 0.01° × 0.01° · focus: Daikin Park, Houston"])
    let out = scratch.appendingPathComponent("houston.svg")
    try runOK(["map", "--out", out.path])
    let svg = try String(contentsOf: out, encoding: .utf8)
    XCTAssertTrue(svg.contains("Daikin Park"), "the card and label use the newest name")
    XCTAssertFalse(svg.contains("Minute Maid"), "no old name on today's map")
  }

  // MARK: The SVG

  /// Arenas of the other sports can be focused like ballparks.
  func testFocus_anArenaOfAnotherSport() throws {
    let result = try runOK(["map", "--focus", "td-garden", "--json"])
    let view = try XCTUnwrap(try parseJSON(result.stdout) as? [String: Any])
    XCTAssertEqual(view["centerLatitude"] as? Double, 42.3663)
    XCTAssertEqual(view["centerLongitude"] as? Double, -71.0622)
    XCTAssertEqual(view["latitudeSpan"] as? Double, 0.01)
  }

  /// With visits recorded (`visit add`), the SVG shows them: visited pins,
  /// badges, and the focused venue's card with count and last visit.
  func testOut_drawsPinsBadgesCardAndBasemap() throws {
    for date in ["2024-06-05", "2023-07-01"] {
      try runOK(["visit", "add", "Wrigley Field", "--date", date])
    }
    try runOK(["visit", "add", "Fenway Park", "--date", "2024-08-01"])
    let out = scratch.appendingPathComponent("usa.svg")
    let basemap = try CLIProcess.dataDirectory.get()
      .appendingPathComponent("basemap/us-states.json")
    let result = try runOK(["map", "--out", out.path, "--basemap", basemap.path])
    XCTAssertEqual(
      result.stdoutLines,
      [
        "Map view: 37.0000° N, 95.8500° W · 28° × 62° (the default view)",
        "Wrote \(out.path) (\(try Data(contentsOf: out).count) bytes): 115 venues in view, 2 visited.",
      ])
    let svg = try checkSVG(out)
    XCTAssertEqual(svg["width"] as? String, "1200")
    XCTAssertEqual(svg["height"] as? String, "679")
    // The world's countries beside the states file are drawn first, under
    // the lower 48 and DC (AK, HI, PR culled): the 5 in view (issue 28, item 21).
    XCTAssertEqual(svg["basemapPaths"] as? Int, 5 + 49)
    let text = try String(contentsOf: out, encoding: .utf8)
    for country in ["Canada", "Mexico", "United States of America"] {
      XCTAssertTrue(text.contains("<title>\(country)</title>"), country)
    }
    let canada = try XCTUnwrap(text.range(of: "<title>Canada</title>"))
    let michigan = try XCTUnwrap(text.range(of: "<title>Michigan</title>"))
    XCTAssertLessThan(canada.lowerBound, michigan.lowerBound, "the countries beneath the states")
    XCTAssertEqual(svg["badges"] as? [String: String], ["CHI11": "2", "BOS07": "1"])
    let pins = try XCTUnwrap(svg["pins"] as? [[String: Any]])
    // Every sport's venues are drawn (MLB, NBA, NHL, NFL; shared arenas
    // once): 115 fall on the default canvas.
    XCTAssertEqual(pins.count, 115)
    let wrigley = try XCTUnwrap(pins.first { $0["id"] as? String == "CHI11" })
    XCTAssertEqual(wrigley["class"] as? String, "pin visited")
    XCTAssertEqual(wrigley["visits"] as? Int, 2)
    XCTAssertEqual(
      wrigley["title"] as? String, "Wrigley Field, Chicago · 2 visits · last Wed, Jun 5, 2024")
    XCTAssertEqual(svg["resetView"] as? Bool, false)
    XCTAssertTrue(svg["card"] is NSNull)

    let close = scratch.appendingPathComponent("wrigley.svg")
    try runOK(["map", "--focus", "wrigley", "--out", close.path, "--json"])
    let focused = try checkSVG(close)
    XCTAssertEqual(
      focused["card"] as? [String],
      ["Wrigley Field", "Chicago, IL", "2 visits", "Last visit: Wed, Jun 5, 2024"])
    XCTAssertEqual(focused["resetView"] as? Bool, true)
  }

  // MARK: Errors change nothing

  func testUsageErrors() throws {
    let cases: [([String], String)] = [
      (["--zoom", "0"], "--zoom must be between 0.001 and 1000 (got 0)"),
      (["--zoom=-2"], "--zoom must be between 0.001 and 1000 (got -2)"),
      (["--zoom", "-2"], "--zoom must be between 0.001 and 1000 (got -2)"),
      (["--zoom", "big"], "--zoom expects a number, got 'big'"),
      (["--pan", "0.5"], "--pan expects DX,DY: 2 numbers joined by ',', got '0.5'"),
      (["--pan", "a,b"], "--pan expects DX,DY: 2 numbers joined by ',', got 'a,b'"),
      (["--pan", "1,2,3"], "--pan expects DX,DY: 2 numbers joined by ',', got '1,2,3'"),
      (["--zoom", "2", "--zoom", "3"], "--zoom given twice"),
      (
        ["--basemap", "x.geojson"], "--basemap draws outlines on the SVG: give --out FILE too"
      ),
    ]
    for (arguments, message) in cases {
      try assertUsageError(
        ["map"] + arguments, message: message, usage: Self.usage, help: "sportstime map")
    }
    XCTAssertFalse(fileExists(database), "usage errors never create the database")
  }

  /// Issue 8, item 1: a pan or zoom whose result would overflow used to
  /// crash (a precondition failure, exit 132); now every value is checked
  /// against its range first, and the stored view is left as it was.
  func testOverflowingPanOrZoom_isAUsageErrorNotACrash() throws {
    try runOK(["map", "--zoom", "2"])
    let before = try view()
    let cases: [([String], String)] = [
      (["--pan=1e307,0"], "--pan DX must be between -1000 and 1000 (got 1e307)"),
      (["--pan", "0,-1e307"], "--pan DY must be between -1000 and 1000 (got -1e307)"),
      (["--pan", "1e400,0"], "--pan DX must be between -1000 and 1000 (got 1e400)"),
      (["--zoom", "1e307"], "--zoom must be between 0.001 and 1000 (got 1e307)"),
      (["--zoom", "1e-307"], "--zoom must be between 0.001 and 1000 (got 1e-307)"),
    ]
    for (arguments, message) in cases {
      try assertUsageError(
        ["map"] + arguments, message: message, usage: Self.usage, help: "sportstime map")
    }
    XCTAssertEqual(try view(), before)
    // The extremes that are allowed give valid views.
    let far = try view(["--zoom", "0.001", "--pan", "1000,1000"])
    XCTAssertLessThanOrEqual(far.centerLatitude + far.latitudeSpan / 2, 90)
    let near = try view(["--zoom", "1000", "--pan", "-1000,-1000"])
    XCTAssertGreaterThanOrEqual(near.centerLatitude - near.latitudeSpan / 2, -90)
  }

  /// Issue 8, item 19: a negative pan is written like any negative number
  /// (it used to need `--pan=-0.5,0`).
  func testPan_negativeValueNeedsNoEquals() throws {
    let west = try view(["--pan", "-0.5,0"])
    XCTAssertEqual(west.centerLongitude, -95.85 - 31, accuracy: 1e-9)
    XCTAssertEqual(west.centerLatitude, 37, accuracy: 1e-9)
    let back = try view(["--pan", "0.5,-0.25"])
    XCTAssertEqual(back.centerLongitude, -95.85, accuracy: 1e-9)
    XCTAssertEqual(back.centerLatitude, 30, accuracy: 1e-9)
  }

  /// Issue 8, item 19: zooming out never shows latitudes beyond ±90°; the
  /// view slides toward the equator just enough.
  func testZoomOut_neverShowsBeyondThePoles() throws {
    let far = try view(["--zoom", "0.1"])
    XCTAssertEqual(far.longitudeSpan, 360, accuracy: 1e-9)
    XCTAssertEqual(far.latitudeSpan, 28 * 360 / 62, accuracy: 1e-6)
    XCTAssertEqual(far.centerLatitude + far.latitudeSpan / 2, 90, accuracy: 1e-6)
    XCTAssertEqual(far.centerLongitude, -95.85, accuracy: 1e-9)
    // Panning north from there cannot go past the pole either.
    let north = try view(["--pan", "0,5"])
    XCTAssertLessThanOrEqual(north.centerLatitude + north.latitudeSpan / 2, 90 + 1e-9)
    let text = try runOK(["map", "--reset", "--zoom", "0.001"]).stdoutLines
    XCTAssertEqual(text, ["Map view: 8.7097° N, 95.8500° W · 162.6° × 360°"])
  }

  func testFailures_leaveTheStoredViewUnchanged() throws {
    try runOK(["map", "--zoom", "2"])
    let before = try view()
    try assertFailure(["map", "--focus", "Nowhere Park", "--zoom", "3"], containing: ["Nowhere"])
    try assertFailure(
      ["map", "--zoom", "3", "--out", scratch.appendingPathComponent("no/such/dir/m.svg").path],
      containing: ["does not exist"])
    let bad = scratch.appendingPathComponent("bad.geojson")
    try Data(#"{"type": "FeatureCollection", "features": [{"geometry": 5}]}"#.utf8).write(to: bad)
    try assertFailure(
      [
        "map", "--zoom", "3", "--out", scratch.appendingPathComponent("m.svg").path,
        "--basemap", bad.path,
      ],
      containing: ["bad.geojson", "features[0].geometry"])
    try assertFailure(
      [
        "map", "--zoom", "3", "--out", scratch.appendingPathComponent("m.svg").path,
        "--basemap", scratch.appendingPathComponent("missing.json").path,
      ],
      containing: ["cannot read the basemap", "no such file"])
    // A directory cannot be replaced by the SVG: refused before any change.
    let directory = scratch.appendingPathComponent("taken.svg")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try assertFailure(
      ["map", "--zoom", "3", "--out", directory.path], containing: ["is a directory"])
    XCTAssertEqual(try view(), before)
    XCTAssertFalse(fileExists(scratch.appendingPathComponent("m.svg")))
  }

  func testHelp_mentionsEveryOption() throws {
    let help = try runOK(["map", "--help"]).stdout
    for option in ["--zoom", "--pan", "--focus", "--reset", "--out", "--basemap", "--json"] {
      XCTAssertTrue(help.contains(option), option)
    }
    XCTAssertTrue(try runOK(["--help"]).stdout.contains("map"))
  }
}
