/// Migrations of the visits feature (issue 5), appended to the ledger after
/// `Schema.migrations`.
enum VisitsSchema {
  /// In order; append only.
  ///
  /// `visits`: one row per visit (several per venue and per day allowed).
  /// `game_id` follows a game whose id a schedule re-import changes
  /// (`ON UPDATE CASCADE`), and is unique among visits: a game is attended
  /// once. `away_team`/`home_team` and the two scores are both set or both
  /// NULL. Dates are the venue's local `YYYY-MM-DD`; `created_at` and
  /// `modified_at` are UTC seconds since 2001-01-01, as in `trips`.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-11-29-2-visits",
      sql: """
        CREATE TABLE visits (
          id TEXT PRIMARY KEY NOT NULL,
          sport TEXT NOT NULL,
          venue_id TEXT NOT NULL,
          local_date TEXT NOT NULL,
          game_id TEXT REFERENCES games (id) ON UPDATE CASCADE,
          away_team TEXT,
          home_team TEXT,
          away_score INTEGER,
          home_score INTEGER,
          notes TEXT,
          created_at REAL NOT NULL,
          modified_at REAL NOT NULL,
          CHECK ((away_team IS NULL) = (home_team IS NULL)),
          CHECK ((away_score IS NULL) = (home_score IS NULL)),
          CHECK (away_score IS NULL OR (away_score >= 0 AND home_score >= 0))
        );
        CREATE INDEX visits_by_venue ON visits (venue_id, local_date);
        CREATE INDEX visits_by_date ON visits (local_date);
        CREATE UNIQUE INDEX visits_by_game ON visits (game_id) WHERE game_id IS NOT NULL;
        """)
  ]
}
