import Foundation

extension ParsedArguments {
  /// The last value of `--long`; throws the usage error `Missing --long` when absent.
  public func requiredValue(_ long: String) throws -> String {
    guard let text = value(long) else { throw usageError("Missing --\(long)") }
    return text
  }

  /// The typed value of `--long` (`value(_:as:)`); throws the usage error
  /// `Missing --long` when absent.
  /// - Precondition: as for `value(_:as:)`.
  public func requiredValue<Value>(_ long: String, as type: Value.Type) throws -> Value {
    guard let value = value(long, as: type) else { throw usageError("Missing --\(long)") }
    return value
  }

  /// The positional `name`; throws the usage error `Missing argument <name>` when absent.
  public func requiredPositional(_ name: String) throws -> String {
    guard let text = positional(name) else { throw usageError("Missing argument <\(name)>") }
    return text
  }

  /// The last value of `--long` as an `Int`, or `nil` when absent. Throws the usage
  /// error `--long expects a whole number, got 'x'` when it does not parse.
  public func intValue(_ long: String) throws -> Int? {
    guard let text = value(long) else { return nil }
    return try parseInt(text, option: long)
  }

  /// Every value of `--long` as `Int`s, in order; throws like `intValue(_:)`.
  public func intValues(_ long: String) throws -> [Int] {
    try values(long).map { try parseInt($0, option: long) }
  }

  /// The last value of `--long` as a finite `Double`, or `nil` when absent. Throws the
  /// usage error `--long expects a number, got 'x'` when it does not parse or is
  /// infinite/NaN. (An option declared with a `.number` kind was range-checked
  /// while parsing.)
  public func doubleValue(_ long: String) throws -> Double? {
    guard let text = value(long) else { return nil }
    guard let number = OptionSpec.ValueKind.decimal(text), number.isFinite else {
      throw usageError("--\(long) expects a number, got '\(OptionSpec.ValueKind.quoted(text))'")
    }
    return number
  }

  /// The last value of `--long` split at `separator` into finite numbers
  /// (`--pan 0.5,-0.25` → `[0.5, -0.25]`), or `nil` when absent. Throws the
  /// usage error `--long expects a number, got 'x'` for a part that is not
  /// one. (An option declared with a `.numbers` kind was checked for its
  /// count and range while parsing.)
  public func doubleValues(_ long: String, separator: Character) throws -> [Double]? {
    guard let text = value(long) else { return nil }
    return try text.split(separator: separator, omittingEmptySubsequences: false).map { part in
      guard let number = OptionSpec.ValueKind.decimal(String(part)), number.isFinite else {
        throw usageError("--\(long) expects a number, got '\(OptionSpec.ValueKind.quoted(text))'")
      }
      return number
    }
  }

  /// Every value of a repeatable `--long`, each split at commas and trimmed,
  /// in order (`--team CHC,DET --team MIL` → `["CHC", "DET", "MIL"]`); empty
  /// when it was not given.
  /// - Throws: the usage error `--long has an empty entry in 'CHC,'` when a
  ///   piece is empty.
  public func listValues(_ long: String) throws -> [String] {
    try values(long).flatMap { value in
      try value.split(separator: ",", omittingEmptySubsequences: false).map { piece in
        let entry = piece.trimmingWhitespace()
        guard !entry.isEmpty else {
          throw usageError(
            "--\(long) has an empty entry in '\(OptionSpec.ValueKind.quoted(value))'")
        }
        return entry
      }
    }
  }

  /// Parses one whole-number option value or throws the usage error.
  private func parseInt(_ text: String, option long: String) throws -> Int {
    guard case .value(let number) = OptionSpec.ValueKind.integer(text) else {
      throw usageError(
        "--\(long) expects a whole number, got '\(OptionSpec.ValueKind.quoted(text))'")
    }
    return number
  }
}

extension StringProtocol {
  /// `trimmingCharacters(in: .whitespaces)`, without building Foundation's
  /// character set when there is nothing to trim: text that starts and
  /// ends with an ASCII scalar other than space and tab (as most values
  /// do) is returned as it is. (Making the set was about 2% of a small
  /// command such as `games --team CHC`.)
  func trimmingWhitespace() -> String {
    func plain(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar, scalar.isASCII else { return false }
      return scalar != " " && scalar != "\t"
    }
    if plain(unicodeScalars.first), plain(unicodeScalars.last) { return String(self) }
    return trimmingCharacters(in: .whitespaces)
  }
}
