import SportsTimeCore
import SportsTimeStore
import XCTest

/// `GameQuery(teams:venues:…)`: the names a traveller types, resolved once
/// for the CLI's `games` and the app's `GET /api/games`.
final class GameQueryNamesTests: XCTestCase {
  func testTeamsAndVenuesByTheirNames() throws {
    let catalog = try Catalog.mlb()
    let leagues = try Leagues.builtIn()
    let june = CalendarDate(iso: "2024-06-01")
    let cubs = try GameQuery(
      teams: ["Cubs", "chc", "CHN"], venues: [], from: june, to: nil, catalog: catalog,
      leagues: leagues)
    XCTAssertEqual(cubs.teamIDs, ["CHN"], "one code, listed once")
    XCTAssertEqual(cubs.from, june)
    let athletics = try GameQuery(
      teams: ["ATH"], venues: ["Wrigley"], from: june, to: nil, catalog: catalog, leagues: leagues)
    XCTAssertEqual(Set(athletics.teamIDs), ["ATH", "OAK"], "every code of the franchise")
    XCTAssertEqual(athletics.venueIDs, [Venue.ID("CHI11")])
    XCTAssertThrowsError(
      try GameQuery(
        teams: ["Celtics"], venues: [], from: june, to: nil, catalog: catalog, leagues: leagues)
    ) { error in
      guard case .teamOfOtherSport? = error as? CatalogError else { return XCTFail("\(error)") }
    }
    XCTAssertThrowsError(
      try GameQuery(
        teams: ["Nobody FC"], venues: [], from: june, to: nil, catalog: catalog, leagues: leagues))
  }
}
