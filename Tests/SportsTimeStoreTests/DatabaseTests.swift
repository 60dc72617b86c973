import CSQLite
import Foundation
import SportsTimeCore
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// An error thrown from test transaction bodies.
private enum TestError: Error, Equatable {
  /// The first error a body throws.
  case first
}

/// Tests for `Database`, `Statement`, `Row`, `SQLValue` and transactions, on
/// both an in-memory database and a unique temporary file.
final class DatabaseTests: XCTestCase {
  /// A unique directory per test; removed in `tearDown`.
  private var directory = URL(fileURLWithPath: NSTemporaryDirectory())
  /// `directory` and its removal.
  private var temporary: TemporaryDirectory?

  /// Makes a fresh temporary directory with the `nested/dir` folder
  /// `filePath` names (`Database` creates one only when asked to).
  override func setUpWithError() throws {
    try super.setUpWithError()
    let temporary = try TemporaryDirectory(
      prefix: "sqlitekit-tests", subdirectories: ["nested/dir"])
    self.temporary = temporary
    directory = temporary.url
  }

  /// Deletes the temporary directory.
  override func tearDown() {
    temporary?.remove()
    super.tearDown()
  }

  /// A file path inside the test's `nested/dir` directory.
  private func filePath(_ name: String = "store.sqlite") -> String {
    directory.appendingPathComponent("nested/dir/\(name)").path
  }

  /// Runs `body` on ":memory:" and then on a fresh file database.
  private func onBothDatabases(_ body: (Database) throws -> Void) throws {
    for path in [":memory:", filePath()] {
      let db = try Database(path: path)
      try body(db)
      try db.close()
    }
  }

  /// The StoreError thrown by `expression`, failing the test otherwise.
  private func storeError(
    _ expression: () throws -> Void, file: StaticString = #filePath, line: UInt = #line
  ) -> StoreError? {
    do {
      try expression()
      XCTFail("expected a StoreError", file: file, line: line)
    } catch let error as StoreError {
      return error
    } catch {
      XCTFail("expected a StoreError, got \(error)", file: file, line: line)
    }
    return nil
  }

  /// Opening creates the file; close is idempotent; use after close fails.
  func testOpenAndClose() throws {
    let path = filePath()
    for candidate in [":memory:", path] {
      let db = try Database(path: candidate)
      XCTAssertTrue(db.isOpen)
      XCTAssertEqual(db.path, candidate)
      try db.close()
      XCTAssertFalse(db.isOpen)
      try db.close()
      let error = storeError { try db.execute("SELECT 1") }
      XCTAssertEqual(error?.sqliteCode, SQLITE_MISUSE)
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  /// SQLite's memory statistics are off (set before the first connection
  /// initializes the library): its allocator then counts nothing, so the
  /// memory in use reads 0 while a connection holds a schema and rows.
  /// With the statistics on (SQLite's default) it reads well above 0.
  func testMemoryStatisticsAreOff() throws {
    let db = try Database(path: filePath())
    try db.executeScript("CREATE TABLE t (a TEXT); INSERT INTO t VALUES ('x');")
    XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int("n"), 1)
    XCTAssertEqual(sqlite3_memory_used(), 0)
    try db.close()
  }

  /// Foreign keys are on and a violation reports SQLiteCode.constraintForeignKey.
  func testForeignKeysEnforced() throws {
    try onBothDatabases { db in
      XCTAssertEqual(try db.query("PRAGMA foreign_keys").first?.int64(0), 1)
      try db.executeScript(
        """
        CREATE TABLE team (id INTEGER PRIMARY KEY);
        CREATE TABLE game (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES team(id));
        """)
      let error = storeError { try db.execute("INSERT INTO game (team_id) VALUES (?)", [42]) }
      XCTAssertEqual(error?.sqliteCode, SQLiteCode.constraintForeignKey)
      XCTAssertEqual(SQLiteCode.constraintForeignKey, 787)
      XCTAssertEqual(try db.query("SELECT count(*) FROM game").first?.int(0), 0)
    }
  }

  /// File databases use WAL and synchronous=FULL (2: a commit is on disk
  /// before it is reported done); ":memory:" reports "memory".
  func testJournalModeAndPragmas() throws {
    let memory = try Database(path: ":memory:")
    XCTAssertEqual(try memory.query("PRAGMA journal_mode").first?.string(0), "memory")
    let file = try Database(path: filePath())
    XCTAssertEqual(try file.query("PRAGMA journal_mode").first?.string(0), "wal")
    XCTAssertEqual(try file.query("PRAGMA synchronous").first?.int(0), 2)
    XCTAssertEqual(try file.query("PRAGMA busy_timeout").first?.int(0), 5000)
    let quick = try Database(path: filePath(), busyTimeoutMilliseconds: 50)
    XCTAssertEqual(try quick.query("PRAGMA busy_timeout").first?.int(0), 50)
  }

  /// Every SQLValue round-trips, including Int64 extremes, emoji text and empty blobs.
  func testRoundTripEveryValue() throws {
    let values: [SQLValue] = [
      .null, .integer(Int64.max), .integer(Int64.min), .integer(0), .real(3.25),
      .real(-0.5), .text(""), .text("Zürich ⚽️ 東京 🏟️👨‍👩‍👧 e\u{301}"),
      .blob([0, 1, 2, 255]), .blob([]),
    ]
    try onBothDatabases { db in
      try db.execute("CREATE TABLE v (x)")
      for value in values {
        try db.execute("INSERT INTO v (x) VALUES (?)", [value])
        let rowID = db.lastInsertRowID
        let read = try db.query("SELECT x FROM v WHERE rowid = ?", [.integer(rowID)])
        XCTAssertEqual(read.first?.values, [value])
      }
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM v").first?.int("n"), values.count)
    }
  }

  /// Literals and helpers map to the expected cases.
  func testSQLValueConveniences() {
    let literals: [SQLValue] = [1, 2.5, "x", true, false]
    XCTAssertEqual(literals, [.integer(1), .real(2.5), .text("x"), .integer(1), .integer(0)])
    XCTAssertEqual(SQLValue.optional(nil as String?), .null)
    XCTAssertEqual(SQLValue.optional("a" as String?), .text("a"))
    XCTAssertEqual(SQLValue.optional(nil as Double?), .null)
    XCTAssertEqual(SQLValue.optional(7 as Int?), .integer(7))
    XCTAssertEqual(SQLValue(Int.max), .integer(Int64.max))
    XCTAssertEqual(SQLValue(1.5), .real(1.5))
    XCTAssertEqual(SQLValue(true), .integer(1))
  }

  /// Typed accessors by name and index, NULL handling and decoding errors.
  func testRowAccessorsAndNulls() throws {
    try onBothDatabases { db in
      let sql = """
        SELECT 'Ann' AS name, NULL AS nickname, 9223372036854775807 AS big, 7 AS n,
               2.5 AS score, NULL AS bonus, 1 AS active, 3 AS whole
        """
      let rows = try db.query(sql)
      let row = try XCTUnwrap(rows.first)
      XCTAssertEqual(try row.string("name"), "Ann")
      XCTAssertEqual(try row.string(0), "Ann")
      XCTAssertEqual(try row.string("NAME"), "Ann")
      XCTAssertNil(try row.optionalString("nickname"))
      XCTAssertEqual(try row.optionalString("name"), "Ann")
      XCTAssertEqual(try row.int64("big"), Int64.max)
      XCTAssertEqual(try row.int("n"), 7)
      XCTAssertEqual(try row.int(3), 7)
      XCTAssertEqual(try row.double("score"), 2.5)
      XCTAssertEqual(try row.double("whole"), 3.0)
      XCTAssertNil(try row.optionalDouble("bonus"))
      XCTAssertEqual(try row.optionalDouble("score"), 2.5)
      XCTAssertTrue(try row.bool("active"))
      XCTAssertNil(try row.optionalInt("bonus"))

      let missing = storeError { _ = try row.string("nope") }
      guard case .noSuchColumn(let column, let failedSQL)? = missing else {
        return XCTFail("expected noSuchColumn, got \(String(describing: missing))")
      }
      XCTAssertEqual(column, "nope")
      XCTAssertEqual(failedSQL, sql)
      XCTAssertNotNil(storeError { _ = try row.string(99) })

      let null = storeError { _ = try row.string("nickname") }
      guard case .unexpectedValue(let nullColumn, _, let found, _)? = null else {
        return XCTFail("expected unexpectedValue, got \(String(describing: null))")
      }
      XCTAssertEqual(nullColumn, "nickname")
      XCTAssertEqual(found, "NULL")
      XCTAssertTrue(null?.description.contains("nickname") ?? false)
      XCTAssertFalse(null?.description.contains("SELECT") ?? true)
      XCTAssertTrue(null?.debugDescription.contains(sql) ?? false)
      XCTAssertNotNil(storeError { _ = try row.int("name") })
      XCTAssertNotNil(storeError { _ = try row.int64("score") })
    }
  }

  /// Errors keep the SQL (with placeholders) in `debugDescription` only;
  /// `description` is plain words; neither holds a bound value.
  func testErrorKeepsSQLForDebuggingOnly() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE account (email TEXT NOT NULL UNIQUE)")
      let secret = "secret-value-8472@example.com"
      let sql = "INSERT INTO account (email) VALUES (?)"
      try db.execute(sql, [.text(secret)])
      let error = storeError { try db.execute(sql, [.text(secret)]) }
      let description = error?.description ?? ""
      XCTAssertEqual(error?.sqliteCode, SQLiteCode.constraintUnique)
      XCTAssertEqual(
        description,
        "The database at \(db.path) refused the change: it would store a second record with "
          + "the same key.")
      XCTAssertTrue(error?.debugDescription.contains(sql) ?? false)
      XCTAssertTrue(error?.debugDescription.contains("UNIQUE constraint failed") ?? false)
      XCTAssertFalse(error?.debugDescription.contains(secret) ?? true)
      XCTAssertFalse(String(reflecting: error).contains(secret))
      // The evicted statement is prepared again and works.
      try db.execute(sql, ["other@example.com"])
      XCTAssertEqual(db.changes, 1)
    }
  }

  /// Syntax errors, argument-count mismatches and multi-statement prepares are reported.
  func testMisuseIsReported() throws {
    try onBothDatabases { db in
      let syntax = storeError { try db.execute("SELEKT 1") }
      XCTAssertEqual(syntax?.sqliteCode, SQLITE_ERROR)
      XCTAssertFalse(syntax?.description.contains("SELEKT") ?? true)
      XCTAssertTrue(syntax?.debugDescription.contains("SELEKT 1") ?? false)
      XCTAssertEqual(storeError { try db.execute("SELECT ?", []) }?.sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(
        storeError { _ = try db.prepare("SELECT 1; SELECT 2") }?.sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(storeError { _ = try db.prepare("  -- nothing") }?.sqliteCode, SQLITE_MISUSE)
      XCTAssertNoThrow(try db.prepare("SELECT 1; -- trailing comment\n"))
    }
  }

  /// Rows written by column name (`ColumnValues`): an insert stores the
  /// named columns whatever their order in the table and leaves the rest to
  /// their default; an update changes only the columns it names and reports
  /// how many rows changed; an empty row or a name that is not a plain
  /// identifier is refused before SQLite sees it, changing nothing.
  func testInsertAndUpdateByColumnName() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (id TEXT PRIMARY KEY, a INTEGER, b TEXT DEFAULT 'x', c REAL)")
      var row = ColumnValues()
      row["c"] = .real(2.5)
      row["id"] = .text("one")
      row["a"] = .integer(7)
      XCTAssertEqual(row.names, ["c", "id", "a"])
      row["a"] = .integer(8)
      XCTAssertEqual(row.names, ["c", "id", "a"], "setting again keeps the position")
      try db.insert(into: "t", row)
      let stored = try XCTUnwrap(try db.query("SELECT * FROM t").first)
      XCTAssertEqual(try stored.string("id"), "one")
      XCTAssertEqual(try stored.int64("a"), 8)
      XCTAssertEqual(try stored.string("b"), "x")
      XCTAssertEqual(try stored.double("c"), 2.5)

      var change = ColumnValues()
      change["b"] = .null
      change["a"] = .integer(9)
      change["a"] = nil
      XCTAssertEqual(change.names, ["b"], "a column set to nil is not written")
      XCTAssertEqual(try db.update("t", set: change, whereColumn: "id", is: .text("one")), 1)
      XCTAssertEqual(try db.update("t", set: change, whereColumn: "id", is: .text("none")), 0)
      let updated = try XCTUnwrap(try db.query("SELECT * FROM t").first)
      XCTAssertNil(try updated.optionalString("b"))
      XCTAssertEqual(try updated.int64("a"), 8)

      XCTAssertEqual(
        storeError { try db.insert(into: "t", ColumnValues()) }?.sqliteCode, SQLITE_MISUSE)
      var hostile = ColumnValues()
      hostile["a) VALUES (1); DROP TABLE t; --"] = .integer(1)
      XCTAssertEqual(storeError { try db.insert(into: "t", hostile) }?.sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(
        storeError { try db.update("t", set: hostile, whereColumn: "id", is: .text("one")) }?
          .sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int64("n"), 1)
    }
  }

  /// The INSERT text is built once per shape (table and columns in order)
  /// and reused: rows of one shape, the same columns in another order, and
  /// more shapes than the cache holds are all stored by name; a hostile
  /// name is still refused after its table's valid rows were cached.
  func testInsert_reusesItsTextPerShapeAndStillChecksNames() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b TEXT)")
      for i in 1...200 {
        var row = ColumnValues()
        if i % 2 == 0 {
          row["b"] = .text("b\(i)")
          row["a"] = .integer(Int64(i))
        } else {
          row["a"] = .integer(Int64(i))
          row["b"] = .text("b\(i)")
        }
        // A few rows name id too, at a different place each time.
        if i % 50 == 0 { row["id"] = .integer(Int64(1_000 + i)) }
        try db.insert(into: "t", row)
      }
      for n in 0..<80 {
        try db.execute("CREATE TABLE u\(n) (x INTEGER)")
        var row = ColumnValues()
        row["x"] = .integer(Int64(n))
        try db.insert(into: "u\(n)", row)
        try db.insert(into: "u\(n)", row)
      }
      let rows = try db.query("SELECT a, b FROM t ORDER BY a")
      XCTAssertEqual(rows.count, 200)
      for (i, row) in rows.enumerated() {
        XCTAssertEqual(try row.int64("a"), Int64(i + 1))
        XCTAssertEqual(try row.string("b"), "b\(i + 1)")
      }
      XCTAssertEqual(
        try db.query("SELECT id FROM t WHERE a % 50 = 0 ORDER BY a").map { try $0.int64("id") },
        [1_050, 1_100, 1_150, 1_200])
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM u79").first?.int64("n"), 2)
      var hostile = ColumnValues()
      hostile["a) VALUES (1); DROP TABLE t; --"] = .integer(1)
      XCTAssertEqual(storeError { try db.insert(into: "t", hostile) }?.sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(
        storeError { try db.insert(into: "t; DROP TABLE t", ColumnValues()) }?.sqliteCode,
        SQLITE_MISUSE)
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int64("n"), 200)
    }
  }

  /// `insert(into:columns:rows:)` writes every row with its values in column
  /// order, checks the names once (refusing hostile ones before SQLite sees
  /// them), refuses a row of another length, and in a transaction leaves
  /// nothing behind when a row fails.
  func testInsertRows_writesEachRowAndRefusesBadNamesAndShapes() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b TEXT)")
      let rows: [[SQLValue]] = (1...300).map { [.integer(Int64($0)), .text("b\($0)")] }
      try db.insert(into: "t", columns: ["a", "b"], rows: rows)
      try db.insert(into: "t", columns: ["a", "b"], rows: [])
      let stored = try db.query("SELECT a, b FROM t ORDER BY id")
      XCTAssertEqual(stored.count, 300)
      for (i, row) in stored.enumerated() {
        XCTAssertEqual(try row.int64("a"), Int64(i + 1))
        XCTAssertEqual(try row.string("b"), "b\(i + 1)")
      }
      XCTAssertEqual(
        storeError {
          try db.insert(into: "t", columns: ["a) VALUES (1); DROP TABLE t; --"], rows: [[1]])
        }?.sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(
        storeError { try db.insert(into: "t", columns: [], rows: [[]]) }?.sqliteCode,
        SQLITE_MISUSE)
      XCTAssertEqual(
        storeError { try db.insert(into: "t", columns: ["a", "b"], rows: [[1, "x"], [2]]) }?
          .sqliteCode, SQLITE_MISUSE)
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int64("n"), 301)
      XCTAssertNotNil(
        storeError {
          try db.inTransaction {
            try db.insert(into: "t", columns: ["a", "b"], rows: [[400, "x"], [.null, "y"]])
          }
        })
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int64("n"), 301)
      try db.insert(into: "t", columns: ["a"], rows: [[500]])
      XCTAssertEqual(try db.query("SELECT count(*) AS n FROM t").first?.int64("n"), 302)
    }
  }

  /// A prepared statement can be re-run with new arguments and stepped row by row.
  func testStatementReuseAndStepping() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
      let insert = try db.prepare("INSERT INTO t (name) VALUES (?)")
      for name in ["a", "b", "c"] { try insert.execute([.text(name)]) }
      XCTAssertEqual(db.lastInsertRowID, 3)
      try db.execute("UPDATE t SET name = upper(name) WHERE id > ?", [1])
      XCTAssertEqual(db.changes, 2)
      let select = try db.prepare("SELECT id, name FROM t ORDER BY id")
      XCTAssertEqual(select.columnNames, ["id", "name"])
      try select.bind([])
      var names: [String] = []
      while let row = try select.step() { names.append(try row.string("name")) }
      XCTAssertEqual(names, ["a", "B", "C"])
      XCTAssertEqual(try select.query().count, 3)
    }
  }

  /// A committed transaction keeps its writes and returns the body's value.
  func testTransactionCommits() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (x INTEGER)")
      let value = try db.inTransaction {
        try db.execute("INSERT INTO t VALUES (1)")
        return 42
      }
      XCTAssertEqual(value, 42)
      XCTAssertFalse(db.isInTransaction)
      XCTAssertEqual(try db.query("SELECT count(*) FROM t").first?.int(0), 1)
    }
  }

  /// A throw inside the body rolls everything back and rethrows that error.
  func testTransactionRollsBackOnThrow() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (x INTEGER)")
      try db.execute("INSERT INTO t VALUES (1)")
      XCTAssertThrowsError(
        try db.inTransaction(.deferred) {
          try db.execute("INSERT INTO t VALUES (2)")
          try db.execute("DELETE FROM t WHERE x = 1")
          throw TestError.first
        }
      ) { XCTAssertEqual($0 as? TestError, .first) }
      XCTAssertFalse(db.isInTransaction)
      XCTAssertEqual(try db.query("SELECT x FROM t").map { try $0.int("x") }, [1])
    }
  }

  /// The body's error wins even when ROLLBACK cannot run, and a failing
  /// COMMIT is rethrown with its own code after rolling back.
  func testFirstErrorIsRethrown() throws {
    try onBothDatabases { db in
      try db.executeScript(
        """
        CREATE TABLE parent (id INTEGER PRIMARY KEY);
        CREATE TABLE child (parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
        """)
      // The body ends the transaction itself, so the rollback has nothing to do.
      XCTAssertThrowsError(
        try db.inTransaction {
          try db.execute("COMMIT")
          throw TestError.first
        }
      ) { XCTAssertEqual($0 as? TestError, .first) }

      // A SQL error inside the body is the one rethrown.
      XCTAssertThrowsError(
        try db.inTransaction {
          try db.execute("INSERT INTO parent (id) VALUES (1)")
          try db.execute("INSERT INTO parent (id) VALUES (1)")
        }
      ) { XCTAssertEqual(($0 as? StoreError)?.sqliteCode, SQLiteCode.constraintPrimaryKey) }

      // A deferred foreign key fails at COMMIT; that error is rethrown, data rolled back.
      XCTAssertThrowsError(
        try db.inTransaction {
          try db.execute("INSERT INTO parent (id) VALUES (5)")
          try db.execute("INSERT INTO child (parent_id) VALUES (99)")
        }
      ) { XCTAssertEqual(($0 as? StoreError)?.sqliteCode, SQLiteCode.constraintForeignKey) }
      XCTAssertFalse(db.isInTransaction)
      XCTAssertEqual(try db.query("SELECT count(*) FROM parent").first?.int(0), 0)
      XCTAssertEqual(try db.query("SELECT count(*) FROM child").first?.int(0), 0)
    }
  }

  /// Nested calls use savepoints: an inner throw undoes only the inner work.
  func testNestedTransactionsUseSavepoints() throws {
    try onBothDatabases { db in
      try db.execute("CREATE TABLE t (x INTEGER)")
      try db.inTransaction {
        try db.execute("INSERT INTO t VALUES (1)")
        XCTAssertThrowsError(
          try db.inTransaction {
            try db.execute("INSERT INTO t VALUES (2)")
            throw TestError.first
          }
        ) { XCTAssertEqual($0 as? TestError, .first) }
        XCTAssertTrue(db.isInTransaction)
        try db.inTransaction { try db.execute("INSERT INTO t VALUES (3)") }
      }
      XCTAssertEqual(try db.query("SELECT x FROM t ORDER BY x").map { try $0.int(0) }, [1, 3])
    }
  }

  /// close() refuses while a Statement lives, naming its SQL, and succeeds after.
  func testCloseReportsUnfinalizedStatement() throws {
    try onBothDatabases { db in
      var statement: Statement? = try db.prepare("SELECT 1 AS still_open")
      withExtendedLifetime(statement) {
        let error = storeError { try db.close() }
        guard case .unfinalizedStatements(let path, let sql)? = error else {
          return XCTFail("expected unfinalizedStatements, got \(String(describing: error))")
        }
        XCTAssertEqual(path, db.path)
        XCTAssertEqual(sql, ["SELECT 1 AS still_open"])
        XCTAssertFalse(error?.description.contains("SELECT") ?? true)
        XCTAssertTrue(error?.debugDescription.contains("SELECT 1 AS still_open") ?? false)
        XCTAssertTrue(db.isOpen)
      }
      statement = nil
      XCTAssertNil(statement)
      try db.close()
      XCTAssertFalse(db.isOpen)
    }
  }

  /// A second connection times out quickly on a held write lock, naming the path.
  func testBusyErrorNamesPath() throws {
    let path = filePath()
    let holder = try Database(path: path)
    try holder.execute("CREATE TABLE t (x INTEGER)")
    try holder.execute("BEGIN IMMEDIATE")
    let waiter = try Database(path: path, busyTimeoutMilliseconds: 100)
    let error = storeError { try waiter.execute("INSERT INTO t VALUES (1)") }
    XCTAssertEqual((error?.sqliteCode ?? 0) & 0xff, SQLITE_BUSY)
    XCTAssertEqual(
      error?.description,
      // Review 2 of issue 8, item 4: it may be any program, not only
      // sportstime.
      "The database is locked by another process (\(path)); nothing was changed. Try again "
        + "when that process is done.")
    let viaTransaction = storeError { _ = try waiter.inTransaction { 1 } }
    XCTAssertEqual((viaTransaction?.sqliteCode ?? 0) & 0xff, SQLITE_BUSY)
    try holder.execute("COMMIT")
    try waiter.execute("INSERT INTO t VALUES (1)")
    XCTAssertEqual(try holder.query("SELECT count(*) FROM t").first?.int(0), 1)
  }

  /// A file that is not SQLite is reported as not a sportstime database.
  func testNotADatabase() throws {
    let path = filePath("garbage.sqlite")
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = storeError { _ = try Database(path: path) }
    XCTAssertEqual(error?.sqliteCode, SQLITE_NOTADB)
    XCTAssertEqual(error?.description, "\(path) is not a sportstime database (or it is damaged).")
  }

  /// A path below a regular file cannot be opened: the file is named
  /// before SQLite is asked (and no directory is created, even when asked).
  func testCannotOpen() throws {
    let blocker = directory.appendingPathComponent("file")
    try Data([1]).write(to: blocker)
    for (path, create) in [
      (blocker.appendingPathComponent("db.sqlite").path, false),
      (blocker.appendingPathComponent("sub/db.sqlite").path, true),
    ] {
      let error = storeError { _ = try Database(path: path, createDirectories: create) }
      guard case .unusableLocation(let failedPath, .notADirectory(let culprit))? = error else {
        return XCTFail("expected unusableLocation, got \(String(describing: error))")
      }
      XCTAssertEqual(failedPath, path)
      XCTAssertEqual(culprit, blocker.path)
    }
  }

  /// Review of issue 8: a path the user gave in a missing directory used
  /// to create the directories and an empty database (a typo in `--db`
  /// read as "no trips yet"). Now the directory is named and nothing is
  /// created, unless the caller asks (the default location).
  func testMissingDirectory_isRefusedUnlessCreationIsAsked() throws {
    let missing = directory.appendingPathComponent("no/such")
    let path = missing.appendingPathComponent("x.sqlite").path
    let error = storeError { _ = try Database(path: path) }
    XCTAssertEqual(
      error?.description,
      "Cannot use \(path) as the database: the directory \(missing.path) does not exist (create it first)."
    )
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("no").path))
    let db = try Database(path: path, createDirectories: true)
    try db.close()
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  /// Review of issue 8: a directory or a device given as the database got
  /// SQLite's "unable to open database file" or "disk I/O error". The
  /// real cause is named, before SQLite is asked, and nothing changes.
  func testPathsThatCannotHoldADatabase_sayWhy() throws {
    let folder = directory.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fifo = directory.appendingPathComponent("pipe.sqlite")
    XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
    let cases: [(String, String)] = [
      (folder.path, "it is a directory; give a file name"),
      (folder.path + "/", "it is a directory; give a file name"),
      ("/dev/null", "it is a character device, not a regular file"),
      (fifo.path, "it is a FIFO (named pipe), not a regular file"),
    ]
    for (path, reason) in cases {
      for create in [false, true] {
        let error = storeError { _ = try Database(path: path, createDirectories: create) }
        XCTAssertEqual(
          error?.description, "Cannot use \(path) as the database: \(reason).", path)
      }
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    // A link to a new file in an existing directory is fine (SQLite
    // creates the link's target); to one in a missing directory is not.
    let link = directory.appendingPathComponent("link.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "folder/new.sqlite")
    try Database(path: link.path).close()
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/new.sqlite"))
    let astray = directory.appendingPathComponent("astray.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: astray.path, withDestinationPath: "gone/new.sqlite")
    let error = storeError { _ = try Database(path: astray.path) }
    guard case .unusableLocation(_, .directoryMissing)? = error else {
      return XCTFail("expected a missing directory, got \(String(describing: error))")
    }
  }

  /// A description never holds SQL text or SQLite's message, whatever the
  /// code: a constraint, a missing table, a syntax error, a bad argument
  /// count, a failed migration-like script.
  func testDescriptions_holdNoSQL() throws {
    try onBothDatabases { db in
      try db.executeScript(
        """
        CREATE TABLE parent (id INTEGER PRIMARY KEY);
        CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent(id),
                            n INTEGER CHECK (n > 0));
        """)
      let failures: [() throws -> Void] = [
        { try db.execute("INSERT INTO child (parent_id, n) VALUES (?, 1)", [7]) },
        { try db.execute("INSERT INTO child (parent_id, n) VALUES (NULL, 1)") },
        { try db.execute("INSERT INTO parent (id) VALUES (1); ") },
        { try db.execute("UPDATE missing_table SET x = 1") },
        { try db.executeScript("CREATE TABLE parent (id INTEGER)") },
        { try db.execute("SELECT ?", []) },
      ]
      try db.execute("INSERT INTO parent (id) VALUES (1)")
      try db.execute("INSERT INTO child (parent_id, n) VALUES (1, 1)")
      let extra: [() throws -> Void] = [
        { try db.execute("INSERT INTO child (parent_id, n) VALUES (1, -1)") },
        { try db.execute("DELETE FROM parent") },
      ]
      for (index, failure) in (failures + extra).enumerated() {
        let error = storeError { try failure() }
        let description = error?.description ?? ""
        for word in [
          "INSERT", "UPDATE", "DELETE", "CREATE", "SELECT", "missing_table", "child",
          "parent", "constraint failed", "while running", "syntax",
        ] {
          XCTAssertFalse(description.contains(word), "#\(index): \(description)")
        }
        XCTAssertTrue(description.contains("database at \(db.path)"), description)
        XCTAssertNotEqual(error?.debugDescription, description, "#\(index)")
      }
    }
  }

  /// `inspect` runs before anything can change the file: when it refuses,
  /// another program's rollback-journal file is closed byte for byte as it
  /// was and is not switched to WAL.
  func testInspect_refusalLeavesTheFileUnchanged() throws {
    let path = filePath("other.sqlite")
    let other = try RawSQLite(path: path)
    try other.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');")
    other.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    var seen: [String] = []
    XCTAssertThrowsError(
      try Database(path: path) { db in
        seen = try db.query("PRAGMA journal_mode").map { try $0.string(0) }
        throw TestError.first
      }
    ) { XCTAssertEqual($0 as? TestError, .first) }
    XCTAssertEqual(seen, ["delete"])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
  }

  /// A new file whose write lock another connection holds (as while that
  /// one switches it to WAL) is opened once the lock is released: the
  /// switch, which SQLite does not retry under the busy timeout, is retried
  /// here. Before, opening failed at once with SQLITE_BUSY.
  func testOpen_retriesTheWALSwitchWhileTheNewFileIsLocked() throws {
    let path = filePath("new.sqlite")
    let holder = try RawSQLite(path: path)
    try holder.exec("BEGIN IMMEDIATE")
    // Let go a moment after opening began (the lock is there while it
    // starts): opening ends only after that, not with SQLITE_BUSY.
    let released = Locked(false)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
      released.update { $0 = true }  // before: opening can only end after
      try? holder.exec("COMMIT")
      holder.close()
    }
    let db = try Database(path: path)
    XCTAssertTrue(released.current, "opened before the lock was let go")
    XCTAssertEqual(try db.query("PRAGMA journal_mode").first?.string(0), "wal")
    try db.close()
  }

  /// The retry gives up when the busy timeout has passed, as a locked
  /// database always does.
  func testOpen_givesUpOnALockedNewFileAfterTheBusyTimeout() throws {
    let path = filePath("new.sqlite")
    let holder = try RawSQLite(path: path)
    try holder.exec("BEGIN IMMEDIATE")
    let started = Date()
    let error = storeError { _ = try Database(path: path, busyTimeoutMilliseconds: 200) }
    let waited = Date().timeIntervalSince(started)
    XCTAssertEqual((error?.sqliteCode ?? 0) & 0xff, SQLITE_BUSY)
    XCTAssertGreaterThanOrEqual(waited, 0.2)
    XCTAssertLessThan(waited, 3)
    try holder.exec("COMMIT")
  }

  /// A full disk is named as such, from SQLite's real codes: SQLITE_FULL,
  /// and the I/O errors SQLite returns for ENOSPC or EDQUOT (a write, an
  /// fsync, a truncate, growing the shared-memory index, creating a file);
  /// other I/O errors and other codes are not.
  func testDiskFull_isRecognisedFromTheRealCodes() {
    let ioerr = { (extended: Int32) in SQLITE_IOERR | (extended << 8) }
    let write = ioerr(3)  // SQLITE_IOERR_WRITE
    let fsync = ioerr(4)  // SQLITE_IOERR_FSYNC
    let truncate = ioerr(6)  // SQLITE_IOERR_TRUNCATE
    let shmSize = ioerr(19)  // SQLITE_IOERR_SHMSIZE
    XCTAssertEqual([write, fsync, truncate, shmSize], [778, 1034, 1546, 4874])
    for code in [write, fsync, truncate, shmSize, SQLITE_IOERR, SQLITE_CANTOPEN] {
      XCTAssertTrue(Database.meansDiskFull(code: code, systemErrno: ENOSPC), "\(code)")
      XCTAssertTrue(Database.meansDiskFull(code: code, systemErrno: EDQUOT), "\(code)")
      XCTAssertFalse(Database.meansDiskFull(code: code, systemErrno: EIO), "\(code)")
      XCTAssertFalse(Database.meansDiskFull(code: code, systemErrno: 0), "\(code)")
    }
    XCTAssertTrue(Database.meansDiskFull(code: SQLITE_FULL, systemErrno: 0))
    for code in [SQLITE_BUSY, SQLITE_CONSTRAINT, SQLITE_READONLY, SQLITE_CORRUPT] {
      XCTAssertFalse(Database.meansDiskFull(code: code, systemErrno: ENOSPC), "\(code)")
    }
    let error = StoreError.diskFull(
      code: shmSize, systemErrno: ENOSPC, sql: "INSERT INTO t VALUES (?)", path: "/data/db")
    XCTAssertEqual(
      error.description,
      "The disk holding /data/db is full, so nothing was changed; free some space and try again.")
    XCTAssertEqual(error.sqliteCode, shmSize)
    XCTAssertTrue(error.debugDescription.contains("errno \(ENOSPC)"), error.debugDescription)
  }

  /// SQLite's own SQLITE_FULL (here from a page limit) comes out as
  /// `.diskFull`, and the failed statement changed nothing.
  func testDiskFull_fromSQLite() throws {
    let db = try Database(path: filePath())
    try db.execute("CREATE TABLE t (x BLOB)")
    _ = try db.query("PRAGMA max_page_count = 8")
    let error = storeError {
      try db.inTransaction {
        for _ in 0..<20 { try db.execute("INSERT INTO t VALUES (zeroblob(4000))") }
      }
    }
    guard case .diskFull(let code, _, _, let path)? = error else {
      return XCTFail("expected diskFull, got \(String(describing: error))")
    }
    XCTAssertEqual(code, SQLITE_FULL)
    XCTAssertEqual(path, db.path)
    XCTAssertEqual(try db.query("SELECT count(*) FROM t").first?.int(0), 0)
  }

  /// `withoutTriggers`: the schema's triggers do not run inside, run again
  /// after (also after a throw); foreign-key actions run inside.
  func testWithoutTriggers_skipsTheSchemasTriggersOnlyInside() throws {
    try onBothDatabases { db in
      try db.executeScript(
        """
        CREATE TABLE parent (id TEXT PRIMARY KEY);
        CREATE TABLE child (parent_id TEXT REFERENCES parent (id) ON UPDATE CASCADE);
        CREATE TABLE seen (id TEXT);
        CREATE TRIGGER parent_seen AFTER INSERT ON parent BEGIN INSERT INTO seen VALUES (new.id); END;
        INSERT INTO parent VALUES ('a');
        INSERT INTO child VALUES ('a');
        """)
      func seen() throws -> [String] {
        try db.query("SELECT id FROM seen ORDER BY id").map { try $0.string("id") }
      }
      XCTAssertEqual(try seen(), ["a"])
      try db.withoutTriggers {
        try db.execute("INSERT INTO parent VALUES ('b')")
        try db.execute("UPDATE parent SET id = 'c' WHERE id = 'a'")
      }
      XCTAssertEqual(try seen(), ["a"], "no trigger ran inside")
      XCTAssertEqual(try db.query("SELECT parent_id FROM child").first?.string(0), "c")
      XCTAssertThrowsError(
        try db.withoutTriggers { () throws -> Void in throw TestError.first })
      try db.execute("INSERT INTO parent VALUES ('d')")
      XCTAssertEqual(try seen(), ["a", "d"], "triggers run again after")
    }
  }
}
