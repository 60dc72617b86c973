import Foundation
import SportsTimeTestSupport
import XCTest

/// `sportstime trip check TRIP [--json]`: a fresh trip keeps every rule; a
/// schedule re-import that moves a trip's games can leave a travel leg where
/// it no longer fits, and check lists it (exit 1) until it is moved.
final class TripCheckTests: ItineraryTestCase {
  /// The East Swing's Wednesday games swap order: Fenway becomes a night game
  /// (19:10 EDT), Wrigley a day game (13:10 CDT), so the Chicago game is now
  /// first on Day 2 and the Boston → Chicago leg stored between them sits
  /// after its arrival game. Only the Day/Night field changes.
  func importSwappedWednesday(file: StaticString = #filePath, line: UInt = #line) throws {
    let schedule = try modifiedSchedule(
      [
        (
          "20240605,0,Wednesday,ATL,NL,61,BOS,AL,62,d,BOS07,",
          "20240605,0,Wednesday,ATL,NL,61,BOS,AL,62,n,BOS07,"
        ),
        (
          "20240605,0,Wednesday,CHA,AL,63,CHN,NL,63,n,CHI11,",
          "20240605,0,Wednesday,CHA,AL,63,CHN,NL,63,d,CHI11,"
        ),
      ], file: file, line: line)
    let result = try run(["schedule", "import", schedule.path])
    XCTAssertEqual(result.status, 0, result.description, file: file, line: line)
    XCTAssertTrue(result.stdout.contains("2 updated"), result.stdout, file: file, line: line)
  }

  func testCheck_freshTripsKeepEveryRule() throws {
    try runOK(Self.loopTrip)
    try makeTrip(Self.tightTrip)
    try addItem("Chicago Loop", "Deep dish", ["--day", "2", "--top", "--time", "12:00"])
    for trip in ["Chicago Loop", "East Swing"] {
      let text = try runOK(["trip", "check", trip])
      XCTAssertEqual(text.stdoutLines.count, 1, text.stdout)
      XCTAssertTrue(text.stdout.contains("\"\(trip)\" keep"), text.stdout)
      XCTAssertTrue(text.stdout.contains("every rule"), text.stdout)
      let json = try runOK(["trip", "check", trip, "--json"])
      XCTAssertEqual(
        try decode(CheckJSON.self, json.stdout), CheckJSON(trip: trip, problems: [], notices: []))
      let object = try XCTUnwrap(try parseJSON(json.stdout) as? [String: Any])
      XCTAssertEqual(object.sortedKeys, ["notices", "problems", "trip"])
    }
    XCTAssertTrue(
      try runOK(["trip", "check", "Chicago Loop"]).stdout.contains("4 stored items"),
      "3 legs and the restaurant")
    // Legs moved anywhere the drag view allows still pass.
    let legs = try showJSON("Chicago Loop").travelRows.map(\.id)
    try runOK(["item", "move", "Chicago Loop", legs[1], "--day", "8", "--top"])
    try runOK(["item", "move", "Chicago Loop", legs[2], "--day", "12", "--top"])
    try runOK(["trip", "check", "Chicago Loop"])
    // One game, no item: counted in the singular.
    try runOK(["trip", "new", "One", "--game", "CHC@2024-06-04"])
    XCTAssertEqual(
      try runOK(["trip", "check", "One"]).stdout,
      "The 1 game and 0 stored items of \"One\" keep every rule.\n")
  }

  /// Fresh-clone review, finding 3: an item whose place is far from every
  /// stop (Tokyo on a Chicago–Milwaukee trip) is a notice of `trip check`,
  /// and the route flies there: the item is in the country of the venue
  /// near it (Tokyo Dome), as its time zone is.
  func testCheck_itemFarFromEveryStopIsANoticeAndTheRouteFliesThere() throws {
    try runOK(Self.shortTrip)  // Chicago Jun 4, Milwaukee Jun 7
    let near = try addItem(
      "Short", "Lakefront", ["--day", "2", "--lat", "41.89", "--lon", "-87.61"])
    let far = try addItem(
      "Short", "Sushi", ["--day", "3", "--lat", "35.68", "--lon", "139.7", "--time", "10:00"])
    let number = try XCTUnwrap(try showJSON("Short").row("item:\(far)")?.number)
    let notice =
      "Its place is about 10,130 km (6,300 mi) from the nearest stop of the trip (Chicago); check its latitude and longitude."
    let text = try runOK(["trip", "check", "Short"])
    XCTAssertEqual(
      text.stdoutLines,
      [
        "Notice: row \(number): 📝 Sushi: \(notice)",
        "All 2 games and 3 stored items of \"Short\" keep every rule.",
      ])
    let json = try decode(CheckJSON.self, try runOK(["trip", "check", "Short", "--json"]).stdout)
    XCTAssertEqual(json.problems, [])
    XCTAssertEqual(json.notices.map(\.id), ["item:\(far)"])
    XCTAssertFalse(json.notices.contains { $0.id == "item:\(near)" })
    let route = try runOK(["trip", "route", "Short"]).stdoutLines
    let sushi = try XCTUnwrap(route.first { $0.contains("Sushi") }, route.joined(separator: "\n"))
    XCTAssertTrue(sushi.contains("✈️"), sushi)
    XCTAssertFalse(sushi.contains("🚗"), sushi)
  }

  /// Issue 28, item 5: a 17:30 dinner in Chicago on the day of the 7:10 pm
  /// game in Detroit (the Brewers, Fri Jun 7, 2024) cannot be done: `item
  /// add` warns, `trip check` lists it at the dinner's row and exits 1,
  /// `--json` carries it among the problems, and `trip show --json` marks
  /// the day. Moved to noon, the day can be done and check passes.
  func testCheck_dinnerInChicagoBeforeTheDetroitGameIsADayThatCannotBeDone() throws {
    try runOK(["trip", "new", "Motor City", "--game", "CHC@2024-06-04", "--game", "DET@2024-06-07"])
    let data: [String: String?] = ["SPORTSTIME_DATA": TestData.directory.path]
    let added = try run(
      [
        "item", "add", "Motor City", "--title", "Dinner", "--category", "restaurant", "--day",
        "4", "--top", "--time", "17:30", "--place", "Chicago, IL",
      ], extra: data)
    XCTAssertEqual(added.status, 0, "warned, not refused: \(added.description)")
    let reason =
      "Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT in Chicago, IL, United States and MIL @ DET at Comerica Park, Detroit (7:10 pm EDT est.) are about 4 h 46 min's drive apart, but there is only 40 min between them."
    XCTAssertEqual(added.stderrLines, ["Warning: \(reason)"], added.description)
    let id = String(try XCTUnwrap(added.stdoutLines.first).prefix { $0 != " " })
    let show = try showJSON("Motor City")
    let number = try XCTUnwrap(show.row("item:\(id)")?.number)

    let text = try run(["trip", "check", "Motor City"])
    XCTAssertEqual(text.status, 1, text.description)
    XCTAssertEqual(text.stdoutLines, ["row \(number): 🍽️ Dinner: \(reason)"])
    XCTAssertEqual(
      text.stderrLines,
      [
        "Error: 1 problem in \"Motor City\" (listed above); 'sportstime trip replan TRIP' re-plans after a schedule change"
      ])
    let json = try run(["trip", "check", "Motor City", "--json"])
    XCTAssertEqual(json.status, 1, json.description)
    XCTAssertEqual(
      try decode(CheckJSON.self, json.stdout),
      CheckJSON(
        trip: "Motor City",
        problems: [.init(id: "item:\(id)", number: number, title: "Dinner", reason: reason)]))
    // `trip show` names it under the day's header.
    let shown = try runOK(["trip", "show", "Motor City"]).stdoutLines
    let header = try XCTUnwrap(shown.firstIndex { $0.contains("Day 4 · Fri, Jun 7, 2024") })
    XCTAssertEqual(
      shown[header + 1].trimmingCharacters(in: .whitespaces), "⚠ \(reason)",
      shown.joined(separator: "\n"))
    // So does the route, after its total.
    let route = try runOK(["trip", "route", "Motor City"]).stdoutLines
    XCTAssertEqual(route.last, "⚠ row \(number): \(reason)", route.joined(separator: "\n"))
    let routeJSON = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "route", "Motor City", "--json"]).stdout)
        as? [String: Any])
    XCTAssertEqual(
      (routeJSON["cannotBeDone"] as? [[String: Any]])?.map { $0 as NSDictionary },
      [["day": 4, "rowID": "item:\(id)", "reason": reason] as NSDictionary])
    // The trip document marks Day 4 (and no other day).
    let days = try XCTUnwrap(
      (try parseJSON(try runOK(["trip", "show", "Motor City", "--json"]).stdout)
        as? [String: Any])?["rows"] as? [[String: Any]]
    ).filter { $0.string("kind") == "day" }
    XCTAssertEqual(
      days.map { ($0["cannotBeDone"] as? [String]) ?? ["missing"] },
      [[], [], [], [reason]])

    // At noon (1 pm EDT), the drive fits before the game: nothing to say.
    let noon = try runOK(["item", "edit", "Motor City", id, "--time", "12:00"], extra: data)
    XCTAssertEqual(noon.stderr, "", noon.description)
    XCTAssertEqual(
      try runOK(["trip", "check", "Motor City"]).stdout,
      "All 2 games and 2 stored items of \"Motor City\" keep every rule.\n")
    // An impossible day is warned about, never forbidden: undo may bring
    // it back (the journal refuses only steps that break a rule).
    XCTAssertEqual(try run(["undo", "Motor City"]).status, 0)
    XCTAssertEqual(
      try run(["trip", "check", "Motor City"]).stdoutLines, ["row \(number): 🍽️ Dinner: \(reason)"])
  }

  /// Issue 8, item 16: an item that is merely Unscheduled breaks no rule:
  /// it is a notice (listed with its date, in `notices`), and check exits 0.
  /// A rule break beside it still exits 1, with both listed.
  func testCheck_unscheduledItemsAreNoticesNotProblems() throws {
    try runOK(Self.shortTrip)  // Jun 4 – Jun 8
    let late = try addItem("Short", "Late show", ["--day", "5"])
    try runOK(["trip", "replan", "Short", "--end", "2024-06-07"])
    let number = try XCTUnwrap(try showJSON("Short").row("item:\(late)")?.number)
    let notice =
      "It is Unscheduled (Sat, Jun 8, 2024, 1 day after the trip); move it onto a trip day to have it in the plan."
    let text = try runOK(["trip", "check", "Short"])
    XCTAssertEqual(
      text.stdoutLines,
      [
        "Notice: row \(number): 📝 Late show: \(notice)",
        "All 2 games and 2 stored items of \"Short\" keep every rule (1 item Unscheduled, listed above).",
      ])
    let json = try runOK(["trip", "check", "Short", "--json"])
    XCTAssertEqual(
      try decode(CheckJSON.self, json.stdout),
      CheckJSON(
        trip: "Short", problems: [],
        notices: [
          .init(id: "item:\(late)", number: number, title: "Late show", reason: notice)
        ]))

    // A leg broken by a re-import beside it: exit 1, the problem first.
    try makeTrip(Self.tightTrip)
    let chowder = try addItem("East Swing", "Clam chowder", ["--day", "1"])
    // (The tight leg is warned about on stderr each time.)
    XCTAssertEqual(try run(["trip", "replan", "East Swing", "--start", "2024-06-03"]).status, 0)
    try runOK(["item", "move", "East Swing", chowder, "--day", "1"])
    XCTAssertEqual(try run(["trip", "replan", "East Swing", "--start", "2024-06-04"]).status, 0)
    try importSwappedWednesday()
    let broken = try run(["trip", "check", "East Swing", "--json"])
    XCTAssertEqual(broken.status, 1, broken.description)
    let report = try decode(CheckJSON.self, broken.stdout)
    XCTAssertFalse(report.problems.isEmpty)
    XCTAssertFalse(report.problems.contains { $0.id == "item:\(chowder)" })
    XCTAssertEqual(report.notices.map(\.id), ["item:\(chowder)"])
    XCTAssertEqual(
      report.notices.first?.reason,
      "It is Unscheduled (Mon, Jun 3, 2024, 1 day before the trip); move it onto a trip day to have it in the plan."
    )
    let brokenText = try run(["trip", "check", "East Swing"])
    XCTAssertEqual(brokenText.status, 1, brokenText.description)
    XCTAssertTrue(brokenText.stdoutLines.first?.hasPrefix("row ") ?? false, brokenText.stdout)
    XCTAssertTrue(
      brokenText.stdoutLines.last?.hasPrefix("Notice: row ") ?? false, brokenText.stdout)
  }

  /// Review of issue 8: a timed item stored in another zone than the one
  /// the item commands give it there (as an older version could store it)
  /// is a problem, named with both zones, and setting its time again
  /// fixes it.
  func testCheck_aTimeStoredInAnotherZoneIsAProblem() throws {
    try runOK(Self.shortTrip)  // Cubs Tue Jun 4, Brewers Fri Jun 7
    let id = try addItem("Short", "Lunch", ["--day", "1", "--top", "--time", "12:30"])
    try runOK(["trip", "check", "Short"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "c.execute('UPDATE itinerary_items SET time_zone = ? WHERE id = ?', (sys.argv[2], sys.argv[3])); "
        + "c.commit(); c.close()",
      database.path, "UTC", id,
    ]
    process.environment = ProcessInfo.processInfo.environment
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "python3 sqlite3 update")
    let number = try XCTUnwrap(try showJSON("Short").row("item:\(id)")?.number)
    let reason =
      "Its time 12:30 is read in UTC, but at that point the trip is in Chicago (America/Chicago): set its time again to have it read there."
    let result = try run(["trip", "check", "Short", "--json"])
    XCTAssertEqual(result.status, 1, result.description)
    XCTAssertEqual(
      try decode(CheckJSON.self, result.stdout),
      CheckJSON(
        trip: "Short",
        problems: [.init(id: "item:\(id)", number: number, title: "Lunch", reason: reason)]))
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.warnings, [reason])
    try runOK(["item", "edit", "Short", id, "--time", "12:30"])
    try runOK(["trip", "check", "Short"])
  }

  func testCheck_unknownTripIsAnError() throws {
    try runOK(Self.shortTrip)
    try assertRefused(["trip", "check", "Shrot"], containing: ["no trip is called 'Shrot'"])
  }

  func testCheck_reimportThatSwapsTheGamesListsTheBrokenLegAndTheMissingOne() throws {
    try makeTrip(Self.tightTrip)
    try runOK(Self.shortTrip)
    let note = try addItem("East Swing", "Clam chowder", ["--day", "1"])
    let before = try showJSON("East Swing")
    let leg = try XCTUnwrap(before.travelRows.first)
    try runOK(["trip", "check", "East Swing"])
    let shortBefore = try runOK(["trip", "show", "Short", "--json"]).stdout

    try importSwappedWednesday()

    let after = try showJSON("East Swing")
    XCTAssertEqual(
      rowsOfDay(after, 2), ["game:CHN202406050", leg.id, "game:BOS202406050"],
      "the stored leg keeps its place; the games swapped around it")
    let reason =
      "On Day 2, travel Boston → Chicago must come before CWS @ CHC, the first game at Wrigley Field."
    let number = try XCTUnwrap(after.row(leg.id)?.number)
    // Boston's game now comes after Chicago's on Day 2: the route became
    // Boston → Chicago → Boston, whose second leg has no travel item yet.
    let missing =
      "The route has a leg Chicago → Boston with no travel item (the trip's games changed); run 'sportstime trip replan' to re-plan the trip."
    let text = try run(["trip", "check", "East Swing"])
    XCTAssertEqual(text.status, 1, text.description)
    XCTAssertEqual(
      text.stdoutLines,
      ["row \(number): 🚗 Boston → Chicago: \(reason)", "route: 🚗 Chicago → Boston: \(missing)"],
      "problems in row order; route legs without a row last")
    XCTAssertEqual(text.stderrLines.count, 1, text.stderr)
    XCTAssertTrue(text.stderr.hasPrefix("Error: "), text.stderr)
    XCTAssertTrue(text.stderr.contains("\"East Swing\""), text.stderr)
    XCTAssertFalse(text.stdout.contains(note), "the note keeps every rule")

    let json = try run(["trip", "check", "East Swing", "--json"])
    XCTAssertEqual(json.status, 1, json.description)
    XCTAssertEqual(
      try decode(CheckJSON.self, json.stdout),
      CheckJSON(
        trip: "East Swing",
        problems: [
          .init(id: leg.id, number: number, title: "Boston → Chicago", reason: reason),
          .init(id: "leg:1", number: nil, title: "Chicago → Boston", reason: missing),
        ]))
    // Checking changed nothing; the other trip is untouched and still fine.
    XCTAssertEqual(try showJSON("East Swing").rows.map(\.id), after.rows.map(\.id))
    XCTAssertEqual(try runOK(["trip", "show", "Short", "--json"]).stdout, shortBefore)
    try runOK(["trip", "check", "Short"])

    // The drag view shows where it may go now: Day 1 after the Boston game,
    // or Day 2 above the Chicago game.
    let drag = try dragJSON("East Swing", leg.id)
    XCTAssertEqual(drag.barriers, ["BOS202406040", "CHN202406050"])
    XCTAssertEqual(drag.validDays, [1, 2])
    XCTAssertFalse(try XCTUnwrap(drag.originSlot.map { drag.slots[$0].valid }))
    XCTAssertEqual(
      drag.slots.filter(\.valid).map(\.before), ["item:\(note)", "day:2", "game:CHN202406050"])
    // Moving it to a place still refused changes nothing; a valid one fixes the trip.
    try assertRefused(
      ["item", "move", "East Swing", leg.id, "--day", "2"], containing: [reason])
    try runOK(["item", "move", "East Swing", leg.id, "--after", "game:BOS202406040"])
    // The moved leg now keeps every rule; only the missing leg is left (a
    // re-plan adds it).
    let fixed = try run(["trip", "check", "East Swing"])
    XCTAssertEqual(fixed.status, 1, fixed.description)
    XCTAssertEqual(fixed.stdoutLines, ["route: 🚗 Chicago → Boston: \(missing)"])
  }

  func testCheck_gameMovedToALaterDateBreaksItsLeg() throws {
    // Milwaukee (Wed Jun 12, day game) → Chicago (Fri Jun 14): the leg sits
    // on Day 1 after the Brewers game.
    try runOK(["trip", "new", "Late Move", "--game", "MIL202406120", "--game", "CHN202406140"])
    try addItem("Late Move", "Brewery tour", ["--day", "2"])
    let leg = try XCTUnwrap(try showJSON("Late Move").travelRows.first)
    XCTAssertEqual(leg.day, 1)
    XCTAssertEqual(leg.validDays, [1, 3])
    try runOK(["trip", "check", "Late Move"])
    // A newer file moves the Brewers game to Thursday the way Retrosheet does
    // (postponed, with its makeup date); both teams are off that day.
    let schedule = try modifiedSchedule([
      (
        "20240612,0,Wednesday,TOR,AL,69,MIL,NL,69,d,MIL06,,",
        "20240612,0,Wednesday,TOR,AL,69,MIL,NL,69,d,MIL06,Rain,20240613"
      )
    ])
    let imported = try run(["schedule", "import", schedule.path])
    XCTAssertEqual(imported.status, 0, imported.description)
    XCTAssertTrue(
      imported.stdout.contains(
        "  MIL202406120 (TOR @ MIL) moved from Wed, Jun 12, 2024 to Thu, Jun 13, 2024: now "
          + "MIL202406130."), imported.stdout)
    let after = try showJSON("Late Move")
    XCTAssertEqual(after.gameRows.map(\.gameID), ["MIL202406130", "CHN202406140"])
    XCTAssertEqual(after.gameRows.first?.day, 2, "the trip follows its game")
    XCTAssertEqual(after.row(leg.id)?.day, 1, "the stored leg stays where it was")
    XCTAssertEqual(after.row(leg.id)?.validDays, [2, 3])
    let reason =
      "Travel Milwaukee → Chicago must be between Day 2 (after TOR @ MIL) and Day 3 (before STL @ CHC)."
    let number = try XCTUnwrap(after.row(leg.id)?.number)
    let check = try run(["trip", "check", "Late Move", "--json"])
    XCTAssertEqual(check.status, 1, check.description)
    XCTAssertEqual(
      try decode(CheckJSON.self, check.stdout),
      CheckJSON(
        trip: "Late Move",
        problems: [
          .init(id: leg.id, number: number, title: "Milwaukee → Chicago", reason: reason)
        ]))
    let text = try run(["trip", "check", "Late Move"])
    XCTAssertEqual(text.status, 1, text.description)
    XCTAssertEqual(text.stdoutLines, ["row \(number): 🚗 Milwaukee → Chicago: \(reason)"])
    XCTAssertEqual(text.stderrLines.count, 1, text.stderr)
    // Moved after the game on its new day, the leg keeps every rule again.
    try assertRefused(["item", "move", "Late Move", leg.id, "--day", "1"], containing: [reason])
    try runOK(["item", "move", "Late Move", leg.id, "--after", "game:MIL202406130"])
    try runOK(["trip", "check", "Late Move"])
  }
}
