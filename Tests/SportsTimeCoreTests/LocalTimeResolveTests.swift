import Foundation
import XCTest

@testable import SportsTimeCore

/// `LocalTime.resolve`: a wall-clock time on a date in an IANA zone becomes
/// an instant, is refused when clocks skip it, and is taken at its first
/// occurrence when clocks repeat it (issue 8, item 7).
final class LocalTimeResolveTests: XCTestCase {
  private let la = "America/Los_Angeles"

  private func time(_ text: String) throws -> ClockTime { try XCTUnwrap(ClockTime(text)) }

  private func utc(_ text: String) throws -> Date {
    try XCTUnwrap(ISO8601DateFormatter().date(from: text), text)
  }

  private func nonexistent(
    _ clock: String, _ date: String, _ zone: String, place: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    do {
      let resolved = try LocalTime.resolve(
        try time(clock), on: try Fixtures.date(date), inZone: zone, place: place)
      XCTFail("\(clock) on \(date) in \(zone) resolved to \(resolved)", file: file, line: line)
      return ""
    } catch let error as LocalTimeError {
      guard case .nonexistent = error else {
        XCTFail("not .nonexistent: \(error)", file: file, line: line)
        return ""
      }
      return error.description
    }
  }

  func testResolve_springForwardGapIsRefusedWithTheJump() throws {
    XCTAssertEqual(
      try nonexistent("02:30", "2024-03-10", la),
      "2:30 am does not exist on Sun, Mar 10, 2024 in Los Angeles: clocks jump from 2:00 to 3:00")
    XCTAssertEqual(
      try nonexistent("02:00", "2024-03-10", la, place: "San Diego"),
      "2:00 am does not exist on Sun, Mar 10, 2024 in San Diego: clocks jump from 2:00 to 3:00",
      "2:00 itself is skipped: 1:59:59 is followed by 3:00")
    XCTAssertEqual(
      try nonexistent("02:59", "2024-03-10", "America/Chicago"),
      "2:59 am does not exist on Sun, Mar 10, 2024 in Chicago: clocks jump from 2:00 to 3:00")
  }

  func testResolve_timesAroundTheGapExist() throws {
    let mar10 = try Fixtures.date("2024-03-10")
    let before = try LocalTime.resolve(try time("01:59"), on: mar10, inZone: la)
    XCTAssertEqual(before.instant, try utc("2024-03-10T09:59:00Z"), "1:59 am PST")
    XCTAssertNil(before.warning)
    XCTAssertNil(before.repeatedAt)
    let after = try LocalTime.resolve(try time("03:00"), on: mar10, inZone: la)
    XCTAssertEqual(after.instant, try utc("2024-03-10T10:00:00Z"), "3:00 am PDT")
    XCTAssertNil(after.warning)
    // The day before and after: no gap.
    for date in ["2024-03-09", "2024-03-11"] {
      XCTAssertNoThrow(
        try LocalTime.resolve(try time("02:30"), on: try Fixtures.date(date), inZone: la))
    }
  }

  func testResolve_zoneWithoutDaylightSavingHasNoGap() throws {
    let resolved = try LocalTime.resolve(
      try time("02:30"), on: try Fixtures.date("2024-03-10"), inZone: "America/Phoenix")
    XCTAssertEqual(resolved.instant, try utc("2024-03-10T09:30:00Z"), "MST all year")
    XCTAssertNil(resolved.warning)
  }

  func testResolve_repeatedHourTakesTheFirstAndSaysSo() throws {
    let nov3 = try Fixtures.date("2024-11-03")
    let resolved = try LocalTime.resolve(try time("01:30"), on: nov3, inZone: la)
    XCTAssertEqual(resolved.instant, try utc("2024-11-03T08:30:00Z"), "1:30 am PDT, the first")
    XCTAssertEqual(resolved.repeatedAt, try utc("2024-11-03T09:30:00Z"), "1:30 am PST")
    XCTAssertEqual(
      resolved.warning,
      "1:30 am happens twice on Sun, Nov 3, 2024 in Los Angeles (clocks go back from 2:00 to 1:00); the first, 1:30 am PDT, is used."
    )
    let one = try LocalTime.resolve(try time("01:00"), on: nov3, inZone: la, place: "San Francisco")
    XCTAssertEqual(one.instant, try utc("2024-11-03T08:00:00Z"))
    XCTAssertEqual(
      one.warning,
      "1:00 am happens twice on Sun, Nov 3, 2024 in San Francisco (clocks go back from 2:00 to 1:00); the first, 1:00 am PDT, is used."
    )
    // 0:59 and 2:00 happen once.
    let early = try LocalTime.resolve(try time("00:59"), on: nov3, inZone: la)
    XCTAssertEqual(early.instant, try utc("2024-11-03T07:59:00Z"))
    XCTAssertNil(early.warning)
    let two = try LocalTime.resolve(try time("02:00"), on: nov3, inZone: la)
    XCTAssertEqual(two.instant, try utc("2024-11-03T10:00:00Z"), "2:00 am PST")
    XCTAssertNil(two.repeatedAt)
  }

  func testResolve_otherZonesRules() throws {
    // London springs forward at 1:00 GMT, Lord Howe by 30 minutes, Santiago
    // at midnight.
    XCTAssertEqual(
      try nonexistent("01:30", "2024-03-31", "Europe/London"),
      "1:30 am does not exist on Sun, Mar 31, 2024 in London: clocks jump from 1:00 to 2:00")
    XCTAssertEqual(
      try nonexistent("02:15", "2024-10-06", "Australia/Lord_Howe"),
      "2:15 am does not exist on Sun, Oct 6, 2024 in Lord Howe: clocks jump from 2:00 to 2:30")
    XCTAssertEqual(
      try nonexistent("00:30", "2024-09-08", "America/Santiago"),
      "12:30 am does not exist on Sun, Sep 8, 2024 in Santiago: clocks jump from 0:00 to 1:00")
    // Samoa skipped all of Friday, Dec 30, 2011.
    XCTAssertEqual(
      try nonexistent("12:00", "2011-12-30", "Pacific/Apia"),
      "12:00 pm does not exist on Fri, Dec 30, 2011 in Apia: clocks there skip that time")
    let london = try LocalTime.resolve(
      try time("01:30"), on: try Fixtures.date("2024-10-27"), inZone: "Europe/London")
    XCTAssertEqual(london.instant, try utc("2024-10-27T00:30:00Z"), "1:30 am BST, the first")
    XCTAssertEqual(london.repeatedAt, try utc("2024-10-27T01:30:00Z"))
  }

  func testResolve_unknownZoneIsRefused() throws {
    XCTAssertThrowsError(
      try LocalTime.resolve(
        try time("12:00"), on: try Fixtures.date("2024-06-05"), inZone: "Mars/Base")
    ) { error in
      XCTAssertEqual(error as? LocalTimeError, .unknownZone("Mars/Base"))
      XCTAssertEqual("\(error)", "'Mars/Base' is not an IANA time zone")
    }
  }

  func testResolve_everyVenueZoneAgreesWithFoundationOutsideTransitions() throws {
    // Every zone of the venue tables, every whole hour of 2024's DST days
    // and a plain day: an existing time resolves to the instant whose wall
    // clock it is.
    let zones = Set(VenueTimeZones.builtIn.venues.map(\.timeZoneID)).sorted()
    XCTAssertGreaterThanOrEqual(zones.count, 15)
    for id in zones {
      let zone = try XCTUnwrap(TimeZone(identifier: id))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      for date in ["2024-03-10", "2024-03-31", "2024-06-05", "2024-10-27", "2024-11-03"] {
        for hour in 0..<24 {
          let clock = try XCTUnwrap(ClockTime(hour: hour, minute: 30))
          do {
            let resolved = try LocalTime.resolve(clock, on: try Fixtures.date(date), inZone: id)
            let c = calendar.dateComponents([.hour, .minute], from: resolved.instant)
            XCTAssertEqual([c.hour, c.minute], [hour, 30], "\(id) \(date) \(clock)")
            XCTAssertEqual(
              CalendarDate(resolved.instant, in: zone), try Fixtures.date(date), "\(id) \(date)")
            if let second = resolved.repeatedAt {
              XCTAssertEqual(second.timeIntervalSince(resolved.instant), 3600, "\(id) \(date)")
            }
          } catch LocalTimeError.nonexistent {
            // Skipped: no instant of that day shows this wall time.
            let start = try Fixtures.date(date).utcMidnight.addingTimeInterval(-14 * 3600)
            for minute in stride(from: 0, to: 48 * 60, by: 30) {
              let t = start.addingTimeInterval(Double(minute * 60))
              let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: t)
              XCTAssertFalse(
                CalendarDate(t, in: zone) == (try Fixtures.date(date)) && c.hour == hour
                  && c.minute == 30, "\(id) \(date) \(clock) does exist at \(t)")
            }
          }
        }
      }
    }
  }
}
