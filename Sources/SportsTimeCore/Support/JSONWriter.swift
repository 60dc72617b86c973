/// Writes pretty-printed JSON (2-space indent, RFC 8259 string escaping)
/// as UTF-8 bytes into one growing buffer, value by value: the renderer
/// behind `JSONValue.render` and the wire format's encoder, so both print
/// the same bytes for the same value.
///
/// Open a container, write its keys and values in order, close it. An
/// empty container prints as `{}` or `[]`; a non-empty one puts each member
/// on its own line:
/// ```swift
/// var w = JSONWriter()
/// w.beginObject()
/// w.key("id"); w.string("day:1")
/// w.key("days"); w.beginArray(); w.int(1); w.int(2); w.endArray()
/// w.endObject()
/// // {\n  "id": "day:1",\n  "days": [\n    1,\n    2\n  ]\n}
/// ```
/// Numbers print as `JSONValue.render` has always printed them: an `Int`
/// in decimal; a `Double` without a fraction when it is whole and below
/// 10^15 in magnitude, else in Swift's shortest round-trip form; a
/// non-finite `Double` as `null`.
public struct JSONWriter {
  /// The UTF-8 bytes written so far.
  public private(set) var bytes: [UInt8] = []
  /// For each open container, outermost first: how many members it has.
  private var counts: [Int] = []
  /// For each open container, outermost first: whether it is an array.
  private var arrays: [Bool] = []
  /// Whether the next value follows a key (no separator before it).
  private var afterKey = false
  /// Levels of indent added to every line after the first.
  private let baseIndent: Int

  /// An empty writer with room for `capacity` bytes, indenting every line
  /// after the first by `indent` more levels (a value rendered inside
  /// another's text).
  public init(capacity: Int = 4096, indent: Int = 0) {
    baseIndent = max(0, indent)
    bytes.reserveCapacity(capacity)
    counts.reserveCapacity(8)
    arrays.reserveCapacity(8)
  }

  /// How deep the writer is (0 at the top level).
  public var depth: Int { counts.count }

  /// The bytes as a string.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Starts an object.
  public mutating func beginObject() {
    prepareValue()
    bytes.append(UInt8(ascii: "{"))
    counts.append(0)
    arrays.append(false)
  }

  /// Ends the innermost open container, an object.
  public mutating func endObject() { end(UInt8(ascii: "}"), array: false) }

  /// Starts an array.
  public mutating func beginArray() {
    prepareValue()
    bytes.append(UInt8(ascii: "["))
    counts.append(0)
    arrays.append(true)
  }

  /// Ends the innermost open container, an array.
  public mutating func endArray() { end(UInt8(ascii: "]"), array: true) }

  /// Whether the innermost open container is an array (false at the top
  /// level).
  public var innermostIsArray: Bool { arrays.last ?? false }

  /// Writes an object's next key; its value comes next.
  public mutating func key(_ key: String) {
    separate()
    appendQuoted(key)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(UInt8(ascii: " "))
    afterKey = true
  }

  /// Writes an object's next key given as a literal of printable ASCII
  /// that needs no escape (no `"`, `\\` or control; checked by an
  /// assertion in debug builds): the same bytes as `key(_:)`, copied as
  /// they are from the binary without `key(_:)`'s escape scan (the keys of
  /// the hand-written wire writers; a long itinerary writes tens of
  /// thousands of them).
  public mutating func key(literal key: StaticString) {
    guard key.hasPointerRepresentation else {
      // A one-scalar literal: not stored as UTF-8 bytes.
      self.key(key.description)
      return
    }
    let utf8 = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    assert(
      utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C },
      "JSONWriter.key(literal:) takes printable ASCII without quote or backslash")
    // The separator, the line's indent, the quoted key and `": "` are
    // put together on the stack and appended in one write (a long
    // itinerary writes tens of thousands of keys: five appends each, with
    // their uniqueness and capacity checks, were most of the time).
    let last = counts.count - 1
    let comma = counts[last] > 0 ? 1 : 0
    counts[last] += 1
    let indent = 2 * (baseIndent + counts.count)
    let total = comma + 1 + indent + 1 + utf8.count + 3
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { lead in
      guard let start = lead.baseAddress else { return }
      var at = start
      if comma == 1 {
        at.pointee = UInt8(ascii: ",")
        at += 1
      }
      at.pointee = UInt8(ascii: "\n")
      at += 1
      at.update(repeating: UInt8(ascii: " "), count: indent)
      at += indent
      at.pointee = UInt8(ascii: "\"")
      at += 1
      if let base = utf8.baseAddress { at.update(from: base, count: utf8.count) }
      at += utf8.count
      at[0] = UInt8(ascii: "\"")
      at[1] = UInt8(ascii: ":")
      at[2] = UInt8(ascii: " ")
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: total))
    }
    afterKey = true
  }

  /// Writes `null`.
  public mutating func null() {
    prepareValue()
    append("null")
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    prepareValue()
    append(value ? "true" : "false")
  }

  /// Writes an integer in decimal.
  public mutating func int(_ value: Int) {
    prepareValue()
    appendDecimal(value)
  }

  /// Writes a number: whole and below 10^15 in magnitude without a
  /// fraction, `null` when not finite, else Swift's shortest form.
  public mutating func number(_ value: Double) {
    prepareValue()
    guard value.isFinite else {
      append("null")
      return
    }
    if value == value.rounded(), abs(value) < 1e15 {
      appendDecimal(Int(value))
    } else {
      append(value.description)
    }
  }

  /// Writes a string literal.
  public mutating func string(_ value: String) {
    prepareValue()
    appendQuoted(value)
  }

  /// Writes a date as its ISO text, `"YYYY-MM-DD"` (`CalendarDate.iso`):
  /// the digits put in place, no `String` (a year outside 0…9999 goes
  /// through `iso`).
  public mutating func date(_ date: CalendarDate) {
    guard (0...9999).contains(date.year), (0..<100).contains(date.month),
      (0..<100).contains(date.day)
    else {
      string(date.iso)
      return
    }
    prepareValue()
    let (y, m, d) = (date.year, date.month, date.day)
    let zero = UInt8(ascii: "0")
    let dash = UInt8(ascii: "-")
    let quote = UInt8(ascii: "\"")
    var text: (UInt64, UInt32) = (0, 0)
    withUnsafeMutableBytes(of: &text) { b in
      b[0] = quote
      b[1] = zero + UInt8(y / 1000)
      b[2] = zero + UInt8(y / 100 % 10)
      b[3] = zero + UInt8(y / 10 % 10)
      b[4] = zero + UInt8(y % 10)
      b[5] = dash
      b[6] = zero + UInt8(m / 10)
      b[7] = zero + UInt8(m % 10)
      b[8] = dash
      b[9] = zero + UInt8(d / 10)
      b[10] = zero + UInt8(d % 10)
      b[11] = quote
      bytes.append(contentsOf: b[0..<12])
    }
  }

  /// Writes a date (as `date(_:)`), or `null` for nil.
  public mutating func optional(_ date: CalendarDate?) {
    if let date { self.date(date) } else { null() }
  }

  /// Writes a string literal, or `null` for nil.
  public mutating func optional(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// Writes an integer, or `null` for nil.
  public mutating func optional(_ value: Int?) {
    if let value { int(value) } else { null() }
  }

  /// Writes a number (as `number(_:)`), or `null` for nil.
  public mutating func optional(_ value: Double?) {
    if let value { number(value) } else { null() }
  }

  /// Appends a line feed (after the last value of a document).
  public mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  /// Writes a JSON value.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let b): bool(b)
    case .int(let i): int(i)
    case .number(let d): number(d)
    case .string(let s): string(s)
    case .array(let items):
      beginArray()
      for item in items { self.value(item) }
      endArray()
    case .object(let pairs):
      beginObject()
      for (k, v) in pairs {
        key(k)
        self.value(v)
      }
      endObject()
    }
  }

  /// The separator and indent before a value, unless it follows a key.
  private mutating func prepareValue() {
    if afterKey {
      afterKey = false
    } else if !counts.isEmpty {
      separate()
    }
  }

  /// Ends the previous member (if any), starts a line at the current depth.
  private mutating func separate() {
    let last = counts.count - 1
    if counts[last] > 0 { bytes.append(UInt8(ascii: ",")) }
    counts[last] += 1
    bytes.append(UInt8(ascii: "\n"))
    appendIndent(counts.count)
  }

  private mutating func end(_ bracket: UInt8, array: Bool) {
    precondition(
      arrays.last == array, "JSONWriter: closed a container that is not the innermost open one")
    arrays.removeLast()
    let members = counts.removeLast()
    if members > 0 {
      bytes.append(UInt8(ascii: "\n"))
      appendIndent(counts.count)
    }
    bytes.append(bracket)
  }

  private mutating func appendIndent(_ level: Int) {
    // A literal's bytes sit in the binary: no array to retain per line.
    let run: StaticString = "                                "
    var spaces = 2 * (baseIndent + level)
    while spaces > 0 {
      let count = min(spaces, run.utf8CodeUnitCount)
      bytes.append(contentsOf: UnsafeBufferPointer(start: run.utf8Start, count: count))
      spaces -= count
    }
  }

  /// Whether `byte` may start an escape: `"`, `\\`, C0 controls, DEL and
  /// the lead bytes of C1 controls (`C2`) and U+2028/U+2029 (`E2`).
  @inline(__always)
  private static func mayEscape(_ byte: UInt8) -> Bool {
    if byte >= 0x20 && byte < 0x7F { return byte == 0x22 || byte == 0x5C }
    return byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
  }

  private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  private mutating func appendDecimal(_ value: Int) {
    if value >= 0 && value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    // Digits are produced from the least significant one, into a stack
    // buffer, then copied in order (Int.min's magnitude fits a UInt).
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      if value < 0 {
        buffer[23 - count] = UInt8(ascii: "-")
        count += 1
      }
      bytes.append(contentsOf: buffer[(24 - count)...])
    }
  }

  /// Appends `s` as a JSON string literal (`JSONValue.quote`): runs of
  /// bytes that need no escape are copied whole. Escaped are `"`, `\\`, C0
  /// controls (LF, CR and tab by name), DEL, C1 controls (U+0080–U+009F,
  /// UTF-8 `C2 80`–`C2 9F`) and the line and paragraph separators
  /// (U+2028/U+2029, `E2 80 A8`/`E2 80 A9`).
  mutating func appendQuoted(_ s: String) {
    bytes.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { utf8 in
      var run = 0
      var i = 0
      let n = utf8.count
      do {
        while i < n {
          let b = utf8[i]
          // Most bytes need no look: skip them.
          if !JSONWriter.mayEscape(b) {
            i += 1
            continue
          }
          var length = 0
          var code: UInt32 = 0
          var named: UInt8 = 0
          switch b {
          case UInt8(ascii: "\""): (length, named) = (1, UInt8(ascii: "\""))
          case UInt8(ascii: "\\"): (length, named) = (1, UInt8(ascii: "\\"))
          case UInt8(ascii: "\n"): (length, named) = (1, UInt8(ascii: "n"))
          case UInt8(ascii: "\r"): (length, named) = (1, UInt8(ascii: "r"))
          case UInt8(ascii: "\t"): (length, named) = (1, UInt8(ascii: "t"))
          case 0..<0x20, 0x7F: (length, code) = (1, UInt32(b))
          case 0xC2:
            if i + 1 < n, (0x80...0x9F).contains(utf8[i + 1]) {
              (length, code) = (2, UInt32(utf8[i + 1]))
            }
          case 0xE2:
            if i + 2 < n, utf8[i + 1] == 0x80, utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9 {
              (length, code) = (3, 0x2000 + UInt32(utf8[i + 2] - 0x80))
            }
          default: break
          }
          if length == 0 {
            i += 1
            continue
          }
          if run != i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i])) }
          bytes.append(UInt8(ascii: "\\"))
          if named != 0 {
            bytes.append(named)
          } else {
            bytes.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
              let nibble = UInt8((code >> UInt32(shift)) & 0xF)
              bytes.append(
                nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            }
          }
          i += length
          run = i
        }
      }
      if run != n { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<n])) }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
