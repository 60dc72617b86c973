import Foundation

/// A JSON value with ordered object keys, so output is stable and reads in a
/// sensible order (RFC 8259). Rendering is deterministic: the same value
/// always gives the same bytes.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.render() == b.render() }

  /// A string or null.
  public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
  /// A number or null.
  public static func optional(_ d: Double?) -> JSONValue { d.map(JSONValue.number) ?? .null }
  /// An integer or null.
  public static func optional(_ i: Int?) -> JSONValue { i.map(JSONValue.int) ?? .null }

  /// Pretty-printed JSON (2-space indent), RFC 8259 string escaping
  /// (`JSONWriter`); lines after the first indented by `indent` more levels.
  /// - Complexity: O(n) in the output's length: one byte buffer.
  public func render(indent: Int = 0) -> String {
    var writer = JSONWriter(indent: indent)
    writer.value(self)
    return writer.text
  }

  /// `s` as a JSON string literal, escaping quotes, backslashes and control
  /// characters (`JSONWriter.string(_:)`).
  public static func quote(_ s: String) -> String {
    var writer = JSONWriter(capacity: s.utf8.count + 2)
    writer.string(s)
    return writer.text
  }
}
