import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime games`: list imported games.
enum GamesCommand {
  static let spec = CommandSpec(
    name: "games",
    abstract: "List imported games in time order.",
    discussion: """
      Dates are the venues' local dates and times are local to the venue, with the \
      zone's abbreviation; "est." marks estimated times, "TBD" an unknown time.
      TEAM is a Retrosheet code (CHN), an abbreviation (CHC) or an alias, in any case; \
      for NBA, NHL and NFL the league's code (BOS, NYR, KC), a full name or a nickname. \
      A name several imported sports' teams have (BOS: the Red Sox, the Celtics and \
      the Bruins) must say which: NBA:BOS, or --sport NBA.
      VENUE is a park code (CHI11), any of a venue's names, old or new (Daikin Park or \
      Minute Maid Park), a unique part of one, or a team. Venues are shown by the name in \
      force on the game's date.
      --team and --venue take several values, comma-separated or repeated: a game \
      matches when it involves any of the teams and is at any of the venues.
      Examples:
        sportstime games --team chc --from 2024-06-01 --to 2024-06-07
        sportstime games --team CHC,DET --from 2024-06-01 --to 2024-06-03
        sportstime games --venue "Wrigley" --json
        sportstime games --sport NBA,NHL --team BOS --from 2024-11-01 --to 2024-11-10
      """,
    options: [
      .value(
        "sport", valueName: "SPORT", repeatable: true, kind: VisitCommands.sportList,
        help: "Only these sports (MLB, NBA, NHL, NFL; comma-separated or repeated)."),
      .value(
        "team", valueName: "TEAM", repeatable: true,
        help:
          "Games this team plays, home or away (several: any of them; comma-separated or repeated)."
      ),
      .value(
        "venue", valueName: "VENUE", repeatable: true,
        help: "Games at this venue (several: any of them; comma-separated or repeated)."),
      .value("from", valueName: "DATE", kind: Format.date, help: "First local date (YYYY-MM-DD)."),
      .value("to", valueName: "DATE", kind: Format.date, help: "Last local date (YYYY-MM-DD)."),
      .flag("json", help: "Print a JSON array."),
    ],
    validate: { args in
      if let from = args.value("from", as: CalendarDate.self),
        let to = args.value("to", as: CalendarDate.self), from > to
      {
        throw args.usageError("--from \(from) is after --to \(to)")
      }
    },
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let args = context.arguments
    let from = args.value("from", as: CalendarDate.self)
    let to = args.value("to", as: CalendarDate.self)
    let existing = try context.openExistingStore()
    let stored = try existing?.storedSports() ?? []
    // A database of MLB games only needs only MLB's tables (the others cost
    // a fifth of the command); a name they do not know is looked up again
    // in every league's, for the message that names its league.
    let catalog = try Catalog.builtInGames(covering: stored)
    var leagues = try Leagues.builtIn(covering: stored)
    let query: GameQuery
    do {
      let sports = VisitCommands.sports("sport", arguments: args)
      let teams = try args.listValues("team")
      let venues = try args.listValues("venue")
      do {
        query = try GameQuery(
          sports: sports, teams: teams, venues: venues, from: from, to: to,
          storedSports: stored, leagues: leagues)
      } catch is CatalogError where leagues.sports != Sport.allCases {
        leagues = try Leagues.builtIn()
        query = try GameQuery(
          sports: sports, teams: teams, venues: venues, from: from, to: to,
          storedSports: stored, leagues: leagues)
      }
    } catch let error as CatalogError {
      switch error {
      case .teamOfOtherSport, .venueOfOtherSport:
        throw CommandError(
          Format.hinted(
            error.description,
            "games lists the imported schedules (add one with 'sportstime schedule import FILE')"))
      case .teamOfSeveralSports:
        // With --sport naming several, the message's own advice (NBA:CHI) is the way.
        if args.value("sport") != nil { throw error }
        throw CommandError(Format.hinted(error.description, "or name the sport with --sport"))
      default: throw error
      }
    }
    let store = try existing ?? context.openStore()
    if args.flag("json") {
      try context.print(
        wire: try store.games(query).map {
          WireV1.GameEntry($0, catalog: catalog, leagues: leagues)
        })
      return
    }
    let games: [Game]
    do {
      games = try store.scheduledGames(query)
    } catch GameLookupError.noGamesYet {
      context.print(
        "No games in \(context.safe(store.path)) yet. Import a schedule first: sportstime schedule import FILE"
      )
      return
    }
    if games.isEmpty {
      context.print("No games match.")
      return
    }
    let rows = games.map { game -> [String] in
      var status = ""
      switch game.status {
      case .scheduled: break
      case .rescheduled:
        status = "  (moved from \(game.originalDate?.shortDescription ?? "?"))"
      case .cancelled: status = "  (cancelled)"
      }
      let venue = catalog.venue(game.venueID)
      return [
        game.id.description, game.localDate.longDescription, Format.gameTime(game),
        Format.matchup(game, catalog: catalog) + Format.league(game),
        "\(venue?.name(on: game.localDate) ?? game.venueID.rawValue), \(venue?.city ?? "")"
          + status,
      ]
    }
    for line in Format.table(rows) { context.print(line) }
    // The note only where a time is estimated (Retrosheet's MLB games).
    let estimated = games.contains { $0.timeEstimated && !$0.timeUnknown }
    context.print(
      "\(Plural.count(games.count, "game"))."
        + (estimated ? " Times marked est. are estimates." : ""))
  }
}
