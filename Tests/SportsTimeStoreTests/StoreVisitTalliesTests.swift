import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// `progress` reads the visits as SQL tallies (`Store.visitTallies()`,
/// issue 9): the same tallies as counting every visit, so the same
/// progress, on random visits of every sport; a corrupt row is still
/// refused naming the visit.
final class StoreVisitTalliesTests: StoreTestCase {
  private let now = Date(timeIntervalSince1970: 1_762_000_000)

  private func randomVisits(_ count: Int, _ rng: inout SplitMix64) throws -> [Visit] {
    let places: [(Sport, String, [String])] = [
      (.mlb, "CHI11", ["CHN", "MIL", "STL"]), (.mlb, "OAK01", ["OAK", "ATH", "NYA"]),
      (.mlb, "SAC01", ["ATH", "OAK", "SEA"]), (.mlb, "SEO01", ["SDN", "LAN"]),
      (.nba, "td-garden", ["BOS", "NYK"]), (.nhl, "td-garden", ["BOS", "NYR"]),
      (.nfl, "NYC01", ["NYG", "NYJ", "DAL"]), (.mlb, "NOPE1", ["XXX"]),
    ]
    var visits: [Visit] = []
    for n in 0..<count {
      let (sport, venue, teams) = places[Int(rng.next() % UInt64(places.count))]
      let year = 2023 + Int(rng.next() % 3)
      let date = try XCTUnwrap(
        CalendarDate(year: year, month: 1 + Int(rng.next() % 12), day: 1 + Int(rng.next() % 28)))
      var matchup: Matchup?
      if rng.next() % 3 != 0 {
        let home = teams[Int(rng.next() % UInt64(teams.count))]
        matchup = Matchup(awayTeamID: "VIS", homeTeamID: home)
      }
      let id = try XCTUnwrap(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", n)))
      visits.append(
        Visit(
          id: Visit.ID(id), sport: sport, venueID: Venue.ID(venue), date: date, matchup: matchup,
          createdAt: now, modifiedAt: now))
    }
    return visits
  }

  func testVisitTallies_areTheTalliesOfEveryVisitAndGiveTheSameProgress() throws {
    let leagues = try Leagues.builtIn()
    var rng = SplitMix64(seed: 0x15_0009_7A11)
    for round in 0..<4 {
      try onBothStores { store in
        XCTAssertEqual(try store.visitTallies(), [])
        let visits = try randomVisits([0, 1, 40, 400][round], &rng)
        try store.transaction { for v in visits { try store.insertVisit(v) } }
        let stored = try store.visits()
        let tallies = try store.visitTallies()
        XCTAssertEqual(tallies, VisitTally.tallies(of: stored))
        XCTAssertEqual(tallies.reduce(0) { $0 + $1.visits }, visits.count)
        XCTAssertEqual(
          SportProgress.defaultSports(forTallies: tallies),
          SportProgress.defaultSports(for: stored))
        XCTAssertEqual(
          SportProgress.all(tallies: tallies, leagues: leagues, sports: Sport.allCases),
          SportProgress.all(visits: stored, leagues: leagues, sports: Sport.allCases))
      }
    }
  }

  func testVisitTallies_refuseACorruptDateNamingTheVisit() throws {
    try onBothStores { store in
      let id = try XCTUnwrap(UUID(uuidString: "00000000-0000-4000-8000-000000000007"))
      let visit = Visit(
        id: Visit.ID(id), sport: .mlb, venueID: "CHI11",
        date: try XCTUnwrap(CalendarDate(iso: "2024-06-05")), createdAt: now, modifiedAt: now)
      _ = try store.addVisit { visit }
      try store.execute("UPDATE visits SET local_date = '2024-13-45'")
      XCTAssertThrowsError(try store.visitTallies()) { error in
        guard
          case .corruptValue(let table, let visitID, let column, let value)? =
            error as? StoreError
        else { return XCTFail("\(error)") }
        XCTAssertEqual(
          [table, visitID, column, value],
          ["visits", id.uuidString.lowercased(), "local_date", "2024-13-45"])
      }
    }
  }
}
