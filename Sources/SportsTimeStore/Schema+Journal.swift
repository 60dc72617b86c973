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
  /// while the edit stands). Deleting the trip deletes its journal. The
  /// second migration rebuilds it with the snapshots last (see there).
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
        """),
    // The same rows in a rowid table with the snapshots last. A WITHOUT
    // ROWID row is its own B-tree key, so every seek compared whole rows
    // (the snapshots of a 1,000-row trip are ~860 kB each, read from their
    // overflow pages), and the columns after the snapshots were read past
    // them: a journaled write of that trip spent ~200 ms in SQLite reading
    // pages. Here seeks go through the (trip_id, seq) index and the small
    // columns sit in the row's first page.
    Migration(
      id: "2026-12-02-journal-2-snapshots-last",
      sql: """
        CREATE TABLE trip_journal_new (
          trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          label TEXT NOT NULL,
          revision_after INTEGER NOT NULL,
          undone_revision INTEGER,
          created_at REAL NOT NULL,
          before TEXT NOT NULL,
          after TEXT NOT NULL,
          PRIMARY KEY (trip_id, seq)
        );
        INSERT INTO trip_journal_new
          (trip_id, seq, label, revision_after, undone_revision, created_at, before, after)
          SELECT trip_id, seq, label, revision_after, undone_revision, created_at, before, after
          FROM trip_journal;
        DROP TABLE trip_journal;
        ALTER TABLE trip_journal_new RENAME TO trip_journal;
        """),
  ]
}
