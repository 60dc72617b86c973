import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime visit list`: the visits, as a table or one venue's cards.
extension VisitCommands {
  static let listSpec = CommandSpec(
    name: "list", abstract: "List your visits, most recent first; with VENUE, each as a card.",
    options: [.flag("json", help: "Print a JSON array (format in docs/JSON.md).")],
    positionals: [
      PositionalSpec(name: "VENUE", help: "Only this venue's visits, as cards.", optional: true)
    ],
    run: { try runList(try Context($0)) })

  static func runList(_ context: Context) throws {
    let args = context.arguments
    let leagues = try context.leagues()
    let venue = try args.positional("VENUE").map {
      try leagues.venue(named: $0, sport: nil, season: nil).venue
    }
    let store = try context.openStore()
    let visits = try store.visits(venueID: venue?.id)
    if args.flag("json") {
      try context.print(wire: visits.map { WireV1.VisitEntry($0, leagues: leagues) })
      return
    }
    if let venue {
      printCards(visits, venue: venue, context: context, leagues: leagues)
      return
    }
    if visits.isEmpty {
      context.print(
        "No visits yet. Add your first: sportstime visit add VENUE --date YYYY-MM-DD (or --game G)")
      return
    }
    var rows = [["ID", "DATE", "SPORT", "GAME", "SCORE", "VENUE"]]
    for visit in visits {
      rows.append([
        String(visit.key.prefix(8)), visit.date.longDescription, visit.sport.rawValue,
        leagues.matchupText(of: visit) ?? "—", visit.score?.description ?? "—",
        leagues.venueText(visit.venueID, on: visit.date),
      ])
    }
    for line in Format.table(rows) { context.print(line) }
    let venues = Set(visits.map(\.venueID)).count
    // Visits of several sports say how many of each (an arena counts once
    // for its NBA and NHL visits).
    let sports = Sport.allCases.compactMap { sport -> String? in
      let count = visits.filter { $0.sport == sport }.count
      return count == 0 ? nil : "\(count) \(sport.rawValue)"
    }
    context.print(
      "\(Plural.count(visits.count, "visit")) at \(Plural.count(venues, "venue"))"
        + (sports.count > 1 ? " (\(sports.joined(separator: ", ")))." : "."))
  }

  /// One venue's visits as cards, most recent first.
  static func printCards(_ visits: [Visit], venue: Venue, context: Context, leagues: Leagues) {
    guard let latest = visits.first else {
      // A venue of several sports needs --sport (`VisitError`'s rule): the
      // suggestion names one, and says which others there are.
      let sports = leagues.sports(at: venue.id)
      let sport = sports.count > 1 ? " --sport \(sports[0].rawValue)" : ""
      let others =
        sports.count > 1
        ? " (or --sport \(sports.dropFirst().map(\.rawValue).joined(separator: ", ")))" : ""
      context.print(
        "No visits to \(venue.latestName) yet. Add one: sportstime visit add \(Format.shellWord(venue.id.rawValue))\(sport) --date YYYY-MM-DD\(others)"
      )
      return
    }
    context.print(
      context.style(
        "\(venue.name(on: latest.date)), \(venue.city) · \(Plural.count(visits.count, "visit")) · last \(latest.date.longDescription)",
        .bold))
    for visit in visits {
      context.print()
      context.print("\(visit.key.prefix(8))  \(visit.date.longDescription)")
      var line = [leagues.matchupText(of: visit) ?? "no matchup recorded"]
      if let score = visit.score { line.append("final \(score)") }
      line.append(visit.sport.rawValue)
      context.print("          " + line.joined(separator: " · "))
      if let gameID = visit.gameID { context.print("          game \(gameID)") }
      if let notes = visit.notes {
        // Each line of the notes under the first (they keep their line
        // breaks, issue 28, item 23), every line made safe for a terminal.
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: false)
          .map { context.safe(String($0)) }
        context.print("          notes: " + lines.joined(separator: "\n                 "))
      }
    }
  }
}
