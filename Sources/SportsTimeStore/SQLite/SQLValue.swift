/// A value bound to or read from SQLite: one of its five storage classes.
///
/// Source: https://www.sqlite.org/datatype3.html (section 2, storage classes).
public enum SQLValue: Sendable, Equatable, Hashable {
  /// SQL NULL.
  case null
  /// A signed 64-bit integer, bound with `sqlite3_bind_int64`.
  case integer(Int64)
  /// An IEEE 754 double. SQLite stores NaN as NULL.
  case real(Double)
  /// UTF-8 text, bound with its byte count (https://www.sqlite.org/c3ref/bind_blob.html).
  /// Embedded NUL characters are undefined behaviour in SQLite; avoid them.
  case text(String)
  /// Raw bytes, bound with their byte count.
  case blob([UInt8])

  /// Wraps an `Int` as `.integer` (lossless: `Int` is at most 64 bits).
  public init(_ value: Int) { self = .integer(Int64(value)) }

  /// Wraps an `Int64` as `.integer`.
  public init(_ value: Int64) { self = .integer(value) }

  /// Wraps a `Double` as `.real`.
  public init(_ value: Double) { self = .real(value) }

  /// Stores a `Bool` as `.integer(1)` or `.integer(0)` (SQLite has no boolean
  /// type: https://www.sqlite.org/datatype3.html#boolean_datatype).
  public init(_ value: Bool) { self = .integer(value ? 1 : 0) }

  /// Wraps a `String` as `.text`.
  public init(_ value: String) { self = .text(value) }

  /// Wraps bytes as `.blob`.
  public init(_ value: [UInt8]) { self = .blob(value) }

  /// `.text(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: String?) -> SQLValue {
    value.map { .text($0) } ?? .null
  }

  /// `.integer(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: Int?) -> SQLValue {
    value.map { SQLValue($0) } ?? .null
  }

  /// `.integer(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: Int64?) -> SQLValue {
    value.map { .integer($0) } ?? .null
  }

  /// `.real(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: Double?) -> SQLValue {
    value.map { .real($0) } ?? .null
  }

  /// `.integer(1/0)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: Bool?) -> SQLValue {
    value.map { SQLValue($0) } ?? .null
  }

  /// `.blob(value)`, or `.null` when `value` is `nil`.
  public static func optional(_ value: [UInt8]?) -> SQLValue {
    value.map { .blob($0) } ?? .null
  }

  /// The storage class name used in decoding errors ("NULL", "an integer", …);
  /// never the value itself.
  var storageClassName: String {
    switch self {
    case .null: return "NULL"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .text: return "text"
    case .blob: return "a blob"
    }
  }
}

/// Lets integer literals stand for `.integer`, e.g. `[1, 2]` as arguments.
extension SQLValue: ExpressibleByIntegerLiteral {
  /// Creates `.integer(value)`.
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

/// Lets float literals stand for `.real`.
extension SQLValue: ExpressibleByFloatLiteral {
  /// Creates `.real(value)`.
  public init(floatLiteral value: Double) { self = .real(value) }
}

/// Lets string literals stand for `.text`.
extension SQLValue: ExpressibleByStringLiteral {
  /// Creates `.text(value)`.
  public init(stringLiteral value: String) { self = .text(value) }
}

/// Lets `true`/`false` stand for `.integer(1)`/`.integer(0)`.
extension SQLValue: ExpressibleByBooleanLiteral {
  /// Creates `.integer(1)` for `true`, `.integer(0)` for `false`.
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
