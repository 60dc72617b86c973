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
    }
  }
}
