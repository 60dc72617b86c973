import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// Games' scores and rounds in the store (issue 11): the migration that
/// adds them, an old database migrating, and the columns round-tripping.
final class StoreGameScoresTests: StoreTestCase {
  private func nflGames() throws -> [Game] {
    let text = try String(contentsOf: TestData.url("nfl/schedules_2024.csv"), encoding: .utf8)
    return try NFLSchedule.parse(text, file: "schedules_2024.csv", leagues: try Leagues.builtIn())
      .games
  }

  func testMigration_oldDatabaseKeepsItsGamesWithoutScores() throws {
    let path = filePath("old.sqlite")
    let before = try XCTUnwrap(
      Schema.ledger.firstIndex { $0.id == GameScoreSchema.migrations.first?.id })
    XCTAssertEqual(
      before,
      Schema.ledger.count - GameScoreSchema.migrations.count - ItemPlaceSchema.migrations.count
        - InstantSchema.migrations.count - JournalChangeSchema.migrations.count,
      "followed only by the item places, the instants and the journal of changes")
    let mlb = try StoreFixtures.games2024().prefix(50)
    do {
      let old = try Database(path: path)
      try Migrator(Array(Schema.ledger.prefix(before))).migrate(old)
      let columns = try old.query("SELECT name FROM pragma_table_info('games')").map {
        try $0.string("name")
      }
      XCTAssertFalse(columns.contains("home_score"))
      let oldColumns = Array(Store.gameColumns.prefix(16))
      XCTAssertEqual(columns, oldColumns)
      // The start as that schema stored it: REAL seconds since 1970.
      let start = try XCTUnwrap(oldColumns.firstIndex(of: "start_utc"))
      try old.insert(
        into: "games", columns: oldColumns,
        rows: mlb.map { game in
          var values = Array(Store.values(of: game).prefix(16))
          values[start] = .real(game.start.timeIntervalSince1970)
          return values
        })
      try old.close()
    }
    let store = try Store(path: path)
    XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(Array(mlb)))
    XCTAssertTrue(try store.games().allSatisfy { $0.score == nil && $0.round == nil })
    // The migrated database takes scored games.
    let nfl = try nflGames()
    let result = try store.importGames(nfl)
    XCTAssertEqual(result.inserted, 285)
    let superBowl = try XCTUnwrap(try store.game(id: "2024_22_KC_PHI"))
    XCTAssertEqual(superBowl.score, Score(away: 22, home: 40))
    XCTAssertEqual(superBowl.round, "SB")
    XCTAssertEqual(try store.storedSports(), [.mlb, .nfl])
  }

  func testScoresAndRounds_roundTrip_andReimportChangesNothing() throws {
    try onBothStores { store in
      let nfl = try nflGames()
      _ = try store.importGames(nfl)
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(nfl))
      let again = try store.importGames(nfl)
      XCTAssertTrue(again.isNoOp)
      XCTAssertEqual(again.unchanged, 285)
      // A score one side NULL is refused as corrupt, not read as no score.
      try store.database.execute("UPDATE games SET home_score = NULL WHERE id = '2024_01_BAL_KC'")
      XCTAssertThrowsError(try store.games()) { error in
        XCTAssertTrue("\(error)".contains("away_score/home_score"), "\(error)")
      }
    }
  }

  func testRead_aScoreOutOfRangeIsCorrupt() throws {
    let store = try Store(path: filePath())
    _ = try store.importGames(try nflGames())
    try store.database.execute("UPDATE games SET away_score = 1000 WHERE id = '2024_01_BAL_KC'")
    XCTAssertThrowsError(try store.game(id: "2024_01_BAL_KC")) { error in
      XCTAssertTrue("\(error)".contains("1000-27"), "\(error)")
    }
  }

  func testQuery_sportsAndTeamsOfOneSport() throws {
    let store = try Store(path: filePath())
    _ = try store.importGames(try StoreFixtures.games2024())
    _ = try store.importGames(try nflGames())
    var query = GameQuery()
    query.sports = [.nfl]
    XCTAssertEqual(try store.games(query).count, 285)
    // `KC` is the Chiefs in the NFL; the Royals are MLB's `KCA`: only the
    // Chiefs' games, not an MLB game of a team coded KC.
    query.sports = []
    query.sportTeams = [.nfl: ["KC"]]
    let chiefs = try store.games(query)
    XCTAssertEqual(chiefs.count, 17 + 3, "17 regular season, 3 postseason (DIV, CON, SB)")
    XCTAssertTrue(chiefs.allSatisfy { $0.sport == .nfl })
  }
}
