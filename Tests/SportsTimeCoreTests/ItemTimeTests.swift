import Foundation
import XCTest

@testable import SportsTimeCore

/// Times of the traveller's own items on real 2024 trips (issue 8): a time
/// that does not exist where and when the item is (a spring-forward gap) is
/// refused by every path that sets or re-zones one; a repeated time (fall
/// back) is taken at its first occurrence with a warning; an item with its
/// own location takes the zone of the nearest venue within 200 km.
final class ItemTimeTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  /// One clock and id sequence per test, so added items get distinct ids.
  private var environment = RuleEnvironment.fixed(now: Date(timeIntervalSince1970: 1_800_000_000))

  override func setUp() {
    super.setUp()
    environment = .fixed(now: now)
  }

  private func time(_ text: String) throws -> ClockTime { try XCTUnwrap(ClockTime(text)) }

  private func utc(_ text: String) throws -> Date {
    try XCTUnwrap(ISO8601DateFormatter().date(from: text), text)
  }

  /// A real 2024 trip over `ids`, with the trip's days `start`…`end`.
  private func trip(_ ids: [Game.ID], start: String? = nil, end: String? = nil) throws
    -> Itinerary
  {
    let planned = try TripBuilder.plan(
      name: "Test", games: try ids.map { try Fixtures.seasonGame($0) },
      start: try start.map { try Fixtures.date($0) }, end: try end.map { try Fixtures.date($0) },
      catalog: try Fixtures.catalog(), environment: environment)
    return Itinerary(trip: planned.trip, schedule: planned.schedule, items: planned.items)
  }

  /// Dodgers Thu Mar 28 (day game), Padres Sat Mar 30; Day 1 is Sun, Mar 10,
  /// 2024, the day clocks jump from 2:00 to 3:00 in California.
  private func springWest() throws -> Itinerary {
    try trip(["LAN202403280", "SDN202403300"], start: "2024-03-10")
  }

  /// Dodgers Wed Sep 25, Giants Sun Sep 29, the trip running to Tue, Nov 5:
  /// Day 40 is Sun, Nov 3, 2024, when 1:00–1:59 am happens twice.
  private func fallBack() throws -> Itinerary {
    try trip(["LAN202409250", "SFN202409290"], end: "2024-11-05")
  }

  /// Tigers Fri Jun 7 (Detroit, Eastern), Brewers Mon Jun 10 (Milwaukee,
  /// Central): the leg Detroit → Milwaukee starts after the Tigers game.
  private func brewRun() throws -> Itinerary {
    try trip(["DET202406070", "MIL202406100"])
  }

  private func applied(_ change: ItineraryChange, to itinerary: Itinerary) -> Itinerary {
    var model = ItemModel(itinerary.items)
    model.apply(change)
    return Itinerary(trip: itinerary.trip, schedule: itinerary.schedule, items: model.items)
  }

  private func timed(_ title: String, _ clock: String, at point: Coordinate? = nil) throws
    -> CustomInfo
  {
    CustomInfo(title: title, category: .note, time: try time(clock), coordinate: point)
  }

  private func assertNonexistent(
    _ message: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Any
  ) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
      guard case .nonexistent? = error as? LocalTimeError else {
        return XCTFail("not a nonexistent time: \(error)", file: file, line: line)
      }
      XCTAssertEqual("\(error)", message, file: file, line: line)
    }
  }

  private let gap =
    "2:30 am does not exist on Sun, Mar 10, 2024 in Los Angeles: clocks jump from 2:00 to 3:00"

  // MARK: - item 7: the gap and the repeated hour

  /// Review of issue 9's typed options: `--time +7:30` was read as 07:30
  /// (`Int` takes a sign) while `7:5` was refused.
  func testClockTime_parsesDigitsOnly() {
    XCTAssertEqual(ClockTime("7:05"), ClockTime(hour: 7, minute: 5))
    XCTAssertEqual(ClockTime("18:30"), ClockTime(hour: 18, minute: 30))
    for text in ["+7:30", "07:+5", "-1:00", "7:5", "0730", " 7:05", "٧:٠٥", "24:00", "7:60"] {
      XCTAssertNil(ClockTime(text), text)
    }
  }

  func testAdd_timeInTheSpringGapIsRefused() throws {
    let itinerary = try springWest()
    XCTAssertEqual(itinerary.schedule.date(ofDay: 1).iso, "2024-03-10")
    assertNonexistent(gap) {
      try itinerary.add(
        try self.timed("Red-eye coffee", "02:30"), at: .bottom(day: 1),
        environment: self.environment)
    }
    // Either side of the gap, and the same time the next day, are fine.
    for (clock, day, expected) in [
      ("01:59", 1, "2024-03-10T09:59:00Z"), ("03:00", 1, "2024-03-10T10:00:00Z"),
      ("02:30", 2, "2024-03-11T09:30:00Z"),
    ] {
      let change = try itinerary.add(
        try timed("Coffee", clock), at: .bottom(day: day), environment: environment)
      let info = try XCTUnwrap(change.item.customInfo)
      XCTAssertEqual(info.timeZoneID, "America/Los_Angeles")
      XCTAssertEqual(
        info.instant(on: itinerary.schedule.date(ofDay: day)), try utc(expected), clock)
      XCTAssertEqual(change.warnings, [])
    }
  }

  func testAdd_repeatedHourTakesTheFirstAndWarns() throws {
    let itinerary = try fallBack()
    XCTAssertEqual(itinerary.schedule.date(ofDay: 40).iso, "2024-11-03")
    let change = try itinerary.add(
      try timed("Night owl", "01:30"), at: .bottom(day: 40), environment: environment)
    XCTAssertEqual(
      change.warnings,
      [
        "1:30 am happens twice on Sun, Nov 3, 2024 in San Francisco (clocks go back from 2:00 to 1:00); the first, 1:30 am PDT, is used."
      ])
    let info = try XCTUnwrap(change.item.customInfo)
    let date = itinerary.schedule.date(ofDay: 40)
    XCTAssertEqual(info.instant(on: date), try utc("2024-11-03T08:30:00Z"))
    XCTAssertEqual(info.clock(on: date), "01:30 PDT")
    // The layout says it again, for `trip show`.
    let after = applied(change, to: itinerary)
    XCTAssertEqual(after.timeWarnings()[change.item.id], change.warnings.first)
    XCTAssertTrue(after.problems().isEmpty, "a repeated time is not a problem")
  }

  func testEdit_timeInTheGapIsRefusedAndARepeatedOneWarns() throws {
    var itinerary = try springWest()
    let added = try itinerary.add(
      try timed("Coffee", "08:00"), at: .bottom(day: 1), environment: environment)
    itinerary = applied(added, to: itinerary)
    assertNonexistent(gap) {
      try itinerary.edit(
        added.item.id, CustomItemChanges(time: .some(try self.time("02:30"))), now: self.now)
    }
    var fall = try fallBack()
    let note = try fall.add(
      CustomInfo(title: "Note", category: .note), at: .bottom(day: 40),
      environment: environment)
    fall = applied(note, to: fall)
    let edited = try fall.edit(
      note.item.id, CustomItemChanges(time: .some(try time("01:15"))), now: now)
    XCTAssertEqual(edited.item.customInfo?.timeZoneID, "America/Los_Angeles")
    XCTAssertEqual(edited.warnings.count, 1)
    XCTAssertTrue(edited.warnings[0].hasPrefix("1:15 am happens twice on Sun, Nov 3, 2024"))
  }

  func testMove_timedItemOntoTheGapDayIsRefused() throws {
    var itinerary = try springWest()
    let added = try itinerary.add(
      try timed("Red-eye coffee", "02:30"), at: .bottom(day: 2), environment: environment)
    itinerary = applied(added, to: itinerary)
    assertNonexistent(gap) { try itinerary.move(added.item.id, to: .bottom(day: 1), now: self.now) }
    let moved = try itinerary.move(added.item.id, to: .bottom(day: 3), now: now)
    XCTAssertEqual(moved.item.day, 3)
  }

  func testReplan_rezoningIntoTheGapIsRefused() throws {
    // Diamondbacks Thu Mar 28 (Phoenix: no daylight saving time), Dodgers
    // Fri Mar 29; Day 1 is Sun, Mar 10. Before the first game the trip is
    // in Phoenix, where 2:30 am exists that day.
    var itinerary = try trip(["ARI202403280", "LAN202403290"], start: "2024-03-10")
    let added = try itinerary.add(
      try timed("Desert sunrise call", "02:30"), at: .bottom(day: 1),
      environment: environment)
    XCTAssertEqual(added.item.customInfo?.timeZoneID, "America/Phoenix")
    itinerary = applied(added, to: itinerary)
    // Without the Phoenix game the trip starts in Los Angeles.
    XCTAssertThrowsError(
      try itinerary.replan(
        games: [try Fixtures.seasonGame("LAN202403290")], start: nil, end: nil,
        catalog: try Fixtures.catalog(), environment: environment)
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "This would put \"Desert sunrise call\" on Los Angeles time, where 2:30 am does not exist on Sun, Mar 10, 2024 in Los Angeles: clocks jump from 2:00 to 3:00."
      )
    }
    // At 3:30 it is re-zoned like any timed item.
    let edited = try itinerary.edit(
      added.item.id, CustomItemChanges(time: .some(try time("03:30"))), now: now)
    itinerary = applied(edited, to: itinerary)
    let replan = try itinerary.replan(
      games: [try Fixtures.seasonGame("LAN202403290")], start: nil, end: nil,
      catalog: try Fixtures.catalog(), environment: environment)
    XCTAssertEqual(replan.change.rezoned, [added.item.id])
    XCTAssertEqual(
      replan.change.updated.first { $0.id == added.item.id }?.customInfo?.timeZoneID,
      "America/Los_Angeles")
  }

  func testProblems_listAStoredTimeThatDoesNotExist() throws {
    // Stored before times were checked: 2:30 am on Mar 10 in Los Angeles.
    let itinerary = try springWest()
    let stored = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Old coffee", category: .note, time: try time("02:30"),
          timeZoneID: "America/Los_Angeles")), day: 1, sortOrder: 50, id: Fixtures.uuid(0xC0FE))
    let withOld = Itinerary(
      trip: itinerary.trip, schedule: itinerary.schedule, items: itinerary.items + [stored])
    XCTAssertEqual(withOld.problems().map(\.item.id), [stored.id])
    XCTAssertEqual(withOld.problems().first?.reason, gap + ".")
    let info = try XCTUnwrap(stored.customInfo)
    let date = itinerary.schedule.date(ofDay: 1)
    XCTAssertEqual(
      info.instant(on: date), try utc("2024-03-10T10:30:00Z"),
      "RFC 5545 §3.3.5: the offset before the gap (PST), i.e. 3:30 am PDT")
    XCTAssertEqual(info.clock(on: date), "02:30 (does not exist that day; read as 3:30 am PDT)")
    let calendar = ICalendarExport.render(withOld, catalog: try Fixtures.catalog())
    XCTAssertTrue(calendar.contains("DTSTART:20240310T103000Z\r\n"), calendar)
  }

  // MARK: - item 8: an item with its own location

  /// Lakefront Brewery, Milwaukee.
  private let brewery = Coordinate(checkedLatitude: 43.0546, longitude: -87.9053)
  /// Old Faithful, Yellowstone: 421 km from the nearest venue.
  private let yellowstone = Coordinate(checkedLatitude: 44.4605, longitude: -110.8281)

  func testAdd_locatedItemTakesTheNearestVenuesZone() throws {
    let itinerary = try brewRun()
    // Top of Day 1: the trip is in Detroit (Eastern).
    let brew = try itinerary.add(
      try timed("Lakefront Brewery tour", "11:00", at: brewery), at: .top(day: 1),
      environment: environment)
    let info = try XCTUnwrap(brew.item.customInfo)
    XCTAssertEqual(info.timeZoneID, "America/Chicago", "Milwaukee is on Central time")
    let date = itinerary.schedule.date(ofDay: 1)
    XCTAssertEqual(info.clock(on: date), "11:00 CDT")
    XCTAssertEqual(info.instant(on: date), try utc("2024-06-07T16:00:00Z"))
    let plain = try itinerary.add(
      try timed("Coney dogs", "11:00"), at: .top(day: 1), environment: environment)
    XCTAssertEqual(plain.item.customInfo?.timeZoneID, "America/Detroit", "the position rule")
    let far = try itinerary.add(
      try timed("Geyser call", "11:00", at: yellowstone), at: .top(day: 1),
      environment: environment)
    XCTAssertEqual(
      far.item.customInfo?.timeZoneID, "America/Detroit",
      "more than 200 km from every venue: the position rule")
    // The calendar export writes the brewery at 16:00 UTC (11:00 CDT).
    let calendar = ICalendarExport.render(
      applied(brew, to: itinerary), catalog: try Fixtures.catalog())
    XCTAssertTrue(calendar.contains("DTSTART:20240607T160000Z\r\n"), calendar)
  }

  func testLocatedItem_keepsItsZoneWhenItOrALegMoves() throws {
    var itinerary = try brewRun()
    let brew = try itinerary.add(
      try timed("Brewery", "11:00", at: brewery), at: .top(day: 1), environment: environment)
    let coffee = try itinerary.add(
      try timed("Coffee", "09:00"), at: .bottom(day: 2), environment: environment)
    itinerary = applied(brew, to: itinerary)
    itinerary = applied(coffee, to: itinerary)
    XCTAssertEqual(coffee.item.customInfo?.timeZoneID, "America/Chicago", "after the leg")
    // The leg moves to Day 3: Day 2's coffee is back in Detroit; the
    // brewery stays on Milwaukee time.
    let leg = try XCTUnwrap(itinerary.items.first { $0.travelInfo != nil })
    let legMove = try itinerary.move(leg.id, to: .bottom(day: 3), now: now)
    XCTAssertEqual(legMove.rezoned, [coffee.item.id])
    itinerary = applied(legMove, to: itinerary)
    XCTAssertEqual(itinerary.item(coffee.item.id)?.customInfo?.timeZoneID, "America/Detroit")
    XCTAssertEqual(itinerary.item(brew.item.id)?.customInfo?.timeZoneID, "America/Chicago")
    // The brewery itself moves to Day 2 (the trip is still in Detroit):
    // still Central.
    let moved = try itinerary.move(brew.item.id, to: .bottom(day: 2), now: now)
    XCTAssertEqual(moved.item.customInfo?.timeZoneID, "America/Chicago")
    // Its location cleared: its time follows its position (Day 1, Detroit).
    let cleared = try itinerary.edit(
      brew.item.id, CustomItemChanges(coordinate: .some(nil)), now: now)
    XCTAssertEqual(cleared.item.customInfo?.timeZoneID, "America/Detroit")
    // A location given by an edit sets the zone.
    let located = try itinerary.edit(
      coffee.item.id, CustomItemChanges(coordinate: .some(brewery)), now: now)
    XCTAssertEqual(located.item.customInfo?.timeZoneID, "America/Chicago")
  }

  func testReplan_rezonesAStoredLocatedItemToItsVenue() throws {
    // Stored before item 8 with the trip's zone (Detroit): a re-plan puts
    // it on Milwaukee time and says so.
    let itinerary = try brewRun()
    let old = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Brewery", category: .activity, time: try time("11:00"),
          timeZoneID: "America/Detroit", coordinate: brewery)), day: 1, sortOrder: 50,
      id: Fixtures.uuid(0xBEE5))
    let stored = Itinerary(
      trip: itinerary.trip, schedule: itinerary.schedule, items: itinerary.items + [old])
    let replan = try stored.replan(
      games: stored.schedule.games.map(\.game), start: nil, end: nil,
      catalog: try Fixtures.catalog(), environment: environment)
    XCTAssertEqual(replan.change.rezoned, [old.id])
    XCTAssertEqual(replan.change.updated.first?.customInfo?.timeZoneID, "America/Chicago")
  }

  func testVenueZonesCanBeLeftOut() throws {
    // With no venues, a located item follows its position as before.
    let base = try brewRun()
    let itinerary = Itinerary(
      trip: base.trip, schedule: base.schedule, items: base.items, venueZones: .none)
    let change = try itinerary.add(
      try timed("Brewery", "11:00", at: brewery), at: .top(day: 1), environment: environment)
    XCTAssertEqual(change.item.customInfo?.timeZoneID, "America/Detroit")
  }

  // MARK: - the zone a stored time belongs to (review of issue 8)

  /// `timePlaces()` is the zone the item commands give each timed item:
  /// where the trip is at its position, its location's nearest venue
  /// within 200 km, and for Unscheduled items what `edit` leaves them.
  func testTimePlaces_areTheZonesTheItemCommandsGive() throws {
    // Detroit Fri Jun 7, the leg on Day 1 after the game, Milwaukee Mon.
    var itinerary = try brewRun()
    var added: [ItineraryItem] = []
    let additions: [(CustomInfo, DropTarget)] = [
      (try timed("Breakfast", "08:00"), .top(day: 1)),
      (try timed("Night cap", "23:00"), .bottom(day: 1)),
      (try timed("Lakefront Brewery tour", "11:00", at: brewery), .top(day: 1)),
      (try timed("Old Faithful", "09:00", at: yellowstone), .bottom(day: 2)),
    ]
    for (info, target) in additions {
      let change = try itinerary.add(info, at: target, environment: environment)
      itinerary = applied(change, to: itinerary)
      added.append(change.item)
    }
    XCTAssertEqual(
      added.map { $0.customInfo?.timeZoneID },
      ["America/Detroit", "America/Chicago", "America/Chicago", "America/Chicago"])
    let places = itinerary.timePlaces()
    XCTAssertEqual(places.count, 4)
    for item in added {
      XCTAssertEqual(places[item.id]?.timeZoneID, item.customInfo?.timeZoneID, item.title)
    }
    XCTAssertEqual(
      places[added[0].id]?.whereabouts,
      "at that point the trip is in Detroit (America/Detroit)")
    XCTAssertEqual(
      places[added[2].id]?.whereabouts, "its location is in Milwaukee (America/Chicago)")
    XCTAssertEqual(places[added[3].id]?.fromLocation, false, "421 km from any venue")
    XCTAssertTrue(itinerary.problems().isEmpty)

    // Unscheduled (the trip has 4 days): a located item still takes its
    // location's zone; another keeps its own (it has no position), or,
    // without one, takes the zone of the trip's start (a day before it) or
    // end (a day after it), as a legacy import gives it.
    let located = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Brewery later", category: .note, time: try time("11:00"), timeZoneID: "UTC",
          coordinate: brewery)), day: 9, sortOrder: 1)
    let kept = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Call home", category: .note, time: try time("07:00"),
          timeZoneID: "Asia/Tokyo")), day: 9, sortOrder: 2)
    let before = Fixtures.item(
      .custom(CustomInfo(title: "Before", category: .note, time: try time("07:00"))), day: -2,
      sortOrder: 1)
    let after = Fixtures.item(
      .custom(CustomInfo(title: "After", category: .note, time: try time("07:00"))), day: 7,
      sortOrder: 1)
    let later = Itinerary(
      trip: itinerary.trip, schedule: itinerary.schedule,
      items: itinerary.items + [located, kept, before, after])
    let unscheduled = later.timePlaces()
    XCTAssertEqual(unscheduled[located.id]?.timeZoneID, "America/Chicago")
    XCTAssertEqual(unscheduled[located.id]?.fromLocation, true)
    XCTAssertNil(unscheduled[kept.id])
    XCTAssertEqual(
      unscheduled[before.id]?.whereabouts, "at that point the trip is in Detroit (America/Detroit)")
    XCTAssertEqual(
      unscheduled[after.id]?.whereabouts, "at that point the trip is in Milwaukee (America/Chicago)"
    )
  }

  /// A time stored in another zone than the one it belongs to (by an older
  /// version, or left when a re-import moved a game) is a problem, said on
  /// its row too; setting its time again puts it right.
  func testProblems_listATimeKeptInAnotherZone() throws {
    var itinerary = try brewRun()
    let breakfast = try itinerary.add(
      try timed("Breakfast", "08:00"), at: .top(day: 1), environment: environment)
    itinerary = applied(breakfast, to: itinerary)
    let tour = try itinerary.add(
      try timed("Lakefront Brewery tour", "11:00", at: brewery), at: .bottom(day: 2),
      environment: environment)
    itinerary = applied(tour, to: itinerary)
    XCTAssertTrue(itinerary.problems().isEmpty)
    let stale = Itinerary(
      trip: itinerary.trip, schedule: itinerary.schedule,
      items: itinerary.items.map { item in
        guard var custom = item.customInfo else { return item }
        custom.timeZoneID = item.id == breakfast.item.id ? "UTC" : "America/Detroit"
        var old = item
        old.kind = .custom(custom)
        return old
      })
    let reasons = Dictionary(
      stale.problems().map { ($0.item.id, $0.reason) }, uniquingKeysWith: { a, _ in a })
    XCTAssertEqual(
      reasons,
      [
        breakfast.item.id:
          "Its time 08:00 is read in UTC, but at that point the trip is in Detroit (America/Detroit): set its time again to have it read there.",
        tour.item.id:
          "Its time 11:00 is read in America/Detroit, but its location is in Milwaukee (America/Chicago): set its time again to have it read there.",
      ])
    XCTAssertEqual(stale.timeWarnings()[breakfast.item.id], reasons[breakfast.item.id])
    let fixed = try stale.edit(
      breakfast.item.id, CustomItemChanges(time: .some(try time("08:00"))), now: now)
    XCTAssertEqual(fixed.item.customInfo?.timeZoneID, "America/Detroit")
    XCTAssertEqual(applied(fixed, to: stale).problems().map(\.item.id), [tour.item.id])
  }
}
