import Foundation
import SportsTimeCore
import SportsTimePlanner
import SportsTimeTestSupport
import XCTest

/// The all-parks question on real 2025 games: the home parks of the
/// season, and the shortest trip through a few teams' parks checked
/// against a brute force over every shorter window.
final class AllParksPlannerTests: XCTestCase {
  func testHomeParks_areThirtyIn2025WithSacramentoAndSteinbrenner() throws {
    let parks = AllParksPlanner.homeParks(of: try PlannerFixtures.games2025())
    XCTAssertEqual(parks.count, 30)
    XCTAssertEqual(Set(parks.values).count, 30)
    let names = Set(parks.values.compactMap { PlannerFixtures.venue($0)?.city })
    XCTAssertTrue(names.contains("West Sacramento") || names.contains("Sacramento"), "\(names)")
    XCTAssertTrue(names.contains("Tampa"), "\(names)")
    // Seoul and Tokyo host games but are nobody's home.
    XCTAssertFalse(
      parks.values.contains {
        PlannerFixtures.venue($0)?.country != "US" && PlannerFixtures.venue($0)?.country != "CA"
      })
  }

  func testShortestTrip_throughFourTeamsParks_isOptimal() throws {
    let teams: Set<String> = ["NYA", "NYN", "PHI", "BAL"]
    let games = try PlannerFixtures.games2025()
    let answer = try AllParksPlanner.answer(
      AllParksQuery(season: 2025, maxDriveHours: 6, teams: teams.map { [$0] }), games: games,
      venue: PlannerFixtures.venue)
    let option = try XCTUnwrap(answer.option)
    XCTAssertTrue(answer.proven)
    XCTAssertEqual(option.days, answer.bound)
    XCTAssertEqual(option.parks, 4)
    XCTAssertTrue(ModelChecker.isLegal(option.games, maxDriveHours: 6))
    let homes = AllParksPlanner.homeParks(of: games.filter { $0.isRegularSeason })
    let parks = Set(teams.compactMap { homes[$0] })
    XCTAssertEqual(Set(option.venueIDs), parks)
    // No window one day shorter holds such a trip, whatever day it starts.
    let atParks = games.filter { parks.contains($0.venueID) && $0.isRegularSeason }
    let first = try XCTUnwrap(atParks.map(\.localDate).min())
    let last = try XCTUnwrap(atParks.map(\.localDate).max())
    var day = first
    while day <= last {
      let end = day.adding(days: answer.bound - 2)
      let window = atParks.filter { $0.localDate >= day && $0.localDate <= end }
      if Set(window.map(\.venueID)) == parks {
        XCTAssertFalse(
          ModelChecker.covers(window, parks: parks, maxDriveHours: 6), "\(day.iso)")
      }
      day = day.adding(days: 1)
    }
  }

  func testErrors() throws {
    let games = try PlannerFixtures.games2025()
    XCTAssertThrowsError(
      try AllParksPlanner.answer(
        AllParksQuery(season: 2019), games: games, venue: PlannerFixtures.venue)
    ) {
      XCTAssertEqual(
        String(describing: $0),
        "no MLB games of the 2019 season to plan with (import its schedule first)")
    }
    XCTAssertThrowsError(
      try AllParksPlanner.answer(
        AllParksQuery(season: 2025, teams: [["XYZ"]]), games: games, venue: PlannerFixtures.venue)
    ) { XCTAssertEqual(String(describing: $0), "no home games in that season for XYZ") }
  }

  func testTeams_knownByTwoCodes_andDaysWithoutGames() throws {
    let games = try PlannerFixtures.games2025()
    // The Athletics are ATH in 2025 (OAK before): either code of the team
    // finds its park.
    let answer = try AllParksPlanner.answer(
      AllParksQuery(season: 2025, maxDriveHours: 8, teams: [["ATH", "OAK"], ["SFN"]]),
      games: games, venue: PlannerFixtures.venue)
    XCTAssertTrue(answer.proven)
    XCTAssertEqual(answer.parks.count, 2)
    XCTAssertThrowsError(
      try AllParksPlanner.answer(
        AllParksQuery(season: 2025, teams: [["OAK"]]), games: games,
        venue: PlannerFixtures.venue)
    ) { XCTAssertEqual(String(describing: $0), "no home games in that season for OAK") }
    let late = try XCTUnwrap(CalendarDate(iso: "2025-10-01"))
    XCTAssertThrowsError(
      try AllParksPlanner.answer(
        AllParksQuery(season: 2025, from: late), games: games, venue: PlannerFixtures.venue)
    ) {
      XCTAssertEqual(
        String(describing: $0),
        "no MLB games of the 2025 season on or after 2025-10-01: its last regular-season game at these parks is on 2025-09-28"
      )
    }
    let lastDay = try XCTUnwrap(CalendarDate(iso: "2025-09-28"))
    XCTAssertThrowsError(
      try AllParksPlanner.answer(
        AllParksQuery(season: 2025, from: lastDay), games: games, venue: PlannerFixtures.venue)
    ) {
      let text = String(describing: $0)
      XCTAssertTrue(text.hasPrefix("no trip can see every park from 2025-09-28: "), text)
      XCTAssertTrue(text.hasSuffix(" have no games left from then"), text)
      // A list in words, with the parks' names of that season.
      XCTAssertTrue(text.contains(" and "), text)
      XCTAssertFalse(text.contains("Guaranteed Rate Field") || text.contains("Minute Maid"), text)
    }
    // Two weeks left: the message says so, not the 60-day cap.
    let september = try XCTUnwrap(CalendarDate(iso: "2025-09-15"))
    XCTAssertThrowsError(
      try AllParksPlanner.answer(
        AllParksQuery(season: 2025, from: september, maxDriveHours: 8), games: games,
        venue: PlannerFixtures.venue)
    ) {
      XCTAssertEqual(
        String(describing: $0),
        "no legal trip sees all 30 parks in the 14 days of the season left from 2025-09-15")
    }
  }
}
