import Foundation

/// Parses `arguments`, runs the selected command and returns the exit code.
///
/// - `arguments` are the words after the program name
///   (`Array(CommandLine.arguments.dropFirst())`); `root.name` is the program name.
/// - Success: returns `ExitCode.success` (0).
/// - Help, `--version`, or a group without a subcommand: prints the text plus a
///   newline to `console`'s output and returns 0.
/// - `UsageError` (from parsing or thrown by the action): writes
///   `CommandLineParser.report(for:)` plus a newline to the error stream and returns 64.
/// - `OutputNotDelivered` (from `Console.deliverOut()`): nothing here; the
///   output's outcome is reported below.
/// - Any other error: writes `Error: <String(describing: error)>` to the error
///   stream and returns `ExitCode.failure` (1).
/// - Error text is printed without control characters (each line passed
///   through `Terminal.sanitize`), since it often quotes what the user typed.
/// - Then the output is finished (`Console.finishOut`): when the system
///   refused a write (a full disk, `> /dev/full`) the error
///   `Error: cannot write the output: <reason>` follows and the status is 1
///   (when `completedWork()` names what the command did all the same — "the
///   change itself was saved", "trip.ics was written" — the error says so,
///   adding ", only this report is missing", so nobody runs it again
///   thinking nothing happened);
///   when the reader went away (`| head -1`) nothing is printed and a
///   successful run returns `ExitCode.brokenPipe` (141, what a shell shows
///   for a program that `SIGPIPE` stopped), so a pipeline can tell the output
///   was cut; a failing run keeps its own status.
///
/// Help is wrapped to `helpWidth` when given, else to
/// `Terminal.helpWidth(environment:isTTY:terminalColumns:)` for standard output.
public func runCommandLine(
  root: CommandSpec,
  arguments: [String],
  version: String,
  console: Console = .standard,
  environment: [String: String] = ProcessInfo.processInfo.environment,
  helpWidth: Int? = nil,
  completedWork: () -> String? = { nil }
) -> Int32 {
  let width =
    helpWidth
    ?? Terminal.helpWidth(
      environment: environment, isTTY: Terminal.isStdoutTTY,
      terminalColumns: Terminal.stdoutColumns())
  let parser = CommandLineParser(root: root, version: version, helpWidth: width)
  let status = run(parser, arguments: arguments, console: console)
  switch console.finishOut() {
  case .delivered:
    return status
  case .readerGone:
    return status == ExitCode.success ? ExitCode.brokenPipe : status
  case .failed(let reason):
    let saved =
      completedWork().map { "; \(Terminal.sanitize($0)), only this report is missing" } ?? ""
    console.printError("Error: cannot write the output: \(Terminal.sanitize(reason))\(saved)")
    return status == ExitCode.success ? ExitCode.failure : status
  }
}

/// Parses and runs the command, reporting what it throws; returns the status.
private func run(_ parser: CommandLineParser, arguments: [String], console: Console) -> Int32 {
  do {
    let parsed = try parser.parse(arguments, console: console)
    try parsed.command.run?(parsed.arguments)
    return ExitCode.success
  } catch is OutputNotDelivered {
    // The output did not arrive: `finishOut` reports it (an error for a
    // failed write, nothing for a reader gone) and sets the status.
    return ExitCode.success
  } catch let exit as CleanExit {
    console.print(exit.text)
    return ExitCode.success
  } catch let error as UsageError {
    console.printError(sanitizedLines(parser.report(for: error)))
    return ExitCode.usage
  } catch {
    // Error descriptions often quote what the user typed (a trip name, a
    // path): strip control characters so they cannot reach the terminal.
    console.printError("Error: \(sanitizedLines(String(describing: error)))")
    return ExitCode.failure
  }
}

/// `text` with control characters removed from each line (line breaks kept).
private func sanitizedLines(_ text: String) -> String {
  text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    .map { Terminal.sanitize(String(String.UnicodeScalarView($0))) }
    .joined(separator: "\n")
}
