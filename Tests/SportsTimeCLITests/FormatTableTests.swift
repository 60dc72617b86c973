import Foundation
import SportsTimeTestSupport
import XCTest

@testable import sportstime

/// `Format.table` writes each line into one string and measures each cell
/// once (issue 9, `history` with 2,000 visits): the same lines as the
/// implementation it replaced, kept here as the reference, on random
/// tables of ASCII, wide, zero-width and empty cells and ragged rows.
final class FormatTableTests: XCTestCase {
  /// The replaced implementation.
  private func reference(_ rows: [[String]]) -> [String] {
    guard let width = rows.first?.count else { return [] }
    var widths = [Int](repeating: 0, count: width)
    for row in rows {
      for (i, cell) in row.enumerated() where i < width - 1 {
        widths[i] = max(widths[i], DisplayWidth.of(cell))
      }
    }
    return rows.map { row in
      row.enumerated().map { i, cell in
        i < width - 1
          ? cell + String(repeating: " ", count: max(0, widths[i] - DisplayWidth.of(cell)))
          : cell
      }.joined(separator: "  ")
    }
  }

  private static let pieces = [
    "", "a", "Wrigley Field", "STL @ CHC", "東京", "ｅｃ", "e\u{301}", "🏟️", " ", "—", "\t", "2-3",
  ]

  func testTable_givesTheReferenceLines() {
    var rng = SplitMix64(seed: 0x15_0009_7AB1)
    XCTAssertEqual(Format.table([]), [])
    for _ in 0..<3_000 {
      let columns = 1 + Int(rng.next() % 5)
      let rows = (0..<Int(rng.next() % 6)).map { _ in
        // Rows may be shorter or longer than the first.
        (0..<max(0, columns + Int(rng.next() % 3) - 1)).map { _ in
          (0..<Int(rng.next() % 3)).map { _ in
            Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
          }.joined()
        }
      }
      XCTAssertEqual(Format.table(rows), reference(rows), "\(rows)")
      if Format.table(rows) != reference(rows) { return }
    }
  }

  /// `Format.TableLayout` (the lines as bytes, `history`) writes the
  /// reference lines, each with its newline, on the same random tables.
  func testTableLayout_writesTheReferenceLinesAsBytes() {
    var rng = SplitMix64(seed: 0x15_0009_7AB2)
    for _ in 0..<3_000 {
      let columns = 1 + Int(rng.next() % 5)
      let rows = (0..<Int(rng.next() % 6)).map { _ in
        (0..<max(0, columns + Int(rng.next() % 3) - 1)).map { _ in
          (0..<Int(rng.next() % 3)).map { _ in
            Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
          }.joined()
        }
      }
      let layout = Format.TableLayout(rows)
      var bytes: [UInt8] = [0x2A]
      for index in rows.indices { layout.write(line: index, to: &bytes) }
      let expected = "*" + reference(rows).map { $0 + "\n" }.joined()
      XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, "\(rows)")
      if String(decoding: bytes, as: UTF8.self) != expected { return }
    }
  }
}
