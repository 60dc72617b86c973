import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime undo TRIP` and `sportstime redo TRIP`: take back (or make
/// again) the last edit of a trip, from the journal in the database that
/// the app uses too (`Store.step`).
enum UndoCommands {
  static let undoSpec = spec(.undo)
  static let redoSpec = spec(.redo)

  static func spec(_ direction: JournalStep.Direction) -> CommandSpec {
    let undo = direction == .undo
    return CommandSpec(
      name: direction.rawValue,
      abstract: undo
        ? "Take back the last edit of a trip (add, move, edit, remove, re-plan, rename)."
        : "Make the last undone edit of a trip again.",
      discussion: """
        Every edit of a trip is journaled in the database, so \(direction.rawValue) works \
        across restarts and with the app (sportstime serve). A new edit after an undo \
        forgets what could be redone. An undo that would now break a rule (the schedule \
        changed since) is refused with the reason, and nothing changes.
        """,
      options: [
        .flag(
          "json",
          help:
            "Print {direction, label, itinerary}: the step and the trip as 'trip show --json' prints it (format in docs/JSON.md)."
        )
      ],
      positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
      run: { try run(direction, try Context($0)) })
  }

  static func run(_ direction: JournalStep.Direction, _ context: Context) throws {
    let reference = try context.arguments.requiredPositional("TRIP")
    let catalog = try context.catalog()
    let store = try context.openStore()
    let id = try TripResolver(store: store).id(matching: reference)
    let step = try store.step(direction, trip: id, catalog: catalog)
    let itinerary = try store.itinerary(id: id, catalog: catalog)
    if context.arguments.flag("json") {
      let journal = try store.journal(ofTrip: id)
      try context.print(
        wire: WireV1.JournalAnswer(
          step,
          itinerary: WireV1.TripDocument(itinerary, undo: journal.undo, redo: journal.redo)))
      return
    }
    let verb = direction == .undo ? "Undid" : "Redid"
    context.print(
      "\(verb): \(context.safe(step.label)) (“\(context.safe(itinerary.trip.name))” is at revision \(step.revision))."
    )
  }
}
