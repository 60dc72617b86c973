import Foundation
import SportsTimeTestSupport
import XCTest

/// `sportstime schedule import` of the real NBA, NHL and NFL files, and what
/// a fan does with them: games of several sports, references across sports,
/// trips mixing sports, neutral sites, DST (issue 11).
final class LeagueScheduleImportTests: EndToEndTestCase {
  static let nba = "nba/nba-2024-UTC.csv"
  static let nhl = "nhl/nhl-202425-asplayed.csv"
  static let nfl = "nfl/schedules_2024.csv"
  static let realTimes = "Start times and scores are the file's own, local to each venue."

  private func path(_ relative: String) throws -> String {
    _ = try CLIProcess.dataDirectory.get()
    return TestData.url(relative).path
  }

  private func importAll() throws {
    for file in [Self.nba, Self.nhl, Self.nfl] {
      try runOK(["schedule", "import", try path(file)])
    }
  }

  private func games(_ arguments: [String]) throws -> [[String: Any]] {
    try XCTUnwrap(
      try parseJSON(try runOK(["games", "--json"] + arguments).stdout) as? [[String: Any]])
  }

  func testImport_eachRealFile_summaryAndCounts() throws {
    XCTAssertEqual(
      try runOK(["schedule", "import", try path(Self.nba)]).stdoutLines,
      [
        "Read nba-2024-UTC.csv: 1231 NBA games (1230 regular season, 1 CUP), 34 venues, 30 teams.",
        "Database: 1231 new, 0 updated, 0 unchanged.", Self.realTimes,
      ])
    XCTAssertEqual(
      try runOK(["schedule", "import", try path(Self.nhl)]).stdoutLines,
      [
        "Read nhl-202425-asplayed.csv: 1312 NHL games, 36 venues, 32 teams.",
        "Database: 1312 new, 0 updated, 0 unchanged.", Self.realTimes,
      ])
    XCTAssertEqual(
      try runOK(["schedule", "import", try path(Self.nfl)]).stdoutLines,
      [
        "Read schedules_2024.csv: 285 NFL games (272 regular season, 2 CON, 4 DIV, 1 SB, 6 WC), 34 venues, 32 teams.",
        "Database: 285 new, 0 updated, 0 unchanged.", Self.realTimes,
      ])
    let all = try games([])
    XCTAssertEqual(all.count, 1_231 + 1_312 + 285)
    // Each file again: nothing changes, and the summary says so.
    for (file, count) in [(Self.nba, 1_231), (Self.nhl, 1_312), (Self.nfl, 285)] {
      let again = try runOK(["schedule", "import", try path(file)]).stdoutLines
      XCTAssertEqual(
        again.dropFirst().first, "No changes: all \(count) games were already in the database.")
    }
    XCTAssertEqual(try games([]).count, all.count)
    XCTAssertEqual(try games(["--sport", "NBA,NHL"]).count, 1_231 + 1_312)
    XCTAssertEqual(try games(["--sport", "NFL"]).count, 285)
    XCTAssertTrue(
      all.allSatisfy { $0.bool("timeEstimated") == false && $0["score"] is [String: Any] })
    // The Super Bowl keeps its round; regular-season games have none.
    let superBowl = try XCTUnwrap(all.first { $0.string("id") == "2024_22_KC_PHI" })
    XCTAssertEqual(superBowl.string("round"), "SB")
    XCTAssertEqual(superBowl.string("sport"), "NFL")
    XCTAssertEqual((superBowl["score"] as? [String: Any])?.int("home"), 40)
    XCTAssertEqual(all.filter { $0["round"] != nil }.count, 14)
  }

  func testImport_jsonSummaryAndReimportChangesNothing() throws {
    let file = try path(Self.nfl)
    try runOK(["schedule", "import", file])
    let before = try runOK(["games", "--json"]).stdout
    XCTAssertEqual(
      try runOK(["schedule", "import", file]).stdoutLines,
      [
        "Read schedules_2024.csv: 285 NFL games (272 regular season, 2 CON, 4 DIV, 1 SB, 6 WC), 34 venues, 32 teams.",
        "No changes: all 285 games were already in the database.", Self.realTimes,
      ])
    let object = try XCTUnwrap(
      try parseJSON(try runOK(["schedule", "import", file, "--json"]).stdout) as? [String: Any])
    XCTAssertEqual(object.string("sport"), "NFL")
    XCTAssertEqual(object.int("games"), 285)
    XCTAssertEqual(object.int("regularSeason"), 272)
    XCTAssertEqual((object["rounds"] as? [String: Any])?.int("WC"), 6)
    XCTAssertEqual(object.int("unchanged"), 285)
    XCTAssertEqual(object.int("inserted"), 0)
    XCTAssertEqual(try runOK(["games", "--json"]).stdout, before)
  }

  func testImport_formatOption_forcesAReader() throws {
    // An NBA file read as NHL: refused at its header, nothing stored.
    let result = try run(["schedule", "import", try path(Self.nba), "--format", "nhl"])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("nba-2024-UTC.csv, line 1:"), result.stderr)
    XCTAssertTrue(result.stderr.contains("an NHL schedule"), result.stderr)
    XCTAssertEqual(try runOK(["games"]).stdoutLines.first?.hasPrefix("No games in"), true)
    try runOK(["schedule", "import", try path(Self.nba), "--format", "nba"])
    XCTAssertEqual(try games([]).count, 1_231)
  }

  func testImport_malformedCopies_refusedWithLineAndDatabaseUnchanged() throws {
    try runOK(["schedule", "import", try path(Self.nhl)])
    let before = try runOK(["games", "--json"]).stdout
    for (file, line, field) in [
      (Self.nba, 40, "3 (Date)"), (Self.nhl, 300, "3 (Start Time (ET))"),
      (Self.nfl, 100, "7 (gametime)"),
    ] {
      // "\r\n" is one Character: the NHL file's CRLF lines split as LF.
      var lines = try String(contentsOf: TestData.url(file), encoding: .utf8)
        .replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
      var fields = lines[line - 1].components(separatedBy: ",")
      let column = Int(field.prefix { $0 != " " }).map { $0 - 1 } ?? 0
      fields[column] = fields[column].hasPrefix("\"") ? "\"99:99\"" : "99:99 PM"
      if file == Self.nba { fields[column] = "31/02/2025 19:00" }
      lines[line - 1] = fields.joined(separator: ",")
      let copy = scratch.appendingPathComponent((file as NSString).lastPathComponent)
      try lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)
      let result = try run(["schedule", "import", copy.path])
      XCTAssertEqual(result.status, 1, "\(file)\n\(result)")
      XCTAssertTrue(
        result.stderr.contains("\(copy.path), line \(line), field \(field)"),
        "\(file): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(field), "\(file): \(result.stderr)")
      XCTAssertEqual(try runOK(["games", "--json"]).stdout, before, "\(file): nothing changed")
    }
  }

  func testGames_neutralSitesOnTheirLocalDates() throws {
    try importAll()
    // NHL Global Series in Prague, 1:00 PM ET: 7 pm local on Oct 4.
    let prague = try games(["--venue", "O2 Arena"])
    XCTAssertEqual(prague.map { $0.string("id") }, ["NHL-BUF202410040", "NHL-NJD202410050"])
    XCTAssertEqual(prague.first?.string("start"), "2024-10-04T19:00:00+02:00")
    // Each says it is at a neutral site (the visit dialog writes "vs"); a
    // home game does not.
    XCTAssertEqual(prague.map { $0["neutralSite"] as? Bool }, [true, true])
    XCTAssertEqual(
      try games(["--venue", "td-garden", "--from", "2024-11-29", "--to", "2024-11-29"]).map {
        $0["neutralSite"] as? Bool
      }, [false])
    // NBA Mexico City: 01:30 UTC on Nov 3 is Nov 2 in Mexico City.
    let mexico = try games(["--venue", "Arena CDMX"])
    XCTAssertEqual(mexico.first?.string("date"), "2024-11-02")
    XCTAssertEqual(mexico.first?.string("timeZone"), "America/Mexico_City")
    // NFL in Munich.
    let lines = try runOK(["games", "--venue", "Allianz Arena"]).stdoutLines
    XCTAssertEqual(
      lines,
      [
        "2024_10_NYG_CAR  Sun, Nov 10, 2024  3:30 pm CET  NYG @ CAR (NFL)  Allianz Arena, Munich",
        "1 game.",
      ])
  }

  /// Another league's venue where a sport plays as a neutral site is that
  /// sport's venue too (review 10): the NHL's Winter Classic at Wrigley
  /// Field, found by `games --venue … --sport NHL`.
  func testNeutralSiteOfAnotherLeaguesVenue_isFoundForTheSportPlayingThere() throws {
    try importAll()
    let classic = try games(["--venue", "Wrigley Field", "--sport", "NHL"])
    XCTAssertEqual(classic.map { $0.string("id") }, ["NHL-CHI202412310"])
    // The NBA Cup's final four at T-Mobile Arena, the NHL's Las Vegas arena
    // (review 11).
    let cupInVegas = try games(["--venue", "T-Mobile Arena", "--sport", "NBA"])
    XCTAssertEqual(cupInVegas.count, 3)
    XCTAssertEqual(Set(cupInVegas.map { $0.string("sport") }), ["NBA"])
    // The text says each game's league and its round.
    let superBowl = try runOK(["games", "--sport", "NFL", "--from", "2025-02-09"]).stdout
    XCTAssertTrue(superBowl.contains("KC @ PHI (NFL, Super Bowl)  Caesars Superdome"), superBowl)
    let cup = try runOK(["games", "--sport", "NBA", "--from", "2024-12-17", "--to", "2024-12-17"])
    XCTAssertTrue(cup.stdout.contains("MIL @ OKC (NBA, NBA Cup final)"), cup.stdout)
    // A venue no game of that sport uses stays refused.
    try assertFailure(
      ["games", "--venue", "Fenway Park", "--sport", "NHL"],
      containing: ["Fenway Park is an MLB venue, not an NHL one"])
  }

  /// The file calls Phoenix's arena "PHX Arena" all season; it was
  /// Footprint Center until 2025-02-18: one venue, named by the date.
  func testGames_renamedArena_oneVenueNamedByDate() throws {
    try runOK(["schedule", "import", try path(Self.nba)])
    XCTAssertEqual(try games(["--venue", "Footprint Center"]).count, 41)
    XCTAssertEqual(try games(["--venue", "PHX Arena"]).count, 41)
    let lines = try runOK(["games", "--venue", "Footprint Center"]).stdoutLines
    XCTAssertTrue(lines.first?.hasSuffix("Footprint Center, Phoenix") ?? false, "\(lines)")
    XCTAssertTrue(lines.dropLast().last?.hasSuffix("PHX Arena, Phoenix") ?? false, "\(lines)")
    XCTAssertEqual(lines.last, "41 games.")
  }

  func testGameReferences_acrossSports_ambiguityAndSportPrefix() throws {
    try importAll()
    try assertFailure(
      ["trip", "new", "Garden", "--game", "BOS@2024-11-16"],
      containing: [
        "'BOS' is a team of several sports", "NBA:BOS (Boston Celtics)", "NHL:BOS (Boston Bruins)",
      ])
    XCTAssertEqual(try runOK(["trip", "list"]).stdoutLines.first?.contains("Garden"), false)
    try assertFailure(
      ["games", "--team", "BOS", "--from", "2024-11-16", "--to", "2024-11-16"],
      containing: ["several sports", "--sport"])
    XCTAssertEqual(
      try games(["--team", "NBA:BOS", "--from", "2024-11-16", "--to", "2024-11-16"]).map {
        $0.string("id")
      }, ["NBA-BOS202411160"])
    XCTAssertEqual(
      try games(["--sport", "NHL", "--team", "BOS", "--from", "2024-11-16", "--to", "2024-11-16"])
        .map { $0.string("id") }, ["NHL-BOS202411160"])
    XCTAssertEqual(try games(["--team", "celtics", "--sport", "NBA"]).count, 82)
  }

  /// Issue 28, item 25: with every league imported, `CLE@2024-06-04` is
  /// the Guardians' game (no other Cleveland team played that day), as the
  /// README's first trip has it.
  func testGameReferences_aCodeOfSeveralSports_withOneGameThatDay() throws {
    try runOK(["schedule", "import", try path("retrosheet/2024schedule.csv")])
    try importAll()
    let result = try runOK([
      "trip", "new", "Cleveland first", "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
    ])
    XCTAssertTrue(result.stdout.contains("Progressive Field"), result.stdout)
    try assertFailure(
      ["trip", "new", "Garden", "--game", "BOS@2024-11-16"],
      containing: ["'BOS' is a team of several sports"])
  }

  /// A Celtics game and a Bruins game at TD Garden on one day, then the
  /// Patriots at Gillette Stadium: the two Garden games are one stop.
  func testTrip_mixingSports_consecutiveGamesAtOneVenueAreOneStop() throws {
    try importAll()
    let result = try runOK([
      "trip", "new", "Boston Weekend", "--game", "NBA:BOS@2024-11-16", "--game",
      "NHL:BOS@2024-11-16", "--game", "NFL:NE@2024-11-17",
    ])
    XCTAssertEqual(
      result.stdoutLines.first,
      "Created trip \"Boston Weekend\" (\(result.stdoutLines.first?.split(separator: "(").last?.prefix(8) ?? "")): 2 days, 3 games at 2 stops, 1 travel leg."
    )
    // Each game says its league (review 10: "STL @ BOS" was the Blues or the Cardinals).
    XCTAssertTrue(
      result.stdout.contains("1:00 pm EST  STL @ BOS (NHL)  TD Garden, Boston"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("8:00 pm EST  TOR @ BOS (NBA)  TD Garden, Boston"), result.stdout)
    XCTAssertTrue(result.stdout.contains("Boston → Foxborough"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("1:00 pm EST  LA @ NE (NFL)  Gillette Stadium, Foxborough"))
    let rows =
      try XCTUnwrap(
        try JSONSerialization.jsonObject(
          with: Data(try runOK(["trip", "show", "Boston Weekend", "--json"]).stdout.utf8))
          as? [String: Any])["rows"] as? [[String: Any]]
    XCTAssertEqual(
      rows?.filter { $0["kind"] as? String == "game" }.map { $0["sport"] as? String },
      ["NHL", "NBA", "NFL"])
    // The exports draw each league's icon and credit each league's source, not Retrosheet.
    let markdown = try runOK(["trip", "export", "Boston Weekend", "--format", "md"]).stdout
    for icon in ["🏒", "🏀", "🏈"] { XCTAssertTrue(markdown.contains("- \(icon) "), markdown) }
    XCTAssertFalse(markdown.contains("⚾"), markdown)
    XCTAssertTrue(
      markdown.contains(
        "Schedule data: the NBA's published schedule; the NHL's published schedule; nflverse (github.com/nflverse).*"
      ), markdown)
    let ics = try runOK(["trip", "export", "Boston Weekend", "--format", "ics"]).stdout
      .replacingOccurrences(of: "\r\n ", with: "")
    XCTAssertFalse(ics.contains("Retrosheet"), ics)
    XCTAssertTrue(ics.contains("nflverse"), ics)
    let gpx = try runOK(["trip", "export", "Boston Weekend", "--format", "gpx"]).stdout
    XCTAssertFalse(gpx.contains("Retrosheet"), gpx)
  }

  /// Trips across the DST changes print the same days and times whatever
  /// the machine's zone.
  func testTrip_acrossDSTChanges_sameUnderUTCAndTokyo() throws {
    try importAll()
    var outputs: [String] = []
    for (zone, name) in [("UTC", "Fall"), ("Asia/Tokyo", "Fall Tokyo")] {
      let result = try runOK(
        ["trip", "new", name, "--game", "NHL:PHI@2024-11-02", "--game", "NHL:BOS@2024-11-03"],
        extra: ["TZ": zone])
      XCTAssertTrue(result.stdout.contains("Day 1 · Sat, Nov 2, 2024"), result.stdout)
      XCTAssertTrue(result.stdout.contains("1:00 pm EDT  BOS @ PHI"), result.stdout)
      XCTAssertTrue(result.stdout.contains("Day 2 · Sun, Nov 3, 2024"), result.stdout)
      XCTAssertTrue(
        result.stdout.contains("5:00 pm EST  SEA @ BOS (NHL)  TD Garden"), result.stdout)
      outputs.append(
        try runOK(["trip", "show", name, "--json"], extra: ["TZ": zone]).stdout
          .replacingOccurrences(of: name, with: "NAME"))
    }
    for (zone, name) in [("UTC", "Spring"), ("Asia/Tokyo", "Spring Tokyo")] {
      let result = try runOK(
        [
          "trip", "new", name, "--game", "NHL:PHI@2025-03-08", "--game", "NBA:PHI@2025-03-09",
          "--game", "NBA:BOS@2025-03-10",
        ],
        extra: ["TZ": zone])
      XCTAssertTrue(result.stdout.contains("Day 1 · Sat, Mar 8, 2025"), result.stdout)
      XCTAssertTrue(result.stdout.contains(" EST  "), result.stdout)
      XCTAssertTrue(result.stdout.contains("Day 3 · Mon, Mar 10, 2025"), result.stdout)
      XCTAssertTrue(result.stdout.contains(" EDT  "), result.stdout)
    }
    let json = try XCTUnwrap(try parseJSON(outputs[0]) as? [String: Any])
    let rows = try XCTUnwrap(json["rows"] as? [[String: Any]])
    XCTAssertEqual(
      rows.filter { $0.string("kind") == "game" }.compactMap { $0.string("start") },
      ["2024-11-02T13:00:00-04:00", "2024-11-03T17:00:00-05:00"])
  }

  func testTrip_neutralSiteGamesInTheirOwnZone() throws {
    try importAll()
    let result = try runOK([
      "trip", "new", "Prague", "--game", "NHL:NJD@2024-10-04", "--game", "NHL:NJD@2024-10-05",
    ])
    XCTAssertTrue(result.stdout.contains("2 games at 1 stop"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("7:00 pm CEST  NJD @ BUF (NHL)  O2 Arena, Prague"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("4:00 pm CEST  BUF @ NJD (NHL)  O2 Arena, Prague"), result.stdout)
  }

  func testVisit_fromAGame_takesItsScore() throws {
    try importAll()
    let added = try runOK(
      ["visit", "add", "--game", "NFL:KC@2024-09-05", "--json"], extra: ["TZ": "UTC"])
    let visit = try XCTUnwrap(try parseJSON(added.stdout) as? [String: Any])
    XCTAssertEqual((visit["score"] as? [String: Any])?.int("away"), 20)
    XCTAssertEqual((visit["score"] as? [String: Any])?.int("home"), 27)
    try runOK([
      "trip", "new", "Garden Day", "--game", "NBA:BOS@2024-11-16", "--game", "NHL:BOS@2024-11-16",
    ])
    let attended = try XCTUnwrap(
      try parseJSON(
        try runOK(["trip", "attended", "Garden Day", "--json", "--now", "2025-01-01T00:00Z"]).stdout
      )
        as? [String: Any])
    let recorded = try XCTUnwrap(attended["recorded"] as? [[String: Any]])
    XCTAssertEqual(recorded.count, 2)
    XCTAssertTrue(recorded.allSatisfy { $0["score"] is [String: Any] }, "\(recorded)")
    // A visit typed by hand takes the game's score once it is linked to it (review 10).
    let typed = try XCTUnwrap(
      try parseJSON(
        try runOK(["visit", "add", "bruins", "--sport", "NHL", "--date", "2024-11-03", "--json"])
          .stdout) as? [String: Any])
    XCTAssertNil(typed["score"] as? [String: Any])
    let id = try XCTUnwrap(typed["id"] as? String)
    let linked = try XCTUnwrap(
      try parseJSON(
        try runOK(["visit", "edit", String(id.prefix(8)), "--game", "NHL:BOS@2024-11-03", "--json"])
          .stdout) as? [String: Any])
    let score = try XCTUnwrap(linked["score"] as? [String: Any])
    XCTAssertNotNil(score.int("away"))
    XCTAssertNotNil(score.int("home"))
  }
}
