import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Reading the real NBA, NHL and NFL schedules of `../shared/data/` (never
/// copied) and malformed copies of them (issue 11).
final class LeagueScheduleTests: XCTestCase {
  private var leagues: Leagues!

  override func setUpWithError() throws {
    leagues = try Leagues.builtIn()
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOf: TestData.url(path), encoding: .utf8)
  }

  private func parse(_ path: String) throws -> ScheduleImport {
    let text = try text(path)
    let format = try XCTUnwrap(ScheduleFormat.detect(text), path)
    return try format.parse(text, file: path, leagues: leagues)
  }

  private func game(_ schedule: ScheduleImport, _ id: String) throws -> Game {
    try XCTUnwrap(schedule.games.first { $0.id.rawValue == id }, id)
  }

  private func iso(_ game: Game) -> String { LocalTime.iso8601(game.start, in: game.timeZone) }

  // MARK: Formats

  func testDetect_recognisesEachRealFileByItsHeader() throws {
    XCTAssertEqual(ScheduleFormat.detect(try text("nba/nba-2024-UTC.csv")), .nba)
    XCTAssertEqual(ScheduleFormat.detect(try text("nhl/nhl-202425-asplayed.csv")), .nhl)
    XCTAssertEqual(ScheduleFormat.detect(try text("nfl/schedules_2024.csv")), .nfl)
    XCTAssertEqual(ScheduleFormat.detect(try text("retrosheet/2024schedule.csv")), .retrosheet)
    XCTAssertNil(ScheduleFormat.detect("a,b,c\n1,2,3\n"))
    XCTAssertThrowsError(try ScheduleFormat.of("a,b\n1,2\n", named: nil, file: "x.csv")) {
      XCTAssertEqual(
        String(describing: $0),
        "x.csv, line 1: this is not a schedule SportsTime reads: its first line is 'a,b'; it reads "
          + "Retrosheet (Date,Num,Day,Visitor,…), NBA (Match Number,Round Number,Date,Location,…), "
          + "NHL (Date,Start Time (Sask),Start Time (ET),…) and nflverse (game_id,season,game_type,…) "
          + "schedules, told apart by that line")
    }
    // A Retrosheet header with one column misnamed: its reader names it.
    let misnamed =
      "Date,Num,Day,Vistor,League,Game,Home,League,Game,Day/Night,Location,Postponed,Makeup\n"
    XCTAssertEqual(try ScheduleFormat.of(misnamed, named: nil, file: "x.csv"), .retrosheet)
    XCTAssertEqual(try ScheduleFormat.of("", named: nil, file: "x.csv"), .retrosheet)
    XCTAssertEqual(try ScheduleFormat.of("a,b\n", named: .nhl, file: "x.csv"), .nhl)
  }

  // MARK: NBA

  func testNBA_countsAndTheCupFinal() throws {
    let nba = try parse("nba/nba-2024-UTC.csv")
    XCTAssertEqual(nba.games.count, 1_231)
    XCTAssertEqual(nba.regularSeasonCount, 1_230)
    XCTAssertEqual(nba.roundCounts.map(\.round), ["CUP"])
    XCTAssertEqual(nba.teamIDs.count, 30)
    XCTAssertEqual(
      nba.venueIDs.count, 34, "30 arenas, Arena CDMX, Accor Arena, Moody Center, T-Mobile Arena")
    XCTAssertTrue(nba.games.allSatisfy { $0.sport == .nba && !$0.timeEstimated && $0.score != nil })
    XCTAssertEqual(Set(nba.games.map(\.id)).count, 1_231)
    // Match 1231, the NBA Cup final: OKC vs MIL at T-Mobile Arena (the
    // NHL table's venue, not a copy), 18/12/2024 01:30 UTC = Dec 17 in Las Vegas.
    let final = try XCTUnwrap(nba.games.first { $0.round == "CUP" })
    XCTAssertEqual(final.id, "NBA-OKC202412170")
    XCTAssertEqual(final.venueID, "t-mobile-arena")
    XCTAssertEqual(iso(final), "2024-12-17T17:30:00-08:00")
    XCTAssertEqual(
      final.score, Score(away: 97, home: 81), "Bucks 97, Thunder 81 (Result is home - away)")
    // Every team plays 82 regular-season games.
    var played: [String: Int] = [:]
    for g in nba.games where g.isRegularSeason {
      played[g.homeTeamID, default: 0] += 1
      played[g.awayTeamID, default: 0] += 1
    }
    XCTAssertEqual(Set(played.values), [82])
  }

  func testNBA_utcTipOffsLandOnTheLocalDate_neutralSitesInTheirZones() throws {
    let nba = try parse("nba/nba-2024-UTC.csv")
    // 03/11/2024 01:30 UTC is Nov 2, 7:30 pm in Mexico City.
    let mexico = try game(nba, "NBA-WAS202411020")
    XCTAssertEqual(mexico.venueID, "arena-cdmx")
    XCTAssertEqual(mexico.timeZoneID, "America/Mexico_City")
    XCTAssertEqual(mexico.localDate.iso, "2024-11-02")
    XCTAssertEqual(iso(mexico), "2024-11-02T19:30:00-06:00")
    // 23/01/2025 19:00 UTC is 8 pm in Paris.
    let paris = try game(nba, "NBA-IND202501230")
    XCTAssertEqual(paris.venueID, "accor-arena")
    XCTAssertEqual(iso(paris), "2025-01-23T20:00:00+01:00")
    // 22/02/2025 01:30 UTC is Feb 21, 7:30 pm in Austin.
    XCTAssertEqual(try game(nba, "NBA-SAS202502210").venueID, "moody-center")
    // A west-coast evening game: 23/10/2024 02:00 UTC is Oct 22 in Los Angeles.
    let lakers = try game(nba, "NBA-LAL202410220")
    XCTAssertEqual(iso(lakers), "2024-10-22T19:00:00-07:00")
    // The neutral sites are no team's home.
    let homes = try XCTUnwrap(leagues.league(.nba)).homeVenueIDs
    XCTAssertTrue(homes.isDisjoint(with: ["arena-cdmx", "accor-arena", "moody-center"]))
  }

  func testNBA_renamedArenasAreOneVenue() throws {
    let nba = try parse("nba/nba-2024-UTC.csv")
    // The file says "Rocket Arena" and "PHX Arena" all season; the games are
    // at the one venue, called by its name on each date.
    let cleveland = nba.games.filter { $0.venueID == "rocket-arena" }
    XCTAssertEqual(cleveland.count, 41)
    let arena = try XCTUnwrap(leagues.venue("rocket-arena"))
    XCTAssertEqual(
      arena.name(on: try XCTUnwrap(CalendarDate(iso: "2024-11-01"))), "Rocket Mortgage FieldHouse")
    XCTAssertEqual(arena.name(on: try XCTUnwrap(CalendarDate(iso: "2025-03-01"))), "Rocket Arena")
    XCTAssertEqual(nba.games.filter { $0.venueID == "phx-arena" }.count, 41)
  }

  // MARK: NHL

  func testNHL_countsVenuesAndEasternStartTimes() throws {
    let nhl = try parse("nhl/nhl-202425-asplayed.csv")
    XCTAssertEqual(nhl.games.count, 1_312)
    XCTAssertEqual(nhl.regularSeasonCount, 1_312)
    XCTAssertEqual(nhl.teamIDs.count, 32)
    XCTAssertEqual(
      nhl.venueIDs.count, 36, "32 arenas, Prague, Tampere, Wrigley Field, Ohio Stadium")
    XCTAssertTrue(nhl.games.allSatisfy { !$0.timeEstimated && $0.score != nil })
    // Prague, Global Series: 1:00 PM ET on Oct 4 is 7 pm in Prague.
    let prague = try game(nhl, "NHL-BUF202410040")
    XCTAssertEqual(prague.venueID, "o2-arena-prague")
    XCTAssertEqual(iso(prague), "2024-10-04T19:00:00+02:00")
    XCTAssertEqual(prague.score, Score(away: 4, home: 1))
    // Tampere on Nov 2: Finland is already on EET (UTC+2), the US still on EDT.
    let tampere = try game(nhl, "NHL-FLA202411020")
    XCTAssertEqual(tampere.venueID, "nokia-arena-tampere")
    XCTAssertEqual(iso(tampere), "2024-11-02T18:00:00+02:00")
    // The Winter Classic at Wrigley Field: the MLB table's venue, reused.
    XCTAssertEqual(try game(nhl, "NHL-CHI202412310").venueID, "CHI11")
    XCTAssertEqual(try game(nhl, "NHL-CBJ202503010").venueID, "ohio-stadium")
    // Every other game at its home team's arena.
    let league = try XCTUnwrap(leagues.league(.nhl))
    let special: Set<Venue.ID> = [
      "o2-arena-prague", "nokia-arena-tampere", "CHI11", "ohio-stadium",
    ]
    for g in nhl.games where !special.contains(g.venueID) {
      XCTAssertEqual(league.franchise(ofTeam: g.homeTeamID)?.home(in: 2024), g.venueID, "\(g.id)")
    }
    XCTAssertEqual(nhl.games.filter { special.contains($0.venueID) }.count, 6)
  }

  func testNHL_acrossTheDSTChanges() throws {
    let nhl = try parse("nhl/nhl-202425-asplayed.csv")
    // 2024-11-03: EDT until 2 am; the evening game is on EST.
    let bruins = try game(nhl, "NHL-BOS202411030")
    XCTAssertEqual(iso(bruins), "2024-11-03T17:00:00-05:00")
    let before = try game(nhl, "NHL-PHI202411020")
    XCTAssertEqual(iso(before), "2024-11-02T13:00:00-04:00")
    // 2025-03-09: EST until 2 am, EDT after.
    let march9 = nhl.games.filter { $0.localDate.iso == "2025-03-09" }
    XCTAssertFalse(march9.isEmpty)
    for g in march9 where g.timeZoneID == "America/New_York" {
      XCTAssertTrue(iso(g).hasSuffix("-04:00"), iso(g))
    }
  }

  // MARK: NFL

  func testNFL_countsRoundsAndInternationalGames() throws {
    let nfl = try parse("nfl/schedules_2024.csv")
    XCTAssertEqual(nfl.games.count, 285)
    XCTAssertEqual(nfl.regularSeasonCount, 272)
    XCTAssertEqual(
      nfl.roundCounts.map { "\($0.round) \($0.games)" }, ["CON 2", "DIV 4", "SB 1", "WC 6"])
    XCTAssertEqual(nfl.teamIDs.count, 32)
    XCTAssertEqual(nfl.venueIDs.count, 34, "30 stadiums and 4 international sites")
    // São Paulo: 20:15 ET is 21:15 in São Paulo.
    let brazil = try game(nfl, "2024_01_GB_PHI")
    XCTAssertEqual(brazil.venueID, "SAO00")
    XCTAssertEqual(iso(brazil), "2024-09-06T21:15:00-03:00")
    XCTAssertEqual(brazil.score, Score(away: 29, home: 34))
    // London at 09:30 ET is 14:30 BST; Munich at 09:30 ET (EST) is 15:30 CET.
    XCTAssertEqual(iso(try game(nfl, "2024_05_NYJ_MIN")), "2024-10-06T14:30:00+01:00")
    XCTAssertEqual(try game(nfl, "2024_07_NE_JAX").venueID, "LON00")
    let munich = try game(nfl, "2024_10_NYG_CAR")
    XCTAssertEqual(munich.venueID, "GER00")
    XCTAssertEqual(iso(munich), "2024-11-10T15:30:00+01:00")
    // The wildfire move and the Super Bowl, at the NFL table's stadiums.
    XCTAssertEqual(try game(nfl, "2024_19_MIN_LA").venueID, "PHO00")
    let superBowl = try game(nfl, "2024_22_KC_PHI")
    XCTAssertEqual(superBowl.venueID, "NOR00")
    XCTAssertEqual(superBowl.round, "SB")
    XCTAssertEqual(superBowl.score, Score(away: 22, home: 40))
    // Neutral sites are venues but no team's home.
    let homes = try XCTUnwrap(leagues.league(.nfl)).homeVenueIDs
    XCTAssertTrue(homes.isDisjoint(with: ["SAO00", "LON00", "LON02", "GER00"]))
  }

  func testNeutralSites_eachHasACoordinateAndItsZone() throws {
    XCTAssertEqual(NeutralSites.sites.count, 10)
    // Every zone is known to this system (the built-in list skips the check).
    XCTAssertEqual(
      try NeutralSites.parseSites(
        try Catalog.resource("neutral-venues"), file: "neutral-venues.csv", checkingZones: true),
      NeutralSites.sites)
    let zones = Dictionary(
      uniqueKeysWithValues: NeutralSites.sites.map { ($0.venue.id, $0.venue.timeZoneID) })
    XCTAssertEqual(zones["o2-arena-prague"], "Europe/Prague")
    XCTAssertEqual(zones["nokia-arena-tampere"], "Europe/Helsinki")
    XCTAssertEqual(zones["LON00"], "Europe/London")
    XCTAssertEqual(zones["GER00"], "Europe/Berlin")
    XCTAssertEqual(zones["SAO00"], "America/Sao_Paulo")
    XCTAssertEqual(zones["arena-cdmx"], "America/Mexico_City")
    // None duplicates a built-in venue (T-Mobile Arena, Wrigley Field, …).
    for site in NeutralSites.sites {
      for sport in leagues.sports {
        XCTAssertNil(leagues.league(sport)?.venues[site.venue.id], "\(site.venue.id)")
        XCTAssertFalse(
          leagues.league(sport)?.venues.values.contains { $0.name == site.venue.name } ?? false,
          site.venue.name)
      }
    }
    XCTAssertEqual(NeutralSites.nhlGames.count, 6)
  }

  /// Every venue a real file's games are played at counts that game's
  /// sport among the sports played there (`sportsPlayed(at:)`, which the map's
  /// pins and `games --venue V --sport S` use): the NBA Cup at T-Mobile
  /// Arena, the Winter Classic at Wrigley Field, every neutral site (review 11).
  func testEveryGamesVenue_countsItsSport() throws {
    var guests: Set<String> = []
    for path in ["nba/nba-2024-UTC.csv", "nhl/nhl-202425-asplayed.csv", "nfl/schedules_2024.csv"] {
      for game in try parse(path).games {
        XCTAssertTrue(
          leagues.sportsPlayed(at: game.venueID).contains(game.sport),
          "\(game.id) at \(game.venueID)")
        if leagues.league(game.sport)?.venues[game.venueID] == nil,
          !NeutralSites.sites.contains(where: { $0.venue.id == game.venueID })
        {
          guests.insert("\(game.sport.rawValue) \(game.venueID.rawValue)")
        }
      }
    }
    XCTAssertEqual(guests, ["NBA t-mobile-arena", "NHL CHI11"])
    XCTAssertEqual(leagues.sportsPlayed(at: "t-mobile-arena"), [.nba, .nhl])
    XCTAssertEqual(leagues.sportsPlayed(at: "TOR02"), [.mlb])
  }

  /// The tables a command about MLB games only is given
  /// (`Leagues.builtIn(covering:)`, `Catalog.builtInGames(covering:)`):
  /// MLB's alone, which know every venue and team of both real Retrosheet
  /// seasons (neutral sites included) as the full tables do.
  func testMLBOnlyTables_coverEveryRealMLBGame() throws {
    let mlbOnly = try Leagues.builtIn(covering: [Sport.mlb])
    XCTAssertEqual(mlbOnly.sports, [.mlb])
    XCTAssertEqual(try Leagues.builtIn(covering: [Sport]()).sports, [.mlb])
    XCTAssertEqual(try Leagues.builtIn(covering: [Sport.mlb, .nhl]).sports, Sport.allCases)
    let narrow = try Catalog.builtInGames(covering: [Sport.mlb])
    let full = try Catalog.builtInGames()
    XCTAssertLessThan(narrow.venues.count, full.venues.count)
    for season in ["2024", "2025"] {
      let path = "retrosheet/\(season)schedule.csv"
      let games = try RetrosheetSchedule.parse(try text(path), file: path, catalog: narrow).games
      XCTAssertGreaterThan(games.count, 2400)
      for game in games {
        XCTAssertEqual(narrow.venue(game.venueID), full.venue(game.venueID), "\(game.id)")
        for team in [game.awayTeamID, game.homeTeamID] {
          XCTAssertEqual(
            Team.printedCode(team, sport: .mlb, teams: narrow.teams),
            Team.printedCode(team, sport: .mlb, teams: full.teams), "\(game.id)")
        }
        XCTAssertEqual(
          mlbOnly.isNeutralSite(game), try Leagues.builtIn().isNeutralSite(game), "\(game.id)")
      }
      XCTAssertTrue(games.contains { mlbOnly.isNeutralSite($0) }, "Seoul, London, Mexico City")
    }
  }

  // MARK: Malformed copies

  /// `text` with line `line` (1-based) replaced by `transform` of it.
  private func replacing(_ text: String, line: Int, _ transform: (String) -> String) -> String {
    // "\r\n" is one Character: split the NHL file's CRLF lines as LF.
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    lines[line - 1] = transform(lines[line - 1])
    return lines.joined(separator: "\n")
  }

  private func refusal(_ text: String, _ format: ScheduleFormat) -> FileFormatError? {
    do {
      _ = try format.parse(text, file: "bad.csv", leagues: leagues)
      return nil
    } catch let error as FileFormatError {
      return error
    } catch {
      XCTFail("\(error)")
      return nil
    }
  }

  func testMalformedRows_areRefusedWithLineAndField() throws {
    let nba = try text("nba/nba-2024-UTC.csv")
    let badDate = refusal(
      replacing(nba, line: 5) { $0.replacingOccurrences(of: "/10/2024", with: "/13/2024") }, .nba)
    XCTAssertEqual(badDate?.line, 5)
    XCTAssertEqual(badDate?.field, "3 (Date)")
    let badArena =
      refusal(
        replacing(nba, line: 7) {
          $0.replacingOccurrences(of: ",Barclays Center,", with: ",Nowhere Dome,")
        }, .nba)
      ?? refusal(
        replacing(nba, line: 7) { line in
          var f = line.components(separatedBy: ",")
          f[3] = "Nowhere Dome"
          return f.joined(separator: ",")
        }, .nba)
    XCTAssertEqual(badArena?.line, 7)
    XCTAssertEqual(badArena?.field, "4 (Location)")
    let badScore = refusal(
      replacing(nba, line: 9) { line in
        var f = line.components(separatedBy: ",")
        f[6] = "won"
        return f.joined(separator: ",")
      }, .nba)
    XCTAssertEqual(badScore?.line, 9)
    XCTAssertEqual(badScore?.field, "7 (Result)")

    let nhl = try text("nhl/nhl-202425-asplayed.csv")
    let badTime = refusal(
      replacing(nhl, line: 10) { line in
        var f = line.components(separatedBy: ",")
        f[2] = "25:00 PM"
        return f.joined(separator: ",")
      }, .nhl)
    XCTAssertEqual(badTime?.line, 10)
    XCTAssertEqual(badTime?.field, "3 (Start Time (ET))")
    let badTeam = refusal(
      replacing(nhl, line: 12) { line in
        var f = line.components(separatedBy: ",")
        f[5] = "Hartford Whalers"
        return f.joined(separator: ",")
      }, .nhl)
    XCTAssertEqual(badTeam?.line, 12)
    XCTAssertEqual(badTeam?.field, "6 (Home)")
    XCTAssertEqual(badTeam?.message, "unknown NHL team 'Hartford Whalers'")
    let short = refusal(replacing(nhl, line: 20) { String($0.prefix(30)) }, .nhl)
    XCTAssertEqual(short?.line, 20)
    XCTAssertNil(short?.field)

    let nfl = try text("nfl/schedules_2024.csv")
    let badStadium = refusal(nfl.replacingOccurrences(of: "\"LON00\"", with: "\"XXX00\""), .nfl)
    XCTAssertEqual(badStadium?.field, "45 (stadium_id)")
    XCTAssertEqual(badStadium?.message, "unknown stadium id 'XXX00'")
    let badType = refusal(
      replacing(nfl, line: 3) { $0.replacingOccurrences(of: "\"REG\"", with: "\"PRE\"") }, .nfl)
    XCTAssertEqual(badType?.line, 3)
    XCTAssertEqual(badType?.field, "3 (game_type)")
    // One score NA, the other a number (review 11 F2): said as such, not
    // "'NA' is not a score (a whole number or NA)".
    let halfScore = refusal(
      replacing(nfl, line: 3) { $0.replacingOccurrences(of: ",29,", with: ",NA,") }, .nfl)
    XCTAssertEqual(halfScore?.line, 3)
    XCTAssertEqual(halfScore?.field, "9 (away_score)")
    XCTAssertEqual(
      halfScore?.message,
      "away score is missing but the other is '34': give both scores, or neither (NA) for a game not yet played"
    )
    // A row repeated: the same game twice (same id), the later line refused.
    let lines = nfl.components(separatedBy: "\n")
    let repeated = (lines.prefix(5) + [lines[2]] + lines.dropFirst(5)).joined(separator: "\n")
    let twice = refusal(repeated, .nfl)
    XCTAssertEqual(twice?.line, 6)
  }

  // MARK: Ids and team names across sports

  func testGameID_parsesEverySportsForm() {
    XCTAssertNotNil(Game.ID(parsing: "CHN202406040"))
    XCTAssertNotNil(Game.ID(parsing: "NBA-BOS202410220"))
    XCTAssertNotNil(Game.ID(parsing: "NHL-LA202410220"))
    XCTAssertNotNil(Game.ID(parsing: "2024_01_BAL_KC"))
    XCTAssertNotNil(Game.ID(parsing: "2024_22_KC_PHI"))
    for bad in [
      "NBA-BOS2024102", "NFL-BOS202410220", "nba-BOS202410220", "2024_1_BAL_KC",
      "2024_01_BAL", "2024_01_bal_KC", "NBA-B202410220",
    ] {
      XCTAssertNil(Game.ID(parsing: bad), bad)
    }
  }

  func testTeamNamedAmongSports_aCodeOfSeveralIsRefused_aPrefixChooses() throws {
    XCTAssertThrowsError(try leagues.team(named: "BOS", among: [.nba, .nhl], season: 2024)) {
      XCTAssertEqual(
        "\($0)",
        "'BOS' is a team of several sports: NBA:BOS (Boston Celtics) or NHL:BOS (Boston Bruins); put the sport before the team, as in NBA:BOS"
      )
    }
    XCTAssertEqual(
      try leagues.team(named: "nba:bos", among: [.nba, .nhl], season: 2024).team.fullName,
      "Boston Celtics")
    XCTAssertEqual(
      try leagues.team(named: "bruins", among: [.mlb, .nba, .nhl], season: 2024).sport, .nhl)
    // One sport stored: its own look-up, as before.
    XCTAssertEqual(try leagues.team(named: "BOS", among: [.mlb], season: 2024).team.id, "BOS")
    XCTAssertEqual(try leagues.team(named: "BOS", among: [.nhl], season: 2024).sport, .nhl)
    // MLB franchise codes, the NFL's own.
    let athletics = try leagues.team(named: "ATH", among: [.mlb], season: 2025)
    XCTAssertEqual(Set(leagues.codes(of: athletics)), ["ATH", "OAK"])
    XCTAssertEqual(Team.printedCode("CHA", sport: .nba, teams: leagues.mlb.teams), "CHA")
    XCTAssertEqual(Team.printedCode("CHA", sport: .mlb, teams: leagues.mlb.teams), "CWS")
  }

  // MARK: Each sport's word for the start

  /// Two NHL games of Buffalo an hour apart clash "from puck drop", an NBA
  /// clash "from tip-off", an NFL one "from kickoff" (review 10, item 12).
  func testTeamOverlap_namesTheSportsStart() throws {
    let nhl = try parse("nhl/nhl-202425-asplayed.csv")
    let prague = try game(nhl, "NHL-BUF202410040")
    var clash = prague
    clash.start = prague.start.addingTimeInterval(3600)
    let conflict = ScheduleConflict.teamOverlap(
      index: 0, clash, team: prague.homeTeamID, other: .stored(prague))
    XCTAssertTrue(
      conflict.description.hasSuffix("overlap (a game takes 3 hours from puck drop)"),
      conflict.description)
    XCTAssertFalse(conflict.description.contains("first pitch"), conflict.description)
    for (sport, word) in [(Sport.nba, "tip-off"), (.nfl, "kickoff"), (.mlb, "first pitch")] {
      var a = clash
      var b = prague
      a.sport = sport
      b.sport = sport
      let other = ScheduleConflict.teamOverlap(index: 0, a, team: "X", other: .stored(b))
      XCTAssertTrue(other.description.hasSuffix("from \(word))"), other.description)
    }
    XCTAssertEqual(Sport.startWord(nil), "start")
  }
}
