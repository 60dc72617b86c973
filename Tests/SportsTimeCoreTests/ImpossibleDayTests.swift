import Foundation
import XCTest

@testable import SportsTimeCore

/// Issue 28, item 5: an item with a place and a time is a fixed point of
/// the route, like a game; a day whose drive between fixed points does not
/// fit is named (`Itinerary.impossibleDays()`, `check()`, the warnings of
/// item writes). Real 2024 games: the Cubs at Wrigley Field on Tue Jun 4
/// (7:05 pm CDT est.) and the Brewers at Comerica Park, Detroit, on Fri
/// Jun 7 (a 7:10 pm EDT night game, est.).
final class ImpossibleDayTests: XCTestCase {
  static let chicago = Coordinate(latitude: 41.85003, longitude: -87.65005)
  static let detroit = Coordinate(latitude: 42.33143, longitude: -83.04575)

  /// Jun 4 – Jun 7: Wrigley on Day 1, Detroit on Day 4.
  func midwest(_ items: [ItineraryItem]) throws -> Itinerary {
    let games = try ["CHN202406040", "DET202406070"].map { try Fixtures.seasonGame($0) }
    let schedule = try Fixtures.schedule(start: "2024-06-04", days: 4, games: games)
    let trip = Trip(
      id: Fixtures.tripID, name: "Midwest", startDate: try Fixtures.date("2024-06-04"),
      endDate: try Fixtures.date("2024-06-07"), gameIDs: games.map(\.id),
      createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch)
    let leg = try Fixtures.leg(0, of: schedule)
    return Itinerary(
      trip: trip, schedule: schedule, items: [Fixtures.travel(leg, day: 2)] + items)
  }

  /// A timed item with its own place: in Chicago or Detroit, its time local
  /// to its place (as the item commands store it).
  func meal(
    _ title: String, in city: String, at time: String, day: Int, sortOrder: Double,
    id: Int
  ) throws -> ItineraryItem {
    let inChicago = city == "Chicago"
    let info = CustomInfo(
      title: title, category: .restaurant, time: try XCTUnwrap(ClockTime(time)),
      timeZoneID: inChicago ? "America/Chicago" : "America/Detroit",
      coordinate: try XCTUnwrap(inChicago ? Self.chicago : Self.detroit),
      placeName: inChicago ? "Chicago, IL, United States" : "Detroit, MI, United States",
      placeTimeZoneID: inChicago ? "America/Chicago" : "America/Detroit")
    return Fixtures.item(.custom(info), day: day, sortOrder: sortOrder, id: Fixtures.uuid(id))
  }

  /// The case: a 17:30 dinner in Chicago above the 7:10 pm game in
  /// Detroit on Day 4. 5:30 pm CDT is 6:30 pm EDT; the drive is about
  /// 4 h 46 min (great-circle × 1.2 at 60 mph); 40 min are left.
  func testDinnerInChicagoBeforeTheDetroitGame_dayCannotBeDone() throws {
    let dinner = try meal("Dinner", in: "Chicago", at: "17:30", day: 4, sortOrder: 50, id: 1)
    let itinerary = try midwest([dinner])
    let found = itinerary.impossibleDays()
    XCTAssertEqual(found.count, 1)
    let day = try XCTUnwrap(found.first)
    XCTAssertEqual(day.day, 4)
    XCTAssertEqual(day.item.id, dinner.id)
    XCTAssertEqual(day.availableSeconds, 40 * 60)
    XCTAssertEqual(ExportSupport.duration(day.neededSeconds), "4 h 46 min")
    XCTAssertFalse(day.includesFlight)
    XCTAssertEqual(
      day.message,
      "Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT in Chicago, IL, United States and MIL @ DET at Comerica Park, Detroit (7:10 pm EDT est.) are about 4 h 46 min's drive apart, but there is only 40 min between them."
    )
    // The route's own estimate of that leg: the same figure.
    let route = TripRoute(itinerary: itinerary, estimator: .default)
    let leg = try XCTUnwrap(
      route.legs.first { route.waypoints[$0.from].rowID == RowID.item(dinner.id) })
    XCTAssertEqual(leg.estimate.durationSeconds, day.neededSeconds)

    // `check()` lists it at the dinner's row, a problem that is not a
    // rule's refusal.
    let findings = itinerary.check()
    XCTAssertEqual(findings.map(\.subject), [.row(.item(dinner.id))])
    XCTAssertEqual(findings.first?.severity, .cannotBeDone)
    XCTAssertEqual(findings.first?.reason, day.message)
    XCTAssertEqual(
      findings.first?.number,
      itinerary.numberedRows.firstIndex { $0.id == RowID.item(dinner.id) }.map {
        $0 + 1
      })
    XCTAssertEqual(itinerary.impossibleDayMessages(), [4: [day.message]])
  }

  /// Days that can be done are not flagged: a dinner in Detroit before the
  /// game, a lunch in Chicago early enough to drive, an untimed dinner in
  /// Chicago (not checked), a timed one without a place (not on the route).
  func testFeasibleAndUncheckedItems_noDayFlagged() throws {
    let detroit = try meal("Dinner", in: "Detroit", at: "17:30", day: 4, sortOrder: 50, id: 1)
    XCTAssertEqual(try midwest([detroit]).impossibleDays(), [])
    // 12:00 CDT = 1:00 pm EDT, + 4 h 46 min = 5:46 pm, before 7:10 pm.
    let lunch = try meal("Lunch", in: "Chicago", at: "12:00", day: 4, sortOrder: 50, id: 2)
    XCTAssertEqual(try midwest([lunch]).impossibleDays(), [])
    XCTAssertEqual(try midwest([lunch]).check(), [])
    var untimed = try meal("Dinner", in: "Chicago", at: "17:30", day: 4, sortOrder: 50, id: 3)
    if var info = untimed.customInfo {
      info.time = nil
      info.timeZoneID = nil
      untimed.kind = .custom(info)
    }
    XCTAssertEqual(try midwest([untimed]).impossibleDays(), [])
    var placeless = try meal("Dinner", in: "Chicago", at: "17:30", day: 4, sortOrder: 50, id: 4)
    if var info = placeless.customInfo {
      info.coordinate = nil
      info.placeName = nil
      info.placeTimeZoneID = nil
      placeless.kind = .custom(info)
    }
    XCTAssertEqual(try midwest([placeless]).impossibleDays(), [])
  }

  /// After a game: the game lasts 3 h from its start. Drinks by the park
  /// at 9 pm placed after the 7:10 pm game cannot be (the game ends about
  /// 10:10 pm); at 11 pm they can. A breakfast in Detroit the morning after
  /// the Cubs' night game fits at 6 am EDT, not at 3 am.
  func testFromTheGameBefore_gameEndsThreeHoursAfterItsStart() throws {
    let early = try meal("Drinks", in: "Detroit", at: "21:00", day: 4, sortOrder: 101, id: 1)
    let found = try midwest([early]).impossibleDays()
    XCTAssertEqual(
      found.map(\.message),
      [
        "Day 4 cannot be done: the end of MIL @ DET at Comerica Park, Detroit (about 10:10 pm EDT, 3 h after its 7:10 pm EDT est. start) and \"Drinks\" at 9:00 pm EDT in Detroit, MI, United States are about 1 min's drive apart, but \"Drinks\" is 1 h 10 min before the game ends."
      ])
    let late = try meal("Drinks", in: "Detroit", at: "23:00", day: 4, sortOrder: 101, id: 2)
    XCTAssertEqual(try midwest([late]).impossibleDays(), [])

    // Day 2 morning, in Detroit, after the Cubs' Day 1 night game.
    let breakfast = try meal("Breakfast", in: "Detroit", at: "06:00", day: 2, sortOrder: 10, id: 3)
    XCTAssertEqual(try midwest([breakfast]).impossibleDays(), [])
    let dawn = try meal("Breakfast", in: "Detroit", at: "03:00", day: 2, sortOrder: 10, id: 4)
    let night = try midwest([dawn]).impossibleDays()
    XCTAssertEqual(night.map(\.day), [2])
    XCTAssertEqual(night.first?.from.item, nil, "from the Cubs game")
    XCTAssertLessThan(try XCTUnwrap(night.first?.availableSeconds), 4 * 3600)
  }

  /// The day as it happens, not as it is listed: a Detroit dinner at 17:30
  /// listed below the 7:10 pm game is reached before it (and fits); the
  /// Chicago one listed there still cannot be done, with the same words.
  /// A note at the ballpark during the game is where the traveller is.
  func testOrderInTime_listedBelowTheGameStillComesFirst() throws {
    let below = try meal("Dinner", in: "Detroit", at: "17:30", day: 4, sortOrder: 101, id: 1)
    XCTAssertEqual(try midwest([below]).impossibleDays(), [])
    let top = try meal("Dinner", in: "Chicago", at: "17:30", day: 4, sortOrder: 50, id: 2)
    let far = try meal("Dinner", in: "Chicago", at: "17:30", day: 4, sortOrder: 101, id: 2)
    XCTAssertEqual(
      try midwest([far]).impossibleDays().map(\.message),
      try midwest([top]).impossibleDays().map(\.message))
    XCTAssertEqual(try midwest([far]).impossibleDays().count, 1)

    let itinerary = try midwest([])
    let comerica = try XCTUnwrap(itinerary.schedule.stops.last?.venue.coordinate)
    let note = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Seventh-inning stretch", category: .note,
          time: ClockTime(hour: 20, minute: 45), timeZoneID: "America/Detroit",
          coordinate: comerica)), day: 4, sortOrder: 101, id: Fixtures.uuid(3))
    XCTAssertEqual(try midwest([note]).impossibleDays(), [])
  }

  /// An untimed item with a place lies on the way: the drive between the
  /// fixed points goes by way of it, and the message says so.
  func testUntimedPlaceBetween_driveGoesByWayOfIt() throws {
    // 11:00 CDT lunch in Chicago, then an untimed stop in Detroit (Day 4
    // morning), then the dinner back in Chicago at 17:30: about 9 h 30 min of
    // driving in 6 h 30 min.
    let lunch = try meal("Lunch", in: "Chicago", at: "11:00", day: 4, sortOrder: 10, id: 1)
    var museum = try meal("Museum", in: "Detroit", at: "12:00", day: 4, sortOrder: 20, id: 2)
    if var info = museum.customInfo {
      info.time = nil
      info.timeZoneID = nil
      museum.kind = .custom(info)
    }
    let dinner = try meal("Dinner", in: "Chicago", at: "17:30", day: 4, sortOrder: 30, id: 3)
    let found = try midwest([lunch, museum, dinner]).impossibleDays()
    let first = try XCTUnwrap(found.first)
    XCTAssertEqual(first.item.id, dinner.id, "the second item of the pair")
    XCTAssertEqual(first.via, ["\"Museum\""])
    XCTAssertTrue(first.message.contains("drive apart by way of \"Museum\", but"), first.message)
    XCTAssertEqual(found.count, 2, "and the Chicago dinner before the Detroit game")
  }

  /// A re-plan that adds a game far from a timed item on its day warns:
  /// the Guardians' Thursday day game in Cleveland (KC @ CLE, 1:10 pm EDT,
  /// Jun 6) ends about 4:10 pm EDT, 6 h from Chicago, before a 17:30 dinner
  /// there.
  func testReplanAddingAFarGame_warnsOfTheDayItLeavesImpossible() throws {
    // Not id 1: the fixed environment's new legs take ids 1, 2, … (two
    // items with one id are caught by the layout's invariant check).
    let dinner = try meal("Dinner", in: "Chicago", at: "17:30", day: 3, sortOrder: 50, id: 901)
    let itinerary = try midwest([dinner])
    XCTAssertEqual(itinerary.impossibleDays(), [])
    let games =
      try ["CHN202406040", "CLE202406060", "DET202406070"].map { try Fixtures.seasonGame($0) }
    let replan = try itinerary.replan(
      games: games, start: nil, end: nil, catalog: try Fixtures.catalog(),
      environment: .fixed(now: Fixtures.epoch))
    let day3 = replan.change.warnings.filter { $0.hasPrefix("Day 3 cannot be done: ") }
    XCTAssertEqual(day3.count, 1, "\(replan.change.warnings)")
    XCTAssertTrue(day3[0].contains("KC @ CLE at Progressive Field, Cleveland"), day3[0])
    // The same re-plan again warns of nothing new.
    let after = Itinerary(
      trip: replan.trip, schedule: replan.schedule,
      items: itinerary.items.filter { item in !replan.change.deleted.contains(item.id) }
        .map { item in replan.change.updated.first { $0.id == item.id } ?? item }
        + replan.change.inserted)
    XCTAssertEqual(after.impossibleDays().map(\.message), day3)
  }

  /// An item write that makes a day impossible answers with the warning;
  /// one that keeps every day possible has none.
  func testAddMoveAndEdit_warnWhenTheyMakeADayImpossible() throws {
    let itinerary = try midwest([])
    let environment = RuleEnvironment.fixed(now: Fixtures.epoch)
    let info = CustomInfo(
      title: "Dinner", category: .restaurant, time: ClockTime(hour: 17, minute: 30),
      coordinate: Self.chicago, placeName: "Chicago, IL, United States",
      placeTimeZoneID: "America/Chicago")
    let added = try itinerary.add(info, at: .top(day: 4), environment: environment)
    XCTAssertEqual(added.warnings.count, 1)
    XCTAssertTrue(
      added.warnings.first?.hasPrefix("Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT") ?? false,
      "\(added.warnings)")
    let early = try itinerary.add(info, at: .top(day: 3), environment: environment)
    XCTAssertEqual(early.warnings, [], "Day 3 has no game")

    // Stored on Day 3: moving it to Day 4 warns; editing it to noon clears it.
    let stored = try midwest(early.inserted)
    let moved = try stored.move(early.item.id, to: .top(day: 4), now: Fixtures.epoch)
    XCTAssertEqual(moved.warnings.count, 1)
    let onDay4 = try midwest([moved.item])
    let noon = try onDay4.edit(
      moved.item.id, CustomItemChanges(time: .some(ClockTime(hour: 12, minute: 0))),
      now: Fixtures.epoch)
    XCTAssertEqual(noon.warnings, [])
    let evening = try onDay4.edit(
      moved.item.id, CustomItemChanges(title: "Supper"), now: Fixtures.epoch)
    XCTAssertEqual(evening.warnings.count, 1, "still impossible: the edited item's day is named")
    XCTAssertTrue(evening.warnings[0].contains("\"Supper\""))
  }
}
