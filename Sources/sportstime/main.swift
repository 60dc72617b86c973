import Foundation

// The sportstime command line: parse → one Core/Store call → print.
// Rules live in SportsTimeCore and SportsTimeStore, never here.
// exit(3) flushes stdout's buffer before the process ends.
let status = runCommandLine(
  root: RootCommand.spec, arguments: Array(CommandLine.arguments.dropFirst()),
  version: RootCommand.version)
exit(status)
