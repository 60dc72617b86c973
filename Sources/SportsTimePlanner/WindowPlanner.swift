import Foundation
import SportsTimeCore

/// A place a trip starts or ends near: a venue (found by its name or city)
/// and how far from it, in travel seconds, the first or last game may be.
public struct PlanPlace: Sendable, Hashable {
  /// What the user typed ("Boston"), for messages.
  public var name: String
  /// The venue standing for the place (its coordinate and country).
  public var venue: Venue
  /// The most travel, in seconds, from the place to the game's venue.
  public var radiusSeconds: Double

  /// Creates a place; see the properties.
  public init(name: String, venue: Venue, radiusSeconds: Double) {
    self.name = name
    self.venue = venue
    self.radiusSeconds = radiusSeconds
  }

  /// The place `name` names: a city of the catalog's venues ("Boston":
  /// its venue with the smallest id, any of them stands for the city), or
  /// else a venue as `Catalog.venue(named:)` finds it (a name, a park
  /// code, a team's home).
  /// - Throws: `PlanError.unknownPlace` (a city field's words, with the
  ///   closest city or venue name as a suggestion) when nothing matches;
  ///   `CatalogError.ambiguousVenue` from `Catalog.venue(named:)`.
  public static func resolve(_ name: String, radiusHours: Double, catalog: Catalog) throws
    -> PlanPlace
  {
    let key = name.trimmingCharacters(in: .whitespaces).lowercased()
    let venues = catalog.venues.values.sorted { $0.id < $1.id }
    let inCity = venues.filter { $0.city.lowercased() == key }
    let venue: Venue
    do {
      venue = try inCity.first ?? catalog.venue(named: name)
    } catch CatalogError.unknownVenue {
      var cities: [String] = []
      for city in venues.map(\.city) where !cities.contains(city) { cities.append(city) }
      throw PlanError.unknownPlace(
        String(name.trimmingCharacters(in: .whitespaces).prefix(80)),
        suggestion: Suggest.closest(to: key, in: cities + venues.flatMap(\.allNames)))
    }
    return PlanPlace(name: name, venue: venue, radiusSeconds: radiusHours * 3600)
  }
}

/// A team to follow (`WindowQuery.follow`).
public struct FollowedTeam: Sendable, Hashable {
  /// Its sport (codes repeat across leagues: BOS is the Celtics and the Bruins).
  public var sport: Sport
  /// Its codes as in the games (`Game.homeTeamID`; an MLB franchise may
  /// have several, as ATH and OAK).
  public var codes: Set<String>
  /// Its name, for messages ("Chicago Cubs").
  public var name: String

  /// Creates a team to follow; see the properties.
  public init(sport: Sport, codes: Set<String>, name: String) {
    self.sport = sport
    self.codes = codes
    self.name = name
  }

  /// Whether it plays `game` (home or away).
  public func plays(_ game: Game) -> Bool {
    game.sport == sport && (codes.contains(game.homeTeamID) || codes.contains(game.awayTeamID))
  }
}

/// The window question: "I have these dates (and a car): how many parks
/// can I see?" (issue 12).
public struct WindowQuery: Sendable, Hashable {
  /// The first day, local to each game's venue.
  public var from: CalendarDate
  /// The last day (inclusive).
  public var to: CalendarDate
  /// The sports whose games count (empty: every sport given).
  public var sports: Set<Sport> = []
  /// The first game's venue lies within this of it, when given.
  public var startNear: PlanPlace?
  /// The last game's venue lies within this of it, when given.
  public var endNear: PlanPlace?
  /// Games every option includes.
  public var must: [Game.ID] = []
  /// Follow a team: every game it plays in the window (home and away) is
  /// a must-see game too; nil for none.
  public var follow: FollowedTeam?
  /// The daily drive limit H in hours (`PlanningModel`), or nil.
  public var maxDriveHours: Double?
  /// How many options to return (at least 1).
  public var options: Int = 10

  /// The longest window searched, in days: the search is exact, and a
  /// month of a full schedule is where its labels stop fitting a laptop.
  public static let maximumDays = 31

  /// Creates a query; see the properties.
  public init(
    from: CalendarDate, to: CalendarDate, sports: Set<Sport> = [], startNear: PlanPlace? = nil,
    endNear: PlanPlace? = nil, must: [Game.ID] = [], follow: FollowedTeam? = nil,
    maxDriveHours: Double? = nil, options: Int = 10
  ) {
    self.from = from
    self.to = to
    self.sports = sports
    self.startNear = startNear
    self.endNear = endNear
    self.must = must
    self.follow = follow
    self.maxDriveHours = maxDriveHours
    self.options = options
  }
}

/// The planner's answer: options best first (`PlanSort.recommended`) and
/// whether the first is proven optimal.
public struct PlanAnswer: Sendable, Hashable {
  /// The options, in `recommended` order; the first is the best found.
  public var options: [PlanOption]
  /// Whether the search ran to the end: the first option is optimal
  /// (most parks, then least travel) among every legal trip.
  public var proven: Bool
  /// The candidate games the search had.
  public var gameCount: Int
  /// Partial trips the search examined (for progress and benchmarks).
  public var labels: Int
}

/// A question the planner cannot answer as asked; each message says what
/// was wrong.
public enum PlanError: Error, Hashable, CustomStringConvertible {
  /// `to` is before `from`.
  case backwards(from: CalendarDate, to: CalendarDate)
  /// The window is longer than `WindowQuery.maximumDays`.
  case tooLong(days: Int)
  /// A must-see game is not among the window's games (the game, when
  /// the schedule has it).
  case mustNotInWindow(Game.ID, game: Game?)
  /// Two must-see games that no legal trip holds both of.
  case mustIncompatible(Game, Game)
  /// More venues than the search's sets hold.
  case tooManyVenues(Int)
  /// A place to start or end near that is no city and no venue of the
  /// tables: what was typed, and the closest city or venue name.
  case unknownPlace(String, suggestion: String?)
  /// The team followed plays no game in the window.
  case followNoGames(team: String)
  /// Two consecutive games of the team followed that no legal trip holds
  /// both of (the team flies; a fan with the drive limit cannot follow).
  case followGap(team: String, Game, Game, driveLimit: Bool)

  /// A game as a message names it: "SEA @ LAA on 2025-06-06", teams by
  /// their printed codes.
  static func matchup(_ game: Game) -> String {
    let teams = (try? Catalog.mlb())?.teams
    let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: teams)
    let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: teams)
    let number = game.gameNumber > 0 ? " (game \(game.gameNumber))" : ""
    return "\(away) @ \(home) on \(game.localDate.iso)\(number)"
  }

  public var description: String {
    switch self {
    case .backwards(let from, let to):
      return "the window ends (\(to.iso)) before it starts (\(from.iso))"
    case .tooLong(let days):
      return
        "the window is \(days) days; the planner searches at most \(WindowQuery.maximumDays) (shorten --from/--to)"
    case .mustNotInWindow(_, let game?):
      return
        "must-see game \(Self.matchup(game)) is outside the dates asked for"
    case .mustNotInWindow(let id, nil):
      return "must-see game \(id) is not among the games of the dates asked for"
    case .mustIncompatible(let a, let b):
      return
        "must-see games \(Self.matchup(a)) and \(Self.matchup(b)) cannot both be seen: no legal trip gets from one to the other in time"
    case .unknownPlace(let name, let suggestion):
      let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
      return
        "no city or venue called '\(name)' is known\(hint): give a city with a ballpark, arena or stadium, such as Boston or Chicago, or a venue's name"
    case .tooManyVenues(let n):
      return
        "the window's games are at \(n) venues; the planner handles at most \(VenueSet.capacity)"
    case .followNoGames(let team):
      return "the \(team) play no game in the window (check the dates and the sport)"
    case .followGap(let team, let a, let b, let driveLimit):
      let remedy =
        driveLimit
        ? "plan the dates on one side of that trip, or raise the daily drive limit"
        : "plan the dates on one side of that trip"
      return
        "the \(team) play \(Self.matchup(a)) and \(Self.matchup(b)), too far apart to drive from one to the other in time (the team flies); \(remedy)"
    }
  }
}

/// The window, must-see and start/end-near queries over a list of games.
public enum WindowPlanner {
  /// Answers `query` over `games` (any games: those outside the window or
  /// its sports are left out).
  ///
  /// The options are distinct in the order of venues they visit (two trips
  /// that see the same parks in the same order on different days are one
  /// option), best first.
  /// - Parameters:
  ///   - venue: the venue of an id (the catalog's).
  ///   - estimator: travel between venues (default: `RouteEstimator.default`).
  ///   - shouldStop: asked now and then; true ends the search early with
  ///     the best found (`proven` false).
  /// - Throws: `PlanError`.
  public static func answer(
    _ query: WindowQuery, games: [Game], venue: (Venue.ID) -> Venue?,
    estimator: RouteEstimator = .default, shouldStop: () -> Bool = { false }
  ) throws -> PlanAnswer {
    guard query.from <= query.to else { throw PlanError.backwards(from: query.from, to: query.to) }
    let days = query.from.days(to: query.to) + 1
    guard days <= WindowQuery.maximumDays else { throw PlanError.tooLong(days: days) }
    let window = games.filter {
      $0.localDate >= query.from && $0.localDate <= query.to
        && (query.sports.isEmpty || query.sports.contains($0.sport))
    }
    let model = PlanningModel(
      games: window, venue: venue, estimator: estimator, maxDriveHours: query.maxDriveHours)
    guard model.venues.count <= VenueSet.capacity else {
      throw PlanError.tooManyVenues(model.venues.count)
    }
    var must: Set<Int> = []
    for id in query.must {
      guard let slot = model.slots.firstIndex(where: { $0.game.id == id }) else {
        throw PlanError.mustNotInWindow(id, game: games.first { $0.id == id })
      }
      must.insert(slot)
    }
    let named = must
    if let team = query.follow {
      let followed = model.slots.indices.filter { team.plays(model.slots[$0].game) }
      guard !followed.isEmpty else { throw PlanError.followNoGames(team: team.name) }
      let ordered = followed.sorted()
      for (a, b) in zip(ordered, ordered.dropFirst()) where !reachable(model, from: a, to: b) {
        throw PlanError.followGap(
          team: team.name, model.slots[a].game, model.slots[b].game,
          driveLimit: query.maxDriveHours != nil)
      }
      must.formUnion(followed)
    }
    let ordered = must.sorted()
    for (a, b) in zip(ordered, ordered.dropFirst()) where !reachable(model, from: a, to: b) {
      if named.contains(a) || named.contains(b) || query.follow == nil {
        throw PlanError.mustIncompatible(model.slots[a].game, model.slots[b].game)
      }
    }
    func near(_ place: PlanPlace?) -> Set<Int>? {
      guard let place else { return nil }
      let close = Set(
        model.venues.indices.filter {
          estimator.estimate(from: place.venue, to: model.venues[$0]).durationSeconds
            <= place.radiusSeconds || model.venues[$0].id == place.venue.id
        })
      return Set(model.slots.indices.filter { close.contains(model.slots[$0].venue) })
    }
    let wanted = max(1, query.options)
    let outcome = TripSearch.run(
      model,
      constraints: .init(starts: near(query.startNear), ends: near(query.endNear), must: must),
      keep: wanted * 4, shouldStop: shouldStop)
    var options: [PlanOption] = []
    var routes: Set<[Int]> = []
    for trip in outcome.trips {
      var route: [Int] = []
      for slot in trip.slots where route.last != model.slots[slot].venue {
        route.append(model.slots[slot].venue)
      }
      guard routes.insert(route).inserted else { continue }
      options.append(PlanOption(slots: trip.slots, model: model))
    }
    // The search's first is the optimum (most parks, least travel); the
    // others follow in the same order, slack then miles breaking ties.
    if let first = options.first {
      options = [first] + PlanSort.recommended.sorted(Array(options.dropFirst()))
    }
    return PlanAnswer(
      options: Array(options.prefix(wanted)), proven: outcome.proven, gameCount: model.slots.count,
      labels: outcome.labels)
  }

  /// Whether some legal path leads from slot `a` to slot `b` (a < b).
  static func reachable(_ model: PlanningModel, from a: Int, to b: Int) -> Bool {
    var can = [Bool](repeating: false, count: b - a + 1)
    can[0] = true
    for i in a..<b where can[i - a] {
      for j in (i + 1)...b where !can[j - a] && model.isLegal(i, j) { can[j - a] = true }
    }
    return can[b - a]
  }
}

extension PlanError: ClassifiedError {
  /// Every plan error is the question's fault: invalid input (exit 2 in
  /// the CLI, 400 in the API).
  public var kind: ErrorKind { .invalidInput }
}
