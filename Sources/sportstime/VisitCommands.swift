import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime visit …`: record, edit, remove and list stadium visits; and
/// `sportstime trip attended`, which records a trip's games as visits.
enum VisitCommands {
  static let spec = CommandSpec(
    name: "visit", abstract: "Record the games you attended: add, edit, remove and list visits.",
    discussion: """
      A venue may have any number of visits, each kept separately; two on one day (a \
      doubleheader) are two visits. VENUE is a park or arena id (CHI11, td-garden), any \
      of a venue's names, old or new (Daikin Park, Minute Maid Park), a unique part of \
      one, a city with one venue, or a team of any sport by code, name or nickname \
      (cubs, celtics, bruins, packers: its home that season; without --sport a team or \
      city means the MLB one first). ID is a visit id or a unique prefix of at least 4 \
      characters (see 'sportstime visit list').
      """,
    lazySubcommands: [
      LazyCommandSpec(name: "add") { addSpec },
      LazyCommandSpec(name: "edit") { editSpec },
      LazyCommandSpec(name: "remove") { removeSpec },
      LazyCommandSpec(name: "list") { listSpec },
    ])

  static let detailOptions: [OptionSpec] = [
    .value(
      "sport", valueName: "SPORT", kind: .parsed(.choice(of: Sport.self)),
      help: "MLB, NBA, NHL or NFL; needed only at a venue of several sports (TD Garden)."),
    .value(
      "away", valueName: "TEAM", help: "The visiting team (with --home), when there is no game."),
    .value("home", valueName: "TEAM", help: "The home team (with --away), when there is no game."),
    .value(
      "score", valueName: "AWAY-HOME",
      kind: .integers(count: 2, separator: "-", 0...Score.maximum),
      help: "The final score, visitors first (3-5: visitors 3, home team 5)."),
    .value("notes", valueName: "TEXT", help: "Seat, company, anything to remember."),
  ]

  // MARK: Parsing

  /// The kind of a repeatable, comma-separated option of sports (`MLB,NBA`,
  /// any case): `--sport MLB,XFL` is the usage error `--sport expects MLB,
  /// NBA, NHL or NFL, got 'XFL'`.
  static let sportList = OptionSpec.ValueKind.parsed(.choices(of: Sport.self, separator: ","))

  /// Every sport of an option of kind `sportList`, in `Sport.allCases`
  /// order without repeats.
  static func sports(_ option: String, arguments: ParsedArguments) -> [Sport] {
    let found = Set(arguments.values(option, as: [Sport].self).joined())
    return Sport.allCases.filter { found.contains($0) }
  }

  /// The game reference of `--game`, if given.
  static func gameReference(_ args: ParsedArguments) throws -> GameReference? {
    try args.value("game").map { try Format.gameReference($0, arguments: args) }
  }

  /// `--score`, checked.
  static func score(_ args: ParsedArguments) throws -> Score? {
    guard let text = args.value("score") else { return nil }
    guard let score = Score(parsing: text) else {
      throw args.usageError(
        "--score expects AWAY-HOME, two whole numbers 0-999 such as 3-5, got '\(Terminal.sanitize(text))'"
      )
    }
    return score
  }

  /// Checks that `--away` and `--home` come together and not with `--game`.
  static func checkMatchup(_ args: ParsedArguments) throws -> TypedMatchup? {
    let matchup: TypedMatchup?
    do {
      // The rule the API's `away`/`home` share.
      matchup = try TypedMatchup.given(away: args.value("away"), home: args.value("home"))
    } catch let error as MatchupError {
      throw args.usageError(error.message(naming: { $0 == .away ? "--away" : "--home" }))
    }
    if matchup != nil, args.value("game") != nil {
      throw args.usageError("--away and --home go without --game (the game gives the matchup)")
    }
    return matchup
  }

  // MARK: Presentation

  /// "Wrigley Field now has 3 visits." after an add or remove of `visit`.
  static func venueCount(_ visit: Visit, store: Store, leagues: Leagues) throws -> String {
    leagues.venueCount(after: visit, among: try store.visits(venueID: visit.venueID))
  }
}

extension Context {
  /// Every sport's built-in venue and team tables.
  func leagues() throws -> Leagues { try Leagues.builtIn() }
}
