import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Renormalising a day when doubles run out (DESIGN.md, "Layout and
/// reordering"): fresh values keep the order anyone sees and keep every item
/// on the same side of every game.
final class RenormalizationTests: XCTestCase {

  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  private func on(_ day: Int) -> String { Engine.on(day) }

  /// Day 1: Cubs doubleheader (13:10, 19:10); Day 2: rest; Day 3: Tigers.
  private func schedule() throws -> TripSchedule {
    try Fixtures.schedule(
      start: on(1), days: 3,
      games: [
        try Fixtures.cubs(on(1), hour: 13, number: 1),
        try Fixtures.cubs(on(1), hour: 19, number: 2), try Fixtures.tigers(on(3)),
      ])
  }

  // MARK: - Renormalization.values

  func testValues_perDesign() throws {
    let schedule = try schedule()
    let items = [
      Fixtures.custom("b1", day: 1, sortOrder: -7, id: Fixtures.uuid(1)),
      Fixtures.custom("b2", day: 1, sortOrder: 99.9, id: Fixtures.uuid(2)),
      Fixtures.custom("m1", day: 1, sortOrder: 100, id: Fixtures.uuid(3)),
      Fixtures.custom("m2", day: 1, sortOrder: 100.000001, id: Fixtures.uuid(4)),
      Fixtures.custom("m3", day: 1, sortOrder: 100.5, id: Fixtures.uuid(5)),
      Fixtures.custom("a1", day: 1, sortOrder: 101, id: Fixtures.uuid(6)),
      Fixtures.custom("a2", day: 1, sortOrder: 1e300, id: Fixtures.uuid(7)),
      Fixtures.custom("r1", day: 2, sortOrder: 50, id: Fixtures.uuid(8)),
      Fixtures.custom("r2", day: 2, sortOrder: 50, id: Fixtures.uuid(9)),
      Fixtures.custom("r3", day: 2, sortOrder: 7e10, id: Fixtures.uuid(10)),
    ]
    let rows = ItineraryLayout(schedule: schedule, items: items).rows
    let day1 = Array(rows.prefix { $0.day == 1 })
    // header, b1, b2, CHN1, m1, m2, m3, CHN2, a1, a2
    XCTAssertEqual(
      Renormalization.values(for: day1),
      [nil, 98, 99, 100, 100.25, 100.5, 100.75, 101, 102, 103])
    let day2 = rows.filter { $0.day == 2 }
    XCTAssertEqual(Renormalization.values(for: day2), [nil, 1, 2, 3])
    // Headerless slices work the same; an empty day gives nothing.
    XCTAssertEqual(Renormalization.values(for: Array(day2.dropFirst())), [1, 2, 3])
    XCTAssertEqual(Renormalization.values(for: []), [])
    let day3 = rows.filter { $0.day == 3 }
    XCTAssertEqual(Renormalization.values(for: day3), [nil, 100])
  }

  func testValues_keepTheLayoutOrderOfEveryDay() throws {
    let schedule = try schedule()
    var rng = SplitMix64(seed: 0x5EED_0001)
    print("RenormalizationTests seed 0x5EED0001")
    let choices: [Double] = [-1e308, -3, 0, 50, 99, 99.99, 100, 100.5, 101, 101.5, 1e9, 1e308]
    for _ in 0..<200 {
      let items = (0..<Int.random(in: 0...12, using: &rng)).map { n in
        Fixtures.custom(
          "x\(n)", day: Int.random(in: 1...3, using: &rng),
          sortOrder: choices.randomElement(using: &rng) ?? 0, id: Fixtures.uuid(n))
      }
      let layout = ItineraryLayout(schedule: schedule, items: items)
      for day in 1...3 {
        let dayRows = layout.rows.filter { $0.day == day }
        let fresh = Renormalization.values(for: dayRows)
        let renumbered = zip(dayRows, fresh).map { row, value -> LayoutRow in
          var copy = row
          if var item = row.item, let value {
            item.sortOrder = value
            copy.content = .item(item)
            copy.sortOrder = value
          }
          return copy
        }
        // Strictly increasing after the header, and the layout of the
        // renumbered items is the same order.
        let values = fresh.compactMap { $0 }
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(Set(values).count, values.count, "values are distinct")
        XCTAssertTrue(values.allSatisfy(\.isFinite))
        let relaid = ItineraryLayout(
          schedule: schedule,
          items: layout.rows.compactMap(\.item).filter { $0.day != day }
            + renumbered.compactMap(\.item))
        XCTAssertEqual(
          Engine.ids(relaid.rows.filter { $0.day == day }), Engine.ids(dayRows))
      }
    }
  }

  // MARK: - 200 inserts between the same two neighbours

  /// Adds 200 custom items one after another right after `anchor`, applying
  /// each change to a model; after each: a strict order on every day, the
  /// rows seen before (minus the new one) in the same order, no problems.
  /// Returns how many inserts renormalised.
  private func insert200(
    after anchor: RowID, items start: [ItineraryItem], schedule: TripSchedule,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    let environment = RuleEnvironment.fixed(now: now)
    var model = ItemModel(start)
    var renormalised = 0
    for n in 0..<200 {
      let before = Engine.itinerary(schedule, model.items)
      let change = try before.add(
        CustomInfo(title: "Stop \(n)", category: .note), at: .after(rowID: anchor),
        environment: environment)
      XCTAssertEqual(change.inserted.count, 1, file: file, line: line)
      XCTAssertEqual(change.inserted.first?.id, change.item.id, file: file, line: line)
      XCTAssertEqual(change.renormalized, !change.updated.isEmpty, file: file, line: line)
      if change.renormalized { renormalised += 1 }
      // Renormalisation touches one day only.
      XCTAssertTrue(
        change.updated.allSatisfy { $0.day == change.item.day }, file: file, line: line)
      model.apply(change, file: file, line: line)
      let after = Engine.itinerary(schedule, model.items)
      let newID = LayoutRow.id(item: change.item.id)
      let anchorIndex = try XCTUnwrap(
        Engine.ids(before.layout.rows).firstIndex(of: anchor), file: file, line: line)
      let seen = Engine.ids(after.layout.rows)
      guard seen.filter({ $0 != newID }) == Engine.ids(before.layout.rows) else {
        XCTFail("insert \(n) reordered what the traveller sees", file: file, line: line)
        return renormalised
      }
      guard seen == Engine.ids(before.layout.rows, inserting: newID, at: anchorIndex + 1) else {
        XCTFail("insert \(n) did not land right after \(anchor)", file: file, line: line)
        return renormalised
      }
      for day in 1...schedule.dayCount {
        let values = after.layout.rows.filter { $0.day == day }.compactMap(\.sortOrder)
        XCTAssertTrue(
          zip(values, values.dropFirst()).allSatisfy { $0 < $1 },
          "Day \(day) not strictly ordered after insert \(n): \(values)", file: file, line: line)
      }
      XCTAssertTrue(
        after.problems().isEmpty, "\(after.problems().map(\.reason))", file: file, line: line)
    }
    return renormalised
  }

  private func background(_ schedule: TripSchedule) throws -> [ItineraryItem] {
    [
      Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 1, sortOrder: 101.5),
      Fixtures.custom("Breakfast", day: 1, sortOrder: 10, id: Fixtures.uuid(0xF0B0)),
      Fixtures.custom("Lunch", day: 1, sortOrder: 11, id: Fixtures.uuid(0xF0B1)),
      Fixtures.custom("Between", day: 1, sortOrder: 100.5, id: Fixtures.uuid(0xF0B2)),
      Fixtures.custom("Nightcap", day: 1, sortOrder: 102, id: Fixtures.uuid(0xF0B3)),
      Fixtures.custom("Drive", day: 2, sortOrder: 50, id: Fixtures.uuid(0xF0B4)),
      Fixtures.custom("Museum", day: 2, sortOrder: 51, id: Fixtures.uuid(0xF0B5)),
      Fixtures.custom("Early", day: 3, sortOrder: 1, id: Fixtures.uuid(0xF0B6)),
      Fixtures.custom("Late", day: 3, sortOrder: 500, id: Fixtures.uuid(0xF0B7)),
    ]
  }

  func testInsert200_beforeTheFirstGame() throws {
    let schedule = try schedule()
    let count = try insert200(
      after: LayoutRow.id(item: Fixtures.uuid(0xF0B0)), items: try background(schedule),
      schedule: schedule)
    XCTAssertGreaterThanOrEqual(count, 2, "doubles run out after about 50 halvings")
  }

  func testInsert200_betweenTwoGames() throws {
    let schedule = try schedule()
    let count = try insert200(
      after: "game:CHN202406011", items: try background(schedule), schedule: schedule)
    XCTAssertGreaterThanOrEqual(count, 2)
  }

  func testInsert200_afterTheLastGameNextToATravelLeg() throws {
    // Right after the second game, above the leg (101.5): the leg must stay
    // after the game it leaves from.
    let schedule = try schedule()
    let count = try insert200(
      after: "game:CHN202406012", items: try background(schedule), schedule: schedule)
    XCTAssertGreaterThanOrEqual(count, 2)
  }

  func testInsert200_onARestDay() throws {
    let schedule = try schedule()
    let count = try insert200(
      after: LayoutRow.id(item: Fixtures.uuid(0xF0B4)), items: try background(schedule),
      schedule: schedule)
    XCTAssertGreaterThanOrEqual(count, 2)
  }

  func testInsert200_atTheTopOfADay() throws {
    // After the header: one less than the first neighbour each time — no
    // halving, so no renormalisation is needed.
    let schedule = try schedule()
    let count = try insert200(
      after: "day:3", items: try background(schedule), schedule: schedule)
    XCTAssertEqual(count, 0)
  }

  // MARK: - Drops that renormalise

  func testDrop_repeatedDragBetweenTheSameNeighboursRenormalises() throws {
    // Two items leapfrog between the game and the leg: each drop halves the
    // gap until the day is renormalised.
    let schedule = try schedule()
    var model = ItemModel(try background(schedule))
    let a = Fixtures.custom("A", day: 2, sortOrder: 1, id: Fixtures.uuid(0xA))
    let b = Fixtures.custom("B", day: 2, sortOrder: 2, id: Fixtures.uuid(0xB))
    model = ItemModel(model.items + [a, b])
    var renormalised = 0
    for n in 0..<120 {
      let moving = n.isMultiple(of: 2) ? a : b
      let itinerary = Engine.itinerary(schedule, model.items)
      let before = Engine.ids(itinerary.layout.rows)
      let change = try itinerary.move(
        moving.id, to: .after(rowID: "game:CHN202406012"), now: now)
      XCTAssertTrue(change.inserted.isEmpty)
      XCTAssertTrue(change.deleted.isEmpty)
      XCTAssertEqual(change.updated.first { $0.id == moving.id }, change.item)
      if change.renormalized {
        renormalised += 1
        XCTAssertGreaterThan(change.updated.count, 1)
        for item in change.updated where item.id != moving.id {
          XCTAssertEqual(item.modifiedAt, now)
          XCTAssertEqual(item.day, 1)
        }
      } else {
        XCTAssertEqual(change.updated, [change.item])
      }
      model.apply(change)
      let after = Engine.itinerary(schedule, model.items)
      let rowID = LayoutRow.id(item: moving.id)
      var expected = before.filter { $0 != rowID }
      let anchor = try XCTUnwrap(expected.firstIndex(of: "game:CHN202406012"))
      expected.insert(rowID, at: anchor + 1)
      XCTAssertEqual(Engine.ids(after.layout.rows), expected, "drop \(n)")
      XCTAssertTrue(after.problems().isEmpty)
    }
    XCTAssertGreaterThanOrEqual(renormalised, 2)
  }

  func testDrop_tiedNeighboursRenormaliseKeepingTheirOrder() throws {
    let schedule = try schedule()
    let tied = (0..<4).map {
      Fixtures.custom("t\($0)", day: 3, sortOrder: 100, id: Fixtures.uuid(0x70 + $0))
    }
    let dragged = Fixtures.custom("D", day: 2, sortOrder: 50, id: Fixtures.uuid(0xD))
    var model = ItemModel(tied + [dragged])
    let itinerary = Engine.itinerary(schedule, model.items)
    let session = try Engine.session(dragged, in: itinerary)
    // day:3, DET(100), t0…t3 (ties sort after the game, then by id).
    let t2 = try XCTUnwrap(session.rows.firstIndex { $0.id == LayoutRow.id(item: tied[2].id) })
    let outcome = session.drop(at: t2, now: now)
    let moved = try Engine.moved(outcome)
    XCTAssertTrue(moved.renormalized)
    XCTAssertEqual(moved.item.day, 3)
    // Every item stays after the game.
    XCTAssertTrue(moved.changed.allSatisfy { $0.sortOrder > 100 })
    model.apply(outcome)
    let after = ItineraryLayout(schedule: schedule, items: model.items)
    XCTAssertEqual(
      Engine.ids(after.rows),
      Engine.ids(session.rows, inserting: LayoutRow.id(item: dragged.id), at: t2))
  }

  func testDrop_extremeNeighboursRenormaliseInsteadOfOverflowing() throws {
    let schedule = try schedule()
    // Day 2: a custom at the largest finite value, one at the smallest.
    let low = Fixtures.custom(
      "low", day: 2, sortOrder: -.greatestFiniteMagnitude, id: Fixtures.uuid(1))
    let high = Fixtures.custom(
      "high", day: 2, sortOrder: .greatestFiniteMagnitude, id: Fixtures.uuid(2))
    let high2 = Fixtures.custom(
      "high2", day: 3, sortOrder: .greatestFiniteMagnitude, id: Fixtures.uuid(3))
    let high3 = Fixtures.custom(
      "high3", day: 3, sortOrder: .greatestFiniteMagnitude.nextDown, id: Fixtures.uuid(4))
    let dragged = Engine.probe()
    let itinerary = Engine.itinerary(schedule, [low, high, high2, high3])
    let session = try Engine.session(dragged, in: itinerary)
    for target in [
      DropTarget.top(day: 2), .bottom(day: 2), .after(rowID: LayoutRow.id(item: high3.id)),
      .bottom(day: 3),
    ] {
      let slot = try session.slot(for: target)
      let outcome = session.drop(at: slot, now: now)
      let moved = try Engine.moved(outcome)
      XCTAssertTrue(moved.item.sortOrder.isFinite, "\(target)")
      XCTAssertTrue(moved.renormalized, "\(target)")
      var model = ItemModel(itinerary.items + [dragged])
      model.apply(outcome)
      let after = ItineraryLayout(schedule: schedule, items: model.items)
      XCTAssertEqual(
        Engine.ids(after.rows),
        Engine.ids(session.rows, inserting: LayoutRow.id(item: dragged.id), at: slot),
        "\(target)")
      XCTAssertTrue(after.unscheduled.isEmpty)
    }
  }
}
