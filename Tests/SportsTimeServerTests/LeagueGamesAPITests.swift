import Foundation
import SportsTimeCore
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// `GET /api/games` over MLB, NBA and NHL games (issue 11): sports, teams of
/// one sport, the ambiguity of a code several sports use, and the new keys.
final class LeagueGamesAPITests: APITestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    let leagues = try Leagues.builtIn()
    for (path, format) in [
      ("nba/nba-2024-UTC.csv", ScheduleFormat.nba), ("nhl/nhl-202425-asplayed.csv", .nhl),
    ] {
      let text = try String(contentsOf: TestData.url(path), encoding: .utf8)
      _ = try store.importSchedule(try format.parse(text, file: path, leagues: leagues))
    }
  }

  private func games(_ target: String) throws -> [[String: Any]] {
    let answer = try send("GET", target)
    XCTAssertEqual(answer.status, 200, answer.text)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
  }

  func testGames_bySportAndTeam_withScores() throws {
    let garden = try games(
      "/api/games?sport=NBA,NHL&venue=TD%20Garden&from=2024-11-16&to=2024-11-16")
    XCTAssertEqual(garden.map { $0["id"] as? String }, ["NHL-BOS202411160", "NBA-BOS202411160"])
    XCTAssertEqual(garden.map { $0["sport"] as? String }, ["NHL", "NBA"])
    XCTAssertTrue(
      garden.allSatisfy { $0["score"] is [String: Any] && $0["timeEstimated"] as? Bool == false })
    XCTAssertEqual(
      try games("/api/games?sport=NHL&team=BOS&from=2024-11-16&to=2024-11-16").count, 1)
    XCTAssertEqual(try games("/api/games?team=NBA:BOS&from=2024-11-16&to=2024-11-16").count, 1)
    XCTAssertEqual(try games("/api/games?sport=MLB&from=2024-06-04&to=2024-06-04").count, 15)
    XCTAssertTrue(
      try games("/api/games?from=2024-06-04&to=2024-06-04").allSatisfy {
        $0["sport"] as? String == "MLB"
      })
  }

  func testGames_aCodeOfSeveralSports_isRefusedNamingEach() throws {
    let answer = try send("GET", "/api/games?team=BOS&from=2024-11-16&to=2024-11-16")
    XCTAssertEqual(answer.status, 400, answer.text)
    XCTAssertTrue(answer.text.contains("NBA:BOS (Boston Celtics)"), answer.text)
    XCTAssertTrue(answer.text.contains("NHL:BOS (Boston Bruins)"), answer.text)
    XCTAssertEqual(try send("GET", "/api/games?sport=XFL").status, 400)
  }
}
