import Foundation

extension Leagues {
  /// The progress map's venues of `sports` (`mapVenues` order: MLB parks,
  /// then NBA, NHL and NFL venues, each once; then the neutral sites of
  /// other leagues' games, `NeutralSites.sites`): a venue is kept when any
  /// of the sports played there (`sportsPlayed(at:)`: its tables' and its
  /// neutral-site games') is among `sports`. An empty set keeps none.
  ///
  /// ```swift
  /// leagues.mapVenues(sports: [.nba, .nhl])   // TD Garden once, Wrigley Field
  ///                                           // (the Winter Classic), O2 Arena, …
  /// ```
  /// - Complexity: O(n) for n venues.
  public func mapVenues(sports wanted: Set<Sport>) -> [Venue] {
    var result = mapVenues.filter { venue in
      sportsPlayed(at: venue.id).contains(where: wanted.contains)
    }
    var seen = Set(result.map(\.id))
    for site in NeutralSites.sites
    where site.sports.contains(where: wanted.contains) && seen.insert(site.venue.id).inserted {
      result.append(site.venue)
    }
    return result
  }

  /// The sports played at `venue`, in `Sport.allCases` order: those of
  /// the tables that list it (`sports(at:)`), of the neutral sites
  /// (`NeutralSites.sites`) and of the games a league plays at another
  /// league's venue (`NeutralSites.guestSports(at:)`: the NHL's Winter
  /// Classic at Wrigley Field, the NBA Cup's final four at T-Mobile Arena).
  public func sportsPlayed(at venue: Venue.ID) -> [Sport] {
    let tables = sports(at: venue)
    let site = NeutralSites.sites.first { $0.venue.id == venue }?.sports ?? []
    let guests = NeutralSites.guestSports(at: venue)
    return Sport.allCases.filter {
      tables.contains($0) || site.contains($0) || guests.contains($0)
    }
  }
}
