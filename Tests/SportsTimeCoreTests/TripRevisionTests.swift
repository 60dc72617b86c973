import Foundation
import XCTest

@testable import SportsTimeCore

/// The Core side of trip revisions (issue 9): a new trip and a copy are at
/// revision 1, a rename keeps the revision (the store raises it), and the
/// conflict error says what happened in plain words and has kind conflict.
final class TripRevisionTests: XCTestCase {
  private func trip(revision: Int) throws -> Trip {
    Trip(
      id: Trip.ID(UUID()), name: "Great Lakes",
      startDate: try XCTUnwrap(CalendarDate(iso: "2024-06-04")),
      endDate: try XCTUnwrap(CalendarDate(iso: "2024-06-08")), gameIDs: ["CHN202406040"],
      createdAt: Date(timeIntervalSince1970: 0), modifiedAt: Date(timeIntervalSince1970: 0),
      revision: revision)
  }

  func testRevision_newTripAndCopyAtOneRenameKeepsIt() throws {
    let stored = try trip(revision: 7)
    XCTAssertEqual(
      Trip(
        id: stored.id, name: stored.name, startDate: stored.startDate, endDate: stored.endDate,
        gameIDs: stored.gameIDs, createdAt: stored.createdAt, modifiedAt: stored.modifiedAt
      ).revision, 1)
    let copy = try stored.copy(named: "Copy", items: [], environment: .fixed(now: Date()))
    XCTAssertEqual(copy.trip.revision, 1)
    XCTAssertEqual(try stored.renamed(to: "Lakes", now: Date()).revision, 7)
  }

  func testRevisionConflict_kindAndMessage() {
    let error = TripError.revisionConflict(trip: "Great Lakes", expected: 3, current: 5)
    XCTAssertEqual(error.kind, .conflict)
    XCTAssertEqual(error.kind.rawValue, "conflict")
    XCTAssertEqual(
      error.description,
      "the trip \"Great Lakes\" was changed by someone else: this change was based on revision 3, but the trip is now at revision 5, so nothing was changed; look at the trip again and redo the change"
    )
    XCTAssertEqual(TripError.noGames.kind, .invalidInput)
    XCTAssertEqual(TripError.removesEveryGame(trip: "x").kind, .refused)
    XCTAssertEqual(TripError.cancelledGame("CHN202406040").kind, .refused)
  }
}
