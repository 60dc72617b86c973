import Foundation
import XCTest

@testable import SportsTimeCore

/// `ItineraryLayout.checkInvariants()` and `DragSession.checkInvariants()`
/// (issue 9, "Layout"): nothing to report on what the engine builds from
/// real venues, and each broken rule reported when a layout or a drag is
/// corrupted by hand.
final class InvariantCheckTests: XCTestCase {
  private func on(_ day: Int) -> String { String(format: "2024-06-%02d", day) }

  /// Cubs on day 1, Brewers on day 3, a leg on day 2, a lunch on day 1, a
  /// beer on day 3 and a note on day 9 (outside the 3-day trip).
  private func fixture() throws -> (TripSchedule, ItineraryLayout, [ItineraryItem]) {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3,
      games: [try Fixtures.brewers(on(3), hour: 13), try Fixtures.cubs(on(1))])
    let items = [
      Fixtures.custom("Lunch", day: 1, sortOrder: 50, id: Fixtures.uuid(0xA1)),
      Fixtures.item(
        .travel(try Fixtures.leg(0, of: schedule)), day: 2, sortOrder: 50,
        id: Fixtures.uuid(0xB2)),
      Fixtures.custom("Beer", day: 3, sortOrder: 101, id: Fixtures.uuid(0xC3)),
      Fixtures.custom("Later", day: 9, sortOrder: 10, id: Fixtures.uuid(0xD4)),
    ]
    return (schedule, ItineraryLayout(schedule: schedule, items: items), items)
  }

  func testLayout_builtLayoutHasNoProblem() throws {
    let (_, layout, _) = try fixture()
    XCTAssertEqual(layout.unscheduled.count, 1)
    XCTAssertEqual(layout.checkInvariants(), [])
  }

  func testLayout_eachCorruptionIsReported() throws {
    let (_, layout, _) = try fixture()
    var rows = layout.rows
    func problems(_ rows: [LayoutRow], _ unscheduled: [LayoutRow]? = nil) -> [String] {
      ItineraryLayout(uncheckedRows: rows, unscheduled: unscheduled ?? layout.unscheduled)
        .checkInvariants()
    }
    // Lunch (sortOrder 50) after the Cubs game (sortOrder of 19:10).
    rows.swapAt(1, 2)
    XCTAssertEqual(problems(rows).count, 1, "\(problems(rows))")
    XCTAssertTrue(problems(rows)[0].contains("should come before"), "\(problems(rows))")
    // A row twice.
    XCTAssertTrue(
      problems(layout.rows + [layout.rows[1]]).contains { $0.contains("appears twice") })
    // A row above Day 1.
    XCTAssertTrue(
      problems([layout.rows[1]] + layout.rows.filter { $0.id != layout.rows[1].id })
        .contains { $0.contains("above Day 1") })
    // Day 2 missing: Day 3 follows Day 1 (and its row sits under the wrong day).
    let withoutDay2 = layout.rows.filter { $0.id != "day:2" }
    XCTAssertTrue(problems(withoutDay2).contains { $0.contains("Day 3 follows Day 1") })
    XCTAssertTrue(problems(withoutDay2).contains { $0.contains("is day 2 under Day 1") })
    // A row whose id does not match its item.
    var renamed = layout.rows
    renamed[1].id = "item:00000000-0000-0000-0000-000000000000"
    XCTAssertTrue(problems(renamed).contains { $0.contains("should be item:") })
    // An Unscheduled row inside the trip, a header in Unscheduled.
    var inside = layout.unscheduled
    inside[0].day = 2
    XCTAssertTrue(problems(layout.rows, inside).contains { $0.contains("inside the trip") })
    XCTAssertTrue(
      problems(layout.rows.filter { $0.id != "day:3" && $0.day != 3 }, [layout.rows[0]])
        .contains { $0.contains("a day header") })
  }

  func testDrag_sessionsOfEveryItemHaveNoProblem() throws {
    let (schedule, layout, items) = try fixture()
    let constraints = ItineraryConstraints(schedule: schedule)
    for item in items {
      let session = try DragSession(item: item, layout: layout, constraints: constraints)
      XCTAssertEqual(session.checkInvariants(), [], item.title)
    }
    let probe = Fixtures.custom("New", day: 1, sortOrder: 1, id: Fixtures.uuid(0xEE))
    XCTAssertEqual(
      try DragSession(item: probe, layout: layout, constraints: constraints).checkInvariants(),
      [])
  }

  func testDrag_eachCorruptionIsReported() throws {
    let (schedule, layout, items) = try fixture()
    let constraints = ItineraryConstraints(schedule: schedule)
    let lunch = try DragSession(item: items[0], layout: layout, constraints: constraints)
    var slots = lunch.slots
    XCTAssertTrue(
      lunch.replacingSlots(Array(slots.dropLast())).checkInvariants()
        .contains { $0.contains("slots for") })
    slots[2].isValid = false
    XCTAssertTrue(
      lunch.replacingSlots(slots).checkInvariants().contains { $0.contains("with reason none") })
    slots[2].reason = "made up"
    XCTAssertTrue(
      lunch.replacingSlots(slots).checkInvariants()
        .contains { $0.contains("refuses a custom item") })
    slots = lunch.slots
    slots[3].day = 3
    XCTAssertTrue(
      lunch.replacingSlots(slots).checkInvariants().contains { $0.contains("slot 3 is on day 3") })
    slots = lunch.slots
    slots[0].isValid = true
    slots[0].reason = nil
    XCTAssertTrue(
      lunch.replacingSlots(slots).checkInvariants().contains { $0.contains("slot 0") })
    let leg = try DragSession(item: items[1], layout: layout, constraints: constraints)
    var legSlots = leg.slots
    // Day 1 above the Cubs game (the leg's departure) is refused; made valid, it is reported.
    XCTAssertEqual(leg.barrierGames.map(\.id), ["CHN202406010", "MIL202406030"])
    let above = try XCTUnwrap(legSlots.firstIndex { !$0.isValid && $0.day == 1 })
    legSlots[above].isValid = true
    legSlots[above].reason = nil
    XCTAssertTrue(
      leg.replacingSlots(legSlots).checkInvariants()
        .contains { $0.contains("valid above the departure game CHN202406010") })
  }
}
