/// Migrations that let a re-import of an unchanged schedule file skip its
/// work (issue 9, "Speed"), appended to the ledger after
/// `RevisionSchema.migrations`.
enum ScheduleImportSchema {
  /// In order; append only.
  ///
  /// `games_generation`: one row (`id` 1). While `watched` is 1 (a record
  /// below waits for the next change), the first row inserted into,
  /// updated in or deleted from `games`, by whichever program writes (the
  /// triggers below), raises `generation` by one and sets `watched` to 0;
  /// later changes need not raise it again (nothing recorded can match any
  /// more), so a bulk write pays one small update, not one per row. So a
  /// record whose generation is still current means the games are exactly
  /// as they were when it was made.
  ///
  /// `schedule_imports`: a record of schedule imports that changed nothing,
  /// keyed by the file's `fingerprint` (SHA-256 hex,
  /// `RetrosheetSchedule.fingerprint(of:)`): the games generation and the
  /// SQLite schema version (`PRAGMA schema_version`) it was made at, the
  /// file's counts and the import's `unchanged` and `not_in_file` counts.
  /// A record whose generation and schema version are still current says
  /// what importing that file again would print (`Store+ScheduleImports`).
  /// The body of each `games_generation` trigger: what the first change
  /// of a bulk write does (every later one then changes nothing).
  static let generationBump =
    "UPDATE games_generation SET generation = generation + 1, watched = 0 WHERE id = 1 AND watched = 1"

  /// The names of the triggers on `games` (all of them the migration
  /// below creates; each runs `generationBump`), sorted.
  static let gamesTriggers = [
    "games_generation_on_delete", "games_generation_on_insert", "games_generation_on_update",
  ]

  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-01-schedule-imports-1-games-generation-and-records",
      sql: """
        CREATE TABLE games_generation (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          generation INTEGER NOT NULL,
          watched INTEGER NOT NULL CHECK (watched IN (0, 1))
        );
        INSERT INTO games_generation (id, generation, watched) VALUES (1, 0, 0);
        CREATE TRIGGER games_generation_on_insert AFTER INSERT ON games
          BEGIN
            UPDATE games_generation SET generation = generation + 1, watched = 0
            WHERE id = 1 AND watched = 1;
          END;
        CREATE TRIGGER games_generation_on_update AFTER UPDATE ON games
          BEGIN
            UPDATE games_generation SET generation = generation + 1, watched = 0
            WHERE id = 1 AND watched = 1;
          END;
        CREATE TRIGGER games_generation_on_delete AFTER DELETE ON games
          BEGIN
            UPDATE games_generation SET generation = generation + 1, watched = 0
            WHERE id = 1 AND watched = 1;
          END;
        CREATE TABLE schedule_imports (
          fingerprint TEXT PRIMARY KEY NOT NULL,
          games_generation INTEGER NOT NULL,
          schema_version INTEGER NOT NULL,
          games INTEGER NOT NULL,
          rescheduled INTEGER NOT NULL,
          cancelled INTEGER NOT NULL,
          doubleheaders_formed INTEGER NOT NULL,
          venues INTEGER NOT NULL,
          teams INTEGER NOT NULL,
          unchanged INTEGER NOT NULL,
          not_in_file INTEGER NOT NULL
        ) WITHOUT ROWID;
        """)
  ]
}
