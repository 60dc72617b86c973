import Foundation
import SportsTimeTestSupport
import XCTest

/// Other sports' venues by team name or nickname (issue 8, item 14):
/// `visit add celtics --sport NBA`, `bruins`, `packers`; another sport's
/// venue asked for as MLB is named as such, and nothing is recorded.
final class OtherSportsVisitTests: VisitsTestCase {
  func testAdd_otherSportsVenuesByTeamNameOrNickname() throws {
    let cases: [([String], String)] = [
      (["celtics", "--sport", "NBA", "--date", "2025-01-15"], "TD Garden, Boston (NBA)"),
      (["bruins", "--date", "2024-12-01"], "TD Garden, Boston (NHL)"),
      (["packers", "--date", "2024-10-20"], "Lambeau Field, Green Bay (NFL)"),
      (
        ["Green Bay Packers", "--sport", "nfl", "--date", "2024-10-27"],
        "Lambeau Field, Green Bay (NFL)"
      ),
      (["sixers", "--date", "2025-03-01"], "Wells Fargo Center, Philadelphia (NBA)"),
      (["cavs", "--date", "2025-03-01"], "Rocket Arena, Cleveland (NBA)"),
      (["cavs", "--date", "2025-01-10"], "Rocket Mortgage FieldHouse, Cleveland (NBA)"),
    ]
    for (arguments, venue) in cases {
      let out = try runOK(["visit", "add"] + arguments).stdout
      XCTAssertTrue(out.contains(" · \(venue).\n"), "\(arguments): \(out)")
    }
    let visits = try visitList()
    XCTAssertEqual(
      Set(visits.map { "\($0.string("venueID") ?? "")/\($0.string("sport") ?? "")" }),
      [
        "td-garden/NBA", "td-garden/NHL", "GNB00/NFL", "wells-fargo-center/NBA",
        "rocket-arena/NBA",
      ])
  }

  /// A typed matchup of another sport, by team names.
  func testAdd_matchupByTeamNamesOfTheVenuesSport() throws {
    let id = try addVisit([
      "bruins", "--date", "2024-11-30", "--away", "rangers", "--home", "bruins", "--score", "2-3",
    ])
    let visit = try XCTUnwrap(try visitList().first { $0.string("id") == id })
    XCTAssertEqual(visit.string("sport"), "NHL")
    XCTAssertEqual(visit.string("venueID"), "td-garden")
    XCTAssertEqual(visit.string("away"), "NYR")
    XCTAssertEqual(visit.string("home"), "BOS")
  }

  /// A league's games at another league's venue or at a neutral site make
  /// it that league's venue for a typed visit too (review 10; review 11 F4):
  /// the Winter Classic at Wrigley Field, the NBA Cup at T-Mobile Arena,
  /// the NFL at Wembley. Without `--sport` the venue's own league is meant.
  func testAdd_atAnotherLeaguesVenueOrANeutralSite() throws {
    let nhl = try runOK(["visit", "add", "wrigley", "--sport", "NHL", "--date", "2024-12-31"])
    XCTAssertTrue(nhl.stdout.contains("Wrigley Field, Chicago (NHL)"), nhl.stdout)
    let mlb = try runOK(["visit", "add", "wrigley", "--date", "2024-06-01"])
    XCTAssertTrue(mlb.stdout.contains("Wrigley Field, Chicago (MLB)"), mlb.stdout)
    let nba = try runOK([
      "visit", "add", "T-Mobile Arena", "--sport", "NBA", "--date", "2024-12-14",
    ])
    XCTAssertTrue(nba.stdout.contains("T-Mobile Arena, Las Vegas (NBA)"), nba.stdout)
    for (typed, name) in [
      ("Wembley Stadium", "Wembley Stadium, London (NFL)"), ("LON02", "Tottenham Hotspur Stadium"),
      ("o2 arena", "O2 Arena, Prague (NHL)"), ("Moody Center", "Moody Center, Austin (NBA)"),
    ] {
      let added = try runOK(["visit", "add", typed, "--date", "2024-10-20"])
      XCTAssertTrue(added.stdout.contains(name), added.stdout)
    }
    XCTAssertTrue(try runOK(["visit", "list", "wembley"]).stdout.contains("1 visit"))
    // A city with a home venue still means it, not the neutral site
    // (London alone is MLB's London Stadium).
    let columbus = try runOK(["visit", "add", "columbus", "--sport", "NHL", "--date", "2024-11-01"])
    XCTAssertTrue(columbus.stdout.contains("Nationwide Arena"), columbus.stdout)
    try assertRefusedUnchanged(
      ["visit", "add", "london", "--sport", "NFL", "--date", "2024-10-20"],
      message: "'london' matches several venues: Wembley Stadium, Tottenham Hotspur Stadium")
  }

  /// Review 11 F5: changing a typed visit's sport keeps no matchup of the
  /// old sport's teams (STL is the Blues to the NHL, the Cardinals are SLN
  /// to MLB); the edit asks for the new sport's teams and changes nothing.
  func testEdit_sportWithTheOldSportsMatchupIsRefused() throws {
    let id = try addVisit([
      "wrigley", "--sport", "NHL", "--date", "2025-01-01", "--away", "STL", "--home", "CHI",
    ])
    try assertRefusedUnchanged(
      ["visit", "edit", id, "--sport", "MLB"],
      message:
        "visit \(id.prefix(8))'s matchup STL vs CHI names NHL teams; give its MLB teams with --away and --home, or add --no-matchup"
    )
    let edited = try runOK([
      "visit", "edit", id, "--sport", "MLB", "--away", "cardinals", "--home", "cubs",
    ])
    XCTAssertTrue(edited.stdout.contains("STL @ CHC"), edited.stdout)
    let visit = try XCTUnwrap(try visitList().first { $0.string("id") == id })
    XCTAssertEqual(visit.string("sport"), "MLB")
    XCTAssertEqual(visit.string("away"), "STL")
    XCTAssertEqual(visit.string("home"), "CHC")
    let cleared = try runOK(["visit", "edit", id, "--sport", "NHL", "--no-matchup"])
    XCTAssertTrue(cleared.stdout.contains("Wrigley Field, Chicago (NHL)"), cleared.stdout)
  }

  /// Review 11 F6 and review 10 item 6: what the NHL schedule says against
  /// a visit is pointed out, and the visit is kept as the user gave it. A
  /// score with the sides swapped; a typed matchup the day's NHL game is
  /// not; an NBA visit at the same arena is not compared with the NHL game.
  func testAdd_theSchedulesFinalScoreAndMatchupOfOtherLeaguesAreCompared() throws {
    _ = try CLIProcess.dataDirectory.get()
    try runOK(["schedule", "import", TestData.url("nhl/nhl-202425-asplayed.csv").path])
    let swapped = try warned(["visit", "add", "--game", "NHL-BOS202411290", "--score", "1-2"])
    XCTAssertEqual(
      swapped.stderrLines,
      [
        "Warning: the schedule's final score of game NHL-BOS202411290 is 2-1 (PIT 2, BOS 1), not 1-2 as recorded (visitors come first); kept as recorded (--score 2-1 sets the schedule's)"
      ])
    let visit = try XCTUnwrap(try visitList().first { $0.string("gameID") == "NHL-BOS202411290" })
    XCTAssertEqual(visit["score"] as? [String: Int], ["away": 1, "home": 2])
    let id = try XCTUnwrap(visit.string("id"))
    // An edit that leaves the score alone does not say it again; one that
    // sets another wrong score does; the schedule's own is quiet.
    XCTAssertEqual(try runOK(["visit", "edit", id, "--notes", "Loge 12"]).stderrLines, [])
    XCTAssertEqual(
      try warned(["visit", "edit", id, "--score", "3-1"]).stderrLines.first?.hasPrefix(
        "Warning: the schedule's final score of game NHL-BOS202411290 is 2-1 (PIT 2, BOS 1), not 3-1 as recorded;"
      ),
      true)
    XCTAssertEqual(try runOK(["visit", "edit", id, "--score", "2-1"]).stderrLines, [])
    let typed = try warned([
      "visit", "add", "td-garden", "--sport", "NHL", "--date", "2024-11-29", "--away", "NYR",
      "--home", "BOS",
    ])
    XCTAssertEqual(
      typed.stderrLines,
      [
        "Warning: the schedule has PIT @ BOS (NHL-BOS202411290) there that day, not this matchup; use --game to record the scheduled game"
      ])
    let otherLeague = try runOK([
      "visit", "add", "td-garden", "--sport", "NBA", "--date", "2024-11-29", "--away", "NYK",
      "--home", "BOS",
    ])
    XCTAssertEqual(otherLeague.stderrLines, [])
    XCTAssertEqual(try visitList("td-garden").count, 3)
    // The list's count says which sports it mixes (review 10, item 10).
    XCTAssertEqual(
      try runOK(["visit", "list"]).stdoutLines.last, "3 visits at 1 venue (1 NBA, 2 NHL).")
  }

  /// Runs a command that succeeds with warnings on stderr.
  private func warned(_ arguments: [String], line: UInt = #line) throws -> CLIResult {
    let result = try run(arguments)
    XCTAssertEqual(result.status, 0, "\(arguments)\n\(result)", line: line)
    return result
  }

  /// Review 2 of issue 8, item 4: an NBA team in an MLB matchup is said to
  /// be one (it was "no team is called 'celtics'"); nothing is recorded.
  func testAdd_matchupWithAnotherSportsTeamIsNamedAsSuch() throws {
    try assertRefusedUnchanged(
      ["visit", "add", "wrigley", "--away", "celtics", "--home", "cubs", "--date", "2024-06-04"],
      message: "'celtics' is the Boston Celtics, an NBA team, not an MLB team")
  }

  /// TD Garden asked for as an MLB venue: "an NBA and NHL venue", not "not
  /// found"; a team of another sport likewise. Nothing is recorded.
  func testAdd_anotherSportsVenueIsNamedAsSuch() throws {
    try assertRefusedUnchanged(
      ["visit", "add", "td garden", "--sport", "MLB", "--date", "2024-06-01"],
      message:
        "TD Garden is an NBA and NHL venue, not an MLB one (for that venue give --sport NBA or --sport NHL)"
    )
    try assertRefusedUnchanged(
      ["visit", "add", "celtics", "--sport", "MLB", "--date", "2024-06-01"],
      message:
        "'celtics' is the Boston Celtics, an NBA team playing at TD Garden, not an MLB team (for that venue give --sport NBA)"
    )
    try assertRefusedUnchanged(
      ["visit", "add", "fenway", "--sport", "NHL", "--date", "2024-06-01"],
      message:
        "Fenway Park is an MLB venue, not an NHL one (for that venue give --sport MLB)")
    try assertRefusedUnchanged(
      ["visit", "add", "nowhere park", "--sport", "MLB", "--date", "2024-06-01"],
      message: "no venue is called 'nowhere park'")
  }
}
