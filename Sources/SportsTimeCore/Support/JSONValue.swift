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
  /// - Complexity: O(n) in the output's length: one buffer, appended in place.
  public func render(indent: Int = 0) -> String {
    var out = ""
    out.reserveCapacity(4096)
    write(to: &out, indent: indent)
    return out
  }

  /// Appends the rendered value (as `render(indent:)`) to `out`.
  func write(to out: inout String, indent: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .number(let d):
      guard d.isFinite else {
        out += "null"
        return
      }
      if d == d.rounded(), abs(d) < 1e15 {
        out += String(Int64(d))
      } else {
        out += "\(d)"
      }
    case .string(let s): JSONValue.appendQuoted(s, to: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "[\n"
      for (i, item) in items.enumerated() {
        if i > 0 { out += ",\n" }
        JSONValue.appendIndent(indent + 1, to: &out)
        item.write(to: &out, indent: indent + 1)
      }
      out += "\n"
      JSONValue.appendIndent(indent, to: &out)
      out += "]"
    case .object(let pairs):
      if pairs.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      for (i, pair) in pairs.enumerated() {
        if i > 0 { out += ",\n" }
        JSONValue.appendIndent(indent + 1, to: &out)
        JSONValue.appendQuoted(pair.0, to: &out)
        out += ": "
        pair.1.write(to: &out, indent: indent + 1)
      }
      out += "\n"
      JSONValue.appendIndent(indent, to: &out)
      out += "}"
    }
  }

  /// Two spaces per level.
  private static func appendIndent(_ level: Int, to out: inout String) {
    for _ in 0..<max(0, level) { out += "  " }
  }

  /// `s` as a JSON string literal, escaping quotes, backslashes and control
  /// characters.
  public static func quote(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count + 2)
    appendQuoted(s, to: &out)
    return out
  }

  /// Appends `quote(s)` to `out`: runs of bytes that need no escape are
  /// copied whole. Escaped are `"`, `\\`, C0 controls (LF, CR and tab by
  /// name), DEL, C1 controls (U+0080–U+009F, UTF-8 `C2 80`–`C2 9F`) and the
  /// line and paragraph separators (U+2028/U+2029, `E2 80 A8`/`E2 80 A9`).
  /// Runs end only before such a scalar, so every slice is whole scalars.
  static func appendQuoted(_ s: String, to out: inout String) {
    out += "\""
    let bytes = s.utf8
    var run = bytes.startIndex
    var i = run
    while i != bytes.endIndex {
      let b = bytes[i]
      var escaped: (text: String, length: Int)?
      switch b {
      case UInt8(ascii: "\""): escaped = ("\\\"", 1)
      case UInt8(ascii: "\\"): escaped = ("\\\\", 1)
      case UInt8(ascii: "\n"): escaped = ("\\n", 1)
      case UInt8(ascii: "\r"): escaped = ("\\r", 1)
      case UInt8(ascii: "\t"): escaped = ("\\t", 1)
      case 0..<0x20, 0x7F: escaped = (unicodeEscape(UInt32(b)), 1)
      case 0xC2:
        let next = bytes.index(after: i)
        if next != bytes.endIndex, (0x80...0x9F).contains(bytes[next]) {
          escaped = (unicodeEscape(UInt32(bytes[next])), 2)
        }
      case 0xE2:
        let second = bytes.index(after: i)
        if second != bytes.endIndex, bytes[second] == 0x80 {
          let third = bytes.index(after: second)
          if third != bytes.endIndex, bytes[third] == 0xA8 || bytes[third] == 0xA9 {
            escaped = (unicodeEscape(0x2000 + UInt32(bytes[third] - 0x80)), 3)
          }
        }
      default: break
      }
      if let escaped {
        if run != i { out.append(contentsOf: Substring(bytes[run..<i])) }
        out += escaped.text
        i = bytes.index(i, offsetBy: escaped.length)
        run = i
      } else {
        i = bytes.index(after: i)
      }
    }
    if run == bytes.startIndex {
      out += s
    } else if run != i {
      out.append(contentsOf: Substring(bytes[run..<i]))
    }
    out += "\""
  }

  /// `\u` and four lowercase hex digits.
  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
