import Foundation

/// One positioned thing in an itinerary: a game, a travel leg or the
/// traveller's own item (seeds: unified `ItineraryItem`).
///
/// Games are derived from the trip every time and never stored; travel and
/// custom items are stored with their `(day, sortOrder)` position
/// (DESIGN.md, "The itinerary model").
public struct ItineraryItem: Sendable, Hashable, Identifiable {
  /// What the item is.
  public enum Kind: Sendable, Hashable {
    /// A game, by game id; sortOrder `100 + i` on its day.
    case game(Game.ID)
    /// A travel leg between two stops of the trip's route.
    case travel(TravelInfo)
    /// The traveller's own item.
    case custom(CustomInfo)
  }

  /// Stable identifier.
  public var id: ID
  /// The trip it belongs to.
  public var tripID: Trip.ID
  /// 1-based trip day; outside `1...dayCount` means Unscheduled.
  public var day: Int
  /// Position within the day; games sit at 100, 101, …; must be finite.
  public var sortOrder: Double
  /// Game, travel or custom.
  public var kind: Kind
  /// Creation instant (UTC); breaks sortOrder ties.
  public var createdAt: Date
  /// Last change (UTC).
  public var modifiedAt: Date

  /// Creates an item; see the properties.
  public init(
    id: ID, tripID: Trip.ID, day: Int, sortOrder: Double, kind: Kind,
    createdAt: Date, modifiedAt: Date
  ) {
    self.id = id
    self.tripID = tripID
    self.day = day
    self.sortOrder = sortOrder
    self.kind = kind
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt
  }

  /// The travel details, for travel items.
  public var travelInfo: TravelInfo? {
    if case .travel(let info) = kind { return info }
    return nil
  }

  /// The custom details, for custom items.
  public var customInfo: CustomInfo? {
    if case .custom(let info) = kind { return info }
    return nil
  }

  /// The game id, for game items.
  public var gameID: Game.ID? {
    if case .game(let id) = kind { return id }
    return nil
  }

  /// The largest sortOrder magnitude an item may have, 10^15. The engine's
  /// positions stay near the games' 100, 101, …; up to this bound a Double
  /// still steps by 1/8, so a top or bottom drop (±1) is exact and a day
  /// that runs out of halvings is renumbered as usual.
  public static let sortOrderLimit: Double = 1e15

  /// Why `sortOrder` cannot be an item's position (not finite, or beyond
  /// ±`sortOrderLimit`), or nil when it can. The one rule every edit, the
  /// Store and `trip import` apply.
  public static func sortOrderProblem(_ sortOrder: Double) -> String? {
    guard sortOrder.isFinite else {
      return "A position must be a finite number (got \(sortOrder))."
    }
    guard abs(sortOrder) <= sortOrderLimit else {
      return "A position must be within ±10^15 (got \(sortOrder))."
    }
    return nil
  }

  /// Whether a traveller may move it (games never move: CONS-01).
  public var isReorderable: Bool { gameID == nil }

  /// Tie-break rank in the layout: game 0, travel 1, custom 2.
  public var kindRank: Int {
    switch kind {
    case .game: return 0
    case .travel: return 1
    case .custom: return 2
    }
  }

  /// Human title: the custom title, "Chicago → Milwaukee", or the game id.
  public var title: String {
    switch kind {
    case .game(let id): return id.description
    case .travel(let info): return info.title
    case .custom(let info): return info.title
    }
  }

  /// The icon shown beside the item (seeds: `ItemCategory.icon`).
  public var icon: String {
    switch kind {
    case .game: return "⚾️"
    case .travel(let info): return info.icon
    case .custom(let info): return info.category.icon
    }
  }
}

/// A travel leg's details. The leg is tied to its own stops — their index in
/// the trip's route and their venues — never to city names (DESIGN.md,
/// "Constraint rules": the seeds' city-name key breaks on real trips).
extension ItineraryItem {
  /// The item with every text storable (`TextNormalization.storable`):
  /// what a copy of an item stored by an older version that did not clean
  /// texts needs before it is inserted. Items stored now are unchanged.
  public func withStorableTexts() -> ItineraryItem {
    var item = self
    switch kind {
    case .game: break
    case .travel(var info):
      info.fromName = TextNormalization.storable(info.fromName, as: .placeName)
      info.toName = TextNormalization.storable(info.toName, as: .placeName)
      item.kind = .travel(info)
    case .custom(var info):
      info.title = TextNormalization.storable(info.title, as: .itemTitle)
      info.address = info.address.map { TextNormalization.storable($0, as: .address) }
      if info.address?.isEmpty == true { info.address = nil }
      item.kind = .custom(info)
    }
    return item
  }
}
