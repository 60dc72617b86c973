/// The mutable state of one parse; used only by `CommandLineParser.parse`.
final class ParseSession {
  /// The parser's configuration.
  let parser: CommandLineParser
  /// The words being parsed.
  let tokens: [String]
  /// Index of the next unread token.
  var index = 0
  /// The command currently selected.
  var command: CommandSpec
  /// Names from the root to `command`.
  var path: [String]
  /// Positionals taken for `command`.
  var positionals: [String] = []
  /// Long names of flags seen.
  var flags: Set<String> = []
  /// Values seen for value options, keyed by long name.
  var values: [String: [String]] = [:]
  /// Typed values of options with a `.parsed` kind, keyed by long name.
  var parsed: [String: [any Sendable]] = [:]
  /// Whether `--` has been seen.
  var afterTerminator = false
  /// Whether `--help`/`-h` was given; makes the parse lenient (mistakes ignored).
  var helpFlag: Bool
  /// Whether the `help` subcommand word was given; later words name the command.
  var helpWord = false

  /// Starts a parse of `tokens` at the root. `--help`/`-h` before any `--` is
  /// detected up front so that help wins over every other mistake on the line.
  init(parser: CommandLineParser, tokens: [String]) {
    self.parser = parser
    self.tokens = tokens
    self.command = parser.root
    self.path = [parser.root.name]
    self.helpFlag = tokens.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
  }

  /// Consumes every token.
  func run() throws {
    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if afterTerminator {
        try addPositional(token)
      } else if helpWord {
        try helpPathWord(token)
      } else if token == "--" {
        afterTerminator = true
      } else if token.hasPrefix("--"), isOptionToken(token) {
        try longOption(token)
      } else if token.hasPrefix("-"), token.count > 1,
        !CommandLineParser.startsLikeNegativeNumber(token), isOptionToken(token)
      {
        try shortOptions(token)
      } else {
        try word(token)
      }
    }
  }

  /// Throws a `UsageError` for the current command unless help was requested.
  func fail(_ message: String) throws {
    if helpFlag { return }
    throw UsageError(message, commandPath: path)
  }

  /// Handles a bare word: a subcommand name, the `help` word, or a positional.
  func word(_ token: String) throws {
    if positionals.isEmpty && command.hasSubcommands {
      if let sub = command.subcommand(named: token) {
        descend(into: sub)
        return
      }
      if token == "help" {
        helpWord = true
        return
      }
      if command.positionals.isEmpty {
        try fail(unknownCommandMessage(token))
        positionals.append(token)  // only reached when lenient: stop descending
        return
      }
    }
    try addPositional(token)
  }

  /// Handles a word after the `help` word: it must name a subcommand. Options are
  /// ignored, along with the separate value of a known value option.
  func helpPathWord(_ token: String) throws {
    if token.hasPrefix("-") {
      if takesSeparateValue(token), index < tokens.count, isOptionValue(tokens[index]) {
        index += 1
      }
      return
    }
    if let sub = command.subcommand(named: token) {
      descend(into: sub)
    } else if !command.hasSubcommands {
      try fail("Unexpected argument '\(Terminal.sanitize(token))'")
    } else {
      try fail(unknownCommandMessage(token))
    }
  }

  /// Makes `sub` the current command.
  func descend(into sub: CommandSpec) {
    command = sub
    path.append(sub.name)
    positionals = []
  }

  /// Takes a positional for the current command, or fails when there are already enough.
  func addPositional(_ token: String) throws {
    guard positionals.count < command.positionals.count else {
      var message = "Unexpected argument '\(Terminal.sanitize(token))'"
      // `trip list -- --json`: an option of this command after `--`, where
      // every word is an argument.
      if afterTerminator, token.hasPrefix("-"), !isOptionValue(token) {
        message += " (after '--' every word is an argument: put options before '--')"
      }
      try fail(message)
      return
    }
    positionals.append(token)
  }

  /// `Unknown command 'x'.` plus a suggestion from the current subcommands.
  func unknownCommandMessage(_ token: String) -> String {
    Suggestion.appending(
      to: "Unknown command '\(Terminal.sanitize(token))'.", input: token,
      candidates: command.lazySubcommands.map(\.name) + ["help"])
  }

  /// Throws `Missing argument <NAME>` or `Missing --name` for absent required input.
  func checkRequired() throws {
    for (offset, positional) in command.positionals.enumerated()
    where !positional.optional && offset >= positionals.count {
      throw UsageError("Missing argument <\(positional.name)>", commandPath: path)
    }
    for option in command.options + parser.root.globalOptions where option.required {
      if values[option.long] == nil && !flags.contains(option.long) {
        throw UsageError("Missing --\(option.long)", commandPath: path)
      }
    }
  }

  /// The parsed arguments for the current command.
  func result(console: Console) -> ParsedArguments {
    ParsedArguments(
      commandPath: path, flags: flags, values: values, parsedValues: parsed,
      positionals: positionals, positionalNames: command.positionals.map(\.name),
      console: console)
  }
}
