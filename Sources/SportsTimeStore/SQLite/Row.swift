/// One result row, copied out of SQLite so it outlives its statement.
///
/// Columns are addressed by name (exact match first, then ASCII
/// case-insensitive, first match wins, like SQLite's own name resolution) or
/// by zero-based index. Typed accessors throw `StoreError.noSuchColumn` for an
/// unknown column and `StoreError.unexpectedValue` for NULL or a wrong storage
/// class; both name the column and the SQL. Values are read with
/// `sqlite3_column_*` (https://www.sqlite.org/c3ref/column_blob.html).
///
/// The rows of one query share one `RowColumns`, which resolves each name to
/// its index once: a by-name read is a dictionary look-up, not a scan of the
/// names.
public struct Row: Sendable, Equatable {
  /// The column names and their resolved indices, shared by the rows of a query.
  let columns: RowColumns
  /// Column values in result order.
  public let values: [SQLValue]
  /// The SQL that produced the row, used in decoding errors.
  public let sql: String

  /// Column names in result order (`sqlite3_column_name`).
  public var columnNames: [String] { columns.names }

  /// Creates a row; `columnNames` and `values` must have the same count.
  public init(columnNames: [String], values: [SQLValue], sql: String) {
    self.init(columns: RowColumns(columnNames), values: values, sql: sql)
  }

  /// Creates a row of a query whose rows share `columns`; `values` holds
  /// one value per column.
  init(columns: RowColumns, values: [SQLValue], sql: String) {
    precondition(columns.names.count == values.count, "A Row needs one value per column name.")
    self.columns = columns
    self.values = values
    self.sql = sql
  }

  /// Rows are equal when their column names, values and SQL are.
  public static func == (lhs: Row, rhs: Row) -> Bool {
    lhs.values == rhs.values && lhs.sql == rhs.sql
      && (lhs.columns === rhs.columns || lhs.columns.names == rhs.columns.names)
  }

  /// The raw value of the named column. Throws `StoreError.noSuchColumn`.
  public func value(_ column: String) throws -> SQLValue {
    guard let index = columns.index(of: column) else {
      throw StoreError.noSuchColumn(column: column, sql: sql)
    }
    return values[index]
  }

  /// The raw value at a zero-based index. Throws `StoreError.noSuchColumn`.
  public func value(_ index: Int) throws -> SQLValue {
    guard values.indices.contains(index) else {
      throw StoreError.noSuchColumn(column: "#\(index)", sql: sql)
    }
    return values[index]
  }

  // MARK: Text

  /// Non-NULL text of the named column.
  public func string(_ column: String) throws -> String {
    try required(try value(column), column, "text", Row.asString)
  }

  /// Non-NULL text at `index`.
  public func string(_ index: Int) throws -> String {
    try required(try value(index), label(index), "text", Row.asString)
  }

  /// Text of the named column, or `nil` for NULL.
  public func optionalString(_ column: String) throws -> String? {
    try optional(try value(column), column, "text", Row.asString)
  }

  /// Text at `index`, or `nil` for NULL.
  public func optionalString(_ index: Int) throws -> String? {
    try optional(try value(index), label(index), "text", Row.asString)
  }

  // MARK: Integers

  /// Non-NULL integer of the named column.
  public func int64(_ column: String) throws -> Int64 {
    try required(try value(column), column, "an integer", Row.asInt64)
  }

  /// Non-NULL integer at `index`.
  public func int64(_ index: Int) throws -> Int64 {
    try required(try value(index), label(index), "an integer", Row.asInt64)
  }

  /// Integer of the named column, or `nil` for NULL.
  public func optionalInt64(_ column: String) throws -> Int64? {
    try optional(try value(column), column, "an integer", Row.asInt64)
  }

  /// Integer at `index`, or `nil` for NULL.
  public func optionalInt64(_ index: Int) throws -> Int64? {
    try optional(try value(index), label(index), "an integer", Row.asInt64)
  }

  /// Non-NULL integer of the named column as `Int`.
  public func int(_ column: String) throws -> Int {
    try required(try value(column), column, "an integer", Row.asInt)
  }

  /// Non-NULL integer at `index` as `Int`.
  public func int(_ index: Int) throws -> Int {
    try required(try value(index), label(index), "an integer", Row.asInt)
  }

  /// Integer of the named column as `Int`, or `nil` for NULL.
  public func optionalInt(_ column: String) throws -> Int? {
    try optional(try value(column), column, "an integer", Row.asInt)
  }

  /// Integer at `index` as `Int`, or `nil` for NULL.
  public func optionalInt(_ index: Int) throws -> Int? {
    try optional(try value(index), label(index), "an integer", Row.asInt)
  }

  // MARK: Reals

  /// Non-NULL number of the named column; integers are converted to `Double`.
  public func double(_ column: String) throws -> Double {
    try required(try value(column), column, "a number", Row.asDouble)
  }

  /// Non-NULL number at `index`; integers are converted to `Double`.
  public func double(_ index: Int) throws -> Double {
    try required(try value(index), label(index), "a number", Row.asDouble)
  }

  /// Number of the named column, or `nil` for NULL.
  public func optionalDouble(_ column: String) throws -> Double? {
    try optional(try value(column), column, "a number", Row.asDouble)
  }

  /// Number at `index`, or `nil` for NULL.
  public func optionalDouble(_ index: Int) throws -> Double? {
    try optional(try value(index), label(index), "a number", Row.asDouble)
  }

  // MARK: Booleans

  /// Non-NULL boolean of the named column: integer 0 is `false`, any other
  /// integer `true` (https://www.sqlite.org/datatype3.html#boolean_datatype).
  public func bool(_ column: String) throws -> Bool {
    try required(try value(column), column, "a boolean (integer)", Row.asBool)
  }

  /// Non-NULL boolean at `index` (0 is `false`, other integers `true`).
  public func bool(_ index: Int) throws -> Bool {
    try required(try value(index), label(index), "a boolean (integer)", Row.asBool)
  }

  /// Boolean of the named column, or `nil` for NULL.
  public func optionalBool(_ column: String) throws -> Bool? {
    try optional(try value(column), column, "a boolean (integer)", Row.asBool)
  }

  /// Boolean at `index`, or `nil` for NULL.
  public func optionalBool(_ index: Int) throws -> Bool? {
    try optional(try value(index), label(index), "a boolean (integer)", Row.asBool)
  }

  // MARK: Blobs

  /// Non-NULL bytes of the named column (a zero-length blob reads as `[]`).
  public func blob(_ column: String) throws -> [UInt8] {
    try required(try value(column), column, "a blob", Row.asBlob)
  }

  /// Non-NULL bytes at `index`.
  public func blob(_ index: Int) throws -> [UInt8] {
    try required(try value(index), label(index), "a blob", Row.asBlob)
  }

  /// Bytes of the named column, or `nil` for NULL.
  public func optionalBlob(_ column: String) throws -> [UInt8]? {
    try optional(try value(column), column, "a blob", Row.asBlob)
  }

  /// Bytes at `index`, or `nil` for NULL.
  public func optionalBlob(_ index: Int) throws -> [UInt8]? {
    try optional(try value(index), label(index), "a blob", Row.asBlob)
  }

  // MARK: Decoding helpers

  /// The name used in errors for a column index: its name, or `#index`.
  private func label(_ index: Int) -> String {
    columnNames.indices.contains(index) && !columnNames[index].isEmpty
      ? columnNames[index] : "#\(index)"
  }

  /// Converts a value that must not be NULL; throws `unexpectedValue` otherwise.
  private func required<T>(
    _ value: SQLValue, _ column: String, _ expected: String, _ convert: (SQLValue) -> T?
  ) throws -> T {
    guard let converted = convert(value) else {
      throw StoreError.unexpectedValue(
        column: column, expected: expected, found: value.storageClassName, sql: sql)
    }
    return converted
  }

  /// Converts a value that may be NULL (`nil`); throws `unexpectedValue` for a
  /// non-NULL value of the wrong storage class.
  private func optional<T>(
    _ value: SQLValue, _ column: String, _ expected: String, _ convert: (SQLValue) -> T?
  ) throws -> T? {
    if value == .null { return nil }
    return try required(value, column, expected, convert)
  }

  /// `.text` to `String`; anything else fails.
  private static func asString(_ value: SQLValue) -> String? {
    if case .text(let text) = value { return text }
    return nil
  }

  /// `.integer` to `Int64`; anything else fails (no silent truncation of reals).
  private static func asInt64(_ value: SQLValue) -> Int64? {
    if case .integer(let number) = value { return number }
    return nil
  }

  /// `.integer` to `Int` when it fits; anything else fails.
  private static func asInt(_ value: SQLValue) -> Int? {
    asInt64(value).flatMap { Int(exactly: $0) }
  }

  /// `.real` as is, `.integer` converted; anything else fails.
  private static func asDouble(_ value: SQLValue) -> Double? {
    switch value {
    case .real(let number): return number
    case .integer(let number): return Double(number)
    default: return nil
    }
  }

  /// `.integer` to `Bool` (0 is false); anything else fails.
  private static func asBool(_ value: SQLValue) -> Bool? {
    asInt64(value).map { $0 != 0 }
  }

  /// `.blob` to bytes; anything else fails.
  private static func asBlob(_ value: SQLValue) -> [UInt8]? {
    if case .blob(let bytes) = value { return bytes }
    return nil
  }
}

/// The column names of a query's result with each name resolved to its index
/// once, shared by every `Row` of the query (immutable, so `Sendable`).
///
/// A small open-addressing table keyed by a hash of a name's length and its
/// first and last bytes: a look-up costs one string comparison (the column
/// names are short ASCII words), where a `Dictionary` would hash the whole
/// name with SipHash on every read (4% of `history` with 2,000 visits).
final class RowColumns: Sendable {
  /// Column names in result order.
  let names: [String]
  /// Slots of the table (a power of two, at least twice the names): the
  /// index of a name, or -1 for an empty slot. A repeated name
  /// (`SELECT a.id, b.id`) keeps its first column, as a scan from the left
  /// would find it.
  private let slots: [Int]

  /// Resolves `names` (in result order).
  init(_ names: [String]) {
    self.names = names
    var size = 4
    while size < names.count * 2 { size *= 2 }
    var slots = [Int](repeating: -1, count: size)
    for (index, name) in names.enumerated() {
      var slot = RowColumns.hash(name) & (size - 1)
      while slots[slot] >= 0, names[slots[slot]] != name { slot = (slot + 1) & (size - 1) }
      if slots[slot] < 0 { slots[slot] = index }
    }
    self.slots = slots
  }

  /// A cheap hash of `name`: its UTF-8 length and first and last bytes.
  private static func hash(_ name: String) -> Int {
    let utf8 = name.utf8
    var hash = utf8.count
    if let first = utf8.first { hash = hash &* 31 &+ Int(first) }
    if let last = utf8.last { hash = hash &* 31 &+ Int(last) }
    return hash
  }

  /// The index of `column`: the first column of exactly that name, else the
  /// first whose name equals it ignoring ASCII case; nil when none does.
  func index(of column: String) -> Int? {
    let mask = slots.count - 1
    var slot = RowColumns.hash(column) & mask
    while slots[slot] >= 0 {
      if names[slots[slot]] == column { return slots[slot] }
      slot = (slot + 1) & mask
    }
    let folded = column.lowercased()
    return names.firstIndex { $0.lowercased() == folded }
  }
}
