import Foundation
import XCTest

/// Base class for the visit, progress and history tests: the imported 2024
/// schedule and helpers to read visits back and prove a refusal changed
/// nothing.
class VisitsTestCase: EndToEndTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try installImported2024()
  }

  /// `visit list --json`, parsed.
  func visitList(
    _ venue: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [[String: Any]] {
    let text = try runOK(["visit", "list"] + (venue.map { [$0] } ?? []) + ["--json"]).stdout
    return try XCTUnwrap(parseJSON(text, file: file, line: line) as? [[String: Any]])
  }

  /// Adds a visit and returns its id (from `--json`).
  @discardableResult
  func addVisit(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let text = try runOK(["visit", "add"] + arguments + ["--json"], file: file, line: line).stdout
    let object = try XCTUnwrap(parseJSON(text, file: file, line: line) as? [String: Any])
    return try XCTUnwrap(object.string("id"), file: file, line: line)
  }

  /// Asserts that `arguments` exits `status` with `Error: <message>` as the
  /// first stderr line and leaves `visit list --json` unchanged.
  func assertRefusedUnchanged(
    _ arguments: [String], status: Int32 = 1, message: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let before = try runOK(["visit", "list", "--json"], file: file, line: line).stdout
    let result = try run(arguments)
    XCTAssertEqual(result.status, status, "\(arguments)\n\(result)", file: file, line: line)
    XCTAssertEqual(result.stdout, "", "\(arguments)", file: file, line: line)
    XCTAssertEqual(
      result.stderrLines.first, "Error: \(message)", "\(arguments)", file: file, line: line)
    XCTAssertEqual(
      try runOK(["visit", "list", "--json"], file: file, line: line).stdout, before,
      "\(arguments) changed the visits", file: file, line: line)
  }
}

/// `sportstime visit add|edit|remove|list` and `trip attended` against the
/// real 2024 schedule.
final class VisitCommandTests: VisitsTestCase {
  static let addUsage =
    "sportstime visit add [<VENUE>] [--date <DATE>] [--game <G>] [--sport <SPORT>] [--away <TEAM>] [--home <TEAM>] [--score <AWAY-HOME>] [--notes <TEXT>] [--json]"

  /// Several visits to one stadium, each kept: by game, by name with a
  /// matchup, by home team; listed as cards, most recent first.
  func testAdd_severalVisitsToOneStadiumListedAsCards() throws {
    let added = try runOK(["visit", "add", "--game", "CHC@2024-06-05", "--notes", "Section 205"])
    XCTAssertTrue(
      added.stdout.hasPrefix("Recorded visit "), added.stdout)
    XCTAssertTrue(
      added.stdout.hasSuffix(
        ": Wed, Jun 5, 2024 · CWS @ CHC · Wrigley Field, Chicago (MLB).\nWrigley Field now has 1 visit.\n"
      ), added.stdout)
    try addVisit([
      "wrigley field", "--date", "2024-06-04", "--away", "cardinals", "--home", "CHC", "--score",
      "3-5", "--notes", "Bleachers",
    ])
    let third = try runOK(["visit", "add", "cubs", "--date", "2023-07-01"])
    XCTAssertTrue(third.stdout.hasSuffix("Wrigley Field now has 3 visits.\n"), third.stdout)

    let list = try visitList()
    XCTAssertEqual(list.map { $0.string("date") }, ["2024-06-05", "2024-06-04", "2023-07-01"])
    XCTAssertEqual(
      list.map(\.sortedKeys),
      [
        ["away", "date", "gameID", "home", "id", "notes", "sport", "venueID"],
        ["away", "date", "home", "id", "notes", "score", "sport", "venueID"],
        ["date", "id", "sport", "venueID"],
      ])
    XCTAssertEqual(list[0].string("gameID"), "CHN202406050")
    XCTAssertEqual(list[1].string("away"), "STL")
    XCTAssertEqual(list[1].string("home"), "CHC")
    let score = try XCTUnwrap(list[1]["score"] as? [String: Any])
    XCTAssertEqual(score.int("away"), 3)
    XCTAssertEqual(score.int("home"), 5)
    XCTAssertEqual(Set(list.compactMap { $0.string("venueID") }), ["CHI11"])
    // Key order is stable.
    let raw = try runOK(["visit", "list", "--json"]).stdout
    let keys = [
      "\"id\"", "\"venueID\"", "\"sport\"", "\"date\"", "\"away\"", "\"home\"", "\"score\"",
      "\"notes\"",
    ]
    let second = try XCTUnwrap(raw.components(separatedBy: "},\n  {").dropFirst().first)
    let positions = keys.compactMap { second.range(of: $0)?.lowerBound }
    XCTAssertEqual(positions.count, keys.count, second)
    XCTAssertEqual(positions, positions.sorted(), second)

    let cards = try runOK(["visit", "list", "CHI11"]).stdoutLines
    XCTAssertEqual(
      cards.first, "Wrigley Field, Chicago · 3 visits · last Wed, Jun 5, 2024")
    XCTAssertEqual(cards.filter { $0.hasSuffix("  Wed, Jun 5, 2024") }.count, 1)
    XCTAssertTrue(cards.contains("          CWS @ CHC · MLB"), "\(cards)")
    XCTAssertTrue(cards.contains("          game CHN202406050"), "\(cards)")
    XCTAssertTrue(cards.contains("          STL @ CHC · final 3-5 · MLB"), "\(cards)")
    XCTAssertTrue(cards.contains("          notes: Bleachers"), "\(cards)")
    XCTAssertTrue(cards.contains("          no matchup recorded · MLB"), "\(cards)")
    // The cards of a venue with no visits, and the whole list.
    XCTAssertEqual(
      try runOK(["visit", "list", "Comerica"]).stdout,
      "No visits to Comerica Park yet. Add one: sportstime visit add DET05 --date YYYY-MM-DD\n")
    // Review 3: an arena of two sports needs --sport, so the suggestion
    // names one (it used to fail when pasted).
    let arena = try runOK(["visit", "list", "td garden"]).stdout
    XCTAssertTrue(
      arena.hasSuffix("--sport NBA --date YYYY-MM-DD (or --sport NHL)\n"), arena)
    let table = try runOK(["visit", "list"]).stdoutLines
    XCTAssertEqual(table.first?.split(separator: " ").first, "ID")
    XCTAssertEqual(table.last, "3 visits at 1 venue.")
  }

  /// A doubleheader: two visits on one day, the later game listed first;
  /// a game is recorded once.
  func testAdd_doubleheaderVisitsOnOneDay() throws {
    try addVisit(["--game", "CHN202404191", "--score", "3-2"])
    try addVisit(["--game", "CHC@2024-04-19#2"])
    let list = try visitList("Wrigley Field")
    XCTAssertEqual(list.map { $0.string("gameID") }, ["CHN202404192", "CHN202404191"])
    XCTAssertEqual(list.map { $0.string("date") }, ["2024-04-19", "2024-04-19"])
    let id = try XCTUnwrap(list[1].string("id"))
    // Issue 28, item 15: the game in words; the id to edit on a line of
    // its own, as the command needs it.
    try assertRefusedUnchanged(
      ["visit", "add", "--game", "CHN202404191"],
      message:
        "you have already recorded MIA @ CHC at Wrigley Field, 1:10 pm CDT est. on Fri, Apr 19, 2024 as a visit; edit that visit instead"
    )
    XCTAssertEqual(
      try run(["visit", "add", "--game", "CHN202404191"]).stderrLines.dropFirst().first,
      "(to change it: sportstime visit edit \(id.prefix(8)) …)")
    // Two visits on one day without games are kept apart too.
    try addVisit(["DET05", "--date", "2024-04-13"])
    try addVisit(["DET05", "--date", "2024-04-13"])
    XCTAssertEqual(try visitList("DET05").count, 2)
  }

  /// Issue 28, item 23: notes keep their line breaks; the venue's cards
  /// print each line under the first.
  func testNotes_keepTheirLineBreaks() throws {
    try addVisit([
      "wrigley", "--date", "2024-06-04", "--notes", "Row 3, seat 12\r\n\n\nwith Sam\u{1B}",
    ])
    XCTAssertEqual(try visitList()[0].string("notes"), "Row 3, seat 12\n\nwith Sam")
    let cards = try runOK(["visit", "list", "CHI11"]).stdoutLines
    let at = try XCTUnwrap(cards.firstIndex(of: "          notes: Row 3, seat 12"), "\(cards)")
    XCTAssertEqual(
      Array(cards[(at + 1)...].prefix(2)), ["                 ", "                 with Sam"])
  }

  func testAdd_refusalsChangeNothing() throws {
    try addVisit(["--game", "CHN202406040"])
    try assertRefusedUnchanged(
      ["visit", "add", "Comerica Park", "--game", "CHN202406050"],
      message: "game CHN202406050 was played at Wrigley Field, not Comerica Park")
    try assertRefusedUnchanged(
      ["visit", "add", "--game", "CHN202406050", "--date", "2024-06-06"],
      message: "game CHN202406050 was played on 2024-06-05, not 2024-06-06")
    try assertRefusedUnchanged(
      ["--now", "2024-06-01T12:00:00Z", "visit", "add", "wrigley", "--date", "2024-06-04"],
      message: "2024-06-04 has not happened yet (today is 2024-06-01 at Wrigley Field)")
    try assertRefusedUnchanged(
      ["visit", "add", "td-garden", "--date", "2024-12-01"],
      message: "TD Garden hosts NBA and NHL games; add --sport NBA or --sport NHL")
    try assertRefusedUnchanged(
      ["visit", "add", "wrigley", "--date", "2024-06-04", "--away", "CHC", "--home", "cubs"],
      message: "CHC cannot play itself: give two different teams")
    try assertRefusedUnchanged(
      ["visit", "add", "Wrigley Feld", "--date", "2024-06-04"],
      message: "no venue is called 'Wrigley Feld'. Did you mean 'Wrigley Field'?")
    try assertRefusedUnchanged(
      ["visit", "add", "--game", "XXX202406040"],
      message:
        "no game XXX202406040 in the database (see 'sportstime games', or use TEAM@YYYY-MM-DD)")
    XCTAssertEqual(try visitList().count, 1)
  }

  func testAdd_usageErrors() throws {
    let help = "sportstime visit add"
    let cases: [([String], String)] = [
      (["--date", "2024-06-04"], "say where: a VENUE or --game G"),
      (["wrigley"], "say when: --date YYYY-MM-DD (or --game G)"),
      (["wrigley", "--date", "2024-6-4"], "--date expects a date as YYYY-MM-DD, got '2024-6-4'"),
      (
        ["wrigley", "--date", "2024-06-04", "--score", "3:5"],
        "--score expects AWAY-HOME: 2 whole numbers joined by '-', got '3:5'"
      ),
      // Issue 8, items 1 and 19: a negative score is a value, out of range.
      (
        ["wrigley", "--date", "2024-06-04", "--score", "-1-5"],
        "--score AWAY must be between 0 and 999 (got -1)"
      ),
      (
        ["wrigley", "--date", "2024-06-04", "--score", "3-1000"],
        "--score HOME must be between 0 and 999 (got 1000)"
      ),
      (
        ["wrigley", "--date", "2024-06-04", "--notes", "a", "--notes", "b"],
        "--notes given twice"
      ),
      (["wrigley", "--date", "2024-06-04", "--away", "STL"], "--away and --home go together"),
      (
        ["--game", "CHN202406040", "--away", "STL", "--home", "CHC"],
        "--away and --home go without --game (the game gives the matchup)"
      ),
      (
        ["wrigley", "--date", "2024-06-04", "--sport", "cricket"],
        "--sport expects MLB, NBA, NHL or NFL, got 'cricket'"
      ),
      (
        ["--game", "CHC@2024-13-01"],
        "game 'CHC@2024-13-01': '2024-13-01' is not a date in YYYY-MM-DD form"
      ),
    ]
    for (arguments, message) in cases {
      try assertUsageError(
        ["visit", "add"] + arguments, message: message, usage: Self.addUsage, help: help)
    }
  }

  func testEditAndRemove() throws {
    let id = try addVisit(["--game", "CHN202406040"])
    let short = String(id.prefix(8))
    let edited = try runOK(["visit", "edit", short, "--score", "3-5", "--notes", "Row 3"])
    XCTAssertEqual(
      edited.stdout,
      "Edited visit \(short): Tue, Jun 4, 2024 · CWS @ CHC · 3-5 · Wrigley Field, Chicago (MLB).\n")
    XCTAssertEqual(try visitList()[0].string("notes"), "Row 3")
    try assertRefusedUnchanged(
      ["visit", "edit", short, "--score", "3-5"],
      message: "Nothing to change: visit \(short) already says that")
    try assertRefusedUnchanged(
      ["visit", "edit", short, "--date", "2024-06-05"],
      message:
        "visit \(short) is for game CHN202406040, which sets its date; add --no-game to unlink it first"
    )
    try assertRefusedUnchanged(
      ["visit", "edit", "zzzz", "--score", "1-2"],
      message: "no visit has the id 'zzzz' (see 'sportstime visit list')")
    let moved = try runOK(["visit", "edit", id, "--no-game", "--date", "2024-06-05", "--json"])
    let object = try XCTUnwrap(parseJSON(moved.stdout) as? [String: Any])
    XCTAssertNil(object["gameID"])
    XCTAssertEqual(object.string("date"), "2024-06-05")
    XCTAssertEqual(object.string("home"), "CHC")
    let cleared = try runOK(["visit", "edit", short, "--no-score", "--no-notes", "--json"])
    let clearedObject = try XCTUnwrap(parseJSON(cleared.stdout) as? [String: Any])
    XCTAssertNil(clearedObject["score"])
    XCTAssertNil(clearedObject["notes"])
    try assertUsageError(
      ["visit", "edit", short, "--score", "1-2", "--no-score"],
      message: "--no-score cannot go with --score",
      usage:
        "sportstime visit edit <ID> [--venue <VENUE>] [--date <DATE>] [--game <G>] [--no-game] [--sport <SPORT>] [--away <TEAM>] [--home <TEAM>] [--score <AWAY-HOME>] [--notes <TEXT>] [--no-matchup] [--no-score] [--no-notes] [--json]",
      help: "sportstime visit edit")
    let removed = try runOK(["visit", "remove", short])
    XCTAssertEqual(
      removed.stdoutLines.last, "Wrigley Field now has 0 visits.")
    XCTAssertEqual(try visitList().count, 0)
    try assertFailure(["visit", "remove", short], containing: ["no visit has the id '\(short)'"])
    XCTAssertEqual(
      try runOK(["visit", "list"]).stdout,
      "No visits yet. Add your first: sportstime visit add VENUE --date YYYY-MM-DD (or --game G)\n")
  }

  /// Issue 9: the visit rules moved to Core; what the command line prints
  /// for them (Core's words plus its own hint) stays the same.
  func testVisitRulesPrintTheirCommandLineHints() throws {
    let typed = try run([
      "visit", "add", "wrigley", "--date", "2024-06-04", "--away", "MIL", "--home", "CHC",
    ])
    XCTAssertEqual(typed.status, 0)
    XCTAssertEqual(
      typed.stderr,
      "Warning: the schedule has CWS @ CHC (CHN202406040) there that day, not this matchup; use --game to record the scheduled game\n"
    )
    let id = try addVisit(["--game", "CHN202406040"])
    let short = String(id.prefix(8))
    try assertRefusedUnchanged(
      ["visit", "edit", short, "--no-game", "--game", "CHN202406050"],
      status: 64, message: "--no-game cannot go with --game")
    let unlinked = try runOK(["visit", "edit", short, "--no-game"])
    XCTAssertEqual(unlinked.status, 0)
    try assertRefusedUnchanged(
      ["visit", "edit", short, "--game", "CHN202406050"],
      message:
        "game CHN202406050 was played on 2024-06-05, but this visit is on 2024-06-04; give --date as well to move the visit to that game"
    )
    try assertRefusedUnchanged(
      ["visit", "edit", short, "--game", "CHN202406040", "--away", "STL", "--home", "CHC"],
      status: 64, message: "--away and --home go without --game (the game gives the matchup)")
  }

  /// Second review of issue 8, item 5: notes of only invisible characters
  /// are no notes, as blank ones are (review of issue 8, finding 3 refused
  /// them, so `--notes " "` cleared the notes and `--notes "$(printf
  /// '\u200b')"` was an error): `visit edit` clears them, `visit add`
  /// records none.
  func testNotes_onlyInvisibleCharactersAreNoNotes() throws {
    for invisible in [
      "\u{200B}", "\u{202E}\u{2066}", "\u{7}\u{1B}", " \u{FEFF} ", "\u{34F}\u{2800}", "",
    ] {
      let id = try addVisit(["--game", "CHN202406040", "--notes", "Row 3"])
      let short = String(id.prefix(8))
      XCTAssertEqual(try visitList()[0].string("notes"), "Row 3")
      try runOK(["visit", "edit", short, "--notes", invisible])
      XCTAssertNil(try visitList()[0]["notes"], invisible.debugDescription)
      try runOK(["visit", "remove", short])
    }
    try runOK(["visit", "add", "wrigley", "--date", "2023-07-01", "--notes", "\u{115F}\u{34F}"])
    XCTAssertNil(try visitList()[0]["notes"])
  }

  /// Review of issue 8, finding 4: `visit remove 4f8` said "no visit has
  /// the id '4f8'" although such a visit exists; a prefix needs 4
  /// characters, and that is what is said (as for items and trips).
  func testRemoveAndEdit_shortIDPrefixIsTooShort() throws {
    let id = try addVisit(["--game", "CHN202406040"])
    for prefix in [String(id.prefix(3)), String(id.prefix(1)).uppercased()] {
      let message =
        "'\(prefix)' is too short to name a visit; give at least 4 characters of its id"
      try assertRefusedUnchanged(["visit", "remove", prefix], message: message)
      try assertRefusedUnchanged(["visit", "edit", prefix, "--score", "1-2"], message: message)
    }
    XCTAssertEqual(try visitList().count, 1)
    try runOK(["visit", "remove", String(id.prefix(4))])
    XCTAssertEqual(try visitList().count, 0)
  }

  func testNotes_controlCharactersNeverReachTheTerminal() throws {
    let id = try addVisit(["wrigley", "--date", "2024-06-04", "--notes", "Seat\u{1B}[31m 12\u{7}"])
    for arguments in [["visit", "list", "wrigley"], ["visit", "list"], ["history"]] {
      let result = try runOK(arguments)
      XCTAssertFalse(result.stdoutData.contains(0x1B), "\(arguments)")
      XCTAssertFalse(result.stdoutData.contains(0x07), "\(arguments)")
    }
    XCTAssertTrue(
      try runOK(["visit", "list", "wrigley"]).stdout.contains("notes: Seat[31m 12"))
    XCTAssertEqual(try visitList()[0].string("notes"), "Seat[31m 12")
    XCTAssertEqual(try visitList()[0].string("id"), id)
  }

  func testSharedArena_sportChosenOrImpliedByTeam() throws {
    try addVisit([
      "td-garden", "--sport", "nhl", "--date", "2024-12-01", "--away", "NYR", "--home", "BOS",
    ])
    try addVisit(["LAL", "--date", "2025-01-15"])
    let list = try visitList()
    XCTAssertEqual(list.map { $0.string("sport") }, ["NBA", "NHL"])
    XCTAssertEqual(list.map { $0.string("venueID") }, ["crypto-com-arena", "td-garden"])
    try assertRefusedUnchanged(
      [
        "visit", "add", "td-garden", "--sport", "NHL", "--date", "2024-12-02", "--away", "XYZ",
        "--home", "BOS",
      ],
      message: "no team is called 'XYZ'")
  }

  /// A typed matchup the schedule does not have there that day is kept but
  /// pointed out; re-pointing a visit at a game elsewhere must be explicit.
  func testAdd_matchupAgainstTheScheduleAndEditToAnotherGame() throws {
    let now = ["--now", "2024-06-20T12:00:00Z"]
    let added = try run(
      now + ["visit", "add", "fenway", "--date", "2024-05-01", "--away", "NYY", "--home", "BOS"])
    XCTAssertEqual(added.status, 0, added.description)
    XCTAssertTrue(added.stderr.contains("SF @ BOS (BOS202405010)"), added.stderr)
    let id = try XCTUnwrap(try visitList().first?.string("id"))
    let before = try visitList()
    try assertFailure(
      now + ["visit", "edit", id, "--game", "CHC@2024-06-07"],
      containing: [
        "CIN202406070", "Great American Ball Park, Cincinnati", "Fenway Park, Boston",
        "--venue and --date",
      ])
    XCTAssertEqual(try visitList().count, before.count)
    XCTAssertEqual(try visitList().first?.string("date"), "2024-05-01", "nothing changed")
  }

  /// A visit entered by hand at a game's venue and date (with the game's
  /// matchup, or none) is that game: `trip attended` links it instead of
  /// recording the game twice.
  func testAttended_linksAVisitEnteredByHand() throws {
    try runOK([
      "--now", "2024-06-20T12:00:00Z", "visit", "add", "fenway", "--date", "2024-05-02",
      "--away", "SF", "--home", "BOS", "--score", "1-2",
    ])
    try runOK(["trip", "new", "Boston", "--game", "BOS@2024-05-02"])
    let attended = try runOK(["--now", "2024-06-20T12:00:00Z", "trip", "attended", "Boston"])
    XCTAssertEqual(attended.stdoutLines.first, "No new visits from \"Boston\".")
    let visits = try visitList()
    XCTAssertEqual(visits.count, 1, "no second visit of the same game")
    XCTAssertEqual(visits.first?.string("gameID"), "BOS202405020", "the hand visit is linked")
  }

  /// `trip attended` records the played games once; running it again adds
  /// nothing.
  func testAttended_twiceDoesNotDuplicate() throws {
    try runOK([
      "trip", "new", "Great Lakes Loop", "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
      "--game", "DET@2024-06-07", "--game", "DET202406080", "--game", "MIL@2024-06-10",
    ])
    try addVisit(["--game", "CHN202406050"])
    let midTrip = ["--now", "2024-06-08T12:00:00Z"]
    let first = try runOK(midTrip + ["trip", "attended", "Great Lakes Loop"])
    XCTAssertEqual(first.stdoutLines.first, "Recorded 2 visits from \"Great Lakes Loop\":")
    XCTAssertEqual(
      first.stdoutLines.last,
      "Not played yet: MIL @ DET 2024-06-08 (DET202406080), TOR @ MIL 2024-06-10 (MIL202406100)")
    XCTAssertTrue(
      first.stdoutLines.contains("Already recorded: CWS @ CHC 2024-06-05 (CHN202406050)"),
      first.stdout)
    let again = try runOK(midTrip + ["trip", "attended", "Great Lakes Loop"])
    XCTAssertEqual(again.stdoutLines.first, "No new visits from \"Great Lakes Loop\".")
    XCTAssertEqual(try visitList().count, 3)
    // After the trip: the rest, as JSON; then nothing.
    let json = try runOK(["trip", "attended", "great lakes loop", "--json"]).stdout
    let object = try XCTUnwrap(parseJSON(json) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["recorded", "skipped", "trip"])
    let recorded = try XCTUnwrap(object["recorded"] as? [[String: Any]])
    XCTAssertEqual(recorded.map { $0.string("gameID") }, ["DET202406080", "MIL202406100"])
    let skipped = try XCTUnwrap(object["skipped"] as? [[String: Any]])
    XCTAssertEqual(
      skipped.map { $0.string("reason") }, Array(repeating: "already-recorded", count: 3))
    let third = try runOK(["trip", "attended", "Great Lakes Loop", "--json"]).stdout
    let thirdObject = try XCTUnwrap(parseJSON(third) as? [String: Any])
    XCTAssertEqual((thirdObject["recorded"] as? [Any])?.count, 0)
    XCTAssertEqual(try visitList().map { $0.string("gameID") }.count, 5)
    XCTAssertEqual(Set(try visitList().compactMap { $0.string("gameID") }).count, 5)
    // Naming games: each must be in the trip and played.
    try assertRefusedUnchanged(
      ["trip", "attended", "Great Lakes Loop", "--game", "NYY@2024-06-10"],
      message:
        "game KCA202406100 is not one of the games of 'Great Lakes Loop' (see 'sportstime trip show')"
    )
    try assertRefusedUnchanged(
      ["trip", "attended", "No Such Trip"],
      message: "no trip is called 'No Such Trip' (see 'sportstime trip list')")
  }

  func testAttended_namedGamesOnly() throws {
    try runOK([
      "trip", "new", "Two", "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
    ])
    try assertRefusedUnchanged(
      ["--now", "2024-06-05T12:00:00Z", "trip", "attended", "Two", "--game", "CHN202406050"],
      message: "game CHN202406050 has not been played yet (it starts 2024-06-05T19:10:00-05:00)")
    let result = try runOK(
      ["--now", "2024-06-05T12:00:00Z", "trip", "attended", "Two", "-g", "CLE202406040"])
    XCTAssertEqual(result.stdoutLines.count, 2, result.stdout)
    XCTAssertEqual(try visitList().map { $0.string("gameID") }, ["CLE202406040"])
  }

  func testHelp_everyVisitCommand() throws {
    for path in [
      ["visit"], ["visit", "add"], ["visit", "edit"], ["visit", "remove"], ["visit", "list"],
      ["trip", "attended"], ["progress"], ["history"],
    ] {
      let result = try runOK(path + ["--help"])
      XCTAssertTrue(
        result.stdout.contains("USAGE:\n  sportstime \(path.joined(separator: " "))"), "\(path)")
    }
    let root = try runOK(["--help"]).stdout
    for command in ["visit", "progress", "history"] {
      XCTAssertTrue(root.contains("\n  \(command) "), command)
    }
    XCTAssertTrue(try runOK(["trip", "--help"]).stdout.contains("\n  attended "))
  }
}
