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
/// Each pending migration runs in its own BEGIN IMMEDIATE transaction together
/// with its ledger row, so a failure leaves no trace of it. If the database
/// lists an id this list does not know, it was written by a newer build:
/// `migrate` throws `StoreError.unknownMigration` and changes nothing.
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
  /// First, in one IMMEDIATE transaction, creates the ledger if missing and
  /// refuses unknown ids; then applies each pending migration in its own
  /// IMMEDIATE transaction (re-checking the ledger inside it, so two processes
  /// migrating at once do not apply a migration twice). Safe to call on every
  /// open. If called inside an open transaction, these become savepoints.
  /// - Throws: `StoreError.unknownMigration` (no change made), or
  ///   `StoreError.sqlite` from a failing migration (that migration rolled
  ///   back; earlier ones stay applied).
  public func migrate(_ db: Database) throws {
    try db.inTransaction(.immediate) {
      try db.executeScript(Migrator.createLedgerSQL)
      try refuseUnknownMigrations(try Migrator.appliedIDs(db))
    }
    for migration in migrations {
      try db.inTransaction(.immediate) {
        let applied = try db.query(
          "SELECT 1 FROM schema_migrations WHERE id = ?", [.text(migration.id)])
        guard applied.isEmpty else { return }
        try db.executeScript(migration.sql)
        try db.execute(
          """
          INSERT INTO schema_migrations (id, applied_at)
          VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
          """,
          [.text(migration.id)])
      }
    }
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
