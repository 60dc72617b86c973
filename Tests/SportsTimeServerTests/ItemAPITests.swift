import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeServer
import SportsTimeStore
import XCTest

/// The item routes: add anywhere, move within the rules (a refused move
/// names its barrier games and changes nothing), edit, remove, revisions.
final class ItemAPITests: APITestCase {
  var trip = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    trip = tripID(try makeDemoTrip())
  }

  func revision() throws -> Int {
    try store.revision(ofTrip: try XCTUnwrap(Trip.ID(parsing: trip)))
  }

  func testAddMoveEditRemove_aCustomItem() throws {
    let added = try send(
      "POST", "/api/trips/\(trip)/items",
      json: [
        "title": "Deep dish", "category": "restaurant", "time": "18:30", "lat": 41.89,
        "lon": -87.63, "place": ["day": 2, "at": "top"], "revision": 1,
      ])
    XCTAssertEqual(added.status, 201, added.text)
    var answer = try object(added)
    var row = try XCTUnwrap(answer["row"] as? [String: Any])
    let rowID = try XCTUnwrap(row["id"] as? String)
    XCTAssertEqual(row["day"] as? Int, 2)
    XCTAssertEqual(row["timeZone"] as? String, "America/Chicago")
    XCTAssertEqual(answer["changed"] as? Bool, true)
    XCTAssertEqual((answer["itinerary"] as? [String: Any])?["revision"] as? Int, 2)
    let itemID = String(rowID.dropFirst("item:".count))
    // Custom items go anywhere: to the bottom of Day 6.
    let moved = try send(
      "POST", "/api/trips/\(trip)/items/\(itemID)/move",
      json: ["place": ["day": 6, "at": "bottom"], "revision": 2])
    XCTAssertEqual(moved.status, 200, moved.text)
    answer = try object(moved)
    row = try XCTUnwrap(answer["row"] as? [String: Any])
    XCTAssertEqual(row["day"] as? Int, 6)
    // Where it already is: nothing changes, the revision stays.
    let again = try send(
      "POST", "/api/trips/\(trip)/items/\(rowID)/move", json: ["place": ["after": rowID]])
    XCTAssertEqual(again.status, 200, again.text)
    XCTAssertEqual(try object(again)["changed"] as? Bool, false)
    XCTAssertEqual(try revision(), 3)
    let edited = try send(
      "PATCH", "/api/trips/\(trip)/items/\(itemID)",
      json: ["title": "Pizza", "time": NSNull(), "address": "1 Main St"])
    XCTAssertEqual(edited.status, 200, edited.text)
    row = try XCTUnwrap(try object(edited)["row"] as? [String: Any])
    XCTAssertEqual(row["title"] as? String, "Pizza")
    XCTAssertTrue(row["time"] is NSNull)
    XCTAssertEqual(row["address"] as? String, "1 Main St")
    let removed = try send("DELETE", "/api/trips/\(trip)/items/\(itemID)?revision=4")
    XCTAssertEqual(removed.status, 200, removed.text)
    XCTAssertNil(try object(removed)["row"])
    // Gone now: not found (review 8, F5).
    XCTAssertEqual(try send("DELETE", "/api/trips/\(trip)/items/\(itemID)").status, 404)
  }

  /// Issue 28, item 5: an item write that makes a day impossible (a 17:30
  /// dinner in Chicago above the 7:10 pm game in Detroit, Fri Jun 7, 2024)
  /// answers with the warning, and the trip document marks the day; moved
  /// to Day 3 (no game that day), the day can be done and nothing is said.
  func testItemWrites_warnOfADayThatCannotBeDoneAndTheDocumentMarksIt() throws {
    func cannotBeDone(_ document: [String: Any]) -> [Int: [String]] {
      var byDay: [Int: [String]] = [:]
      for row in rows(document) where row["kind"] as? String == "day" {
        byDay[row["day"] as? Int ?? 0] = row["cannotBeDone"] as? [String]
      }
      return byDay
    }
    let added = try send(
      "POST", "/api/trips/\(trip)/items",
      json: [
        "title": "Dinner", "category": "restaurant", "time": "17:30", "lat": 41.85,
        "lon": -87.65, "place": ["day": 4, "at": "top"],
      ])
    XCTAssertEqual(added.status, 201, added.text)
    let answer = try object(added)
    let warnings = try XCTUnwrap(answer["warnings"] as? [String], added.text)
    XCTAssertEqual(warnings.count, 1, "\(warnings)")
    let warning = try XCTUnwrap(warnings.first)
    XCTAssertTrue(warning.hasPrefix("Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT"), warning)
    XCTAssertTrue(
      warning.contains("DET at Comerica Park, Detroit (7:10 pm EDT est.) are about 4 h"), warning)
    XCTAssertTrue(warning.hasSuffix("but there is only 40 min between them."), warning)
    let written = try XCTUnwrap(answer["itinerary"] as? [String: Any])
    XCTAssertEqual(cannotBeDone(written)[4], [warning])
    XCTAssertEqual(cannotBeDone(written).values.filter { !$0.isEmpty }.count, 1)
    // The trip document read afresh says the same, and so does the route.
    let document = try object(try send("GET", "/api/trips/\(trip)"))
    XCTAssertEqual(cannotBeDone(document), cannotBeDone(written))
    let route = try object(try send("GET", "/api/trips/\(trip)/route"))
    let days = try XCTUnwrap(route["cannotBeDone"] as? [[String: Any]], "\(route)")
    XCTAssertEqual(days.map { $0["reason"] as? String }, [warning])
    XCTAssertEqual(days.first?["day"] as? Int, 4)

    let rowID = try XCTUnwrap((answer["row"] as? [String: Any])?["id"] as? String)
    let itemID = String(rowID.dropFirst("item:".count))
    let moved = try object(
      try send(
        "POST", "/api/trips/\(trip)/items/\(itemID)/move",
        json: ["place": ["day": 3, "at": "top"]]))
    XCTAssertEqual(moved["warnings"] as? [String], [])
    let after = try XCTUnwrap(moved["itinerary"] as? [String: Any])
    XCTAssertEqual(cannotBeDone(after).count, 7, "every day row has the key")
    XCTAssertTrue(cannotBeDone(after).values.allSatisfy(\.isEmpty), "\(cannotBeDone(after))")
    // Back on Day 4, an edit of its time that still cannot be done warns.
    XCTAssertEqual(
      try send(
        "POST", "/api/trips/\(trip)/items/\(itemID)/move",
        json: ["place": ["day": 4, "at": "top"]]
      ).status, 200)
    let edited = try object(
      try send("PATCH", "/api/trips/\(trip)/items/\(itemID)", json: ["time": "17:45"]))
    let editWarnings = try XCTUnwrap(edited["warnings"] as? [String])
    XCTAssertEqual(editWarnings.count, 1, "\(editWarnings)")
    XCTAssertTrue(editWarnings[0].contains("\"Dinner\" at 5:45 pm CDT"), editWarnings[0])
    XCTAssertTrue(editWarnings[0].hasSuffix("but there is only 25 min between them."))
  }

  /// Issue 28, item 15: an item removed elsewhere (another tab, the CLI)
  /// is said in words a person reads, without its id, by every item route
  /// and by the drag route the editor asks at pick-up.
  func testAnItemRemovedElsewhere_isSaidInWordsWithoutItsID() throws {
    let added = try object(
      try send(
        "POST", "/api/trips/\(trip)/items",
        json: ["title": "Museum", "place": ["day": 3, "at": "top"]]))
    let rowID = try XCTUnwrap((added["row"] as? [String: Any])?["id"] as? String)
    let itemID = String(rowID.dropFirst("item:".count))
    XCTAssertEqual(try send("DELETE", "/api/trips/\(trip)/items/\(itemID)").status, 200)
    let answers = [
      try send(
        "POST", "/api/trips/\(trip)/items/\(itemID)/move",
        json: ["place": ["day": 2, "at": "top"]]),
      try send("PATCH", "/api/trips/\(trip)/items/\(itemID)", json: ["title": "Art museum"]),
      try send("DELETE", "/api/trips/\(trip)/items/\(itemID)"),
      try send("GET", "/api/trips/\(trip)/drag/\(rowID)"),
    ]
    for answer in answers {
      XCTAssertEqual(answer.status, 404, answer.text)
      let message = try XCTUnwrap(
        (try object(answer)["error"] as? [String: Any])?["message"] as? String, answer.text)
      XCTAssertTrue(message.lowercased().hasPrefix("that "), message)
      XCTAssertTrue(message.contains("no longer in the trip"), message)
      XCTAssertFalse(message.contains(itemID.prefix(8)), message)
      XCTAssertFalse(message.contains(trip.prefix(8)), message)
    }
    // A day's heading is not an item: said without its row id.
    let heading = try send("GET", "/api/trips/\(trip)/drag/day:2")
    XCTAssertEqual(heading.status, 422, heading.text)
    XCTAssertFalse(heading.text.contains("day:2"), heading.text)
  }

  func testMove_aLegIntoABlockedPlaceIs422WithBarriers_andChangesNothing() throws {
    let document = try object(try send("GET", "/api/trips/\(trip)"))
    let leg = try XCTUnwrap(
      rows(document).first {
        $0["kind"] as? String == "travel" && $0["title"] as? String == "Chicago → Detroit"
      },
      "\(rows(document).map { $0["title"] ?? "" })")
    let legID = try XCTUnwrap(leg["id"] as? String)
    let before = try send("GET", "/api/trips/\(trip)").text
    let refused = try send(
      "POST", "/api/trips/\(trip)/items/\(legID)/move", json: ["place": ["day": 1, "at": "top"]])
    XCTAssertEqual(refused.status, 422, refused.text)
    let error = try XCTUnwrap(try object(refused)["error"] as? [String: Any])
    XCTAssertEqual(error["kind"] as? String, "refused")
    XCTAssertTrue((error["message"] as? String ?? "").contains("Chicago → Detroit"), "\(error)")
    XCTAssertEqual(error["barriers"] as? [String], ["game:CHN202406050", "game:DET202406070"])
    XCTAssertEqual(try send("GET", "/api/trips/\(trip)").text, before, "nothing changed")
    // An allowed place: the top of Day 4 (the drive day).
    let moved = try send(
      "POST", "/api/trips/\(trip)/items/\(legID)/move",
      json: ["place": ["day": 3, "at": "top"], "revision": 1])
    XCTAssertEqual(moved.status, 200, moved.text)
    XCTAssertEqual((try object(moved)["row"] as? [String: Any])?["day"] as? Int, 3)
    // The same request again is based on a revision that moved on.
    let stale = try send(
      "POST", "/api/trips/\(trip)/items/\(legID)/move",
      json: ["place": ["day": 2, "at": "bottom"], "revision": 1])
    XCTAssertEqual(stale.status, 409, stale.text)
    XCTAssertEqual(try revision(), 2)
  }

  /// Issue 29: a body is read into its wire type, row ids once as `RowID`
  /// in their exact text form; the item's details go through the rule the
  /// CLI shares, in the API's words.
  func testRowIDsAreReadOnceAndDetailsByTheSharedRule() throws {
    for text in ["item:whatever", "GAME:CHN202406040", "", "2"] {
      let answer = try send(
        "POST", "/api/trips/\(trip)/items", json: ["title": "x", "place": ["before": text]])
      XCTAssertEqual(answer.status, 400, answer.text)
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any])
      XCTAssertEqual(error["field"] as? String, "place.before", text)
      XCTAssertEqual(
        error["message"] as? String,
        "place.before must be a row id: day:N, game:ID or item:UUID (got '\(text)')")
    }
    XCTAssertEqual(try send("GET", "/api/trips/\(trip)/drag/Day:2").status, 404)
    XCTAssertEqual(try send("GET", "/api/trips/\(trip)/drag/day:2").status, 422)
    let half = try send("POST", "/api/trips/\(trip)/items", json: ["title": "x", "lat": 41])
    XCTAssertEqual(
      (try object(half)["error"] as? [String: Any])?["message"] as? String,
      ItemDetailsError(.pointHalfGiven, field: .longitude).message(
        naming: WireV1.ItemDetails.words))
    let edge = try send(
      "POST", "/api/trips/\(trip)/items",
      json: ["title": "x", "place": ["after": "day:2", "at": "top"]])
    XCTAssertEqual(edge.status, 400, edge.text)
    XCTAssertEqual(
      (try object(edge)["error"] as? [String: Any])?["field"] as? String, "place.at")
    // Padded and capitalised as on a command line: the same rule reads it.
    let padded = try send(
      "POST", "/api/trips/\(trip)/items",
      json: ["title": "Inn", "category": "Hotel ", "time": " 21:00 "])
    XCTAssertEqual(padded.status, 201, padded.text)
    let row = try XCTUnwrap(try object(padded)["row"] as? [String: Any])
    XCTAssertEqual(row["category"] as? String, "hotel")
    XCTAssertEqual(row["time"] as? String, "21:00")
  }

  func testBadItemRequests_are400Or404_andChangeNothing() throws {
    let cases: [(String, String, [String: Any], Int, String?)] = [
      ("POST", "/items", ["category": "note"], 400, "title"),
      ("POST", "/items", ["title": "x", "category": "bar"], 400, "category"),
      ("POST", "/items", ["title": "x", "time": "25:00"], 400, "time"),
      ("POST", "/items", ["title": "x", "lat": 41], 400, "lon"),
      ("POST", "/items", ["title": "x", "lat": 91, "lon": 0], 400, "lat"),
      ("POST", "/items", ["title": "x", "place": ["day": 2, "at": "middle"]], 400, "place.at"),
      ("POST", "/items", ["title": "x", "place": ["nowhere": 1]], 400, "place.nowhere"),
      (
        "POST", "/items", ["title": "x", "place": ["day": 2, "at": "top", "row": 3]], 400,
        "place.row"
      ),
      ("POST", "/items", ["title": "x", "bogus": 1], 400, "bogus"),
      (
        "POST", "/items/\(UUID().uuidString.lowercased())/move", ["place": ["day": 1], "to": 2],
        400, "to"
      ),
      (
        "PATCH", "/items/\(UUID().uuidString.lowercased())", ["title": "y", "place": ["day": 1]],
        400, "place"
      ),
      ("POST", "/items", ["title": "x", "place": ["day": 2, "before": "day:3"]], 400, "place"),
      ("POST", "/items", ["title": "x", "place": ["day": 9]], 422, nil),
      ("POST", "/items", ["title": "x", "place": ["before": "game:NOPE"]], 422, nil),
      ("POST", "/items", ["title": "x", "revision": "one"], 400, "revision"),
      // An item the trip does not have is not found (review 8, F5).
      ("POST", "/items/\(UUID().uuidString.lowercased())/move", ["place": ["day": 1]], 404, nil),
      // Nested members are named by their path; texts that cannot be
      // stored and revisions below 1 are bad input (review 8, F5, F7).
      ("POST", "/items", ["title": "x", "place": ["day": 1.5]], 400, "place.day"),
      ("POST", "/items", ["title": "   "], 400, "title"),
      ("POST", "/items", ["title": String(repeating: "a", count: 600)], 400, "title"),
      ("POST", "/items", ["title": "x", "revision": -5], 400, "revision"),
      ("POST", "/items", ["title": "x", "lat": 41.9, "lon": NSNull()], 400, "lon"),
      (
        "PATCH", "/items/\(UUID().uuidString.lowercased())", ["lat": NSNull(), "lon": -87.6],
        400, "lat"
      ),
      ("POST", "/items/zzz/move", ["place": ["day": 1]], 404, nil),
    ]
    for (method, path, body, status, field) in cases {
      let answer = try send(method, "/api/trips/\(trip)\(path)", json: body)
      XCTAssertEqual(answer.status, status, "\(path) \(body): \(answer.text)")
      XCTAssertEqual(
        (try object(answer)["error"] as? [String: Any])?["field"] as? String, field,
        "\(body): \(answer.text)")
    }
    XCTAssertEqual(try revision(), 1)
    // A place before a row the trip does not have says so (review 9).
    let nowhere = try send(
      "POST", "/api/trips/\(trip)/items", json: ["title": "x", "place": ["before": "game:NOPE"]])
    XCTAssertEqual(
      (try object(nowhere)["error"] as? [String: Any])?["message"] as? String,
      "Row game:NOPE is not in the trip's days (the trip has no such row, or it is Unscheduled); name a row shown under a day."
    )
  }
}

/// Undo and redo through the API: the same journal as the CLI's.
final class UndoAPITests: APITestCase {
  func testUndoRedo_ofAnAdd_andNothingLeftIs422() throws {
    let trip = tripID(try makeDemoTrip())
    let nothing = try send("POST", "/api/trips/\(trip)/undo", json: [:])
    XCTAssertEqual(nothing.status, 422, nothing.text)
    let added = try send(
      "POST", "/api/trips/\(trip)/items",
      json: ["title": "Museum", "place": ["day": 2, "at": "top"]])
    XCTAssertEqual(added.status, 201)
    let undone = try send("POST", "/api/trips/\(trip)/undo", json: ["revision": 2])
    XCTAssertEqual(undone.status, 200, undone.text)
    var answer = try object(undone)
    XCTAssertEqual(answer["label"] as? String, "Add “Museum”")
    var itinerary = try XCTUnwrap(answer["itinerary"] as? [String: Any])
    XCTAssertFalse(rows(itinerary).contains { $0["title"] as? String == "Museum" })
    XCTAssertEqual(itinerary["revision"] as? Int, 3)
    XCTAssertEqual(try send("POST", "/api/trips/\(trip)/redo", json: ["revision": 2]).status, 409)
    let redone = try send("POST", "/api/trips/\(trip)/redo", json: [:])
    answer = try object(redone)
    itinerary = try XCTUnwrap(answer["itinerary"] as? [String: Any])
    XCTAssertTrue(rows(itinerary).contains { $0["title"] as? String == "Museum" })
    XCTAssertEqual(try send("GET", "/api/trips/\(trip)/undo").status, 405)
  }

  func testOnePatchOfNameAndDays_isOneUndoStep() throws {
    let trip = tripID(try makeDemoTrip())
    let patched = try send(
      "PATCH", "/api/trips/\(trip)",
      json: ["name": "Patched", "start": "2024-06-01", "end": "2024-06-12", "revision": 1])
    XCTAssertEqual(patched.status, 200, patched.text)
    var itinerary = try XCTUnwrap(try object(patched)["itinerary"] as? [String: Any])
    XCTAssertEqual(
      itinerary["undo"] as? String, "Re-plan “Patched” (renamed from “Great Lakes Loop”)")
    var head = try XCTUnwrap(itinerary["trip"] as? [String: Any])
    XCTAssertEqual(head["name"] as? String, "Patched")
    XCTAssertEqual(head["startDate"] as? String, "2024-06-01")
    let undone = try send("POST", "/api/trips/\(trip)/undo", json: [:])
    XCTAssertEqual(undone.status, 200, undone.text)
    itinerary = try XCTUnwrap(try object(undone)["itinerary"] as? [String: Any])
    head = try XCTUnwrap(itinerary["trip"] as? [String: Any])
    XCTAssertEqual(head["name"] as? String, "Great Lakes Loop")
    XCTAssertEqual(head["startDate"] as? String, "2024-06-04")
    XCTAssertNil(itinerary["undo"] as? String)
    // A key the request does not read is refused and changes nothing.
    let bogus = try send("PATCH", "/api/trips/\(trip)", json: ["name": "X", "nmae": "Y"])
    XCTAssertEqual(bogus.status, 400, bogus.text)
    XCTAssertEqual((try object(bogus)["error"] as? [String: Any])?["field"] as? String, "nmae")
    XCTAssertEqual(
      try send("GET", "/api/trips/\(trip)").text.contains("\"Great Lakes Loop\""), true)
  }
}
