import Foundation
import SportsTimeTestSupport
import XCTest

/// `sportstime item add|move|edit|remove` (issue 3) against real trips.
final class ItemCommandTests: ItineraryTestCase {
  static let addUsage =
    "sportstime item add <TRIP> --title <TEXT> [--category <CATEGORY>] [--time <HH:MM>] [--lat <DEG>] [--lon <DEG>] [--place <TOWN>] [--address <TEXT>] [--before <ROW>] [--after <ROW>] [--day <N>] [--top] [--bottom] [--json]"
  static let moveUsage =
    "sportstime item move <TRIP> <ITEM> [--before <ROW>] [--after <ROW>] [--day <N>] [--top] [--bottom] [--json]"
  static let editUsage =
    "sportstime item edit <TRIP> <ITEM> [--title <TEXT>] [--category <CATEGORY>] [--time <HH:MM>] [--lat <DEG>] [--lon <DEG>] [--place <TOWN>] [--address <TEXT>] [--no-time] [--no-location] [--no-address] [--json]"

  /// The refusal of the Loop trip's Guaranteed Rate Field → Milwaukee leg
  /// outside Days 4–8.
  static let gmWindow =
    "Travel Guaranteed Rate Field → Milwaukee must be between Day 4 (after BOS @ CWS) and Day 8 (before TOR @ MIL)."

  /// The id (`item:<uuid>`) of the travel row with this title.
  func legID(_ itinerary: ItineraryJSON, _ title: String) throws -> String {
    let leg = itinerary.travelRows.first { $0.title == title }
    return try XCTUnwrap(leg, "no leg \(title)").id
  }

  // MARK: add

  func testAdd_defaultsToANoteAtTheEndOfDay1AndPrintsTheNewId() throws {
    try runOK(Self.shortTrip)
    let result = try runOK(["item", "add", "Short", "--title", "Pack the car"])
    XCTAssertEqual(result.stdoutLines.count, 1, result.stdout)
    let line = try XCTUnwrap(result.stdoutLines.first)
    XCTAssertNotNil(
      line.range(
        of: #"^\#(Self.uuidPattern)  Added 📝 "Pack the car" on Day 1 \(row 4\)\.$"#,
        options: .regularExpression), line)
    let id = String(line.prefix(36))
    let itinerary = try showJSON("Short")
    let row = try XCTUnwrap(itinerary.row("item:\(id)"), "the printed id is the item's row id")
    XCTAssertEqual(row.kind, "custom")
    XCTAssertEqual(row.category, "note")
    XCTAssertEqual(row.title, "Pack the car")
    XCTAssertEqual(row.day, 1)
    XCTAssertEqual(row.number, 4)
    XCTAssertNil(row.time)
    XCTAssertNil(row.timeZone)
    XCTAssertNil(row.latitude)
    XCTAssertNil(row.address)
    // The end of Day 1: below the game and the leg.
    XCTAssertEqual(
      rowsOfDay(itinerary, 1),
      ["game:CHN202406040", try legID(itinerary, "Chicago → Detroit"), "item:\(id)"])
    let text = try runOK(["trip", "show", "Short"]).stdoutLines
    XCTAssertEqual(text.count, 3 + 9)
    XCTAssertTrue(text[5].hasPrefix("3      🚗 Chicago → Detroit · "), text[5])
    XCTAssertEqual(text[6], "4      📝 Pack the car")
    XCTAssertEqual(text[7], "5  Day 2 · Wed, Jun 5, 2024")
    // A second default add goes below the first.
    let second = try addItem("Short", "Fill up")
    XCTAssertEqual(rowsOfDay(try showJSON("Short"), 1).suffix(2), ["item:\(id)", "item:\(second)"])
  }

  func testAdd_placesOnDayTopBottomBeforeAndAfterRows() throws {
    try runOK(Self.loopTrip)
    let bottom3 = try addItem("Chicago Loop", "Bottom of 3", ["--day", "3", "--category", "hotel"])
    let top3 = try addItem(
      "Chicago Loop", "Top of 3", ["--day", "3", "--top", "--category", "restaurant"])
    let beforeGame = try addItem(
      "Chicago Loop", "Before game", ["--before", "game:CHN202406050", "--category", "activity"])
    let top6 = try addItem("Chicago Loop", "Top of 6", ["--after", "day:6"])
    let end5 = try addItem("Chicago Loop", "End of 5", ["--before", "day:6"])
    let afterTop6 = try addItem("Chicago Loop", "After top of 6", ["--after", "item:\(top6)"])
    let explicitBottom = try addItem("Chicago Loop", "Day 6 bottom", ["--day", "6", "--bottom"])
    let emptyDay = try addItem("Chicago Loop", "Rest day", ["--day", "11", "--top"])
    let itinerary = try showJSON("Chicago Loop")
    let wrigleyLeg = try legID(itinerary, "Wrigley Field → Guaranteed Rate Field")
    XCTAssertEqual(
      rowsOfDay(itinerary, 3),
      ["item:\(top3)", "item:\(beforeGame)", "game:CHN202406050", wrigleyLeg, "item:\(bottom3)"])
    XCTAssertEqual(rowsOfDay(itinerary, 5), ["item:\(end5)"])
    XCTAssertEqual(
      rowsOfDay(itinerary, 6), ["item:\(top6)", "item:\(afterTop6)", "item:\(explicitBottom)"])
    XCTAssertEqual(rowsOfDay(itinerary, 11), ["item:\(emptyDay)"])
    XCTAssertEqual(itinerary.row("item:\(emptyDay)")?.sortOrder, 50, "50 on an empty day")
    XCTAssertEqual(itinerary.row("item:\(top3)")?.category, "restaurant")
    XCTAssertEqual(itinerary.row("item:\(bottom3)")?.category, "hotel")
    XCTAssertEqual(itinerary.row("item:\(beforeGame)")?.category, "activity")
    XCTAssertEqual(itinerary.customRows.count, 8)
    // Games and legs did not move.
    XCTAssertEqual(
      itinerary.gameRows.map(\.day), [2, 3, 4, 8, 9, 12])
    XCTAssertEqual(itinerary.travelRows.map(\.day), [3, 4, 9])
    // The text shows each category's icon.
    let text = try runOK(["trip", "show", "Chicago Loop"]).stdout
    for piece in ["🍽️ Top of 3", "🎯 Before game", "🏨 Bottom of 3", "📝 Rest day"] {
      XCTAssertTrue(text.contains(piece), piece)
    }
  }

  func testAdd_printedRowNumberIsTheRowInTripShow() throws {
    try runOK(Self.loopTrip)
    for (title, options) in [
      ("A", ["--day", "9"]), ("B", ["--day", "2", "--top"]), ("C", ["--after", "16"]),
    ] {
      let result = try runOK(["item", "add", "Chicago Loop", "--title", title] + options)
      let line = try XCTUnwrap(result.stdoutLines.first)
      let id = String(line.prefix(36))
      let number = try XCTUnwrap(showJSON("Chicago Loop").row("item:\(id)")?.number)
      XCTAssertTrue(line.hasSuffix("(row \(number))."), "\(line) vs row \(number)")
    }
  }

  func testAdd_jsonIsTheNewRowOfTripShow() throws {
    try runOK(Self.shortTrip)
    let result = try runOK([
      "item", "add", "Short", "--title", "Coney dogs", "--category", "Restaurant", "--day", "4",
      "--top", "--time", "11:45", "--lat", "42.3314", "--lon", "-83.0458", "--address",
      "  118 W Lafayette Blvd, Detroit  ", "--json",
    ])
    let object = try XCTUnwrap(try parseJSON(result.stdout) as? [String: Any])
    XCTAssertEqual(
      object.sortedKeys,
      [
        "address", "category", "date", "day", "id", "kind", "latitude", "longitude", "number",
        "placeName", "placeTimeZone", "sortOrder", "time", "timeZone", "title", "warnings",
        "zoneName",
      ])
    // The zone's name as the CLI prints it (issue 28, item 23: the page
    // showed the browser's "GMT+9" for Tokyo).
    XCTAssertEqual(object.string("zoneName"), "EDT")
    let id = try XCTUnwrap(object.string("id"))
    XCTAssertNotNil(id.range(of: "^item:\(Self.uuidPattern)$", options: .regularExpression), id)
    XCTAssertEqual(object.string("kind"), "custom")
    XCTAssertEqual(object.string("category"), "restaurant")
    XCTAssertEqual(object.int("day"), 4)
    XCTAssertEqual(object.string("date"), "2024-06-07")
    XCTAssertEqual(object.string("time"), "11:45")
    XCTAssertEqual(object.string("timeZone"), "America/Detroit")
    XCTAssertEqual(object.double("latitude"), 42.3314)
    XCTAssertEqual(object.double("longitude"), -83.0458)
    XCTAssertEqual(object.string("address"), "118 W Lafayette Blvd, Detroit", "trimmed")
    // Exactly the row `trip show --json` now has.
    let show = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "show", "Short", "--json"]).stdout) as? [String: Any])
    let rows = try XCTUnwrap(show["rows"] as? [[String: Any]])
    let row = try XCTUnwrap(rows.first { $0.string("id") == id })
    XCTAssertEqual(row as NSDictionary, object as NSDictionary)
    XCTAssertEqual(object.int("number"), 7, "top of Day 4, above MIL @ DET")
    let text = try runOK(["trip", "show", "Short"]).stdoutLines
    XCTAssertTrue(
      text.contains("7      🍽️ Coney dogs · 11:45 EDT · 118 W Lafayette Blvd, Detroit"),
      text.joined(separator: "\n"))
  }

  /// Issue 28, 9a: `--place` names a town of GeoNames' list; the item
  /// takes its point, its name and its zone (South Bend keeps Eastern time
  /// though Wrigley Field, Central, is the nearest venue); a name several
  /// towns share is refused listing them.
  func testAdd_placeByName_takesTheTownsPointAndZone() throws {
    try runOK(Self.shortTrip)
    // The list of towns is read in place from the data folder.
    let data: [String: String?] = ["SPORTSTIME_DATA": TestData.directory.path]
    let result = try runOK(
      [
        "item", "add", "Short", "--title", "Dinner", "--day", "1", "--time", "17:30", "--place",
        "South Bend, IN", "--json",
      ], extra: data)
    let object = try XCTUnwrap(try parseJSON(result.stdout) as? [String: Any])
    XCTAssertEqual(object.string("placeName"), "South Bend, IN, United States")
    XCTAssertEqual(object.string("placeTimeZone"), "America/Indiana/Indianapolis")
    XCTAssertEqual(object.string("timeZone"), "America/Indiana/Indianapolis")
    XCTAssertEqual(try XCTUnwrap(object.double("latitude")), 41.68, accuracy: 0.01)
    // In words, the command says which town it took (review of issue 28).
    let said = try runOK(
      ["item", "add", "Short", "--title", "Drinks", "--day", "1", "--place", "Arlington, TX"],
      extra: data)
    XCTAssertTrue(said.stdout.contains("\"Drinks\" on Day 1"), said.stdout)
    XCTAssertTrue(said.stdout.contains(" in Arlington, TX, United States."), said.stdout)
    let text = try runOK(["trip", "show", "Short"]).stdout
    XCTAssertTrue(text.contains("📝 Dinner · 17:30 EDT"), text)
    // The trip file carries the place: exported, deleted and imported, the item keeps it.
    try runOK(["trip", "export", "Short", "--format", "json", "--out", "short.json"])
    try runOK(["trip", "delete", "Short"])
    try runOK(["trip", "import", "short.json"], extra: data)
    let imported = try XCTUnwrap(
      (try parseJSON(try runOK(["trip", "show", "Short", "--json"]).stdout) as? [String: Any])?[
        "rows"] as? [[String: Any]])
    let dinner = try XCTUnwrap(imported.first { $0.string("title") == "Dinner" })
    XCTAssertEqual(dinner.string("placeName"), "South Bend, IN, United States")
    XCTAssertEqual(dinner.string("timeZone"), "America/Indiana/Indianapolis")
    // A point typed instead takes the nearest town's zone (no town name).
    let point = try XCTUnwrap(
      try parseJSON(
        try runOK(
          [
            "item", "add", "Short", "--title", "Lunch", "--day", "1", "--time", "12:00", "--lat",
            "41.6764", "--lon", "-86.2520", "--json",
          ], extra: data
        ).stdout) as? [String: Any])
    XCTAssertEqual(point.string("timeZone"), "America/Indiana/Indianapolis")
    XCTAssertNil(point.string("placeName"))
    try assertFailure(
      ["item", "add", "Short", "--title", "Dinner", "--place", "Arlington"],
      containing: [
        "“Arlington” is the name of 5 places: Arlington, TX, United States; Arlington, VA, United States;",
        "as in “Arlington, TX”",
      ], extra: data)
    let both = try run(
      [
        "item", "add", "Short", "--title", "Dinner", "--place", "Arlington, TX", "--lat", "1",
        "--lon", "1",
      ], extra: data)
    XCTAssertEqual(both.status, 64, "\(both)")
    XCTAssertEqual(both.stderrLines.first, "Error: Give either --place or --lat/--lon, not both.")
  }

  func testAdd_timeIsLocalToWhereTheTripIsAtThatPoint() throws {
    try runOK(Self.shortTrip)
    func add(_ title: String, _ options: [String]) throws -> (line: String, id: String) {
      let line = try XCTUnwrap(
        try runOK(["item", "add", "Short", "--title", title] + options).stdoutLines.first)
      return (line, String(line.prefix(36)))
    }
    // Before any game: the first stop (Chicago).
    let morning = try add("Breakfast", ["--day", "1", "--top", "--time", "08:30"])
    XCTAssertTrue(morning.line.hasSuffix(" at 08:30 America/Chicago."), morning.line)
    // After the Cubs game, above the leg: still Chicago.
    let postGame = try add("Postgame", ["--after", "game:CHN202406040", "--time", "22:15"])
    XCTAssertTrue(postGame.line.hasSuffix(" at 22:15 America/Chicago."), postGame.line)
    // Below the Chicago → Detroit leg: Detroit's zone, on Day 1 and later days.
    let leg = try legID(try showJSON("Short"), "Chicago → Detroit")
    let arrival = try add("Check in", ["--after", leg, "--time", "23:30", "--category", "hotel"])
    XCTAssertTrue(arrival.line.hasSuffix(" at 23:30 America/Detroit."), arrival.line)
    let later = try add("Museum", ["--day", "3", "--time", "10:00"])
    XCTAssertTrue(later.line.hasSuffix(" at 10:00 America/Detroit."), later.line)
    let untimed = try add("No time", ["--day", "3"])
    XCTAssertFalse(untimed.line.contains(" at "), untimed.line)
    var itinerary = try showJSON("Short")
    XCTAssertEqual(itinerary.row("item:\(morning.id)")?.timeZone, "America/Chicago")
    XCTAssertEqual(itinerary.row("item:\(postGame.id)")?.timeZone, "America/Chicago")
    XCTAssertEqual(itinerary.row("item:\(arrival.id)")?.timeZone, "America/Detroit")
    XCTAssertEqual(itinerary.row("item:\(later.id)")?.timeZone, "America/Detroit")
    XCTAssertEqual(itinerary.row("item:\(arrival.id)")?.time, "23:30")
    XCTAssertNil(itinerary.row("item:\(untimed.id)")?.timeZone)
    XCTAssertEqual(
      rowsOfDay(itinerary, 1),
      ["item:\(morning.id)", "game:CHN202406040", "item:\(postGame.id)", leg, "item:\(arrival.id)"])
    // With the leg moved to Day 4, Day 3 is still in Chicago.
    try runOK(["item", "move", "Short", leg, "--before", "game:DET202406070"])
    let stayed = try add("Deep dish", ["--day", "3", "--time", "18:00"])
    XCTAssertTrue(stayed.line.hasSuffix(" at 18:00 America/Chicago."), stayed.line)
    itinerary = try showJSON("Short")
    XCTAssertEqual(itinerary.row("item:\(stayed.id)")?.timeZone, "America/Chicago")
  }

  func testAdd_refusalsChangeNothing() throws {
    try runOK(Self.shortTrip)
    try makeTrip(Self.tightTrip)
    try addItem("Short", "Existing")
    let add = ["item", "add", "Short", "--title"]
    try assertEachRefused([
      (add + ["   "], "an item needs a title"),
      (add + ["T", "--day", "6"], "Day 6 is not in this trip (it has 5 days)."),
      (
        add + ["T", "--before", "day:1"],
        "Above Day 1 is not part of any day; drop below a day header."
      ),
      (
        add + ["T", "--before", "1"], "Above Day 1 is not part of any day; drop below a day header."
      ),
      (add + ["T", "--after", "99"], "There is no row 99; 'trip show' numbers the rows 1 to 9."),
      (
        add + ["T", "--after", "game:BOS202406040"],
        "There is no row game:BOS202406040 in this trip."
      ),
      (
        ["item", "add", "Nowhere", "--title", "T"],
        "no trip is called 'Nowhere' (see 'sportstime trip list')"
      ),
    ])
  }

  // MARK: usage errors

  func testUsageErrors_exit64AndChangeNothing() throws {
    try runOK(Self.shortTrip)
    try addItem("Short", "Mine", ["--day", "2"])
    let baseline = try snapshot()
    let add = ["item", "add", "Short", "--title", "T"]
    let addCases: [([String], String)] = [
      (add + ["--before", "2", "--after", "3"], "give only one of --before, --after and --day"),
      (add + ["--after", "2", "--day", "2"], "give only one of --before, --after and --day"),
      (add + ["--top"], "--top or --bottom goes with --day"),
      (add + ["--bottom", "--after", "2"], "--top or --bottom goes with --day"),
      (add + ["--day", "2", "--top", "--bottom"], "give --top or --bottom, not both"),
      (add + ["--time", "25:00"], "--time must be HH:MM, 24-hour (got '25:00')"),
      (add + ["--time", "7:5"], "--time must be HH:MM, 24-hour (got '7:5')"),
      (
        add + ["--category", "food"],
        "--category must be restaurant, hotel, activity or note (got 'food')"
      ),
      (add + ["--lat", "41.9"], "Give both --lat and --lon, or neither."),
      (add + ["--lon", "-87.6"], "Give both --lat and --lon, or neither."),
      // Issue 8, item 1: every numeric option names its range.
      (add + ["--lat", "91", "--lon", "0"], "--lat must be between -90 and 90 (got 91)"),
      (add + ["--lat", "0", "--lon", "-180.5"], "--lon must be between -180 and 180 (got -180.5)"),
      (add + ["--day", "two"], "--day expects a whole number, got 'two'"),
      (add + ["--day", "0"], "--day must be between 1 and 366 (got 0)"),
      (add + ["--day", "1e400"], "--day expects a whole number, got '1e400'"),
      (
        add + ["--day", "99999999999999999999"],
        "--day must be between 1 and 366 (got 99999999999999999999)"
      ),
      (add + ["--day", "2", "--day", "3"], "--day given twice"),
      (["item", "add", "Short"], "Missing --title"),
    ]
    for (arguments, message) in addCases {
      try assertUsageRefused(
        arguments, message: message, usage: Self.addUsage, help: "sportstime item add",
        baseline: baseline)
    }
    let move = ["item", "move", "Short", "5"]
    let moveCases: [([String], String)] = [
      (move, "say where: --before ROW, --after ROW or --day N"),
      (move + ["--before", "2", "--after", "2"], "give only one of --before, --after and --day"),
      (move + ["--top"], "--top or --bottom goes with --day"),
    ]
    for (arguments, message) in moveCases {
      try assertUsageRefused(
        arguments, message: message, usage: Self.moveUsage, help: "sportstime item move",
        baseline: baseline)
    }
    let edit = ["item", "edit", "Short", "5"]
    let editCases: [([String], String)] = [
      (edit + ["--time", "25:00"], "--time must be HH:MM, 24-hour (got '25:00')"),
      (
        edit + ["--category", "bar"],
        "--category must be restaurant, hotel, activity or note (got 'bar')"
      ),
      (edit + ["--lat", "91", "--lon", "1"], "--lat must be between -90 and 90 (got 91)"),
      (edit + ["--lat", "1"], "Give both --lat and --lon, or neither."),
      (edit + ["--no-time", "--time", "10:00"], "--no-time cannot go with a new time"),
      (
        edit + ["--no-location", "--lat", "1", "--lon", "1"],
        "--no-location cannot go with a new location"
      ),
      (edit + ["--no-address", "--address", "x"], "--no-address cannot go with a new address"),
      // Review of issue 8: nothing to change on the command line is its
      // shape, a usage error (it was exit 1).
      (
        edit,
        "say what to change: --title, --category, --time, --place, --lat/--lon, --address (or a --no-… option)"
      ),
    ]
    for (arguments, message) in editCases {
      try assertUsageRefused(
        arguments, message: message, usage: Self.editUsage, help: "sportstime item edit",
        baseline: baseline)
    }
  }

  /// Review of issue 8: `--title "- bring sunscreen"` and `--notes "--
  /// great game"` said "--title needs a value". A value may start with a
  /// dash; only a real option after a value option is one.
  func testValues_mayStartWithADash() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "- bring sunscreen", ["--address", "-- at the hotel"])
    let row = try XCTUnwrap(try showJSON("Short").row("item:\(id)"))
    XCTAssertEqual(row.title, "- bring sunscreen")
    try runOK(["item", "edit", "Short", idPrefix(id, 8), "--title", "-- sunscreen!"])
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.title, "-- sunscreen!")
    try runOK(["visit", "add", "wrigley", "--date", "2024-06-04", "--notes", "-- great game"])
    XCTAssertTrue(
      try runOK(["visit", "list", "--json"]).stdout.contains(#""notes": "-- great game""#))
    try assertUsageError(
      ["item", "add", "Short", "--title", "--json"], message: "--title needs a value",
      usage: Self.addUsage, help: "sportstime item add")
  }

  func testUsageErrors_needNoTripAndNoDatabase() throws {
    let fresh = scratch.appendingPathComponent("never-created.sqlite")
    try assertUsageError(
      ["--db", fresh.path, "item", "add", "No Such Trip", "--title", "T", "--top"],
      message: "--top or --bottom goes with --day", usage: Self.addUsage,
      help: "sportstime item add")
    try assertUsageError(
      [
        "--db", fresh.path, "item", "add", "No Such Trip", "--title", "T", "--before", "2",
        "--after", "3",
      ],
      message: "give only one of --before, --after and --day", usage: Self.addUsage,
      help: "sportstime item add")
    try assertUsageError(
      ["--db", fresh.path, "item", "move", "No Such Trip", "3"],
      message: "say where: --before ROW, --after ROW or --day N", usage: Self.moveUsage,
      help: "sportstime item move")
    try assertUsageError(
      ["--db", fresh.path, "item", "edit", "No Such Trip", "3", "--time", "25:00"],
      message: "--time must be HH:MM, 24-hour (got '25:00')", usage: Self.editUsage,
      help: "sportstime item edit")
    try assertUsageError(
      ["--db", fresh.path, "item", "edit", "No Such Trip", "3"],
      message:
        "say what to change: --title, --category, --time, --place, --lat/--lon, --address (or a --no-… option)",
      usage: Self.editUsage, help: "sportstime item edit")
    XCTAssertFalse(fileExists(fresh), "a usage error must not create the database")
  }

  // MARK: move

  func testMove_legLandsWhereAskedWithinItsWindow() throws {
    try runOK(Self.loopTrip)
    let leg = try legID(try showJSON("Chicago Loop"), "Guaranteed Rate Field → Milwaukee")
    let uuid = String(leg.dropFirst(5))
    let targets: [([String], day: Int, after: String?, before: String?)] = [
      (["--day", "6"], 6, "day:6", "day:7"),
      (["--after", "12"], 7, "day:7", "day:8"),  // with the leg on Day 6, row 12 is Day 7's header
      (["--after", "day:5"], 5, "day:5", "day:6"),
      (["--day", "8", "--top"], 8, "day:8", "game:MIL202406100"),
      (["--before", "game:MIL202406100"], 8, "day:8", "game:MIL202406100"),
      (["--after", "game:CHA202406060"], 4, "game:CHA202406060", "day:5"),
      (["--day", "4", "--bottom"], 4, "game:CHA202406060", "day:5"),
      (["--before", "day:8"], 7, "day:7", "day:8"),
    ]
    var previous: (day: Int, above: String?, below: String?)?
    for (options, day, above, below) in targets {
      let result = try runOK(["item", "move", "Chicago Loop", uuid] + options)
      // Asked for where it already is (the previous target, spelled another
      // way): nothing changes, and it says so.
      let already = previous.map { $0 == (day, above, below) } ?? false
      previous = (day, above, below)
      let itinerary = try showJSON("Chicago Loop")
      let index = try XCTUnwrap(itinerary.index(leg))
      let row = itinerary.rows[index]
      XCTAssertEqual(row.day, day, "\(options)")
      XCTAssertEqual(itinerary.rows[index - 1].id, above, "\(options)")
      XCTAssertEqual(
        index + 1 < itinerary.rows.count ? itinerary.rows[index + 1].id : nil, below, "\(options)")
      XCTAssertEqual(
        result.stdout,
        already
          ? "\(uuid)  🚗 \"Guaranteed Rate Field → Milwaukee\" is already there, on Day \(day) (row \(row.number)); nothing changed.\n"
          : "\(uuid)  Moved 🚗 \"Guaranteed Rate Field → Milwaukee\" on Day \(day) (row \(row.number)).\n"
      )
      XCTAssertEqual(row.validDays, [4, 8])
      XCTAssertEqual(itinerary.travelRows.count, 3, "the leg is moved, not copied")
      XCTAssertEqual(itinerary.gameRows.map(\.day), [2, 3, 4, 8, 9, 12], "games never move")
    }
    // A clean trip still keeps every rule.
    try runOK(["trip", "check", "Chicago Loop"])
  }

  func testMove_legOutsideItsWindowIsRefusedNamingItsGames() throws {
    try runOK(Self.loopTrip)
    try runOK(["trip", "new", "Other", "--game", "CHC@2024-06-04"])
    let itinerary = try showJSON("Chicago Loop")
    let leg = try legID(itinerary, "Guaranteed Rate Field → Milwaukee")
    let afterBOS =
      "On Day 4, travel Guaranteed Rate Field → Milwaukee must come after BOS @ CWS, the last game at Guaranteed Rate Field."
    let beforeTOR =
      "On Day 8, travel Guaranteed Rate Field → Milwaukee must come before TOR @ MIL, the first game at American Family Field."
    let refusals: [([String], String)] = [
      (["--day", "3"], Self.gmWindow),
      (["--day", "9", "--top"], Self.gmWindow),
      (["--day", "13"], Self.gmWindow),
      (["--before", "day:4"], Self.gmWindow),  // the bottom of Day 3
      (["--after", "game:CHN202406050"], Self.gmWindow),
      (["--day", "1", "--top"], Self.gmWindow),
      // On the departure day, before the departure game.
      (["--day", "4", "--top"], afterBOS),
      (["--before", "game:CHA202406060"], afterBOS),
      (["--after", "day:4"], afterBOS),
      // On the arrival day, after the arrival game.
      (["--after", "game:MIL202406100"], beforeTOR),
      (["--day", "8"], beforeTOR),
      (["--day", "8", "--bottom"], beforeTOR),
    ]
    let move = ["item", "move", "Chicago Loop"]
    // The second visit to Wrigley Field: its leg is bound by its own games,
    // not the first visit's.
    let back = try legID(itinerary, "Milwaukee → Wrigley Field")
    XCTAssertEqual(itinerary.row(back)?.validDays, [9, 12])
    let others: [([String], String)] = [
      (
        move + [back, "--day", "2"],
        "Travel Milwaukee → Wrigley Field must be between Day 9 (after TOR @ MIL) and Day 12 (before STL @ CHC)."
      ),
      (
        move + [back, "--after", "game:CHN202406140"],
        "On Day 12, travel Milwaukee → Wrigley Field must come before STL @ CHC, the first game at Wrigley Field."
      ),
      // Other refusals of a move.
      (move + [leg, "--day", "14"], "Day 14 is not in this trip (it has 13 days)."),
      (move + ["3", "--day", "5"], "Games are fixed: CWS @ CHC cannot be moved."),
      (move + ["game:MIL202406110", "--day", "5"], "Games are fixed: TOR @ MIL cannot be moved."),
      (move + ["day:2", "--day", "5"], "Row day:2 is the Day 2 header, not an item."),
    ]
    try assertEachRefused(refusals.map { (move + [leg] + $0.0, $0.1) } + others)
    XCTAssertEqual(try showJSON("Chicago Loop").row(leg)?.day, 4, "still where it was planned")
    // Next to itself is where it is: the same answer as naming the row below.
    for place in ["--after", "--before"] {
      let same = try runOK(move + [leg, place, leg]).stdout
      XCTAssertTrue(same.contains("is already there, on Day 4"), same)
      XCTAssertTrue(same.hasSuffix("nothing changed.\n"), same)
    }
  }

  func testMove_tightSameDayLegOnlyFitsBetweenItsGames() throws {
    try makeTrip(Self.tightTrip)
    let leg = try legID(try showJSON("East Swing"), "Boston → Chicago")
    let move = ["item", "move", "East Swing", leg]
    try assertEachRefused([
      (
        move + ["--day", "1"],
        "Travel Boston → Chicago must be between Day 2 (after ATL @ BOS) and Day 2 (before CWS @ CHC)."
      ),
      (
        move + ["--day", "2", "--top"],
        "On Day 2, travel Boston → Chicago must come after ATL @ BOS, the last game at Fenway Park."
      ),
      (
        move + ["--day", "2"],
        "On Day 2, travel Boston → Chicago must come before CWS @ CHC, the first game at Wrigley Field."
      ),
    ])
    // Between the two games, above a note placed there: allowed.
    let note = try addItem("East Swing", "Lunch on the road", ["--after", leg])
    try runOK(["item", "move", "East Swing", leg, "--after", "item:\(note)"])
    XCTAssertEqual(
      rowsOfDay(try showJSON("East Swing"), 2),
      ["game:BOS202406050", "item:\(note)", leg, "game:CHN202406050"])
  }

  func testMove_customItemGoesAnywhereAndItsTimeZoneFollows() throws {
    try runOK(Self.shortTrip)
    let leg = try legID(try showJSON("Short"), "Chicago → Detroit")
    let id = try addItem("Short", "Call home", ["--day", "1", "--top", "--time", "09:00"])
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.timeZone, "America/Chicago")
    var result = try runOK(["item", "move", "Short", id, "--day", "5"])
    var number = try XCTUnwrap(try showJSON("Short").row("item:\(id)")?.number)
    XCTAssertEqual(
      result.stdout,
      "\(id)  Moved 📝 \"Call home\" on Day 5 (row \(number)) at 09:00 America/Detroit.\n")
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.timeZone, "America/Detroit")
    // Above the game on Day 1 (where legs may not go) is fine for your own item.
    result = try runOK(["item", "move", "Short", id, "--before", "game:CHN202406040"])
    var itinerary = try showJSON("Short")
    number = try XCTUnwrap(itinerary.row("item:\(id)")?.number)
    XCTAssertEqual(number, 2)
    XCTAssertEqual(
      result.stdout,
      "\(id)  Moved 📝 \"Call home\" on Day 1 (row 2) at 09:00 America/Chicago.\n")
    XCTAssertEqual(rowsOfDay(itinerary, 1), ["item:\(id)", "game:CHN202406040", leg])
    // After the arrival game, on the arrival day.
    try runOK(["item", "move", "Short", id, "--after", "game:DET202406070"])
    itinerary = try showJSON("Short")
    XCTAssertEqual(rowsOfDay(itinerary, 4), ["game:DET202406070", "item:\(id)"])
    XCTAssertEqual(itinerary.row("item:\(id)")?.timeZone, "America/Detroit")
    // An item without a time gets no zone when it moves.
    let plain = try addItem("Short", "Plain")
    try runOK(["item", "move", "Short", plain, "--day", "3"])
    XCTAssertNil(try showJSON("Short").row("item:\(plain)")?.timeZone)
    XCTAssertEqual(rowsOfDay(try showJSON("Short"), 3), ["item:\(plain)"])
    try assertRefused(
      ["item", "move", "Short", plain, "--before", "day:1"],
      containing: ["Above Day 1 is not part of any day"])
  }

  /// Review 3: a move to where the item already is said "Moved" and, with
  /// standard output on a full disk, that the change was saved; it changes
  /// nothing and says so.
  func testMove_toWhereItAlreadyIsChangesNothing() throws {
    try runOK(Self.shortTrip)
    let first = try addItem("Short", "First", ["--day", "2"])
    let second = try addItem("Short", "Second", ["--day", "2"])
    let before = try snapshot()
    let number = try XCTUnwrap(try showJSON("Short").row("item:\(first)")?.number)
    let result = try runOK(["item", "move", "Short", second, "--after", String(number)])
    XCTAssertEqual(
      result.stdout,
      "\(second)  📝 \"Second\" is already there, on Day 2 (row \(number + 1)); nothing changed.\n")
    XCTAssertEqual(try snapshot(), before, "nothing stored, the trip not touched")
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let quiet = try run(
      ["item", "move", "Short", second, "--after", String(number)], standardOutput: full)
    XCTAssertEqual(quiet.stderr, "Error: cannot write the output: No space left on device\n")
    // A real move still moves.
    try runOK(["item", "move", "Short", second, "--before", String(number)])
    XCTAssertEqual(try showJSON("Short").row("item:\(second)")?.number, number)
  }

  func testMove_jsonIsTheMovedRow() throws {
    try runOK(Self.shortTrip)
    let leg = try legID(try showJSON("Short"), "Chicago → Detroit")
    let result = try runOK(["item", "move", "Short", leg, "--day", "3", "--json"])
    let object = try XCTUnwrap(try parseJSON(result.stdout) as? [String: Any])
    XCTAssertEqual(object.string("id"), leg)
    XCTAssertEqual(object.string("kind"), "travel")
    XCTAssertEqual(object.int("day"), 3)
    XCTAssertEqual(object.int("number"), 5)
    XCTAssertEqual((object["validDays"] as? [NSNumber])?.map(\.intValue), [1, 4])
    let show = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "show", "Short", "--json"]).stdout) as? [String: Any])
    let row = try XCTUnwrap((show["rows"] as? [[String: Any]])?.first { $0.string("id") == leg })
    XCTAssertEqual(row as NSDictionary, object as NSDictionary)
  }

  func testMove_manyInsertsAtOneSpotRenumberTheDayWithoutChangingTheOrder() throws {
    try runOK(Self.shortTrip)
    let leg = try legID(try showJSON("Short"), "Chicago → Detroit")
    // Each new item goes just below the game: halfway between 100 and the
    // previous one, until the doubles run out and Day 1 is renumbered.
    var ids: [String] = []
    var renumberedAt: Int?
    for k in 1...60 {
      let result = try runOK(["item", "add", "Short", "--title", "N\(k)", "--after", "2"])
      ids.append(String(result.stdout.prefix(36)))
      XCTAssertTrue(result.stdoutLines[0].contains("on Day 1 (row 3)"), result.stdout)
      if result.stdoutLines.count == 2 {
        XCTAssertEqual(
          result.stdoutLines[1],
          "Day 1's positions were renumbered to make room; the order is unchanged.")
        renumberedAt = k
        break
      }
      XCTAssertEqual(result.stdoutLines.count, 1, result.stdout)
    }
    let k = try XCTUnwrap(renumberedAt, "60 halvings must exhaust a Double")
    XCTAssertGreaterThan(k, 40)
    let itinerary = try showJSON("Short")
    XCTAssertEqual(
      rowsOfDay(itinerary, 1),
      ["game:CHN202406040"] + ids.reversed().map { "item:\($0)" } + [leg])
    let orders = itinerary.rows.filter { $0.day == 1 && $0.kind != "day" }.map {
      $0.sortOrder ?? .nan
    }
    XCTAssertEqual(orders.first, 100, "the game keeps its value")
    for (a, b) in zip(orders, orders.dropFirst()) { XCTAssertLessThan(a, b, "\(orders)") }
    try runOK(["trip", "check", "Short"])
    // Room again: the next insert needs no renumbering.
    let next = try runOK(["item", "add", "Short", "--title", "Again", "--after", "2"])
    XCTAssertEqual(next.stdoutLines.count, 1, next.stdout)
  }

  // MARK: edit

  func testEdit_changesAndClearsEachField() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Lunch", ["--day", "2"])
    let result = try runOK([
      "item", "edit", "Short", id, "--title", "  Deep dish  ", "--category", "restaurant",
      "--time", "12:30", "--lat", "41.8906", "--lon", "-87.6336", "--address", "29 E Ohio St",
    ])
    XCTAssertEqual(
      result.stdout,
      "\(id)  Edited 🍽️ \"Deep dish\" on Day 2 (row 5) at 12:30 America/Chicago.\n",
      "the item has its own location in Chicago: its time is Chicago's, though the trip is in Detroit (issue 8)"
    )
    var row = try XCTUnwrap(try showJSON("Short").row("item:\(id)"))
    XCTAssertEqual(row.title, "Deep dish")
    XCTAssertEqual(row.category, "restaurant")
    XCTAssertEqual(row.time, "12:30")
    XCTAssertEqual(row.timeZone, "America/Chicago")
    XCTAssertEqual(row.latitude, 41.8906)
    XCTAssertEqual(row.longitude, -87.6336)
    XCTAssertEqual(row.address, "29 E Ohio St")
    XCTAssertEqual(row.day, 2, "an edit does not move the item")
    let sortOrder = row.sortOrder
    // One field at a time; the others stay.
    let json = try runOK(["item", "edit", "Short", id, "--category", "ACTIVITY", "--json"]).stdout
    let object = try XCTUnwrap(try parseJSON(json) as? [String: Any])
    XCTAssertEqual(object.string("category"), "activity")
    XCTAssertEqual(object.string("title"), "Deep dish")
    XCTAssertEqual(object.string("time"), "12:30")
    try runOK(["item", "edit", "Short", id, "--no-time"])
    row = try XCTUnwrap(try showJSON("Short").row("item:\(id)"))
    XCTAssertNil(row.time)
    XCTAssertNil(row.timeZone, "clearing the time clears its zone")
    XCTAssertEqual(row.latitude, 41.8906)
    try runOK(["item", "edit", "Short", id, "--no-location", "--no-address"])
    row = try XCTUnwrap(try showJSON("Short").row("item:\(id)"))
    XCTAssertNil(row.latitude)
    XCTAssertNil(row.longitude)
    XCTAssertNil(row.address)
    XCTAssertEqual(row.title, "Deep dish")
    XCTAssertEqual(row.category, "activity")
    XCTAssertEqual(row.sortOrder, sortOrder)
    let text = try runOK(["trip", "show", "Short"]).stdoutLines
    XCTAssertTrue(text.contains("5      🎯 Deep dish"), text.joined(separator: "\n"))
  }

  /// Second review of issue 8, item 5: an address of only invisible
  /// characters is no address, as a blank one is (review of issue 8,
  /// finding 3 refused it): an edit clears the address, an add stores none.
  func testAddress_onlyInvisibleCharactersIsNoAddress() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Lunch", ["--day", "2"])
    for invisible in ["\u{200B}", "\u{202E}", "\u{7}", "\u{34F}\u{2800}", " "] {
      try runOK(["item", "edit", "Short", id, "--address", "29 E Ohio St"])
      XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.address, "29 E Ohio St")
      try runOK(["item", "edit", "Short", id, "--address", invisible])
      XCTAssertNil(try showJSON("Short").row("item:\(id)")?.address, invisible.debugDescription)
    }
    let bar = try addItem("Short", "Bar", ["--address", "\u{115F}\u{FE0F}"])
    XCTAssertNil(try showJSON("Short").row("item:\(bar)")?.address)
  }

  /// Second review of issue 8, item 4: a title with no visible character
  /// (a combining grapheme joiner, a Hangul filler, a braille blank — all
  /// kept before) is refused as an empty one is, saying why, and nothing
  /// changes.
  func testTitle_ofOnlyInvisibleCharactersIsRefused() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Mine")
    let reason = "an item needs a title (the one given has only control or invisible characters)"
    try assertEachRefused(
      ["\u{34F}", "\u{115F}\u{1160}", "\u{2800}", "\u{17B4}\u{FE0F}", "\u{200D}"].flatMap {
        [
          (["item", "add", "Short", "--title", $0], reason),
          (["item", "edit", "Short", id, "--title", $0], reason),
        ]
      })
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.title, "Mine")
    XCTAssertEqual(try showJSON("Short").rows.filter { $0.kind == "custom" }.count, 1)
  }

  func testEdit_refusalsChangeNothing() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Mine", ["--day", "3", "--time", "10:00"])
    let leg = try legID(try showJSON("Short"), "Chicago → Detroit")
    let travel =
      "Travel Chicago → Detroit is a leg of the route: it cannot be retitled or edited, only moved."
    let edit = ["item", "edit", "Short"]
    let options = [
      ["--title", "Road trip"], ["--category", "note"], ["--time", "10:00"], ["--no-time"],
      ["--lat", "1", "--lon", "1"], ["--address", "x"], ["--no-location", "--no-address"],
    ]
    let others: [([String], String)] = [
      (edit + ["3", "--title", "Road trip"], travel),
      (edit + [idPrefix(leg, 6), "--title", "Road trip"], travel),
      (edit + ["2", "--title", "X"], "Games are fixed: CWS @ CHC cannot be edited."),
      (edit + ["2", "--time", "12:00"], "Games are fixed: CWS @ CHC cannot be edited."),
      (
        edit + ["game:DET202406070", "--title", "X"], "Games are fixed: MIL @ DET cannot be edited."
      ),
      (edit + ["1", "--title", "X"], "Row 1 is the Day 1 header, not an item."),
      (edit + [id, "--title", " \t "], "an item needs a title"),
    ]
    try assertEachRefused(options.map { (edit + [leg] + $0, travel) } + others)
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.title, "Mine")
  }

  // MARK: remove

  func testRemove_customItemGoesTheRestStays() throws {
    try runOK(Self.shortTrip)
    let keep = try addItem("Short", "Keep", ["--day", "2"])
    let drop = try addItem("Short", "Drop me", ["--day", "2", "--category", "hotel"])
    let before = try showJSON("Short")
    let result = try runOK(["item", "remove", "Short", idPrefix(drop, 6)])
    XCTAssertEqual(result.stdout, "Removed 🏨 \"Drop me\" from Day 2.\n")
    let after = try showJSON("Short")
    XCTAssertNil(after.row("item:\(drop)"))
    XCTAssertEqual(
      after.rows.map(\.id), before.rows.map(\.id).filter { $0 != "item:\(drop)" },
      "every other row stays, in order")
    XCTAssertNotNil(after.row("item:\(keep)"))
    try assertRefused(
      ["item", "remove", "Short", drop],
      containing: ["No item of this trip has an id starting with '\(drop)'."])
  }

  func testRemove_travelGamesAndHeadersAreRefused() throws {
    try runOK(Self.shortTrip)
    try addItem("Short", "Something")
    let leg = try legID(try showJSON("Short"), "Chicago → Detroit")
    let travel =
      "Travel Chicago → Detroit is a leg of the route and cannot be removed; move it instead."
    let remove = ["item", "remove", "Short"]
    try assertEachRefused([
      (remove + [leg], travel),
      (remove + ["3"], travel),
      (remove + [idPrefix(leg, 8)], travel),
      (remove + ["2"], "Games are fixed: CWS @ CHC cannot be removed."),
      (remove + ["game:DET202406070"], "Games are fixed: MIL @ DET cannot be removed."),
      (remove + ["day:5"], "Row day:5 is the Day 5 header, not an item."),
      (
        ["item", "remove", "Nowhere", "3"],
        "no trip is called 'Nowhere' (see 'sportstime trip list')"
      ),
    ])
  }

  // MARK: ROW and ITEM references

  func testReferences_numberRowIdItemIdAndPrefixAllNameTheSameRow() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Target", ["--day", "3"])
    let number = try XCTUnwrap(try showJSON("Short").row("item:\(id)")?.number)
    XCTAssertEqual(number, 6)
    let names = [
      String(number), "item:\(id)", "ITEM:\(id.uppercased())", id, id.uppercased(),
      idPrefix(id, 4), "item:\(id.prefix(4))", " \(idPrefix(id, 5)) ",
    ]
    for (k, name) in names.enumerated() {
      let title = "Renamed \(k)"
      let result = try runOK(["item", "edit", "Short", name, "--title", title])
      XCTAssertTrue(
        result.stdout.hasPrefix("\(id)  Edited 📝 \"\(title)\""), "\(name): \(result.stdout)")
      // As ROW: a new item just below it.
      let below = try addItem("Short", "Below \(k)", ["--after", name])
      let day3 = rowsOfDay(try showJSON("Short"), 3)
      let at = try XCTUnwrap(day3.firstIndex(of: "item:\(id)"))
      XCTAssertEqual(day3[at + 1], "item:\(below)", name)
      try runOK(["item", "remove", "Short", below])
    }
  }

  func testReferences_badNamesAreRefusedWithAReason() throws {
    try runOK(Self.shortTrip)
    try runOK(["trip", "new", "Other", "--game", "MIL@2024-06-10"])
    let id = try addItem("Short", "Mine")
    let foreign = try addItem("Other", "Not yours")
    let cases: [(String, String)] = [
      (
        "abc",
        "'abc' is too short to name an item; give a row number or at least 4 characters of its id."
      ),
      (
        "item:ab",
        "'item:ab' is too short to name an item; give a row number or at least 4 characters of its id."
      ),
      ("zzzzzz", "No item of this trip has an id starting with 'zzzzzz'."),
      (foreign, "No item of this trip has an id starting with '\(foreign)'."),
      (
        idPrefix(foreign, 8),
        "No item of this trip has an id starting with '\(idPrefix(foreign, 8))'."
      ),
      ("0", "There is no row 0; 'trip show' numbers the rows 1 to 9."),
      ("10", "There is no row 10; 'trip show' numbers the rows 1 to 9."),
      ("game:NYN202406040", "There is no row game:NYN202406040 in this trip."),
      ("day:6", "There is no row day:6 in this trip."),
    ]
    // As ITEM (every case) and as ROW (some).
    let asItem = cases.map { (["item", "edit", "Short", $0.0, "--title", "X"], $0.1) }
    let asRow = cases.prefix(4).map {
      (["item", "add", "Short", "--title", "X", "--after", $0.0], $0.1)
    }
    let asTarget = cases.suffix(3).map { (["item", "move", "Short", id, "--before", $0.0], $0.1) }
    try assertEachRefused(asItem + asRow + asTarget)
  }
}
