import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The byte-range reader (`RetrosheetSchedule.parse`: fields as byte ranges,
/// rows grouped by sorting) gives the same schedule — every game, count,
/// origin, venue and team — and the same errors as the reader it replaced
/// (`ReferenceRetrosheetSchedule`), on the real 2024 and 2025 files and on
/// thousands of windows of the 2024 file with fields changed, rows
/// repeated, moved, dropped or cut, makeups pointed into the window, and
/// codes spelled with canonically equivalent Unicode.
final class RetrosheetEquivalenceTests: XCTestCase {
  private enum Outcome: Equatable {
    case parsed(Parsed)
    case refused(FileFormatError)
  }

  /// Everything a `ScheduleImport` says, but its catalog.
  private struct Parsed: Equatable {
    var games: [Game]
    var rowCount: Int
    var rescheduledCount: Int
    var cancelledCount: Int
    var doubleheadersFormed: Int
    var venueIDs: Set<Venue.ID>
    var teamIDs: [String]
    /// Each game's id and teams scalar by scalar (`String`'s `==` would
    /// take a code for its canonical equivalent).
    var spellings: [[UInt32]]
    var file: String
    var origins: [ScheduleRowOrigin]
    var gamesAreChecked: Bool

    init(_ s: ScheduleImport) {
      games = s.games
      rowCount = s.rowCount
      rescheduledCount = s.rescheduledCount
      cancelledCount = s.cancelledCount
      doubleheadersFormed = s.doubleheadersFormed
      venueIDs = s.venueIDs
      // The texts the set kept (equal texts may differ in their bytes).
      teamIDs = s.teamIDs.map { $0.unicodeScalars.map { String($0.value) }.joined(separator: "+") }
        .sorted()
      spellings = s.games.map { game in
        [game.id.rawValue, game.homeTeamID, game.awayTeamID, game.scheduleKey].flatMap {
          $0.unicodeScalars.map(\.value) + [0]
        }
      }
      file = s.file
      origins = s.origins
      gamesAreChecked = s.gamesAreChecked
    }
  }

  private func outcome(_ parse: () throws -> ScheduleImport) -> Outcome {
    do { return .parsed(Parsed(try parse())) } catch let error as FileFormatError {
      return .refused(error)
    } catch {
      XCTFail("unexpected \(error)")
      return .refused(FileFormatError(file: "", line: 0, field: nil, message: "\(error)"))
    }
  }

  private func compare(_ text: String, file: String = "s.csv") throws -> Outcome {
    let catalog = try Fixtures.catalog()
    let new = outcome { try RetrosheetSchedule.parse(text, file: file, catalog: catalog) }
    let old = outcome { try ReferenceRetrosheetSchedule.parse(text, file: file, catalog: catalog) }
    XCTAssertEqual(new, old, text.count < 4_000 ? text.debugDescription : "\(file)")
    return new
  }

  func testTheRealSeasonsParseAsBefore() throws {
    for year in [2024, 2025] {
      let name = "\(year)schedule.csv"
      guard case .parsed(let parsed) = try compare(try Fixtures.retrosheetText(name), file: name)
      else { return XCTFail("\(name) did not parse") }
      XCTAssertGreaterThan(parsed.games.count, 2_000)
    }
  }

  /// Values tried in a field: odd ones for every column, Unicode spellings
  /// of real codes (U+212A KELVIN SIGN is canonically `K`), and real
  /// values of other rows.
  private static let oddValues = [
    "", " ", "x", "0", "1", "2", "3", "+1", "-1", "01", "0001", "d", "D", "N", "n", "Ｄ", "é",
    "\t20240615", "20240615 ", "20240230", "2024061", "202406150", "none", "Rain",
    "\"quoted, comma\"", "99999999999999999999", "00000000000000000001", "9223372036854775807",
    "\u{212A}CA",
    "\u{212A}AN06", "KCA", "KAN06", "SUNDAY", "monday", "Tue",
  ]

  /// Header names with spaces, tabs, other Unicode spaces (U+00A0,
  /// U+3000, which `.whitespaces` trims) or other whitespace (a vertical
  /// tab, which it does not) around them, in other cases, or other names.
  func testHeadersReadAsBefore() throws {
    let text = try Fixtures.retrosheetText("2024schedule.csv")
    let lines = Array(text.components(separatedBy: "\r\n").prefix(40))
    let header = lines[0].components(separatedBy: ",")
    let pads = ["", " ", "\t", " \t ", "\u{A0}", "\u{3000}", "\u{B}", "\u{2028}"]
    var rng = SplitMix64(seed: 0x59_4EAD)
    var parsed = 0
    for _ in 0..<300 {
      var names = header
      for _ in 0..<3 {
        let i = Int(rng.next() % UInt64(names.count))
        let pad = { pads[Int(rng.next() % UInt64(pads.count))] }
        var name = names[i]
        switch rng.next() % 4 {
        case 0: name = name.uppercased()
        case 1: name = "Dat" + name
        default: break
        }
        names[i] = pad() + name + pad()
      }
      let changed = [names.joined(separator: ",")] + lines.dropFirst()
      if case .parsed = try compare(changed.joined(separator: "\r\n")) { parsed += 1 }
    }
    XCTAssertGreaterThan(parsed, 10)
    XCTAssertLessThan(parsed, 290)
  }

  /// A home game number near `Int.max` leaves no room to sort the rows
  /// by one integer each: the rows are sorted by comparing their numbers,
  /// with the same games and the same refusal of a repeated home game.
  func testHugeHomeGameNumbersParseAsBefore() throws {
    let text = try Fixtures.retrosheetText("2024schedule.csv")
    var lines = Array(text.components(separatedBy: "\r\n").prefix(301))
    func setHomeGame(_ line: Int, _ value: String) {
      var fields = lines[line].components(separatedBy: ",")
      fields[8] = value
      lines[line] = fields.joined(separator: ",")
    }
    setHomeGame(10, "9223372036854775807")
    guard case .parsed(let parsed) = try compare(lines.joined(separator: "\r\n")) else {
      return XCTFail("did not parse")
    }
    XCTAssertTrue(parsed.games[9].scheduleKey.hasSuffix("/9223372036854775807"))
    // The same number on another row of that home team: refused alike.
    let home = lines[10].components(separatedBy: ",")[6]
    let other = try XCTUnwrap(
      lines.indices.dropFirst(11).first { lines[$0].components(separatedBy: ",")[6] == home })
    setHomeGame(other, "9223372036854775807")
    guard case .refused(let error) = try compare(lines.joined(separator: "\r\n")) else {
      return XCTFail("parsed")
    }
    XCTAssertEqual(error.field, "9 (Game)")
  }

  func testChangedWindowsOfTheSeasonParseAsBefore() throws {
    let text = try Fixtures.retrosheetText("2024schedule.csv")
    var lines = text.components(separatedBy: "\r\n")
    lines.removeLast()
    let header = lines.removeFirst()
    let rows = lines.map { $0.components(separatedBy: ",") }
    var rng = SplitMix64(seed: 0x59_2024_0009)
    func random(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var refused = 0
    var parsed = 0
    for round in 0..<1_000 {
      let count = 2 + random(160)
      let first = random(rows.count - count)
      var window = Array(rows[first..<first + count])
      for _ in 0..<(round % 5 == 0 ? 0 : 1 + random(3)) {
        let r = random(window.count)
        switch random(10) {
        case 0...3:
          // A makeup (or postponement) onto a date of the window.
          let column = random(4) == 0 ? 11 : 12
          window[r][column] = window[random(window.count)][0]
          if random(2) == 0 { window[r][11] = ["Rain", "", "Field conditions"][random(3)] }
        case 4, 5:
          let column = random(13)
          window[r][column] =
            random(2) == 0
            ? Self.oddValues[random(Self.oddValues.count)] : rows[random(rows.count)][column]
        case 6: window.insert(window[r], at: random(window.count + 1))
        case 7: window.swapAt(r, random(window.count))
        case 8:
          if random(2) == 0 { window[r].removeLast() } else { window[r].append("x") }
        default:
          // Another row's teams or park on this date (a team in two places).
          let other = window[random(window.count)]
          let column = [3, 6, 10][random(3)]
          window[r][column] = other[column]
        }
      }
      let body = window.map { $0.joined(separator: ",") }.joined(separator: "\r\n")
      switch try compare(header + "\r\n" + body + (random(2) == 0 ? "\r\n" : "")) {
      case .parsed: parsed += 1
      case .refused: refused += 1
      }
      if testRun?.failureCount ?? 0 > 0 { return }
    }
    // Both outcomes are exercised, and often.
    XCTAssertGreaterThan(parsed, 200)
    XCTAssertGreaterThan(refused, 200)
  }
}
