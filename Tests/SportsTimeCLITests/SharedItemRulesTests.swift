import Foundation
import SportsTimeAPI
import SportsTimeCore
import XCTest

@testable import sportstime

/// The CLI's item options and the API's item bodies go through one rule
/// each (`ItemDetailsRequest`, `PlacementRequest`; issue 29): the same bad
/// details are refused by both with the same rule, in words that differ
/// only in how each names the member (`--lat`, "the latitude").
final class SharedItemRulesTests: ItineraryTestCase {
  func testTheSameBadDetailsAreRefusedByTheCLIAndTheAPIWithTheSameRule() throws {
    try runOK(Self.shortTrip)
    let add = ["item", "add", "Short", "--title", "T"]
    let cases: [([String], String, ItemDetailsError)] = [
      (["--lat", "41.9"], #"{"lat": 41.9}"#, .init(.pointHalfGiven, field: .longitude)),
      (["--lon", "-87.6"], #"{"lon": -87.6}"#, .init(.pointHalfGiven, field: .latitude)),
      (
        ["--place", "Chicago", "--lat", "1", "--lon", "1"],
        #"{"placeID": 4887398, "lat": 1, "lon": 1}"#, .init(.placeAndPoint, field: .place)
      ),
      (
        ["--category", "bar"], #"{"category": "bar"}"#,
        .init(.unknownCategory("bar"), field: .category)
      ),
      (["--time", "25:00"], #"{"time": "25:00"}"#, .init(.badTime("25:00"), field: .time)),
    ]
    for (options, json, rule) in cases {
      let cli = try run(add + options)
      XCTAssertEqual(cli.status, 64, "\(options): \(cli)")
      XCTAssertEqual(
        cli.stderrLines.first, "Error: \(rule.message(naming: ItemCommands.option))", "\(options)")
      let body = try Wire.decodeBody(
        WireV1.AddItem.self, from: Data(#"{"title": "T", \#(json.dropFirst())"#.utf8))
      XCTAssertThrowsError(
        try body.details.changes(
          locating: { _ in throw WireBodyError("looked up", field: "placeID") }, directory: nil),
        json
      ) { error in
        XCTAssertEqual(
          (error as? WireBodyError)?.message, rule.message(naming: WireV1.ItemDetails.words), json)
        XCTAssertEqual(
          (error as? WireBodyError)?.field, WireV1.ItemDetails.member(rule.field), json)
      }
    }
  }

  func testTheSamePlaceIsJudgedByTheCLIAndTheAPIWithTheSameRule() throws {
    try runOK(Self.shortTrip)
    let cases: [([String], String, PlacementError)] = [
      (
        ["--before", "2", "--day", "3"], #"{"before": "day:2", "day": 3}"#,
        .init(.several([.before, .day]), field: .day)
      ),
      (
        ["--after", "2", "--top"], #"{"after": "day:2", "at": "top"}"#,
        .init(.edgeWithoutDay, field: .edge)
      ),
    ]
    for (options, json, rule) in cases {
      let cli = try run(["item", "add", "Short", "--title", "T"] + options)
      XCTAssertEqual(cli.status, 64, "\(options): \(cli)")
      XCTAssertEqual(
        cli.stderrLines.first, "Error: \(rule.message(naming: ItemCommands.option))", "\(options)")
      let place = try Wire.decodeBody(
        WireV1.MoveItem.self, from: Data(#"{"place": \#(json)}"#.utf8)
      ).place
      XCTAssertThrowsError(try place.target(), json) { error in
        XCTAssertEqual((error as? WireBodyError)?.message, rule.message(naming: place.name), json)
      }
    }
  }
}
