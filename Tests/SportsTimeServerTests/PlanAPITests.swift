import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimePlanner
import SportsTimeServer
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// `POST /api/plan` (the document of `sportstime plan … --json`), the
/// wizard's choices (`GET /api/plan/sports`, `teams`, `cities`, `sorts`)
/// and the `/plan` page, on the real 2024 MLB schedule (and the 2024 NFL
/// season where a sport without games is needed).
final class PlanAPITests: APITestCase {
  /// All-parks searches stop after 2 s here (the server's default is 2
  /// minutes): the answer is then the proven bound, not proven optimal.
  override func configuration() -> SportsTimeApp.Configuration {
    var configuration = super.configuration()
    configuration.planTimeLimits = PlanTimeLimits(window: 30, allParks: 2)
    configuration.appFiles = TestData.repositoryFile("Sources/SportsTimeServer/Resources/app")
    return configuration
  }

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

  private func importNFL() throws {
    let path = "nfl/schedules_2024.csv"
    let text = try String(contentsOf: TestData.url(path), encoding: .utf8)
    _ = try store.importSchedule(
      try ScheduleFormat.nfl.parse(text, file: path, leagues: try Leagues.builtIn()))
  }

  // MARK: POST /api/plan

  func testPlan_window_isThePlanDocumentTheCLIPrints() throws {
    let body: [String: Any] = [
      "kind": "window", "from": "2024-06-10", "to": "2024-06-12", "sports": ["MLB"],
      "maxDriveHours": 8, "options": 5,
    ]
    let answer = try send("POST", "/api/plan", json: body)
    XCTAssertEqual(answer.status, 200, answer.text)
    // The same document the library makes for the same question (the
    // CLI's `plan window --json` prints it through the same encoder).
    let catalog = try Catalog.mlb()
    let from = try XCTUnwrap(CalendarDate(iso: "2024-06-10"))
    let to = try XCTUnwrap(CalendarDate(iso: "2024-06-12"))
    let query = WindowQuery(
      from: from, to: to, sports: [.mlb], maxDriveHours: 8, options: 5)
    let games = try store.games(GameQuery(from: from, to: to))
    let expected = try WindowPlanner.answer(query, games: games, venue: { catalog.venue($0) })
    XCTAssertEqual(
      answer.text,
      try Wire.render(WireV1.PlanDocument(query, answer: expected, sort: .recommended)) + "\n")
    let document = try object(answer)
    XCTAssertEqual(document["proven"] as? Bool, true)
    XCTAssertTrue(document["bound"] is NSNull)
    XCTAssertEqual(options(document).map { $0["rank"] as? Int }, [1, 2, 3, 4, 5])
    let text = answer.text
    // The top level's members (indented once), in the documented order.
    let keys = ["query", "proven", "bound", "options"].compactMap {
      text.range(of: "\n  \"\($0)\"")?.lowerBound
    }
    XCTAssertEqual(keys.count, 4, text)
    XCTAssertEqual(keys, keys.sorted(), "keys in the documented order")
  }

  func testPlan_anotherSort_reordersTheSameOptionsUnderItsGroups() throws {
    var body: [String: Any] = [
      "kind": "window", "from": "2024-06-10", "to": "2024-06-13", "sports": ["MLB"],
      "maxDriveHours": 8,
    ]
    let recommended = options(try plan(body))
    XCTAssertTrue(recommended.allSatisfy { $0["group"] is NSNull })
    body["sort"] = "most-miles"
    let document = try plan(body)
    XCTAssertEqual((document["query"] as? [String: Any])?["sort"] as? String, "most-miles")
    let sorted = options(document)
    XCTAssertEqual(
      Set(sorted.compactMap { $0["gameIDs"] as? [String] }),
      Set(recommended.compactMap { $0["gameIDs"] as? [String] }))
    let miles = sorted.compactMap { $0["distanceMeters"] as? Double }
    XCTAssertEqual(miles, miles.sorted(by: >))
    XCTAssertTrue(
      sorted.allSatisfy { ($0["group"] as? String)?.hasSuffix(" mi") == true }, "\(sorted)")
    XCTAssertEqual(sorted.map { $0["rank"] as? Int }, Array(1...sorted.count))
  }

  func testPlan_followAndRoute() throws {
    let followed = try plan([
      "kind": "follow", "from": "2024-06-10", "to": "2024-06-12", "follow": "Cubs",
    ])
    let query = try XCTUnwrap(followed["query"] as? [String: Any])
    XCTAssertEqual(query["kind"] as? String, "follow")
    XCTAssertEqual((query["follow"] as? [String: Any])?["name"] as? String, "Chicago Cubs")
    let cubs = try store.games(
      GameQuery(teamID: "CHN", from: query.date("from"), to: query.date("to"))
    )
    .map(\.id.rawValue)
    XCTAssertFalse(cubs.isEmpty)
    XCTAssertFalse(options(followed).isEmpty)
    for option in options(followed) {
      XCTAssertTrue(Set(cubs).isSubset(of: option["gameIDs"] as? [String] ?? []), "\(option)")
    }
    let route = try plan([
      "kind": "route", "from": "2024-06-10", "to": "2024-06-13",
      "startNear": ["city": "Boston", "radiusHours": 2], "endNear": ["city": "new york"],
    ])
    let asked = try XCTUnwrap(route["query"] as? [String: Any])
    XCTAssertEqual(asked["kind"] as? String, "route")
    XCTAssertEqual((asked["startNear"] as? [String: Any])?["venueID"] as? String, "BOS07")
    XCTAssertEqual((asked["endNear"] as? [String: Any])?["radiusHours"] as? Double, 2)
    XCTAssertFalse(options(route).isEmpty)
  }

  func testPlan_badInput_is400NamingTheField() throws {
    let window: [String: Any] = ["kind": "window", "from": "2024-06-10", "to": "2024-06-12"]
    func with(_ changes: [String: Any?]) -> [String: Any] {
      var body = window
      for (key, value) in changes { body[key] = value }
      return body
    }
    let cases: [([String: Any], String, String)] = [
      (["from": "2024-06-10"], "kind", "kind is missing"),
      (with(["kind": "picnic"]), "kind", "window, follow, route or all-parks"),
      (with(["from": nil]), "from", "from is missing"),
      (with(["to": "June 12"]), "to", "YYYY-MM-DD"),
      (with(["to": "2024-07-30"]), "to", "at most 31"),
      (with(["to": "2024-06-01"]), "to", "before it starts"),
      (with(["sports": ["MLB", "XFL"]]), "sports[1]", "MLB, NBA, NHL or NFL"),
      (with(["startNear": ["city": "Atlantis"]]), "startNear.city", "Atlantis"),
      (
        with(["startNear": ["city": "Boston", "radiusHours": 100]]), "startNear.radiusHours",
        "0 to 48"
      ),
      (with(["startNear": ["town": "Boston"]]), "startNear.town", "unknown key"),
      (with(["kind": "route", "startNear": ["city": "Boston"]]), "endNear", "endNear is missing"),
      (with(["kind": "follow"]), "follow", "follow is missing"),
      (with(["kind": "follow", "follow": "Martians"]), "follow", "Martians"),
      (with(["follow": "Cubs"]), "follow", "unknown key"),
      (with(["must": ["XYZ@2024-06-10"]]), "must[0]", "XYZ"),
      (with(["must": ["CHC@2024-06-11", "CHC@2024-06-20"]]), "must[1]", "2024-06-20"),
      (with(["maxDriveHours": 100]), "maxDriveHours", "0.5 to 24 hours (got 100)"),
      (with(["sort": "fastest"]), "sort", "most-cities"),
      (with(["options": 0]), "options", "1 to 50"),
      (with(["season": 2024]), "season", "unknown key"),
      (["kind": "all-parks"], "season", "season is missing"),
      (["kind": "all-parks", "season": 2024, "to": "2024-07-01"], "to", "unknown key"),
      (["kind": "all-parks", "season": 2024, "sports": ["MLB", "NFL"]], "sports", "one sport"),
      (["kind": "all-parks", "season": 2024, "teams": ["Martians"]], "teams[0]", "Martians"),
      (["kind": "all-parks", "season": 1999], "season", "no MLB games of the 1999 season"),
    ]
    for (body, field, words) in cases {
      let answer = try send("POST", "/api/plan", json: body)
      XCTAssertEqual(answer.status, 400, "\(body): \(answer.text)")
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any], answer.text)
      XCTAssertEqual(error["kind"] as? String, "invalid-input", "\(body)")
      XCTAssertEqual(error["field"] as? String, field, "\(body): \(answer.text)")
      XCTAssertTrue(
        (error["message"] as? String)?.contains(words) == true, "\(body): \(answer.text)")
    }
    XCTAssertEqual(try send("GET", "/api/plan").status, 405)
    XCTAssertEqual(try send("POST", "/api/plan?x=1", json: window).status, 400)
  }

  func testPlan_allParks_stoppedByTheTimeLimit_saysItIsNotProven() throws {
    // Answered within the client's 10 s: the server's limit (2 s here).
    let document = try plan(["kind": "all-parks", "season": 2024, "maxDriveHours": 10])
    XCTAssertEqual(document["proven"] as? Bool, false)
    let bound = try XCTUnwrap(document["bound"] as? Int, "\(document)")
    XCTAssertGreaterThanOrEqual(bound, 1, "what was proven before the limit")
    // The heuristic that runs first has a trip once its first beam ends
    // (well within the limit, though not timed here): the best found,
    // through every park, no shorter than the bound.
    let found = options(document)
    XCTAssertLessThanOrEqual(found.count, 1, "\(document)")
    if let trip = found.first {
      XCTAssertEqual(trip["parks"] as? Int, 30)
      XCTAssertGreaterThanOrEqual(try XCTUnwrap(trip["days"] as? Int), bound)
    }
    let query = try XCTUnwrap(document["query"] as? [String: Any])
    XCTAssertEqual(query["kind"] as? String, "all-parks")
    XCTAssertEqual(query["season"] as? Int, 2024)
    XCTAssertEqual(query["sports"] as? [String], ["MLB"])
  }

  func testPlan_allParks_ofTwoTeams_oneKnownByTwoCodes_isProven() throws {
    // The Athletics are OAK in 2024 and ATH in 2025: the season decides.
    let document = try plan([
      "kind": "all-parks", "season": 2024, "teams": ["Athletics", "SF"], "maxDriveHours": 8,
    ])
    XCTAssertEqual(document["proven"] as? Bool, true, "\(document)")
    let trip = try XCTUnwrap(options(document).first)
    XCTAssertEqual(Set(try XCTUnwrap(trip["venueIDs"] as? [String])), ["OAK01", "SFO03"])
    XCTAssertEqual(trip["days"] as? Int, document["bound"] as? Int)
  }

  func testPlan_aSearchRunning_doesNotHoldUpOtherRequests() throws {
    let done = Locked(false)
    let port = server.port
    let search = Thread {
      _ = try? RawHTTPClient(port: port).send(
        "POST", "/api/plan", headers: ["Content-Type": "application/json"],
        body: Data(#"{"kind": "all-parks", "season": 2024}"#.utf8))
      done.update { $0 = true }
    }
    search.start()
    // Until the search runs (`GET /api/plan/searches` counts it).
    let running = Date().addingTimeInterval(10)
    while Date() < running,
      try object(try send("GET", "/api/plan/searches"))["running"] as? Int != 1
    {
      Thread.sleep(forTimeInterval: 0.02)
    }
    XCTAssertEqual(try send("GET", "/api/plan/sorts").status, 200)
    XCTAssertEqual(try send("GET", "/api/trips").status, 200)
    XCTAssertFalse(done.current, "answered while the search still ran")
    let deadline = Date().addingTimeInterval(20)
    while !done.current, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    XCTAssertTrue(done.current)
  }

  // MARK: The choices

  func testSports_aSportWithoutGamesInTheDates_isUnavailableWithTheReason() throws {
    try importNFL()
    let june = try object(try send("GET", "/api/plan/sports?from=2024-06-10&to=2024-06-12"))
    XCTAssertEqual(june["from"] as? String, "2024-06-10")
    let sports = try XCTUnwrap(june["sports"] as? [[String: Any]])
    XCTAssertEqual(sports.map { $0["sport"] as? String }, ["MLB", "NBA", "NHL", "NFL"])
    let mlb = sports[0]
    XCTAssertEqual(mlb["available"] as? Bool, true)
    XCTAssertTrue(mlb["reason"] is NSNull)
    let plannable = try store.games(
      GameQuery(from: CalendarDate(iso: "2024-06-10"), to: CalendarDate(iso: "2024-06-12"))
    ).filter { $0.status != .cancelled && !$0.timeUnknown }
    XCTAssertEqual(mlb["games"] as? Int, plannable.count)
    let nfl = sports[3]
    XCTAssertEqual(nfl["available"] as? Bool, false)
    XCTAssertEqual(
      nfl["reason"] as? String,
      "No NFL games from Jun 10 to Jun 12, 2024 (the imported NFL games run from Thu, Sep 5, 2024 to Sun, Feb 9, 2025)."
    )
    XCTAssertEqual(sports[1]["available"] as? Bool, false)
    XCTAssertTrue((sports[1]["reason"] as? String)?.contains("No NBA games are imported") == true)
    // Without dates: whatever is imported, with its seasons.
    let all = try XCTUnwrap(
      try object(try send("GET", "/api/plan/sports"))["sports"] as? [[String: Any]])
    XCTAssertEqual(all[3]["available"] as? Bool, true)
    let seasons = try XCTUnwrap(all[3]["seasons"] as? [[String: Any]])
    XCTAssertEqual(seasons.map { $0["season"] as? Int }, [2024])
    XCTAssertEqual(seasons.first?["games"] as? Int, 272, "the regular season")
    XCTAssertEqual(seasons.first?["from"] as? String, "2024-09-05")
    for (target, field) in [
      ("/api/plan/sports?from=2024-06-10", "to"), ("/api/plan/sports?to=2024-06-10", "from"),
      ("/api/plan/sports?from=2024-06-12&to=2024-06-10", "from"),
      ("/api/plan/sports?from=junk&to=2024-06-10", "from"), ("/api/plan/sports?sport=MLB", "sport"),
    ] {
      let answer = try send("GET", target)
      XCTAssertEqual(answer.status, 400, target)
      XCTAssertEqual(
        (try object(answer)["error"] as? [String: Any])?["field"] as? String, field, target)
    }
  }

  func testTeamsCitiesAndSorts() throws {
    let teams = try XCTUnwrap(
      try object(try send("GET", "/api/plan/teams?sport=MLB&from=2024-06-10&to=2024-06-12"))[
        "teams"] as? [[String: Any]])
    let cubs = try XCTUnwrap(teams.first { $0["name"] as? String == "Chicago Cubs" })
    XCTAssertEqual(cubs["id"] as? String, "MLB:CHN")
    XCTAssertEqual(cubs["code"] as? String, "CHC")
    XCTAssertEqual(cubs["sport"] as? String, "MLB")
    let names = teams.compactMap { $0["name"] as? String }
    XCTAssertEqual(names, names.sorted())
    // The id is what `follow` takes.
    let followed = try plan([
      "kind": "follow", "from": "2024-06-10", "to": "2024-06-12", "follow": "MLB:CHN",
    ])
    XCTAssertEqual(
      ((followed["query"] as? [String: Any])?["follow"] as? [String: Any])?["codes"] as? [String],
      ["CHN"])
    let cities = try XCTUnwrap(
      try object(try send("GET", "/api/plan/cities"))["cities"] as? [[String: Any]])
    let boston = try XCTUnwrap(cities.first { $0["name"] as? String == "Boston" })
    XCTAssertEqual(boston["region"] as? String, "MA")
    XCTAssertEqual(boston["venueIDs"] as? [String], ["BOS07"])
    let sorts = try XCTUnwrap(
      try object(try send("GET", "/api/plan/sorts"))["sorts"] as? [[String: Any]])
    XCTAssertEqual(sorts.map { $0["id"] as? String }, PlanSort.allCases.map(\.rawValue))
    XCTAssertEqual(sorts.first?["title"] as? String, "Recommended")
    XCTAssertEqual(try send("HEAD", "/api/plan/sorts").status, 200)
    let refused = try send("POST", "/api/plan/sorts")
    XCTAssertEqual(refused.status, 405)
    XCTAssertEqual(refused.headers["allow"], "GET, HEAD")
    XCTAssertEqual(try send("GET", "/api/plan/nothing").status, 404)
  }

  func testThePlanPage() throws {
    let page = try send("GET", "/plan", headers: ["Accept": "text/html"])
    XCTAssertEqual(page.status, 200, page.text)
    XCTAssertTrue(page.headers["content-type"]?.hasPrefix("text/html") == true)
    for step in ["kind", "sports", "dates", "places", "must", "drive", "options"] {
      XCTAssertTrue(page.text.contains(#"data-step="\#(step)""#), step)
    }
    XCTAssertEqual(try send("POST", "/plan").status, 405)
  }
}

extension Dictionary where Key == String, Value == Any {
  /// The date at `key` (a `YYYY-MM-DD` string), or nil.
  fileprivate func date(_ key: String) -> CalendarDate? {
    (self[key] as? String).flatMap(CalendarDate.init(iso:))
  }
}
