/// The undo journal (issue 10), appended to the ledger after
/// `RevisionSchema.migrations`.
enum JournalSchema {
  /// In order; append only.
  ///
  /// `trip_journal`: one row per journaled edit of a trip (`Store+Journal`),
  /// numbered by `seq` within the trip. `before` and `after` are snapshots
  /// of the trip's own rows (JSON: the trip's fields, its games, its
  /// items); `revision_after` is the trip's revision once the edit (or its
  /// redo) was stored, `undone_revision` its revision once undone (NULL
  /// while the edit stands). Deleting the trip deletes its journal.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-01-journal-1-trip-journal",
      sql: """
        CREATE TABLE trip_journal (
          trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          label TEXT NOT NULL,
          before TEXT NOT NULL,
          after TEXT NOT NULL,
          revision_after INTEGER NOT NULL,
          undone_revision INTEGER,
          created_at REAL NOT NULL,
          PRIMARY KEY (trip_id, seq)
        ) WITHOUT ROWID;
        """)
  ]
}
