import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// An app server on a free loopback port over a fresh database holding the
/// real 2024 MLB schedule, and a client for it.
class APITestCase: XCTestCase {
  /// The 2024 schedule, parsed once for every test.
  static let schedule2024: Result<ScheduleImport, any Error> = Result {
    let url = TestData.retrosheetSchedule(2024)
    return try RetrosheetSchedule.parse(
      try String(contentsOf: url, encoding: .utf8), file: "2024schedule.csv",
      catalog: try Catalog.mlb())
  }

  private(set) var scratch: TemporaryDirectory!
  private(set) var store: Store!
  private(set) var app: SportsTimeApp!
  private(set) var server: HTTPServer!
  var databasePath: String { scratch.url.appendingPathComponent("api.sqlite").path }

  /// The configuration the test's app is made with.
  func configuration() -> SportsTimeApp.Configuration {
    SportsTimeApp.Configuration(
      host: "127.0.0.1", port: 0, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
  }

  /// The catalog the test's app is made with (the MLB one; `serve` uses
  /// `Catalog.builtInGames()`, with every sport's venues).
  func catalog() throws -> Catalog { try Catalog.mlb() }

  /// The rule environment the test's app is made with (the live clock and
  /// random ids; the HTTP golden files pin both).
  func ruleEnvironment() -> RuleEnvironment { .live }

  /// The clock of the test's store (the system clock unless pinned).
  func storeClock() -> @Sendable () -> Date { { Date() } }

  override func setUpWithError() throws {
    try super.setUpWithError()
    scratch = try TemporaryDirectory(prefix: "api-tests")
    store = try Store(path: databasePath, clock: storeClock())
    _ = try store.importSchedule(try Self.schedule2024.get())
    app = SportsTimeApp(
      store: store, catalog: try catalog(), environment: ruleEnvironment(),
      configuration: configuration())
    server = try app.serve(threads: 2)
  }

  override func tearDownWithError() throws {
    app?.stopWatching()
    server?.stop()
    try store?.close()
    try super.tearDownWithError()
  }

  var client: RawHTTPClient { RawHTTPClient(port: server.port) }

  /// Sends a request with a JSON body (`Content-Type: application/json`).
  @discardableResult
  func send(
    _ method: String, _ target: String, json: Any? = nil, headers: [String: String] = [:]
  ) throws -> RawHTTPClient.Response {
    var fields = headers
    var body = Data()
    if let json {
      body = try JSONSerialization.data(withJSONObject: json)
      if fields["Content-Type"] == nil { fields["Content-Type"] = "application/json" }
    }
    return try client.send(method, target, headers: fields, body: body)
  }

  /// The response's body as a JSON object.
  func object(
    _ response: RawHTTPClient.Response, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [String: Any] {
    try XCTUnwrap(
      try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      "not a JSON object: \(response.text)", file: file, line: line)
  }

  /// Creates the demo trip (Cleveland → Chicago → Detroit → Milwaukee,
  /// Jun 4–10, 2024) and returns its document.
  func makeDemoTrip(name: String = "Great Lakes Loop") throws -> [String: Any] {
    let created = try send(
      "POST", "/api/trips",
      json: [
        "name": name,
        "games": [
          "CLE@2024-06-04", "CHC@2024-06-05", "DET@2024-06-07", "DET202406080", "MIL@2024-06-10",
        ],
      ])
    XCTAssertEqual(created.status, 201, created.text)
    return try object(created)
  }

  /// The rows of a trip document.
  func rows(_ document: [String: Any]) -> [[String: Any]] {
    (document["rows"] as? [[String: Any]]) ?? []
  }

  func tripID(_ document: [String: Any]) -> String {
    ((document["trip"] as? [String: Any])?["id"] as? String) ?? ""
  }

  /// `GET /api/events` on a connection of its own, read as it arrives.
  func openEventStream() throws -> EventStreamReader {
    let fd = try client.connect()
    try client.write(
      fd, Data("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
    return EventStreamReader(fd: fd)
  }
}

/// A Server-Sent Events connection's bytes so far (`text`); closed when
/// released.
final class EventStreamReader {
  private let fd: Int32
  private var seen = Data()

  init(fd: Int32) { self.fd = fd }
  deinit { close(fd) }

  /// Everything read so far, as text.
  var text: String { String(decoding: seen, as: UTF8.self) }

  /// Reads until the text holds `needle` or `seconds` pass (or the stream
  /// ends); whether it holds `needle`.
  func readUntil(_ needle: String, within seconds: Double) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if text.contains(needle) { return true }
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      seen.append(contentsOf: buffer[0..<n])
    }
    return text.contains(needle)
  }
}
