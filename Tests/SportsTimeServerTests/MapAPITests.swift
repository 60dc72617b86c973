import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// `GET/PUT /api/map/viewport`, `GET /api/map/pins`, `GET /api/map/tiles`
/// and the `/map` page, on the real 2024 schedule and the built-in venue
/// tables of the four leagues.
final class MapAPITests: APITestCase {
  /// The stored view as the API answers it (a JSON object).
  func storedView() throws -> [String: Any] {
    let answer = try send("GET", "/api/map/viewport")
    XCTAssertEqual(answer.status, 200, answer.text)
    return try object(answer)
  }

  func testViewport_isTheDefaultUntilOneIsStored() throws {
    let view = try storedView()
    XCTAssertEqual(view["centerLatitude"] as? Double, 37)
    XCTAssertEqual(view["centerLongitude"] as? Double, -95.85)
    XCTAssertEqual(view["latitudeSpan"] as? Double, 28)
    XCTAssertEqual(view["longitudeSpan"] as? Double, 62)
    XCTAssertEqual(view["isDefault"] as? Bool, true)
    XCTAssertTrue(view["focus"] is NSNull, "\(view)")
  }

  func testViewport_putThenGet_isStoredForTheCLI() throws {
    let body: [String: Any] = [
      "centerLatitude": 41.5, "centerLongitude": -88.25, "latitudeSpan": 3.5,
      "longitudeSpan": 9.75,
    ]
    let put = try send("PUT", "/api/map/viewport", json: body)
    XCTAssertEqual(put.status, 200, put.text)
    let answered = try object(put)
    XCTAssertEqual(answered["isDefault"] as? Bool, false)
    let view = try storedView()
    for (key, value) in body { XCTAssertEqual(view[key] as? Double, value as? Double, key) }
    // The store the CLI's `map` reads has it.
    let state = try store.mapState()
    XCTAssertEqual(state.viewport.center.latitude, 41.5)
    XCTAssertEqual(state.viewport.center.longitude, -88.25)
    XCTAssertEqual(state.viewport.latitudeSpan, 3.5)
    XCTAssertEqual(state.viewport.longitudeSpan, 9.75)
    // And what the CLI stores, the app reads.
    try store.saveMapState(
      MapState(viewport: MapViewport.continentalUnitedStates.zoomed(by: 2), focusedVenueID: "DET05")
    )
    let cli = try storedView()
    XCTAssertEqual(cli["latitudeSpan"] as? Double, 14)
    XCTAssertEqual(cli["focus"] as? String, "DET05")
  }

  func testViewport_focusResetAndNoFocus() throws {
    let focused = try object(try send("PUT", "/api/map/viewport", json: ["focus": "CHI11"]))
    XCTAssertEqual(focused["centerLatitude"] as? Double, 41.9484)
    XCTAssertEqual(focused["centerLongitude"] as? Double, -87.6553)
    XCTAssertEqual(focused["latitudeSpan"] as? Double, 0.01)
    XCTAssertEqual(focused["longitudeSpan"] as? Double, 0.01)
    XCTAssertEqual(focused["focus"] as? String, "CHI11")
    XCTAssertEqual(try store.mapState().focusedVenueID, "CHI11")
    // Another league's arena, by its id.
    let garden = try object(try send("PUT", "/api/map/viewport", json: ["focus": "td-garden"]))
    XCTAssertEqual(garden["focus"] as? String, "td-garden")
    let cleared = try object(try send("PUT", "/api/map/viewport", json: ["focus": NSNull()]))
    XCTAssertTrue(cleared["focus"] is NSNull)
    XCTAssertEqual(cleared["latitudeSpan"] as? Double, 0.01, "the view is kept")
    let reset = try object(try send("PUT", "/api/map/viewport", json: ["reset": true]))
    XCTAssertEqual(reset["isDefault"] as? Bool, true)
    XCTAssertEqual(try store.mapState(), .initial)
  }

  func testViewport_badPuts_areRefusedWithTheirFieldAndChangeNothing() throws {
    _ = try send("PUT", "/api/map/viewport", json: ["focus": "CHI11"])
    let before = try storedView()
    let stateBefore = try store.mapState()
    let view: [String: Any] = [
      "centerLatitude": 41.0, "centerLongitude": -87.0, "latitudeSpan": 2.0, "longitudeSpan": 4.0,
    ]
    func with(_ key: String, _ value: Any) -> [String: Any] {
      var body = view
      body[key] = value
      return body
    }
    var without = view
    without["longitudeSpan"] = nil
    let cases: [(body: [String: Any], field: String?, words: String)] = [
      (with("latitudeSpan", 0), "latitudeSpan", "latitudeSpan must be 0.005–180 degrees (got 0)"),
      (with("latitudeSpan", 181), "latitudeSpan", "got 181"),
      (with("longitudeSpan", 0.001), "longitudeSpan", "longitudeSpan must be 0.005–360"),
      (with("longitudeSpan", 400), "longitudeSpan", "got 400"),
      (with("centerLatitude", 95), "centerLatitude", "centerLatitude must be −90–90 degrees"),
      (
        with("centerLatitude", 89.5), "centerLatitude",
        "centerLatitude 89.5 with latitudeSpan 2 reaches 90.5°"
      ),
      (with("centerLongitude", 200), "centerLongitude", "centerLongitude must be −180–180"),
      (with("centerLatitude", "north"), "centerLatitude", "centerLatitude must be a number"),
      (without, "longitudeSpan", "longitudeSpan is missing"),
      (with("zoom", 2), "zoom", "unknown key 'zoom'"),
      (with("reset", true), "reset", "one at a time (got a view and reset)"),
      (["reset": false], "reset", "reset must be true"),
      (["focus": "Atlantis"], "focus", "focus names no venue: 'Atlantis'"),
      (["focus": 7], "focus", "focus must be a string"),
      ([:], nil, "say what to store"),
    ]
    for (body, field, words) in cases {
      let answer = try send("PUT", "/api/map/viewport", json: body)
      XCTAssertEqual(answer.status, 400, "\(body): \(answer.text)")
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any])
      XCTAssertEqual(error["field"] as? String, field, "\(body)")
      XCTAssertEqual(error["kind"] as? String, "invalid-input")
      XCTAssertTrue((error["message"] as? String ?? "").contains(words), "\(body): \(answer.text)")
    }
    // Not JSON, from another site: refused by the policy, before any route.
    let notJSON = try client.send(
      "PUT", "/api/map/viewport", headers: ["Content-Type": "text/plain"],
      body: Data(#"{"reset": true}"#.utf8))
    XCTAssertEqual(notJSON.status, 415)
    let foreign = try send(
      "PUT", "/api/map/viewport", json: ["reset": true], headers: ["Origin": "http://evil.example"])
    XCTAssertEqual(foreign.status, 403)
    let wrongMethod = try send("POST", "/api/map/viewport", json: ["reset": true])
    XCTAssertEqual(wrongMethod.status, 405)
    XCTAssertEqual(try store.mapState(), stateBefore)
    XCTAssertEqual(NSDictionary(dictionary: try storedView()), NSDictionary(dictionary: before))
  }

  func testPins_everyVenueOfTheFourLeagues_withVisitCounts() throws {
    let now = Date(timeIntervalSinceReferenceDate: 1_000)
    for (n, (venue, sport, day)) in [
      ("CHI11", Sport.mlb, 5), ("CHI11", .mlb, 20), ("td-garden", .nhl, 1),
    ]
    .enumerated() {
      let id = try XCTUnwrap(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", n)))
      _ = try store.addVisit {
        Visit(
          id: Visit.ID(id), sport: sport, venueID: Venue.ID(venue),
          date: try XCTUnwrap(CalendarDate(year: 2024, month: 6, day: day)), createdAt: now,
          modifiedAt: now)
      }
    }
    let all = try XCTUnwrap(
      try object(try send("GET", "/api/map/pins"))["pins"] as? [[String: Any]])
    let leagues = try Leagues.builtIn()
    XCTAssertEqual(
      all.map { $0["venueID"] as? String },
      leagues.mapVenues(sports: Set(Sport.allCases)).map(\.id.rawValue))
    // Every table's venue, then the other leagues' neutral sites (review 10).
    XCTAssertEqual(
      Array(all.prefix(leagues.mapVenues.count)).map { $0["venueID"] as? String },
      leagues.mapVenues.map(\.id.rawValue))
    XCTAssertEqual(
      Set(all.flatMap { $0["sports"] as? [String] ?? [] }), ["MLB", "NBA", "NHL", "NFL"])
    XCTAssertGreaterThan(all.count, 110)
    func pin(_ id: String, in pins: [[String: Any]]) -> [String: Any]? {
      pins.first { $0["venueID"] as? String == id }
    }
    XCTAssertEqual(
      try XCTUnwrap(pin("o2-arena-prague", in: all))["sports"] as? [String], ["NHL"])
    XCTAssertEqual(try XCTUnwrap(pin("CHI11", in: all))["sports"] as? [String], ["MLB", "NHL"])
    XCTAssertEqual(try XCTUnwrap(pin("LON02", in: all))["sports"] as? [String], ["NFL"])
    let wrigley = try XCTUnwrap(pin("CHI11", in: all))
    XCTAssertEqual(wrigley["name"] as? String, "Wrigley Field")
    XCTAssertEqual(wrigley["city"] as? String, "Chicago")
    XCTAssertEqual(wrigley["visits"] as? Int, 2)
    XCTAssertEqual(wrigley["lastVisit"] as? String, "2024-06-20")
    let garden = try XCTUnwrap(pin("td-garden", in: all))
    XCTAssertEqual(garden["sports"] as? [String], ["NBA", "NHL"])
    XCTAssertEqual(garden["visits"] as? Int, 1)
    let fenway = try XCTUnwrap(pin("BOS07", in: all))
    XCTAssertEqual(fenway["visits"] as? Int, 0)
    XCTAssertTrue(fenway["lastVisit"] is NSNull)
    // Chosen sports: arenas shared by the NBA and the NHL once; no ballparks.
    let arenas = try XCTUnwrap(
      try object(try send("GET", "/api/map/pins?sport=NBA,nhl"))["pins"] as? [[String: Any]])
    XCTAssertEqual(
      arenas.map { $0["venueID"] as? String },
      leagues.mapVenues(sports: [.nba, .nhl]).map(\.id.rawValue))
    // Wrigley Field is an NHL venue too: the Winter Classic; Fenway is not.
    XCTAssertNotNil(pin("CHI11", in: arenas))
    // Only the chosen sports' visits count: Wrigley Field's two are MLB's
    // (review 12: the filter counted every sport's).
    XCTAssertEqual(try XCTUnwrap(pin("CHI11", in: arenas))["visits"] as? Int, 0)
    XCTAssertTrue(try XCTUnwrap(pin("CHI11", in: arenas))["lastVisit"] is NSNull)
    XCTAssertEqual(try XCTUnwrap(pin("td-garden", in: arenas))["visits"] as? Int, 1)
    XCTAssertNil(pin("BOS07", in: arenas))
    XCTAssertNotNil(pin("td-garden", in: arenas))
    XCTAssertEqual(Set(arenas.compactMap { $0["venueID"] as? String }).count, arenas.count)
    XCTAssertTrue(
      arenas.allSatisfy {
        ($0["sports"] as? [String] ?? []).contains { ["NBA", "NHL"].contains($0) }
      })
    let bad = try send("GET", "/api/map/pins?sport=MLB,cricket")
    XCTAssertEqual(bad.status, 400)
    XCTAssertTrue(bad.text.contains(#""field": "sport""#), bad.text)
    XCTAssertTrue(bad.text.contains("(got 'cricket')"), bad.text)
    XCTAssertEqual(try send("GET", "/api/map/pins?team=CHC").status, 400)
  }

  func testTiles_noneUnlessConfigured() throws {
    let tiles = try send("GET", "/api/map/tiles")
    XCTAssertEqual(tiles.status, 200)
    XCTAssertTrue(try object(tiles)["tiles"] is NSNull, tiles.text)
  }
}

/// The app configured with a tile server (`serve --tiles`).
final class MapTilesAPITests: APITestCase {
  override func configuration() -> SportsTimeApp.Configuration {
    var configuration = super.configuration()
    configuration.appFiles = TestData.repositoryFile("Sources/SportsTimeServer/Resources/app")
    configuration.tiles = try? MapTileSource(
      urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png", attribution: "© Example <b>maps</b>")
    return configuration
  }

  func testTiles_theConfiguredSource() throws {
    let tiles = try XCTUnwrap(
      try object(try send("GET", "/api/map/tiles"))["tiles"] as? [String: Any])
    XCTAssertEqual(tiles["urlTemplate"] as? String, "https://tile.example.org/{z}/{x}/{y}.png")
    XCTAssertEqual(tiles["attribution"] as? String, "© Example <b>maps</b>")
  }

  func testTheMapPage() throws {
    let page = try send("GET", "/map", headers: ["Accept": "text/html"])
    XCTAssertEqual(page.status, 200)
    XCTAssertTrue(page.text.contains(#"data-action="reset-view""#), page.text)
    XCTAssertTrue(page.text.contains("/app/map.js"))
    let script = try send("GET", "/app/map.js")
    XCTAssertEqual(script.status, 200)
    XCTAssertTrue(script.text.contains("/api/map/viewport"))
  }
}
