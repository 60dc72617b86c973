/// Migrations that give games their final scores and their round (issue
/// 11: NBA, NHL and NFL schedules are as played), appended to the ledger
/// after `JournalSchema.migrations`.
enum GameScoreSchema {
  /// In order; append only.
  ///
  /// `games.away_score`, `games.home_score`: the final score (0…999 each),
  /// both set or both NULL (MLB games, games not yet played). Checked when
  /// read (`Store.gameScore`: anything else is a corrupt value), not by a
  /// CHECK constraint, like the table's other columns (a CHECK would also
  /// refuse the bench's `sqlite3 .import` reference, whose NULLs arrive as
  /// empty text).
  /// `games.round`: NULL for a regular-season game, else the round
  /// (`Game.round`: `WC`, `DIV`, `CON`, `SB`, `CUP`). A database from
  /// before gets NULL in all three for its games, which is what they are.
  static let migrations: [Migration] = [
    Migration(
      id: "2026-12-02-game-scores-1-score-and-round",
      sql: """
        ALTER TABLE games ADD COLUMN away_score INTEGER;
        ALTER TABLE games ADD COLUMN home_score INTEGER;
        ALTER TABLE games ADD COLUMN round TEXT;
        """),
    // `games_by_sport`: which sports a database holds (`Store.storedSports`,
    // read by every command that resolves a team's name) is answered from
    // the index instead of a scan of every game (0.4 ms on a season).
    Migration(
      id: "2026-12-02-game-scores-2-by-sport",
      sql: "CREATE INDEX games_by_sport ON games (sport);"),
  ]
}
