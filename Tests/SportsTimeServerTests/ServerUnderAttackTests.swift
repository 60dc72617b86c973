import Foundation
import SportsTimeServer
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// Issue 28, "The server under attack": what a hostile or unlucky client
/// could do to the app server, each refused or survived.
final class ServerUnderAttackTests: APITestCase {
  /// Sends `request` on a connection of its own and returns everything
  /// read until the server closes it (or 10 s pass).
  func raw(_ request: String) throws -> String {
    let fd = try client.connect()
    defer { close(fd) }
    try client.write(fd, Data(request.utf8))
    var seen = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      seen.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: seen, as: UTF8.self)
  }

  var host: String { "127.0.0.1:\(server.port)" }

  // MARK: Blocking work off the shared threads

  /// Another process holds the database's write lock: the writes sent
  /// meanwhile wait for it, and a static file, the trip list and another
  /// trip are still answered while it is held (before, the writes took
  /// every thread Swift's tasks share and everything waited).
  func testAWriteWaitingForTheLock_doesNotStallFilesOrReads() throws {
    let waiting = try tripID(makeDemoTrip(name: "Waiting"))
    let other = try tripID(makeDemoTrip(name: "Other"))
    let holder = try Store(path: databasePath, busyTimeoutMilliseconds: 100)
    defer { try? holder.close() }
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holding = Locked(true)
    let released = expectation(description: "lock released")
    Thread.detachNewThread {
      try? holder.transaction {
        held.signal()
        _ = release.wait(timeout: .now() + 8)
        holding.update { $0 = false }
      }
      released.fulfill()
    }
    held.wait()
    // More writes than the machine has cores (Swift's tasks share that
    // many threads).
    let writers = ProcessInfo.processInfo.activeProcessorCount + 2
    let statuses = Locked([Int]())
    let written = expectation(description: "writes answered")
    written.expectedFulfillmentCount = writers
    for n in 0..<writers {
      let port = server.port
      Thread.detachNewThread {
        let body = Data(#"{"title": "Waiting \#(n)"}"#.utf8)
        let status =
          (try? RawHTTPClient(port: port).send(
            "POST", "/api/trips/\(waiting)/items", headers: ["Content-Type": "application/json"],
            body: body
          ).status) ?? -1
        statuses.update { $0.append(status) }
        written.fulfill()
      }
    }
    // Every write has arrived (and waits, for the lock or for the store).
    let deadline = Date().addingTimeInterval(10)
    while server.requestsInFlight < writers, Date() < deadline { usleep(2_000) }
    XCTAssertEqual(server.requestsInFlight, writers)
    let css = try client.send("GET", "/vendor/sortable/Sortable.min.js")
    let list = try client.send("GET", "/api/trips")
    let document = try client.send("GET", "/api/trips/\(other)")
    let answeredWhileHeld = holding.current
    release.signal()
    XCTAssertTrue(answeredWhileHeld, "the reads waited for the other process's lock")
    XCTAssertEqual(css.status, 200)
    XCTAssertEqual(list.status, 200, list.text)
    XCTAssertEqual(document.status, 200, document.text)
    XCTAssertTrue(document.text.contains("\"name\": \"Other\""), document.text)
    wait(for: [released, written], timeout: 20)
    XCTAssertEqual(statuses.current, Array(repeating: 201, count: writers))
  }

  // MARK: Connections and bodies

  /// Without its token a request is refused as soon as its head arrives:
  /// the server does not wait for (or keep) the body it announced.
  func testAnnouncedBody_tooLargeOrToAPage_isRefusedBeforeItIsSent() throws {
    // Expect: 100-continue with 5 MB: 413 at once, no "100 Continue".
    let big = try raw(
      "POST /api/trips HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
        + "Expect: 100-continue\r\nContent-Length: 5000000\r\n\r\n")
    XCTAssertTrue(big.hasPrefix("HTTP/1.1 413"), big)
    XCTAssertTrue(big.contains("the request body is larger than 1048576 bytes"), big)
    // The same without Expect: answered without the body.
    let plain = try raw(
      "POST /api/trips HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
        + "Content-Length: 2000000\r\n\r\n")
    XCTAssertTrue(plain.hasPrefix("HTTP/1.1 413"), plain)
    // A page takes no body: 405 before it.
    let page = try raw(
      "POST /app/app.css HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
        + "Content-Length: 1000\r\n\r\n")
    XCTAssertTrue(page.hasPrefix("HTTP/1.1 405"), page)
    XCTAssertTrue(page.contains("/app/app.css answers GET, HEAD, not POST"), page)
  }

  /// Thousands of query parameters: 400 with a message (before, the
  /// connection hung until its timeout and closed without an answer).
  func testThousandsOfQueryParameters_are400WithAMessage() throws {
    let query = (0..<3000).map { "p\($0)=1" }.joined(separator: "&")
    let answer = try send("GET", "/api/trips?\(query)")
    XCTAssertEqual(answer.status, 400, answer.text)
    XCTAssertTrue(
      answer.text.contains(
        "the address has more than 100 query parameters; no page or route reads that many"),
      answer.text)
    // A hundred is read (and refused as unknown, naming the first).
    let hundred = (0..<100).map { "p\($0)=1" }.joined(separator: "&")
    let unknown = try send("GET", "/api/trips?\(hundred)")
    XCTAssertEqual(unknown.status, 400)
    XCTAssertTrue(unknown.text.contains("unknown parameter 'p0'"), unknown.text)
  }

  // MARK: A write's answer

  /// Adds while another client undoes: every add's answer carries the row
  /// it added, as the add left the trip (before, about 1 in 12 came back
  /// without its row when an undo committed between the add and the
  /// read of its answer).
  func testAddAnswers_carryTheirRow_whileAnotherClientUndoes() throws {
    let trip = try tripID(makeDemoTrip())
    let port = server.port
    let adding = Locked(true)
    let undone = expectation(description: "undoer stopped")
    Thread.detachNewThread {
      let undoer = RawHTTPClient(port: port)
      while adding.current {
        _ = try? undoer.send(
          "POST", "/api/trips/\(trip)/undo", headers: ["Content-Type": "application/json"],
          body: Data("{}".utf8))
      }
      undone.fulfill()
    }
    var missing: [String] = []
    var added = 0
    let deadline = Date().addingTimeInterval(60)
    for n in 0..<150 where Date() < deadline {
      let answer = try send("POST", "/api/trips/\(trip)/items", json: ["title": "Add \(n)"])
      guard answer.status == 201 else { continue }
      added += 1
      let row = try object(answer)["row"] as? [String: Any]
      if (row?["title"] as? String) != "Add \(n)" { missing.append(answer.text) }
    }
    adding.update { $0 = false }
    wait(for: [undone], timeout: 20)
    XCTAssertGreaterThan(added, 100)
    XCTAssertEqual(missing.count, 0, missing.first ?? "")
  }

  // MARK: Queries, headers, numbers

  /// The GET routes that read no query refuse one (docs/API.md: 400 for a
  /// query parameter the request does not read).
  func testUnknownQueryParameters_areRefusedOnEveryGETRoute() throws {
    let document = try makeDemoTrip()
    let trip = tripID(document)
    let row = (rows(document).first?["id"] as? String) ?? ""
    for path in [
      "/api/trips", "/api/trips/\(trip)", "/api/trips/\(trip)/route",
      "/api/trips/\(trip)/drag/\(row)", "/api/trips/\(trip)/export.md",
      "/api/trips/\(trip)/export.ics", "/api/events",
    ] {
      let answer = try send("GET", path + "?bogus=1")
      XCTAssertEqual(answer.status, 400, path + ": " + answer.text)
      XCTAssertTrue(
        answer.text.contains("the query has an unknown parameter 'bogus'"), path + answer.text)
      XCTAssertTrue(answer.text.contains(#""field": "bogus""#), path + answer.text)
    }
    // The token is always allowed (off loopback it is how a page arrives).
    XCTAssertEqual(try send("GET", "/api/trips/\(trip)?token=x").status, 200)
  }

  /// Two Host fields: 400 (RFC 9112 §3.2), whichever comes first.
  func testTwoHostHeaders_areRefused() throws {
    for second in ["evil.example", host] {
      let answer = try raw(
        "GET /api/trips HTTP/1.1\r\nHost: \(host)\r\nhost: \(second)\r\nConnection: close\r\n\r\n")
      XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400"), answer)
      XCTAssertTrue(
        answer.contains("the request names its host twice (two Host headers); send one"), answer)
    }
    XCTAssertEqual(try send("GET", "/api/trips").status, 200)
  }

  /// A revision too large for any trip is out of range, in the query and
  /// in a body (before: "must be a whole number").
  func testAHugeRevision_isOutOfRange() throws {
    let trip = try tripID(makeDemoTrip())
    let message = "revision is out of range (a whole number from 1 up to 999999999999999)"
    let query = try send("DELETE", "/api/trips/\(trip)?revision=123456789012345678901234567890")
    XCTAssertEqual(query.status, 400)
    XCTAssertTrue(query.text.contains(message), query.text)
    let body = try client.send(
      "PATCH", "/api/trips/\(trip)", headers: ["Content-Type": "application/json"],
      body: Data(#"{"name": "X", "revision": 1e300}"#.utf8))
    XCTAssertEqual(body.status, 400)
    XCTAssertTrue(body.text.contains(message), body.text)
    let small = try send("DELETE", "/api/trips/\(trip)?revision=abc")
    XCTAssertTrue(small.text.contains("revision must be a whole number from 1 up"), small.text)
  }
}

/// The connection limits of the HTTP layer (HTTPServer.Limits).
final class ConnectionLimitTests: XCTestCase {
  /// A connection from `source` (a loopback address) to `port`; -1 when
  /// it cannot be made.
  func connect(from source: String, to port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    _ = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var remote = sockaddr_in()
    remote.sin_family = sa_family_t(AF_INET)
    remote.sin_port = port.bigEndian
    remote.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &remote) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return result == 0 ? fd : -1
  }

  /// The status line of a GET sent on `fd` ("" when the server closed it).
  func status(_ fd: Int32, port: UInt16) -> String {
    let request = "GET /x HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    _ = request.withCString { write(fd, $0, strlen($0)) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0 else { return "" }
    return String(decoding: buffer[0..<n], as: UTF8.self).components(separatedBy: "\r\n")[0]
  }

  /// A connection that sends nothing is closed after `idleSeconds`
  /// (before: 30 s, fixed), and its place is free again.
  func testAnIdleConnection_isClosedAfterTheIdleTimeout() throws {
    var limits = HTTPServer.Limits()
    limits.idleSeconds = 1
    limits.perAddress = 1
    let server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in
      HTTPResponse(status: 200, contentType: "text/plain", bytes: Data("ok".utf8))
    }
    try server.start()
    defer { server.stop() }
    let idle = connect(from: "127.0.0.1", to: server.port)
    defer { close(idle) }
    // `connect` gives up reading after 5 s: closed before then, by the
    // 1 s idle timeout.
    var byte: UInt8 = 0
    XCTAssertEqual(read(idle, &byte, 1), 0, "closed by the server")
    let next = connect(from: "127.0.0.1", to: server.port)
    defer { close(next) }
    XCTAssertEqual(status(next, port: server.port), "HTTP/1.1 200 OK")
  }

  /// Idle connections from one address cannot take every connection: past
  /// `perAddress` that address is refused, another is still served, and
  /// the total is capped too.
  func testIdleConnections_fromOneAddress_doNotLockOthersOut() throws {
    var limits = HTTPServer.Limits()
    limits.perAddress = 4
    limits.connections = 6
    let server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in
      HTTPResponse(status: 200, contentType: "text/plain", bytes: Data("ok".utf8))
    }
    try server.start()
    defer { server.stop() }
    let port = server.port
    let idle = (0..<4).map { _ in connect(from: "127.0.0.1", to: port) }
    defer { for fd in idle { close(fd) } }
    XCTAssertTrue(idle.allSatisfy { $0 >= 0 })
    let fifth = connect(from: "127.0.0.1", to: port)
    defer { close(fifth) }
    XCTAssertEqual(status(fifth, port: port), "", "a fifth connection from one address")
    let other = connect(from: "127.0.0.2", to: port)
    defer { close(other) }
    XCTAssertEqual(status(other, port: port), "HTTP/1.1 200 OK")
    let second = connect(from: "127.0.0.3", to: port)
    defer { close(second) }
    XCTAssertEqual(status(second, port: port), "HTTP/1.1 200 OK")
    // Six in all: a seventh, from a fourth address, waits unanswered.
    let seventh = connect(from: "127.0.0.4", to: port)
    defer { close(seventh) }
    XCTAssertEqual(status(seventh, port: port), "", "a seventh connection in all")
  }
}
