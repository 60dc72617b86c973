/// A named command-line option such as `--db <PATH>` or `-j, --json`.
///
/// An option whose `valueName` is `nil` is a boolean flag: it is either present
/// or absent and never takes a value (`--json=1` is a usage error). Any other
/// option takes exactly one value per occurrence, written as `--name value`,
/// `--name=value`, `-x value`, `-xvalue` or `-x=value`; its `kind` says what
/// the value must look like (a number in a range, …), checked while parsing.
///
/// The names `help` / `h` are reserved for the built-in help option on every
/// command, and `version` is reserved on the root command.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes: `"db"` is written `--db`.
  public var long: String
  /// The optional one-letter short name: `"d"` is written `-d`.
  public var short: Character?
  /// `nil` for a boolean flag; otherwise the placeholder shown as `<valueName>` in help.
  public var valueName: String?
  /// Whether the option may be given several times (`--game A --game B`).
  /// Shown with `...` in the usage line. A value option that is not
  /// repeatable may be given once: a second occurrence (in any spelling,
  /// `-o` or `--out`) is the usage error `--out given twice`. Flags may
  /// always be repeated (saying `--json` twice means the same).
  public var repeatable: Bool
  /// Whether the option must be given. Required options are shown without
  /// brackets in the usage line, and their absence is the usage error `Missing --name`.
  public var required: Bool
  /// One-line description shown in help; wrapped to the terminal width.
  public var help: String
  /// What each value must look like (`.text` for anything); ignored for flags.
  public var kind: ValueKind

  /// Creates an option; a `nil` `valueName` makes it a boolean flag.
  public init(
    long: String,
    short: Character? = nil,
    valueName: String? = nil,
    repeatable: Bool = false,
    required: Bool = false,
    kind: ValueKind = .text,
    help: String
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.repeatable = repeatable
    self.required = required
    self.kind = kind
    self.help = help
  }

  /// Creates a boolean flag such as `--json`.
  public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, help: help)
  }

  /// Creates an option that takes a value, such as `--db <PATH>`.
  public static func value(
    _ long: String,
    short: Character? = nil,
    valueName: String,
    repeatable: Bool = false,
    required: Bool = false,
    kind: ValueKind = .text,
    help: String
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: valueName,
      repeatable: repeatable, required: required, kind: kind, help: help)
  }

  /// `true` when the option takes a value, `false` for a boolean flag.
  public var takesValue: Bool { valueName != nil }
}

/// A positional argument, matched by position in declaration order.
///
/// Optional positionals must come after all required ones. Extra positionals
/// beyond the declared ones are a usage error (`Unexpected argument 'x'`).
public struct PositionalSpec: Sendable, Equatable {
  /// Name shown as `<name>` in usage and help, and used by `ParsedArguments.positional(_:)`.
  public var name: String
  /// One-line description shown in help.
  public var help: String
  /// When `true` the argument may be omitted; otherwise its absence is `Missing argument <NAME>`.
  public var optional: Bool

  /// Creates a positional argument (required unless `optional` is `true`).
  public init(name: String, help: String, optional: Bool = false) {
    self.name = name
    self.help = help
    self.optional = optional
  }
}
