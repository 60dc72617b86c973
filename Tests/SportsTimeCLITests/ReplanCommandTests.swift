import Foundation
import XCTest

/// `sportstime trip replan` end to end on the real 2024 schedule: the
/// report as text and JSON, one transaction per re-plan, nothing the user
/// made is ever deleted, and the same re-plan twice is a no-op.
final class ReplanCommandTests: ItineraryTestCase {

  /// `trip replan --json`.
  struct ReplanJSON: Decodable, Equatable {
    var kept: [String]
    var reset: [String]
    var removed: [String]
    var added: [String]
    var redated: [String]
    var unscheduled: [String]
    /// Unscheduled custom items back on a trip day (when the build reports them).
    var returned: [String]? = nil
    /// Timed items whose zone followed a leg (when the build reports them).
    var rezoned: [String]? = nil
    var reasons: [String: String]
  }

  static let usage =
    "sportstime trip replan <TRIP> [--add-game <G> ...] [--remove-game <G> ...] [--start <DATE>] [--end <DATE>] [--json]"

  /// Cleveland Jun 1 → Chicago Jun 4 → Milwaukee Jun 11 → Minneapolis Jun 13.
  static let fourCities = [
    "trip", "new", "Four Cities", "-g", "CLE202406010", "-g", "CHN202406040", "-g",
    "MIL202406110", "-g", "MIN202406130",
  ]

  /// Chicago (Cubs) Jun 5 → Milwaukee Jun 10 → Chicago Jun 14 (day) →
  /// Milwaukee Jun 14 (night): Chicago → Milwaukee twice in 10 days.
  static let twice = [
    "trip", "new", "Twice", "-g", "CHN202406050", "-g", "MIL202406100", "-g", "CHN202406140",
    "-g", "MIL202406140",
  ]

  // MARK: Helpers

  /// The ids of every custom row (days and Unscheduled).
  func customIDs(_ show: ItineraryJSON) -> [String] {
    (show.rows + show.unscheduled).filter { $0.kind == "custom" }.map(\.id)
  }

  func travelIDs(_ show: ItineraryJSON) -> [String] { show.travelRows.map(\.id) }

  /// Copies this test's database (and its WAL files) to `name`.
  func copyDatabase(_ name: String) throws -> URL {
    let copy = scratch.appendingPathComponent(name)
    for suffix in ["", "-wal", "-shm"] {
      let from = URL(fileURLWithPath: database.path + suffix)
      if FileManager.default.fileExists(atPath: from.path) {
        try FileManager.default.copyItem(at: from, to: URL(fileURLWithPath: copy.path + suffix))
      }
    }
    return copy
  }

  /// Runs `trip replan TRIP arguments` twice from the same state: `--json`
  /// on this test's database and as text on a copy. Checks that the text
  /// says what the JSON says, row for row; that nothing the user made is
  /// gone; that every leg has its item and keeps its rules (`trip check`,
  /// unless items went Unscheduled); and that running the same re-plan
  /// again changes nothing (text and JSON).
  @discardableResult
  func replan(
    _ trip: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws -> (report: ReplanJSON, before: ItineraryJSON, after: ItineraryJSON) {
    let before = try showJSON(trip, file: file, line: line)
    let copy = try copyDatabase("copy-\(UUID().uuidString).sqlite")
    let jsonRun = try runOK(
      ["trip", "replan", trip] + arguments + ["--json"], file: file, line: line)
    let raw = jsonRun.stdout
    let report = try decode(ReplanJSON.self, raw)
    let required = ["kept", "reset", "removed", "added", "redated", "unscheduled", "reasons"]
    XCTAssertEqual(
      topLevelKeys(raw).filter(required.contains), required, "the documented keys, in order",
      file: file, line: line)
    XCTAssertEqual(Set(report.reasons.keys), Set(report.reset), file: file, line: line)
    let afterRaw = try runOK(["trip", "show", trip, "--json"], file: file, line: line).stdout
    let after = try decode(ItineraryJSON.self, afterRaw)

    // Nothing the user made is deleted.
    XCTAssertTrue(
      Set(customIDs(before)).isSubset(of: Set(customIDs(after))),
      "custom items lost: \(Set(customIDs(before)).subtracting(customIDs(after)))", file: file,
      line: line)
    XCTAssertEqual(Set(customIDs(before)), Set(customIDs(after)), file: file, line: line)
    // Every leg is kept, reset or added; removed ones are gone.
    XCTAssertEqual(
      Set(travelIDs(after)), Set(report.kept + report.reset + report.added), file: file,
      line: line)
    XCTAssertEqual(
      Set(travelIDs(before)), Set(report.kept + report.reset + report.removed), file: file,
      line: line)
    XCTAssertEqual(
      after.travelRows.count, max(stopCount(after) - 1, 0), "one travel item per leg", file: file,
      line: line)
    if after.unscheduled.isEmpty {
      let check = try run(["trip", "check", trip, "--json"])
      XCTAssertEqual(
        check.status, 0, "trip check after the re-plan: \(check)", file: file, line: line)
    }

    // The same re-plan as text, on the copy: the same report, row for row.
    let text = try runOK(
      ["trip", "replan", trip] + arguments, extra: ["SPORTSTIME_DB": copy.path], file: file,
      line: line)
    // Each group may be printed in row order: compare the lines as a
    // multiset, the headline exactly.
    let expected = expectedText(report, before: before, after: after)
    let printed = text.stdoutLines.filter { !$0.hasPrefix("  re-zoned: ") }
    XCTAssertEqual(printed.first, expected.first, file: file, line: line)
    XCTAssertEqual(printed.sorted(), expected.sorted(), text.stdout, file: file, line: line)

    // Again: games added or removed the first time are refused now, naming
    // the game, and change nothing (review of issue 8, finding 2); the
    // same days again are nothing to change.
    var sameDays: [String] = []
    var rest = arguments[...]
    while let option = rest.popFirst() {
      let value = rest.popFirst()
      if option == "--add-game" || option == "--remove-game" {
        let again = try run(["trip", "replan", trip, option] + (value.map { [$0] } ?? []))
        XCTAssertEqual(again.status, 1, "\(option) again: \(again)", file: file, line: line)
        XCTAssertTrue(
          again.stderr.contains(
            option == "--add-game" ? "is already in the trip" : "is not in the trip"),
          again.stderr, file: file, line: line)
      } else {
        sameDays += [option] + (value.map { [$0] } ?? [])
      }
    }
    XCTAssertEqual(
      try runOK(["trip", "show", trip, "--json"], file: file, line: line).stdout, afterRaw,
      "a refused re-plan changed the trip", file: file, line: line)
    let again = try runOK(
      ["trip", "replan", trip] + sameDays + ["--json"], file: file, line: line)
    let noop = try decode(ReplanJSON.self, again.stdout)
    XCTAssertEqual(
      noop,
      ReplanJSON(
        kept: after.travelRows.map(\.id), reset: [], removed: [], added: [], redated: [],
        unscheduled: [], returned: noop.returned.map { _ in [] },
        rezoned: noop.rezoned.map { _ in [] }, reasons: [:]),
      "the same re-plan twice is a no-op", file: file, line: line)
    XCTAssertEqual(
      try runOK(["trip", "show", trip, "--json"], file: file, line: line).stdout, afterRaw,
      "the no-op re-plan changed the trip", file: file, line: line)
    XCTAssertEqual(
      try runOK(["trip", "replan", trip] + sameDays, extra: ["SPORTSTIME_DB": copy.path]).stdout,
      "Nothing to change: \"\(after.trip.name)\" already matches.\n", file: file, line: line)
    return (report, before, after)
  }

  /// The number of stops: consecutive games at one venue form one stop.
  func stopCount(_ show: ItineraryJSON) -> Int {
    var count = 0
    var last: String?
    for g in show.gameRows where g.venueID != last {
      count += 1
      last = g.venueID
    }
    return count
  }

  /// The text report the command prints for `report`.
  func expectedText(_ r: ReplanJSON, before: ItineraryJSON, after: ItineraryJSON) -> [String] {
    let t = after.trip
    let games = after.gameRows.count
    var lines = [
      "Re-planned \"\(t.name)\": \(t.startDate) – \(t.endDate), \(t.dayCount) day\(t.dayCount == 1 ? "" : "s"), \(games) game\(games == 1 ? "" : "s")."
    ]
    func now(_ id: String) -> String {
      guard let row = after.row(id) else { return "?" }
      return "row \(row.number) \(row.title)"
    }
    func gone(_ id: String) -> String { before.row(id)?.title ?? "?" }
    // Added items have other ids on the copy: name them by the same row.
    lines += r.kept.map { "  kept in place: \(now($0))" }
    lines += r.reset.map { "  reset to its default: \(now($0)) (\(r.reasons[$0] ?? "?"))" }
    lines += r.removed.map { "  removed (no longer in the route): \(gone($0))" }
    lines += r.added.map { "  added: \(now($0))" }
    lines += r.redated.map { "  kept its date, now on another day: \(now($0))" }
    lines += r.unscheduled.map { "  moved to Unscheduled (its date left the trip): \(now($0))" }
    lines += (r.returned ?? []).map {
      "  back in the trip (its date is a trip day again): \(now($0))"
    }
    return lines
  }

  /// The keys of the top-level JSON object, in printed order.
  func topLevelKeys(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
      return line.dropFirst(3).split(separator: "\"").first.map(String.init)
    }
  }

  func id(_ show: ItineraryJSON, title: String, file: StaticString = #filePath, line: UInt = #line)
    throws -> String
  {
    let matches = (show.rows + show.unscheduled).filter { $0.title == title }
    XCTAssertEqual(matches.count, 1, "one row titled \(title)", file: file, line: line)
    return try XCTUnwrap(matches.first, file: file, line: line).id
  }

  // MARK: (a) and (b): a city added in the middle, then removed

  func testAddThenRemoveACityInTheMiddle() throws {
    try makeTrip(Self.fourCities)
    let trip = "Four Cities"
    let lunch = try addItem(trip, "Lunch", ["--day", "2"])
    let museum = try addItem(trip, "Museum", ["--day", "8"])
    let start = try showJSON(trip)
    XCTAssertEqual(
      start.travelRows.map(\.title),
      ["Cleveland → Chicago", "Chicago → Milwaukee", "Milwaukee → Minneapolis"])
    let first = start.travelRows[0].id
    let split = start.travelRows[1].id
    let last = start.travelRows[2].id
    try runOK(["item", "move", trip, first, "--day", "3"])
    try runOK(["item", "move", trip, last, "--day", "12"])

    // (a) Detroit Jun 8 between Chicago and Milwaukee.
    let (added, _, withDetroit) = try replan(trip, ["--add-game", "DET@2024-06-08"])
    XCTAssertEqual(added.kept, [first, last])
    XCTAssertEqual(added.removed, [split])
    XCTAssertEqual(added.added.count, 2)
    XCTAssertTrue(added.reset.isEmpty && added.redated.isEmpty && added.unscheduled.isEmpty)
    XCTAssertEqual(
      withDetroit.travelRows.map(\.title),
      [
        "Cleveland → Chicago", "Chicago → Detroit", "Detroit → Milwaukee",
        "Milwaukee → Minneapolis",
      ])
    XCTAssertEqual(withDetroit.travelRows.map(\.id)[1...2].map { $0 }, added.added)
    XCTAssertEqual(withDetroit.travelRows.map(\.day), [3, 4, 8, 12])
    XCTAssertEqual(withDetroit.row("item:\(lunch)")?.day, 2)
    XCTAssertEqual(withDetroit.row("item:\(museum)")?.day, 8)
    XCTAssertNil(withDetroit.row(split))

    // (b) Detroit out again: its two legs go, one Chicago → Milwaukee leg comes.
    let (removed, _, without) = try replan(trip, ["--remove-game", "DET202406080"])
    XCTAssertEqual(removed.kept, [first, last])
    XCTAssertEqual(removed.removed, added.added, "in the order they were shown")
    XCTAssertEqual(removed.added.count, 1)
    XCTAssertTrue(removed.reset.isEmpty && removed.redated.isEmpty && removed.unscheduled.isEmpty)
    XCTAssertEqual(
      without.travelRows.map(\.title),
      ["Cleveland → Chicago", "Chicago → Milwaukee", "Milwaukee → Minneapolis"])
    XCTAssertNotEqual(without.travelRows[1].id, split, "a new leg, not the old one back")
    XCTAssertEqual(without.row("item:\(museum)")?.day, 8, "custom items kept where they were")
    XCTAssertEqual(without.row("item:\(lunch)")?.day, 2)
  }

  // MARK: (c) and (d): an earlier start, then a shorter trip

  func testEarlierStartThenShorterTrip() throws {
    try makeTrip([
      "trip", "new", "Short Stay", "-g", "CHN202406040", "-g", "MIL202406110", "--start",
      "2024-06-02", "--end", "2024-06-14",
    ])
    let trip = "Short Stay"
    let early = "item:" + (try addItem(trip, "Early bird", ["--day", "1"]))
    let middle = "item:" + (try addItem(trip, "Middle", ["--day", "5"]))
    let late = "item:" + (try addItem(trip, "Late", ["--day", "12"]))
    let last = "item:" + (try addItem(trip, "Last", ["--day", "13"]))
    let leg = try showJSON(trip).travelRows[0]
    XCTAssertEqual(leg.day, 3)
    XCTAssertEqual(leg.date, "2024-06-04")

    // (c) One day earlier: every custom item keeps its date (day + 1).
    let (earlier, before, after) = try replan(trip, ["--start", "2024-06-01"])
    XCTAssertEqual(earlier.redated, [early, middle, late, last])
    XCTAssertEqual(earlier.kept, [leg.id])
    XCTAssertTrue(earlier.unscheduled.isEmpty && earlier.removed.isEmpty && earlier.added.isEmpty)
    for id in [early, middle, late, last, leg.id] {
      let was = try XCTUnwrap(before.row(id))
      let now = try XCTUnwrap(after.row(id))
      XCTAssertEqual(now.day, was.day + 1, was.title)
      XCTAssertEqual(now.date, was.date, "\(was.title) keeps its calendar date")
      XCTAssertEqual(now.sortOrder, was.sortOrder)
    }
    XCTAssertEqual(after.trip.startDate, "2024-06-01")

    // (d) Jun 4 – Jun 11: three items leave the trip; none is lost.
    let (shorter, _, shrunk) = try replan(
      trip, ["--start", "2024-06-04", "--end", "2024-06-11"])
    XCTAssertEqual(shorter.redated, [middle])
    XCTAssertEqual(Set(shorter.unscheduled), [early, late, last])
    XCTAssertEqual(shorter.kept, [leg.id])
    XCTAssertEqual(shrunk.trip.dayCount, 8)
    XCTAssertEqual(Set(shrunk.unscheduled.map(\.id)), [early, late, last])
    XCTAssertEqual(shrunk.row(middle)?.date, "2024-06-06")
    XCTAssertEqual(shrunk.row(leg.id)?.date, "2024-06-04")
    // trip check names the Unscheduled items (so they can be moved back),
    // as notices: they break no rule, so it exits 0.
    let check = try decode(CheckJSON.self, try runOK(["trip", "check", trip, "--json"]).stdout)
    XCTAssertEqual(check.problems, [])
    XCTAssertEqual(Set(check.notices.map(\.id)), [early, late, last])
  }

  // MARK: (e) a repeated city pair

  func testRepeatedCityPairKeepsBothLegs() throws {
    try makeTrip(Self.twice)
    let trip = "Twice"
    try addItem(trip, "Lakefront walk", ["--day", "4"])
    let start = try showJSON(trip)
    XCTAssertEqual(start.trip.dayCount, 10)
    XCTAssertEqual(
      start.travelRows.map(\.title),
      ["Chicago → Milwaukee", "Milwaukee → Chicago", "Chicago → Milwaukee"])
    let legs = start.travelRows.map(\.id)
    try runOK(["item", "move", trip, legs[0], "--day", "3"])

    let (r, _, after) = try replan(trip, ["--start", "2024-06-04", "--end", "2024-06-16"])
    XCTAssertEqual(r.kept, legs)
    XCTAssertTrue(r.removed.isEmpty && r.added.isEmpty && r.reset.isEmpty)
    XCTAssertEqual(after.travelRows.map(\.id), legs, "both Chicago → Milwaukee legs, apart")
    XCTAssertEqual(after.travelRows.map(\.date), ["2024-06-07", "2024-06-10", "2024-06-14"])
    XCTAssertEqual(after.travelRows.map(\.day), [4, 7, 11])
  }

  // MARK: (h) a kept leg whose place broke a rule

  func testLegWhosePlaceBrokeARuleIsResetWithTheReason() throws {
    try makeTrip(Self.twice)
    let trip = "Twice"
    let legs = try showJSON(trip).travelRows.map(\.id)
    // Milwaukee Jun 11 and 12 join the first Milwaukee stop: Milwaukee →
    // Chicago may leave only after the Jun 12 day game.
    let (r, _, after) = try replan(
      trip, ["--add-game", "MIL202406110", "--add-game", "MIL@2024-06-12"])
    XCTAssertEqual(r.kept, [legs[0], legs[2]])
    XCTAssertEqual(r.reset, [legs[1]])
    let reason = try XCTUnwrap(r.reasons[legs[1]])
    XCTAssertTrue(reason.contains("Milwaukee → Chicago"), reason)
    XCTAssertTrue(reason.contains("Day 8"), reason)
    XCTAssertEqual(after.row(legs[1])?.day, 8)
    XCTAssertEqual(after.row(legs[1])?.validDays, [8, 10])
  }

  // MARK: (i) refusals change nothing

  func testRefusedReplansChangeNothing() throws {
    try makeTrip(Self.fourCities)
    let trip = "Four Cities"
    try addItem(trip, "Lunch", ["--day", "2"])
    let baseline = try snapshot()
    let cases: [([String], [String])] = [
      (
        [
          "--remove-game", "CLE202406010", "--remove-game", "CHN202406040", "--remove-game",
          "MIL202406110", "--remove-game", "MIN202406130",
        ],
        [
          "Error: this would remove every game of \"Four Cities\"; a trip needs at least one game (add one with --add-game, or delete the trip with 'sportstime trip delete')\n"
        ]
      ),
      (["--add-game", "CLE202409290"], ["CLE202409290", "cancelled"]),
      // One transaction: the removal before the refused addition is undone.
      (
        ["--remove-game", "MIL202406110", "--add-game", "CLE202409290"],
        ["CLE202409290", "cancelled"]
      ),
      (["--remove-game", "MIL202406110", "--add-game", "NOPE202406010"], ["NOPE202406010"]),
      // Review of issue 8, finding 2: a game the trip does not have cannot
      // be removed, one it has cannot be added, and one game cannot be both.
      (
        ["--remove-game", "NYY@2024-06-05"],
        [
          "Error: game NYA202406050 (MIN @ NYY on 2024-06-05) is not in the trip \"Four Cities\", so it cannot be removed\n"
        ]
      ),
      (
        ["--add-game", "DET@2024-06-08", "--add-game", "CHC@2024-06-04"],
        [
          "Error: game CHN202406040 (CWS @ CHC on 2024-06-04) is already in the trip \"Four Cities\"\n"
        ]
      ),
      (
        ["--add-game", "DET@2024-06-08", "--remove-game", "DET202406080"],
        ["Error: game DET202406080 (MIL @ DET on 2024-06-08) is both added and removed\n"]
      ),
      (
        ["--start", "2024-06-02"],
        ["CLE202406010", "outside the trip's days 2024-06-02 to 2024-06-13"]
      ),
      (
        ["--end", "2024-06-12"],
        ["MIN202406130", "outside the trip's days 2024-06-01 to 2024-06-12"]
      ),
      (
        ["--add-game", "DET202406080", "--start", "2024-06-01", "--end", "2024-06-07"],
        ["outside the trip's days 2024-06-01 to 2024-06-07"]
      ),
      // Issue 8, item 13: the games fall before the new start; say so.
      (
        ["--start", "2024-06-20"],
        [
          "Error: game CLE202406010 (WSH @ CLE) is on 2024-06-01, before the trip's first day 2024-06-20\n"
        ]
      ),
      (
        ["--end", "2024-05-30"],
        [
          "Error: game CLE202406010 (WSH @ CLE) is on 2024-06-01, after the trip's last day 2024-05-30\n"
        ]
      ),
    ]
    for (arguments, pieces) in cases {
      for json in [false, true] {
        try assertRefused(
          ["trip", "replan", trip] + arguments + (json ? ["--json"] : []), containing: pieces,
          baseline: baseline)
      }
    }
    try assertUsageRefused(
      ["trip", "replan", trip, "--start", "2024-06-12", "--end", "2024-06-10"],
      message: "--start 2024-06-12 is after --end 2024-06-10", usage: Self.usage,
      help: "sportstime trip replan", baseline: baseline)
    try assertRefused(
      ["trip", "replan", "No Such Trip"], containing: ["No Such Trip"], baseline: baseline)
  }
}
