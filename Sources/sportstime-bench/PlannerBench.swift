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
    // Each window's model and our answer, for the CP-SAT reference below.
    var measured: [(label: String, model: PlanningModel, outcome: TripSearch.Outcome, ns: Double)] =
      []
    for (start, days) in windows {
      guard let from = CalendarDate(iso: start) else { continue }
      let to = from.adding(days: days - 1)
      let window = games.filter { $0.localDate >= from && $0.localDate <= to }
      var outcome: TripSearch.Outcome?
      var built: PlanningModel?
      let ns = median(runs: 3) {
        let model = PlanningModel(
          games: window, venue: { catalog.venue($0) }, maxDriveHours: 8)
        outcome = TripSearch.run(model)
        built = model
      }
      if let built, let outcome {
        measured.append(("\(days)-day window \(from.iso) H=8", built, outcome, ns))
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
    windowReference(measured)
    if ProcessInfo.processInfo.environment["PLANNER_SKIP_ALL_PARKS"] == nil {
      try allParks(games: games, catalog: catalog)
    }
    if !disagreements.isEmpty {
      throw Disagreement(lines: disagreements)
    }
  }

  /// CP-SAT and our planner disagree: a bug on one side (the bench fails).
  struct Disagreement: Error, CustomStringConvertible {
    var lines: [String]
    var description: String {
      "CP-SAT and the planner disagree:\n  " + lines.joined(separator: "\n  ")
    }
  }

  /// Every disagreement with CP-SAT so far (printed at once, and failing
  /// the run at the end).
  nonisolated(unsafe) static var disagreements: [String] = []

  static func disagree(_ line: String) {
    disagreements.append(line)
    say("  !!! DISAGREEMENT: \(line)")
    FileHandle.standardError.write(Data("sportstime-bench: DISAGREEMENT: \(line)\n".utf8))
  }

  /// Seconds CP-SAT may take on one window instance (PLANNER_CPSAT_SECONDS).
  static var windowLimit: Double {
    ProcessInfo.processInfo.environment["PLANNER_CPSAT_SECONDS"].flatMap(Double.init) ?? 300
  }

  /// The reference: CP-SAT on each window's very model, our time beside it.
  static func windowReference(
    _ measured: [(label: String, model: PlanningModel, outcome: TripSearch.Outcome, ns: Double)]
  ) {
    guard !measured.isEmpty else { return }
    say()
    say(
      String(
        format:
          "Reference: OR-Tools CP-SAT (scripts/cpsat_plan.py, 2 workers, limit %.0f s) on the same models.",
        windowLimit))
    say(
      "  ours = model + search (median of 3); CP-SAT = model + solve in Python (once; process with start-up in brackets)"
    )
    for entry in measured {
      let name = entry.label.replacingOccurrences(of: " ", with: "-")
      guard
        let cp = CPSATReference.solve(
          entry.model, question: .window, timeLimit: windowLimit, name: name)
      else {
        say("  \(CPSATReference.unavailable ?? "CP-SAT reference not measured")")
        return
      }
      let ours = entry.outcome.trips.first
      let oursParks = ours?.parks ?? 0
      let oursSeconds = entry.ns / 1e9
      let cpSeconds = cp.wallSeconds ?? cp.processSeconds
      let cpHours = cp.travelSeconds.map { String(format: ", %.1f h", Double($0) / 3600) } ?? ""
      // CP-SAT stopped at its limit (not OPTIMAL): ours is at least that much faster.
      let atLeast = cp.status == "OPTIMAL" ? "" : "≥ "
      let ratio =
        cpSeconds >= oursSeconds
        ? String(format: "ours %@%.0f× faster", atLeast, cpSeconds / max(oursSeconds, 1e-9))
        : String(format: "ours %.1f× slower", oursSeconds / max(cpSeconds, 1e-9))
      say(
        "  \(entry.label): ours \(CPSATReference.time(oursSeconds)) (\(entry.outcome.proven ? "proven" : "not proven"), \(oursParks) parks, "
          + String(format: "%.1f h", (ours?.travelSeconds ?? 0) / 3600)
          + ") · CP-SAT \(CPSATReference.time(cpSeconds)) [\(CPSATReference.time(cp.processSeconds))] (\(cp.status), \(cp.objective.map(String.init) ?? "no") parks\(cpHours)\(cp.status == "OPTIMAL" ? "" : cp.bound.map { ", bound \($0)" } ?? ""); \(cp.games ?? 0) games, \(cp.arcs ?? 0) legal legs) → \(ratio)"
      )
      checkWindow(entry.label, model: entry.model, outcome: entry.outcome, cp: cp)
    }
  }

  /// Our optimum against CP-SAT's: equal venues; travel equal up to the
  /// rounding (each side's chain is no better than the other's optimum in
  /// the other's measure).
  static func checkWindow(
    _ label: String, model: PlanningModel, outcome: TripSearch.Outcome,
    cp: CPSATReference.Result
  ) {
    let legs = CPSATReference.legalLegs(model)
    if let arcs = cp.arcs, arcs != legs {
      disagree("\(label): CP-SAT has \(arcs) legal legs, PlanningModel \(legs)")
    }
    if let problem = CPSATReference.chainProblem(cp, model: model) {
      disagree("\(label): \(problem)")
      return
    }
    let ours = outcome.trips.first
    let oursParks = ours?.parks ?? 0
    if cp.status == "INFEASIBLE" || cp.status == "MODEL_INVALID" {
      disagree("\(label): CP-SAT says \(cp.status)")
      return
    }
    if let bound = cp.bound, bound < oursParks {
      disagree("\(label): ours sees \(oursParks) parks, above CP-SAT's proven bound \(bound)")
    }
    guard let cpParks = cp.objective, let chain = cp.slots else { return }
    if outcome.proven && cpParks > oursParks {
      disagree("\(label): CP-SAT found \(cpParks) parks, ours proved \(oursParks) optimal")
    }
    guard cp.status == "OPTIMAL", outcome.proven else { return }
    if cpParks != oursParks {
      disagree("\(label): optimum \(cpParks) parks (CP-SAT) vs \(oursParks) (ours)")
      return
    }
    guard let ours else { return }
    let theirs = CPSATReference.travel(of: chain, model: model)
    let mine = CPSATReference.travel(of: ours.slots, model: model)
    if theirs.exact < ours.travelSeconds - 1e-6 {
      disagree(
        "\(label): CP-SAT's chain travels \(theirs.exact) s, less than our optimum's \(ours.travelSeconds) s"
      )
    }
    if let cpTravel = cp.travelSeconds, cpTravel > mine.rounded {
      disagree(
        "\(label): CP-SAT's optimum travels \(cpTravel) s (rounded up), more than our chain's \(mine.rounded) s"
      )
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
      progress: { step in
        let seconds = Date().timeIntervalSince(began)
        switch step {
        case .firstTrip(let days):
          say(
            String(
              format: "  %6.1f s: the beam search's trip: %@", seconds,
              days.map { "\($0) days" } ?? "none"))
        case .deciding(let days):
          say(String(format: "  %6.1f s: deciding trips of at most %d days", seconds, days))
        }
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
        format:
          "  %d states in the exact decisions, %.1f s (target: ≤ 600 s and faster than CP-SAT)",
        answer.states, seconds))
    allParksReference(answer: answer, seconds: seconds, games: games, catalog: catalog)
  }

  /// Seconds CP-SAT may take on one all-parks instance
  /// (PLANNER_CPSAT_ALL_PARKS_SECONDS).
  static var allParksLimit: Double {
    ProcessInfo.processInfo.environment["PLANNER_CPSAT_ALL_PARKS_SECONDS"].flatMap(Double.init)
      ?? 600
  }

  /// CP-SAT on the all-parks question where ours answered it: the games of
  /// the home parks in the D days from our trip's first day (D = our
  /// optimum), asked for a chain through all of them within D days (ours
  /// found one) and, on the same games, within D − 1 days (ours refuted
  /// every (D − 1)-day window, so also both that fit in these D days).
  /// When ours found no trip in its time, D is its proven bound and the
  /// games are those of the first D-day window in which every park has a
  /// game (within D days: ours did not decide it; within D − 1: refuted).
  static func allParksReference(
    answer: AllParksAnswer, seconds: Double, games: [Game], catalog: Catalog
  ) {
    // The games AllParksPlanner searches: the season's regular-season games
    // with a known start at the home parks.
    let season = games.filter {
      $0.season == 2025 && $0.sport == .mlb && $0.status != .cancelled && !$0.timeUnknown
        && $0.isRegularSeason
    }
    let parks = Set(AllParksPlanner.homeParks(of: season).values)
    let days: Int
    let first: CalendarDate
    let found = answer.option != nil
    if let option = answer.option, let start = option.games.first?.localDate {
      days = option.days
      first = start
    } else {
      days = answer.bound
      let atParks = season.filter { parks.contains($0.venueID) }
      let coverable = Set(atParks.map(\.localDate)).sorted().first { day in
        let end = day.adding(days: days - 1)
        return Set(atParks.filter { $0.localDate >= day && $0.localDate <= end }.map(\.venueID))
          .count == parks.count
      }
      guard let coverable else {
        say("  CP-SAT: not measured (no \(days)-day window has a game at every park)")
        return
      }
      first = coverable
      say(
        "  (ours found no trip in its time: CP-SAT gets the first \(days)-day window with a game at every park)"
      )
    }
    let last = first.adding(days: days - 1)
    let window = season.filter {
      parks.contains($0.venueID) && $0.localDate >= first && $0.localDate <= last
    }
    let model = PlanningModel(games: window, venue: { catalog.venue($0) }, maxDriveHours: 8)
    let venues = Array(model.venues.indices)
    if model.venues.count != parks.count {
      say(
        "  (the \(days)-day window has games at \(model.venues.count) of the \(parks.count) parks)")
    }
    say(
      String(
        format:
          "  Reference: OR-Tools CP-SAT (2 workers, limit %.0f s each) on the %d games at the home parks %@…%@ (ours: the whole question, every start and span, in %.1f s):",
        allParksLimit, model.slots.count, first.iso, last.iso, seconds))
    for span in [days, days - 1] where span >= 1 {
      let label = "all \(venues.count) parks within \(span) days, games of \(first.iso)…\(last.iso)"
      guard
        let cp = CPSATReference.solve(
          model, question: .cover(venues: venues, maxSpanDays: span), timeLimit: allParksLimit,
          name: "all-parks-\(first.iso)-\(span)-days")
      else {
        say("  \(CPSATReference.unavailable ?? "CP-SAT reference not measured")")
        return
      }
      // Every span below the bound was refuted; ours' trip, if any, proves D.
      let refuted = answer.proven || !found
      let expected =
        span == days
        ? (found ? "ours: found (\(days) days)" : "ours: not decided in its time")
        : refuted ? "ours: refuted" : "ours: not refuted (not proven)"
      let what: String
      switch cp.status {
      case "OPTIMAL", "FEASIBLE":
        what = "found, \(cp.spanDays ?? 0) days, \(cp.objective ?? 0) parks"
      case "INFEASIBLE": what = "proven none"
      default: what = "undecided in the limit"
      }
      say(
        "  \(label): CP-SAT \(CPSATReference.time(cp.wallSeconds ?? cp.processSeconds)) [\(CPSATReference.time(cp.processSeconds))] (\(cp.status): \(what); \(cp.arcs ?? 0) legal legs) · \(expected)"
      )
      if let problem = CPSATReference.chainProblem(cp, model: model) {
        disagree("\(label): \(problem)")
      } else if cp.found {
        let chain = cp.slots ?? []
        let seen = Set(chain.map { model.slots[$0].venue }).count
        let chainDays =
          chain.first.flatMap { a in chain.last.map { model.slots[$0].day - model.slots[a].day + 1 }
          }
          ?? 0
        if seen != venues.count || chainDays > span {
          disagree("\(label): CP-SAT's chain sees \(seen) parks in \(chainDays) days")
        } else if chainDays < days && refuted {
          disagree("\(label): CP-SAT found \(chainDays) days, ours proved \(days) optimal")
        }
      } else if cp.status == "INFEASIBLE" && span == days && found {
        disagree("\(label): CP-SAT says none, ours found one")
      }
    }
  }
}
