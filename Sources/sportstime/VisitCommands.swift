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
    subcommands: [addSpec, editSpec, removeSpec, listSpec])

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

  static let removeSpec = CommandSpec(
    name: "remove", abstract: "Remove a visit.",
    positionals: [PositionalSpec(name: "ID", help: "The visit (id or unique prefix).")],
    run: { try runRemove(try Context($0)) })

  static let listSpec = CommandSpec(
    name: "list", abstract: "List your visits, most recent first; with VENUE, each as a card.",
    options: [.flag("json", help: "Print a JSON array (format in the README).")],
    positionals: [
      PositionalSpec(name: "VENUE", help: "Only this venue's visits, as cards.", optional: true)
    ],
    run: { try runList(try Context($0)) })

  static let attendedSpec = CommandSpec(
    name: "attended", abstract: "Record the games of a trip that you attended as visits.",
    discussion: """
      Without --game, every game of the trip that has started by now (--now) is recorded, \
      except cancelled ones; with --game, exactly those games (each must be in the trip \
      and played). A game that already has a visit is never recorded twice, so running \
      this again records only what is new.
      """,
    options: [
      .value(
        "game", short: "g", valueName: "G", repeatable: true,
        help: "A game of the trip you attended (repeat for each); default: all played ones."),
      .flag("json", help: "Print {trip, recorded: [visit], skipped: [{gameID, reason}]}."),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try runAttended(try Context($0)) })

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
    let away = args.value("away")
    let home = args.value("home")
    switch (away, home) {
    case (nil, nil): return nil
    case (let away?, let home?):
      if args.value("game") != nil {
        throw args.usageError("--away and --home go without --game (the game gives the matchup)")
      }
      return TypedMatchup(away: away, home: home)
    default:
      throw args.usageError("--away and --home go together")
    }
  }

  /// `Leagues.lookingUp(venue:matchup:in:editing:)`, with a hint when the
  /// venue belongs to another sport than `--sport`.
  static func lookUp(
    _ leagues: Leagues, venue: String?, matchup: TypedMatchup?, in changes: VisitChanges,
    sport: Sport?, editing old: Visit?
  ) throws -> VisitChanges {
    do {
      return try leagues.lookingUp(venue: venue, matchup: matchup, in: changes, editing: old)
    } catch let error as CatalogError {
      guard case .venueOfOtherSport(_, _, let sports, _, _) = error else { throw error }
      throw CommandError(
        "\(Terminal.sanitize(error.description)) (for that venue give "
          + sports.map { "--sport \($0.rawValue)" }.joined(separator: " or ") + ")")
    }
  }

  // MARK: Presentation

  /// "STL @ CHC" ("LAD vs SD" at a neutral site), or nil without a matchup.
  static func matchupText(_ visit: Visit, leagues: Leagues) -> String? {
    GamesHistory(visits: [visit], leagues: leagues).years.first?.entries.first?.matchupText
  }

  /// "Wrigley Field, Chicago": the venue by its name on `date` (its newest
  /// without one).
  static func venueText(_ id: Venue.ID, on date: CalendarDate?, leagues: Leagues) -> String {
    guard let venue = leagues.venue(id) else { return id.rawValue }
    return "\(venue.name(on: date)), \(venue.city)"
  }

  /// "Tue, Jun 4, 2024 · STL @ CHC · 3-5 · Wrigley Field, Chicago (MLB)".
  static func summary(_ visit: Visit, leagues: Leagues) -> String {
    var parts = [visit.date.longDescription]
    if let matchup = matchupText(visit, leagues: leagues) { parts.append(matchup) }
    if let score = visit.score { parts.append(score.description) }
    parts.append(
      "\(venueText(visit.venueID, on: visit.date, leagues: leagues)) (\(visit.sport.rawValue))")
    return parts.joined(separator: " · ")
  }

  /// "Wrigley Field now has 3 visits." after an add or remove of `visit`
  /// (the venue by its name on that visit's date).
  static func venueCount(_ visit: Visit, store: Store, leagues: Leagues) throws -> String {
    let venueID = visit.venueID
    let count = try store.visits(venueID: venueID).count
    let name = leagues.venue(venueID)?.name(on: visit.date) ?? venueID.rawValue
    return "\(name) now has \(Format.count(count, "visit"))."
  }

  // MARK: Validation

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

  // MARK: Runs

  static func runAdd(_ context: Context) throws {
    let args = context.arguments
    let venueText = args.positional("VENUE")
    let date = args.value("date", as: CalendarDate.self)
    let reference = try gameReference(args)
    let sport = args.value("sport", as: Sport.self)
    let teams = try checkMatchup(args)
    let score = try score(args)
    let environment = try context.environmentValues()
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visit = try store.addVisit {
      var changes = VisitChanges(sport: sport, date: date, score: score.map { .some($0) })
      if let notes = args.value("notes") { changes.notes = .some(notes) }
      if let reference {
        changes.game = .some(
          try TripCommands.resolve(reference, store: store, catalog: leagues.mlb))
      }
      changes = try lookUp(
        leagues, venue: venueText, matchup: teams, in: changes, sport: sport, editing: nil)
      return try Visit.record(changes, leagues: leagues, environment: environment)
    }
    if args.flag("json") {
      try context.print(wire: WireV1.VisitEntry(visit, leagues: leagues))
      return
    }
    context.print(
      "Recorded visit \(visit.key.prefix(8)): \(context.safe(summary(visit, leagues: leagues))).")
    context.print(try venueCount(visit, store: store, leagues: leagues))
    // A typed matchup the imported schedule does not have at that venue and
    // date is kept (exhibitions exist) but pointed out.
    if visit.gameID == nil, visit.sport == .mlb, let typed = visit.matchup {
      let scheduled = try store.games(
        GameQuery(venueID: visit.venueID, from: visit.date, to: visit.date))
      if !scheduled.isEmpty,
        !scheduled.contains(where: {
          $0.awayTeamID == typed.awayTeamID && $0.homeTeamID == typed.homeTeamID
        })
      {
        context.warn(
          "the schedule has \(scheduled.map { "\(Format.matchup($0, catalog: leagues.mlb)) (\($0.id))" }.joined(separator: ", ")) there that day, not this matchup; use --game to record the scheduled game"
        )
      }
    }
  }

  static func runEdit(_ context: Context) throws {
    let args = context.arguments
    let id = try args.requiredPositional("ID")
    let date = args.value("date", as: CalendarDate.self)
    let reference = try gameReference(args)
    let sport = args.value("sport", as: Sport.self)
    let teams = try checkMatchup(args)
    let score = try score(args)
    let environment = try context.environmentValues()
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visit = try store.editVisit(id) { old in
      var changes = VisitChanges(sport: sport, date: date)
      if let score { changes.score = .some(score) }
      if args.flag("no-score") { changes.score = .some(nil) }
      if let notes = args.value("notes") { changes.notes = .some(notes) }
      if args.flag("no-notes") { changes.notes = .some(nil) }
      if args.flag("no-game") { changes.game = .some(nil) }
      if args.flag("no-matchup") { changes.matchup = .some(nil) }
      if let reference {
        let game = try TripCommands.resolve(reference, store: store, catalog: leagues.mlb)
        // Re-pointing a visit at a game elsewhere or on another day must be
        // said outright, as `visit add` would refuse the contradiction.
        if args.value("venue") == nil && date == nil
          && (old.venueID != game.venueID || old.date != game.localDate)
        {
          throw CommandError(
            "game \(game.id) was at \(game.venueID.rawValue) on \(game.localDate.iso), but this visit is at \(old.venueID.rawValue) on \(old.date.iso); give --venue and --date as well to move the visit to that game"
          )
        }
        changes.game = .some(game)
      }
      changes = try lookUp(
        leagues, venue: args.value("venue"), matchup: teams, in: changes, sport: sport,
        editing: old)
      return try old.applying(changes, leagues: leagues, environment: environment)
    }.new
    if args.flag("json") {
      try context.print(wire: WireV1.VisitEntry(visit, leagues: leagues))
      return
    }
    context.print(
      "Edited visit \(visit.key.prefix(8)): \(context.safe(summary(visit, leagues: leagues))).")
  }

  static func runRemove(_ context: Context) throws {
    let id = try context.arguments.requiredPositional("ID")
    let leagues = try context.leagues()
    let store = try context.openStore()
    let visit = try store.removeVisit(id)
    context.print(
      "Removed visit \(visit.key.prefix(8)): \(context.safe(summary(visit, leagues: leagues))).")
    context.print(try venueCount(visit, store: store, leagues: leagues))
  }

  static func runList(_ context: Context) throws {
    let args = context.arguments
    let leagues = try context.leagues()
    let venue = try args.positional("VENUE").map {
      try leagues.venue(named: $0, sport: nil, season: nil).venue
    }
    let store = try context.openStore()
    let visits = try store.visits(venueID: venue?.id)
    if args.flag("json") {
      try context.print(wire: visits.map { WireV1.VisitEntry($0, leagues: leagues) })
      return
    }
    if let venue {
      printCards(visits, venue: venue, context: context, leagues: leagues)
      return
    }
    if visits.isEmpty {
      context.print(
        "No visits yet. Add your first: sportstime visit add VENUE --date YYYY-MM-DD (or --game G)")
      return
    }
    var rows = [["ID", "DATE", "SPORT", "GAME", "SCORE", "VENUE"]]
    for visit in visits {
      rows.append([
        String(visit.key.prefix(8)), visit.date.longDescription, visit.sport.rawValue,
        matchupText(visit, leagues: leagues) ?? "—", visit.score?.description ?? "—",
        venueText(visit.venueID, on: visit.date, leagues: leagues),
      ])
    }
    for line in Format.table(rows) { context.print(line) }
    let venues = Set(visits.map(\.venueID)).count
    context.print("\(Format.count(visits.count, "visit")) at \(Format.count(venues, "venue")).")
  }

  /// One venue's visits as cards, most recent first.
  static func printCards(_ visits: [Visit], venue: Venue, context: Context, leagues: Leagues) {
    guard let latest = visits.first else {
      // A venue of several sports needs --sport (`VisitError`'s rule): the
      // suggestion names one, and says which others there are.
      let sports = leagues.sports(at: venue.id)
      let sport = sports.count > 1 ? " --sport \(sports[0].rawValue)" : ""
      let others =
        sports.count > 1
        ? " (or --sport \(sports.dropFirst().map(\.rawValue).joined(separator: ", ")))" : ""
      context.print(
        "No visits to \(venue.latestName) yet. Add one: sportstime visit add \(Format.shellWord(venue.id.rawValue))\(sport) --date YYYY-MM-DD\(others)"
      )
      return
    }
    context.print(
      context.style(
        "\(venue.name(on: latest.date)), \(venue.city) · \(Format.count(visits.count, "visit")) · last \(latest.date.longDescription)",
        .bold))
    for visit in visits {
      context.print()
      context.print("\(visit.key.prefix(8))  \(visit.date.longDescription)")
      var line = [matchupText(visit, leagues: leagues) ?? "no matchup recorded"]
      if let score = visit.score { line.append("final \(score)") }
      line.append(visit.sport.rawValue)
      context.print("          " + line.joined(separator: " · "))
      if let gameID = visit.gameID { context.print("          game \(gameID)") }
      if let notes = visit.notes { context.print("          notes: \(context.safe(notes))") }
    }
  }

  static func runAttended(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let references = try Format.gameReferences("game", arguments: args)
    let environment = try context.environmentValues()
    let leagues = try context.leagues()
    let store = try context.openStore()
    let (loaded, attendance) = try store.attendTrip(reference) { loaded, recorded in
      let requested =
        references.isEmpty
        ? nil
        : try references.map { try TripCommands.resolve($0, store: store, catalog: leagues.mlb) }
      return try Attendance.plan(
        tripName: loaded.trip.name, games: loaded.games, requested: requested,
        recordedGameIDs: recorded, environment: environment)
    }
    if args.flag("json") {
      try context.print(
        wire: WireV1.Attended(trip: loaded.trip, attendance: attendance, leagues: leagues))
      return
    }
    let name = context.safe(loaded.trip.name)
    if attendance.recorded.isEmpty {
      context.print("No new visits from \"\(name)\".")
    } else {
      context.print(
        "Recorded \(Format.count(attendance.recorded.count, "visit")) from \"\(name)\":")
      for visit in attendance.recorded {
        context.print("  \(visit.key.prefix(8))  \(summary(visit, leagues: leagues))")
      }
    }
    let groups: [(Attendance.Reason, String)] = [
      (.alreadyRecorded, "Already recorded"), (.notPlayed, "Not played yet"),
      (.cancelled, "Cancelled"),
    ]
    for (reason, title) in groups {
      let games = attendance.skipped.filter { $0.reason == reason }.map(\.game)
      guard !games.isEmpty else { continue }
      context.print(
        "\(title): "
          + games.map {
            "\(Format.matchup($0, catalog: leagues.mlb)) \($0.localDate.iso) (\($0.id))"
          }
          .joined(separator: ", "))
    }
  }
}

extension Context {
  /// Every sport's built-in venue and team tables.
  func leagues() throws -> Leagues { try Leagues.builtIn() }
}
