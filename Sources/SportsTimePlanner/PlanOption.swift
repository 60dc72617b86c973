import Foundation
import SportsTimeCore

/// One trip the planner offers: its games in trip order and its figures,
/// all computed under `PlanningModel` (issue 12).
public struct PlanOption: Sendable, Hashable {
  /// The games, in trip order (by start instant).
  public var games: [Game]
  /// The distinct venues, in the order first seen.
  public var venueIDs: [Venue.ID]
  /// Distinct venues (parks, arenas, stadiums).
  public var parks: Int
  /// Distinct cities of those venues (`Venue.city`).
  public var cities: Int
  /// The span: the last game's local date − the first's, + 1, in days.
  public var days: Int
  /// Travel between consecutive games at different venues, in meters
  /// (the `RouteEstimator`'s estimate: drives × 1.2 great-circle, flights).
  public var distanceMeters: Double
  /// Travel time of those legs, in seconds: `driveSeconds` +
  /// `flightSeconds`.
  public var travelSeconds: Double
  /// The driving part of `travelSeconds`, in seconds.
  public var driveSeconds: Double
  /// The flying part of `travelSeconds`, in seconds (each flight's
  /// airport hours included).
  public var flightSeconds: Double
  /// The legs between consecutive games at different venues, in trip
  /// order, each a drive or a flight.
  public var legs: [PlanLeg]
  /// The stops in trip order: consecutive games at one venue are one
  /// stop, each named as on its first game's date.
  public var stops: [PlanStop]
  /// The smallest slack of any leg in seconds (time to spare between
  /// arriving and the next game's start, after the 3 h game), or nil for
  /// a trip of one game.
  public var minSlackSeconds: Double?
  /// Whether that smallest slack rests on an estimated start time: a game
  /// of the tightest leg (either end) has `Game.timeEstimated` (Retrosheet
  /// gives only day or night; DESIGN.md, "Time"). False for one game.
  public var minSlackEstimated: Bool

  /// The option of `slots` (in trip order) of `model`.
  public init(slots: [Int], model: PlanningModel) {
    games = slots.map { model.slots[$0].game }
    var seen: Set<Int> = []
    var venues: [Venue.ID] = []
    var cities: Set<String> = []
    for slot in slots where seen.insert(model.slots[slot].venue).inserted {
      let venue = model.venues[model.slots[slot].venue]
      venues.append(venue.id)
      cities.insert(venue.city)
    }
    venueIDs = venues
    parks = venues.count
    self.cities = cities.count
    let first = model.slots[slots.first ?? 0].day
    let last = model.slots[slots.last ?? 0].day
    days = slots.isEmpty ? 0 : last - first + 1
    var stops: [PlanStop] = []
    var legs: [PlanLeg] = []
    var slack: Double?
    var estimated = false
    for (index, slot) in slots.enumerated() {
      let here = model.slots[slot]
      let venue = model.venues[here.venue]
      if index > 0, model.slots[slots[index - 1]].venue == here.venue {
        stops[stops.count - 1].gameIDs.append(here.game.id)
      } else {
        stops.append(
          PlanStop(
            venueID: venue.id, name: venue.name(on: here.game.localDate), city: venue.city,
            gameIDs: [here.game.id]))
      }
      guard index > 0 else { continue }
      let before = model.slots[slots[index - 1]]
      let s = model.slack(slots[index - 1], slot)
      let guessed = before.game.timeEstimated || here.game.timeEstimated
      if slack.map({ s < $0 }) ?? true {
        slack = s
        estimated = guessed
      } else if s == slack {
        estimated = estimated || guessed
      }
      guard before.venue != here.venue else { continue }
      legs.append(
        PlanLeg(
          fromGame: before.game.id, toGame: here.game.id, from: model.venues[before.venue].id,
          to: venue.id, mode: model.mode(before.venue, here.venue),
          meters: model.meters(before.venue, here.venue),
          seconds: model.travel(before.venue, here.venue)))
    }
    self.stops = stops
    self.legs = legs
    distanceMeters = legs.reduce(0) { $0 + $1.meters }
    driveSeconds = legs.filter { $0.mode == .drive }.reduce(0) { $0 + $1.seconds }
    flightSeconds = legs.filter { $0.mode == .flight }.reduce(0) { $0 + $1.seconds }
    // Exactly their sum (without a flight, the drives' sum as before).
    travelSeconds = driveSeconds + flightSeconds
    minSlackSeconds = slack
    minSlackEstimated = estimated
  }

  /// The legs flown, in trip order (those of `legs` whose mode is
  /// `.flight`).
  public var flights: [PlanLeg] { legs.filter { $0.mode == .flight } }

  /// Miles (international), for groups and efficiency.
  public var miles: Double { distanceMeters / 1609.344 }

  /// Parks per 1,000 miles (`Best Efficiency`); a trip with no travel
  /// counts as infinitely efficient.
  public var efficiency: Double {
    miles > 0 ? Double(parks) / (miles / 1000) : .infinity
  }
}

/// The orders the options can be listed in (the original app's sorts).
///
/// - `recommended`: most parks, then least travel time, then the most
///   slack on the tightest leg, then fewest miles. The first option of a
///   proven search is the optimum under this order (the search's own).
/// - `mostCities`/`leastCities`, `mostGames`/`leastGames`: by that count,
///   then recommended; grouped by the count ("12 cities").
/// - `mostMiles`/`leastMiles`: by distance, then recommended; grouped in
///   500-mile buckets ("1,000–1,500 mi").
/// - `bestEfficiency`: parks per 1,000 miles, most first, then
///   recommended.
public enum PlanSort: String, Sendable, Hashable, CaseIterable, Codable {
  case recommended
  case mostCities = "most-cities"
  case leastCities = "least-cities"
  case mostGames = "most-games"
  case leastGames = "least-games"
  case mostMiles = "most-miles"
  case leastMiles = "least-miles"
  case bestEfficiency = "best-efficiency"

  /// Its name in the app's sort menu: "Fewest Cities" for `leastCities`
  /// (a count is fewer, not less; the ids keep the original app's
  /// `least-…`).
  public var title: String {
    switch self {
    case .recommended: return "Recommended"
    case .mostCities: return "Most Cities"
    case .leastCities: return "Fewest Cities"
    case .mostGames: return "Most Games"
    case .leastGames: return "Fewest Games"
    case .mostMiles: return "Most Miles"
    case .leastMiles: return "Fewest Miles"
    case .bestEfficiency: return "Best Efficiency"
    }
  }

  /// Whether `a` goes before `b` under `recommended`.
  public static func recommendedOrder(_ a: PlanOption, _ b: PlanOption) -> Bool {
    if a.parks != b.parks { return a.parks > b.parks }
    if a.travelSeconds != b.travelSeconds { return a.travelSeconds < b.travelSeconds }
    let x = a.minSlackSeconds ?? .infinity
    let y = b.minSlackSeconds ?? .infinity
    if x != y { return x > y }
    if a.distanceMeters != b.distanceMeters { return a.distanceMeters < b.distanceMeters }
    return a.games.map(\.id.rawValue).lexicographicallyPrecedes(b.games.map(\.id.rawValue))
  }

  /// Whether `a` goes before `b` under this sort (ties: `recommended`).
  public func precedes(_ a: PlanOption, _ b: PlanOption) -> Bool {
    func by<T: Comparable>(_ x: T, _ y: T, descending: Bool) -> Bool? {
      x == y ? nil : (descending ? x > y : x < y)
    }
    let decided: Bool?
    switch self {
    case .recommended: decided = nil
    case .mostCities: decided = by(a.cities, b.cities, descending: true)
    case .leastCities: decided = by(a.cities, b.cities, descending: false)
    case .mostGames: decided = by(a.games.count, b.games.count, descending: true)
    case .leastGames: decided = by(a.games.count, b.games.count, descending: false)
    case .mostMiles: decided = by(a.distanceMeters, b.distanceMeters, descending: true)
    case .leastMiles: decided = by(a.distanceMeters, b.distanceMeters, descending: false)
    case .bestEfficiency: decided = by(a.efficiency, b.efficiency, descending: true)
    }
    return decided ?? PlanSort.recommendedOrder(a, b)
  }

  /// The header `option` falls under in this sort: "12 cities", "5 games",
  /// "1,000–1,500 mi"; nil for `recommended` and `bestEfficiency`, which
  /// are not grouped.
  public func group(of option: PlanOption) -> String? {
    switch self {
    case .recommended, .bestEfficiency: return nil
    case .mostCities, .leastCities:
      return "\(option.cities) \(Plural.form(option.cities, one: "city", other: "cities"))"
    case .mostGames, .leastGames: return Plural.count(option.games.count, "game")
    case .mostMiles, .leastMiles:
      let low = Int(option.miles / 500) * 500
      return "\(PlanSort.thousands(low))–\(PlanSort.thousands(low + 500)) mi"
    }
  }

  /// `options` in this order.
  public func sorted(_ options: [PlanOption]) -> [PlanOption] {
    options.sorted(by: precedes)
  }

  /// 1500 as "1,500".
  static func thousands(_ n: Int) -> String {
    var digits = String(n)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }
}
