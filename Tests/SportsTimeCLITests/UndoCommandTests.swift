import Foundation
import XCTest

/// `sportstime undo TRIP` / `redo TRIP`: the journal in the database, from
/// the command line.
final class UndoCommandTests: ItineraryTestCase {
  func testUndoAndRedo_anAddAndAMove() throws {
    try runOK(Self.shortTrip)
    let id = try addItem("Short", "Deep dish", ["--day", "1"])
    try runOK(["item", "move", "Short", id, "--day", "3"])
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.day, 3)
    let undone = try runOK(["undo", "Short"])
    XCTAssertTrue(
      undone.stdout.hasPrefix("Undid: Move “Deep dish” (“Short” is at revision "), undone.stdout)
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.day, 1)
    try runOK(["undo", "Short"])
    XCTAssertNil(try showJSON("Short").row("item:\(id)"))
    let nothing = try run(["undo", "Short"])
    XCTAssertEqual(nothing.status, 1)
    XCTAssertEqual(nothing.stderr, "Error: Nothing to undo in “Short”.\n")
    let redone = try runOK(["redo", "Short", "--json"])
    let object = try XCTUnwrap(try parseJSON(redone.stdout) as? [String: Any])
    XCTAssertEqual(object["direction"] as? String, "redo")
    XCTAssertEqual(object["label"] as? String, "Add “Deep dish”")
    XCTAssertNotNil(try showJSON("Short").row("item:\(id)"))
    try runOK(["redo", "Short"])
    XCTAssertEqual(try showJSON("Short").row("item:\(id)")?.day, 3)
    XCTAssertEqual(try run(["redo", "Short"]).stderr, "Error: Nothing to redo in “Short”.\n")
  }
}
