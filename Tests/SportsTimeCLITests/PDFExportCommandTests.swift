import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeRender
@testable import SportsTimeStore

/// `trip export --format pdf` end to end on the real 2024 schedule (issue
/// 13), read back with poppler-utils (`pdftotext`, `pdffonts`, `pdfinfo`,
/// `pdftoppm`) and the PNG decoder of `scripts/map_check.py`. These tests
/// fail (never skip) when those tools are missing (`scripts/install-deps
/// --test` installs them).
final class PDFExportCommandTests: ItineraryTestCase {
  static let trip = "Lakes; Tigers, Cubs & <Brewers>"
  /// Emoji (one with a variation selector), accents, Cyrillic, CJK,
  /// Hangul, and text that would be markup to pango or HTML.
  static let tricky = "Dinner <b>&amp;</b> Zoë's ⚾️🍕 Ужин 北京烤鸭 서울"
  static let long =
    "A very long title typed by someone who likes to write everything down in one place, "
    + "with the address, the reservation number 12345, who is coming along, what to bring, "
    + "and a reminder to call ahead because the kitchen closes early on weeknights END"

  /// The README's trip with items: the tricky dinner, a museum with a
  /// place, a long title, a hotel, and a note left Unscheduled by a
  /// re-plan.
  func buildTrip() throws {
    try makeTrip([
      "trip", "new", Self.trip, "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
      "--game", "DET@2024-06-07", "--game", "DET202406080", "--game", "MIL@2024-06-10", "--end",
      "2024-06-11",
    ])
    try addItem(
      Self.trip, Self.tricky,
      ["--category", "restaurant", "--day", "3", "--time", "18:30", "--address", "Detroit; MI"])
    try addItem(
      Self.trip, "Museum (DIA)",
      ["--category", "activity", "--day", "3", "--lat", "42.3594", "--lon", "-83.0649"])
    try addItem(Self.trip, Self.long, ["--category", "note", "--day", "4"])
    try addItem(
      Self.trip, "Hotel check-in", ["--category", "hotel", "--day", "6", "--time", "15:00"])
    try addItem(Self.trip, "Note for the last day", ["--day", "8"])
    try runOK(["trip", "replan", Self.trip, "--end", "2024-06-10"])
  }

  // MARK: Tools

  /// Runs `name` (found on PATH) with `arguments` and `input` on its
  /// standard input; its standard output.
  @discardableResult
  func tool(
    _ name: String, _ arguments: [String], input: Data? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Data {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    guard
      let executable = path.split(separator: ":").map({ "\($0)/\(name)" })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      XCTFail("\(name) is not on PATH; run scripts/install-deps --test", file: file, line: line)
      throw HarnessError("\(name) not found")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let feed = Pipe()
    process.standardOutput = out
    process.standardInput = feed
    process.standardError = FileHandle.nullDevice
    try process.run()
    if let input { feed.fileHandleForWriting.write(input) }
    try feed.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments)", file: file, line: line)
    return data
  }

  /// Exports `trip` as PDF to a file of the scratch folder.
  func export(
    _ trip: String, _ extra: [String] = [], name: String = "trip.pdf",
    environment: [String: String?] = [:], file: StaticString = #filePath, line: UInt = #line
  ) throws -> URL {
    let url = scratch.appendingPathComponent(name)
    let result = try run(
      ["trip", "export", trip, "--format", "pdf", "--out", url.path] + extra, extra: environment)
    XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    XCTAssertTrue(result.stdout.hasPrefix("Wrote "), result.stdout, file: file, line: line)
    return url
  }

  /// `pdftotext -layout` of `pdf`, its pages split at form feeds, with
  /// variation selectors dropped (a reader searches for 🍕 either way).
  func pages(_ pdf: URL) throws -> [String] {
    let text = String(decoding: try tool("pdftotext", ["-layout", pdf.path, "-"]), as: UTF8.self)
    let plain = String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.value != 0xFE0E && $0.value != 0xFE0F })
    )
    var pages = plain.components(separatedBy: "\u{0C}")
    if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true {
      pages.removeLast()
    }
    return pages
  }

  /// `s` with every run of white space as one space and no variation
  /// selectors.
  func squeezed(_ s: String) -> String {
    s.unicodeScalars.filter { $0.value != 0xFE0E && $0.value != 0xFE0F }
      .map(String.init).joined()
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `pdfinfo` fields by name.
  func info(_ pdf: URL, isoDates: Bool = false) throws -> [String: String] {
    let text = String(
      decoding: try tool("pdfinfo", (isoDates ? ["-isodates"] : []) + [pdf.path]), as: UTF8.self)
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return fields
  }

  // MARK: Content and order

  /// Every row's text, in exactly `trip show`'s order (after the cover),
  /// emoji and non-Latin text searchable; each row's time on its title's
  /// line; the long title wrapped, whole; text a user typed drawn as typed.
  func testPDF_listsEveryRowInTripShowOrder() throws {
    try buildTrip()
    let show = try showJSON(Self.trip)
    let pdf = try export(Self.trip)
    let pages = try pages(pdf)
    XCTAssertGreaterThanOrEqual(pages.count, 2)
    let cover = squeezed(pages[0])
    XCTAssertTrue(cover.contains("Lakes; Tigers, Cubs & <Brewers>"), cover)
    XCTAssertTrue(cover.contains("Tue, Jun 4, 2024 – Mon, Jun 10, 2024"), cover)
    XCTAssertTrue(cover.contains("7 5 4 962 mi Days Games Cities Travel"), cover)
    XCTAssertTrue(cover.contains("Schedule data: Retrosheet (www.retrosheet.org)."), cover)
    XCTAssertTrue(cover.contains(ExportSupport.retrosheetNotice), cover)
    // The body: every row (days, games, legs, items, then Unscheduled) in
    // order.
    let body = squeezed(pages.dropFirst().joined(separator: "\n"))
    var position = body.startIndex
    let rows = show.rows + show.unscheduled
    XCTAssertGreaterThan(rows.count, 15)
    for row in rows {
      let wanted = squeezed(row.title)
      guard let found = body.range(of: wanted, range: position..<body.endIndex) else {
        XCTFail("row \(row.number) '\(wanted)' is missing or out of order in:\n\(body)")
        return
      }
      position = found.upperBound
    }
    XCTAssertNotNil(body.range(of: "Unscheduled"))
    XCTAssertTrue(body.contains("Ужин 北京烤鸭 서울"), body)
    XCTAssertTrue(body.contains("⚾🍕"), body)
    XCTAssertTrue(body.contains("<b>&amp;</b>"), body)
    // Each game's local time, zone and est. mark on its title's line.
    let lines = pages.dropFirst().flatMap { $0.components(separatedBy: "\n") }.map(squeezed)
    for game in show.gameRows {
      XCTAssertTrue(
        lines.contains { $0.contains(game.title) && ($0.contains(" EDT") || $0.contains(" CDT")) },
        game.title)
    }
    XCTAssertTrue(lines.contains { $0.hasSuffix("7:10 pm EDT est. KC @ CLE") }, "\(lines)")
    XCTAssertTrue(lines.contains { $0.contains("18:30 EDT Dinner <b>&amp;</b>") }, "\(lines)")
    // The long title wraps onto more lines, every word kept.
    let start = try XCTUnwrap(lines.firstIndex { $0.contains("A very long title") })
    XCTAssertFalse(lines[start].contains("END"))
    XCTAssertTrue(body.contains(squeezed(Self.long)))
    // Legs with mode, distance and duration; items with category.
    XCTAssertTrue(body.contains("Cleveland → Chicago drive · 371 mi · 6 h 11 min"), body)
    XCTAssertTrue(body.contains("Museum (DIA) Activity"), body)
    XCTAssertTrue(body.contains("stored on Day 8"), body)
    // The footer: the trip's name and the page numbers.
    for (index, page) in pages.enumerated() {
      XCTAssertTrue(squeezed(page).contains("Page \(index + 1) of \(pages.count)"), page)
      XCTAssertTrue(squeezed(page).contains("Lakes; Tigers, Cubs"), page)
    }
    // --metric changes the distances.
    let metric = try self.pages(try export(Self.trip, ["--metric"], name: "metric.pdf"))
    XCTAssertTrue(
      squeezed(metric.joined()).contains("Cleveland → Chicago drive · 598 km · 6 h 11 min"),
      metric.joined())
  }

  /// Every font embedded (as a subset), the page size `--paper` asks for,
  /// the trip's name as the title.
  func testPDF_fontsEmbeddedAndPaperSizes() throws {
    try buildTrip()
    for (paper, size) in [
      ("letter", "612 x 792 pts (letter)"), ("a4", "595.276 x 841.89 pts (A4)"),
    ] {
      let pdf = try export(Self.trip, ["--paper", paper], name: "\(paper).pdf")
      let fields = try info(pdf)
      XCTAssertEqual(fields["Page size"], size, paper)
      XCTAssertEqual(fields["Title"], Self.trip)
      XCTAssertEqual(fields["Creator"], "SportsTime")
      let fonts = String(decoding: try tool("pdffonts", [pdf.path]), as: UTF8.self)
        .split(separator: "\n").dropFirst(2)
      XCTAssertFalse(fonts.isEmpty)
      for font in fonts {
        // name, type…, encoding, emb, sub, uni, object, generation
        let columns = font.split(separator: " ", omittingEmptySubsequences: true)
        XCTAssertGreaterThanOrEqual(columns.count, 7, String(font))
        XCTAssertEqual(columns[columns.count - 5], "yes", "not embedded: \(font)")
        XCTAssertEqual(columns[columns.count - 4], "yes", "not a subset: \(font)")
      }
      XCTAssertTrue(fonts.contains { $0.contains("DejaVuSans") })
      XCTAssertTrue(fonts.contains { $0.contains("Symbola") }, "emoji as glyphs: \(fonts)")
    }
  }

  /// The same trip gives the same bytes in any zone; its date is the
  /// trip's last change, not the clock.
  func testPDF_sameBytesInAnyZone() throws {
    try buildTrip()
    let west = try export(
      Self.trip, name: "la.pdf", environment: ["TZ": "America/Los_Angeles", "LANG": "en_US.UTF-8"])
    let east = try export(
      Self.trip, name: "akl.pdf", environment: ["TZ": "Pacific/Auckland", "LANG": "C"])
    let a = try Data(contentsOf: west)
    let b = try Data(contentsOf: east)
    XCTAssertGreaterThan(a.count, 10_000)
    XCTAssertEqual(a, b, "the PDF depends on the zone or locale")
    let store = try Store(path: database.path)
    let id = try TripResolver(store: store).id(matching: Self.trip)
    let modified = try store.itinerary(id: id, catalog: try Catalog.builtInGames()).trip.modifiedAt
    let fields = try info(west, isoDates: true)
    XCTAssertEqual(fields["CreationDate"], ExportSupport.isoUTC(modified))
    XCTAssertEqual(fields["ModDate"], ExportSupport.isoUTC(modified))
  }

  // MARK: A season

  /// Every Cubs game of 2024 (162, with their legs): every game row in
  /// order, a footer on every page, no day header left at a page's foot.
  func testPDF_seasonTrip() throws {
    let listed = try runOK(["games", "--team", "CHC", "--json"])
    let games = try decode([GameJSON].self, listed.stdout)
    XCTAssertEqual(games.count, 162)
    try makeTrip(["trip", "new", "Cubs 2024"] + games.flatMap { ["--game", $0.id] })
    let show = try showJSON("Cubs 2024")
    XCTAssertEqual(show.gameRows.count, 162)
    let pdf = try export("Cubs 2024")
    let pages = try pages(pdf)
    XCTAssertEqual(Int(try info(pdf)["Pages"] ?? ""), pages.count)
    XCTAssertGreaterThan(pages.count, 15)
    let body = pages.dropFirst().map { $0.components(separatedBy: "\n").map(squeezed) }
    // The game rows, in trip show's order.
    let gameLines = body.joined().filter { line in
      show.gameRows.contains { line.hasSuffix($0.title) }
    }
    XCTAssertEqual(gameLines.count, 162)
    for (line, row) in zip(gameLines, show.gameRows) {
      XCTAssertTrue(line.hasSuffix(" " + row.title), "\(line) ≠ \(row.title)")
    }
    // The cover lists every stop (23 parks) under the map.
    let cover = squeezed(pages[0])
    XCTAssertFalse(cover.contains("more"), cover)
    XCTAssertTrue(cover.contains("23 Citizens Bank Park"), cover)
    let days = body.joined().filter {
      $0.hasPrefix("Day ") && $0.contains(", 2024") && !$0.hasSuffix("(continued)")
    }
    XCTAssertEqual(days, show.dayRows.map(\.title))
    for (index, lines) in body.enumerated() {
      let text = lines.filter { !$0.isEmpty }
      XCTAssertTrue(text.last?.hasSuffix("Page \(index + 2) of \(pages.count)") ?? false, "\(text)")
      // The last row above the footer is never a day's header.
      let beforeFooter = text.dropLast().last ?? ""
      XCTAssertFalse(
        beforeFooter.hasPrefix("Day ") && beforeFooter.contains(", 2024"),
        "page \(index + 2) ends with a header: \(beforeFooter)")
    }
  }

  // MARK: The map

  /// Page 1 is not blank and the route is drawn where the scene says: the
  /// markers' blue at every projected stop (pixels of `pdftoppm` at 72
  /// dpi, one pixel per point), land and water beneath.
  func testPDF_coverMapDrawsTheSceneAtItsStops() throws {
    try buildTrip()
    let pdf = try export(Self.trip)
    let prefix = scratch.appendingPathComponent("page")
    try tool("pdftoppm", ["-png", "-r", "72", "-f", "1", "-l", "1", pdf.path, prefix.path])
    let png = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        .first { $0.hasPrefix("page") && $0.hasSuffix(".png") })
    let store = try Store(path: database.path)
    let id = try TripResolver(store: store).id(matching: Self.trip)
    let itinerary = try store.itinerary(id: id, catalog: try Catalog.builtInGames())
    let basemap = try Basemap(
      geoJSON: try Data(contentsOf: TestData.url("basemap/us-states.json")),
      file: "us-states.json")
    let scene = PDFExport.routeScene(itinerary, basemap: basemap, paper: .letter)
    let frame = PDFExport.mapFrame(paper: .letter)
    XCTAssertEqual(scene.stops.count, 5, "\(scene.stops.map(\.name))")
    let blue = [25, 113, 194]
    let windows: [[String: Any]] = scene.stops.map { stop in
      [
        "x": frame.x + stop.point.x, "y": frame.y + stop.point.y, "radius": 5, "color": blue,
        "tolerance": 24,
      ]
    }
    // A corner of the map: water or land, never the page's white.
    let corner = ["x": frame.x + 3, "y": frame.y + 3]
    let query: [String: Any] = [
      "points": [[corner["x"] ?? 0, corner["y"] ?? 0]], "windows": windows,
    ]
    let answer = try pixels(scratch.appendingPathComponent(png), query: query)
    let found = try XCTUnwrap(answer["windows"] as? [[String: Any]])
    XCTAssertEqual(found.count, scene.stops.count)
    for (stop, window) in zip(scene.stops, found) {
      let count = window["count"] as? Int ?? 0
      XCTAssertGreaterThan(count, 20, "no marker at stop \(stop.number) \(stop.name)")
      if count > 0 {
        XCTAssertEqual(
          window["cx"] as? Double ?? 0, frame.x + stop.point.x, accuracy: 1.5, stop.name)
        XCTAssertEqual(
          window["cy"] as? Double ?? 0, frame.y + stop.point.y, accuracy: 1.5, stop.name)
      }
    }
    let pixel = try XCTUnwrap((answer["points"] as? [[Int]])?.first)
    XCTAssertNotEqual(Array(pixel.prefix(3)), [255, 255, 255], "the map is blank")
  }

  /// Answers a pixel query on a PNG (`scripts/map_check.py pixels`).
  func pixels(_ png: URL, query: [String: Any]) throws -> [String: Any] {
    let data = try tool(
      "python3", [TestData.repositoryFile("scripts/map_check.py").path, "pixels", png.path],
      input: try JSONSerialization.data(withJSONObject: query))
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  // MARK: Errors

  /// Options that make no sense are refused before anything is written.
  func testPDF_badOptionsAreRefused() throws {
    try buildTrip()
    let out = scratch.appendingPathComponent("x.md")
    for (arguments, message) in [
      (["--format", "md", "--paper", "a4"], "--paper is for --format pdf only"),
      (["--format", "ics", "--basemap", "x.json"], "--basemap is for --format pdf only"),
      (["--format", "pdf", "--paper", "legal"], "letter"),
    ] {
      let result = try run(["trip", "export", Self.trip] + arguments + ["--out", out.path])
      XCTAssertEqual(result.status, 64, "\(arguments)\n\(result)")
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
      XCTAssertFalse(fileExists(out))
    }
    let missing = try run([
      "trip", "export", Self.trip, "--format", "pdf", "--basemap", "/nonexistent/states.json",
      "--out", out.path,
    ])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(missing.stderr.contains("cannot read the basemap"), missing.stderr)
    XCTAssertFalse(fileExists(out))
    // Without a basemap the route is drawn alone.
    let bareFile = scratch.appendingPathComponent("bare.pdf")
    let bare = try run(
      ["trip", "export", Self.trip, "--format", "pdf", "--out", bareFile.path],
      extra: ["SPORTSTIME_DATA": scratch.path])
    XCTAssertEqual(bare.status, 0, bare.stderr)
    XCTAssertTrue(
      bare.stderr.contains("no US states basemap at \(scratch.path)/basemap/us-states.json"),
      bare.stderr)
    XCTAssertGreaterThan(try Data(contentsOf: bareFile).count, 5_000)
    let empty = try run([
      "trip", "export", Self.trip, "--format", "pdf", "--basemap", "", "--out", out.path,
    ])
    XCTAssertEqual(empty.status, 64, empty.stderr)
    XCTAssertTrue(empty.stderr.contains("--basemap needs a file path"), empty.stderr)
  }

  /// A day longer than a page goes on under its header "(continued)"; a
  /// title of 500 characters (the longest stored) is printed whole; a
  /// tight leg says so.
  func testPDF_longDaysLongTitlesAndTightLegs() throws {
    try makeTrip(Self.tightTrip)
    let longest = String(repeating: "Wrigley ", count: 62) + "1234"
    XCTAssertEqual(longest.count, 500)
    try addItem("East Swing", longest, ["--day", "1"])
    for n in 1...60 { try addItem("East Swing", "Stop \(n)", ["--day", "2"]) }
    let pages = try pages(try export("East Swing"))
    let body = pages.dropFirst().map(squeezed)
    XCTAssertTrue(body.joined(separator: " ").contains(squeezed(longest)), "the title is cut")
    XCTAssertTrue(body.joined().contains("tight"), "the tight leg is not marked")
    // Day 2 runs onto the next page, which says so at its top.
    let continued = try XCTUnwrap(body.firstIndex { $0.contains("(continued)") })
    XCTAssertTrue(
      body[continued].hasPrefix("Day 2 · Wed, Jun 5, 2024 (continued)"), body[continued])
    // Every "Stop n" in order.
    let all = body.joined(separator: " ")
    var position = all.startIndex
    for n in 1...60 {
      let found = try XCTUnwrap(
        all.range(of: "Stop \(n) ", range: position..<all.endIndex), "Stop \(n)")
      position = found.upperBound
    }
  }

  /// Emoji asked for in text presentation; control characters as spaces.
  func testTextPresentation() {
    XCTAssertEqual(PDFCanvas.textPresentation("⚾️🍕"), "⚾\u{FE0E}🍕\u{FE0E}")
    XCTAssertEqual(PDFCanvas.textPresentation("Game 2 #1*"), "Game 2 #1*")
    XCTAssertEqual(PDFCanvas.textPresentation("a\u{0}b\nc"), "a b c")
    // A flag's pair and a skin tone stay whole.
    XCTAssertEqual(PDFCanvas.textPresentation("🇺🇸"), "🇺🇸")
    XCTAssertEqual(PDFCanvas.textPresentation("👍🏽"), "👍🏽")
    XCTAssertEqual(PDFCanvas.textPresentation("👨‍👩‍👧"), "👨‍👩‍👧\u{FE0E}")
    XCTAssertEqual(PDFCanvas.textPresentation("1️⃣ go"), "1\u{FE0F}\u{20E3} go")
    XCTAssertEqual(Paper.a4.size.width, 595.2756, accuracy: 0.001)
    XCTAssertEqual(Paper.letter.size.height, 792)
  }
}
