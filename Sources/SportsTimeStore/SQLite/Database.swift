import CSQLite
import Foundation
import SportsTimeCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One SQLite connection; this object is the only owner of its `sqlite3*`.
///
/// Opening turns on extended result codes, sets a busy timeout, enables
/// foreign keys (verified) and `synchronous = FULL`, lets the caller inspect
/// the file before anything can change it, then switches file databases to
/// WAL (only if they are not in WAL mode already). Not thread-safe and
/// deliberately not `Sendable`: use one `Database` from one thread/actor at a
/// time (`Store` is the handle to share: it serializes every use of its
/// one connection). Every failing SQLite call is turned into `StoreError.sqlite` (or
/// `.diskFull`) by `error(code:sql:)`.
///
/// Sources: https://www.sqlite.org/c3ref/open.html,
/// https://www.sqlite.org/pragma.html, https://www.sqlite.org/wal.html.
public final class Database {
  /// The default busy timeout in milliseconds (https://www.sqlite.org/c3ref/busy_timeout.html).
  public static let defaultBusyTimeoutMilliseconds = 5000

  /// The path given at open: a file path, ":memory:" or "" (private temp DB).
  /// Error descriptions name it.
  public let path: String

  /// How long to wait for another connection's lock, in milliseconds.
  public let busyTimeoutMilliseconds: Int

  /// The connection handle; `nil` once `close()` succeeded.
  private var handle: OpaquePointer?

  /// Prepared statements reused by `execute` and `query`, keyed by SQL. Raw
  /// handles rather than `Statement`s, so there is no retain cycle; each is
  /// reset after use and finalized on failure, `close()` or `deinit`.
  private var statementCache: [String: OpaquePointer] = [:]

  /// The cache is emptied when it would grow beyond this many statements.
  private static let statementCacheLimit = 64

  /// How many `inTransaction` savepoints are open (names must be unique).
  private var savepointDepth = 0

  /// Opens (creating if needed) the database at `path` and configures it.
  ///
  /// In order: the connection-only settings (extended result codes, busy
  /// timeout, foreign keys, `synchronous = FULL`); then `inspect`, which may
  /// only read; then, for a file not yet in WAL mode, `PRAGMA journal_mode =
  /// WAL`. So a file `inspect` refuses is closed exactly as it was (a WAL
  /// file's log is then not checkpointed either). Switching the journal mode
  /// takes an exclusive lock without calling the busy handler, so when
  /// several processes create the same file at once it is retried until the
  /// busy timeout has passed; `inspect` is retried the same way.
  ///
  /// Before SQLite is asked, a file path is checked (`checkLocation`), so a
  /// path that cannot hold a database is refused with its real cause: a
  /// directory, a device or FIFO, a missing directory (created instead
  /// when `createDirectories`), a directory that is a file, one where no
  /// file may be created. The file itself is created on first use.
  ///
  /// - Parameters:
  ///   - path: a file path, ":memory:", or "" for a private temporary
  ///     database.
  ///   - busyTimeoutMilliseconds: how long to wait for another connection's
  ///     lock before failing with SQLITE_BUSY (default 5000).
  ///   - createDirectories: whether missing directories above a file path
  ///     are created (a default location) or refused (a path the user
  ///     gave: a typo must not leave folders behind). Default false.
  ///   - inspect: reads the file before it can be changed, and throws to
  ///     refuse it (default: accepts every file).
  /// - Throws: `StoreError.unusableLocation` for a path that cannot hold a
  ///   database; `StoreError.cannotOpen` if a directory cannot be created,
  ///   the file cannot be opened or a pragma does not take effect; what
  ///   `inspect` throws; `StoreError.sqlite` (e.g. SQLITE_NOTADB,
  ///   SQLITE_BUSY) or `.diskFull` if configuring fails.
  public init(
    path: String, busyTimeoutMilliseconds: Int = Database.defaultBusyTimeoutMilliseconds,
    createDirectories: Bool = false, inspect: (Database) throws -> Void = { _ in }
  ) throws {
    let isMemory = Database.isMemoryPath(path)
    if !isMemory { try Database.checkLocation(path, createDirectories: createDirectories) }
    let hadLog = !isMemory && FileManager.default.fileExists(atPath: path + "-wal")
    _ = Database.libraryConfigured
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard let connection = opened else {
      throw StoreError.cannotOpen(path: path, reason: "SQLite could not allocate a connection")
    }
    guard code == SQLITE_OK else {
      let reason = Database.errorMessage(connection)
      sqlite3_close_v2(connection)
      throw StoreError.cannotOpen(path: path, reason: reason)
    }
    self.path = path
    self.busyTimeoutMilliseconds = max(0, busyTimeoutMilliseconds)
    self.handle = connection
    do {
      try configure(isMemory: isMemory, inspect: inspect)
    } catch {
      if hadLog {
        // Leave someone else's write-ahead log as it was: closing the last
        // connection would otherwise copy it into the file.
        _ = sportstime_db_config_int(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1)
      }
      discardConnection()
      throw error
    }
  }

  /// Sets the library-wide options once, before the first connection
  /// initializes SQLite: memory statistics off (nothing here reads
  /// `sqlite3_memory_used` or sets a soft heap limit), so each of SQLite's
  /// allocations takes no global mutex and updates no counters — a few
  /// per cent of a schedule import (issue 9, round 7). Whether it took
  /// effect (false when the library was initialized before: it then keeps
  /// its statistics, which changes no result).
  private static let libraryConfigured: Bool = sportstime_config_memstatus(0) == SQLITE_OK

  /// Finalizes cached statements and closes with `sqlite3_close_v2`, which
  /// never fails for lack of finalization (https://www.sqlite.org/c3ref/close.html).
  /// `Statement`s keep their `Database` alive, so none can be left here.
  deinit {
    discardConnection()
  }

  /// Closes the connection now. Calling it again does nothing.
  ///
  /// - Throws: `StoreError.unfinalizedStatements` listing the SQL of every
  ///   live `Statement` (release them first; the connection stays open), or
  ///   `StoreError.sqlite` if `sqlite3_close` fails. Uses
  ///   https://www.sqlite.org/c3ref/next_stmt.html to find them.
  public func close() throws {
    guard let connection = handle else { return }
    clearStatementCache()
    var pending: [String] = []
    var statement = sqlite3_next_stmt(connection, nil)
    while let current = statement {
      pending.append(sqlite3_sql(current).map { String(cString: $0) } ?? "<unknown SQL>")
      statement = sqlite3_next_stmt(connection, current)
    }
    guard pending.isEmpty else {
      throw StoreError.unfinalizedStatements(path: path, sql: pending)
    }
    let code = sqlite3_close(connection)
    guard code == SQLITE_OK else { throw error(code: code, sql: nil) }
    handle = nil
  }

  /// `true` until `close()` succeeds.
  public var isOpen: Bool { handle != nil }

  /// Row id of the most recent successful INSERT on this connection, 0 if none
  /// or closed (https://www.sqlite.org/c3ref/last_insert_rowid.html).
  public var lastInsertRowID: Int64 {
    handle.map { sqlite3_last_insert_rowid($0) } ?? 0
  }

  /// Rows changed by the most recent INSERT/UPDATE/DELETE, 0 if closed
  /// (`sqlite3_changes64`, https://www.sqlite.org/c3ref/changes.html).
  public var changes: Int {
    handle.map { Int(sqlite3_changes64($0)) } ?? 0
  }

  /// Rows changed by every INSERT/UPDATE/DELETE on this connection since it
  /// opened, rolled back or not, 0 if closed (`sqlite3_total_changes64`,
  /// https://www.sqlite.org/c3ref/total_changes.html).
  public var totalChanges: Int {
    handle.map { Int(sqlite3_total_changes64($0)) } ?? 0
  }

  /// `true` while a transaction is open (`sqlite3_get_autocommit` is 0,
  /// https://www.sqlite.org/c3ref/get_autocommit.html).
  public var isInTransaction: Bool {
    handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
  }

  // MARK: Running SQL

  /// Runs one statement with `?` arguments, discarding any result rows.
  ///
  /// The prepared statement is cached by SQL text and evicted if it fails.
  /// - Throws: `StoreError.sqlite` (the SQL is included, argument values never).
  public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
    _ = try run(sql, arguments, cached: true, collectRows: false)
  }

  /// Runs one statement with `?` arguments and returns all rows.
  ///
  /// - Throws: `StoreError.sqlite` if preparing, binding or stepping fails.
  public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
    try run(sql, arguments, cached: true, collectRows: true)
  }

  /// Inserts one row into `table`: `INSERT INTO table (columns…) VALUES
  /// (?1…?n)` with the columns of `row` in their order.
  /// - Throws: `StoreError.sqlite` (SQLITE_MISUSE for no column or a table
  ///   or column name that is not a plain identifier), or as `execute`.
  public func insert(into table: String, _ row: ColumnValues) throws {
    let key = InsertShape(table: table, columns: row.names)
    if let sql = insertSQL[key] {
      try execute(sql, row.values)
      return
    }
    try checkIdentifiers([table] + row.names, nonEmpty: row.names)
    let placeholders = row.names.indices.map { "?\($0 + 1)" }
    let sql =
      "INSERT INTO \(table) (\(row.names.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))"
    if insertSQL.count >= Database.statementCacheLimit { insertSQL.removeAll() }
    insertSQL[key] = sql
    try execute(sql, row.values)
  }

  /// Inserts `rows` into `table`: one `INSERT INTO table (columns…) VALUES
  /// (?1…?n)`, checked and prepared once, run with each row's values (in
  /// the order of `columns`). For bulk writes such as a schedule import,
  /// whose thousands of rows would otherwise each pay for looking up their
  /// SQL text.
  /// - Parameters:
  ///   - table: a plain identifier.
  ///   - columns: plain identifiers, at least one.
  ///   - rows: one value per column each.
  /// - Throws: `StoreError.sqlite` (SQLITE_MISUSE for no column, a name that
  ///   is not a plain identifier or a row of another length), or as
  ///   `execute`; rows before the failing one stay inserted unless the call
  ///   is inside a transaction (`inTransaction`).
  public func insert(into table: String, columns: [String], rows: [[SQLValue]]) throws {
    guard !rows.isEmpty else { return }
    try checkIdentifiers([table] + columns, nonEmpty: columns)
    let placeholders = columns.indices.map { "?\($0 + 1)" }
    let sql =
      "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))"
    let statement = try cachedStatement(sql)
    do {
      for row in rows {
        try bind(row, to: statement, sql: sql)
        while try step(statement, sql: sql) {}
        sqlite3_reset(statement)
      }
      sqlite3_clear_bindings(statement)
    } catch {
      evictStatement(sql)
      throw error
    }
  }

  /// A table and the columns of a row written to it, in order.
  private struct InsertShape: Hashable {
    var table: String
    var columns: [String]
  }

  /// The checked `INSERT` text of each shape written so far (an import
  /// writes thousands of rows of one shape: building and checking the
  /// text again for each was 9% of it).
  private var insertSQL: [InsertShape: String] = [:]

  /// Updates the rows of `table` whose `keyColumn` equals `key`: `UPDATE
  /// table SET column = ?1, … WHERE keyColumn = ?n+1`.
  /// - Returns: the number of rows changed (0 when no row matched).
  /// - Throws: as `insert(into:_:)`.
  @discardableResult
  public func update(
    _ table: String, set row: ColumnValues, whereColumn keyColumn: String, is key: SQLValue
  ) throws -> Int {
    try checkIdentifiers([table, keyColumn] + row.names, nonEmpty: row.names)
    let assignments = row.names.enumerated().map { "\($0.element) = ?\($0.offset + 1)" }
    let sql =
      "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(keyColumn) = ?\(row.names.count + 1)"
    try execute(sql, row.values + [key])
    return changes
  }

  /// Refuses an empty column list or a name that is not a plain identifier.
  private func checkIdentifiers(_ names: [String], nonEmpty: [String]) throws {
    guard !nonEmpty.isEmpty, names.allSatisfy(ColumnValues.isPlainIdentifier) else {
      throw misuse(
        "A row to write needs at least one column, named by a plain identifier.",
        sql: names.first)
    }
  }

  /// Runs several `;`-separated statements without arguments via
  /// `sqlite3_exec` (https://www.sqlite.org/c3ref/exec.html), e.g. DDL.
  /// Statements before a failing one stay applied unless you wrap the call in
  /// `inTransaction`.
  /// - Throws: `StoreError.sqlite` with the whole script as `sql`.
  public func executeScript(_ sql: String) throws {
    let connection = try liveHandle(sql: sql)
    let code = sqlite3_exec(connection, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
  }

  /// Prepares one statement for repeated use; it is finalized when the
  /// returned object is released (https://www.sqlite.org/c3ref/prepare.html).
  /// - Throws: `StoreError.sqlite` on a syntax error, or with SQLITE_MISUSE if
  ///   `sql` holds no statement or more than one.
  public func prepare(_ sql: String) throws -> Statement {
    try Statement(database: self, sql: sql)
  }

  /// Runs `body` with the triggers of the database's schema off on this
  /// connection (`SQLITE_DBCONFIG_ENABLE_TRIGGER` 0,
  /// https://www.sqlite.org/c3ref/c_dbconfig_defensive.html), and turns
  /// them on again after, also when `body` throws. TEMP triggers and
  /// foreign-key actions (`ON UPDATE CASCADE`) still run. Prepared
  /// statements are recompiled at their next use after each switch.
  /// For a bulk write whose triggers the caller knows to be no-ops.
  /// - Throws: `StoreError.sqlite` when the setting cannot be changed
  ///   (nothing ran then), or whatever `body` throws.
  public func withoutTriggers<T>(_ body: () throws -> T) throws -> T {
    let connection = try liveHandle(sql: nil)
    try check(
      sportstime_db_config_int(connection, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), sql: nil)
    defer { _ = sportstime_db_config_int(connection, SQLITE_DBCONFIG_ENABLE_TRIGGER, 1) }
    return try body()
  }

  // MARK: Transactions

  /// Runs `body` in a transaction and commits it; if `body` (or COMMIT)
  /// throws, rolls back and rethrows that first error — a failing ROLLBACK is
  /// ignored so it cannot mask it.
  ///
  /// Nesting: when a transaction is already open (from an outer call or a
  /// manual BEGIN), `body` runs inside a SAVEPOINT instead and `kind` is
  /// ignored; a throw rolls back only to that savepoint
  /// (https://www.sqlite.org/lang_savepoint.html). Not `rethrows`, because
  /// BEGIN itself can fail (e.g. SQLITE_BUSY).
  /// - Throws: the error from `body`, or `StoreError.sqlite` from BEGIN/COMMIT.
  public func inTransaction<T>(
    _ kind: TransactionKind = .immediate, _ body: () throws -> T
  ) throws -> T {
    if isInTransaction { return try inSavepoint(body) }
    try execute("BEGIN \(kind.keyword) TRANSACTION")
    let result: T
    do {
      result = try body()
      try execute("COMMIT TRANSACTION")
    } catch {
      if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
      throw error
    }
    return result
  }

  /// Runs `body` inside a uniquely named SAVEPOINT; on a throw, rolls back to
  /// it and releases it (errors from that cleanup are ignored), then rethrows.
  private func inSavepoint<T>(_ body: () throws -> T) throws -> T {
    savepointDepth += 1
    defer { savepointDepth -= 1 }
    let name = "sqlitekit_savepoint_\(savepointDepth)"
    try execute("SAVEPOINT \(name)")
    let result: T
    do {
      result = try body()
      try execute("RELEASE SAVEPOINT \(name)")
    } catch {
      try? execute("ROLLBACK TRANSACTION TO SAVEPOINT \(name)")
      try? execute("RELEASE SAVEPOINT \(name)")
      throw error
    }
    return result
  }

  // MARK: Errors

  /// The single path from a non-OK result code to an error: copies
  /// `sqlite3_errmsg` at once into `StoreError.sqlite` with this database's
  /// path (https://www.sqlite.org/c3ref/errcode.html). Never includes bound
  /// values. A full disk becomes `StoreError.diskFull`: SQLITE_FULL, and the
  /// SQLITE_IOERR_* / SQLITE_CANTOPEN codes SQLite returns when a write,
  /// truncate or shared-memory resize fails with ENOSPC or EDQUOT
  /// (`sqlite3_system_errno`, https://www.sqlite.org/c3ref/system_errno.html).
  func error(code: Int32, sql: String?) -> StoreError {
    let systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
    if Database.meansDiskFull(code: code, systemErrno: systemErrno) {
      return .diskFull(code: code, systemErrno: systemErrno, sql: sql, path: path)
    }
    let message =
      handle.map { Database.errorMessage($0) }
      ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
    return .sqlite(code: code, message: message, sql: sql, path: path)
  }

  /// Whether SQLite's result `code` with the operating system's
  /// `systemErrno` means the disk is full. `systemErrno` is only read for
  /// SQLITE_IOERR and SQLITE_CANTOPEN, the codes SQLite records it for
  /// (otherwise it may be left over from an earlier failure).
  /// - Parameters:
  ///   - code: an extended result code (https://www.sqlite.org/rescode.html).
  ///   - systemErrno: `sqlite3_system_errno` right after the failure.
  public static func meansDiskFull(code: Int32, systemErrno: Int32) -> Bool {
    switch code & 0xff {
    case SQLITE_FULL:
      return true
    case SQLITE_IOERR, SQLITE_CANTOPEN:
      return systemErrno == ENOSPC || systemErrno == EDQUOT
    default:
      return false
    }
  }

  /// Throws through `error(code:sql:)` unless `code` is SQLITE_OK.
  func check(_ code: Int32, sql: String?) throws {
    guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
  }

  /// An API-misuse error (SQLITE_MISUSE) raised by this layer, not by SQLite.
  func misuse(_ message: String, sql: String?) -> StoreError {
    .sqlite(code: SQLITE_MISUSE, message: message, sql: sql, path: path)
  }

  /// A SQLITE_TOOBIG error raised by this layer before calling SQLite.
  private func tooBig(sql: String) -> StoreError {
    .sqlite(
      code: SQLITE_TOOBIG, message: "a bound value is larger than 2 GiB", sql: sql, path: path)
  }

  /// Copies `sqlite3_errmsg` for `connection`.
  private static func errorMessage(_ connection: OpaquePointer) -> String {
    sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown error"
  }

  // MARK: Statement plumbing (shared with Statement)

  /// The open handle. Throws SQLITE_MISUSE once the connection is closed.
  private func liveHandle(sql: String?) throws -> OpaquePointer {
    guard let connection = handle else {
      throw misuse("the database connection is already closed", sql: sql)
    }
    return connection
  }

  /// Compiles exactly one statement with `sqlite3_prepare_v2`.
  /// - Throws: `StoreError.sqlite` on a compile error; SQLITE_MISUSE if
  ///   `sql` is empty/only comments or contains a second statement.
  func prepareHandle(_ sql: String) throws -> OpaquePointer {
    let connection = try liveHandle(sql: sql)
    var statement: OpaquePointer?
    var hasMoreSQL = false
    let code = sql.withCString { text -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(connection, text, -1, &statement, &tail)
      if code == SQLITE_OK, let tail {
        hasMoreSQL = Database.containsStatement(connection, tail)
      }
      return code
    }
    guard code == SQLITE_OK else {
      let failure = error(code: code, sql: sql)
      sqlite3_finalize(statement)
      throw failure
    }
    guard let compiled = statement else {
      throw misuse("the SQL contains no statement", sql: sql)
    }
    if hasMoreSQL {
      sqlite3_finalize(compiled)
      throw misuse(
        "only one statement can be prepared at a time; use executeScript for several",
        sql: sql)
    }
    return compiled
  }

  /// Whether `tail` (what follows the first statement) holds another
  /// statement rather than only whitespace, semicolons or comments.
  private static func containsStatement(
    _ connection: OpaquePointer, _ tail: UnsafePointer<CChar>
  ) -> Bool {
    var next: OpaquePointer?
    let code = sqlite3_prepare_v2(connection, tail, -1, &next, nil)
    defer { sqlite3_finalize(next) }
    return code != SQLITE_OK || next != nil
  }

  /// Binds `arguments` to `?1…?n` after checking their count. Integers use
  /// `sqlite3_bind_int64`; text and blobs are copied with their byte count
  /// (https://www.sqlite.org/c3ref/bind_blob.html).
  /// - Throws: SQLITE_MISUSE on a count mismatch, SQLITE_TOOBIG for a value
  ///   over 2 GiB, or any bind error — never mentioning the values.
  func bind(_ arguments: [SQLValue], to statement: OpaquePointer, sql: String) throws {
    let expected = Int(sqlite3_bind_parameter_count(statement))
    guard expected == arguments.count else {
      throw misuse(
        "the statement takes \(expected) argument(s) but \(arguments.count) were given",
        sql: sql)
    }
    for (offset, argument) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch argument {
      case .null:
        code = sqlite3_bind_null(statement, index)
      case .integer(let number):
        code = sqlite3_bind_int64(statement, index, number)
      case .real(let number):
        code = sqlite3_bind_double(statement, index, number)
      case .text(let text):
        guard let byteCount = Int32(exactly: text.utf8.count) else {
          throw tooBig(sql: sql)
        }
        code = text.withCString { sportstime_bind_text(statement, index, $0, byteCount) }
      case .blob(let bytes):
        guard let byteCount = Int32(exactly: bytes.count) else {
          throw tooBig(sql: sql)
        }
        if bytes.isEmpty {
          // A NULL pointer would bind SQL NULL; a zero-length blob stays a blob.
          code = sqlite3_bind_zeroblob(statement, index, 0)
        } else {
          code = bytes.withUnsafeBytes {
            sportstime_bind_blob(statement, index, $0.baseAddress, byteCount)
          }
        }
      }
      try check(code, sql: sql)
    }
  }

  /// One `sqlite3_step`: `true` for SQLITE_ROW, `false` for SQLITE_DONE.
  /// - Throws: `StoreError.sqlite` for any other code
  ///   (https://www.sqlite.org/c3ref/step.html).
  func step(_ statement: OpaquePointer, sql: String) throws -> Bool {
    let code = sqlite3_step(statement)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw error(code: code, sql: sql)
    }
  }

  /// The result column names of `statement` (`sqlite3_column_name`).
  static func columnNames(_ statement: OpaquePointer) -> [String] {
    (0..<sqlite3_column_count(statement)).map { column in
      sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
    }
  }

  /// Copies the current row of `statement` into a `Row`.
  static func readRow(_ statement: OpaquePointer, columns: RowColumns, sql: String) -> Row {
    let values = (0..<Int32(columns.names.count)).map { columnValue(statement, $0) }
    return Row(columns: columns, values: values, sql: sql)
  }

  /// Reads one column by its storage class (`sqlite3_column_type`); text and
  /// blobs are copied using `sqlite3_column_bytes`
  /// (https://www.sqlite.org/c3ref/column_blob.html).
  private static func columnValue(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(statement, column))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(statement, column) else { return .text("") }
      let count = Int(sqlite3_column_bytes(statement, column))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      guard let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
      let count = Int(sqlite3_column_bytes(statement, column))
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      return .null
    }
  }

  /// Prepares (or reuses) `sql`, binds, steps to the end and optionally
  /// collects rows. A cached statement is reset afterwards and evicted
  /// (finalized) if anything fails; an uncached one is finalized.
  private func run(
    _ sql: String, _ arguments: [SQLValue], cached: Bool, collectRows: Bool
  ) throws -> [Row] {
    let statement = try cached ? cachedStatement(sql) : prepareHandle(sql)
    defer { if !cached { sqlite3_finalize(statement) } }
    do {
      try bind(arguments, to: statement, sql: sql)
      // One name-to-index map for every row of the query.
      let columns = RowColumns(collectRows ? Database.columnNames(statement) : [])
      var rows: [Row] = []
      while try step(statement, sql: sql) {
        if collectRows {
          rows.append(Database.readRow(statement, columns: columns, sql: sql))
        }
      }
      if cached {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
      }
      return rows
    } catch {
      if cached { evictStatement(sql) }
      throw error
    }
  }

  /// Runs the cached statement `sql` with `arguments` and hands each result
  /// row to `body` in place (`RowReader`: no `Row` copy). `resolve` runs
  /// once, before the first row, to turn the column names `body` reads into
  /// indices. The statement is reset afterwards; evicted if anything fails.
  /// - Throws: `StoreError.sqlite` from preparing, binding or stepping, or
  ///   whatever `resolve` or `body` throws (stepping stops there).
  func forEachRow<Columns>(
    _ sql: String, _ arguments: [SQLValue], resolve: (ResultColumns) throws -> Columns,
    _ body: (RowReader, Columns) throws -> Void
  ) throws {
    let statement = try cachedStatement(sql)
    do {
      try bind(arguments, to: statement, sql: sql)
      let names = RowColumns(Database.columnNames(statement))
      let columns = try resolve(ResultColumns(columns: names, sql: sql))
      let reader = RowReader(statement: statement, columns: names, sql: sql)
      while try step(statement, sql: sql) { try body(reader, columns) }
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    } catch {
      evictStatement(sql)
      throw error
    }
  }

  /// The cached statement for `sql`, preparing and caching it if needed.
  private func cachedStatement(_ sql: String) throws -> OpaquePointer {
    if let statement = statementCache[sql] { return statement }
    let statement = try prepareHandle(sql)
    if statementCache.count >= Database.statementCacheLimit { clearStatementCache() }
    statementCache[sql] = statement
    return statement
  }

  /// Removes and finalizes the cached statement for `sql`, if any.
  private func evictStatement(_ sql: String) {
    if let statement = statementCache.removeValue(forKey: sql) { sqlite3_finalize(statement) }
  }

  /// Finalizes and forgets every cached statement.
  private func clearStatementCache() {
    for statement in statementCache.values { sqlite3_finalize(statement) }
    statementCache.removeAll()
  }

  /// Finalizes cached statements and closes with `sqlite3_close_v2`,
  /// ignoring errors (used by `deinit` and a failed `init`).
  private func discardConnection() {
    clearStatementCache()
    if let connection = handle { sqlite3_close_v2(connection) }
    handle = nil
  }

  // MARK: Opening

  /// Applies the connection settings and verifies them, lets `inspect` read
  /// the file, then switches it to WAL.
  /// - Throws: `StoreError.cannotOpen` if foreign keys or WAL do not take
  ///   effect; what `inspect` throws; `StoreError.sqlite` from the pragmas
  ///   (e.g. SQLITE_NOTADB).
  private func configure(isMemory: Bool, inspect: (Database) throws -> Void) throws {
    let connection = try liveHandle(sql: nil)
    try check(sqlite3_extended_result_codes(connection, 1), sql: nil)
    let timeout = Int32(clamping: busyTimeoutMilliseconds)
    try check(sqlite3_busy_timeout(connection, timeout), sql: nil)
    let deadline = busyDeadline()

    // Connection settings only: none of these touches the file.
    // https://www.sqlite.org/pragma.html#pragma_foreign_keys
    _ = try run("PRAGMA foreign_keys = ON", [], cached: false, collectRows: false)
    let foreignKeys = try run("PRAGMA foreign_keys", [], cached: false, collectRows: true)
    guard try foreignKeys.first?.int64(0) == 1 else {
      throw StoreError.cannotOpen(
        path: path, reason: "this SQLite library cannot enforce foreign keys")
    }
    // FULL: in WAL mode every commit syncs the log before it is reported
    // done, so a power loss cannot undo it; NORMAL can lose the last
    // commits (https://www.sqlite.org/pragma.html#pragma_synchronous).
    _ = try run("PRAGMA synchronous = FULL", [], cached: false, collectRows: false)

    try retryingWhileBusy(until: deadline) { try inspect(self) }
    if !isMemory { try retryingWhileBusy(until: deadline) { try switchToWAL() } }
  }

  /// Switches the file to WAL unless it is in WAL mode already (asking
  /// reads only; https://www.sqlite.org/pragma.html#pragma_journal_mode
  /// returns the mode in force afterwards).
  /// - Throws: `StoreError.cannotOpen` when the mode does not become WAL;
  ///   `StoreError.sqlite` (SQLITE_BUSY while another process holds the file).
  private func switchToWAL() throws {
    let current = try run("PRAGMA journal_mode", [], cached: false, collectRows: true)
    if try current.first?.string(0).lowercased() == "wal" { return }
    let journal = try run("PRAGMA journal_mode = WAL", [], cached: false, collectRows: true)
    let mode = try journal.first?.string(0).lowercased() ?? ""
    if mode != "wal" {
      throw StoreError.cannotOpen(
        path: path,
        reason: "could not switch to write-ahead logging (journal mode is '\(mode)')")
    }
  }

  /// Runs `step`, and runs it again after a short random pause each time it
  /// fails with SQLITE_BUSY or SQLITE_LOCKED, until `deadline`. For steps
  /// SQLite runs without its busy handler (a journal mode switch), or that
  /// must not fail because another process is setting the file up at the
  /// same moment. Inside an open transaction `step` runs once: retrying
  /// there could wait on a lock this connection's own transaction holds up.
  /// - Throws: the last error once `deadline` has passed, or any other error.
  func retryingWhileBusy<T>(until deadline: Date, _ step: () throws -> T) throws -> T {
    let canRetry = !isInTransaction
    while true {
      do {
        return try step()
      } catch let error as StoreError {
        guard canRetry, let code = error.sqliteCode,
          code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED,
          Date() < deadline
        else { throw error }
        let pause = min(Double.random(in: 0.001...0.01), max(0, deadline.timeIntervalSinceNow))
        Thread.sleep(forTimeInterval: pause)
      }
    }
  }

  /// The moment the busy timeout started now ends: the deadline for
  /// `retryingWhileBusy`.
  func busyDeadline() -> Date {
    Date().addingTimeInterval(Double(busyTimeoutMilliseconds) / 1000)
  }

  /// Whether `path` names an in-memory (":memory:") or private temporary ("")
  /// database rather than a file (https://www.sqlite.org/inmemorydb.html).
  private static func isMemoryPath(_ path: String) -> Bool {
    path.isEmpty || path == ":memory:"
  }

  /// Checks that the file path `path` can hold a database, before SQLite
  /// opens it (SQLite's own words for these cases are "unable to open
  /// database file" or "disk I/O error"). Symbolic links are followed.
  ///
  /// - An existing path must be a regular file the process may read (a
  ///   read-only one is opened read-only by SQLite, and a write says so).
  /// - A missing file is created later, by SQLite: its directory must exist
  ///   (or is created, when `createDirectories`), be a directory, and let
  ///   this process create a file in it.
  ///
  /// - Throws: `StoreError.unusableLocation` with the reason
  ///   (`FileError.Reason`: `isDirectory`, `notRegularFile`,
  ///   `permissionDenied`, `directoryMissing`, `notADirectory`, `system`),
  ///   or `.cannotOpen` when a directory cannot be created.
  static func checkLocation(_ path: String, createDirectories: Bool) throws {
    func refuse(_ reason: FileError.Reason) -> StoreError {
      .unusableLocation(path: path, reason: reason)
    }
    if path.hasSuffix("/") { throw refuse(.isDirectory) }
    var info = stat()
    if stat(path, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        guard access(path, R_OK) == 0 else { throw refuse(.permissionDenied) }
        return
      case S_IFDIR:
        throw refuse(.isDirectory)
      default:
        throw refuse(.notRegularFile(FileError.kindName(mode: info.st_mode) ?? "a special file"))
      }
    }
    let code = errno
    if code == ENOTDIR, let file = Database.firstNonDirectory(above: path) {
      throw refuse(.notADirectory(file))
    }
    guard code == ENOENT else { throw refuse(FileError.Reason(errno: code)) }
    // Missing: through a dangling link, SQLite creates the link's target.
    let file = Database.followingLinks(path)
    let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
    if stat(directory, &info) != 0 {
      guard errno == ENOENT else { throw refuse(FileError.Reason(errno: errno)) }
      guard createDirectories else { throw refuse(.directoryMissing(directory)) }
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw StoreError.cannotOpen(
          path: path,
          reason: "could not create the directory \(directory) (\(error.localizedDescription))")
      }
      return
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw refuse(.notADirectory(directory)) }
    guard access(directory, W_OK | X_OK) == 0 else {
      throw refuse(
        .system("cannot create a file in the directory \(directory): permission denied"))
    }
  }

  /// The nearest existing path above `path` when it is not a directory
  /// (a regular file named as a folder, `notes.txt/x.sqlite`), else nil.
  private static func firstNonDirectory(above path: String) -> String? {
    var url = URL(fileURLWithPath: path).deletingLastPathComponent()
    while url.path != "/" {
      var info = stat()
      if stat(url.path, &info) == 0 {
        return info.st_mode & S_IFMT == S_IFDIR ? nil : url.path
      }
      url = url.deletingLastPathComponent()
    }
    return nil
  }

  /// `path` with the symbolic links at its end followed (relative targets
  /// from the link's directory), as far as they go; at most 40 links.
  private static func followingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        target.hasPrefix("/")
        ? target : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + target
    }
    return current
  }
}

/// A `Database` wraps a non-thread-safe connection; never share it across
/// concurrency domains.
@available(*, unavailable)
extension Database: Sendable {}

/// How `inTransaction` begins a top-level transaction
/// (https://www.sqlite.org/lang_transaction.html).
public enum TransactionKind: Sendable {
  /// BEGIN DEFERRED: locks are taken at the first read/write.
  case deferred
  /// BEGIN IMMEDIATE: takes the write lock at once (waits up to the busy
  /// timeout, then SQLITE_BUSY); the right default for read-modify-write.
  case immediate
  /// BEGIN EXCLUSIVE: like IMMEDIATE in WAL mode; also blocks readers otherwise.
  case exclusive

  /// The SQL keyword after BEGIN.
  var keyword: String {
    switch self {
    case .deferred: return "DEFERRED"
    case .immediate: return "IMMEDIATE"
    case .exclusive: return "EXCLUSIVE"
    }
  }
}
