import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// `Store.visits()` reads the visits in place from the statement
/// (`RowReader`, `Store.readVisits`; issue 9, speed: `history` with 2,000
/// visits spent a sixth of its time there) and sorts them only when
/// SQLite's order is not the final one: the same visits, in the same
/// order, and the same errors as the `Row` path followed by the sort.
final class VisitsReadInPlaceTests: StoreTestCase {
  private func outcome<T>(_ read: () throws -> T) -> String {
    do { return "value \(try read())" } catch { return "error \(error)" }
  }

  /// What `visits(venueID:)` returned before: every row through `Row`, then
  /// sorted most recent first.
  private func byRows(_ store: Store, venueID: Venue.ID? = nil) throws -> [Visit] {
    let order = " ORDER BY local_date DESC, game_id IS NULL, game_id DESC, created_at DESC, id DESC"
    // One day's games by their start (issue 28, item 23), as `visits()`.
    let starts = try store.visitGameStarts()
    let rows =
      try venueID.map {
        try store.database.query(
          "SELECT * FROM visits WHERE venue_id = ?" + order, [.text($0.rawValue)])
      } ?? store.database.query("SELECT * FROM visits" + order)
    return try rows.map(Store.visit(from:)).sorted(by: Visit.mostRecentFirst(starts: starts))
  }

  /// 2,000 visits of real 2024 games (scores, notes, some without a game
  /// or a matchup, ties of date and creation time) and visits of the other
  /// sports: read in place they equal the `Row` path's, all and by venue.
  func testVisits_readInPlace_equalTheRowPathOnRealGames() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let games = try store.games(GameQuery()).filter { $0.status != .cancelled }
      var rng = SplitMix64(seed: 0x0009_0C5A)
      var visits: [Visit] = []
      for (n, game) in games.prefix(2_000).enumerated() {
        let id = Visit.ID(UUID())
        let created = Date(timeIntervalSinceReferenceDate: Double(rng.next() % 4) * 1000.5)
        let score = rng.next() % 3 == 0 ? nil : Score(away: n % 13, home: (n * 7) % 11)
        let notes = rng.next() % 4 == 0 ? "Seats \(n) “behind” home — café" : nil
        if rng.next() % 5 == 0 {
          // No game: the same place and day, with or without a matchup.
          let matchup =
            rng.next() % 2 == 0
            ? Matchup(awayTeamID: game.awayTeamID, homeTeamID: game.homeTeamID) : nil
          visits.append(
            Visit(
              id: id, sport: .mlb, venueID: game.venueID, date: game.localDate,
              matchup: matchup, score: score, notes: notes, createdAt: created,
              modifiedAt: created.addingTimeInterval(Double(n))))
        } else {
          var visit = Visit(game: game, id: id, score: score, notes: notes, now: created)
          visit.modifiedAt = created.addingTimeInterval(0.25)
          visits.append(visit)
        }
      }
      for (sport, venue) in [(Sport.nba, "td-garden"), (.nhl, "td-garden"), (.nfl, "NYC01")] {
        for day in 1...20 {
          visits.append(
            Visit(
              id: Visit.ID(UUID()), sport: sport, venueID: Venue.ID(venue),
              date: try XCTUnwrap(CalendarDate(year: 2024, month: 11, day: day)),
              matchup: Matchup(awayTeamID: "NYK", homeTeamID: "BOS"),
              createdAt: Date(timeIntervalSinceReferenceDate: 5), modifiedAt: Date()))
        }
      }
      try store.transaction { for v in visits.shuffled() { try store.insertVisit(v) } }
      let stored = try store.visits()
      XCTAssertEqual(stored.count, visits.count)
      XCTAssertEqual(stored, try byRows(store))
      XCTAssertEqual(Set(stored.map(\.id)), Set(visits.map(\.id)))
      XCTAssertTrue(Visit.areMostRecentFirst(stored, starts: try store.visitGameStarts()))
      for venue in ["CHI11", "td-garden", "NYC01", "NOPE1"] {
        XCTAssertEqual(
          try store.visits(venueID: Venue.ID(venue)), try byRows(store, venueID: Venue.ID(venue)),
          venue)
      }
      // `readVisits` alone gives the rows in SQLite's order, as `Row` does.
      let sql = "SELECT * FROM visits ORDER BY rowid"
      XCTAssertEqual(
        try store.readVisits(sql, []), try store.database.query(sql).map(Store.visit(from:)))
    }
  }

  /// A corrupt row gives the same error from both paths (naming the visit
  /// and the column).
  func testVisits_corruptRowsGiveTheRowPathsError() throws {
    try onBothStores { store in
      try addNumberedVisits(
        8, to: store, matchup: Matchup(awayTeamID: "MIL", homeTeamID: "CHN"),
        score: Score(away: 1, home: 2))
      let victim = "00000000-0000-4000-8000-000000000005"
      for corruption in [
        "UPDATE visits SET local_date = '2024-13-01' WHERE id = ?",
        "UPDATE visits SET local_date = '2024-6-01' WHERE id = ?",
        "UPDATE visits SET local_date = '２０２４-06-01' WHERE id = ?",
        "UPDATE visits SET sport = 'XFL' WHERE id = ?",
        "UPDATE visits SET id = 'not-a-uuid' WHERE id = ?",
        "UPDATE visits SET created_at = 'noon' WHERE id = ?",
        "UPDATE visits SET home_score = 1000000 WHERE id = ?",
      ] {
        try store.database.execute("SAVEPOINT corrupt")
        try store.database.execute(corruption, [.text(victim)])
        let expected = outcome { try byRows(store) }
        XCTAssertTrue(expected.hasPrefix("error "), "\(corruption): \(expected)")
        XCTAssertEqual(outcome { try store.visits() }, expected, corruption)
        try store.database.execute("ROLLBACK TO corrupt")
        try store.database.execute("RELEASE corrupt")
      }
      XCTAssertEqual(try store.visits(), try byRows(store))
    }
  }
}
