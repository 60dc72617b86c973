import Foundation
import SportsTimeServer
import SportsTimeTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The HTTP layer on a real socket: what reaches the handler, the body
/// limit, concurrency, event streams and a clean stop.
final class HTTPServerTests: XCTestCase {
  func start(
    maximumBodySize: Int = 1 << 20, _ handler: @escaping HTTPServer.Handler
  ) throws -> (HTTPServer, RawHTTPClient) {
    let server = HTTPServer(
      host: "127.0.0.1", port: 0, maximumBodySize: maximumBodySize, handler: handler)
    try server.start()
    addTeardownBlock { server.stop() }
    XCTAssertGreaterThan(server.port, 0)
    return (server, RawHTTPClient(port: server.port))
  }

  static func echo(_ request: HTTPRequest) -> HTTPResponse {
    let text = [
      request.method, request.path,
      request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
        separator: "&"),
      request.header("X-Test") ?? "-", String(decoding: request.body, as: UTF8.self),
    ].joined(separator: "|")
    return HTTPResponse(
      status: 200, contentType: "text/plain", bytes: Data(text.utf8),
      headers: [HTTPHeader("X-Answer", "yes")])
  }

  func testRequests_reachTheHandlerWithMethodPathQueryHeadersAndBody() throws {
    let (_, client) = try start { Self.echo($0) }
    let get = try client.send(
      "GET", "/api/games?team=CHC&from=2024-06-01&flag", headers: ["X-Test": "a"])
    XCTAssertEqual(get.status, 200)
    XCTAssertEqual(get.text, "GET|/api/games|flag=&from=2024-06-01&team=CHC|a|")
    XCTAssertEqual(get.headers["x-answer"], "yes")
    XCTAssertEqual(get.headers["content-type"], "text/plain")
    let post = try client.send(
      "POST", "/api/trips/%C3%A9t%C3%A9", body: Data(#"{"name": "Été"}"#.utf8))
    XCTAssertEqual(post.text, #"POST|/api/trips/été||-|{"name": "Été"}"#)
    let status = try start { _ in HTTPResponse(status: 404) }.1.send("DELETE", "/x")
    XCTAssertEqual(status.status, 404)
    XCTAssertEqual(status.body, Data())
  }

  func testBodyOverTheLimit_is413AndNeverReachesTheHandler() throws {
    let calls = Locked(0)
    let (_, client) = try start(maximumBodySize: 1000) { request in
      calls.update { $0 += 1 }
      return Self.echo(request)
    }
    let fits = try client.send("POST", "/p", body: Data(repeating: 65, count: 1000))
    XCTAssertEqual(fits.status, 200)
    let big = try client.send("POST", "/p", body: Data(repeating: 65, count: 1001))
    XCTAssertEqual(big.status, 413)
    XCTAssertTrue(big.text.contains("larger than 1000 bytes"), big.text)
    XCTAssertEqual(calls.current, 1)
    // A 3 MiB body against the default 1 MiB limit.
    let (_, standard) = try start { Self.echo($0) }
    XCTAssertEqual(
      try standard.send("POST", "/p", body: Data(repeating: 66, count: 3 << 20)).status, 413)
  }

  func testConcurrentRequests_areAllAnswered_eachWithItsOwnBody() throws {
    let (_, client) = try start { request in
      try? await Task.sleep(nanoseconds: 20_000_000)
      return Self.echo(request)
    }
    let answers = Locked([Int: String]())
    DispatchQueue.concurrentPerform(iterations: 64) { n in
      let text =
        (try? client.send("POST", "/n/\(n)", body: Data("body \(n)".utf8)).text) ?? "failed"
      answers.update { $0[n] = text }
    }
    let all = answers.current
    XCTAssertEqual(all.count, 64)
    for n in 0..<64 { XCTAssertEqual(all[n], "POST|/n/\(n)||-|body \(n)") }
  }

  func testEventStream_deliversEachEventAsItIsSent() throws {
    let stream = EventStream()
    let (_, client) = try start { _ in
      HTTPResponse(
        status: 200,
        headers: [
          HTTPHeader("Content-Type", "text/event-stream"), HTTPHeader("Cache-Control", "no-store"),
        ],
        body: .events(stream))
    }
    let fd = try client.connect()
    defer { close(fd) }
    try client.write(fd, Data("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    func readUntil(_ needle: String) -> String {
      var seen = Data()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !String(decoding: seen, as: UTF8.self).contains(needle) {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        seen.append(contentsOf: buffer[0..<n])
      }
      return String(decoding: seen, as: UTF8.self)
    }
    stream.send(event: "trip-changed", data: #"{"id": "a", "revision": 2}"#)
    let first = readUntil("revision\": 2}")
    XCTAssertTrue(first.hasPrefix("HTTP/1.1 200"), first)
    XCTAssertTrue(
      first.contains("event: trip-changed\r\n") || first.contains("event: trip-changed\n"), first)
    // Nothing queued: the connection waits; the next event arrives later.
    Thread.sleep(forTimeInterval: 0.2)
    stream.send(event: "trip-changed", data: "two\nlines")
    let second = readUntil("data: lines")
    XCTAssertTrue(second.contains("data: two\n"), second)
    stream.close()
    XCTAssertTrue(stream.isClosed)
  }

  func testStop_answersTheRequestInFlightThenRefusesConnections() throws {
    let server = HTTPServer(host: "127.0.0.1", port: 0) { request in
      try? await Task.sleep(nanoseconds: 400_000_000)
      return Self.echo(request)
    }
    try server.start()
    let client = RawHTTPClient(port: server.port)
    let answer = Locked<String?>(nil)
    let done = expectation(description: "answered")
    DispatchQueue.global().async {
      answer.update { $0 = try? client.send("GET", "/slow").text }
      done.fulfill()
    }
    // Until the request is in (its handler then sleeps 0.4 s).
    let deadline = Date().addingTimeInterval(10)
    while server.requestsInFlight == 0, Date() < deadline { usleep(2_000) }
    XCTAssertEqual(server.requestsInFlight, 1, "the request arrived")
    server.stop()
    wait(for: [done], timeout: 10)
    XCTAssertEqual(answer.current, "GET|/slow||-|")
    XCTAssertThrowsError(try client.send("GET", "/after"))
  }

  func testStart_explainsAHostThatIsNoAddressAndAPortInUse() throws {
    let bad = HTTPServer(host: "example.com", port: 0) { Self.echo($0) }
    XCTAssertThrowsError(try bad.start()) { error in
      XCTAssertEqual(
        String(describing: error),
        "'example.com' is not an IP address (give one such as 127.0.0.1 or ::1, or localhost)")
    }
    let (first, _) = try start { Self.echo($0) }
    let second = HTTPServer(host: "127.0.0.1", port: first.port) { Self.echo($0) }
    XCTAssertThrowsError(try second.start()) { error in
      XCTAssertTrue(
        String(describing: error).hasPrefix("cannot listen on 127.0.0.1:\(first.port): "),
        String(describing: error))
    }
  }
}
