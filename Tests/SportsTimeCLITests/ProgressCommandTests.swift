import Foundation
import XCTest

/// `sportstime progress`: teams seen at home and venues visited, per sport.
final class ProgressCommandTests: VisitsTestCase {
  private func progressJSON(_ arguments: [String] = []) throws -> [[String: Any]] {
    let text = try runOK(["progress", "--json"] + arguments).stdout
    let object = try XCTUnwrap(parseJSON(text) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["sports"])
    return try XCTUnwrap(object["sports"] as? [[String: Any]])
  }

  func testProgress_noVisitsShowsMLBToDo() throws {
    let lines = try runOK(["progress"]).stdoutLines
    XCTAssertEqual(lines.first, "MLB · 0 of 30 teams · 0 ballparks")
    XCTAssertTrue(lines.contains("  Not visited yet (32):"), "\(lines)")
    XCTAssertEqual(
      lines.last,
      "  Teams not seen at home yet (30): ATH, ATL, AZ, BAL, BOS, CHC, CIN, CLE, COL, CWS, DET, HOU, KC, LAA, LAD, MIA, MIL, MIN, NYM, NYY, PHI, PIT, SD, SEA, SF, STL, TB, TEX, TOR, WSH"
    )
    let sports = try progressJSON()
    XCTAssertEqual(sports.map { $0.string("sport") }, ["MLB"])
    XCTAssertEqual(sports[0].int("teamsSeen"), 0)
    XCTAssertEqual(sports[0].int("teamsTotal"), 30)
    XCTAssertEqual(sports[0].int("ballparksVisited"), 0)
    let venues = try XCTUnwrap(sports[0]["venues"] as? [[String: Any]])
    XCTAssertEqual(venues.count, 32)
    XCTAssertTrue(venues.allSatisfy { $0.int("visits") == 0 && $0.isNull("lastVisit") })
    XCTAssertEqual(venues[0].sortedKeys, ["lastVisit", "name", "venueID", "visits"])
  }

  /// Teams and ballparks counted apart, with the 2025 temporary homes and a
  /// neutral site, on the real 2024 and 2025 schedules.
  func testProgress_teamsVersusBallparksWithTemporaryHomes() throws {
    try runOK(["schedule", "import", try CLIProcess.schedule(2025).path])
    try addVisit(["--game", "ATH202504010"])  // Athletics in West Sacramento
    try addVisit(["--game", "TBA202504010"])  // Rays in Tampa
    try addVisit(["--game", "SDN202403200"])  // Seoul Series
    try addVisit(["--game", "CHN202406040"])
    try addVisit(["--game", "CHN202406050"])
    try addVisit(["Tropicana Field", "--date", "2025-05-01"])  // no MLB there in 2025
    try addVisit(["Steinbrenner", "--date", "2024-03-01"])  // the Yankees' spring park in 2024
    let mlb = try XCTUnwrap(progressJSON().first)
    XCTAssertEqual(mlb.int("teamsSeen"), 3)
    XCTAssertEqual(mlb.int("teamsTotal"), 30)
    XCTAssertEqual(mlb.int("ballparksVisited"), 5)
    let venues = try XCTUnwrap(mlb["venues"] as? [[String: Any]])
    XCTAssertEqual(
      venues.prefix(5).map { $0.string("venueID") }, ["STP01", "TAM02", "SAC01", "CHI11", "SEO01"])
    XCTAssertEqual(venues.prefix(5).map { $0.int("visits") }, [1, 2, 1, 2, 1])
    XCTAssertEqual(
      venues.prefix(5).map { $0.string("lastVisit") },
      ["2025-05-01", "2025-04-01", "2025-04-01", "2024-06-05", "2024-03-20"])
    XCTAssertEqual(venues.count, 5 + 28)
    XCTAssertFalse(venues.dropFirst(5).contains { $0.string("venueID") == "LON01" })

    let lines = try runOK(["progress"]).stdoutLines
    XCTAssertEqual(lines.first, "MLB · 3 of 30 teams · 5 ballparks")
    XCTAssertTrue(
      lines.contains("  Wrigley Field, Chicago               2 visits  last 2024-06-05"), "\(lines)"
    )
    XCTAssertTrue(
      lines.contains("  Gocheok Sky Dome, Seoul              1 visit   last 2024-03-20"), "\(lines)"
    )
    XCTAssertTrue(lines.contains("  Not visited yet (28):"), "\(lines)")
  }

  func testProgress_countsBySportAndFilters() throws {
    try addVisit([
      "td-garden", "--sport", "NHL", "--date", "2024-12-01", "--away", "NYR", "--home", "BOS",
    ])
    try addVisit(["td-garden", "--sport", "NHL", "--date", "2025-01-02"])
    try addVisit(["united-center", "--sport", "NBA", "--date", "2025-02-01"])
    try addVisit(["MetLife", "--date", "2024-10-06"])
    let all = try progressJSON()
    XCTAssertEqual(all.map { $0.string("sport") }, ["MLB", "NBA", "NHL", "NFL"])
    XCTAssertEqual(all.map { $0.int("teamsSeen") }, [0, 1, 1, 2])
    XCTAssertEqual(all.map { $0.int("teamsTotal") }, [30, 30, 32, 32])
    XCTAssertEqual(all.map { $0.int("ballparksVisited") }, [0, 1, 1, 1])
    let nhl = try progressJSON(["--sport", "nhl"])
    XCTAssertEqual(nhl.map { $0.string("sport") }, ["NHL"])
    let garden = try XCTUnwrap((nhl[0]["venues"] as? [[String: Any]])?.first)
    XCTAssertEqual(garden.string("venueID"), "td-garden")
    XCTAssertEqual(garden.int("visits"), 2)
    XCTAssertEqual(garden.string("lastVisit"), "2025-01-02")
    XCTAssertEqual(
      try progressJSON(["--sport", "NFL,nba"]).map { $0.string("sport") }, ["NBA", "NFL"])
    let text = try runOK(["progress", "--sport", "NHL"]).stdoutLines
    XCTAssertEqual(text.first, "NHL · 1 of 32 teams · 1 arena")
    XCTAssertEqual(text[1], "  TD Garden, Boston  2 visits  last 2025-01-02")
    XCTAssertEqual(
      try runOK(["progress", "--sport", "NFL"]).stdoutLines.first, "NFL · 2 of 32 teams · 1 stadium"
    )
    try assertUsageError(
      ["progress", "--sport", "MLB,XFL"],
      message: "--sport expects MLB, NBA, NHL or NFL, got 'XFL'",
      usage: "sportstime progress [--sport <SPORT> ...] [--json]", help: "sportstime progress")
  }
}
