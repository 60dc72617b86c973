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

  /// Pretty-printed JSON (2-space indent), RFC 8259 string escaping.
  public func render(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent)
    let inner = String(repeating: "  ", count: indent + 1)
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .number(let d):
      guard d.isFinite else { return "null" }
      if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
      return "\(d)"
    case .string(let s): return JSONValue.quote(s)
    case .array(let items):
      if items.isEmpty { return "[]" }
      return "[\n" + items.map { inner + $0.render(indent: indent + 1) }.joined(separator: ",\n")
        + "\n" + pad + "]"
    case .object(let pairs):
      if pairs.isEmpty { return "{}" }
      return "{\n"
        + pairs.map { inner + JSONValue.quote($0.0) + ": " + $0.1.render(indent: indent + 1) }
        .joined(separator: ",\n") + "\n" + pad + "}"
    }
  }

  /// `s` as a JSON string literal, escaping quotes, backslashes and control
  /// characters.
  public static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
          || scalar.value == 0x2028 || scalar.value == 0x2029
        {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
