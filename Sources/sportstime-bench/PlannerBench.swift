import Foundation
import SportsTimeCore
import SportsTimePlanner

/// The planner's figures (issue 12): the exact window search on every 2025
/// MLB game with a daily drive limit of 8 h, for 7- and 14-day windows
/// across the season (targets: proven optimal in ≤ 0.5 s and ≤ 5 s).
enum PlannerBench {
  /// Prints a line at once (print is buffered when the output is a pipe).
  static func say(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func run() throws {
    let only = ProcessInfo.processInfo.environment["PLANNER_WINDOWS"]
    guard let data = ProcessInfo.processInfo.environment["SPORTSTIME_DATA"] else {
      say("planner: SPORTSTIME_DATA is not set, not measured")
      return
    }
    let path = URL(fileURLWithPath: data).appendingPathComponent("retrosheet/2025schedule.csv")
    let catalog = try Catalog.mlb()
    let games = try RetrosheetSchedule.parse(
      try String(contentsOf: path, encoding: .utf8), file: "2025schedule.csv", catalog: catalog
    ).games
    say()
    say("Planner: window search, 2025 MLB, daily drive limit 8 h (release; median of 3 runs)")
    say(
      [
        pad("window", 24), pad("games", 6), pad("parks", 6), pad("drive h", 8),
        pad("labels", 9), pad("proven", 7), pad("ms", 9),
      ].joined(separator: " "))
    var windows = [
      ("2025-04-07", 7), ("2025-06-13", 7), ("2025-07-21", 7), ("2025-08-25", 7),
      ("2025-05-05", 14), ("2025-06-13", 14), ("2025-08-11", 14),
    ]
    // PLANNER_WINDOWS=2025-06-13:3,2025-06-13:5 measures those alone.
    if let only {
      windows = only.split(separator: ",").compactMap { part in
        let pieces = part.split(separator: ":")
        guard pieces.count == 2, let days = Int(pieces[1]) else { return nil }
        return (String(pieces[0]), days)
      }
    }
    for (start, days) in windows {
      guard let from = CalendarDate(iso: start) else { continue }
      let to = from.adding(days: days - 1)
      let window = games.filter { $0.localDate >= from && $0.localDate <= to }
      var outcome: TripSearch.Outcome?
      let ns = median(runs: 3) {
        let model = PlanningModel(
          games: window, venue: { catalog.venue($0) }, maxDriveHours: 8)
        outcome = TripSearch.run(model)
      }
      let best = outcome?.trips.first
      say(
        [
          pad("\(from.iso)…\(to.iso)", 24), pad("\(window.count)", 6),
          pad("\(best?.parks ?? 0)", 6),
          pad(String(format: "%.1f", (best?.travelSeconds ?? 0) / 3600), 8),
          pad("\(outcome?.labels ?? 0)", 9), pad(outcome?.proven == true ? "yes" : "no", 7),
          pad(String(format: "%.1f", ns / 1e6), 9),
        ].joined(separator: " "))
    }
    say("Targets: a 7-day window proven optimal in ≤ 500 ms, a 14-day window in ≤ 5,000 ms.")
    if ProcessInfo.processInfo.environment["PLANNER_SKIP_ALL_PARKS"] == nil {
      try allParks(games: games, catalog: catalog)
    }
  }

  /// All 30 parks of 2025 with an 8-hour daily drive limit, once (it is
  /// minutes, not milliseconds), stopped at 10 minutes.
  static func allParks(games: [Game], catalog: Catalog) throws {
    say()
    say("Planner: all 30 home parks of 2025, daily drive limit 8 h (release; one run, 600 s limit)")
    let began = Date()
    let answer = try AllParksPlanner.answer(
      AllParksQuery(season: 2025, maxDriveHours: 8), games: games,
      venue: { catalog.venue($0) },
      shouldStop: { Date().timeIntervalSince(began) > 600 },
      progress: { days in
        say(
          String(
            format: "  %6.1f s: searching %d-day windows", Date().timeIntervalSince(began), days))
      })
    let seconds = Date().timeIntervalSince(began)
    if let option = answer.option {
      say(
        "  found: \(option.days) days (\(option.games.first?.localDate.iso ?? "?") to \(option.games.last?.localDate.iso ?? "?")), \(option.parks) parks, \(String(format: "%.0f", option.miles)) mi; proven lower bound \(answer.bound) days (\(answer.proven ? "optimal" : "not proven"))"
      )
    } else {
      say("  no trip found in the time; proven lower bound \(answer.bound) days")
    }
    say(
      String(
        format: "  %d windows searched, %d labels, %.1f s (target: ≤ 600 s and faster than CP-SAT)",
        answer.windows, answer.labels, seconds))
  }
}
