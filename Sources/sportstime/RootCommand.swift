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
    // Built when the command line reaches them: a command line selects one
    // command, and only its options (value parsers, choice lists) are made.
    lazySubcommands: [
      LazyCommandSpec(name: "schedule") { ScheduleCommands.spec },
      LazyCommandSpec(name: "games") { GamesCommand.spec },
      LazyCommandSpec(name: "trip") { TripCommands.spec },
      LazyCommandSpec(name: "item") { ItemCommands.spec },
      LazyCommandSpec(name: "import") { LegacyImportCommand.groupSpec },
      LazyCommandSpec(name: "visit") { VisitCommands.spec },
      LazyCommandSpec(name: "progress") { ProgressCommand.spec },
      LazyCommandSpec(name: "history") { HistoryCommand.spec },
      LazyCommandSpec(name: "map") { MapCommand.spec },
      LazyCommandSpec(name: "undo") { UndoCommands.undoSpec },
      LazyCommandSpec(name: "redo") { UndoCommands.redoSpec },
      LazyCommandSpec(name: "plan") { PlanCommands.spec },
      LazyCommandSpec(name: "tips") { TipsCommand.spec },
      LazyCommandSpec(name: "serve") { ServeCommand.spec },
    ])
}
