/// One schema change in the append-only migration ledger.
///
/// `id` is recorded in `schema_migrations` once `sql` has run; never rename,
/// edit or reorder a shipped migration — append a new one instead. `sql` may
/// hold several statements (run with `sqlite3_exec`) but must not contain
/// BEGIN/COMMIT: the migrator wraps it in a transaction.
public struct Migration: Sendable, Equatable {
  /// Unique, stable identifier, e.g. "2024-05-01-create-games".
  public let id: String
  /// The SQL script to run.
  public let sql: String

  /// Creates a migration from its id and SQL script.
  public init(id: String, sql: String) {
    self.id = id
    self.sql = sql
  }
}

/// Applies `Migration`s in list order, each at most once, recording them in
/// `schema_migrations(id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.
///
/// The pending migrations run in one BEGIN IMMEDIATE transaction (one
/// commit, one sync of the log, for a new file's whole schema), each in its
/// own savepoint together with its ledger row (the ledger is created
/// first), so a failure leaves no trace of that migration, the ones before
/// it are committed, and no file ever holds migrated tables without the
/// ledger. Finding out whether anything is pending only reads, so opening an
/// up-to-date database never waits for another connection's write lock.
///
/// Two kinds of file are refused without any change: one that lists an id
/// this list does not know (written by a newer build:
/// `StoreError.unknownMigration`), and one that holds tables but no ledger
/// (another program's database: `StoreError.foreignDatabase`).
public struct Migrator: Sendable {
  /// The known migrations, oldest first.
  public let migrations: [Migration]

  /// The ledger table's DDL.
  private static let createLedgerSQL = """
    CREATE TABLE IF NOT EXISTS schema_migrations (
      id TEXT PRIMARY KEY,
      applied_at TEXT NOT NULL
    )
    """

  /// Creates a migrator. Ids must be unique (a programming error otherwise,
  /// checked with a precondition).
  public init(_ migrations: [Migration]) {
    precondition(
      Set(migrations.map(\.id)).count == migrations.count,
      "Migration ids must be unique; append a migration with a new id instead.")
    self.migrations = migrations
  }

  /// Brings `db` up to date.
  ///
  /// First reads the ledger in a DEFERRED transaction (retried while another
  /// process is setting the file up), refusing another program's file and
  /// unknown ids; when nothing is pending that is all, and no write lock is
  /// taken. Otherwise applies the pending migrations in one IMMEDIATE
  /// transaction, each in its own savepoint, re-reading the ledger inside
  /// it so two processes migrating at once do not apply a migration twice.
  /// Safe to call on every open. If called inside an open transaction, the
  /// transaction becomes a savepoint too.
  /// - Throws: `StoreError.foreignDatabase` or `.unknownMigration` (no change
  ///   made), or `StoreError.sqlite` from a failing migration (that migration
  ///   rolled back; earlier ones stay applied).
  public func migrate(_ db: Database) throws {
    let applied = try db.retryingWhileBusy(until: db.busyDeadline()) {
      try db.inTransaction(.deferred) { try checkedLedger(db) }
    }
    guard migrations.contains(where: { !applied.contains($0.id) }) else { return }
    var failure: (any Error)?
    try db.inTransaction(.immediate) {
      let applied = try checkedLedger(db)
      try db.executeScript(Migrator.createLedgerSQL)
      for migration in migrations where !applied.contains(migration.id) {
        do {
          // A savepoint: a failing migration leaves no trace of itself.
          try db.inTransaction {
            try db.executeScript(migration.sql)
            try db.execute(
              """
              INSERT INTO schema_migrations (id, applied_at)
              VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
              """,
              [.text(migration.id)])
          }
        } catch {
          // SQLite may have rolled the whole transaction back (a full
          // disk): then nothing is kept, and the error is the answer.
          guard db.isInTransaction else { throw error }
          failure = error
          break
        }
      }
    }
    if let failure { throw failure }
  }

  /// Refuses a file this migrator must not touch, reading only: use it as
  /// `Database(path:inspect:)`'s `inspect`, so such a file is not even
  /// switched to WAL.
  /// - Throws: `StoreError.foreignDatabase` when `db` holds tables, views,
  ///   indexes or triggers but no ledger with `id` and `applied_at` columns;
  ///   `StoreError.unknownMigration` when the ledger lists an id this
  ///   migrator does not know; `StoreError.sqlite` if reading fails (e.g.
  ///   SQLITE_NOTADB for a file that is not SQLite).
  public func refuseIncompatible(_ db: Database) throws {
    _ = try db.inTransaction(.deferred) { try checkedLedger(db) }
  }

  /// The ids recorded in `db`'s ledger in the order they were applied; empty
  /// if the ledger does not exist yet. Reads only.
  /// - Throws: `StoreError.sqlite` if the ledger cannot be read.
  public func appliedMigrations(_ db: Database) throws -> [String] {
    try Migrator.appliedIDs(db)
  }

  /// Known migrations not yet recorded in `db`, in the order `migrate` would run them.
  /// - Throws: `StoreError.sqlite` if the ledger cannot be read.
  public func pendingMigrations(_ db: Database) throws -> [Migration] {
    let applied = Set(try Migrator.appliedIDs(db))
    return migrations.filter { !applied.contains($0.id) }
  }

  /// The applied ids after refusing a foreign file or unknown ids.
  private func checkedLedger(_ db: Database) throws -> Set<String> {
    try Migrator.refuseForeign(db)
    let applied = try Migrator.appliedIDs(db)
    try refuseUnknownMigrations(applied)
    return Set(applied)
  }

  /// Throws `StoreError.foreignDatabase` when `db`'s schema
  /// (https://www.sqlite.org/schematab.html) has objects of its own
  /// (SQLite's internal `sqlite_*` ones aside) but no ledger of our shape.
  private static func refuseForeign(_ db: Database) throws {
    let names = try db.query("SELECT name FROM sqlite_master").map { try $0.string("name") }
      .filter { !$0.lowercased().hasPrefix("sqlite_") }
    guard !names.isEmpty else { return }  // a new, empty file
    let ledgerColumns = try db.query(
      "SELECT name FROM pragma_table_info('schema_migrations')"
    ).map { try $0.string("name").lowercased() }
    guard Set(ledgerColumns).isSuperset(of: ["id", "applied_at"]) else {
      throw StoreError.foreignDatabase(path: db.path)
    }
  }

  /// Reads the ledger (https://www.sqlite.org/schematab.html to test for it).
  private static func appliedIDs(_ db: Database) throws -> [String] {
    let ledger = try db.query(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    guard !ledger.isEmpty else { return [] }
    return try db.query("SELECT id FROM schema_migrations ORDER BY rowid")
      .map { try $0.string("id") }
  }

  /// Throws `StoreError.unknownMigration` for the first applied id that is
  /// not in `migrations`.
  private func refuseUnknownMigrations(_ applied: [String]) throws {
    let known = Set(migrations.map(\.id))
    if let unknown = applied.first(where: { !known.contains($0) }) {
      throw StoreError.unknownMigration(unknown)
    }
  }
}
