extension CommandSpec {
  /// Checks this tree for declaration mistakes and returns one message per problem
  /// (empty when the tree is well formed). Intended for a unit test of the real tree.
  ///
  /// Reported: empty or dash-prefixed names, digits as short names (`-5` is
  /// a negative number), duplicate long/short names within a
  /// command (including clashes with the root's global options), use of the
  /// reserved `help`/`h` (and `version` on the root), duplicate subcommand names,
  /// a required positional after an optional one, `globalOptions` declared on
  /// a non-root command (they would be ignored), and a lazily built subcommand
  /// whose spec has another name than the one it is listed under. Builds
  /// every command of the tree.
  public func validationProblems() -> [String] {
    validationProblems(path: [name], globals: globalOptions, isRoot: true)
  }

  /// Recursive worker for `validationProblems()`.
  private func validationProblems(path: [String], globals: [OptionSpec], isRoot: Bool) -> [String] {
    let here = path.joined(separator: " ")
    var problems: [String] = []
    if !isRoot && !globalOptions.isEmpty {
      problems.append("\(here): globalOptions are only honoured on the root command")
    }
    var longs: Set<String> = ["help"]
    var shorts: Set<Character> = ["h"]
    if isRoot { longs.insert("version") }
    for option in (isRoot ? [] : globals) + options + (isRoot ? globals : []) {
      if option.long.isEmpty || option.long.hasPrefix("-") || option.long.contains("=") {
        problems.append("\(here): invalid option name '\(option.long)'")
      }
      if !longs.insert(option.long).inserted {
        problems.append("\(here): duplicate or reserved option --\(option.long)")
      }
      if let short = option.short, short == "-" || short.isNumber || !shorts.insert(short).inserted
      {
        problems.append("\(here): duplicate or reserved short option -\(short)")
      }
    }
    var sawOptional = false
    for positional in positionals {
      if positional.optional {
        sawOptional = true
      } else if sawOptional {
        problems.append("\(here): required positional <\(positional.name)> follows an optional one")
      }
    }
    var names: Set<String> = []
    for child in lazySubcommands {
      let sub = child.build()
      if sub.name != child.name {
        problems.append("\(here): subcommand '\(child.name)' builds a command named '\(sub.name)'")
      }
      if sub.name.isEmpty || sub.name.hasPrefix("-") {
        problems.append("\(here): invalid subcommand name '\(sub.name)'")
      }
      if !names.insert(sub.name).inserted {
        problems.append("\(here): duplicate subcommand '\(sub.name)'")
      }
      problems += sub.validationProblems(path: path + [sub.name], globals: globals, isRoot: false)
    }
    return problems
  }
}
