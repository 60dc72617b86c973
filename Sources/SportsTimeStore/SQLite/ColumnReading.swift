import Foundation

/// A result row as a record decoder reads it: typed values by column
/// index (resolved once per statement with `ResultColumns.index(_:)`).
/// Both readers adopt it — `RowReader` (the statement's current row, read
/// in place) and `Row` (a row copied out of SQLite) — so each record has
/// one decoder, written once over this interface (`Store.item(from:_:)`,
/// `Store.game(from:_:)`, `Store.visit(from:_:)`; STYLE 23).
///
/// Every accessor accepts the same storage classes in both readers
/// (integers for a `double`, only integers for a `bool` or an `instant`)
/// and throws the same `StoreError.unexpectedValue` naming the column and
/// the SQL otherwise; an index outside the result throws
/// `StoreError.noSuchColumn` from `Row` (`RowReader` is given resolved
/// indices only).
protocol ColumnReading {
  /// Whether the value at `index` is NULL.
  func isNull(_ index: Int32) -> Bool
  /// Runs `body` on the UTF-8 bytes of the non-NULL text at `index` (valid
  /// only during `body`).
  func withText<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T
  /// Non-NULL text at `index`.
  func string(_ index: Int32) throws -> String
  /// Text at `index`, or nil for NULL.
  func optionalString(_ index: Int32) throws -> String?
  /// Non-NULL integer at `index`.
  func int64(_ index: Int32) throws -> Int64
  /// Non-NULL integer at `index` as `Int`.
  func int(_ index: Int32) throws -> Int
  /// Integer at `index` as `Int`, or nil for NULL.
  func optionalInt(_ index: Int32) throws -> Int?
  /// Non-NULL number at `index`; integers are converted to `Double`.
  func double(_ index: Int32) throws -> Double
  /// Number at `index`, or nil for NULL.
  func optionalDouble(_ index: Int32) throws -> Double?
  /// Non-NULL boolean at `index` (integer 0 is `false`, others `true`).
  func bool(_ index: Int32) throws -> Bool
}

extension ColumnReading {
  /// The non-NULL instant at `index`, stored as every instant is (`Schema`):
  /// INTEGER microseconds since 1970-01-01T00:00:00Z.
  /// - Throws: `StoreError.unexpectedValue` for NULL or another storage
  ///   class (a REAL of an unmigrated file included).
  func instant(_ index: Int32) throws -> Date {
    Date(microsecondsSince1970: try int64(index))
  }
}

extension SQLValue {
  /// `instant` as every instant is stored (`Schema`): INTEGER microseconds
  /// since 1970-01-01T00:00:00Z, rounded to the nearest
  /// (`Date.microsecondsSince1970`).
  static func instant(_ instant: Date) -> SQLValue {
    .integer(instant.microsecondsSince1970)
  }
}

extension Row: ColumnReading {
  /// The columns of this row's result, to resolve a decoder's indices.
  var resultColumns: ResultColumns { ResultColumns(columns: columns, sql: sql) }

  /// Whether the value at `index` is NULL (an index outside the row too).
  func isNull(_ index: Int32) -> Bool {
    Int(index) < values.count && index >= 0 ? values[Int(index)] == .null : true
  }

  /// Runs `body` on the UTF-8 bytes of the non-NULL text at `index`.
  func withText<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
    var text = try string(Int(index))
    return try text.withUTF8(body)
  }

  /// Non-NULL text at `index`.
  func string(_ index: Int32) throws -> String { try string(Int(index)) }

  /// Text at `index`, or nil for NULL.
  func optionalString(_ index: Int32) throws -> String? { try optionalString(Int(index)) }

  /// Non-NULL integer at `index`.
  func int64(_ index: Int32) throws -> Int64 { try int64(Int(index)) }

  /// Non-NULL integer at `index` as `Int`.
  func int(_ index: Int32) throws -> Int { try int(Int(index)) }

  /// Integer at `index` as `Int`, or nil for NULL.
  func optionalInt(_ index: Int32) throws -> Int? { try optionalInt(Int(index)) }

  /// Non-NULL number at `index`.
  func double(_ index: Int32) throws -> Double { try double(Int(index)) }

  /// Number at `index`, or nil for NULL.
  func optionalDouble(_ index: Int32) throws -> Double? { try optionalDouble(Int(index)) }

  /// Non-NULL boolean at `index`.
  func bool(_ index: Int32) throws -> Bool { try bool(Int(index)) }

  /// The non-NULL instant of the named column (`ColumnReading.instant`).
  /// - Throws: `StoreError.noSuchColumn`, `.unexpectedValue`.
  func instant(_ column: String) throws -> Date {
    Date(microsecondsSince1970: try int64(column))
  }
}

extension RowReader: ColumnReading {}
