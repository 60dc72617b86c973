import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The one ordering function: headers, games and stored items per day, a
/// deterministic tie-break, and the Unscheduled group (DESIGN.md, "Layout").
final class ItineraryLayoutTests: XCTestCase {

  private func on(_ day: Int) -> String { String(format: "2024-06-%02d", day) }

  func testLayout_rowIdsAndOrderPerDay() throws {
    // Day 1: Cubs 19:10; Day 2: rest; Day 3: Brewers 13:10.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3,
      games: [try Fixtures.brewers(on(3), hour: 13), try Fixtures.cubs(on(1))])
    let lunch = Fixtures.custom("Lunch", day: 1, sortOrder: 50, id: Fixtures.uuid(0xA1))
    let travel = Fixtures.item(
      .travel(try Fixtures.leg(0, of: schedule)), day: 2, sortOrder: 50, id: Fixtures.uuid(0xB2))
    let beer = Fixtures.custom("Beer", day: 3, sortOrder: 101, id: Fixtures.uuid(0xC3))
    let layout = ItineraryLayout(schedule: schedule, items: [beer, travel, lunch])
    XCTAssertEqual(
      layout.rows.map(\.id),
      [
        "day:1", "item:00000000-0000-0000-0000-0000000000a1", "game:CHN202406010",
        "day:2", "item:00000000-0000-0000-0000-0000000000b2",
        "day:3", "game:MIL202406030", "item:00000000-0000-0000-0000-0000000000c3",
      ])
    XCTAssertTrue(layout.unscheduled.isEmpty)
    XCTAssertEqual(layout.rows.map(\.day), [1, 1, 1, 2, 2, 3, 3, 3])
    XCTAssertEqual(
      layout.rows.map(\.isReorderable), [false, true, false, false, true, false, false, true])
    XCTAssertEqual(layout.rows[3].content, .day(2, try Fixtures.date("2024-06-02")))
    XCTAssertNil(layout.rows[0].sortOrder)
  }

  func testLayoutRow_idFormats() throws {
    let id = ItineraryItem.ID(
      try XCTUnwrap(UUID(uuidString: "ABCDEF01-2345-6789-ABCD-EF0123456789")))
    XCTAssertEqual(LayoutRow.id(item: id), "item:abcdef01-2345-6789-abcd-ef0123456789")
    XCTAssertEqual(LayoutRow.id(game: "CHN202406040"), "game:CHN202406040")
    XCTAssertEqual(LayoutRow.id(day: 3), "day:3")
    // Rows built by the layout use the same ids.
    let schedule = try Fixtures.schedule(start: on(4), days: 1, games: [try Fixtures.cubs(on(4))])
    let layout = ItineraryLayout(
      schedule: schedule, items: [Fixtures.custom(day: 1, sortOrder: 200, id: id)])
    XCTAssertEqual(
      layout.rows.map(\.id),
      ["day:1", "game:CHN202406040", "item:abcdef01-2345-6789-abcd-ef0123456789"])
  }

  func testLayout_gamesGet100PlusIInStartOrderPerDay() throws {
    // Passed out of order; Day 1 has a Mets day game, a Yankees 19:10 ET game
    // and a Dodgers 19:10 PT game (three hours later as an instant).
    let dodgers = try Fixtures.game(at: "LOS03", home: "LAN", away: "SDN", on: on(1), hour: 19)
    let games = [
      dodgers, try Fixtures.yankees(on(1)), try Fixtures.cubs(on(2), hour: 13),
      try Fixtures.mets(on(1), hour: 13),
    ]
    let schedule = try Fixtures.schedule(start: on(1), days: 2, games: games)
    let layout = ItineraryLayout(schedule: schedule, items: [])
    let gameRows = layout.rows.compactMap(\.game)
    XCTAssertEqual(
      gameRows.map(\.id), ["NYN202406010", "NYA202406010", "LAN202406010", "CHN202406020"])
    XCTAssertEqual(gameRows.map(\.sortOrder), [100, 101, 102, 100])
    XCTAssertEqual(gameRows.map(\.day), [1, 1, 1, 2])
    XCTAssertEqual(layout.rows.compactMap(\.sortOrder), [100, 101, 102, 100])
  }

  func testLayout_tieOnSortOrderPutsGameThenTravelThenCustom() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 3, games: [try Fixtures.cubs(on(1)), try Fixtures.brewers(on(3))])
    let custom = Fixtures.custom(
      day: 1, sortOrder: 100, id: Fixtures.uuid(1), createdAt: Date(timeIntervalSince1970: 0))
    let travel = Fixtures.item(
      .travel(try Fixtures.leg(0, of: schedule)), day: 1, sortOrder: 100, id: Fixtures.uuid(2),
      createdAt: Date(timeIntervalSince1970: 9_999_999_999))
    // The custom item is older and has the smaller id, yet kind rank wins.
    for items in [[custom, travel], [travel, custom]] {
      let layout = ItineraryLayout(schedule: schedule, items: items)
      XCTAssertEqual(
        Array(layout.rows.prefix(4).map(\.id)),
        [
          "day:1", "game:CHN202406010", LayoutRow.id(item: Fixtures.uuid(2)),
          LayoutRow.id(item: Fixtures.uuid(1)),
        ])
    }
  }

  func testLayout_tieOnKindBreaksByCreatedAtThenId() throws {
    let schedule = try Fixtures.schedule(start: on(1), days: 1, games: [try Fixtures.cubs(on(1))])
    let old = Date(timeIntervalSince1970: 1_000)
    let new = Date(timeIntervalSince1970: 2_000)
    let a = Fixtures.custom("A", day: 1, sortOrder: 50, id: Fixtures.uuid(9), createdAt: old)
    let b = Fixtures.custom("B", day: 1, sortOrder: 50, id: Fixtures.uuid(3), createdAt: new)
    let c = Fixtures.custom("C", day: 1, sortOrder: 50, id: Fixtures.uuid(0xA), createdAt: new)
    let d = Fixtures.custom("D", day: 1, sortOrder: 50, id: Fixtures.uuid(1), createdAt: new)
    let expected =
      ["day:1"] + [a, d, b, c].map { LayoutRow.id(item: $0.id) } + ["game:CHN202406010"]
    for items in [[a, b, c, d], [d, c, b, a], [c, a, d, b]] {
      XCTAssertEqual(ItineraryLayout(schedule: schedule, items: items).rows.map(\.id), expected)
    }
  }

  func testLayout_sameDataAlwaysLaysOutTheSameWay() throws {
    let schedule = try Fixtures.schedule(
      start: on(1), days: 4,
      games: [
        try Fixtures.cubs(on(1)), try Fixtures.cubs(on(2), hour: 13), try Fixtures.brewers(on(4)),
      ])
    var items: [ItineraryItem] = [
      Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 2, sortOrder: 101)
    ]
    for n in 0..<20 {
      items.append(
        Fixtures.custom(
          "n\(n)", day: n % 6, sortOrder: Double(n % 3) * 50 + 50, id: Fixtures.uuid(100 + n),
          createdAt: Date(timeIntervalSince1970: Double(n % 4))))
    }
    let reference = ItineraryLayout(schedule: schedule, items: items).allRows.map(\.id)
    var generator = SplitMix64(seed: 42)
    for _ in 0..<10 {
      let shuffled = items.shuffled(using: &generator)
      XCTAssertEqual(
        ItineraryLayout(schedule: schedule, items: shuffled).allRows.map(\.id), reference)
    }
  }

  func testLayout_itemsOutsideTripGoToUnscheduledNeverDropped() throws {
    let schedule = try Fixtures.schedule(start: on(1), days: 3, games: [try Fixtures.cubs(on(2))])
    let inside = Fixtures.custom("inside", day: 2, sortOrder: 150, id: Fixtures.uuid(1))
    let after = Fixtures.custom("after", day: 5, sortOrder: 50, id: Fixtures.uuid(2))
    let before = Fixtures.custom("before", day: 0, sortOrder: 50, id: Fixtures.uuid(3))
    let negative = Fixtures.custom("negative", day: -2, sortOrder: 10, id: Fixtures.uuid(4))
    let lastDay = Fixtures.custom("lastDay", day: 4, sortOrder: 10, id: Fixtures.uuid(5))
    let layout = ItineraryLayout(
      schedule: schedule, items: [after, inside, lastDay, before, negative])
    XCTAssertEqual(
      layout.unscheduled.map(\.id),
      [negative, before, lastDay, after].map { LayoutRow.id(item: $0.id) })
    XCTAssertEqual(layout.unscheduled.map(\.day), [-2, 0, 4, 5])
    XCTAssertTrue(layout.unscheduled.allSatisfy(\.isReorderable))
    XCTAssertEqual(
      layout.rows.map(\.id),
      ["day:1", "day:2", "game:CHN202406020", LayoutRow.id(item: inside.id), "day:3"])
    XCTAssertEqual(layout.allRows.map(\.id), layout.rows.map(\.id) + layout.unscheduled.map(\.id))
    // Every stored item appears exactly once.
    let itemIDs = layout.allRows.compactMap { $0.item?.id }
    XCTAssertEqual(Set(itemIDs).count, 5)
    XCTAssertEqual(itemIDs.count, 5)
  }

  func testLayout_nonFiniteSortOrderAndGamesOutsideTripAreUnscheduled() throws {
    // The trip got shorter: its Day 4 game now lies outside a 2-day trip.
    let schedule = try Fixtures.schedule(
      start: on(1), days: 2, games: [try Fixtures.cubs(on(1)), try Fixtures.brewers(on(4))])
    let broken = Fixtures.custom("broken", day: 1, sortOrder: .nan, id: Fixtures.uuid(7))
    let layout = ItineraryLayout(schedule: schedule, items: [broken])
    XCTAssertEqual(layout.rows.map(\.id), ["day:1", "game:CHN202406010", "day:2"])
    XCTAssertEqual(
      Set(layout.unscheduled.map(\.id)), ["game:MIL202406040", LayoutRow.id(item: broken.id)])
  }

  func testLayout_storedGameItemsAreIgnored() throws {
    let schedule = try Fixtures.schedule(start: on(1), days: 1, games: [try Fixtures.cubs(on(1))])
    let stale = Fixtures.item(.game("CHN202406010"), day: 1, sortOrder: 10)
    let layout = ItineraryLayout(schedule: schedule, items: [stale])
    XCTAssertEqual(layout.allRows.map(\.id), ["day:1", "game:CHN202406010"])
  }

  func testLayout_emptyDaysKeepTheirHeaders() throws {
    let schedule = try Fixtures.schedule(start: on(1), days: 4, games: [try Fixtures.cubs(on(4))])
    let layout = ItineraryLayout(schedule: schedule, items: [])
    XCTAssertEqual(
      layout.rows.map(\.id), ["day:1", "day:2", "day:3", "day:4", "game:CHN202406040"])
    let dates = layout.rows.compactMap { row -> String? in
      if case .day(_, let date) = row.content { return date.iso }
      return nil
    }
    XCTAssertEqual(dates, ["2024-06-01", "2024-06-02", "2024-06-03", "2024-06-04"])
  }
}
