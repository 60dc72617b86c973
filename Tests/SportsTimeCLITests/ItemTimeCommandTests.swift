import Foundation
import XCTest

/// Item times end to end on real 2024 trips (issue 8, items 7 and 8): a
/// time inside a daylight-saving gap is refused by every command that sets
/// or re-zones one; a repeated time is taken at its first occurrence with a
/// warning on stderr and in --json; an item with its own location takes the
/// zone of the nearest venue within 200 km; shown and exported times agree.
final class ItemTimeCommandTests: ItineraryTestCase {
  /// Dodgers Thu Mar 28, Padres Sat Mar 30; Day 1 is Sun, Mar 10, 2024,
  /// when California's clocks jump from 2:00 to 3:00.
  static let springWest = [
    "trip", "new", "Spring West", "--start", "2024-03-10", "--game", "LAD@2024-03-28", "--game",
    "SD@2024-03-30",
  ]

  /// Dodgers Wed Sep 25, Giants Sun Sep 29, to Tue Nov 5: Day 40 is Sun,
  /// Nov 3, 2024, when 1:00–1:59 am happens twice (no MLB game that day).
  static let fallBack = [
    "trip", "new", "Fall Back", "--game", "LAD@2024-09-25", "--game", "SF@2024-09-29", "--end",
    "2024-11-05",
  ]

  /// Tigers Fri Jun 7 (Eastern), Brewers Mon Jun 10 (Central).
  static let brewRun = [
    "trip", "new", "Brew Run", "--game", "DET@2024-06-07", "--game", "MIL@2024-06-10",
  ]

  static let gap =
    "2:30 am does not exist on Sun, Mar 10, 2024 in Los Angeles: clocks jump from 2:00 to 3:00"

  static let repeated =
    "1:30 am happens twice on Sun, Nov 3, 2024 in San Francisco (clocks go back from 2:00 to 1:00); the first, 1:30 am PDT, is used."

  /// The DTSTART of the event titled `title` in the trip's calendar export.
  func calendarStart(
    _ trip: String, _ title: String, file: StaticString = #filePath, line: UInt = #line
  )
    throws -> String?
  {
    let ics = try runOK(["trip", "export", trip, "--format", "ics"], file: file, line: line).stdout
    let events = ics.components(separatedBy: "BEGIN:VEVENT")
    guard let event = events.first(where: { $0.contains("SUMMARY:\(title)\r\n") }) else {
      return nil
    }
    return event.components(separatedBy: "\r\n").first { $0.hasPrefix("DTSTART") }
  }

  // MARK: - item 7

  func testAdd_timeInTheSpringGapIsRefused() throws {
    try makeTrip(Self.springWest)
    try assertEachRefused([
      (
        [
          "item", "add", "Spring West", "--title", "Red-eye coffee", "--day", "1", "--time",
          "02:30",
        ], Self.gap
      ),
      (
        [
          "item", "add", "Spring West", "--title", "Coffee", "--day", "1", "--time", "2:00",
          "--json",
        ],
        "2:00 am does not exist on Sun, Mar 10, 2024 in Los Angeles: clocks jump from 2:00 to 3:00"
      ),
    ])
    // 3:30 exists: what trip show says is what the calendar says.
    try addItem("Spring West", "Early coffee", ["--day", "1", "--time", "03:30"])
    try addItem("Spring West", "Late night", ["--day", "1", "--time", "01:30"])
    let text = try runOK(["trip", "show", "Spring West"]).stdoutLines
    XCTAssertTrue(text.contains { $0.hasSuffix("📝 Early coffee · 03:30 PDT") }, "\(text)")
    XCTAssertTrue(text.contains { $0.hasSuffix("📝 Late night · 01:30 PST") }, "\(text)")
    XCTAssertEqual(try calendarStart("Spring West", "Early coffee"), "DTSTART:20240310T103000Z")
    XCTAssertEqual(try calendarStart("Spring West", "Late night"), "DTSTART:20240310T093000Z")
    try runOK(["trip", "check", "Spring West"])
  }

  func testAdd_repeatedHourWarnsOnStderrAndInJSON() throws {
    try makeTrip(Self.fallBack)
    let result = try run([
      "item", "add", "Fall Back", "--title", "Night owl", "--day", "40", "--time", "01:30",
      "--json",
    ])
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertEqual(result.stderr, "Warning: \(Self.repeated)\n")
    let object = try XCTUnwrap(try parseJSON(result.stdout) as? [String: Any])
    XCTAssertEqual(object.string("date"), "2024-11-03")
    XCTAssertEqual(object.string("timeZone"), "America/Los_Angeles")
    XCTAssertEqual(object["warnings"] as? [String], [Self.repeated])
    let id = try XCTUnwrap(object.string("id"))
    // trip show --json carries the same warning on the row; the text shows
    // the zone of the first occurrence; the calendar writes that instant.
    XCTAssertEqual(try showJSON("Fall Back").row(id)?.warnings, [Self.repeated])
    let text = try runOK(["trip", "show", "Fall Back"]).stdoutLines
    XCTAssertTrue(text.contains { $0.hasSuffix("📝 Night owl · 01:30 PDT") }, "\(text)")
    XCTAssertEqual(try calendarStart("Fall Back", "Night owl"), "DTSTART:20241103T083000Z")
    // Text output: the line on stdout, the warning on stderr.
    let plain = try run([
      "item", "add", "Fall Back", "--title", "Owl 2", "--day", "40", "--time", "01:00",
    ])
    XCTAssertEqual(plain.status, 0, plain.description)
    XCTAssertTrue(plain.stdout.contains("Added 📝 \"Owl 2\" on Day 40"), plain.stdout)
    XCTAssertEqual(
      plain.stderr,
      "Warning: 1:00 am happens twice on Sun, Nov 3, 2024 in San Francisco (clocks go back from 2:00 to 1:00); the first, 1:00 am PDT, is used.\n"
    )
    // 2:00 am happens once (PST): no warning; a plain row has none either.
    let two = try addItem("Fall Back", "Two", ["--day", "40", "--time", "02:00"])
    XCTAssertEqual(try showJSON("Fall Back").row("item:\(two)")?.warnings, [])
    XCTAssertEqual(try calendarStart("Fall Back", "Two"), "DTSTART:20241103T100000Z")
    try runOK(["trip", "check", "Fall Back"])
  }

  func testEditAndMove_refuseATimeInTheGap() throws {
    try makeTrip(Self.springWest)
    let monday = try addItem("Spring West", "Red-eye coffee", ["--day", "2", "--time", "02:30"])
    let sunday = try addItem("Spring West", "Breakfast", ["--day", "1", "--time", "08:00"])
    try assertEachRefused([
      (["item", "move", "Spring West", monday, "--day", "1"], Self.gap),
      (["item", "edit", "Spring West", sunday, "--time", "02:30"], Self.gap),
    ])
    try runOK(["item", "edit", "Spring West", sunday, "--time", "03:30"])
    XCTAssertEqual(try calendarStart("Spring West", "Breakfast"), "DTSTART:20240310T103000Z")
  }

  func testReplan_refusedWhenAnItemWouldLandInTheGap() throws {
    // Diamondbacks Thu Mar 28 first: before it the trip is in Phoenix, where
    // clocks do not change, so 2:30 am on Mar 10 exists.
    try makeTrip([
      "trip", "new", "Desert Spring", "--start", "2024-03-10", "--game", "AZ@2024-03-28", "--game",
      "LAD@2024-03-29",
    ])
    let id = try addItem("Desert Spring", "Sunrise call", ["--day", "1", "--time", "02:30"])
    let text = try runOK(["trip", "show", "Desert Spring"]).stdoutLines
    XCTAssertTrue(text.contains { $0.hasSuffix("📝 Sunrise call · 02:30 MST") }, "\(text)")
    // Without the Phoenix game the trip starts in Los Angeles.
    try assertEachRefused([
      (
        ["trip", "replan", "Desert Spring", "--remove-game", "ARI202403280"],
        "This would put \"Sunrise call\" on Los Angeles time, where \(Self.gap)."
      )
    ])
    try runOK(["item", "edit", "Desert Spring", id, "--time", "03:30"])
    let replan = try runOK(["trip", "replan", "Desert Spring", "--remove-game", "ARI202403280"])
    XCTAssertTrue(
      replan.stdout.contains(
        "re-zoned: row 2 Sunrise call: 03:30 is now local to America/Los_Angeles"),
      replan.stdout)
  }

  func testTripImport_refusesATimeInTheGapWithItsFieldPath() throws {
    try makeTrip(Self.springWest)
    try addItem("Spring West", "Coffee", ["--day", "1", "--time", "03:30"])
    let file = scratch.appendingPathComponent("spring.json")
    try runOK(["trip", "export", "Spring West", "--format", "json", "--out", file.path])
    let exported = try String(contentsOf: file, encoding: .utf8)
    XCTAssertEqual(exported.components(separatedBy: "\"time\": \"03:30\"").count, 2, exported)
    let bad = scratch.appendingPathComponent("spring-bad.json")
    try exported.replacingOccurrences(of: "\"time\": \"03:30\"", with: "\"time\": \"02:30\"")
      .write(to: bad, atomically: true, encoding: .utf8)
    try runOK(["trip", "delete", "Spring West"])
    let object = try XCTUnwrap(try parseJSON(exported) as? [String: Any])
    let items = try XCTUnwrap(object["items"] as? [[String: Any]])
    let index = try XCTUnwrap(items.firstIndex { $0.string("kind") == "custom" })
    try assertRefused(
      ["trip", "import", bad.path],
      containing: ["\(bad.path), field items[\(index)].custom.time: \(Self.gap)"])
    try runOK(["trip", "import", file.path])
  }

  func testTripImport_warnsOfARepeatedTimeWithItsFieldPath() throws {
    try makeTrip(Self.fallBack)
    let added = try run([
      "item", "add", "Fall Back", "--title", "Night owl", "--day", "40", "--time", "01:30",
    ])
    XCTAssertEqual(added.status, 0, added.description)
    let file = scratch.appendingPathComponent("fall.json")
    try runOK(["trip", "export", "Fall Back", "--format", "json", "--out", file.path])
    try runOK(["trip", "delete", "Fall Back"])
    let result = try run(["trip", "import", file.path])
    XCTAssertEqual(result.status, 0, result.description)
    let items = try XCTUnwrap(
      (try parseJSON(try String(contentsOf: file, encoding: .utf8)) as? [String: Any])?["items"]
        as? [[String: Any]])
    let index = try XCTUnwrap(items.firstIndex { $0.string("kind") == "custom" })
    // The zone is the one the item commands give it there (review of
    // issue 8), so the message names the same city as `item add`'s.
    XCTAssertEqual(result.stderr, "Warning: items[\(index)].custom.time: \(Self.repeated)\n")
    XCTAssertEqual(try calendarStart("Fall Back", "Night owl"), "DTSTART:20241103T083000Z")
  }

  func testLegacyImport_refusesATimeInTheGapWithItsFieldPath() throws {
    func legacy(_ time: String) throws -> URL {
      let text = """
        { "trips": [ { "id": "AAAAAAAA-0000-4000-8000-0000000000F1", "name": "Legacy Spring",
          "games": ["LAN202403280", "SDN202403300"],
          "startDate": "2024-03-10", "endDate": "2024-03-30",
          "customItems": [
            { "id": "AAAAAAAA-0000-4000-8000-0000000001F1", "title": "Plain note", "category": "note",
              "anchorType": "startOfDay", "anchorId": null, "anchorDay": 2, "sortOrder": 1 },
            { "id": "AAAAAAAA-0000-4000-8000-0000000001F2", "title": "Red-eye coffee",
              "category": "restaurant", "anchorType": "startOfDay", "anchorId": null,
              "anchorDay": 1, "sortOrder": 1, "time": "\(time)" } ] } ] }
        """
      let url = scratch.appendingPathComponent("legacy-\(time.prefix(2)).json")
      try text.write(to: url, atomically: true, encoding: .utf8)
      return url
    }
    let bad = try legacy("02:30")
    try assertRefused(
      ["import", "legacy", bad.path],
      containing: ["\(bad.path), field trips[0].customItems[1].time: \(Self.gap)"])
    let good = try legacy("03:30")
    try runOK(["import", "legacy", good.path])
    XCTAssertEqual(try calendarStart("Legacy Spring", "Red-eye coffee"), "DTSTART:20240310T103000Z")
  }

  func testTripCheck_listsAStoredTimeThatDoesNotExist() throws {
    // A database written before times were checked: the item's stored
    // time is set to 02:30 behind the tool's back (Python's sqlite3).
    try makeTrip(Self.springWest)
    let id = try addItem("Spring West", "Old coffee", ["--day", "1", "--time", "03:30"])
    let python = try XCTUnwrap(
      ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "python3 is needed to write an old database")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "n = c.execute(\"UPDATE itinerary_items SET time = '02:30' WHERE id = ?\", (sys.argv[2],)).rowcount; "
        + "c.commit(); sys.exit(0 if n == 1 else 1)",
      database.path, id,
    ]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "the row was updated")
    // trip check lists it; trip show and the calendar agree on the instant
    // RFC 5545 gives such a time (the offset before the gap: 3:30 am PDT).
    let check = try run(["trip", "check", "Spring West"])
    XCTAssertEqual(check.status, 1, check.description)
    XCTAssertTrue(check.stdout.contains("Old coffee"), check.stdout)
    XCTAssertTrue(check.stdout.contains(Self.gap + "."), check.stdout)
    let text = try runOK(["trip", "show", "Spring West"]).stdoutLines
    XCTAssertTrue(
      text.contains {
        $0.hasSuffix("📝 Old coffee · 02:30 (does not exist that day; read as 3:30 am PDT)")
      },
      "\(text)")
    XCTAssertEqual(try showJSON("Spring West").row("item:\(id)")?.warnings, [Self.gap + "."])
    XCTAssertEqual(try calendarStart("Spring West", "Old coffee"), "DTSTART:20240310T103000Z")
    // Fixing the time clears the problem.
    try runOK(["item", "edit", "Spring West", id, "--time", "03:30"])
    try runOK(["trip", "check", "Spring West"])
  }

  // MARK: - item 8

  func testAdd_locatedItemTakesTheNearestVenuesZone() throws {
    try makeTrip(Self.brewRun)
    // Top of Day 1: the trip is in Detroit (Eastern).
    let cases: [(title: String, lat: String, lon: String, zone: String, shown: String)] = [
      // Lakefront Brewery, Milwaukee: Fiserv Forum 1.5 km.
      ("Lakefront Brewery tour", "43.0546", "-87.9053", "America/Chicago", "11:00 CDT"),
      // Lafayette, Indiana (Eastern): Indianapolis 95 km, Chicago 169 km.
      ("Lafayette stop", "40.4167", "-86.8753", "America/Indiana/Indianapolis", "11:00 EDT"),
      // Gary, Indiana (Central): Guaranteed Rate Field 36 km.
      ("Gary stop", "41.5934", "-87.3464", "America/Chicago", "11:00 CDT"),
      // Old Faithful: 421 km from any venue, so the trip's zone.
      ("Geyser call", "44.4605", "-110.8281", "America/Detroit", "11:00 EDT"),
    ]
    for c in cases {
      let result = try run([
        "item", "add", "Brew Run", "--title", c.title, "--day", "1", "--top", "--time", "11:00",
        "--lat", c.lat, "--lon", c.lon,
      ])
      XCTAssertEqual(result.status, 0, result.description)
      XCTAssertTrue(result.stdout.hasSuffix("at 11:00 \(c.zone).\n"), result.stdout)
      // Four places hours apart, all at 11:00 on one day: that day cannot
      // be done (issue 28, item 5), which is warned about, never refused.
      XCTAssertTrue(
        result.stderrLines.allSatisfy { $0.hasPrefix("Warning: Day 1 cannot be done: ") },
        result.stderr)
    }
    let plain = try addItem("Brew Run", "Coney dogs", ["--day", "1", "--top", "--time", "11:00"])
    let show = try showJSON("Brew Run")
    XCTAssertEqual(show.row("item:\(plain)")?.timeZone, "America/Detroit")
    let text = try runOK(["trip", "show", "Brew Run"]).stdoutLines
    for c in cases {
      XCTAssertTrue(
        text.contains { $0.hasSuffix("\(c.title) · \(c.shown)") }, "\(c.title): \(text)")
    }
    XCTAssertEqual(
      try calendarStart("Brew Run", "Lakefront Brewery tour"), "DTSTART:20240607T160000Z",
      "11:00 CDT")
    XCTAssertEqual(try calendarStart("Brew Run", "Coney dogs"), "DTSTART:20240607T150000Z")
  }

  func testEdit_locationSetsAndClearsTheZone() throws {
    try makeTrip(Self.brewRun)
    let id = try addItem("Brew Run", "Brewery", ["--day", "1", "--top", "--time", "11:00"])
    XCTAssertEqual(try showJSON("Brew Run").row("item:\(id)")?.timeZone, "America/Detroit")
    let edited = try runOK([
      "item", "edit", "Brew Run", id, "--lat", "43.0546", "--lon", "-87.9053",
    ])
    XCTAssertTrue(edited.stdout.hasSuffix("at 11:00 America/Chicago.\n"), edited.stdout)
    // A leg moved around it does not re-zone it.
    let leg = try XCTUnwrap(try showJSON("Brew Run").travelRows.first)
    let moved = try runOK(["item", "move", "Brew Run", leg.id, "--day", "3"])
    XCTAssertEqual(moved.stdoutLines.count, 1, moved.stdout)
    XCTAssertEqual(try showJSON("Brew Run").row("item:\(id)")?.timeZone, "America/Chicago")
    try runOK(["item", "edit", "Brew Run", id, "--no-location"])
    XCTAssertEqual(try showJSON("Brew Run").row("item:\(id)")?.timeZone, "America/Detroit")
  }

  // MARK: - item 19: --now

  func testNow_acceptsEveryISO8601Form() throws {
    let cases: [(String, String)] = [
      ("2024-06-05T12:00:00.5Z", "2024-06-05T12:00:00.500000Z"),
      ("2024-06-05T12:00Z", "2024-06-05T12:00:00.000000Z"),
      ("2024-06-05t12:00:00z", "2024-06-05T12:00:00.000000Z"),
      ("2024-06-05 12:00:00Z", "2024-06-05T12:00:00.000000Z"),
      ("2024-06-05T14:00:00+02:00", "2024-06-05T12:00:00.000000Z"),
      ("2024-06-05T07:00-0500", "2024-06-05T12:00:00.000000Z"),
      ("2024-06-05T07-05", "2024-06-05T12:00:00.000000Z"),
      ("20240605T120000.25Z", "2024-06-05T12:00:00.250000Z"),
      ("2024-W23-3T12:00Z", "2024-06-05T12:00:00.000000Z"),
      ("2024-157T12:00Z", "2024-06-05T12:00:00.000000Z"),
    ]
    for (k, (now, createdAt)) in cases.enumerated() {
      try runOK(["--now", now, "trip", "new", "T\(k)", "--game", "CHC@2024-06-04"])
      let export = try runOK(["trip", "export", "T\(k)", "--format", "json"]).stdout
      let object = try XCTUnwrap(try parseJSON(export) as? [String: Any])
      let trip = try XCTUnwrap(object["trip"] as? [String: Any])
      XCTAssertEqual(trip.string("createdAt"), createdAt, now)
    }
  }

  func testNow_refusalsNameTheAcceptedForms() throws {
    let forms =
      "--now expects an ISO 8601 date and time with a zone (2024-06-05T12:00:00Z, 2024-06-05T12:00Z, 2024-06-05T12:00:00.5Z, 2024-06-05T08:00-04:00, 20240605T120000+0200)"
    let usage =
      "sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>] [--end <DATE>] [--json]"
    for (now, reason) in [
      (
        "2024-06-05",
        "a date alone does not say when in the day; add a time and a zone, e.g. 2024-06-05T12:00Z"
      ),
      ("2024-06-05T12:00", "it has no zone; add Z for UTC or an offset such as +02:00"),
      ("2024-06-31T12:00Z", "'2024-06-31' is not a date (YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)"),
    ] {
      try assertUsageError(
        ["trip", "new", "T", "--game", "CHC@2024-06-04", "--now", now],
        message: "\(forms), got '\(now)': \(reason)", usage: usage, help: "sportstime trip new")
    }
  }

  // MARK: - review of issue 8: trip import takes the zones the commands give

  /// Dodgers Fri May 31, Guardians Tue Jun 4, Cubs Wed Jun 5.
  static let coastToLake = [
    "trip", "new", "Coast to Lake", "-g", "LAN202405310", "-g", "CLE202406040", "-g",
    "CHN202406050",
  ]

  /// The trip file at `url` with item `index`'s `custom` object edited,
  /// written to `name`.
  func editedFile(
    _ url: URL, _ name: String, _ edits: [Int: [String: Any]]
  ) throws -> URL {
    var object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any])
    var items = try XCTUnwrap(object["items"] as? [[String: Any]])
    for (index, values) in edits {
      var custom = try XCTUnwrap(items[index]["custom"] as? [String: Any])
      custom.merge(values) { $1 }
      items[index]["custom"] = custom
    }
    object["items"] = items
    let edited = scratch.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: object).write(to: edited)
    return edited
  }

  /// The index of the custom item titled `title` in the trip file at `url`.
  func itemIndex(_ url: URL, _ title: String) throws -> Int {
    let object = try XCTUnwrap(
      try parseJSON(try String(contentsOf: url, encoding: .utf8)) as? [String: Any])
    let items = try XCTUnwrap(object["items"] as? [[String: Any]])
    return try XCTUnwrap(
      items.firstIndex { ($0["custom"] as? [String: Any])?.string("title") == title })
  }

  /// A file that says UTC (or Los Angeles) where the trip, or the item's
  /// own location, puts an item elsewhere: the import keeps the wall-clock
  /// time in the zone the item commands give, says so naming the field,
  /// and the trip shows, exports and checks as the commands left it.
  func testTripImport_timedItemsTakeTheZoneTheItemCommandsGive() throws {
    try makeTrip(Self.coastToLake)
    try addItem("Coast to Lake", "Late snack", ["--day", "1", "--top", "--time", "03:00"])
    try addItem(
      "Coast to Lake", "Bagel",
      [
        // Day 4 (Jun 3): New York can be reached from the Los Angeles game
        // of May 31, and Cleveland's of Jun 4 from there (issue 28, item 5).
        "--day", "4", "--top", "--time", "09:00", "--lat", "40.7505",
        "--lon", "-73.9934",
      ])
    let file = scratch.appendingPathComponent("coast.json")
    try runOK(["trip", "export", "Coast to Lake", "--format", "json", "--out", file.path])
    let exported = try Data(contentsOf: file)
    let shown = try runOK(["trip", "show", "Coast to Lake"]).stdout
    XCTAssertTrue(shown.contains("📝 Late snack · 03:00 PDT"), shown)
    XCTAssertTrue(shown.contains("📝 Bagel · 09:00 EDT"), shown)
    let snack = try itemIndex(file, "Late snack")
    let bagel = try itemIndex(file, "Bagel")
    let bad = try editedFile(
      file, "zones.json",
      [snack: ["timeZone": "UTC"], bagel: ["timeZone": "America/Los_Angeles"]])
    try runOK(["trip", "delete", "Coast to Lake"])
    let result = try run(["trip", "import", bad.path])
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertEqual(
      result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.sorted(),
      [
        "Warning: items[\(bagel)].custom.timeZone: the file says America/Los_Angeles; its location is in New York (America/New_York), so 09:00 is read there",
        "Warning: items[\(snack)].custom.timeZone: the file says UTC; at that point the trip is in Los Angeles (America/Los_Angeles), so 03:00 is read there",
      ].sorted())
    XCTAssertEqual(try runOK(["trip", "show", "Coast to Lake"]).stdout, shown)
    XCTAssertEqual(try calendarStart("Coast to Lake", "Late snack"), "DTSTART:20240531T100000Z")
    XCTAssertEqual(try calendarStart("Coast to Lake", "Bagel"), "DTSTART:20240603T130000Z")
    try runOK(["trip", "check", "Coast to Lake"])
    let again = scratch.appendingPathComponent("again.json")
    try runOK(["trip", "export", "Coast to Lake", "--format", "json", "--out", again.path])
    XCTAssertEqual(try Data(contentsOf: again), exported, "what the item commands stored")
  }

  /// The gap is checked in the zone the item commands give, not the file's:
  /// 2:30 am on Mar 10 exists in Phoenix but not in Los Angeles, where the
  /// trip is; and the other way round.
  func testTripImport_checksTheTimeInTheZoneTheItemCommandsGive() throws {
    try makeTrip(Self.springWest)
    try addItem("Spring West", "Coffee", ["--day", "1", "--time", "03:30"])
    let file = scratch.appendingPathComponent("spring.json")
    try runOK(["trip", "export", "Spring West", "--format", "json", "--out", file.path])
    let index = try itemIndex(file, "Coffee")
    let phoenix = try editedFile(
      file, "phoenix.json", [index: ["time": "02:30", "timeZone": "America/Phoenix"]])
    try runOK(["trip", "delete", "Spring West"])
    try assertRefused(
      ["trip", "import", phoenix.path],
      containing: ["\(phoenix.path), field items[\(index)].custom.time: \(Self.gap)"])

    try makeTrip([
      "trip", "new", "Desert Spring", "--start", "2024-03-10", "--game", "AZ@2024-03-28", "--game",
      "LAD@2024-03-29",
    ])
    try addItem("Desert Spring", "Sunrise call", ["--day", "1", "--time", "03:30"])
    let desert = scratch.appendingPathComponent("desert.json")
    try runOK(["trip", "export", "Desert Spring", "--format", "json", "--out", desert.path])
    let call = try itemIndex(desert, "Sunrise call")
    let losAngeles = try editedFile(
      desert, "la.json", [call: ["time": "02:30", "timeZone": "America/Los_Angeles"]])
    try runOK(["trip", "delete", "Desert Spring"])
    let result = try run(["trip", "import", losAngeles.path])
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertEqual(
      result.stderr,
      "Warning: items[\(call)].custom.timeZone: the file says America/Los_Angeles; at that point the trip is in Phoenix (America/Phoenix), so 02:30 is read there\n"
    )
    let text = try runOK(["trip", "show", "Desert Spring"]).stdoutLines
    XCTAssertTrue(text.contains { $0.hasSuffix("📝 Sunrise call · 02:30 MST") }, "\(text)")
  }
}
