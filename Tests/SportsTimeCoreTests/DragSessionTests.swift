import Foundation
import XCTest

@testable import SportsTimeCore

/// The drag engine (DESIGN.md, "Layout and reordering"; seeds: red zones,
/// barrier games, snap back): what may be dragged, every slot's validity,
/// proposing a slot and dropping on one. Also the seeds' plan cases and bug
/// list replayed through drags instead of bare constraint checks.
final class DragSessionTests: XCTestCase {

  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  private func on(_ day: Int) -> String { Engine.on(day) }

  /// The seeds' example: Detroit game Day 1, rest Days 2–3, Milwaukee game
  /// Day 4. Stored: the leg on Day 1 after the game (101), "Coffee" on Day 1
  /// before the game (50), "Museum" on Day 2 (50).
  private func seedExample() throws -> (
    itinerary: Itinerary, travel: ItineraryItem, coffee: ItineraryItem, museum: ItineraryItem
  ) {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 4, games: [try Fixtures.tigers(on(1)), try Fixtures.brewers(on(4))])
    let travel = Fixtures.item(
      .travel(try Fixtures.leg(0, of: schedule)), day: 1, sortOrder: 101, id: Fixtures.uuid(0x7))
    let coffee = Fixtures.custom("Coffee", day: 1, sortOrder: 50, id: Fixtures.uuid(0xC))
    let museum = Fixtures.custom("Museum", day: 2, sortOrder: 50, id: Fixtures.uuid(0xA))
    return (Engine.itinerary(schedule, [travel, coffee, museum]), travel, coffee, museum)
  }

  /// Asserts the session's slots against the independent oracle and that
  /// every invalid slot has a reason and every valid one none.
  private func assertRedZoneMatchesRule(
    _ session: DragSession, schedule: TripSchedule, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let expected = Engine.expectedValidity(
      of: session.item, rows: session.rows, schedule: schedule)
    XCTAssertEqual(session.slots.count, session.rows.count + 1, file: file, line: line)
    XCTAssertEqual(session.slots.map(\.isValid), expected, file: file, line: line)
    XCTAssertEqual(
      session.slots.map(\.index), Array(0...session.rows.count), file: file, line: line)
    XCTAssertEqual(
      session.slots.map(\.day), Engine.expectedSlotDays(session.rows), file: file, line: line)
    for slot in session.slots {
      XCTAssertEqual(slot.reason == nil, slot.isValid, "slot \(slot.index)", file: file, line: line)
    }
    XCTAssertEqual(
      session.validSlots, expected.indices.filter { expected[$0] }, file: file, line: line)
  }

  // MARK: - Starting a drag

  func testStart_gameIsRefused() throws {
    let (itinerary, _, _, _) = try seedExample()
    for game in itinerary.schedule.games {
      Engine.assertRefused(["Games are fixed", game.title, "cannot be moved"]) {
        try Engine.session(game.item(tripID: Fixtures.tripID), in: itinerary)
      }
    }
  }

  func testStart_dayHeaderIsNotAnItem() throws {
    // A header is not an ItineraryItem, so it cannot even be handed to a
    // DragSession: its row has no item and is not reorderable; games are not
    // reorderable either; stored items are.
    let (itinerary, _, _, _) = try seedExample()
    for row in itinerary.layout.rows {
      switch row.content {
      case .day:
        XCTAssertNil(row.item)
        XCTAssertFalse(row.isReorderable)
        XCTAssertNil(row.sortOrder)
      case .game:
        XCTAssertNil(row.item)
        XCTAssertFalse(row.isReorderable)
      case .item(let item):
        XCTAssertTrue(row.isReorderable)
        XCTAssertTrue(item.isReorderable)
      }
    }
  }

  func testStart_liftsTheDraggedRowOut() throws {
    let (itinerary, travel, coffee, _) = try seedExample()
    let all = Engine.ids(itinerary.layout.rows)
    for item in [travel, coffee] {
      let session = try Engine.session(item, in: itinerary)
      let origin = try XCTUnwrap(all.firstIndex(of: LayoutRow.id(item: item.id)))
      XCTAssertEqual(session.originSlot, origin)
      var lifted = all
      lifted.remove(at: origin)
      XCTAssertEqual(Engine.ids(session.rows), lifted)
    }
    // A new item is not in the layout: nothing lifted, no origin.
    let fresh = try Engine.session(Engine.probe(), in: itinerary)
    XCTAssertNil(fresh.originSlot)
    XCTAssertEqual(Engine.ids(fresh.rows), all)
  }

  func testStart_customItem_everySlotButZeroIsValid() throws {
    let (itinerary, _, coffee, museum) = try seedExample()
    for item in [coffee, museum, Engine.probe()] {
      let session = try Engine.session(item, in: itinerary)
      XCTAssertFalse(session.slots[0].isValid)
      XCTAssertNil(session.slots[0].day)
      XCTAssertTrue(try XCTUnwrap(session.slots[0].reason).contains("Above Day 1"))
      XCTAssertTrue(session.slots.dropFirst().allSatisfy(\.isValid))
      XCTAssertEqual(session.validSlots, Array(1...session.rows.count))
      XCTAssertTrue(session.barrierGames.isEmpty)
      XCTAssertEqual(session.validDays, 1...4)
      assertRedZoneMatchesRule(session, schedule: itinerary.schedule)
    }
  }

  func testStart_travel_redZoneOfTheSeedExample() throws {
    let (itinerary, travel, _, _) = try seedExample()
    let session = try Engine.session(travel, in: itinerary)
    // day:1, Coffee, DET game, day:2, Museum, day:3, day:4, MIL game.
    XCTAssertEqual(
      Engine.ids(session.rows),
      [
        "day:1", LayoutRow.id(item: Fixtures.uuid(0xC)), "game:DET202406010", "day:2",
        LayoutRow.id(item: Fixtures.uuid(0xA)), "day:3", "day:4", "game:MIL202406040",
      ])
    XCTAssertEqual(
      session.slots.map(\.isValid), [false, false, false, true, true, true, true, true, false])
    XCTAssertEqual(session.slots.map(\.day), [nil, 1, 1, 1, 2, 2, 3, 4, 4])
    for k in [1, 2] {
      let reason = try XCTUnwrap(session.slots[k].reason)
      for word in ["Day 1", "Detroit → Milwaukee", "after", "CLE @ DET", "Comerica Park"] {
        XCTAssertTrue(reason.contains(word), "'\(reason)' lacks '\(word)'")
      }
    }
    let late = try XCTUnwrap(session.slots[8].reason)
    for word in ["Day 4", "before", "PIT @ MIL", "American Family Field"] {
      XCTAssertTrue(late.contains(word), "'\(late)' lacks '\(word)'")
    }
    XCTAssertEqual(session.validDays, 1...4)
    XCTAssertEqual(session.barrierGames.map(\.id), ["DET202406010", "MIL202406040"])
    assertRedZoneMatchesRule(session, schedule: itinerary.schedule)
  }

  func testStart_travel_daysOutsideTheRangeAreRed() throws {
    // Chicago games Days 2–3, Detroit games Days 5–6 of 7; customs on every day.
    let games = [
      try Fixtures.cubs(on(2)), try Fixtures.cubs(on(3)), try Fixtures.tigers(on(5)),
      try Fixtures.tigers(on(6)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 7, games: games)
    var items = (1...7).flatMap { d in
      [
        Fixtures.custom("Early \(d)", day: d, sortOrder: 10),
        Fixtures.custom("Late \(d)", day: d, sortOrder: 300),
      ]
    }
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 4, sortOrder: 50)
    items.append(travel)
    let itinerary = Engine.itinerary(schedule, items)
    let session = try Engine.session(travel, in: itinerary)
    XCTAssertEqual(session.validDays, 3...5)
    XCTAssertEqual(session.barrierGames.map(\.id), ["CHN202406030", "DET202406050"])
    for slot in session.slots.dropFirst() {
      let day = try XCTUnwrap(slot.day)
      if !(3...5).contains(day) {
        XCTAssertFalse(slot.isValid, "slot \(slot.index) on Day \(day)")
        let reason = try XCTUnwrap(slot.reason)
        XCTAssertTrue(reason.contains("between Day 3"), reason)
        XCTAssertTrue(reason.contains("Day 5"), reason)
      }
    }
    // Day 3: only below the Chicago game; Day 4: everywhere; Day 5: only above.
    let day3 = session.slots.filter { $0.day == 3 }.map(\.isValid)
    let day4 = session.slots.filter { $0.day == 4 }.map(\.isValid)
    let day5 = session.slots.filter { $0.day == 5 }.map(\.isValid)
    XCTAssertEqual(day3, [false, false, true, true])
    XCTAssertEqual(day4, [true, true, true])
    XCTAssertEqual(day5, [true, true, false, false])
    assertRedZoneMatchesRule(session, schedule: schedule)
  }

  func testStart_travel_sameDayIsStrictlyBetween() throws {
    // Day 1: Cubs 13:10 then Brewers 19:10; Day 2: Brewers again.
    let games = [
      try Fixtures.cubs(on(1), hour: 13), try Fixtures.brewers(on(1), hour: 19),
      try Fixtures.brewers(on(2)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 2, games: games)
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 1, sortOrder: 100.5)
    let items = [
      travel, Fixtures.custom("Breakfast", day: 1, sortOrder: 20),
      Fixtures.custom("Between", day: 1, sortOrder: 100.25),
      Fixtures.custom("Night cap", day: 1, sortOrder: 250),
    ]
    let itinerary = Engine.itinerary(schedule, items)
    let session = try Engine.session(travel, in: itinerary)
    // day:1, Breakfast, CHN, Between, MIL, Night cap, day:2, MIL.
    XCTAssertEqual(
      session.slots.map(\.isValid), [false, false, false, true, true, false, false, false, false])
    XCTAssertEqual(session.validDays, 1...1)
    XCTAssertEqual(session.barrierGames.map(\.id), ["CHN202406010", "MIL202406010"])
    assertRedZoneMatchesRule(session, schedule: schedule)
    // Dropping between the games lands strictly between them.
    for k in session.validSlots {
      let moved = try Engine.moved(session.drop(at: k, now: now))
      XCTAssertGreaterThan(moved.item.sortOrder, 100)
      XCTAssertLessThan(moved.item.sortOrder, 101)
    }
  }

  func testStart_travel_barrierGamesAreLastOfDepartureAndFirstOfArrival() throws {
    // Seeds: Chicago games Days 1–2, Detroit games Days 4–5.
    let games = [
      try Fixtures.cubs(on(1)), try Fixtures.cubs(on(2)), try Fixtures.tigers(on(4)),
      try Fixtures.tigers(on(5)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 5, games: games)
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 3, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [travel])
    let session = try Engine.session(travel, in: itinerary)
    XCTAssertEqual(session.barrierGames.map(\.id), ["CHN202406020", "DET202406040"])
    XCTAssertEqual(
      session.barrierGames.map(\.id),
      itinerary.constraints.barrierGames(for: travel).map(\.id))
    XCTAssertEqual(session.validDays, 2...4)
    assertRedZoneMatchesRule(session, schedule: schedule)
  }

  func testStart_travel_doubleheadersOnBothEnds() throws {
    // Seeds: after ALL departure games, before ALL arrival games.
    let games = [
      try Fixtures.cubs(on(1), hour: 13, number: 1), try Fixtures.cubs(on(1), hour: 19, number: 2),
      try Fixtures.tigers(on(3), hour: 13, number: 1),
      try Fixtures.tigers(on(3), hour: 19, number: 2),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 3, games: games)
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 2, sortOrder: 50)
    let itinerary = Engine.itinerary(
      schedule,
      [
        travel, Fixtures.custom("Between 1", day: 1, sortOrder: 100.5),
        Fixtures.custom("Between 3", day: 3, sortOrder: 100.5),
      ])
    let session = try Engine.session(travel, in: itinerary)
    // day:1, CHN1, Between 1, CHN2, day:2, day:3, DET1, Between 3, DET2.
    XCTAssertEqual(
      session.slots.map(\.isValid),
      [false, false, false, false, true, true, true, false, false, false])
    XCTAssertEqual(session.barrierGames.map(\.id), ["CHN202406012", "DET202406031"])
    assertRedZoneMatchesRule(session, schedule: schedule)
  }

  func testStart_travel_staleLegHasNoValidSlotAndSnapsBack() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    var info = try Fixtures.leg(0, of: schedule)
    info.toVenueID = Venue.ID("MIL06")  // the route changed under it
    let travel = Fixtures.travel(info, day: 2, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [travel])
    let session = try Engine.session(travel, in: itinerary)
    XCTAssertTrue(session.validSlots.isEmpty)
    for slot in session.slots.dropFirst() {
      XCTAssertTrue(try XCTUnwrap(slot.reason).contains("re-plan"))
    }
    for k in session.slots.indices {
      XCTAssertEqual(session.propose(slot: k), .snapBack)
      Engine.assertRefusedDrop(session.drop(at: k, now: now))
    }
  }

  func testStart_travel_realTripsMatchTheRule() throws {
    // Every leg of real 2024 trips (doubleheaders, same-day legs, a city
    // visited twice, two teams in one city), with customs sprinkled in.
    var sameDayLegs = 0
    var doubleheaderDays = 0
    var revisitedVenues = 0
    for ids in PropertyTrips.all {
      let planned = try PropertyTrips.plan(ids, environment: .fixed(now: now))
      let stops = planned.schedule.stops
      sameDayLegs +=
        planned.schedule.legs.filter { $0.from.lastGame?.day == $0.to.firstGame?.day }
        .count
      doubleheaderDays +=
        Dictionary(grouping: planned.schedule.games, by: \.day).values
        .filter { $0.count > 1 && Set($0.map(\.stopIndex)).count == 1 }.count
      revisitedVenues += stops.count - Set(stops.map(\.venue.id)).count
      var items = planned.items
      for d in 1...planned.schedule.dayCount {
        items.append(Fixtures.custom("Early \(d)", day: d, sortOrder: 0.5))
        items.append(Fixtures.custom("Mid \(d)", day: d, sortOrder: 100.5))
        items.append(Fixtures.custom("Late \(d)", day: d, sortOrder: 400))
      }
      let itinerary = Itinerary(trip: planned.trip, schedule: planned.schedule, items: items)
      XCTAssertTrue(itinerary.problems().isEmpty)
      for item in items {
        let session = try Engine.session(item, in: itinerary)
        assertRedZoneMatchesRule(session, schedule: planned.schedule)
        if let info = item.travelInfo {
          let from = try XCTUnwrap(info.fromStop)
          let to = try XCTUnwrap(info.toStop)
          let stops = planned.schedule.stops
          XCTAssertEqual(
            session.barrierGames.map(\.id),
            [try XCTUnwrap(stops[from].lastGame?.id), try XCTUnwrap(stops[to].firstGame?.id)])
          XCTAssertEqual(
            session.validDays,
            try XCTUnwrap(stops[from].lastGame?.day)...(try XCTUnwrap(stops[to].firstGame?.day)))
          XCTAssertFalse(session.validSlots.isEmpty)
        }
      }
    }
    XCTAssertGreaterThan(sameDayLegs, 0, "a leg whose two ends play the same day")
    XCTAssertGreaterThan(doubleheaderDays, 0, "a doubleheader")
    XCTAssertGreaterThan(revisitedVenues, 0, "a venue visited twice")
  }

  // MARK: - Proposing a slot

  func testPropose_validSlotIsAccepted() throws {
    let (itinerary, travel, _, _) = try seedExample()
    let session = try Engine.session(travel, in: itinerary)
    for k in session.validSlots {
      XCTAssertEqual(session.propose(slot: k), .accepted(k))
    }
  }

  func testPropose_invalidSlotGoesToTheNearestValidOne() throws {
    let (itinerary, travel, _, _) = try seedExample()
    let session = try Engine.session(travel, in: itinerary)
    // Valid: 3…7. Slots 0–2 are above the range, 8 below it.
    XCTAssertEqual(session.propose(slot: 2), .redirected(from: 2, to: 3))
    XCTAssertEqual(session.propose(slot: 1), .redirected(from: 1, to: 3))
    XCTAssertEqual(session.propose(slot: 0), .redirected(from: 0, to: 3))
    XCTAssertEqual(session.propose(slot: 8), .redirected(from: 8, to: 7))
    // Outside the slots: clamped first, then searched.
    XCTAssertEqual(session.propose(slot: -4), .redirected(from: -4, to: 3))
    XCTAssertEqual(session.propose(slot: 99), .redirected(from: 99, to: 7))
    XCTAssertEqual(session.propose(slot: 5_000), .redirected(from: 5_000, to: 7))
  }

  func testPropose_searchesOutwardOnBothSides() throws {
    // Day 1: Cubs; Day 2: Brewers then Tigers (leg 1 = Milwaukee → Detroit).
    let games = [
      try Fixtures.cubs(on(1)), try Fixtures.brewers(on(2), hour: 12),
      try Fixtures.tigers(on(2), hour: 20), try Fixtures.tigers(on(3)),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 3, games: games)
    let leg = Fixtures.travel(try Fixtures.leg(1, of: schedule), day: 2, sortOrder: 100.5)
    let itinerary = Engine.itinerary(
      schedule, [leg, Fixtures.custom("A", day: 2, sortOrder: 100.5)])
    let session = try Engine.session(leg, in: itinerary)
    // day:1 CHN day:2 MIL A DET day:3 DET — valid: 4 (below MIL), 5 (below A).
    XCTAssertEqual(session.validSlots, [4, 5])
    // Slot 3 (above MIL) and 6 (below DET): nearest is one step away.
    XCTAssertEqual(session.propose(slot: 3), .redirected(from: 3, to: 4))
    XCTAssertEqual(session.propose(slot: 6), .redirected(from: 6, to: 5))
    // Slot 2 is two above 4; slot 7 two below 5.
    XCTAssertEqual(session.propose(slot: 2), .redirected(from: 2, to: 4))
    XCTAssertEqual(session.propose(slot: 7), .redirected(from: 7, to: 5))

    // A leg's valid slots are one contiguous run, so an invalid slot never
    // has valid slots at the same distance on both sides: the documented
    // tie-break (below first) cannot arise from real sessions.
    XCTAssertEqual(session.validSlots, Array(4...5))
  }

  func testPropose_customItemAtSlotZeroGoesBelowDay1() throws {
    let (itinerary, _, coffee, _) = try seedExample()
    let session = try Engine.session(coffee, in: itinerary)
    XCTAssertEqual(session.propose(slot: 0), .redirected(from: 0, to: 1))
    XCTAssertEqual(session.propose(slot: -1), .redirected(from: -1, to: 1))
  }

  // MARK: - Dropping

  func testDrop_sortOrderPerDesign() throws {
    // Day 1: Coffee 30, CHN 100, Beer 250; Day 2: empty; Day 3: DET 100.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    let coffee = Fixtures.custom("Coffee", day: 1, sortOrder: 30, id: Fixtures.uuid(1))
    let beer = Fixtures.custom("Beer", day: 1, sortOrder: 250, id: Fixtures.uuid(2))
    let itinerary = Engine.itinerary(schedule, [coffee, beer])
    let dragged = Engine.probe()
    let session = try Engine.session(dragged, in: itinerary)
    // 0 | day:1 | Coffee | CHN | Beer | day:2 | day:3 | DET |
    let expected: [(slot: Int, day: Int, sortOrder: Double)] = [
      (1, 1, 29),  // top of Day 1: one less than Coffee
      (2, 1, 65),  // between Coffee 30 and game 100
      (3, 1, 175),  // between game 100 and Beer 250
      (4, 1, 251),  // bottom of Day 1: one more than Beer
      (5, 2, 50),  // empty Day 2
      (6, 3, 99),  // top of Day 3: one less than the game
      (7, 3, 101),  // bottom of Day 3: one more than the game
    ]
    for (slot, day, sortOrder) in expected {
      let moved = try Engine.moved(session.drop(at: slot, now: now))
      XCTAssertEqual(moved.item.day, day, "slot \(slot)")
      XCTAssertEqual(moved.item.sortOrder, sortOrder, "slot \(slot)")
      XCTAssertEqual(moved.item.sortOrder, Engine.expectedSortOrder(rows: session.rows, slot: slot))
      XCTAssertFalse(moved.renormalized)
      XCTAssertEqual(moved.changed, [moved.item], "only the dropped item changes")
      XCTAssertEqual(moved.item.modifiedAt, now)
      XCTAssertEqual(moved.item.createdAt, dragged.createdAt)
      XCTAssertEqual(moved.item.id, dragged.id)
      XCTAssertEqual(moved.item.kind, dragged.kind)
      // It lands exactly in the slot.
      let after = ItineraryLayout(schedule: schedule, items: [coffee, beer, moved.item])
      XCTAssertEqual(
        Engine.ids(after.rows),
        Engine.ids(session.rows, inserting: LayoutRow.id(item: dragged.id), at: slot))
    }
  }

  func testDrop_invalidSlotIsRefusedWithTheReason() throws {
    let (itinerary, travel, _, _) = try seedExample()
    let session = try Engine.session(travel, in: itinerary)
    for k in [0, 1, 2, 8] {
      let reason = try XCTUnwrap(session.slots[k].reason)
      XCTAssertEqual(session.drop(at: k, now: now), .refused(reason: reason))
    }
    Engine.assertRefusedDrop(session.drop(at: 9, now: now), ["no position 9"])
    Engine.assertRefusedDrop(session.drop(at: -1, now: now), ["no position -1"])
    // A refused drop changes nothing: the session is a value and the
    // itinerary still has the item where it was.
    XCTAssertEqual(itinerary.item(travel.id), travel)
  }

  func testDrop_travelIsRevalidatedAgainstTheConstraints() throws {
    // The slot says valid, and the value computed for it is valid too.
    let (itinerary, travel, _, _) = try seedExample()
    let session = try Engine.session(travel, in: itinerary)
    for k in session.validSlots {
      let moved = try Engine.moved(session.drop(at: k, now: now))
      XCTAssertTrue(
        itinerary.constraints.check(
          moved.item, day: moved.item.day, sortOrder: moved.item.sortOrder
        )
        .isValid)
    }
  }

  func testDrop_unscheduledItemMovesBackIntoTheTrip() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 2, games: [try Fixtures.cubs(on(1))])
    let lost = Fixtures.custom("Lost", day: 9, sortOrder: 50, id: Fixtures.uuid(9))
    let itinerary = Engine.itinerary(schedule, [lost])
    XCTAssertEqual(itinerary.layout.unscheduled.map(\.id), [LayoutRow.id(item: lost.id)])
    let session = try Engine.session(lost, in: itinerary)
    XCTAssertNil(session.originSlot)
    XCTAssertEqual(Engine.ids(session.rows), Engine.ids(itinerary.layout.rows))
    let moved = try Engine.moved(session.drop(at: session.rows.count, now: now))
    XCTAssertEqual(moved.item.day, 2)
    XCTAssertEqual(moved.item.sortOrder, 50)
  }

  // MARK: - Seeds' bug list

  func testSeedBug_customItemCanMoveBelowAGame() throws {
    let (itinerary, _, coffee, _) = try seedExample()
    let session = try Engine.session(coffee, in: itinerary)
    // Below the Detroit game on Day 1 (slot 2: day:1, DET | here).
    XCTAssertEqual(session.rows[1].id, "game:DET202406010")
    XCTAssertTrue(session.slots[2].isValid)
    let moved = try Engine.moved(session.drop(at: 2, now: now))
    XCTAssertEqual(moved.item.day, 1)
    XCTAssertGreaterThan(moved.item.sortOrder, 100)
    // Below the Milwaukee game at the very end.
    let last = try Engine.moved(session.drop(at: session.rows.count, now: now))
    XCTAssertEqual(last.item.day, 4)
    XCTAssertEqual(last.item.sortOrder, 101)
  }

  func testSeedBug_customItemCanMoveToEmptyAndRestDays() throws {
    let (itinerary, _, coffee, _) = try seedExample()
    let session = try Engine.session(coffee, in: itinerary)
    // Day 3 is empty: its only slot is right below its header.
    let day3 = session.slots.filter { $0.day == 3 }
    XCTAssertEqual(day3.count, 1)
    XCTAssertTrue(day3[0].isValid)
    let moved = try Engine.moved(session.drop(at: day3[0].index, now: now))
    XCTAssertEqual(moved.item.day, 3)
    XCTAssertEqual(moved.item.sortOrder, 50)
    // Day 2 is a rest day with an item: above and below it.
    for slot in session.slots where slot.day == 2 {
      XCTAssertTrue(slot.isValid)
      XCTAssertEqual(try Engine.moved(session.drop(at: slot.index, now: now)).item.day, 2)
    }
  }

  func testSeedBug_travelDroppedBelowACustomItemOnARestDayLandsBelowIt() throws {
    let (itinerary, travel, _, museum) = try seedExample()
    let session = try Engine.session(travel, in: itinerary)
    let museumRow = try XCTUnwrap(
      session.rows.firstIndex { $0.id == LayoutRow.id(item: museum.id) })
    let below = try Engine.moved(session.drop(at: museumRow + 1, now: now))
    XCTAssertEqual(below.item.day, 2)
    XCTAssertGreaterThan(below.item.sortOrder, museum.sortOrder)
    let layout = ItineraryLayout(
      schedule: itinerary.schedule,
      items: itinerary.items.map { $0.id == travel.id ? below.item : $0 })
    let day2 = layout.rows.filter { $0.day == 2 }.map(\.id)
    XCTAssertEqual(day2, ["day:2", LayoutRow.id(item: museum.id), LayoutRow.id(item: travel.id)])
    // And above it when dropped above it.
    let above = try Engine.moved(session.drop(at: museumRow, now: now))
    XCTAssertLessThan(above.item.sortOrder, museum.sortOrder)
  }

  func testSeedBug_travelBetweenTwoCustomItemsWithTheSameSortOrder() throws {
    // Travel sorts before custom items on a tie; a drop between two tied
    // customs must still land between them (the day is renormalised).
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 1, sortOrder: 101)
    let a = Fixtures.custom("A", day: 2, sortOrder: 50, id: Fixtures.uuid(0xA))
    let b = Fixtures.custom("B", day: 2, sortOrder: 50, id: Fixtures.uuid(0xB))
    var model = ItemModel([travel, a, b])
    let itinerary = Engine.itinerary(schedule, model.items)
    let session = try Engine.session(travel, in: itinerary)
    let slot = try XCTUnwrap(session.rows.firstIndex { $0.id == LayoutRow.id(item: b.id) })
    let outcome = session.drop(at: slot, now: now)
    let moved = try Engine.moved(outcome)
    XCTAssertTrue(moved.renormalized)
    model.apply(outcome)
    let layout = ItineraryLayout(schedule: schedule, items: model.items)
    XCTAssertEqual(
      layout.rows.filter { $0.day == 2 }.map(\.id),
      ["day:2", LayoutRow.id(item: a.id), LayoutRow.id(item: travel.id), LayoutRow.id(item: b.id)])
  }

  // MARK: - Seeds' plan cases, on the engine

  func testPlan_customItemCanGoOnAnyDay() throws {
    // 5-day trip, games on Days 1 and 5.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 5, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(5))])
    let item = Fixtures.custom(day: 1, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [item])
    let session = try Engine.session(item, in: itinerary)
    for day in 1...5 {
      let top = try session.slot(for: .top(day: day))
      XCTAssertTrue(session.slots[top].isValid)
      XCTAssertEqual(try Engine.moved(session.drop(at: top, now: now)).item.day, day)
    }
  }

  func testPlan_customItemCanGoBeforeOrAfterGames() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(2))])
    let item = Fixtures.custom(day: 1, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [item])
    let session = try Engine.session(item, in: itinerary)
    let before = try Engine.moved(
      session.drop(at: try session.slot(for: .before(rowID: "game:CHN202406020")), now: now))
    let after = try Engine.moved(
      session.drop(at: try session.slot(for: .after(rowID: "game:CHN202406020")), now: now))
    XCTAssertEqual([before.item.day, after.item.day], [2, 2])
    XCTAssertEqual(before.item.sortOrder, 99)
    XCTAssertEqual(after.item.sortOrder, 101)
  }

  func testPlan_travelValidDayRangeSimpleCase() throws {
    // Chicago Day 1, Detroit Day 3, 5 days: Days 1–3.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 5, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 1, sortOrder: 200)
    let session = try Engine.session(travel, in: Engine.itinerary(schedule, [travel]))
    XCTAssertEqual(session.validDays, 1...3)
    XCTAssertEqual(Set(session.validSlots.compactMap { session.slots[$0].day }), [1, 2, 3])
  }

  func testPlan_travelMustBeAfterDepartureAndBeforeArrivalGames() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 2, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [travel])
    let session = try Engine.session(travel, in: itinerary)
    Engine.assertRefused(["after", "STL @ CHC"]) {
      try itinerary.move(travel.id, to: .top(day: 1), now: now)
    }
    let after = try itinerary.move(travel.id, to: .bottom(day: 1), now: now)
    XCTAssertEqual(after.item.sortOrder, 101)
    Engine.assertRefused(["before", "CLE @ DET"]) {
      try itinerary.move(travel.id, to: .bottom(day: 3), now: now)
    }
    let before = try itinerary.move(travel.id, to: .top(day: 3), now: now)
    XCTAssertEqual(before.item.sortOrder, 99)
    // Rest day: anywhere (its only slot).
    XCTAssertTrue(session.slots.filter { $0.day == 2 }.allSatisfy(\.isValid))
  }

  func testPlan_travelCanBeAnywhereOnRestDays() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 4, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(4))])
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 1, sortOrder: 101)
    let customs = [1.0, 100, 500].flatMap { v in
      [2, 3].map { Fixtures.custom("c\(v)", day: $0, sortOrder: v) }
    }
    let session = try Engine.session(travel, in: Engine.itinerary(schedule, [travel] + customs))
    let rest = session.slots.filter { $0.day == 2 || $0.day == 3 }
    XCTAssertEqual(rest.count, 8)
    XCTAssertTrue(rest.allSatisfy(\.isValid))
  }

  func testPlan_travelCannotGoOutsideValidDayRange() throws {
    // Chicago Day 2, Detroit Day 4, 5 days.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 5, games: [try Fixtures.cubs(on(2)), try Fixtures.tigers(on(4))])
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 3, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [travel])
    let session = try Engine.session(travel, in: itinerary)
    XCTAssertTrue(session.slots.filter { $0.day == 1 || $0.day == 5 }.allSatisfy { !$0.isValid })
    for day in [1, 5] {
      Engine.assertRefused(["Chicago → Detroit", "between Day 2", "Day 4"]) {
        try itinerary.move(travel.id, to: .top(day: day), now: now)
      }
    }
  }
}
