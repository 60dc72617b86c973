/// The database schema as an append-only ledger of migrations (STYLE 12).
///
/// Never edit a shipped migration: add a new one.
///
/// Every instant — a game's start (`games.start_utc`, with the venue's
/// IANA zone beside it), the `created_at`/`modified_at` of trips, items and
/// visits, a tombstone's `deleted_at`, a journal step's `created_at`, and
/// the same columns inside the journal's snapshots — is INTEGER
/// microseconds since 1970-01-01T00:00:00Z (the Unix epoch, UTC; negative
/// before it): what a PostgreSQL `timestamptz` holds exactly, every digit
/// the trip file prints (ISO 8601 with microseconds), and what sorts in
/// time order. Written with `SQLValue.instant(_:)` (rounded to the nearest
/// microsecond as the trip file's writer rounds; the clocks round where an
/// instant is made, so it reads back as the caller holds it) and read with
/// `ColumnReading.instant(_:)`. (Sync's hybrid logical clocks count
/// milliseconds: a clock, not a stored instant.) Before the migration
/// `2026-12-07-instants-1-microseconds-since-1970`
/// (`InstantSchema`) they were stored three ways; the first migrations
/// below still declare the old types. Calendar dates are `YYYY-MM-DD`
/// text. Never machine-local time.
enum Schema {
  /// All migrations, in order.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-11-29-1-catalog-and-trips",
      sql: """
        CREATE TABLE games (
          id TEXT PRIMARY KEY NOT NULL,
          sport TEXT NOT NULL,
          season INTEGER NOT NULL,
          home_team TEXT NOT NULL,
          away_team TEXT NOT NULL,
          venue_id TEXT NOT NULL,
          start_utc REAL NOT NULL,
          time_zone TEXT NOT NULL,
          local_date TEXT NOT NULL,
          time_estimated INTEGER NOT NULL,
          time_unknown INTEGER NOT NULL,
          status TEXT NOT NULL
            CHECK (status IN ('scheduled', 'rescheduled', 'cancelled')),
          original_date TEXT,
          game_number INTEGER NOT NULL,
          postponement_reason TEXT,
          schedule_key TEXT NOT NULL UNIQUE
        );
        CREATE INDEX games_by_start ON games (start_utc, id);
        CREATE INDEX games_by_date ON games (local_date);

        CREATE TABLE trips (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          start_date TEXT NOT NULL,
          end_date TEXT NOT NULL,
          created_at REAL NOT NULL,
          modified_at REAL NOT NULL,
          CHECK (start_date <= end_date)
        );

        CREATE TABLE trip_games (
          trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
          game_id TEXT NOT NULL REFERENCES games (id) ON UPDATE CASCADE,
          position INTEGER NOT NULL,
          PRIMARY KEY (trip_id, game_id)
        );
        CREATE INDEX trip_games_by_game ON trip_games (game_id);

        CREATE TABLE itinerary_items (
          id TEXT PRIMARY KEY NOT NULL,
          trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
          day INTEGER NOT NULL,
          sort_order REAL NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('travel', 'custom')),
          title TEXT,
          category TEXT,
          time TEXT,
          time_zone TEXT,
          latitude REAL,
          longitude REAL,
          address TEXT,
          from_stop INTEGER,
          to_stop INTEGER,
          from_venue TEXT,
          to_venue TEXT,
          from_name TEXT,
          to_name TEXT,
          distance_meters REAL,
          duration_seconds REAL,
          created_at REAL NOT NULL,
          modified_at REAL NOT NULL
        );
        CREATE INDEX itinerary_items_by_trip ON itinerary_items (trip_id, day, sort_order);
        """)
  ]

  /// Every migration in ledger order: the first one above, then each
  /// feature's own (append-only; never reorder).
  static let ledger: [Migration] =
    migrations + VisitsSchema.migrations + SettingsSchema.migrations + TravelModeSchema.migrations
    + RevisionSchema.migrations + ScheduleImportSchema.migrations + JournalSchema.migrations
    + GameScoreSchema.migrations + ItemPlaceSchema.migrations + InstantSchema.migrations
    + JournalChangeSchema.migrations

  /// The migrator for `ledger`.
  static let migrator = Migrator(ledger)
}
