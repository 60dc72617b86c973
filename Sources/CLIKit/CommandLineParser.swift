/// The outcome of a successful parse: the selected command and its arguments.
public struct ParsedCommand: Sendable {
  /// The command selected by the subcommand words; it always has a `run` action.
  public var command: CommandSpec
  /// The options and positionals given for it.
  public var arguments: ParsedArguments
}

/// Parses a command line against a command tree.
///
/// Rules (see also `OptionSpec`/`CommandSpec`):
/// - Words select subcommands while the current command has subcommands and no
///   positional has been taken for it; other words are positionals.
/// - `--name value`, `--name=value`, `-x value`, `-xvalue`, `-x=value`, and
///   clustered flags `-ab`. `--` ends option parsing; later words are positionals.
/// - A value option's separate value may not start with `-` unless it starts
///   like a negative number (`--lon -87.65`, `--pan -0.5,0`) or is exactly
///   `-`; otherwise `--x needs a value`.
/// - A word that starts like a negative number is a positional, not an option
///   (short options are never digits).
/// - A value option that is not `repeatable` may be given once
///   (`--from given twice`), and every value must suit the option's `kind`
///   (`--zoom must be between 0.001 and 1000 (got 1e307)`).
/// - `--help`/`-h` anywhere (before `--`) yields `CleanExit.help` for the deepest
///   command named on the line, ignoring any other mistakes on the line.
/// - `help` as a subcommand word (`prog help trip new`) yields that command's help.
/// - `--version` while still at the root yields `CleanExit.version` (only when a
///   version is configured); after a subcommand it is an unknown option.
/// - A command without `run` yields `CleanExit.help` for itself.
/// - Once the line is parsed and nothing required is missing, the command's
///   `validate` check (if any) judges the options together.
/// - Everything else that is wrong throws `UsageError` with a suggestion when a
///   known name is close (see `Suggestion.closest(to:in:)`).
public struct CommandLineParser: Sendable {
  /// The root of the command tree; its name is the program name.
  public var root: CommandSpec
  /// The version printed for `--version`, or `nil` to disable `--version`.
  public var version: String?
  /// Builds help text for `CleanExit.help`.
  public var helpFormatter: HelpFormatter

  /// Creates a parser; help text is wrapped to `helpWidth` columns.
  public init(root: CommandSpec, version: String? = nil, helpWidth: Int = Terminal.defaultWidth) {
    self.root = root
    self.version = version
    self.helpFormatter = HelpFormatter(root: root, showsVersion: version != nil, width: helpWidth)
  }

  /// Parses `arguments` (the words after the program name), then runs the
  /// selected command's `validate` check on the result.
  /// Throws `CleanExit` for help/version and `UsageError` for mistakes
  /// (and whatever `validate` throws).
  public func parse(_ arguments: [String], console: Console = .standard) throws -> ParsedCommand {
    let session = ParseSession(parser: self, tokens: arguments)
    try session.run()
    if session.helpFlag || session.helpWord || session.command.run == nil {
      throw CleanExit.help(helpFormatter.helpText(for: session.command, path: session.path))
    }
    try session.checkRequired()
    let arguments = session.result(console: console)
    try session.command.validate?(arguments)
    return ParsedCommand(command: session.command, arguments: arguments)
  }

  /// The complete usage-error report for `error`, without a trailing newline:
  /// `Error: <message>`, `Usage: <usage line>` and `  See '<path> --help'.`
  /// An unknown or partial `commandPath` falls back to the deepest matching command.
  public func report(for error: UsageError) -> String {
    let (command, path) = root.resolve(path: error.commandPath)
    return """
      Error: \(error.message)
      Usage: \(UsageFormatter.usageLine(for: command, path: path))
        See '\(path.joined(separator: " ")) --help'.
      """
  }

  /// `true` when `token` starts like a negative number: `-` then a digit,
  /// or `-.` then a digit (`-87.65`, `-.5`, `-0.5,0`, `-1-5`), whatever
  /// follows. No option can be spelled so, since short names are never digits.
  public static func startsLikeNegativeNumber(_ token: String) -> Bool {
    var scalars = token.unicodeScalars.makeIterator()
    guard scalars.next() == "-", var next = scalars.next() else { return false }
    if next == ".", let after = scalars.next() { next = after }
    return ("0"..."9").contains(next)
  }

  /// `true` when `token` is a negative number such as `-87.65`, `-3` or `-.5`.
  public static func isNegativeNumber(_ token: String) -> Bool {
    guard token.hasPrefix("-"), let second = token.dropFirst().first,
      second.isASCII, second.isNumber || second == "."
    else { return false }
    return Double(token) != nil
  }
}
