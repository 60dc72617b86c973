/// What a traveller can do about a refusal or a trip problem, named in no
/// front end's words: Core says it neutrally, and each front end may name
/// its own command or control for it instead (the command line: "'trip
/// show' numbers the rows 1 to 8", "run 'sportstime trip replan' to re-plan
/// the trip").
///
/// A reason with a remedy is always "<problem>; <text>." (`reason(for:)`),
/// so a front end can put its own words after the problem
/// (`problem(in:)`).
public enum Remedy: Sendable, Hashable {
  /// Name a row by its number in the itinerary's layout, 1 to `count`.
  case pickRow(count: Int)
  /// Re-plan the trip against its games as they are now (a leg no longer
  /// matches the route, a game left the trip's days, a leg has no travel
  /// item).
  case replanTrip
  /// Remove the game (its id, e.g. `CHN202406040`) from the trip: it was
  /// cancelled.
  case removeGame(id: Game.ID)
  /// Import the file as the original app's trips (it has their `"trips"`
  /// array, not a trip export's `"format"`).
  case importAsLegacyTrips
  /// Import the file as a trip (it is a trip export, `"format":
  /// "sportstime-trip"`, not the original app's trips).
  case importAsTrip

  /// The remedy in neutral words: "the rows are numbered 1 to 8",
  /// "re-plan the trip", "remove it from the trip".
  public var text: String {
    switch self {
    case .pickRow(let count): return "the rows are numbered 1 to \(count)"
    case .replanTrip: return "re-plan the trip"
    case .removeGame: return "remove it from the trip"
    case .importAsLegacyTrips:
      return "it looks like the original app's trips, which are imported as legacy trips"
    case .importAsTrip: return "it looks like a SportsTime trip export, which is imported as a trip"
    }
  }

  /// The reason of `problem` (no final period) with this remedy:
  /// "<problem>; <text>.".
  ///
  /// ```swift
  /// Remedy.replanTrip.reason(for: "Travel A → B no longer matches")
  /// // "Travel A → B no longer matches; re-plan the trip."
  /// ```
  public func reason(for problem: String) -> String {
    "\(problem); \(text)."
  }

  /// The problem of a reason made by `reason(for:)` (the reason without
  /// "; <text>."), or nil when `reason` does not end with this remedy.
  public func problem(in reason: String) -> String? {
    let suffix = "; \(text)."
    guard reason.hasSuffix(suffix) else { return nil }
    return String(reason.dropLast(suffix.count))
  }
}
