import Foundation
import XCTest

@testable import SportsTimeCore

/// `Game.ID`: the Retrosheet id as one typed value, parsed and printed in
/// one place, a single string in a document.
final class GameIDTests: XCTestCase {
  func testParse_printsTheSameText() throws {
    for text in ["CHN202406040", "SLN202405222", "ANA202409290", "NY1202404010"] {
      let id = try XCTUnwrap(Game.ID(parsing: text), text)
      XCTAssertEqual(id.description, text)
      XCTAssertEqual("\(id)", text)
      XCTAssertEqual(Game.ID(parsing: id.description), id)
    }
  }

  func testParse_refusesMalformedText() {
    for text in [
      "", "CHN", "CHN2024", "CHN20240604", "CHN2024060400", "chn202406040", "CHN 02406040",
      " CHN202406040", "CHN202406040 ", "CHN2024O6040", "game:CHN202406040", "CH-202406040",
      "ÇHN202406040",
    ] {
      XCTAssertNil(Game.ID(parsing: text), "\"\(text)\" is not a game id")
    }
  }

  func testOrdering_isTheTextsByteOrder() {
    let ids: [Game.ID] = ["MIL202406100", "CHN202406040", "CHN202406041", "CHA202406060"]
    XCTAssertEqual(
      ids.sorted().map(\.description),
      ["CHA202406060", "CHN202406040", "CHN202406041", "MIL202406100"])
    XCTAssertLessThan(Game.ID("CHN202406040"), Game.ID("CHN202406041"))
    XCTAssertFalse(Game.ID("CHN202406040") < Game.ID("CHN202406040"))
  }

  func testCodable_isASingleString() throws {
    let id = Game.ID("CHN202406040")
    let data = try JSONEncoder().encode([id])
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["CHN202406040"]"#)
    XCTAssertEqual(try JSONDecoder().decode([Game.ID].self, from: data), [id])
  }

  func testDecoding_refusesMalformedText() {
    XCTAssertThrowsError(
      try JSONDecoder().decode([Game.ID].self, from: Data(#"["CHN2024"]"#.utf8))
    ) { error in
      guard case DecodingError.dataCorrupted(let context) = error else {
        return XCTFail("expected dataCorrupted, got \(error)")
      }
      XCTAssertTrue(context.debugDescription.contains("\"CHN2024\""), context.debugDescription)
    }
    XCTAssertThrowsError(try JSONDecoder().decode([Game.ID].self, from: Data("[42]".utf8)))
  }

  func testGames_areIdentifiedByTheirTypedID() throws {
    let game = try Fixtures.seasonGame("CHN202406040")
    XCTAssertEqual(game.id, Game.ID(parsing: "CHN202406040"))
    XCTAssertTrue(type(of: game.id) == Game.ID.self)
    XCTAssertFalse(type(of: game.id) == String.self, "a game id is not a bare String")
    XCTAssertFalse(Game.ID.self == Venue.ID.self)
  }
}
