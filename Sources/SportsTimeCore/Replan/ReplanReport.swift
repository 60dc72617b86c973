import Foundation

/// What a re-plan did, by row id (`RowID.item`), for the traveller.
public struct ReplanReport: Sendable, Hashable {
  /// A leg whose stored position broke a rule after the re-plan, moved to
  /// its default position.
  public struct Reset: Sendable, Hashable {
    /// The leg's row id (`item:<uuid>`).
    public var rowID: RowID
    /// Why its old position broke a rule, in a traveller's words.
    public var reason: String

    /// A reset leg; see the properties.
    public init(rowID: RowID, reason: String) {
      self.rowID = rowID
      self.reason = reason
    }
  }

  /// Legs still in the route whose position is still valid: left in place
  /// (their figures may have been updated).
  public var kept: [RowID] = []
  /// Legs still in the route whose position broke a rule: moved to their
  /// default, with the reason.
  public var reset: [Reset] = []
  /// Legs no longer in the route, deleted.
  public var removed: [RowID] = []
  /// New legs at their default position.
  public var added: [RowID] = []
  /// Custom items given another day number to keep their calendar date.
  public var redated: [RowID] = []
  /// Custom items whose date left the trip: now in Unscheduled (kept).
  public var unscheduled: [RowID] = []
  /// Custom items that were Unscheduled and whose date is back in the trip.
  public var returned: [RowID] = []

  /// True when the report lists no change (legs kept in place are no
  /// change).
  public var isEmpty: Bool {
    reset.isEmpty && removed.isEmpty && added.isEmpty && redated.isEmpty && unscheduled.isEmpty
      && returned.isEmpty
  }
}
