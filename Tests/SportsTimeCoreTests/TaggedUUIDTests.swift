import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `TaggedUUID` as `Trip.ID`: the lowercase UUID text parsed and printed in
/// one place, a single string in a document, a type of its own.
final class TaggedUUIDTests: XCTestCase {
  private let text = "6f0c2a9e-1b7c-4d4b-9e8f-0123456789ab"

  func testTripID_parseAndPrintRoundTrip() throws {
    let id = try XCTUnwrap(Trip.ID(parsing: text))
    XCTAssertEqual(id.description, text)
    XCTAssertEqual("\(id)", text)
    XCTAssertEqual(Trip.ID(parsing: id.description), id)
    let upper = try XCTUnwrap(Trip.ID(parsing: text.uppercased()), "any case is read")
    XCTAssertEqual(upper, id)
    XCTAssertEqual(upper.description, text, "printed lowercase")
    XCTAssertEqual(id.rawValue, UUID(uuidString: text))
  }

  func testTripID_refusesMalformedText() {
    for bad in [
      "", "6f0c2a9e", "6f0c2a9e-1b7c-4d4b-9e8f-0123456789a",
      "6f0c2a9e-1b7c-4d4b-9e8f-0123456789abc",
      " \(text)", "\(text) ", "{\(text)}", "6f0c2a9e1b7c4d4b9e8f0123456789ab",
      "6g0c2a9e-1b7c-4d4b-9e8f-0123456789ab", "item:\(text)",
    ] {
      XCTAssertNil(Trip.ID(parsing: bad), "\"\(bad)\" is not a trip id")
    }
  }

  func testTripID_ordersAsItsText() throws {
    let texts = [
      "ffffffff-0000-4000-8000-000000000000", "0a000000-0000-4000-8000-000000000000",
      "a0000000-0000-4000-8000-000000000000", "09000000-0000-4000-8000-000000000000",
      "0a000000-0000-4000-8000-000000000001",
    ]
    let ids = try texts.map { try XCTUnwrap(Trip.ID(parsing: $0)) }
    XCTAssertEqual(ids.sorted().map(\.description), texts.sorted())
    XCTAssertFalse(ids[0] < ids[0])
    var rng = SplitMix64(seed: 20_261_201)
    for _ in 0..<200 {
      let a = Trip.ID(UUID.random(using: &rng))
      let b = Trip.ID(UUID.random(using: &rng))
      XCTAssertEqual(a < b, a.description < b.description, "\(a) vs \(b)")
    }
  }

  func testTripID_codableIsASingleLowercaseString() throws {
    let id = try XCTUnwrap(Trip.ID(parsing: text.uppercased()))
    let data = try JSONEncoder().encode([id])
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\"\(text)\"]")
    XCTAssertEqual(try JSONDecoder().decode([Trip.ID].self, from: data), [id])
    XCTAssertThrowsError(
      try JSONDecoder().decode([Trip.ID].self, from: Data(#"["6f0c2a9e"]"#.utf8))
    ) { error in
      guard case DecodingError.dataCorrupted(let context) = error else {
        return XCTFail("expected dataCorrupted, got \(error)")
      }
      XCTAssertTrue(context.debugDescription.contains("\"6f0c2a9e\""), context.debugDescription)
    }
  }

  func testItemAndVisitIDs_parsePrintOrderAndCodeAsTripIDsDo() throws {
    let item = try XCTUnwrap(ItineraryItem.ID(parsing: text.uppercased()))
    let visit = try XCTUnwrap(Visit.ID(parsing: text))
    XCTAssertEqual(item.description, text)
    XCTAssertEqual(visit.description, text)
    XCTAssertEqual(RowID.item(item).description, "item:\(text)")
    XCTAssertNil(ItineraryItem.ID(parsing: String(text.dropLast())))
    XCTAssertNil(Visit.ID(parsing: "visit:\(text)"))
    let lower = try XCTUnwrap(Visit.ID(parsing: "00000000-0000-0000-0000-00000000000a"))
    XCTAssertLessThan(lower, visit)
    XCTAssertEqual(
      String(decoding: try JSONEncoder().encode([item]), as: UTF8.self), "[\"\(text)\"]")
    XCTAssertEqual(
      try JSONDecoder().decode([Visit.ID].self, from: Data("[\"\(text)\"]".utf8)), [visit])
    XCTAssertThrowsError(
      try JSONDecoder().decode([ItineraryItem.ID].self, from: Data(#"["item"]"#.utf8)))
  }

  /// Ids of different kinds are different types: a trip id cannot be
  /// passed as a game id or a bare UUID (the compiler refuses it; shown
  /// here by the types themselves).
  func testIDKinds_areDistinctTypes() {
    XCTAssertFalse(Trip.ID.self == Game.ID.self)
    XCTAssertFalse(Trip.ID.self == UUID.self)
    XCTAssertFalse(Trip.ID.self == Venue.ID.self)
    XCTAssertFalse(Trip.ID.self == ItineraryItem.ID.self)
    XCTAssertFalse(Trip.ID.self == Visit.ID.self)
    XCTAssertFalse(ItineraryItem.ID.self == Visit.ID.self)
    XCTAssertTrue(type(of: Fixtures.custom().id) == ItineraryItem.ID.self)
    XCTAssertTrue(type(of: Fixtures.tripID) == Trip.ID.self)
    XCTAssertTrue(type(of: Fixtures.custom().tripID) == Trip.ID.self)
  }
}

extension UUID {
  /// A UUID from `rng`'s next 16 bytes.
  fileprivate static func random(using rng: inout SplitMix64) -> UUID {
    let a = rng.next()
    let b = rng.next()
    func byte(_ x: UInt64, _ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: x >> (8 * i)) }
    return UUID(
      uuid: (
        byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6),
        byte(a, 7), byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5),
        byte(b, 6), byte(b, 7)
      ))
  }
}
