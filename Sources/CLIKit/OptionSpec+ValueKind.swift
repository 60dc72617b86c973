import Foundation

extension OptionSpec {
  /// What an option's value must look like, checked by the parser for every
  /// occurrence before any command runs, so that a bad number is always the
  /// usage error (exit 64) that names the allowed range.
  ///
  /// ```swift
  /// .value("zoom", valueName: "FACTOR", kind: .number(0.001...1000), help: "…")
  /// // --zoom 1e307  →  Error: --zoom must be between 0.001 and 1000 (got 1e307)
  /// // --zoom big    →  Error: --zoom expects a number, got 'big'
  /// ```
  ///
  /// Numbers are written in decimal (`-0.5`, `1e3`, `+2`); hexadecimal, `inf`
  /// and `nan` are not numbers here. A number too large for a `Double` or an
  /// `Int` is reported as out of range, not as malformed.
  public enum ValueKind: Sendable, Equatable {
    /// Any text (the default); the command checks it.
    case text
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A finite decimal number within the range.
    case number(ClosedRange<Double>)
    /// `count` whole numbers joined by `separator` (`3-5`), each within the
    /// range. The option's `valueName` names the parts when it is written
    /// with the same separator (`AWAY-HOME`).
    case integers(count: Int, separator: Character, ClosedRange<Int>)
    /// `count` decimal numbers joined by `separator` (`0.5,-0.25`), each
    /// within the range; parts are named from `valueName` like `integers`.
    case numbers(count: Int, separator: Character, ClosedRange<Double>)
    /// A value `parser` turns into a typed value while parsing (a date, one
    /// of some words); read it with `ParsedArguments.value(_:as:)`. Help
    /// shows no range for it (the option's help names what it takes).
    case parsed(ValueParser)

    /// The problem with `text` as a value of `--long` (whose placeholder is
    /// `valueName`), worded for the usage error; nil when it is acceptable.
    ///
    /// ```swift
    /// ValueKind.number(0.001...1000).problem(with: "0", long: "zoom", valueName: "FACTOR")
    /// // "--zoom must be between 0.001 and 1000 (got 0)"
    /// ```
    public func problem(with text: String, long: String, valueName: String?) -> String? {
      let shown = ValueKind.quoted(text)
      switch self {
      case .text:
        return nil
      case .parsed(let parser):
        do {
          _ = try parser.parse(text)
          return nil
        } catch {
          return parser.message(for: error, text: text, long: long)
        }
      case .integer(let range):
        switch ValueKind.integer(text) {
        case .malformed: return "--\(long) expects a whole number, got '\(shown)'"
        case .value(let n) where range.contains(n): return nil
        case .value, .tooLarge:
          return
            "--\(long) must be between \(range.lowerBound) and \(range.upperBound) (got \(shown))"
        }
      case .number(let range):
        guard let number = ValueKind.decimal(text) else {
          return "--\(long) expects a number, got '\(shown)'"
        }
        guard range.contains(number) else {
          return
            "--\(long) must be between \(ValueKind.format(range.lowerBound)) and \(ValueKind.format(range.upperBound)) (got \(shown))"
        }
        return nil
      case .integers(let count, let separator, let range):
        let parts = ValueKind.parts(of: text, separator: separator)
        let names = ValueKind.partNames(valueName, separator: separator, count: count)
        let values = parts.map(ValueKind.integer)
        guard parts.count == count, !values.contains(.malformed) else {
          return
            "--\(long) expects \(valueName ?? "a value"): \(count) whole numbers joined by '\(separator)', got '\(shown)'"
        }
        for (index, value) in values.enumerated() {
          if case .value(let n) = value, range.contains(n) { continue }
          return
            "--\(long) \(names[index]) must be between \(range.lowerBound) and \(range.upperBound) (got \(ValueKind.quoted(parts[index])))"
        }
        return nil
      case .numbers(let count, let separator, let range):
        let parts = ValueKind.parts(of: text, separator: separator)
        let names = ValueKind.partNames(valueName, separator: separator, count: count)
        let values = parts.map(ValueKind.decimal)
        guard parts.count == count, !values.contains(nil) else {
          return
            "--\(long) expects \(valueName ?? "a value"): \(count) numbers joined by '\(separator)', got '\(shown)'"
        }
        for (index, value) in values.enumerated() {
          if let value, range.contains(value) { continue }
          return
            "--\(long) \(names[index]) must be between \(ValueKind.format(range.lowerBound)) and \(ValueKind.format(range.upperBound)) (got \(ValueKind.quoted(parts[index])))"
        }
        return nil
      }
    }

    /// The range as help shows it (`-90 to 90`, `each 0 to 999`), or nil
    /// for `text`.
    public var rangeDescription: String? {
      switch self {
      case .text, .parsed: return nil
      case .integer(let r): return "\(r.lowerBound) to \(r.upperBound)"
      case .number(let r):
        return "\(ValueKind.format(r.lowerBound)) to \(ValueKind.format(r.upperBound))"
      case .integers(_, _, let r): return "each \(r.lowerBound) to \(r.upperBound)"
      case .numbers(_, _, let r):
        return "each \(ValueKind.format(r.lowerBound)) to \(ValueKind.format(r.upperBound))"
      }
    }

    // MARK: Reading numbers

    /// How a text reads as a whole number.
    enum IntegerReading: Equatable {
      /// Not a whole number at all.
      case malformed
      /// Digits, but beyond what an `Int` holds.
      case tooLarge
      /// The number.
      case value(Int)
    }

    /// Reads an optional sign and ASCII digits (surrounding spaces allowed).
    static func integer(_ text: String) -> IntegerReading {
      let body = text.trimmingCharacters(in: .whitespaces)
      let digits = body.first == "+" || body.first == "-" ? body.dropFirst() : body[...]
      guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return .malformed
      }
      guard let value = Int(body) else { return .tooLarge }
      return .value(value)
    }

    /// Reads a decimal number: sign, digits, `.`, exponent (surrounding
    /// spaces allowed). Overflow reads as ±infinity, which no range holds;
    /// nil for anything else (hexadecimal, `inf`, `nan`, words).
    static func decimal(_ text: String) -> Double? {
      let body = text.trimmingCharacters(in: .whitespaces)
      guard !body.isEmpty, body.allSatisfy({ "0123456789+-.eE".contains($0) }),
        body.contains(where: { $0.isNumber }), let value = Double(body), !value.isNaN
      else { return nil }
      return value
    }

    /// A range bound without a needless `.0` (`1000`, `0.001`, `-90`).
    static func format(_ value: Double) -> String {
      if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
      return "\(value)"
    }

    /// `text` split at `separator`; when the separator is a sign (`-`), one
    /// at the start of a part is that part's sign, so `-1-5` is `-1` and `5`
    /// and `3--5` is `3` and `-5` (and the range check can name the part).
    static func parts(of text: String, separator: Character) -> [String] {
      guard separator == "-" || separator == "+" else {
        return text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
      }
      var parts: [String] = []
      var part = ""
      for character in text {
        if character == separator, !part.trimmingCharacters(in: .whitespaces).isEmpty {
          parts.append(part)
          part = ""
        } else {
          part.append(character)
        }
      }
      parts.append(part)
      return parts
    }

    /// The names of the parts (`DX`, `DY`) from a placeholder written with
    /// the separator, else `part 1`, `part 2`, ….
    static func partNames(_ valueName: String?, separator: Character, count: Int) -> [String] {
      let names = (valueName ?? "").split(separator: separator).map(String.init)
      if names.count == count { return names }
      return (1...max(count, 1)).map { "part \($0)" }
    }

    /// `text` safe to quote in an error: no control characters, at most 80
    /// characters and 320 Unicode scalars (longer text is cut with `…`; a
    /// character may hold any number of combining marks).
    public static func quoted(_ text: String) -> String {
      let clean = Terminal.sanitize(text)
      if clean.count <= 80 && clean.unicodeScalars.count <= 320 { return clean }
      let start = String(String.UnicodeScalarView(clean.unicodeScalars.prefix(319)))
      return String(start.prefix(79)) + "…"
    }
  }
}
