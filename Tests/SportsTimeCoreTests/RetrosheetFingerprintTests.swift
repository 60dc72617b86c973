import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `RetrosheetSchedule.fingerprint(of:)`, by which a re-import of an
/// unchanged file reuses an earlier import's result, and the rules version
/// inside it.
final class RetrosheetFingerprintTests: XCTestCase {
  /// Every field of every game and every count the real files parse to,
  /// as one digest.
  private func parseDigest(_ year: Int) throws -> String {
    let text = try String(contentsOf: TestData.retrosheetSchedule(year), encoding: .utf8)
    let schedule = try RetrosheetSchedule.parse(
      text, file: "\(year)schedule.csv", catalog: try Catalog.mlb())
    var lines = ["\(schedule.counts)"]
    for game in schedule.games {
      lines.append(
        [
          game.id.rawValue, game.sport.rawValue, "\(game.season)", game.homeTeamID,
          game.awayTeamID, game.venueID.rawValue, "\(game.start.timeIntervalSince1970)",
          game.timeZoneID, game.localDate.iso, "\(game.timeEstimated)", "\(game.timeUnknown)",
          game.status.rawValue, game.originalDate?.iso ?? "-", "\(game.gameNumber)",
          game.postponementReason ?? "-", game.scheduleKey,
        ].joined(separator: "|"))
    }
    return SHA256.digest(Array(lines.joined(separator: "\n").utf8)).hex
  }

  /// The games the real files give under rules version 1. When this fails,
  /// the import rules (or the catalog) now make other games of the same
  /// file: raise `RetrosheetSchedule.rulesVersion`, so that databases
  /// holding a record of an older import do the whole comparison again,
  /// and pin the new digests here with the new version.
  func testRulesVersion_pinsWhatTheRealFilesParseTo() throws {
    let pinned: [Int: [Int: String]] = [
      1: [
        2024: "292f0bc0dbd2007d62db73d7d72d9b3cf53d51f74eadd3b6918b630d52221a75",
        2025: "13e59898254be1fd4972cb2f965fa2a7ed05f7337b023009b6ab7e0183c45124",
      ]
    ]
    let version = RetrosheetSchedule.rulesVersion
    let expected = try XCTUnwrap(
      pinned[version], "rules version \(version) has no pinned digests: add them")
    for year in [2024, 2025] {
      XCTAssertEqual(
        try parseDigest(year), expected[year],
        "the \(year) file now parses to other games: raise RetrosheetSchedule.rulesVersion")
    }
  }

  /// The same text gives the same fingerprint; a one-byte change, another
  /// line ending, or a longer text gives another.
  func testFingerprint_followsTheText() throws {
    let text = try String(contentsOf: TestData.retrosheetSchedule(2024), encoding: .utf8)
    let digest = RetrosheetSchedule.fingerprint(of: text)
    XCTAssertEqual(RetrosheetSchedule.fingerprint(of: String(text)), digest)
    XCTAssertEqual(digest.hex.count, 64)
    var changed = text
    changed.replaceSubrange(
      changed.range(of: "CHI11")!, with: "CHI12")
    XCTAssertNotEqual(RetrosheetSchedule.fingerprint(of: changed), digest)
    XCTAssertNotEqual(
      RetrosheetSchedule.fingerprint(of: text.replacingOccurrences(of: "\r\n", with: "\n")), digest)
    XCTAssertNotEqual(RetrosheetSchedule.fingerprint(of: text + "\n"), digest)
    XCTAssertNotEqual(RetrosheetSchedule.fingerprint(of: ""), digest)
  }

  /// The fingerprint covers the rules version, the time-zone data and the
  /// catalog tables as well as the file: it is not just the file's hash.
  func testFingerprint_isNotTheFilesHashAlone() throws {
    let text = "Date,Num\n"
    XCTAssertNotEqual(
      RetrosheetSchedule.fingerprint(of: text), SHA256.digest(Array(text.utf8)))
    XCTAssertEqual(RetrosheetSchedule.catalogTables.count, 3)
    for name in RetrosheetSchedule.catalogTables {
      XCTAssertNotNil(BuiltInTables.text[name], name)
    }
  }
}
