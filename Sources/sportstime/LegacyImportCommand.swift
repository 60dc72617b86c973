import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime import legacy FILE`: convert trips of the old anchor-based
/// model (seeds: itinerary-refactor-design.md, "Migration Plan").
enum LegacyImportCommand {
  /// The `import` group.
  static let groupSpec = CommandSpec(
    name: "import", abstract: "Import trips from other formats.",
    lazySubcommands: [LazyCommandSpec(name: "legacy") { spec }])

  /// `import legacy`.
  static let spec = CommandSpec(
    name: "legacy",
    abstract: "Import trips saved by the old anchor-based app (anchorType/anchorId/anchorDay).",
    discussion: """
      Each trip is built from its games and dates, keeping its id and its items' ids, so \
      importing the same file again changes nothing (those trips are reported as already \
      imported). Its games must be in the database (import the schedule first). Items go \
      where their anchor says: startOfDay at the top of the day, afterGame right after the \
      game, afterTravel right after the leg, items of one anchor in their old sortOrder. A \
      travelDayOverrides entry moves its leg to that day when the rules allow it; otherwise \
      the leg keeps its default day and the reason is printed. An item whose anchor no \
      longer resolves is kept at the end of its day, or under Unscheduled when that day is \
      outside the trip. The whole file is one transaction: a bad file changes nothing and \
      the error names the field (e.g. trips[0].customItems[2].anchorType).
      Example:
        sportstime import legacy old-trips.json
      """,
    options: [.flag("json", help: "Print what was imported as JSON (format in docs/JSON.md).")],
    positionals: [
      PositionalSpec(name: "FILE", help: "A JSON file of the old app: {\"trips\": [...]}.")
    ],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let path = try context.arguments.requiredPositional("FILE")
    let data = try TextFile.read(atPath: path)
    let legacy = try LegacyImport.read(data, file: path)
    let environment = try context.environmentValues()
    let catalog = try context.catalog()
    let store = try context.openStore()
    let results = try ErrorHints.legacyImport {
      try store.importLegacy(legacy, catalog: catalog, environment: environment)
    }
    if context.arguments.flag("json") {
      try context.print(wire: WireV1.LegacyImport(results, file: path))
      return
    }
    for result in results {
      for line in textLines(result, context: context) { context.print(line) }
    }
    let imported = results.filter { if case .imported = $0 { return true } else { return false } }
    let skipped = results.count - imported.count
    context.print(
      "Imported \(Plural.count(imported.count, "trip")) from \(context.safe(path))"
        + (skipped > 0 ? "; \(skipped) already imported." : "."))
  }

  // MARK: Text

  static func textLines(_ result: LegacyTripResult, context: Context) -> [String] {
    let legacy = result.legacy
    let shortID = legacy.id.description.prefix(8)
    if case .alreadyImported(_, let stored) = result {
      // The stored trip may have been renamed since: name it as it is now.
      let fileName =
        stored.name == legacy.name ? "" : " (the file calls it \"\(context.safe(legacy.name))\")"
      return [
        "Trip \"\(context.safe(stored.name))\" (\(shortID)) is already imported\(fileName); nothing changed."
      ]
    }
    guard case .imported(let c) = result else { return [] }
    let legs = c.itinerary.schedule.legs.count
    var lines = [
      context.style(
        "Imported trip \"\(context.safe(c.trip.name))\" (\(shortID)): \(Plural.count(c.trip.dayCount, "day")), \(Plural.count(c.trip.gameIDs.count, "game")), \(Plural.count(legs, "travel leg")), \(Plural.count(c.placements.count, "item")).",
        .bold)
    ]
    for o in c.overrides {
      let key = context.safe(o.override.key)
      if o.applied {
        lines.append(
          "  Override \(key) → Day \(o.override.day): applied, \(context.safe(o.legTitle ?? "")) is on Day \(o.override.day)."
        )
      } else {
        let kept = o.legDay.map { " The leg stays on Day \($0)." } ?? ""
        lines.append(
          "  Override \(key) → Day \(o.override.day): "
            + context.style("refused", .yellow) + ". \(context.safe(o.reason ?? ""))\(kept)")
      }
    }
    for p in c.unresolved {
      let anchor = describe(p, context: context)
      let place =
        p.isUnscheduled
        ? "Kept under Unscheduled (\(unscheduledDate(p.item.day, c.trip)))."
        : "Placed at the end of Day \(p.item.day)."
      lines.append(
        "  " + context.style("Unresolved", .yellow)
          + " \"\(context.safe(p.item.title))\" (\(anchor)): \(context.safe(p.unresolvedReason ?? "")) \(place)"
      )
    }
    for p in c.placements {
      if let note = p.note {
        lines.append("  Note: \"\(context.safe(p.item.title))\": \(context.safe(note))")
      }
    }
    for leg in c.tightLegs { lines.append("  Warning: \(context.safe(leg.message))") }
    for warning in c.timeWarnings { lines.append("  Warning: \(context.safe(warning))") }
    var table: [[String]] = []
    for p in c.placements {
      let day =
        p.isUnscheduled
        ? "Unscheduled (\(unscheduledDate(p.item.day, c.trip)))" : "Day \(p.item.day)"
      let title = "\(p.item.icon) \(context.safe(p.item.title))"
      table.append(["    \(p.rowNumber)", day, title, describe(p, context: context)])
    }
    if !table.isEmpty {
      lines.append("  Items (row, day, item, old anchor):")
      lines += Format.table(table)
    }
    // The whole id: a prefix another imported trip shares would point at
    // neither (ids written by hand in an old file often share one).
    lines.append(
      "  See it: \(Format.suggestedCommand("sportstime trip show", c.trip.id.description))"
    )
    return lines
  }

  /// "start of Day 2", "after game CHN202406050", "after travel chicago->detroit".
  /// "Mon, Jun 3, 2024, 1 day before the trip" for an Unscheduled item's day.
  static func unscheduledDate(_ day: Int, _ trip: Trip) -> String {
    TripSchedule.dateDescription(ofDay: day, start: trip.startDate, dayCount: trip.dayCount)
  }

  static func describe(_ p: LegacyPlacement, context: Context) -> String {
    switch p.anchorType {
    case .startOfDay: return "start of Day \(p.anchorDay)"
    case .afterGame: return "after game \(context.safe(p.anchorID ?? "(none)"))"
    case .afterTravel: return "after travel \(context.safe(p.anchorID ?? "(none)"))"
    }
  }
}
