import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// The planner's searches as the app runs them (issue 28): a search known
/// by its id is stopped by `DELETE /api/plan/searches/{id}` or by a new
/// search with the same id, a busy planner says when to try again, and the
/// options' figures and names (flights apart from driving, venues named as
/// on the game's date) on the real 2024 and 2025 MLB schedules and the
/// 2024-25 NBA and NHL seasons.
final class PlanSearchAPITests: APITestCase {
  /// The server's own limits (an all-parks search may run 2 minutes), so
  /// that only a stop ends one early.
  override func configuration() -> SportsTimeApp.Configuration {
    var configuration = super.configuration()
    configuration.planTimeLimits = PlanTimeLimits(window: 30, allParks: 120)
    return configuration
  }

  /// `serve`'s catalog: every sport's venues.
  override func catalog() throws -> Catalog { try Catalog.builtInGames() }

  /// A search run on a thread of its own: its answer once it has one.
  private final class Background: @unchecked Sendable {
    /// The answer (status 0: the request failed).
    let answer = Locked<(status: Int, body: Data)?>(nil)

    init(port: UInt16, body: [String: Any]) throws {
      let data = try JSONSerialization.data(withJSONObject: body)
      let answer = self.answer
      Thread {
        let response = try? RawHTTPClient(port: port).send(
          "POST", "/api/plan", headers: ["Content-Type": "application/json"], body: data)
        answer.update { $0 = (response?.status ?? 0, response?.body ?? Data()) }
      }.start()
    }

    /// Waits (at most `seconds`) for the answer.
    func wait(_ seconds: Double) -> (status: Int, body: Data)? {
      let deadline = Date().addingTimeInterval(seconds)
      while answer.current == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      return answer.current
    }
  }

  /// A whole season with no daily limit: minutes of searching.
  private func longSearch(_ id: String) -> [String: Any] {
    ["kind": "all-parks", "season": 2024, "search": id]
  }

  /// Stops search `id` once it runs (DELETE answers `stopped: false`
  /// until the server has it).
  private func stopWhenRunning(_ id: String, within seconds: Double = 10) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let answer = try send("DELETE", "/api/plan/searches/\(id)")
      XCTAssertEqual(answer.status, 200, answer.text)
      if try object(answer)["stopped"] as? Bool == true { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("search \(id) never ran")
  }

  private func document(_ response: (status: Int, body: Data)?) throws -> [String: Any] {
    let response = try XCTUnwrap(response, "no answer")
    XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
  }

  func testStop_endsTheSearchAtOnce_withTheBestFoundSoFar_andItIsNotKept() throws {
    let search = try Background(port: server.port, body: longSearch("page-1"))
    try stopWhenRunning("page-1")
    let stopped = try document(search.wait(10))
    XCTAssertEqual(stopped["stopped"] as? Bool, true)
    XCTAssertEqual(stopped["proven"] as? Bool, false)
    // Nothing runs under that id any more.
    let again = try object(try send("DELETE", "/api/plan/searches/page-1"))
    XCTAssertEqual(again["stopped"] as? Bool, false)
    // The stopped answer was not kept: the same question is a new search.
    let second = try Background(port: server.port, body: longSearch("page-2"))
    // Running (a kept answer would run no search), so not yet answered.
    try waitForRunning(1)
    XCTAssertNil(second.answer.current, "searching again, not the kept answer")
    try stopWhenRunning("page-2")
    XCTAssertEqual(try document(second.wait(10))["stopped"] as? Bool, true)
    // A search that ran to its end says it was not stopped.
    let window = try plan([
      "kind": "window", "from": "2024-06-10", "to": "2024-06-11", "search": "page-3",
    ])
    XCTAssertEqual(window["stopped"] as? Bool, false)
    // Ids are letters, digits, '-' and '_'.
    let bad = try send("DELETE", "/api/plan/searches/a%20b")
    XCTAssertEqual(bad.status, 400, bad.text)
    let badBody = try send(
      "POST", "/api/plan",
      json: ["kind": "window", "from": "2024-06-10", "to": "2024-06-11", "search": ""])
    XCTAssertEqual(badBody.status, 400)
    XCTAssertEqual((try object(badBody)["error"] as? [String: Any])?["field"] as? String, "search")
    XCTAssertEqual(try send("GET", "/api/plan/searches/page-1").status, 405)
    XCTAssertEqual(try send("DELETE", "/api/plan/searches").status, 405)
  }

  /// Waits until `count` searches run (`GET /api/plan/searches`).
  private func waitForRunning(_ count: Int, within seconds: Double = 10) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let answer = try object(try send("GET", "/api/plan/searches"))
      XCTAssertEqual(answer["limit"] as? Int, 2)
      if answer["running"] as? Int == count { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("\(count) searches never ran")
  }

  func testANewSearchWithTheSameID_stopsTheOldOne_andIsAnsweredAtOnce() throws {
    let old = try Background(port: server.port, body: longSearch("tab"))
    try waitForRunning(1)
    // Answered within the client's 10 s, not after the old one's 2 minutes.
    let window = try plan([
      "kind": "window", "from": "2024-06-10", "to": "2024-06-12", "sports": ["MLB"],
      "maxDriveHours": 8, "search": "tab",
    ])
    XCTAssertEqual(window["proven"] as? Bool, true)
    XCTAssertFalse(options(window).isEmpty)
    let replaced = try document(old.wait(10))
    XCTAssertEqual(replaced["stopped"] as? Bool, true, "the old one was stopped")
    try waitForRunning(0)
  }

  func testBusy_is503WithRetryAfter_inWords_andAFreedSlotIsUsed() throws {
    let first = try Background(port: server.port, body: longSearch("one"))
    let second = try Background(port: server.port, body: longSearch("two"))
    try waitForRunning(2)
    let window: [String: Any] = [
      "kind": "window", "from": "2024-06-10", "to": "2024-06-11", "search": "three",
    ]
    let refused = try send("POST", "/api/plan", json: window)
    XCTAssertEqual(refused.status, 503, refused.text)
    XCTAssertEqual(refused.headers["retry-after"], "1")
    let error = try XCTUnwrap(try object(refused)["error"] as? [String: Any])
    XCTAssertEqual(error["kind"] as? String, "unavailable")
    XCTAssertEqual(
      error["message"] as? String,
      "the planner is busy with 2 other searches; yours starts as soon as one ends")
    try stopWhenRunning("one")
    XCTAssertEqual(try document(first.wait(10))["stopped"] as? Bool, true)
    XCTAssertEqual(try send("POST", "/api/plan", json: window).status, 200, "the freed slot")
    try stopWhenRunning("two")
    XCTAssertEqual(try document(second.wait(10))["stopped"] as? Bool, true)
    try waitForRunning(0)
  }

  // MARK: The options' figures and names

  private func plan(_ body: [String: Any], file: StaticString = #filePath, line: UInt = #line)
    throws -> [String: Any]
  {
    let answer = try send("POST", "/api/plan", json: body)
    XCTAssertEqual(answer.status, 200, answer.text, file: file, line: line)
    return try object(answer, file: file, line: line)
  }

  private func options(_ document: [String: Any]) -> [[String: Any]] {
    (document["options"] as? [[String: Any]]) ?? []
  }

  /// Issue 28, item 2: the Dodgers from Tokyo, 8 h a day. Each option
  /// counts the flight apart: `driveSeconds + flightSeconds ==
  /// travelSeconds`, `flights` names it with its games.
  func testOptions_countTheTokyoFlightApartFromDriving() throws {
    let text = try String(contentsOf: TestData.retrosheetSchedule(2025), encoding: .utf8)
    _ = try store.importSchedule(
      try RetrosheetSchedule.parse(text, file: "2025schedule.csv", catalog: try Catalog.mlb()))
    let document = try plan([
      "kind": "follow", "from": "2025-03-15", "to": "2025-03-31", "follow": "Dodgers",
      "maxDriveHours": 8, "options": 3,
    ])
    let found = options(document)
    XCTAssertEqual(found.count, 3)
    for option in found {
      let drive = try XCTUnwrap(option["driveSeconds"] as? Double)
      let flight = try XCTUnwrap(option["flightSeconds"] as? Double)
      // To a millisecond: Foundation's JSON reading may miss the last digit.
      XCTAssertEqual(
        drive + flight, try XCTUnwrap(option["travelSeconds"] as? Double), accuracy: 0.001)
      let flights = try XCTUnwrap(option["flights"] as? [[String: Any]])
      XCTAssertEqual(flights.count, 1)
      XCTAssertEqual(flights.first?["from"] as? String, "TOK01")
      XCTAssertEqual(flights.first?["to"] as? String, "LOS03")
      XCTAssertEqual(flights.first?["fromGameID"] as? String, "CHN202503190")
      XCTAssertEqual(flights.first?["toGameID"] as? String, "LAN202503270")
      XCTAssertEqual(try XCTUnwrap(flights.first?["seconds"] as? Double), flight, accuracy: 0.001)
      XCTAssertGreaterThan(try XCTUnwrap(flights.first?["meters"] as? Double), 8_000_000)
      XCTAssertEqual(option["minSlackEstimated"] as? Bool, true, "Retrosheet's times")
      let stops = try XCTUnwrap(option["stops"] as? [[String: Any]])
      XCTAssertEqual(stops.first?["name"] as? String, "Tokyo Dome")
      XCTAssertEqual(
        stops.flatMap { $0["gameIDs"] as? [String] ?? [] }, option["gameIDs"] as? [String])
    }
    XCTAssertLessThan(try XCTUnwrap(found[1]["driveSeconds"] as? Double), 5 * 3600)
  }

  /// Issue 28, item 1: an NBA and NHL trip through Saint Paul in January
  /// 2025 names the Wild's arena as it was then (Xcel Energy Center), not
  /// by its newest name (Grand Casino Arena, from 2025-09-03), which is
  /// what the venues document (without a date) gives.
  func testOptions_nameEachVenueAsOnTheGamesDate() throws {
    let leagues = try Leagues.builtIn()
    for (path, format) in [
      ("nba/nba-2024-UTC.csv", ScheduleFormat.nba), ("nhl/nhl-202425-asplayed.csv", .nhl),
    ] {
      let text = try String(contentsOf: TestData.url(path), encoding: .utf8)
      _ = try store.importSchedule(try format.parse(text, file: path, leagues: leagues))
    }
    let document = try plan([
      "kind": "window", "from": "2025-01-14", "to": "2025-01-16", "sports": ["NBA", "NHL"],
      "must": ["NHL-MIN202501150"], "maxDriveHours": 8, "options": 3,
    ])
    let found = options(document)
    XCTAssertFalse(found.isEmpty)
    for option in found {
      let stops = try XCTUnwrap(option["stops"] as? [[String: Any]])
      let wild = try XCTUnwrap(stops.first { $0["venueID"] as? String == "xcel-energy-center" })
      XCTAssertEqual(wild["name"] as? String, "Xcel Energy Center")
      XCTAssertEqual(wild["city"] as? String, "Saint Paul")
      XCTAssertTrue((wild["gameIDs"] as? [String])?.contains("NHL-MIN202501150") == true)
    }
    let venues = try object(try send("GET", "/api/venues"))["venues"] as? [String: Any]
    XCTAssertEqual(
      (venues?["xcel-energy-center"] as? [String: Any])?["name"] as? String, "Grand Casino Arena",
      "the newest name, without a date")
  }

  /// Issue 28, item 15: a start city no table knows is said as a city.
  func testAnUnknownCity_isSaidAsACity() throws {
    let answer = try send(
      "POST", "/api/plan",
      json: [
        "kind": "route", "from": "2024-06-10", "to": "2024-06-12",
        "startNear": ["city": "Atlantis"], "endNear": ["city": "New York"],
      ])
    XCTAssertEqual(answer.status, 400)
    let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any])
    XCTAssertEqual(error["field"] as? String, "startNear.city")
    let message = try XCTUnwrap(error["message"] as? String)
    XCTAssertFalse(message.contains("no venue is called"), message)
    XCTAssertTrue(message.hasPrefix("no city or venue called 'Atlantis' is known"), message)
    XCTAssertTrue(message.contains("did you mean 'Atlanta'?"), message)
  }
}
