import Foundation
import XCTest

@testable import SportsTimeCore

/// Travel modes (issue 8, item 6): a leg between countries that no road
/// joins is a flight — great-circle distance at 800 km/h plus 3 h at
/// airports — on the real 2024 and 2025 games abroad (Seoul, Tokyo,
/// London); every other leg is a drive.
final class RouteEstimatorTests: XCTestCase {
  func venue(_ id: String) throws -> Venue {
    try XCTUnwrap(Fixtures.catalog().venue(Venue.ID(id)), id)
  }

  func testMode_northAmericaIsOneRoadNetworkEveryOtherCountryItsOwn() {
    let cases: [(String?, String?, TravelMode)] = [
      ("US", "US", .drive), ("US", "CA", .drive), ("CA", "MX", .drive), ("mx", "us", .drive),
      ("KR", "US", .flight), ("US", "JP", .flight), ("GB", "US", .flight), ("JP", "KR", .flight),
      ("GB", "GB", .drive), ("KR", "KR", .drive), (nil, "KR", .drive), ("US", "", .drive),
    ]
    for (a, b, mode) in cases {
      XCTAssertEqual(
        RouteEstimator.mode(fromCountry: a, toCountry: b), mode, "\(a ?? "nil") → \(b ?? "nil")")
    }
  }

  /// The one function every leg goes through: Seoul → Los Angeles is a
  /// flight of the great-circle distance at 800 km/h plus 3 h; Wrigley →
  /// Milwaukee and Toronto → Detroit (across a border, on one road
  /// network) are drives at × 1.2 and 60 mph.
  func testEstimate_flightsAndDrivesBetweenRealVenues() throws {
    let estimator = RouteEstimator.default
    let seoul = try venue("SEO01")
    let dodgers = try venue("LOS03")
    let flight = estimator.estimate(from: seoul, to: dodgers)
    let air = seoul.coordinate.distance(to: dodgers.coordinate)
    XCTAssertEqual(flight.mode, .flight)
    XCTAssertEqual(flight.distanceMeters, air)
    XCTAssertEqual(air, 9_596_753, accuracy: 1)
    XCTAssertEqual(flight.durationSeconds, air / (800_000 / 3600) + 3 * 3600, accuracy: 1e-6)
    // 11 h 59 min in the air + 3 h: 15 h, not the 119 h drive of 7156 mi.
    XCTAssertEqual(ExportSupport.duration(flight.durationSeconds), "15 h")
    XCTAssertEqual(estimator.estimate(from: dodgers, to: seoul).mode, .flight)

    for (a, b) in [("CHI11", "MIL06"), ("TOR02", "DET05"), ("MEX02", "HOU03")] {
      let from = try venue(a)
      let to = try venue(b)
      let drive = estimator.estimate(from: from, to: to)
      let straight = from.coordinate.distance(to: to.coordinate)
      XCTAssertEqual(drive.mode, .drive, "\(a) → \(b)")
      XCTAssertEqual(drive.distanceMeters, straight * 1.2, accuracy: 1e-6)
      XCTAssertEqual(drive.durationSeconds, straight * 1.2 / 26.8224, accuracy: 1e-6)
    }
    for (a, b) in [("TOK01", "PHO01"), ("LON01", "NYC20"), ("NYC21", "LON01"), ("SEO01", "TOK01")] {
      XCTAssertEqual(
        estimator.estimate(from: try venue(a), to: try venue(b)).mode, .flight, "\(a) → \(b)")
    }
    XCTAssertEqual(estimator.summary, "great-circle × 1.2 at 60 mph (estimate)")
    XCTAssertEqual(
      estimator.summary(for: [.drive, .flight]),
      "drives great-circle × 1.2 at 60 mph, flights great-circle at 800 km/h + 3 h at airports (estimates)"
    )
  }

  /// The 2024 Seoul Series then the Dodgers' home opener; the 2025 Tokyo
  /// Series then the Cubs in Phoenix: each leg across the Pacific is a
  /// flight, and a Korean leg inside Seoul is not.
  func testTravelInfo_realPacificCrossingsAreFlights() throws {
    let seoul = try ["SDN202403200", "LAN202403210", "LAN202403280"].map {
      try Fixtures.seasonGame($0)
    }
    let schedule = try Fixtures.schedule(start: "2024-03-20", days: 9, games: seoul)
    let leg = try Fixtures.leg(0, of: schedule)
    XCTAssertEqual(leg.title, "Seoul → Los Angeles")
    XCTAssertEqual(leg.mode, .flight)
    XCTAssertEqual(leg.icon, "✈️")
    XCTAssertEqual(leg.distanceMeters, 9_596_753, accuracy: 1)

    let tokyo = try ["CHN202503180", "CHN202503190", "ARI202503270"].map {
      try Fixtures.seasonGame($0, year: 2025)
    }
    let spring = try Fixtures.schedule(start: "2025-03-18", days: 10, games: tokyo)
    let toPhoenix = try Fixtures.leg(0, of: spring)
    XCTAssertEqual(toPhoenix.title, "Tokyo → Phoenix")
    XCTAssertEqual(toPhoenix.mode, .flight)
    XCTAssertEqual(ExportSupport.distance(toPhoenix.distanceMeters, metric: true), "9304 km")

    let home = try ["LAN202403280", "SDN202404010"].map { try Fixtures.seasonGame($0) }
    let drive = try Fixtures.leg(
      0, of: try Fixtures.schedule(start: "2024-03-28", days: 5, games: home))
    XCTAssertEqual(drive.mode, .drive)
    XCTAssertEqual(drive.icon, "🚗")
  }

  /// Tightness uses the flight estimate: London (Sun Jun 9, 2024, 1:10 pm
  /// BST) to the Mets at Citi Field on Tue Jun 11 fits by air (it did not
  /// fit as a 69 h drive); to the Yankees the same evening it does not.
  func testTightLeg_isCheckedWithTheFlightEstimate() throws {
    let london = try Fixtures.seasonGame("PHI202406090")
    for (id, tight): (Game.ID, Bool) in [("NYN202406110", false), ("NYA202406090", true)] {
      let next = try Fixtures.seasonGame(id)
      let schedule = try Fixtures.schedule(start: "2024-06-09", days: 3, games: [london, next])
      let leg = try Fixtures.leg(0, of: schedule)
      XCTAssertEqual(leg.mode, .flight, id.description)
      let found = TightLeg.find(in: schedule, travel: [leg])
      XCTAssertEqual(found.isEmpty, !tight, id.description)
      if tight {
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertTrue(
          message.hasPrefix(
            "Tight leg London → New York: the flight takes about 9 h 57 min (airports included) but there is only 8 h 00 min between the end of NYM @ PHI at London Stadium, 1:10 pm BST est. on Sun, Jun 9, 2024 and the first pitch of LAD @ NYY at Yankee Stadium"
          ), message)
        // Games by matchup, venue and start, not ids (issue 28, item 15).
        XCTAssertFalse(message.contains("202406090"), message)
      }
      // The drive the leg used to be was tight both times.
      var asDrive = leg
      asDrive.durationSeconds = london.venueDistance(to: next) * 1.2 / 26.8224
      XCTAssertFalse(TightLeg.find(in: schedule, travel: [asDrive]).isEmpty, id.description)
    }
  }

  /// The route: a restaurant in Seoul counts as in Korea (the nearest stop
  /// is Gocheok), so Gocheok → restaurant is a drive and restaurant →
  /// Dodger Stadium a flight.
  func testRoute_legsCarryModesAndPlacesTakeTheNearestStopsCountry() throws {
    let games = try ["SDN202403200", "LAN202403280"].map { try Fixtures.seasonGame($0) }
    let schedule = try Fixtures.schedule(start: "2024-03-20", days: 9, games: games)
    let trip = Trip(
      id: Fixtures.tripID, name: "Seoul", startDate: schedule.startDate,
      endDate: schedule.date(ofDay: 9), gameIDs: schedule.games.map(\.id),
      createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch)
    let dinner = Fixtures.item(
      .custom(
        CustomInfo(
          title: "Dinner in Myeongdong", category: .restaurant,
          coordinate: Coordinate(latitude: 37.5636, longitude: 126.9827))), day: 1,
      sortOrder: 101)
    let leg = Fixtures.travel(try Fixtures.leg(0, of: schedule), day: 2, sortOrder: 50)
    let route = TripRoute(
      itinerary: Itinerary(trip: trip, schedule: schedule, items: [dinner, leg]),
      estimator: .default)
    XCTAssertEqual(
      route.waypoints.map(\.name), ["Gocheok Sky Dome", "Dinner in Myeongdong", "Dodger Stadium"])
    XCTAssertEqual(route.waypoints.map(\.country), ["KR", "KR", "US"])
    XCTAssertEqual(route.legs.map(\.estimate.mode), [.drive, .flight])
    XCTAssertEqual(route.legs.map(\.from), [0, 1])
    XCTAssertEqual(route.modes, [.drive, .flight])
    XCTAssertNil(route.leg(arrivingAt: 0))
    XCTAssertEqual(route.leg(arrivingAt: 2)?.estimate.mode, .flight)
    XCTAssertEqual(route.totalDistanceMeters, route.legDistancesMeters.reduce(0, +))
  }
}

extension Game {
  /// Great-circle meters between this game's venue and `other`'s.
  func venueDistance(to other: Game) -> Double {
    guard let a = try? Fixtures.catalog().venue(venueID),
      let b = try? Fixtures.catalog().venue(other.venueID)
    else { return 0 }
    return a.coordinate.distance(to: b.coordinate)
  }
}
