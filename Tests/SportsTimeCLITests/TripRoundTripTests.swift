import Foundation
import SportsTimeTestSupport
import XCTest

/// `trip export --format json` then `trip import` gives back the very same
/// trip; bad or clashing files are refused and change nothing; every view
/// (show, JSON export, Markdown export) lists the rows in one order.
final class TripRoundTripTests: ItineraryTestCase {
  static let trip = "Round Trip"

  /// Commas, semicolons, quotes, a newline, a backslash, accents and emoji.
  static let trickyTitle = "Dinner, drinks; \"fun\"\nback\\slash — Café Zoë 🍺⚾️"
  /// The title as stored: one line (issue 8: a line break becomes a space).
  static let storedTrickyTitle = "Dinner, drinks; \"fun\" back\\slash — Café Zoë 🍺⚾️"

  /// Chicago Jun 4 → Detroit Jun 7/8 → Milwaukee Jun 10, days Jun 3–12,
  /// with custom items (one tricky, timed and placed), two of them and a
  /// leg moved, and one left Unscheduled by a shorter re-plan.
  @discardableResult
  func buildTrip() throws -> [String: String] {
    try makeTrip([
      "trip", "new", Self.trip, "-g", "CHN202406040", "-g", "DET@2024-06-07", "-g",
      "DET202406080", "-g", "MIL@2024-06-10", "--start", "2024-06-03", "--end", "2024-06-12",
    ])
    var ids: [String: String] = [:]
    ids["tricky"] = try addItem(
      Self.trip, Self.trickyTitle,
      [
        "--category", "restaurant", "--day", "5", "--time", "18:30", "--lat", "42.3365", "--lon",
        "-83.0490", "--address", "1 Campus Martius, Detroit; MI",
      ])
    ids["museum"] = try addItem(
      Self.trip, "Museum (DIA)", ["--category", "activity", "--day", "5"])
    ids["hotel"] = try addItem(
      Self.trip, "Hotel check-in", ["--category", "hotel", "--day", "8", "--time", "15:00"])
    ids["coffee"] = try addItem(Self.trip, "Coffee", ["--day", "1"])
    ids["note"] = try addItem(Self.trip, "Note for the last day", ["--day", "10"])
    // Reorder: the museum above the dinner, coffee below the first game,
    // the Detroit → Milwaukee leg to the top of Day 8.
    try runOK(["item", "move", Self.trip, try XCTUnwrap(ids["museum"]), "--day", "5", "--top"])
    let show = try showJSON(Self.trip)
    let game = try XCTUnwrap(show.gameRows.first)
    try runOK(["item", "move", Self.trip, try XCTUnwrap(ids["coffee"]), "--after", game.id])
    let leg = try XCTUnwrap(show.travelRows.last)
    XCTAssertEqual(leg.title, "Detroit → Milwaukee")
    try runOK(["item", "move", Self.trip, leg.id, "--day", "8", "--top"])
    // Day 10 leaves the trip: the note goes to Unscheduled.
    try runOK(["trip", "replan", Self.trip, "--end", "2024-06-11"])
    let built = try showJSON(Self.trip)
    XCTAssertEqual(built.unscheduled.map(\.title), ["Note for the last day"])
    XCTAssertEqual(built.row("item:" + (ids["tricky"] ?? ""))?.title, Self.storedTrickyTitle)
    let day5 = rowsOfDay(built, 5).compactMap { built.row($0)?.title }
    XCTAssertEqual(
      day5, ["Museum (DIA)", "MIL @ DET", Self.storedTrickyTitle],
      "the museum moved above the Detroit game and the dinner")
    return ids
  }

  func export(_ name: String) throws -> URL {
    let url = scratch.appendingPathComponent(name)
    let result = try runOK(["trip", "export", Self.trip, "--format", "json", "--out", url.path])
    XCTAssertTrue(result.stdout.hasPrefix("Wrote "), result.stdout)
    return url
  }

  /// The export at `url` as a JSON object.
  /// The built trip exported to trip.json and deleted: the file, the
  /// database snapshot without the trip, the file's items and the index of
  /// its first travel and first custom item.
  func exportedAndDeleted() throws -> (
    file: URL, baseline: Snapshot, items: [[String: Any]], travel: Int, custom: Int
  ) {
    try buildTrip()
    let file = try export("trip.json")
    try runOK(["trip", "delete", Self.trip])
    let baseline = try snapshot()
    let items = try XCTUnwrap(try object(file)["items"] as? [[String: Any]])
    let travel = try XCTUnwrap(items.firstIndex { $0["kind"] as? String == "travel" })
    let custom = try XCTUnwrap(items.firstIndex { $0["kind"] as? String == "custom" })
    return (file, baseline, items, travel, custom)
  }

  func object(_ url: URL) throws -> [String: Any] {
    try XCTUnwrap(
      try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any])
  }

  /// Writes `object` edited by `edit` next to the export; returns its path.
  func corrupted(
    _ source: URL, _ name: String, _ edit: (inout [String: Any]) throws -> Void
  ) throws -> URL {
    var o = try object(source)
    try edit(&o)
    let url = scratch.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: o, options: [.prettyPrinted]).write(to: url)
    return url
  }

  // MARK: Tests

  func testExportDeleteImport_givesBackTheSameTripByteForByte() throws {
    let ids = try buildTrip()
    let before = try runOK(["trip", "show", Self.trip, "--json"]).stdout
    let beforeText = try runOK(["trip", "show", Self.trip]).stdout
    let file = try export("trip.json")
    let exported = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(
      exported.contains(#""title": "Dinner, drinks; \"fun\" back\\slash — Café Zoë 🍺⚾️""#), exported
    )

    let deleted = try runOK(["trip", "delete", Self.trip])
    XCTAssertTrue(deleted.stdout.hasPrefix("Deleted trip \"Round Trip\""), deleted.stdout)
    try assertFailure(["trip", "show", Self.trip], containing: [Self.trip])

    let imported = try runOK(["trip", "import", file.path])
    XCTAssertEqual(
      imported.stdout,
      "Imported trip \"Round Trip\" (\(try tripID(before).prefix(8))): 9 days, 4 games, 7 items (1 Unscheduled: outside the trip's days).\n"
    )
    XCTAssertEqual(try runOK(["trip", "show", Self.trip, "--json"]).stdout, before)
    XCTAssertEqual(try runOK(["trip", "show", Self.trip]).stdout, beforeText)
    // Exporting again gives the same bytes (the same instants too).
    XCTAssertEqual(try String(contentsOf: try export("again.json"), encoding: .utf8), exported)
    // The item edits still work on the imported trip.
    try runOK(["item", "move", Self.trip, try XCTUnwrap(ids["note"]), "--day", "2"])
  }

  func testImportingAgainOrABadFile_isRefusedAndChangesNothing() throws {
    try buildTrip()
    let file = try export("trip.json")
    let before = try runOK(["trip", "show", Self.trip, "--json"]).stdout

    // The same file again: its trip and items already exist.
    try assertRefused(
      ["trip", "import", file.path], containing: ["already here as 'Round Trip'"])
    // Even under another trip name, the ids clash.
    let renamed = try corrupted(file, "renamed.json") {
      var trip = try XCTUnwrap($0["trip"] as? [String: Any])
      trip["name"] = "Another Name"
      $0["trip"] = trip
    }
    try assertRefused(
      ["trip", "import", renamed.path], containing: ["already here as 'Round Trip'"])
    XCTAssertEqual(try runOK(["trip", "show", Self.trip, "--json"]).stdout, before)

    // Bad files are refused before anything is stored, even with the trip
    // gone, and the error names the field.
    try runOK(["trip", "delete", Self.trip])
    let baseline = try snapshot()
    XCTAssertEqual(baseline.shows, [:])
    let exported = try object(file)
    let items = try XCTUnwrap(exported["items"] as? [[String: Any]])
    let custom = try XCTUnwrap(items.firstIndex { $0["kind"] as? String == "custom" })
    let cases: [(String, (inout [String: Any]) throws -> Void, [String])] = [
      (
        "sortorder.json",
        {
          var list = try XCTUnwrap($0["items"] as? [[String: Any]])
          list[2]["sortOrder"] = "x"
          $0["items"] = list
        }, ["items[2].sortOrder"]
      ),
      (
        "noname.json",
        {
          var trip = try XCTUnwrap($0["trip"] as? [String: Any])
          trip.removeValue(forKey: "name")
          $0["trip"] = trip
        }, ["trip.name"]
      ),
      ("version.json", { $0["version"] = 99 }, ["version", "99"]),
      ("format.json", { $0["format"] = "something-else" }, ["format"]),
      (
        "day.json",
        {
          var list = try XCTUnwrap($0["items"] as? [[String: Any]])
          list[custom]["day"] = 1.5
          $0["items"] = list
        }, ["items[\(custom)].day"]
      ),
      (
        "title.json",
        {
          var list = try XCTUnwrap($0["items"] as? [[String: Any]])
          var info = try XCTUnwrap(list[custom]["custom"] as? [String: Any])
          info["title"] = 42
          list[custom]["custom"] = info
          $0["items"] = list
        }, ["items[\(custom)].custom.title"]
      ),
      (
        "games.json",
        {
          var games = try XCTUnwrap($0["games"] as? [[String: Any]])
          games[1]["id"] = "DET209906070"
          $0["games"] = games
        }, ["DET209906070"]
      ),
    ]
    for (name, edit, pieces) in cases {
      let url = try corrupted(file, name, edit)
      let result = try assertRefused(
        ["trip", "import", url.path], containing: pieces, baseline: baseline)
      XCTAssertFalse(result.stderr.contains("\n\n"), result.stderr)
    }
    // A file that is not JSON at all, and a file that does not exist.
    let garbage = scratch.appendingPathComponent("garbage.json")
    try Data("{ \"format\": \"sportstime-trip\", ".utf8).write(to: garbage)
    try assertRefused(
      ["trip", "import", garbage.path], containing: ["garbage.json"], baseline: baseline)
    try assertRefused(
      ["trip", "import", scratch.appendingPathComponent("missing.json").path],
      containing: ["missing.json"], baseline: baseline)

    // The good file still imports, identical.
    try runOK(["trip", "import", file.path])
    XCTAssertEqual(try runOK(["trip", "show", Self.trip, "--json"]).stdout, before)
  }

  func testShowJSONExportAndMarkdown_listRowsInOneOrder() throws {
    try buildTrip()
    let show = try showJSON(Self.trip)
    let rows = (show.rows + show.unscheduled).filter { $0.kind != "day" }
    let itemRows = rows.filter { $0.kind == "travel" || $0.kind == "custom" }

    // The JSON export's items: the same ids and titles in the same order.
    let file = try export("order.json")
    let items = try XCTUnwrap(try object(file)["items"] as? [[String: Any]])
    XCTAssertEqual(items.map { "item:" + ($0["id"] as? String ?? "?") }, itemRows.map(\.id))
    let exportedTitles = items.map { item -> String in
      if let c = item["custom"] as? [String: Any] { return c["title"] as? String ?? "?" }
      let t = item["travel"] as? [String: Any] ?? [:]
      return "\(t["fromName"] as? String ?? "?") → \(t["toName"] as? String ?? "?")"
    }
    XCTAssertEqual(exportedTitles, itemRows.map(\.title))
    for (item, row) in zip(items, itemRows) {
      XCTAssertEqual(item["day"] as? Int, row.day, row.title)
      XCTAssertEqual((item["sortOrder"] as? NSNumber)?.doubleValue, row.sortOrder, row.title)
    }

    // The Markdown export: every game, leg and item in the same order.
    let md = try runOK(["trip", "export", Self.trip, "--format", "md"]).stdout
    let bold = md.split(separator: "\n").filter { $0.hasPrefix("- ") }.compactMap {
      boldText(String($0))
    }
    XCTAssertEqual(bold, rows.map { markdownEscape($0.title) }, md)
    XCTAssertTrue(md.contains("## Unscheduled"), md)
    let unscheduledAt = try XCTUnwrap(md.range(of: "## Unscheduled")).lowerBound
    let noteAt = try XCTUnwrap(md.range(of: "Note for the last day")).lowerBound
    XCTAssertLessThan(unscheduledAt, noteAt)
  }

  // MARK: Issue 8: the rules of the other commands

  /// `file` with the first travel or custom item edited (`kind` names the
  /// item's kind; `inner` edits its `travel`/`custom` object, else the item).
  func edited(
    _ file: URL, _ name: String, kind: String, inner: Bool = true,
    _ edit: @escaping (inout [String: Any]) -> Void
  ) throws -> URL {
    try corrupted(file, name) {
      var list = try XCTUnwrap($0["items"] as? [[String: Any]])
      let i = try XCTUnwrap(list.firstIndex { $0["kind"] as? String == kind })
      if inner {
        var object = try XCTUnwrap(list[i][kind] as? [String: Any])
        edit(&object)
        list[i][kind] = object
      } else {
        edit(&list[i])
      }
      $0["items"] = list
    }
  }

  func testImport_refusesWhatTripNewAndTheItemCommandsRefuse_namingTheField() throws {
    let (file, baseline, items, travel, custom) = try exportedAndDeleted()
    let cases: [(URL, [String])] = [
      (
        try edited(file, "duration.json", kind: "travel") { $0["durationSeconds"] = 1e300 },
        ["field items[\(travel)].travel.durationSeconds", "1e+300", "0 to 31622400 s"]
      ),
      (
        try edited(file, "negative.json", kind: "travel") { $0["distanceMeters"] = -12.5 },
        ["field items[\(travel)].travel.distanceMeters", "-12.5"]
      ),
      (
        try corrupted(file, "forever.json") {
          var trip = try XCTUnwrap($0["trip"] as? [String: Any])
          trip["endDate"] = "9999-12-31"
          $0["trip"] = trip
        }, ["field trip.endDate", "longer than the 366-day limit"]
      ),
      (
        try edited(file, "legday.json", kind: "travel", inner: false) { $0["day"] = 99 },
        ["field items[\(travel)].day", "Day 99 is not in this trip (it has 9 days)"]
      ),
      (
        try edited(file, "title.json", kind: "custom") {
          $0["title"] = String(repeating: "x", count: 600)
        },
        [
          "field items[\(custom)].custom.title", "600 characters long; at most 500",
          "('\(String(repeating: "x", count: 79))…')",
        ]
      ),
      (
        try corrupted(file, "venue.json") {
          var games = try XCTUnwrap($0["games"] as? [[String: Any]])
          games[0]["venueID"] = "NYC21"
          $0["games"] = games
        }, ["field games[0].venueID", "'NYC21'", "CHI11", "other schedule data"]
      ),
    ]
    for (url, pieces) in cases {
      let result = try assertRefused(
        ["trip", "import", url.path], containing: pieces, baseline: baseline)
      XCTAssertLessThanOrEqual(result.stderr.count, 400, result.stderr)
    }
    // The good file still imports.
    try runOK(["trip", "import", file.path])
  }

  /// Review 2 of issue 8, item 3: a version other than the integer 1,
  /// `true` as a number and an item far outside the days are refused with
  /// the field; a -0 distance is never shown as "-0 mi".
  /// A trip file with a key given twice (here the trip's name, the second
  /// one a different name) is refused naming the line, and nothing is
  /// stored: which name was meant is not guessed.
  func testImport_aKeyGivenTwiceIsRefusedAndChangesNothing() throws {
    let (file, baseline, _, _, _) = try exportedAndDeleted()
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let nameLine = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    \"name\": ") })
    var edited = lines
    edited.insert("    \"name\": \"Another Name\",", at: nameLine + 1)
    let twice = scratch.appendingPathComponent("twice.json")
    try edited.joined(separator: "\n").write(to: twice, atomically: true, encoding: .utf8)
    try assertRefused(
      ["trip", "import", twice.path],
      containing: [
        twice.path, "line \(nameLine + 2)", "the key \"name\" appears twice in one object",
      ])
    XCTAssertEqual(try snapshot(), baseline)
  }

  func testImport_versionBooleansFarDaysAndNegativeZero() throws {
    let (file, baseline, items, travel, custom) = try exportedAndDeleted()
    let customTitle = try XCTUnwrap((items[custom]["custom"] as? [String: Any])?["title"])
    func version(_ value: Any, _ name: String) throws -> URL {
      try corrupted(file, name) { $0["version"] = value }
    }
    let cases: [(URL, [String])] = [
      (try version(0, "v0.json"), ["field version", "0 is not a version of this format"]),
      (try version(-1, "v-1.json"), ["field version", "-1 is not a version of this format"]),
      (try version(1.5, "v15.json"), ["field version", "1.5 is not a version of this format"]),
      (try version(true, "vtrue.json"), ["field version", "true is not a version"]),
      (try version(3, "v3.json"), ["version 3 was written by a newer sportstime"]),
      (
        try edited(file, "stop.json", kind: "travel") { $0["fromStop"] = true },
        ["field items[\(travel)].travel.fromStop", "true is not a whole number"]
      ),
      (
        try edited(file, "dist.json", kind: "travel") { $0["distanceMeters"] = false },
        ["field items[\(travel)].travel.distanceMeters", "false is not a finite number"]
      ),
      (
        try edited(file, "far.json", kind: "custom", inner: false) { $0["day"] = -400 },
        [
          "field items[\(custom)].day", "item '\(customTitle)' is on Day -400",
          "401 days before the trip's first day",
        ]
      ),
    ]
    for (url, pieces) in cases {
      try assertRefused(["trip", "import", url.path], containing: pieces, baseline: baseline)
    }
    // A leg from home (no stop at its start) keeps the file's figures: -0
    // is read as 0 and shown as "0 mi".
    let home = try corrupted(file, "home.json") {
      var list = try XCTUnwrap($0["items"] as? [[String: Any]])
      var leg = list[travel]
      leg["id"] = UUID().uuidString
      leg["day"] = 1
      leg["sortOrder"] = 1
      var info = try XCTUnwrap(leg["travel"] as? [String: Any])
      info["fromStop"] = NSNull()
      info["fromVenueID"] = NSNull()
      info["toStop"] = 0
      info["toVenueID"] = "CHI11"
      info["fromName"] = "Home"
      info["toName"] = "Chicago"
      info["distanceMeters"] = -0.0
      info["durationSeconds"] = -0.0
      leg["travel"] = info
      list.insert(leg, at: 0)
      $0["items"] = list
    }
    XCTAssertTrue(try String(contentsOf: home, encoding: .utf8).contains("-0"))
    try runOK(["trip", "import", home.path])
    let show = try runOK(["trip", "show", Self.trip]).stdout
    XCTAssertTrue(show.contains("Home → Chicago"), show)
    XCTAssertFalse(show.contains("-0 mi"), show)
    XCTAssertTrue(show.contains("Home → Chicago · 0 mi") || show.contains(" 0 mi"), show)
    for format in ["md", "ics", "geojson", "gpx"] {
      let out = try runOK(["trip", "export", Self.trip, "--format", format]).stdout
      XCTAssertFalse(out.contains("-0 "), "\(format): \(out)")
    }
    let json = try runOK(["trip", "export", Self.trip, "--format", "json"]).stdout
    XCTAssertFalse(json.contains(": -0"), json)
  }

  func testImport_movedGameIsWarnedAndTheTripStillShowsAndExports() throws {
    try buildTrip()
    let file = try export("trip.json")
    try runOK(["trip", "delete", Self.trip])
    // The file says the Jun 7 Tigers game started at 1:10 pm; the stored one
    // starts at another time: the trip follows the stored game and says so.
    let moved = try corrupted(file, "moved.json") {
      var games = try XCTUnwrap($0["games"] as? [[String: Any]])
      XCTAssertEqual(games[1]["id"] as? String, "DET202406070")
      games[1]["start"] = "2024-06-07T10:10:00-04:00"
      $0["games"] = games
    }
    let result = try run(["trip", "import", moved.path])
    XCTAssertEqual(result.status, 0, result.description)
    XCTAssertTrue(result.stdout.hasPrefix("Imported trip \"Round Trip\""), result.stdout)
    XCTAssertTrue(
      result.stderr.hasPrefix("Warning: game DET202406070 (games[1]) is now on 2024-06-07 at "),
      result.stderr)
    XCTAssertTrue(
      result.stderr.contains("not 2024-06-07T10:10:00-04:00 as the file says"), result.stderr)
    for arguments in [
      ["trip", "show", Self.trip], ["trip", "show", Self.trip, "--json"],
      ["trip", "export", Self.trip, "--format", "md"],
    ] {
      try runOK(arguments)
    }
  }

  /// Review of issue 8: a refusal names the field that is wrong (the
  /// longitude, not the latitude) and an item id another stored trip uses
  /// names the file, `items[i].id` and that trip, plainly.
  func testImport_refusalsNameTheWrongFieldAndTheOtherTrip() throws {
    try buildTrip()
    let file = try export("trip.json")
    let items = try XCTUnwrap(try object(file)["items"] as? [[String: Any]])
    let place = try XCTUnwrap(
      items.firstIndex { ($0["custom"] as? [String: Any])?["latitude"] is NSNumber })
    func withLocated(_ name: String, _ key: String, _ value: Any) throws -> URL {
      try corrupted(file, name) {
        var list = try XCTUnwrap($0["items"] as? [[String: Any]])
        var custom = try XCTUnwrap(list[place]["custom"] as? [String: Any])
        custom[key] = value
        list[place]["custom"] = custom
        $0["items"] = list
      }
    }
    let longitude = try withLocated("longitude.json", "longitude", 200)
    try assertRefused(
      ["trip", "import", longitude.path],
      containing: [
        "\(longitude.path), field items[\(place)].custom.longitude: 200.0 is not a longitude (-180 to 180 degrees east)"
      ])
    let alone = try withLocated("alone.json", "latitude", NSNull())
    try assertRefused(
      ["trip", "import", alone.path],
      containing: [
        "field items[\(place)].custom.longitude: a longitude (-83.049) without a latitude; the two go together"
      ])
    // The trip is stored; a copy of its file under another id and name.
    let copy = try corrupted(file, "copy.json") {
      var trip = try XCTUnwrap($0["trip"] as? [String: Any])
      trip["id"] = "0bad0000-0000-4000-8000-0000000000c1"
      trip["name"] = "Another Name"
      $0["trip"] = trip
    }
    let first = try XCTUnwrap(items.first?["id"] as? String)
    let result = try assertRefused(
      ["trip", "import", copy.path],
      containing: [
        "\(copy.path), field items[0].id: item \(first) already belongs to trip 'Round Trip'"
      ])
    XCTAssertFalse(result.stderr.contains("cannot be stored"), result.stderr)
  }

  /// Mutates the exported file at random (numbers, days, strings, dates,
  /// games) with a seeded generator: every file `trip import` accepts can
  /// then be shown, checked, routed and exported in every format, each
  /// command exiting normally in under a second; every refused file
  /// changes nothing.
  func testImport_mutatedFiles_everyAcceptedFileShowsAndExports() throws {
    try buildTrip()
    let file = try export("trip.json")
    try runOK(["trip", "delete", Self.trip])
    let original = try object(file)
    let seed: UInt64 = 0x5EED_C11
    print("TripRoundTripTests fuzz: seed \(String(seed, radix: 16))")
    var generator = SplitMix64(seed: seed)
    var accepted = 0
    var refused = 0
    for round in 0..<40 where accepted < 10 {
      var mutated = original
      let what = FileMutation.apply(to: &mutated, using: &generator)
      let url = scratch.appendingPathComponent("fuzz-\(round).json")
      try JSONSerialization.data(withJSONObject: mutated).write(to: url)
      let label = "round \(round): \(what)"
      let result = try run(["trip", "import", url.path])
      guard result.status == 0 else {
        refused += 1
        XCTAssertEqual(result.status, 1, "\(label)\n\(result)")
        XCTAssertTrue(result.stderr.hasPrefix("Error: "), "\(label)\n\(result)")
        XCTAssertEqual(try runOK(["trip", "list", "--json"]).stdout, "[]\n", label)
        continue
      }
      accepted += 1
      let name = try XCTUnwrap(
        (mutated["trip"] as? [String: Any])?["id"] as? String, label)
      for arguments in [
        ["trip", "show", name], ["trip", "show", name, "--json"],
        ["trip", "show", name, "--metric"], ["trip", "check", name], ["trip", "route", name],
        ["trip", "route", name, "--json"], ["trip", "list"],
      ] + ["md", "ics", "geojson", "gpx", "json"].map { ["trip", "export", name, "--format", $0] } {
        // (A run that does not end fails in the harness, after 60 s.)
        let shown = try run(arguments)
        // An accepted file keeps every rule, so `trip check` finds no
        // problem either (review of issue 8); nothing may crash.
        XCTAssertEqual(shown.status, 0, "\(label): \(arguments)\n\(shown)")
        XCTAssertFalse(shown.stderr.contains("Fatal error"), "\(label): \(arguments)")
      }
      // The import gave every item what trip new and the item commands
      // give it: a re-plan (which re-zones items and re-estimates legs)
      // has nothing left to change.
      let shown = try runOK(["trip", "show", name, "--json"]).stdout
      let replan = try run(["trip", "replan", name])
      XCTAssertEqual(replan.status, 0, "\(label)\n\(replan)")
      XCTAssertEqual(try runOK(["trip", "show", name, "--json"]).stdout, shown, label)
      try runOK(["trip", "delete", name])
    }
    print("TripRoundTripTests fuzz: \(accepted) accepted, \(refused) refused")
    XCTAssertGreaterThanOrEqual(accepted, 5, "the mutations must leave files acceptable")
    XCTAssertGreaterThanOrEqual(refused, 5, "the mutations must break files")
  }

  // MARK: Helpers

  func tripID(_ showText: String) throws -> String {
    try decode(ItineraryJSON.self, showText).trip.id
  }

  /// The text between the first `**` and the next unescaped `**`.
  func boldText(_ line: String) -> String? {
    guard let open = line.range(of: "**") else { return nil }
    var out = ""
    var i = open.upperBound
    while i < line.endIndex {
      let c = line[i]
      if c == "\\", line.index(after: i) < line.endIndex {
        out.append(c)
        i = line.index(after: i)
        out.append(line[i])
      } else if line[i...].hasPrefix("**") {
        return out
      } else {
        out.append(c)
      }
      i = line.index(after: i)
    }
    return nil
  }

  /// Markdown escaping as documented for `trip export --format md`: control
  /// characters become spaces, markup punctuation gets a backslash.
  func markdownEscape(_ s: String) -> String {
    let specials = Set("\\`*_{}[]()<>#+!|~&$".unicodeScalars)
    var out = String.UnicodeScalarView()
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: out.append(" ")
      default:
        if specials.contains(scalar) { out.append("\\") }
        out.append(scalar)
      }
    }
    return String(out)
  }
}

/// One random edit of a trip file: a number, day, text or date.
enum FileMutation {
  static var numbers: [Any] {
    [0, 1, 2, 5, 8, 9, 10, 99, -5, 50.5, 101.5, 1e300, -1, 1e15, 4_000_000, 36_000, "x"]
  }
  static var texts: [Any] {
    [
      "", "\u{1B}[31mred", "\u{202E}evil", String(repeating: "t", count: 501), "Deep dish",
      "*bold*",
    ]
  }
  static var dates: [Any] {
    ["9999-12-31", "2024-06-01", "2024-06-05", "2024-02-30", "2025-06-04"]
  }
  static var zones: [Any] { ["UTC", "America/New_York", "Asia/Tokyo", "Mars/Base", NSNull()] }
  static var modes: [Any] { ["flight", "drive", "boat", NSNull()] }

  static func pick<G: RandomNumberGenerator>(_ values: [Any], _ g: inout G) -> Any {
    values[Int.random(in: 0..<values.count, using: &g)]
  }

  static func apply<G: RandomNumberGenerator>(to file: inout [String: Any], using g: inout G)
    -> String
  {
    var items = file["items"] as? [[String: Any]] ?? []
    var trip = file["trip"] as? [String: Any] ?? [:]
    defer {
      file["items"] = items
      file["trip"] = trip
    }
    let choice = Int.random(in: 0..<5, using: &g)
    if choice == 0 {
      let key = ["startDate", "endDate"][Int.random(in: 0...1, using: &g)]
      trip[key] = pick(dates, &g)
      return "trip.\(key) = \(trip[key] ?? "")"
    }
    guard !items.isEmpty else { return "no items" }
    let i = Int.random(in: 0..<items.count, using: &g)
    let kind = items[i]["kind"] as? String ?? "custom"
    switch choice {
    case 1:
      let key = ["day", "sortOrder"][Int.random(in: 0...1, using: &g)]
      items[i][key] = pick(numbers, &g)
      return "items[\(i)].\(key) = \(items[i][key] ?? "")"
    case 2 where kind == "travel":
      var travel = items[i]["travel"] as? [String: Any] ?? [:]
      let key = ["distanceMeters", "durationSeconds", "toStop", "mode"][
        Int.random(in: 0...3, using: &g)]
      travel[key] = key == "mode" ? pick(modes, &g) : pick(numbers, &g)
      items[i]["travel"] = travel
      return "items[\(i)].travel.\(key) = \(travel[key] ?? "")"
    case 3 where kind == "custom":
      var custom = items[i]["custom"] as? [String: Any] ?? [:]
      custom["timeZone"] = pick(zones, &g)
      if custom["time"] is NSNull || custom["time"] == nil { custom["time"] = "02:30" }
      items[i]["custom"] = custom
      return "items[\(i)].custom.timeZone = \(custom["timeZone"] ?? "")"
    default:
      var inner = items[i][kind] as? [String: Any] ?? [:]
      let key =
        kind == "travel" ? "fromName" : ["title", "address"][Int.random(in: 0...1, using: &g)]
      inner[key] = pick(texts, &g)
      items[i][kind] = inner
      return "items[\(i)].\(kind).\(key)"
    }
  }
}
