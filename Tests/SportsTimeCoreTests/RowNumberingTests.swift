import Foundation
import XCTest

@testable import SportsTimeCore

/// The one row numbering (`ItineraryLayout.numbered`, `rowNumbers`) and the
/// tight-leg set (`Itinerary.tightLegItemIDs`), on a real 2024 trip.
final class RowNumberingTests: XCTestCase {
  func itinerary() throws -> Itinerary {
    let planned = try PropertyTrips.plan(
      PropertyTrips.chicagoTwice, environment: .fixed(now: Fixtures.epoch))
    let outside = ItineraryItem(
      id: Fixtures.uuid(7), tripID: planned.trip.id, day: planned.trip.dayCount + 2,
      sortOrder: 50, kind: .custom(CustomInfo(title: "Late", category: .note)),
      createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch)
    let before = ItineraryItem(
      id: Fixtures.uuid(8), tripID: planned.trip.id, day: -1, sortOrder: 50,
      kind: .custom(CustomInfo(title: "Early", category: .note)), createdAt: Fixtures.epoch,
      modifiedAt: Fixtures.epoch)
    return Itinerary(
      trip: planned.trip, schedule: planned.schedule, items: planned.items + [outside, before])
  }

  func testRowsAreNumberedDaysFirstThenUnscheduled() throws {
    let layout = try itinerary().layout
    let numbered = layout.numbered
    XCTAssertEqual(numbered.map(\.number), Array(1...(layout.rows.count + 2)))
    XCTAssertEqual(numbered.map(\.row), layout.rows + layout.unscheduled)
    XCTAssertEqual(numbered.filter(\.isUnscheduled).map(\.row.item?.title), ["Early", "Late"])
    XCTAssertEqual(numbered.prefix(layout.rows.count).filter(\.isUnscheduled).count, 0)
    XCTAssertEqual(layout.rowNumbers.count, numbered.count)
    for n in numbered { XCTAssertEqual(layout.rowNumbers[n.row.id], n.number) }
    XCTAssertEqual(layout.rowNumbers["day:1"], 1)
  }

  func testTheTightLegSetIsTheLegsTightLegFindReports() throws {
    let itinerary = try itinerary()
    let tight = itinerary.tightLegItemIDs()
    let expected = Set(
      itinerary.items.filter { item in
        item.travelInfo.map { !TightLeg.find(in: itinerary.schedule, travel: [$0]).isEmpty }
          ?? false
      }.map(\.id))
    XCTAssertEqual(tight, expected)
    // The Brewers night game on the day of the White Sox doubleheader.
    XCTAssertFalse(tight.isEmpty)
    XCTAssertLessThan(tight.count, itinerary.items.filter { $0.travelInfo != nil }.count)
  }
}
