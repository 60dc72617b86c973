/// The result of parsing a command line for one command.
///
/// Options are looked up by their long name (without dashes), whether they
/// were written in long or short form and whether they are the command's own
/// options or the root's global options.
public struct ParsedArguments: Sendable {
  /// Names from the root to the selected command, e.g. `["prog", "trip", "new"]`.
  public let commandPath: [String]
  /// Positional arguments in the order given (including any after `--`).
  public let positionals: [String]
  /// Where the action should write its output.
  public let console: Console
  /// Long names of the boolean flags that were given.
  private let flagNames: Set<String>
  /// Every value given for each value option, in command-line order.
  private let optionValues: [String: [String]]
  /// The typed value of each occurrence of an option with a `.parsed` kind.
  private let parsedValues: [String: [any Sendable]]
  /// Declared positional names, used by `positional(_:)`.
  private let positionalNames: [String]

  /// Creates parsed arguments directly; the parser uses this, and tests of
  /// command actions can too.
  public init(
    commandPath: [String],
    flags: Set<String> = [],
    values: [String: [String]] = [:],
    parsedValues: [String: [any Sendable]] = [:],
    positionals: [String] = [],
    positionalNames: [String] = [],
    console: Console = .standard
  ) {
    self.commandPath = commandPath
    self.flagNames = flags
    self.optionValues = values
    self.parsedValues = parsedValues
    self.positionals = positionals
    self.positionalNames = positionalNames
    self.console = console
  }

  /// `true` when the boolean flag `--long` was given at least once.
  public func flag(_ long: String) -> Bool {
    flagNames.contains(long)
  }

  /// The value given for `--long` (the last one of a repeatable option), or
  /// `nil` when it was not given. The parser refuses a second value for an
  /// option that is not repeatable.
  public func value(_ long: String) -> String? {
    optionValues[long]?.last
  }

  /// Every value given for `--long`, in order; empty when it was not given.
  public func values(_ long: String) -> [String] {
    optionValues[long] ?? []
  }

  /// The typed value of `--long` (the last one of a repeatable option), as
  /// its `.parsed` kind's `ValueParser` made it while parsing, or `nil` when
  /// the option was not given.
  ///
  /// ```swift
  /// args.value("start", as: CalendarDate.self)  // for --start 2026-06-01
  /// ```
  /// - Precondition: the option was declared with a `.parsed` kind whose
  ///   parser returns a `Value` (a programming mistake otherwise).
  public func value<Value>(_ long: String, as type: Value.Type) -> Value? {
    values(long, as: type).last
  }

  /// Every typed value of `--long`, in order; empty when it was not given.
  /// - Precondition: as for `value(_:as:)`.
  public func values<Value>(_ long: String, as type: Value.Type) -> [Value] {
    guard let texts = optionValues[long] else { return [] }
    guard let typed = parsedValues[long], typed.count == texts.count else {
      preconditionFailure("--\(long) was not parsed by a ValueParser: declare it .parsed(...)")
    }
    return typed.map { item in
      guard let value = item as? Value else {
        preconditionFailure("--\(long) holds \(Swift.type(of: item)), not \(Value.self)")
      }
      return value
    }
  }

  /// The positional declared as `name`, or `nil` when it was not given (or not declared).
  public func positional(_ name: String) -> String? {
    guard let index = positionalNames.firstIndex(of: name), index < positionals.count else {
      return nil
    }
    return positionals[index]
  }

  /// A `UsageError` for this command, for actions that validate their own input
  /// (`throw args.usageError("--end must not be before --start")`).
  public func usageError(_ message: String) -> UsageError {
    UsageError(message, commandPath: commandPath)
  }
}
