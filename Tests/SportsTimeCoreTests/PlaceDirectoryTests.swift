import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// GeoNames' towns of 5,000+ people (`../shared/data/places/cities5000.csv`,
/// read in place): the place search of the item dialog and `item add
/// --place` (issue 28, 9a), and an item's zone from its place.
final class PlaceDirectoryTests: XCTestCase {
  static let directory: Result<PlaceDirectory, any Error> = Result {
    try PlaceDirectory.load(path: TestData.url("places/cities5000.csv").path)
  }

  private func directory() throws -> PlaceDirectory { try Self.directory.get() }

  func testLoad_everyPlaceOfTheFile() throws {
    XCTAssertEqual(try directory().places.count, 69_472)
    XCTAssertEqual(try directory().places.filter { $0.country == "US" }.count, 7_555)
  }

  func testSearch_fiveArlingtons_eachWithItsState_largestFirst() throws {
    let found = try directory().search("Arlington")
    let exact = found.filter { $0.name == "Arlington" }
    XCTAssertEqual(exact.count, 5)
    XCTAssertEqual(
      exact.map(\.label),
      [
        "Arlington, TX, United States", "Arlington, VA, United States",
        "Arlington, MA, United States", "Arlington, WA, United States",
        "Arlington, TN, United States",
      ])
    // Names that only start so come after every exact one.
    XCTAssertEqual(Array(found.prefix(5)), exact)
    XCTAssertTrue(found.dropFirst(5).allSatisfy { $0.name.hasPrefix("Arlington") }, "\(found)")
    XCTAssertEqual(exact.map(\.timeZoneID).first, "America/Chicago")
  }

  func testSearch_stateOrCountryNarrowsIt_caseAndAccentsIgnored() throws {
    let directory = try directory()
    XCTAssertEqual(directory.search("arlington, va").first?.label, "Arlington, VA, United States")
    XCTAssertEqual(
      directory.search("Arlington, Virginia").first?.label, "Arlington, VA, United States")
    XCTAssertEqual(directory.search("montreal").first?.label, "Montréal, Canada")
    XCTAssertEqual(directory.search("Paris, France").first?.timeZoneID, "Europe/Paris")
    XCTAssertEqual(directory.search("Paris, TX").map(\.label), ["Paris, TX, United States"])
    XCTAssertEqual(directory.search("Toronto", limit: 1).first?.timeZoneID, "America/Toronto")
    XCTAssertEqual(directory.search("  "), [])
    XCTAssertEqual(directory.search("Arlington", limit: 2).count, 2)
  }

  func testPlaceNamed_oneTown_orAnErrorListingTheCandidates() throws {
    let directory = try directory()
    let texas = try directory.place(named: "Arlington, TX")
    XCTAssertEqual(texas.label, "Arlington, TX, United States")
    XCTAssertEqual(texas.timeZoneID, "America/Chicago")
    XCTAssertThrowsError(try directory.place(named: "Arlington")) { error in
      let text = "\(error)"
      XCTAssertTrue(text.hasPrefix("“Arlington” is the name of 5 places: "), text)
      for state in ["TX", "VA", "MA", "WA", "TN"] {
        XCTAssertTrue(text.contains("Arlington, \(state), United States"), text)
      }
      XCTAssertTrue(text.hasSuffix("as in “Arlington, TX”."), text)
      XCTAssertEqual(ErrorKind.of(error), .notFound)
    }
    XCTAssertThrowsError(try directory.place(named: "Arlingt")) { error in
      XCTAssertTrue("\(error)".contains("did you mean Arlington, TX, United States"), "\(error)")
    }
    XCTAssertThrowsError(try directory.place(named: "Qqqzzz")) { error in
      XCTAssertTrue("\(error)".contains("No town or city of 5,000 people"), "\(error)")
    }
    XCTAssertThrowsError(try directory.place(named: " ")) { error in
      XCTAssertEqual(error as? PlaceError, .empty)
    }
  }

  func testNearest_isTheClosestTown_acrossTheAntimeridianToo() throws {
    let directory = try directory()
    let wrigley = try XCTUnwrap(Coordinate(latitude: 41.9484, longitude: -87.6553))
    XCTAssertEqual(directory.nearest(to: wrigley)?.timeZoneID, "America/Chicago")
    // South Bend, Indiana keeps Eastern time, 140 km from Chicago.
    let southBend = try XCTUnwrap(Coordinate(latitude: 41.6764, longitude: -86.2520))
    XCTAssertEqual(directory.nearest(to: southBend)?.name, "South Bend")
    XCTAssertEqual(directory.nearest(to: southBend)?.timeZoneID, "America/Indiana/Indianapolis")
    // Just west of 180° in Fiji: the nearest town is found over the line.
    let fiji = try XCTUnwrap(Coordinate(latitude: -16.8, longitude: 179.99))
    XCTAssertEqual(directory.nearest(to: fiji)?.country, "FJ")
  }

  func testMalformedRows_areRefusedNamingLineAndColumn() {
    let header = PlaceDirectory.columns.joined(separator: ",")
    XCTAssertThrowsError(
      try PlaceDirectory(csv: "\(header)\n1,A,A,US,TX,95,0,10,America/Chicago\n", file: "p.csv")
    ) { error in
      XCTAssertTrue("\(error)".contains("p.csv"), "\(error)")
      XCTAssertTrue("\(error)".contains("2"), "\(error)")
    }
    XCTAssertThrowsError(try PlaceDirectory(csv: "name\nA\n", file: "p.csv"))
    XCTAssertEqual(
      try PlaceDirectory(csv: "\(header)\n1,A,A,US,TX,30,-97,10,America/Chicago\n", file: "p.csv")
        .places.count, 1)
  }

  /// An item at a town takes the town's zone, stored with it: a 17:30
  /// dinner in South Bend (Eastern) is 17:30 EDT, though the nearest venue
  /// within 200 km is Wrigley Field (Central), which gave the zone before.
  func testItemAtATown_takesTheTownsZone_notTheNearestVenues() throws {
    let planned = try TripBuilder.plan(
      name: "Test", games: [try Fixtures.seasonGame("CHN202406050")], start: nil, end: nil,
      catalog: try Fixtures.catalog(), environment: .fixed(now: Date(timeIntervalSince1970: 0)))
    let itinerary = Itinerary(
      trip: planned.trip, schedule: planned.schedule, items: planned.items)
    let town = try directory().place(named: "South Bend, IN")
    let location = ItemLocation(place: town)
    let info = CustomInfo(
      title: "Dinner", category: .restaurant, time: ClockTime("17:30"),
      coordinate: location.coordinate, placeName: location.placeName,
      placeTimeZoneID: location.timeZoneID)
    let change = try itinerary.add(
      info, at: .bottom(day: 1), environment: .fixed(now: Date(timeIntervalSince1970: 0)))
    XCTAssertEqual(change.item.customInfo?.timeZoneID, "America/Indiana/Indianapolis")
    XCTAssertEqual(change.item.customInfo?.clock(on: planned.trip.startDate), "17:30 EDT")
    // The same point without its place: the nearest venue's zone, as before.
    var bare = info
    bare.placeName = nil
    bare.placeTimeZoneID = nil
    let old = try itinerary.add(
      bare, at: .bottom(day: 1), environment: .fixed(now: Date(timeIntervalSince1970: 1)))
    XCTAssertEqual(old.item.customInfo?.timeZoneID, "America/Chicago")
    // A point set on the map takes the nearest town's zone.
    let tapped = ItemLocation(point: town.coordinate, directory: try directory())
    XCTAssertNil(tapped.placeName)
    XCTAssertEqual(tapped.timeZoneID, "America/Indiana/Indianapolis")
  }
}
