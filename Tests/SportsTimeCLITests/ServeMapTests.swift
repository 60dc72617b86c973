import Foundation
import SportsTimeTestSupport
import XCTest

/// The map screen's view is the CLI's: `sportstime map` prints the view
/// the app stored (`PUT /api/map/viewport` on a running `serve`) and the
/// app answers the view `map` stored; `serve --tiles` is checked.
extension ServeCommandTests {
  /// The port a started `serve` printed.
  func port(of served: Served) throws -> UInt16 {
    try XCTUnwrap(
      served.text.split(separator: "\n").first?.split(separator: ":").last.flatMap {
        UInt16($0.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
      }, served.text)
  }

  func testServeMap_theCLIPrintsTheViewTheAppStored_andViceVersa() throws {
    try installImported2024()
    let cli = try runOK(["map", "--zoom", "2", "--pan", "-0.25,0", "--json"]).stdout
    let served = try startServe(["--port", "0"])
    defer { served.stop() }
    let client = RawHTTPClient(port: try port(of: served))
    let stored = try client.send("GET", "/api/map/viewport")
    XCTAssertEqual(stored.status, 200)
    let view = try XCTUnwrap(try JSONSerialization.jsonObject(with: stored.body) as? [String: Any])
    let printed = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(cli.utf8)) as? [String: Any])
    for key in ["centerLatitude", "centerLongitude", "latitudeSpan", "longitudeSpan", "isDefault"] {
      XCTAssertEqual("\(view[key] ?? "none")", "\(printed[key] ?? "none")", key)
    }
    XCTAssertEqual(view["latitudeSpan"] as? Double, 14)

    // A pin tapped in the app: the CLI's map is there, with the card.
    let json = ["Content-Type": "application/json"]
    let focus = try client.send(
      "PUT", "/api/map/viewport", headers: json, body: Data(#"{"focus": "CHI11"}"#.utf8))
    XCTAssertEqual(focus.status, 200, focus.text)
    XCTAssertEqual(
      try runOK(["map"]).stdout,
      "Map view: 41.9484° N, 87.6553° W · 0.01° × 0.01° · focus: Wrigley Field, Chicago\n")
    // A view panned in the app.
    let body =
      #"{"centerLatitude": 40.25, "centerLongitude": -80.5, "latitudeSpan": 6, "longitudeSpan": 12.5}"#
    let put = try client.send("PUT", "/api/map/viewport", headers: json, body: Data(body.utf8))
    XCTAssertEqual(put.status, 200, put.text)
    XCTAssertEqual(
      try runOK(["map", "--json"]).stdout,
      """
      {
        "centerLatitude": 40.25,
        "centerLongitude": -80.5,
        "latitudeSpan": 6,
        "longitudeSpan": 12.5,
        "isDefault": false
      }

      """)
    // A bad one is refused and changes nothing the CLI sees.
    let bad = try client.send(
      "PUT", "/api/map/viewport", headers: json,
      body: Data(
        #"{"centerLatitude": 40, "centerLongitude": -80, "latitudeSpan": 0, "longitudeSpan": 1}"#
          .utf8))
    XCTAssertEqual(bad.status, 400, bad.text)
    XCTAssertTrue(bad.text.contains(#""field": "latitudeSpan""#), bad.text)
    XCTAssertTrue(
      try runOK(["map"]).stdout.hasPrefix("Map view: 40.2500° N, 80.5000° W · 6° × 12.5°"))
    // The CLI's reset: the app is at the default again.
    _ = try runOK(["map", "--reset"])
    let reset = try client.send("GET", "/api/map/viewport")
    XCTAssertTrue(reset.text.contains(#""isDefault": true"#), reset.text)
    XCTAssertTrue(reset.text.contains(#""focus": null"#), reset.text)
  }

  func testServeTiles_areCheckedAndServed() throws {
    let cases: [([String], String)] = [
      (
        ["--tiles", "ftp://tiles.example/{z}/{x}/{y}.png", "--tiles-attribution", "Example"],
        "Error: --tiles: the tile URL 'ftp://tiles.example/{z}/{x}/{y}.png' must start with https:// or http://"
      ),
      (
        ["--tiles", "https://tiles.example/{z}/{x}.png", "--tiles-attribution", "Example"],
        "Error: --tiles: the tile URL 'https://tiles.example/{z}/{x}.png' lacks {y}"
      ),
      (
        ["--tiles", "https://tiles.example/{z}/{x}/{y}.png"],
        "Error: --tiles needs --tiles-attribution TEXT, the credit the tile server asks for"
      ),
      (
        ["--tiles-attribution", "Example"],
        "Error: --tiles-attribution credits a tile server: give --tiles URL-TEMPLATE too"
      ),
    ]
    for (arguments, message) in cases {
      let result = try run(["serve", "--port", "0"] + arguments)
      XCTAssertEqual(result.status, 64, "\(arguments): \(result)")
      XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
      XCTAssertEqual(result.stdout, "")
    }
    let served = try startServe([
      "--port", "0", "--tiles", "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      "--tiles-attribution", "© OpenStreetMap contributors",
    ])
    defer { served.stop() }
    let tiles = try RawHTTPClient(port: try port(of: served)).send("GET", "/api/map/tiles")
    XCTAssertEqual(
      tiles.text,
      """
      {
        "tiles": {
          "urlTemplate": "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
          "attribution": "© OpenStreetMap contributors"
        }
      }

      """)
  }

  /// `map --reset --focus` and the app's `{"reset": true}` then `{"focus"}`
  /// are one rule (`MapChange`): the same view.
  func testServeMap_resetAndFocusAreOneRuleForBoth() throws {
    try installImported2024()
    let served = try startServe(["--port", "0"])
    defer { served.stop() }
    let client = RawHTTPClient(port: try port(of: served))
    let json = ["Content-Type": "application/json"]
    _ = try runOK(["map", "--zoom", "3"])
    for body in [#"{"reset": true}"#, #"{"focus": "CHI11"}"#] {
      let put = try client.send("PUT", "/api/map/viewport", headers: json, body: Data(body.utf8))
      XCTAssertEqual(put.status, 200, put.text)
    }
    let app = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: try client.send("GET", "/api/map/viewport").body) as? [String: Any])
    _ = try runOK(["map", "--zoom", "3"])
    let cli = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(try runOK(["map", "--reset", "--focus", "Wrigley", "--json"]).stdout.utf8))
        as? [String: Any])
    for key in ["centerLatitude", "centerLongitude", "latitudeSpan", "longitudeSpan", "isDefault"] {
      XCTAssertEqual("\(app[key] ?? "none")", "\(cli[key] ?? "none")", key)
    }
    XCTAssertEqual(app["focus"] as? String, "CHI11")
  }
}
