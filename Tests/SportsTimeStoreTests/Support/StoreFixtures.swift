import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// An error thrown from test transaction bodies to force a rollback.
enum StoreTestError: Error, Equatable {
  /// Thrown after the real work, so the transaction must roll back.
  case rollback
}

/// Real data for store tests: the 2024 Retrosheet schedule parsed with the
/// built-in MLB catalog (loaded once per test run).
///
/// The data is found by `TestData` (`$SPORTSTIME_DATA`, else
/// `../shared/data`) and read in place, never copied into the repo.
enum StoreFixtures {
  /// The shared data directory (`TestData.directory`).
  static var dataDirectory: URL { TestData.directory }

  /// The package root (`TestData.repositoryRoot`).
  static var repositoryRoot: URL { TestData.repositoryRoot }

  /// `retrosheet/2024schedule.csv` in the data directory.
  static var schedule2024URL: URL { TestData.retrosheetSchedule(2024) }

  private static let loadedCatalog: Result<Catalog, any Error> = Result { try Catalog.mlb() }

  private static let loaded2024: Result<ScheduleImport, any Error> = Result {
    let text = try String(contentsOf: schedule2024URL, encoding: .utf8)
    return try RetrosheetSchedule.parse(
      text, file: "2024schedule.csv", catalog: try loadedCatalog.get())
  }

  /// The built-in MLB catalog.
  static func catalog() throws -> Catalog { try loadedCatalog.get() }

  /// The raw text of the 2024 schedule.
  static func schedule2024Text() throws -> String {
    try String(contentsOf: schedule2024URL, encoding: .utf8)
  }

  /// The parsed 2024 schedule.
  static func import2024() throws -> ScheduleImport { try loaded2024.get() }

  /// All 2024 games in file order (2430 of them).
  static func games2024() throws -> [Game] { try loaded2024.get().games }

  /// All 2025 games in file order.
  static func season2025Games() throws -> [Game] {
    let url = TestData.retrosheetSchedule(2025)
    return try RetrosheetSchedule.parse(
      try String(contentsOf: url, encoding: .utf8), file: "2025schedule.csv", catalog: catalog()
    ).games
  }

  /// The 2024 game with `id`, failing the test when absent.
  static func game2024(
    _ id: Game.ID, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Game {
    try XCTUnwrap(
      try games2024().first { $0.id == id }, "no 2024 game \(id)", file: file, line: line)
  }

  /// The real 2024 schedule with each `(old, new)` row replaced (`new`
  /// nil: the row removed), parsed as `newer.csv`. The edited copy lives
  /// only in memory.
  static func edited2024(
    _ edits: [(String, String?)], file: StaticString = #filePath, line: UInt = #line
  ) throws -> ScheduleImport {
    var lines = try schedule2024Text().components(separatedBy: "\r\n")
    for (old, new) in edits {
      let index = try XCTUnwrap(lines.firstIndex(of: old), "no row \(old)", file: file, line: line)
      if let new { lines[index] = new } else { lines.remove(at: index) }
    }
    return try RetrosheetSchedule.parse(
      lines.joined(separator: "\r\n"), file: "newer.csv", catalog: catalog())
  }

  /// SFN @ CHN on Wed 2024-06-19 (line 1113) rained out to Fri 2024-06-21,
  /// and the Mets game the Cubs played that day (CHN202406210, line 1133)
  /// gone from the file: the makeup takes the Mets game's id.
  static func cubsMakeupReplacingTheMets() throws -> ScheduleImport {
    try edited2024([
      (
        "20240619,0,Wednesday,SFN,NL,75,CHN,NL,76,d,CHI11,,",
        "20240619,0,Wednesday,SFN,NL,75,CHN,NL,76,d,CHI11,Rain,20240621"
      ),
      ("20240621,0,Friday,NYN,NL,76,CHN,NL,77,d,CHI11,,", nil),
    ])
  }

  /// A fixed instant (2024-06-01T00:00:00Z) for planned trips.
  static let now = Date(timeIntervalSince1970: 1_717_200_000)

  /// Parses `YYYY-MM-DD`, failing the test on a bad literal.
  static func date(
    _ iso: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> CalendarDate {
    try XCTUnwrap(CalendarDate(iso: iso), "bad date literal \(iso)", file: file, line: line)
  }

  /// Games in the order `Store.games` returns them: start, then id.
  static func inStoreOrder(_ games: [Game]) -> [Game] {
    games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
  }

  /// A trip planned on real 2024 games with `environment`.
  ///
  /// Default games: Cubs at Wrigley (Jun 4), White Sox at Guaranteed Rate
  /// Field (Jun 6), Tigers at Comerica (Jun 8): three stops, two legs.
  static func plan(
    _ name: String,
    gameIDs: [Game.ID] = ["CHN202406040", "CHA202406060", "DET202406080"],
    environment: RuleEnvironment, file: StaticString = #filePath, line: UInt = #line
  ) throws -> PlannedTrip {
    let games = try gameIDs.map { try game2024($0, file: file, line: line) }
    return try TripBuilder.plan(
      name: name, games: games, start: nil, end: nil, catalog: catalog(),
      environment: environment)
  }

  /// `planned` with every id (trip and items) replaced: the trip gets
  /// `tripID`, the items fresh random ids.
  static func retagged(_ planned: PlannedTrip, tripID: Trip.ID) -> PlannedTrip {
    var copy = planned
    copy.trip.id = tripID
    copy.items = planned.items.map { item in
      var item = item
      item.id = ItineraryItem.ID(UUID())
      item.tripID = tripID
      return item
    }
    return copy
  }
}

/// Base class for store tests: a unique temporary directory per test and
/// helpers to run a body on ":memory:" and on a temp file.
class StoreTestCase: XCTestCase {
  /// A unique directory per test; removed in `tearDown`.
  var directory = URL(fileURLWithPath: NSTemporaryDirectory())
  /// `directory` and its removal.
  private var temporary: TemporaryDirectory?

  /// Makes a fresh temporary directory with the `data` folder `filePath`
  /// names (a database's directory must exist: `Store` creates one only
  /// when asked to).
  override func setUpWithError() throws {
    try super.setUpWithError()
    let temporary = try TemporaryDirectory(
      prefix: "sportstime-store-tests", subdirectories: ["data"])
    self.temporary = temporary
    directory = temporary.url
  }

  /// Deletes the temporary directory.
  override func tearDown() {
    temporary?.remove()
    super.tearDown()
  }

  /// A file path inside the test's `data` directory.
  func filePath(_ name: String = "sportstime.sqlite") -> String {
    directory.appendingPathComponent("data/\(name)").path
  }

  /// Runs `body` on a fresh ":memory:" store, then on a fresh file store;
  /// each is closed afterwards.
  func onBothStores(
    file: StaticString = #filePath, line: UInt = #line, _ body: (Store) throws -> Void
  ) throws {
    for (index, path) in [":memory:", filePath("both-\(UUID().uuidString).sqlite")].enumerated() {
      let store = try Store(path: path)
      do {
        try body(store)
      } catch {
        XCTFail("on \(index == 0 ? "memory" : "file") store: \(error)", file: file, line: line)
        throw error
      }
      try store.close()
    }
  }

  /// Adds `count` MLB visits at Wrigley Field (CHI11) to `store`, ids
  /// `00000000-0000-4000-8000-00000000000n` on June 1 + n, 2024, each with
  /// `matchup` and `score`.
  func addNumberedVisits(
    _ count: Int, to store: Store, matchup: Matchup? = nil, score: Score? = nil
  ) throws {
    let now = Date(timeIntervalSinceReferenceDate: 1_000)
    for n in 0..<count {
      let id = try XCTUnwrap(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", n)))
      _ = try store.addVisit {
        Visit(
          id: Visit.ID(id), sport: .mlb, venueID: "CHI11",
          date: try XCTUnwrap(CalendarDate(year: 2024, month: 6, day: 1 + n)),
          matchup: matchup, score: score, createdAt: now, modifiedAt: now)
      }
    }
  }

  /// A store with every 2024 game imported.
  func storeWith2024(_ store: Store) throws {
    let result = try store.importGames(try StoreFixtures.games2024())
    XCTAssertEqual(result.inserted, 2430)
  }

  /// The `StoreError` thrown by `expression`, failing the test otherwise.
  func storeError<T>(
    file: StaticString = #filePath, line: UInt = #line, _ expression: () throws -> T
  ) -> StoreError? {
    do {
      _ = try expression()
      XCTFail("expected a StoreError", file: file, line: line)
    } catch let error as StoreError {
      return error
    } catch {
      XCTFail("expected a StoreError, got \(error)", file: file, line: line)
    }
    return nil
  }

  /// The `RecordError` thrown by `expression`, failing the test otherwise.
  func recordError<T>(
    file: StaticString = #filePath, line: UInt = #line, _ expression: () throws -> T
  ) -> RecordError? {
    do {
      _ = try expression()
      XCTFail("expected a RecordError", file: file, line: line)
    } catch let error as RecordError {
      return error
    } catch {
      XCTFail("expected a RecordError, got \(error)", file: file, line: line)
    }
    return nil
  }

  /// Number of rows in `table` (read through the store's own connection).
  func rowCount(_ table: String, in store: Store) throws -> Int {
    try store.database.query("SELECT count(*) AS n FROM \(table)").first?.int("n") ?? -1
  }
}
