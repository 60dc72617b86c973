/// The undo journal as changed records rather than whole-trip copies
/// (issue 29), appended to the ledger after `InstantSchema` (whose
/// migration rewrites the instants inside the snapshots this one
/// converts).
enum JournalChangeSchema {
  /// In order; append only.
  ///
  /// `trip_journal` keeps one row per journaled edit (label, revisions,
  /// time) and no copies of the trip. `trip_journal_changes` holds, per
  /// edit, one row for each record the edit inserted, deleted or updated:
  /// `table_name` (`trips`, `trip_games`, `itinerary_items`), `record_id`
  /// (the trip's id, the game's id, the item's id) and the record's
  /// columns `before` and `after` the edit as a JSON object (NULL before:
  /// the edit inserted it; NULL after: it deleted it). A trip's record
  /// holds its name and days, and only when they changed. Each value is
  /// the column's value as stored, in the column's own encoding.
  /// Deleting an edit (or its trip) deletes its changes.
  ///
  /// The journal already written is converted: each edit's two snapshots
  /// (`{trip: {…}, games: [{game_id, position}], items: [{…}]}`) become
  /// the records that differ between them, their JSON objects copied as
  /// they are (whatever encoding an earlier migration gave their values).
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-07-journal-3-changes-not-copies",
      sql: """
        CREATE TABLE trip_journal_new (
          trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          label TEXT NOT NULL,
          revision_after INTEGER NOT NULL,
          undone_revision INTEGER,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (trip_id, seq)
        );
        INSERT INTO trip_journal_new
          (trip_id, seq, label, revision_after, undone_revision, created_at)
          SELECT trip_id, seq, label, revision_after, undone_revision, created_at
          FROM trip_journal;

        CREATE TABLE trip_journal_changes (
          trip_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          table_name TEXT NOT NULL
            CHECK (table_name IN ('trips', 'trip_games', 'itinerary_items')),
          record_id TEXT NOT NULL,
          before TEXT,
          after TEXT,
          CHECK (before IS NOT NULL OR after IS NOT NULL),
          PRIMARY KEY (trip_id, seq, table_name, record_id),
          FOREIGN KEY (trip_id, seq) REFERENCES trip_journal_new (trip_id, seq)
            ON DELETE CASCADE
        );

        INSERT INTO trip_journal_changes
          SELECT trip_id, seq, 'trips', trip_id, json_extract(before, '$.trip'),
            json_extract(after, '$.trip')
          FROM trip_journal
          WHERE json_extract(before, '$.trip') IS NOT json_extract(after, '$.trip');

        CREATE TEMP TABLE journal_rows (
          trip_id TEXT NOT NULL, seq INTEGER NOT NULL, side TEXT NOT NULL,
          table_name TEXT NOT NULL, record_id TEXT NOT NULL, value TEXT NOT NULL,
          PRIMARY KEY (trip_id, seq, table_name, record_id, side)
        );
        INSERT INTO journal_rows
          SELECT j.trip_id, j.seq, 'before', 'trip_games',
            json_extract(e.value, '$.game_id'), e.value
          FROM trip_journal AS j, json_each(j.before, '$.games') AS e;
        INSERT INTO journal_rows
          SELECT j.trip_id, j.seq, 'after', 'trip_games',
            json_extract(e.value, '$.game_id'), e.value
          FROM trip_journal AS j, json_each(j.after, '$.games') AS e;
        INSERT INTO journal_rows
          SELECT j.trip_id, j.seq, 'before', 'itinerary_items',
            json_extract(e.value, '$.id'), e.value
          FROM trip_journal AS j, json_each(j.before, '$.items') AS e;
        INSERT INTO journal_rows
          SELECT j.trip_id, j.seq, 'after', 'itinerary_items',
            json_extract(e.value, '$.id'), e.value
          FROM trip_journal AS j, json_each(j.after, '$.items') AS e;

        INSERT INTO trip_journal_changes
          SELECT b.trip_id, b.seq, b.table_name, b.record_id, b.value, a.value
          FROM journal_rows AS b
          LEFT JOIN journal_rows AS a
            ON a.trip_id = b.trip_id AND a.seq = b.seq AND a.table_name = b.table_name
            AND a.record_id = b.record_id AND a.side = 'after'
          WHERE b.side = 'before' AND a.value IS NOT b.value;
        INSERT INTO trip_journal_changes
          SELECT a.trip_id, a.seq, a.table_name, a.record_id, NULL, a.value
          FROM journal_rows AS a
          WHERE a.side = 'after' AND NOT EXISTS (
            SELECT 1 FROM journal_rows AS b
            WHERE b.trip_id = a.trip_id AND b.seq = a.seq AND b.table_name = a.table_name
              AND b.record_id = a.record_id AND b.side = 'before');
        DROP TABLE temp.journal_rows;

        DROP TABLE trip_journal;
        ALTER TABLE trip_journal_new RENAME TO trip_journal;
        """)
  ]
}
