import Spelling
import XCTest

/// The one edit distance of the package.
final class EditDistanceTests: XCTestCase {
  func testBetween_countsInsertionsDeletionsSubstitutionsAndSwaps() {
    XCTAssertEqual(EditDistance.between("", "abc"), 3)
    XCTAssertEqual(EditDistance.between("abc", ""), 3)
    XCTAssertEqual(EditDistance.between("title", "title"), 0)
    XCTAssertEqual(EditDistance.between("titel", "title"), 1)
    XCTAssertEqual(EditDistance.between("kitten", "sitting"), 3)
    XCTAssertEqual(EditDistance.between("imprt", "import"), 1)
    XCTAssertEqual(EditDistance.between("cnh", "chn"), 1)
    XCTAssertEqual(EditDistance.between("cnh", "chn", countingSwaps: false), 2)
    XCTAssertEqual(EditDistance.between("kitten", "sitting", countingSwaps: false), 3)
    XCTAssertEqual(EditDistance.between("", "abc", countingSwaps: false), 3)
    XCTAssertEqual(EditDistance.between("CHN", "chn"), 3)
    // By characters, not scalars: "é" as one or two scalars is one.
    XCTAssertEqual(EditDistance.between("caf\u{E9}", "cafe\u{301}"), 0)
  }
}
