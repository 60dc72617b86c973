extension ParsedArguments {
  /// The last value of `--long`; throws the usage error `Missing --long` when absent.
  public func requiredValue(_ long: String) throws -> String {
    guard let text = value(long) else { throw usageError("Missing --\(long)") }
    return text
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
  /// infinite/NaN.
  public func doubleValue(_ long: String) throws -> Double? {
    guard let text = value(long) else { return nil }
    // Decimal only: Double("0x10") would read hexadecimal as 16.
    guard text.allSatisfy({ "0123456789+-.eE".contains($0) }), let number = Double(text),
      number.isFinite
    else {
      throw usageError("--\(long) expects a number, got '\(Terminal.sanitize(text))'")
    }
    return number
  }

  /// Parses one whole-number option value or throws the usage error.
  private func parseInt(_ text: String, option long: String) throws -> Int {
    guard let number = Int(text) else {
      throw usageError("--\(long) expects a whole number, got '\(Terminal.sanitize(text))'")
    }
    return number
  }
}
