import CLIKit
import Foundation
import SportsTimeStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The sportstime command line: parse → one Core/Store call → print.
// Rules live in SportsTimeCore and SportsTimeStore, never here.
// A closed pipe must be a write error (EPIPE) that `StandardOutput` reports,
// not a signal that kills the process in the middle of a command.
signal(SIGPIPE, SIG_IGN)
// The parser reads only COLUMNS (the help width) from the environment; the
// whole `ProcessInfo` environment was 4–6% of `--version`. A command reads
// its own variables in `Context`.
let columns = getenv("COLUMNS").map { ["COLUMNS": String(cString: $0)] } ?? [:]
let status = runCommandLine(
  root: ErrorHints.adding(to: RootCommand.spec),
  arguments: Array(CommandLine.arguments.dropFirst()),
  version: RootCommand.version,
  environment: columns,
  completedWork: { CompletedWork.describe(changesSaved: Store.changesSavedInThisProcess) })
exit(status)
