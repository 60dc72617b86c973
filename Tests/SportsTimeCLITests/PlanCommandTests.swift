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
    XCTAssertTrue(query["teams"] is NSNull)
    XCTAssertTrue(query["parks"] is NSNull)
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
      containing: ["must-see game CHC @ TB on 2024-06-11 is outside the dates asked for"])
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

  /// `plan follow` and `plan route` are window questions with the team's
  /// games as must-see and the start and end near the two cities.
  func testFollowAndRoute_askTheirQuestion() throws {
    try installImported2024()
    let dates = ["--from", "2024-06-04", "--to", "2024-06-08", "--max-drive-hours", "8"]
    let follow = try XCTUnwrap(
      parseJSON(try runOK(["plan", "follow", "Cubs"] + dates + ["--json"]).stdout)
        as? [String: Any])
    let query = try XCTUnwrap(follow["query"] as? [String: Any])
    XCTAssertEqual(query["kind"] as? String, "follow")
    let team = try XCTUnwrap(query["follow"] as? [String: Any])
    XCTAssertEqual(team["name"] as? String, "Chicago Cubs")
    XCTAssertEqual(team["codes"] as? [String], ["CHN"])
    let games = try XCTUnwrap(
      parseJSON(
        try runOK([
          "games", "--team", "Cubs", "--from", "2024-06-04", "--to", "2024-06-08", "--json",
        ])
        .stdout) as? [[String: Any]])
    let theirs = Set(games.compactMap { $0["id"] as? String })
    XCTAssertFalse(theirs.isEmpty)
    let options = try XCTUnwrap(follow["options"] as? [[String: Any]])
    XCTAssertFalse(options.isEmpty)
    for option in options {
      let ids = Set(try XCTUnwrap(option["gameIDs"] as? [String]))
      XCTAssertTrue(theirs.isSubset(of: ids), "\(ids)")
    }
    let text = try runOK(["plan", "follow", "Cubs"] + dates + ["--options", "1"]).stdout
    XCTAssertTrue(text.contains("following the Chicago Cubs"), text)

    let route = try XCTUnwrap(
      parseJSON(
        try runOK(
          ["plan", "route", "--from-city", "Boston", "--to-city", "Chicago"] + dates + ["--json"]
        ).stdout) as? [String: Any])
    let asked = try XCTUnwrap(route["query"] as? [String: Any])
    XCTAssertEqual(asked["kind"] as? String, "route")
    XCTAssertEqual((asked["startNear"] as? [String: Any])?["name"] as? String, "Boston")
    XCTAssertEqual((asked["endNear"] as? [String: Any])?["name"] as? String, "Chicago")
    let trips = try XCTUnwrap(route["options"] as? [[String: Any]])
    XCTAssertEqual(route["proven"] as? Bool, true)
    for trip in trips {
      let venues = try XCTUnwrap(trip["venueIDs"] as? [String])
      XCTAssertEqual(venues.first, "BOS07")
      XCTAssertTrue(["CHI11", "CHI12"].contains(venues.last ?? ""), "\(venues)")
    }
    let missing = try run(["plan", "route", "--from-city", "Boston"] + dates)
    XCTAssertEqual(missing.status, 64)
    XCTAssertTrue(missing.stderr.contains("--to-city"), missing.stderr)
    let nobody = try run(["plan", "follow", "Nobody"] + dates)
    XCTAssertEqual(nobody.status, 1)
    XCTAssertEqual(nobody.stderrLines.first, "Error: no team is called 'Nobody'")
  }

  /// `plan all-parks` on a few teams' parks: proven optimal, a franchise
  /// known by two codes (the Athletics: OAK in 2024, ATH in 2025) is
  /// found by name, `--create` says whether the trip is the shortest, and
  /// each mistake is said.
  func testAllParks_provenOnAFewParks_createsTheTrip_andSaysMistakes() throws {
    try installImported2024()
    let allParks = ["plan", "all-parks", "--season", "2024", "--max-drive-hours", "8"]
    let answer = try XCTUnwrap(
      parseJSON(try runOK(allParks + ["--team", "Athletics,SF,Giants", "--json"]).stdout)
        as? [String: Any])
    XCTAssertEqual(answer["proven"] as? Bool, true)
    let options = try XCTUnwrap(answer["options"] as? [[String: Any]])
    XCTAssertEqual(options.count, 1)
    XCTAssertEqual(options[0]["parks"] as? Int, 2)
    XCTAssertEqual(options[0]["days"] as? Int, answer["bound"] as? Int)
    XCTAssertEqual(
      Set(try XCTUnwrap(options[0]["venueIDs"] as? [String])), ["OAK01", "SFO03"])
    // The query says which teams and parks it is about.
    let query = try XCTUnwrap(answer["query"] as? [String: Any])
    XCTAssertEqual(query["teams"] as? [[String]], [["ATH", "OAK"], ["SFN"]])
    XCTAssertEqual(query["parks"] as? [String], ["OAK01", "SFO03"])
    let created = try runOK(allParks + ["--team", "NYY", "--team", "BOS,PHI", "--create", "Three"])
    // The name is taken now: said before any search.
    try assertFailure(
      allParks + ["--create", "three"], containing: ["a trip called 'Three' already exists"])
    XCTAssertTrue(created.stdout.hasPrefix("Created trip \"Three\""), created.stdout)
    XCTAssertTrue(created.stdout.contains("(proven optimal)"), created.stdout)
    // An empty name is a usage error, as for `games --team`.
    let empty = try run(allParks + ["--team", ","])
    XCTAssertEqual(empty.status, 64)
    XCTAssertEqual(empty.stderrLines.first, "Error: --team has an empty entry in ','")
    try assertFailure(
      allParks + ["--from", "2024-10-15"],
      containing: [
        "no MLB games of the 2024 season on or after 2024-10-15",
        "its last regular-season game at these parks is on 2024-09-",
      ])
    try assertFailure(
      allParks + ["--from", "2024-09-29"],
      containing: ["no trip can see every park from 2024-09-29", "have no games left from then"])
    let trips = try XCTUnwrap(
      parseJSON(try runOK(["trip", "list", "--json"]).stdout) as? [[String: Any]])
    XCTAssertEqual(trips.count, 1)
  }
}
