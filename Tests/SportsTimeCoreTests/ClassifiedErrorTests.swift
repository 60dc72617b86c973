import Foundation
import XCTest

@testable import SportsTimeCore

/// Every error Core throws at a caller says its kind (`ClassifiedError`),
/// so a server answers 404 / 400 / 422 / 409 / 503 without reading text:
/// checked on errors real operations throw on the real catalog.
final class ClassifiedErrorTests: XCTestCase {
  /// The kind of the error `body` throws.
  private func kind(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line)
    -> ErrorKind?
  {
    do {
      try body()
      XCTFail("expected an error", file: file, line: line)
      return nil
    } catch {
      XCTAssertTrue(error is any ClassifiedError, "\(type(of: error))", file: file, line: line)
      return ErrorKind.of(error)
    }
  }

  func testCoreErrors_sayTheirKind() throws {
    let catalog = try Catalog.mlb()
    XCTAssertEqual(kind { _ = try catalog.team(named: "Springfield Isotopes") }, .notFound)
    XCTAssertEqual(kind { _ = try catalog.venue(named: "Nowhere Park") }, .notFound)
    let leagues = try Leagues.builtIn()
    XCTAssertEqual(
      kind { _ = try leagues.venue(named: "TD Garden", sport: .mlb, season: 2024) }, .invalidInput)
    XCTAssertEqual(kind { _ = try GameReference(parsing: "CHC@2024-13-01") }, .invalidInput)
    let cubs = try GameReference(parsing: "CHC@2024-06-04#2")
    XCTAssertEqual(kind { _ = try cubs.pick(from: [], teamName: "Cubs") }, .notFound)
    let gapTime = try XCTUnwrap(ClockTime(hour: 2, minute: 30))
    let springForward = try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 10))
    XCTAssertEqual(
      kind {
        _ = try LocalTime.resolve(gapTime, on: springForward, inZone: "America/Los_Angeles")
      }, .invalidInput)
    XCTAssertEqual(
      kind { _ = try TextNormalization.validated("\u{200B}", as: .tripName) }, .invalidInput)
    XCTAssertEqual(kind { _ = try JSONText.parse(Data("{".utf8)) }, .invalidInput)
    XCTAssertEqual(
      kind { _ = try TextFile.read(atPath: "/nonexistent-\(UUID().uuidString)/x.csv") }, .notFound)
    XCTAssertEqual(kind { _ = try TextFile.read(atPath: NSTemporaryDirectory()) }, .invalidInput)
    XCTAssertNil(ErrorKind.of(CocoaError(.fileNoSuchFile)))
  }
}
