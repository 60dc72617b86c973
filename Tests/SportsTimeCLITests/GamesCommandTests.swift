import Foundation
import XCTest

/// `sportstime games`: filters, text and JSON.
final class GamesCommandTests: EndToEndTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try installImported2024()
  }

  static let cubsFirstWeekOfJune = [
    "CHN202406010  Sat, Jun 1, 2024  7:10 pm CDT est.  CIN @ CHC  Wrigley Field, Chicago",
    "CHN202406020  Sun, Jun 2, 2024  1:10 pm CDT est.  CIN @ CHC  Wrigley Field, Chicago",
    "CHN202406040  Tue, Jun 4, 2024  7:10 pm CDT est.  CWS @ CHC  Wrigley Field, Chicago",
    "CHN202406050  Wed, Jun 5, 2024  7:10 pm CDT est.  CWS @ CHC  Wrigley Field, Chicago",
    "CIN202406060  Thu, Jun 6, 2024  7:10 pm EDT est.  CHC @ CIN  Great American Ball Park, Cincinnati",
    "CIN202406070  Fri, Jun 7, 2024  7:10 pm EDT est.  CHC @ CIN  Great American Ball Park, Cincinnati",
    "6 games. Times marked est. are estimates.",
  ]

  func testGames_teamFilterTextOutput() throws {
    let result = try runOK(["games", "--team", "CHC", "--from", "2024-06-01", "--to", "2024-06-07"])
    XCTAssertEqual(result.stdoutLines, Self.cubsFirstWeekOfJune)
  }

  func testGames_teamCodeAbbreviationAndCaseGiveSameOutput() throws {
    let range = ["--from", "2024-06-01", "--to", "2024-06-07"]
    let reference = try runOK(["games", "--team", "CHN"] + range).stdout
    XCTAssertEqual(CLIResult.lines(reference), Self.cubsFirstWeekOfJune)
    for name in ["CHC", "chc", "chn", "Chc"] {
      XCTAssertEqual(try runOK(["games", "--team", name] + range).stdout, reference, name)
    }
    let json = try runOK(["games", "--team", "CHN", "--json"] + range).stdout
    XCTAssertEqual(try runOK(["games", "--team", "chc", "--json"] + range).stdout, json)
  }

  func testGames_venueFilterByCodeNameOrTeam() throws {
    let range = ["--from", "2024-06-01", "--to", "2024-06-05"]
    let expected =
      Array(Self.cubsFirstWeekOfJune.prefix(4)) + ["4 games. Times marked est. are estimates."]
    for venue in ["CHI11", "Wrigley", "wrigley field", "CHC"] {
      XCTAssertEqual(try runOK(["games", "--venue", venue] + range).stdoutLines, expected, venue)
    }
  }

  /// Issue 8, item 15: `--team CHC --team DET` used to keep only DET. Now
  /// several teams (repeated or comma-separated) match any of them, the
  /// same as the union of the single-team lists; likewise venues.
  func testGames_severalTeamsOrVenuesMatchAnyOfThem() throws {
    let range = ["--from", "2024-06-01", "--to", "2024-06-10"]
    func ids(_ arguments: [String]) throws -> [String] {
      try decode([GameJSON].self, try runOK(["games", "--json"] + arguments + range).stdout)
        .map(\.id)
    }
    let cubs = try ids(["--team", "CHC"])
    let tigers = try ids(["--team", "DET"])
    let both = try ids(["--team", "CHC", "--team", "DET"])
    XCTAssertEqual(Set(both), Set(cubs).union(tigers))
    XCTAssertEqual(both.count, Set(both).count, "each game once")
    XCTAssertGreaterThan(both.count, max(cubs.count, tigers.count))
    XCTAssertEqual(try ids(["--team", "CHC,DET"]), both)
    XCTAssertEqual(try ids(["--team", "det, chn"]), both)
    let parks = try ids(["--venue", "Wrigley", "--venue", "Comerica"])
    XCTAssertEqual(
      Set(parks), Set(try ids(["--venue", "Wrigley"])).union(try ids(["--venue", "Comerica"])))
    XCTAssertEqual(try ids(["--venue", "CHI11,DET05"]), parks)
    try assertUsageError(
      ["games", "--team", "CHC,"], message: "--team has an empty entry in 'CHC,'",
      usage: ErrorReportingTests.gamesUsage, help: "sportstime games")
    try assertUsageError(
      ["games", "--from", "2024-06-01", "--from", "2024-06-02"], message: "--from given twice",
      usage: ErrorReportingTests.gamesUsage, help: "sportstime games")
  }

  func testGames_teamAndVenueTogether() throws {
    // The Cubs at Cincinnati only.
    let result = try runOK(
      [
        "games", "--team", "CHC", "--venue", "Great American", "--from", "2024-06-01", "--to",
        "2024-06-07",
      ])
    XCTAssertEqual(
      result.stdoutLines,
      Array(Self.cubsFirstWeekOfJune[4...5]) + ["2 games. Times marked est. are estimates."])
  }

  func testGames_dateRangeIsInclusiveLocalDates() throws {
    let games = try decode(
      [GameJSON].self,
      try runOK(["games", "--from", "2024-06-04", "--to", "2024-06-05", "--json"]).stdout)
    XCTAssertFalse(games.isEmpty)
    XCTAssertEqual(Set(games.map(\.date)), ["2024-06-04", "2024-06-05"])
    let fromOnly = try decode(
      [GameJSON].self, try runOK(["games", "--from", "2024-09-29", "--json"]).stdout)
    XCTAssertEqual(fromOnly.map(\.date).min(), "2024-09-29")
    XCTAssertEqual(fromOnly.map(\.date).max(), "2024-09-30")
    let toOnly = try decode(
      [GameJSON].self, try runOK(["games", "--to", "2024-03-20", "--json"]).stdout)
    XCTAssertEqual(toOnly.map(\.id), ["SDN202403200"])
  }

  func testGames_orderedByStartTime() throws {
    let games = try decode(
      [GameJSON].self,
      try runOK(["games", "--from", "2024-07-01", "--to", "2024-07-03", "--json"]).stdout)
    let instants = games.map { ISO8601DateFormatter().date(from: $0.start) }
    XCTAssertFalse(instants.contains(nil))
    let dates = instants.compactMap { $0 }
    XCTAssertEqual(dates, dates.sorted())
  }

  /// Review 2 of issue 8, item 4: the games are MLB games; an NBA team or
  /// venue is said to be one, not "no such team".
  func testGames_anotherSportsTeamOrVenueIsNamedAsSuch() throws {
    let hint =
      "; games lists the imported schedules (add one with 'sportstime schedule import FILE')"
    try assertFailure(
      ["games", "--team", "celtics"],
      containing: ["Error: 'celtics' is the Boston Celtics, an NBA team, not an MLB team\(hint)"])
    try assertFailure(
      ["games", "--venue", "td garden"],
      containing: ["Error: TD Garden is an NBA and NHL venue, not an MLB one\(hint)"])
    try assertFailure(
      ["games", "--venue", "Lambeau Field"],
      containing: ["Error: Lambeau Field is an NFL venue, not an MLB one\(hint)"])
    try assertFailure(
      ["games", "--team", "xyzzy"], containing: ["Error: no team is called 'xyzzy'"])
  }

  func testGames_noMatchAndEmptyDatabaseMessages() throws {
    XCTAssertEqual(
      try runOK(["games", "--team", "CHC", "--from", "2024-06-03", "--to", "2024-06-03"]).stdout,
      "No games match.\n")
    XCTAssertEqual(
      try runOK(["games", "--team", "CHC", "--from", "2024-06-03", "--to", "2024-06-03", "--json"])
        .stdout,
      "[]\n")
    try FileManager.default.removeItem(at: database)
    XCTAssertEqual(
      try runOK(["games"]).stdout,
      "No games in \(database.path) yet. Import a schedule first: sportstime schedule import FILE\n"
    )
  }

  func testGamesJSON_seoulGameHasVenueOffset() throws {
    let text = try runOK(["games", "--from", "2024-03-20", "--to", "2024-03-20", "--json"]).stdout
    let array = try XCTUnwrap(try parseJSON(text) as? [[String: Any]])
    XCTAssertEqual(array.count, 1)
    let object = try XCTUnwrap(array.first)
    XCTAssertEqual(
      object.sortedKeys,
      [
        "away", "date", "gameNumber", "home", "id", "neutralSite", "sport", "start", "startText",
        "status", "timeEstimated", "timeUnknown", "timeZone", "venueCity", "venueID", "venueName",
      ])
    // The start as the CLI prints it, the zone by its name (issue 28, item
    // 23: the pages said Foundation's and the browser's "GMT+9").
    XCTAssertEqual(object["startText"] as? String, "7:10 pm KST")
    // The Seoul Series: the Padres' home game away from Petco Park.
    XCTAssertEqual(object["neutralSite"] as? Bool, true)
    XCTAssertEqual(object["venueName"] as? String, "Gocheok Sky Dome")
    XCTAssertEqual(object["venueCity"] as? String, "Seoul")
    let game = try XCTUnwrap(try decode([GameJSON].self, text).first)
    XCTAssertEqual(
      game,
      GameJSON(
        id: "SDN202403200", start: "2024-03-20T19:10:00+09:00", date: "2024-03-20", home: "SD",
        away: "LAD", venueID: "SEO01", timeZone: "Asia/Seoul", timeEstimated: true,
        timeUnknown: false,
        status: "scheduled", gameNumber: 0, originalDate: nil))
  }

  func testGamesJSON_losAngelesNightGameKeepsLocalDate() throws {
    let day1 = try decode(
      [GameJSON].self,
      try runOK(["games", "--team", "LAD", "--from", "2024-06-01", "--to", "2024-06-01", "--json"])
        .stdout)
    XCTAssertEqual(day1.map(\.id), ["LAN202406010"])
    XCTAssertEqual(day1.first?.start, "2024-06-01T19:10:00-07:00")
    XCTAssertEqual(day1.first?.date, "2024-06-01")
    let day2 = try decode(
      [GameJSON].self,
      try runOK(["games", "--team", "LAD", "--from", "2024-06-02", "--to", "2024-06-02", "--json"])
        .stdout)
    XCTAssertEqual(day2.map(\.id), ["LAN202406020"])
    XCTAssertEqual(day2.first?.start, "2024-06-02T13:10:00-07:00")
  }

  func testGamesJSON_rescheduledGameHasOriginalDate() throws {
    let games = try decode(
      [GameJSON].self,
      try runOK(["games", "--team", "NYM", "--from", "2024-03-29", "--to", "2024-03-29", "--json"])
        .stdout)
    XCTAssertEqual(
      games,
      [
        GameJSON(
          id: "NYN202403290", start: "2024-03-29T13:10:00-04:00", date: "2024-03-29", home: "NYM",
          away: "MIL", venueID: "NYC20", timeZone: "America/New_York", timeEstimated: true,
          timeUnknown: false, status: "rescheduled", gameNumber: 0, originalDate: "2024-03-28")
      ])
    let text = try runOK(["games", "--team", "NYM", "--from", "2024-03-29", "--to", "2024-03-29"])
    XCTAssertEqual(
      text.stdoutLines.first,
      "NYN202403290  Fri, Mar 29, 2024  1:10 pm EDT est.  MIL @ NYM  Citi Field, New York  (moved from Mar 28)"
    )
  }

  func testGamesJSON_doubleheaderSecondGameStartsThreeAndAHalfHoursLater() throws {
    let games = try decode(
      [GameJSON].self,
      try runOK(["games", "--team", "NYM", "--from", "2024-05-28", "--to", "2024-05-28", "--json"])
        .stdout)
    XCTAssertEqual(games.map(\.id), ["NYN202405281", "NYN202405282"])
    XCTAssertEqual(games.map(\.gameNumber), [1, 2])
    // The May 27 makeup takes the 13:10 slot (game 1); the Mets' own night
    // game keeps its 19:10 estimate (game 2), more than 3 h 30 min later.
    XCTAssertEqual(games.map(\.start), ["2024-05-28T13:10:00-04:00", "2024-05-28T19:10:00-04:00"])
    XCTAssertEqual(games[0].status, "rescheduled")
    XCTAssertEqual(games[0].originalDate, "2024-05-27")
    XCTAssertEqual(games[1].status, "scheduled")
  }

  func testGamesJSON_cancelledGame() throws {
    let games = try decode(
      [GameJSON].self,
      try runOK(["games", "--team", "CLE", "--from", "2024-09-29", "--to", "2024-09-29", "--json"])
        .stdout)
    XCTAssertEqual(games.map(\.id), ["CLE202409290"])
    XCTAssertEqual(games.first?.status, "cancelled")
    XCTAssertEqual(games.first?.date, "2024-09-29")
    let text = try runOK(["games", "--team", "CLE", "--from", "2024-09-29", "--to", "2024-09-29"])
    XCTAssertEqual(
      text.stdoutLines.first,
      "CLE202409290  Sun, Sep 29, 2024  1:10 pm EDT est.  HOU @ CLE  Progressive Field, Cleveland  (cancelled)"
    )
  }

  func testGamesJSON_everyGameIsWellFormed() throws {
    let text = try runOK(["games", "--json"]).stdout
    let games = try decode([GameJSON].self, text)
    XCTAssertEqual(games.count, 2430)
    let isoPattern = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$"#
    for game in games {
      XCTAssertNotNil(game.start.range(of: isoPattern, options: .regularExpression), game.id)
      XCTAssertTrue(game.start.hasPrefix(game.date + "T"), "\(game.id): start is on the local date")
      XCTAssertTrue(game.timeEstimated, game.id)
      XCTAssertTrue(["scheduled", "rescheduled", "cancelled"].contains(game.status), game.id)
      XCTAssertEqual(game.originalDate != nil, game.status != "scheduled", game.id)
    }
  }
}
