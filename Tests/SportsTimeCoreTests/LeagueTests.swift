import Foundation
import XCTest

@testable import SportsTimeCore

/// The built-in tables of every sport, franchises across codes, and finding
/// a venue or team by what a traveller typed.
final class LeagueTests: XCTestCase {
  func testBuiltIn_everySportsTablesAndCounts() throws {
    let leagues = try VisitFixtures.leagues()
    XCTAssertEqual(leagues.sports, [.mlb, .nba, .nhl, .nfl])
    let counts = leagues.sports.map { sport -> [Int] in
      let league = leagues.league(sport)
      return [
        league?.venues.count ?? -1, league?.franchises.count ?? -1,
        league?.homeVenueIDs.count ?? -1,
      ]
    }
    // MLB: 39 parks, 30 franchises, 32 home parks (2024 and 2025 homes).
    XCTAssertEqual(counts, [[39, 30, 32], [30, 30, 30], [32, 32, 32], [30, 32, 30]])
    let mlb = try XCTUnwrap(leagues.league(.mlb))
    let homes = mlb.homeVenueIDs
    for temporary in ["SAC01", "TAM02", "OAK01", "STP01"] {
      XCTAssertTrue(homes.contains(Venue.ID(temporary)), temporary)
    }
    for neutral in ["SEO01", "LON01", "TOK01", "BIR01", "WIL02", "MEX02", "BST01"] {
      XCTAssertFalse(homes.contains(Venue.ID(neutral)), neutral)
      XCTAssertNotNil(mlb.venues[Venue.ID(neutral)], neutral)
    }
    let nfl = try XCTUnwrap(leagues.league(.nfl))
    XCTAssertEqual(nfl.franchise(ofTeam: "NYJ")?.home(in: 2024), "NYC01")
    XCTAssertEqual(nfl.franchise(ofTeam: "nyg")?.home(in: 2030), "NYC01")
  }

  func testFranchise_athleticsAreOneFranchiseWithSeasonalHomes() throws {
    let mlb = try XCTUnwrap(VisitFixtures.leagues().league(.mlb))
    let athletics = try XCTUnwrap(mlb.franchise(ofTeam: "OAK"))
    XCTAssertEqual(athletics, mlb.franchise(ofTeam: "ath"))
    XCTAssertEqual(athletics.id, "ATH")
    XCTAssertEqual(athletics.name, "Athletics")
    XCTAssertEqual(athletics.teamIDs, ["ATH", "OAK"])
    XCTAssertEqual(athletics.homes, [2024: "OAK01", 2025: "SAC01"])
    XCTAssertEqual(athletics.home(in: 2023), "OAK01")
    XCTAssertEqual(athletics.home(in: 2024), "OAK01")
    XCTAssertEqual(athletics.home(in: 2025), "SAC01")
    XCTAssertEqual(athletics.home(in: 2026), "SAC01")
    let rays = try XCTUnwrap(mlb.franchise(ofTeam: "TBA"))
    XCTAssertEqual(rays.id, "TB")
    XCTAssertEqual(rays.home(in: 2025), "TAM02")
    XCTAssertEqual(mlb.abbreviation(of: "CHN"), "CHC")
    XCTAssertEqual(mlb.abbreviation(of: "XYZ"), "XYZ")
    XCTAssertTrue(mlb.isNeutralSite("SEO01", homeTeamID: "SDN", year: 2024))
    XCTAssertFalse(mlb.isNeutralSite("TAM02", homeTeamID: "TBA", year: 2025))
    XCTAssertTrue(mlb.isNeutralSite("TAM02", homeTeamID: "TBA", year: 2024))
    XCTAssertFalse(mlb.isNeutralSite("CHI11", homeTeamID: "XYZ", year: 2024))
  }

  func testVenueNamed_mlbFirstUnlessAnotherSportIsAsked() throws {
    let leagues = try VisitFixtures.leagues()
    func find(_ name: String, _ sport: Sport? = nil, season: Int? = nil) throws -> String {
      try leagues.venue(named: name, sport: sport, season: season).venue.id.rawValue
    }
    XCTAssertEqual(try find("CHI11"), "CHI11")
    XCTAssertEqual(try find("chi11"), "CHI11")
    XCTAssertEqual(try find("TD-GARDEN"), "td-garden")
    XCTAssertEqual(try find("wrigley field"), "CHI11")
    XCTAssertEqual(try find("United Center"), "united-center")
    XCTAssertEqual(try find("BOS"), "BOS07")
    XCTAssertEqual(try find("BOS", .nba), "td-garden")
    XCTAssertEqual(try find("NE", .nfl), "BOS00")
    XCTAssertThrowsError(try find("BOS", .nfl))
    XCTAssertEqual(try find("Milwaukee"), "MIL06")
    XCTAssertEqual(try find("Milwaukee", .nba), "fiserv-forum")
    XCTAssertEqual(try find("Fiserv"), "fiserv-forum")
    XCTAssertEqual(try find("Athletics", season: 2025), "SAC01")
    XCTAssertEqual(try find("Athletics", season: 2024), "OAK01")
    XCTAssertEqual(try find("Rays", season: 2025), "TAM02")
    XCTAssertEqual(try find("LAL"), "crypto-com-arena")
    XCTAssertEqual(try leagues.venue(named: "LAL", sport: nil, season: nil).sports, [.nba])
    // A code two sports share at one arena names it without choosing the sport.
    XCTAssertEqual(try leagues.venue(named: "PHI", sport: .nhl, season: nil).sports, [.nhl])
    // Another sport's venue is named as such (issue 8, item 14).
    XCTAssertThrowsError(try find("Fenway Park", .nba)) { error in
      XCTAssertEqual(
        error as? CatalogError,
        .venueOfOtherSport(
          "Fenway Park", venue: "Fenway Park", sports: [.mlb], asked: .nba, team: nil))
    }
    XCTAssertThrowsError(try find("Fenwy Prk", .nba)) { error in
      guard case .unknownVenue = error as? CatalogError else {
        return XCTFail("\(error)")
      }
    }
    XCTAssertThrowsError(try find("Wrigley Feld")) { error in
      XCTAssertEqual(
        error as? CatalogError, .unknownVenue("Wrigley Feld", suggestion: "Wrigley Field"))
    }
    XCTAssertThrowsError(try find("Arena")) { error in
      guard case .ambiguousVenue(_, let candidates) = error as? CatalogError else {
        return XCTFail("\(error)")
      }
      XCTAssertTrue(candidates.contains("Ball Arena"), "\(candidates)")
    }
  }

  func testParseArenas_refusesMalformedTables() {
    let header = "venue_id,name,city,region,country,latitude,longitude,time_zone,teams\n"
    let good = "a,A Arena,Here,ST,US,40,-75,America/New_York,AAA;BBB\n"
    XCTAssertEqual(
      try League.parseArenas(header + good, sport: .nba, season: 2024, file: "t.csv")
        .franchises.map(\.id), ["AAA", "BBB"])
    let cases: [(String, Int?, String?)] = [
      ("park_id,name\n" + good, 1, nil),
      (header + "a,A Arena,Here,ST,US,40,-75,America/New_York\n", 2, nil),
      (header + "a,A Arena,Here,ST,US,95,-75,America/New_York,AAA\n", 2, "latitude/longitude"),
      (header + "a,A Arena,Here,ST,US,40,-75,Mars/Olympus,AAA\n", 2, "time_zone"),
      (header + "a,A Arena,Here,ST,US,40,-75,America/New_York, ; \n", 2, "teams"),
      (header + good + "b,B Arena,There,ST,US,41,-75,America/New_York,AAA\n", 3, "teams"),
      (header + ",A Arena,Here,ST,US,40,-75,America/New_York,AAA\n", 2, "venue_id"),
    ]
    for (text, line, field) in cases {
      XCTAssertThrowsError(
        try League.parseArenas(text, sport: .nba, season: 2024, file: "t.csv"), text
      ) { error in
        let format = error as? FileFormatError
        XCTAssertEqual(format?.file, "t.csv", text)
        XCTAssertEqual(format?.line, line, text)
        XCTAssertEqual(format?.field, field, text)
      }
    }
  }

  /// `venue(_:)` looks the id up in one index of every table (issue 9,
  /// speed: `history` looked up each visit's venue sport by sport): the
  /// venue the sport-by-sport scan finds, first sport in `Sport.allCases`
  /// order winning, for every id of every table, in other cases and unknown.
  func testVenue_isTheSportBySportScansVenue() throws {
    let leagues = try Leagues.builtIn()
    func scan(_ id: Venue.ID) -> Venue? {
      for sport in leagues.sports {
        if let venue = leagues.bySport[sport]?.venues[id] { return venue }
      }
      let key = id.rawValue.uppercased()
      for sport in leagues.sports {
        if let venue = leagues.bySport[sport]?.venues.values.first(where: {
          $0.id.rawValue.uppercased() == key
        }) {
          return venue
        }
      }
      return nil
    }
    var ids: [Venue.ID] = [Venue.ID("nowhere"), Venue.ID("")]
    for league in leagues.bySport.values {
      for id in league.venues.keys {
        ids += [id, Venue.ID(id.rawValue.lowercased()), Venue.ID(id.rawValue.uppercased())]
      }
    }
    var shared = 0
    for id in ids {
      XCTAssertEqual(leagues.venue(id), scan(id), id.rawValue)
      if leagues.sports(at: id).count > 1 { shared += 1 }
    }
    XCTAssertGreaterThan(shared, 0, "an id in two tables (td-garden) is checked")
  }
}
