import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Games history: grouping by year, order, "vs" at neutral sites, and every
/// combination of the sport and year filters.
final class GamesHistoryTests: XCTestCase {
  private func sample() throws -> [Visit] {
    [
      try VisitFixtures.visit(
        1, at: "CHI11", on: "2024-04-19", game: "CHN202404191", matchup: "MIA@CHN", score: "2-4"),
      try VisitFixtures.visit(
        2, at: "CHI11", on: "2024-04-19", game: "CHN202404192", matchup: "MIA@CHN"),
      try VisitFixtures.visit(
        3, at: "SEO01", on: "2024-03-20", game: "SDN202403200", matchup: "LAN@SDN", score: "5-2"),
      try VisitFixtures.visit(4, at: "TAM02", on: "2025-04-01", matchup: "PIT@TBA"),
      try VisitFixtures.visit(
        5, .nhl, at: "td-garden", on: "2024-12-01", matchup: "NYR@BOS", score: "2-3"),
      try VisitFixtures.visit(6, .nba, at: "united-center", on: "2025-02-01"),
      try VisitFixtures.visit(7, at: "WRI01", on: "2023-08-01"),
    ]
  }

  func testHistory_groupedByYearNewestFirst() throws {
    let history = GamesHistory(visits: try sample(), leagues: try VisitFixtures.leagues())
    XCTAssertEqual(history.total, 7)
    XCTAssertEqual(history.years.map(\.year), [2025, 2024, 2023])
    XCTAssertEqual(
      history.years.map { $0.entries.map(\.visit.id) },
      [
        [Fixtures.uuid(4), Fixtures.uuid(6)],
        [Fixtures.uuid(5), Fixtures.uuid(2), Fixtures.uuid(1), Fixtures.uuid(3)],
        [Fixtures.uuid(7)],
      ])
    let rows = history.years.flatMap(\.entries)
    XCTAssertEqual(
      rows.map(\.matchupText),
      ["PIT @ TB", nil, "NYR @ BOS", "MIA @ CHC", "MIA @ CHC", "LAD vs SD", nil])
    XCTAssertEqual(rows.map(\.isNeutralSite), [false, false, false, false, false, true, false])
    XCTAssertEqual(rows[0].venueName, "George M. Steinbrenner Field")
    XCTAssertEqual(rows[5].away, "LAD")
    XCTAssertEqual(rows[5].home, "SD")
    // An id the tables do not know is shown as it is.
    XCTAssertEqual(rows[6].venueName, "WRI01")
  }

  func testHistory_sportAndYearFilters() throws {
    let leagues = try VisitFixtures.leagues()
    let visits = try sample()
    func ids(_ sports: Set<Sport>?, _ year: Int?) -> [[Int]] {
      GamesHistory(visits: visits, leagues: leagues, sports: sports, year: year).years.map {
        $0.entries.map { Int($0.visit.id.rawValue.uuidString.suffix(12)) ?? -1 }
      }
    }
    XCTAssertEqual(ids([.mlb], nil), [[4], [2, 1, 3], [7]])
    XCTAssertEqual(ids([.nba, .nhl], nil), [[6], [5]])
    XCTAssertEqual(ids([.mlb, .nba, .nhl, .nfl], nil), ids(nil, nil))
    XCTAssertEqual(ids([], nil), ids(nil, nil))
    XCTAssertEqual(ids(nil, 2024), [[5, 2, 1, 3]])
    XCTAssertEqual(ids([.mlb], 2025), [[4]])
    XCTAssertEqual(ids([.nhl, .mlb], 2024), [[5, 2, 1, 3]])
    XCTAssertEqual(ids([.nfl], nil), [])
    XCTAssertEqual(ids([.nba], 2024), [])
    XCTAssertEqual(ids(nil, 1999), [])
    let filtered = GamesHistory(visits: visits, leagues: leagues, sports: [.nba], year: 2024)
    XCTAssertEqual(filtered.total, 0)
  }

  func testHistory_emptyState() throws {
    let history = GamesHistory(visits: [], leagues: try VisitFixtures.leagues())
    XCTAssertEqual(history.total, 0)
    XCTAssertEqual(history.years, [])
  }

  /// Random visits on a few dates and venues, with and without games, so
  /// every tie-break of `Visit.mostRecentFirst` is reached.
  private func randomVisits(_ count: Int, _ rng: inout SplitMix64) throws -> [Visit] {
    let days = ["2024-03-20", "2024-04-19", "2024-06-01", "2025-04-01"]
    return try (0..<count).map { n in
      let day = days[Int.random(in: 0..<days.count, using: &rng)]
      let game: Game.ID? =
        Bool.random(using: &rng)
        ? Game.ID(
          "CHN\(day.replacingOccurrences(of: "-", with: ""))\(Int.random(in: 0...2, using: &rng))")
        : nil
      return try VisitFixtures.visit(
        n + 1, at: "CHI11", on: day, game: game, matchup: "MIA@CHN",
        createdAt: Date(timeIntervalSince1970: Double(Int.random(in: 0...3, using: &rng))))
    }
  }

  /// Issue 28, item 23: one day's games by their start, the later first
  /// (as days run), whatever their ids say: Washington's 1:05 pm game
  /// (`WAS…`) below Chicago's 7:10 pm one (`CHN…`).
  func testHistory_oneDaysGamesByStart_laterFirst() throws {
    let dayGame = try VisitFixtures.visit(
      1, at: "WAS11", on: "2024-06-05", game: "WAS202406050", matchup: "NYN@WAS")
    let nightGame = try VisitFixtures.visit(
      2, at: "CHI11", on: "2024-06-05", game: "CHN202406050", matchup: "CHA@CHN")
    let starts: [Game.ID: Date] = [
      "WAS202406050": Date(timeIntervalSince1970: 1_717_606_500),  // 17:05 UTC
      "CHN202406050": Date(timeIntervalSince1970: 1_717_632_600),  // 00:10 UTC next day
    ]
    for visits in [[dayGame, nightGame], [nightGame, dayGame]] {
      let history = GamesHistory(
        visits: visits, leagues: try VisitFixtures.leagues(), starts: starts)
      XCTAssertEqual(
        history.years.first?.entries.map(\.visit.id), [Fixtures.uuid(2), Fixtures.uuid(1)])
    }
  }

  func testAreMostRecentFirst_isWhetherSortingChangesNothing() throws {
    var rng = SplitMix64(seed: 0x15_0009_0701)
    for size in [0, 1, 2, 3, 10, 40] {
      for _ in 0..<50 {
        let visits = try randomVisits(size, &rng)
        let sorted = visits.sorted(by: Visit.mostRecentFirst)
        XCTAssertEqual(Visit.areMostRecentFirst(visits), visits == sorted)
        XCTAssertTrue(Visit.areMostRecentFirst(sorted))
      }
    }
  }

  func testHistory_sameFromStoreOrderAsFromAnyOrder() throws {
    let leagues = try VisitFixtures.leagues()
    var rng = SplitMix64(seed: 0x15_0009_0702)
    for _ in 0..<30 {
      let visits = try randomVisits(25, &rng)
      let ordered = visits.sorted(by: Visit.mostRecentFirst)
      for filter: Set<Sport>? in [nil, [.mlb], [.nba]] {
        let fromOrdered = GamesHistory(visits: ordered, leagues: leagues, sports: filter)
        XCTAssertEqual(
          GamesHistory(visits: visits.shuffled(using: &rng), leagues: leagues, sports: filter),
          fromOrdered)
        XCTAssertEqual(
          fromOrdered.years.flatMap(\.entries).map(\.visit),
          ordered.filter {
            filter?.contains($0.sport) ?? true
          })
      }
    }
  }
}
