import CLIKit
import Foundation

/// The command tree of `sportstime`.
enum RootCommand {
  /// `sportstime --version` prints this.
  static let version = "0.1.0"

  /// Options accepted at any level of the command line.
  static let globalOptions: [OptionSpec] = [
    .value(
      "db", valueName: "PATH",
      help:
        "Database file. Created on first use; its directory must exist. Default: $SPORTSTIME_DB (the same), else $XDG_DATA_HOME/sportstime/sportstime.sqlite (its directories are created too)."
    ),
    .flag(
      "no-color",
      help: "Never colour the output (a non-empty NO_COLOR in the environment does the same)."),
    .value(
      "now", valueName: "INSTANT", kind: Context.instant,
      help:
        "Use this instant as the current time, for reproducible runs: an ISO 8601 / RFC 3339 date and time with a zone, e.g. 2024-06-01T12:00Z, 2024-06-01T12:00:00.5Z or 2024-06-01T08:00-04:00 (a date alone is refused)."
    ),
  ]

  /// The root command.
  static let spec = CommandSpec(
    name: "sportstime",
    abstract: "Plan sports road trips: real games, day-by-day itineraries, travel legs that fit.",
    discussion: """
      Start by importing a schedule, then build a trip from its games:
        sportstime schedule import ../shared/data/retrosheet/2024schedule.csv
        sportstime games --team CHC --from 2024-06-01 --to 2024-06-10
        sportstime trip new "Summer" --game CHC@2024-06-04 --game DET@2024-06-07
        sportstime trip show "Summer"
      Schedule data: Retrosheet (www.retrosheet.org).
      """,
    globalOptions: globalOptions,
    subcommands: [
      ScheduleCommands.spec, GamesCommand.spec, TripCommands.spec, ItemCommands.spec,
      LegacyImportCommand.groupSpec,
      VisitCommands.spec,
      ProgressCommand.spec,
      HistoryCommand.spec,
      MapCommand.spec,
      UndoCommands.undoSpec,
      UndoCommands.redoSpec,
      ServeCommand.spec,
    ])
}
