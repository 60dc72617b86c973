/// A mistake in how the command line was written.
///
/// `runCommandLine` reports it on standard error as
/// `Error: <message>`, the usage line of the command named by `commandPath`
/// and a `See '<path> --help'.` hint, then exits with `ExitCode.usage` (64).
/// Command actions may throw it too (see `ParsedArguments.usageError(_:)`).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// Human-readable explanation without the `Error: ` prefix, e.g. `--title needs a value`.
  public var message: String
  /// Path of the command that failed, e.g. `["prog", "trip", "new"]`.
  public var commandPath: [String]

  /// Creates a usage error for the command at `commandPath`.
  public init(_ message: String, commandPath: [String]) {
    self.message = message
    self.commandPath = commandPath
  }

  /// The message, so `String(describing:)` reads naturally.
  public var description: String { message }
}

/// A request to stop early successfully after printing text to standard output.
///
/// Thrown by the parser for `--help`, `-h`, the `help` word, a group invoked
/// without a subcommand, and `--version`. `runCommandLine` prints the text and
/// exits with `ExitCode.success` (0).
public enum CleanExit: Error, Equatable {
  /// Help text for a command.
  case help(String)
  /// The version string.
  case version(String)

  /// The text to print to standard output.
  public var text: String {
    switch self {
    case .help(let text), .version(let text): return text
    }
  }
}

/// The process exit codes used by `runCommandLine`.
public enum ExitCode {
  /// The command ran (or printed help/version) successfully.
  public static let success: Int32 = 0
  /// The command threw an error other than `UsageError`/`CleanExit`.
  public static let failure: Int32 = 1
  /// The command line was malformed (`EX_USAGE` from sysexits.h).
  public static let usage: Int32 = 64
  /// The reader of standard output went away before the output ended
  /// (128 + `SIGPIPE`, the status a shell reports for a program a closed
  /// pipe stopped).
  public static let brokenPipe: Int32 = 141
}
