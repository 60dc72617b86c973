import Foundation
import XCTest

@testable import SportsTimeCore

/// Progress: visit-count badges, teams seen at home and venues visited
/// counted separately, temporary homes, neutral sites and sports apart.
final class ProgressTests: XCTestCase {
  private func progress(_ visits: [Visit], _ sport: Sport = .mlb) throws -> SportProgress {
    SportProgress(visits: visits, league: try XCTUnwrap(VisitFixtures.leagues().league(sport)))
  }

  func testProgress_noVisitsListsEveryHomeVenueUnvisited() throws {
    let mlb = try progress([])
    XCTAssertEqual(mlb.teamsSeen, [])
    XCTAssertEqual(mlb.teamsTotal, 30)
    XCTAssertEqual(mlb.ballparksVisited, 0)
    XCTAssertEqual(mlb.visited, [])
    XCTAssertEqual(mlb.unvisited.count, 32)
    let names = mlb.unvisited.map(\.name)
    XCTAssertEqual(names, names.sorted { $0.lowercased() < $1.lowercased() })
    XCTAssertEqual(mlb.unvisited.map(\.visits), Array(repeating: 0, count: 32))
    XCTAssertTrue(mlb.unvisited.allSatisfy { $0.lastVisit == nil })
  }

  /// Several visits to one stadium: one ballpark, one team, a count badge
  /// and the latest date.
  func testProgress_severalVisitsToOneStadium() throws {
    let visits = [
      try VisitFixtures.visit(
        1, at: "CHI11", on: "2024-04-19", game: "CHN202404191", matchup: "MIA@CHN"),
      try VisitFixtures.visit(
        2, at: "CHI11", on: "2024-04-19", game: "CHN202404192", matchup: "MIA@CHN"),
      try VisitFixtures.visit(3, at: "CHI11", on: "2025-07-04"),
      try VisitFixtures.visit(4, at: "DET05", on: "2024-06-07", matchup: "MIL@DET"),
    ]
    let mlb = try progress(visits)
    XCTAssertEqual(mlb.teamsSeen.map(\.id), ["CHC", "DET"])
    XCTAssertEqual(mlb.ballparksVisited, 2)
    XCTAssertEqual(mlb.visited.map(\.venueID), ["CHI11", "DET05"])
    XCTAssertEqual(mlb.visited.map(\.visits), [3, 1])
    XCTAssertEqual(mlb.visited.map { $0.lastVisit?.iso }, ["2025-07-04", "2024-06-07"])
    XCTAssertEqual(mlb.unvisited.count, 30)
    XCTAssertEqual(mlb.venues.prefix(2).map(\.name), ["Wrigley Field", "Comerica Park"])
  }

  /// Teams and ballparks are counted apart: a temporary home counts for
  /// its team only in its season; a neutral site counts as a ballpark only.
  func testProgress_teamsVersusBallparksWithTemporaryHomes() throws {
    let visits = [
      // The 2025 Athletics at Sutter Health Park: ballpark and team.
      try VisitFixtures.visit(
        1, at: "SAC01", on: "2025-04-01", game: "ATH202504010", matchup: "CHN@ATH"),
      // The 2025 Rays at Steinbrenner Field (no matchup typed): both.
      try VisitFixtures.visit(2, at: "TAM02", on: "2025-04-02"),
      // Tropicana Field in 2025 (no MLB there): a ballpark, no team.
      try VisitFixtures.visit(3, at: "STP01", on: "2025-05-01"),
      // Seoul Series: a neutral-site ballpark, no team.
      try VisitFixtures.visit(
        4, at: "SEO01", on: "2024-03-20", game: "SDN202403200", matchup: "LAN@SDN"),
      // A Padres "home" game elsewhere does not count for the Padres.
      try VisitFixtures.visit(5, at: "LON01", on: "2024-06-08", matchup: "PHI@NYN"),
    ]
    let mlb = try progress(visits)
    XCTAssertEqual(mlb.teamsSeen.map(\.id), ["ATH", "TB"])
    XCTAssertEqual(mlb.teamsTotal, 30)
    XCTAssertEqual(mlb.ballparksVisited, 5)
    XCTAssertEqual(Set(mlb.visited.map(\.venueID)), ["SAC01", "TAM02", "STP01", "SEO01", "LON01"])
    // Visited neutral sites are listed; unvisited ones never are.
    let unvisited = Set(mlb.unvisited.map(\.venueID))
    XCTAssertEqual(unvisited.count, 29)
    for id in ["SEO01", "LON01", "TOK01", "SAC01", "TAM02", "STP01"] {
      XCTAssertFalse(unvisited.contains(Venue.ID(id)), id)
    }
    XCTAssertTrue(unvisited.contains("OAK01"))

    // Sutter Health Park in 2024 and the Coliseum in 2025: ballparks, no team.
    let offSeason = try progress([
      try VisitFixtures.visit(1, at: "SAC01", on: "2024-07-01"),
      try VisitFixtures.visit(2, at: "OAK01", on: "2025-07-01"),
    ])
    XCTAssertEqual(offSeason.teamsSeen, [])
    XCTAssertEqual(offSeason.ballparksVisited, 2)
    // The Coliseum in 2024 counts for the same franchise as Sacramento 2025.
    let both = try progress([
      try VisitFixtures.visit(1, at: "OAK01", on: "2024-09-20", matchup: "NYA@OAK"),
      try VisitFixtures.visit(2, at: "SAC01", on: "2025-04-01", matchup: "CHN@ATH"),
    ])
    XCTAssertEqual(both.teamsSeen.map(\.id), ["ATH"])
    XCTAssertEqual(both.ballparksVisited, 2)
  }

  /// Each sport counts only its own visits, so a shared arena can be
  /// visited for one sport and not the other.
  func testProgress_countsBySport() throws {
    let visits = [
      try VisitFixtures.visit(1, .nhl, at: "td-garden", on: "2024-12-01", matchup: "NYR@BOS"),
      try VisitFixtures.visit(2, .nhl, at: "madison-square-garden", on: "2025-01-10"),
      try VisitFixtures.visit(3, .nba, at: "united-center", on: "2025-02-01"),
      try VisitFixtures.visit(4, at: "CHI11", on: "2024-06-04"),
      try VisitFixtures.visit(5, .nfl, at: "NYC01", on: "2024-10-06"),
      try VisitFixtures.visit(6, .nfl, at: "NYC01", on: "2024-11-03", matchup: "PIT@NYG"),
    ]
    let leagues = try VisitFixtures.leagues()
    let all = SportProgress.all(visits: visits, leagues: leagues, sports: Sport.allCases)
    XCTAssertEqual(all.map(\.sport), [.mlb, .nba, .nhl, .nfl])
    XCTAssertEqual(all.map(\.ballparksVisited), [1, 1, 2, 1])
    XCTAssertEqual(all.map { $0.teamsSeen.count }, [1, 1, 2, 2])
    XCTAssertEqual(all.map(\.teamsTotal), [30, 30, 32, 32])
    let nhl = all[2]
    XCTAssertEqual(nhl.teamsSeen.map(\.id), ["BOS", "NYR"])
    XCTAssertFalse(all[1].visited.contains { $0.venueID == "td-garden" })
    XCTAssertTrue(all[1].unvisited.contains { $0.venueID == "td-garden" })
    // MetLife without a matchup counts both of its teams; with one, the home team.
    XCTAssertEqual(all[3].teamsSeen.map(\.id), ["NYG", "NYJ"])
    XCTAssertEqual(all[3].visited.first?.visits, 2)
    let onlyGiants = try progress([visits[5]], .nfl)
    XCTAssertEqual(onlyGiants.teamsSeen.map(\.id), ["NYG"])

    XCTAssertEqual(SportProgress.defaultSports(for: []), [.mlb])
    XCTAssertEqual(SportProgress.defaultSports(for: visits), [.mlb, .nba, .nhl, .nfl])
    XCTAssertEqual(SportProgress.defaultSports(for: [visits[0]]), [.mlb, .nhl])
    XCTAssertEqual(
      SportProgress.all(visits: visits, leagues: leagues, sports: [.nfl, .nba]).map(\.sport),
      [.nba, .nfl])
  }
}
