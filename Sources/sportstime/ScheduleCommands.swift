import Foundation
import SportsTimeCore
import SportsTimeStore

/// `sportstime schedule …`: bringing real schedules in.
enum ScheduleCommands {
  static let spec = CommandSpec(
    name: "schedule", abstract: "Import game schedules.",
    subcommands: [importSpec])

  static let importSpec = CommandSpec(
    name: "import",
    abstract: "Import a Retrosheet schedule file (yyyyschedule.csv) into the database.",
    discussion: """
      Reads the whole file in one transaction: a malformed row (wrong column count, \
      impossible date, unknown team or park) stops the import with its file, line and \
      field, and the database is left as it was. Importing the same file again \
      changes nothing. Postponed games move to their makeup date (forming a \
      doubleheader when the home team already plays that day); those never made up \
      are kept as cancelled. Start times are estimates: 13:10 for day games and 19:10 \
      for night games, local to the ballpark.
      Data: Retrosheet (www.retrosheet.org).
      """,
    options: [.flag("json", help: "Print what was imported as JSON.")],
    positionals: [PositionalSpec(name: "FILE", help: "A Retrosheet schedule CSV (CRLF or LF).")],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let path = try context.arguments.requiredPositional("FILE")
    let text = try TextFile.readString(atPath: path)
    let catalog = try context.catalog()
    let parsed = try RetrosheetSchedule.parse(text, file: path, catalog: catalog)
    let store = try context.openStore()
    let result = try store.importGames(parsed.games)
    if context.arguments.flag("json") {
      context.print(
        json: .object([
          ("file", .string(path)),
          ("games", .int(parsed.games.count)),
          ("rescheduled", .int(parsed.rescheduledCount)),
          ("cancelled", .int(parsed.cancelledCount)),
          ("doubleheadersFormed", .int(parsed.doubleheadersFormed)),
          ("venues", .int(parsed.venueIDs.count)),
          ("teams", .int(parsed.teamIDs.count)),
          ("inserted", .int(result.inserted)),
          ("updated", .int(result.updated)),
          ("unchanged", .int(result.unchanged)),
          ("notInFile", .int(result.notInFile)),
          (
            "moved",
            .object(result.renamed.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
          ),
          ("changedInTrips", .array(result.updatedInTrips.map(JSON.string))),
        ]))
      return
    }
    let name = context.safe((path as NSString).lastPathComponent)
    context.print(
      "Read \(name): \(parsed.games.count) games, \(parsed.rescheduledCount) rescheduled, \(parsed.cancelledCount) cancelled, \(parsed.venueIDs.count) venues, \(parsed.teamIDs.count) teams."
    )
    if parsed.doubleheadersFormed > 0 {
      context.print(
        "\(parsed.doubleheadersFormed) makeup date\(parsed.doubleheadersFormed == 1 ? "" : "s") formed a doubleheader."
      )
    }
    if result.isNoOp {
      context.print("No changes: all \(result.unchanged) games were already in the database.")
    } else {
      var parts = ["\(result.inserted) new", "\(result.updated) updated"]
      if !result.renamed.isEmpty { parts[1] += " (\(result.renamed.count) moved to another date)" }
      parts.append("\(result.unchanged) unchanged")
      context.print("Database: " + parts.joined(separator: ", ") + ".")
      for (old, new) in result.renamed.sorted(by: { $0.key < $1.key }) {
        context.print("  \(old) is now \(new).")
      }
    }
    if result.notInFile > 0 {
      context.warn(
        "\(result.notInFile) stored game(s) of this season are not in this file; they were left as they were."
      )
    }
    if !result.updatedInTrips.isEmpty {
      context.warn(
        "\(result.updatedInTrips.count) changed game(s) are in trips: \(result.updatedInTrips.joined(separator: ", ")); check those trips with 'sportstime trip check TRIP'."
      )
    }
    context.print("Start times are estimates (13:10 day, 19:10 night, local to the ballpark).")
  }
}
