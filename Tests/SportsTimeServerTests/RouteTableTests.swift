import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeServer

/// The route table as a second service would use it: a small table of its
/// own (a sync server's devices and records), its own context and
/// parameter types, no app.
final class RouteTableTests: XCTestCase {
  /// What the sync-like service's handlers are given.
  struct Service: Sendable {
    var name: String
  }

  /// A device number in a path; anything else is the service's own 404.
  struct DeviceNumber: PathParameter, Equatable {
    var value: Int
    init(pathSegment: String) throws {
      guard let value = Int(pathSegment), value >= 1 else { throw NoSuchDevice(text: pathSegment) }
      self.value = value
    }
  }

  struct NoSuchDevice: Error, Equatable {
    var text: String
  }

  /// The answer's body as text.
  static func text(_ response: HTTPResponse?) -> String {
    String(decoding: response?.bytes ?? Data(), as: UTF8.self)
  }

  static func answer(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, contentType: "text/plain", bytes: Data(text.utf8))
  }

  /// `/devices` (GET, POST), `/devices/:device` (GET, DELETE),
  /// `/devices/:device/records/:record` (PUT), `/files/*` (GET),
  /// `/stream` (GET without HEAD), `/devices/mine` (a literal beside
  /// `:device`), `/export.:format` and a page taking any query.
  func table() -> RouteTable<Service> {
    var table = RouteTable<Service>(alwaysAccepted: ["token"])
    table.add("GET", "/devices", query: ["since"]) { request, service in
      Self.answer(
        "\(service.name) list since=\(request.query["since"] ?? "-") \(request.http.method)")
    }
    table.add("POST", "/devices") { request, _ in
      Self.answer("add \(String(decoding: request.body, as: UTF8.self))")
    }
    table.add("GET", "/devices/:device") { (device: DeviceNumber, _, _) in
      Self.answer("device \(device.value)")
    }
    table.add("DELETE", "/devices/:device") { (device: DeviceNumber, _, _) in
      Self.answer("deleted \(device.value)")
    }
    table.add("GET", "/devices/mine") { _, _ in Self.answer("mine") }
    table.add("PUT", "/devices/:device/records/:record") {
      (device: DeviceNumber, record: Trip.ID, _, _) in
      Self.answer("record \(record) of \(device.value)")
    }
    table.add("GET", "/files/*", query: nil) { request, _ in
      Self.answer("file \(request.rest.joined(separator: "/"))")
    }
    table.add("GET", "/stream", head: false) { _, _ in Self.answer("stream") }
    table.add("GET", "/export.:format") { (format: String, _, _) in Self.answer("as \(format)") }
    return table
  }

  func answer(
    _ method: String, _ path: String, query: [String: String] = [:], repeated: [String] = [],
    body: String = ""
  ) async throws -> HTTPResponse? {
    try await table().answer(
      HTTPRequest(
        method: method, path: path, query: query, repeatedQuery: repeated,
        body: Data(body.utf8)), Service(name: "sync"))
  }

  /// The error `answer` throws.
  func refusal(
    _ method: String, _ path: String, query: [String: String] = [:], repeated: [String] = []
  ) async -> (any Error)? {
    do {
      _ = try await answer(method, path, query: query, repeated: repeated)
      return nil
    } catch {
      return error
    }
  }

  func testHandlersReceiveTypedParametersAndTheContext() async throws {
    let answer1 = Self.text(try await answer("GET", "/devices"))
    XCTAssertEqual(answer1, "sync list since=- GET")
    let answer2 = Self.text(try await answer("GET", "/devices/12"))
    XCTAssertEqual(answer2, "device 12")
    let answer3 = Self.text(try await answer("DELETE", "/devices/3/"))
    XCTAssertEqual(answer3, "deleted 3")
    let answer4 = Self.text(try await answer("POST", "/devices", body: "{}"))
    XCTAssertEqual(answer4, "add {}")
    let id = "3f2a0c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b"
    let record = Self.text(try await answer("PUT", "/devices/7/records/\(id)"))
    XCTAssertEqual(record, "record \(id) of 7")
  }

  func testThePathsNoPatternMatchesAreTheCallers() async throws {
    for path in ["/", "/device", "/devices/1/records", "/devices/1/records/x/y", "/files"] {
      let answer = try await answer("GET", path)
      XCTAssertNil(answer, path)
    }
  }

  func testTheMostSpecificPatternWins() async throws {
    let answer5 = Self.text(try await answer("GET", "/devices/mine"))
    XCTAssertEqual(answer5, "mine")
    let answer6 = Self.text(try await answer("GET", "/files/a/b.txt"))
    XCTAssertEqual(answer6, "file a/b.txt")
    let answer7 = Self.text(try await answer("GET", "/export.ics"))
    XCTAssertEqual(answer7, "as ics")
  }

  func testAMethodThePathLacks_is405WithAllow() async throws {
    let refused = await refusal("PATCH", "/devices/4") as? MethodNotAllowed
    XCTAssertEqual(refused?.allowed, ["GET", "DELETE", "HEAD"])
    XCTAssertEqual(refused?.message, "/devices/4 answers GET, DELETE, not PATCH")
    let put = await refusal("GET", "/devices/4/records/\(UUID())") as? MethodNotAllowed
    XCTAssertEqual(put?.allowed, ["PUT"], "no GET: no HEAD")
    // The app's answer: 405, the error document and Allow.
    let response = SportsTimeApp.errorResponse(try XCTUnwrap(refused))
    XCTAssertEqual(response.status, 405)
    XCTAssertEqual(response.header("Allow"), "GET, DELETE, HEAD")
    XCTAssertTrue(Self.text(response).contains(#""kind": "invalid-input""#), Self.text(response))
  }

  func testHEADRunsTheGETHandler_unlessTheRouteSaysNo() async throws {
    let head = try await answer("HEAD", "/devices", query: ["since": "5"])
    XCTAssertEqual(Self.text(head), "sync list since=5 GET", "the handler sees GET")
    let answer8 = Self.text(try await answer("HEAD", "/devices/2"))
    XCTAssertEqual(answer8, "device 2")
    let stream = await refusal("HEAD", "/stream") as? MethodNotAllowed
    XCTAssertEqual(stream?.allowed, ["GET"])
    XCTAssertEqual(stream?.message, "/stream answers GET, not HEAD")
    let post = await refusal("HEAD", "/devices/2/records/\(UUID())") as? MethodNotAllowed
    XCTAssertEqual(post?.allowed, ["PUT"])
  }

  func testUnknownQueryParametersAreRefusedByName() async throws {
    let unknown = await refusal("GET", "/devices", query: ["until": "1"]) as? QueryParameterRefused
    XCTAssertEqual(unknown?.name, "until")
    XCTAssertEqual(
      unknown?.message, "the query has an unknown parameter 'until' (it reads since)")
    let none = await refusal("DELETE", "/devices/1", query: ["force": ""]) as? QueryParameterRefused
    XCTAssertEqual(
      none?.message, "the query has an unknown parameter 'force' (this address reads no query)")
    // POST too: each route declares what it reads.
    let post = await refusal("POST", "/devices", query: ["b": "1", "a": "1"])
    XCTAssertEqual((post as? QueryParameterRefused)?.name, "a", "the first by name")
    // The table's own: taken by every route.
    let token = try await answer("GET", "/devices/1", query: ["token": "x"])
    XCTAssertEqual(Self.text(token), "device 1")
    // A route declaring none takes any (a page).
    let page = try await answer(
      "GET", "/files/x", query: ["a": "1", "b": "2"], repeated: ["a"])
    XCTAssertEqual(Self.text(page), "file x")
  }

  func testRepeatedQueryParametersAreRefusedFirst() async throws {
    let repeated =
      await refusal(
        "GET", "/devices", query: ["since": "1"], repeated: ["since"]) as? QueryParameterRefused
    XCTAssertEqual(repeated?.name, "since")
    XCTAssertEqual(repeated?.message, "the query gives 'since' more than once; give it once")
    // Before the method and the parameters are looked at.
    let wrong = await refusal("PATCH", "/devices/x", query: ["a": "1"], repeated: ["a"])
    XCTAssertEqual((wrong as? QueryParameterRefused)?.name, "a")
  }

  func testAParameterThatDoesNotParse_isItsTypesError_beforeTheMethod() async throws {
    let bad = await refusal("GET", "/devices/zero") as? NoSuchDevice
    XCTAssertEqual(bad, NoSuchDevice(text: "zero"))
    let wrongMethod = await refusal("PATCH", "/devices/zero") as? NoSuchDevice
    XCTAssertEqual(wrongMethod, NoSuchDevice(text: "zero"), "the id before the method")
    let record = await refusal("PUT", "/devices/1/records/nope")
    XCTAssertEqual((record as? APIError)?.status, 404, "Trip.ID's own 404")
  }

  /// The app's table: every API route is in it (the methods of each
  /// path, in the order `Allow` lists them), the attended games with the
  /// trip's routes.
  func testTheAppsTableHoldsEveryRoute() {
    let routes = SportsTimeApp.routeTable()
    XCTAssertEqual(routes.methods(of: "/api/trips"), ["GET", "POST"])
    XCTAssertEqual(routes.methods(of: "/api/trips/:trip"), ["GET", "PATCH", "DELETE"])
    XCTAssertEqual(routes.methods(of: "/api/trips/:trip/attended"), ["POST"])
    XCTAssertEqual(routes.methods(of: "/api/trips/:trip/items/:item"), ["PATCH", "DELETE"])
    XCTAssertEqual(routes.methods(of: "/api/visits/:visit"), ["PATCH", "DELETE"])
    XCTAssertEqual(routes.methods(of: "/api/map/viewport"), ["GET", "PUT"])
    XCTAssertEqual(routes.methods(of: "/api/plan/searches/:search"), ["DELETE"])
    XCTAssertEqual(routes.routes.count, 52)
  }
}

/// The app's table on a real server: HEAD answers what GET would, header
/// fields only, on API routes and pages alike.
final class RouteTableServerTests: APITestCase {
  func testHEAD_ofEveryKindOfGETRoute_isItsHeadersWithoutTheBody() throws {
    let trip = tripID(try makeDemoTrip())
    for target in [
      "/api/trips", "/api/trips/\(trip)", "/api/trips/\(trip)/route",
      "/api/trips/\(trip)/export.ics", "/api/games?team=DET&from=2024-06-07&to=2024-06-09",
      "/api/venues", "/api/plan/sorts", "/api/map/tiles", "/api/progress", "/basemap.json",
    ] {
      let get = try send("GET", target)
      let head = try send("HEAD", target)
      XCTAssertEqual(get.status, 200, target)
      XCTAssertEqual(head.status, get.status, target)
      XCTAssertEqual(head.body, Data(), target)
      var expected = get.headers
      var got = head.headers
      for volatile in ["date", "connection"] {
        expected[volatile] = nil
        got[volatile] = nil
      }
      XCTAssertEqual(got, expected, target)
    }
  }

  func testAWriteGivenAQueryParameterItDoesNotRead_isRefusedAndChangesNothing() throws {
    let document = try makeDemoTrip()
    let trip = tripID(document)
    let refused = try send(
      "POST", "/api/trips/\(trip)/items?revision=1", json: ["title": "Not added"])
    XCTAssertEqual(refused.status, 400, refused.text)
    let error = try XCTUnwrap(try object(refused)["error"] as? [String: Any])
    XCTAssertEqual(error["field"] as? String, "revision")
    let after = try object(try send("GET", "/api/trips/\(trip)"))
    XCTAssertEqual(after["revision"] as? Int, document["revision"] as? Int)
  }

  /// Review of issue 29: an id followed by `%00` and anything found the
  /// trip (libmicrohttpd decodes `%00` into a NUL that ends the path) and
  /// a PATCH renamed it. A target holding `%00` is refused.
  func testATargetWithANulInIt_isRefusedAndChangesNothing() throws {
    let document = try makeDemoTrip()
    let trip = tripID(document)
    let renamed = try send("PATCH", "/api/trips/\(trip)%00xyz", json: ["name": "NUL renamed"])
    XCTAssertEqual(renamed.status, 400, renamed.text)
    XCTAssertTrue(renamed.text.contains("%00 (a NUL character)"), renamed.text)
    XCTAssertEqual(try send("GET", "/api/trips/\(trip)%00garbage/route").status, 400)
    XCTAssertEqual(try send("GET", "/api/trips?x=%00").status, 400)
    let after = try object(try send("GET", "/api/trips/\(trip)"))
    XCTAssertEqual(after["revision"] as? Int, document["revision"] as? Int)
  }

  /// Review of issue 29: `?&&&` was "the query gives '' more than once",
  /// and HEAD of an unknown API path announced a longer body than GET's
  /// (its message named HEAD).
  func testEmptyQueryNamesAreNoParameters_andHEADOfAMissingRouteIsGETs() throws {
    let plain = try send("GET", "/api/games?team=DET&from=2024-06-07&to=2024-06-09")
    let ampersands = try send("GET", "/api/games?&&team=DET&&from=2024-06-07&to=2024-06-09&")
    XCTAssertEqual(ampersands.status, 200, ampersands.text)
    XCTAssertEqual(ampersands.body, plain.body)
    let get = try send("GET", "/api/nope")
    let head = try send("HEAD", "/api/nope")
    XCTAssertEqual(get.status, 404)
    XCTAssertEqual(head.status, 404)
    XCTAssertEqual(head.headers["content-length"], get.headers["content-length"])
  }
}
