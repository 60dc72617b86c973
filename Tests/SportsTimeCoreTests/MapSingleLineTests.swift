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
}
