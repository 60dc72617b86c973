import Foundation

/// A venue on the progress map with what the fan has done there.
public struct MapPin: Sendable, Hashable {
  /// The venue (its coordinate places the pin).
  public var venue: Venue
  /// How many visits are recorded there (0 = not visited yet).
  public var visits: Int
  /// The local date of the most recent visit, if any.
  public var lastVisit: CalendarDate?

  /// Creates a pin; `visits` below 0 count as 0.
  public init(venue: Venue, visits: Int = 0, lastVisit: CalendarDate? = nil) {
    self.venue = venue
    self.visits = max(0, visits)
    self.lastVisit = lastVisit
  }

  /// True when at least one visit is recorded.
  public var isVisited: Bool { visits > 0 }

  /// Every venue as a pin with its visit count and last visit date.
  ///
  /// Visits at venues not in `venues` are not drawn; a venue without
  /// visits is an unvisited pin.
  /// - Parameters:
  ///   - venues: the venues to draw, in the order given.
  ///   - visits: the fan's visits, any order.
  /// - Complexity: O(v + n) for v visits and n venues.
  public static func pins(venues: [Venue], visits: [Visit]) -> [MapPin] {
    var counts: [Venue.ID: (visits: Int, last: CalendarDate?)] = [:]
    for visit in visits {
      var entry = counts[visit.venueID] ?? (0, nil)
      entry.visits += 1
      if entry.last.map({ $0 < visit.date }) ?? true { entry.last = visit.date }
      counts[visit.venueID] = entry
    }
    return venues.map { venue in
      let entry = counts[venue.id]
      return MapPin(venue: venue, visits: entry?.visits ?? 0, lastVisit: entry?.last)
    }
  }
}

extension Leagues {
  /// Every venue of every built-in sport, as the progress map draws them:
  /// MLB parks, then NBA, NHL and NFL venues, each sport's by id; an arena
  /// two leagues share appears once.
  public var mapVenues: [Venue] {
    var seen: Set<Venue.ID> = []
    var result: [Venue] = []
    for sport in sports {
      guard let league = league(sport) else { continue }
      for venue in league.venues.values.sorted(by: { $0.id < $1.id })
      where seen.insert(venue.id).inserted {
        result.append(venue)
      }
    }
    return result
  }
}
