import Foundation
import SportsTimeCore

/// The planner's exact model (DESIGN.md, "The planner's model"; issue 12),
/// over a fixed list of candidate games.
///
/// - A game occupies `Game.duration` (3 h) from its start instant.
/// - Travel between venues is the `RouteEstimator`'s (by default a drive at
///   great-circle distance × 1.2 and 60 mph, a flight between road
///   networks).
/// - Game A then game B is legal when A.start + 3 h + travel(A, B) ≤
///   B.start, compared as instants.
/// - With a daily drive limit of H hours, also travel(A, B) ≤ H × max(1,
///   d), d = calendar days from A's local date to B's (each in its venue's
///   zone). travel(A, B) is the leg's, drive or flight: a flight's hours
///   (airports included) count against the limit too, as DESIGN.md's
///   model has it (its constraint rules name travel(A, B), not the drive).
///
/// The model indexes the games by start (then id, for a stable order) and
/// their venues densely, and keeps the travel between every two venues, so
/// a search asks for a leg in O(1).
public struct PlanningModel: Sendable {
  /// One candidate game as the search sees it.
  public struct Slot: Sendable, Hashable {
    /// The game.
    public var game: Game
    /// Index of its venue in `venues`.
    public var venue: Int
    /// Start, seconds since 1970 (UTC).
    public var start: Double
    /// Its local date as days since 1970-01-01 (in its venue's zone).
    public var day: Int
  }

  /// The candidate games, by start instant (then id).
  public let slots: [Slot]
  /// The venues of the games, each once, by id.
  public let venues: [Venue]
  /// The daily drive limit in seconds (H × 3600), or nil for none.
  public let dailyLimitSeconds: Double?
  /// Travel seconds between venue indices (row-major, `venues.count`²).
  let travelSeconds: [Double]
  /// Travel meters between venue indices (row-major).
  let travelMeters: [Double]
  /// Whether the leg between venue indices is a flight (row-major).
  let travelFlies: [Bool]

  /// Builds the model.
  /// - Parameters:
  ///   - games: the candidates; cancelled games and games without a known
  ///     start are left out (no one can plan to be there).
  ///   - venue: the venue of an id (the catalog's); a game whose venue is
  ///     unknown is left out.
  ///   - estimator: travel between venues.
  ///   - maxDriveHours: the daily drive limit H in hours, or nil.
  public init(
    games: [Game], venue: (Venue.ID) -> Venue?, estimator: RouteEstimator = .default,
    maxDriveHours: Double? = nil
  ) {
    var venueIndex: [Venue.ID: Int] = [:]
    var venues: [Venue] = []
    var slots: [Slot] = []
    let epoch = CalendarDate(year: 1970, month: 1, day: 1)
    for game in games where game.status != .cancelled && !game.timeUnknown {
      guard let place = venue(game.venueID) else { continue }
      let index: Int
      if let known = venueIndex[place.id] {
        index = known
      } else {
        index = venues.count
        venueIndex[place.id] = index
        venues.append(place)
      }
      let day = epoch.map { $0.days(to: game.localDate) } ?? 0
      slots.append(
        Slot(game: game, venue: index, start: game.start.timeIntervalSince1970, day: day))
    }
    slots.sort { ($0.start, $0.game.id.rawValue) < ($1.start, $1.game.id.rawValue) }
    self.slots = slots
    self.venues = venues
    dailyLimitSeconds = maxDriveHours.map { $0 * 3600 }
    let n = venues.count
    var seconds = [Double](repeating: 0, count: n * n)
    var meters = [Double](repeating: 0, count: n * n)
    var flies = [Bool](repeating: false, count: n * n)
    for a in 0..<n {
      for b in 0..<n where a != b {
        let leg = estimator.estimate(from: venues[a], to: venues[b])
        seconds[a * n + b] = leg.durationSeconds
        meters[a * n + b] = leg.distanceMeters
        flies[a * n + b] = leg.mode == .flight
      }
    }
    travelSeconds = seconds
    travelMeters = meters
    travelFlies = flies
  }

  /// Travel seconds from venue `a` to venue `b` (indices).
  @inline(__always)
  public func travel(_ a: Int, _ b: Int) -> Double { travelSeconds[a * venues.count + b] }

  /// Travel meters from venue `a` to venue `b` (indices).
  @inline(__always)
  public func meters(_ a: Int, _ b: Int) -> Double { travelMeters[a * venues.count + b] }

  /// How the leg from venue `a` to venue `b` (indices) is travelled: a
  /// flight between countries no road joins, else a drive
  /// (`RouteEstimator`).
  public func mode(_ a: Int, _ b: Int) -> TravelMode {
    travelFlies[a * venues.count + b] ? .flight : .drive
  }

  /// The slack of going from slot `i` to slot `j`: seconds to spare
  /// between arriving and `j`'s start (negative when it cannot be done).
  public func slack(_ i: Int, _ j: Int) -> Double {
    let a = slots[i]
    let b = slots[j]
    return b.start - (a.start + Game.duration + travel(a.venue, b.venue))
  }

  /// Whether game slot `i` then slot `j` is legal under the model.
  public func isLegal(_ i: Int, _ j: Int) -> Bool {
    guard slack(i, j) >= 0 else { return false }
    if let limit = dailyLimitSeconds {
      let days = slots[j].day - slots[i].day
      let t = travel(slots[i].venue, slots[j].venue)
      if t > limit * Double(max(1, days)) { return false }
    }
    return true
  }
}
