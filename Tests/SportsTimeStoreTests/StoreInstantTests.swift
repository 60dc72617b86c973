import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// Every instant is stored as INTEGER microseconds since 1970 (`Schema`,
/// issue 29), and the clocks round it where it is made, so what a caller
/// holds is what is read back.
final class StoreInstantTests: StoreTestCase {
  /// A live-clock instant with sub-microsecond digits.
  private let live = Date(timeIntervalSince1970: 1_765_098_000.123_456_7)

  func testMicroseconds_roundToTheNearestAndReadBackBitForBit() {
    XCTAssertEqual(live.microsecondsSince1970, 1_765_098_000_123_457)
    XCTAssertEqual(
      Date(timeIntervalSince1970: 1_765_098_000.123_4).microsecondsSince1970,
      1_765_098_000_123_400)
    XCTAssertEqual(Date(timeIntervalSince1970: -0.000_000_6).microsecondsSince1970, -1)
    XCTAssertEqual(Date(timeIntervalSince1970: -1.5).microsecondsSince1970, -1_500_000)
    XCTAssertEqual(
      Date(timeIntervalSinceReferenceDate: 0).microsecondsSince1970, 978_307_200_000_000)
    var rng = SplitMix64(seed: 29)
    for _ in 0..<2_000 {
      let instant = Date(
        timeIntervalSince1970: Double(rng.next() % 4_000_000_000_000_000) / 1_000_000_000
          - 1_000_000_000)
      let rounded = instant.roundedToMicrosecond
      XCTAssertLessThanOrEqual(abs(rounded.timeIntervalSince(instant)), 0.000_000_8)
      XCTAssertEqual(rounded.roundedToMicrosecond, rounded, "rounding twice changes nothing")
      XCTAssertEqual(Date(microsecondsSince1970: rounded.microsecondsSince1970), rounded)
      XCTAssertEqual(rounded.microsecondsSince1970, instant.microsecondsSince1970)
      XCTAssertEqual(
        TripExchange.instant(rounded), TripExchange.instant(instant),
        "the trip file prints the stored instant's digits")
    }
  }

  func testClocks_roundWhereTheInstantIsMade() {
    XCTAssertEqual(RuleEnvironment.fixed(now: live).now(), live.roundedToMicrosecond)
    let now = RuleEnvironment.live.now()
    XCTAssertEqual(now, now.roundedToMicrosecond)
    let live = self.live
    let frozen = RuleEnvironment(now: { live }, uuid: { UUID() }, estimator: .default)
      .frozen()
    XCTAssertEqual(frozen.now(), live.roundedToMicrosecond)
  }

  /// A trip planned, edited and deleted with a sub-microsecond clock reads
  /// back exactly as the caller holds it, and every instant column holds
  /// INTEGER microseconds.
  func testInstantsMadeByTheClocks_readBackAsTheCallerHoldsThem() throws {
    let live = self.live
    let store = try Store(path: filePath(), clock: { live.addingTimeInterval(60) })
    try storeWith2024(store)
    let environment = RuleEnvironment.fixed(now: live)
    let planned = try StoreFixtures.plan("Loop", environment: environment)
    try store.insert(planned)
    let loaded = try store.loadTrip(id: planned.trip.id)
    XCTAssertEqual(loaded.trip.createdAt, planned.trip.createdAt)
    XCTAssertEqual(loaded.trip.createdAt, live.roundedToMicrosecond)
    XCTAssertEqual(loaded.items, planned.items)
    XCTAssertEqual(loaded.games.first?.start, Date(timeIntervalSince1970: 1_717_546_200))

    let visit = try store.addVisit {
      Visit(
        id: Visit.ID(UUID()), sport: .mlb, venueID: "CHI11",
        date: try StoreFixtures.date("2024-06-04"), gameID: "CHN202406040", matchup: nil,
        score: nil, notes: nil, createdAt: environment.now(), modifiedAt: environment.now())
    }
    XCTAssertEqual(try store.visit(id: visit.id), visit)
    _ = try store.removeVisit(id: visit.id)
    XCTAssertEqual(
      try store.tombstones(since: .distantPast).map(\.deletedAt),
      [live.addingTimeInterval(60).roundedToMicrosecond], "the store's clock, rounded")
    XCTAssertEqual(
      try store.tombstones(since: live.addingTimeInterval(60)).count, 1,
      "since the unrounded instant: compared to the microsecond")

    let columns = [
      ("games", "start_utc"), ("trips", "created_at"), ("trips", "modified_at"),
      ("itinerary_items", "created_at"), ("itinerary_items", "modified_at"),
      ("tombstones", "deleted_at"),
    ]
    for (table, column) in columns {
      XCTAssertEqual(
        try store.database.query("SELECT DISTINCT typeof(\(column)) AS t FROM \(table)").map {
          try $0.string("t")
        }, ["integer"], "\(table).\(column)")
    }
    XCTAssertEqual(
      try store.database.query("SELECT created_at FROM trips").first?.int64("created_at"),
      1_765_098_000_123_457)
    try store.close()
  }

  /// A REAL where an instant belongs (a damaged file; INTEGER affinity
  /// keeps a value with a fraction as REAL) is refused by both readers with
  /// the same error, not read as some instant.
  func testARealInstant_isRefusedByBothReaders() throws {
    let store = try Store(path: filePath())
    try storeWith2024(store)
    try store.database.execute(
      "UPDATE games SET start_utc = 1717546200.5 WHERE id = 'CHN202406040'")
    let sql = "SELECT * FROM games WHERE id = 'CHN202406040'"
    let inPlace = storeError { try store.readGames(sql, []) }
    let copied = storeError { try store.database.query(sql).map(Store.game(from:)) }
    XCTAssertEqual(inPlace.map { "\($0)" }, copied.map { "\($0)" })
    guard case .unexpectedValue(let column, let expected, _, _)? = inPlace else {
      return XCTFail("\(String(describing: inPlace))")
    }
    XCTAssertEqual(column, "start_utc")
    XCTAssertEqual(expected, "an integer")
    try store.close()
  }
}
