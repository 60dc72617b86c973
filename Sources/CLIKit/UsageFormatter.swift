/// Builds the one-line usage synopsis of a command.
///
/// Shape: the command path, then positionals (`<NAME>`, or `[<NAME>]` when
/// optional), then the command's own options in declaration order, then a
/// subcommand placeholder. Options render as:
/// flag `[--json]`; value `[--start <DATE>]`; required value `--title <TITLE>`;
/// repeatable `[--game <G> ...]`; required and repeatable
/// `--game <G> [--game <G> ...]`. The placeholder is `<subcommand>`, or
/// `[<subcommand>]` when the command can also run by itself. Global options and
/// `--help` are not listed.
public enum UsageFormatter {
  /// The synopsis pieces; each one is kept whole when wrapping. The first piece
  /// is the space-joined command path.
  public static func elements(for command: CommandSpec, path: [String]) -> [String] {
    var parts = [path.joined(separator: " ")]
    for positional in command.positionals {
      parts.append(positional.optional ? "[<\(positional.name)>]" : "<\(positional.name)>")
    }
    for option in command.options {
      parts.append(element(for: option))
    }
    if command.hasSubcommands {
      parts.append(command.run == nil ? "<subcommand>" : "[<subcommand>]")
    }
    return parts
  }

  /// The synopsis on one line, e.g. `prog trip new <NAME> --game <G> [--game <G> ...]`.
  public static func usageLine(for command: CommandSpec, path: [String]) -> String {
    elements(for: command, path: path).joined(separator: " ")
  }

  /// The synopsis piece for one option (see the type's documentation).
  public static func element(for option: OptionSpec) -> String {
    var single = "--\(option.long)"
    if let valueName = option.valueName { single += " <\(valueName)>" }
    switch (option.required, option.repeatable && option.takesValue) {
    case (true, true): return "\(single) [\(single) ...]"
    case (true, false): return single
    case (false, true): return "[\(single) ...]"
    case (false, false): return "[\(single)]"
    }
  }
}
