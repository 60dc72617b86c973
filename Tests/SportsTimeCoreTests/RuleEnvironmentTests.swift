import Foundation
import XCTest

@testable import SportsTimeCore

/// `RuleEnvironment.frozen()`: an operation reads the current instant once.
final class RuleEnvironmentTests: XCTestCase {
  /// A ticking clock, frozen, answers the instant of the freeze every time;
  /// the original keeps ticking; ids and estimator are kept.
  func testFrozen_readsTheClockOnceAndKeepsTheRest() {
    let ticks = Counter()
    let ticking = RuleEnvironment(
      now: { Date(timeIntervalSince1970: Double(ticks.next())) }, uuid: { UUID() },
      estimator: RouteEstimator(
        driveSummary: "test drive", flightSummary: "test flight",
        estimate: { _, _ in LegEstimate(distanceMeters: 1, durationSeconds: 2) }))
    let frozen = ticking.frozen()
    let first = frozen.now()
    XCTAssertEqual(first, Date(timeIntervalSince1970: 1))
    XCTAssertEqual(frozen.now(), first)
    XCTAssertEqual(frozen.now(), first)
    XCTAssertEqual(ticking.now(), Date(timeIntervalSince1970: 2))
    XCTAssertEqual(frozen.now(), first)
    XCTAssertEqual(frozen.estimator.driveSummary, "test drive")
    XCTAssertNotEqual(frozen.uuid(), frozen.uuid())
  }
}
