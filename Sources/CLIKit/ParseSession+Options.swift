extension ParseSession {
  /// Options valid right now: the current command's, then the root's globals.
  var visibleOptions: [OptionSpec] {
    command.options + parser.root.globalOptions
  }

  /// Whether `--version` is recognised here (root level, version configured,
  /// and not shadowed by a declared option).
  var versionAvailable: Bool {
    parser.version != nil && path.count == 1 && !visibleOptions.contains { $0.long == "version" }
  }

  /// Whether `token`, which starts with `-`, is an option (or a cluster of
  /// them) rather than a value. Without whitespace it always is (an unknown
  /// one is then refused). No option name holds whitespace, so a token with
  /// some is a value — `"- spaced"`, `"-- dash"`, `"-j is fun"` — unless a
  /// known option comes before it: `--title=a b`, `--zzz=a b` (an unknown
  /// option with a value), `-tHi there` (`-t` takes the rest).
  func isOptionToken(_ token: String) -> Bool {
    guard token.contains(where: \.isWhitespace) else { return true }
    if token.hasPrefix("--") {
      return !token.dropFirst(2).prefix { $0 != "=" }.contains(where: \.isWhitespace)
    }
    for letter in token.dropFirst() {
      if letter == "h" { continue }
      guard let option = visibleOptions.first(where: { $0.short == letter }) else {
        return false  // whitespace or an unknown letter: a value
      }
      if option.takesValue { return true }
    }
    return true
  }

  /// `message` (an unknown option), with a hint that `--` ends the options
  /// when a positional could still follow — where a value that starts with
  /// `-` (`-x`, `--note`) was most likely meant as one.
  func unknownOptionMessage(_ message: String) -> String {
    positionals.count < command.positionals.count
      ? "\(message.dropLast()); to pass a value starting with '-', put -- before it." : message
  }

  /// Handles `--name` or `--name=value`.
  func longOption(_ token: String) throws {
    let body = token.dropFirst(2)
    let name = String(body.prefix { $0 != "=" })
    let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
    if name == "help" {
      if inline != nil { try fail("--help does not take a value") }
      helpFlag = true
      return
    }
    if name == "version", versionAvailable, let version = parser.version {
      if inline != nil {
        try fail("--version does not take a value")
        return
      }
      throw CleanExit.version(version)
    }
    guard let option = visibleOptions.first(where: { $0.long == name }) else {
      var candidates = visibleOptions.map(\.long) + ["help"]
      if versionAvailable { candidates.append("version") }
      let message = "Unknown option '--\(Terminal.sanitize(name))'."
      let suggested = Suggestion.appending(
        to: message, input: name, candidates: candidates, prefix: "--")
      try fail(suggested == message ? unknownOptionMessage(message) : suggested)
      return
    }
    try apply(option, spelled: "--\(name)", inline: inline)
  }

  /// Handles `-x`, `-xvalue`, `-x=value`, `-x value` and flag clusters like `-ab`.
  func shortOptions(_ token: String) throws {
    let letters = Array(token.dropFirst())
    var position = 0
    while position < letters.count {
      let letter = letters[position]
      let spelled = "-\(Terminal.sanitize(String(letter)))"
      let rest = letters[(position + 1)...]
      if letter == "h" {
        helpFlag = true
        position += 1
        continue
      }
      guard let option = visibleOptions.first(where: { $0.short == letter }) else {
        try fail(unknownOptionMessage("Unknown option '\(spelled)'."))
        return
      }
      if option.takesValue {
        let attached = rest.first == "=" ? String(rest.dropFirst()) : String(rest)
        try apply(option, spelled: spelled, inline: rest.isEmpty ? nil : attached)
        return
      }
      if rest.first == "=" {
        try fail("\(spelled) does not take a value")
        return
      }
      flags.insert(option.long)
      position += 1
    }
  }

  /// Records `option`, taking its value from `inline` or from the next token.
  func apply(_ option: OptionSpec, spelled: String, inline: String?) throws {
    guard option.takesValue else {
      if inline != nil {
        try fail("\(spelled) does not take a value")
      } else {
        flags.insert(option.long)
      }
      return
    }
    let value: String
    if let inline {
      value = inline
    } else {
      guard index < tokens.count, isOptionValue(tokens[index]) else {
        try fail("\(spelled) needs a value")
        return
      }
      value = tokens[index]
      index += 1
    }
    if !option.repeatable, values[option.long] != nil {
      try fail("--\(option.long) given twice")
    }
    if case .parsed(let parser) = option.kind {
      do {
        parsed[option.long, default: []].append(try parser.parse(value))
      } catch {
        try fail(parser.message(for: error, text: value, long: option.long))
      }
    } else if let problem = option.kind.problem(
      with: value, long: option.long, valueName: option.valueName)
    {
      try fail(problem)
    }
    values[option.long, default: []].append(value)
  }

  /// Whether `token` is a known value option written without its value
  /// (`--db` or `-t`), so that the next token is its value.
  func takesSeparateValue(_ token: String) -> Bool {
    if token.hasPrefix("--") {
      let name = String(token.dropFirst(2))
      return visibleOptions.contains { $0.long == name && $0.takesValue }
    }
    guard token.count == 2, let letter = token.last else { return false }
    return visibleOptions.contains { $0.short == letter && $0.takesValue }
  }

  /// Whether a separate token after an option that takes a value is that
  /// value: every token is, unless it really is an option here — `--`
  /// (the terminator), `--name` or `--name=…` for a known option name
  /// (`--help`, and `--version` where it is recognised, included), or
  /// `-x…` whose first letter is a known short option or `h` (for a word
  /// with whitespace, only when `isOptionToken` says so). So
  /// `--title "- bring sunscreen"`, `--notes "-- great game"`, `--lon
  /// -87.6` and `--title -` take their value, and `--title --json` says
  /// `--title needs a value`. (The option's `kind` then judges the value.)
  func isOptionValue(_ token: String) -> Bool {
    guard token.hasPrefix("-") else { return true }
    if token == "--" { return false }
    // A word with whitespace is a value unless a known option takes it
    // (`isOptionToken`): `--title "-h is fun"`.
    if token.contains(where: \.isWhitespace) { return !isOptionToken(token) }
    if token.hasPrefix("--") {
      let name = String(token.dropFirst(2).prefix { $0 != "=" })
      if name == "help" || (name == "version" && versionAvailable) { return false }
      return !visibleOptions.contains { $0.long == name }
    }
    guard let letter = token.dropFirst().first else { return true }
    return letter != "h" && !visibleOptions.contains { $0.short == letter }
  }
}
