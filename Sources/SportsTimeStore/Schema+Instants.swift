/// One encoding for every instant (issue 29), appended to the ledger after
/// `ItemPlaceSchema.migrations`.
enum InstantSchema {
  /// In order; append only.
  ///
  /// Before this migration instants were stored three ways: a game's
  /// `start_utc` as REAL seconds since 1970, the `created_at`/`modified_at`
  /// of trips, items and visits and the journal's `created_at` as REAL
  /// seconds since 2001-01-01 (Foundation's reference date), a tombstone's
  /// `deleted_at` as ISO 8601 text with milliseconds. The migration stores
  /// each as INTEGER milliseconds since 1970-01-01T00:00:00Z (`Schema`),
  /// keeping the columns' names: game starts (whole seconds) and
  /// tombstones (milliseconds) exactly, the others rounded to the nearest
  /// millisecond (half away from zero, as `Date.millisecondsSince1970`).
  ///
  /// SQLite cannot change a column's type, and rebuilding `trips` or
  /// `games` under a new name would cascade deletes to the tables that
  /// refer to them (foreign keys are on while migrating), so each column is
  /// replaced in place: a new INTEGER column is added (NOT NULL, so with a
  /// DEFAULT of 0 that every write overrides), filled, the old one dropped
  /// (with the index on it, made again after) and the new one renamed to
  /// the old name. The replaced columns so move to the end of their table.
  /// The journal, which no table refers to, is rebuilt instead (as the
  /// second journal migration did), so its snapshots stay last.
  ///
  /// The undo journal's snapshots (`trip_journal.before`/`after`: JSON of
  /// the trip's raw rows) hold its items' `created_at`/`modified_at` too:
  /// they are converted the same way (only those two members of each item
  /// change; the other numbers keep their text), so an undo after the
  /// migration restores values in the new encoding.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-07-instants-1-milliseconds-since-1970",
      sql: """
        DROP INDEX games_by_start;
        ALTER TABLE games ADD COLUMN start_ms INTEGER NOT NULL DEFAULT 0;
        UPDATE games SET start_ms = CAST(round(start_utc * 1000) AS INTEGER);
        ALTER TABLE games DROP COLUMN start_utc;
        ALTER TABLE games RENAME COLUMN start_ms TO start_utc;
        CREATE INDEX games_by_start ON games (start_utc, id);

        \(replacing("trips", ["created_at", "modified_at"]))
        \(replacing("itinerary_items", ["created_at", "modified_at"]))
        \(replacing("visits", ["created_at", "modified_at"]))

        CREATE TABLE trip_journal_new (
          trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          label TEXT NOT NULL,
          revision_after INTEGER NOT NULL,
          undone_revision INTEGER,
          created_at INTEGER NOT NULL,
          before TEXT NOT NULL,
          after TEXT NOT NULL,
          PRIMARY KEY (trip_id, seq)
        );
        INSERT INTO trip_journal_new
          (trip_id, seq, label, revision_after, undone_revision, created_at, before, after)
          SELECT trip_id, seq, label, revision_after, undone_revision,
            \(milliseconds(since2001: "created_at")),
            \(convertingItems("before")),
            \(convertingItems("after"))
          FROM trip_journal;
        DROP TABLE trip_journal;
        ALTER TABLE trip_journal_new RENAME TO trip_journal;

        DROP INDEX tombstones_by_time;
        ALTER TABLE tombstones ADD COLUMN deleted_ms INTEGER NOT NULL DEFAULT 0;
        UPDATE tombstones SET
          deleted_ms = CAST(round((julianday(deleted_at) - 2440587.5) * 86400000) AS INTEGER);
        ALTER TABLE tombstones DROP COLUMN deleted_at;
        ALTER TABLE tombstones RENAME COLUMN deleted_ms TO deleted_at;
        CREATE INDEX tombstones_by_time ON tombstones (deleted_at);
        """)
  ]

  /// SQL of seconds since 2001-01-01 (`value`, REAL) as milliseconds since
  /// 1970 (978,307,200 s apart), rounded to the nearest.
  private static func milliseconds(since2001 value: String) -> String {
    "CAST(round((\(value) + 978307200) * 1000) AS INTEGER)"
  }

  /// The script that replaces `columns` of `table` (REAL seconds since
  /// 2001) by INTEGER milliseconds since 1970 under the same names.
  private static func replacing(_ table: String, _ columns: [String]) -> String {
    var lines: [String] = []
    for column in columns {
      lines.append("ALTER TABLE \(table) ADD COLUMN \(column)_ms INTEGER NOT NULL DEFAULT 0;")
    }
    let sets = columns.map { "\($0)_ms = \(milliseconds(since2001: $0))" }
    lines.append("UPDATE \(table) SET \(sets.joined(separator: ", "));")
    for column in columns {
      lines.append("ALTER TABLE \(table) DROP COLUMN \(column);")
      lines.append("ALTER TABLE \(table) RENAME COLUMN \(column)_ms TO \(column);")
    }
    return lines.joined(separator: "\n")
  }

  /// SQL of the snapshot in column `snapshot` with each of its items'
  /// `created_at` and `modified_at` converted (`milliseconds(since2001:)`),
  /// the items in their order; a snapshot without items stays as it is.
  private static func convertingItems(_ snapshot: String) -> String {
    let created = milliseconds(since2001: "json_extract(item.value, '$.created_at')")
    let modified = milliseconds(since2001: "json_extract(item.value, '$.modified_at')")
    return """
      CASE WHEN json_array_length(\(snapshot), '$.items') > 0 THEN json_set(\(snapshot), '$.items',
        json((SELECT json_group_array(json_set(item.value,
            '$.created_at', \(created), '$.modified_at', \(modified)))
          FROM json_each(\(snapshot), '$.items') AS item)))
      ELSE \(snapshot) END
      """
  }
}
