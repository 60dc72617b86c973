import Foundation
import SportsTimeCore
import SportsTimePlanner

/// Temporary probe: the exact all-parks decision for given spans.
enum ExactProbe {
  static func run(spans: [Int]) throws {
    let data = ProcessInfo.processInfo.environment["SPORTSTIME_DATA"] ?? "/work/shared/data"
    let path = URL(fileURLWithPath: data).appendingPathComponent("retrosheet/2025schedule.csv")
    let catalog = try Catalog.mlb()
    let games = try RetrosheetSchedule.parse(
      try String(contentsOf: path, encoding: .utf8), file: "2025schedule.csv", catalog: catalog
    ).games
    let season = games.filter {
      $0.season == 2025 && $0.sport == .mlb && $0.status != .cancelled && !$0.timeUnknown
        && $0.isRegularSeason
    }
    let parks = Set(AllParksPlanner.homeParks(of: season).values)
    let candidates = season.filter { parks.contains($0.venueID) }
    let model = PlanningModel(games: candidates, venue: { catalog.venue($0) }, maxDriveHours: 8)
    var began = Date()
    guard let tables = AllParksExact.Tables(model) else { return }
    PlannerBench.say(
      String(format: "tables: %.2f s, %d slots", Date().timeIntervalSince(began), model.slots.count)
    )
    began = Date()
    let size = Int(ProcessInfo.processInfo.environment["GROUP"] ?? "15") ?? 15
    let bounds = AllParksExact.bounds(tables, groupSize: size)
    PlannerBench.say(
      String(
        format: "bounds: %d tables, %.2f s, lower bound %d", bounds.count,
        Date().timeIntervalSince(began), AllParksExact.lowerBound(tables, bounds: bounds) ?? -1))
    for span in spans {
      began = Date()
      let out = AllParksExact.decide(tables, days: span, bounds: bounds)
      let secs = Date().timeIntervalSince(began)
      var desc = "none"
      if let trip = out.trip, let a = trip.first, let b = trip.last {
        let legal = zip(trip, trip.dropFirst()).allSatisfy { model.isLegal($0, $1) }
        let seen = Set(trip.map { model.slots[$0].venue }).count
        desc =
          "\(model.slots[a].game.localDate.iso)..\(model.slots[b].game.localDate.iso) legal=\(legal) parks=\(seen) games=\(trip.count)"
      }
      PlannerBench.say(
        String(
          format: "span %d: %@ proven=%@ states=%d %.2f s", span, desc, out.proven ? "yes" : "no",
          out.states, secs))
    }
  }
}
