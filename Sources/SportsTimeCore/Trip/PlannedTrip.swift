import Foundation

/// A trip as first built: the trip, its stored travel items and warnings.
public struct PlannedTrip: Sendable {
  /// The trip.
  public var trip: Trip
  /// The trip's schedule (days, games, stops).
  public var schedule: TripSchedule
  /// One travel item per leg, at its default position.
  public var items: [ItineraryItem]
  /// Tight legs (warned about, not forbidden).
  public var tightLegs: [TightLeg]
}
