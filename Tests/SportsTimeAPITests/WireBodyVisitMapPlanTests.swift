import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimePlanner
import XCTest

/// The visit, map, plan and DELETE bodies read into their wire types
/// (issue 29): unknown keys refused by name, members of the wrong type
/// named by their whole path, the shared bounds and rules used.
final class WireBodyVisitMapPlanTests: XCTestCase {
  private func read<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try Wire.decodeBody(type, from: Data(json.utf8))
  }

  // MARK: Visits

  func testVisit_unknownKeyRefusedByName() {
    for type in [WireV1.AddVisit.self, WireV1.EditVisit.self] as [any Decodable.Type] {
      let error = refusal(type, #"{"venu": "Wrigley"}"#)
      XCTAssertEqual(
        error?.message,
        "the request body has an unknown key 'venu' (it reads game, venue, sport, date, away, home, score, notes)"
      )
      XCTAssertEqual(error?.field, "venu")
    }
    let nested = refusal(WireV1.AddVisit.self, #"{"score": {"away": 3, "hme": 2}}"#)
    XCTAssertEqual(nested?.message, "score has an unknown key 'hme' (it reads away, home)")
    XCTAssertEqual(nested?.field, "score.hme")
  }

  func testVisit_wrongTypeNamedByPath() {
    let cases: [(String, String, String)] = [
      (#"{"score": {"away": "3", "home": 2}}"#, "score.away", "score.away must be a whole number"),
      (#"{"score": {"away": 3, "home": 2.5}}"#, "score.home", "score.home must be a whole number"),
      (#"{"score": "3-2"}"#, "score", "score must be an object"),
      (#"{"notes": 7}"#, "notes", "notes must be a string"),
      (#"{"date": "June 4"}"#, "date", "date must be a date as YYYY-MM-DD (got 'June 4')"),
      (#"{"sport": "XFL"}"#, "sport", "sport must be MLB, NBA, NHL or NFL (got 'XFL')"),
      (#"{"away": "cubs"}"#, "home", "away and home go together"),
    ]
    for (json, field, message) in cases {
      let error = refusal(WireV1.AddVisit.self, json)
      XCTAssertEqual(error?.field, field, json)
      XCTAssertEqual(error?.message, message, json)
    }
    let alone = refusal(WireV1.EditVisit.self, #"{"away": null, "home": "cubs"}"#)
    XCTAssertEqual(alone?.field, "home", "the member not null with the other")
    XCTAssertTrue(alone?.message.hasPrefix("away and home go together: give both") ?? false)
  }

  func testVisit_readsTheSharedRequest() throws {
    let add = try read(
      WireV1.AddVisit.self,
      #"{"venue": "Wrigley", "date": "2024-06-04", "sport": "mlb", "away": "cardinals", "home": "cubs", "score": {"away": 3, "home": 5}, "notes": "Bleachers"}"#
    )
    XCTAssertEqual(
      add.request,
      VisitRequest(
        venue: "Wrigley", sport: .mlb, date: CalendarDate(iso: "2024-06-04"),
        matchup: .some(TypedMatchup(away: "cardinals", home: "cubs")),
        score: .some(Score(away: 3, home: 5)), notes: .some("Bleachers")))
    // Null clears in an edit.
    let edit = try read(
      WireV1.EditVisit.self,
      #"{"game": null, "away": null, "home": null, "score": null, "notes": null}"#)
    XCTAssertEqual(
      edit.request,
      VisitRequest(game: .some(nil), matchup: .some(nil), score: .some(nil), notes: .some(nil)))
  }

  func testAttended_gamesAndDryRun() throws {
    XCTAssertEqual(
      refusal(WireV1.AttendTrip.self, #"{"dryrun": true}"#)?.message,
      "the request body has an unknown key 'dryrun' (it reads games, dryRun)")
    let cases: [(String, String, String)] = [
      (#"{"games": []}"#, "games", "games is empty: list the games"),
      (#"{"games": "CHC@2024-06-04"}"#, "games", "games must be an array of strings"),
      (#"{"games": ["CHC@2024-06-04", 7]}"#, "games[1]", "games[1] must be a string"),
      (#"{"dryRun": "yes"}"#, "dryRun", "dryRun must be true or false"),
    ]
    for (json, field, message) in cases {
      let error = refusal(WireV1.AttendTrip.self, json)
      XCTAssertEqual(error?.field, field, json)
      XCTAssertTrue(
        error?.message.hasPrefix(message) ?? false, "\(json): \(String(describing: error))")
    }
    let all = try read(WireV1.AttendTrip.self, "")
    XCTAssertNil(all.games)
    XCTAssertFalse(all.dryRun)
    let some = try read(WireV1.AttendTrip.self, #"{"games": ["CHC@2024-06-04"], "dryRun": true}"#)
    XCTAssertEqual(some.games?.count, 1)
    XCTAssertTrue(some.dryRun)
  }

  // MARK: Map

  func testMapViewport_formsAndRefusals() throws {
    let unknown = refusal(WireV1.MapViewportChange.self, #"{"zoom": 2}"#)
    XCTAssertEqual(
      unknown?.message,
      "the request body has an unknown key 'zoom' (it reads centerLatitude, centerLongitude, latitudeSpan, longitudeSpan, focus, reset)"
    )
    XCTAssertEqual(unknown?.field, "zoom")
    let north = refusal(
      WireV1.MapViewportChange.self,
      #"{"centerLatitude": "north", "centerLongitude": -87, "latitudeSpan": 1, "longitudeSpan": 1}"#
    )
    XCTAssertEqual(north?.message, "centerLatitude must be a number")
    XCTAssertEqual(north?.field, "centerLatitude")
    XCTAssertEqual(refusal(WireV1.MapViewportChange.self, #"{"focus": 7}"#)?.field, "focus")
    XCTAssertEqual(
      refusal(WireV1.MapViewportChange.self, #"{"focus": "CHI11", "reset": true}"#)?.message,
      "give a view, focus or reset, one at a time (got focus and reset)")
    XCTAssertEqual(try read(WireV1.MapViewportChange.self, #"{"reset": true}"#).form, .reset)
    XCTAssertEqual(try read(WireV1.MapViewportChange.self, #"{"focus": null}"#).form, .unfocus)
    XCTAssertEqual(
      try read(WireV1.MapViewportChange.self, #"{"focus": "CHI11"}"#).form, .focus("CHI11"))
  }

  // MARK: DELETE bodies

  func testDeleteBodies_readOnlyWhatTheyName() throws {
    let empty = refusal(WireV1.EmptyBody.self, #"{"revision": 3}"#)
    XCTAssertEqual(
      empty?.message, "the request body has an unknown key 'revision' (it takes no members)")
    XCTAssertEqual(empty?.field, "revision")
    _ = try read(WireV1.EmptyBody.self, "")
    _ = try read(WireV1.EmptyBody.self, "{}")
    XCTAssertEqual(
      refusal(WireV1.RevisionOnly.self, #"{"revison": 3}"#)?.message,
      "the request body has an unknown key 'revison' (it reads revision)")
    XCTAssertEqual(try read(WireV1.RevisionOnly.self, #"{"revision": 3}"#).revision, 3)
  }

  // MARK: The plan question

  func testPlan_unknownKeyListsTheKindsMembers() {
    let window = refusal(
      WireV1.PlanQuestion.self,
      #"{"kind": "window", "from": "2025-06-13", "to": "2025-06-19", "season": 2025}"#)
    XCTAssertEqual(
      window?.message,
      "the request body has an unknown key 'season' (it reads kind, from, to, sports, startNear, endNear, must, maxDriveHours, sort, options, search)"
    )
    XCTAssertEqual(window?.field, "season")
    let parks = refusal(
      WireV1.PlanQuestion.self, #"{"kind": "all-parks", "season": 2025, "to": "2025-06-19"}"#)
    XCTAssertEqual(
      parks?.message,
      "the request body has an unknown key 'to' (it reads kind, season, sports, from, teams, maxDriveHours, search)"
    )
    let near = refusal(
      WireV1.PlanQuestion.self,
      #"{"kind": "route", "from": "2025-06-13", "to": "2025-06-19", "startNear": {"city": "Chicago", "radius": 1}}"#
    )
    XCTAssertEqual(
      near?.message, "startNear has an unknown key 'radius' (it reads city, radiusHours)")
    XCTAssertEqual(near?.field, "startNear.radius")
  }

  func testPlan_wrongTypeNamedByPath() {
    let base = #""kind": "window", "from": "2025-06-13", "to": "2025-06-19""#
    let cases: [(String, String, String)] = [
      (
        #"{\#(base), "startNear": {"city": 5}}"#, "startNear.city",
        "startNear.city must be a string"
      ),
      (#"{\#(base), "endNear": {"city": " "}}"#, "endNear.city", "endNear.city is empty"),
      (#"{\#(base), "sports": ["MLB", 3]}"#, "sports[1]", "sports[1] must be a string"),
      (#"{\#(base), "must": "CHC@2025-06-14"}"#, "must", "must must be an array of strings"),
      (#"{\#(base), "options": "ten"}"#, "options", "options must be a whole number"),
      (#"{\#(base), "maxDriveHours": "8"}"#, "maxDriveHours", "maxDriveHours must be a number"),
      (#"{"kind": 3}"#, "kind", "kind must be a string"),
      (
        #"{"kind": "follow", "from": "2025-06-13", "to": "2025-06-19"}"#, "follow",
        "follow is missing"
      ),
    ]
    for (json, field, message) in cases {
      let error = refusal(WireV1.PlanQuestion.self, json)
      XCTAssertEqual(error?.field, field, json)
      XCTAssertEqual(error?.message, message, json)
    }
  }

  func testPlan_boundsAreTheCLIs() throws {
    let base = #""kind": "window", "from": "2025-06-13", "to": "2025-06-19""#
    XCTAssertEqual(
      refusal(WireV1.PlanQuestion.self, #"{\#(base), "options": 51}"#)?.message,
      "options must be a whole number from \(PlanBounds.options.lowerBound) to \(PlanBounds.options.upperBound)"
    )
    XCTAssertEqual(
      refusal(WireV1.PlanQuestion.self, #"{\#(base), "maxDriveHours": 30}"#)?.message,
      "maxDriveHours must be from 0.5 to 24 hours (got 30)")
    let question = try read(
      WireV1.PlanQuestion.self, #"{\#(base), "startNear": {"city": "Chicago"}}"#)
    guard case .window(let window) = question.details else {
      return XCTFail("\(question) is no window question")
    }
    XCTAssertEqual(window.options, PlanBounds.defaultOptions)
    XCTAssertEqual(window.startNear?.radiusHours, PlanBounds.defaultRadiusHours)
    XCTAssertEqual(window.sort, .recommended)
  }
}
