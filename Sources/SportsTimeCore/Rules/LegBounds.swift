import Foundation

/// The outcome of checking a position: valid, or refused with a reason a
/// traveller understands.
public enum PositionCheck: Sendable, Hashable {
  /// The item may sit there.
  case valid
  /// It may not; the reason says why in words. With a `remedy`, the
  /// reason is "<problem>; <remedy.text>." (`Remedy.reason(for:)`).
  case invalid(reason: String, remedy: Remedy? = nil)

  /// True for `.valid`.
  public var isValid: Bool { self == .valid }

  /// The refusal reason, or nil when valid.
  public var reason: String? {
    if case .invalid(let reason, _) = self { return reason }
    return nil
  }

  /// What the traveller can do about the refusal, when there is one thing
  /// to do (a leg that no longer matches the route: `.replanTrip`).
  public var remedy: Remedy? {
    if case .invalid(_, let remedy) = self { return remedy }
    return nil
  }
}

/// The limits of one travel leg, resolved against the trip's route.
public struct LegBounds: Sendable, Hashable {
  /// The last game of the departure stop, if the leg starts at a stop.
  public var departureGame: PlacedGame?
  /// The first game of the arrival stop, if the leg ends at a stop.
  public var arrivalGame: PlacedGame?
  /// Valid days; nil when the limits cannot be met.
  public var dayRange: ClosedRange<Int>?
  /// "Chicago → Milwaukee".
  public var title: String
  /// Why the leg cannot be placed at all (stale stop, impossible range),
  /// a whole sentence; with a `remedy` it is "<problem>; <remedy.text>.".
  public var problem: String?
  /// What the traveller can do about `problem`: `.replanTrip` for a leg
  /// that no longer matches the route; nil otherwise.
  public var remedy: Remedy? = nil
}
