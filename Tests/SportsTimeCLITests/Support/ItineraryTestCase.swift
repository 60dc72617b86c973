import Foundation
import XCTest

/// Base class for the itinerary-editing tests (`item …`, `trip show --drag`,
/// `trip check`): the imported 2024 schedule, a few real trips, and helpers
/// that prove a refused command changed nothing.
class ItineraryTestCase: EndToEndTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try installImported2024()
  }

  /// Chicago (Tue Jun 4, night) → Detroit (Fri Jun 7, night), 5 days. The leg
  /// Chicago → Detroit (Central → Eastern time) starts on Day 1 after the
  /// Cubs game and may use Days 1–4. Rows: 1 Day 1, 2 CWS @ CHC, 3 the leg,
  /// 4 Day 2, 5 Day 3, 6 Day 4, 7 MIL @ DET, 8 Day 5.
  static let shortTrip = [
    "trip", "new", "Short", "--game", "CHC@2024-06-04", "--game", "MIL@2024-06-07", "--end",
    "2024-06-08",
  ]

  /// Wrigley → Guaranteed Rate (same city, other team) → Milwaukee → Wrigley
  /// again, Days 1–13 (Jun 3–15). Games on Days 2, 3, 4, 8, 9, 12.
  static let loopTrip = [
    "trip", "new", "Chicago Loop", "-g", "CHN202406040", "-g", "CHN202406050", "-g", "CHA202406060",
    "-g", "MIL@2024-06-10", "-g", "MIL@2024-06-11", "-g", "CHC@2024-06-14", "--start", "2024-06-03",
    "--end", "2024-06-15",
  ]

  /// Boston Tue night, Boston Wed day, Chicago Wed night: a tight leg on Day 2.
  static let tightTrip = [
    "trip", "new", "East Swing", "--game", "BOS@2024-06-04", "--game", "BOS202406050", "--game",
    "chc@2024-06-05",
  ]

  static let uuidPattern = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

  func showJSON(_ trip: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> ItineraryJSON
  {
    try decode(
      ItineraryJSON.self,
      try runOK(["trip", "show", trip, "--json"], file: file, line: line).stdout)
  }

  func dragJSON(_ trip: String, _ item: String, file: StaticString = #filePath, line: UInt = #line)
    throws -> DragJSON
  {
    try decode(
      DragJSON.self,
      try runOK(["trip", "show", trip, "--drag", item, "--json"], file: file, line: line).stdout)
  }

  /// Everything a refused command could have changed: every trip's
  /// `trip show --json` (byte for byte) and `trip list --json`.
  struct Snapshot: Equatable {
    var list: String
    var shows: [String: String]
  }

  func snapshot(file: StaticString = #filePath, line: UInt = #line) throws -> Snapshot {
    let list = try runOK(["trip", "list", "--json"], file: file, line: line).stdout
    let ids = try decode([TripListJSON].self, list).map(\.id)
    // The shows only read: run them side by side.
    let results = ResultBox(count: ids.count)
    let environment = self.environment
    let directory = scratch
    DispatchQueue.concurrentPerform(iterations: ids.count) { k in
      results.set(
        k,
        Result {
          try CLIProcess.run(
            ["trip", "show", ids[k], "--json"], environment: environment,
            currentDirectory: directory)
        })
    }
    var shows: [String: String] = [:]
    for (id, outcome) in zip(ids, results.values) {
      let result = try XCTUnwrap(outcome, file: file, line: line).get()
      XCTAssertEqual(result.status, 0, result.description, file: file, line: line)
      shows[id] = result.stdout
    }
    return Snapshot(list: list, shows: shows)
  }

  /// Asserts that `arguments` fails with exit 1 and an `Error:` line holding
  /// every piece of `containing`, and that no trip changed (compared with
  /// `baseline`, else with a snapshot taken just before).
  @discardableResult
  func assertRefused(
    _ arguments: [String], containing: [String], baseline: Snapshot? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> CLIResult {
    let before = try baseline ?? snapshot(file: file, line: line)
    let result = try assertFailure(arguments, containing: containing, file: file, line: line)
    XCTAssertEqual(
      before, try snapshot(file: file, line: line), "sportstime \(arguments) changed the database",
      file: file, line: line)
    return result
  }

  /// `assertRefused` for each case, against one snapshot taken first; each
  /// refusal's stderr must be exactly `Error: <reason>`.
  func assertEachRefused(
    _ cases: [(arguments: [String], reason: String)], file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let baseline = try snapshot(file: file, line: line)
    for (arguments, reason) in cases {
      let result = try assertRefused(
        arguments, containing: [reason], baseline: baseline, file: file, line: line)
      XCTAssertEqual(result.stderr, "Error: \(reason)\n", "\(arguments)", file: file, line: line)
    }
  }

  /// Asserts a usage error (exit 64, see `assertUsageError`) that changed no
  /// trip (compared with `baseline`, else with a snapshot taken just before).
  func assertUsageRefused(
    _ arguments: [String], message: String, usage: String, help: String,
    baseline: Snapshot? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let before = try baseline ?? snapshot(file: file, line: line)
    try assertUsageError(
      arguments, message: message, usage: usage, help: help, file: file, line: line)
    XCTAssertEqual(
      before, try snapshot(file: file, line: line), "sportstime \(arguments) changed the database",
      file: file, line: line)
  }

  /// Builds a trip (a tight leg's warning on stderr is fine).
  func makeTrip(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
    let result = try run(arguments)
    XCTAssertEqual(result.status, 0, result.description, file: file, line: line)
  }

  /// Runs `item add` (text output) and returns the new item's id: the first
  /// token of the output, a lowercase UUID.
  @discardableResult
  func addItem(
    _ trip: String, _ title: String, _ options: [String] = [], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    let result = try runOK(
      ["item", "add", trip, "--title", title] + options, file: file, line: line)
    let first = try XCTUnwrap(result.stdoutLines.first, file: file, line: line)
    let id = String(first.prefix { $0 != " " })
    XCTAssertNotNil(
      id.range(of: "^\(Self.uuidPattern)$", options: .regularExpression),
      "the first token is the new item's id: \(first)", file: file, line: line)
    return id
  }

  /// A bare id prefix of at least `length` characters for an item id
  /// (`item:` dropped), lengthened until it holds a letter or a dash: an
  /// all-digit prefix is read as a row number.
  func idPrefix(_ id: String, _ length: Int) -> String {
    let bare = id.hasPrefix("item:") ? String(id.dropFirst(5)) : id
    var n = length
    while n < bare.count, bare.prefix(n).allSatisfy(\.isNumber) { n += 1 }
    return String(bare.prefix(n))
  }

  /// The ids of the non-header rows under Day `day`, in order.
  func rowsOfDay(_ itinerary: ItineraryJSON, _ day: Int) -> [String] {
    itinerary.rows.filter { $0.day == day && $0.kind != "day" }.map(\.id)
  }

  /// Writes a copy of the 2024 schedule with each `(old, new)` replacement
  /// applied exactly once; returns its path.
  func modifiedSchedule(
    _ replacements: [(String, String)], file: StaticString = #filePath, line: UInt = #line
  ) throws -> URL {
    var text = try String(contentsOf: try CLIProcess.schedule(2024), encoding: .utf8)
    for (old, new) in replacements {
      XCTAssertEqual(
        text.components(separatedBy: old).count, 2, "\(old) occurs exactly once", file: file,
        line: line)
      text = text.replacingOccurrences(of: old, with: new)
    }
    let directory = scratch.appendingPathComponent("changed")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("2024schedule.csv")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }
}

/// Results filled in from several threads at once.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Result<CLIResult, Error>?]

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Result<CLIResult, Error>) {
    lock.lock()
    storage[index] = value
    lock.unlock()
  }

  var values: [Result<CLIResult, Error>?] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
