import Foundation
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
      the same id or name must not exist. The whole import is one transaction: a bad \
      file changes nothing and the error names the field (e.g. items[3].sortOrder).
      """,
    options: [.flag("json", help: "Print the imported trip as 'trip show --json' does.")],
    positionals: [
      PositionalSpec(name: "FILE", help: "A file written by 'trip export --format json'.")
    ],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let path = try context.arguments.requiredPositional("FILE")
    let data = try TextFile.read(atPath: path)
    let imported = try TripExchange.read(data, file: path)
    let catalog = try context.catalog()
    let store = try context.openStore()
    try store.transaction {
      var games: [Game] = []
      var missing: [String] = []
      for id in imported.trip.gameIDs {
        if let game = try store.game(id: id) { games.append(game) } else { missing.append(id) }
      }
      if !missing.isEmpty {
        throw FileFormatError(
          file: path, line: nil, field: "games",
          message:
            "game\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not in the database; import \(missing.count == 1 ? "its" : "their") schedule first"
        )
      }
      try TripExchange.validate(imported, games: games, catalog: catalog, file: path)
      try store.importTrip(imported.trip, items: imported.items)
    }
    for warning in imported.warnings { context.warn(context.safe(warning)) }
    let loaded = try store.loadTrip(id: imported.trip.id)
    let presenter = ItineraryPresenter(loaded, catalog: catalog)
    if context.arguments.flag("json") {
      context.print(json: presenter.json)
      return
    }
    context.print(
      "Imported trip \"\(context.safe(imported.trip.name))\" (\(imported.trip.id.uuidString.lowercased().prefix(8))): \(Format.count(imported.trip.dayCount, "day")), \(Format.count(imported.trip.gameIDs.count, "game")), \(Format.count(imported.items.count, "item"))."
    )
  }
}
