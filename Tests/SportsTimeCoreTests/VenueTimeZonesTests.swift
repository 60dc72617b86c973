import Foundation
import XCTest

@testable import SportsTimeCore

/// `VenueTimeZones`: a located item's zone is the nearest venue's (every
/// sport's tables) within 200 km (issue 8, item 8).
final class VenueTimeZonesTests: XCTestCase {
  private let zones = VenueTimeZones.builtIn

  private func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
    try XCTUnwrap(Coordinate(latitude: latitude, longitude: longitude))
  }

  func testBuiltIn_holdsEverySportsVenues() throws {
    let leagues = try Leagues.builtIn()
    let all = Set(
      leagues.sports.flatMap { leagues.bySport[$0].map { Array($0.venues.keys) } ?? [] })
    XCTAssertEqual(Set(zones.venues.map(\.id)), all)
    XCTAssertEqual(zones.venues.count, all.count, "an arena two leagues share is listed once")
    for id: Venue.ID in ["CHI11", "SEO01", "fiserv-forum", "canada-life-centre", "GNB00"] {
      XCTAssertTrue(all.contains(id), "\(id)")
    }
  }

  func testNearestVenue_milwaukeeBreweryIsOnCentralTime() throws {
    // Lakefront Brewery, 1872 N Commerce St, Milwaukee.
    let venue = try XCTUnwrap(zones.nearestVenue(to: try point(43.0546, -87.9053)))
    XCTAssertEqual(venue.id, "fiserv-forum", "the Bucks' arena, 1.5 km away")
    XCTAssertEqual(venue.timeZoneID, "America/Chicago")
    XCTAssertEqual(venue.city, "Milwaukee")
  }

  func testNearestVenue_eachSideOfTheCentralEasternLine() throws {
    // Lafayette, Indiana (Eastern): Indianapolis is 95 km, Chicago 169 km.
    let lafayette = try XCTUnwrap(zones.nearestVenue(to: try point(40.4167, -86.8753)))
    XCTAssertEqual(lafayette.city, "Indianapolis")
    XCTAssertEqual(lafayette.timeZoneID, "America/Indiana/Indianapolis")
    // Gary, Indiana (Central, like the rest of the Chicago area): 36 km
    // from Guaranteed Rate Field.
    let gary = try XCTUnwrap(zones.nearestVenue(to: try point(41.5934, -87.3464)))
    XCTAssertEqual(gary.id, "CHI12")
    XCTAssertEqual(gary.timeZoneID, "America/Chicago")
    // The documented limit: South Bend keeps Eastern time, but its nearest
    // venue (115 km) is Soldier Field in Chicago, so the rule says Central.
    let southBend = try XCTUnwrap(zones.nearestVenue(to: try point(41.6764, -86.2520)))
    XCTAssertEqual(southBend.id, "CHI98")
    XCTAssertEqual(southBend.timeZoneID, "America/Chicago")
  }

  func testNearestVenue_otherSportsTablesCount() throws {
    // Green Bay: Lambeau Field (NFL) on the spot; Milwaukee is 170 km.
    XCTAssertEqual(zones.nearestVenue(to: try point(44.5133, -88.0133))?.id, "GNB00")
    // Winnipeg: only an NHL arena, on its own zone id.
    let winnipeg = try XCTUnwrap(zones.nearestVenue(to: try point(49.8951, -97.1384)))
    XCTAssertEqual(winnipeg.id, "canada-life-centre")
    XCTAssertEqual(winnipeg.timeZoneID, "America/Winnipeg")
  }

  func testNearestVenue_nothingWithin200Kilometres() throws {
    // Old Faithful, Yellowstone: the nearest venue (Delta Center, Salt Lake
    // City) is 421 km away.
    let yellowstone = try point(44.4605, -110.8281)
    XCTAssertNil(zones.nearestVenue(to: yellowstone))
    XCTAssertEqual(zones.nearestVenue(to: yellowstone, within: 500_000)?.id, "delta-center")
    // The limit is inclusive and in meters.
    let wrigley = try XCTUnwrap(zones.venues.first { $0.id == "CHI11" })
    let north = try point(wrigley.coordinate.latitude + 1.5, wrigley.coordinate.longitude)
    let distance = north.distance(to: wrigley.coordinate)
    XCTAssertLessThan(distance, VenueTimeZones.maximumDistance)
    XCTAssertEqual(
      VenueTimeZones(venues: [wrigley]).nearestVenue(to: north, within: distance)?.id, "CHI11")
    XCTAssertNil(VenueTimeZones(venues: [wrigley]).nearestVenue(to: north, within: distance - 1))
  }

  func testTimePlace_locationFirstThenPosition() throws {
    let position = (timeZoneID: "America/Detroit", city: "Detroit")
    var brewery = CustomInfo(title: "Brewery", category: .activity)
    XCTAssertEqual(zones.timePlace(of: brewery, position: position)?.city, "Detroit")
    brewery.coordinate = try point(43.0546, -87.9053)
    let place = try XCTUnwrap(zones.timePlace(of: brewery, position: position))
    XCTAssertEqual(place.timeZoneID, "America/Chicago")
    XCTAssertEqual(place.city, "Milwaukee")
    brewery.coordinate = try point(44.4605, -110.8281)
    XCTAssertEqual(
      zones.timePlace(of: brewery, position: position)?.timeZoneID, "America/Detroit",
      "more than 200 km from every venue: the position rule")
    XCTAssertNil(VenueTimeZones.none.timePlace(of: brewery, position: nil))
  }
}

/// `LocalTime.abbreviation`: every zone a venue uses has its common name,
/// never Foundation's `GMT+2` or our `UTC+2` fallback (review 10, item 14).
final class ZoneAbbreviationTests: XCTestCase {
  private func instant(_ text: String) throws -> Date {
    try XCTUnwrap(ISO8601DateFormatter().date(from: text))
  }

  func testEveryVenueZone_hasAnAbbreviation() throws {
    let leagues = try Leagues.builtIn()
    var zones = Set(leagues.mlb.venues.values.map(\.timeZoneID))
    for sport in leagues.sports {
      zones.formUnion(leagues.bySport[sport].map { $0.venues.values.map(\.timeZoneID) } ?? [])
    }
    zones.formUnion(NeutralSites.sites.map(\.venue.timeZoneID))
    XCTAssertTrue(zones.contains("Europe/Prague") && zones.contains("Europe/Helsinki"))
    let summer = try instant("2024-07-01T12:00:00Z")
    let winter = try instant("2025-01-15T12:00:00Z")
    for id in zones.sorted() {
      let zone = try XCTUnwrap(TimeZone(identifier: id), id)
      for moment in [summer, winter] {
        let name = LocalTime.abbreviation(zone, at: moment)
        XCTAssertFalse(name.hasPrefix("UTC+") || name.hasPrefix("UTC-"), "\(id): \(name)")
        XCTAssertFalse(name.hasPrefix("GMT+") || name.hasPrefix("GMT-"), "\(id): \(name)")
      }
    }
  }

  func testGlobalSeriesZones_followTheirDaylightTime() throws {
    let prague = try XCTUnwrap(TimeZone(identifier: "Europe/Prague"))
    let tampere = try XCTUnwrap(TimeZone(identifier: "Europe/Helsinki"))
    // Prague's games were on 2024-10-04/05 (CEST), Tampere's on 2024-11-01/02 (EET).
    XCTAssertEqual(LocalTime.abbreviation(prague, at: try instant("2024-10-04T17:00:00Z")), "CEST")
    XCTAssertEqual(LocalTime.abbreviation(prague, at: try instant("2025-01-15T17:00:00Z")), "CET")
    XCTAssertEqual(LocalTime.abbreviation(tampere, at: try instant("2024-11-01T18:00:00Z")), "EET")
    XCTAssertEqual(LocalTime.abbreviation(tampere, at: try instant("2024-07-01T18:00:00Z")), "EEST")
  }
}
