import Foundation
import SportsTimeCore
import SportsTimePlanner
import SportsTimeTestSupport
import XCTest

/// The wizard's choices on real 2025 games: which sports can be planned
/// with in some dates, the teams that play, the cities to start near.
final class PlanChoicesTests: XCTestCase {
  private func date(_ text: String) throws -> CalendarDate {
    try XCTUnwrap(CalendarDate(iso: text))
  }

  func testSports_inDates_countPlannableGamesAndSayWhyTheOthersCannot() throws {
    let games = try PlannerFixtures.games2025()
    let dates = try date("2025-06-13")...date("2025-06-15")
    let choices = PlanChoices.sports(games: games, dates: dates)
    XCTAssertEqual(choices.map(\.sport), Sport.allCases)
    let mlb = try XCTUnwrap(choices.first)
    XCTAssertTrue(mlb.isAvailable)
    XCTAssertEqual(
      mlb.games,
      games.filter {
        dates.contains($0.localDate) && $0.status != .cancelled && !$0.timeUnknown
      }.count)
    XCTAssertEqual(mlb.seasons.map(\.season), [2025])
    XCTAssertEqual(mlb.seasons.first?.games, games.filter(PlanChoices.isPlannable).count)
    for other in choices.dropFirst() {
      XCTAssertFalse(other.isAvailable)
      XCTAssertEqual(
        other.unavailableReason,
        "No \(other.sport.rawValue) games are imported (import a schedule: sportstime schedule import FILE)."
      )
    }
  }

  func testSports_outsideTheImportedDates_sayWhenTheGamesAre() throws {
    let games = try PlannerFixtures.games2025()
    let first = try XCTUnwrap(games.map(\.localDate).min())
    let last = try XCTUnwrap(games.filter(PlanChoices.isPlannable).map(\.localDate).max())
    let winter = try date("2025-12-28")...date("2026-01-03")
    let mlb = try XCTUnwrap(PlanChoices.sports(games: games, dates: winter).first)
    XCTAssertFalse(mlb.isAvailable)
    XCTAssertEqual(mlb.games, 0)
    XCTAssertEqual(
      mlb.unavailableReason,
      "No MLB games from Dec 28, 2025 to Jan 3, 2026 (the imported MLB games run from \(first.longDescription) to \(last.longDescription))."
    )
    let oneDay = try date("2025-11-20")...date("2025-11-20")
    XCTAssertTrue(
      PlanChoices.sports(games: games, dates: oneDay)[0].unavailableReason?.contains(
        "from Nov 20, 2025 (") == true)
    // Without dates: whatever is imported.
    XCTAssertTrue(PlanChoices.sports(games: games, dates: nil)[0].isAvailable)
  }

  func testSports_onlyCancelledGames_areNotPlannable() throws {
    var games = try PlannerFixtures.games(from: "2025-06-13", to: "2025-06-13")
    for index in games.indices { games[index].status = .cancelled }
    let mlb = PlanChoices.sports(games: games, dates: nil)[0]
    XCTAssertFalse(mlb.isAvailable)
    XCTAssertTrue(mlb.unavailableReason?.contains("cancelled") == true)
  }

  func testTeams_playingInSomeGames_byNameWithTheirReference() throws {
    let games = try PlannerFixtures.games(from: "2025-06-13", to: "2025-06-15")
    let teams = PlanChoices.teams(playingIn: games, leagues: try Leagues.builtIn())
    XCTAssertEqual(teams.map(\.name), teams.map(\.name).sorted())
    let cubs = try XCTUnwrap(teams.first { $0.name == "Chicago Cubs" })
    XCTAssertEqual(cubs.code, "CHN")
    XCTAssertEqual(cubs.printedCode, "CHC")
    XCTAssertEqual(cubs.reference, "MLB:CHN")
    XCTAssertEqual(
      cubs.games, games.count { $0.homeTeamID == "CHN" || $0.awayTeamID == "CHN" })
    let playing = Set(games.flatMap { [$0.homeTeamID, $0.awayTeamID] })
    XCTAssertEqual(Set(teams.map(\.code)), playing)
  }

  func testCities_eachOnceWithItsVenues() throws {
    let cities = PlanChoices.cities(of: try Catalog.mlb())
    XCTAssertEqual(Set(cities.map { $0.name.lowercased() }).count, cities.count)
    let chicago = try XCTUnwrap(cities.first { $0.name == "Chicago" })
    XCTAssertEqual(chicago.venueIDs.count, 2, "Wrigley Field and Rate Field")
    XCTAssertEqual(chicago.region, "IL")
    for city in cities {
      XCTAssertEqual(
        try PlanPlace.resolve(city.name, radiusHours: 1, catalog: try Catalog.mlb()).venue.id,
        city.venueIDs.first, "resolve finds \(city.name) by its first venue")
    }
  }
}
