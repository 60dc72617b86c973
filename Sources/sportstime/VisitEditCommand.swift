import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime visit edit`: change a visit.
extension VisitCommands {
  static let editSpec = CommandSpec(
    name: "edit", abstract: "Change a visit's venue, date, game, matchup, score or notes.",
    discussion: """
      A visit made from a game keeps the game's venue, date and matchup; add --no-game to \
      unlink it before changing them. An edit that changes nothing is refused.
      """,
    options: [
      .value("venue", valueName: "VENUE", help: "Another venue."),
      .value(
        "date", valueName: "DATE", kind: Format.date, help: "Another local date (YYYY-MM-DD)."),
      .value("game", short: "g", valueName: "G", help: "Link the visit to this imported game."),
      .flag("no-game", help: "Unlink the visit from its game (keeps venue, date, matchup)."),
    ] + detailOptions + [
      .flag("no-matchup", help: "Clear the matchup."),
      .flag("no-score", help: "Clear the score."),
      .flag("no-notes", help: "Clear the notes."),
      .flag("json", help: "Print the edited visit as JSON."),
    ],
    positionals: [PositionalSpec(name: "ID", help: "The visit (id or unique prefix).")],
    validate: checkEdit,
    run: { try runEdit(try Context($0)) })

  /// Checks a `visit edit` line before anything runs: well-formed values,
  /// no `--no-…` with a new value of the same, and something to change.
  static func checkEdit(_ args: ParsedArguments) throws {
    _ = try gameReference(args)
    _ = try checkMatchup(args)
    _ = try score(args)
    for (flag, option) in [
      ("no-game", "game"), ("no-score", "score"), ("no-notes", "notes"), ("no-matchup", "away"),
    ] where args.flag(flag) && args.value(option) != nil {
      throw args.usageError("--\(flag) cannot go with --\(option)")
    }
    if args.flag("no-matchup") && args.value("home") != nil {
      throw args.usageError("--no-matchup cannot go with --home")
    }
    let given =
      ["venue", "date", "game", "sport", "away", "score", "notes"].contains {
        args.value($0) != nil
      } || ["no-game", "no-matchup", "no-score", "no-notes"].contains { args.flag($0) }
    if !given {
      throw args.usageError(
        "say what to change: --venue, --date, --game, --sport, --away/--home, --score, --notes (or a --no-… option)"
      )
    }
  }

  static func runEdit(_ context: Context) throws {
    let args = context.arguments
    let id = try args.requiredPositional("ID")
    let reference = try gameReference(args)
    let teams = try checkMatchup(args)
    let score = try score(args)
    var request = VisitRequest(
      venue: args.value("venue"), game: reference.map { .some($0) },
      sport: args.value("sport", as: Sport.self), date: args.value("date", as: CalendarDate.self),
      matchup: teams.map { .some($0) }, score: score.map { .some($0) },
      notes: args.value("notes").map { .some($0) })
    // `checkEdit` has refused a `--no-…` with a new value of the same.
    if args.flag("no-score") { request.score = .some(nil) }
    if args.flag("no-notes") { request.notes = .some(nil) }
    if args.flag("no-game") { request.game = .some(nil) }
    if args.flag("no-matchup") { request.matchup = .some(nil) }
    let environment = try context.environmentValues()
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visitID = try VisitResolver(store: store).id(matching: id)
    let (old, visit) = try ErrorHints.visits {
      try store.editVisit(id: visitID) { old in
        try leagues.editVisit(
          old, request, game: { try store.game(for: $0, catalog: leagues.mlb) },
          environment: environment)
      }
    }
    if args.flag("json") {
      try context.print(wire: WireV1.VisitEntry(visit, leagues: leagues))
      return
    }
    context.print(
      "Edited visit \(visit.key.prefix(8)): \(context.safe(leagues.summary(of: visit))).")
    for warning in try store.warnings(of: visit, leagues: leagues, since: old) {
      context.warn(ErrorHints.message(for: warning))
    }
  }
}
