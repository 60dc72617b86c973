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
    .value(
      "category", valueName: "CATEGORY", kind: .parsed(.choice(of: ItemCategory.self)),
      help: "restaurant, hotel, activity or note."),
    .value(
      "time", valueName: "HH:MM",
      kind: .parsed(
        ValueParser(name: "time") { text in
          guard let time = ClockTime(text.trimmingCharacters(in: .whitespaces)) else {
            throw InvalidOptionValue(expected: "HH:MM (24-hour)")
          }
          return time
        }),
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
      _ = try details(args)
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

  /// Checks how --before/--after/--day/--top/--bottom are combined; returns
  /// whether a place was given. Called before the database is opened, so a
  /// usage error never depends on (or creates) the database.
  @discardableResult
  static func checkPlacement(_ args: ParsedArguments) throws -> Bool {
    let day = try args.intValue("day")
    let top = args.flag("top")
    let bottom = args.flag("bottom")
    let given = [args.value("before") != nil, args.value("after") != nil, day != nil]
      .filter { $0 }.count
    if given > 1 {
      throw args.usageError("give only one of --before, --after and --day")
    }
    if top && bottom { throw args.usageError("give --top or --bottom, not both") }
    if (top || bottom) && day == nil {
      throw args.usageError("--top and --bottom go with --day N")
    }
    return given == 1
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
    _ = try details(args)
    for (flag, value) in [
      ("no-time", args.flag("no-time")), ("no-location", args.flag("no-location")),
      ("no-address", args.flag("no-address")),
    ] where value {
      let option = String(flag.dropFirst(3))
      let given =
        option == "time"
        ? args.value("time") != nil
        : option == "location"
          ? args.value("lat") != nil || args.value("place") != nil : args.value("address") != nil
      if given { throw args.usageError("--\(flag) cannot go with a new \(option)") }
    }
  }

  /// The drop target given by --before/--after/--day/--top/--bottom, or nil.
  static func target(_ args: ParsedArguments, in itinerary: Itinerary) throws -> DropTarget? {
    try checkPlacement(args)
    let before = args.value("before")
    let after = args.value("after")
    let day = try args.intValue("day")
    let top = args.flag("top")
    if let text = before ?? after {
      let row = try ErrorHints.rows { try RowReference.resolve(text, in: itinerary.numberedRows) }
      return before != nil ? .before(rowID: row.id) : .after(rowID: row.id)
    }
    if let day { return top ? .top(day: day) : .bottom(day: day) }
    return nil
  }

  /// The stored item ITEM names (`RowReference.item`).
  static func item(_ text: String, in itinerary: Itinerary, verb: String) throws -> ItineraryItem {
    try ErrorHints.rows { try RowReference.item(text, in: itinerary.numberedRows, verb: verb) }
  }

  /// Category, time, location and address options as changes.
  static func details(_ args: ParsedArguments) throws -> CustomItemChanges {
    var changes = CustomItemChanges()
    if let category = args.value("category", as: ItemCategory.self) {
      changes.category = category
    }
    if let time = args.value("time", as: ClockTime.self) {
      changes.time = .some(time)
    }
    let lat = try args.doubleValue("lat")
    let lon = try args.doubleValue("lon")
    switch (lat, lon) {
    case (nil, nil): break
    case (let lat?, let lon?):
      guard let coordinate = Coordinate(latitude: lat, longitude: lon) else {
        throw args.usageError(
          "--lat must be within −90…90 and --lon within −180…180 degrees (got \(lat), \(lon))")
      }
      changes.coordinate = .some(coordinate)
    default:
      throw args.usageError("--lat and --lon go together")
    }
    if args.value("place") != nil, lat != nil {
      throw args.usageError("give --place or --lat/--lon, not both")
    }
    if let address = args.value("address") { changes.address = .some(address) }
    return changes
  }

  /// The location of `changes` made whole: `--place`'s town (its point,
  /// name and zone), or a `--lat/--lon` point in the nearest town's zone
  /// (`ItemLocation`; the nearest venue's when the list of towns is not at
  /// hand). Nothing for changes without a new location.
  /// - Throws: `PlaceError` for a name that is no town or several
  ///   (listing them); `CommandError` when `--place` is given and the list
  ///   of towns cannot be found.
  static func locate(_ changes: inout CustomItemChanges, _ context: Context) throws {
    if let text = context.arguments.value("place") {
      let place = try PlacesFile.directory(context).place(named: text)
      changes.locate(ItemLocation(place: place))
    } else if let point = changes.coordinate, let point {
      changes.locate(ItemLocation(point: point, directory: try? PlacesFile.directory(context)))
    }
  }

  // MARK: Runs

  static func runAdd(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let title = try args.requiredValue("title")
    var changes = try details(args)
    try locate(&changes, context)
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
    var changes = try details(args)
    if let title = args.value("title") { changes.title = title }
    try locate(&changes, context)
    if args.flag("no-time") { changes.time = .some(nil) }
    if args.flag("no-location") { changes.coordinate = .some(nil) }
    if args.flag("no-address") { changes.address = .some(nil) }
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
