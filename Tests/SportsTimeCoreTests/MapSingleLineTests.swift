import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `MapScene.singleLine` returns clean printable ASCII as it is (issue 9,
/// speed: every label of `map --out` went through a scalar view and
/// Foundation's trimming) and is otherwise what it was.
final class MapSingleLineTests: XCTestCase {
  private func reference(_ s: String) -> String {
    String(
      String.UnicodeScalarView(
        s.unicodeScalars.map { "\n\r\t".unicodeScalars.contains($0) ? " " : $0 })
    ).trimmingCharacters(in: .whitespaces)
  }

  func testSingleLine_isTheScalarPathsText() throws {
    let pieces = [
      "Wrigley", " ", "  ", "\t", "\n", "\r\n", "Field", "\u{00A0}", "\u{2003}", "é", "e\u{301}",
      "~", "\u{7F}", "\u{1F}", "Daikin Park", "(", "\u{200B}", "東京ドーム", "-", "x",
    ]
    var rng = SplitMix64(seed: 0x0009_51A9)
    var texts = ["", " ", "a", " a", "a ", "Wrigley Field", "Rogers\tCentre", "\u{00A0}Fenway"]
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...6, using: &rng)
      texts.append((0..<count).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined())
    }
    for venue in try Leagues.builtIn().mapVenues { texts.append(venue.latestName) }
    for text in texts {
      let expected = reference(text)
      let got = MapScene.singleLine(text)
      XCTAssertEqual(got, expected, text.debugDescription)
      XCTAssertEqual(Array(got.unicodeScalars), Array(expected.unicodeScalars))
    }
  }

  /// `XMLText.escape` returns clean ASCII as it is and escapes the rest as
  /// the scalar loop did.
  func testXMLEscape_isTheScalarLoopsText() {
    func reference(_ s: String, _ whitespace: XMLText.Whitespace) -> String {
      var out = ""
      for scalar in s.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n", "\r", "\t":
          switch whitespace {
          case .asSpaces: out += " "
          case .keep: out += scalar == "\n" ? "\n" : scalar == "\r" ? "&#13;" : "&#9;"
          }
        default:
          let v = scalar.value
          if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
          out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    let pieces = [
      "Wrigley", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{7F}", "\u{1F}", "\u{85}",
      "\u{FFFE}", "é", "~", "AT&T Park", "東京", "\u{0}", "x",
    ]
    var rng = SplitMix64(seed: 0x0009_3E1A)
    var texts = ["", " ", "Oracle Park", "Guaranteed Rate Field"]
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...5, using: &rng)
      texts.append((0..<count).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined())
    }
    for text in texts {
      for whitespace in [XMLText.Whitespace.keep, .asSpaces] {
        XCTAssertEqual(
          XMLText.escape(text, whitespace: whitespace), reference(text, whitespace),
          text.debugDescription)
      }
    }
  }
}
