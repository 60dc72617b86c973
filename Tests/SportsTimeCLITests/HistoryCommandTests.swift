import Foundation
import XCTest

/// `sportstime history`: every game attended, grouped by year and filtered
/// by sport and year.
final class HistoryCommandTests: VisitsTestCase {
  private func historyJSON(_ arguments: [String] = []) throws -> [String: Any] {
    let text = try runOK(["history", "--json"] + arguments).stdout
    return try XCTUnwrap(parseJSON(text) as? [String: Any])
  }

  /// Visits of three years and three sports, a doubleheader and a neutral
  /// site.
  private func addSample() throws {
    try addVisit(["--game", "CHN202404191", "--score", "2-4"])
    try addVisit(["--game", "CHN202404192"])
    try addVisit(["--game", "SDN202403200", "--score", "5-2"])
    try addVisit([
      "td-garden", "--sport", "NHL", "--date", "2024-12-01", "--away", "NYR", "--home", "BOS",
      "--score", "2-3",
    ])
    try addVisit(["united-center", "--sport", "NBA", "--date", "2025-02-01"])
    try addVisit(["Fenway", "--date", "2023-08-01", "--away", "NYY", "--home", "BOS"])
  }

  func testHistory_emptyState() throws {
    XCTAssertEqual(try runOK(["history"]).stdout, "No games recorded yet. Add your first visit!\n")
    XCTAssertEqual(
      try runOK(["history", "--sport", "NBA", "--year", "2024"]).stdout,
      "No games recorded yet. Add your first visit!\n")
    let object = try historyJSON()
    XCTAssertEqual(object.int("total"), 0)
    XCTAssertEqual((object["years"] as? [Any])?.count, 0)
  }

  func testHistory_groupedByYearNewestFirst() throws {
    try addSample()
    let lines = try runOK(["history"]).stdoutLines
    XCTAssertEqual(
      lines,
      [
        "6 Games Attended",
        "",
        "2025",
        "  Sat, Feb 1   —          United Center     —    NBA",
        "",
        "2024",
        "  Sun, Dec 1   NYR @ BOS  TD Garden         2-3  NHL",
        "  Fri, Apr 19  MIA @ CHC  Wrigley Field     —    MLB",
        "  Fri, Apr 19  MIA @ CHC  Wrigley Field     2-4  MLB",
        "  Wed, Mar 20  LAD vs SD  Gocheok Sky Dome  5-2  MLB",
        "",
        "2023",
        "  Tue, Aug 1   NYY @ BOS  Fenway Park       —    MLB",
      ])
    let object = try historyJSON()
    XCTAssertEqual(object.sortedKeys, ["total", "years"])
    XCTAssertEqual(object.int("total"), 6)
    let years = try XCTUnwrap(object["years"] as? [[String: Any]])
    XCTAssertEqual(years.map { $0.int("year") }, [2025, 2024, 2023])
    let games2024 = try XCTUnwrap(years[1]["games"] as? [[String: Any]])
    XCTAssertEqual(
      games2024.first?.sortedKeys,
      ["away", "date", "home", "neutralSite", "score", "sport", "venueID", "visitID"])
    XCTAssertEqual(
      games2024.map { $0.string("venueID") }, ["td-garden", "CHI11", "CHI11", "SEO01"])
    XCTAssertEqual(games2024.map { $0.bool("neutralSite") }, [false, false, false, true])
    XCTAssertTrue(games2024[1].isNull("score"))
    let unknown = try XCTUnwrap((years[0]["games"] as? [[String: Any]])?.first)
    XCTAssertTrue(unknown.isNull("away"))
    XCTAssertTrue(unknown.isNull("home"))
  }

  func testHistory_filterCombinations() throws {
    try addSample()
    func total(_ arguments: [String]) throws -> Int? { try historyJSON(arguments).int("total") }
    XCTAssertEqual(try total(["--sport", "MLB"]), 4)
    XCTAssertEqual(try total(["--sport", "MLB,NHL"]), 5)
    XCTAssertEqual(try total(["--sport", "nba", "--sport", "NHL"]), 2)
    XCTAssertEqual(try total(["--year", "2024"]), 4)
    XCTAssertEqual(try total(["--sport", "MLB", "--year", "2024"]), 3)
    XCTAssertEqual(try total(["--sport", "NBA,NHL", "--year", "2025"]), 1)
    XCTAssertEqual(try total(["--sport", "NFL"]), 0)
    XCTAssertEqual(try total(["--year", "1999"]), 0)
    let filtered = try runOK(["history", "--sport", "mlb", "--year", "2024"]).stdoutLines
    XCTAssertEqual(filtered.first, "3 Games Attended · MLB, 2024")
    XCTAssertEqual(filtered.filter { $0.hasSuffix("MLB") }.count, 3)
    XCTAssertEqual(
      try runOK(["history", "--sport", "NFL"]).stdout,
      "0 Games Attended · NFL\nNo games match these filters.\n")
    let one = try runOK(["history", "--sport", "NBA"]).stdoutLines
    XCTAssertEqual(one.first, "1 Game Attended · NBA")
    let usage = "sportstime history [--sport <SPORT> ...] [--year <YYYY>] [--json]"
    // Four digits, as the help says (it once said "1 to 9999" and refused 1).
    for year in ["24", "1", "0000", "+2024", "２０２４"] {
      try assertUsageError(
        ["history", "--year", year],
        message: "--year expects a four-digit year such as 2024, got '\(year)'",
        usage: usage, help: "sportstime history")
    }
    XCTAssertEqual(try total(["--year", "0999"]), 0)
    let help = try runOK(["history", "--help"]).stdout
    XCTAssertTrue(help.contains("Only this year (four digits, e.g. 2024)."), help)
    XCTAssertFalse(help.contains("9999"), help)
    try assertUsageError(
      ["history", "--sport", "MLB,"], message: "--sport expects MLB, NBA, NHL or NFL, got ''",
      usage: usage, help: "sportstime history")
  }
}
