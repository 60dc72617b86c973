import Foundation
import XCTest

/// `sportstime plan window` on the imported 2024 schedule: the text and
/// JSON answers agree, `--create` makes the option a trip, and each
/// mistake a user can make is said.
final class PlanCommandTests: EndToEndTestCase {
  private let window = ["plan", "window", "--from", "2024-06-04", "--to", "2024-06-08"]

  private func plan(_ extra: [String]) throws -> [String: Any] {
    try XCTUnwrap(parseJSON(try runOK(window + extra + ["--json"]).stdout) as? [String: Any])
  }

  func testWindow_jsonAndTextAgree_andSortsGroup() throws {
    try installImported2024()
    let answer = try plan(["--max-drive-hours", "8", "--options", "5"])
    XCTAssertEqual(answer["proven"] as? Bool, true)
    XCTAssertTrue(answer["bound"] is NSNull)
    let query = try XCTUnwrap(answer["query"] as? [String: Any])
    XCTAssertEqual(query["kind"] as? String, "window")
    XCTAssertEqual(query["maxDriveHours"] as? Double, 8)
    XCTAssertTrue(query["startNear"] is NSNull)
    let options = try XCTUnwrap(answer["options"] as? [[String: Any]])
    XCTAssertEqual(options.count, 5)
    XCTAssertEqual(options.map { $0["rank"] as? Int }, [1, 2, 3, 4, 5])
    let parks = options.compactMap { $0["parks"] as? Int }
    XCTAssertEqual(parks, parks.sorted(by: >))
    let first = options[0]
    let ids = try XCTUnwrap(first["gameIDs"] as? [String])
    XCTAssertEqual(Set(try XCTUnwrap(first["venueIDs"] as? [String])).count, parks[0])
    // The text lists the same first trip, game by game.
    let text = try runOK(window + ["--max-drive-hours", "8", "--options", "5"]).stdout
    XCTAssertTrue(text.contains("Best trip, proven optimal: \(parks[0]) parks"), text)
    let firstBlock = try XCTUnwrap(text.components(separatedBy: "\n\n")[1...].first)
    XCTAssertTrue(firstBlock.hasPrefix(" 1  \(parks[0]) parks"), firstBlock)
    XCTAssertEqual(firstBlock.split(separator: "\n").count, ids.count + 1)
    // Least miles: grouped in 500-mile buckets, distances rising.
    let byMiles = try XCTUnwrap(
      try plan(["--max-drive-hours", "8", "--sort", "least-miles"])["options"]
        as? [[String: Any]])
    let meters = byMiles.compactMap { $0["distanceMeters"] as? Double }
    XCTAssertEqual(meters, meters.sorted())
    XCTAssertTrue(
      byMiles.allSatisfy { ($0["group"] as? String)?.hasSuffix(" mi") == true }, "\(byMiles)")
    let cities = try runOK(window + ["--sort", "most-cities", "--options", "3"]).stdoutLines
    XCTAssertTrue(cities.contains { $0.hasSuffix(" cities") || $0.hasSuffix(" city") }, "\(cities)")
  }

  func testCreate_makesTheOptionATrip() throws {
    try installImported2024()
    let options = try XCTUnwrap(
      try plan(["--must", "CHC@2024-06-05", "--options", "3"])["options"] as? [[String: Any]])
    let second = try XCTUnwrap(options[1]["gameIDs"] as? [String])
    XCTAssertTrue(second.contains("CHN202406050"))
    let created = try runOK(
      window + [
        "--must", "CHC@2024-06-05", "--options", "3", "--create", "Planned", "--option", "2",
      ])
    XCTAssertTrue(created.stdout.hasPrefix("Created trip \"Planned\""), created.stdout)
    let shown = try XCTUnwrap(
      parseJSON(try runOK(["trip", "show", "Planned", "--json"]).stdout) as? [String: Any])
    let rows = try XCTUnwrap(
      shown["rows"] as? [[String: Any]] ?? (shown["items"] as? [[String: Any]]))
    let games = rows.compactMap { $0["gameID"] as? String }
    XCTAssertEqual(games, second)
  }

  func testMistakes_areSaidAndChangeNothing() throws {
    try installImported2024()
    try assertFailure(
      ["plan", "window", "--from", "2024-06-01", "--to", "2024-07-31"],
      containing: ["the window is 61 days", "at most 31"])
    try assertFailure(
      window + ["--must", "CHC@2024-06-11"],
      containing: ["must-see game TBA202406110 is not among the window's games", "2024-06-11"])
    try assertFailure(window + ["--start-near", "Gotham"], containing: ["Gotham"])
    try assertFailure(
      ["plan", "window", "--from", "2024-12-01", "--to", "2024-12-05"],
      containing: ["no games between 2024-12-01 and 2024-12-05"])
    let usage = try run(window + ["--option", "2"])
    XCTAssertEqual(usage.status, 64)
    XCTAssertEqual(usage.stderrLines.first, "Error: --option goes with --create NAME")
    // One day has few trips: option 50 is not among them.
    try assertFailure(
      [
        "plan", "window", "--from", "2024-06-04", "--to", "2024-06-04", "--start-near", "Chicago",
        "--radius-hours", "1", "--create", "Two", "--option", "50",
      ],
      containing: ["--option 50: the search found", "pick 1 to"])
    XCTAssertEqual(try runOK(["trip", "list", "--json"]).stdout, "[]\n")
  }
}
