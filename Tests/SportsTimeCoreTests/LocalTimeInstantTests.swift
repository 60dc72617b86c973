import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `LocalTime.instant(on:hour:minute:in:)` finds away from offset changes
/// with the zone's offset what Foundation's calendar finds
/// (`calendarInstant`), and near them asks the calendar: the two agree for
/// every wall time tried, on ordinary days and on the days the clocks
/// change, in every ballpark's zone and in zones with odd rules.
final class LocalTimeInstantTests: XCTestCase {
  /// Every venue's zone and a few with unusual changes (half-hour DST,
  /// 30-minute offsets, a zone that skipped a day, the southern
  /// hemisphere, UTC).
  private func zones() throws -> [TimeZone] {
    let venueZones = Set(try Catalog.mlb().venues.values.map(\.timeZoneID))
    let odd = [
      "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Apia", "America/Santiago",
      "Europe/London", "America/St_Johns", "Asia/Kathmandu", "Antarctica/Troll", "UTC",
    ]
    return try (venueZones.sorted() + odd).map {
      try XCTUnwrap(TimeZone(identifier: $0), $0)
    }
  }

  func testInstant_agreesWithTheCalendarOnRandomWallTimes() throws {
    var random = SplitMix64(seed: 2024)
    for zone in try zones() {
      for _ in 0..<400 {
        let day = Int(random.next() % 73_000) - 25_000  // 1901…2169
        let date = CalendarDate(utcFields(day))
        let hour = Int(random.next() % 24)
        let minute = Int(random.next() % 60)
        XCTAssertEqual(
          LocalTime.instant(on: date, hour: hour, minute: minute, in: zone),
          LocalTime.calendarInstant(on: date, hour: hour, minute: minute, in: zone),
          "\(zone.identifier) \(date.iso) \(hour):\(minute)")
      }
    }
  }

  /// Every quarter hour of the days around each offset change from 1990
  /// to 2030: in the gap, in the repeated hour and next to them.
  func testInstant_agreesWithTheCalendarAroundEveryOffsetChange() throws {
    for zone in try zones() {
      var instant = Date(timeIntervalSince1970: 631_152_000)  // 1990-01-01
      let end = Date(timeIntervalSince1970: 1_893_456_000)  // 2030-01-01
      var checked = 0
      while let change = zone.nextDaylightSavingTimeTransition(after: instant), change < end {
        let local = CalendarDate(change, in: zone)
        for date in [local.adding(days: -1), local, local.adding(days: 1)] {
          for quarter in 0..<96 {
            let (hour, minute) = (quarter / 4, quarter % 4 * 15)
            XCTAssertEqual(
              LocalTime.instant(on: date, hour: hour, minute: minute, in: zone),
              LocalTime.calendarInstant(on: date, hour: hour, minute: minute, in: zone),
              "\(zone.identifier) \(date.iso) \(hour):\(minute)")
          }
        }
        checked += 1
        instant = change.addingTimeInterval(1)
      }
      if zone.identifier == "America/Chicago" { XCTAssertEqual(checked, 80) }
    }
  }

  /// A date from a day number (days since 1970-01-01).
  private func utcFields(_ day: Int) -> Date {
    Date(timeIntervalSince1970: Double(day) * 86_400)
  }
}

extension CalendarDate {
  /// The UTC date of `instant` (tests only).
  fileprivate init(_ instant: Date) {
    self.init(instant, in: TimeZone(identifier: "UTC") ?? .current)
  }
}
