import Foundation
import XCTest

@testable import SportsTimeCore

/// Building trips from real 2024 games.
final class TripPlannerTests: XCTestCase {

  private let now = Date(timeIntervalSince1970: 1_717_000_000)

  private func plan(
    _ ids: [String], name: String = "Midwest", start: String? = nil, end: String? = nil
  ) throws -> PlannedTrip {
    let games = try ids.map { try Fixtures.seasonGame($0) }
    return try TripPlanner.plan(
      name: name, games: games, start: try start.map { try Fixtures.date($0) },
      end: try end.map { try Fixtures.date($0) }, catalog: try Fixtures.catalog(),
      environment: .fixed(now: now))
  }

  private func assertTripError(
    _ expected: TripError, _ body: () throws -> PlannedTrip, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
      XCTAssertEqual(error as? TripError, expected, file: file, line: line)
      XCTAssertFalse("\(error)".isEmpty, file: file, line: line)
    }
  }

  /// Cubs home 2024-06-17, 18, 19 (night, night, day), then Brewers home
  /// 2024-06-24, 25 (night, night).
  private let cubsThenBrewers = [
    "MIL202406250", "CHN202406170", "CHN202406190", "MIL202406240", "CHN202406180",
  ]

  func testPlan_daysDefaultToFirstAndLastGameDates() throws {
    let planned = try plan(cubsThenBrewers)
    XCTAssertEqual(planned.trip.startDate.iso, "2024-06-17")
    XCTAssertEqual(planned.trip.endDate.iso, "2024-06-25")
    XCTAssertEqual(planned.trip.dayCount, 9)
    XCTAssertEqual(planned.schedule.dayCount, 9)
    XCTAssertEqual(planned.trip.name, "Midwest")
    XCTAssertEqual(
      planned.trip.gameIDs,
      ["CHN202406170", "CHN202406180", "CHN202406190", "MIL202406240", "MIL202406250"])
    XCTAssertEqual(planned.schedule.games.map(\.day), [1, 2, 3, 8, 9])
    XCTAssertEqual(planned.trip.createdAt, now)
    XCTAssertEqual(planned.trip.id, Fixtures.uuid(1))
  }

  func testPlan_explicitDaysAroundTheGames() throws {
    let planned = try plan(["CHN202406180"], start: "2024-06-16", end: "2024-06-20")
    XCTAssertEqual(planned.trip.dayCount, 5)
    XCTAssertEqual(planned.schedule.games.map(\.day), [3])
    XCTAssertTrue(planned.items.isEmpty, "one stop, no legs")
  }

  func testPlan_startAfterEndThrows() throws {
    let start = try Fixtures.date("2024-06-20")
    let end = try Fixtures.date("2024-06-16")
    assertTripError(.startAfterEnd(start, end)) {
      try plan(["CHN202406180"], start: "2024-06-20", end: "2024-06-16")
    }
  }

  func testPlan_gameOutsideTheDaysThrows() throws {
    let s = try Fixtures.date("2024-06-17")
    let e = try Fixtures.date("2024-06-20")
    let date = try Fixtures.date("2024-06-24")
    assertTripError(.gameOutsideTrip("MIL202406240", date, s, e)) {
      try plan(["CHN202406170", "MIL202406240"], start: "2024-06-17", end: "2024-06-20")
    }
    // A start after the first game also leaves that game out.
    XCTAssertThrowsError(try plan(["CHN202406170"], start: "2024-06-18", end: "2024-06-20"))
  }

  func testPlan_cancelledGameIsRefused() throws {
    let cancelled = try Fixtures.seasonGame("CLE202409290")
    XCTAssertEqual(cancelled.status, .cancelled)
    assertTripError(.cancelledGame("CLE202409290")) { try plan(["CLE202409280", "CLE202409290"]) }
  }

  func testPlan_badNamesAndPicksAreRefused() throws {
    assertTripError(.emptyName) { try plan(["CHN202406170"], name: "  \n") }
    assertTripError(.noGames) { try plan([]) }
    assertTripError(.duplicateGame("CHN202406170")) { try plan(["CHN202406170", "CHN202406170"]) }
  }

  func testPlan_stopsMergeConsecutiveGamesAtOneVenue() throws {
    let planned = try plan(cubsThenBrewers)
    XCTAssertEqual(planned.schedule.stops.map(\.venue.id), ["CHI11", "MIL06"])
    XCTAssertEqual(planned.schedule.stops.map(\.name), ["Chicago", "Milwaukee"])
    XCTAssertEqual(planned.schedule.stops.map { $0.games.count }, [3, 2])
    XCTAssertEqual(planned.schedule.legs.count, 1)
  }

  func testPlan_oneTravelItemPerLegAtItsDefault() throws {
    // Cubs 06-17..19, then four Brewers home games 06-24..28: still one leg.
    let ids = cubsThenBrewers + ["MIL202406260", "MIL202406280"]
    let planned = try plan(ids)
    XCTAssertEqual(planned.schedule.stops.count, 2)
    XCTAssertEqual(planned.items.count, planned.schedule.legs.count)
    let item = try XCTUnwrap(planned.items.first)
    XCTAssertEqual(item.title, "Chicago → Milwaukee")
    XCTAssertEqual(item.tripID, planned.trip.id)
    // After the 06-19 day game (Day 3, sortOrder 100): Day 3 at 101.
    XCTAssertEqual(item.day, 3)
    XCTAssertEqual(item.sortOrder, 101)
    XCTAssertEqual(item.travelInfo?.fromStop, 0)
    XCTAssertEqual(item.travelInfo?.toStop, 1)
    XCTAssertTrue(planned.tightLegs.isEmpty)
  }

  func testPlan_multiLegTripItemsMatchPlacementAndAreValid() throws {
    // Wrigley 06-14, 15 → American Family Field 06-16 → Wrigley 06-17:
    // Chicago visited twice.
    let planned = try plan(["CHN202406140", "CHN202406150", "MIL202406160", "CHN202406170"])
    let schedule = planned.schedule
    XCTAssertEqual(schedule.stops.map(\.venue.id), ["CHI11", "MIL06", "CHI11"])
    XCTAssertEqual(planned.items.count, 2)
    XCTAssertEqual(Set(planned.items.map(\.id)).count, 2)
    let constraints = ItineraryConstraints(schedule: schedule)
    for (leg, item) in zip(schedule.legs, planned.items) {
      let info = TravelPlacement.travelInfo(for: leg, estimator: .default)
      XCTAssertEqual(item.travelInfo, info)
      let position = try XCTUnwrap(TravelPlacement.defaultPosition(for: info, in: constraints))
      XCTAssertEqual(item.day, position.day)
      XCTAssertEqual(item.sortOrder, position.sortOrder)
      XCTAssertEqual(constraints.check(item, day: item.day, sortOrder: item.sortOrder), .valid)
    }
    XCTAssertEqual(planned.items.map(\.day), [2, 3])
    XCTAssertEqual(planned.items.map(\.title), ["Chicago → Milwaukee", "Milwaukee → Chicago"])
  }

  func testPlan_tightLegIsReportedNamingBothGames() throws {
    // 2024-04-01: Cubs day game at Wrigley Field, Dodgers night game in Los Angeles.
    let cubs = try Fixtures.seasonGame("CHN202404010")
    let dodgers = try Fixtures.seasonGame("LAN202404010")
    let distance = try XCTUnwrap(
      Fixtures.catalog().venue("CHI11")?.coordinate.distance(
        to: try XCTUnwrap(Fixtures.catalog().venue("LOS03")).coordinate))
    XCTAssertGreaterThan(distance, 1_000_000)
    let planned = try plan(["LAN202404010", "CHN202404010"], name: "Coast to coast")
    XCTAssertEqual(planned.trip.dayCount, 1)
    XCTAssertEqual(planned.tightLegs.count, 1)
    let tight = try XCTUnwrap(planned.tightLegs.first)
    XCTAssertEqual(tight.departureGame.id, cubs.id)
    XCTAssertEqual(tight.arrivalGame.id, dodgers.id)
    // 13:10 CDT + 3 h = 21:10 UTC; 19:10 PDT = 02:10 UTC: five hours.
    XCTAssertEqual(tight.availableSeconds, 5 * 3600)
    XCTAssertGreaterThan(tight.neededSeconds, tight.availableSeconds)
    XCTAssertTrue(tight.message.contains("CHN202404010"), tight.message)
    XCTAssertTrue(tight.message.contains("LAN202404010"), tight.message)
    XCTAssertTrue(tight.message.contains("Chicago → Los Angeles"), tight.message)
    // Tight legs are warned about, not forbidden: the travel item is still placed.
    XCTAssertEqual(planned.items.count, 1)
    XCTAssertEqual(planned.items.first?.day, 1)
    XCTAssertEqual(planned.items.first?.sortOrder, 100.5)
  }

  func testPlan_nightGameInLosAngelesStaysOnItsLADate() throws {
    let game = try Fixtures.seasonGame("LAN202404010")
    XCTAssertEqual(game.localDate.iso, "2024-04-01")
    XCTAssertEqual(LocalTime.iso8601(game.start, in: game.timeZone), "2024-04-01T19:10:00-07:00")
    let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
    XCTAssertEqual(CalendarDate(game.start, in: utc).iso, "2024-04-02")
    let planned = try plan(["LAN202404010"], name: "LA")
    XCTAssertEqual(planned.trip.startDate.iso, "2024-04-01")
    XCTAssertEqual(planned.trip.endDate.iso, "2024-04-01")
    XCTAssertEqual(planned.schedule.games.map(\.day), [1])
    // And on a trip of several days it sits on the Day of 04-01, not 04-02.
    let longer = try plan(["LAN202404010"], name: "LA", start: "2024-03-31", end: "2024-04-02")
    XCTAssertEqual(longer.schedule.games.map(\.day), [2])
  }

  func testPlan_rescheduledGameSitsOnItsMakeupDate() throws {
    let planned = try plan(["ATL202409301", "ATL202409302"], name: "Makeups")
    XCTAssertEqual(planned.trip.startDate.iso, "2024-09-30")
    XCTAssertEqual(planned.schedule.games.map(\.sortOrder), [100, 101])
    XCTAssertEqual(planned.schedule.stops.count, 1)
  }
}
