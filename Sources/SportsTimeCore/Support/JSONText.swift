import Foundation

/// A JSON syntax error with its place in the text.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// 1-based line.
  public var line: Int
  /// 1-based column (in characters of that line).
  public var column: Int
  /// What was expected or found.
  public var message: String
  public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON (RFC 8259) into Foundation values — `[String: Any]`, `[Any]`,
/// `String`, `NSNumber`, `Bool`, `NSNull` — like `JSONSerialization`, but
/// with two differences that our files need: numbers are parsed exactly (the
/// nearest Double, as Swift's `Double(String)` does; Foundation's reader on
/// Linux can be off in the last digits, which broke byte-identical round
/// trips of sortOrders), and errors give the line and column.
public enum JSONText {
  /// Parses `data` (UTF-8).
  /// - Throws: `JSONSyntaxError` at the first problem (invalid UTF-8 — at
  ///   its line, the column counting bytes —, unexpected character,
  ///   unterminated string, bad escape, bad number, nesting deeper than 512,
  ///   a key given twice in one object, trailing text).
  /// - Complexity: O(n).
  public static func parse(_ data: Data) throws -> Any {
    try whole(data) { try $0.value(depth: 0) }
  }

  /// Parses `data` (UTF-8) into an ordered `JSONValue`: object keys in the
  /// text's order, every number `.number`.
  /// - Throws: `JSONSyntaxError` as `parse(_:)`.
  /// - Complexity: O(n).
  public static func value(_ data: Data) throws -> JSONValue {
    try whole(data) { try $0.ordered(depth: 0) }
  }

  /// Reads all of `data` with `read`: refuses bytes that are not UTF-8,
  /// skips a leading byte order mark, and refuses text after the value.
  private static func whole<T>(_ data: Data, _ read: (inout Parser) throws -> T) throws -> T {
    if let bad = UTF8Check.firstInvalidByte(in: data) {
      throw JSONSyntaxError(
        line: bad.line, column: bad.byte,
        message: "byte 0x\(String(format: "%02X", bad.value)) is not UTF-8 text")
    }
    let text = String(decoding: data, as: UTF8.self)
    var parser = Parser(scalars: Array(text.unicodeScalars))
    parser.skipSpace()
    if parser.index < parser.scalars.count, parser.scalars[parser.index] == "\u{FEFF}" {
      parser.index += 1
    }
    let value = try read(&parser)
    parser.skipSpace()
    guard parser.index == parser.scalars.count else {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  /// Parses a file's bytes whose top level must be an object.
  /// - Throws: `FileFormatError` naming `file` with the line and column of a
  ///   syntax error, or saying the top is not an object (`topLevel` says
  ///   what it should be, e.g. `an object with a "trips" array`).
  public static func object(_ data: Data, file: String, topLevel: String) throws
    -> [String: Any]
  {
    let root: Any
    do {
      root = try parse(data)
    } catch let error as JSONSyntaxError {
      throw FileFormatError(
        file: file, line: error.line, field: nil,
        message: "this is not valid JSON (column \(error.column): \(error.message))")
    }
    guard let object = root as? [String: Any] else {
      throw FileFormatError(
        file: file, line: nil, field: nil, message: "expected \(topLevel) at the top")
    }
    return object
  }

  struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    /// A key given twice in one object, at the second one's place. RFC 8259
    /// (section 4) leaves such an object's meaning to the reader; ours are
    /// files a person may have edited, so which value counts is not
    /// guessed: the file is refused.
    mutating func duplicate(_ key: String, at start: Int) -> JSONSyntaxError {
      index = start
      return error("the key \"\(TextNormalization.excerpt(key))\" appears twice in one object")
    }

    func error(_ message: String) -> JSONSyntaxError {
      var line = 1
      var column = 1
      for scalar in scalars[..<min(index, scalars.count)] {
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      return JSONSyntaxError(line: line, column: column, message: message)
    }

    mutating func skipSpace() {
      while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) {
        index += 1
      }
    }

    mutating func expect(_ word: String) throws {
      for scalar in word.unicodeScalars {
        guard index < scalars.count, scalars[index] == scalar else {
          throw error("expected '\(word)'")
        }
        index += 1
      }
    }

    mutating func value(depth: Int) throws -> Any {
      guard depth < 512 else { throw error("nesting is deeper than 512 levels") }
      skipSpace()
      guard index < scalars.count else { throw error("the text ends where a value was expected") }
      switch scalars[index] {
      case "{": return try object(depth: depth)
      case "[": return try array(depth: depth)
      case "\"": return try string()
      case "t":
        try expect("true")
        return true
      case "f":
        try expect("false")
        return false
      case "n":
        try expect("null")
        return NSNull()
      case "-", "0"..."9": return try number()
      case let c: throw error("unexpected character '\(c)'")
      }
    }

    /// A value as `value(depth:)`, objects keeping their keys' order.
    mutating func ordered(depth: Int) throws -> JSONValue {
      guard depth < 512 else { throw error("nesting is deeper than 512 levels") }
      skipSpace()
      guard index < scalars.count else { throw error("the text ends where a value was expected") }
      switch scalars[index] {
      case "{":
        index += 1
        var keys: [String] = []
        var values: [String: JSONValue] = [:]
        skipSpace()
        if index < scalars.count, scalars[index] == "}" {
          index += 1
          return .object([])
        }
        while true {
          skipSpace()
          guard index < scalars.count, scalars[index] == "\"" else {
            throw error("expected a quoted key")
          }
          let keyStart = index
          let key = try string()
          guard values[key] == nil else { throw duplicate(key, at: keyStart) }
          skipSpace()
          guard index < scalars.count, scalars[index] == ":" else { throw error("expected ':'") }
          index += 1
          keys.append(key)
          values[key] = try ordered(depth: depth + 1)
          skipSpace()
          guard index < scalars.count else { throw error("the text ends inside an object") }
          if scalars[index] == "," {
            index += 1
            continue
          }
          guard scalars[index] == "}" else { throw error("expected ',' or '}'") }
          index += 1
          return .object(keys.map { ($0, values[$0] ?? .null) })
        }
      case "[":
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < scalars.count, scalars[index] == "]" {
          index += 1
          return .array([])
        }
        while true {
          items.append(try ordered(depth: depth + 1))
          skipSpace()
          guard index < scalars.count else { throw error("the text ends inside an array") }
          if scalars[index] == "," {
            index += 1
            continue
          }
          guard scalars[index] == "]" else { throw error("expected ',' or ']'") }
          index += 1
          return .array(items)
        }
      case "\"": return .string(try string())
      case "t":
        try expect("true")
        return .bool(true)
      case "f":
        try expect("false")
        return .bool(false)
      case "n":
        try expect("null")
        return .null
      case "-", "0"..."9": return .number(try number().doubleValue)
      case let c: throw error("unexpected character '\(c)'")
      }
    }

    mutating func object(depth: Int) throws -> [String: Any] {
      index += 1
      var result: [String: Any] = [:]
      skipSpace()
      if index < scalars.count, scalars[index] == "}" {
        index += 1
        return result
      }
      while true {
        skipSpace()
        guard index < scalars.count, scalars[index] == "\"" else {
          throw error("expected a quoted key")
        }
        let keyStart = index
        let key = try string()
        guard result[key] == nil else { throw duplicate(key, at: keyStart) }
        skipSpace()
        guard index < scalars.count, scalars[index] == ":" else { throw error("expected ':'") }
        index += 1
        result[key] = try value(depth: depth + 1)
        skipSpace()
        guard index < scalars.count else { throw error("the text ends inside an object") }
        if scalars[index] == "," {
          index += 1
          continue
        }
        guard scalars[index] == "}" else { throw error("expected ',' or '}'") }
        index += 1
        return result
      }
    }

    mutating func array(depth: Int) throws -> [Any] {
      index += 1
      var result: [Any] = []
      skipSpace()
      if index < scalars.count, scalars[index] == "]" {
        index += 1
        return result
      }
      while true {
        result.append(try value(depth: depth + 1))
        skipSpace()
        guard index < scalars.count else { throw error("the text ends inside an array") }
        if scalars[index] == "," {
          index += 1
          continue
        }
        guard scalars[index] == "]" else { throw error("expected ',' or ']'") }
        index += 1
        return result
      }
    }

    mutating func hex4() throws -> UInt32 {
      guard index + 4 <= scalars.count else { throw error("a \\u escape needs 4 hex digits") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = Int(String(scalars[index]), radix: 16) else {
          throw error("a \\u escape needs 4 hex digits")
        }
        value = value * 16 + UInt32(digit)
        index += 1
      }
      return value
    }

    mutating func string() throws -> String {
      index += 1
      var result = String.UnicodeScalarView()
      while true {
        guard index < scalars.count else { throw error("a string is never closed") }
        let c = scalars[index]
        index += 1
        switch c {
        case "\"": return String(result)
        case "\\":
          guard index < scalars.count else { throw error("a string is never closed") }
          let e = scalars[index]
          index += 1
          switch e {
          case "\"": result.append("\"")
          case "\\": result.append("\\")
          case "/": result.append("/")
          case "b": result.append("\u{08}")
          case "f": result.append("\u{0C}")
          case "n": result.append("\n")
          case "r": result.append("\r")
          case "t": result.append("\t")
          case "u":
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
              guard index + 1 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u"
              else { throw error("a lone surrogate in a \\u escape") }
              index += 2
              let low = try hex4()
              guard (0xDC00...0xDFFF).contains(low) else {
                throw error("a lone surrogate in a \\u escape")
              }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else {
              throw error("a lone surrogate in a \\u escape")
            }
            result.append(scalar)
          default: throw error("'\\\(e)' is not a JSON escape")
          }
        default:
          guard c.value >= 0x20 else { throw error("a control character inside a string") }
          result.append(c)
        }
      }
    }

    mutating func number() throws -> NSNumber {
      let start = index
      if scalars[index] == "-" { index += 1 }
      func digits() -> Int {
        let from = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        return index - from
      }
      let whole = digits()
      guard whole > 0 else { throw error("a number needs digits") }
      if whole > 1, scalars[index - whole] == "0" { throw error("a number cannot start with 0") }
      if index < scalars.count, scalars[index] == "." {
        index += 1
        guard digits() > 0 else { throw error("a number needs digits after '.'") }
      }
      if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
        index += 1
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        guard digits() > 0 else { throw error("a number needs digits in its exponent") }
      }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[start..<index])
      guard let value = Double(String(text)), value.isFinite else {
        throw error("the number \(String(text)) is out of range")
      }
      return NSNumber(value: value)
    }
  }
}
