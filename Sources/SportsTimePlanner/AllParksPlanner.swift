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
  /// Only these teams' home parks, or every team's when empty. Each team
  /// is the set of its home team codes as in the games (a franchise known
  /// by several, like ATH and OAK, gives them all: the ones with no home
  /// games that season are passed over).
  public var teams: [Set<String>] = []

  /// Creates a query; see the properties.
  public init(
    season: Int, sport: Sport = .mlb, from: CalendarDate? = nil, maxDriveHours: Double? = nil,
    teams: [Set<String>] = []
  ) {
    self.season = season
    self.sport = sport
    self.from = from
    self.maxDriveHours = maxDriveHours
    self.teams = teams
  }
}

/// What an all-parks search is doing, for progress shown on long work.
public enum AllParksProgress: Sendable, Hashable {
  /// The beam search has ended with a trip of this many days (nil: none).
  case firstTrip(days: Int?)
  /// The exact decision for trips of at most `days` days begins: every
  /// shorter span is refuted.
  case deciding(days: Int)
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
  /// Partial trips the exact decisions kept (`AllParksExact`), in all.
  public var states: Int
}

/// Errors of the all-parks question.
public enum AllParksError: Error, Hashable, CustomStringConvertible, ClassifiedError {
  /// No games of that season and sport (none imported).
  case noGames(season: Int, sport: Sport)
  /// None of the season's games at the parks is on or after `from` (the
  /// last is on `last`).
  case noGamesFrom(season: Int, sport: Sport, from: CalendarDate, last: CalendarDate)
  /// These parks (their names) have no game on or after `from`, so no trip
  /// sees every park.
  case parksWithoutGames([String], from: CalendarDate)
  /// A team asked for has no home games that season.
  case unknownTeams([String])
  /// No legal trip sees every park within `days` days: the longest span
  /// searched, or the days of the season left from `from` when fewer.
  case noTrip(parks: Int, days: Int, from: CalendarDate?)

  public var description: String {
    switch self {
    case .noGames(let season, let sport):
      return
        "no \(sport.rawValue) games of the \(season) season to plan with (import its schedule first)"
    case .noGamesFrom(let season, let sport, let from, let last):
      return
        "no \(sport.rawValue) games of the \(season) season on or after \(from.iso): its last regular-season game at these parks is on \(last.iso)"
    case .parksWithoutGames(let names, let from):
      return
        "no trip can see every park from \(from.iso): \(Plural.list(names)) \(Plural.form(names.count, one: "has", other: "have")) no games left from then"
    case .unknownTeams(let teams):
      return "no home games in that season for \(teams.joined(separator: ", "))"
    case .noTrip(let parks, let days, let from?) where days < AllParksPlanner.maximumDays:
      return
        "no legal trip sees all \(parks) parks in the \(Plural.count(days, "day")) of the season left from \(from.iso)"
    case .noTrip(let parks, let days, _):
      return "no legal trip sees all \(parks) parks within \(days) days"
    }
  }

  public var kind: ErrorKind { .invalidInput }
}

/// Answers `AllParksQuery` exactly. A first trip comes from a beam search
/// over visiting orders (`AllParksTour`); then the exact decision
/// (`AllParksExact.decide`: is there a trip of at most D days?) is asked
/// for D from a lower bound (each park has a game within D days, and
/// `AllParksExact.lowerBound`) up to one day less than the best trip. Each
/// refusal proves the bound D + 1; a trip found at D is optimal, and so is
/// the first trip once D reaches one day less than it. A stopped search
/// answers with the best trip and the bound proven by then.
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
  ///   - progress: told when the first trip is found and as each span's
  ///     decision starts.
  /// - Throws: `AllParksError`.
  public static func answer(
    _ query: AllParksQuery, games: [Game], venue: (Venue.ID) -> Venue?,
    estimator: RouteEstimator = .default, shouldStop: () -> Bool = { false },
    progress: (AllParksProgress) -> Void = { _ in }
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
      let missing = query.teams.filter { $0.isDisjoint(with: homes.keys) }
      guard missing.isEmpty else {
        throw AllParksError.unknownTeams(missing.map { $0.sorted().joined(separator: "/") })
      }
      let codes = query.teams.reduce(into: Set<String>()) { $0.formUnion($1) }
      homes = homes.filter { codes.contains($0.key) }
    }
    let parks = Set(homes.values)
    let atParks = season.filter { parks.contains($0.venueID) }
    let candidates = atParks.filter { game in query.from.map { game.localDate >= $0 } ?? true }
    if let from = query.from {
      guard !candidates.isEmpty else {
        throw AllParksError.noGamesFrom(
          season: query.season, sport: query.sport, from: from,
          last: atParks.map(\.localDate).max() ?? from)
      }
      let left = Set(candidates.map(\.venueID))
      let without = parks.subtracting(left)
      guard without.isEmpty else {
        throw AllParksError.parksWithoutGames(
          without.map { venue($0)?.name(on: from) ?? $0.rawValue }.sorted(), from: from)
      }
    }
    guard let firstDay = candidates.map(\.localDate).min(),
      let lastDay = candidates.map(\.localDate).max()
    else {
      throw AllParksError.noGames(season: query.season, sport: query.sport)
    }
    // The longest span a trip can have: the cap, or what is left of the season.
    let searchable = min(maximumDays, firstDay.days(to: lastDay) + 1)
    // Each park's game days, for the cover check.
    var daysAt: [Venue.ID: [Int]] = [:]
    for game in candidates {
      daysAt[game.venueID, default: []].append(firstDay.days(to: game.localDate))
    }
    for key in daysAt.keys { daysAt[key]?.sort() }
    // The shortest window from a day of some game in which every park has
    // a game: no trip is shorter.
    let starts = Set(candidates.map { firstDay.days(to: $0.localDate) })
    var bound = Int.max
    for s in starts.sorted() {
      var span = 0
      for days in daysAt.values {
        guard let next = firstIndexAtLeast(s, in: days) else {
          span = Int.max
          break
        }
        span = max(span, days[next] - s + 1)
      }
      bound = min(bound, span)
    }
    let model = PlanningModel(
      games: candidates, venue: venue, estimator: estimator, maxDriveHours: query.maxDriveHours)
    guard bound <= searchable, model.venues.count == parks.count,
      let tables = AllParksExact.Tables(model)
    else {
      throw AllParksError.noTrip(parks: parks.count, days: searchable, from: query.from)
    }
    var states = 0
    func answer(_ option: PlanOption?) -> AllParksAnswer {
      AllParksAnswer(option: option, parks: parks.sorted(), bound: bound, states: states)
    }
    var incumbent: PlanOption?
    if let trip = AllParksTour.search(model, widths: tourWidths, shouldStop: shouldStop),
      Set(trip.map { model.slots[$0].venue }).count == parks.count
    {
      incumbent = PlanOption(slots: trip, model: model)
    }
    progress(.firstTrip(days: incumbent?.days))
    // The subset bounds (seconds to build), once a first trip is in hand.
    guard let bounds = AllParksExact.bounds(tables, shouldStop: shouldStop) else {
      return answer(incumbent)
    }
    guard let least = AllParksExact.lowerBound(tables, bounds: bounds) else {
      throw AllParksError.noTrip(parks: parks.count, days: searchable, from: query.from)
    }
    bound = max(bound, least)
    while bound <= searchable {
      if let incumbent, incumbent.days <= bound { return answer(incumbent) }
      if shouldStop() { return answer(incumbent) }
      progress(.deciding(days: bound))
      let decided = AllParksExact.decide(
        tables, days: bound, bounds: bounds, shouldStop: shouldStop)
      states += decided.states
      if let trip = decided.trip { return answer(PlanOption(slots: trip, model: model)) }
      guard decided.proven else { return answer(incumbent) }
      bound += 1
    }
    throw AllParksError.noTrip(parks: parks.count, days: searchable, from: query.from)
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
