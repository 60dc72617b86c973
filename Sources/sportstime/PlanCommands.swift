import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimePlanner
import SportsTimeStore

/// `sportstime plan`: the best trips from the imported schedules (issue
/// 12). Each command parses, asks `SportsTimePlanner` and prints.
enum PlanCommands {
  static let spec = CommandSpec(
    name: "plan", abstract: "Find the best trips in the imported schedules.",
    discussion: """
      The planner's model: a game takes 3 hours from its start; a drive between venues is \
      the great-circle distance × 1.2 at 60 mph (a flight between countries no road joins); \
      game B may follow game A when A's start + 3 h + the travel is no later than B's \
      start; with --max-drive-hours H no leg is longer than H hours per calendar day \
      between the two games' dates. A trip's parks are its distinct venues.
      """,
    lazySubcommands: [
      LazyCommandSpec(name: "window") { windowSpec },
      LazyCommandSpec(name: "follow") { followSpec },
      LazyCommandSpec(name: "route") { routeSpec },
      LazyCommandSpec(name: "all-parks") { allParksSpec },
    ])

  static let allParksSpec = CommandSpec(
    name: "all-parks",
    abstract: "The shortest trip that sees every home park of a season.",
    discussion: """
      A home park is the venue where a team plays most of its home games (30 in MLB's \
      2024 and 2025 seasons); neutral sites (Seoul, London) are not. A quick search finds \
      a short trip; then an exact search over every start day asks whether a trip of at \
      most D days exists, for D from a lower bound up, so each "no" raises the proven \
      bound and a "yes" is the shortest. The answer says whether it is proven optimal, or \
      gives the proven lower bound when the time limit (10 minutes unless --time-limit \
      says otherwise) or Ctrl-C stopped the search first. 2025 with 8 hours a day takes \
      about a minute; with no daily limit the search is far longer. On a terminal the \
      progress is shown.
      Example:
        sportstime plan all-parks --season 2025 --max-drive-hours 8
      """,
    options: [
      .value(
        "season", valueName: "YYYY", required: true, kind: .integer(PlanBounds.seasons),
        help: "The season whose home parks to see."),
      .value(
        "sport", valueName: "SPORT", kind: .parsed(.choice(of: Sport.self)),
        help: "The league (default MLB)."),
      .value(
        "from", valueName: "DATE", kind: Format.date,
        help: "Start on or after this day (YYYY-MM-DD)."),
      .value(
        "team", valueName: "TEAM", repeatable: true,
        help: "Only these teams' home parks (repeated or comma-separated; codes or names)."),
      .value(
        "max-drive-hours", valueName: "H", kind: .number(PlanBounds.maxDriveHours),
        help: "Daily drive limit in hours (per calendar day between two games)."),
      .value(
        "time-limit", valueName: "SECONDS", kind: .number(0.1...86_400),
        help:
          "Stop after this long (default 600) with the best found and the proven lower bound."
      ),
      .value("create", valueName: "NAME", help: "Make the trip found a trip with this name."),
      .flag("json", help: "Print {query, proven, bound, options} (format in docs/JSON.md)."),
    ],
    run: { try runAllParks(try Context($0)) })

  /// The all-parks search's time limit when --time-limit is not given, in
  /// seconds (10 minutes, the issue's target for a whole season).
  static let allParksDefaultLimit = 600.0

  static func runAllParks(_ context: Context) throws {
    let args = context.arguments
    let name = args.value("create")
    if let name { _ = try Trip.validatedName(name) }
    let environment = try context.environmentValues()
    let sport = args.value("sport", as: Sport.self) ?? .mlb
    let season = try args.intValue("season") ?? 0
    let leagues = try context.leagues()
    var teams: [Set<String>] = []
    for text in try args.listValues("team") {
      teams.append(try leagues.parkTeamCodes(named: text, sport: sport, season: season))
    }
    let query = AllParksQuery(
      season: season, sport: sport,
      from: args.value("from", as: CalendarDate.self),
      maxDriveHours: try args.doubleValue("max-drive-hours"), teams: teams)
    let catalog = try context.catalog()
    let store = try context.openStore()
    // A name already taken is said before the search, not after it.
    if let name { try store.checkNameIsFree(name) }
    var gameQuery = GameQuery()
    gameQuery.sports = [sport]
    let games = try store.games(gameQuery).filter { $0.season == query.season }
    let limit = try args.doubleValue("time-limit") ?? allParksDefaultLimit
    let began = Date()
    let interrupt = try CaughtSignals([SIGINT])
    let progress = !args.flag("json") && isatty(2) != 0
    if progress {
      context.console.printError(
        "Looking for a first trip through every park… (Ctrl-C stops with the best found)")
    }
    let answer = try AllParksPlanner.answer(
      query, games: games, venue: { catalog.venue($0) },
      shouldStop: {
        interrupt.hasArrived || Date().timeIntervalSince(began) > limit
      },
      progress: { step in
        guard progress else { return }
        let seconds = Date().timeIntervalSince(began)
        switch step {
        case .firstTrip(let days?):
          context.console.printError(
            String(
              format: "First trip: %@ (%.0f s); now proving whether a shorter one exists…",
              Plural.count(days, "day"), seconds))
        case .firstTrip(nil):
          context.console.printError(
            String(format: "No quick trip found (%.0f s); searching exactly…", seconds))
        case .deciding(let days):
          context.console.printError(
            String(
              format:
                "No trip is shorter than %d days; looking for one of %d days… (%.0f s; Ctrl-C stops with the best found)",
              days, days, seconds))
        }
      })
    interrupt.finish()
    if let name, let option = answer.option {
      let planned = try TripBuilder.plan(
        name: name, games: option.games, start: nil, end: nil, catalog: catalog,
        environment: environment)
      try store.insert(planned)
      if !args.flag("json") {
        context.print(
          "Created trip \"\(context.safe(planned.trip.name))\" (\(planned.trip.id.description.prefix(8))): \(Plural.count(planned.trip.dayCount, "day")), \(Plural.count(option.games.count, "game")). See it: sportstime trip show \(planned.trip.id.description.prefix(8))"
        )
        context.print(
          answer.proven
            ? "It is the shortest trip through every park (proven optimal)."
            : "It is not proven the shortest (the search was stopped): no trip through every park is shorter than \(Plural.count(answer.bound, "day"))."
        )
        for leg in planned.tightLegs { context.warn(leg.message) }
      }
    } else if name != nil {
      throw CommandError(
        "no trip was found before the search was stopped (proven lower bound: \(answer.bound) days); nothing was created"
      )
    }
    if args.flag("json") {
      try context.print(wire: WireV1.PlanDocument(query, answer: answer))
      return
    }
    if name != nil { return }
    var scope = [
      "\(sport.rawValue) \(query.season)", Plural.count(answer.parks.count, "home park"),
    ]
    if let from = query.from { scope.append("from \(from.iso)") }
    if let h = query.maxDriveHours {
      scope.append("drive limit \(ExportSupport.duration(h * 3600)) a day")
    }
    context.print(context.style("All parks: " + scope.joined(separator: " · "), .bold))
    guard let option = answer.option else {
      context.print(
        "No trip found before the search was stopped (--time-limit or Ctrl-C). Proven: no trip through every park is shorter than \(Plural.count(answer.bound, "day"))."
      )
      return
    }
    context.print(
      answer.proven
        ? "Shortest trip, proven optimal: \(Plural.count(option.days, "day")) (no trip through every park is shorter)."
        : "Shortest trip found: \(Plural.count(option.days, "day")) — not proven optimal (the search was stopped); proven: no trip through every park is shorter than \(Plural.count(answer.bound, "day"))."
    )
    context.print()
    printOption(context, rank: 1, option: option, catalog: catalog)
    context.print()
    context.print("Make it a trip: add --create NAME to this command.")
  }

  /// The questions `WindowPlanner` answers, as commands.
  enum Kind: String {
    case window, follow, route
  }

  static let windowSpec = searchSpec(.window)
  static let followSpec = searchSpec(.follow)
  static let routeSpec = searchSpec(.route)

  /// The spec of `plan window`, `plan follow` or `plan route`: one set of
  /// options, the places and the team as each question asks.
  static func searchSpec(_ kind: Kind) -> CommandSpec {
    let orders = """
      The first option of the Recommended order is proven optimal unless the search was \
      stopped by --time-limit or Ctrl-C (the output says which). Recommended: most parks, \
      then least driving time, then the most time to spare on the tightest leg, then \
      fewest miles. Other sorts: most-cities, least-cities, most-games, least-games \
      (grouped by the count), most-miles, least-miles (grouped in 500-mile buckets), \
      best-efficiency (parks per 1,000 miles). --create NAME makes option --option K \
      (default 1) a trip, its legs placed as 'trip new' places them.
      """
    var options: [OptionSpec] = [
      .value(
        "from", valueName: "DATE", required: true, kind: Format.date,
        help: "The first day (YYYY-MM-DD, local to each venue)."),
      .value(
        "to", valueName: "DATE", required: true, kind: Format.date,
        help: "The last day (YYYY-MM-DD), at most 31 days after --from."),
      .value(
        "sport", valueName: "SPORT", repeatable: true, kind: VisitCommands.sportList,
        help: "Only these sports (MLB, NBA, NHL, NFL; comma-separated or repeated)."),
    ]
    let abstract: String
    let discussion: String
    var positionals: [PositionalSpec] = []
    switch kind {
    case .window:
      abstract = "The trips inside two dates that see the most parks (ties: least driving)."
      discussion = """
        Searches every game of the imported schedules between --from and --to (local \
        dates, at most 31 days) and lists the best trips, best first. \(orders)
        Example:
          sportstime plan window --from 2025-06-13 --to 2025-06-19 --max-drive-hours 8 \\
            --start-near Boston --must NYA@2025-06-15
        """
    case .follow:
      abstract = "Follow a team: its games (home and away) in two dates, with games between."
      discussion = """
        Every game TEAM plays between --from and --to is in every option; the search adds \
        the other games that fit between them and lists the trips that see the most parks. \
        When two of the team's games cannot both be reached (the team flies; the drive or \
        your daily limit does not fit), it says which and where. \(orders)
        Example:
          sportstime plan follow Cubs --from 2025-06-13 --to 2025-06-19 --max-drive-hours 8
        """
      positionals = [
        PositionalSpec(name: "TEAM", help: "The team: a code (CHC), nickname or name.")
      ]
    case .route:
      abstract = "From one city to another within two dates, the most parks on the way."
      discussion = """
        The first game is within --radius-hours of --from-city and the last within it of \
        --to-city; between them, the trips that see the most parks. \(orders)
        Example:
          sportstime plan route --from-city Boston --to-city Chicago \\
            --from 2025-06-13 --to 2025-06-19 --max-drive-hours 8
        """
      options += [
        .value(
          "from-city", valueName: "PLACE", required: true,
          help: "Start here: a city or venue (the first game is within --radius-hours)."),
        .value(
          "to-city", valueName: "PLACE", required: true,
          help: "End here: a city or venue (the last game is within --radius-hours)."),
      ]
    }
    if kind != .route {
      options += [
        .value(
          "start-near", valueName: "PLACE",
          help: "The first game is within --radius-hours of this city or venue."),
        .value(
          "end-near", valueName: "PLACE",
          help: "The last game is within --radius-hours of this city or venue."),
      ]
    }
    options += [
      .value(
        "radius-hours", valueName: "H", kind: .number(PlanBounds.radiusHours),
        help: "Hours of travel from the start and end places (default 2)."),
      .value(
        "must", valueName: "G", repeatable: true,
        help: "A game every option includes (repeat): an id or TEAM@YYYY-MM-DD."),
      .value(
        "max-drive-hours", valueName: "H", kind: .number(PlanBounds.maxDriveHours),
        help: "Daily drive limit in hours (per calendar day between two games)."),
      .value(
        "sort", valueName: "SORT", kind: .parsed(.choice(of: PlanSort.self)),
        help: "The order of the options (default recommended; the sorts are listed below)."),
      .value(
        "options", valueName: "N", kind: .integer(PlanBounds.options),
        help: "How many options to list (default 10)."),
      .value(
        "time-limit", valueName: "SECONDS", kind: .number(0.1...86_400),
        help: "Stop searching after this long and list the best found (not proven optimal)."),
      .value(
        "create", valueName: "NAME", help: "Make an option a trip with this name."),
      .value(
        "option", valueName: "K", kind: .integer(PlanBounds.options),
        help: "The option --create makes a trip (its rank in the sort; default 1)."),
      .flag("json", help: "Print {query, proven, bound, options} (format in docs/JSON.md)."),
    ]
    return CommandSpec(
      name: kind.rawValue, abstract: abstract, discussion: discussion, options: options,
      positionals: positionals,
      validate: { args in
        if args.value("option") != nil, args.value("create") == nil {
          throw args.usageError("--option goes with --create NAME")
        }
        if kind != .route, args.value("radius-hours") != nil, args.value("start-near") == nil,
          args.value("end-near") == nil
        {
          throw args.usageError("--radius-hours goes with --start-near or --end-near")
        }
      },
      run: { try runSearch(try Context($0), kind: kind) })
  }

  static func runSearch(_ context: Context, kind: Kind) throws {
    let args = context.arguments
    let from = try args.requiredValue("from", as: CalendarDate.self)
    let to = try args.requiredValue("to", as: CalendarDate.self)
    guard from <= to else { throw PlanError.backwards(from: from, to: to) }
    let sort = args.value("sort", as: PlanSort.self) ?? .recommended
    let radius = try args.doubleValue("radius-hours") ?? PlanBounds.defaultRadiusHours
    let wanted = try args.intValue("options") ?? PlanBounds.defaultOptions
    let name = args.value("create")
    if let name { _ = try Trip.validatedName(name) }
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let start = try args.value(kind == .route ? "from-city" : "start-near").map {
      try PlanPlace.resolve($0, radiusHours: radius, catalog: catalog)
    }
    let end = try args.value(kind == .route ? "to-city" : "end-near").map {
      try PlanPlace.resolve($0, radiusHours: radius, catalog: catalog)
    }
    let store = try context.openStore()
    var follow: FollowedTeam?
    if kind == .follow, let text = args.positional("TEAM") {
      let leagues = try context.leagues()
      let asked = VisitCommands.sports("sport", arguments: args)
      let stored = try store.storedSports()
      let pool = asked.isEmpty ? (stored.isEmpty ? [Sport.mlb] : stored) : asked
      follow = try leagues.followedTeam(named: text, among: pool, season: from.year)
    }
    let must = try store.games(
      for: try Format.gameReferences("must", arguments: args), catalog: catalog)
    var query = WindowQuery(
      from: from, to: to, sports: Set(VisitCommands.sports("sport", arguments: args)),
      startNear: start, endNear: end, must: must.map(\.id), follow: follow,
      maxDriveHours: try args.doubleValue("max-drive-hours"), options: wanted)
    if let k = try args.intValue("option"), k > wanted { query.options = k }
    var games = try store.games(GameQuery(from: from, to: to))
    if !query.sports.isEmpty { games = games.filter { query.sports.contains($0.sport) } }
    if games.isEmpty {
      throw CommandError(
        "no games between \(from.iso) and \(to.iso)\(query.sports.isEmpty ? "" : " of \(Sport.allCases.filter { query.sports.contains($0) }.map(\.rawValue).joined(separator: ", "))") in \(store.path); import a schedule first: sportstime schedule import FILE"
      )
    }
    let limit = try args.doubleValue("time-limit") ?? allParksDefaultLimit
    let began = Date()
    let interrupt = try CaughtSignals([SIGINT])
    let progress = !args.flag("json") && isatty(2) != 0
    if progress {
      context.console.printError(
        "Searching \(Plural.count(games.count, "game")) from \(from.iso) to \(to.iso)… (Ctrl-C stops with the best found)"
      )
    }
    // The must-see games too, so one outside the window is named with its date.
    let answer = try WindowPlanner.answer(
      query, games: games + must.filter { $0.localDate < from || $0.localDate > to },
      venue: { catalog.venue($0) },
      shouldStop: {
        interrupt.hasArrived || Date().timeIntervalSince(began) > limit
      })
    interrupt.finish()
    let document = WireV1.PlanDocument(query, answer: answer, sort: sort, kind: kind.rawValue)
    if let name {
      let k = try args.intValue("option") ?? 1
      let sorted = sort.sorted(answer.options)
      guard k <= sorted.count else {
        throw CommandError(
          "--option \(k): the search found \(Plural.count(sorted.count, "option")); pick 1 to \(sorted.count)"
        )
      }
      let planned = try TripBuilder.plan(
        name: name, games: sorted[k - 1].games, start: nil, end: nil, catalog: catalog,
        environment: environment)
      try store.insert(planned)
      if args.flag("json") {
        try context.print(wire: document)
        return
      }
      context.print(
        "Created trip \"\(context.safe(planned.trip.name))\" (\(planned.trip.id.description.prefix(8))) from option \(k): \(Plural.count(planned.trip.dayCount, "day")), \(Plural.count(sorted[k - 1].games.count, "game")). See it: sportstime trip show \(planned.trip.id.description.prefix(8))"
      )
      for leg in planned.tightLegs { context.warn(leg.message) }
      return
    }
    if args.flag("json") {
      try context.print(wire: document)
      return
    }
    printOptions(context, query: query, answer: answer, sort: sort, catalog: catalog)
  }

  /// The options as text: a summary, then each option's figures and games.
  static func printOptions(
    _ context: Context, query: WindowQuery, answer: PlanAnswer, sort: PlanSort, catalog: Catalog
  ) {
    var scope = ["\(query.from.iso) – \(query.to.iso)", Plural.count(answer.gameCount, "game")]
    if !query.sports.isEmpty {
      scope.append(
        Sport.allCases.filter { query.sports.contains($0) }.map(\.rawValue).joined(
          separator: ", "))
    }
    if let team = query.follow { scope.append("following the \(team.name)") }
    if !query.must.isEmpty { scope.append(Plural.count(query.must.count, "must-see game")) }
    let radius = { (place: PlanPlace) in
      "within \(ExportSupport.duration(place.radiusSeconds)) of \(place.name)"
    }
    if let start = query.startNear { scope.append("first game \(radius(start))") }
    if let end = query.endNear { scope.append("last game \(radius(end))") }
    if let h = query.maxDriveHours {
      scope.append("drive limit \(ExportSupport.duration(h * 3600)) a day")
    }
    context.print(context.style("Plan: " + scope.joined(separator: " · "), .bold))
    guard let best = answer.options.first else {
      context.print(
        "No legal trip fits these constraints: no game near the start place can reach a game near the end place (with the must-see games and the drive limit) in these dates."
      )
      return
    }
    context.print(
      answer.proven
        ? "Best trip, proven optimal: \(Plural.count(best.parks, "park")) (no legal trip sees more; none as good drives less)."
        : "Best trip found: \(Plural.count(best.parks, "park")) — not proven optimal (the search was stopped)."
    )
    context.print("Sorted by \(sort.title).")
    var group: String?
    for (index, option) in sort.sorted(answer.options).enumerated() {
      if let header = sort.group(of: option), header != group {
        group = header
        context.print()
        context.print(context.style(header, .bold))
      }
      context.print()
      printOption(context, rank: index + 1, option: option, catalog: catalog)
    }
    context.print()
    context.print("Make one a trip: add --create NAME [--option K] to this command.")
  }

  /// One option: its rank and figures, then its games.
  static func printOption(_ context: Context, rank: Int, option: PlanOption, catalog: Catalog) {
    var figures = [
      Plural.count(option.parks, "park"),
      "\(option.cities) \(Plural.form(option.cities, one: "city", other: "cities"))",
      Plural.count(option.days, "day"), Plural.count(option.games.count, "game"),
      ExportSupport.distance(option.distanceMeters, metric: false),
      "\(ExportSupport.duration(option.travelSeconds)) travel",
    ]
    if option.flightSeconds > 0 {
      // A flight is not driving: say each part, and which legs are flown.
      let flown = option.flights.map { leg in
        [leg.from, leg.to].map { catalog.venue($0)?.city ?? $0.rawValue }.joined(separator: " → ")
      }
      figures[figures.count - 1] +=
        " (\(ExportSupport.duration(option.driveSeconds)) driving, \(ExportSupport.duration(option.flightSeconds)) flying \(flown.joined(separator: ", ")))"
    }
    if let slack = option.minSlackSeconds {
      figures.append(
        "tightest leg \(ExportSupport.duration(slack)) to spare"
          + (option.minSlackEstimated ? " (from estimated start times)" : ""))
    }
    context.print(
      context.style(String(format: "%2d", rank), .bold) + "  "
        + figures.joined(separator: " · "))
    let rows = option.games.map { game -> [String] in
      let venue = catalog.venue(game.venueID)
      return [
        "   ", game.localDate.longDescription, Format.gameTime(game),
        Format.matchup(game, catalog: catalog) + Format.league(game),
        "\(venue?.name(on: game.localDate) ?? game.venueID.rawValue), \(venue?.city ?? "")",
      ]
    }
    for line in Format.table(rows) { context.print(line) }
  }
}
