import Foundation
import XCTest

@testable import SportsTimeCore

/// `ISO8601Instant.parse`: every ISO 8601 / RFC 3339 date-time form a
/// person types (issue 8, item 19: `--now`).
final class ISO8601InstantTests: XCTestCase {
  /// 2024-06-05T12:00:00Z.
  private let noon = 1_717_588_800.0

  func testParse_acceptsEveryCommonForm() throws {
    let cases: [(String, Double)] = [
      ("2024-06-05T12:00:00Z", noon),
      ("2024-06-05T12:00:00.5Z", noon + 0.5),
      ("2024-06-05T12:00:00.123456Z", noon + 0.123456),
      ("2024-06-05T12:00:00,25Z", noon + 0.25),
      ("2024-06-05T12:00Z", noon),
      ("2024-06-05T12Z", noon),
      ("2024-06-05T12:30.5Z", noon + 30 * 60 + 30),
      ("2024-06-05t12:00:00z", noon),
      ("2024-06-05 12:00:00Z", noon),
      ("  2024-06-05T12:00Z  ", noon),
      ("2024-06-05T14:00:00+02:00", noon),
      ("2024-06-05T14:00+0200", noon),
      ("2024-06-05T14+02", noon),
      ("2024-06-05T07:00:00-05:00", noon),
      ("2024-06-05T07:00-0500", noon),
      ("2024-06-05T07:00\u{2212}05:00", noon),
      ("2024-06-05T17:30+05:30", noon),
      ("2024-06-05T12:00:00-00:00", noon),
      ("20240605T120000Z", noon),
      ("20240605T1200Z", noon),
      ("20240605T140000+0200", noon),
      ("2024-157T12:00Z", noon),
      ("2024-366T00:00Z", 1_735_603_200),
      ("2024157T1200Z", noon),
      ("2024-W23-3T12:00Z", noon),
      ("2024W233T12:00Z", noon),
      ("2024-06-04T24:00Z", noon - 12 * 3600),
      ("2024-06-05T11:59:60Z", noon),
      ("2024-12-31T23:59:59Z", 1_735_689_599),
      ("2024-02-29T00:00Z", 1_709_164_800),
    ]
    for (text, expected) in cases {
      let instant = try ISO8601Instant.parse(text)
      XCTAssertEqual(instant.timeIntervalSince1970, expected, accuracy: 1e-6, text)
    }
  }

  func testParse_agreesWithFoundationWhereFoundationReadsIt() throws {
    let formatter = ISO8601DateFormatter()
    for text in [
      "2024-06-05T12:00:00Z", "2024-06-05T12:00:00+02:00", "2024-06-05T12:00:00-0500",
      "2024-03-10T10:30:00Z", "1999-12-31T23:59:59+14:00",
    ] {
      XCTAssertEqual(try ISO8601Instant.parse(text), formatter.date(from: text), text)
    }
  }

  func testParse_weekDatesFollowISOWeeks() throws {
    // 2026 has 53 weeks (Jan 1 is a Thursday); 2024 does not.
    XCTAssertEqual(
      try ISO8601Instant.parse("2026-W53-1T00:00Z"), try ISO8601Instant.parse("2026-12-28T00:00Z"))
    XCTAssertEqual(
      try ISO8601Instant.parse("2025-W01-1T00:00Z"), try ISO8601Instant.parse("2024-12-30T00:00Z"))
    XCTAssertThrowsError(try ISO8601Instant.parse("2024-W53-1T00:00Z"))
  }

  func testParse_refusesWithTheReason() {
    let cases: [(String, String)] = [
      (
        "2024-06-05",
        "a date alone does not say when in the day; add a time and a zone, e.g. 2024-06-05T12:00Z"
      ),
      ("2024-06-05T12:00", "it has no zone; add Z for UTC or an offset such as +02:00"),
      ("2024-06-05T12:00:00", "it has no zone; add Z for UTC or an offset such as +02:00"),
      ("yesterday", "it does not start with a date (YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)"),
      ("now", "it is not a date and time"),
      ("", "it is not a date and time"),
      ("2024-02-30T12:00Z", "'2024-02-30' is not a date (YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)"),
      ("2023-366T12:00Z", "'2023-366' is not a date (YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)"),
      (
        "2024-06-05T12:00+24:00",
        "'+24:00' is not a UTC offset (Z, +HH:MM, +HHMM or +HH, up to ±23:59)"
      ),
      (
        "2024-06-05T12:00+2",
        "'+2' is not a UTC offset (Z, +HH:MM, +HHMM or +HH, up to ±23:59)"
      ),
      (
        "2024-06-05T25:00Z",
        "'25:00' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)"
      ),
      (
        "2024-06-05T12:60Z",
        "'12:60' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)"
      ),
      (
        "2024-06-05T24:30Z",
        "'24:30' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)"
      ),
      ("2024-06-05T12:0Z", "'12:0' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)"),
      (
        "2024-06-05T12:00:00.Z",
        "'12:00:00.' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)"
      ),
      ("2024-06-05TZ", "'' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)"),
    ]
    for (text, reason) in cases {
      XCTAssertThrowsError(try ISO8601Instant.parse(text), text) { error in
        XCTAssertEqual((error as? ISO8601InstantError)?.reason, reason, text)
      }
    }
  }
}
