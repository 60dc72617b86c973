import Foundation
import XCTest

@testable import SportsTimeCore

/// Naming places and rows as a traveller does: `DropTarget` → slot,
/// `RowReference`, and the time zone where a slot is
/// (`DragSession.timeZoneID(atSlot:)`).
final class DropTargetTests: XCTestCase {

  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  private func on(_ day: Int) -> String { Engine.on(day) }

  private func uuid(_ text: String) throws -> ItineraryItem.ID {
    ItineraryItem.ID(try XCTUnwrap(UUID(uuidString: text)))
  }

  private struct Trip3 {
    var itinerary: Itinerary
    var coffee: ItineraryItem
    var travel: ItineraryItem
    var museum: ItineraryItem
    var beer: ItineraryItem
    var lost: ItineraryItem
  }

  /// Day 1: Coffee 50, Cubs; Day 2: Chicago → Detroit 50, Museum 60;
  /// Day 3: Tigers, Beer 200; Unscheduled: Lost (Day 9).
  private func trip3() throws -> Trip3 {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.tigers(on(3))])
    let coffee = Fixtures.custom(
      "Coffee", day: 1, sortOrder: 50, id: try uuid("C0FFEE00-0000-4000-8000-000000000001"))
    let travel = Fixtures.item(
      .travel(try Fixtures.leg(0, of: schedule)), day: 2, sortOrder: 50,
      id: try uuid("7EA7E100-0000-4000-8000-000000000004"))
    let museum = Fixtures.custom(
      "Museum", day: 2, sortOrder: 60, id: try uuid("ABCD1234-0000-4000-8000-000000000002"))
    let beer = Fixtures.custom(
      "Beer", day: 3, sortOrder: 200, id: try uuid("ABCD5678-0000-4000-8000-000000000003"))
    let lost = Fixtures.custom(
      "Lost", day: 9, sortOrder: 50, id: try uuid("1057AB00-0000-4000-8000-000000000005"))
    let itinerary = Engine.itinerary(schedule, [beer, lost, museum, travel, coffee])
    return Trip3(
      itinerary: itinerary, coffee: coffee, travel: travel, museum: museum, beer: beer,
      lost: lost)
  }

  // MARK: - DropTarget → slot

  func testSlot_beforeAndAfterRows() throws {
    let t = try trip3()
    let session = try Engine.session(t.museum, in: t.itinerary)
    // 0 day:1 | 1 Coffee | 2 CHN | 3 day:2 | 4 travel | 5 day:3 | 6 DET | 7 Beer
    XCTAssertEqual(
      Engine.ids(session.rows),
      [
        "day:1", LayoutRow.id(item: t.coffee.id), "game:CHN202406010", "day:2",
        LayoutRow.id(item: t.travel.id), "day:3", "game:DET202406030",
        LayoutRow.id(item: t.beer.id),
      ])
    for (index, row) in session.rows.enumerated() {
      XCTAssertEqual(try session.slot(for: .before(rowID: row.id)), index, row.id.description)
      XCTAssertEqual(
        try session.slot(for: .after(rowID: row.id)), index + 1, row.id.description)
    }
    // Before/after a row puts the item right there.
    for target in [
      DropTarget.before(rowID: "game:CHN202406010"), .after(rowID: "game:CHN202406010"),
      .before(rowID: LayoutRow.id(item: t.beer.id)), .after(rowID: LayoutRow.id(item: t.travel.id)),
    ] {
      let slot = try session.slot(for: target)
      let moved = try Engine.moved(session.drop(at: slot, now: now))
      let layout = ItineraryLayout(
        schedule: t.itinerary.schedule,
        items: t.itinerary.items.map { $0.id == moved.item.id ? moved.item : $0 })
      XCTAssertEqual(
        Engine.ids(layout.rows),
        Engine.ids(session.rows, inserting: LayoutRow.id(item: t.museum.id), at: slot),
        "\(target)")
    }
  }

  func testSlot_topAndBottomOfADay() throws {
    let t = try trip3()
    let session = try Engine.session(t.museum, in: t.itinerary)
    XCTAssertEqual(try session.slot(for: .top(day: 1)), 1)
    XCTAssertEqual(try session.slot(for: .bottom(day: 1)), 3)
    XCTAssertEqual(try session.slot(for: .top(day: 2)), 4)
    XCTAssertEqual(try session.slot(for: .bottom(day: 2)), 5)
    XCTAssertEqual(try session.slot(for: .top(day: 3)), 6)
    XCTAssertEqual(try session.slot(for: .bottom(day: 3)), session.rows.count)
    // Top is above the games, bottom below everything.
    let top3 = try Engine.moved(session.drop(at: try session.slot(for: .top(day: 3)), now: now))
    XCTAssertEqual([top3.item.day, Int(top3.item.sortOrder)], [3, 99])
    let bottom3 = try Engine.moved(
      session.drop(at: try session.slot(for: .bottom(day: 3)), now: now))
    XCTAssertEqual([bottom3.item.day, Int(bottom3.item.sortOrder)], [3, 201])
    let bottom2 = try Engine.moved(
      session.drop(at: try session.slot(for: .bottom(day: 2)), now: now))
    XCTAssertEqual([bottom2.item.day, Int(bottom2.item.sortOrder)], [2, 51])
  }

  func testSlot_topAndBottomOfAnEmptyDayAreTheSameSlot() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1))])
    let item = Fixtures.custom(day: 1, sortOrder: 50)
    let session = try Engine.session(item, in: Engine.itinerary(schedule, [item]))
    XCTAssertEqual(try session.slot(for: .top(day: 2)), try session.slot(for: .bottom(day: 2)))
    XCTAssertEqual(try session.slot(for: .top(day: 3)), session.rows.count)
    let moved = try Engine.moved(session.drop(at: try session.slot(for: .top(day: 2)), now: now))
    XCTAssertEqual(moved.item.day, 2)
    XCTAssertEqual(moved.item.sortOrder, 50)
  }

  func testSlot_beforeADayHeaderIsTheBottomOfThePreviousDay() throws {
    let t = try trip3()
    let session = try Engine.session(t.museum, in: t.itinerary)
    for day in 2...3 {
      XCTAssertEqual(
        try session.slot(for: .before(rowID: "day:\(day)")),
        try session.slot(for: .bottom(day: day - 1)))
      XCTAssertEqual(
        try session.slot(for: .after(rowID: "day:\(day)")), try session.slot(for: .top(day: day)))
    }
    let moved = try Engine.moved(
      session.drop(at: try session.slot(for: .before(rowID: "day:2")), now: now))
    XCTAssertEqual(moved.item.day, 1)
    XCTAssertEqual(moved.item.sortOrder, 101)
    // Before Day 1's header is slot 0: no day at all.
    let zero = try session.slot(for: .before(rowID: "day:1"))
    XCTAssertEqual(zero, 0)
    Engine.assertRefusedDrop(session.drop(at: zero, now: now), ["Above Day 1"])
    Engine.assertRefused(["Above Day 1"]) {
      try t.itinerary.move(t.museum.id, to: .before(rowID: "day:1"), now: now)
    }
  }

  func testSlot_unknownUnscheduledAndSelfAreRefused() throws {
    let t = try trip3()
    let session = try Engine.session(t.museum, in: t.itinerary)
    // Text that is no row id at all is refused where it is read
    // (`WireV1.Place`, `RowReference`): targets carry `RowID`s.
    for rowID: RowID in [
      "game:NOPE", "day:4", .item(Fixtures.uuid(0xDEAD)), LayoutRow.id(item: t.lost.id),
    ] {
      for target in [DropTarget.before(rowID: rowID), .after(rowID: rowID)] {
        Engine.assertRefused(["not in the trip's days"]) { try session.slot(for: target) }
      }
    }
    // Game ids are exact (RowReference resolves what travellers type).
    Engine.assertRefused(["game:chn202406010"]) {
      try session.slot(for: .before(rowID: .game("chn202406010")))
    }
    for target in [
      DropTarget.before(rowID: LayoutRow.id(item: t.museum.id)),
      .after(rowID: LayoutRow.id(item: t.museum.id)),
    ] {
      // Before or after itself is where it is: the gap it left, a no-op
      // (as naming the row below it is).
      XCTAssertNotNil(session.originSlot)
      XCTAssertEqual(try session.slot(for: target), session.originSlot)
      let change = try t.itinerary.move(t.museum.id, to: target, now: now)
      XCTAssertTrue(change.changesNothing)
      XCTAssertEqual(change.item.day, t.museum.day)
      XCTAssertEqual(change.item.sortOrder, t.museum.sortOrder)
    }
    for target in [DropTarget.top(day: 0), .bottom(day: 0), .top(day: 4), .bottom(day: -1)] {
      Engine.assertRefused(["is not in this trip", "3 days"]) { try session.slot(for: target) }
    }
  }

  func testSlot_unscheduledItemCanNameRowsButNotItself() throws {
    let t = try trip3()
    let session = try Engine.session(t.lost, in: t.itinerary)
    XCTAssertEqual(try session.slot(for: .after(rowID: "day:2")), 4)
    Engine.assertRefused(["next to itself"]) {
      try session.slot(for: .before(rowID: LayoutRow.id(item: t.lost.id)))
    }
    let change = try t.itinerary.move(t.lost.id, to: .top(day: 2), now: now)
    XCTAssertEqual(change.item.day, 2)
    XCTAssertEqual(change.item.sortOrder, 49)
  }

  // MARK: - RowReference

  func testRowReference_rowNumber() throws {
    let t = try trip3()
    let rows = t.itinerary.numberedRows
    XCTAssertEqual(rows.count, 10)
    XCTAssertEqual(try RowReference.resolve("1", in: rows).id, "day:1")
    XCTAssertEqual(try RowReference.resolve(" 3 ", in: rows).id, "game:CHN202406010")
    XCTAssertEqual(try RowReference.resolve("10", in: rows).id, LayoutRow.id(item: t.lost.id))
    for text in ["0", "11", "-2", "999999"] {
      Engine.assertRefused(["There is no row", "1 to 10"]) {
        try RowReference.resolve(text, in: rows)
      }
    }
    Engine.assertRefused(["There is no row 1"]) { try RowReference.resolve("1", in: []) }
  }

  /// Issue 9: the refusal names no command; it carries the remedy so a
  /// front end can say it in its own words.
  func testRowReference_unknownNumberCarriesARemedyAndNamesNoCommand() throws {
    let rows = try trip3().itinerary.numberedRows
    XCTAssertThrowsError(try RowReference.resolve("42", in: rows)) { error in
      let refusal = error as? ItineraryRefusal
      XCTAssertEqual(refusal?.reason, "There is no row 42; the rows are numbered 1 to 10.")
      XCTAssertEqual(refusal?.problem, "There is no row 42")
      XCTAssertEqual(refusal?.remedy, .pickRow(count: 10))
      XCTAssertEqual(refusal?.kind, .refused)
      CoreMessageCheck.assertNamesNoCommand(refusal?.reason ?? "")
    }
  }

  func testRowReference_rowID() throws {
    let t = try trip3()
    let rows = t.itinerary.numberedRows
    for row in rows {
      XCTAssertEqual(try RowReference.resolve(row.id.description, in: rows), row)
      XCTAssertEqual(try RowReference.resolve(row.id.description.uppercased(), in: rows), row)
    }
    for text in ["day:4", "day:0", "game:CHN202406020", "GAME:nope"] {
      Engine.assertRefused(["There is no row", text]) { try RowReference.resolve(text, in: rows) }
    }
  }

  func testRowReference_itemIDPrefix() throws {
    let t = try trip3()
    let rows = t.itinerary.numberedRows
    let coffee = LayoutRow.id(item: t.coffee.id)
    for text in ["c0ff", "C0FFEE", "item:c0ffee00", "ITEM:C0FF", "c0ffee00-0000-4000"] {
      XCTAssertEqual(try RowReference.resolve(text, in: rows).id, coffee, text)
    }
    XCTAssertEqual(
      try RowReference.resolve(t.coffee.id.rawValue.uuidString, in: rows).id, coffee, "a whole id")
    XCTAssertEqual(
      try RowReference.resolve("abcd1", in: rows).id, LayoutRow.id(item: t.museum.id))
    XCTAssertEqual(try RowReference.resolve("7ea7", in: rows).id, LayoutRow.id(item: t.travel.id))
    // Unscheduled items are named like any other.
    XCTAssertEqual(try RowReference.resolve("1057ab", in: rows).id, LayoutRow.id(item: t.lost.id))
    XCTAssertEqual(
      try RowReference.resolve("item:1057", in: rows).id, LayoutRow.id(item: t.lost.id))
    // All digits: a row number when there is such a row, else an id prefix.
    XCTAssertEqual(try RowReference.resolve("1057", in: rows).id, LayoutRow.id(item: t.lost.id))
    Engine.assertRefused(["There is no row 1058"]) { try RowReference.resolve("1058", in: rows) }
  }

  /// Review of issue 9: an all-digit word of 4+ characters that is both a
  /// row number and the start of another item's id is refused (it used to
  /// be read as the row: `item remove T 00000005` hit row 5); the row as
  /// a plain number, or a longer id, says which.
  func testRowReference_rowNumberThatStartsAnotherItemsIDIsRefused() throws {
    let t = try trip3()
    let five = Fixtures.item(
      .custom(CustomInfo(title: "Five", category: .note)), day: 1, sortOrder: 99,
      id: ItineraryItem.ID(UUID(uuidString: "00000005-0000-4000-8000-000000000000") ?? UUID()))
    let rows = Engine.itinerary(t.itinerary.schedule, t.itinerary.items + [five]).numberedRows
    XCTAssertNotEqual(rows[4].id, LayoutRow.id(item: five.id))
    for text in ["00000005", " 00000005 "] {
      Engine.assertRefused(["'00000005' is both row 5", "Five", "give the row as 5"]) {
        try RowReference.resolve(text, in: rows)
      }
    }
    XCTAssertEqual(try RowReference.resolve("5", in: rows), rows[4])
    XCTAssertEqual(try RowReference.resolve("005", in: rows), rows[4], "3 characters: a row")
    XCTAssertEqual(try RowReference.resolve("0005", in: rows), rows[4], "no id starts so")
    XCTAssertEqual(
      try RowReference.resolve("00000005-0", in: rows).id, LayoutRow.id(item: five.id))
  }

  func testRowReference_ambiguousShortAndUnknownPrefixes() throws {
    let t = try trip3()
    let rows = t.itinerary.numberedRows
    Engine.assertRefused(["'abcd'", "2 items", "more characters"]) {
      try RowReference.resolve("abcd", in: rows)
    }
    Engine.assertRefused(["'abcd'", "2 items"]) { try RowReference.resolve("item:ABCD", in: rows) }
    for text in ["abc", "c0f", "item:c0f", "", "item:"] {
      Engine.assertRefused(["too short", "at least 4 characters"]) {
        try RowReference.resolve(text, in: rows)
      }
    }
    Engine.assertRefused(["No item", "'ffff'"]) { try RowReference.resolve("ffff", in: rows) }
    // An all-digit prefix shared by two ids is ambiguous, not "no row".
    let twins = [1, 2].map { n in
      Fixtures.item(
        .custom(CustomInfo(title: "Twin \(n)", category: .note)), day: 1, sortOrder: Double(n),
        id: ItineraryItem.ID(UUID(uuidString: "94040000-0000-4000-8000-00000000000\(n)") ?? UUID()))
    }
    let withTwins = Engine.itinerary(t.itinerary.schedule, t.itinerary.items + twins).numberedRows
    Engine.assertRefused(["'9404'", "2 items", "more characters"]) {
      try RowReference.resolve("9404", in: withTwins)
    }
    // Game and day rows are never matched by prefix.
    Engine.assertRefused(["No item"]) { try RowReference.resolve("CHN2024", in: rows) }
  }

  // MARK: - Time zone at a slot

  func testTimeZone_afterATravelLegIsTheArrivalVenuesZone() throws {
    let t = try trip3()
    let session = try Engine.session(t.museum, in: t.itinerary)
    // 0 day:1 | 1 Coffee | 2 CHN | 3 day:2 | 4 travel | 5 day:3 | 6 DET | 7 Beer
    let expected = [
      "America/Chicago",  // slot 0: before anything — the first stop
      "America/Chicago", "America/Chicago",  // above the first game
      "America/Chicago",  // below the Cubs game
      "America/Chicago",  // top of Day 2, above the leg
      "America/Detroit",  // below the leg: where it arrives
      "America/Detroit", "America/Detroit", "America/Detroit",
    ]
    XCTAssertEqual(session.slots.map { session.timeZoneID(atSlot: $0.index) }, expected)
    XCTAssertEqual(session.timeZoneID(atSlot: 500), "America/Detroit")
  }

  func testTimeZone_legToTheWestCoast() throws {
    // Cubs Day 1, Dodgers Day 3: a leg on Day 2 arrives in Los Angeles.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3,
      games: [
        try Fixtures.cubs(on(1)),
        try Fixtures.game(at: "LOS03", home: "LAN", away: "SDN", on: on(3), hour: 19),
      ])
    let travel = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 2, sortOrder: 50)
    let itinerary = Engine.itinerary(schedule, [travel])
    let session = try Engine.session(Engine.probe(), in: itinerary)
    let below = try session.slot(for: .after(rowID: LayoutRow.id(item: travel.id)))
    let above = try session.slot(for: .before(rowID: LayoutRow.id(item: travel.id)))
    XCTAssertEqual(session.timeZoneID(atSlot: below), "America/Los_Angeles")
    XCTAssertEqual(session.timeZoneID(atSlot: above), "America/Chicago")
    // An added item with a time takes the zone of where it lands.
    let environment = RuleEnvironment.fixed(now: now)
    let dinner = try XCTUnwrap(ClockTime("18:30"))
    let late = try itinerary.add(
      CustomInfo(title: "Dinner", category: .restaurant, time: dinner),
      at: .after(rowID: LayoutRow.id(item: travel.id)), environment: environment)
    XCTAssertEqual(late.item.customInfo?.timeZoneID, "America/Los_Angeles")
    let early = try itinerary.add(
      CustomInfo(title: "Dinner", category: .restaurant, time: dinner), at: .top(day: 1),
      environment: environment)
    XCTAssertEqual(early.item.customInfo?.timeZoneID, "America/Chicago")
    // Without a time, no zone is attached.
    let plain = try itinerary.add(
      CustomInfo(title: "Note", category: .note), at: .bottom(day: 3), environment: environment)
    XCTAssertNil(plain.item.customInfo?.timeZoneID)
    // Moving a timed item takes the zone of its new place.
    let moved = try Engine.itinerary(schedule, [travel, early.item]).move(
      early.item.id, to: .bottom(day: 3), now: now)
    XCTAssertEqual(moved.item.customInfo?.timeZoneID, "America/Los_Angeles")
    XCTAssertEqual(moved.item.customInfo?.time, dinner)
  }
}
