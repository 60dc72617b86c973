import Foundation
import SportsTimeCore

/// A deleted trip, item or visit, kept so that sync and undo can tell it
/// was deleted (`Store.tombstones(since:)`). Listings and lookups never
/// show deleted rows.
public struct Tombstone: Sendable, Hashable {
  /// What was deleted.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A trip (its items get tombstones of their own).
    case trip
    /// A stored itinerary item (travel leg or custom item).
    case item
    /// A stadium visit.
    case visit
  }

  /// The deleted row's id.
  public var id: UUID
  /// What it was.
  public var kind: Kind
  /// The trip of a deleted item; nil for trips and visits.
  public var tripID: Trip.ID?
  /// When it was deleted (UTC instant, to the microsecond).
  public var deletedAt: Date
  /// A deleted trip's last revision (a trip stored again under its id
  /// continues above it); nil for items and visits, and for trips deleted
  /// before revisions were kept in tombstones.
  public var revision: Int?

  /// Creates a tombstone; see the properties.
  public init(id: UUID, kind: Kind, tripID: Trip.ID?, deletedAt: Date, revision: Int? = nil) {
    self.id = id
    self.kind = kind
    self.tripID = tripID
    self.deletedAt = deletedAt
    self.revision = revision
  }
}

extension Store {
  /// The tombstones of deletions at or after `instant` (compared to the
  /// microsecond, `instant` rounded to the nearest as it is stored), oldest first (ties by kind, then id). A row stored again
  /// under a deleted id has no tombstone any more.
  /// - Throws: `StoreError` (`.corruptValue` for a row that cannot be read).
  public func tombstones(since instant: Date) throws -> [Tombstone] {
    try read {
      try select(
        """
        SELECT id, kind, trip_id, deleted_at, revision FROM tombstones
        WHERE deleted_at >= ? ORDER BY deleted_at, kind, id
        """, [.instant(instant)]
      ).map { row in
        let idText = try row.string("id")
        func corrupt(_ column: String, _ value: String) -> StoreError {
          .corruptValue(table: "tombstones", id: idText, column: column, value: value)
        }
        guard let id = UUID(uuidString: idText) else { throw corrupt("id", idText) }
        let kindText = try row.string("kind")
        guard let kind = Tombstone.Kind(rawValue: kindText) else {
          throw corrupt("kind", kindText)
        }
        var tripID: Trip.ID?
        if let text = try row.optionalString("trip_id") {
          guard let trip = Trip.ID(parsing: text) else { throw corrupt("trip_id", text) }
          tripID = trip
        }
        return Tombstone(
          id: id, kind: kind, tripID: tripID, deletedAt: try row.instant("deleted_at"),
          revision: try row.optionalInt("revision"))
      }
    }
  }

  /// The stored revision of trip `id`.
  /// - Throws: `RecordError.tripNotFound` when no trip has that id.
  public func revision(ofTrip id: Trip.ID) throws -> Int {
    try read {
      guard
        let row = try select(
          "SELECT revision FROM trips WHERE id = ?", [.text(Store.key(id))]
        ).first
      else { throw RecordError.tripNotFound(Store.key(id), suggestion: nil) }
      return try row.int("revision")
    }
  }

  // MARK: Inside a write transaction

  /// Refuses a write based on revision `expected` of trip `id` when the
  /// trip has moved on (nil: no check). Inside a transaction that already
  /// changed the trip, the revision it had before that transaction counts.
  /// - Throws: `TripError.revisionConflict` naming the trip, `expected` and
  ///   the current revision; `RecordError.tripNotFound` when no trip has
  ///   that id.
  func checkRevision(ofTrip id: Trip.ID, expected: Int?) throws {
    guard let expected else { return }
    guard
      let row = try select(
        "SELECT name, revision FROM trips WHERE id = ?", [.text(Store.key(id))]
      ).first
    else { throw RecordError.tripNotFound(Store.key(id), suggestion: nil) }
    var current = try row.int("revision")
    if let before = revisedTrips[id] { current = before ?? 1 }
    if current != expected {
      throw TripError.revisionConflict(
        trip: try row.string("name"), expected: expected, current: current)
    }
  }

  /// Notes that the current transaction changes trip `id` (its row, games
  /// or items): the first time in a transaction its revision goes up by 1;
  /// later changes in the same transaction do not raise it again, nor do
  /// changes to a trip this transaction created (it stays at 1).
  func noteChange(ofTrip id: Trip.ID) throws {
    guard revisedTrips[id] == nil else { return }
    let key = Store.key(id)
    guard
      let row = try select("SELECT revision FROM trips WHERE id = ?", [.text(key)]).first
    else { return }
    revisedTrips[id] = .some(try row.int("revision"))
    try execute("UPDATE trips SET revision = revision + 1 WHERE id = ?", [.text(key)])
  }

  /// Notes that the current transaction created trip `id` (at its first
  /// revision, `firstRevision(ofTrip:)`).
  func noteNewTrip(_ id: Trip.ID) {
    revisedTrips[id] = .some(nil)
  }

  /// Records the deletion of `id` at `instant` (replacing an older
  /// tombstone of the same kind and id); a trip's tombstone keeps the
  /// trip's last `revision`.
  func recordTombstone(
    _ kind: Tombstone.Kind, id: UUID, tripID: Trip.ID? = nil, revision: Int? = nil,
    at instant: Date
  ) throws {
    try execute(
      """
      INSERT INTO tombstones (id, kind, trip_id, deleted_at, revision) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (kind, id) DO UPDATE SET trip_id = excluded.trip_id,
        deleted_at = excluded.deleted_at, revision = excluded.revision
      """,
      [
        .text(Store.key(id)), .text(kind.rawValue), .optional(tripID.map { Store.key($0) }),
        .instant(instant), .optional(revision),
      ])
  }

  /// The revision a trip stored under `id` starts at: one above the last
  /// revision of a deleted trip with that id (its tombstone's), else 1.
  func firstRevision(ofTrip id: Trip.ID) throws -> Int {
    let row = try select(
      "SELECT revision FROM tombstones WHERE kind = 'trip' AND id = ? AND revision IS NOT NULL",
      [.text(Store.key(id))]
    ).first
    return try (row?.int("revision") ?? 0) + 1
  }

  /// Removes the tombstone of `id`, if any: a row is stored again under
  /// that id (a re-imported backup of a deleted trip).
  func clearTombstone(_ kind: Tombstone.Kind, id: UUID) throws {
    try execute(
      "DELETE FROM tombstones WHERE kind = ? AND id = ?",
      [.text(kind.rawValue), .text(Store.key(id))])
  }
}
