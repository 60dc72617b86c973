import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeTestSupport
import XCTest

/// The exact answers a client sees (STYLE 26), compared with the golden
/// files in `Tests/Golden/http/`: a real server on a loopback port over the
/// real 2024 schedule, its clock and ids pinned (`RuleEnvironment.fixed`,
/// ids `00000000-0000-0000-0000-00000000000N` in order of creation).
///
/// Each file holds the request (method, target, body), then the answer:
/// its status, its header fields by name (all but `Date` and
/// `Connection`, which say nothing about the app) and its body; the port
/// (any free one) is written `<port>`. The
/// scenario: the demo trip made, read, read by HEAD, an item added,
/// edited, moved and dragged, and one refusal of each kind the server
/// answers (400, 403, 404, 405, 409, 413, 422, 503), every one from
/// the real server.
///
/// `SPORTSTIME_UPDATE_GOLDEN=1` rewrites the files and removes those no
/// request makes, then fails, so update mode never passes silently (`make
/// golden`).
final class HTTPGoldenFileTests: APITestCase {
  /// `Tests/Golden/http/`.
  static let directory = TestData.repositoryFile("Tests/Golden/http")
  /// The one instant every request runs at.
  static let now = Date(timeIntervalSince1970: 1_717_200_000)  // 2024-06-01T00:00:00Z

  override func ruleEnvironment() -> RuleEnvironment { .fixed(now: Self.now) }
  override func storeClock() -> @Sendable () -> Date { { HTTPGoldenFileTests.now } }

  var updating: Bool { ProcessInfo.processInfo.environment["SPORTSTIME_UPDATE_GOLDEN"] == "1" }

  /// One answer: its golden file's name and its text.
  struct Output {
    var name: String
    var text: String
  }

  private var outputs: [Output] = []

  /// Sends one request and keeps the exchange as `name.txt`.
  @discardableResult
  func capture(
    _ name: String, _ method: String, _ target: String, body: String? = nil,
    headers: [String: String] = [:]
  ) throws -> RawHTTPClient.Response {
    var fields = headers
    if body != nil, fields["Content-Type"] == nil { fields["Content-Type"] = "application/json" }
    let response = try client.send(
      method, target, headers: fields, body: Data((body ?? "").utf8))
    var text = "\(method) \(target)\n"
    for (field, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(field): \(value)\n" }
    if let body { text += body.count > 200 ? "(\(body.utf8.count) bytes)\n" : body + "\n" }
    text += "\nHTTP \(response.status)\n"
    for (field, value) in response.headers.sorted(by: { $0.key < $1.key })
    where !["date", "connection"].contains(field) {
      text += "\(field): \(value)\n"
    }
    text += "\n" + response.text
    // The port is any free one: the files name it `<port>`.
    text = text.replacingOccurrences(of: ":\(server.port)", with: ":<port>")
    outputs.append(Output(name: name + ".txt", text: text))
    return response
  }

  func testAnswersMatchGoldenFiles() throws {
    try scenario()
    try compareOrUpdate()
  }

  /// The requests, in order (the ids and revisions depend on it).
  func scenario() throws {
    let demo = """
      {"name": "Great Lakes Loop", "games": ["CLE@2024-06-04", "CHC@2024-06-05", \
      "DET@2024-06-07", "DET202406080", "MIL@2024-06-10"]}
      """
    let created = try capture("trip-create", "POST", "/api/trips", body: demo)
    XCTAssertEqual(created.status, 201, created.text)
    let trip = tripID(try object(created))
    XCTAssertFalse(trip.isEmpty)
    let path = "/api/trips/\(trip)"
    try capture("trip", "GET", path)
    try capture("trip-head", "HEAD", path)
    try capture("trip-list", "GET", "/api/trips")

    // An item written: added, edited, moved, then its drag document.
    let added = try capture(
      "item-add", "POST", "\(path)/items",
      body: #"{"title": "Deep dish", "category": "restaurant", "time": "19:00", "#
        + #""place": {"day": 2, "at": "bottom"}}"#)
    XCTAssertEqual(added.status, 201, added.text)
    let row = try XCTUnwrap(try object(added)["row"] as? [String: Any])
    let rowID = try XCTUnwrap(row["id"] as? String)
    let item = String(rowID.dropFirst("item:".count))
    try capture(
      "item-edit", "PATCH", "\(path)/items/\(item)", body: #"{"title": "Deep dish pizza"}"#)
    try capture(
      "item-move", "POST", "\(path)/items/\(item)/move",
      body: #"{"place": {"day": 3, "at": "top"}}"#)
    try capture("drag", "GET", "\(path)/drag/\(rowID)")
    // The Cleveland → Chicago leg, bounded by its games.
    try capture("drag-leg", "GET", "\(path)/drag/item:00000000-0000-0000-0000-000000000002")

    // Each kind of refusal.
    try capture("error-400-body-not-json", "POST", "\(path)/items", body: "{")
    try capture("error-400-query-date", "GET", "/api/games?from=June")
    try capture("error-400-query-repeated", "GET", "\(path)?a=1&a=2")
    try capture("error-400-query-unknown", "GET", "\(path)?expand=rows")
    try capture(
      "error-400-query-too-many", "GET",
      "/api/trips?" + (0...100).map { "a\($0)=1" }.joined(separator: "&"))
    try capture("error-403-host", "GET", "/api/trips", headers: ["Host": "evil.example"])
    try capture("error-404-trip", "GET", "/api/trips/9b2e8f4a-1d3c-4e5f-8a6b-7c8d9e0f1a2b")
    try capture("error-404-trip-id", "GET", "/api/trips/not-a-trip")
    try capture("error-404-item-id", "PATCH", "\(path)/items/not-an-item", body: "{}")
    try capture("error-404-row", "GET", "\(path)/drag/item:not-a-row")
    try capture("error-404-route", "GET", "/api/nothing")
    try capture("error-404-page", "GET", "/nothing")
    try capture("error-405-trips", "DELETE", "/api/trips")
    try capture("error-405-trip", "PUT", path, body: "{}")
    try capture("error-405-attended", "GET", "\(path)/attended")
    try capture("error-405-events-head", "HEAD", "/api/events")
    try capture("error-405-page", "POST", "/", body: "{}")
    try capture(
      "error-409-revision", "PATCH", "\(path)/items/\(item)",
      body: #"{"title": "Stale", "revision": 1}"#)
    try capture(
      "error-413-body", "POST", "\(path)/items",
      body: #"{"title": ""# + String(repeating: "x", count: 1 << 20) + #""}"#)
    try capture("error-422-drag-game", "GET", "\(path)/drag/game:CLE202406040")
    try capture("error-503-places", "GET", "/api/places?q=Chicago")

    // Refusals the route table added (issue 29): a query parameter a
    // write does not read, and HEAD of a route that has no GET.
    try capture(
      "error-400-query-unknown-write", "POST", "\(path)/items?dryRun=1",
      body: #"{"title": "Ignored"}"#)
    try capture("error-405-head-of-write", "HEAD", "\(path)/copy")
    try capture("error-404-visit-id", "PATCH", "/api/visits/not-a-visit", body: "{}")
  }

  // MARK: Comparing and updating

  /// Fails for each answer unlike its file (and each file no request
  /// makes), or in update mode rewrites them and fails saying so.
  func compareOrUpdate() throws {
    let names = Set(outputs.map(\.name))
    XCTAssertEqual(names.count, outputs.count, "each golden file is made once")
    let fileManager = FileManager.default
    try fileManager.createDirectory(at: Self.directory, withIntermediateDirectories: true)
    let stale = try fileManager.contentsOfDirectory(atPath: Self.directory.path)
      .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".actual") && !names.contains($0) }.sorted()
    if updating {
      for name in try fileManager.contentsOfDirectory(atPath: Self.directory.path)
      where name.hasSuffix(".actual") {
        try fileManager.removeItem(at: Self.directory.appendingPathComponent(name))
      }
      for name in stale {
        try fileManager.removeItem(at: Self.directory.appendingPathComponent(name))
      }
      var changed: [String] = []
      for output in outputs {
        let url = Self.directory.appendingPathComponent(output.name)
        if (try? String(contentsOf: url, encoding: .utf8)) != output.text {
          try Data(output.text.utf8).write(to: url, options: .atomic)
          changed.append(output.name)
        }
      }
      XCTFail(
        "golden files rewritten; review git diff (\(changed.count) changed: "
          + "\(changed.joined(separator: ", ")); \(stale.count) removed: "
          + "\(stale.joined(separator: ", ")))")
      return
    }
    for name in stale {
      XCTFail("Tests/Golden/http/\(name) is made by no request; remove it (make golden)")
    }
    for output in outputs {
      let url = Self.directory.appendingPathComponent(output.name)
      guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("Tests/Golden/http/\(output.name) is missing; make it with make golden")
        continue
      }
      if golden != output.text {
        try Data(output.text.utf8).write(to: url.appendingPathExtension("actual"))
        XCTFail(
          "the answer differs from Tests/Golden/http/\(output.name) (the answer is in "
            + "\(output.name).actual beside it):\n" + Self.firstDifference(golden, output.text))
      }
    }
  }

  /// The first differing line of two texts, with a line of context.
  static func firstDifference(_ golden: String, _ actual: String) -> String {
    let old = golden.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    let first =
      (0..<max(old.count, new.count)).first { k in
        k >= old.count || k >= new.count || old[k] != new[k]
      } ?? 0
    var text = "@@ line \(first + 1) @@\n"
    if first > 0, first - 1 < old.count { text += " \(old[first - 1])\n" }
    if first < old.count { text += "-\(old[first])\n" }
    if first < new.count { text += "+\(new[first])\n" }
    return text
  }
}
