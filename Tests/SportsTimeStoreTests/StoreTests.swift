import CSQLite
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

  /// Second review of issue 8: a write whose report could not be printed
  /// (stdout on a full disk) exited 1 as if nothing had happened, though
  /// its change was saved. The store now says whether one was.
  func testTransaction_remembersWhetherAChangeWasSaved() throws {
    struct Refused: Error {}
    let store = try Store(path: filePath())
    XCTAssertFalse(store.hasSavedChanges, "setting up the file is no change")
    _ = try store.transaction { try store.setting("zoom") }
    XCTAssertFalse(store.hasSavedChanges, "a transaction that only read")
    XCTAssertThrowsError(
      try store.transaction {
        try store.setSetting("zoom", "2")
        throw Refused()
      })
    XCTAssertThrowsError(
      try store.transaction {
        try store.transaction { try store.setSetting("zoom", "2") }
        throw Refused()
      })
    XCTAssertFalse(store.hasSavedChanges, "rolled back, even the inner transaction's change")
    XCTAssertNil(try store.setting("zoom"))
    try store.transaction { try store.setSetting("zoom", "2") }
    XCTAssertTrue(store.hasSavedChanges)
    XCTAssertTrue(Store.changesSavedInThisProcess)
  }

  /// File stores use WAL with foreign keys on; ":memory:" reports "memory".
  func testOpen_walAndForeignKeys() throws {
    let file = try Store(path: filePath())
    XCTAssertEqual(file.path, filePath())
    XCTAssertTrue(FileManager.default.fileExists(atPath: filePath()))
    XCTAssertEqual(try file.database.query("PRAGMA journal_mode").first?.string(0), "wal")
    XCTAssertEqual(try file.database.query("PRAGMA foreign_keys").first?.int(0), 1)
    XCTAssertEqual(try file.database.query("PRAGMA busy_timeout").first?.int(0), 5000)
    XCTAssertEqual(file.busyTimeoutMilliseconds, 5000)
    XCTAssertEqual(try file.database.query("PRAGMA synchronous").first?.int(0), 2, "FULL")
    try file.close()
    // A test's short busy timeout is the connection's, and the store says it.
    let quick = try Store(path: filePath(), busyTimeoutMilliseconds: 50)
    XCTAssertEqual(try quick.database.query("PRAGMA busy_timeout").first?.int(0), 50)
    XCTAssertEqual(quick.busyTimeoutMilliseconds, 50)
    let second = try quick.anotherConnection()
    XCTAssertEqual(try second.database.query("PRAGMA busy_timeout").first?.int(0), 50)
    try second.close()
    try quick.close()

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

  // MARK: Files that are not ours, empty files, readers and writers

  /// Another program's SQLite file in rollback-journal mode (tables, no
  /// sportstime ledger) is refused byte for byte unchanged: no table added,
  /// still a rollback journal (header bytes 18–19 are 1), no WAL beside it.
  /// A program closing the database deletes its `-wal` and `-shm` a
  /// moment before it lets go of the file. A store opened in that moment
  /// (a command run just as another ends) was refused as if a server held
  /// a deleted log; it now waits for the other program to let go, then
  /// opens. (A server that keeps holding one is still refused:
  /// ServeCommandTests.)
  func testOpen_aProgramLettingGoOfItsDeletedLog_isWaitedFor() throws {
    let path = filePath()
    try Store(path: path).close()
    // Another process opens the database (WAL: it holds a shared lock
    // while open), deletes its log files, says so, and exits 0.3 s later.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    child.arguments = [
      "-c",
      """
      import os, sqlite3, sys, time
      c = sqlite3.connect(sys.argv[1])
      c.execute("SELECT count(*) FROM schema_migrations").fetchall()
      os.unlink(sys.argv[1] + "-wal"); os.unlink(sys.argv[1] + "-shm")
      print("holding", flush=True)
      time.sleep(0.3)
      os._exit(0)
      """,
      path,
    ]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    // Its line may come in more than one read.
    var said = Data()
    while !said.contains(UInt8(ascii: "\n")) {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      said.append(more)
    }
    XCTAssertEqual(
      String(decoding: said, as: UTF8.self), "holding\n", "the other process held the database")
    let store = try Store(path: path)
    child.waitUntilExit()
    XCTAssertEqual(
      try store.database.query("SELECT count(*) FROM schema_migrations").first?.int(0),
      Schema.ledger.count)
    try store.close()
  }

  func testOpen_anotherProgramsFileIsRefusedUnchanged() throws {
    let path = filePath("other.sqlite")
    let other = try RawSQLite(path: path)
    try other.exec("CREATE TABLE trips (x); INSERT INTO trips VALUES (1);")
    other.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(Array(before[18...19]), [1, 1])

    let error = storeError { try Store(path: path) }
    guard case .foreignDatabase(let refused)? = error else {
      return XCTFail("expected foreignDatabase, got \(String(describing: error))")
    }
    XCTAssertEqual(refused, path)
    XCTAssertEqual(
      error?.description,
      "\(path) is not a sportstime database: it is a SQLite file of another program (it has "
        + "tables but no sportstime migration record). It was left unchanged.")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-journal"))
  }

  /// Another program's WAL file whose log still holds commits (it crashed,
  /// or is running) is refused, and neither the file nor its log changes:
  /// closing does not copy the log into the file.
  func testOpen_anotherProgramsWALFileKeepsItsLog() throws {
    let live = filePath("live.sqlite")
    let other = try RawSQLite(path: live)
    try other.exec(
      """
      PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
      CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('kept in the log');
      """)
    let path = filePath("crashed.sqlite")
    try FileManager.default.copyItem(atPath: live, toPath: path)
    try FileManager.default.copyItem(atPath: live + "-wal", toPath: path + "-wal")
    other.close()
    let file = try Data(contentsOf: URL(fileURLWithPath: path))
    let log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
    XCTAssertGreaterThan(log.count, 0)

    let error = storeError { try Store(path: path) }
    guard case .foreignDatabase? = error else {
      return XCTFail("expected foreignDatabase, got \(String(describing: error))")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), file)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")), log)
  }

  /// An empty (0-byte) file is set up as a new database, like a missing one.
  func testOpen_emptyFileIsInitialised() throws {
    let path = filePath("empty.sqlite")
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    let store = try Store(path: path)
    XCTAssertEqual(try ledger(store.database), Schema.ledger.map(\.id))
    XCTAssertEqual(try store.database.query("PRAGMA journal_mode").first?.string(0), "wal")
    try store.close()
  }

  /// While another connection holds a write transaction with an uncommitted
  /// change, a store opens and reads (the committed state) without waiting;
  /// only a write waits, and fails after the busy timeout. Before, opening
  /// itself waited in BEGIN IMMEDIATE and failed SQLITE_BUSY.
  func testReads_doNotWaitForAWriter() throws {
    let path = filePath()
    do {
      let store = try Store(path: path)
      try storeWith2024(store)
      try store.insert(
        try StoreFixtures.plan("Chicago and Detroit", environment: .fixed(now: StoreFixtures.now)))
      try store.close()
    }
    let writer = try RawSQLite(path: path)
    try writer.exec("BEGIN IMMEDIATE; UPDATE trips SET name = 'Held';")

    // No busy timeout: a read that waited for the writer would fail at once.
    let reader = try Store(path: path, busyTimeoutMilliseconds: 0)
    XCTAssertEqual(try reader.trips().map(\.name), ["Chicago and Detroit"])
    XCTAssertEqual(try reader.loadTrip("Chicago and Detroit").games.count, 3)
    XCTAssertEqual(try reader.gameCount(), 2430)
    XCTAssertFalse(reader.database.isInTransaction)

    let error = storeError { try reader.deleteTrip(id: try reader.trips()[0].id) }
    XCTAssertEqual((error?.sqliteCode ?? 0) & 0xff, SQLITE_BUSY)
    try writer.exec("ROLLBACK")
    _ = try reader.deleteTrip(id: try reader.trips()[0].id)
    XCTAssertEqual(try reader.trips(), [])
    try reader.close()
  }
}
