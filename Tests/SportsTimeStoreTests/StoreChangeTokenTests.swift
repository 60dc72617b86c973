import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// Issue 29, "Observe, don't poll": what the server's trip watcher relies
/// on to look cheaply. The change token (`PRAGMA data_version` and the
/// connection's own changes) stays put through reads and moves with every
/// commit, another connection's or its own; `tripRevisions()` is every
/// trip's revision in one query; `observeCommits` hears each committing
/// transaction once, and nothing else.
final class StoreChangeTokenTests: StoreTestCase {
  private let environment = RuleEnvironment.fixed(now: StoreFixtures.now)

  /// A counter an observer bumps from any thread.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func bump() {
      lock.lock()
      count += 1
      lock.unlock()
    }
    var value: Int {
      lock.lock()
      defer { lock.unlock() }
      return count
    }
  }

  func testChangeToken_movesWithEveryCommit_notWithReads() throws {
    let path = filePath()
    let writer = try Store(path: path)
    try storeWith2024(writer)
    let watcher = try Store(path: path)
    let first = try watcher.changeToken()
    // Reads, on either connection, move nothing.
    _ = try watcher.trips()
    _ = try writer.trips()
    _ = try watcher.tripRevisions()
    XCTAssertEqual(try watcher.changeToken(), first)
    // Another connection's commit moves the data version (on this build
    // of SQLite, as https://www.sqlite.org/pragma.html#pragma_data_version
    // says), so the watcher sees a writer it does not share a lock with.
    let planned = try StoreFixtures.plan("Watched", environment: environment)
    try writer.insert(planned)
    let second = try watcher.changeToken()
    XCTAssertNotEqual(second.dataVersion, first.dataVersion)
    XCTAssertEqual(second.ownChanges, first.ownChanges)
    XCTAssertEqual(try watcher.changeToken(), second, "the version moves once per commit")
    // A commit of the watcher's own connection does not move its data
    // version; its own changes count does.
    _ = try watcher.renameTrip("Watched", to: "Renamed", now: StoreFixtures.now)
    let third = try watcher.changeToken()
    XCTAssertEqual(third.dataVersion, second.dataVersion)
    XCTAssertNotEqual(third.ownChanges, second.ownChanges)
    // A rolled-back transaction moves nothing.
    XCTAssertThrowsError(
      try writer.transaction {
        _ = try writer.renameTrip("Renamed", to: "Undone", now: StoreFixtures.now)
        throw CancellationError()
      })
    XCTAssertEqual(try watcher.changeToken(), third)
    try watcher.close()
    try writer.close()
  }

  func testTripRevisions_areEveryTripsRevisionInOneQuery() throws {
    try onBothStores { store in
      try storeWith2024(store)
      XCTAssertEqual(try store.tripRevisions(), [:])
      let first = try StoreFixtures.plan("First", environment: environment)
      let second = try StoreFixtures.plan(
        "Second", gameIDs: ["DET202406080"], environment: environment)
      try store.insert(first)
      try store.insert(second)
      _ = try store.renameTrip("First", to: "First again", now: StoreFixtures.now)
      XCTAssertEqual(try store.tripRevisions(), [first.trip.id: 2, second.trip.id: 1])
      XCTAssertEqual(
        try store.tripRevisions(),
        Dictionary(uniqueKeysWithValues: try store.trips().map { ($0.id, $0.revision) }))
      _ = try store.deleteTrip("Second")
      XCTAssertEqual(try store.tripRevisions(), [first.trip.id: 2])
    }
  }

  func testObserveCommits_hearsEachCommittingTransactionOnce() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let heard = Counter()
      store.observeCommits { heard.bump() }
      // Reads, and transactions that write nothing or roll back: nothing.
      _ = try store.trips()
      _ = try store.transaction { try store.tripRevisions() }
      XCTAssertThrowsError(
        try store.transaction {
          try store.insert(try StoreFixtures.plan("Rolled back", environment: environment))
          throw CancellationError()
        })
      XCTAssertEqual(heard.value, 0)
      // One insert, one journaled edit (transactions inside a transaction):
      // one call each.
      try store.insert(try StoreFixtures.plan("Heard", environment: environment))
      XCTAssertEqual(heard.value, 1)
      _ = try store.renameTrip("Heard", to: "Heard again", now: StoreFixtures.now)
      XCTAssertEqual(heard.value, 2)
    }
  }
}
