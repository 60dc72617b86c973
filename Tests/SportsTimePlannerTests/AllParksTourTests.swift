import Foundation
import SportsTimeCore
import SportsTimePlanner
import SportsTimeTestSupport
import XCTest

/// The all-parks heuristic on real 2025 games: its trips are legal under
/// an independent reading of the model (`ModelChecker`), see every park,
/// and on a few teams' parks are as short as the exact search's optimum.
final class AllParksTourTests: XCTestCase {
  /// The season's regular-season games at the home parks of `teams` (all
  /// teams when empty), as `AllParksPlanner` plans with them.
  private func homeGames(teams: Set<String> = []) throws -> (games: [Game], parks: Set<Venue.ID>) {
    let season = try PlannerFixtures.games2025().filter {
      $0.isRegularSeason && $0.status != .cancelled && !$0.timeUnknown
    }
    let homes = AllParksPlanner.homeParks(of: season)
    let parks = Set(homes.filter { teams.isEmpty || teams.contains($0.key) }.values)
    return (season.filter { parks.contains($0.venueID) }, parks)
  }

  func testTrip_throughEightWesternParks_isLegalAndOptimal() throws {
    let teams: Set<String> = ["SEA", "SFN", "ATH", "LAN", "ANA", "SDN", "ARI", "COL"]
    let (games, parks) = try homeGames(teams: teams)
    let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: 8)
    let trip = try XCTUnwrap(AllParksTour.search(model, widths: [100]))
    let option = PlanOption(slots: trip, model: model)
    XCTAssertTrue(ModelChecker.isLegal(option.games, maxDriveHours: 8))
    XCTAssertEqual(Set(option.games.map(\.venueID)), parks)
    // The exact search proves its bound by refuting every shorter window
    // (10 days, from Seattle to Denver).
    let answer = try AllParksPlanner.answer(
      AllParksQuery(season: 2025, maxDriveHours: 8, teams: teams.map { [$0] }),
      games: try PlannerFixtures.games2025(), venue: PlannerFixtures.venue)
    XCTAssertTrue(answer.proven)
    XCTAssertEqual(option.days, answer.bound)
  }

  func testTrip_throughAllThirtyParksInSixWeeks_isLegalAndSeesEveryPark() throws {
    let (season, parks) = try homeGames()
    XCTAssertEqual(parks.count, 30)
    let from = try XCTUnwrap(CalendarDate(iso: "2025-06-01"))
    let to = try XCTUnwrap(CalendarDate(iso: "2025-07-12"))
    let games = season.filter { $0.localDate >= from && $0.localDate <= to }
    let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: 8)
    let trip = try XCTUnwrap(AllParksTour.search(model, widths: [100]))
    let option = PlanOption(slots: trip, model: model)
    XCTAssertTrue(ModelChecker.isLegal(option.games, maxDriveHours: 8))
    XCTAssertEqual(Set(option.games.map(\.venueID)), parks)
    XCTAssertEqual(option.parks, 30)
    // The first game's local date to the last's, as the model counts it.
    let first = try XCTUnwrap(option.games.first?.localDate)
    let last = try XCTUnwrap(option.games.last?.localDate)
    XCTAssertEqual(option.days, first.days(to: last) + 1)
    // As short as the 600 s exact search's best trip of the season before
    // this heuristic (2025-06-01 to 07-08).
    XCTAssertLessThanOrEqual(option.days, 38)
  }

  func testSearch_stoppedAtOnce_findsNothing() throws {
    let (games, _) = try homeGames(teams: ["NYA", "NYN"])
    let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: 8)
    XCTAssertNil(AllParksTour.search(model, widths: [10], shouldStop: { true }))
    XCTAssertNotNil(AllParksTour.search(model, widths: [10]))
  }
}
