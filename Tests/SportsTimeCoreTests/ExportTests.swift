import Foundation
import XCTest

@testable import SportsTimeCore

/// The text exports (Markdown, iCalendar RFC 5545, GeoJSON RFC 7946, GPX 1.1)
/// on a real 2024 trip: the Seoul Series (Gocheok Sky Dome, Mar 20–21) and
/// the Dodgers' first home games in Los Angeles (Mar 28 day, Mar 29 night).
final class ExportTests: XCTestCase {
  /// Accents, an emoji with a variation selector, a ZWJ family, CJK, and every
  /// character TEXT escaping must handle.
  static let trickyTitle =
    "Café, \"Zoë\"; naïve \\ résumé\n🍜\u{1F9D1}\u{200D}\u{1F9D1}\u{200D}\u{1F9D2} 北京烤鸭 ⚾️ Gocheok dome · 서울"

  static let tripID = Trip.ID(UUID(uuidString: "5E0A5E0A-2024-4000-8000-000000000320") ?? UUID())
  /// The trip's last change: 2024-03-01T12:34:56.789Z.
  static let tripModified = Date(timeIntervalSince1970: 1_709_296_496.789)
  /// An item's own last change: 2024-03-02T08:00:00.5Z.
  static let itemModified = Date(timeIntervalSince1970: 1_709_366_400.5)

  /// Mar 20 – Mar 31 (12 days). Day 1 Seoul (SD home), Day 2 Seoul (LAD
  /// home), Day 9 Los Angeles day game, Day 10 Los Angeles night game.
  func seoulToLA(items extra: [ItineraryItem] = []) throws -> Itinerary {
    let games = try ["LAN202403290", "SDN202403200", "LAN202403280", "LAN202403210"].map {
      try Fixtures.seasonGame($0)
    }
    let schedule = try Fixtures.schedule(start: "2024-03-20", days: 12, games: games)
    let trip = Trip(
      id: Self.tripID, name: "Seoul Series, then home; \"LA\"", startDate: schedule.startDate,
      endDate: schedule.date(ofDay: 12), gameIDs: schedule.games.map(\.id),
      createdAt: Fixtures.epoch, modifiedAt: Self.tripModified)
    let leg = try Fixtures.leg(0, of: schedule)
    var items = [
      item(.travel(leg), n: 0x10, day: 2, sortOrder: 101),
      // Day 1, before the game: 18:30 in Seoul = 09:30 UTC.
      custom(
        Self.trickyTitle, n: 0x11, day: 1, sortOrder: 99, time: "18:30", zone: "Asia/Seoul",
        at: (37.5665, 126.978)),
      // Day 6: stored in the opposite order of the layout (created first,
      // sorted last), both located.
      custom("Griffith Observatory", n: 0x12, day: 6, sortOrder: 60, at: (34.1184, -118.3004)),
      custom("Santa Monica Pier", n: 0x13, day: 6, sortOrder: 40, at: (34.0100, -118.4962)),
      // Day 9: 10:00 in Los Angeles (PDT) = 17:00 UTC.
      custom(
        "Breakfast", n: 0x14, day: 9, sortOrder: 50, time: "10:00", zone: "America/Los_Angeles"),
      // Day 12 (Mar 31): untimed, the next day is in April.
      custom("Fly home", n: 0x15, day: 12, sortOrder: 50, address: "LAX, Terminal 4"),
      // Outside the trip's days: Unscheduled.
      custom("Someday", n: 0x16, day: 14, sortOrder: 50, at: (35.0, -120.0)),
    ]
    items += extra
    return Itinerary(trip: trip, schedule: schedule, items: items)
  }

  func item(_ kind: ItineraryItem.Kind, n: Int, day: Int, sortOrder: Double) -> ItineraryItem {
    ItineraryItem(
      id: Fixtures.uuid(n), tripID: Self.tripID, day: day, sortOrder: sortOrder, kind: kind,
      createdAt: Fixtures.epoch.addingTimeInterval(Double(n)), modifiedAt: Self.itemModified)
  }

  func custom(
    _ title: String, n: Int, day: Int, sortOrder: Double, time: String? = nil,
    zone: String? = nil, at location: (Double, Double)? = nil, address: String? = nil
  ) -> ItineraryItem {
    let info = CustomInfo(
      title: title, category: time == nil ? .activity : .restaurant,
      time: time.flatMap { ClockTime($0) }, timeZoneID: zone,
      coordinate: location.flatMap { Coordinate(latitude: $0.0, longitude: $0.1) },
      address: address)
    return item(.custom(info), n: n, day: day, sortOrder: sortOrder)
  }

  // MARK: iCalendar helpers

  /// The physical lines of an iCalendar text (split on CRLF, final empty
  /// piece dropped).
  func physicalLines(_ ics: String) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    let bytes = Array(ics.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
        lines.append(current)
        current = []
        i += 2
      } else {
        current.append(bytes[i])
        i += 1
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// Content lines after unfolding (RFC 5545 §3.1).
  func contentLines(_ ics: String) -> [String] {
    var out: [String] = []
    for bytes in physicalLines(ics) {
      let line = String(decoding: bytes, as: UTF8.self)
      if line.hasPrefix(" "), let last = out.popLast() {
        out.append(last + line.dropFirst())
      } else {
        out.append(line)
      }
    }
    return out
  }

  /// Each VEVENT's properties (name with parameters → raw value), in order.
  func events(_ ics: String) -> [[(String, String)]] {
    var result: [[(String, String)]] = []
    var current: [(String, String)]?
    for line in contentLines(ics) {
      if line == "BEGIN:VEVENT" {
        current = []
      } else if line == "END:VEVENT", let event = current {
        result.append(event)
        current = nil
      } else if current != nil, let colon = line.firstIndex(of: ":") {
        current?.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
      }
    }
    return result
  }

  func value(_ name: String, in event: [(String, String)]) -> String? {
    event.first { $0.0 == name }?.1
  }

  /// Undoes TEXT escaping (§3.3.11).
  func unescape(_ text: String) -> String {
    var out = ""
    var escaping = false
    for c in text {
      if escaping {
        out.append(c == "n" || c == "N" ? "\n" : c)
        escaping = false
      } else if c == "\\" {
        escaping = true
      } else {
        out.append(c)
      }
    }
    return out
  }

  // MARK: iCalendar

  func testICS_foldingKeepsLinesWithin75OctetsAndNeverSplitsUTF8() throws {
    let long = String(repeating: Self.trickyTitle + " ", count: 6)
    let itinerary = try seoulToLA(items: [
      custom(long, n: 0x20, day: 3, sortOrder: 50, address: String(repeating: "街道 ", count: 40))
    ])
    let ics = ICalendarExport.render(itinerary, catalog: try Fixtures.catalog())
    let lines = physicalLines(ics)
    XCTAssertGreaterThan(lines.count, 50)
    var continuations = 0
    for (n, bytes) in lines.enumerated() {
      XCTAssertLessThanOrEqual(bytes.count, 75, "line \(n + 1) has \(bytes.count) octets")
      XCTAssertNotNil(
        String(validating: bytes, as: UTF8.self),
        "line \(n + 1) is not valid UTF-8 on its own (a sequence was split)")
      if bytes.first == 0x20 { continuations += 1 }
    }
    XCTAssertGreaterThan(continuations, 10, "long values were folded")
    // Unfolding gives back the exact title.
    let summaries = events(ics).compactMap { value("SUMMARY", in: $0) }.map(unescape)
    XCTAssertTrue(summaries.contains(long))
    XCTAssertTrue(summaries.contains(Self.trickyTitle))
  }

  func testICS_foldSplitsOversizedCharactersAtScalarBoundaries() {
    // One grapheme of 1 + 100 × 2 octets (e + combining acute accents) and a
    // run of 4-octet emoji: every piece ≤ 75 octets, valid UTF-8, and the
    // pieces join back to the line.
    for line in [
      "SUMMARY:e" + String(repeating: "\u{301}", count: 100),
      "SUMMARY:" + String(repeating: "🏟️", count: 40),
      "X:" + String(repeating: "a", count: 73),
      "X:" + String(repeating: "a", count: 74),
    ] {
      let pieces = ICalendarExport.fold(line)
      for (i, piece) in pieces.enumerated() {
        XCTAssertLessThanOrEqual(piece.utf8.count, 75, line)
        // Compare scalars: " " + a combining mark is one Character.
        XCTAssertEqual(i == 0, piece.unicodeScalars.first != " ", line)
      }
      let joined = pieces.enumerated().map {
        $0.offset == 0
          ? $0.element : String(String.UnicodeScalarView($0.element.unicodeScalars.dropFirst()))
      }
      .joined()
      XCTAssertEqual(joined.unicodeScalars.map(\.value), line.unicodeScalars.map(\.value))
    }
    XCTAssertEqual(ICalendarExport.fold("X:" + String(repeating: "a", count: 73)).count, 1)
    XCTAssertEqual(ICalendarExport.fold("X:" + String(repeating: "a", count: 74)).count, 2)
  }

  func testICS_textEscaping() throws {
    XCTAssertEqual(
      ICalendarExport.text("a\\b;c,d\ne\r\nf\rg\th\u{7}\u{1B}\u{9B}i:j"),
      "a\\\\b\\;c\\,d\\ne\\nf\\ng\th" + "i:j")
    let ics = ICalendarExport.render(try seoulToLA(), catalog: try Fixtures.catalog())
    XCTAssertTrue(
      contentLines(ics).contains(
        "SUMMARY:Café\\, \"Zoë\"\\; naïve \\\\ résumé\\n🍜\u{1F9D1}\u{200D}\u{1F9D1}\u{200D}\u{1F9D2} 北京烤鸭 ⚾️ Gocheok dome · 서울"
      ),
      ics)
    XCTAssertTrue(contentLines(ics).contains("X-WR-CALNAME:Seoul Series\\, then home\\; \"LA\""))
    XCTAssertTrue(contentLines(ics).contains("LOCATION:Gocheok Sky Dome\\, Seoul"))
    XCTAssertTrue(contentLines(ics).contains("LOCATION:LAX\\, Terminal 4"))
  }

  func testICS_CRLFEverywhere() throws {
    let ics = ICalendarExport.render(try seoulToLA(), catalog: try Fixtures.catalog())
    let bytes = Array(ics.utf8)
    XCTAssertEqual(Array(bytes.suffix(2)), [0x0D, 0x0A])
    for (i, b) in bytes.enumerated() {
      if b == 0x0A { XCTAssertEqual(bytes[i - 1], 0x0D, "bare LF at \(i)") }
      if b == 0x0D { XCTAssertEqual(bytes[i + 1], 0x0A, "bare CR at \(i)") }
    }
    let lines = contentLines(ics)
    XCTAssertEqual(
      Array(lines.prefix(4)),
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//SportsTime//sportstime 0.1//EN",
        "CALSCALE:GREGORIAN",
      ])
    XCTAssertEqual(lines.last, "END:VCALENDAR")
  }

  func testICS_allDayEventsEndTheNextDayExclusive() throws {
    let all = events(ICalendarExport.render(try seoulToLA(), catalog: try Fixtures.catalog()))
    let leg = try XCTUnwrap(
      all.first {
        value("UID", in: $0)?.hasPrefix("item:00000000-0000-0000-0000-000000000010") ?? false
      })
    XCTAssertEqual(value("DTSTART;VALUE=DATE", in: leg), "20240321")
    XCTAssertEqual(value("DTEND;VALUE=DATE", in: leg), "20240322")
    XCTAssertEqual(value("TRANSP", in: leg), "TRANSPARENT")
    XCTAssertEqual(unescape(value("SUMMARY", in: leg) ?? ""), "Seoul → Los Angeles")
    // Mar 31 ends on Apr 1 (calendar arithmetic across a month).
    let home = try XCTUnwrap(all.first { value("SUMMARY", in: $0) == "Fly home" })
    XCTAssertEqual(value("DTSTART;VALUE=DATE", in: home), "20240331")
    XCTAssertEqual(value("DTEND;VALUE=DATE", in: home), "20240401")
    XCTAssertNil(value("DTSTART", in: home))
  }

  func testICS_gameAndTimedItemTimesAreUTC() throws {
    // A time whose zone is unknown (not made by the CLI) stays a floating
    // local time (RFC 5545 §3.3.5 form #1).
    let floating = custom("Zoneless", n: 0x30, day: 4, sortOrder: 50, time: "12:00")
    let all = events(
      ICalendarExport.render(try seoulToLA(items: [floating]), catalog: try Fixtures.catalog()))
    func event(_ uidPrefix: String) throws -> [(String, String)] {
      try XCTUnwrap(all.first { value("UID", in: $0)?.hasPrefix(uidPrefix) ?? false }, uidPrefix)
    }
    // Seoul, 19:10 KST (UTC+9, no DST) = 10:10 UTC the same day; 3 hours.
    let seoul = try event("game:SDN202403200@")
    XCTAssertEqual(value("DTSTART", in: seoul), "20240320T101000Z")
    XCTAssertEqual(value("DTEND", in: seoul), "20240320T131000Z")
    XCTAssertEqual(value("GEO", in: seoul), "37.498200;126.867000")
    XCTAssertEqual(value("SUMMARY", in: seoul), "LAD @ SD")
    // Los Angeles night game, 19:10 PDT (UTC−7) = 02:10 UTC the next day.
    let night = try event("game:LAN202403290@")
    XCTAssertEqual(value("DTSTART", in: night), "20240330T021000Z")
    XCTAssertEqual(value("DTEND", in: night), "20240330T051000Z")
    XCTAssertTrue(
      unescape(value("DESCRIPTION", in: night) ?? "").contains("Start time is an estimate"))
    // Los Angeles day game, 13:10 PDT = 20:10 UTC.
    XCTAssertEqual(value("DTSTART", in: try event("game:LAN202403280@")), "20240328T201000Z")
    // Timed items: 18:30 Seoul = 09:30 UTC; 10:00 Los Angeles (PDT) = 17:00 UTC; 1 hour.
    let dinner = try event("item:00000000-0000-0000-0000-000000000011@")
    XCTAssertEqual(value("DTSTART", in: dinner), "20240320T093000Z")
    XCTAssertEqual(value("DTEND", in: dinner), "20240320T103000Z")
    XCTAssertEqual(value("GEO", in: dinner), "37.566500;126.978000")
    let breakfast = try event("item:00000000-0000-0000-0000-000000000014@")
    XCTAssertEqual(value("DTSTART", in: breakfast), "20240328T170000Z")
    XCTAssertEqual(value("DTEND", in: breakfast), "20240328T180000Z")
    let zoneless = try event("item:00000000-0000-0000-0000-000000000030@")
    XCTAssertEqual(value("DTSTART", in: zoneless), "20240323T120000")
    XCTAssertEqual(value("DTEND", in: zoneless), "20240323T130000")
  }

  func testICS_uidsAreStableAndDTSTAMPComesFromModifiedAt() throws {
    let catalog = try Fixtures.catalog()
    let before = events(ICalendarExport.render(try seoulToLA(), catalog: catalog))
    let trip = Self.tripID.description
    let uids = before.compactMap { value("UID", in: $0) }
    XCTAssertEqual(Set(uids).count, uids.count, "UIDs are unique")
    XCTAssertTrue(uids.contains("game:SDN202403200@\(trip).sportstime"))
    XCTAssertTrue(uids.contains("item:00000000-0000-0000-0000-000000000011@\(trip).sportstime"))
    // Games carry the trip's modification time, items their own (whole seconds).
    for event in before {
      let uid = value("UID", in: event) ?? ""
      XCTAssertEqual(
        value("DTSTAMP", in: event),
        uid.hasPrefix("game:") ? "20240301T123456Z" : "20240302T080000Z",
        uid)
    }
    // Moving an item (a new sortOrder and day) keeps every UID.
    var itinerary = try seoulToLA()
    let moved = itinerary.items.map { item -> ItineraryItem in
      var copy = item
      if item.id == Fixtures.uuid(0x12) {
        copy.day = 7
        copy.sortOrder = 10
      }
      return copy
    }
    itinerary = Itinerary(trip: itinerary.trip, schedule: itinerary.schedule, items: moved)
    let after = events(ICalendarExport.render(itinerary, catalog: catalog))
    XCTAssertEqual(Set(after.compactMap { value("UID", in: $0) }), Set(uids))
  }

  func testICS_unscheduledItemsAreLeftOut() throws {
    let ics = ICalendarExport.render(try seoulToLA(), catalog: try Fixtures.catalog())
    XCTAssertFalse(ics.contains("Someday"))
    XCTAssertFalse(ics.contains("000000000016"))
    XCTAssertEqual(events(ics).count, 4 + 6)  // 4 games, 1 leg, 5 scheduled customs
  }

  // MARK: Order and determinism

  func testEveryExportFollowsTheLayoutOrder() throws {
    let itinerary = try seoulToLA()
    let catalog = try Fixtures.catalog()
    let scheduled = itinerary.layout.rows.filter { $0.sortOrder != nil }
    // The reordered pair really is stored against the layout order.
    let pier = LayoutRow.id(item: Fixtures.uuid(0x13))
    let observatory = LayoutRow.id(item: Fixtures.uuid(0x12))
    let ids = scheduled.map(\.id)
    XCTAssertLessThan(
      try XCTUnwrap(ids.firstIndex(of: pier)), try XCTUnwrap(ids.firstIndex(of: observatory)))
    XCTAssertLessThan(
      try XCTUnwrap(itinerary.items.firstIndex { $0.id == Fixtures.uuid(0x12) }),
      try XCTUnwrap(itinerary.items.firstIndex { $0.id == Fixtures.uuid(0x13) }))

    // iCalendar: one event per row, in row order.
    let tripID = Self.tripID.description
    let ics = ICalendarExport.render(itinerary, catalog: catalog)
    XCTAssertEqual(
      events(ics).compactMap { value("UID", in: $0) }, ids.map { "\($0)@\(tripID).sportstime" })

    // Markdown: each row's title appears in row order, Unscheduled last.
    let md = MarkdownExport.render(itinerary, catalog: catalog)
    let titles =
      itinerary.layout.rows.map { row -> String in
        if case .day(let day, let date) = row.content {
          return "## Day \(day) · \(date.longDescription)"
        }
        return MarkdownExport.escape(row.exportTitle)
      } + ["## Unscheduled", "Someday"]
    var cursor = md.startIndex
    for title in titles {
      guard let found = md.range(of: title, range: cursor..<md.endIndex) else {
        XCTFail("\(title) missing or out of order in\n\(md)")
        break
      }
      cursor = found.upperBound
    }

    // GeoJSON and GPX: the route's waypoints, which follow the rows.
    // Located rows in order; the second of two consecutive games at one
    // venue adds no waypoint (Seoul Mar 20–21, Los Angeles Mar 28–29).
    var located: [(id: RowID, coordinate: Coordinate)] = []
    for row in scheduled {
      let coordinate =
        row.game.flatMap { catalog.venue($0.game.venueID)?.coordinate }
        ?? row.item?.customInfo?.coordinate
      guard let coordinate, located.last?.coordinate != coordinate else { continue }
      located.append((row.id, coordinate))
    }
    XCTAssertEqual(located.count, 5)
    let route = TripRoute(itinerary: itinerary, estimator: .default)
    XCTAssertEqual(route.waypoints.map(\.rowID), located.map(\.id))
    let geo = try geoJSON(GeoJSONExport.render(itinerary, catalog: catalog))
    let points = geo.features.filter { $0.type == "Point" }
    XCTAssertEqual(points.map(\.id), route.waypoints.map(\.rowID.description))
    XCTAssertEqual(points.map(\.order), Array(0..<points.count))
    let gpx = GPXExport.render(itinerary, catalog: catalog)
    XCTAssertEqual(gpxNames(gpx), route.waypoints.map { GPXExport.escape($0.name) })
  }

  func testExportsAreByteIdenticalWhenRunTwice() throws {
    let catalog = try Fixtures.catalog()
    for _ in 0..<2 {
      let a = try seoulToLA()
      let b = try seoulToLA()
      XCTAssertEqual(
        MarkdownExport.render(a, catalog: catalog), MarkdownExport.render(b, catalog: catalog))
      XCTAssertEqual(
        ICalendarExport.render(a, catalog: catalog), ICalendarExport.render(b, catalog: catalog))
      XCTAssertEqual(
        GeoJSONExport.render(a, catalog: catalog), GeoJSONExport.render(b, catalog: catalog))
      XCTAssertEqual(GPXExport.render(a, catalog: catalog), GPXExport.render(b, catalog: catalog))
    }
    // Items given in another order lay out (and export) the same.
    let a = try seoulToLA()
    let b = Itinerary(trip: a.trip, schedule: a.schedule, items: a.items.reversed())
    XCTAssertEqual(
      ICalendarExport.render(a, catalog: catalog), ICalendarExport.render(b, catalog: catalog))
    XCTAssertEqual(
      MarkdownExport.render(a, catalog: catalog), MarkdownExport.render(b, catalog: catalog))
  }

  // MARK: GeoJSON

  struct GeoFeature {
    var type: String
    var id: String
    var coordinates: Any
    var order: Int
  }

  func geoJSON(_ text: String) throws -> (type: String, features: [GeoFeature]) {
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let features = try XCTUnwrap(root["features"] as? [[String: Any]])
    return (
      root["type"] as? String ?? "",
      try features.map { f in
        let geometry = try XCTUnwrap(f["geometry"] as? [String: Any])
        let properties = try XCTUnwrap(f["properties"] as? [String: Any])
        return GeoFeature(
          type: geometry["type"] as? String ?? "", id: f["id"] as? String ?? "",
          coordinates: geometry["coordinates"] as Any, order: properties["order"] as? Int ?? -1)
      }
    )
  }

  func testGeoJSON_lonLatOrderAndTheAntimeridian() throws {
    let text = GeoJSONExport.render(try seoulToLA(), catalog: try Fixtures.catalog())
    let geo = try geoJSON(text)
    XCTAssertEqual(geo.type, "FeatureCollection")
    // Seoul → Los Angeles crosses 180°: the route is cut there (RFC 7946 §3.1.9).
    let line = try XCTUnwrap(geo.features.first)
    XCTAssertEqual(line.type, "MultiLineString")
    XCTAssertEqual(line.id, "route")
    let parts = try XCTUnwrap(line.coordinates as? [[[Double]]])
    XCTAssertEqual(parts.count, 2)
    XCTAssertEqual(parts[0].first, [126.978, 37.5665], "[longitude, latitude], dinner first")
    XCTAssertEqual(parts[0][1], [126.867, 37.4982], "then Gocheok Sky Dome")
    XCTAssertEqual(parts[0].last?.first, 180)
    XCTAssertEqual(parts[1].first?.first, -180)
    XCTAssertEqual(parts[0].last?.last, parts[1].first?.last)
    for part in parts {
      for p in part {
        XCTAssertTrue((-180...180).contains(p[0]) && (-90...90).contains(p[1]), "\(p)")
      }
    }
    let seoul = try XCTUnwrap(geo.features.first { $0.id == "game:SDN202403200" })
    XCTAssertEqual(seoul.coordinates as? [Double], [126.867, 37.4982])
    XCTAssertTrue(text.hasSuffix("}\n"))
    XCTAssertFalse(text.contains("Someday"), "Unscheduled items are not on the route")
  }

  func testGeoJSON_noLineBelowTwoWaypoints() throws {
    let game = try Fixtures.seasonGame("LAN202403290")
    let schedule = try Fixtures.schedule(start: "2024-03-29", days: 1, games: [game])
    let trip = Trip(
      id: Self.tripID, name: "One", startDate: schedule.startDate, endDate: schedule.startDate,
      gameIDs: [game.id], createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch)
    let one = Itinerary(trip: trip, schedule: schedule, items: [])
    let geo = try geoJSON(GeoJSONExport.render(one, catalog: try Fixtures.catalog()))
    XCTAssertEqual(geo.features.map(\.type), ["Point"])
    XCTAssertEqual(geo.features.first?.coordinates as? [Double], [-118.24, 34.0739])
    // Two waypoints within one hemisphere: a plain LineString.
    let line = GeoJSONExport.split([
      try XCTUnwrap(Coordinate(latitude: 41.9484, longitude: -87.6553)),
      try XCTUnwrap(Coordinate(latitude: 42.339, longitude: -83.0485)),
    ])
    XCTAssertEqual(line.count, 1)
    XCTAssertEqual(line.first?.count, 2)
  }

  // MARK: GPX

  func gpxNames(_ gpx: String) -> [String] {
    gpx.components(separatedBy: "<rtept ").dropFirst().compactMap { chunk in
      guard let start = chunk.range(of: "<name>"), let end = chunk.range(of: "</name>") else {
        return nil
      }
      return String(chunk[start.upperBound..<end.lowerBound])
    }
  }

  func testGPX_namespaceVersionPointsAndEscaping() throws {
    let gpx = GPXExport.render(try seoulToLA(), catalog: try Fixtures.catalog())
    XCTAssertTrue(gpx.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    XCTAssertTrue(
      gpx.contains(
        #"<gpx version="1.1" creator="sportstime" xmlns="http://www.topografix.com/GPX/1/1""#))
    XCTAssertTrue(gpx.contains("<name>Seoul Series, then home; &quot;LA&quot;</name>"))
    XCTAssertTrue(gpx.contains("<time>2024-03-01T12:34:56Z</time>"), "metadata time = modifiedAt")
    XCTAssertTrue(gpx.contains(#"<rtept lat="37.498200" lon="126.867000">"#))
    XCTAssertTrue(gpx.contains(#"<rtept lat="34.073900" lon="-118.240000">"#))
    XCTAssertTrue(gpx.contains("<time>2024-03-20T10:10:00Z</time>"), "first pitch in UTC")
    XCTAssertEqual(
      GPXExport.escape("a<b>&\"c\" 'd'\u{1}\u{9B}\r"),
      "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;&#13;")
    XCTAssertEqual(gpx.components(separatedBy: "<rtept ").count - 1, 5)
    XCTAssertFalse(gpx.contains("Someday"))
  }

  // MARK: Markdown

  func testMarkdown_daysGamesLegsItemsUnscheduledAndEscaping() throws {
    let md = MarkdownExport.render(try seoulToLA(), catalog: try Fixtures.catalog())
    XCTAssertTrue(md.hasPrefix("# Seoul Series, then home; \"LA\"\n"))
    XCTAssertTrue(md.contains("\n## Day 2 · Thu, Mar 21, 2024\n"))
    XCTAssertTrue(md.contains("\n## Day 12 · Sun, Mar 31, 2024\n"))
    XCTAssertTrue(
      md.contains("- ⚾️ 7:10 pm KST *est.* · **LAD @ SD** · Gocheok Sky Dome, Seoul"), md)
    XCTAssertTrue(
      md.contains("- ⚾️ 7:10 pm PDT *est.* · **STL @ LAD** · Dodger Stadium, Los Angeles"), md)
    // An ocean crossing is a flight (issue 8, item 6), not a drive.
    XCTAssertTrue(md.contains("- ✈️ **Seoul → Los Angeles** · flight · 5963 mi · 15 h\n"), md)
    XCTAssertFalse(md.contains("🚗"), md)
    XCTAssertTrue(
      md.contains(
        "*Distances, drive and flight times are estimates (flights: great-circle at 800 km/h + 3 h at airports)."
      ), md)
    XCTAssertTrue(md.contains("· Restaurant · 10:00 PDT"), md)
    XCTAssertTrue(md.contains("· 18:30 KST"), md)
    XCTAssertTrue(md.contains("\n## Unscheduled\n"))
    // Issue 9: the export names no command unless the front end gives its
    // own hint for moving the rows back.
    XCTAssertTrue(md.contains("\nOutside the trip's days.\n"), md)
    XCTAssertFalse(md.contains("sportstime "), md)
    let hinted = MarkdownExport.render(
      try seoulToLA(), catalog: try Fixtures.catalog(), unscheduledHint: "drag them back")
    XCTAssertTrue(hinted.contains("\nOutside the trip's days; drag them back.\n"), hinted)
    XCTAssertTrue(md.contains("**Someday** · Activity"))
    XCTAssertTrue(md.contains("stored on Day 14 (Tue, Apr 2, 2024)"))
    XCTAssertTrue(md.contains("*Nothing planned.*"))
    // The newline in the title does not start a new line.
    XCTAssertTrue(md.contains("résumé 🍜"), md)
    XCTAssertEqual(
      MarkdownExport.escape("*a* _b_ [c](d) <e> #f `g` | ~h~ &amp; $x$ \\ 1. - +\nnext"),
      "\\*a\\* \\_b\\_ \\[c\\]\\(d\\) \\<e\\> \\#f \\`g\\` \\| \\~h\\~ \\&amp; \\$x\\$ \\\\ 1. - \\+ next"
    )
    // Every line is a heading, a list item, a paragraph or blank: no line
    // starts with user text.
    for line in md.split(separator: "\n", omittingEmptySubsequences: false) {
      XCTAssertFalse(line.hasPrefix("slash") || line.hasPrefix("🍜"), String(line))
    }
  }

  /// Whatever title is stored (an older database may hold uncleaned ones),
  /// the Markdown opens and closes its bold: the bold text never starts or
  /// ends with white space or an invisible character, and an empty one is
  /// shown as untitled (issue 8: a title starting with a removed character
  /// left `** \[1mDeep dish**`, which CommonMark does not make bold).
  func testMarkdown_boldHoldsForAnyStoredTitle() throws {
    XCTAssertEqual(MarkdownExport.bold("\u{1B}[1mDeep dish"), "**\\[1mDeep dish**")
    XCTAssertEqual(MarkdownExport.bold(" \u{200B}*Stars*\n"), "**\\*Stars\\***")
    XCTAssertEqual(MarkdownExport.bold("\u{202E}\u{7}"), "*(untitled)*")
    let titles = [
      "\u{1B}[1mDeep dish", "\u{202E}lead", " \t trailing \u{2029}", "\u{200B}", "**", "_x_",
      "`code`", "<b>&amp;</b>", "# heading", "\\", "a\u{A0}", "",
    ]
    let extra = titles.enumerated().map { i, title in
      custom(title, n: 0x40 + i, day: 3, sortOrder: Double(i))
    }
    let md = MarkdownExport.render(try seoulToLA(items: extra), catalog: try Fixtures.catalog())
    for line in md.split(separator: "\n") where line.hasPrefix("- ") {
      guard let open = line.range(of: "**") else {
        XCTAssertTrue(line.contains("*(untitled)*") || !line.contains("*"), String(line))
        continue
      }
      let inner = line[open.upperBound...]
      XCTAssertFalse(inner.first?.isWhitespace ?? true, String(line))
      XCTAssertFalse(
        inner.unicodeScalars.first.map { $0.properties.generalCategory == .format } ?? false,
        String(line))
    }
    XCTAssertFalse(md.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    XCTAssertEqual(md.components(separatedBy: "*(untitled)*").count - 1, 2, md)
  }

  /// Display never traps, whatever a stored leg holds (defence in depth:
  /// `trip import` refuses such figures, issue 8).
  func testDurationAndDistance_anyDoubleIsShownWithoutFailing() {
    XCTAssertEqual(ExportSupport.duration(5_400), "1 h 30 min")
    for seconds in [1e300, -1e300, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude] {
      XCTAssertFalse(ExportSupport.duration(seconds).isEmpty)
      XCTAssertFalse(ExportSupport.distance(seconds, metric: true).isEmpty)
    }
    XCTAssertEqual(ExportSupport.wholeMinutes(.nan), 0)
    XCTAssertEqual(ExportSupport.wholeMinutes(1e300), 1_000_000_000_000)
    XCTAssertEqual(ExportSupport.wholeMinutes(-1e300), -1_000_000_000_000)
  }

  func testDistancesInKilometresWhenMetric() throws {
    let catalog = try Fixtures.catalog()
    let itinerary = try seoulToLA()
    let leg = try XCTUnwrap(itinerary.items.first?.travelInfo)
    let km = String(format: "%.0f km", leg.distanceMeters / 1000)
    let mi = String(format: "%.0f mi", leg.distanceMeters / TravelInfo.metersPerMile)
    XCTAssertTrue(MarkdownExport.render(itinerary, catalog: catalog, metric: true).contains(km))
    XCTAssertTrue(MarkdownExport.render(itinerary, catalog: catalog).contains(mi))
    XCTAssertTrue(
      ICalendarExport.render(itinerary, catalog: catalog, metric: true).contains("about \(km)"))
  }
}
