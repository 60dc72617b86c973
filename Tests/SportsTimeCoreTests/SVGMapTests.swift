import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The SVG progress map: structure checked with Python's XML parser, and
/// pixels checked after rendering with a real SVG renderer (`rsvg-convert`
/// from librsvg2-bin) and decoding the PNG in `scripts/map_check.py`. These
/// tests fail (never skip) when python3 or rsvg-convert is missing.
final class SVGMapTests: XCTestCase {
  var scratch: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("sportstime-svgmap-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let scratch { try? FileManager.default.removeItem(at: scratch) }
    try super.tearDownWithError()
  }

  /// Visits for a few venues (counts and last visits), the rest unvisited.
  static let visits: [Venue.ID: (Int, String)] = [
    "CHI11": (3, "2024-06-05"), "SEA03": (1, "2024-05-05"), "MIA02": (12, "2023-09-09"),
    "DEN02": (1, "2024-07-04"), "BOS07": (2, "2024-08-01"),
  ]

  /// Every catalog venue as a pin, with `visits`.
  func pins() throws -> [MapPin] {
    try Fixtures.catalog().venues.values.sorted { $0.id < $1.id }.map { venue in
      guard let (count, date) = Self.visits[venue.id] else { return MapPin(venue: venue) }
      return MapPin(venue: venue, visits: count, lastVisit: try Fixtures.date(date))
    }
  }

  /// Writes `map` to a file and returns the XML summary of map_check.py.
  func checkXML(_ map: SVGMap, name: String = "map.svg") throws -> [String: Any] {
    let file = scratch.appendingPathComponent(name)
    try Data(map.render().utf8).write(to: file)
    let result = try MapTestSupport.run(
      MapTestSupport.python(), [MapTestSupport.script.path, "xml", file.path])
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    let summary = try XCTUnwrap(object, "map_check.py printed: \(result)")
    XCTAssertEqual(result.status, 0, "\(result)")
    XCTAssertEqual(summary["errors"] as? [String], [], "\(summary)")
    return summary
  }

  // MARK: Structure

  func testRender_isWellFormedWithSizeAndPins() throws {
    let map = SVGMap(viewport: .continentalUnitedStates, pins: try pins())
    let svg = try checkXML(map)
    XCTAssertEqual(svg["root"] as? String, "{http://www.w3.org/2000/svg}svg")
    XCTAssertEqual(svg["width"] as? String, "1200")
    XCTAssertEqual(svg["height"] as? String, "679")
    XCTAssertEqual(svg["viewBox"] as? String, "0 0 1200 679")
    let drawn = try XCTUnwrap(svg["pins"] as? [[String: Any]])
    // Every venue in the US and Canada, nothing overseas or in Mexico.
    let catalog = try Fixtures.catalog()
    let expected = catalog.venues.values.filter { ["US", "CA"].contains($0.country) }
    XCTAssertEqual(Set(drawn.compactMap { $0["id"] as? String }), Set(expected.map(\.id.rawValue)))
    let projection = MapProjection(viewport: .continentalUnitedStates, width: 1200)
    for pin in drawn {
      let id = try XCTUnwrap(pin["id"] as? String)
      let venue = try XCTUnwrap(catalog.venue(Venue.ID(id)))
      let point = projection.point(for: venue.coordinate)
      XCTAssertEqual(pin["cx"] as? Double ?? -1, point.x, accuracy: 0.005, id)
      XCTAssertEqual(pin["cy"] as? Double ?? -1, point.y, accuracy: 0.005, id)
      let visits = Self.visits[venue.id]?.0 ?? 0
      XCTAssertEqual(pin["visits"] as? Int, visits, id)
      XCTAssertEqual(pin["class"] as? String, visits > 0 ? "pin visited" : "pin unvisited", id)
    }
    // Badges only on visited pins, "99+" never needed here.
    XCTAssertEqual(
      svg["badges"] as? [String: String],
      ["CHI11": "3", "SEA03": "1", "MIA02": "12", "DEN02": "1", "BOS07": "2"])
    XCTAssertEqual(svg["scaleBar"] as? [String], ["200 mi", "500 km"])
    XCTAssertEqual(svg["resetView"] as? Bool, false)
    XCTAssertTrue(svg["card"] is NSNull)
    XCTAssertEqual(svg["basemapPaths"] as? Int, 0)
  }

  /// Labels are placed where they fit: none overlaps another, a pin, a
  /// badge or a panel; visited venues are labelled first.
  func testLabels_neverOverlap() throws {
    let map = SVGMap(viewport: .continentalUnitedStates, pins: try pins())
    let placed = map.placedPins
    let labels = map.scene.placedLabels(placed: placed, reserved: [])
    XCTAssertGreaterThan(labels.count, 25)
    for id in Self.visits.keys {
      XCTAssertTrue(labels.contains { $0.venueID == id }, "visited \(id) is labelled")
    }
    func box(_ label: SVGMap.PlacedLabel) -> CanvasBox {
      let w = MapScene.textWidth(label.text, size: MapScene.labelSize)
      let minX =
        label.anchor == "start" ? label.x : label.anchor == "end" ? label.x - w : label.x - w / 2
      return CanvasBox(minX: minX, minY: label.y - 9, maxX: minX + w, maxY: label.y + 3)
    }
    let boxes = labels.map(box)
    for i in boxes.indices {
      XCTAssertTrue(
        boxes[i].minX >= 0 && boxes[i].maxX <= 1200 && boxes[i].minY >= 0
          && boxes[i].maxY <= 679, labels[i].text)
      for j in boxes.indices where j > i {
        XCTAssertFalse(boxes[i].intersects(boxes[j]), "\(labels[i].text) / \(labels[j].text)")
      }
      for item in placed {
        let r = MapScene.pinRadius
        let pinBox = CanvasBox(
          minX: item.point.x - r, minY: item.point.y - r, maxX: item.point.x + r,
          maxY: item.point.y + r)
        XCTAssertFalse(boxes[i].intersects(pinBox), "\(labels[i].text) covers \(item.pin.venue.id)")
        if item.pin.isVisited {
          XCTAssertFalse(
            boxes[i].intersects(MapScene.badgeBox(item)),
            "\(labels[i].text) covers \(item.pin.venue.id)'s badge")
        }
      }
    }
  }

  /// The focused venue's card (name, city, visits, last visit), a ring, and
  /// "Reset View" away from the default.
  func testFocus_cardAndResetView() throws {
    let catalog = try Fixtures.catalog()
    let wrigley = try XCTUnwrap(catalog.venue("CHI11"))
    let view = MapViewport.continentalUnitedStates.focused(on: wrigley.coordinate)
    let map = SVGMap(viewport: view, pins: try pins(), focusedVenueID: "CHI11")
    let svg = try checkXML(map)
    XCTAssertEqual(
      svg["card"] as? [String],
      ["Wrigley Field", "Chicago, IL", "3 visits", "Last visit: Wed, Jun 5, 2024"])
    XCTAssertEqual(svg["resetView"] as? Bool, true)
    XCTAssertEqual(svg["width"] as? String, "1200")
    XCTAssertEqual(svg["height"] as? String, "1503")
    let drawn = try XCTUnwrap(svg["pins"] as? [[String: Any]])
    XCTAssertEqual(drawn.compactMap { $0["id"] as? String }, ["CHI11"])
    XCTAssertEqual(drawn.first?["cx"] as? Double, 600)
    XCTAssertEqual(drawn.first?["cy"] as? Double, 751.5)
    XCTAssertEqual(svg["scaleBar"] as? [String], ["200 ft", "50 m"])
    XCTAssertTrue(map.render().contains(#"<circle id="focus-ring" cx="600" cy="751.5""#))

    // Not visited: the card says so; no last visit line.
    let coors = try XCTUnwrap(catalog.venue("PHO01"))
    let other = SVGMap(
      viewport: view.focused(on: coors.coordinate), pins: try pins(), focusedVenueID: "PHO01")
    XCTAssertEqual(
      try checkXML(other)["card"] as? [String], ["Chase Field", "Phoenix, AZ", "Not visited yet"])
    // An unknown focus draws no card.
    let none = SVGMap(viewport: view, pins: try pins(), focusedVenueID: "XXX01")
    XCTAssertTrue(try checkXML(none)["card"] is NSNull)
  }

  /// Text from the venue tables is escaped; XML-forbidden characters are
  /// dropped; ids stay XML names.
  func testRender_escapesText() throws {
    let weird = Venue(
      id: "A&B<1>", name: "<Tricky> & \"Quoted\" 'Park'\u{1}\u{7F}\nline", city: "Zoë's & Co",
      region: "IL", country: "US",
      coordinate: Coordinate(latitude: 40, longitude: -95)!, timeZoneID: "America/Chicago")
    let map = SVGMap(
      viewport: .continentalUnitedStates,
      pins: [MapPin(venue: weird, visits: 150, lastVisit: try Fixtures.date("2024-01-02"))],
      focusedVenueID: weird.id)
    let svg = try checkXML(map)
    let card = try XCTUnwrap(svg["card"] as? [String])
    XCTAssertEqual(card[0], "<Tricky> & \"Quoted\" 'Park' line")
    XCTAssertEqual(card[1], "Zoë's & Co, IL")
    XCTAssertEqual(card[2], "150 visits")
    XCTAssertEqual(svg["badges"] as? [String: String], ["A_B_1_": "99+"])
    let pin = try XCTUnwrap((svg["pins"] as? [[String: Any]])?.first)
    XCTAssertEqual(pin["id"] as? String, "A_B_1_")
    XCTAssertEqual(
      pin["title"] as? String,
      "<Tricky> & \"Quoted\" 'Park' line, Zoë's & Co · 150 visits · last Tue, Jan 2, 2024")
    XCTAssertEqual(SVGMap.escape("a\u{0}b\u{FFFE}c\u{9F}d"), "abcd")
    XCTAssertEqual(SVGMap.escape("<&>\"'"), "&lt;&amp;&gt;&quot;&apos;")
  }

  /// Outlines are culled and clipped to the canvas: even at the deepest
  /// zoom no path coordinate strays far (renderers have coordinate limits).
  func testBasemap_clippedAtAnyZoom() throws {
    let states = try MapTestSupport.usStates()
    let catalog = try Fixtures.catalog()
    let wrigley = try XCTUnwrap(catalog.venue("CHI11"))
    let views: [MapViewport] = [
      .continentalUnitedStates,
      MapViewport.continentalUnitedStates.zoomed(by: 1e9, around: wrigley.coordinate),
      MapViewport(latitude: 0, longitude: 0, latitudeSpan: 180, longitudeSpan: 360),
      MapViewport(latitude: 55, longitude: 180, latitudeSpan: 20, longitudeSpan: 40),
    ]
    for view in views {
      let map = SVGMap(viewport: view, pins: try pins(), basemap: states)
      let svg = map.render()
      let height = map.projection.height
      // Every number inside d="…" of the basemap.
      let basemap = try XCTUnwrap(svg.components(separatedBy: #"<g id="basemap""#).last)
        .components(separatedBy: "</g>")[0]
      for path in basemap.components(separatedBy: #" d=""#).dropFirst() {
        let d = path.prefix { $0 != "\"" }
        let numbers = d.split(whereSeparator: { "MLZ ".contains($0) }).compactMap { Double($0) }
        for (index, value) in numbers.enumerated() {
          let limit = index % 2 == 0 ? 1200.0 : height
          XCTAssertTrue(value >= -8.05 && value <= limit + 8.05, "\(view): \(value)")
        }
      }
      _ = try checkXML(map, name: "clip.svg")
    }
    // The Chicago close-up lies inside Illinois: one path, the whole canvas.
    let close = SVGMap(
      viewport: MapViewport.continentalUnitedStates.focused(on: wrigley.coordinate),
      pins: try pins(), basemap: states)
    XCTAssertEqual(try checkXML(close)["basemapPaths"] as? Int, 1)
    XCTAssertTrue(close.render().contains(#"<path id="area-IL""#))
    // Across the antimeridian, the Aleutians are drawn (wrapped or not).
    let aleutians = SVGMap(
      viewport: MapViewport(latitude: 53, longitude: 180, latitudeSpan: 6, longitudeSpan: 20),
      pins: [], basemap: states)
    XCTAssertTrue(aleutians.render().contains(#"<path id="area-AK""#))
  }

  func testRender_isDeterministic() throws {
    let states = try MapTestSupport.usStates()
    let a = SVGMap(viewport: .continentalUnitedStates, pins: try pins(), basemap: states)
    let b = SVGMap(
      viewport: .continentalUnitedStates, pins: try pins().reversed(), basemap: states)
    XCTAssertEqual(a.render(), b.render())
  }

  func testScaleBarLengths() {
    XCTAssertEqual(MapScene.roundLength(maxMeters: 120 * 1000, unitMeters: 1000), 100)
    XCTAssertEqual(MapScene.roundLength(maxMeters: 260 * 1609.344, unitMeters: 1609.344), 200)
    XCTAssertEqual(MapScene.roundLength(maxMeters: 5, unitMeters: 1), 5)
    XCTAssertEqual(MapScene.roundLength(maxMeters: 0.7, unitMeters: 1), 0.5, accuracy: 1e-12)
    XCTAssertEqual(MapScene.lengthText(0.5), "0.5")
    XCTAssertEqual(MapScene.lengthText(2000), "2000")
  }

  // MARK: Rendered pixels

  /// Renders the default map with the US states beneath, with rsvg-convert,
  /// and checks in the PNG that every pin is drawn, in its style's colour,
  /// centered where the projection puts it (within a pixel), and that land
  /// and water fall where the projection puts them.
  func testRendered_pinsLandWhereTheProjectionSays() throws {
    let states = try MapTestSupport.usStates()
    let map = SVGMap(viewport: .continentalUnitedStates, pins: try pins(), basemap: states)
    try assertPixels(
      map,
      probes: [
        (37, -70, SVGMap.Palette.water),  // Atlantic
        (25, -92, SVGMap.Palette.water),  // Gulf of Mexico
        (43.5, -87.1, SVGMap.Palette.water),  // Lake Michigan
        (41.5, -102.5, SVGMap.Palette.land),  // Nebraska panhandle
        (39.3, -117, SVGMap.Palette.land),  // Nevada
      ], minimumChecked: 20)
  }

  /// The same after zooming around Wrigley and panning: the projection is
  /// followed at another scale and offset.
  func testRendered_zoomedAndPanned() throws {
    let states = try MapTestSupport.usStates()
    let catalog = try Fixtures.catalog()
    let wrigley = try XCTUnwrap(catalog.venue("CHI11"))
    let view = MapViewport.continentalUnitedStates.zoomed(by: 3, around: wrigley.coordinate)
      .panned(dx: 0.1, dy: -0.05)
    let map = SVGMap(viewport: view, pins: try pins(), basemap: states)
    XCTAssertGreaterThan(map.placedPins.count, 10)
    try assertPixels(map, probes: [(43.5, -87.1, SVGMap.Palette.water)], minimumChecked: 8)
  }

  /// Renders `map`, then checks each drawn pin and each `(latitude,
  /// longitude, colour)` probe in the PNG.
  func assertPixels(
    _ map: SVGMap, probes: [(Double, Double, String)], minimumChecked: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let svgFile = scratch.appendingPathComponent("render.svg")
    let pngFile = scratch.appendingPathComponent("render.png")
    try Data(map.render().utf8).write(to: svgFile)
    let rendered = try MapTestSupport.run(
      MapTestSupport.rsvgConvert(), ["--format=png", "--output", pngFile.path, svgFile.path])
    XCTAssertEqual(rendered.status, 0, "rsvg-convert: \(rendered)", file: file, line: line)

    let placed = map.placedPins
    let points = probes.map { map.projection.point(latitude: $0.0, longitude: $0.1, wrap: true) }
    func crowded(_ item: SVGMap.PlacedPin) -> Bool {
      placed.contains {
        $0.pin.venue.id != item.pin.venue.id
          && hypot($0.point.x - item.point.x, $0.point.y - item.point.y) < 14
      }
    }
    var query: [String: Any] = [
      "points": (placed.map(\.point) + points).map { [$0.x, $0.y] }
    ]
    query["windows"] = placed.map { item -> [String: Any] in
      [
        "x": item.point.x, "y": item.point.y, "radius": 12,
        "color": MapTestSupport.rgb(
          item.pin.isVisited ? SVGMap.Palette.visitedPin : SVGMap.Palette.unvisitedPin),
        "tolerance": 6,
      ]
    }
    let result = try MapTestSupport.run(
      MapTestSupport.python(), [MapTestSupport.script.path, "pixels", pngFile.path],
      input: try JSONSerialization.data(withJSONObject: query))
    XCTAssertEqual(result.status, 0, "\(result)", file: file, line: line)
    let answer = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], file: file,
      line: line)
    XCTAssertEqual(answer["width"] as? Int, Int(map.projection.width), file: file, line: line)
    XCTAssertEqual(answer["height"] as? Int, Int(map.projection.height), file: file, line: line)
    let panels = map.scene.panelBoxes()
    let pixels = try XCTUnwrap(answer["points"] as? [[Int]], file: file, line: line)
    let windows = try XCTUnwrap(answer["windows"] as? [[String: Any]], file: file, line: line)
    XCTAssertEqual(pixels.count, placed.count + probes.count, file: file, line: line)
    var checked = 0
    for (index, item) in placed.enumerated() {
      let id = item.pin.venue.id.rawValue
      let hidden = panels.contains {
        $0.intersects(
          CanvasBox(
            minX: item.point.x - 7, minY: item.point.y - 7, maxX: item.point.x + 7,
            maxY: item.point.y + 7))
      }
      // Pins under a panel or within 14 px of another (rims, badges, a
      // later pin may cover them) are not checked.
      guard !hidden, !crowded(item) else { continue }
      checked += 1
      let expected = MapTestSupport.rgb(
        item.pin.isVisited ? SVGMap.Palette.visitedPin : SVGMap.Palette.unvisitedPin)
      let pixel = pixels[index]
      for channel in 0..<3 {
        XCTAssertEqual(
          pixel[channel], expected[channel], accuracy: 6,
          "\(id) at \(item.point): \(pixel) ≠ \(expected)", file: file, line: line)
      }
      guard !item.pin.isVisited else { continue }
      // A lone grey pin: its disc is centered on the projected point.
      let window = windows[index]
      let count = window["count"] as? Int ?? 0
      XCTAssertGreaterThan(
        count, 50, "\(id): the disc inside the rim, radius 5 ≈ 78 px", file: file, line: line)
      XCTAssertEqual(
        window["cx"] as? Double ?? -99, item.point.x, accuracy: 0.75, id, file: file, line: line)
      XCTAssertEqual(
        window["cy"] as? Double ?? -99, item.point.y, accuracy: 0.75, id, file: file, line: line)
    }
    XCTAssertGreaterThanOrEqual(
      checked, minimumChecked, "pins checked of \(placed.count)", file: file, line: line)
    for (index, probe) in probes.enumerated() {
      let pixel = pixels[placed.count + index]
      let expected = MapTestSupport.rgb(probe.2)
      for channel in 0..<3 {
        XCTAssertEqual(
          pixel[channel], expected[channel], accuracy: 3,
          "probe \(probe.0), \(probe.1) at \(points[index]): \(pixel) ≠ \(probe.2)",
          file: file, line: line)
      }
    }
  }
}

/// Paths, data and external tools for the map tests.
enum MapTestSupport {
  /// The repository root (`TestData.repositoryRoot`).
  static var repositoryRoot: URL { TestData.repositoryRoot }

  /// `scripts/map_check.py`.
  static var script: URL { TestData.repositoryFile("scripts/map_check.py") }

  /// The shared data folder (`TestData.directory`).
  static var dataDirectory: URL { TestData.directory }

  private static let loadedStates: Result<Basemap, any Error> = Result {
    let url = dataDirectory.appendingPathComponent("basemap/us-states.json")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw HarnessFailure(
        "cannot read \(url.path): the US states basemap must be in ../shared/data/basemap/ "
          + "(or set SPORTSTIME_DATA)")
    }
    return try Basemap(geoJSON: data, file: url.lastPathComponent)
  }

  /// `../shared/data/basemap/us-states.json`, read in place (once).
  static func usStates(file: StaticString = #filePath, line: UInt = #line) throws -> Basemap {
    do {
      return try loadedStates.get()
    } catch {
      XCTFail("\(error)", file: file, line: line)
      throw error
    }
  }

  /// An executable on PATH, or a test failure saying how to install it.
  static func tool(_ name: String, install: String) throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":").map(String.init) {
      let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    XCTFail("\(name) is not on PATH: \(install)")
    throw HarnessFailure("\(name) not found")
  }

  /// `rsvg-convert` (Debian/Ubuntu: librsvg2-bin).
  static func rsvgConvert() throws -> URL {
    try tool(
      "rsvg-convert",
      install:
        "install librsvg2-bin (apt-get install -y librsvg2-bin); the map tests render SVG with it")
  }

  /// `python3`.
  static func python() throws -> URL {
    try tool("python3", install: "install Python 3; the map tests check SVG and PNG with it")
  }

  /// Runs `tool` with `arguments` and `input` on stdin.
  static func run(_ tool: URL, _ arguments: [String], input: Data = Data()) throws
    -> ProcessResult
  {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Feed stdin and drain stderr on other threads so no pipe fills up.
    let errBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errBox.data = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    DispatchQueue.global().async {
      stdin.fileHandleForWriting.write(input)
      try? stdin.fileHandleForWriting.close()
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: out, stderr: errBox.data)
  }

  /// `#rrggbb` as [r, g, b].
  static func rgb(_ hex: String) -> [Int] {
    let digits = Array(hex.dropFirst())
    return stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0..<$0 + 2]), radix: 16) ?? -1 }
  }
}

/// What a tool run produced.
struct ProcessResult: CustomStringConvertible {
  var status: Int32
  var stdout: Data
  var stderr: Data
  var description: String {
    "exit \(status)\n--- stdout ---\n\(String(decoding: stdout, as: UTF8.self))\n--- stderr ---\n"
      + String(decoding: stderr, as: UTF8.self)
  }
}

/// A failure of the test harness (a missing file or tool).
struct HarnessFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Data filled on another thread (read after `DispatchGroup.wait`).
private final class DataBox: @unchecked Sendable {
  var data = Data()
}
