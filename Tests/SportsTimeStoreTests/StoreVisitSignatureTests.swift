import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// `Store.visitSignature()`: it moves with every visit added, edited or
/// removed, and stays put otherwise (reads, trip edits), so the server's
/// watcher can tell open pages that the visits changed.
final class StoreVisitSignatureTests: StoreTestCase {
  func testTheSignatureMovesWithEveryVisitWriteAndOnlyThen() throws {
    try onBothStores { store in
      let empty = try store.visitSignature()
      XCTAssertEqual(empty, Store.VisitSignature(count: 0, latest: 0, removed: 0))
      try addNumberedVisits(2, to: store)
      let added = try store.visitSignature()
      XCTAssertEqual(added.count, 2)
      XCTAssertEqual(
        added.latest, 978_308_200_000_000, "2001-01-01T00:16:40Z in microseconds since 1970")
      _ = try store.visits()
      XCTAssertEqual(try store.visitSignature(), added, "reading changes nothing")
      let first = try XCTUnwrap(try store.visits().last)
      _ = try store.editVisit(id: first.id) { old in
        var new = old
        new.notes = "Bleachers"
        new.modifiedAt = Date(timeIntervalSinceReferenceDate: 2_000)
        return new
      }
      let edited = try store.visitSignature()
      XCTAssertEqual(edited.count, 2)
      XCTAssertEqual(edited.latest, 978_309_200_000_000)
      XCTAssertNotEqual(edited, added)
      // A trip's edit is not a visit's.
      try storeWith2024(store)
      let trip = try StoreFixtures.plan("Loop", environment: .live)
      try store.insert(trip)
      _ = try store.renameTrip(id: trip.trip.id, to: "Loop 2", now: Date())
      XCTAssertEqual(try store.visitSignature(), edited)
      _ = try store.removeVisit(id: first.id)
      let removed = try store.visitSignature()
      XCTAssertEqual(removed.count, 1)
      XCTAssertEqual(removed.removed, 1)
      XCTAssertNotEqual(removed, edited)
    }
  }
}
