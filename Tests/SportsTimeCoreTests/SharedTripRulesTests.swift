import Foundation
import XCTest

@testable import SportsTimeCore

/// Issue 9: trip building and re-plan share one validation of the games and
/// one leg creation (`TripBuilder.checkGames(_:keeping:)`, `legItem`), and the
/// re-plan's no-op test lives in Core (`Replan.changesNothing`). Real 2024
/// games: Cubs Jun 4 (Wrigley), White Sox Jun 6, Tigers Jun 8 (Comerica).
final class SharedTripRulesTests: XCTestCase {
  let ids: [Game.ID] = ["CHN202406040", "CHA202406060", "DET202406080"]

  func games() throws -> [Game] { try ids.map { try Fixtures.seasonGame($0) } }

  func built(_ environment: RuleEnvironment = .fixed(now: Fixtures.epoch)) throws -> PlannedTrip {
    try TripBuilder.plan(
      name: "Loop", games: try games(), start: nil, end: nil, catalog: try Fixtures.catalog(),
      environment: environment)
  }

  func itinerary(_ planned: PlannedTrip) -> Itinerary {
    Itinerary(trip: planned.trip, schedule: planned.schedule, items: planned.items)
  }

  func testCheckGames_cancelledGameIsRefusedUnlessTheTripKeepsIt() throws {
    var cancelled = try Fixtures.seasonGame("CHN202406040")
    cancelled.status = .cancelled
    XCTAssertThrowsError(try TripBuilder.checkGames([cancelled])) {
      XCTAssertEqual($0 as? TripError, .cancelledGame("CHN202406040"))
    }
    XCTAssertNoThrow(try TripBuilder.checkGames([cancelled], keeping: ["CHN202406040"]))
    XCTAssertThrowsError(try TripBuilder.checkGames([])) {
      XCTAssertEqual($0 as? TripError, .noGames)
    }
    XCTAssertThrowsError(
      try TripBuilder.checkGames([cancelled, cancelled], keeping: [cancelled.id])
    ) {
      XCTAssertEqual($0 as? TripError, .duplicateGame("CHN202406040"))
    }
    // A re-plan refuses a cancelled game the trip does not have, and keeps
    // one it has.
    let trip = itinerary(try built())
    var other = try Fixtures.seasonGame("DET202406090")
    other.status = .cancelled
    XCTAssertThrowsError(
      try trip.replan(
        games: try games() + [other], start: nil, end: nil, catalog: try Fixtures.catalog(),
        environment: .fixed(now: Fixtures.epoch))
    ) { XCTAssertEqual($0 as? TripError, .cancelledGame("DET202406090")) }
    var mine = try games()
    mine[0].status = .cancelled
    XCTAssertNoThrow(
      try trip.replan(
        games: mine, start: nil, end: nil, catalog: try Fixtures.catalog(),
        environment: .fixed(now: Fixtures.epoch)))
  }

  /// A re-plan that drops a game and adds it back creates the leg it
  /// removed exactly as building the trip did (same day, sortOrder, figures).
  func testLegItem_replanCreatesTheLegsTripBuildingCreates() throws {
    let planned = try built()
    let catalog = try Fixtures.catalog()
    let environment = RuleEnvironment.fixed(now: Fixtures.epoch)
    let two = try itinerary(planned).replan(
      games: Array(try games().prefix(2)), start: nil, end: nil, catalog: catalog,
      environment: environment)
    var after = planned
    after.trip = two.trip
    after.schedule = two.schedule
    after.items = planned.items.filter { !two.change.deleted.contains($0.id) }
    let back = try itinerary(after).replan(
      games: try games(), start: nil, end: nil, catalog: catalog, environment: environment)
    XCTAssertEqual(back.change.inserted.count, 1)
    let added = try XCTUnwrap(back.change.inserted.first)
    let original = try XCTUnwrap(planned.items.last)
    XCTAssertEqual(added.day, original.day)
    XCTAssertEqual(added.sortOrder, original.sortOrder)
    XCTAssertEqual(added.kind, original.kind)
    XCTAssertEqual(back.report.added, [LayoutRow.id(item: added.id)])
  }

  func testChangesNothing_onlyWhenNothingChanges() throws {
    let planned = try built()
    let catalog = try Fixtures.catalog()
    let environment = RuleEnvironment.fixed(now: Fixtures.epoch)
    let trip = itinerary(planned)
    let same = try trip.replan(
      games: try games(), start: nil, end: nil, catalog: catalog, environment: environment)
    XCTAssertTrue(same.changesNothing)
    XCTAssertEqual(same.report.kept.count, 2)
    let later = try trip.replan(
      games: try games(), start: nil, end: planned.trip.endDate.adding(days: 1), catalog: catalog,
      environment: environment)
    XCTAssertFalse(later.changesNothing, "one more day")
    XCTAssertTrue(later.tripChanged)
    XCTAssertEqual(later.previousItems, planned.items)
    let reset = ReplanReport.Reset(rowID: "day:2", reason: "why")
    XCTAssertEqual(reset, ReplanReport.Reset(rowID: "day:2", reason: "why"))
    XCTAssertNotEqual(reset, ReplanReport.Reset(rowID: "day:2", reason: "other"))
  }
}
