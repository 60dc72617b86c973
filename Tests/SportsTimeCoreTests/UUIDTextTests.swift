import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `UUID(text:)` accepts exactly what `UUID(uuidString:)` accepts, with the
/// same value: canonical ids in either case, and every near miss.
final class UUIDTextTests: XCTestCase {
  func testSameAnswerAsFoundation_onIdsAndNearMisses() {
    var rng = SplitMix64(seed: 0x00_1D_0009)
    var texts = [
      "", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "6F1C2B7A-0000-4000-8000-000000000001", "{6F1C2B7A-0000-4000-8000-000000000001}",
      "6F1C2B7A00004000800000000000000001", "6F1C2B7A-0000-4000-8000-00000000000",
      "6F1C2B7A-0000-4000-8000-0000000000011", " 6F1C2B7A-0000-4000-8000-000000000001",
      "6F1C2B7A-0000-4000-8000-00000000000g", "6F1C2B7A+0000-4000-8000-000000000001",
      "6F1C2B7A-0000-4000-8000-０00000000001", "+F1C2B7A-0000-4000-8000-000000000001",
    ]
    for _ in 0..<2_000 {
      var text = UUID(
        uuid: (
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
          UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng)
        )
      ).uuidString
      if Bool.random(using: &rng) { text = text.lowercased() }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        // One character replaced by another printable ASCII character.
        var scalars = Array(text.unicodeScalars)
        let at = Int.random(in: 0..<scalars.count, using: &rng)
        scalars[at] = Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))
        text = String(String.UnicodeScalarView(scalars))
      }
      texts.append(text)
    }
    for text in texts {
      XCTAssertEqual(UUID(text: text), UUID(uuidString: text), text)
      // The bytes form (a stored id read in place) answers the same.
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { utf8 in
        XCTAssertEqual(UUID(utf8: utf8), UUID(uuidString: text), text)
        XCTAssertEqual(Trip.ID(parsingUTF8: utf8), Trip.ID(parsing: text), text)
      }
    }
  }

  /// Review of issue 29: Linux's `UUID(uuidString:)` reads a C string, so
  /// an id followed by a NUL and anything (`…%00xyz` in a URL, `\u0000` in
  /// a trip file) passed as that id. A NUL anywhere refuses the text.
  func testATextHoldingANul_isNoId() {
    let id = "6f1c2b7a-0000-4000-8000-000000000001"
    for text in [
      id + "\u{0}xyz", id + "\u{0}", "\u{0}" + id, "6f1c2b7a-0000\u{0}-4000-8000-000000000001",
    ] {
      XCTAssertNil(UUID(text: text), text.debugDescription)
      XCTAssertNil(Trip.ID(parsing: text), text.debugDescription)
      Array(text.utf8).withUnsafeBufferPointer { utf8 in
        XCTAssertNil(UUID(utf8: utf8), text.debugDescription)
        XCTAssertNil(ItineraryItem.ID(parsingUTF8: utf8), text.debugDescription)
      }
    }
    XCTAssertNotNil(Trip.ID(parsing: id))
  }

  func testLowercaseTextIsTheLowercasedUUIDString() {
    var rng = SplitMix64(seed: 0x00_1D_0010)
    var uuids = [
      UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
      UUID(
        uuid: (
          255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255
        )),
    ]
    for _ in 0..<2_000 {
      var bytes = [UInt8](repeating: 0, count: 16)
      for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
      uuids.append(
        UUID(
          uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
          )))
    }
    for uuid in uuids {
      XCTAssertEqual(uuid.lowercaseText, uuid.uuidString.lowercased())
      XCTAssertEqual(UUID(text: uuid.lowercaseText), uuid)
      XCTAssertEqual(Trip.ID(uuid).description, uuid.uuidString.lowercased())
    }
  }
}
