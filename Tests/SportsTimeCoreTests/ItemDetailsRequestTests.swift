import SportsTimeCore
import XCTest

/// The rules every front end shares for an item's details and place
/// (issue 29): one function each, its refusals naming the member at fault
/// so each front end can name it its own way.
final class ItemDetailsRequestTests: XCTestCase {
  private let chicago = Place(
    id: 1, name: "Chicago", country: "US", admin1: "IL",
    coordinate: Coordinate(latitude: 41.85, longitude: -87.65)!, population: 2_700_000,
    timeZoneID: "America/Chicago")

  private func refusal(_ request: ItemDetailsRequest<String>) -> ItemDetailsError? {
    do {
      _ = try request.changes(locating: { _ in self.chicago }, directory: nil)
      return nil
    } catch {
      return error as? ItemDetailsError
    }
  }

  func testChanges_eachRuleNamesTheDetailAtFault() {
    let cases: [(ItemDetailsRequest<String>, ItemDetailsError)] = [
      (.init(category: "bar"), .init(.unknownCategory("bar"), field: .category)),
      (.init(time: .some("25:00")), .init(.badTime("25:00"), field: .time)),
      (.init(latitude: .some(41.9)), .init(.pointHalfGiven, field: .longitude)),
      (.init(longitude: .some(-87.6)), .init(.pointHalfGiven, field: .latitude)),
      (
        .init(latitude: .some(41.9), longitude: .some(nil)),
        .init(.pointHalfCleared, field: .longitude)
      ),
      (
        .init(latitude: .some(nil), longitude: .some(-87.6)),
        .init(.pointHalfCleared, field: .latitude)
      ),
      (.init(latitude: .some(91), longitude: .some(0)), .init(.pointOffMap, field: .latitude)),
      (.init(latitude: .some(1), longitude: .some(181)), .init(.pointOffMap, field: .longitude)),
      (
        .init(latitude: .some(1), longitude: .some(1), place: "Chicago"),
        .init(.placeAndPoint, field: .place)
      ),
    ]
    for (request, expected) in cases {
      XCTAssertEqual(refusal(request), expected, "\(request)")
      XCTAssertThrowsError(try request.check(), "check() refuses what changes() does")
    }
  }

  func testChanges_whatIsGivenIsChangedAndNullClears() throws {
    let full = try ItemDetailsRequest<String>(
      title: "Dinner", category: " Restaurant ", time: .some(" 18:30 "), place: "Chicago",
      address: .some("1 Main St")
    ).changes(locating: { _ in self.chicago }, directory: nil)
    XCTAssertEqual(full.title, "Dinner")
    XCTAssertEqual(full.category, .restaurant, "any case, spaces ignored")
    XCTAssertEqual(full.time, .some(ClockTime("18:30")))
    XCTAssertEqual(full.coordinate, .some(chicago.coordinate))
    XCTAssertEqual(full.placeName, chicago.label)
    XCTAssertEqual(full.placeTimeZoneID, "America/Chicago")
    XCTAssertEqual(full.address, .some("1 Main St"))
    let cleared = try ItemDetailsRequest<String>(
      time: .some(nil), latitude: .some(nil), longitude: .some(nil), address: .some(nil)
    ).changes(locating: { _ in self.chicago }, directory: nil)
    XCTAssertEqual(cleared.time, .some(nil))
    XCTAssertEqual(cleared.coordinate, .some(nil))
    XCTAssertEqual(cleared.address, .some(nil))
    XCTAssertTrue(
      try ItemDetailsRequest<String>().changes(locating: { _ in self.chicago }, directory: nil)
        .isEmpty)
  }

  func testCheck_looksNoTownUp() throws {
    var looked = false
    let request = ItemDetailsRequest<String>(place: "Springfield")
    try request.check()
    _ = try request.changes(
      locating: {
        looked = true
        XCTAssertEqual($0, "Springfield")
        return self.chicago
      }, directory: nil)
    XCTAssertTrue(looked)
  }

  func testMessage_differsOnlyInHowEachFrontEndNamesTheDetails() {
    let error = ItemDetailsError(.pointHalfGiven, field: .longitude)
    XCTAssertEqual(
      error.message(naming: { "<\($0)>" }), "Give both <latitude> and <longitude>, or neither.")
    XCTAssertEqual(
      ItemDetailsError(.placeAndPoint, field: .place).message(naming: { "<\($0)>" }),
      "Give either <place> or <point>, not both.")
  }

  func testPlacement_oneOfBeforeAfterAndDay_andAnEdgeOnlyWithADay() throws {
    XCTAssertNil(try PlacementRequest<RowID>().target())
    XCTAssertEqual(try PlacementRequest<RowID>(before: .day(2)).target(), .before(rowID: .day(2)))
    XCTAssertEqual(try PlacementRequest<RowID>(after: .day(2)).target(), .after(rowID: .day(2)))
    XCTAssertEqual(try PlacementRequest<RowID>(day: 3).target(), .bottom(day: 3))
    XCTAssertEqual(try PlacementRequest<RowID>(day: 3, edge: .top).target(), .top(day: 3))
    XCTAssertEqual(
      try PlacementRequest<RowID>(day: 3, edge: .bottom).target(), .bottom(day: 3))
    func refusal(_ request: PlacementRequest<String>) -> PlacementError? {
      do {
        _ = try request.target(resolving: { _ in .day(1) })
        return nil
      } catch {
        return error as? PlacementError
      }
    }
    XCTAssertEqual(
      refusal(.init(before: "2", day: 3)), PlacementError(.several([.before, .day]), field: .day))
    XCTAssertEqual(
      refusal(.init(before: "2", after: "3")),
      PlacementError(.several([.before, .after]), field: .after))
    XCTAssertEqual(
      refusal(.init(after: "2", edge: .top)), PlacementError(.edgeWithoutDay, field: .edge))
    XCTAssertEqual(
      PlacementError(.edgeWithoutDay, field: .edge).message(naming: { "<\($0)>" }),
      "<edge> goes with <day>")
    // Rows are resolved only once the rule is met, by the front end's own
    // lookup.
    var resolved: [String] = []
    let target = try PlacementRequest<String>(after: "5").target {
      resolved.append($0)
      return .game("CHN202406040")
    }
    XCTAssertEqual(target, .after(rowID: .game("CHN202406040")))
    XCTAssertEqual(resolved, ["5"])
  }
}

/// A typed matchup's rule, shared by `visit add/edit --away/--home` and the
/// API's visit bodies (issue 29).
final class MatchupRuleTests: XCTestCase {
  func testGiven_bothOrNeither_namingTheMissingSide() throws {
    XCTAssertNil(try TypedMatchup.given(away: nil, home: nil))
    XCTAssertEqual(
      try TypedMatchup.given(away: "STL", home: "CHC"), TypedMatchup(away: "STL", home: "CHC"))
    for (away, home, missing) in [
      ("STL", nil, MatchupError.Side.home), (nil, "CHC", .away),
    ] as [(String?, String?, MatchupError.Side)] {
      XCTAssertThrowsError(try TypedMatchup.given(away: away, home: home)) {
        XCTAssertEqual($0 as? MatchupError, MatchupError(missing: missing))
      }
    }
    XCTAssertEqual(
      MatchupError(missing: .home).message(naming: { "<\($0)>" }), "<away> and <home> go together")
  }
}
