import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime trip attended`: record a trip's games as visits.
extension VisitCommands {
  static let attendedSpec = CommandSpec(
    name: "attended", abstract: "Record the games of a trip that you attended as visits.",
    discussion: """
      Without --game, every game of the trip that has started by now (--now) is recorded, \
      except cancelled ones; with --game, exactly those games (each must be in the trip \
      and played). A game that already has a visit is never recorded twice, so running \
      this again records only what is new.
      """,
    options: [
      .value(
        "game", short: "g", valueName: "G", repeatable: true,
        help: "A game of the trip you attended (repeat for each); default: all played ones."),
      .flag("json", help: "Print {trip, recorded: [visit], skipped: [{gameID, reason}]}."),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try runAttended(try Context($0)) })

  static func runAttended(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let references = try Format.gameReferences("game", arguments: args)
    let environment = try context.environmentValues()
    let leagues = try context.leagues()
    let store = try context.openStore()
    let (loaded, attendance) = try ErrorHints.visits {
      try store.attendTrip(id: try TripResolver(store: store).id(matching: reference)) {
        loaded, recorded, linked in
        let requested =
          references.isEmpty
          ? nil
          : try store.games(for: references, catalog: leagues.mlb)
        return try Attendance.plan(
          tripName: loaded.trip.name, games: loaded.games, requested: requested,
          recordedGameIDs: recorded, linkedGameIDs: linked, environment: environment)
      }
    }
    if args.flag("json") {
      try context.print(
        wire: WireV1.Attended(trip: loaded.trip, attendance: attendance, leagues: leagues))
      return
    }
    let name = context.safe(loaded.trip.name)
    if attendance.recorded.isEmpty {
      context.print("No new visits from \"\(name)\".")
    } else {
      context.print(
        "Recorded \(Plural.count(attendance.recorded.count, "visit")) from \"\(name)\":")
      for visit in attendance.recorded {
        context.print("  \(visit.key.prefix(8))  \(leagues.summary(of: visit))")
      }
    }
    let groups: [(Attendance.Reason, String)] = [
      (.linked, "Your visit typed by hand linked to its game"),
      (.alreadyRecorded, "Already recorded"), (.notPlayed, "Not played yet"),
      (.cancelled, "Cancelled"),
    ]
    for (reason, title) in groups {
      let games = attendance.skipped.filter { $0.reason == reason }.map(\.game)
      guard !games.isEmpty else { continue }
      context.print(
        "\(title): "
          + games.map {
            "\(leagues.matchupText(of: $0)) \($0.localDate.iso) (\($0.id))"
          }
          .joined(separator: ", "))
    }
  }
}
