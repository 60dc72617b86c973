import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// The answer to a write is built from the state the write stored: the
/// store reads the whole trip once per item write (the edit's own read),
/// twice per undo or redo (its rule check before and after), and a refused
/// move names its barriers without a second read; each answer is the
/// document a fresh read of the trip gives.
final class WriteAnswerTests: APITestCase {
  var trip = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    trip = tripID(try makeDemoTrip())
  }

  /// How many whole-trip reads `request` made the store do, and its
  /// answer.
  func reads(_ request: () throws -> RawHTTPClient.Response) throws -> (
    count: Int, answer: [String: Any]
  ) {
    let before = store.serialized { store.wholeTripReads }
    let response = try request()
    let count = store.serialized { store.wholeTripReads } - before
    return (count, try object(response))
  }

  /// The trip document a fresh `GET` gives.
  func document() throws -> NSDictionary {
    try object(try send("GET", "/api/trips/\(trip)")) as NSDictionary
  }

  func assertAnswer(
    _ answer: [String: Any], isTheStoredTrip label: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let itinerary = try XCTUnwrap(
      answer["itinerary"] as? [String: Any], "\(label): \(answer)", file: file, line: line)
    XCTAssertEqual(itinerary as NSDictionary, try document(), label, file: file, line: line)
    if let row = answer["row"] as? [String: Any] {
      let stored = rows(itinerary).first { $0["id"] as? String == row["id"] as? String }
      XCTAssertEqual(
        stored.map { $0 as NSDictionary }, row as NSDictionary, label, file: file, line: line)
    }
  }

  func testItemWrites_readTheTripOnce_andAnswerWithWhatAReadGives() throws {
    let added = try reads {
      try send(
        "POST", "/api/trips/\(trip)/items",
        json: ["title": "Deep dish", "time": "18:30", "place": ["day": 2, "at": "top"]])
    }
    XCTAssertEqual(added.count, 1, "add")
    try assertAnswer(added.answer, isTheStoredTrip: "add")
    let rowID = try XCTUnwrap((added.answer["row"] as? [String: Any])?["id"] as? String)
    let item = String(rowID.dropFirst("item:".count))
    let moved = try reads {
      try send(
        "POST", "/api/trips/\(trip)/items/\(item)/move",
        json: ["place": ["day": 6, "at": "bottom"]])
    }
    XCTAssertEqual(moved.count, 1, "move")
    try assertAnswer(moved.answer, isTheStoredTrip: "move")
    let unchanged = try reads {
      try send(
        "POST", "/api/trips/\(trip)/items/\(item)/move", json: ["place": ["after": rowID]])
    }
    XCTAssertEqual(unchanged.count, 1, "a move that changes nothing")
    XCTAssertEqual(unchanged.answer["changed"] as? Bool, false)
    try assertAnswer(unchanged.answer, isTheStoredTrip: "a move that changes nothing")
    let edited = try reads {
      try send("PATCH", "/api/trips/\(trip)/items/\(item)", json: ["title": "Pizza"])
    }
    XCTAssertEqual(edited.count, 1, "edit")
    try assertAnswer(edited.answer, isTheStoredTrip: "edit")
    let undone = try reads { try send("POST", "/api/trips/\(trip)/undo", json: [:]) }
    XCTAssertEqual(undone.count, 2, "undo")
    try assertAnswer(undone.answer, isTheStoredTrip: "undo")
    let redone = try reads { try send("POST", "/api/trips/\(trip)/redo", json: [:]) }
    XCTAssertEqual(redone.count, 2, "redo")
    try assertAnswer(redone.answer, isTheStoredTrip: "redo")
    let removed = try reads { try send("DELETE", "/api/trips/\(trip)/items/\(item)") }
    XCTAssertEqual(removed.count, 1, "remove")
    XCTAssertNil(removed.answer["row"] as? [String: Any])
    try assertAnswer(removed.answer, isTheStoredTrip: "remove")
  }

  func testARefusedMove_namesItsBarriersWithoutReadingTheTripAgain() throws {
    let leg = try XCTUnwrap(
      rows(try document() as? [String: Any] ?? [:]).first {
        $0["title"] as? String == "Chicago → Detroit"
      })
    let legID = try XCTUnwrap(leg["id"] as? String)
    let refused = try reads {
      try send(
        "POST", "/api/trips/\(trip)/items/\(legID)/move",
        json: ["place": ["day": 1, "at": "top"]])
    }
    XCTAssertEqual(refused.count, 1)
    let error = try XCTUnwrap(refused.answer["error"] as? [String: Any])
    XCTAssertEqual(error["barriers"] as? [String], ["game:CHN202406050", "game:DET202406070"])
  }

  func testTripWrites_answerWithoutReadingTheTripAgain() throws {
    // A new trip: no read at all.
    let created = try reads {
      try send(
        "POST", "/api/trips",
        json: ["name": "Second Loop", "games": ["CHC@2024-06-05", "MIL@2024-06-10"]])
    }
    XCTAssertEqual(created.count, 0, "create")
    let second = tripID(created.answer)
    var fresh = try object(try send("GET", "/api/trips/\(second)"))
    var answer = created.answer
    answer["warnings"] = nil
    fresh["warnings"] = nil
    XCTAssertEqual(answer as NSDictionary, fresh as NSDictionary, "create")
    // A copy: the store's own read of the copy, no second one.
    let copied = try reads {
      try send("POST", "/api/trips/\(trip)/copy", json: ["name": "Copy of the loop"])
    }
    XCTAssertEqual(copied.count, 1, "copy")
    let copy = tripID(copied.answer)
    XCTAssertEqual(
      copied.answer as NSDictionary,
      try object(try send("GET", "/api/trips/\(copy)")) as NSDictionary, "copy")
    // A re-plan (days and games) with a rename: the re-plan's read only.
    let patched = try reads {
      try send(
        "PATCH", "/api/trips/\(trip)",
        json: [
          "name": "Lakes", "start": "2024-06-03", "addGames": ["CHA202406090"],
          "removeGames": ["DET202406080"],
        ])
    }
    XCTAssertEqual(patched.count, 1, "re-plan")
    XCTAssertEqual(patched.answer["changed"] as? Bool, true, "\(patched.answer)")
    try assertAnswer(patched.answer, isTheStoredTrip: "re-plan")
    // A rename alone: one read, for the answer.
    let renamed = try reads {
      try send("PATCH", "/api/trips/\(trip)", json: ["name": "Great Lakes"])
    }
    XCTAssertEqual(renamed.count, 1, "rename")
    try assertAnswer(renamed.answer, isTheStoredTrip: "rename")
    let undone = try reads { try send("POST", "/api/trips/\(trip)/undo", json: [:]) }
    XCTAssertEqual(undone.count, 2, "undo of the rename")
    try assertAnswer(undone.answer, isTheStoredTrip: "undo of the rename")
  }
}
