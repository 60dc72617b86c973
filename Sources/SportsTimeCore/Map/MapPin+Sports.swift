import Foundation

extension Leagues {
  /// The progress map's venues of `sports` (`mapVenues` order: MLB parks,
  /// then NBA, NHL and NFL venues, each once): a venue is kept when any
  /// of the sports played there (`sports(at:)`) is among `sports`. An empty
  /// set keeps none.
  ///
  /// ```swift
  /// leagues.mapVenues(sports: [.nba, .nhl])   // TD Garden once, …
  /// ```
  /// - Complexity: O(n) for n venues.
  public func mapVenues(sports wanted: Set<Sport>) -> [Venue] {
    if wanted.isSuperset(of: Set(sports)) { return mapVenues }
    return mapVenues.filter { venue in sports(at: venue.id).contains(where: wanted.contains) }
  }
}
