import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeStore
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The security refusals through the running app (each changes nothing),
/// its files, and live changes.
final class AppSecurityTests: APITestCase {
  func testForeignHostOriginAndNonJSON_areRefusedAndChangeNothing() throws {
    let body = ["name": "Sneaky", "games": ["CHC@2024-06-05"]] as [String: Any]
    let rebinding = try send("GET", "/api/trips", headers: ["Host": "evil.example:\(server.port)"])
    XCTAssertEqual(rebinding.status, 403, rebinding.text)
    XCTAssertEqual(
      (try object(rebinding)["error"] as? [String: Any])?["kind"] as? String, "forbidden")
    let csrf = try send(
      "POST", "/api/trips", json: body, headers: ["Origin": "http://evil.example"])
    XCTAssertEqual(csrf.status, 403, csrf.text)
    let form = try send(
      "POST", "/api/trips", json: body, headers: ["Content-Type": "text/plain"])
    XCTAssertEqual(form.status, 415, form.text)
    let huge = try client.send(
      "POST", "/api/trips", headers: ["Content-Type": "application/json"],
      body: Data(repeating: 32, count: (1 << 20) + 1))
    XCTAssertEqual(huge.status, 413)
    XCTAssertEqual(try store.trips().count, 0)
    // Every refusal — the policy's, the router's, the body limit's — is the
    // same error document, written as every other answer.
    let missing = try send("GET", "/api/nothing")
    let wrongMethod = try send("PUT", "/api/trips", json: [:])
    XCTAssertEqual(wrongMethod.status, 405, wrongMethod.text)
    for (answer, kind) in [
      (rebinding, "forbidden"), (csrf, "forbidden"), (form, "invalid-input"),
      (huge, "invalid-input"), (wrongMethod, "invalid-input"), (missing, "not-found"),
    ] {
      XCTAssertEqual(answer.headers["content-type"], "application/json", answer.text)
      XCTAssertEqual(answer.headers["x-frame-options"], "DENY", answer.text)
      XCTAssertEqual(answer.headers["content-security-policy"], "frame-ancestors 'none'")
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any], answer.text)
      XCTAssertEqual(error["kind"] as? String, kind, answer.text)
      XCTAssertFalse((error["message"] as? String ?? "").isEmpty)
      XCTAssertTrue(answer.text.hasPrefix("{\n  \"error\": {\n    \"kind\": "), answer.text)
      XCTAssertTrue(answer.text.hasSuffix("}\n"), answer.text)
    }
    let own = try send(
      "POST", "/api/trips", json: body, headers: ["Origin": "http://localhost:\(server.port)"])
    XCTAssertEqual(own.status, 201, own.text)
  }

  func testFiles_debianLibrariesServed_pathsCannotLeaveTheirFolder() throws {
    let sortable = try send("GET", "/vendor/sortable/Sortable.min.js")
    XCTAssertEqual(sortable.status, 200)
    XCTAssertEqual(sortable.headers["content-type"], "text/javascript; charset=utf-8")
    XCTAssertEqual(try send("GET", "/vendor/leaflet/leaflet.css").status, 200)
    for path in [
      "/vendor/sortable/../leaflet/leaflet.js", "/vendor/sortable/%2e%2e/%2e%2e/passwd",
      "/vendor/nope/x.js", "/vendor/leaflet/../../../../etc/passwd", "/app/../../Package.swift",
    ] {
      XCTAssertEqual(try send("GET", path).status, 404, path)
    }
  }

  func testChangesFromAnotherConnection_reachTheEventStream() throws {
    let id = tripID(try makeDemoTrip())
    let events = try openEventStream()
    XCTAssertTrue(events.readUntil("connected", within: 2), events.text)
    // Another process's connection (as the CLI would be) renames the trip.
    let other = try Store(path: databasePath)
    _ = try other.renameTrip(
      id: try XCTUnwrap(Trip.ID(parsing: id)), to: "Renamed elsewhere", now: Date())
    try other.close()
    XCTAssertTrue(
      events.readUntil("\"revision\": 2", within: 2), events.text)
    XCTAssertTrue(events.text.contains("event: trip-changed"))
    XCTAssertTrue(events.text.contains(id))
  }
}

/// Review 7, F6: open event streams are capped, so they cannot take every
/// connection, and the API still answers. (A stream its client closed frees
/// its place when the server next writes to it: the heartbeat, ≤ 15 s.)
final class EventStreamLimitTests: APITestCase {
  func testEventStreams_areCapped_andTheAPIStillAnswers() throws {
    func openStream() throws -> (fd: Int32, head: String) {
      let fd = try client.connect()
      try client.write(
        fd, Data("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
      var seen = Data()
      var buffer = [UInt8](repeating: 0, count: 4096)
      let deadline = Date().addingTimeInterval(5)
      while Date() < deadline {
        let text = String(decoding: seen, as: UTF8.self)
        if text.contains("connected") || text.contains("\r\n\r\n{") && text.contains("}") {
          break
        }
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        seen.append(contentsOf: buffer[0..<n])
      }
      return (fd, String(decoding: seen, as: UTF8.self))
    }
    var open: [Int32] = []
    defer { for fd in open { close(fd) } }
    for _ in 0..<64 {
      let stream = try openStream()
      open.append(stream.fd)
      XCTAssertTrue(stream.head.hasPrefix("HTTP/1.1 200"), stream.head)
    }
    let refused = try openStream()
    close(refused.fd)
    XCTAssertTrue(refused.head.hasPrefix("HTTP/1.1 503"), refused.head)
    XCTAssertTrue(refused.head.contains("\"kind\": \"unavailable\""), refused.head)
    XCTAssertEqual(try send("GET", "/api/trips").status, 200)
    // Pages closed: their places are free at once (before, a closed
    // stream held its place until the next heartbeat, up to 15 s later).
    for fd in open.prefix(8) { close(fd) }
    open.removeFirst(8)
    for n in 0..<8 {
      var stream = try openStream()
      let deadline = Date().addingTimeInterval(2)
      while !stream.head.hasPrefix("HTTP/1.1 200"), Date() < deadline {
        close(stream.fd)
        stream = try openStream()
      }
      open.append(stream.fd)
      XCTAssertTrue(stream.head.hasPrefix("HTTP/1.1 200"), "stream \(n): \(stream.head)")
    }
    let full = try openStream()
    close(full.fd)
    XCTAssertTrue(full.head.hasPrefix("HTTP/1.1 503"), full.head)
  }
}

/// Bound off loopback, the app wants its token on every request.
final class AppTokenTests: APITestCase {
  override func configuration() -> SportsTimeApp.Configuration {
    SportsTimeApp.Configuration(host: "0.0.0.0", port: 0, token: "t0ken")
  }

  /// Without the token a request is refused as soon as its head has
  /// arrived: the body it announces is never waited for nor held (before,
  /// the server waited for the whole body, then refused).
  func testNoToken_isRefusedBeforeTheBody() throws {
    let fd = try client.connect()
    defer { close(fd) }
    try client.write(
      fd,
      Data(
        ("POST /api/trips HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
          + "Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n").utf8))
    var seen = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      seen.append(contentsOf: buffer[0..<n])
    }
    let text = String(decoding: seen, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("HTTP/1.1 401"), text)
    XCTAssertTrue(text.contains("this server needs its token"), text)
  }

  func testEveryRequestNeedsTheToken_thePageSetsItsCookie() throws {
    XCTAssertEqual(app.policy.token, "t0ken")
    XCTAssertEqual(try send("GET", "/api/trips").status, 401)
    XCTAssertEqual(
      try send("GET", "/api/trips", headers: ["Authorization": "Bearer nope"]).status, 401)
    XCTAssertEqual(
      try send("GET", "/api/trips", headers: ["Authorization": "Bearer t0ken"]).status, 200)
    let cookie = "sportstime_token_\(server.port)"
    XCTAssertEqual(
      try send("GET", "/api/trips", headers: ["Cookie": "\(cookie)=t0ken"]).status, 200)
    // Another port's cookie (a browser sends a host's cookies to all its
    // ports) is not this server's.
    XCTAssertEqual(
      try send("GET", "/api/trips", headers: ["Cookie": "sportstime_token_1=t0ken"]).status, 401)
    XCTAssertEqual(
      try send("GET", "/api/trips", headers: ["Cookie": "sportstime_token=t0ken"]).status, 401)
    let page = try send("GET", "/vendor/sortable/Sortable.min.js?token=t0ken")
    XCTAssertEqual(page.status, 303, "the token leaves the address")
    XCTAssertEqual(page.headers["location"], "/vendor/sortable/Sortable.min.js")
    XCTAssertEqual(
      page.headers["set-cookie"], "\(cookie)=t0ken; Path=/; HttpOnly; SameSite=Strict")
    let followed = try send(
      "GET", "/vendor/sortable/Sortable.min.js", headers: ["Cookie": "\(cookie)=t0ken"])
    XCTAssertEqual(followed.status, 200)
    // Other parameters stay; a path of slashes cannot send the browser elsewhere.
    XCTAssertEqual(
      try send("GET", "/trips/new?token=t0ken&x=a%20b").headers["location"], "/trips/new?x=a%20b")
    XCTAssertEqual(
      try send("GET", "//evil.example/?token=t0ken").headers["location"], "/evil.example/")
  }

  /// A browser without the token gets a page that says how to get in; a
  /// script gets the error document.
  func testWithoutTheToken_aBrowserIsToldHowToGetIn() throws {
    let page = try send("GET", "/", headers: ["Accept": "text/html,application/xhtml+xml"])
    XCTAssertEqual(page.status, 401)
    XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
    XCTAssertTrue(page.text.contains("This SportsTime server needs its token"), page.text)
    XCTAssertFalse(page.text.contains("t0ken"), "the page never shows the token")
    let script = try send("GET", "/", headers: ["Accept": "*/*"])
    XCTAssertEqual(script.status, 401)
    XCTAssertTrue(script.text.contains("\"kind\": \"unauthorized\""), script.text)
    let api = try send("GET", "/api/trips", headers: ["Accept": "text/html"])
    XCTAssertTrue(api.text.contains("\"kind\": \"unauthorized\""), api.text)
  }
}
