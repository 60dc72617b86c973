import CSQLite

/// One prepared statement (`sqlite3_stmt*`), owned by this object and
/// finalized in `deinit` (https://www.sqlite.org/c3ref/finalize.html).
///
/// Holds its `Database` strongly, so the connection outlives it; while any
/// `Statement` is alive, `Database.close()` refuses and names its SQL.
/// Create with `Database.prepare(_:)`. Not `Sendable`.
public final class Statement {
  /// The connection this statement belongs to.
  public let database: Database

  /// The SQL text as given to `prepare`.
  public let sql: String

  /// The compiled statement; this object is its only owner.
  private let handle: OpaquePointer

  /// Result column names in order (empty for statements without results).
  public var columnNames: [String] { columns.names }

  /// The result columns, resolved once for every row this statement reads.
  private let columns: RowColumns

  /// Compiles `sql` on `database`.
  /// - Throws: `StoreError.sqlite` on a compile error, or SQLITE_MISUSE if
  ///   `sql` holds no statement or more than one.
  init(database: Database, sql: String) throws {
    self.database = database
    self.sql = sql
    let compiled = try database.prepareHandle(sql)
    self.handle = compiled
    self.columns = RowColumns(Database.columnNames(compiled))
  }

  /// Finalizes the compiled statement.
  deinit {
    sqlite3_finalize(handle)
  }

  /// Resets the statement to run again from the start (bindings are kept)
  /// and releases any locks it held (https://www.sqlite.org/c3ref/reset.html).
  public func reset() {
    sqlite3_reset(handle)
  }

  /// Resets the statement, then binds `arguments` to `?1…?n`.
  /// - Throws: `StoreError.sqlite` (SQLITE_MISUSE on a count mismatch); the
  ///   error never contains the values.
  public func bind(_ arguments: [SQLValue]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    try database.bind(arguments, to: handle, sql: sql)
  }

  /// Advances one step: the next row, or `nil` when the statement is done.
  /// Call `reset()` or `bind(_:)` to run it again.
  /// - Throws: `StoreError.sqlite` for any code other than SQLITE_ROW/SQLITE_DONE.
  public func step() throws -> Row? {
    guard try database.step(handle, sql: sql) else { return nil }
    return Database.readRow(handle, columns: columns, sql: sql)
  }

  /// Binds `arguments`, runs to completion discarding rows, then resets.
  /// - Throws: `StoreError.sqlite` from binding or stepping.
  public func execute(_ arguments: [SQLValue] = []) throws {
    try bind(arguments)
    defer { sqlite3_reset(handle) }
    while try database.step(handle, sql: sql) {}
  }

  /// Binds `arguments`, collects every row, then resets.
  /// - Throws: `StoreError.sqlite` from binding or stepping.
  public func query(_ arguments: [SQLValue] = []) throws -> [Row] {
    try bind(arguments)
    defer { sqlite3_reset(handle) }
    var rows: [Row] = []
    while let row = try step() { rows.append(row) }
    return rows
  }
}

/// A `Statement` belongs to a non-thread-safe connection; never share it
/// across concurrency domains.
@available(*, unavailable)
extension Statement: Sendable {}
