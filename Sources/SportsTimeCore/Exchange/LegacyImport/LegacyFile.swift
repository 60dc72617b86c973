import Foundation

/// Where an item of the old anchor-based model was pinned (seeds:
/// itinerary-refactor-design.md, "Current Model").
public enum LegacyAnchorType: String, Sendable, Hashable, CaseIterable {
  /// At the start of `anchorDay`, before its games.
  case startOfDay
  /// Right after the game `anchorId`.
  case afterGame
  /// Right after the travel leg `anchorId` (`"from->to"`).
  case afterTravel
}

/// One custom item of a legacy trip, as read from the file.
public struct LegacyItem: Sendable, Hashable {
  /// The item's id, kept as the imported item's id.
  public var id: ItineraryItem.ID
  /// What the traveller called it (cleaned, not blank).
  public var title: String
  /// Restaurant, hotel, activity or note.
  public var category: ItemCategory
  /// What the item was pinned to.
  public var anchorType: LegacyAnchorType
  /// A game id (`afterGame`), a `"from->to"` leg key (`afterTravel`), or nil.
  public var anchorID: String?
  /// The 1-based day the item was on.
  public var anchorDay: Int
  /// The old integer order among items with the same anchor.
  public var sortOrder: Int
  /// Optional location.
  public var coordinate: Coordinate?
  /// Optional street address (cleaned; nil when blank).
  public var address: String?
  /// Optional local time of day.
  public var time: ClockTime?
  /// 0-based position in the trip's `customItems` (breaks sortOrder ties).
  public var fileIndex: Int
  /// The item's path in the file, e.g. `trips[0].customItems[2]`.
  public var path: String
}

/// One entry of a legacy trip's `travelDayOverrides`.
public struct LegacyOverride: Sendable, Hashable {
  /// The key as written, e.g. `"milwaukee->salt lake"`.
  public var key: String
  /// The departure city named by the key (trimmed).
  public var from: String
  /// The arrival city named by the key (trimmed).
  public var to: String
  /// The 1-based day the leg was moved to.
  public var day: Int
  /// The entry's path in the file.
  public var path: String
}

/// One trip of a legacy file, as read (not yet built).
public struct LegacyTrip: Sendable, Hashable {
  /// The trip's id, kept as the imported trip's id.
  public var id: Trip.ID
  /// Its name (cleaned, not blank).
  public var name: String
  /// Its games' ids, in file order (no repeats).
  public var gameIDs: [String]
  /// Day 1.
  public var startDate: CalendarDate
  /// The last day.
  public var endDate: CalendarDate
  /// Its custom items, in file order.
  public var items: [LegacyItem]
  /// Its travel day overrides, by key.
  public var overrides: [LegacyOverride]
  /// The trip's path in the file, e.g. `trips[1]`.
  public var path: String
}

/// A whole legacy file, as read.
public struct LegacyFile: Sendable, Hashable {
  /// The file's name as the user gave it (for errors).
  public var file: String
  /// Its trips, in file order.
  public var trips: [LegacyTrip]
}
