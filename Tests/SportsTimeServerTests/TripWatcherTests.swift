import Foundation
import SportsTimeCore
import SportsTimeStore
import XCTest

@testable import SportsTimeServer

/// Issue 29, "Observe, don't poll": the trip watcher compares the change
/// token first and reads the trips' revisions (one query) only when it
/// moved; the server's own commits wake it at once; changes from another
/// connection and from the server itself both reach the event stream.
final class TripWatcherTests: APITestCase {
  /// A watcher on a connection of its own that only looks when told to
  /// (its timer would wait an hour).
  private func idleWatcher() throws -> (TripWatcher, Store) {
    let connection = try Store(path: databasePath)
    let watcher = TripWatcher(store: connection, interval: 3600)
    watcher.start()
    return (watcher, connection)
  }

  func testALookWithNothingChanged_readsNoTrip() throws {
    let id = tripID(try makeDemoTrip())
    _ = try makeDemoTrip(name: "Second loop")
    let (watcher, connection) = try idleWatcher()
    defer {
      watcher.stop()
      try? connection.close()
    }
    XCTAssertEqual(watcher.tripReads, 1, "the baseline")
    for _ in 0..<20 { watcher.poll() }
    // Reads through the server (its other connections) change nothing.
    XCTAssertEqual(try send("GET", "/api/trips").status, 200)
    XCTAssertEqual(try send("GET", "/api/trips/\(id)").status, 200)
    watcher.poll()
    XCTAssertEqual(watcher.tripReads, 1, "a look with nothing changed read the trips")
    // Another connection (as the CLI would be) commits: the next look
    // reads once, the ones after it not again.
    let other = try Store(path: databasePath)
    _ = try other.renameTrip(
      id: try XCTUnwrap(Trip.ID(parsing: id)), to: "Renamed elsewhere", now: Date())
    try other.close()
    watcher.poll()
    XCTAssertEqual(watcher.tripReads, 2)
    for _ in 0..<5 { watcher.poll() }
    XCTAssertEqual(watcher.tripReads, 2)
  }

  func testTheServersWatcher_readsNothingWhileIdle() throws {
    _ = try makeDemoTrip()
    let watcher = app.watcher
    /// Waits (at most 10 s) until the server's own timer has looked `n`
    /// more times; false when it did not.
    func waitForLooks(_ n: Int) -> Bool {
      let target = watcher.looks + n
      let deadline = Date().addingTimeInterval(10)
      while watcher.looks < target, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      return watcher.looks >= target
    }
    // The write's own look (and any the commit signal queued) pass first.
    XCTAssertTrue(waitForLooks(2), "the watcher's timer looked")
    let reads = watcher.tripReads
    // Then several ticks of its own timer with nothing changed.
    XCTAssertTrue(waitForLooks(4), "the watcher's timer looked")
    XCTAssertEqual(watcher.tripReads, reads, "the idle server's watcher read the trips")
  }

  func testACommitOfTheStore_wakesTheWatcherAtOnce() throws {
    let (watcher, connection) = try idleWatcher()
    defer {
      watcher.stop()
      try? connection.close()
    }
    store.observeCommits { [weak watcher] in watcher?.signal() }
    XCTAssertEqual(watcher.tripReads, 1)
    // The server writes (through `store`): the watcher, whose timer waits
    // an hour, reads at once.
    _ = try makeDemoTrip()
    let deadline = Date().addingTimeInterval(5)
    while watcher.tripReads < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertEqual(watcher.tripReads, 2)
  }

  func testAServerWriteAndAnotherConnectionsWrite_bothReachTheEventStream() throws {
    let id = tripID(try makeDemoTrip())
    let events = try openEventStream()
    XCTAssertTrue(events.readUntil("connected", within: 2), events.text)
    // The server's own write.
    let renamed = try send("PATCH", "/api/trips/\(id)", json: ["name": "Renamed here"])
    XCTAssertEqual(renamed.status, 200, renamed.text)
    XCTAssertTrue(events.readUntil("\"revision\": 2", within: 2), events.text)
    // Another connection's.
    let other = try Store(path: databasePath)
    _ = try other.renameTrip(
      id: try XCTUnwrap(Trip.ID(parsing: id)), to: "Renamed elsewhere", now: Date())
    try other.close()
    XCTAssertTrue(events.readUntil("\"revision\": 3", within: 2), events.text)
    XCTAssertEqual(events.text.components(separatedBy: "event: trip-changed").count, 3, events.text)
  }
}
