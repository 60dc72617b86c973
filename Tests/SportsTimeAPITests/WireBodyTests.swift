import Foundation
import SportsTimeAPI
import SportsTimeCore
import XCTest

/// Request bodies read into their wire types (issue 29): unknown keys
/// refused, every refusal naming its member by its whole path.
final class WireBodyTests: XCTestCase {
  /// A body with a list of places, for paths through arrays.
  private struct Plan: Decodable {
    struct Stop: Decodable {
      var place: WireV1.Place
      enum CodingKeys: String, CodingKey, CaseIterable { case place }
    }
    var items: [Stop]
    enum CodingKeys: String, CodingKey, CaseIterable { case items }
  }

  func testUnknownKeys_areRefusedAtTheirPathListingWhatTheBodyReads() {
    let top = refusal(WireV1.MoveItem.self, #"{"place": {"day": 2}, "revison": 3}"#)
    XCTAssertEqual(top?.field, "revison")
    XCTAssertEqual(
      top?.message, "the request body has an unknown key 'revison' (it reads place, revision)")
    let nested = refusal(WireV1.MoveItem.self, #"{"place": {"day": 2, "top": true}}"#)
    XCTAssertEqual(nested?.field, "place.top")
    XCTAssertEqual(
      nested?.message, "place has an unknown key 'top' (it reads before, after, day, at)")
    let deep = refusal(Plan.self, #"{"items": [{"place": {"day": 1}}, {"place": {"dya": 1}}]}"#)
    XCTAssertEqual(deep?.field, "items[1].place.dya")
    // A detail's key is the item body's own: read beside it, not unknown.
    XCTAssertEqual(
      refusal(WireV1.EditItem.self, #"{"lat": 1, "place": {"day": 2}}"#)?.field, "place")
    XCTAssertEqual(
      refusal(WireV1.RevisionOnly.self, #"{"revision": 2, "label": "x"}"#)?.field, "label")
  }

  func testMembers_ofTheWrongTypeOrMissing_areNamedByTheirPath() {
    let cases: [(String, String, String)] = [
      (
        #"{"items": [{"place": {"day": 1}}, {"place": {"day": 1.5}}]}"#, "items[1].place.day",
        "items[1].place.day must be a whole number"
      ),
      (
        #"{"items": [{"place": {"day": 1}}, {"place": {"before": 3}}]}"#, "items[1].place.before",
        "items[1].place.before must be a string"
      ),
      (
        #"{"items": [{"place": {"at": "middle", "day": 1}}]}"#, "items[0].place.at",
        #"items[0].place.at must be "top" or "bottom""#
      ),
      (#"{"items": [{}]}"#, "items[0].place", "items[0].place is missing"),
      (#"{"items": {}}"#, "items", "items must be an array"),
      (#"{"items": [{"place": null}]}"#, "items[0].place", "items[0].place is missing"),
    ]
    for (json, field, message) in cases {
      let error = refusal(Plan.self, json)
      XCTAssertEqual(error?.field, field, json)
      XCTAssertEqual(error?.message, message, json)
    }
  }

  /// Review of issue 29: a null title or category was read as absent, so
  /// `{"title": null}` answered "Nothing to change" and, beside another
  /// member, was silently dropped. They cannot be cleared: null is refused
  /// at the member.
  func testANullTitleOrCategory_isRefusedAtTheMember() throws {
    for member in ["title", "category"] {
      for json in [#"{"\#(member)": null}"#, #"{"\#(member)": null, "address": "kept"}"#] {
        let error = refusal(WireV1.EditItem.self, json)
        XCTAssertEqual(error?.field, member, json)
        XCTAssertEqual(
          error?.message, "\(member) cannot be null: give a string, or leave it out", json)
      }
      let add = member == "title" ? #"{"title": null}"# : #"{"title": "x", "category": null}"#
      XCTAssertEqual(refusal(WireV1.AddItem.self, add)?.field, member, add)
    }
    // Leaving them out, and clearing what can be cleared, still reads.
    let edit = try Wire.decodeBody(
      WireV1.EditItem.self, from: Data(#"{"time": null, "address": "kept"}"#.utf8))
    XCTAssertNil(edit.details.request.title)
  }

  func testRowIDs_areReadOnceInTheirExactTextForm() throws {
    let place = try Wire.decodeBody(
      WireV1.MoveItem.self, from: Data(#"{"place": {"after": "game:CHN202406040"}}"#.utf8)
    ).place
    XCTAssertEqual(try place.target(), .after(rowID: .game("CHN202406040")))
    for text in ["item:whatever", "", "GAME:CHN202406040", "day:01", "3"] {
      let error = refusal(WireV1.MoveItem.self, #"{"place": {"before": "\#(text)"}}"#)
      XCTAssertEqual(error?.field, "place.before", text)
      XCTAssertEqual(
        error?.message,
        "place.before must be a row id: day:N, game:ID or item:UUID (got '\(text)')", text)
    }
  }

  func testPlace_theSharedRuleNamesMembersByTheirPath() throws {
    func target(_ json: String) throws -> DropTarget {
      try Wire.decodeBody(WireV1.MoveItem.self, from: Data(json.utf8)).place.target()
    }
    XCTAssertEqual(try target(#"{"place": {"day": 2, "at": "top"}}"#), .top(day: 2))
    XCTAssertEqual(try target(#"{"place": {"day": 2}}"#), .bottom(day: 2))
    let cases: [(String, String, String)] = [
      (
        #"{"place": {"before": "day:2", "day": 3}}"#, "place",
        "give only one of place.before, place.after and place.day"
      ),
      (#"{"place": {"after": "day:2", "at": "top"}}"#, "place.at", "place.at goes with place.day"),
      (
        #"{"place": {}}"#, "place",
        #"place must be {before: rowID}, {after: rowID} or {day: N, at: "top"|"bottom"}"#
      ),
    ]
    for (json, field, message) in cases {
      XCTAssertThrowsError(try target(json), json) { error in
        XCTAssertEqual((error as? WireBodyError)?.field, field, json)
        XCTAssertEqual((error as? WireBodyError)?.message, message, json)
      }
    }
  }

  func testBodies_emptyIsAnEmptyObject_otherTextIsRefused() throws {
    XCTAssertNil(try Wire.decodeBody(WireV1.RevisionOnly.self, from: Data()).revision)
    XCTAssertEqual(
      refusal(WireV1.RevisionOnly.self, "[1]")?.message,
      "the request body must be a JSON object")
    XCTAssertNil(refusal(WireV1.RevisionOnly.self, "[1]")?.field)
    XCTAssertTrue(
      refusal(WireV1.RevisionOnly.self, "{")?.message.hasPrefix("the request body is not JSON")
        ?? false)
  }

  func testRevision_isAWholeNumberFromOneUp() {
    let cases: [(String, String)] = [
      (#"{"revision": -5}"#, "revision must be a whole number from 1 up (got -5)"),
      (#"{"revision": 0}"#, "revision must be a whole number from 1 up (got 0)"),
      (#"{"revision": 2.5}"#, "revision must be a whole number"),
      (#"{"revision": "2"}"#, "revision must be a whole number"),
      (
        #"{"revision": 1e300}"#,
        "revision is out of range (a whole number from 1 up to 999999999999999)"
      ),
    ]
    for (json, message) in cases {
      let error = refusal(WireV1.RevisionOnly.self, json)
      XCTAssertEqual(error?.field, "revision", json)
      XCTAssertEqual(error?.message, message, json)
    }
  }

  func testTripBodies_gameReferencesAndDatesAreNamedByTheirPlace() throws {
    let trip = try Wire.decodeBody(
      WireV1.NewTrip.self,
      from: Data(#"{"name": "Loop", "games": ["CHN202406040"], "start": "2024-06-03"}"#.utf8))
    XCTAssertEqual(trip.games.count, 1)
    XCTAssertEqual(trip.start, CalendarDate(iso: "2024-06-03"))
    XCTAssertEqual(
      refusal(WireV1.NewTrip.self, #"{"name": "x", "games": []}"#)?.message,
      "games is missing or empty")
    XCTAssertEqual(refusal(WireV1.NewTrip.self, #"{"games": ["CHN202406040"]}"#)?.field, "name")
    XCTAssertEqual(
      refusal(WireV1.NewTrip.self, #"{"name": "x", "games": ["CHN202406040", "CHC@June 4"]}"#)?
        .field,
      "games[1]")
    XCTAssertEqual(
      refusal(WireV1.EditTrip.self, #"{"removeGames": ["CHN202406040", 7]}"#)?.message,
      "removeGames[1] must be a string")
    let date = refusal(WireV1.EditTrip.self, #"{"end": "June 9"}"#)
    XCTAssertEqual(date?.field, "end")
    XCTAssertEqual(date?.message, "end must be a date as YYYY-MM-DD (got 'June 9')")
  }

  func testItemDetails_mapThroughTheSharedRuleInTheAPIsWords() throws {
    func changes(_ json: String) throws -> CustomItemChanges {
      try Wire.decodeBody(WireV1.EditItem.self, from: Data(json.utf8)).details.changes(
        locating: { _ in throw WireBodyError("no towns here", field: "placeID") },
        directory: nil)
    }
    let cleared = try changes(#"{"time": null, "lat": null, "lon": null, "address": null}"#)
    XCTAssertEqual(cleared.time, .some(nil))
    XCTAssertEqual(cleared.coordinate, .some(nil))
    XCTAssertEqual(cleared.address, .some(nil))
    let cases: [(String, ItemDetailsError, String)] = [
      (#"{"lat": 41.9}"#, .init(.pointHalfGiven, field: .longitude), "lon"),
      (#"{"lat": 41.9, "lon": null}"#, .init(.pointHalfCleared, field: .longitude), "lon"),
      (#"{"lat": 95, "lon": 1}"#, .init(.pointOffMap, field: .latitude), "lat"),
      (#"{"placeID": 5, "lat": 1, "lon": 1}"#, .init(.placeAndPoint, field: .place), "placeID"),
      (#"{"category": "bar"}"#, .init(.unknownCategory("bar"), field: .category), "category"),
      (#"{"time": "7pm"}"#, .init(.badTime("7pm"), field: .time), "time"),
    ]
    for (json, rule, field) in cases {
      XCTAssertThrowsError(try changes(json), json) { error in
        XCTAssertEqual((error as? WireBodyError)?.field, field, json)
        XCTAssertEqual(
          (error as? WireBodyError)?.message, rule.message(naming: WireV1.ItemDetails.words), json)
      }
    }
    XCTAssertEqual(
      ItemDetailsError(.pointHalfGiven, field: .longitude).message(
        naming: WireV1.ItemDetails.words),
      "Give both the latitude and the longitude, or neither.")
    XCTAssertThrowsError(try changes(#"{"placeID": 5}"#)) {
      XCTAssertEqual(($0 as? WireBodyError)?.message, "no towns here", "the lookup's own error")
    }
    XCTAssertEqual(refusal(WireV1.EditItem.self, #"{"lat": "north"}"#)?.field, "lat")
    XCTAssertEqual(
      refusal(WireV1.AddItem.self, #"{"category": "note"}"#)?.message,
      "title is missing")
  }
}
