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

  /// Issue 28, item 1: each game carries its venue's name as on its date
  /// (the Flyers' arena was Wells Fargo Center in March 2025, not its
  /// newest name), the name the CLI and the exports use.
  func testGames_carryTheVenueNameOnTheirDate() throws {
    let flyers = try games("/api/games?team=NHL:PHI&from=2025-03-01&to=2025-03-15")
    let home = flyers.filter { $0["home"] as? String == "PHI" }
    XCTAssertGreaterThan(home.count, 2)
    XCTAssertEqual(Set(home.map { $0["venueName"] as? String }), ["Wells Fargo Center"])
    XCTAssertEqual(Set(home.map { $0["venueCity"] as? String }), ["Philadelphia"])
    let houston = try games("/api/games?team=HOU&sport=MLB&from=2024-06-01&to=2024-06-30")
      .filter { $0["home"] as? String == "HOU" }
    XCTAssertFalse(houston.isEmpty)
    XCTAssertEqual(Set(houston.map { $0["venueName"] as? String }), ["Minute Maid Park"])
  }

  /// Issue 28, item 25: `CLE@2024-06-04` names the Guardians' game once
  /// the Cavaliers' games are stored too, since no other Cleveland team
  /// played that day; a day both Boston teams played stays refused.
  func testTrips_aCodeOfSeveralSportsWithOneGameThatDay_isThatTeam() throws {
    let created = try send(
      "POST", "/api/trips", json: ["name": "Cleveland", "games": ["CLE@2024-06-04"]])
    XCTAssertEqual(created.status, 201, created.text)
    let rows = try XCTUnwrap(try object(created)["rows"] as? [[String: Any]])
    XCTAssertEqual(
      rows.filter { $0["kind"] as? String == "game" }.map { $0["gameID"] as? String },
      ["CLE202406040"])
    let garden = try send(
      "POST", "/api/trips", json: ["name": "Garden", "games": ["BOS@2024-11-16"]])
    XCTAssertEqual(garden.status, 400, garden.text)
    XCTAssertTrue(garden.text.contains("NHL:BOS (Boston Bruins)"), garden.text)
  }

  func testGames_aCodeOfSeveralSports_isRefusedNamingEach() throws {
    let answer = try send("GET", "/api/games?team=BOS&from=2024-11-16&to=2024-11-16")
    XCTAssertEqual(answer.status, 400, answer.text)
    XCTAssertTrue(answer.text.contains("NBA:BOS (Boston Celtics)"), answer.text)
    XCTAssertTrue(answer.text.contains("NHL:BOS (Boston Bruins)"), answer.text)
    XCTAssertEqual(try send("GET", "/api/games?sport=XFL").status, 400)
  }
}
