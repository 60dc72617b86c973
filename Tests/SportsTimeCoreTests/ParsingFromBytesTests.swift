import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Issue 9, speed: `CalendarDate(iso:)` parses without an array, and
/// `CalendarDate(isoUTF8:)` parses a stored date's bytes in place; both
/// accept exactly `YYYY-MM-DD` naming a real day, as before.
final class CalendarDateBytesTests: XCTestCase {
  /// The rule, written out: ten bytes, ASCII digits but for '-' at 5 and
  /// 8, and the fields naming a real day.
  private func expected(_ text: String) -> CalendarDate? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10 else { return nil }
    var digits: [Int] = []
    for (i, b) in bytes.enumerated() {
      if i == 4 || i == 7 {
        guard b == UInt8(ascii: "-") else { return nil }
      } else {
        guard (48...57).contains(b) else { return nil }
        digits.append(Int(b) - 48)
      }
    }
    return CalendarDate(
      year: digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3],
      month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
  }

  private func fromBytes(_ text: String) -> CalendarDate? {
    var text = text
    return text.withUTF8 { CalendarDate(isoUTF8: $0) }
  }

  func testISO_fromTextAndFromBytes_isTheRule() throws {
    var rng = SplitMix64(seed: 0x0009_CA1D)
    let pieces = ["0", "1", "2", "9", "-", "3", "6", "12", "2024", "x", "é", "٣", "２", " ", "+"]
    var valid = 0
    for n in 0..<30_000 {
      let text: String
      if n % 2 == 0 {
        // Near-dates: random fields, sometimes out of range.
        let y = Int(rng.next() % 10_001)
        let m = Int(rng.next() % 14)
        let d = Int(rng.next() % 33)
        text = String(format: "%04d-%02d-%02d", y, m, d)
      } else {
        text = (0..<Int(rng.next() % 8)).map { _ in
          pieces[Int(rng.next() % UInt64(pieces.count))]
        }.joined()
      }
      let want = expected(text)
      XCTAssertEqual(CalendarDate(iso: text), want, text)
      XCTAssertEqual(fromBytes(text), want, text)
      if want != nil { valid += 1 }
    }
    XCTAssertGreaterThan(valid, 10_000)
    for text in ["2024-02-29", "2023-02-29", "0000-01-01", "9999-12-31", "2024-06-04 ", ""] {
      XCTAssertEqual(CalendarDate(iso: text), expected(text), text)
      XCTAssertEqual(fromBytes(text), expected(text), text)
    }
    XCTAssertEqual(CalendarDate(iso: "2024-06-04"), CalendarDate(year: 2024, month: 6, day: 4))
  }
}

/// The MLB franchises are compiled in (`BuiltInCatalog.mlbFranchises()`,
/// written by `scripts/embed-tables`): the same franchises, index and
/// abbreviations as `League(mlb:)` groups from the teams at run time.
final class CompiledFranchisesTests: XCTestCase {
  func testMLBFranchises_areWhatLeagueMLBGroups() throws {
    let grouped = League(mlb: try Catalog.readMLB())
    let compiled = try XCTUnwrap(try Leagues.builtIn().league(.mlb))
    XCTAssertEqual(compiled.franchises, grouped.franchises)
    XCTAssertEqual(compiled.franchises.count, 30)
    XCTAssertEqual(compiled.abbreviations, grouped.abbreviations)
    XCTAssertEqual(compiled.venues, grouped.venues)
    XCTAssertEqual(compiled.catalog.teams, grouped.catalog.teams)
    XCTAssertEqual(
      BuiltInCatalog.mlbFranchises().sorted { $0.id < $1.id },
      League(mlb: try Catalog.mlb()).franchises)
    for id in grouped.franchises.flatMap(\.teamIDs) + ["oak", "ath", "chn", "CHC", "XXX"] {
      XCTAssertEqual(compiled.franchise(ofTeam: id), grouped.franchise(ofTeam: id), id)
    }
    XCTAssertEqual(compiled.franchise(ofTeam: "OAK")?.teamIDs, ["ATH", "OAK"])
    let leagues = try Leagues.builtIn()
    XCTAssertEqual(leagues.mlb.venues, grouped.catalog.venues)
  }
}
