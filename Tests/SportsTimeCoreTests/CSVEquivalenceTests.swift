import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The byte-level CSV reader gives the same records and the same errors as
/// the scalar-by-scalar reader it replaced (kept here as the reference), on
/// random text made of the bytes the format gives a meaning to, byte order
/// marks and multi-byte characters, and on the built-in tables and a
/// season's schedule.
final class CSVEquivalenceTests: XCTestCase {
  private static let pieces: [String] = [
    ",", ",", "\"", "\"\"", "\n", "\r", "\r\n", "a", "Z", "7", " ", "é", "e\u{301}", "日本",
    "👨‍👩‍👧‍👦", "🇺🇸", "\u{FEFF}", "\u{0}", "Wrigley Field", "\t",
  ]

  private func randomText(_ rng: inout SplitMix64) -> String {
    var text = rng.next() % 8 == 0 ? "\u{FEFF}" : ""
    for _ in 0..<Int(rng.next() % 40) {
      text += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
    }
    return text
  }

  private func outcome(_ parse: () throws -> [CSVRecord]) -> Result<[CSVRecord], FileFormatError> {
    do { return .success(try parse()) } catch let error as FileFormatError {
      return .failure(error)
    } catch {
      XCTFail("unexpected \(error)")
      return .success([])
    }
  }

  func testParse_givesTheReferenceRecordsAndErrors() {
    var rng = SplitMix64(seed: 0x15_0009_0C5F)
    var failures = 0
    for _ in 0..<20_000 {
      let text = randomText(&rng)
      let new = outcome { try CSV.parse(text, file: "r.csv") }
      let old = outcome { try ReferenceCSV.parse(text, file: "r.csv") }
      if case .failure = new { failures += 1 }
      XCTAssertEqual(new, old, "\(text.debugDescription)")
      if new != old { return }
    }
    // Both kinds of outcome are exercised.
    XCTAssertGreaterThan(failures, 1_000)
    XCTAssertLessThan(failures, 19_000)
  }

  func testParse_givesTheReferenceRecordsForTheRealTables() throws {
    var texts = try BuiltInTables.text.keys.sorted().map { try Catalog.resource($0) }
    texts.append(try String(contentsOf: TestData.retrosheetSchedule(2024), encoding: .utf8))
    for text in texts {
      let records = try CSV.parse(text, file: "t.csv")
      // The smallest table, nhl-neutral-games.csv, is a header and 6 games.
      XCTAssertGreaterThan(records.count, 6)
      XCTAssertEqual(records, try ReferenceCSV.parse(text, file: "t.csv"))
    }
  }
}

/// The scalar-by-scalar CSV reader `CSV.parse` replaced, as it was.
private enum ReferenceCSV {
  static func parse(_ text: String, file: String) throws -> [CSVRecord] {
    var records: [CSVRecord] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var recordLine = 1
    var inQuotes = false
    var afterQuote = false
    var fieldStarted = false
    var scalars = Array(text.unicodeScalars)[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }

    func endRecord() {
      fields.append(field)
      if !(fields.count == 1 && fields[0].isEmpty && !fieldStarted) {
        records.append(CSVRecord(line: recordLine, fields: fields))
      }
      fields = []
      field = ""
      fieldStarted = false
      afterQuote = false
    }

    var index = scalars.startIndex
    while index < scalars.endIndex {
      let c = scalars[index]
      index = scalars.index(after: index)
      if inQuotes {
        if c == "\"" {
          if index < scalars.endIndex, scalars[index] == "\"" {
            field.unicodeScalars.append("\"")
            index = scalars.index(after: index)
          } else {
            inQuotes = false
            afterQuote = true
          }
        } else {
          if c == "\n" { line += 1 }
          field.unicodeScalars.append(c)
        }
        continue
      }
      switch c {
      case ",":
        fields.append(field)
        field = ""
        fieldStarted = true
        afterQuote = false
      case "\r":
        if index < scalars.endIndex, scalars[index] == "\n" { continue }
        endRecord()
        line += 1
        recordLine = line
      case "\n":
        endRecord()
        line += 1
        recordLine = line
      case "\"" where field.isEmpty && !afterQuote:
        inQuotes = true
        fieldStarted = true
      default:
        if afterQuote {
          throw FileFormatError(
            file: file, line: line, field: nil,
            message:
              "unexpected text after a closing quote (a quote inside a field must be doubled)")
        }
        fieldStarted = true
        field.unicodeScalars.append(c)
      }
    }
    if inQuotes {
      throw FileFormatError(
        file: file, line: recordLine, field: nil,
        message: "a quoted field is never closed")
    }
    if !field.isEmpty || !fields.isEmpty || fieldStarted { endRecord() }
    return records
  }
}
