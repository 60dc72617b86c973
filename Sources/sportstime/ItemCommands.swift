import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime item …`: add, move, edit and remove itinerary items.
enum ItemCommands {
  static let spec = CommandSpec(
    name: "item", abstract: "Add, move, edit and remove itinerary items.",
    discussion: """
      ROW and ITEM name a row of 'trip show': its number, its row id from \
      'trip show --json' (day:3, game:CHN202406040, item:<uuid>), or an item id \
      (or a unique prefix of at least 4 characters). Games never move; travel legs \
      move only where they fit between their games; your own items go anywhere.
      """,
    lazySubcommands: [
      LazyCommandSpec(name: "add") { addSpec },
      LazyCommandSpec(name: "move") { moveSpec },
      LazyCommandSpec(name: "edit") { editSpec },
      LazyCommandSpec(name: "remove") { removeSpec },
    ])

  static let placementOptions: [OptionSpec] = [
    .value("before", valueName: "ROW", help: "Put it just above this row."),
    .value(
      "after", valueName: "ROW",
      help: "Put it just below this row (below a day header: top of that day)."),
    .value(
      "day", valueName: "N", kind: .integer(1...TripBuilder.maximumDays),
      help: "Put it on day N (1-based)."),
    .flag("top", help: "With --day: first on that day."),
    .flag("bottom", help: "With --day: last on that day (the default)."),
  ]

  static let detailOptions: [OptionSpec] = [
    // Category and time are checked by the rule the API shares
    // (`ItemDetailsRequest`), not by their options.
    .value("category", valueName: "CATEGORY", help: "restaurant, hotel, activity or note."),
    .value(
      "time", valueName: "HH:MM",
      help:
        "Local time (24-hour) where the item is: with --place, that town's zone; with --lat/--lon, the nearest town's (the nearest venue's within 200 km when the list of towns is not at hand); else where the trip is at that point (the venue of the latest game above the item, or the arrival city of the latest travel leg above it; before any, the first stop). A time that does not exist there that day (a daylight-saving gap) is refused; one that happens twice is the first."
    ),
    .value(
      "lat", valueName: "DEG", kind: .number(Coordinate.latitudeRange),
      help: "Latitude in degrees, north positive, with --lon."),
    .value(
      "lon", valueName: "DEG", kind: .number(Coordinate.longitudeRange),
      help: "Longitude in degrees, east positive, with --lat."),
    .value(
      "place", valueName: "TOWN",
      help:
        "A town or city of 5,000 people or more, by name, with its state or country when several share it (\"Arlington, TX\", \"Toronto, Canada\"): its point and time zone (GeoNames' list, $SPORTSTIME_DATA/places/cities5000.csv). Not with --lat/--lon."
    ),
    .value("address", valueName: "TEXT", help: "Street address."),
  ]

  static let tripPositional = PositionalSpec(name: "TRIP", help: "The trip's name or id.")

  static let addSpec = CommandSpec(
    name: "add", abstract: "Add your own item (restaurant, hotel, activity or note) to a trip.",
    discussion: """
      Default category: note. Default place: the end of the day (--day N, default \
      Day 1), or just above/below a row with --before/--after. Prints the new item's id.
      Example:
        sportstime item add "Great Lakes Loop" --title "Deep dish" \\
          --category restaurant --day 2 --top --time 17:30
      """,
    options: [.value("title", valueName: "TEXT", required: true, help: "What to call it.")]
      + detailOptions + placementOptions + [.flag("json", help: "Print the new item as JSON.")],
    positionals: [tripPositional],
    validate: { args in
      try details(args)
      try checkPlacement(args)
    },
    run: { try runAdd(try Context($0)) })

  static let moveSpec = CommandSpec(
    name: "move", abstract: "Move a travel leg or your own item to another place.",
    discussion: """
      Give exactly one of --before ROW, --after ROW or --day N (with --top or \
      --bottom). A place the item may not go is refused with the reason (for a leg: \
      the games that bound it) and nothing changes.
      """,
    options: placementOptions + [.flag("json", help: "Print the moved item as JSON.")],
    positionals: [tripPositional, PositionalSpec(name: "ITEM", help: "The item to move.")],
    validate: { args in
      guard try checkPlacement(args) else {
        throw args.usageError("say where: --before ROW, --after ROW or --day N")
      }
    },
    run: { try runMove(try Context($0)) })

  static let editSpec = CommandSpec(
    name: "edit", abstract: "Change your own item's title, category, time, location or address.",
    discussion: """
      Travel legs cannot be retitled or edited (only moved); games cannot be edited.
      """,
    options: [.value("title", valueName: "TEXT", help: "New title.")] + detailOptions + [
      .flag("no-time", help: "Clear the time."),
      .flag("no-location", help: "Clear the location."),
      .flag("no-address", help: "Clear the address."),
      .flag("json", help: "Print the edited item as JSON."),
    ],
    positionals: [tripPositional, PositionalSpec(name: "ITEM", help: "The item to edit.")],
    validate: checkEdit,
    run: { try runEdit(try Context($0)) })

  static let removeSpec = CommandSpec(
    name: "remove", abstract: "Remove one of your own items (travel legs stay).",
    positionals: [tripPositional, PositionalSpec(name: "ITEM", help: "The item to remove.")],
    run: { try runRemove(try Context($0)) })

  // MARK: Parsing

  /// The place --before/--after/--day/--top/--bottom give, the rows as
  /// typed (`PlacementRequest`, the rule the API's `place` shares).
  /// - Throws: `UsageError` for --top with --bottom (two flags for one
  ///   end of the day).
  static func placement(_ args: ParsedArguments) throws -> PlacementRequest<String> {
    let top = args.flag("top")
    let bottom = args.flag("bottom")
    if top && bottom { throw args.usageError("give --top or --bottom, not both") }
    return PlacementRequest(
      before: args.value("before"), after: args.value("after"), day: try args.intValue("day"),
      edge: top ? .top : bottom ? .bottom : nil)
  }

  /// How the CLI names a member of a place: its option.
  static func option(_ field: PlacementError.Field) -> String {
    switch field {
    case .before: return "--before"
    case .after: return "--after"
    case .day: return "--day"
    case .edge: return "--top or --bottom"
    }
  }

  /// Checks how --before/--after/--day/--top/--bottom are combined; returns
  /// whether a place was given. Called before the database is opened, so a
  /// usage error never depends on (or creates) the database.
  /// - Throws: `UsageError` in the words of `PlacementError`, each member
  ///   named by its option.
  @discardableResult
  static func checkPlacement(_ args: ParsedArguments) throws -> Bool {
    let placement = try placement(args)
    do {
      try placement.check()
    } catch let error as PlacementError {
      throw args.usageError(error.message(naming: option))
    }
    return placement.before != nil || placement.after != nil || placement.day != nil
  }

  /// Checks an `item edit` line before anything runs: something to change,
  /// well-formed details, and no `--no-…` with a new value of the same.
  static func checkEdit(_ args: ParsedArguments) throws {
    let given =
      ["title", "category", "time", "lat", "lon", "place", "address"].contains {
        args.value($0) != nil
      }
      || ["no-time", "no-location", "no-address"].contains { args.flag($0) }
    if !given {
      throw args.usageError(
        "say what to change: --title, --category, --time, --place, --lat/--lon, --address (or a --no-… option)"
      )
    }
    for (flag, value) in [
      ("no-time", args.flag("no-time")), ("no-location", args.flag("no-location")),
      ("no-address", args.flag("no-address")),
    ] where value {
      let option = String(flag.dropFirst(3))
      let given =
        option == "time"
        ? args.value("time") != nil
        : option == "location"
          ? args.value("lat") != nil || args.value("lon") != nil || args.value("place") != nil
          : args.value("address") != nil
      if given { throw args.usageError("--\(flag) cannot go with a new \(option)") }
    }
    try details(args)
  }

  /// The drop target given by --before/--after/--day/--top/--bottom, or nil.
  static func target(_ args: ParsedArguments, in itinerary: Itinerary) throws -> DropTarget? {
    try checkPlacement(args)
    return try placement(args).target { text in
      try ErrorHints.rows { try RowReference.resolve(text, in: itinerary.numberedRows) }.id
    }
  }

  /// The stored item ITEM names (`RowReference.item`).
  static func item(_ text: String, in itinerary: Itinerary, verb: String) throws -> ItineraryItem {
    try ErrorHints.rows { try RowReference.item(text, in: itinerary.numberedRows, verb: verb) }
  }

  /// The details --title, --category, --time, --lat/--lon, --place and
  /// --address give, and the --no-… options that clear (`item edit`), as
  /// `ItemDetailsRequest` takes them (the rule the API's item bodies
  /// share).
  static func detailsRequest(_ args: ParsedArguments) throws -> ItemDetailsRequest<String> {
    var request = ItemDetailsRequest<String>(
      title: args.value("title"), category: args.value("category"),
      time: args.value("time").map { .some($0) },
      latitude: try args.doubleValue("lat").map { .some($0) },
      longitude: try args.doubleValue("lon").map { .some($0) }, place: args.value("place"),
      address: args.value("address").map { .some($0) })
    if args.flag("no-time") { request.time = .some(nil) }
    if args.flag("no-location") {
      request.latitude = .some(nil)
      request.longitude = .some(nil)
    }
    if args.flag("no-address") { request.address = .some(nil) }
    return request
  }

  /// How the CLI names a detail: its option.
  static func option(_ field: ItemDetailsError.Field) -> String {
    switch field {
    case .title: return "--title"
    case .category: return "--category"
    case .time: return "--time"
    case .latitude: return "--lat"
    case .longitude: return "--lon"
    case .point: return "--lat/--lon"
    case .place: return "--place"
    case .address: return "--address"
    }
  }

  /// Checks the details options by the shared rule before anything opens.
  /// - Throws: `UsageError` in the words of `ItemDetailsError`, each
  ///   detail named by its option.
  static func details(_ args: ParsedArguments) throws {
    do {
      try detailsRequest(args).check()
    } catch let error as ItemDetailsError {
      throw args.usageError(error.message(naming: option))
    }
  }

  /// The item's changes the details options ask for, made whole:
  /// `--place`'s town (its point, name and zone), or a `--lat/--lon` point
  /// in the nearest town's zone (`ItemLocation`; the nearest venue's when
  /// the list of towns is not at hand).
  /// - Throws: as `details(_:)`; `PlaceError` for a name that is no town or
  ///   several (listing them); `CommandError` when `--place` is given and
  ///   the list of towns cannot be found.
  static func changes(_ context: Context) throws -> CustomItemChanges {
    let args = context.arguments
    try details(args)
    return try detailsRequest(args).changes(
      locating: { try PlacesFile.directory(context).place(named: $0) },
      directory: try? PlacesFile.directory(context))
  }

  // MARK: Runs

  static func runAdd(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let title = try args.requiredValue("title")
    let changes = try changes(context)
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let info = CustomInfo(
      title: title, category: changes.category ?? .note, time: changes.time ?? nil,
      coordinate: changes.coordinate ?? nil, address: changes.address ?? nil,
      placeName: changes.placeName, placeTimeZoneID: changes.placeTimeZoneID)
    let change = try store.editTrip(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog,
      now: environment.now()
    ) {
      itinerary in
      let target = try target(args, in: itinerary) ?? .bottom(day: 1)
      return try itinerary.add(info, at: target, environment: environment)
    }
    try report(change, verb: "Added", context: context, store: store, catalog: catalog)
  }

  static func runMove(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let itemText = try args.requiredPositional("ITEM")
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let change = try store.editTrip(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog,
      now: environment.now()
    ) {
      itinerary in
      guard let target = try target(args, in: itinerary) else {
        throw args.usageError("say where: --before ROW, --after ROW or --day N")
      }
      let moving = try item(itemText, in: itinerary, verb: "moved")
      return try itinerary.move(
        moving.id, to: target, now: environment.now(), estimator: environment.estimator)
    }
    try report(change, verb: "Moved", context: context, store: store, catalog: catalog)
  }

  static func runEdit(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let itemText = try args.requiredPositional("ITEM")
    let changes = try changes(context)
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let change = try store.editTrip(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog,
      now: environment.now()
    ) {
      itinerary in
      let editing = try item(itemText, in: itinerary, verb: "edited")
      return try itinerary.edit(
        editing.id, changes, now: environment.now(), estimator: environment.estimator)
    }
    try report(change, verb: "Edited", context: context, store: store, catalog: catalog)
  }

  static func runRemove(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let itemText = try args.requiredPositional("ITEM")
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let change = try store.editTrip(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog,
      now: environment.now()
    ) {
      itinerary in
      let removing = try item(itemText, in: itinerary, verb: "removed")
      return try itinerary.remove(removing.id)
    }
    context.print(
      "Removed \(change.item.icon) \"\(context.safe(change.item.title))\" from Day \(change.item.day)."
    )
  }

  /// Prints the item after an add, move or edit: its id, its day and its row
  /// number in the new layout (or JSON with --json).
  static func report(
    _ change: ItineraryChange, verb: String, context: Context, store: Store, catalog: Catalog
  ) throws {
    let loaded = try store.loadTrip(id: change.item.tripID)
    let presenter = ItineraryPresenter(loaded, catalog: catalog)
    let rowID = LayoutRow.id(item: change.item.id)
    guard let numbered = presenter.numberedRows.first(where: { $0.row.id == rowID }) else {
      return
    }
    for warning in change.warnings { context.warn(context.safe(warning)) }
    if context.arguments.flag("json") {
      try context.print(wire: WireV1.Row(numbered, in: presenter.itinerary))
      return
    }
    let id = change.item.id.description
    if change.changesNothing {
      context.print(
        "\(id)  \(change.item.icon) \"\(context.safe(change.item.title))\" is already there, on Day \(change.item.day) (row \(numbered.number)); nothing changed."
      )
      return
    }
    var line =
      "\(id)  \(verb) \(change.item.icon) \"\(context.safe(change.item.title))\" on Day \(change.item.day) (row \(numbered.number))"
    // The town a `--place` name was taken as (there are five Arlingtons).
    if let place = change.item.customInfo?.placeName { line += " in \(context.safe(place))" }
    if let time = change.item.customInfo?.time, let zone = change.item.customInfo?.timeZoneID {
      line += " at \(time) \(zone)"
    }
    context.print(line + ".")
    for other in change.updated where change.rezoned.contains(other.id) {
      if let info = other.customInfo, let time = info.time, let zone = info.timeZoneID {
        context.print(
          "\(other.icon) \"\(context.safe(info.title))\" is now on the other side of the leg: \(time) is local to \(zone)."
        )
      }
    }
    if change.renormalized {
      context.print(
        "Day \(change.item.day)'s positions were renumbered to make room; the order is unchanged.")
    }
  }
}
