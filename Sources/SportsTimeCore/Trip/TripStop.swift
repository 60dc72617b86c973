import Foundation

/// A stop of the route: consecutive games (in time order) at one venue.
public struct TripStop: Sendable, Hashable {
  /// 0-based position in the route.
  public var index: Int
  /// The venue.
  public var venue: Venue
  /// Its games, in time order (at least one).
  public var games: [PlacedGame]
  /// Display name: the city, or the venue's name on the stop's first game
  /// day when another stop of the trip is in the same city (Yankees and
  /// Mets; Cubs and White Sox).
  public var name: String

  /// The venue's name in force on `date` (`Venue.name(on:)`), its latest
  /// name without a date.
  public func venueName(on date: CalendarDate?) -> String { venue.name(on: date) }

  /// First game of the stop.
  public var firstGame: PlacedGame? { games.first }
  /// Last game of the stop.
  public var lastGame: PlacedGame? { games.last }
}

/// A leg of the route between two consecutive stops.
public struct TripLeg: Sendable, Hashable {
  /// 0-based leg index: from stop `index` to stop `index + 1`.
  public var index: Int
  /// Departure stop.
  public var from: TripStop
  /// Arrival stop.
  public var to: TripStop
}
