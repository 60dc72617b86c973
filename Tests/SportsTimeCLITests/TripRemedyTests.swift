import Foundation
import XCTest

/// The command line's words for what to do about a trip problem: Core
/// carries the remedy (`Remedy.replanTrip`, `.removeGame`) and words it
/// neutrally; `trip check` (text and JSON), the drag view (text and JSON),
/// `item move` and `trip import` print the command to run, as they always
/// have (issue 9).
final class TripRemedyTests: ItineraryTestCase {
  static let replan = "run 'sportstime trip replan' to re-plan the trip"
  static let stale =
    "Travel Chicago → Detroit no longer matches this trip's route (its departure stop changed); \(replan)."
  static let missing =
    "The route has a leg Chicago → Detroit with no travel item (the trip's games changed); \(replan)."

  /// Points the Short trip's Chicago → Detroit leg at another departure
  /// venue, as an older database or a changed route could leave it; returns
  /// the leg's row id.
  func makeLegStale(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let leg = try XCTUnwrap(try showJSON("Short").travelRows.first, file: file, line: line)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "c.execute(\"UPDATE itinerary_items SET from_venue = 'MIL06' WHERE kind = 'travel'\"); "
        + "c.commit(); c.close()",
      database.path,
    ]
    process.environment = ProcessInfo.processInfo.environment
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "python3 sqlite3 update", file: file, line: line)
    return leg.id
  }

  func testCheck_staleLegAndMissingLegNameTheReplan() throws {
    try runOK(Self.shortTrip)
    let leg = try makeLegStale()
    let text = try run(["trip", "check", "Short"])
    XCTAssertEqual(text.status, 1, text.description)
    XCTAssertEqual(
      text.stdoutLines,
      [
        "row 3: 🚗 Chicago → Detroit: \(Self.stale)",
        "route: 🚗 Chicago → Detroit: \(Self.missing)",
      ])
    let json = try run(["trip", "check", "Short", "--json"])
    XCTAssertEqual(json.status, 1, json.description)
    XCTAssertEqual(
      try decode(CheckJSON.self, json.stdout),
      CheckJSON(
        trip: "Short",
        problems: [
          .init(id: leg, number: 3, title: "Chicago → Detroit", reason: Self.stale),
          .init(id: "leg:0", number: nil, title: "Chicago → Detroit", reason: Self.missing),
        ]))
  }

  func testDragAndMove_staleLegNameTheReplan() throws {
    try runOK(Self.shortTrip)
    _ = try makeLegStale()
    let drag = try dragJSON("Short", "3")
    XCTAssertEqual(drag.slots.filter(\.valid).count, 0)
    XCTAssertEqual(
      drag.slots.dropFirst().map(\.reason), Array(repeating: Self.stale, count: 7),
      "every slot below Day 1 is refused with the command to run")
    let text = try runOK(["trip", "show", "Short", "--drag", "3"]).stdout
    XCTAssertTrue(text.contains("── slot 1 ✗ blocked: \(Self.stale)\n"), text)
    let move = try run(["item", "move", "Short", "3", "--day", "2"])
    XCTAssertEqual(move.status, 1, move.description)
    XCTAssertEqual(move.stderr, "Error: \(Self.stale)\n")
  }

  func testCheck_cancelledGameNamesTheReplanThatRemovesIt() throws {
    try runOK(Self.shortTrip)
    let schedule = try modifiedSchedule([
      (
        "20240604,0,Tuesday,CHA,AL,62,CHN,NL,62,n,CHI11,,",
        "20240604,0,Tuesday,CHA,AL,62,CHN,NL,62,n,CHI11,Rain,none"
      )
    ])
    let imported = try run(["schedule", "import", schedule.path])
    XCTAssertEqual(imported.status, 0, imported.description)
    let text = try run(["trip", "check", "Short"])
    XCTAssertEqual(text.status, 1, text.description)
    XCTAssertEqual(
      text.stdoutLines.first,
      "row 2: ⚾️ CWS @ CHC: Game CWS @ CHC (CHN202406040) is cancelled (Rain); remove it with 'sportstime trip replan TRIP --remove-game CHN202406040'."
    )
  }

  /// Fresh-clone review 6, finding 1: a backup of a trip whose game the
  /// schedule cancelled since imports again (nothing a user made is lost),
  /// with a warning; `trip check` then names the cancelled game.
  func testImport_keepsAGameCancelledSinceWithAWarning() throws {
    try runOK(Self.shortTrip)
    let file = scratch.appendingPathComponent("short.json")
    try runOK(["trip", "export", "Short", "--format", "json", "--out", file.path])
    let schedule = try modifiedSchedule([
      (
        "20240604,0,Tuesday,CHA,AL,62,CHN,NL,62,n,CHI11,,",
        "20240604,0,Tuesday,CHA,AL,62,CHN,NL,62,n,CHI11,Rain,none"
      )
    ])
    XCTAssertEqual(try run(["schedule", "import", schedule.path]).status, 0)
    try runOK(["trip", "delete", "Short"])
    let imported = try run(["trip", "import", file.path])
    XCTAssertEqual(imported.status, 0, imported.description)
    XCTAssertTrue(
      imported.stderr.contains(
        "games[0]: game CHN202406040 has been cancelled since (postponed with no makeup date); the trip keeps it until it is re-planned without it"
      ), imported.stderr)
    XCTAssertEqual(try showJSON("Short").rows.filter { $0.kind == "game" }.count, 2)
    let check = try run(["trip", "check", "Short"])
    XCTAssertEqual(check.status, 1)
    XCTAssertTrue(check.stdout.contains("(CHN202406040) is cancelled (Rain)"), check.stdout)
    // Picking a cancelled game for a new trip is still refused.
    let fresh = try run(["trip", "new", "Fresh", "--game", "CHN202406040"])
    XCTAssertEqual(fresh.status, 1)
  }

  func testImport_staleLegNamesTheReplan() throws {
    try runOK(Self.shortTrip)
    let file = scratch.appendingPathComponent("short.json")
    try runOK(["trip", "export", "Short", "--format", "json", "--out", file.path])
    let text = try String(contentsOf: file, encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: "\"fromVenueID\": \"CHI11\"").count, 2)
    let stale = scratch.appendingPathComponent("stale.json")
    try text.replacingOccurrences(
      of: "\"fromVenueID\": \"CHI11\"", with: "\"fromVenueID\": \"MIL06\""
    ).write(to: stale, atomically: true, encoding: .utf8)
    try runOK(["trip", "delete", "Short"])
    let result = try run(["trip", "import", stale.path])
    XCTAssertEqual(result.status, 1, result.description)
    XCTAssertEqual(
      result.stderr, "Error: \(stale.path), field items[0]: \(Self.stale)\n")
  }

  /// Review 6, finding 11: a game id the schedule's new version moved (the
  /// id carries the date) is named with its new date and id, by a legacy
  /// import and by a trip's game list alike.
  func testAMovedGameID_isNamedWithItsNewDateAndID() throws {
    let schedule = try modifiedSchedule([
      (
        "20240607,0,Friday,MIL,NL,64,DET,AL,63,n,DET05,,",
        "20240607,0,Friday,MIL,NL,64,DET,AL,63,n,DET05,Rain,20240609"
      )
    ])
    let imported = try run(["schedule", "import", schedule.path])
    XCTAssertEqual(imported.status, 0, imported.description)
    let moved =
      "no game DET202406070 in the database: it was moved to 2024-06-09 and is now DET202406092"
    let legacy = CLIProcess.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/legacy/trips.json"
    )
    .path
    let result = try run(["import", "legacy", legacy])
    XCTAssertEqual(result.status, 1, result.description)
    XCTAssertEqual(result.stderr, "Error: \(legacy), field trips[0].games[2]: \(moved)\n")
    let trip = try run(["trip", "new", "Moved", "--game", "DET202406070"])
    XCTAssertEqual(trip.status, 1, trip.description)
    XCTAssertTrue(trip.stderr.contains(moved), trip.stderr)
    XCTAssertEqual(try run(["trip", "list", "--json"]).stdout, "[]\n")
  }
}
