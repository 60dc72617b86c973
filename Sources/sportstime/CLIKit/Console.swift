import Foundation

/// The two output streams a command writes to, as hookable functions.
///
/// `runCommandLine` writes help, version and error reports through it, and
/// passes it to actions via `ParsedArguments.console`, so tests can capture
/// everything by injecting their own closures.
public struct Console: Sendable {
  /// Writes text (no newline added) to standard output or its replacement.
  public var writeOut: @Sendable (String) -> Void
  /// Writes text (no newline added) to standard error or its replacement.
  public var writeErr: @Sendable (String) -> Void

  /// Creates a console from two writer functions.
  public init(
    writeOut: @escaping @Sendable (String) -> Void,
    writeErr: @escaping @Sendable (String) -> Void
  ) {
    self.writeOut = writeOut
    self.writeErr = writeErr
  }

  /// The process's real streams. Standard output goes through Swift's `print`
  /// (so it stays ordered with other `print` calls); standard error is written
  /// unbuffered through `FileHandle.standardError`.
  public static let standard = Console(
    writeOut: { text in Swift.print(text, terminator: "") },
    writeErr: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) }
  )

  /// Writes `line` followed by a newline to the output stream.
  public func print(_ line: String) {
    writeOut(line + "\n")
  }

  /// Writes `line` followed by a newline to the error stream.
  public func printError(_ line: String) {
    writeErr(line + "\n")
  }
}
