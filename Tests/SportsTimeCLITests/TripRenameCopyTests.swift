import Foundation
import XCTest

/// `sportstime trip rename TRIP NAME` and `trip copy TRIP NAME` (issue 8,
/// item 20) against the real 2024 schedule.
final class TripRenameCopyTests: ItineraryTestCase {
  func tripList() throws -> [TripListJSON] {
    try decode([TripListJSON].self, try runOK(["trip", "list", "--json"]).stdout)
  }

  /// `trip show --json` with every id of `trip` (the trip's and its items')
  /// replaced by a placeholder, to compare a copy with its original.
  func showWithoutIDs(_ trip: String, ids: [String]) throws -> String {
    var text = try runOK(["trip", "show", trip, "--json"]).stdout
    for id in ids { text = text.replacingOccurrences(of: id, with: "<id>") }
    return text
  }

  func testRename_changesOnlyTheName() throws {
    try runOK(Self.loopTrip)
    let note = try addItem("Chicago Loop", "Deep dish", ["--day", "2", "--top", "--time", "17:30"])
    let before = try showJSON("Chicago Loop")
    let id = before.trip.id
    let beforeText = try runOK(["trip", "show", id, "--json"]).stdout

    let result = try runOK(["trip", "rename", "chicago loop", "Windy City Loop"])
    XCTAssertEqual(
      result.stdout, "Renamed trip \"Chicago Loop\" (\(id.prefix(8))) to \"Windy City Loop\".\n")
    XCTAssertEqual(try tripList().map(\.name), ["Windy City Loop"])
    try assertFailure(
      ["trip", "show", "Chicago Loop"], containing: ["no trip is called 'Chicago Loop'"])
    // Everything but the name is as it was: same id, rows, items.
    XCTAssertEqual(
      try runOK(["trip", "show", "Windy City Loop", "--json"]).stdout,
      beforeText.replacingOccurrences(of: "\"Chicago Loop\"", with: "\"Windy City Loop\""))
    try runOK(["item", "move", "Windy City Loop", note, "--day", "3"])

    // Only the case: allowed. --json names both.
    let json = try runOK(["trip", "rename", id, "WINDY CITY LOOP", "--json"])
    let object = try XCTUnwrap(try parseJSON(json.stdout) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["id", "name", "previousName"])
    XCTAssertEqual(object["id"] as? String, id)
    XCTAssertEqual(object["name"] as? String, "WINDY CITY LOOP")
    XCTAssertEqual(object["previousName"] as? String, "Windy City Loop")
  }

  func testRename_refusesTakenBlankIDLikeOrUnchangedNames() throws {
    try runOK(Self.loopTrip)
    try runOK(Self.shortTrip)
    try assertEachRefused([
      (
        ["trip", "rename", "Short", "CHICAGO loop"],
        "a trip called 'Chicago Loop' already exists; pick another name or delete it first"
      ),
      (["trip", "rename", "Short", "Short"], "the trip is already called 'Short'"),
      (
        ["trip", "rename", "Short", "ab12-cd34"],
        "the name 'ab12-cd34' looks like a trip id: a name may not be 4 to 36 hex digits (0-9, a-f) and dashes with at least 4 digits, since a trip can be named by its id or an id prefix; add a word or another letter"
      ),
      (
        ["trip", "rename", "Short", " \u{1B} "],
        "a trip needs a name (the one given has only control or invisible characters)"
      ),
      (["trip", "rename", "Short", " \t "], "a trip needs a name"),
      (
        ["trip", "rename", "Shrot", "Tall"],
        "no trip is called 'Shrot' (see 'sportstime trip list')"
      ),
    ])
    try assertUsageRefused(
      ["trip", "rename", "Short"], message: "Missing argument <NAME>",
      usage: "sportstime trip rename <TRIP> <NAME> [--json]", help: "sportstime trip rename")
  }

  func testCopy_newIDsSameRowsAndIndependentOfTheOriginal() throws {
    try runOK(Self.loopTrip)
    let loop = "Chicago Loop"
    let legs = try showJSON(loop).travelRows.map(\.id)
    try runOK(["item", "move", loop, legs[1], "--day", "8", "--top"])
    let dinner = try addItem(loop, "Deep dish", ["--day", "2", "--top", "--time", "17:30"])
    // Two items tied at the bottom of Day 5, and one left Unscheduled.
    try addItem(loop, "Lakefront walk", ["--day", "5"])
    try addItem(loop, "Architecture boat", ["--day", "5"])
    try addItem(loop, "Postcards", ["--day", "13"])
    try runOK(["trip", "replan", loop, "--end", "2024-06-14"])
    let original = try showJSON(loop)
    XCTAssertEqual(original.unscheduled.map(\.title), ["Postcards"])
    let originalIDs =
      [original.trip.id]
      + (original.rows + original.unscheduled).filter {
        $0.id.hasPrefix("item:")
      }.map { String($0.id.dropFirst(5)) }
    let originalText = try runOK(["trip", "show", loop]).stdout

    let result = try runOK(["trip", "copy", String(original.trip.id.prefix(8)), "Loop, plan B"])
    let copy = try showJSON("Loop, plan B")
    XCTAssertEqual(
      result.stdout,
      "Copied trip \"Chicago Loop\" (\(original.trip.id.prefix(8))) to \"Loop, plan B\" (\(copy.trip.id.prefix(8))): 12 days, 6 games, 7 items.\n"
    )
    let copyIDs =
      [copy.trip.id]
      + (copy.rows + copy.unscheduled).filter {
        $0.id.hasPrefix("item:")
      }.map { String($0.id.dropFirst(5)) }
    XCTAssertEqual(copyIDs.count, originalIDs.count)
    XCTAssertTrue(Set(copyIDs).isDisjoint(with: originalIDs), "new trip and item ids")
    // The same rows in the same order with the same days and positions.
    XCTAssertEqual(
      try showWithoutIDs("Loop, plan B", ids: copyIDs).replacingOccurrences(
        of: "Loop, plan B", with: "Chicago Loop"),
      try showWithoutIDs(loop, ids: originalIDs))
    XCTAssertEqual(
      try runOK(["trip", "show", "Loop, plan B"]).stdout,
      originalText.replacingOccurrences(of: "Chicago Loop ·", with: "Loop, plan B ·"))
    XCTAssertEqual(
      try tripList().map(\.name).sorted(), ["Chicago Loop", "Loop, plan B"])

    // Editing the copy leaves the original alone.
    let before = try runOK(["trip", "show", loop, "--json"]).stdout
    let copiedDinner = try XCTUnwrap(copy.rows.first { $0.title == "Deep dish" }?.id)
    XCTAssertNotEqual(copiedDinner, "item:\(dinner)")
    try runOK(["item", "remove", "Loop, plan B", copiedDinner])
    try runOK(["trip", "replan", "Loop, plan B", "--remove-game", "CHC@2024-06-14"])
    try runOK(["trip", "rename", "Loop, plan B", "Plan C"])
    XCTAssertEqual(try runOK(["trip", "show", loop, "--json"]).stdout, before)
    try runOK(["trip", "delete", "Plan C"])
    XCTAssertEqual(try runOK(["trip", "show", loop, "--json"]).stdout, before)
  }

  func testCopy_jsonAndRefusals() throws {
    try runOK(Self.shortTrip)
    let short = try showJSON("Short")
    let json = try runOK(["trip", "copy", "Short", "Short again", "--json"])
    let object = try XCTUnwrap(try parseJSON(json.stdout) as? [String: Any])
    XCTAssertEqual(object.sortedKeys, ["copiedFrom", "rows", "trip", "unscheduled"])
    let from = try XCTUnwrap(object["copiedFrom"] as? [String: Any])
    XCTAssertEqual(from["id"] as? String, short.trip.id)
    XCTAssertEqual(from["name"] as? String, "Short")
    let copy = try decode(ItineraryJSON.self, json.stdout)
    XCTAssertEqual(copy.trip.name, "Short again")
    XCTAssertEqual(copy.rows.map(\.kind), short.rows.map(\.kind))
    XCTAssertEqual(try showJSON("Short again").trip, copy.trip)

    try assertEachRefused([
      (
        ["trip", "copy", "Short", "short AGAIN"],
        "a trip called 'Short again' already exists; pick another name or delete it first"
      ),
      (
        ["trip", "copy", "Short", "0000"],
        "the name '0000' looks like a trip id: a name may not be 4 to 36 hex digits (0-9, a-f) and dashes with at least 4 digits, since a trip can be named by its id or an id prefix; add a word or another letter"
      ),
      (["trip", "copy", "Short", "   "], "a trip needs a name"),
      (["trip", "copy", "Nope", "Yes"], "no trip is called 'Nope' (see 'sportstime trip list')"),
    ])
  }

  func testHelp_renameAndCopy() throws {
    for command in ["rename", "copy"] {
      let help = try runOK(["trip", command, "--help"]).stdout
      XCTAssertTrue(
        help.contains("USAGE:\n  sportstime trip \(command) <TRIP> <NAME> [--json]\n"), help)
      XCTAssertTrue(help.contains("  --json "), help)
      XCTAssertTrue(
        help.contains("Example:\n  sportstime trip \(command) \"Great Lakes Loop\""), help)
    }
    let trip = try runOK(["trip", "--help"]).stdout
    XCTAssertTrue(trip.contains("  rename "), trip)
    XCTAssertTrue(trip.contains("  copy "), trip)
  }
}
