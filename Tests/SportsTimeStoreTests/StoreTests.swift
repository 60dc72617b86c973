import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// Tests for opening a `Store`: connection settings, migrations, durability
/// across reopen and a simulated crash, and the default path.
final class StoreTests: StoreTestCase {
  /// The id of the first (and so far only) schema migration.
  private let schemaMigration = "2026-11-29-1-catalog-and-trips"

  /// The migration ids recorded in `database`'s ledger, in order.
  private func ledger(_ database: Database) throws -> [String] {
    try database.query("SELECT id FROM schema_migrations ORDER BY rowid").map {
      try $0.string("id")
    }
  }

  /// File stores use WAL with foreign keys on; ":memory:" reports "memory".
  func testOpen_walAndForeignKeys() throws {
    let file = try Store(path: filePath())
    XCTAssertEqual(file.path, filePath())
    XCTAssertTrue(FileManager.default.fileExists(atPath: filePath()))
    XCTAssertEqual(try file.database.query("PRAGMA journal_mode").first?.string(0), "wal")
    XCTAssertEqual(try file.database.query("PRAGMA foreign_keys").first?.int(0), 1)
    XCTAssertEqual(try file.database.query("PRAGMA busy_timeout").first?.int(0), 5000)
    try file.close()

    // WAL is recorded in the file itself: a fresh raw connection sees it
    // before setting anything (header bytes 18–19 are 2 in WAL mode).
    let header = try XCTUnwrap(FileManager.default.contents(atPath: filePath()))
    XCTAssertEqual(Array(header.prefix(16)), Array("SQLite format 3\0".utf8))
    XCTAssertEqual(header[18], 2)
    XCTAssertEqual(header[19], 2)

    let memory = try Store(path: ":memory:")
    XCTAssertEqual(try memory.database.query("PRAGMA journal_mode").first?.string(0), "memory")
    XCTAssertEqual(try memory.database.query("PRAGMA foreign_keys").first?.int(0), 1)
    try memory.close()
  }

  /// A fresh database records the schema migration and has the tables.
  func testMigrations_freshDatabaseRecordsSchema() throws {
    try onBothStores { store in
      XCTAssertEqual(try ledger(store.database), Schema.ledger.map(\.id))
      XCTAssertEqual(Schema.ledger.first?.id, schemaMigration, "the first migration never changes")
      XCTAssertEqual(try Schema.migrator.pendingMigrations(store.database), [])
      let tables = try store.database.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
      ).map { try $0.string("name") }
      XCTAssertTrue(
        Set(tables).isSuperset(of: [
          "games", "itinerary_items", "schema_migrations", "trip_games", "trips",
        ]), "\(tables)")
    }
  }

  /// Reopening a file does not run the migration again (ledger unchanged,
  /// data kept).
  func testMigrations_reopenDoesNotRerun() throws {
    let path = filePath()
    let first = try Store(path: path)
    try storeWith2024(first)
    let recorded = try first.database.query("SELECT id, applied_at FROM schema_migrations")
    try first.close()

    Thread.sleep(forTimeInterval: 0.01)
    let second = try Store(path: path)
    XCTAssertEqual(
      try second.database.query("SELECT id, applied_at FROM schema_migrations"), recorded)
    XCTAssertEqual(try second.gameCount(), 2430)
    try second.close()
  }

  /// A database with a migration this build does not know (written by a
  /// newer version) is refused, and nothing in it is changed.
  func testMigrations_unknownNewerMigrationRefused() throws {
    let path = filePath()
    do {
      let store = try Store(path: path)
      try storeWith2024(store)
      try store.close()
    }
    do {
      let raw = try Database(path: path)
      try raw.execute(
        "INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)",
        ["2099-01-01-1-from-the-future", "2099-01-01T00:00:00.000Z"])
      try raw.close()
    }
    let error = storeError { try Store(path: path) }
    if case .unknownMigration(let id) = error {
      XCTAssertEqual(id, "2099-01-01-1-from-the-future")
    } else {
      XCTFail("expected unknownMigration, got \(String(describing: error))")
    }
    XCTAssertTrue(error?.description.contains("newer version") ?? false)

    let raw = try Database(path: path)
    XCTAssertEqual(try ledger(raw), Schema.ledger.map(\.id) + ["2099-01-01-1-from-the-future"])
    XCTAssertEqual(try raw.query("SELECT count(*) FROM games").first?.int(0), 2430)
    try raw.close()
  }

  /// A file that is not a database is refused with a plain explanation.
  func testOpen_notADatabaseRefused() throws {
    let path = filePath("garbage.sqlite")
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = storeError { try Store(path: path) }
    XCTAssertNotNil(error)
    XCTAssertTrue(error?.description.contains("not a sportstime database") ?? false)
  }

  /// Committed games and trips are there after closing and reopening.
  func testDurability_committedDataSurvivesReopen() throws {
    let path = filePath()
    let games = try StoreFixtures.games2024()
    let planned = try StoreFixtures.plan(
      "Chicago and Detroit", environment: .fixed(now: StoreFixtures.now))
    do {
      let store = try Store(path: path)
      try storeWith2024(store)
      try store.insert(planned)
      try store.close()
    }
    let reopened = try Store(path: path)
    XCTAssertEqual(try reopened.games(), StoreFixtures.inStoreOrder(games))
    XCTAssertEqual(try reopened.loadTrip("Chicago and Detroit").trip, planned.trip)
    XCTAssertTrue(try reopened.importGames(games).isNoOp)
    try reopened.close()
  }

  /// A crash is simulated by copying the database and its WAL while the
  /// store is still open: mid-import the copy holds none of the import;
  /// after the commit (no checkpoint, no close) it holds all of it.
  func testDurability_crashCopyHoldsOnlyCommittedData() throws {
    let path = filePath()
    let games = try StoreFixtures.games2024()
    let store = try Store(path: path)
    XCTAssertEqual(try store.importGames(Array(games.prefix(500))).inserted, 500)

    /// Copies the database file and its WAL (not the shared-memory index,
    /// which readers rebuild) as a crash would leave them on disk.
    func crashCopy(_ name: String) throws -> String {
      let copy = filePath(name)
      let manager = FileManager.default
      try manager.copyItem(atPath: path, toPath: copy)
      if manager.fileExists(atPath: path + "-wal") {
        try manager.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
      }
      return copy
    }

    var midImport = ""
    XCTAssertThrowsError(
      try store.transaction { () throws -> Void in
        _ = try store.importGames(games)
        midImport = try crashCopy("mid-import.sqlite")
        throw StoreTestError.rollback
      })
    _ = try store.importGames(games)
    let afterCommit = try crashCopy("after-commit.sqlite")

    let recoveredMid = try Store(path: midImport)
    XCTAssertEqual(
      try recoveredMid.games(), StoreFixtures.inStoreOrder(Array(games.prefix(500))))
    try recoveredMid.close()
    let recoveredAfter = try Store(path: afterCommit)
    XCTAssertEqual(try recoveredAfter.games(), StoreFixtures.inStoreOrder(games))
    try recoveredAfter.close()
    try store.close()
  }

  /// `transaction` commits the body's work and returns its value.
  func testTransaction_commitsAndReturnsValue() throws {
    try onBothStores { store in
      let games = try StoreFixtures.games2024()
      let result = try store.transaction { () throws -> GameImportResult in
        let first = try store.importGames(Array(games.prefix(10)))
        _ = try store.importGames(Array(games.dropFirst(10).prefix(10)))
        return first
      }
      XCTAssertEqual(result.inserted, 10)
      XCTAssertEqual(try store.gameCount(), 20)
      XCTAssertFalse(store.database.isInTransaction)
    }
  }

  /// XDG_DATA_HOME is used when absolute; otherwise HOME/.local/share.
  func testDefaultPath_followsXDG() {
    XCTAssertEqual(
      Store.defaultPath(environment: ["XDG_DATA_HOME": "/xdg/data", "HOME": "/home/ann"]),
      "/xdg/data/sportstime/sportstime.sqlite")
    XCTAssertEqual(
      Store.defaultPath(environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/ann"]),
      "/home/ann/.local/share/sportstime/sportstime.sqlite")
    XCTAssertEqual(
      Store.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"]),
      "/home/ann/.local/share/sportstime/sportstime.sqlite")
    XCTAssertEqual(
      Store.defaultPath(environment: ["HOME": "/home/ann"]),
      "/home/ann/.local/share/sportstime/sportstime.sqlite")
    XCTAssertEqual(
      Store.defaultPath(environment: [:]),
      NSHomeDirectory() + "/.local/share/sportstime/sportstime.sqlite")
  }
}
