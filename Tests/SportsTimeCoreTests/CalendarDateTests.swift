import Foundation
import XCTest

@testable import SportsTimeCore

/// Calendar dates without a time zone: arithmetic across DST changes,
/// distances in days, parsing and rejecting text.
final class CalendarDateTests: XCTestCase {

  private func d(_ iso: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> CalendarDate
  {
    try Fixtures.date(iso, file: file, line: line)
  }

  func testAddingDays_acrossMarchDSTKeepsDates() throws {
    // US clocks spring forward on 2024-03-10 (a 23-hour day).
    let start = try d("2024-03-09")
    XCTAssertEqual(start.adding(days: 1).iso, "2024-03-10")
    XCTAssertEqual(start.adding(days: 2).iso, "2024-03-11")
    XCTAssertEqual(try d("2024-03-11").adding(days: -2).iso, "2024-03-09")
    // Europe springs forward on 2024-03-31.
    XCTAssertEqual(try d("2024-03-30").adding(days: 2).iso, "2024-04-01")
  }

  func testAddingDays_acrossNovemberDSTKeepsDates() throws {
    // US clocks fall back on 2024-11-03 (a 25-hour day).
    let start = try d("2024-11-02")
    XCTAssertEqual(start.adding(days: 1).iso, "2024-11-03")
    XCTAssertEqual(start.adding(days: 2).iso, "2024-11-04")
    XCTAssertEqual(start.days(to: try d("2024-11-04")), 2)
  }

  func testTripDays_acrossDSTMatchGameDatesAlthoughDaysAre23Hours() throws {
    // Day games at 13:10 New York time on both sides of the March change
    // are 23 hours apart as instants but one calendar day apart.
    let before = try Fixtures.game(
      at: "NYC21", home: "NYA", away: "BOS", on: "2024-03-09", hour: 13)
    let after = try Fixtures.game(at: "NYC20", home: "NYN", away: "PHI", on: "2024-03-10", hour: 13)
    XCTAssertEqual(after.start.timeIntervalSince(before.start), 23 * 3600)
    let schedule = try Fixtures.schedule(start: "2024-03-09", days: 2, games: [after, before])
    XCTAssertEqual(schedule.games.map(\.day), [1, 2])
    XCTAssertEqual(schedule.date(ofDay: 2).iso, "2024-03-10")
    // November: 25 hours apart, still one day.
    let fallA = try Fixtures.game(at: "NYC21", home: "NYA", away: "BOS", on: "2024-11-02", hour: 13)
    let fallB = try Fixtures.game(at: "NYC20", home: "NYN", away: "PHI", on: "2024-11-03", hour: 13)
    XCTAssertEqual(fallB.start.timeIntervalSince(fallA.start), 25 * 3600)
    XCTAssertEqual(fallA.localDate.days(to: fallB.localDate), 1)
  }

  func testAddingDays_walkAYearRoundTrips() throws {
    let start = try d("2024-01-01")
    var previous = start
    for n in 1...366 {
      let next = start.adding(days: n)
      XCTAssertEqual(start.days(to: next), n)
      XCTAssertEqual(next.days(to: start), -n)
      XCTAssertEqual(previous.days(to: next), 1)
      XCTAssertLessThan(previous, next)
      previous = next
    }
    XCTAssertEqual(previous.iso, "2025-01-01")
  }

  func testDaysTo_leapYearsAndYearEnds() throws {
    XCTAssertEqual(try d("2024-02-28").adding(days: 1).iso, "2024-02-29")
    XCTAssertEqual(try d("2023-02-28").adding(days: 1).iso, "2023-03-01")
    XCTAssertEqual(try d("2024-12-31").adding(days: 1).iso, "2025-01-01")
    XCTAssertEqual(try d("2024-03-28").days(to: try d("2024-09-29")), 185)
    XCTAssertEqual(try d("2024-06-04").days(to: try d("2024-06-04")), 0)
    XCTAssertEqual(try d("2025-01-01").days(to: try d("2024-01-01")), -366)
  }

  func testInitISO_parsesRealDates() throws {
    let date = try XCTUnwrap(CalendarDate(iso: "2024-06-04"))
    XCTAssertEqual([date.year, date.month, date.day], [2024, 6, 4])
    XCTAssertEqual(date.iso, "2024-06-04")
    XCTAssertEqual(date.compact, "20240604")
    XCTAssertEqual(date.description, "2024-06-04")
    XCTAssertEqual(date.weekdayName, "Tuesday")
    XCTAssertEqual(date.longDescription, "Tue, Jun 4, 2024")
    XCTAssertEqual(date.shortDescription, "Jun 4")
    XCTAssertEqual(CalendarDate(iso: "2024-02-29")?.iso, "2024-02-29")
  }

  func testInitISO_rejectsMalformedOrImpossibleText() {
    for bad in [
      "", "2024-6-04", "2024-06-4", "20240604", "2024/06/04", " 2024-06-04", "2024-06-04 ",
      "2024-06-04T00:00", "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-06-00",
      "2024-06-31", "+024-06-04", "２０２４-06-04", "2024-06-", "abcd-ef-gh",
    ] {
      XCTAssertNil(CalendarDate(iso: bad), "'\(bad)' should be rejected")
    }
  }

  func testInitCompact_parsesAndRejects() {
    XCTAssertEqual(CalendarDate(compact: "20240320")?.iso, "2024-03-20")
    for bad in ["20240231", "2024060", "202406040", "2024-6-4", "none", "", "20241301", "2024060a"]
    {
      XCTAssertNil(CalendarDate(compact: bad), "'\(bad)' should be rejected")
    }
  }

  func testInitYearMonthDay_rejectsImpossibleFields() {
    XCTAssertNil(CalendarDate(year: 2024, month: 13, day: 1))
    XCTAssertNil(CalendarDate(year: 2024, month: 4, day: 31))
    XCTAssertNil(CalendarDate(year: 2024, month: 1, day: 0))
    XCTAssertNil(CalendarDate(year: 0, month: 1, day: 1))
    XCTAssertNil(CalendarDate(year: 2023, month: 2, day: 29))
    XCTAssertNotNil(CalendarDate(year: 2024, month: 2, day: 29))
  }

  func testInitInstant_usesTheGivenZoneNotTheMachines() throws {
    // 02:10 UTC on 2024-04-02 is 19:10 on 2024-04-01 in Los Angeles.
    let instant = Date(timeIntervalSince1970: 1_712_023_800)
    let la = try XCTUnwrap(TimeZone(identifier: "America/Los_Angeles"))
    let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
    let seoul = try XCTUnwrap(TimeZone(identifier: "Asia/Seoul"))
    XCTAssertEqual(CalendarDate(instant, in: la).iso, "2024-04-01")
    XCTAssertEqual(CalendarDate(instant, in: utc).iso, "2024-04-02")
    XCTAssertEqual(CalendarDate(instant, in: seoul).iso, "2024-04-02")
  }

  func testCodable_roundTripsISOAndRejectsOtherText() throws {
    let date = try d("2024-09-30")
    let data = try JSONEncoder().encode([date])
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\"2024-09-30\"]")
    XCTAssertEqual(try JSONDecoder().decode([CalendarDate].self, from: data), [date])
    XCTAssertThrowsError(
      try JSONDecoder().decode([CalendarDate].self, from: Data("[\"2024-02-30\"]".utf8)))
    XCTAssertThrowsError(
      try JSONDecoder().decode([CalendarDate].self, from: Data("[\"20240930\"]".utf8)))
  }

  func testComparable_ordersByYearMonthDay() throws {
    let dates = try ["2024-10-01", "2024-09-30", "2023-12-31", "2024-09-03"].map { try d($0) }
    XCTAssertEqual(
      dates.sorted().map(\.iso), ["2023-12-31", "2024-09-03", "2024-09-30", "2024-10-01"])
  }
}
