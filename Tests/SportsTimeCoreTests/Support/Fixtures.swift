import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Shared builders for SportsTimeCore tests: real venues and teams from
/// `Catalog.mlb()`, games at a venue on a local date and hour, schedules,
/// travel legs and stored items.
enum Fixtures {
  private static let loadedCatalog: Result<Catalog, any Error> = Result { try Catalog.mlb() }

  /// The built-in MLB catalog (loaded once).
  static func catalog() throws -> Catalog { try loadedCatalog.get() }

  /// A fixed trip id for stored items.
  static let tripID = Trip.ID(UUID(uuidString: "11111111-2222-3333-4444-555555555555")!)

  /// A fixed instant used as createdAt/modifiedAt.
  static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

  /// Parses `YYYY-MM-DD`, failing the test on a bad literal.
  static func date(_ iso: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> CalendarDate
  {
    try XCTUnwrap(CalendarDate(iso: iso), "bad date literal \(iso)", file: file, line: line)
  }

  /// A game at `venue` (park code) on local `date` at `hour:minute` in the
  /// venue's own time zone. Id: `HOME` + yyyymmdd + `number`.
  static func game(
    at venue: String, home: String, away: String, on date: String, hour: Int,
    minute: Int = 10, number: Int = 0, status: Game.Status = .scheduled,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Game {
    let catalog = try catalog()
    let v = try XCTUnwrap(
      catalog.venue(Venue.ID(venue)), "unknown venue \(venue)", file: file, line: line)
    let day = try Fixtures.date(date, file: file, line: line)
    let start = LocalTime.instant(on: day, hour: hour, minute: minute, in: v.timeZone)
    return Game(
      id: Game.ID("\(home)\(day.compact)\(number)"), sport: .mlb, season: day.year,
      homeTeamID: home, awayTeamID: away, venueID: v.id, start: start,
      timeZoneID: v.timeZoneID, localDate: day, timeEstimated: true, timeUnknown: false,
      status: status, originalDate: nil, gameNumber: number, postponementReason: nil)
  }

  /// Cubs home game at Wrigley Field (Chicago).
  static func cubs(_ date: String, hour: Int = 19, number: Int = 0) throws -> Game {
    try game(at: "CHI11", home: "CHN", away: "SLN", on: date, hour: hour, number: number)
  }

  /// White Sox home game at Guaranteed Rate Field (Chicago).
  static func whiteSox(_ date: String, hour: Int = 19, number: Int = 0) throws -> Game {
    try game(at: "CHI12", home: "CHA", away: "MIN", on: date, hour: hour, number: number)
  }

  /// Tigers home game at Comerica Park (Detroit).
  static func tigers(_ date: String, hour: Int = 19, number: Int = 0) throws -> Game {
    try game(at: "DET05", home: "DET", away: "CLE", on: date, hour: hour, number: number)
  }

  /// Brewers home game at American Family Field (Milwaukee).
  static func brewers(_ date: String, hour: Int = 19, number: Int = 0) throws -> Game {
    try game(at: "MIL06", home: "MIL", away: "PIT", on: date, hour: hour, number: number)
  }

  /// Yankees home game at Yankee Stadium (New York).
  static func yankees(_ date: String, hour: Int = 19, minute: Int = 10) throws -> Game {
    try game(at: "NYC21", home: "NYA", away: "BOS", on: date, hour: hour, minute: minute)
  }

  /// Mets home game at Citi Field (New York).
  static func mets(_ date: String, hour: Int = 19, minute: Int = 10) throws -> Game {
    try game(at: "NYC20", home: "NYN", away: "PHI", on: date, hour: hour, minute: minute)
  }

  /// A schedule of `days` days from `start` over `games`, with the real
  /// venues and teams.
  static func schedule(start: String, days: Int, games: [Game]) throws -> TripSchedule {
    let catalog = try catalog()
    return TripSchedule(
      startDate: try date(start), dayCount: days, games: games, venues: catalog.venues,
      teams: catalog.teams)
  }

  /// The travel details of leg `index` of `schedule` (default estimator).
  static func leg(
    _ index: Int, of schedule: TripSchedule, file: StaticString = #filePath, line: UInt = #line
  )
    throws -> TravelInfo
  {
    let legs = schedule.legs
    XCTAssertTrue(legs.indices.contains(index), "no leg \(index)", file: file, line: line)
    guard legs.indices.contains(index) else {
      throw FixtureError(message: "schedule has \(legs.count) legs, no leg \(index)")
    }
    return TravelPlacement.travelInfo(for: legs[index], estimator: .default)
  }

  /// A stored item.
  static func item(
    _ kind: ItineraryItem.Kind, day: Int, sortOrder: Double,
    id: ItineraryItem.ID = ItineraryItem.ID(UUID()),
    createdAt: Date = Fixtures.epoch
  ) -> ItineraryItem {
    ItineraryItem(
      id: id, tripID: tripID, day: day, sortOrder: sortOrder, kind: kind,
      createdAt: createdAt, modifiedAt: createdAt)
  }

  /// A stored travel item for `info`.
  static func travel(_ info: TravelInfo, day: Int = 1, sortOrder: Double = 50) -> ItineraryItem {
    item(.travel(info), day: day, sortOrder: sortOrder)
  }

  /// A stored custom item.
  static func custom(
    _ title: String = "Lunch", day: Int = 1, sortOrder: Double = 50,
    id: ItineraryItem.ID = ItineraryItem.ID(UUID()),
    createdAt: Date = Fixtures.epoch
  ) -> ItineraryItem {
    item(
      .custom(CustomInfo(title: title, category: .restaurant)), day: day,
      sortOrder: sortOrder, id: id, createdAt: createdAt)
  }

  /// A UUID whose last 12 hex digits are `n`.
  static func uuid(_ n: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))!
  }

  /// A typed id (trip, item or visit, as the context asks) whose last 12
  /// hex digits are `n`.
  static func uuid<Owner>(_ n: Int) -> TaggedUUID<Owner> { TaggedUUID(uuid(n)) }

  /// The repository root (`TestData.repositoryRoot`).
  static func repoRoot() -> URL { TestData.repositoryRoot }

  /// A file of the shared Retrosheet data (`retrosheet/NAME` in
  /// `TestData.directory`). Read in place, never copied into the repo.
  static func retrosheetURL(_ name: String) -> URL { TestData.url("retrosheet/\(name)") }

  /// The text of a shared Retrosheet file.
  static func retrosheetText(_ name: String) throws -> String {
    try String(contentsOf: retrosheetURL(name), encoding: .utf8)
  }

  private static let imports = ImportCache()

  /// The parsed 2024 or 2025 schedule (parsed once per process).
  static func season(_ year: Int) throws -> ScheduleImport {
    try imports.get(year) {
      try RetrosheetSchedule.parse(
        try retrosheetText("\(year)schedule.csv"), file: "\(year)schedule.csv",
        catalog: try catalog())
    }
  }

  /// The game with `id` in the parsed `year` schedule.
  static func seasonGame(
    _ id: Game.ID, year: Int = 2024, file: StaticString = #filePath, line: UInt = #line
  )
    throws -> Game
  {
    try XCTUnwrap(
      try season(year).games.first { $0.id == id }, "no game \(id) in \(year)", file: file,
      line: line)
  }

  /// Hour and minute of `instant` in `zone`.
  static func clock(_ instant: Date, in zone: TimeZone) -> (hour: Int, minute: Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.hour, .minute], from: instant)
    return (c.hour ?? -1, c.minute ?? -1)
  }
}

/// A fixture could not be built (reported as a test error, never a skip).
struct FixtureError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// A lock-protected cache of parsed schedules.
final class ImportCache: @unchecked Sendable {
  private var values: [Int: ScheduleImport] = [:]
  private let lock = NSLock()

  func get(_ key: Int, _ make: () throws -> ScheduleImport) throws -> ScheduleImport {
    lock.lock()
    defer { lock.unlock() }
    if let v = values[key] { return v }
    let v = try make()
    values[key] = v
    return v
  }
}
