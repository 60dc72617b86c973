import Foundation
import XCTest

@testable import SportsTimeCore

/// Venues renamed over time (issue 8, item 9): names by date range, the
/// name in force on a game's date, every name finding the venue; the
/// built-in tables checked against `../shared/data`.
final class VenueNamesTests: XCTestCase {
  func date(_ iso: String) throws -> CalendarDate { try Fixtures.date(iso) }

  /// The shared data folder: `$SPORTSTIME_DATA`, else `../shared/data`.
  static var dataDirectory: URL { MapTestSupport.dataDirectory }

  func testNameOn_theNameInForceOnTheDate() throws {
    let catalog = try Fixtures.catalog()
    let houston = try XCTUnwrap(catalog.venue("HOU03"))
    XCTAssertEqual(houston.name, "Minute Maid Park", "the table's own (2024) name")
    XCTAssertEqual(houston.name(on: try date("2024-09-29")), "Minute Maid Park")
    XCTAssertEqual(houston.name(on: try date("2025-01-01")), "Daikin Park")
    XCTAssertEqual(houston.name(on: try date("2025-03-27")), "Daikin Park")
    XCTAssertEqual(houston.latestName, "Daikin Park")
    XCTAssertEqual(houston.allNames, ["Minute Maid Park", "Daikin Park"])
    let whiteSox = try XCTUnwrap(catalog.venue("CHI12"))
    XCTAssertEqual(whiteSox.name(on: try date("2010-06-01")), "U.S. Cellular Field")
    XCTAssertEqual(whiteSox.name(on: try date("2016-11-01")), "Guaranteed Rate Field")
    XCTAssertEqual(whiteSox.name(on: try date("2024-12-31")), "Guaranteed Rate Field")
    XCTAssertEqual(whiteSox.name(on: try date("2025-04-01")), "Rate Field")
    XCTAssertEqual(whiteSox.name(on: nil), "Rate Field")
    // A venue never renamed has its one name on every date.
    let wrigley = try XCTUnwrap(catalog.venue("CHI11"))
    XCTAssertEqual(wrigley.names, [])
    XCTAssertEqual(wrigley.name(on: try date("1990-01-01")), "Wrigley Field")
    XCTAssertEqual(wrigley.allNames, ["Wrigley Field"])
  }

  /// The other sports' arenas renamed during or after 2024-25, as their
  /// SOURCE.md files say.
  func testNameOn_arenasRenamedMidSeasonAndAfter() throws {
    let leagues = try VisitFixtures.leagues()
    func name(_ id: String, _ iso: String) throws -> String? {
      leagues.venue(Venue.ID(id))?.name(on: try date(iso))
    }
    XCTAssertEqual(try name("rocket-arena", "2024-12-01"), "Rocket Mortgage FieldHouse")
    XCTAssertEqual(try name("rocket-arena", "2025-02-21"), "Rocket Arena")
    XCTAssertEqual(try name("phx-arena", "2025-02-01"), "Footprint Center")
    XCTAssertEqual(try name("phx-arena", "2025-02-27"), "PHX Arena")
    XCTAssertEqual(try name("lenovo-center", "2024-08-01"), "PNC Arena")
    XCTAssertEqual(try name("lenovo-center", "2024-10-11"), "Lenovo Center")
    XCTAssertEqual(try name("wells-fargo-center", "2025-04-01"), "Wells Fargo Center")
    XCTAssertEqual(try name("wells-fargo-center", "2025-10-01"), "Xfinity Mobile Arena")
    XCTAssertEqual(try name("xcel-energy-center", "2025-10-01"), "Grand Casino Arena")
    XCTAssertEqual(try name("amalie-arena", "2025-10-01"), "Benchmark International Arena")
    XCTAssertEqual(try name("WAS00", "2023-10-01"), "FedExField")
    XCTAssertEqual(try name("WAS00", "2024-09-15"), "Northwest Stadium")
    XCTAssertEqual(try name("CLE00", "2022-10-01"), "FirstEnergy Stadium")
    XCTAssertEqual(try name("BUF00", "2019-10-01"), "New Era Field")
    // NBA and NHL share the Philadelphia arena, and its names.
    XCTAssertEqual(
      leagues.league(.nba)?.venues["wells-fargo-center"]?.names,
      leagues.league(.nhl)?.venues["wells-fargo-center"]?.names)
  }

  /// Every name, old or new, finds the venue, in the MLB catalog and among
  /// every sport's tables.
  func testVenueNamed_everyNameOldOrNewFindsTheVenue() throws {
    let catalog = try Fixtures.catalog()
    for name in [
      "Daikin Park", "daikin park", "Minute Maid Park", "Minute Maid", "daikin", "HOU03",
    ] {
      XCTAssertEqual(try catalog.venue(named: name).id, "HOU03", name)
    }
    for name in ["Rate Field", "Guaranteed Rate Field", "U.S. Cellular Field", "guaranteed rate"] {
      XCTAssertEqual(try catalog.venue(named: name).id, "CHI12", name)
    }
    XCTAssertEqual(try catalog.venue(named: "Miller Park").id, "MIL06")
    XCTAssertEqual(try catalog.venue(named: "Safeco Field").id, "SEA03")
    XCTAssertEqual(try catalog.venue(named: "Marlins Park").id, "MIA02")
    XCTAssertThrowsError(try catalog.venue(named: "Daikn Park")) { error in
      XCTAssertEqual(
        error as? CatalogError, .unknownVenue("Daikn Park", suggestion: "Daikin Park"))
    }
    let leagues = try VisitFixtures.leagues()
    func find(_ name: String, _ sport: Sport? = nil) throws -> String {
      try leagues.venue(named: name, sport: sport, season: nil).venue.id.rawValue
    }
    XCTAssertEqual(try find("Daikin Park"), "HOU03")
    XCTAssertEqual(try find("Minute Maid Park"), "HOU03")
    XCTAssertEqual(try find("Rocket Mortgage FieldHouse"), "rocket-arena")
    XCTAssertEqual(try find("Footprint Center"), "phx-arena")
    XCTAssertEqual(try find("PNC Arena"), "lenovo-center")
    XCTAssertEqual(try find("Xfinity Mobile Arena", .nhl), "wells-fargo-center")
    XCTAssertEqual(try find("FedExField"), "WAS00")
    XCTAssertEqual(try find("TIAA Bank"), "JAX00")
    XCTAssertEqual(try find("Mercedes-Benz Superdome"), "NOR00")
  }

  /// A 2025 trip names its stops and legs by the 2025 names; a 2024 trip by
  /// the 2024 ones.
  func testTripSchedule_stopsAndLegsUseTheNameOnTheirDates() throws {
    let cubs2025 = try Fixtures.seasonGame("CHN202504090", year: 2025)
    let whiteSox2025 = try Fixtures.seasonGame("CHA202504110", year: 2025)
    let schedule = try Fixtures.schedule(
      start: "2025-04-09", days: 3, games: [cubs2025, whiteSox2025])
    XCTAssertEqual(schedule.stops.map(\.name), ["Wrigley Field", "Rate Field"])
    XCTAssertEqual(try Fixtures.leg(0, of: schedule).title, "Wrigley Field → Rate Field")
    let itinerary = Itinerary(
      trip: Trip(
        id: Fixtures.tripID, name: "Chicago 2025", startDate: schedule.startDate,
        endDate: schedule.date(ofDay: 3), gameIDs: schedule.games.map(\.id),
        createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch),
      schedule: schedule, items: [Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 1)])
    XCTAssertEqual(
      TripRoute(itinerary: itinerary, estimator: .default).waypoints.map(\.name),
      ["Wrigley Field", "Rate Field"])
    let md = MarkdownExport.render(itinerary, catalog: try Fixtures.catalog())
    XCTAssertTrue(md.contains("· **BOS @ CWS** · Rate Field, Chicago"), md)
    XCTAssertFalse(md.contains("Guaranteed"), md)
    let ics = ICalendarExport.render(itinerary, catalog: try Fixtures.catalog())
    XCTAssertTrue(ics.contains("LOCATION:Rate Field\\, Chicago"), ics)

    let houston2024 = try Fixtures.seasonGame("HOU202409200")
    let old = try Fixtures.schedule(start: "2024-09-20", days: 1, games: [houston2024])
    XCTAssertEqual(old.stops.first?.venueName(on: houston2024.localDate), "Minute Maid Park")
  }

  func testParseVenueNames_refusesMalformedTables() {
    let header = "venue_id,name,from,note\n"
    let good = "A1,Old Park,,x\nA1,New Park,2025-01-01,y\nB1,Only Park,,\n"
    XCTAssertEqual(
      try Catalog.parseVenueNames(header + good, file: "n.csv")["A1"],
      [
        VenueName(name: "Old Park", from: nil),
        VenueName(name: "New Park", from: CalendarDate(iso: "2025-01-01")),
      ])
    let cases: [(String, Int?, String?)] = [
      ("venue_id,name\n", 1, nil),
      (header + "A1,Old Park,\n", 2, nil),
      (header + ",Old Park,,\n", 2, "venue_id"),
      (header + "A1,,,\n", 2, "name"),
      (header + "A1,Old Park,2025-13-01,\n", 2, "from"),
      (header + "A1,Old Park,,\nA1,New Park,,\n", 3, "from"),
      (header + "A1,Old Park,2025-01-01,\nA1,New Park,2024-01-01,\n", 3, "from"),
      (header + "A1,Old Park,2025-01-01,\nA1,New Park,2025-01-01,\n", 3, "from"),
      (header + "A1,Old Park,,\nA1,Old Park,2025-01-01,\n", 3, "name"),
    ]
    for (text, line, field) in cases {
      XCTAssertThrowsError(try Catalog.parseVenueNames(text, file: "n.csv"), text) { error in
        let format = error as? FileFormatError
        XCTAssertEqual(format?.file, "n.csv", text)
        XCTAssertEqual(format?.line, line, text)
        XCTAssertEqual(format?.field, field, text)
      }
    }
    // A history must hold the name the venue's own table gives it.
    let venue = Venue(
      id: "A1", name: "Other Park", city: "Here", region: "ST", country: "US",
      coordinate: Coordinate(checkedLatitude: 40, longitude: -75), timeZoneID: "America/New_York")
    XCTAssertThrowsError(
      try Catalog.applying(
        try Catalog.parseVenueNames(header + good, file: "n.csv"), to: [venue], file: "n.csv"))
  }

  /// The tables compiled into the library (`BuiltInTables`, written by
  /// scripts/embed-tables) are the files in `Resources/` byte for byte, every
  /// one of them: editing a CSV without running the script fails here.
  func testBuiltInTables_areTheResourceFilesByteForByte() throws {
    let resources = Fixtures.repoRoot().appendingPathComponent("Sources/SportsTimeCore/Resources")
    let files = try FileManager.default.contentsOfDirectory(atPath: resources.path)
      .filter { $0.hasSuffix(".csv") }.sorted()
    XCTAssertEqual(files.count, 11)
    XCTAssertEqual(BuiltInTables.text.keys.sorted(), files.map { String($0.dropLast(4)) })
    for file in files {
      let text = try String(
        contentsOf: resources.appendingPathComponent(file), encoding: .utf8)
      XCTAssertEqual(
        try Catalog.resource(String(file.dropLast(4))), text,
        "\(file): run scripts/embed-tables")
    }
    XCTAssertThrowsError(try Catalog.resource("no-such-table"))
  }

  /// The compiled tables built into the package are the shared data's own
  /// (`../shared/data/README.md`: they may be built in, never changed), and
  /// every venue the name table names is in one of them.
  func testResources_areTheSharedDataTablesByteForByte() throws {
    let resources = Fixtures.repoRoot().appendingPathComponent("Sources/SportsTimeCore/Resources")
    for (resource, shared) in [
      ("venues.csv", "mlb/venues.csv"), ("teams.csv", "mlb/teams.csv"),
      ("nba-venues.csv", "nba/venues.csv"), ("nhl-venues.csv", "nhl/venues.csv"),
      ("nfl-venues.csv", "nfl/venues.csv"),
    ] {
      let built = try Data(contentsOf: resources.appendingPathComponent(resource))
      let source = try Data(contentsOf: Self.dataDirectory.appendingPathComponent(shared))
      XCTAssertEqual(built, source, "\(resource) differs from ../shared/data/\(shared)")
    }
    let leagues = try VisitFixtures.leagues()
    let names = try Catalog.parseVenueNames(
      try Catalog.resource("venue-names"), file: "venue-names.csv")
    XCTAssertEqual(names.count, 17)
    for (id, history) in names {
      let venue = try XCTUnwrap(leagues.venue(id), "\(id)")
      XCTAssertTrue(history.contains { $0.name == venue.name }, "\(id)")
      XCTAssertNil(history.first?.from, "\(id)'s earliest name is undated")
    }
    // The renames ../shared/data/mlb/venues.csv notes are in the table.
    let notes = try String(
      contentsOf: Self.dataDirectory.appendingPathComponent("mlb/venues.csv"), encoding: .utf8)
    XCTAssertTrue(notes.contains("renamed Daikin Park for the 2025 season"))
    XCTAssertTrue(notes.contains("renamed Rate Field for the 2025 season"))
    XCTAssertEqual(names["HOU03"]?.last?.from, try date("2025-01-01"))
    XCTAssertEqual(names["CHI12"]?.last?.from, try date("2025-01-01"))
  }
}
