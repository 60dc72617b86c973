import Foundation
import SportsTimeCore
import XCTest

/// `MapViewport(validatingLatitude:…)` (a view a client sends),
/// `MapTileSource` and `Leagues.mapVenues(sports:)`.
final class MapViewportValidationTests: XCTestCase {
  func field(_ make: () throws -> MapViewport) -> String? {
    do {
      _ = try make()
      return nil
    } catch let error as MapViewportError {
      return error.field
    } catch {
      return "other: \(error)"
    }
  }

  func testValidating_keepsAViewInBounds_andClampsItsCenterAsTheType() throws {
    let view = try MapViewport(
      validatingLatitude: 41.9, longitude: -87.7, latitudeSpan: 0.01, longitudeSpan: 0.02)
    XCTAssertEqual(view.center.latitude, 41.9)
    XCTAssertEqual(view.longitudeSpan, 0.02)
    let edge = try MapViewport(
      validatingLatitude: 0, longitude: 180, latitudeSpan: 180, longitudeSpan: 360)
    XCTAssertEqual(edge.center.longitude, -180, "180 wraps to −180")
    let north = try MapViewport(
      validatingLatitude: 88, longitude: 0, latitudeSpan: 4, longitudeSpan: 8)
    XCTAssertEqual(north.center.latitude, 85, "held within ±85° as the initializer holds it")
    // A rounding step over the pole is no reason to refuse.
    XCTAssertNoThrow(
      try MapViewport(
        validatingLatitude: 80.000000000001, longitude: 0, latitudeSpan: 20, longitudeSpan: 8))
  }

  func testValidating_refusesEachValueOutOfBounds_byItsField() {
    func make(_ lat: Double, _ lon: Double, _ latSpan: Double, _ lonSpan: Double) -> String? {
      field {
        try MapViewport(
          validatingLatitude: lat, longitude: lon, latitudeSpan: latSpan, longitudeSpan: lonSpan)
      }
    }
    XCTAssertEqual(make(.nan, 0, 1, 1), "centerLatitude")
    XCTAssertEqual(make(0, .infinity, 1, 1), "centerLongitude")
    XCTAssertEqual(make(0, 0, 0.004, 1), "latitudeSpan")
    XCTAssertEqual(make(0, 0, 180.5, 1), "latitudeSpan")
    XCTAssertEqual(make(0, 0, 1, 0), "longitudeSpan")
    XCTAssertEqual(make(0, 0, 1, 361), "longitudeSpan")
    XCTAssertEqual(make(-90.5, 0, 1, 1), "centerLatitude")
    XCTAssertEqual(make(89.5, 0, 2, 1), "centerLatitude")
    XCTAssertEqual(make(0, -180.5, 1, 1), "centerLongitude")
    XCTAssertNil(make(0, 0, MapViewport.minimumSpan, MapViewport.minimumSpan))
    do {
      _ = try MapViewport(validatingLatitude: 89, longitude: 0, latitudeSpan: 4, longitudeSpan: 8)
      XCTFail("a view over the pole is refused")
    } catch {
      XCTAssertEqual(
        "\(error)",
        "centerLatitude 89 with latitudeSpan 4 reaches 91°: a view ends at a pole (90°) at most")
      XCTAssertEqual(ErrorKind.of(error), .invalidInput)
    }
  }

  func testTileSource_checksTheTemplateAndTheAttribution() throws {
    let osm = try MapTileSource(
      urlTemplate: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "  © OpenStreetMap contributors ")
    XCTAssertEqual(osm.attribution, "© OpenStreetMap contributors")
    let refusals: [(String, String, MapTileSourceError.Field, String)] = [
      ("tiles/{z}/{x}/{y}.png", "x", .urlTemplate, "must start with https:// or http://"),
      ("https://tiles.example/{z}/{x}.png", "x", .urlTemplate, "lacks {y}"),
      ("https://tiles.example/{z}/{x}/{y}.png\"onerror=", "x", .urlTemplate, "quote"),
      ("https:///{z}/{x}/{y}", "x", .urlTemplate, "names no server"),
      ("https://t.example/{z}/{x}/{y}.png", " ", .attribution, "need their attribution"),
      ("https://t.example/{z}/{x}/{y}.png", "a\nb", .attribution, "one line"),
    ]
    for (template, attribution, field, words) in refusals {
      do {
        _ = try MapTileSource(urlTemplate: template, attribution: attribution)
        XCTFail("\(template) is refused")
      } catch let error as MapTileSourceError {
        XCTAssertEqual(error.field, field, template)
        XCTAssertTrue(error.message.contains(words), error.message)
      }
    }
  }

  func testMapVenues_ofChosenSports() throws {
    let leagues = try Leagues.builtIn()
    let tables = leagues.mapVenues
    // Every table's venue, then the neutral sites of the other leagues' games.
    let all = leagues.mapVenues(sports: Set(Sport.allCases))
    XCTAssertEqual(Array(all.prefix(tables.count)), tables)
    XCTAssertEqual(
      all.dropFirst(tables.count).map(\.id),
      NeutralSites.sites.map(\.venue.id).filter { id in !tables.contains { $0.id == id } })
    XCTAssertEqual(leagues.mapVenues(sports: []), [])
    let mlb = leagues.mapVenues(sports: [.mlb])
    XCTAssertTrue(mlb.contains { $0.id == "CHI11" })
    XCTAssertFalse(mlb.contains { $0.id == "td-garden" })
    let arenas = leagues.mapVenues(sports: [.nhl])
    XCTAssertTrue(arenas.contains { $0.id == "td-garden" })
    XCTAssertTrue(arenas.allSatisfy { leagues.sportsPlayed(at: $0.id).contains(.nhl) })
    // The Winter Classic makes Wrigley Field an NHL venue too; O2 Arena is a neutral site.
    XCTAssertTrue(arenas.contains { $0.id == "CHI11" })
    XCTAssertTrue(arenas.contains { $0.id == "o2-arena-prague" })
    XCTAssertEqual(leagues.sportsPlayed(at: "CHI11"), [.mlb, .nhl])
    // In the map's order: a subsequence of every venue.
    var rest = all[...]
    for venue in arenas {
      guard let index = rest.firstIndex(of: venue) else {
        return XCTFail("\(venue.id) out of order")
      }
      rest = rest[(index + 1)...]
    }
  }
}
