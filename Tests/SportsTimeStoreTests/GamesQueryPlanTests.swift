import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// `Store.games(_:)` with a filter scans the table (or the date index)
/// and sorts the matches instead of walking the start index and looking up
/// every game (issue 9, speed: `games --team CHC` keeps 162 of 2,430); the
/// games and their order are the same.
final class GamesQueryPlanTests: StoreTestCase {
  private func plan(_ store: Store, _ query: GameQuery) throws -> String {
    let (sql, args) = Store.gamesSQL(query)
    return try store.database.query("EXPLAIN QUERY PLAN " + sql, args)
      .map { try $0.string("detail") }.joined(separator: "; ")
  }

  func testFilteredQueries_doNotWalkTheStartIndex_andGiveTheSameGames() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let all = try store.games()
      XCTAssertEqual(all.count, 2430)
      XCTAssertEqual(
        all.map(\.id),
        all.sorted { ($0.start, $0.id.rawValue) < ($1.start, $1.id.rawValue) }.map(\.id))
      let june1 = try XCTUnwrap(CalendarDate(year: 2024, month: 6, day: 1))
      let june7 = try XCTUnwrap(CalendarDate(year: 2024, month: 6, day: 7))
      let queries = [
        GameQuery(teamIDs: ["CHN"]), GameQuery(teamIDs: ["CHN", "DET"]),
        GameQuery(teamIDs: ["OAK", "ATH"]), GameQuery(teamIDs: [], venueIDs: ["CHI11"]),
        GameQuery(teamIDs: ["CHN"], venueIDs: ["CHI11", "MIL06"]),
        GameQuery(teamIDs: ["CHN"], from: june1, to: june7),
        GameQuery(teamIDs: [], from: june1, to: june7), GameQuery(teamIDs: [], from: june7),
        GameQuery(teamIDs: ["NOPE"]),
      ]
      for query in queries {
        let expected = all.filter { game in
          (query.teamIDs.isEmpty
            || query.teamIDs.contains(game.homeTeamID) || query.teamIDs.contains(game.awayTeamID))
            && (query.venueIDs.isEmpty || query.venueIDs.contains(game.venueID))
            && query.from.map { game.localDate >= $0 } ?? true
            && query.to.map { game.localDate <= $0 } ?? true
        }
        XCTAssertEqual(try store.games(query), expected, "\(query)")
        let plan = try plan(store, query)
        XCTAssertFalse(plan.contains("games_by_start"), "\(query): \(plan)")
      }
      XCTAssertEqual(try store.games(GameQuery(teamIDs: ["CHN"])).count, 162)
      // No filter: the start index gives the order, nothing to sort.
      XCTAssertFalse(try plan(store, GameQuery()).contains("TEMP B-TREE"))
    }
  }

  /// Which sports a database holds is read from `games_by_sport`, not by
  /// scanning every game (every team name typed is resolved among them).
  func testStoredSports_areReadFromTheSportIndex() throws {
    try onBothStores { store in
      XCTAssertEqual(try store.storedSports(), [])
      try storeWith2024(store)
      XCTAssertEqual(try store.storedSports(), [.mlb])
      let plan = try store.database.query("EXPLAIN QUERY PLAN SELECT DISTINCT sport FROM games")
        .map { try $0.string("detail") }.joined(separator: "; ")
      XCTAssertTrue(plan.contains("COVERING INDEX games_by_sport"), plan)
    }
  }
}
