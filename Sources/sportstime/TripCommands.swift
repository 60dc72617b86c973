import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime trip …`: build, list, show and delete trips.
enum TripCommands {
  static let spec = CommandSpec(
    name: "trip", abstract: "Build and view trips.",
    lazySubcommands: [
      LazyCommandSpec(name: "new") { newSpec },
      LazyCommandSpec(name: "list") { listSpec },
      LazyCommandSpec(name: "show") { showSpec },
      LazyCommandSpec(name: "check") { checkSpec },
      LazyCommandSpec(name: "rename") { renameSpec },
      LazyCommandSpec(name: "copy") { copySpec },
      LazyCommandSpec(name: "delete") { deleteSpec },
      LazyCommandSpec(name: "import") { TripImportCommand.spec },
      LazyCommandSpec(name: "replan") { ReplanCommand.spec },
      LazyCommandSpec(name: "route") { RouteCommand.spec },
      LazyCommandSpec(name: "export") { ExportCommand.spec },
      LazyCommandSpec(name: "attended") { VisitCommands.attendedSpec },
    ])

  static let newSpec = CommandSpec(
    name: "new",
    abstract: "Build a trip from games: its days, stops, and travel legs placed where they fit.",
    discussion: """
      G is a game id (CHN202406040, see 'sportstime games') or TEAM@YYYY-MM-DD for the \
      game that team plays (home or away) on that local date, with #2 for the second game \
      of a doubleheader (NYM@2024-05-28#2). The days run from --start to --end, by default \
      the first and last game's local dates. Consecutive games at one venue form a stop; \
      each pair of stops gets a travel leg placed on its first possible day: a drive, or \
      a flight between countries no road joins (Seoul, Tokyo, London), with its estimated \
      distance and travel time. A leg whose drive or flight does not fit between the \
      games is warned about ("tight"), not refused. The name must not be another trip's \
      (ignoring case, width and invisible characters) and must not look like an id: 4 \
      to 36 hex digits and dashes with at least 4 digits, ignoring the same (so not \
      'cafe' or '2024').
      Example:
        sportstime trip new "Midwest Swing" \\
          --game CHC@2024-06-04 --game MIL@2024-06-07
      """,
    options: [
      .value(
        "game", short: "g", valueName: "G", repeatable: true, required: true,
        help: "A game to attend (repeat for each)."),
      .value(
        "start", valueName: "DATE", kind: Format.date,
        help: "Day 1 (YYYY-MM-DD); default: the first game's date."),
      .value(
        "end", valueName: "DATE", kind: Format.date,
        help: "The last day (YYYY-MM-DD); default: the last game's date."),
      .flag("json", help: "Print the new trip as JSON (as 'trip show --json', plus warnings)."),
    ],
    positionals: [
      PositionalSpec(
        name: "NAME",
        help: "The trip's name (unique; not 4 to 36 hex digits and dashes, which read as an id).")
    ],
    validate: Format.checkStartBeforeEnd,
    run: { try runNew(try Context($0)) })

  static let listSpec = CommandSpec(
    name: "list", abstract: "List your trips.",
    options: [.flag("json", help: "Print a JSON array.")],
    run: { try runList(try Context($0)) })

  static let showSpec = CommandSpec(
    name: "show",
    abstract: "Print a trip's day-by-day itinerary, each row numbered.",
    discussion: """
      Rows are numbered; later commands accept these numbers. Travel legs show their \
      distance, drive time and the days they may move between. Items whose day is \
      outside the trip appear under Unscheduled. --json prints the same rows as data \
      (format in docs/JSON.md).
      """,
    options: [
      .flag("json", help: "Print the itinerary as JSON."),
      .flag("metric", help: "Distances in kilometres."),
      .value(
        "drag", valueName: "ITEM",
        help:
          "Show where ITEM may go: every slot between rows marked allowed or blocked (with why), barrier games marked, valid days in the header."
      ),
    ],
    positionals: [
      PositionalSpec(name: "TRIP", help: "The trip's name or id (or a unique id prefix).")
    ],
    run: { try runShow(try Context($0)) })

  static let checkSpec = CommandSpec(
    name: "check",
    abstract: "Re-check every stored item against the rules; exit 1 when any breaks one.",
    discussion: """
      A schedule re-import can move a game under a travel leg or out of the trip: \
      each item or game that breaks a rule is a problem, listed with the reason, and \
      the command exits 1. A shorter trip leaves your own items outside its days \
      (Unscheduled): they break no rule, so they are listed as notices (with their \
      date) and the command exits 0. A day that cannot be done is a problem too: an       item with a place and a time that the drive from the game or item before it, or       to the one after it, cannot reach in time (each time in its own place's zone; a       game lasts 3 h).
      """,
    options: [
      .flag(
        "json",
        help:
          "Print {trip, problems: [{id, number, title, reason}], notices: [same shape]}.")
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try runCheck(try Context($0)) })

  static let renameSpec = CommandSpec(
    name: "rename", abstract: "Give a trip a new name.",
    discussion: """
      Only the name changes: the id, days, games and items stay. The name must not be \
      another trip's (in any case) and must not look like an id (4 to 36 hex digits and \
      dashes, ignoring case, width and invisible characters). Changing only its case is \
      allowed.
      Example:
        sportstime trip rename "Great Lakes Loop" "Great Lakes 2024"
      """,
    options: [.flag("json", help: "Print {id, name, previousName}.")],
    positionals: [
      PositionalSpec(name: "TRIP", help: "The trip's name or id (or a unique id prefix)."),
      PositionalSpec(name: "NAME", help: "The new name."),
    ],
    run: { try runRename(try Context($0)) })

  static let copySpec = CommandSpec(
    name: "copy", abstract: "Copy a trip under a new name (new ids, same days, games and items).",
    discussion: """
      The copy gets a new id and new item ids; its days, games, travel legs and your \
      own items are the same, at the same positions, so 'trip show' prints the same \
      rows. Change the copy freely: the original is not touched. The name must not be \
      another trip's (in any case) and must not look like an id.
      Example:
        sportstime trip copy "Great Lakes Loop" "Great Lakes, plan B"
      """,
    options: [
      .flag(
        "json", help: "Print the copy as 'trip show --json' does, plus copiedFrom {id, name}.")
    ],
    positionals: [
      PositionalSpec(name: "TRIP", help: "The trip's name or id (or a unique id prefix)."),
      PositionalSpec(name: "NAME", help: "The copy's name."),
    ],
    run: { try runCopy(try Context($0)) })

  static let deleteSpec = CommandSpec(
    name: "delete", abstract: "Delete a trip and its items.",
    discussion: """
      Prints the name and id of the trip it deleted. TRIP is matched as an exact id \
      first, then an exact name (any case), then a unique id prefix, then a name that \
      matches ignoring width (full-width letters).
      """,
    options: [.flag("json", help: "Print {id, name, items} of the deleted trip.")],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try runDelete(try Context($0)) })

  // MARK: Runs

  static func runNew(_ context: Context) throws {
    let args = context.arguments
    let name = try args.requiredPositional("NAME")
    let start = args.value("start", as: CalendarDate.self)
    let end = args.value("end", as: CalendarDate.self)
    // Check the name before the games are looked up and the database is
    // opened: an empty, too long or id-like one is refused by the rule
    // (exit 1, like every rule of the data).
    _ = try Trip.validatedName(name)
    let references = try Format.gameReferences("game", arguments: args)
    // Check --now with the other arguments, before the database is opened.
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let games = try store.games(for: references, catalog: catalog)
    let planned = try TripBuilder.plan(
      name: name, games: games, start: start, end: end, catalog: catalog,
      environment: environment)
    try store.insert(planned)
    let loaded = try store.loadTrip(id: planned.trip.id)
    let presenter = ItineraryPresenter(loaded, catalog: catalog)
    if args.flag("json") {
      try context.print(
        wire: WireV1.ItineraryDocument(
          presenter.itinerary, warnings: planned.tightLegs.map(\.message)))
      return
    }
    let t = planned.trip
    let stops = planned.schedule.stops.count
    context.print(
      "Created trip \"\(context.safe(t.name))\" (\(t.id.description.prefix(8))): \(Plural.count(t.dayCount, "day")), \(Plural.count(games.count, "game")) at \(Plural.count(stops, "stop")), \(Plural.count(planned.items.count, "travel leg"))."
    )
    for leg in planned.tightLegs { context.warn(leg.message) }
    context.print()
    context.print(context.style(presenter.headline, .bold))
    for line in presenter.textLines(metric: false, style: context.style) { context.print(line) }
  }

  static func runList(_ context: Context) throws {
    let store = try context.openStore()
    let trips = try store.trips()
    if context.arguments.flag("json") {
      try context.print(wire: trips.map { WireV1.TripListEntry($0) })
      return
    }
    if trips.isEmpty {
      context.print(
        "No trips yet in \(context.safe(store.path)). Build one: sportstime trip new NAME --game G --game G …"
      )
      return
    }
    var rows = [["NAME", "DATES", "DAYS", "GAMES", "ID"]]
    let shortIDs = ShortID.prefixes(of: trips.map(\.id))
    for t in trips {
      rows.append([
        context.safe(t.name), "\(t.startDate.iso) – \(t.endDate.iso)", String(t.dayCount),
        String(t.gameIDs.count), shortIDs[t.id] ?? t.id.description,
      ])
    }
    for line in Format.table(rows) { context.print(line) }
  }

  static func runShow(_ context: Context) throws {
    let reference = try context.arguments.requiredPositional("TRIP")
    let store = try context.openStore()
    let loaded = try store.loadTrip(id: try TripResolver(store: store).id(matching: reference))
    let catalog = try Catalog.builtInGames(covering: loaded.games.map(\.sport))
    if let dragged = context.arguments.value("drag") {
      try showDrag(dragged, loaded: loaded, catalog: catalog, context: context)
      return
    }
    if context.arguments.flag("json") {
      try context.print(wire: WireV1.ItineraryDocument(loaded.itinerary(catalog: catalog)))
      return
    }
    let presenter = ItineraryPresenter(loaded, catalog: catalog)
    context.print(context.style(presenter.headline, .bold))
    if loaded.games.contains(where: \.timeEstimated) {
      context.print(
        context.style(
          "Game times marked est. are estimates (the schedule gives only day or night).", .dim))
    }
    context.print()
    for line in presenter.textLines(metric: context.arguments.flag("metric"), style: context.style)
    {
      context.print(line)
    }
  }

  static func showDrag(_ text: String, loaded: LoadedTrip, catalog: Catalog, context: Context)
    throws
  {
    let itinerary = loaded.itinerary(catalog: catalog)
    let item = try ItemCommands.item(text, in: itinerary, verb: "moved")
    let session = try DragSession(
      item: item, layout: itinerary.layout, constraints: itinerary.constraints)
    if context.arguments.flag("json") {
      // The reasons with the command line's words for their remedies (the
      // bytes the drag JSON has always had; see ErrorHints.phrase).
      var drag = WireV1.Drag(session)
      for (k, slot) in session.slots.enumerated() where slot.remedy != nil {
        drag.slots[k].reason = slot.reason.map { ErrorHints.phrase($0, slot.remedy) }
      }
      try context.print(wire: drag)
      return
    }
    let presenter = ItineraryPresenter(loaded, catalog: catalog)
    var header = "Dragging \(item.icon) \(context.safe(item.title))"
    if let days = session.validDays {
      header +=
        days.count == 1
        ? " · may go on Day \(days.lowerBound) only"
        : " · may go on Days \(days.lowerBound)–\(days.upperBound)"
    } else {
      header += " · cannot be placed anywhere"
    }
    if !session.barrierGames.isEmpty {
      header +=
        " · barriers: "
        + session.barrierGames.map { "\($0.title) (Day \($0.day))" }.joined(separator: ", ")
    }
    context.print(context.style(header, .bold))
    context.print(
      "\(session.validSlots.count) of \(Plural.count(session.slots.count, "slot")) allowed. Move it with: sportstime item move TRIP ITEM --after ROW"
    )
    context.print()
    for line in presenter.dragLines(
      session, metric: context.arguments.flag("metric"), style: context.style)
    {
      context.print(line)
    }
  }

  static func runCheck(_ context: Context) throws {
    let reference = try context.arguments.requiredPositional("TRIP")
    let store = try context.openStore()
    let catalog = try context.catalog()
    let itinerary = try store.itinerary(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog)
    // Problems in row order (route legs last), then notices (Core's rule).
    // A day that cannot be done is a problem too (issue 28, item 5).
    let findings = itinerary.check(estimator: try context.environmentValues().estimator).map(
      ErrorHints.phrased)
    let problems = findings.filter { $0.severity != .notice }
    let notices = findings.filter { $0.severity == .notice }
    func wire(_ findings: [TripProblem]) -> [WireV1.TripCheck.Finding] {
      findings.map(WireV1.TripCheck.Finding.init)
    }
    if context.arguments.flag("json") {
      try context.print(
        wire: WireV1.TripCheck(
          trip: itinerary.trip, problems: wire(problems), notices: wire(notices)))
    } else {
      for p in problems {
        let n = p.number.map { "row \($0)" } ?? "route"
        context.print("\(n): \(p.icon) \(context.safe(p.title)): \(context.safe(p.reason))")
      }
      for p in notices {
        let n = p.number.map { "row \($0)" } ?? "route"
        context.print(
          "Notice: \(n): \(p.icon) \(context.safe(p.title)): \(context.safe(p.reason))")
      }
      if problems.isEmpty {
        let count = itinerary.items.count
        let unscheduledCount = itinerary.notices().count
        let unscheduled =
          unscheduledCount == 0
          ? "" : " (\(Plural.count(unscheduledCount, "item")) Unscheduled, listed above)"
        context.print(
          "\(itinerary.trip.gameIDs.count == 1 ? "The" : "All") \(Plural.count(itinerary.trip.gameIDs.count, "game")) and \(Plural.count(count, "stored item")) of \"\(context.safe(itinerary.trip.name))\" keep every rule\(unscheduled)."
        )
      }
    }
    if !problems.isEmpty {
      throw CommandError(
        "\(Plural.count(problems.count, "problem")) in \"\(itinerary.trip.name)\" (listed above); 'sportstime trip replan TRIP' re-plans after a schedule change"
      )
    }
  }

  static func runRename(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let name = try args.requiredPositional("NAME")
    let environment = try context.environmentValues()
    let store = try context.openStore()
    let (before, after) = try store.renameTrip(
      id: try TripResolver(store: store).id(matching: reference), to: name, now: environment.now())
    if args.flag("json") {
      try context.print(wire: WireV1.TripRenamed(before: before, after: after))
      return
    }
    context.print(
      "Renamed trip \"\(context.safe(before.name))\" (\(after.id.description.prefix(8))) to \"\(context.safe(after.name))\"."
    )
  }

  static func runCopy(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let name = try args.requiredPositional("NAME")
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let (original, copy) = try store.copyTrip(
      id: try TripResolver(store: store).id(matching: reference), as: name, environment: environment
    )
    if args.flag("json") {
      try context.print(
        wire: WireV1.ItineraryDocument(copy.itinerary(catalog: catalog), copiedFrom: original))
      return
    }
    let t = copy.trip
    context.print(
      "Copied trip \"\(context.safe(original.name))\" (\(original.id.description.prefix(8))) to \"\(context.safe(t.name))\" (\(t.id.description.prefix(8))): \(Plural.count(t.dayCount, "day")), \(Plural.count(t.gameIDs.count, "game")), \(Plural.count(copy.items.count, "item"))."
    )
  }

  static func runDelete(_ context: Context) throws {
    let reference = try context.arguments.requiredPositional("TRIP")
    let store = try context.openStore()
    let trip = try TripResolver(store: store).trip(matching: reference)
    let count = try store.deleteTrip(id: trip.id)
    let id = trip.id.description
    if context.arguments.flag("json") {
      try context.print(wire: WireV1.TripDeleted(trip, items: count))
      return
    }
    context.print(
      "Deleted trip \"\(context.safe(trip.name))\" (\(id)) and its \(Plural.count(count, "item"))."
    )
  }
}
