import Foundation
import SportsTimeCore

/// The all-parks question: the shortest trip (in days) that sees every
/// home park of a season (issue 12).
public struct AllParksQuery: Sendable, Hashable {
  /// The season (its games' `season`).
  public var season: Int
  /// The sport (MLB by default).
  public var sport: Sport = .mlb
  /// Only trips starting on or after this day, when given.
  public var from: CalendarDate?
  /// The daily drive limit H in hours (`PlanningModel`), or nil.
  public var maxDriveHours: Double?
  /// Only these teams' home parks (home team codes as in the games), or
  /// every team's when empty.
  public var teams: Set<String> = []

  /// Creates a query; see the properties.
  public init(
    season: Int, sport: Sport = .mlb, from: CalendarDate? = nil, maxDriveHours: Double? = nil,
    teams: Set<String> = []
  ) {
    self.season = season
    self.sport = sport
    self.from = from
    self.maxDriveHours = maxDriveHours
    self.teams = teams
  }
}

/// The all-parks answer.
public struct AllParksAnswer: Sendable, Hashable {
  /// The shortest trip found, or nil when none was found in the time given.
  public var option: PlanOption?
  /// The home parks sought, by id.
  public var parks: [Venue.ID]
  /// The proven lower bound on the span, in days: every shorter window was
  /// searched completely and holds no trip through every park.
  public var bound: Int
  /// Whether `option` is proven optimal (its span equals `bound`).
  public var proven: Bool { option?.days == bound }
  /// Windows searched (start day × span).
  public var windows: Int
  /// Partial trips examined in all.
  public var labels: Int
}

/// Errors of the all-parks question.
public enum AllParksError: Error, Hashable, CustomStringConvertible, ClassifiedError {
  /// No games of that season and sport (none imported, or all before `from`).
  case noGames(season: Int, sport: Sport)
  /// A team asked for has no home games that season.
  case unknownTeams([String])
  /// No legal trip sees every park within the longest span searched.
  case noTrip(parks: Int, maximumDays: Int)

  public var description: String {
    switch self {
    case .noGames(let season, let sport):
      return
        "no \(sport.rawValue) games of the \(season) season to plan with (import its schedule first)"
    case .unknownTeams(let teams):
      return "no home games in that season for \(teams.joined(separator: ", "))"
    case .noTrip(let parks, let days):
      return "no legal trip sees all \(parks) parks within \(days) days"
    }
  }

  public var kind: ErrorKind { .invalidInput }
}

/// Answers `AllParksQuery` exactly: spans are tried from a lower bound up;
/// for each span D every start day s is tried, and the window [s, s+D−1]
/// is searched (`TripSearch.find`) for a trip starting on day s through
/// every park. A window where some park has no game is skipped without a
/// search; the first span with a trip is the optimum, since every shorter
/// one was refuted completely. Before it, a heuristic (`AllParksTour`)
/// finds a short trip, the answer when the time runs out first, with the
/// bound proven by then.
public enum AllParksPlanner {
  /// The longest span searched, in days.
  public static let maximumDays = 60

  /// The widths of the `AllParksTour` rounds that find a first trip
  /// (for 2025 MLB with 8 h a day, a 37-day trip in about 32 s of a
  /// release build).
  public static let tourWidths = [100, 300]

  /// The home parks of a season: for each home team, the venue where it
  /// plays most of its home games (ties: the smaller id). Neutral sites
  /// (a team's few games away from home: Seoul, London) are not home parks.
  public static func homeParks(of games: [Game]) -> [String: Venue.ID] {
    var counts: [String: [Venue.ID: Int]] = [:]
    for game in games where game.status != .cancelled {
      counts[game.homeTeamID, default: [:]][game.venueID, default: 0] += 1
    }
    return counts.mapValues { venues in
      venues.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? ""
    }
  }

  /// Answers `query` over `games` (any games: other seasons and sports are
  /// left out).
  /// - Parameters:
  ///   - venue: the venue of an id (the catalog's).
  ///   - shouldStop: asked now and then; true ends the search with what it
  ///     has (`bound` is then what was proven so far).
  ///   - progress: told each span as it starts (days).
  /// - Throws: `AllParksError`.
  public static func answer(
    _ query: AllParksQuery, games: [Game], venue: (Venue.ID) -> Venue?,
    estimator: RouteEstimator = .default, shouldStop: () -> Bool = { false },
    progress: (Int) -> Void = { _ in }
  ) throws -> AllParksAnswer {
    let season = games.filter {
      $0.season == query.season && $0.sport == query.sport && $0.status != .cancelled
        && !$0.timeUnknown && $0.isRegularSeason
    }
    guard !season.isEmpty else {
      throw AllParksError.noGames(season: query.season, sport: query.sport)
    }
    var homes = homeParks(of: season)
    if !query.teams.isEmpty {
      let missing = query.teams.subtracting(homes.keys).sorted()
      guard missing.isEmpty else { throw AllParksError.unknownTeams(missing) }
      homes = homes.filter { query.teams.contains($0.key) }
    }
    let parks = Set(homes.values)
    let candidates = season.filter { game in
      parks.contains(game.venueID) && (query.from.map { game.localDate >= $0 } ?? true)
    }
    guard let firstDay = candidates.map(\.localDate).min(),
      let lastDay = candidates.map(\.localDate).max()
    else { throw AllParksError.noGames(season: query.season, sport: query.sport) }
    // Each park's game days, for the cover check.
    var daysAt: [Venue.ID: [Int]] = [:]
    for game in candidates {
      daysAt[game.venueID, default: []].append(firstDay.days(to: game.localDate))
    }
    for key in daysAt.keys { daysAt[key]?.sort() }
    let total = firstDay.days(to: lastDay) + 1
    // cover[s]: the shortest window starting on day s in which every park
    // has a game (Int.max when none).
    var cover = [Int](repeating: Int.max, count: total)
    for s in 0..<total {
      var span = 0
      for days in daysAt.values {
        guard let next = firstIndexAtLeast(s, in: days) else {
          span = Int.max
          break
        }
        span = max(span, days[next] - s + 1)
      }
      cover[s] = span
    }
    let starts = Set(candidates.map { firstDay.days(to: $0.localDate) })
    var bound =
      cover.enumerated().filter { starts.contains($0.offset) }.map(\.element).min() ?? Int.max
    guard bound != Int.max else {
      throw AllParksError.noTrip(parks: parks.count, maximumDays: maximumDays)
    }
    var windows = 0
    var labels = 0
    // The best trip a quick (capped) search found: the answer when the
    // time runs out before the exact search finds one, with the bound.
    var incumbent: PlanOption?
    func model(from s: Int, days: Int) -> PlanningModel {
      let from = firstDay.adding(days: s)
      let to = from.adding(days: days - 1)
      let window = candidates.filter { $0.localDate >= from && $0.localDate <= to }
      return PlanningModel(
        games: window, venue: venue, estimator: estimator, maxDriveHours: query.maxDriveHours)
    }
    /// A quick search for a trip of at most `days` from the next `count`
    /// start days not yet tried at that span (the shortest covers first);
    /// nil when none was found (proving nothing).
    var tried: [Int: Int] = [:]
    func quickTrip(days: Int, count: Int) -> PlanOption? {
      let order = (0..<total).filter { starts.contains($0) && cover[$0] <= days }
        .sorted { (cover[$0], $0) < (cover[$1], $1) }
      let next = tried[days, default: 0]
      tried[days] = next + count
      for s in order.dropFirst(next).prefix(count) {
        if shouldStop() { return nil }
        let window = model(from: s, days: days)
        let day = firstDay.adding(days: s)
        let first = Set(window.slots.indices.filter { window.slots[$0].game.localDate == day })
        let found = TripSearch.find(
          window, goal: parks.count, constraints: .init(starts: first), cap: 24,
          shouldStop: shouldStop)
        labels += found.labels
        if let trip = found.trip { return PlanOption(slots: trip.slots, model: window) }
      }
      return nil
    }
    // A first trip from the beam search over visiting orders
    // (`AllParksTour`), else from quick searches of ever longer spans, so
    // that a stopped search has one to give; then the exact search from
    // the bound up, spending up to half its time on quick tries one day
    // shorter than the best trip.
    let whole = model(from: 0, days: total)
    if let trip = AllParksTour.search(whole, widths: tourWidths, shouldStop: shouldStop),
      Set(trip.map { whole.slots[$0].venue }).count == parks.count
    {
      incumbent = PlanOption(slots: trip, model: whole)
    }
    var span = bound
    while incumbent == nil, span <= maximumDays, !shouldStop() {
      span = min(maximumDays, span + 8)
      incumbent = quickTrip(days: span, count: 6)
      if span == maximumDays { break }
    }
    var exactSeconds = 0.0
    var quickSeconds = 0.0
    func improve() {
      while let best = incumbent, best.days - 1 > bound, quickSeconds < exactSeconds / 2,
        !shouldStop()
      {
        let began = Date()
        let found = quickTrip(days: best.days - 1, count: 6)
        quickSeconds += Date().timeIntervalSince(began)
        guard let found else { return }
        incumbent = found
      }
    }
    while bound <= maximumDays {
      progress(bound)
      improve()
      let began = Date()
      defer { exactSeconds += Date().timeIntervalSince(began) }
      for s in 0..<total where starts.contains(s) && cover[s] <= bound {
        if shouldStop() {
          return AllParksAnswer(
            option: incumbent, parks: parks.sorted(), bound: bound, windows: windows,
            labels: labels)
        }
        let from = firstDay.adding(days: s)
        let to = from.adding(days: bound - 1)
        let model = model(from: s, days: bound)
        // Starts on day s and ends on the window's last day: a trip from
        // day s ending sooner has a shorter span, already refuted.
        let first = Set(model.slots.indices.filter { model.slots[$0].game.localDate == from })
        let last = Set(model.slots.indices.filter { model.slots[$0].game.localDate == to })
        let found = TripSearch.find(
          model, goal: parks.count, constraints: .init(starts: first, ends: last),
          shouldStop: shouldStop)
        windows += 1
        labels += found.labels
        if let trip = found.trip {
          return AllParksAnswer(
            option: PlanOption(slots: trip.slots, model: model), parks: parks.sorted(),
            bound: bound, windows: windows, labels: labels)
        }
        if !found.proven {
          return AllParksAnswer(
            option: incumbent, parks: parks.sorted(), bound: bound, windows: windows,
            labels: labels)
        }
      }
      bound += 1
      // Every shorter span refuted: a quick trip of this span is optimal.
      if let incumbent, incumbent.days <= bound {
        return AllParksAnswer(
          option: incumbent, parks: parks.sorted(), bound: bound, windows: windows,
          labels: labels)
      }
    }
    throw AllParksError.noTrip(parks: parks.count, maximumDays: maximumDays)
  }

  /// The index of the first element ≥ `value` in sorted `values`, or nil.
  static func firstIndexAtLeast(_ value: Int, in values: [Int]) -> Int? {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < values.count ? low : nil
  }
}
