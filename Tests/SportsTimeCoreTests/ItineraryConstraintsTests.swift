import Foundation
import XCTest

@testable import SportsTimeCore

/// The seeds' 22 constraint cases (CONS-01…04, edge cases, success criteria,
/// barrier games) rebuilt on real games and a `TripSchedule`, plus the trips
/// that break the seeds' city-name version (DESIGN.md, "Constraint rules").
final class ItineraryConstraintsTests: XCTestCase {

  // MARK: - Helpers

  /// The local date of trip day `day` for trips starting 2024-06-01.
  private func on(_ day: Int) -> String { String(format: "2024-06-%02d", day) }

  /// Chicago (Cubs, Wrigley Field) games on `chicago` days, then Detroit
  /// (Tigers, Comerica Park) games on `detroit` days; one game a day at 19:10
  /// unless a day is listed twice (then 13:10 and 19:10).
  private func chicagoDetroit(days: Int, chicago: [Int], detroit: [Int]) throws
    -> (schedule: TripSchedule, constraints: ItineraryConstraints)
  {
    var games: [Game] = []
    games += try doubleheaderAware(chicago) { d, hour, n in
      try Fixtures.cubs(self.on(d), hour: hour, number: n)
    }
    games += try doubleheaderAware(detroit) { d, hour, n in
      try Fixtures.tigers(self.on(d), hour: hour, number: n)
    }
    let schedule = try Fixtures.schedule(start: on(1), days: days, games: games)
    return (schedule, ItineraryConstraints(schedule: schedule))
  }

  private func doubleheaderAware(_ days: [Int], _ make: (Int, Int, Int) throws -> Game) throws
    -> [Game]
  {
    var result: [Game] = []
    for d in Set(days).sorted() {
      let count = days.filter { $0 == d }.count
      if count == 1 {
        result.append(try make(d, 19, 0))
      } else {
        result.append(try make(d, 13, 1))
        result.append(try make(d, 19, 2))
      }
    }
    return result
  }

  /// A travel item for leg `index` of `schedule`.
  private func travelItem(
    _ index: Int, of schedule: TripSchedule, day: Int = 1, sortOrder: Double = 50
  )
    throws -> ItineraryItem
  {
    Fixtures.travel(try Fixtures.leg(index, of: schedule), day: day, sortOrder: sortOrder)
  }

  /// Asserts a refusal whose reason contains every one of `words`.
  private func assertRefused(
    _ check: PositionCheck, containing words: [String], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard case .invalid(let reason, _) = check else {
      return XCTFail("expected a refusal, got \(check)", file: file, line: line)
    }
    XCTAssertFalse(
      reason.trimmingCharacters(in: .whitespaces).isEmpty, "empty reason", file: file, line: line)
    for word in words {
      XCTAssertTrue(
        reason.contains(word), "reason '\(reason)' lacks '\(word)'", file: file, line: line)
    }
  }

  // MARK: - CONS-01: games cannot move

  func testGame_cannotMoveAnywhere() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3])
    let game = schedule.games[0].item(tripID: Fixtures.tripID)
    // Not even to the place it already is.
    assertRefused(
      constraints.check(game, day: 1, sortOrder: 100), containing: ["fixed", "STL @ CHC"])
    for day in 1...3 {
      for order in [1.0, 50, 100, 150] {
        XCTAssertFalse(constraints.isValidPosition(for: game, day: day, sortOrder: order))
      }
    }
  }

  func testGame_hasNoRangesBarriersOrDrag() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3])
    let game = schedule.games[1].item(tripID: Fixtures.tripID)
    XCTAssertFalse(game.isReorderable)
    XCTAssertNil(constraints.validDayRange(for: game))
    XCTAssertNil(constraints.validSortOrderRange(for: game, on: 3))
    XCTAssertTrue(constraints.barrierGames(for: game).isEmpty)
  }

  // MARK: - CONS-02: travel day range

  func testTravel_validDayRange_simpleCase() throws {
    // Chicago game Day 1, Detroit game Day 3, 5-day trip.
    let (schedule, constraints) = try chicagoDetroit(days: 5, chicago: [1], detroit: [3])
    let travel = try travelItem(0, of: schedule, day: 1, sortOrder: 200)
    XCTAssertEqual(constraints.validDayRange(for: travel), 1...3)
  }

  func testTravel_cannotGoOutsideValidDayRange() throws {
    // Chicago game Day 2, Detroit game Day 4, 5-day trip.
    let (schedule, constraints) = try chicagoDetroit(days: 5, chicago: [2], detroit: [4])
    let travel = try travelItem(0, of: schedule)
    XCTAssertEqual(constraints.validDayRange(for: travel), 2...4)
    assertRefused(
      constraints.check(travel, day: 1, sortOrder: 50),
      containing: ["Chicago → Detroit", "between Day 2", "Day 4"])
    assertRefused(
      constraints.check(travel, day: 5, sortOrder: 50),
      containing: ["between Day 2", "Day 4"])
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: 50))
  }

  func testTravel_validDayRange_multiGameStopsUseLastAndFirstGames() throws {
    // Chicago Days 1–2, Detroit Days 4–5: the leg runs from Day 2 to Day 4.
    let (schedule, constraints) = try chicagoDetroit(days: 6, chicago: [1, 2], detroit: [4, 5])
    XCTAssertEqual(schedule.stops.count, 2)
    let travel = try travelItem(0, of: schedule)
    XCTAssertEqual(constraints.validDayRange(for: travel), 2...4)
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 1, sortOrder: 150))
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 5, sortOrder: 50))
  }

  // MARK: - CONS-03: travel sortOrder

  func testTravel_mustBeAfterDepartureGames() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3])
    let travel = try travelItem(0, of: schedule)
    assertRefused(
      constraints.check(travel, day: 1, sortOrder: 50),
      containing: ["Day 1", "after", "STL @ CHC", "Wrigley Field"])
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 1, sortOrder: 100))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 1, sortOrder: 150))
  }

  func testTravel_mustBeBeforeArrivalGames() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3])
    let travel = try travelItem(0, of: schedule)
    assertRefused(
      constraints.check(travel, day: 3, sortOrder: 150),
      containing: ["Day 3", "before", "CLE @ DET", "Comerica Park"])
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 3, sortOrder: 100))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: 50))
  }

  func testTravel_canBeAnywhereOnRestDays() throws {
    // Chicago Day 1, Detroit Day 4, rest days 2–3.
    let (schedule, constraints) = try chicagoDetroit(days: 4, chicago: [1], detroit: [4])
    let travel = try travelItem(0, of: schedule, day: 2)
    for order in [-1e9, 1, 100, 500, 1e12] {
      XCTAssertTrue(constraints.isValidPosition(for: travel, day: 2, sortOrder: order), "\(order)")
    }
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: 50))
  }

  func testTravel_mustBeAfterAllDepartureGamesOnSameDay() throws {
    // Two games at Wrigley Field on Day 1 (13:10 and 19:10).
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1, 1], detroit: [3])
    XCTAssertEqual(schedule.games.filter { $0.day == 1 }.map(\.sortOrder), [100, 101])
    let travel = try travelItem(0, of: schedule)
    assertRefused(constraints.check(travel, day: 1, sortOrder: 100.5), containing: ["after"])
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 1, sortOrder: 101))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 1, sortOrder: 150))
  }

  func testTravel_mustBeBeforeAllArrivalGamesOnSameDay() throws {
    // Two games at Comerica Park on Day 3 (13:10 and 19:10).
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3, 3])
    let travel = try travelItem(0, of: schedule, day: 3)
    assertRefused(constraints.check(travel, day: 3, sortOrder: 100.5), containing: ["before"])
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 3, sortOrder: 100))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: 50))
  }

  // MARK: - CONS-04: custom flexibility

  func testCustomItem_canGoOnAnyDay() throws {
    // 5-day trip, games on Days 1 and 5.
    let (_, constraints) = try chicagoDetroit(days: 5, chicago: [1], detroit: [5])
    let custom = Fixtures.custom(day: 1, sortOrder: 50)
    for day in 1...5 {
      XCTAssertEqual(constraints.check(custom, day: day, sortOrder: 50), .valid, "Day \(day)")
    }
    XCTAssertNil(constraints.validDayRange(for: custom))
    XCTAssertTrue(constraints.barrierGames(for: custom).isEmpty)
  }

  func testCustomItem_canGoBeforeBetweenOrAfterGames() throws {
    // Doubleheader on Day 2 at 100 and 101.
    let (_, constraints) = try chicagoDetroit(days: 3, chicago: [2, 2], detroit: [3])
    let custom = Fixtures.custom(day: 2, sortOrder: 50)
    for order in [50, 100, 100.5, 101, 150, -3] {
      XCTAssertTrue(constraints.isValidPosition(for: custom, day: 2, sortOrder: order), "\(order)")
    }
  }

  // MARK: - Edge cases

  func testAnyKind_nonFiniteSortOrderIsInvalid() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 4, chicago: [1], detroit: [4])
    let items = [Fixtures.custom(day: 2), try travelItem(0, of: schedule, day: 2)]
    for item in items {
      for bad in [Double.nan, .infinity, -.infinity] {
        assertRefused(constraints.check(item, day: 2, sortOrder: bad), containing: ["finite"])
      }
    }
    let game = schedule.games[0].item(tripID: Fixtures.tripID)
    XCTAssertFalse(constraints.isValidPosition(for: game, day: 1, sortOrder: .nan))
  }

  func testAnyKind_dayOutsideTripIsInvalid() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3])
    let items = [Fixtures.custom(), try travelItem(0, of: schedule, day: 2)]
    for item in items {
      assertRefused(
        constraints.check(item, day: 0, sortOrder: 50), containing: ["Day 0", "3 days"])
      assertRefused(
        constraints.check(item, day: 4, sortOrder: 50), containing: ["Day 4", "3 days"])
      assertRefused(constraints.check(item, day: -1, sortOrder: 50), containing: ["Day -1"])
      XCTAssertNil(constraints.validSortOrderRange(for: item, on: 0))
      XCTAssertNil(constraints.validSortOrderRange(for: item, on: 4))
    }
  }

  func testTravel_impossibleRange_returnsNilWithReason() throws {
    // The games lie on Days 5 and 6 of what is now a 3-day trip: no day can
    // be after the Chicago game and inside the trip.
    let games = [try Fixtures.cubs(on(5)), try Fixtures.tigers(on(6))]
    let schedule = try Fixtures.schedule(start: on(1), days: 3, games: games)
    let constraints = ItineraryConstraints(schedule: schedule)
    let info = try Fixtures.leg(0, of: schedule)
    let travel = Fixtures.travel(info, day: 2)
    XCTAssertNil(constraints.validDayRange(for: travel))
    XCTAssertNotNil(constraints.bounds(for: info).problem)
    for day in 1...3 {
      assertRefused(
        constraints.check(travel, day: day, sortOrder: 50),
        containing: ["Chicago → Detroit", "cannot be placed"])
      XCTAssertNil(constraints.validSortOrderRange(for: travel, on: day))
    }
    XCTAssertNil(TravelPlacement.defaultPosition(for: info, in: constraints))
  }

  func testSingleDayTrip_goingHomeOnlyAfterTheGame() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 1, games: [try Fixtures.cubs(on(1), hour: 13)])
    let constraints = ItineraryConstraints(schedule: schedule)
    XCTAssertEqual(constraints.tripDayCount, 1)
    XCTAssertTrue(schedule.legs.isEmpty)
    let home = TravelInfo(
      fromStop: 0, toStop: nil, fromVenueID: "CHI11", toVenueID: nil, fromName: "Chicago",
      toName: "Home", distanceMeters: 10_000, durationSeconds: 900)
    let travel = Fixtures.travel(home, day: 1, sortOrder: 150)
    XCTAssertEqual(constraints.validDayRange(for: travel), 1...1)
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 1, sortOrder: 150))
    assertRefused(constraints.check(travel, day: 1, sortOrder: 50), containing: ["after"])
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 150), containing: ["Day 2", "1 day)"])
    let custom = Fixtures.custom()
    XCTAssertTrue(constraints.isValidPosition(for: custom, day: 1, sortOrder: 100.5))
    XCTAssertFalse(constraints.isValidPosition(for: custom, day: 2, sortOrder: 50))
  }

  func testTravel_leavingHome_mayStartOnDay1() throws {
    // No games at the start of the leg (fromStop nil); first game Day 3.
    let (_, constraints) = try chicagoDetroit(days: 5, chicago: [3], detroit: [5])
    let info = TravelInfo(
      fromStop: nil, toStop: 0, fromVenueID: nil, toVenueID: "CHI11", fromName: "Home",
      toName: "Chicago", distanceMeters: 50_000, durationSeconds: 3600)
    let travel = Fixtures.travel(info)
    XCTAssertEqual(constraints.validDayRange(for: travel), 1...3)
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 1, sortOrder: 50))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: 99))
    assertRefused(constraints.check(travel, day: 3, sortOrder: 150), containing: ["before"])
    assertRefused(
      constraints.check(travel, day: 4, sortOrder: 50), containing: ["between Day 1", "Day 3"])
    XCTAssertEqual(constraints.barrierGames(for: travel).map(\.id), ["CHN202406030"])
  }

  func testTravel_goingHome_mayEndOnLastDay() throws {
    // No games at the end of the leg (toStop nil); last game Day 3 of 5.
    let (_, constraints) = try chicagoDetroit(days: 5, chicago: [1], detroit: [3])
    let info = TravelInfo(
      fromStop: 1, toStop: nil, fromVenueID: "DET05", toVenueID: nil, fromName: "Detroit",
      toName: "Home", distanceMeters: 50_000, durationSeconds: 3600)
    let travel = Fixtures.travel(info, day: 3, sortOrder: 150)
    XCTAssertEqual(constraints.validDayRange(for: travel), 3...5)
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 5, sortOrder: 500))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: 101))
    assertRefused(
      constraints.check(travel, day: 3, sortOrder: 99), containing: ["after", "CLE @ DET"])
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 50), containing: ["between Day 3", "Day 5"])
    XCTAssertEqual(constraints.barrierGames(for: travel).map(\.id), ["DET202406030"])
  }

  func testValidSortOrderRange_edgeRestAndOutsideDays() throws {
    // Chicago doubleheader Day 1 (100, 101), Detroit Day 3 (100).
    let (schedule, constraints) = try chicagoDetroit(days: 4, chicago: [1, 1], detroit: [3])
    let travel = try travelItem(0, of: schedule)
    let big = Double.greatestFiniteMagnitude
    // Departure day: strictly after the last Chicago game.
    XCTAssertEqual(constraints.validSortOrderRange(for: travel, on: 1), (101.0).nextUp...big)
    // Rest day: anything finite.
    XCTAssertEqual(constraints.validSortOrderRange(for: travel, on: 2), -big...big)
    // Arrival day: strictly before the first Detroit game.
    XCTAssertEqual(constraints.validSortOrderRange(for: travel, on: 3), -big...(100.0).nextDown)
    // After the arrival day, and outside the trip: nothing.
    XCTAssertNil(constraints.validSortOrderRange(for: travel, on: 4))
    XCTAssertNil(constraints.validSortOrderRange(for: travel, on: 5))
    // Custom items: every finite value on any trip day.
    XCTAssertEqual(constraints.validSortOrderRange(for: Fixtures.custom(), on: 1), -big...big)
    // The ends of each range are themselves valid, one step beyond is not.
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 1, sortOrder: (101.0).nextUp))
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 1, sortOrder: 101))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 3, sortOrder: (100.0).nextDown))
    XCTAssertFalse(constraints.isValidPosition(for: travel, day: 3, sortOrder: 100))
  }

  func testTravel_staleLeg_isRefusedWithReason() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 3, chicago: [1], detroit: [3])
    var info = try Fixtures.leg(0, of: schedule)

    // The departure stop's venue changed (the trip was re-planned).
    info.fromVenueID = "MIL06"
    var travel = Fixtures.travel(info, day: 2)
    XCTAssertNil(constraints.validDayRange(for: travel))
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 50),
      containing: ["no longer matches", "departure"])
    XCTAssertNil(TravelPlacement.defaultPosition(for: info, in: constraints))

    // The arrival stop index no longer exists.
    info = try Fixtures.leg(0, of: schedule)
    info.toStop = 5
    travel = Fixtures.travel(info, day: 2)
    XCTAssertNil(constraints.validDayRange(for: travel))
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 50),
      containing: ["no longer matches", "arrival"])

    // Stops in the wrong order.
    info = TravelInfo(
      fromStop: 1, toStop: 0, fromVenueID: "DET05", toVenueID: "CHI11", fromName: "Detroit",
      toName: "Chicago", distanceMeters: 1, durationSeconds: 1)
    travel = Fixtures.travel(info, day: 2)
    XCTAssertNil(constraints.validDayRange(for: travel))
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 50), containing: ["no longer matches"])
  }

  // MARK: - Success criteria

  func testEveryRefusal_hasNonEmptyReasonAndAgreesWithIsValid() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 5, chicago: [1, 1], detroit: [3, 4])
    let items = [
      schedule.games[0].item(tripID: Fixtures.tripID), Fixtures.custom(),
      try travelItem(0, of: schedule),
    ]
    var refusals = 0
    var accepted = 0
    for item in items {
      for day in -1...7 {
        for order in [-Double.infinity, 0, 50, 99.9, 100, 100.5, 101, 101.5, 150, .infinity, .nan] {
          let check = constraints.check(item, day: day, sortOrder: order)
          XCTAssertEqual(
            check.isValid, constraints.isValidPosition(for: item, day: day, sortOrder: order))
          if let reason = check.reason {
            refusals += 1
            XCTAssertFalse(reason.isEmpty, "\(item.kind) Day \(day) @ \(order)")
          } else {
            accepted += 1
            XCTAssertEqual(check, .valid)
          }
        }
      }
    }
    XCTAssertGreaterThan(refusals, 0)
    XCTAssertGreaterThan(accepted, 0)
  }

  func testTravel_dayRangeReasonNamesDaysAndGames() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 5, chicago: [1], detroit: [3])
    let travel = try travelItem(0, of: schedule)
    let check = constraints.check(travel, day: 4, sortOrder: 50)
    XCTAssertEqual(
      check.reason,
      "Travel Chicago → Detroit must be between Day 1 (after STL @ CHC) and Day 3 (before CLE @ DET)."
    )
  }

  func testValidDayRange_agreesWithValidPositionsOnEveryDay() throws {
    let (schedule, constraints) = try chicagoDetroit(days: 6, chicago: [2, 2], detroit: [4])
    let travel = try travelItem(0, of: schedule)
    let range = try XCTUnwrap(constraints.validDayRange(for: travel))
    XCTAssertEqual(range, 2...4)
    for day in 1...6 {
      let sortRange = constraints.validSortOrderRange(for: travel, on: day)
      XCTAssertEqual(sortRange != nil, range.contains(day), "Day \(day)")
      let probes: [Double] = [-1000, 0, 50, 99, 100, 100.5, 101, 102, 150, 1000]
      let anyValid = probes.contains {
        constraints.isValidPosition(for: travel, day: day, sortOrder: $0)
      }
      XCTAssertEqual(anyValid, range.contains(day), "Day \(day)")
      if let sortRange {
        for p in probes {
          XCTAssertEqual(
            constraints.isValidPosition(for: travel, day: day, sortOrder: p), sortRange.contains(p),
            "Day \(day) @ \(p)")
        }
      }
    }
  }

  // MARK: - Barrier games

  func testBarrierGames_returnsDepartureAndArrivalGames() throws {
    // Chicago Days 1–2, Detroit Days 4–5.
    let (schedule, constraints) = try chicagoDetroit(days: 5, chicago: [1, 2], detroit: [4, 5])
    let travel = try travelItem(0, of: schedule, day: 3)
    let barriers = constraints.barrierGames(for: travel)
    XCTAssertEqual(barriers.map(\.id), ["CHN202406020", "DET202406040"])
    XCTAssertEqual(barriers.map(\.day), [2, 4])
  }

  // MARK: - Trips that break the seeds' city-name version

  func testTravel_cityVisitedTwice_bothLegsGetTheirOwnRange() throws {
    // Chicago Day 1 → Milwaukee Day 3 → Chicago Day 5.
    let games = [
      try Fixtures.cubs(on(1)), try Fixtures.brewers(on(3)), try Fixtures.cubs(on(5)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 6, games: games)
    let constraints = ItineraryConstraints(schedule: schedule)
    XCTAssertEqual(schedule.stops.map(\.name), ["Chicago", "Milwaukee", "Chicago"])
    XCTAssertEqual(schedule.legs.count, 2)
    let out = try travelItem(0, of: schedule)
    let back = try travelItem(1, of: schedule)
    XCTAssertEqual(out.title, "Chicago → Milwaukee")
    XCTAssertEqual(back.title, "Milwaukee → Chicago")
    XCTAssertEqual(constraints.validDayRange(for: out), 1...3)
    XCTAssertEqual(constraints.validDayRange(for: back), 3...5)
    XCTAssertEqual(constraints.barrierGames(for: back).map(\.id), ["MIL202406030", "CHN202406050"])
    XCTAssertTrue(constraints.isValidPosition(for: back, day: 4, sortOrder: 50))
    XCTAssertTrue(constraints.isValidPosition(for: back, day: 5, sortOrder: 50))
    assertRefused(
      constraints.check(back, day: 2, sortOrder: 50), containing: ["between Day 3", "Day 5"])
    assertRefused(
      constraints.check(back, day: 3, sortOrder: 50), containing: ["after", "PIT @ MIL"])
  }

  func testTravel_twoTeamsInOneCity_legBetweenVenues() throws {
    // Cubs at Wrigley Field Day 1, then White Sox at Guaranteed Rate Field Day 2.
    let games = [try Fixtures.cubs(on(1), hour: 13), try Fixtures.whiteSox(on(2))]
    let schedule = try Fixtures.schedule(start: on(1), days: 2, games: games)
    let constraints = ItineraryConstraints(schedule: schedule)
    XCTAssertEqual(schedule.stops.map(\.venue.id), ["CHI11", "CHI12"])
    XCTAssertEqual(schedule.stops.map(\.name), ["Wrigley Field", "Guaranteed Rate Field"])
    XCTAssertEqual(schedule.legs.count, 1)
    let travel = try travelItem(0, of: schedule)
    XCTAssertEqual(travel.title, "Wrigley Field → Guaranteed Rate Field")
    XCTAssertEqual(constraints.validDayRange(for: travel), 1...2)
    assertRefused(
      constraints.check(travel, day: 1, sortOrder: 50), containing: ["after", "Wrigley Field"])
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 150),
      containing: ["before", "Guaranteed Rate Field"])
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 1, sortOrder: 150))
    XCTAssertTrue(constraints.isValidPosition(for: travel, day: 2, sortOrder: 50))
  }

  func testTravel_sameCityPairTwice_twoLegsWithTheirOwnRanges() throws {
    // Chicago D1 → Milwaukee D2 → Chicago D4 → Milwaukee D6.
    let games = [
      try Fixtures.cubs(on(1)), try Fixtures.brewers(on(2)), try Fixtures.cubs(on(4)),
      try Fixtures.brewers(on(6)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 7, games: games)
    let constraints = ItineraryConstraints(schedule: schedule)
    XCTAssertEqual(schedule.legs.count, 3)
    let first = try Fixtures.leg(0, of: schedule)
    let second = try Fixtures.leg(2, of: schedule)
    XCTAssertEqual(first.title, second.title)
    XCTAssertNotEqual(first, second)
    XCTAssertEqual([first.fromStop, first.toStop], [0, 1])
    XCTAssertEqual([second.fromStop, second.toStop], [2, 3])
    let a = Fixtures.travel(first)
    let b = Fixtures.travel(second)
    XCTAssertEqual(constraints.validDayRange(for: a), 1...2)
    XCTAssertEqual(constraints.validDayRange(for: b), 4...6)
    XCTAssertFalse(constraints.isValidPosition(for: a, day: 5, sortOrder: 50))
    XCTAssertFalse(constraints.isValidPosition(for: b, day: 2, sortOrder: 50))
    XCTAssertTrue(constraints.isValidPosition(for: b, day: 5, sortOrder: 50))
    XCTAssertEqual(constraints.barrierGames(for: b).map(\.id), ["CHN202406040", "MIL202406060"])
  }

  func testTravel_departureAndArrivalSameDay_onlyStrictlyBetween() throws {
    // Yankees 13:10 then Mets 19:10 on one day.
    let games = [try Fixtures.mets(on(2)), try Fixtures.yankees(on(2), hour: 13)]
    let schedule = try Fixtures.schedule(start: on(1), days: 3, games: games)
    let constraints = ItineraryConstraints(schedule: schedule)
    XCTAssertEqual(schedule.games.map(\.id), ["NYA202406020", "NYN202406020"])
    XCTAssertEqual(schedule.games.map(\.sortOrder), [100, 101])
    let travel = try travelItem(0, of: schedule, day: 2, sortOrder: 100.5)
    XCTAssertEqual(travel.title, "Yankee Stadium → Citi Field")
    XCTAssertEqual(constraints.validDayRange(for: travel), 2...2)
    XCTAssertEqual(
      constraints.validSortOrderRange(for: travel, on: 2), (100.0).nextUp...(101.0).nextDown)
    for inside in [100.5, (100.0).nextUp, (101.0).nextDown] {
      XCTAssertTrue(
        constraints.isValidPosition(for: travel, day: 2, sortOrder: inside), "\(inside)")
    }
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 100), containing: ["after", "BOS @ NYY"])
    assertRefused(constraints.check(travel, day: 2, sortOrder: 50), containing: ["after"])
    assertRefused(
      constraints.check(travel, day: 2, sortOrder: 101), containing: ["before", "PHI @ NYM"])
    assertRefused(constraints.check(travel, day: 2, sortOrder: 150), containing: ["before"])
    assertRefused(
      constraints.check(travel, day: 1, sortOrder: 50), containing: ["between Day 2", "Day 2"])
    assertRefused(constraints.check(travel, day: 3, sortOrder: 50), containing: ["between Day 2"])
  }
}
