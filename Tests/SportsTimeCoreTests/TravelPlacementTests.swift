import Foundation
import XCTest

@testable import SportsTimeCore

/// Default travel positions and tight-leg detection (DESIGN.md, "Travel
/// placement" and "Time").
final class TravelPlacementTests: XCTestCase {

  private func on(_ day: Int) -> String { String(format: "2024-06-%02d", day) }

  private func defaultPosition(_ leg: Int, _ schedule: TripSchedule) throws -> (
    day: Int, sortOrder: Double
  )? {
    TravelPlacement.defaultPosition(
      for: try Fixtures.leg(leg, of: schedule), in: ItineraryConstraints(schedule: schedule))
  }

  /// Issue 9: the legacy import's override moves a leg with this rule
  /// (it used to restate `defaultPosition`'s switch).
  func testMove_toTheDefaultSpotOfTheDayOrRefused() throws {
    // Cubs June 17–19 (Days 1–3), Brewers June 24–25 (Days 8–9).
    let planned = try PropertyTrips.plan(
      PropertyTrips.midwest, environment: .fixed(now: Date(timeIntervalSince1970: 1_700_000_000)))
    let itinerary = Itinerary(
      trip: planned.trip, schedule: planned.schedule, items: planned.items)
    let travel = try XCTUnwrap(planned.items.first { $0.travelInfo != nil })
    let info = try XCTUnwrap(travel.travelInfo)
    let constraints = itinerary.constraints
    XCTAssertEqual(TravelPlacement.sortOrder(for: info, onDay: 3, in: constraints), 101)
    XCTAssertEqual(TravelPlacement.sortOrder(for: info, onDay: 5, in: constraints), 50)
    XCTAssertEqual(TravelPlacement.sortOrder(for: info, onDay: 8, in: constraints), 50)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    guard case .success(let moved) = TravelPlacement.move(travel, toDay: 5, in: itinerary, now: now)
    else { return XCTFail("Day 5 is a rest day inside the leg's days") }
    XCTAssertEqual(moved.map(\.id), [travel.id])
    XCTAssertEqual(moved.first?.day, 5)
    XCTAssertEqual(moved.first?.sortOrder, 50)
    XCTAssertEqual(moved.first?.modifiedAt, now)
    guard
      case .failure(let refusal) = TravelPlacement.move(travel, toDay: 1, in: itinerary, now: now)
    else { return XCTFail("Day 1 is before the last Chicago game") }
    XCTAssertTrue(refusal.reason.contains("Day 3"), refusal.reason)
    let custom = Fixtures.custom()
    guard case .failure = TravelPlacement.move(custom, toDay: 5, in: itinerary, now: now) else {
      return XCTFail("only travel moves")
    }
  }

  func testDefaultPosition_afterDepartureGame_isLastPlusOne() throws {
    // Chicago Day 1 (100), Detroit Day 3.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    let position = try XCTUnwrap(try defaultPosition(0, schedule))
    XCTAssertEqual(position.day, 1)
    XCTAssertEqual(position.sortOrder, 101)
  }

  func testDefaultPosition_afterDoubleheader_isLastPlusOne() throws {
    // Two Chicago games on Day 2 (100, 101), Milwaukee Day 3.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3,
      games: [
        try Fixtures.cubs(on(2), hour: 13, number: 1),
        try Fixtures.cubs(on(2), hour: 19, number: 2),
        try Fixtures.brewers(on(3)),
      ])
    let position = try XCTUnwrap(try defaultPosition(0, schedule))
    XCTAssertEqual(position.day, 2)
    XCTAssertEqual(position.sortOrder, 102)
  }

  func testDefaultPosition_restDay_is50() throws {
    // Leaving home: no games at the start; first game on Day 3, so Day 1 is a rest day.
    let schedule = try Fixtures.schedule(start: on(1), days: 3, games: [try Fixtures.cubs(on(3))])
    let info = TravelInfo(
      fromStop: nil, toStop: 0, fromVenueID: nil, toVenueID: "CHI11", fromName: "Home",
      toName: "Chicago", distanceMeters: 1000, durationSeconds: 60)
    let position = try XCTUnwrap(
      TravelPlacement.defaultPosition(for: info, in: ItineraryConstraints(schedule: schedule)))
    XCTAssertEqual(position.day, 1)
    XCTAssertEqual(position.sortOrder, 50)
  }

  func testDefaultPosition_arrivalDay_is50() throws {
    // Leaving home on the day of the first game: before it, at 50.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 2, games: [try Fixtures.cubs(on(1), hour: 13)])
    let info = TravelInfo(
      fromStop: nil, toStop: 0, fromVenueID: nil, toVenueID: "CHI11", fromName: "Home",
      toName: "Chicago", distanceMeters: 1000, durationSeconds: 60)
    let constraints = ItineraryConstraints(schedule: schedule)
    let position = try XCTUnwrap(TravelPlacement.defaultPosition(for: info, in: constraints))
    XCTAssertEqual(position.day, 1)
    XCTAssertEqual(position.sortOrder, 50)
    XCTAssertTrue(
      constraints.isValidPosition(
        for: Fixtures.travel(info), day: position.day, sortOrder: position.sortOrder))
  }

  func testDefaultPosition_sameDayDepartureAndArrival_isMidpoint() throws {
    // Yankees 13:10 (100) then Mets 19:10 (101) on Day 1.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 2,
      games: [try Fixtures.yankees(on(1), hour: 13), try Fixtures.mets(on(1))])
    let position = try XCTUnwrap(try defaultPosition(0, schedule))
    XCTAssertEqual(position.day, 1)
    XCTAssertEqual(position.sortOrder, 100.5)
  }

  func testDefaultPosition_isValidForEveryLegOfARealisticTrip() throws {
    let games = [
      try Fixtures.cubs(on(1)), try Fixtures.cubs(on(2), hour: 13), try Fixtures.whiteSox(on(2)),
      try Fixtures.brewers(on(4)), try Fixtures.brewers(on(5)),
      try Fixtures.tigers(on(7), hour: 13),
      try Fixtures.cubs(on(7)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 8, games: games)
    let constraints = ItineraryConstraints(schedule: schedule)
    XCTAssertEqual(schedule.legs.count, 4)
    let expected: [(Int, Double)] = [(2, 100.5), (2, 102), (5, 101), (7, 100.5)]
    for (i, leg) in schedule.legs.enumerated() {
      let info = TravelPlacement.travelInfo(for: leg, estimator: .default)
      let position = try XCTUnwrap(TravelPlacement.defaultPosition(for: info, in: constraints))
      XCTAssertEqual(position.day, expected[i].0, "leg \(i)")
      XCTAssertEqual(position.sortOrder, expected[i].1, "leg \(i)")
      XCTAssertEqual(
        constraints.check(Fixtures.travel(info), day: position.day, sortOrder: position.sortOrder),
        .valid,
        "leg \(i) \(info.title)")
    }
  }

  func testTravelInfo_tiesLegToStopsAndEstimates() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 2, games: [try Fixtures.cubs(on(1)), try Fixtures.brewers(on(2))])
    let info = try Fixtures.leg(0, of: schedule)
    XCTAssertEqual(info.fromStop, 0)
    XCTAssertEqual(info.toStop, 1)
    XCTAssertEqual(info.fromVenueID, "CHI11")
    XCTAssertEqual(info.toVenueID, "MIL06")
    XCTAssertEqual(info.title, "Chicago → Milwaukee")
    // Wrigley Field → American Family Field: 122.8 km by air, × 1.2 by road.
    XCTAssertEqual(info.distanceMeters, 122_800 * 1.2, accuracy: 500)
    XCTAssertEqual(info.durationSeconds, info.distanceMeters / 26.8224, accuracy: 0.001)
  }

  func testTravelInfo_sameCityDifferentVenues_namesVenues() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 1,
      games: [try Fixtures.yankees(on(1), hour: 13), try Fixtures.mets(on(1))])
    let info = try Fixtures.leg(0, of: schedule)
    XCTAssertEqual(info.fromName, "Yankee Stadium")
    XCTAssertEqual(info.toName, "Citi Field")
    // Citi Field ↔ Yankee Stadium: 10.5 km by air.
    XCTAssertEqual(info.distanceMeters, 10_500 * 1.2, accuracy: 200)
  }

  func testTightLeg_comparesInstantsAcrossZones() throws {
    // Cubs 13:10 CDT (ends 16:10 CDT = 17:10 EDT), Yankees 19:10 EDT:
    // two hours available (wall clocks would say three).
    let schedule = try Fixtures.schedule(
      start: on(1), days: 1,
      games: [try Fixtures.cubs(on(1), hour: 13), try Fixtures.yankees(on(1))])
    let info = try Fixtures.leg(0, of: schedule)
    let tight = TightLeg.find(in: schedule, travel: [info])
    XCTAssertEqual(tight.count, 1)
    let leg = try XCTUnwrap(tight.first)
    XCTAssertEqual(leg.availableSeconds, 2 * 3600)
    XCTAssertEqual(leg.neededSeconds, info.durationSeconds)
    XCTAssertEqual(leg.departureGame.id, "CHN202406010")
    XCTAssertEqual(leg.arrivalGame.id, "NYA202406010")
    // The games by matchup, venue and start in their zones, no ids (issue
    // 28, item 15).
    XCTAssertTrue(
      leg.message.contains("STL @ CHC at Wrigley Field, 1:10 pm CDT est. on Sat, Jun 1, 2024"),
      leg.message)
    XCTAssertTrue(
      leg.message.contains("BOS @ NYY at Yankee Stadium, 7:10 pm EDT est. on Sat, Jun 1, 2024"),
      leg.message)
    XCTAssertFalse(leg.message.contains("CHN202406010"), leg.message)
    XCTAssertTrue(leg.message.contains("only 2 h 00 min"), leg.message)
  }

  func testTightLeg_comfortableLegIsNotReported() throws {
    // Chicago 19:10 Day 1 → Milwaukee 19:10 Day 2: a 2-hour drive in 21 hours.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 2, games: [try Fixtures.cubs(on(1)), try Fixtures.brewers(on(2))])
    XCTAssertTrue(TightLeg.find(in: schedule, travel: [try Fixtures.leg(0, of: schedule)]).isEmpty)
  }

  func testTightLeg_overlappingGamesSayNoTime() throws {
    // Yankees 19:10 and Mets 20:10 the same evening: the first ends after the second starts.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 1,
      games: [try Fixtures.yankees(on(1)), try Fixtures.mets(on(1), hour: 20)])
    let tight = TightLeg.find(in: schedule, travel: [try Fixtures.leg(0, of: schedule)])
    XCTAssertEqual(tight.count, 1)
    XCTAssertEqual(tight.first?.availableSeconds, -2 * 3600)
    XCTAssertTrue(tight.first?.message.contains("no time") ?? false)
  }

  /// The arrival game's start is named by its sport's word: an NHL game's
  /// "puck drop", not "first pitch" (review 10, item 12).
  func testTightLeg_namesTheArrivalSportsStart() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 1,
      games: [try Fixtures.yankees(on(1)), try Fixtures.mets(on(1), hour: 20)])
    var leg = try XCTUnwrap(
      TightLeg.find(in: schedule, travel: [try Fixtures.leg(0, of: schedule)]).first)
    XCTAssertTrue(leg.message.contains("and the first pitch of"), leg.message)
    leg.arrivalGame.game.sport = .nhl
    XCTAssertTrue(leg.message.contains("and the puck drop of"), leg.message)
    XCTAssertFalse(leg.message.contains("first pitch"), leg.message)
  }
}
