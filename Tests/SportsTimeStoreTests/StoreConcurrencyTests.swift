import Dispatch
import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// One `Store` shared by many threads (issue 9, "Types a server can trust":
/// the store handle is safe to share between threads, like GRDB's
/// `DatabaseQueue`): every operation is serialized on its one connection,
/// so concurrent writers and readers all succeed, every write is kept, and
/// each trip's revision counts exactly its own committed changes.
final class StoreConcurrencyTests: StoreTestCase {
  /// How many threads run at once.
  private static let threads = 8
  /// Items each thread adds to its own trip.
  private static let itemsPerThread = 12

  /// A fixed clock with random ids: sequential ids would collide between
  /// threads.
  private static let environment = RuleEnvironment(
    now: { StoreFixtures.now }, uuid: { UUID() }, estimator: .default)

  /// Eight threads each create a trip on the 2024 games and add items to it
  /// one write at a time, while reading the trips list, games and visits in
  /// between and recording a visit; afterwards every trip, item and visit is
  /// there and each trip is at revision 1 + its item count.
  func testSharedStore_concurrentWritersAndReadersAllSucceed() throws {
    let (threads, itemsPerThread, environment) = (
      Self.threads, Self.itemsPerThread, Self.environment
    )
    for path in [":memory:", filePath("shared.sqlite")] {
      let store = try Store(path: path, clock: { StoreFixtures.now })
      try storeWith2024(store)
      let catalog = try StoreFixtures.catalog()
      let games = try StoreFixtures.games2024()
      let failures = Locked<[String]>([])
      DispatchQueue.concurrentPerform(iterations: threads) { index in
        do {
          let planned = try StoreFixtures.plan("Trip \(index)", environment: environment)
          try store.insert(planned)
          for n in 0..<itemsPerThread {
            _ = try store.editTrip("Trip \(index)", catalog: catalog, now: StoreFixtures.now) {
              try $0.add(
                CustomInfo(title: "Plan \(n)", category: .note), at: .bottom(day: 1 + n % 3),
                environment: environment)
            }
            _ = try store.trips()
            _ = try store.games(GameQuery(teamIDs: ["CHN"]))
            _ = try store.visits()
          }
          let game = games[index * 100]
          try store.insertVisit(Visit(game: game, id: Visit.ID(UUID()), now: StoreFixtures.now))
        } catch {
          failures.append("thread \(index): \(error)")
        }
      }
      XCTAssertEqual(failures.current, [], path)
      let trips = try store.trips()
      XCTAssertEqual(
        trips.map(\.name).sorted(), (0..<threads).map { "Trip \($0)" }.sorted(), path)
      for trip in trips {
        let loaded = try store.loadTrip(id: trip.id)
        XCTAssertEqual(
          loaded.items.filter { $0.customInfo != nil }.count, itemsPerThread,
          "\(path) \(trip.name)")
        XCTAssertEqual(loaded.trip.revision, 1 + itemsPerThread, "\(path) \(trip.name)")
      }
      XCTAssertEqual(try store.visits().count, threads, path)
      XCTAssertTrue(store.hasSavedChanges)
      try store.close()
    }
  }

  /// Two threads edit the same trip 25 times each, each edit a
  /// read-modify-write in one transaction: none is lost, and the revision
  /// rises by exactly one per edit.
  func testSharedStore_concurrentEditsOfOneTripAreNeverLost() throws {
    let environment = Self.environment
    let store = try Store(path: filePath(), clock: { StoreFixtures.now })
    try storeWith2024(store)
    let catalog = try StoreFixtures.catalog()
    try store.insert(try StoreFixtures.plan("Shared", environment: environment))
    let edits = 25
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      for n in 0..<edits {
        do {
          _ = try store.editTrip("Shared", catalog: catalog, now: StoreFixtures.now) {
            try $0.add(
              CustomInfo(title: "T\(index)-\(n)", category: .note), at: .top(day: 2),
              environment: environment)
          }
        } catch {
          failures.append("thread \(index) edit \(n): \(error)")
        }
      }
    }
    XCTAssertEqual(failures.current, [])
    let loaded = try store.loadTrip("Shared")
    XCTAssertEqual(loaded.items.filter { $0.customInfo != nil }.count, 2 * edits)
    XCTAssertEqual(loaded.trip.revision, 1 + 2 * edits)
  }
}
