import CSQLite
import Foundation
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// Tests for `Migrator` on ":memory:" and a unique temporary file.
final class MigratorTests: XCTestCase {
  /// A unique directory per test; removed in `tearDown`.
  private var directory = URL(fileURLWithPath: NSTemporaryDirectory())
  /// `directory` and its removal.
  private var temporary: TemporaryDirectory?

  /// The first two migrations of a sample schema.
  private let base = [
    Migration(
      id: "001-teams", sql: "CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"),
    Migration(
      id: "002-games",
      sql: """
        CREATE TABLE game (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES team(id));
        CREATE INDEX game_team ON game(team_id);
        """),
  ]

  /// Makes a fresh temporary directory (a database's directory must exist).
  override func setUpWithError() throws {
    try super.setUpWithError()
    let temporary = try TemporaryDirectory(prefix: "sqlitekit-migrator")
    self.temporary = temporary
    directory = temporary.url
  }

  /// Deletes the temporary directory.
  override func tearDown() {
    temporary?.remove()
    super.tearDown()
  }

  /// Runs `body` with a fresh ":memory:" database and a fresh file database.
  private func onBothDatabases(_ body: (Database) throws -> Void) throws {
    for path in [":memory:", directory.appendingPathComponent("m.sqlite").path] {
      let db = try Database(path: path)
      try body(db)
      try db.close()
    }
  }

  /// The schema (sqlite_master) and the ledger, to compare before/after.
  private func snapshot(_ db: Database) throws -> [Row] {
    try db.query("SELECT type, name, sql FROM sqlite_master ORDER BY name")
      + db.query("SELECT id, applied_at FROM schema_migrations ORDER BY rowid")
  }

  /// Migrations apply once, in order; re-running is a no-op; appended ones apply.
  func testMigrationsApplyOnceAndAreIdempotent() throws {
    try onBothDatabases { db in
      let migrator = Migrator(base)
      XCTAssertEqual(try migrator.appliedMigrations(db), [])
      XCTAssertEqual(try migrator.pendingMigrations(db).map(\.id), ["001-teams", "002-games"])
      try migrator.migrate(db)
      XCTAssertEqual(try migrator.appliedMigrations(db), ["001-teams", "002-games"])
      let before = try snapshot(db)
      try migrator.migrate(db)
      XCTAssertEqual(try snapshot(db), before)
      XCTAssertEqual(try migrator.pendingMigrations(db), [])

      let appliedAt = try db.query("SELECT applied_at FROM schema_migrations").first?.string(0)
      XCTAssertTrue(appliedAt?.hasSuffix("Z") ?? false)

      let extended = Migrator(
        base + [
          Migration(id: "003-venue", sql: "ALTER TABLE team ADD COLUMN venue TEXT;")
        ])
      try extended.migrate(db)
      XCTAssertEqual(try extended.appliedMigrations(db), ["001-teams", "002-games", "003-venue"])
      try db.execute(
        "INSERT INTO team (name, venue) VALUES (?, ?)", ["A", .optional(nil as String?)])
    }
  }

  /// A database with an unknown (newer) migration is refused without any change.
  func testUnknownNewerMigrationIsRefusedWithoutChanges() throws {
    try onBothDatabases { db in
      try Migrator(base).migrate(db)
      let before = try snapshot(db)
      let older = Migrator([
        base[0],
        Migration(id: "002b-other", sql: "CREATE TABLE should_not_exist (x);"),
      ])
      XCTAssertThrowsError(try older.migrate(db)) { error in
        guard case .unknownMigration(let id)? = error as? StoreError else {
          return XCTFail("expected unknownMigration, got \(error)")
        }
        XCTAssertEqual(id, "002-games")
        XCTAssertEqual(
          (error as? StoreError)?.description,
          "This database was written by a newer version of sportstime (it has migration "
            + "'002-games' this version does not know).",
          "the Store names no flag: the CLI adds its --db hint")
      }
      XCTAssertEqual(try snapshot(db), before)
      XCTAssertFalse(db.isInTransaction)
    }
  }

  /// A failing migration leaves neither its partial schema nor a ledger row.
  func testFailingMigrationRollsBack() throws {
    try onBothDatabases { db in
      let broken = Migrator(
        base + [
          Migration(id: "003-broken", sql: "CREATE TABLE half (x); CREATE TABLE oops (;")
        ])
      XCTAssertThrowsError(try broken.migrate(db)) { error in
        XCTAssertEqual((error as? StoreError)?.sqliteCode, SQLITE_ERROR)
      }
      XCTAssertEqual(try broken.appliedMigrations(db), ["001-teams", "002-games"])
      XCTAssertEqual(
        try db.query("SELECT count(*) FROM sqlite_master WHERE name = 'half'").first?.int(0), 0)
      XCTAssertFalse(db.isInTransaction)
    }
  }

  /// A file with tables but no ledger (another program's), or with a ledger
  /// of another shape (a Rails-style `schema_migrations(version)`), is
  /// refused and nothing is added to it.
  func testForeignDatabaseIsRefusedWithoutChanges() throws {
    let schemas = [
      "CREATE TABLE notes (body TEXT);",
      "CREATE VIEW answer AS SELECT 42;",
      "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); CREATE TABLE users (id);",
    ]
    for schema in schemas {
      try onBothDatabases { db in
        try db.executeScript(schema)
        let before = try db.query("SELECT type, name, sql FROM sqlite_master ORDER BY name")
        XCTAssertThrowsError(try Migrator(base).migrate(db)) { error in
          guard case .foreignDatabase(let path)? = error as? StoreError else {
            return XCTFail("expected foreignDatabase, got \(error)")
          }
          XCTAssertEqual(path, db.path)
        }
        XCTAssertThrowsError(try Migrator(base).refuseIncompatible(db))
        XCTAssertEqual(
          try db.query("SELECT type, name, sql FROM sqlite_master ORDER BY name"), before)
        XCTAssertFalse(db.isInTransaction)
      }
    }
  }

  /// An empty file, and one holding only an empty ledger (a first migration
  /// that never finished), are ours to migrate.
  func testEmptyDatabaseAndBareLedgerAreMigrated() throws {
    try onBothDatabases { db in
      try Migrator(base).refuseIncompatible(db)
      try db.executeScript(
        "CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL);")
      try Migrator(base).migrate(db)
      XCTAssertEqual(try Migrator(base).appliedMigrations(db), ["001-teams", "002-games"])
    }
  }

  /// Checking an up-to-date database only reads: it succeeds while another
  /// connection holds a write transaction (before, it waited out the busy
  /// timeout in BEGIN IMMEDIATE and failed). A pending migration still
  /// needs, and waits for, the write lock.
  func testUpToDateCheckTakesNoWriteLock() throws {
    let path = directory.appendingPathComponent("m.sqlite").path
    let setup = try Database(path: path)
    try Migrator(base).migrate(setup)
    try setup.close()

    let writer = try Database(path: path)
    try writer.execute("BEGIN IMMEDIATE")
    try writer.execute("INSERT INTO team (name) VALUES ('held')")
    let reader = try Database(path: path, busyTimeoutMilliseconds: 100)
    XCTAssertNoThrow(try Migrator(base).migrate(reader))
    XCTAssertFalse(reader.isInTransaction)
    XCTAssertEqual(try reader.query("SELECT count(*) FROM team").first?.int(0), 0)

    let newer = Migrator(base + [Migration(id: "003-venue", sql: "ALTER TABLE team ADD venue;")])
    XCTAssertThrowsError(try newer.migrate(reader)) { error in
      XCTAssertEqual(((error as? StoreError)?.sqliteCode ?? 0) & 0xff, SQLITE_BUSY)
    }
    try writer.execute("COMMIT")
    try newer.migrate(reader)
    XCTAssertEqual(try newer.appliedMigrations(reader).last, "003-venue")
  }
}
