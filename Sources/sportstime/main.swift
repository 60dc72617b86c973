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
let status = runCommandLine(
  root: ErrorHints.adding(to: RootCommand.spec),
  arguments: Array(CommandLine.arguments.dropFirst()),
  version: RootCommand.version,
  completedWork: { CompletedWork.describe(changesSaved: Store.changesSavedInThisProcess) })
exit(status)
