import Foundation
import XCTest

@testable import SportsTimeCore

/// Short ids unique among the ids shown together (review 3 of issue 8:
/// two hand-written legacy ids shared their first 8 characters, and
/// `trip list` showed both as `dddddddd`).
final class ShortIDTests: XCTestCase {
  func testPrefixes_areEightCharactersUnlessTwoIDsShareThem() throws {
    let one = try XCTUnwrap(UUID(uuidString: "DDDDDDDD-0000-4000-8000-000000000001"))
    let two = try XCTUnwrap(UUID(uuidString: "DDDDDDDD-0000-4000-8000-000000000002"))
    let near = try XCTUnwrap(UUID(uuidString: "DDDDDDDD-0100-4000-8000-000000000002"))
    let other = try XCTUnwrap(UUID(uuidString: "3F2A9C1E-0000-4000-8000-000000000001"))
    XCTAssertEqual(ShortID.prefixes(of: [other]), [other: "3f2a9c1e"])
    let shown = ShortID.prefixes(of: [one, two, near, other, one])
    XCTAssertEqual(shown[one], "dddddddd-0000-4000-8000-000000000001")
    XCTAssertEqual(shown[two], "dddddddd-0000-4000-8000-000000000002")
    XCTAssertEqual(shown[near], "dddddddd-01")
    XCTAssertEqual(shown[other], "3f2a9c1e")
    // Each prefix starts its own id and no other.
    for (id, prefix) in shown {
      for other in shown.keys where other != id {
        XCTAssertFalse(other.uuidString.lowercased().hasPrefix(prefix), "\(prefix)")
      }
    }
    XCTAssertEqual(ShortID.prefixes(of: []), [:])
  }

  /// Review 3: a coordinate that rounds to zero printed as -0.000000.
  func testDegrees_neverNegativeZero() {
    XCTAssertEqual(ExportSupport.degrees(-0.0000001), "0.000000")
    XCTAssertEqual(ExportSupport.degrees(-0.0), "0.000000")
    XCTAssertEqual(ExportSupport.degrees(-87.6553), "-87.655300")
  }
}
