import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// A trip's items are read in place from the statement (`RowReader`,
/// `Store.readItems`; issue 9, speed: copying every row into a `Row` first
/// was most of a long trip's load). The reader keeps `Row`'s rules: the same
/// values, the same storage classes accepted, the same errors; the items
/// read in place equal those of the `Row` path.
final class RowReaderTests: StoreTestCase {
  /// What an accessor gave: its value, or its error's text.
  private func outcome<T>(_ read: () throws -> T) -> String {
    do { return "value \(try read())" } catch { return "error \(error)" }
  }

  /// Every accessor of `Row` and of `RowReader` (by the index resolved
  /// once) gives the same value or error, on random values of every storage
  /// class, NULL included.
  func testReader_readsAsRowDoes_onRandomValues() throws {
    var rng = SplitMix64(seed: 0x0009_0C07)
    let database = try Database(path: ":memory:")
    // No declared types: each value keeps the storage class it is given.
    try database.executeScript("CREATE TABLE t (a, b, c, d)")
    let texts = ["", "x", "Wrigley Field", "Café “Sí”", "\u{1F3DF}\u{FE0F} park", "a\0b", "18:30"]
    func value() -> SQLValue {
      switch rng.next() % 6 {
      case 0: return .null
      case 1: return .integer(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 64))
      case 2: return .integer(Int64(rng.next() % 3))
      case 3: return .real(Double(Int64(bitPattern: rng.next()) >> 20) / 1024)
      case 4: return .text(texts[Int(rng.next() % UInt64(texts.count))])
      default: return .blob((0..<Int(rng.next() % 5)).map { _ in UInt8(rng.next() % 256) })
      }
    }
    for _ in 0..<400 {
      try database.execute(
        "INSERT INTO t VALUES (?, ?, ?, ?)", [value(), value(), value(), value()])
    }
    let sql = "SELECT a, b, c, d AS D FROM t ORDER BY rowid"
    let rows = try database.query(sql)
    XCTAssertEqual(rows.count, 400)
    let names = ["a", "b", "c", "d"]
    // `Row`'s by-index accessors: their errors name the column by its
    // result name (`D`), as the reader's do.
    func outcomes(_ row: Row, _ index: Int) -> [String] {
      [
        outcome { try row.string(index) }, outcome { try row.optionalString(index) },
        outcome { try row.int64(index) }, outcome { try row.int(index) },
        outcome { try row.optionalInt(index) }, outcome { try row.double(index) },
        outcome { try row.optionalDouble(index) }, outcome { try row.bool(index) },
        outcome { try row.optionalString(index).map { Array($0.utf8) } },
        outcome { try row.value(index) == .null },
      ]
    }
    var read: [[[String]]] = []
    func resolve(_ columns: ResultColumns) throws -> [Int32] {
      try names.map { try columns.index($0) }
    }
    try database.forEachRow(sql, [], resolve: resolve) { row, indices in
      read.append(
        indices.map { i in
          [
            outcome { try row.string(i) }, outcome { try row.optionalString(i) },
            outcome { try row.int64(i) }, outcome { try row.int(i) },
            outcome { try row.optionalInt(i) }, outcome { try row.double(i) },
            outcome { try row.optionalDouble(i) }, outcome { try row.bool(i) },
            outcome { try row.withOptionalText(i) { Array($0) } }, outcome { row.isNull(i) },
          ]
        })
    }
    XCTAssertEqual(read.count, rows.count)
    for (row, values) in zip(rows, read) {
      XCTAssertEqual(values, names.indices.map { outcomes(row, $0) })
      // By name the values are the same too.
      XCTAssertEqual(
        try names.map { try row.value($0) }, try names.indices.map { try row.value($0) })
    }
    // An unknown column is refused as `Row` refuses it, before any row.
    func missing(_ columns: ResultColumns) throws -> Int32 { try columns.index("missing") }
    XCTAssertThrowsError(
      try database.forEachRow(sql, [], resolve: missing) { _, _ in XCTFail("no row is read") }
    ) { error in
      XCTAssertEqual("\(error)", "\(StoreError.noSuchColumn(column: "missing", sql: sql))")
    }
    // The statement is left ready to run again.
    XCTAssertEqual(try database.query(sql).count, 400)
  }

  /// The items of a real trip (2024 games, legs with modes, custom items of
  /// every kind of field) read in place equal the `Row` path's, and a
  /// corrupt row is reported with the same error.
  func testItems_readInPlace_equalTheRowPath() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      let planned = try StoreFixtures.plan(
        "Seoul and back", gameIDs: ["SDN202403200", "LAN202403210", "LAN202403280"],
        environment: environment)
      try store.insert(planned)
      let tripID = planned.trip.id
      var rng = SplitMix64(seed: 0x0009_0C08)
      for n in 0..<60 {
        let coordinate =
          n % 3 == 0
          ? Coordinate(
            latitude: Double(rng.next() % 1_800) / 10 - 90,
            longitude: Double(rng.next() % 3_600) / 10 - 180) : nil
        let info = CustomInfo(
          title: "Stop \(n) “café”", category: ItemCategory.allCases[n % 4],
          time: n % 2 == 0 ? ClockTime(hour: n % 24, minute: (n * 7) % 60) : nil,
          timeZoneID: n % 4 == 0 ? "America/Los_Angeles" : nil, coordinate: coordinate,
          address: n % 5 == 0 ? "1000 Vin Scully Ave, Los Angeles" : nil)
        let item = ItineraryItem(
          id: ItineraryItem.ID(UUID()), tripID: tripID, day: 1 + n % 9,
          sortOrder: Double(n) / 4, kind: .custom(info),
          createdAt: Date(timeIntervalSinceReferenceDate: Double(n) * 1000.5),
          modifiedAt: Date(timeIntervalSinceReferenceDate: Double(n) * 2000.25))
        try store.insertItem(item)
      }
      let sql = "SELECT * FROM itinerary_items WHERE trip_id = ?"
      func byRows() throws -> [ItineraryItem] {
        try store.database.query(sql, [.text(Store.key(tripID))]).map(Store.item(from:))
          .sorted { $0.id < $1.id }
      }
      let items = try store.items(tripID: tripID)
      // Two stops (the Seoul Series, then Dodger Stadium): one flight
      // leg, and the 60 custom items.
      XCTAssertEqual(items.count, 61)
      XCTAssertEqual(items.compactMap(\.travelInfo).map(\.mode), [.flight])
      XCTAssertEqual(items, try byRows())
      XCTAssertEqual(try store.loadTrip(id: tripID).items, items)

      // Corrupt values: the same error from both paths.
      let victim = Store.key(items[5].id)
      for corruption in [
        "UPDATE itinerary_items SET time = '25:00' WHERE id = ?",
        "UPDATE itinerary_items SET category = 'bar' WHERE id = ?",
        "UPDATE itinerary_items SET id = 'not-a-uuid' WHERE id = ?",
      ] {
        try store.database.execute("SAVEPOINT corrupt")
        try store.database.execute(corruption, [.text(victim)])
        let expected = outcome { try byRows() }
        XCTAssertTrue(expected.hasPrefix("error "), expected)
        XCTAssertEqual(outcome { try store.items(tripID: tripID) }, expected)
        try store.database.execute("ROLLBACK TO corrupt")
        try store.database.execute("RELEASE corrupt")
      }
      XCTAssertEqual(try store.items(tripID: tripID), items)
    }
  }

  /// Every 2024 game read in place equals the `Row` path's (real data: all
  /// 2,430 rows, rescheduled and cancelled games among them), and a corrupt
  /// date is reported with the same error.
  func testGames_readInPlace_equalTheRowPath() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let sql = "SELECT g.* FROM games g ORDER BY g.start_utc, g.id"
      let games = try store.readGames(sql, [])
      XCTAssertEqual(games.count, 2430)
      XCTAssertEqual(games, try store.database.query(sql).map(Store.game(from:)))
      XCTAssertTrue(games.contains { $0.originalDate != nil })
      try store.database.execute(
        "UPDATE games SET local_date = '2024-13-01' WHERE id = ?", [.text(games[7].id.rawValue)])
      let expected = outcome { try store.database.query(sql).map(Store.game(from:)) }
      XCTAssertTrue(expected.hasPrefix("error "), expected)
      XCTAssertEqual(outcome { try store.readGames(sql, []) }, expected)
    }
  }

  /// `games(_:)` reads in place too (`games --team CHC`): for queries by
  /// team, venue and dates on the real 2024 schedule, the same games in the
  /// same order as the `Row` path.
  func testGamesQuery_readInPlace_equalsTheRowPath() throws {
    try onBothStores { store in
      try storeWith2024(store)
      func byRows(_ clause: String, _ args: [SQLValue]) throws -> [Game] {
        try store.database.query("SELECT * FROM games\(clause) ORDER BY start_utc, id", args)
          .map(Store.game(from:))
      }
      let june = try XCTUnwrap(CalendarDate(iso: "2024-06-01"))
      let july = try XCTUnwrap(CalendarDate(iso: "2024-07-01"))
      XCTAssertEqual(try store.games(GameQuery()), try byRows("", []))
      XCTAssertEqual(try store.games(GameQuery()).count, 2430)
      let cubs = try store.games(GameQuery(teamIDs: ["CHN"]))
      XCTAssertEqual(cubs.count, 162)
      XCTAssertEqual(
        cubs,
        try byRows(" WHERE (home_team IN (?) OR away_team IN (?))", [.text("CHN"), .text("CHN")]))
      XCTAssertEqual(
        try store.games(
          GameQuery(teamIDs: ["CHN", "DET"], venueIDs: ["CHI11"], from: june, to: july)),
        try byRows(
          " WHERE (home_team IN (?, ?) OR away_team IN (?, ?)) AND venue_id IN (?)"
            + " AND local_date >= ? AND local_date <= ?",
          [
            .text("CHN"), .text("DET"), .text("CHN"), .text("DET"), .text("CHI11"),
            .text("2024-06-01"), .text("2024-07-01"),
          ]))
      XCTAssertEqual(try store.games(GameQuery(teamIDs: ["XXX"])), [])
    }
  }
}
