import Foundation
import XCTest

@testable import SportsTimeCore

/// The built-in MLB venue and team tables and lookups by code, abbreviation,
/// alias and name.
final class CatalogTests: XCTestCase {

  func testMLB_loadsAllVenuesAndTeams() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertEqual(catalog.venues.count, 39)
    XCTAssertEqual(catalog.teams.count, 31)
    for venue in catalog.venues.values {
      XCTAssertNotNil(TimeZone(identifier: venue.timeZoneID), venue.id.rawValue)
      XCTAssertEqual(venue.timeZone.identifier, venue.timeZoneID)
    }
    let wrigley = try XCTUnwrap(catalog.venue("CHI11"))
    XCTAssertEqual(wrigley.name, "Wrigley Field")
    XCTAssertEqual(wrigley.city, "Chicago")
    XCTAssertEqual(wrigley.coordinate.latitude, 41.9484)
    XCTAssertEqual(wrigley.coordinate.longitude, -87.6553)
    XCTAssertEqual(wrigley.timeZoneID, "America/Chicago")
    XCTAssertEqual(catalog.venue("SEO01")?.timeZoneID, "Asia/Seoul")
    XCTAssertEqual(catalog.venue("SEO01")?.country, "KR")
    XCTAssertEqual(catalog.venue("PHO01")?.timeZoneID, "America/Phoenix")
    XCTAssertNil(catalog.venue("XXX01"))
    // No code a schedule row may name ends in a digit: a game id
    // `HOMEyyyymmddN` then splits back into its home team, date and number
    // (the parse compares those parts instead of the ids' text).
    for code in catalog.teams.keys {
      XCTAssertFalse(code.last?.isNumber ?? true, code)
    }
    // Every home park named by a team is a known venue.
    for team in catalog.teams.values {
      for park in team.homeParks.values {
        XCTAssertNotNil(catalog.venue(park), "\(team.id) → \(park)")
      }
    }
  }

  func testTeam_codeAbbreviationAndAliasIgnoringCase() throws {
    let catalog = try Fixtures.catalog()
    for name in ["CHN", "CHC", "chc", "chn", " CHC "] {
      XCTAssertEqual(try catalog.team(named: name).id, "CHN", name)
    }
    XCTAssertEqual(try catalog.team(named: "CHC").fullName, "Chicago Cubs")
    XCTAssertEqual(try catalog.team(named: "CWS").id, "CHA")
    XCTAssertEqual(try catalog.team(named: "chw").id, "CHA")
    XCTAssertEqual(try catalog.team(named: "NYM").id, "NYN")
    XCTAssertEqual(try catalog.team(named: "NYY").id, "NYA")
    XCTAssertEqual(try catalog.team(named: "LAD").abbreviation, "LAD")
    XCTAssertEqual(try catalog.team(named: "WSN").id, "WAS")
  }

  func testTeam_athleticsCodesNameTheirOwnSeason() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertEqual(try catalog.team(named: "OAK").id, "OAK")
    XCTAssertEqual(try catalog.team(named: "oak").fullName, "Oakland Athletics")
    XCTAssertEqual(try catalog.team(named: "ATH").id, "ATH")
    XCTAssertEqual(try catalog.team(named: "A's", season: 2024).id, "OAK")
    XCTAssertEqual(try catalog.team(named: "A's", season: 2025).id, "ATH")
    XCTAssertThrowsError(try catalog.team(named: "A's")) { error in
      guard case .ambiguousTeam(_, let candidates)? = error as? CatalogError else {
        return XCTFail("expected ambiguousTeam, got \(error)")
      }
      XCTAssertEqual(Set(candidates), ["ATH (Athletics)", "OAK (Oakland Athletics)"])
    }
  }

  func testTeam_franchiseCodeFollowsTheSeason() throws {
    let catalog = try Fixtures.catalog()
    // ATH is the 2025 code; in 2024 the same franchise played as OAK.
    XCTAssertEqual(try catalog.team(named: "ATH", season: 2024).id, "OAK")
    XCTAssertEqual(try catalog.team(named: "ATH", season: 2025).id, "ATH")
    XCTAssertEqual(try catalog.team(named: "OAK", season: 2025).id, "ATH")
    let oak = try catalog.team(named: "OAK")
    XCTAssertEqual(catalog.franchise(of: oak).map(\.id), ["OAK", "ATH"])
    XCTAssertEqual(catalog.franchise(of: try catalog.team(named: "CHC")).map(\.id), ["CHN"])
  }

  func testTeam_byFullNameOrNickname() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertEqual(try catalog.team(named: "cubs").id, "CHN")
    XCTAssertEqual(try catalog.team(named: "Red Sox").id, "BOS")
    XCTAssertEqual(try catalog.team(named: "chicago white sox").id, "CHA")
    XCTAssertThrowsError(try catalog.team(named: "sox")) { error in
      guard case .ambiguousTeam(_, let candidates)? = error as? CatalogError else {
        return XCTFail("expected ambiguousTeam, got \(error)")
      }
      XCTAssertEqual(Set(candidates), ["BOS (Boston Red Sox)", "CWS (Chicago White Sox)"])
      // Review of issue 8, finding 5: printed abbreviations, not
      // Retrosheet codes ("BOS or CHA").
      XCTAssertEqual(
        "\(error)",
        "'sox' could mean BOS (Boston Red Sox) or CWS (Chicago White Sox); use its abbreviation")
    }
  }

  func testTeam_suggestionsAreOnlyCloseTypos() throws {
    let catalog = try Fixtures.catalog()
    for far in ["XXX", "XYZ"] {
      XCTAssertThrowsError(try catalog.team(named: far)) { error in
        XCTAssertEqual(error as? CatalogError, .unknownTeam(far, suggestion: nil))
      }
    }
  }

  func testVenue_byCityWhenOnlyOneVenueIsThere() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertEqual(try catalog.venue(named: "milwaukee").id, "MIL06")
    XCTAssertThrowsError(try catalog.venue(named: "Chicago")) { error in
      guard case .ambiguousVenue(_, let candidates)? = error as? CatalogError else {
        return XCTFail("expected ambiguousVenue, got \(error)")
      }
      XCTAssertEqual(Set(candidates), ["Wrigley Field", "Guaranteed Rate Field"])
    }
  }

  func testTeam_unknownGivesSuggestion() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertThrowsError(try catalog.team(named: "NYYY")) { error in
      XCTAssertEqual(error as? CatalogError, .unknownTeam("NYYY", suggestion: "NYY"))
      XCTAssertTrue("\(error)".contains("Did you mean 'NYY'?"), "\(error)")
    }
    XCTAssertThrowsError(try catalog.team(named: "Quidditch")) { error in
      XCTAssertEqual(error as? CatalogError, .unknownTeam("Quidditch", suggestion: nil))
      XCTAssertFalse("\(error)".contains("Did you mean"))
    }
  }

  func testVenue_byCodeNamePartOrTeam() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertEqual(try catalog.venue(named: "CHI11").id, "CHI11")
    XCTAssertEqual(try catalog.venue(named: "chi11").id, "CHI11")
    XCTAssertEqual(try catalog.venue(named: "wrigley field").id, "CHI11")
    XCTAssertEqual(try catalog.venue(named: "Wrigley").id, "CHI11")
    XCTAssertEqual(try catalog.venue(named: "CHC").id, "CHI11")
    XCTAssertEqual(try catalog.venue(named: "NYM").id, "NYC20")
    // The Rays moved: Tropicana Field in 2024, Steinbrenner Field in 2025.
    XCTAssertEqual(try catalog.venue(named: "TB", season: 2024).id, "STP01")
    XCTAssertEqual(try catalog.venue(named: "TB", season: 2025).id, "TAM02")
    XCTAssertEqual(try catalog.venue(named: "TB").id, "TAM02")
  }

  func testVenue_ambiguousOrUnknownIsRefused() throws {
    let catalog = try Fixtures.catalog()
    XCTAssertThrowsError(try catalog.venue(named: "Stadium")) { error in
      guard case .ambiguousVenue(_, let candidates)? = error as? CatalogError else {
        return XCTFail("expected ambiguousVenue, got \(error)")
      }
      XCTAssertTrue(candidates.contains("Yankee Stadium"))
      XCTAssertTrue(candidates.contains("Dodger Stadium"))
    }
    XCTAssertThrowsError(try catalog.venue(named: "Wrigly Feld")) { error in
      XCTAssertEqual(
        error as? CatalogError, .unknownVenue("Wrigly Feld", suggestion: "Wrigley Field"))
    }
  }

  func testParseVenues_reportsLineAndField() {
    let header = "park_id,name,city,region,country,latitude,longitude,time_zone,notes\n"
    let good = "CHI11,Wrigley Field,Chicago,IL,US,41.9484,-87.6553,America/Chicago,\"Cubs, home\"\n"
    XCTAssertEqual(try Catalog.parseVenues(header + good, file: "v.csv").map(\.id), ["CHI11"])
    let badCoordinate = "XXX01,Nowhere,X,X,US,95.0,0,America/Chicago,\n"
    XCTAssertThrowsError(try Catalog.parseVenues(header + good + badCoordinate, file: "v.csv")) {
      let e = $0 as? FileFormatError
      XCTAssertEqual(e?.line, 3)
      XCTAssertEqual(e?.field, "latitude/longitude")
    }
    let badZone = "XXX01,Nowhere,X,X,US,10,10,America/Nowhere,\n"
    XCTAssertThrowsError(try Catalog.parseVenues(header + badZone, file: "v.csv")) {
      let e = $0 as? FileFormatError
      XCTAssertEqual(e?.line, 2)
      XCTAssertEqual(e?.field, "time_zone")
      XCTAssertTrue(e?.message.contains("America/Nowhere") ?? false)
    }
    XCTAssertThrowsError(try Catalog.parseVenues("id,name\n", file: "v.csv")) {
      XCTAssertEqual(($0 as? FileFormatError)?.line, 1)
    }
  }

  func testParseTeams_readsParksAndAliases() throws {
    let text = """
      retro_code,common_abbr,full_name,league,home_park_2024,home_park_2025,aliases
      TBA,TB,Tampa Bay Rays,AL,STP01,TAM02,TBR; TBA
      OAK,OAK,Oakland Athletics,AL,OAK01,,ATH;A's

      """
    let teams = try Catalog.parseTeams(text, file: "t.csv")
    XCTAssertEqual(teams.map(\.id), ["TBA", "OAK"])
    XCTAssertEqual(teams[0].homeParks, [2024: "STP01", 2025: "TAM02"])
    XCTAssertEqual(teams[0].aliases, ["TBR", "TBA"])
    XCTAssertEqual(teams[1].homeParks, [2024: "OAK01"])
    XCTAssertThrowsError(try Catalog.parseTeams(text + "BAD,ROW\n", file: "t.csv")) {
      XCTAssertEqual(($0 as? FileFormatError)?.line, 4)
    }
  }
}
