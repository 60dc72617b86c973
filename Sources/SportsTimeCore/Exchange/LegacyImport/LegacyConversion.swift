import Foundation

/// Where one legacy custom item went.
public struct LegacyPlacement: Sendable, Hashable {
  /// The stored item (same id as in the file).
  public var item: ItineraryItem
  /// What the old model pinned it to.
  public var anchorType: LegacyAnchorType
  /// The old anchor id, if any.
  public var anchorID: String?
  /// The old anchor day.
  public var anchorDay: Int
  /// The row's id in the layout (`item:<uuid>`).
  public var rowID: RowID
  /// The row's 1-based number as `trip show` prints it.
  public var rowNumber: Int
  /// True when its day is outside the trip (shown under Unscheduled).
  public var isUnscheduled: Bool
  /// Why the anchor did not resolve (nil when it did).
  public var unresolvedReason: String?
  /// Anything else worth saying (e.g. the game is on another day than the
  /// old anchor day, so the item followed the game).
  public var note: String?
}

/// What became of one travel day override.
public struct LegacyOverrideResult: Sendable, Hashable {
  /// The override as read.
  public var override: LegacyOverride
  /// The leg it matched ("Chicago → Detroit"), or nil when no leg matches.
  public var legTitle: String?
  /// True when the leg now sits on the override's day.
  public var applied: Bool
  /// Why not (the engine's reason), when refused.
  public var reason: String?
  /// The leg's resulting day (the override's day, or the kept default).
  public var legDay: Int?
}

/// One legacy trip converted to the new model, ready to store.
public struct LegacyConversion: Sendable {
  /// The trip as read.
  public var legacy: LegacyTrip
  /// The built trip (the legacy id).
  public var trip: Trip
  /// Everything to store: one travel item per leg and every custom item.
  public var items: [ItineraryItem]
  /// The resulting itinerary (layout, rules).
  public var itinerary: Itinerary
  /// Every custom item's placement, in layout order (Unscheduled last).
  public var placements: [LegacyPlacement]
  /// Every override's outcome, in leg order (unknown legs last, by key).
  public var overrides: [LegacyOverrideResult]
  /// Legs whose drive does not fit between the games (warned, not refused).
  public var tightLegs: [TightLeg]
  /// Items whose time happens twice that day (the first occurrence is
  /// used), each as "<field path>.time: <what happened>".
  public var timeWarnings: [String] = []

  /// The placements whose anchor did not resolve.
  public var unresolved: [LegacyPlacement] { placements.filter { $0.unresolvedReason != nil } }
}

/// The outcome for one trip of a legacy file.
public enum LegacyTripResult: Sendable {
  /// Built and to be stored.
  case imported(LegacyConversion)
  /// A trip with this id is already stored (`stored`, as it is now: it
  /// may have been renamed or re-planned since): nothing changes for it.
  case alreadyImported(LegacyTrip, stored: Trip)

  /// The trip as read.
  public var legacy: LegacyTrip {
    switch self {
    case .imported(let c): return c.legacy
    case .alreadyImported(let t, _): return t
    }
  }
}
