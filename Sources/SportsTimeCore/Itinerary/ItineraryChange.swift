import Foundation

/// The stored changes of one edit, applied together in one transaction.
public struct ItineraryChange: Sendable, Hashable {
  /// The item the edit was about, as it is after the edit.
  public var item: ItineraryItem
  /// Items to insert (a new item).
  public var inserted: [ItineraryItem] = []
  /// Items whose stored values changed (a move, renormalised neighbours,
  /// an edit).
  public var updated: [ItineraryItem] = []
  /// Ids of items to delete.
  public var deleted: [ItineraryItem.ID] = []
  /// Whether the day had to be renormalised.
  public var renormalized = false
  /// Timed custom items (among `updated`) whose time zone changed because a
  /// leg moved around them: their time is local to where they now are.
  public var rezoned: [ItineraryItem.ID] = []
  /// What the traveller should know about the edit, e.g. that a time
  /// happens twice that day and the first occurrence is used.
  public var warnings: [String] = []
  /// Whether the edit leaves everything as it was (a move to where the item
  /// already is): nothing is to be stored, and the trip is not touched.
  public var changesNothing = false
}

/// What an edit may change on a custom item; nil leaves a field as it is.
public struct CustomItemChanges: Sendable, Hashable {
  /// New title (must not be blank).
  public var title: String?
  /// New category.
  public var category: ItemCategory?
  /// `.some(nil)` clears the time.
  public var time: ClockTime??
  /// `.some(nil)` clears the location.
  public var coordinate: Coordinate??
  /// With a new `coordinate`: its town's name (`CustomInfo.placeName`),
  /// nil for a point without one. Read only when `coordinate` is set (a
  /// location changes whole; clearing it clears its place).
  public var placeName: String?
  /// With a new `coordinate`: its place's zone
  /// (`CustomInfo.placeTimeZoneID`). Read only when `coordinate` is set.
  public var placeTimeZoneID: String?
  /// `.some(nil)` clears the address.
  public var address: String??

  /// Creates a change set.
  public init(
    title: String? = nil, category: ItemCategory? = nil, time: ClockTime?? = nil,
    coordinate: Coordinate?? = nil, address: String?? = nil
  ) {
    self.title = title
    self.category = category
    self.time = time
    self.coordinate = coordinate
    self.address = address
  }

  /// True when nothing would change.
  public var isEmpty: Bool {
    title == nil && category == nil && time == nil && coordinate == nil && address == nil
  }
}
