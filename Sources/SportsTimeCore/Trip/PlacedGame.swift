import Foundation

/// A game placed on a trip day with its derived sortOrder.
///
/// On each day the trip's games get sortOrder `100 + i` in start-time order
/// (i = 0, 1, …) (DESIGN.md, "The itinerary model").
public struct PlacedGame: Sendable, Hashable {
  /// The game.
  public var game: Game
  /// 1-based trip day of the game's local date (may be outside the trip
  /// after a schedule change).
  public var day: Int
  /// `100 + i` on its day.
  public var sortOrder: Double
  /// 0-based index of the stop it belongs to.
  public var stopIndex: Int
  /// Short title, e.g. "SD @ LAD".
  public var title: String

  /// The game's id.
  public var id: Game.ID { game.id }

  /// The game as a (non-stored) itinerary item, for the seeds' API.
  public func item(tripID: Trip.ID) -> ItineraryItem {
    ItineraryItem(
      id: ItineraryItem.ID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
      tripID: tripID, day: day, sortOrder: sortOrder, kind: .game(game.id),
      createdAt: Date(timeIntervalSince1970: 0),
      modifiedAt: Date(timeIntervalSince1970: 0))
  }
}
