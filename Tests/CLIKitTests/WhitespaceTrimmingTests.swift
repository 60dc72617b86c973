import Foundation
import SportsTimeTestSupport
import XCTest

@testable import CLIKit

/// `trimmingWhitespace()` (list values such as `--team CHC,DET`) skips
/// Foundation's character set when there is nothing to trim (issue 9,
/// small commands): the same text as `trimmingCharacters(in:
/// .whitespaces)` on random text of spaces, tabs, other whitespace,
/// line breaks, combining marks and letters.
final class WhitespaceTrimmingTests: XCTestCase {
  private static let pieces: [String] = [
    " ", "\t", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{200B}", "\n", "\r\n", "a", "CHC", "é",
    "e\u{301}", "\u{301}", "日本", "🇺🇸", ",", "~", "\u{7F}", "\u{0}",
  ]

  func testTrimmingWhitespace_isFoundationsTrimming() {
    var rng = SplitMix64(seed: 0x0009_7121)
    var trimmed = 0
    for _ in 0..<20_000 {
      let text = (0..<Int(rng.next() % 6)).map { _ in
        Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
      }.joined()
      let expected = text.trimmingCharacters(in: .whitespaces)
      XCTAssertEqual(text.trimmingWhitespace(), expected, text.debugDescription)
      XCTAssertTrue(
        text.trimmingWhitespace().unicodeScalars.elementsEqual(expected.unicodeScalars),
        text.debugDescription)
      // A slice of a longer text (as `listValues` trims the pieces of a
      // value split at commas).
      let piece = Substring((text + ",").unicodeScalars.dropLast())
      XCTAssertEqual(piece.trimmingWhitespace(), expected, text.debugDescription)
      if expected != text { trimmed += 1 }
    }
    XCTAssertGreaterThan(trimmed, 5_000)
  }
}
