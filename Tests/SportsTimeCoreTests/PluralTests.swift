import SportsTimeCore
import XCTest

/// `Plural`: the one plural rule of every message and view.
final class PluralTests: XCTestCase {
  func testCountNounAndForm_agreeWithTheNumber() {
    XCTAssertEqual([0, 1, 2].map { Plural.count($0, "game") }, ["0 games", "1 game", "2 games"])
    XCTAssertEqual([1, 3].map { Plural.noun("visit", $0) }, ["visit", "visits"])
    XCTAssertEqual(
      [0, 1, 2].map { Plural.form($0, one: "is", other: "are") }, ["are", "is", "are"])
    XCTAssertEqual([1, 5].map { Plural.form($0, one: "its", other: "their") }, ["its", "their"])
  }

  func testList_joinsWithAnd() {
    XCTAssertEqual(Plural.list([]), "")
    XCTAssertEqual(Plural.list(["Fenway Park"]), "Fenway Park")
    XCTAssertEqual(Plural.list(["A", "B"]), "A and B")
    XCTAssertEqual(Plural.list(["A", "B", "C"]), "A, B and C")
  }
}
