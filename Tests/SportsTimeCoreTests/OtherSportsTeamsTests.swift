import Foundation
import XCTest

@testable import SportsTimeCore

/// The NBA, NHL and NFL team tables (issue 8, item 14): every sport's
/// venues found by team name or nickname, checked against the real
/// schedules in `../shared/data`, and another sport's venue named as such.
final class OtherSportsTeamsTests: XCTestCase {
  func leagues() throws -> Leagues { try VisitFixtures.leagues() }

  func testTeams_everyHomeTeamHasAFullName() throws {
    let leagues = try leagues()
    for (sport, count) in [(Sport.nba, 30), (.nhl, 32), (.nfl, 32)] {
      let league = try XCTUnwrap(leagues.league(sport))
      XCTAssertEqual(league.franchises.count, count, sport.rawValue)
      XCTAssertEqual(league.catalog.teams.count, count, sport.rawValue)
      for franchise in league.franchises {
        XCTAssertNotEqual(franchise.name, franchise.id, "\(sport) \(franchise.id) has a name")
      }
    }
    XCTAssertEqual(leagues.league(.nba)?.franchise(ofTeam: "BOS")?.name, "Boston Celtics")
    XCTAssertEqual(leagues.league(.nhl)?.franchise(ofTeam: "BOS")?.name, "Boston Bruins")
    XCTAssertEqual(leagues.league(.nfl)?.franchise(ofTeam: "GB")?.name, "Green Bay Packers")
  }

  /// Every team the real NBA and NHL schedules name (full names) and the
  /// NFL schedule codes is found in our tables, and plays its home games at
  /// the venue the tables give it (NBA: the schedule's arena names; NFL:
  /// its stadium ids), neutral sites aside.
  func testTeams_matchTheRealSchedules() throws {
    let leagues = try leagues()
    let data = MapTestSupport.dataDirectory
    func rows(_ path: String) throws -> [[String]] {
      try CSV.parse(
        try String(contentsOf: data.appendingPathComponent(path), encoding: .utf8), file: path
      ).dropFirst().map(\.fields)
    }
    func home(_ sport: Sport, _ name: String) throws -> Venue {
      let league = try XCTUnwrap(leagues.league(sport))
      let team = try league.catalog.team(named: name, season: 2024)
      let venue = league.franchise(ofTeam: team.id)?.home(in: 2024)
      return try XCTUnwrap(venue.flatMap { league.venues[$0] }, "\(sport) \(name)")
    }
    let neutral: Set<String> = ["Arena CDMX", "T-Mobile Arena", "Accor Arena", "Moody Center"]
    var nbaGames = 0
    for f in try rows("nba/nba-2024-UTC.csv") {
      let arena = try home(.nba, f[4])
      _ = try home(.nba, f[5])
      if !neutral.contains(f[3]) {
        XCTAssertTrue(arena.allNames.contains(f[3]), "\(f[4]) at \(f[3]), not \(arena.name)")
        nbaGames += 1
      }
    }
    XCTAssertEqual(nbaGames, 1231 - 8)
    var nhlNames: Set<String> = []
    for f in try rows("nhl/nhl-202425-asplayed.csv") {
      nhlNames.formUnion([f[3], f[5]])
      _ = try home(.nhl, f[5])
      _ = try home(.nhl, f[3])
    }
    XCTAssertEqual(nhlNames.count, 32)
    var nflHome = 0
    for f in try rows("nfl/schedules_2024.csv") where f[2] == "REG" {
      let stadium = try home(.nfl, f[9])
      _ = try home(.nfl, f[7])
      if f[11] == "Home" {
        XCTAssertEqual(stadium.id.rawValue, f[44], "\(f[0])")
        // The schedule's old stadium names still find the stadium (but for
        // "TIAA Bank Stadium", a misspelling of TIAA Bank Field).
        if f[45] != "TIAA Bank Stadium" {
          XCTAssertEqual(
            try leagues.venue(named: f[45], sport: .nfl, season: 2024).venue.id, stadium.id,
            f[45])
        }
        nflHome += 1
      }
    }
    XCTAssertEqual(nflHome, 267)
  }

  func testVenueNamed_teamsOfEverySportByNameOrNickname() throws {
    let leagues = try leagues()
    func find(_ name: String, _ sport: Sport? = nil) throws -> Leagues.VenueMatch {
      try leagues.venue(named: name, sport: sport, season: 2024)
    }
    let cases: [(String, Sport?, String, [Sport])] = [
      ("celtics", .nba, "td-garden", [.nba]), ("Boston Celtics", nil, "td-garden", [.nba]),
      ("bruins", nil, "td-garden", [.nhl]), ("Bruins", .nhl, "td-garden", [.nhl]),
      ("packers", nil, "GNB00", [.nfl]), ("Green Bay Packers", .nfl, "GNB00", [.nfl]),
      ("sixers", nil, "wells-fargo-center", [.nba]), ("flyers", nil, "wells-fargo-center", [.nhl]),
      ("red wings", nil, "little-caesars-arena", [.nhl]), ("habs", nil, "bell-centre", [.nhl]),
      ("cardinals", nil, "STL10", [.mlb]), ("cardinals", .nfl, "PHO00", [.nfl]),
      ("maple leafs", nil, "scotiabank-arena", [.nhl]), ("49ers", nil, "SFO01", [.nfl]),
    ]
    for (name, sport, venue, sports) in cases {
      let match = try find(name, sport)
      XCTAssertEqual(match.venue.id.rawValue, venue, name)
      XCTAssertEqual(match.sports, sports, name)
    }
    XCTAssertThrowsError(try find("kings")) { error in
      guard case .ambiguousVenue(_, let candidates) = error as? CatalogError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(Set(candidates), ["Golden 1 Center (NBA)", "Crypto.com Arena (NHL)"])
    }
    XCTAssertEqual(try leagues.teamID(named: "rangers", sport: .nhl, season: 2024), "NYR")
    XCTAssertEqual(try leagues.teamID(named: "bruins", sport: .nhl, season: 2024), "BOS")
    XCTAssertEqual(try leagues.teamID(named: "Celtics", sport: .nba, season: 2024), "BOS")
    XCTAssertEqual(try leagues.teamID(named: "nyr", sport: .nhl, season: nil), "NYR")
  }

  /// Review 2 of issue 8, item 4: a team of another sport asked for as an
  /// MLB team ("celtics") is said to be that sport's, not "no team is
  /// called"; one that several other sports have names each.
  func testTeamNamed_anotherSportsTeamIsNamedAsSuch() throws {
    let leagues = try leagues()
    XCTAssertEqual(try leagues.team(named: "cubs", sport: .mlb, season: 2024).id, "CHN")
    XCTAssertEqual(try leagues.teamID(named: "bruins", sport: .nhl, season: 2024), "BOS")
    let cases: [(String, Sport, CatalogError, String)] = [
      (
        "celtics", .mlb,
        .teamOfOtherSport("celtics", teams: ["Boston Celtics"], sports: [.nba], asked: .mlb),
        "'celtics' is the Boston Celtics, an NBA team, not an MLB team"
      ),
      (
        "Patriots", .nhl,
        .teamOfOtherSport("Patriots", teams: ["New England Patriots"], sports: [.nfl], asked: .nhl),
        "'Patriots' is the New England Patriots, an NFL team, not an NHL team"
      ),
      (
        "kings", .mlb,
        .teamOfOtherSport(
          "kings", teams: ["Sacramento Kings", "Los Angeles Kings"], sports: [.nba, .nhl],
          asked: .mlb),
        "'kings' is the Sacramento Kings (NBA) or the Los Angeles Kings (NHL), not an MLB team"
      ),
      (
        "cubs", .nba,
        .teamOfOtherSport("cubs", teams: ["Chicago Cubs"], sports: [.mlb], asked: .nba),
        "'cubs' is the Chicago Cubs, an MLB team, not an NBA team"
      ),
    ]
    for (name, sport, expected, message) in cases {
      XCTAssertThrowsError(try leagues.team(named: name, sport: sport, season: 2024), name) {
        XCTAssertEqual($0 as? CatalogError, expected, name)
        XCTAssertEqual("\($0)", message, name)
      }
      XCTAssertThrowsError(try leagues.teamID(named: name, sport: sport, season: 2024), name) {
        XCTAssertEqual($0 as? CatalogError, expected, name)
      }
    }
    XCTAssertThrowsError(try leagues.team(named: "xyzzy", sport: .mlb, season: nil)) {
      guard case .unknownTeam = $0 as? CatalogError else { return XCTFail("\($0)") }
    }
  }

  /// A venue or team of another sport than the one asked for is said to be
  /// that sport's, not "not found".
  func testVenueNamed_anotherSportsVenueIsNamedAsSuch() throws {
    let leagues = try leagues()
    let cases: [(String, Sport, CatalogError, String)] = [
      (
        "td garden", .mlb,
        .venueOfOtherSport(
          "td garden", venue: "TD Garden", sports: [.nba, .nhl], asked: .mlb, team: nil),
        "TD Garden is an NBA and NHL venue, not an MLB one"
      ),
      (
        "celtics", .mlb,
        .venueOfOtherSport(
          "celtics", venue: "TD Garden", sports: [.nba], asked: .mlb, team: "Boston Celtics"),
        "'celtics' is the Boston Celtics, an NBA team playing at TD Garden, not an MLB team"
      ),
      (
        "Minute Maid Park", .nba,
        .venueOfOtherSport(
          "Minute Maid Park", venue: "Minute Maid Park", sports: [.mlb], asked: .nba, team: nil),
        "Minute Maid Park is an MLB venue, not an NBA one"
      ),
      (
        "lambeau field", .nhl,
        .venueOfOtherSport(
          "lambeau field", venue: "Lambeau Field", sports: [.nfl], asked: .nhl, team: nil),
        "Lambeau Field is an NFL venue, not an NHL one"
      ),
    ]
    for (name, sport, expected, message) in cases {
      XCTAssertThrowsError(try leagues.venue(named: name, sport: sport, season: 2024), name) {
        XCTAssertEqual($0 as? CatalogError, expected, name)
        XCTAssertEqual("\($0)", message, name)
      }
    }
    XCTAssertThrowsError(try leagues.venue(named: "nowhere arena", sport: .mlb, season: nil)) {
      guard case .unknownVenue = $0 as? CatalogError else { return XCTFail("\($0)") }
    }
  }

  func testWithTeams_refusesMalformedTables() throws {
    let arenas = try League.parseArenas(
      "venue_id,name,city,region,country,latitude,longitude,time_zone,teams\n"
        + "a,A Arena,Here,ST,US,40,-75,America/New_York,AAA;BBB\n", sport: .nba, season: 2024,
      file: "v.csv")
    let header = "team,full_name,aliases\n"
    let named = try arenas.withTeams(
      header + "AAA,Here Aces,Aces\nBBB,Here Bees,\n", file: "t.csv")
    XCTAssertEqual(named.franchises.map(\.name), ["Here Aces", "Here Bees"])
    XCTAssertEqual(try named.catalog.team(named: "aces").id, "AAA")
    XCTAssertEqual(try named.catalog.team(named: "bees").id, "BBB")
    let cases: [(String, Int?, String?)] = [
      ("team,name\n", 1, nil),
      (header + "AAA,Here Aces\nBBB,Here Bees,\n", 2, nil),
      (header + "AAA,Here Aces,\nCCC,Cees,\nBBB,Here Bees,\n", 3, "team"),
      (header + "AAA,Here Aces,\nAAA,Again,\nBBB,Here Bees,\n", 3, "team"),
      (header + "AAA, ,\nBBB,Here Bees,\n", 2, "full_name"),
      (header + "AAA,Here Aces,\n", nil, "team"),
    ]
    for (text, line, field) in cases {
      XCTAssertThrowsError(try arenas.withTeams(text, file: "t.csv"), text) { error in
        let format = error as? FileFormatError
        XCTAssertEqual(format?.file, "t.csv", text)
        XCTAssertEqual(format?.line, line, text)
        XCTAssertEqual(format?.field, field, text)
      }
    }
  }
}
