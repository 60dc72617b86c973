import Foundation

/// Turns an option's text into a typed value while the command line is
/// parsed, once, before any command runs; a value it refuses is the usage
/// error (exit 64) that names the option.
///
/// Declare it as an option's kind and read the value back typed:
///
/// ```swift
/// .value("format", valueName: "FORMAT", kind: .parsed(.choice(of: Format.self)), help: "…")
/// // --format pdf  →  Error: --format expects md or ics, got 'pdf'
/// args.value("format", as: Format.self)  // Format.ics for --format ICS
/// ```
///
/// A parser that throws `InvalidOptionValue` gets the message
/// `--<long> expects <expected>, got '<value>'` (the value without control
/// characters, at most 80 characters); any other error gets
/// `--<long>: <error's description>`.
///
/// Two parsers are equal when their `name`s are: the name identifies what
/// the parser accepts (`"date"`, `"choice md|ics"`), so a command tree can
/// be compared and tested as a value.
public struct ValueParser: Sendable, Equatable {
  /// What the parser accepts, in a word or two; equal names mean equal parsers.
  public let name: String
  /// Parses one value; throws `InvalidOptionValue` (or any error) when the
  /// text is not acceptable.
  private let parseText: @Sendable (String) throws -> any Sendable

  /// Creates a parser from a closure that returns the typed value for a
  /// text or throws (preferably `InvalidOptionValue`).
  /// - Parameters:
  ///   - name: What the parser accepts; it identifies the parser for `==`.
  ///   - parse: The conversion; called once per occurrence of the option.
  public init<Value: Sendable>(
    name: String, parse: @escaping @Sendable (String) throws -> Value
  ) {
    self.name = name
    self.parseText = { try parse($0) }
  }

  /// The typed value of `text`.
  /// - Throws: whatever the parser's closure throws for an unacceptable text.
  public func parse(_ text: String) throws -> any Sendable {
    try parseText(text)
  }

  /// The usage-error message for `error`, thrown while parsing `text` as a
  /// value of `--long` (see the type's documentation).
  public func message(for error: any Error, text: String, long: String) -> String {
    if let part = error as? InvalidPart {
      return message(for: part.invalid, text: part.part, long: long)
    }
    if let invalid = error as? InvalidOptionValue {
      let message =
        "--\(long) expects \(invalid.expected), got '\(OptionSpec.ValueKind.quoted(text))'"
      guard let reason = invalid.reason else { return message }
      return "\(message): \(Terminal.sanitize(reason))"
    }
    return "--\(long): \(Terminal.sanitize(String(describing: error)))"
  }

  /// Equal when the names are equal (closures cannot be compared).
  public static func == (lhs: ValueParser, rhs: ValueParser) -> Bool {
    lhs.name == rhs.name
  }

  // MARK: Choices

  /// One of the words `choices` (compared without case and surrounding
  /// spaces); the value is the word as written in `choices`.
  ///
  /// ```swift
  /// ValueParser.choice(["md", "ics"])  // "ICS" → "ics"; "pdf" → expects md or ics
  /// ```
  /// - Precondition: `choices` is not empty.
  public static func choice(_ choices: [String]) -> ValueParser {
    precondition(!choices.isEmpty, "a choice needs at least one word")
    return ValueParser(name: "choice " + choices.joined(separator: "|")) { text in
      try pick(text, from: choices, value: { $0 })
    }
  }

  /// One case of `Choice`, written as its raw value (compared without case
  /// and surrounding spaces); the error lists the raw values in
  /// `allCases` order.
  ///
  /// ```swift
  /// ValueParser.choice(of: Sport.self)  // " nba" → .nba; "xfl" → expects MLB, NBA, NHL or NFL
  /// ```
  /// - Precondition: `Choice` has at least one case.
  ///
  /// Inlinable, so the caller's module specializes it for its own `Choice`:
  /// unspecialized, this generic code cost a tenth of `--version` in the
  /// Swift runtime's metadata and conformance look-ups (every command's
  /// options are built at start-up).
  @inlinable
  public static func choice<Choice>(of type: Choice.Type) -> ValueParser
  where Choice: CaseIterable & RawRepresentable & Sendable, Choice.RawValue == String {
    let cases = Array(Choice.allCases)
    precondition(!cases.isEmpty, "a choice needs at least one case")
    let words = cases.map { $0.rawValue }
    // Joined by hand: the standard library's generic `joined(separator:)`
    // costs its metadata look-ups on first use.
    var name = "choice"
    for (i, word) in words.enumerated() { name += (i == 0 ? " " : "|") + word }
    return ValueParser(name: name) { text in
      try pick(text, from: words) { word in cases[words.firstIndex(of: word) ?? 0] }
    }
  }

  /// Cases of `Choice` joined by `separator` (`MLB,NBA`), each read like
  /// `choice(of:)`; the value is a `[Choice]` in the order written
  /// (repeats kept). An empty part (`MLB,`) is refused like any other word
  /// that is not a case.
  /// - Precondition: `Choice` has at least one case.
  /// (Inlinable like `choice(of:)`.)
  @inlinable
  public static func choices<Choice>(of type: Choice.Type, separator: Character) -> ValueParser
  where Choice: CaseIterable & RawRepresentable & Sendable, Choice.RawValue == String {
    let one = choice(of: type)
    return ValueParser(name: "choices \(separator) " + one.name) { text in
      try text.split(separator: separator, omittingEmptySubsequences: false).map { part in
        do {
          // `choice(of: Choice.self)` only ever returns a `Choice`.
          guard let value = try one.parse(String(part)) as? Choice else {
            preconditionFailure("choice(of:) returned another type")
          }
          return value
        } catch let invalid as InvalidOptionValue {
          throw InvalidPart(invalid: invalid, part: String(part))
        }
      }
    }
  }

  /// The choice `text` names, mapped by `value`.
  /// - Throws: `InvalidOptionValue` listing `words` (`a, b or c`).
  @usableFromInline
  static func pick<Value>(
    _ text: String, from words: [String], value: (String) -> Value
  ) throws -> Value {
    let needle = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let word = words.first(where: { $0.lowercased() == needle }) else {
      throw InvalidOptionValue(expected: alternatives(words))
    }
    return value(word)
  }

  /// `a`, `a or b`, `a, b or c`.
  public static func alternatives(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }
}

/// Thrown by a `ValueParser`'s closure for a text that is not a value of
/// the option; the usage error reads `--<long> expects <expected>, got
/// '<value>'`, followed by `: <reason>` when there is one.
public struct InvalidOptionValue: Error, Equatable, CustomStringConvertible {
  /// What the option expects, worded to follow "expects": `a date as YYYY-MM-DD`.
  public var expected: String
  /// What exactly is wrong with the value, or `nil`:
  /// `it does not start with a date`.
  public var reason: String?

  /// Creates the error; `expected` follows "expects" in the message and
  /// `reason`, when given, ends it.
  public init(expected: String, reason: String? = nil) {
    self.expected = expected
    self.reason = reason
  }

  /// `expects <expected>`, plus `: <reason>` when there is one.
  public var description: String {
    reason.map { "expects \(expected): \($0)" } ?? "expects \(expected)"
  }
}

/// One bad part of a separated list: the usage error quotes the part, not
/// the whole value (`--sport expects MLB, NBA, NHL or NFL, got 'XFL'`).
@usableFromInline
struct InvalidPart: Error {
  /// The part's error.
  var invalid: InvalidOptionValue
  /// The part as written.
  var part: String

  /// Creates the error; see the properties.
  @usableFromInline
  init(invalid: InvalidOptionValue, part: String) {
    self.invalid = invalid
    self.part = part
  }
}
