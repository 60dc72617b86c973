import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// The record of a schedule import that changed nothing
/// (`Store.unchangedScheduleImport`): kept by such an import, used while
/// the games stay exactly as they were, never after any change to them.
/// Wherever a record is used, it must say what the whole import says.
final class StoreScheduleImportsTests: StoreTestCase {
  let file2024 = SHA256.digest(Array("2024 file".utf8))
  let file2025 = SHA256.digest(Array("2025 file".utf8))

  /// The record, failing the test when there is none.
  func record(
    _ store: Store, _ fingerprint: SHA256.Digest, replace: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> ScheduleImportRecord {
    try XCTUnwrap(
      try store.unchangedScheduleImport(fingerprint: fingerprint, replace: replace),
      "no usable record", file: file, line: line)
  }

  /// Asserts that the record says what the whole import of `schedule`
  /// now says (run afterwards, so it must also change nothing).
  func assertRecordMatchesFullImport(
    _ store: Store, _ schedule: ScheduleImport, _ fingerprint: SHA256.Digest,
    replace: Bool = false, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let kept = try record(store, fingerprint, replace: replace, file: file, line: line)
    let full = try store.importSchedule(schedule, replace: replace, fingerprint: fingerprint)
    XCTAssertTrue(full.isNoOp, file: file, line: line)
    XCTAssertEqual(kept.result, full, file: file, line: line)
    XCTAssertEqual(kept.counts, schedule.counts, file: file, line: line)
  }

  func testRecord_keptOnlyByAnImportThatChangesNothing() throws {
    let schedule = try StoreFixtures.import2024()
    try onBothStores { store in
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
      let first = try store.importSchedule(schedule, fingerprint: file2024)
      XCTAssertEqual(first.inserted, 2430)
      XCTAssertNil(
        try store.unchangedScheduleImport(fingerprint: file2024, replace: false),
        "an import that changed the games keeps no record")
      let second = try store.importSchedule(schedule, fingerprint: file2024)
      XCTAssertTrue(second.isNoOp)
      let kept = try record(store, file2024)
      XCTAssertEqual(kept.result, second)
      XCTAssertEqual(
        kept.counts,
        ScheduleImport.Counts(
          games: 2430, rescheduled: 34, cancelled: 1, doubleheadersFormed: 27, venues: 35,
          teams: 30))
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2025, replace: false))
      try assertRecordMatchesFullImport(store, schedule, file2024)
    }
  }

  /// Keeping the record is bookkeeping, not a saved change.
  func testRecord_isNotASavedChange() throws {
    let schedule = try StoreFixtures.import2024()
    let path = filePath()
    let first = try Store(path: path)
    _ = try first.importSchedule(schedule, fingerprint: file2024)
    XCTAssertTrue(first.hasSavedChanges)
    try first.close()
    let again = try Store(path: path)
    XCTAssertTrue(try again.importSchedule(schedule, fingerprint: file2024).isNoOp)
    XCTAssertNotNil(try again.unchangedScheduleImport(fingerprint: file2024, replace: false))
    XCTAssertFalse(again.hasSavedChanges)
  }

  /// Any row of `games` inserted, updated (even to the same values) or
  /// deleted, by this store or another program, outdates the record.
  func testRecord_notUsedAfterAnyChangeToTheGames() throws {
    let schedule = try StoreFixtures.import2024()
    let changes = [
      "UPDATE games SET time_estimated = 0 WHERE id = 'CHN202406040'",
      "UPDATE games SET status = status WHERE id = 'CHN202406040'",
      "DELETE FROM games WHERE id = 'CHN202406040'",
      """
      INSERT INTO games (id, sport, season, home_team, away_team, venue_id, start_utc,
        time_zone, local_date, time_estimated, time_unknown, status, original_date, game_number,
        postponement_reason, schedule_key, away_score, home_score, round)
      SELECT 'X' || id, sport, season + 10, home_team, away_team, venue_id,
        start_utc + 315360000000, time_zone, local_date, time_estimated, time_unknown, status, original_date,
        game_number, postponement_reason, 'X' || schedule_key, away_score, home_score, round
        FROM games WHERE id = 'DET202406080'
      """,
    ]
    for sql in changes {
      let path = filePath("\(UUID().uuidString).sqlite")
      let store = try Store(path: path)
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      let before = try store.gamesState().generation
      XCTAssertNotNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
      let other = try RawSQLite(path: path)
      try other.exec(sql)
      other.close()
      XCTAssertGreaterThan(try store.gamesState().generation, before, sql)
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false), sql)
      // The whole import then sees the change (puts the game back; a game
      // of another season is no business of this file's).
      let full = try store.importSchedule(schedule, fingerprint: file2024)
      XCTAssertEqual(full.isNoOp, sql.contains("status = status") || sql.contains("INSERT"), sql)
      if !full.isNoOp {
        XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
        _ = try store.importSchedule(schedule, fingerprint: file2024)
      }
      try assertRecordMatchesFullImport(store, schedule, file2024)
      try store.close()
    }
  }

  /// Importing another file that changes the games outdates the first
  /// file's record; imports that change nothing keep every record.
  func testRecord_afterImportingAnotherFile() throws {
    let schedule2024 = try StoreFixtures.import2024()
    let schedule2025 = try RetrosheetSchedule.parse(
      try String(contentsOf: TestData.retrosheetSchedule(2025), encoding: .utf8),
      file: "2025schedule.csv",
      catalog: StoreFixtures.catalog())
    try onBothStores { store in
      _ = try store.importSchedule(schedule2024, fingerprint: file2024)
      _ = try store.importSchedule(schedule2024, fingerprint: file2024)
      XCTAssertNotNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
      XCTAssertEqual(try store.importSchedule(schedule2025, fingerprint: file2025).inserted, 2430)
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
      XCTAssertTrue(try store.importSchedule(schedule2024, fingerprint: file2024).isNoOp)
      XCTAssertTrue(try store.importSchedule(schedule2025, fingerprint: file2025).isNoOp)
      try assertRecordMatchesFullImport(store, schedule2024, file2024)
      try assertRecordMatchesFullImport(store, schedule2025, file2025)
    }
  }

  /// A migration (any change of the schema) outdates every record.
  func testRecord_notUsedAfterAMigration() throws {
    let schedule = try StoreFixtures.import2024()
    try onBothStores { store in
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      XCTAssertNotNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
      let later = Migrator(
        Schema.ledger + [
          Migration(id: "2099-01-01-later", sql: "ALTER TABLE games ADD COLUMN attendance INTEGER")
        ])
      try store.serialized { try later.migrate(store.database) }
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
    }
  }

  /// Trips, their items and visits leave the games alone: the record stays
  /// usable, and still says what the whole import says.
  func testRecord_survivesTripsAndVisits() throws {
    let schedule = try StoreFixtures.import2024()
    try onBothStores { store in
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      try store.insert(try StoreFixtures.plan("Chicago and Detroit", environment: environment))
      let game = try StoreFixtures.game2024("CHN202406040")
      try store.insertVisit(Visit(game: game, id: Visit.ID(UUID()), now: StoreFixtures.now))
      _ = try store.deleteTrip(id: try store.loadTrip("Chicago and Detroit").trip.id)
      try assertRecordMatchesFullImport(store, schedule, file2024)
    }
  }

  /// A file that no longer lists a stored game: the record says so
  /// (`notInFile`), and is not used to replace (which would remove it).
  func testRecord_ofAPartialFileIsNotUsedToReplace() throws {
    let full = try StoreFixtures.import2024()
    let partial = try StoreFixtures.edited2024([
      ("20240621,0,Friday,NYN,NL,76,CHN,NL,77,d,CHI11,,", nil)
    ])
    let partialFile = SHA256.digest(Array("partial".utf8))
    try onBothStores { store in
      _ = try store.importSchedule(full, fingerprint: file2024)
      let first = try store.importSchedule(partial, fingerprint: partialFile)
      XCTAssertTrue(first.isNoOp)
      XCTAssertEqual(first.notInFile, 1)
      XCTAssertEqual(try record(store, partialFile).notInFile, 1)
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: partialFile, replace: true))
      try assertRecordMatchesFullImport(store, partial, partialFile)
      let replaced = try store.importSchedule(partial, replace: true, fingerprint: partialFile)
      XCTAssertEqual(replaced.removed, ["CHN202406210"])
      XCTAssertTrue(
        try store.importSchedule(partial, replace: true, fingerprint: partialFile).isNoOp)
      XCTAssertEqual(try record(store, partialFile, replace: true).notInFile, 0)
      try assertRecordMatchesFullImport(store, partial, partialFile, replace: true)
      try assertRecordMatchesFullImport(store, partial, partialFile, replace: false)
    }
  }

  /// A refused import keeps no record and writes nothing.
  func testRecord_notKeptByARefusedImport() throws {
    let schedule = try StoreFixtures.import2024()
    let newer = try StoreFixtures.cubsMakeupReplacingTheMets()
    try onBothStores { store in
      _ = try store.importSchedule(schedule, fingerprint: file2024)
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      try store.insert(
        try StoreFixtures.plan(
          "Mets at Wrigley", gameIDs: ["CHN202406210"], environment: environment))
      XCTAssertThrowsError(try store.importSchedule(newer, replace: true, fingerprint: file2025))
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2025, replace: false))
      XCTAssertEqual(
        try store.select("SELECT count(*) AS n FROM schedule_imports").first?.int("n"), 0)
    }
  }

  /// A bulk insert runs the generation's update once with the triggers
  /// off (`Store.insertGames`): the generation and the records end as the
  /// per-row triggers leave them, and the triggers run again afterwards.
  /// Another program's trigger on `games` keeps every trigger on.
  func testBulkInsert_endsAsThePerRowTriggersLeaveIt() throws {
    let schedule2024 = try StoreFixtures.import2024()
    let schedule2025 = try RetrosheetSchedule.parse(
      try String(contentsOf: TestData.retrosheetSchedule(2025), encoding: .utf8),
      file: "2025schedule.csv", catalog: StoreFixtures.catalog())
    let plain = try Store(path: filePath("plain.sqlite"))
    let otherPath = filePath("other.sqlite")
    let withOther = try Store(path: otherPath)
    let raw = try RawSQLite(path: otherPath)
    try raw.exec(
      """
      CREATE TABLE seen (id TEXT);
      CREATE TRIGGER another_programs AFTER INSERT ON games BEGIN INSERT INTO seen VALUES (new.id); END;
      """)
    raw.close()
    func state(_ store: Store) throws -> [Int64] {
      let row = try XCTUnwrap(
        try store.select("SELECT generation, watched FROM games_generation WHERE id = 1").first)
      return [try row.int64("generation"), try row.int64("watched")]
    }
    for store in [plain, withOther] {
      _ = try store.importSchedule(schedule2024, fingerprint: file2024)
      XCTAssertEqual(try state(store), [0, 0], "a fresh import: nothing was watched")
      _ = try store.importSchedule(schedule2024, fingerprint: file2024)
      XCTAssertEqual(try state(store), [0, 1])
      // 2,430 inserts while watched: raised once, as by the first row's trigger.
      XCTAssertEqual(try store.importSchedule(schedule2025, fingerprint: file2025).inserted, 2430)
      XCTAssertEqual(try state(store), [1, 0])
      XCTAssertNil(try store.unchangedScheduleImport(fingerprint: file2024, replace: false))
      _ = try store.importSchedule(schedule2025, fingerprint: file2025)
      XCTAssertEqual(try state(store), [1, 1])
      // The triggers are on again for this connection's next write.
      try store.execute("UPDATE games SET status = status WHERE id = 'CHN202406040'")
      XCTAssertEqual(try state(store), [2, 0])
    }
    XCTAssertEqual(
      try withOther.select("SELECT count(*) AS n FROM seen").first?.int("n"), 4860,
      "another program's trigger ran for every inserted row")
    try plain.close()
    try withOther.close()
  }
}
