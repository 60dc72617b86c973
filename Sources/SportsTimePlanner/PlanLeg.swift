import Foundation
import SportsTimeCore

/// One leg of a planned trip: the travel from one game to the next at
/// another venue, driven or flown (`RouteEstimator`: a flight between
/// countries no road joins, DESIGN.md "Travel between venues").
///
/// A leg is tied to its games, not to its venues' names: a trip that goes
/// Chicago → Milwaukee → Chicago has two legs with their own games.
public struct PlanLeg: Sendable, Hashable {
  /// The game the leg leaves after.
  public var fromGame: Game.ID
  /// The game it arrives for.
  public var toGame: Game.ID
  /// The venue it leaves.
  public var from: Venue.ID
  /// The venue it arrives at.
  public var to: Venue.ID
  /// Drive or flight.
  public var mode: TravelMode
  /// Its length in meters (a drive's road estimate, a flight's
  /// great-circle distance).
  public var meters: Double
  /// Its travel time in seconds (a flight's includes the hours at
  /// airports).
  public var seconds: Double

  /// Creates a leg; see the properties.
  public init(
    fromGame: Game.ID, toGame: Game.ID, from: Venue.ID, to: Venue.ID, mode: TravelMode,
    meters: Double, seconds: Double
  ) {
    self.fromGame = fromGame
    self.toGame = toGame
    self.from = from
    self.to = to
    self.mode = mode
    self.meters = meters
    self.seconds = seconds
  }
}

/// One stop of a planned trip: consecutive games at one venue, with the
/// venue's name as it was on the stop's first game's date
/// (`Venue.name(on:)`: Xcel Energy Center in the 2024-25 NHL season, not
/// its newer name).
public struct PlanStop: Sendable, Hashable {
  /// The venue.
  public var venueID: Venue.ID
  /// Its name on the local date of the stop's first game.
  public var name: String
  /// Its city.
  public var city: String
  /// The stop's games, in trip order.
  public var gameIDs: [Game.ID]

  /// Creates a stop; see the properties.
  public init(venueID: Venue.ID, name: String, city: String, gameIDs: [Game.ID]) {
    self.venueID = venueID
    self.name = name
    self.city = city
    self.gameIDs = gameIDs
  }
}
