import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime visit add`: record a visit.
extension VisitCommands {
  static let addSpec = CommandSpec(
    name: "add", abstract: "Record a visit: a game you attended at a venue on a date.",
    discussion: """
      With --game (a game id or TEAM@YYYY-MM-DD from an imported schedule) the venue, \
      date and matchup come from the game; a VENUE or --date that contradicts it is \
      refused. A game is recorded once. The date may not be in the future.
      Examples:
        sportstime visit add wrigley --date 2024-06-04 \\
          --away STL --home CHC --score 3-5
        sportstime visit add --game CHC@2024-06-04 --notes "Bleachers, section 314"
      """,
    options: [
      .value(
        "date", valueName: "DATE", kind: Format.date,
        help: "The local date at the venue (YYYY-MM-DD)."),
      .value("game", short: "g", valueName: "G", help: "The imported game you attended."),
    ] + detailOptions + [.flag("json", help: "Print the new visit as JSON.")],
    positionals: [
      PositionalSpec(
        name: "VENUE", help: "Where (park id, name, city or home team); optional with --game.",
        optional: true)
    ],
    validate: checkAdd,
    run: { try runAdd(try Context($0)) })

  /// Checks a `visit add` line before anything runs: a well-formed game
  /// reference, matchup and score, and a place and date unless a game
  /// gives them.
  static func checkAdd(_ args: ParsedArguments) throws {
    let reference = try gameReference(args)
    _ = try checkMatchup(args)
    _ = try score(args)
    if reference == nil {
      guard args.positional("VENUE") != nil else {
        throw args.usageError("say where: a VENUE or --game G")
      }
      guard args.value("date") != nil else {
        throw args.usageError("say when: --date YYYY-MM-DD (or --game G)")
      }
    }
  }

  static func runAdd(_ context: Context) throws {
    let args = context.arguments
    let reference = try gameReference(args)
    let teams = try checkMatchup(args)
    let score = try score(args)
    let request = VisitRequest(
      venue: args.positional("VENUE"), game: reference.map { .some($0) },
      sport: args.value("sport", as: Sport.self), date: args.value("date", as: CalendarDate.self),
      matchup: teams.map { .some($0) }, score: score.map { .some($0) },
      notes: args.value("notes").map { .some($0) })
    let environment = try context.environmentValues()
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visit = try ErrorHints.visits {
      try store.addVisit {
        try leagues.recordVisit(
          request, game: { try store.game(for: $0, catalog: leagues.mlb) },
          environment: environment)
      }
    }
    if args.flag("json") {
      try context.print(wire: WireV1.VisitEntry(visit, leagues: leagues))
      return
    }
    context.print(
      "Recorded visit \(visit.key.prefix(8)): \(context.safe(leagues.summary(of: visit))).")
    context.print(try venueCount(visit, store: store, leagues: leagues))
    for warning in try store.warnings(of: visit, leagues: leagues) {
      context.warn(ErrorHints.message(for: warning))
    }
  }
}
