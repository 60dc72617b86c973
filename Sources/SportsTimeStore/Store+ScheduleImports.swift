import Foundation
import SportsTimeCore

/// What an earlier import of a schedule file that changed nothing printed,
/// in counts: what importing the same file again prints, as long as the
/// stored games have not changed since (`Store.unchangedScheduleImport`).
public struct ScheduleImportRecord: Sendable, Hashable {
  /// The file's counts (games, rescheduled, cancelled, doubleheaders
  /// formed, venues, teams).
  public var counts: ScheduleImport.Counts
  /// The file's games already stored exactly so: all of them.
  public var unchanged: Int
  /// Stored games of the file's seasons that it does not list.
  public var notInFile: Int

  /// Creates a record; see the properties.
  public init(counts: ScheduleImport.Counts, unchanged: Int, notInFile: Int) {
    self.counts = counts
    self.unchanged = unchanged
    self.notInFile = notInFile
  }

  /// The import's result: nothing inserted, updated or removed.
  public var result: GameImportResult {
    GameImportResult(
      inserted: 0, updated: 0, unchanged: unchanged, notInFile: notInFile, updatedInTrips: [])
  }
}

extension Store {
  /// What importing the schedule file with `fingerprint` again would
  /// report, without reading the file's games or the stored ones: the
  /// record of an earlier import of the same file that changed nothing
  /// (`importSchedule(_:replace:fingerprint:)` keeps it), when the games
  /// are exactly as they were then — no row of `games` inserted, updated
  /// or deleted since, by this or any other program (a trigger counts
  /// them), and no change to the database schema (a migration). Otherwise
  /// nil, and the import must do the whole comparison.
  ///
  /// Reads only. With `replace`, a record of stored games the file does
  /// not list (`notInFile > 0`) is not used: replacing removes them.
  /// - Parameters:
  ///   - fingerprint: `RetrosheetSchedule.fingerprint(of:)` of the file's
  ///     text (its content, the import rules, the catalog tables).
  ///   - replace: whether the import replaces the file's seasons.
  /// - Returns: the record, or nil.
  /// - Throws: `StoreError`.
  public func unchangedScheduleImport(fingerprint: SHA256.Digest, replace: Bool) throws
    -> ScheduleImportRecord?
  {
    try read {
      guard
        let row = try select(
          "SELECT * FROM schedule_imports WHERE fingerprint = ?", [.text(fingerprint.hex)]
        ).first
      else { return nil }
      let state = try gamesState()
      guard try row.int64("games_generation") == state.generation,
        try row.int64("schema_version") == state.schemaVersion
      else { return nil }
      let record = ScheduleImportRecord(
        counts: ScheduleImport.Counts(
          games: try row.int("games"), rescheduled: try row.int("rescheduled"),
          cancelled: try row.int("cancelled"),
          doubleheadersFormed: try row.int("doubleheaders_formed"), venues: try row.int("venues"),
          teams: try row.int("teams")),
        unchanged: try row.int("unchanged"), notInFile: try row.int("not_in_file"))
      if replace && record.notInFile > 0 { return nil }
      return record
    }
  }

  /// The games generation (`games_generation`) and the schema version
  /// (`PRAGMA schema_version`) now.
  func gamesState() throws -> (generation: Int64, schemaVersion: Int64) {
    let generation =
      try select("SELECT generation FROM games_generation WHERE id = 1").first?.int64(
        "generation") ?? -1
    let schema = try select("PRAGMA schema_version").first?.int64(0) ?? -1
    return (generation, schema)
  }

  /// Keeps `record` of an import of the file with `fingerprint` that
  /// changed nothing, at the current games generation and schema version,
  /// watching for the next change of the games (which raises the
  /// generation), and drops every record of another generation (they can
  /// never match again). Call inside the import's transaction. The rows
  /// written are a cache, not a change of the user's data: they do not
  /// count as saved changes (`hasSavedChanges`).
  func keep(_ record: ScheduleImportRecord, fingerprint: SHA256.Digest) throws {
    try uncounted { try execute("UPDATE games_generation SET watched = 1 WHERE id = 1") }
    let state = try gamesState()
    try uncounted {
      try execute(
        "DELETE FROM schedule_imports WHERE games_generation != ? OR schema_version != ?",
        [.integer(state.generation), .integer(state.schemaVersion)])
      var row = ColumnValues()
      row["fingerprint"] = .text(fingerprint.hex)
      row["games_generation"] = .integer(state.generation)
      row["schema_version"] = .integer(state.schemaVersion)
      row["games"] = SQLValue(record.counts.games)
      row["rescheduled"] = SQLValue(record.counts.rescheduled)
      row["cancelled"] = SQLValue(record.counts.cancelled)
      row["doubleheaders_formed"] = SQLValue(record.counts.doubleheadersFormed)
      row["venues"] = SQLValue(record.counts.venues)
      row["teams"] = SQLValue(record.counts.teams)
      row["unchanged"] = SQLValue(record.unchanged)
      row["not_in_file"] = SQLValue(record.notInFile)
      try execute("DELETE FROM schedule_imports WHERE fingerprint = ?", [.text(fingerprint.hex)])
      try insert(into: "schedule_imports", row)
    }
  }
}
