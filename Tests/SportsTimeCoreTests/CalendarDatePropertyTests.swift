import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `CalendarDate`'s integer calendar arithmetic against Foundation's
/// Gregorian calendar: the same dates, day counts, weekdays, text and local
/// dates of instants, over every day of 1900–2100 and random days of
/// 1583–9999 (Foundation's calendar is Julian before 1582-10-15; ours is
/// proleptic Gregorian throughout, as its documentation says).
final class CalendarDatePropertyTests: XCTestCase {
  private let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    return calendar
  }()

  /// Foundation's fields of `instant` in `calendar`'s zone.
  private func fields(_ instant: Date, _ calendar: Calendar) -> [Int] {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
    return [c.year, c.month, c.day, c.hour, c.minute, c.second].map { $0 ?? -1 }
  }

  /// Midnight UTC of a date, by Foundation.
  private func midnight(_ y: Int, _ m: Int, _ d: Int) -> Date? {
    utc.date(from: DateComponents(year: y, month: m, day: d))
  }

  func testEveryDayOf1900To2100_matchesFoundation() throws {
    let first = try XCTUnwrap(CalendarDate(year: 1900, month: 1, day: 1))
    let start = try XCTUnwrap(midnight(1900, 1, 1))
    var date = first
    for n in 0..<73_414 {  // 1900-01-01 through 2100-12-31
      let instant = start.addingTimeInterval(Double(n) * 86_400)
      let expected = fields(instant, utc)
      XCTAssertEqual([date.year, date.month, date.day], Array(expected[0..<3]), "day \(n)")
      XCTAssertEqual(date.utcMidnight, instant, "\(date)")
      XCTAssertEqual(first.days(to: date), n)
      XCTAssertEqual(first.adding(days: n), date)
      XCTAssertEqual(date.weekday, utc.component(.weekday, from: instant), "\(date)")
      XCTAssertEqual(
        date.iso,
        String(format: "%04d-%02d-%02d", expected[0], expected[1], expected[2]))
      XCTAssertEqual(
        date.compact, String(format: "%04d%02d%02d", expected[0], expected[1], expected[2]))
      XCTAssertEqual(CalendarDate(iso: date.iso), date)
      XCTAssertEqual(CalendarDate(compact: date.compact), date)
      if n % 97 == 0 { XCTAssertEqual(date.adding(days: 1).adding(days: -1), date) }
      date = date.adding(days: 1)
    }
    XCTAssertEqual(date.iso, "2101-01-01")
  }

  func testRandomDatesAndDistancesOf1583To9999_matchFoundation() throws {
    var rng = SplitMix64(seed: 0xCA1E_0009)
    for _ in 0..<20_000 {
      let y = Int.random(in: 1583...9999, using: &rng)
      let m = Int.random(in: 1...12, using: &rng)
      let d = Int.random(in: 1...31, using: &rng)
      // Valid exactly when Foundation gives the same fields back.
      let back = midnight(y, m, d).map { fields($0, utc) }
      let real = back.map { Array($0[0..<3]) == [y, m, d] } ?? false
      let date = CalendarDate(year: y, month: m, day: d)
      XCTAssertEqual(date != nil, real, "\(y)-\(m)-\(d)")
      guard let date, let instant = midnight(y, m, d) else { continue }
      XCTAssertEqual(date.utcMidnight, instant)
      XCTAssertEqual(date.weekday, utc.component(.weekday, from: instant))
      let step = Int.random(in: -400_000...400_000, using: &rng)
      guard let moved = utc.date(byAdding: .day, value: step, to: instant),
        (1583...9999).contains(utc.component(.year, from: moved))
      else { continue }
      let expected = fields(moved, utc)
      let ours = date.adding(days: step)
      XCTAssertEqual(
        [ours.year, ours.month, ours.day], Array(expected[0..<3]), "\(date) + \(step)")
      XCTAssertEqual(date.days(to: ours), step)
      XCTAssertEqual(date.addingWithinCalendar(days: step), ours)
    }
  }

  func testLocalDatesOfInstants_matchFoundationInEveryVenueZone() throws {
    let zones = try [
      "UTC", "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
      "America/Los_Angeles", "America/Toronto", "Pacific/Honolulu", "Asia/Tokyo", "Asia/Seoul",
      "Europe/London", "America/Mexico_City", "America/Sao_Paulo", "Asia/Kolkata",
      "Australia/Lord_Howe",
    ].map { try XCTUnwrap(TimeZone(identifier: $0), $0) }
    var rng = SplitMix64(seed: 0x0FF5_E709)
    for zone in zones {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      for i in 0..<3_000 {
        // 1901–2099, whole seconds; every tenth instant on a half hour.
        var t = Double(Int.random(in: -2_170_000_000...4_070_000_000, using: &rng))
        if i % 10 == 0 { t = (t / 1800).rounded(.down) * 1800 }
        let instant = Date(timeIntervalSince1970: t)
        let expected = fields(instant, calendar)
        let local = CalendarDate.local(instant, in: zone)
        XCTAssertEqual(
          [
            local.date.year, local.date.month, local.date.day, local.seconds / 3600,
            local.seconds / 60 % 60, local.seconds % 60,
          ], expected, "\(instant) in \(zone)")
        XCTAssertEqual(CalendarDate(instant, in: zone), local.date)
      }
    }
  }

  func testTextBeyondFourDigits_isPaddedLikePrintf() throws {
    // `adding(days:)` past the years 1–9999 still gives the proleptic date;
    // its text is written as `%04d` would, and `addingWithinCalendar` says nil.
    let first = try XCTUnwrap(CalendarDate(year: 1, month: 1, day: 1))
    let last = try XCTUnwrap(CalendarDate(year: 9999, month: 12, day: 31))
    XCTAssertEqual(first.days(to: last), 3_652_058)
    XCTAssertEqual(last.adding(days: 1).iso, "10000-01-01")
    XCTAssertEqual(first.adding(days: -1).iso, "0000-12-31")
    XCTAssertEqual(first.adding(days: -367).iso, "-001-12-31")
    XCTAssertNil(first.addingWithinCalendar(days: -1))
    XCTAssertNil(last.addingWithinCalendar(days: 1))
    XCTAssertEqual(first.addingWithinCalendar(days: 3_652_058), last)
    // Proleptic Gregorian: 1582-10-10 exists (Foundation's calendar skips it).
    XCTAssertEqual(CalendarDate(year: 1582, month: 10, day: 10)?.adding(days: 5).iso, "1582-10-15")
    XCTAssertEqual(CalendarDate(year: 1, month: 1, day: 1)?.weekdayName, "Monday")
  }

  func testInstantTexts_matchFoundationFieldsAndPrintf() throws {
    var rng = SplitMix64(seed: 0x7E_0009)
    let zones = try ["UTC", "America/Chicago", "Asia/Kolkata", "America/St_Johns"].map {
      try XCTUnwrap(TimeZone(identifier: $0), $0)
    }
    for _ in 0..<5_000 {
      let micros = Double(
        Int.random(in: -2_000_000_000_000_000...4_000_000_000_000_000, using: &rng))
      let instant = Date(timeIntervalSince1970: micros / 1_000_000)
      // TripExchange's UTC text with microseconds.
      let rounded = (instant.timeIntervalSince1970 * 1_000_000).rounded()
      let seconds = (rounded / 1_000_000).rounded(.down)
      let f = fields(Date(timeIntervalSince1970: seconds), utc)
      XCTAssertEqual(
        TripExchange.instant(instant),
        String(
          format: "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", f[0], f[1], f[2], f[3], f[4], f[5],
          Int(rounded - seconds * 1_000_000)))
      // A game's local ISO 8601 text and clock, whole seconds.
      let whole = Date(timeIntervalSince1970: seconds)
      for zone in zones {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let g = fields(whole, calendar)
        let offset = zone.secondsFromGMT(for: whole)
        XCTAssertEqual(
          LocalTime.iso8601(whole, in: zone),
          String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", g[0], g[1], g[2], g[3], g[4], g[5],
            offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60))
        let h12 = g[3] % 12 == 0 ? 12 : g[3] % 12
        XCTAssertEqual(
          LocalTime.clock(whole, in: zone),
          String(format: "%d:%02d %@", h12, g[4], g[3] < 12 ? "am" : "pm"))
      }
    }
  }
}
