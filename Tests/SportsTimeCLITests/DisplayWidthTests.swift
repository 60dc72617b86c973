import XCTest

@testable import sportstime

/// The ASCII shortcut of `DisplayWidth.of` gives what the per-character
/// rule gives, for every ASCII character and mixes of them.
final class DisplayWidthTests: XCTestCase {
  private func slow(_ text: String) -> Int { text.reduce(0) { $0 + DisplayWidth.of($1) } }

  func testASCII_matchesThePerCharacterRule() {
    var texts = ["", "\r\n", "\r", "\n", "\r\r\n\n", "Wrigley Field, Chicago", "a\u{7F}b\u{0}"]
    texts += (0..<128).map { String(Character(Unicode.Scalar(UInt8($0)))) }
    // Every pair of ASCII characters (CR LF among them).
    for a in 0..<128 {
      for b in 0..<128 {
        texts.append(
          String(String.UnicodeScalarView([Unicode.Scalar(UInt8(a)), Unicode.Scalar(UInt8(b))])))
      }
    }
    for text in texts { XCTAssertEqual(DisplayWidth.of(text), slow(text), text.debugDescription) }
    XCTAssertEqual(DisplayWidth.of("東京 🏟️"), 7)
    XCTAssertEqual(DisplayWidth.of("Cafe\u{301} au lait"), 12)
  }
}
