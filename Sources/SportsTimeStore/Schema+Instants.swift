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
  /// each as INTEGER microseconds since 1970-01-01T00:00:00Z (`Schema`),
  /// keeping the columns' names and every value the app prints or exports:
  /// game starts (whole seconds) and tombstones (milliseconds) exactly, the
  /// others rounded to the nearest microsecond the way the trip file's
  /// writer rounds them when it prints them (`TripExchange.instant`,
  /// `Date.microsecondsSince1970`: the double `(s + 978307200) × 1e6`
  /// rounded half away from zero), so `trip export` prints the same digits
  /// before and after.
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
  /// migration restores values in the new encoding. A journal row whose
  /// snapshot is not JSON (another program changed it) can never be
  /// undone, nor can the trip's edits before it: those rows are dropped
  /// first (the trips themselves are untouched), where SQLite's JSON
  /// functions would fail the migration and leave the database unopenable.
  ///
  /// The SQL is written out in full (no text built by functions that a
  /// later change could alter): seconds since 2001 become microseconds
  /// since 1970 as `round((s + 978307200) * 1000000)` (978,307,200 s
  /// apart; SQLite's `round` truncates `x + 0.5`, exact below 2^52 as
  /// these are, so it is Swift's `rounded()` on the same double), a game's
  /// start `round(s * 1000000)`, a tombstone's text through `julianday`
  /// to whole milliseconds (its text's grain; the double `julianday` is
  /// too coarse for more) and then × 1000.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-07-instants-1-microseconds-since-1970",
      sql: """
        DROP INDEX games_by_start;
        ALTER TABLE games ADD COLUMN start_us INTEGER NOT NULL DEFAULT 0;
        UPDATE games SET start_us = CAST(round(start_utc * 1000000) AS INTEGER);
        ALTER TABLE games DROP COLUMN start_utc;
        ALTER TABLE games RENAME COLUMN start_us TO start_utc;
        CREATE INDEX games_by_start ON games (start_utc, id);

        ALTER TABLE trips ADD COLUMN created_at_us INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE trips ADD COLUMN modified_at_us INTEGER NOT NULL DEFAULT 0;
        UPDATE trips SET
          created_at_us = CAST(round((created_at + 978307200) * 1000000) AS INTEGER),
          modified_at_us = CAST(round((modified_at + 978307200) * 1000000) AS INTEGER);
        ALTER TABLE trips DROP COLUMN created_at;
        ALTER TABLE trips RENAME COLUMN created_at_us TO created_at;
        ALTER TABLE trips DROP COLUMN modified_at;
        ALTER TABLE trips RENAME COLUMN modified_at_us TO modified_at;

        ALTER TABLE itinerary_items ADD COLUMN created_at_us INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE itinerary_items ADD COLUMN modified_at_us INTEGER NOT NULL DEFAULT 0;
        UPDATE itinerary_items SET
          created_at_us = CAST(round((created_at + 978307200) * 1000000) AS INTEGER),
          modified_at_us = CAST(round((modified_at + 978307200) * 1000000) AS INTEGER);
        ALTER TABLE itinerary_items DROP COLUMN created_at;
        ALTER TABLE itinerary_items RENAME COLUMN created_at_us TO created_at;
        ALTER TABLE itinerary_items DROP COLUMN modified_at;
        ALTER TABLE itinerary_items RENAME COLUMN modified_at_us TO modified_at;

        ALTER TABLE visits ADD COLUMN created_at_us INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE visits ADD COLUMN modified_at_us INTEGER NOT NULL DEFAULT 0;
        UPDATE visits SET
          created_at_us = CAST(round((created_at + 978307200) * 1000000) AS INTEGER),
          modified_at_us = CAST(round((modified_at + 978307200) * 1000000) AS INTEGER);
        ALTER TABLE visits DROP COLUMN created_at;
        ALTER TABLE visits RENAME COLUMN created_at_us TO created_at;
        ALTER TABLE visits DROP COLUMN modified_at;
        ALTER TABLE visits RENAME COLUMN modified_at_us TO modified_at;

        DELETE FROM trip_journal WHERE EXISTS (
          SELECT 1 FROM trip_journal AS bad
          WHERE bad.trip_id = trip_journal.trip_id AND bad.seq >= trip_journal.seq
            AND NOT (json_valid(bad.before) AND json_valid(bad.after)));
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
            CAST(round((created_at + 978307200) * 1000000) AS INTEGER),
            CASE WHEN json_array_length(before, '$.items') > 0 THEN json_set(before, '$.items',
              json((SELECT json_group_array(json_set(item.value,
                  '$.created_at',
                  CAST(round((json_extract(item.value, '$.created_at') + 978307200) * 1000000)
                    AS INTEGER),
                  '$.modified_at',
                  CAST(round((json_extract(item.value, '$.modified_at') + 978307200) * 1000000)
                    AS INTEGER)))
                FROM json_each(before, '$.items') AS item)))
            ELSE before END,
            CASE WHEN json_array_length(after, '$.items') > 0 THEN json_set(after, '$.items',
              json((SELECT json_group_array(json_set(item.value,
                  '$.created_at',
                  CAST(round((json_extract(item.value, '$.created_at') + 978307200) * 1000000)
                    AS INTEGER),
                  '$.modified_at',
                  CAST(round((json_extract(item.value, '$.modified_at') + 978307200) * 1000000)
                    AS INTEGER)))
                FROM json_each(after, '$.items') AS item)))
            ELSE after END
          FROM trip_journal;
        DROP TABLE trip_journal;
        ALTER TABLE trip_journal_new RENAME TO trip_journal;

        DROP INDEX tombstones_by_time;
        ALTER TABLE tombstones ADD COLUMN deleted_us INTEGER NOT NULL DEFAULT 0;
        UPDATE tombstones SET
          deleted_us =
            CAST(round((julianday(deleted_at) - 2440587.5) * 86400000) AS INTEGER) * 1000;
        ALTER TABLE tombstones DROP COLUMN deleted_at;
        ALTER TABLE tombstones RENAME COLUMN deleted_us TO deleted_at;
        CREATE INDEX tombstones_by_time ON tombstones (deleted_at);
        """)
  ]
}
