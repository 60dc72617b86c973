import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime progress`: teams seen at home and venues visited, per sport.
enum ProgressCommand {
  static let spec = CommandSpec(
    name: "progress", abstract: "Your progress per sport: teams seen at home and venues visited.",
    discussion: """
      Teams and venues are counted separately ("27 of 30 teams · 26 ballparks"). A venue \
      counts once it has a visit of the sport, neutral sites (Seoul, London) and \
      temporary homes (Sacramento 2025, Tampa 2025) included; a team counts once you saw \
      a game at its home of that season. Each visited venue shows its visit count and \
      last visit; the sport's home venues not visited yet follow. Without --sport: MLB \
      and every other sport you have visits of.
      """,
    options: [
      .value(
        "sport", valueName: "SPORT", repeatable: true, kind: VisitCommands.sportList,
        help: "Only these sports (MLB, NBA, NHL, NFL; comma-separated or repeated)."),
      .flag(
        "json", help: "Print {sports: [{sport, teamsSeen, teamsTotal, ballparksVisited, venues}]}."),
    ],
    run: { try run(try Context($0)) })

  /// What a sport's venues are called: ballparks, arenas, stadiums.
  static func venueNoun(_ sport: Sport) -> String {
    switch sport {
    case .mlb: return "ballpark"
    case .nba, .nhl: return "arena"
    case .nfl: return "stadium"
    }
  }

  static func run(_ context: Context) throws {
    let args = context.arguments
    let chosen = VisitCommands.sports("sport", arguments: args)
    let leagues = try context.leagues()
    let store = try context.openStore()
    let tallies = try store.visitTallies()
    let progress = SportProgress.all(
      tallies: tallies, leagues: leagues,
      sports: chosen.isEmpty ? SportProgress.defaultSports(forTallies: tallies) : chosen)
    if args.flag("json") {
      try context.print(wire: WireV1.Progress(progress))
      return
    }
    for (index, sport) in progress.enumerated() {
      if index > 0 { context.print() }
      let noun = venueNoun(sport.sport)
      context.print(
        context.style(
          "\(sport.sport.rawValue) · \(sport.teamsSeen.count) of \(Plural.count(sport.teamsTotal, "team")) · \(Plural.count(sport.ballparksVisited, noun))",
          .bold))
      var rows: [[String]] = []
      for row in sport.visited {
        rows.append([
          "  " + place(row), Plural.count(row.visits, "visit"),
          "last " + (row.lastVisit?.iso ?? "—"),
        ])
      }
      for line in Format.table(rows) { context.print(line) }
      if sport.visited.isEmpty {
        context.print(
          "  No \(noun)s visited yet. Add a visit: sportstime visit add VENUE --date DATE")
      }
      let unvisited = sport.unvisited
      if !unvisited.isEmpty {
        context.print("  Not visited yet (\(unvisited.count)):")
        for row in unvisited { context.print("    " + place(row)) }
      }
      if !sport.teamsNotSeen.isEmpty {
        context.print(
          "  Teams not seen at home yet (\(sport.teamsNotSeen.count)): "
            + sport.teamsNotSeen.map(\.id).joined(separator: ", "))
      }
    }
  }

  /// "Wrigley Field, Chicago".
  static func place(_ row: SportProgress.VenueRow) -> String {
    row.city.isEmpty ? row.name : "\(row.name), \(row.city)"
  }
}
