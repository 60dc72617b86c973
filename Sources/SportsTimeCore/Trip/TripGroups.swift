import Foundation

/// Trips as the trips screen groups them (issue 10): upcoming — the last
/// day is today or later — soonest first (by first day, then name), then
/// past, most recent first (by last day, latest first, then name).
public struct TripGroups: Sendable, Hashable {
  /// Trips not over yet, soonest first.
  public var upcoming: [Trip]
  /// Trips that are over, most recent first.
  public var past: [Trip]

  /// Groups `trips` as of `today` (the traveller's local date).
  /// - Complexity: O(n log n).
  public init(_ trips: [Trip], today: CalendarDate) {
    upcoming = trips.filter { !($0.endDate < today) }.sorted {
      ($0.startDate, $0.name, $0.id.description) < ($1.startDate, $1.name, $1.id.description)
    }
    past = trips.filter { $0.endDate < today }.sorted {
      ($1.endDate, $0.name, $0.id.description) < ($0.endDate, $1.name, $1.id.description)
    }
  }
}
