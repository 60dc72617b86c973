import Foundation
import SportsTimeCore
import SportsTimePlanner
import SportsTimeTestSupport
import XCTest

/// The exact all-parks decision on real 2025 games, checked against a
/// depth-first enumeration of every legal trip (`ModelChecker.covers`,
/// which allows going back to a park), and on a made-up schedule where
/// only a trip that goes back to a park fits.
final class AllParksExactTests: XCTestCase {
  /// The season's regular-season games at the home parks of `teams`.
  private func homeGames(teams: Set<String>) throws -> (games: [Game], parks: Set<Venue.ID>) {
    let season = try PlannerFixtures.games2025().filter {
      $0.isRegularSeason && $0.status != .cancelled && !$0.timeUnknown
    }
    let homes = AllParksPlanner.homeParks(of: season)
    let parks = Set(homes.filter { teams.contains($0.key) }.values)
    return (season.filter { parks.contains($0.venueID) }, parks)
  }

  /// The least span the decision accepts, with its trip.
  private func optimum(_ tables: AllParksExact.Tables, bounds: [AllParksExact.SubsetBound])
    throws -> (days: Int, trip: [Int])
  {
    for days in 1...60 {
      let outcome = AllParksExact.decide(tables, days: days, bounds: bounds)
      XCTAssertTrue(outcome.proven)
      if let trip = outcome.trip { return (days, trip) }
    }
    throw NoTrip()
  }

  private struct NoTrip: Error {}

  func testDecision_matchesAnEnumerationOfEveryTrip_onRealParks() throws {
    let cases: [(teams: Set<String>, hours: Double?)] = [
      (["NYA", "NYN", "PHI", "BAL", "WAS"], 6),
      (["CHN", "CHA", "MIL", "DET", "CLE"], 8),
      (["LAN", "ANA", "SDN", "ARI"], nil),
    ]
    for (teams, hours) in cases {
      let (games, parks) = try homeGames(teams: teams)
      let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: hours)
      let tables = try XCTUnwrap(AllParksExact.Tables(model))
      let bounds = try XCTUnwrap(AllParksExact.bounds(tables))
      // Five venues or fewer: one table, which is exact.
      XCTAssertEqual(bounds.count, 1)
      let (days, slots) = try optimum(tables, bounds: bounds)
      XCTAssertEqual(AllParksExact.lowerBound(tables, bounds: bounds), days, "\(teams)")
      // Without the bounds the decision is the same.
      XCTAssertNil(AllParksExact.decide(tables, days: days - 1).trip, "\(teams)")
      XCTAssertNotNil(AllParksExact.decide(tables, days: days).trip, "\(teams)")
      let trip = slots.map { model.slots[$0].game }
      XCTAssertTrue(ModelChecker.isLegal(trip, maxDriveHours: hours), "\(teams)")
      XCTAssertEqual(Set(trip.map(\.venueID)), parks)
      let first = try XCTUnwrap(trip.first?.localDate)
      let last = try XCTUnwrap(trip.last?.localDate)
      XCTAssertEqual(first.days(to: last) + 1, days, "\(teams)")
      // No window one day shorter holds a trip through every park.
      var day = try XCTUnwrap(games.map(\.localDate).min())
      let end = try XCTUnwrap(games.map(\.localDate).max())
      var windows = 0
      while day <= end {
        let to = day.adding(days: days - 2)
        let window = games.filter { $0.localDate >= day && $0.localDate <= to }
        if Set(window.map(\.venueID)) == parks {
          windows += 1
          XCTAssertFalse(
            ModelChecker.covers(window, parks: parks, maxDriveHours: hours), "\(teams) \(day.iso)")
        }
        day = day.adding(days: 1)
      }
      XCTAssertGreaterThan(windows, 0, "\(teams): no shorter window had a game at every park")
    }
  }

  func testBounds_ofThirtyParks_neverExceedARealTrip() throws {
    let season = try PlannerFixtures.games2025().filter {
      $0.isRegularSeason && $0.status != .cancelled && !$0.timeUnknown
    }
    let parks = Set(AllParksPlanner.homeParks(of: season).values)
    let from = try XCTUnwrap(CalendarDate(iso: "2025-06-01"))
    let to = try XCTUnwrap(CalendarDate(iso: "2025-07-12"))
    let games = season.filter {
      parks.contains($0.venueID) && $0.localDate >= from && $0.localDate <= to
    }
    let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: 8)
    let tables = try XCTUnwrap(AllParksExact.Tables(model))
    let bounds = try XCTUnwrap(AllParksExact.bounds(tables))
    // Two halves of 15 each way: by longitude, by latitude, by pairs.
    XCTAssertEqual(bounds.count, 6)
    let trip = try XCTUnwrap(AllParksTour.search(model, widths: [100]))
    let lastDay = tables.day(of: try XCTUnwrap(trip.last))
    let span = lastDay - tables.day(of: trip[0]) + 1
    let least = try XCTUnwrap(AllParksExact.lowerBound(tables, bounds: bounds))
    XCTAssertLessThanOrEqual(least, span)
    // The halves alone take more than half the trip: the bound is not
    // the trivial one.
    XCTAssertGreaterThan(least, 20)
    // At every game of the trip, what is left of each half can be seen
    // by the trip's last day (the trip itself does it).
    var seen: UInt64 = 0
    for slot in trip {
      seen |= 1 << UInt64(model.slots[slot].venue)
      for bound in bounds {
        XCTAssertLessThanOrEqual(bound.day(at: slot, seen: seen), lastDay)
      }
    }
  }

  func testDecision_goesBackThroughAPark_whenOnlyThatFits() throws {
    // With a 2.6-hour daily limit (great circle × 1.2 at 60 mph):
    // Washington–Philadelphia 2.5 h, Philadelphia–New York 1.8 h,
    // Philadelphia–Baltimore 1.8 h, New York–Baltimore 3.4 h and
    // Washington–New York 4.1 h. Washington plays only on day 0, New York
    // only on day 1 at night, Baltimore only on day 2 at night, and
    // Philadelphia at 1 pm on days 1 and 2. The one trip through all four
    // sees Philadelphia twice: Washington, Philadelphia, New York,
    // Philadelphia, Baltimore (New York to Baltimore is too far for a
    // day, but by Philadelphia's day game, the last leg is the same day).
    let day0 = try XCTUnwrap(CalendarDate(iso: "2025-06-10"))
    let plan: [(venue: String, day: Int, hour: Int)] = [
      ("WAS11", 0, 19), ("PHI13", 1, 13), ("NYC20", 1, 19), ("PHI13", 2, 13), ("BAL12", 2, 19),
    ]
    let games = try plan.enumerated().map { k, entry in
      let venue = try XCTUnwrap(PlannerFixtures.venue(Venue.ID(entry.venue)))
      let date = day0.adding(days: entry.day)
      return Game(
        id: Game.ID("G\(k)"), sport: .mlb, season: 2025, homeTeamID: "H\(k)",
        awayTeamID: "A\(k)", venueID: venue.id,
        start: LocalTime.instant(on: date, hour: entry.hour, minute: 0, in: venue.timeZone),
        timeZoneID: venue.timeZoneID, localDate: date, timeEstimated: false, timeUnknown: false,
        status: .scheduled, originalDate: nil, gameNumber: 0, postponementReason: nil)
    }
    let parks = Set(games.map(\.venueID))
    XCTAssertEqual(parks.count, 4)
    XCTAssertTrue(ModelChecker.covers(games, parks: parks, maxDriveHours: 2.6))
    XCTAssertTrue(ModelChecker.isLegal(games, maxDriveHours: 2.6))
    let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: 2.6)
    // Every trip that sees each park once is refused somewhere.
    XCTAssertNil(AllParksTour.search(model, widths: [10]))
    let tables = try XCTUnwrap(AllParksExact.Tables(model))
    let bounds = try XCTUnwrap(AllParksExact.bounds(tables))
    XCTAssertNil(AllParksExact.decide(tables, days: 2, bounds: bounds).trip)
    let found = try XCTUnwrap(AllParksExact.decide(tables, days: 3, bounds: bounds).trip)
    XCTAssertEqual(found.map { model.slots[$0].game.id }, games.map(\.id))
    XCTAssertEqual(AllParksExact.lowerBound(tables, bounds: bounds), 3)
  }

  func testDecision_stoppedAtOnce_provesNothing() throws {
    let (games, _) = try homeGames(teams: ["NYA", "NYN", "PHI", "BAL"])
    let model = PlanningModel(games: games, venue: PlannerFixtures.venue, maxDriveHours: 6)
    let tables = try XCTUnwrap(AllParksExact.Tables(model))
    let outcome = AllParksExact.decide(tables, days: 30, shouldStop: { true })
    XCTAssertNil(outcome.trip)
    XCTAssertFalse(outcome.proven)
    XCTAssertNil(AllParksExact.bounds(tables, shouldStop: { true }))
  }
}
