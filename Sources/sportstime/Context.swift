import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// What a command needs from its surroundings: the database, the catalog,
/// the clock and how to print. Built from the parsed arguments and the
/// process environment (`--db`, `SPORTSTIME_DB`, `XDG_DATA_HOME`, `NO_COLOR`,
/// `SPORTSTIME_BUSY_TIMEOUT_MS`).
struct Context {
  let arguments: ParsedArguments
  let environment: [String: String]
  let console: Console
  let useColor: Bool
  /// The command's one environment (`environmentValues()`).
  private let values: SportsTimeCore.RuleEnvironment
  /// How long the database waits for another connection's lock, in
  /// milliseconds: `SPORTSTIME_BUSY_TIMEOUT_MS`, else the Store's default
  /// (5000). The tests set it short where they wait out a held lock.
  let busyTimeoutMilliseconds: Int

  /// - Throws: a usage error for an empty `--db`; a `CommandError` for an
  ///   empty `SPORTSTIME_DB` or a `SPORTSTIME_BUSY_TIMEOUT_MS` that is not a
  ///   whole number of milliseconds. (A `--now` that is not an ISO 8601
  ///   instant is refused while parsing, for every command.)
  init(
    _ arguments: ParsedArguments,
    environment: [String: String] = Context.processEnvironment()
  ) throws {
    self.arguments = arguments
    self.environment = environment
    self.console = arguments.console
    self.useColor = Terminal.useColor(
      isTTY: Terminal.isStdoutTTY, environment: environment,
      noColorFlag: arguments.flag("no-color"))
    var values = SportsTimeCore.RuleEnvironment.live
    if let given = arguments.value("now", as: Date.self) {
      let instant = given.roundedToMicrosecond
      values.now = { instant }
    } else {
      values = values.frozen()
    }
    self.values = values
    // `trimmingSpaces()`: Foundation's whitespace trimming without building
    // its character set (that was about 2% of every small command).
    if let db = arguments.value("db"), db.trimmingSpaces().isEmpty {
      throw arguments.usageError("--db needs a file path")
    }
    // `SPORTSTIME_DB=$UNSET sportstime …` must not fall back to the user's
    // own database: a variable set to nothing is refused like `--db ""`.
    if arguments.value("db") == nil, let db = environment["SPORTSTIME_DB"],
      db.trimmingSpaces().isEmpty
    {
      // The environment, not the command line's shape: exit 1, no usage line.
      throw CommandError(
        "SPORTSTIME_DB is set but empty: give it a database file path, or unset it to use the default database"
      )
    }
    busyTimeoutMilliseconds = try Self.busyTimeout(environment)
  }

  /// `SPORTSTIME_BUSY_TIMEOUT_MS` (a whole number of milliseconds, 0 or
  /// more), else `Database.defaultBusyTimeoutMilliseconds`.
  /// - Throws: `CommandError` naming the variable for any other text.
  static func busyTimeout(_ environment: [String: String]) throws -> Int {
    guard let text = environment["SPORTSTIME_BUSY_TIMEOUT_MS"] else {
      return Database.defaultBusyTimeoutMilliseconds
    }
    guard let milliseconds = Int(text.trimmingSpaces()), milliseconds >= 0 else {
      throw CommandError(
        "SPORTSTIME_BUSY_TIMEOUT_MS must be a whole number of milliseconds (0 or more), got '\(Terminal.sanitize(text))'"
      )
    }
    return milliseconds
  }

  /// The environment variables a command reads, each read
  /// with `getenv`: building `ProcessInfo`'s dictionary of the whole
  /// environment was about 5% of a small command such as `trip show`.
  static let variables = [
    "SPORTSTIME_DB", "SPORTSTIME_DATA", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "COLUMNS",
    "SPORTSTIME_TOKEN", "SPORTSTIME_BENCH_WATCH_EVERY_TRIP", "SPORTSTIME_BUSY_TIMEOUT_MS",
  ]

  /// The values of `variables` that are set in this process's environment.
  static func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in variables {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }

  /// `--db`, else `SPORTSTIME_DB`, else the XDG default.
  var databasePath: String { databaseLocation.path }

  /// The database path and whether it is the default location (whose
  /// directories are created) rather than one the user gave (whose
  /// directory must exist).
  var databaseLocation: (path: String, isDefault: Bool) {
    if let path = arguments.value("db") { return (path, false) }
    if let path = environment["SPORTSTIME_DB"] { return (path, false) }
    return (Store.defaultPath(environment: environment), true)
  }

  /// Opens the database, creating the file on first use (and, at the
  /// default location only, its directories), with the command's clock.
  func openStore() throws -> Store {
    let location = databaseLocation
    return try Store(
      path: location.path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      createDirectories: location.isDefault, clock: try environmentValues().now)
  }

  /// Opens the database when its file exists as a regular file (as
  /// `openStore()`), else returns nil without creating or refusing
  /// anything (`openStore()` does that, later).
  func openExistingStore() throws -> Store? {
    var info = stat()
    guard stat(databasePath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return try openStore()
  }

  /// The built-in MLB catalog, with every sport's venues (neutral sites
  /// included) found by id (`Catalog.builtInGames()`).
  func catalog() throws -> Catalog { try Catalog.builtInGames() }

  /// The kind of `--now`: an ISO 8601 instant (`ISO8601Instant.parse(_:)`),
  /// parsed with the command line; a bad one is the usage error `--now
  /// expects an ISO 8601 date and time with a zone (<examples>), got 'x':
  /// <reason>`.
  static let instant = OptionSpec.ValueKind.parsed(
    ValueParser(name: "instant") { text in
      do {
        return try ISO8601Instant.parse(text)
      } catch {
        throw InvalidOptionValue(
          expected:
            "an ISO 8601 date and time with a zone (\(ISO8601Instant.examples.joined(separator: ", ")))",
          reason: String(describing: error))
      }
    })

  /// The clock (`--now` when given, else the system clock read once for
  /// the whole command: `RuleEnvironment.frozen()`), random ids and the default
  /// estimator. (Still `throws` for the callers; `--now` was checked while
  /// parsing.)
  func environmentValues() throws -> SportsTimeCore.RuleEnvironment { values }

  /// The environment of a long-running process (the server): `--now` when
  /// given, else the live clock (read afresh by each request, not once).
  func longRunningEnvironment() -> SportsTimeCore.RuleEnvironment {
    guard let given = arguments.value("now", as: Date.self) else { return .live }
    var values = SportsTimeCore.RuleEnvironment.live
    let instant = given.roundedToMicrosecond
    values.now = { instant }
    return values
  }

  /// Prints a line to stdout.
  func print(_ line: String = "") { console.print(line) }

  /// Writes `bytes` (UTF-8 text, newlines included) to stdout.
  func write(bytes: [UInt8]) { console.writeOutBytes(bytes) }

  /// Prints a warning line to stderr.
  func warn(_ line: String) {
    console.printError(style("Warning:", .yellow) + " " + line)
  }

  /// Prints a wire document (`SportsTimeAPI`) and a newline to stdout,
  /// through the one encoder (`Wire.write`).
  /// - Throws: what the encoder throws (an integer beyond `Int`).
  func print<Document: Encodable>(wire document: Document) throws {
    // The document and its newline from one buffer, handed over as bytes
    // (a large itinerary is most of a megabyte: no copy into a String).
    var writer = JSONWriter(capacity: 1 << 20)
    try Wire.write(document, to: &writer)
    writer.newline()
    console.writeOutBytes(writer.bytes)
  }

  /// ANSI styles used on a terminal.
  enum Style: String {
    case bold = "1"
    case dim = "2"
    case yellow = "33"
    case red = "31"
    case green = "32"
  }

  /// `text` in `style` when colour is on, else unchanged.
  func style(_ text: String, _ style: Style) -> String {
    useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// User-typed text made safe to print (no control characters).
  func safe(_ text: String) -> String { Terminal.sanitize(text) }
}

/// A failure the command line reports with exit status 1.
struct CommandError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
