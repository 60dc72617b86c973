import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// `Store.mapPins(venues:)` counts the visits per venue with one aggregate
/// query (issue 9, speed: `map --out` with 2,000 visits read and sorted
/// every visit): the same pins as `MapPin.pins(venues:visits:)` over every
/// stored visit, and a corrupt date still fails.
final class MapPinsAggregateTests: StoreTestCase {
  /// 2,000 visits of real 2024 games (some without a game), visits of the
  /// other sports (an arena two leagues share), a venue no table knows:
  /// the aggregate pins equal the pins of every visit, for every map venue
  /// and for a list in another order with a venue twice.
  func testMapPins_equalThePinsOfEveryVisit() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let games = try store.games(GameQuery()).filter { $0.status != .cancelled }
      var rng = SplitMix64(seed: 0x0009_3A9F)
      var visits: [Visit] = []
      for (n, game) in games.prefix(2_000).enumerated() {
        let created = Date(timeIntervalSinceReferenceDate: Double(rng.next() % 4) * 1000.5)
        if rng.next() % 5 == 0 {
          visits.append(
            Visit(
              id: Visit.ID(UUID()), sport: .mlb, venueID: game.venueID,
              date: game.localDate.adding(days: Int(rng.next() % 40) - 20),
              createdAt: created, modifiedAt: created.addingTimeInterval(Double(n))))
        } else {
          visits.append(Visit(game: game, id: Visit.ID(UUID()), now: created))
        }
      }
      for (sport, venue) in [(Sport.nba, "td-garden"), (.nhl, "td-garden"), (.nfl, "NYC01")] {
        for day in 1...20 {
          visits.append(
            Visit(
              id: Visit.ID(UUID()), sport: sport, venueID: Venue.ID(venue),
              date: try XCTUnwrap(CalendarDate(year: 2023 + day % 3, month: 11, day: day)),
              createdAt: Date(timeIntervalSinceReferenceDate: 5), modifiedAt: Date()))
        }
      }
      visits.append(
        Visit(
          id: Visit.ID(UUID()), sport: .mlb, venueID: "NOPE1",
          date: try XCTUnwrap(CalendarDate(year: 2024, month: 5, day: 1)),
          createdAt: Date(timeIntervalSinceReferenceDate: 5), modifiedAt: Date()))
      try store.transaction { for v in visits.shuffled() { try store.insertVisit(v) } }

      let venues = try Leagues.builtIn().mapVenues
      let pins = try store.mapPins(venues: venues)
      XCTAssertEqual(pins, MapPin.pins(venues: venues, visits: try store.visits()))
      XCTAssertGreaterThan(pins.filter(\.isVisited).count, 25)
      XCTAssertEqual(pins.map(\.visits).reduce(0, +), visits.count - 1)
      let some = Array(venues.reversed().prefix(40)) + venues.prefix(3)
      XCTAssertEqual(
        try store.mapPins(venues: some), MapPin.pins(venues: some, visits: try store.visits()))
      XCTAssertEqual(try store.mapPins(venues: []), [])
    }
  }

  /// No visits: every pin unvisited.
  func testMapPins_withoutVisits_areUnvisited() throws {
    try onBothStores { store in
      let venues = try Leagues.builtIn().mapVenues
      XCTAssertEqual(try store.mapPins(venues: venues), venues.map { MapPin(venue: $0) })
    }
  }

  /// A visit whose date cannot be read — the latest or the earliest of its
  /// venue — fails with the error `visits()` gives (naming the visit).
  func testMapPins_corruptDate_failsAsReadingTheVisits() throws {
    try onBothStores { store in
      try addNumberedVisits(6, to: store)
      let venues = try Leagues.builtIn().mapVenues
      for (victim, date) in [
        ("00000000-0000-4000-8000-000000000005", "2024-13-01"),
        ("00000000-0000-4000-8000-000000000000", "2024-0-01"),
        ("00000000-0000-4000-8000-000000000003", "2024-06-99"),
      ] {
        try store.database.execute("SAVEPOINT corrupt")
        try store.database.execute(
          "UPDATE visits SET local_date = ? WHERE id = ?", [.text(date), .text(victim)])
        var expected = ""
        do { _ = try store.visits() } catch { expected = "\(error)" }
        XCTAssertTrue(expected.contains(victim), expected)
        XCTAssertThrowsError(try store.mapPins(venues: venues), date) {
          XCTAssertEqual("\($0)", expected)
        }
        try store.database.execute("ROLLBACK TO corrupt")
        try store.database.execute("RELEASE corrupt")
      }
    }
  }
}
