import CSQLite

/// The current row of a statement being stepped, read in place: values come
/// straight from `sqlite3_column_*` (https://www.sqlite.org/c3ref/column_blob.html)
/// without copying the row into `SQLValue`s first, and text can be read as
/// its bytes without making a `String` (`withText`).
///
/// The typed accessors follow `Row`'s by-index accessors exactly: the same
/// storage classes are accepted (integers for a `double`, only integers for
/// a `bool`), and the same `StoreError.unexpectedValue` names the column (by
/// its result name) and the SQL otherwise. Columns are addressed by index,
/// resolved once per statement with `ResultColumns.index(_:)`.
///
/// Valid only inside the closure `Database.forEachRow` hands it to; never
/// keep it.
struct RowReader {
  /// The statement, positioned on a row.
  private let statement: OpaquePointer
  /// The statement's result columns (for error messages).
  private let columns: RowColumns
  /// The statement's SQL (for error messages).
  private let sql: String

  init(statement: OpaquePointer, columns: RowColumns, sql: String) {
    self.statement = statement
    self.columns = columns
    self.sql = sql
  }

  /// The storage class of column `index` (`SQLITE_INTEGER`, …).
  private func type(_ index: Int32) -> Int32 { sqlite3_column_type(statement, index) }

  /// Whether column `index` is NULL.
  func isNull(_ index: Int32) -> Bool { type(index) == SQLITE_NULL }

  /// The error for a value of the wrong storage class at `index`.
  private func unexpected(_ index: Int32, _ expected: String) -> StoreError {
    let name = Int(index) < columns.names.count ? columns.names[Int(index)] : ""
    let found: String
    switch type(index) {
    case SQLITE_INTEGER: found = SQLValue.integer(0).storageClassName
    case SQLITE_FLOAT: found = SQLValue.real(0).storageClassName
    case SQLITE_TEXT: found = SQLValue.text("").storageClassName
    case SQLITE_BLOB: found = SQLValue.blob([]).storageClassName
    default: found = SQLValue.null.storageClassName
    }
    return .unexpectedValue(
      column: name.isEmpty ? "#\(index)" : name, expected: expected, found: found, sql: sql)
  }

  // MARK: Text

  /// Runs `body` on the UTF-8 bytes of the non-NULL text at `index` (valid
  /// only during `body`).
  func withText<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
    guard type(index) == SQLITE_TEXT else { throw unexpected(index, "text") }
    let count = Int(sqlite3_column_bytes(statement, index))
    guard let text = sqlite3_column_text(statement, index) else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return try body(UnsafeBufferPointer(start: text, count: count))
  }

  /// Runs `body` on the bytes of the text at `index`, or returns nil for NULL.
  func withOptionalText<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    throws -> T?
  {
    if isNull(index) { return nil }
    return try withText(index, body)
  }

  /// Non-NULL text at `index`.
  func string(_ index: Int32) throws -> String {
    try withText(index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Text at `index`, or nil for NULL.
  func optionalString(_ index: Int32) throws -> String? {
    try withOptionalText(index) { String(decoding: $0, as: UTF8.self) }
  }

  // MARK: Numbers

  /// Non-NULL integer at `index`.
  func int64(_ index: Int32) throws -> Int64 {
    guard type(index) == SQLITE_INTEGER else { throw unexpected(index, "an integer") }
    return sqlite3_column_int64(statement, index)
  }

  /// Non-NULL integer at `index` as `Int`.
  func int(_ index: Int32) throws -> Int {
    guard let value = Int(exactly: try int64(index)) else {
      throw unexpected(index, "an integer")
    }
    return value
  }

  /// Integer at `index` as `Int`, or nil for NULL.
  func optionalInt(_ index: Int32) throws -> Int? {
    isNull(index) ? nil : try int(index)
  }

  /// Non-NULL number at `index`; integers are converted to `Double`.
  func double(_ index: Int32) throws -> Double {
    switch type(index) {
    case SQLITE_FLOAT: return sqlite3_column_double(statement, index)
    case SQLITE_INTEGER: return Double(sqlite3_column_int64(statement, index))
    default: throw unexpected(index, "a number")
    }
  }

  /// Number at `index`, or nil for NULL.
  func optionalDouble(_ index: Int32) throws -> Double? {
    isNull(index) ? nil : try double(index)
  }

  /// Non-NULL boolean at `index` (integer 0 is `false`, others `true`).
  func bool(_ index: Int32) throws -> Bool {
    guard type(index) == SQLITE_INTEGER else { throw unexpected(index, "a boolean (integer)") }
    return sqlite3_column_int64(statement, index) != 0
  }
}

/// The result columns of a prepared statement, to resolve the names a
/// reader needs to their indices once, before its rows are read.
struct ResultColumns {
  let columns: RowColumns
  let sql: String

  /// The index of `name` (as `Row` resolves names).
  /// - Throws: `StoreError.noSuchColumn` when the result has no such column.
  func index(_ name: String) throws -> Int32 {
    guard let index = columns.index(of: name) else {
      throw StoreError.noSuchColumn(column: name, sql: sql)
    }
    return Int32(index)
  }
}
