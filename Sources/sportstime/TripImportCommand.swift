import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime trip import FILE`: read a trip back from `trip export --format json`.
enum TripImportCommand {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Import a trip from a SportsTime JSON export (trip export --format json).",
    discussion: """
      The trip comes back identical: the same ids, days, sortOrders and titles. Its \
      games must already be in the database (import their schedule first). A trip with \
      the same id or name must not exist. The file must keep every rule 'trip new' and \
      the item commands keep (at most 366 days, legs where they fit, texts cleaned and \
      limited, figures in range). What those commands derive is derived again: legs \
      get trip new's names, mode and estimate, timed items the zone of where they are (the \
      time of day is kept); a warning names each field the file had otherwise. A game \
      whose venue or teams differ from the stored game is refused, one moved since \
      the export is warned about. The whole import \
      is one transaction: a bad file changes nothing and the error names the field \
      (e.g. items[3].travel.durationSeconds).
      """,
    options: [
      .flag(
        "json", help: "Print the imported trip as 'trip show --json' does, plus \"warnings\".")
    ],
    positionals: [
      PositionalSpec(name: "FILE", help: "A file written by 'trip export --format json'.")
    ],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let path = try context.arguments.requiredPositional("FILE")
    // Read and check the file before the database is opened.
    let data = try TextFile.read(atPath: path)
    let file = try WireV1.TripFile.imported(data, file: path)
    let catalog = try context.catalog()
    let store = try context.openStore()
    let imported = try store.importTrip(
      file, file: path, catalog: catalog, estimator: RuleEnvironment.live.estimator)
    let presenter = ItineraryPresenter(imported.stored, catalog: catalog)
    if context.arguments.flag("json") {
      try context.print(
        wire: WireV1.ItineraryDocument(presenter.itinerary, warnings: imported.warnings))
      return
    }
    context.print(
      "Imported trip \"\(context.safe(imported.trip.name))\" (\(imported.trip.id.description.prefix(8))): \(Plural.count(imported.trip.dayCount, "day")), \(Plural.count(imported.trip.gameIDs.count, "game")), \(Plural.count(imported.items.count, "item"))\(imported.unscheduled.isEmpty ? "" : " (\(imported.unscheduled.count) Unscheduled: outside the trip's days)")."
    )
    for warning in imported.warnings { context.warn(context.safe(warning)) }
  }
}
