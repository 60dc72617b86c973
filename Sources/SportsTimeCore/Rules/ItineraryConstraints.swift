import Foundation

/// Validates item positions (seeds: `ItineraryConstraints`, CONS-01…04, with
/// the fixes of DESIGN.md "Constraint rules").
///
/// - CONS-01: games never move.
/// - CONS-04: custom items may sit on any day 1…dayCount at any finite
///   sortOrder.
/// - CONS-02/03: a travel leg from stop A to stop B of *this trip's route*
///   may sit from the day of A's last game to the day of B's first game; on
///   A's last-game day after A's games, on B's first-game day before B's
///   games, strictly between when both are one day. A leg with no games at
///   its start may start on Day 1; with none at its end may end on the last
///   day.
/// - Any kind: NaN/infinite sortOrders (or beyond ±1e15) and days outside the trip are
///   invalid.
///
/// Legs are tied to their stops by index and venue, never by city name, so a
/// city visited twice, two teams in one city and a repeated city pair all
/// work.
///
/// Every check is O(1) after an O(g) set-up for g games, so the validity of
/// every slot of an itinerary costs O(rows).
public struct ItineraryConstraints: Sendable {
  /// Days in the trip (1-based days 1…tripDayCount).
  public let tripDayCount: Int
  /// The trip's games and route.
  public let schedule: TripSchedule

  /// Constraints for a trip's schedule.
  public init(schedule: TripSchedule) {
    self.tripDayCount = schedule.dayCount
    self.schedule = schedule
  }

  /// Checks whether `item` may sit at `(day, sortOrder)`.
  /// - Parameters:
  ///   - item: any item; games are always refused (CONS-01).
  ///   - day: 1-based trip day.
  ///   - sortOrder: position within the day (finite).
  /// - Returns: `.valid` or `.invalid(reason:)` in traveller's words.
  public func check(_ item: ItineraryItem, day: Int, sortOrder: Double)
    -> PositionCheck
  {
    switch item.kind {
    case .game(let id):
      let title = schedule.games.first { $0.id == id }?.title ?? id.description
      return .invalid(reason: "Games are fixed: \(title) stays at its start time.")
    case .custom:
      return checkCommon(day: day, sortOrder: sortOrder) ?? .valid
    case .travel(let info):
      if let common = checkCommon(day: day, sortOrder: sortOrder) { return common }
      return check(travel: info, day: day, sortOrder: sortOrder)
    }
  }

  /// Seeds' API: true when `check(item, day:, sortOrder:)` is `.valid`.
  public func isValidPosition(for item: ItineraryItem, day: Int, sortOrder: Double)
    -> Bool
  {
    check(item, day: day, sortOrder: sortOrder).isValid
  }

  /// Seeds' API: the days a travel item may sit on, or nil when the limits
  /// cannot be met (or the item is not travel). Custom items: nil (they have
  /// no limits beyond the trip's days).
  ///
  /// ```swift
  /// // Chicago game Day 1, Detroit game Day 3, 5-day trip:
  /// constraints.validDayRange(for: chicagoToDetroit)   // 1...3
  /// ```
  public func validDayRange(for item: ItineraryItem) -> ClosedRange<Int>? {
    guard let info = item.travelInfo else { return nil }
    return bounds(for: info).dayRange
  }

  /// Seeds' API: the sortOrders a travel item may take on `day` as a closed
  /// range whose ends exclude the barrier games (`100.nextUp...`), or nil
  /// when `day` is outside its valid days. Custom items get every finite
  /// value on any trip day; games get nil.
  public func validSortOrderRange(for item: ItineraryItem, on day: Int)
    -> ClosedRange<Double>?
  {
    guard (1...tripDayCount).contains(day) else { return nil }
    switch item.kind {
    case .game: return nil
    case .custom: return -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    case .travel(let info):
      let b = bounds(for: info)
      guard let range = b.dayRange, range.contains(day) else { return nil }
      let (low, high) = openInterval(b, day: day)
      let lower = low.map { $0.nextUp } ?? -Double.greatestFiniteMagnitude
      let upper = high.map { $0.nextDown } ?? Double.greatestFiniteMagnitude
      guard lower <= upper else { return nil }
      return lower...upper
    }
  }

  /// Seeds' API: the games that bound a travel item — the last game of its
  /// departure stop and the first game of its arrival stop (empty for other
  /// kinds or a leg with no games at either end).
  public func barrierGames(for item: ItineraryItem) -> [PlacedGame] {
    guard let info = item.travelInfo else { return [] }
    let b = bounds(for: info)
    return [b.departureGame, b.arrivalGame].compactMap { $0 }
  }

  /// Resolves a leg against the route: its barrier games and valid days.
  /// - Complexity: O(1).
  public func bounds(for info: TravelInfo) -> LegBounds {
    let stops = schedule.stops
    var result = LegBounds(
      departureGame: nil, arrivalGame: nil, dayRange: nil, title: info.title,
      problem: nil)
    if let from = info.fromStop {
      guard stops.indices.contains(from), stops[from].venue.id == info.fromVenueID
      else {
        result.remedy = .replanTrip
        result.problem = Remedy.replanTrip.reason(
          for:
            "Travel \(info.title) no longer matches this trip's route (its departure stop changed)")
        return result
      }
      result.departureGame = stops[from].lastGame
    }
    if let to = info.toStop {
      guard stops.indices.contains(to), stops[to].venue.id == info.toVenueID,
        info.fromStop.map({ $0 < to }) ?? true
      else {
        result.remedy = .replanTrip
        result.problem = Remedy.replanTrip.reason(
          for: "Travel \(info.title) no longer matches this trip's route (its arrival stop changed)"
        )
        return result
      }
      result.arrivalGame = stops[to].firstGame
    }
    let first = max(1, result.departureGame?.day ?? 1)
    let last = min(tripDayCount, result.arrivalGame?.day ?? tripDayCount)
    if let d = result.departureGame, let a = result.arrivalGame,
      d.day > a.day || (d.day == a.day && d.sortOrder >= a.sortOrder)
    {
      result.problem =
        "Travel \(info.title) cannot be placed: its last game at the start (\(d.title), Day \(d.day)) is not before its first game at the end (\(a.title), Day \(a.day))."
      return result
    }
    guard first <= last else {
      result.problem =
        "Travel \(info.title) cannot be placed: its games fall outside this trip's days."
      return result
    }
    result.dayRange = first...last
    return result
  }

  /// Exclusive sortOrder limits of a leg on one of its days: after the
  /// departure game on its day, before the arrival game on its day.
  func openInterval(_ b: LegBounds, day: Int) -> (Double?, Double?) {
    let low = b.departureGame.flatMap { $0.day == day ? $0.sortOrder : nil }
    let high = b.arrivalGame.flatMap { $0.day == day ? $0.sortOrder : nil }
    return (low, high)
  }

  /// Checks a travel position given that day and sortOrder are in the trip.
  func check(travel info: TravelInfo, day: Int, sortOrder: Double) -> PositionCheck {
    let b = bounds(for: info)
    return check(bounds: b, day: day, sortOrder: sortOrder)
  }

  /// Checks a position against already-resolved bounds (O(1)).
  public func check(bounds b: LegBounds, day: Int, sortOrder: Double) -> PositionCheck {
    if let problem = b.problem { return .invalid(reason: problem, remedy: b.remedy) }
    guard let range = b.dayRange else {
      return .invalid(reason: "Travel \(b.title) cannot be placed in this trip.")
    }
    guard range.contains(day) else {
      return .invalid(
        reason: "Travel \(b.title) must be between \(describeStart(b)) and \(describeEnd(b)).")
    }
    let (low, high) = openInterval(b, day: day)
    if let low, !(sortOrder > low), let d = b.departureGame {
      return .invalid(
        reason:
          "On Day \(day), travel \(b.title) must come after \(d.title), the last game at \(venueName(d))."
      )
    }
    if let high, !(sortOrder < high), let a = b.arrivalGame {
      return .invalid(
        reason:
          "On Day \(day), travel \(b.title) must come before \(a.title), the first game at \(venueName(a))."
      )
    }
    return .valid
  }

  /// "Day 1 (after the game)" or "Day 1".
  func describeStart(_ b: LegBounds) -> String {
    guard let range = b.dayRange else { return "Day 1" }
    if let d = b.departureGame, d.day == range.lowerBound {
      return "Day \(range.lowerBound) (after \(d.title))"
    }
    return "Day \(range.lowerBound)"
  }

  /// "Day 3 (before the game)" or "Day 3".
  func describeEnd(_ b: LegBounds) -> String {
    guard let range = b.dayRange else { return "Day \(tripDayCount)" }
    if let a = b.arrivalGame, a.day == range.upperBound {
      return "Day \(range.upperBound) (before \(a.title))"
    }
    return "Day \(range.upperBound)"
  }

  func venueName(_ g: PlacedGame) -> String {
    schedule.stops.indices.contains(g.stopIndex)
      ? schedule.stops[g.stopIndex].venueName(on: g.game.localDate) : g.game.venueID.rawValue
  }

  /// Rules shared by every movable kind: a trip day and a finite sortOrder
  /// within ±`ItineraryItem.sortOrderLimit`.
  func checkCommon(day: Int, sortOrder: Double) -> PositionCheck? {
    guard (1...tripDayCount).contains(day) else {
      return .invalid(
        reason:
          "Day \(day) is not in this trip (it has \(Plural.count(tripDayCount, "day")))."
      )
    }
    if let problem = ItineraryItem.sortOrderProblem(sortOrder) {
      return .invalid(reason: problem)
    }
    return nil
  }
}
