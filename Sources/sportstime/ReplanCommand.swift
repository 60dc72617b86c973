import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime trip replan`: change a trip's games or days without losing
/// anything.
enum ReplanCommand {
  static let spec = CommandSpec(
    name: "replan",
    abstract: "Add or remove games or change the days of a trip, keeping what you placed.",
    discussion: """
      Legs still in the route keep their place when it is still valid, else go to \
      their default (and you are told why); legs no longer in the route are removed; \
      new legs get defaults. Your own items are never deleted: they keep their \
      calendar date (their day number changes when the start moves), and go to \
      Unscheduled when that date leaves the trip. Without --start/--end the days stay \
      as they are, widened when an added game needs it. Adding a game the trip already \
      has, or removing one it does not have, is refused (naming the game), so \
      re-planning twice with the same input changes nothing. G is a game id or \
      TEAM@YYYY-MM-DD (#2 for a doubleheader's second game).
      """,
    options: [
      .value(
        "add-game", valueName: "G", repeatable: true, help: "A game to add (repeat for each)."),
      .value(
        "remove-game", valueName: "G", repeatable: true, help: "A game to remove (repeat for each)."
      ),
      .value("start", valueName: "DATE", kind: Format.date, help: "New Day 1 (YYYY-MM-DD)."),
      .value("end", valueName: "DATE", kind: Format.date, help: "New last day (YYYY-MM-DD)."),
      .flag(
        "json",
        help:
          "Print {kept, reset, removed, added, redated, unscheduled, returned, rezoned} as row ids, reasons, and warnings."
      ),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    validate: Format.checkStartBeforeEnd,
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let start = args.value("start", as: CalendarDate.self)
    let end = args.value("end", as: CalendarDate.self)
    let adding = try Format.gameReferences("add-game", arguments: args)
    let removing = try Format.gameReferences("remove-game", arguments: args)
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let replan = try store.replanTrip(
      id: try TripResolver(store: store).id(matching: reference), adding: adding,
      removing: removing, start: start, end: end, catalog: catalog, environment: environment)
    let r = replan.report
    for warning in replan.change.warnings { context.warn(context.safe(warning)) }
    if args.flag("json") {
      try context.print(wire: WireV1.ReplanReport(r, change: replan.change))
      return
    }
    let loaded = try store.loadTrip(id: replan.trip.id)
    let presenter = ItineraryPresenter(loaded, catalog: catalog)
    let numbers = presenter.layout.rowNumbers
    // Removed legs are named as they were before the re-plan.
    let titles = Dictionary(
      (replan.previousItems + loaded.items).map { (LayoutRow.id(item: $0.id), $0.title) },
      uniquingKeysWith: { _, b in b })
    func describe(_ id: RowID) -> String {
      let n = numbers[id].map { "row \($0) " } ?? ""
      return "\(n)\(context.safe(titles[id] ?? id.description))"
    }
    if replan.changesNothing {
      context.print("Nothing to change: \"\(context.safe(replan.trip.name))\" already matches.")
      return
    }
    context.print(
      "Re-planned \"\(context.safe(replan.trip.name))\": \(replan.trip.startDate.iso) – \(replan.trip.endDate.iso), \(Plural.count(replan.trip.dayCount, "day")), \(Plural.count(replan.trip.gameIDs.count, "game"))."
    )
    /// Lines in row order (removed rows, which have none, by title).
    func ordered(_ ids: [RowID]) -> [RowID] {
      ids.sorted { (numbers[$0] ?? Int.max, describe($0)) < (numbers[$1] ?? Int.max, describe($1)) }
    }
    for id in ordered(r.kept) { context.print("  kept in place: \(describe(id))") }
    for reset in r.reset {
      context.print(
        "  reset to its default: \(describe(reset.rowID)) (\(context.safe(reset.reason)))")
    }
    for id in ordered(r.removed) {
      context.print("  removed (no longer in the route): \(describe(id))")
    }
    for id in ordered(r.added) { context.print("  added: \(describe(id))") }
    for id in ordered(r.redated) {
      context.print("  kept its date, now on another day: \(describe(id))")
    }
    for id in ordered(r.unscheduled) {
      context.print("  moved to Unscheduled (its date left the trip): \(describe(id))")
    }
    for id in ordered(r.returned) {
      context.print("  back in the trip (its date is a trip day again): \(describe(id))")
    }
    for id in ordered(replan.change.rezoned.map { LayoutRow.id(item: $0) }) {
      let item = loaded.items.first { LayoutRow.id(item: $0.id) == id }
      if let info = item?.customInfo, let time = info.time, let zone = info.timeZoneID {
        context.print("  re-zoned: \(describe(id)): \(time) is now local to \(zone)")
      }
    }
    for leg in TightLeg.find(in: presenter.schedule, travel: loaded.items.compactMap(\.travelInfo))
    {
      context.warn(leg.message)
    }
  }
}
