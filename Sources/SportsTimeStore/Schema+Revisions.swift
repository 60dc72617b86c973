/// Migrations of trip revisions and tombstones (issue 9), appended to the
/// ledger after `TravelModeSchema.migrations`.
enum RevisionSchema {
  /// In order; append only.
  ///
  /// `trips.revision`: 1 for a new trip, up by 1 with each committed change
  /// to the trip or anything in it (`Store+Revisions.swift`); trips stored
  /// before this migration start at 1.
  ///
  /// `tombstones`: one row per deleted trip, item or visit (`kind`), keyed
  /// by kind and id; `trip_id` is the trip of a deleted item (NULL for trips
  /// and visits); `deleted_at` is the UTC instant of the deletion as ISO
  /// 8601 text with milliseconds (`2026-12-01T09:30:00.000Z`), so text order
  /// is time order. Storing a row again under a tombstoned id removes its
  /// tombstone.
  ///
  /// `tombstones.revision` (the second migration): a deleted trip's last
  /// revision, so a trip stored again under its id continues above it
  /// (revisions never go back, which sync relies on); NULL for items and
  /// visits, and for trips deleted before this migration (their revision
  /// is unknown; a trip stored again under such an id starts at 1).
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-01-revisions-1-trip-revisions-and-tombstones",
      sql: """
        ALTER TABLE trips ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1);
        CREATE TABLE tombstones (
          id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('trip', 'item', 'visit')),
          trip_id TEXT,
          deleted_at TEXT NOT NULL,
          PRIMARY KEY (kind, id),
          CHECK ((kind = 'item') = (trip_id IS NOT NULL))
        ) WITHOUT ROWID;
        CREATE INDEX tombstones_by_time ON tombstones (deleted_at);
        """),
    Migration(
      id: "2026-12-01-revisions-2-tombstone-revisions",
      sql: """
        ALTER TABLE tombstones ADD COLUMN revision INTEGER
          CHECK (revision IS NULL OR (kind = 'trip' AND revision >= 1));
        """),
  ]
}
