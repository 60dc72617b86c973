import Foundation
import SportsTimeCore
import SportsTimePlanner
import SportsTimeTestSupport
import XCTest

/// Real 2025 MLB games (Retrosheet), parsed once.
enum PlannerFixtures {
  private static let loaded: Result<[Game], any Error> = Result {
    let url = TestData.url("retrosheet/2025schedule.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return try RetrosheetSchedule.parse(text, file: "2025schedule.csv", catalog: try Catalog.mlb())
      .games
  }

  /// Every 2025 MLB game.
  static func games2025() throws -> [Game] { try loaded.get() }

  /// The 2025 games whose local date is in `from ... to` (ISO dates).
  static func games(from: String, to: String) throws -> [Game] {
    let (a, b) = (try XCTUnwrap(CalendarDate(iso: from)), try XCTUnwrap(CalendarDate(iso: to)))
    return try games2025().filter { $0.localDate >= a && $0.localDate <= b }
  }

  static func venue(_ id: Venue.ID) -> Venue? { (try? Catalog.mlb())?.venue(id) }
}

/// An independent reading of the model (issue 12), straight from the games
/// and the default estimator: what the tests check the planner against.
enum ModelChecker {
  static let estimator = RouteEstimator.default

  static func travel(_ a: Game, _ b: Game) -> LegEstimate {
    guard a.venueID != b.venueID, let x = PlannerFixtures.venue(a.venueID),
      let y = PlannerFixtures.venue(b.venueID)
    else { return LegEstimate(distanceMeters: 0, durationSeconds: 0) }
    return estimator.estimate(from: x, to: y)
  }

  /// Whether b may follow a: A.start + 3 h + travel ≤ B.start, and travel ≤
  /// H × max(1, d) when a limit is given.
  static func legal(_ a: Game, _ b: Game, maxDriveHours: Double?) -> Bool {
    let t = travel(a, b).durationSeconds
    guard a.start.addingTimeInterval(3 * 3600 + t) <= b.start else { return false }
    if let h = maxDriveHours {
      let d = a.localDate.days(to: b.localDate)
      if t > h * 3600 * Double(max(1, d)) { return false }
    }
    return true
  }

  static func isLegal(_ trip: [Game], maxDriveHours: Double?) -> Bool {
    zip(trip, trip.dropFirst()).allSatisfy { legal($0, $1, maxDriveHours: maxDriveHours) }
  }

  static func parks(_ trip: [Game]) -> Int { Set(trip.map(\.venueID)).count }

  /// Whether some legal trip through `games` (going back to a venue
  /// allowed) sees every venue of `parks`, by depth-first enumeration.
  static func covers(_ games: [Game], parks: Set<Venue.ID>, maxDriveHours: Double?) -> Bool {
    let sorted = games.sorted { ($0.start, $0.id.rawValue) < ($1.start, $1.id.rawValue) }
    var seen: [Venue.ID: Int] = [:]
    func extend(_ index: Int) -> Bool {
      if seen.count == parks.count { return true }
      for j in (index + 1)..<sorted.count
      where legal(sorted[index], sorted[j], maxDriveHours: maxDriveHours) {
        seen[sorted[j].venueID, default: 0] += 1
        if extend(j) { return true }
        seen[sorted[j].venueID, default: 1] -= 1
        if seen[sorted[j].venueID] == 0 { seen[sorted[j].venueID] = nil }
      }
      return false
    }
    for i in sorted.indices {
      seen = [sorted[i].venueID: 1]
      if extend(i) { return true }
    }
    return false
  }

  static func travelSeconds(_ trip: [Game]) -> Double {
    zip(trip, trip.dropFirst()).reduce(0) { $0 + travel($1.0, $1.1).durationSeconds }
  }

  /// The best (most parks, then least travel) over every legal trip, by
  /// depth-first enumeration of all of them.
  static func bruteForce(_ games: [Game], maxDriveHours: Double?, must: Set<Game.ID> = [])
    -> (parks: Int, travel: Double)
  {
    let sorted = games.filter { $0.status != .cancelled && !$0.timeUnknown }
      .sorted { ($0.start, $0.id.rawValue) < ($1.start, $1.id.rawValue) }
    var best = (parks: 0, travel: 0.0)
    var path: [Game] = []
    func consider() {
      guard must.isSubset(of: Set(path.map(\.id))) else { return }
      let p = parks(path)
      let t = travelSeconds(path)
      if p > best.parks || (p == best.parks && t < best.travel) { best = (p, t) }
    }
    func extend(from index: Int) {
      consider()
      for j in (index + 1)..<sorted.count
      where legal(sorted[index], sorted[j], maxDriveHours: maxDriveHours) {
        path.append(sorted[j])
        extend(from: j)
        path.removeLast()
      }
    }
    for i in sorted.indices {
      path = [sorted[i]]
      extend(from: i)
    }
    return best
  }
}

final class TripSearchTests: XCTestCase {
  private func search(
    _ games: [Game], maxDriveHours: Double?, must: Set<Game.ID> = [], keep: Int = 10
  ) -> (PlanningModel, TripSearch.Outcome) {
    let model = PlanningModel(
      games: games, venue: PlannerFixtures.venue, maxDriveHours: maxDriveHours)
    let mustSlots = Set(model.slots.indices.filter { must.contains(model.slots[$0].game.id) })
    return (
      model, TripSearch.run(model, constraints: .init(must: mustSlots), keep: keep)
    )
  }

  /// The first trip equals the brute force's best on small windows of real
  /// data (2–3 days), with and without a daily drive limit, and every trip
  /// returned is legal with the figures it claims.
  func testBestTrip_matchesBruteForceOnSmallRealWindows() throws {
    let windows: [(String, String, Double?)] = [
      ("2025-06-13", "2025-06-14", nil), ("2025-06-13", "2025-06-15", 8),
      ("2025-07-04", "2025-07-06", 6), ("2025-04-01", "2025-04-02", nil),
      ("2025-08-22", "2025-08-24", 8), ("2025-09-26", "2025-09-28", 10),
    ]
    for (from, to, hours) in windows {
      let games = try PlannerFixtures.games(from: from, to: to)
      let expected = ModelChecker.bruteForce(games, maxDriveHours: hours)
      let (model, outcome) = search(games, maxDriveHours: hours)
      XCTAssertTrue(outcome.proven)
      let first = try XCTUnwrap(outcome.trips.first, "\(from)…\(to)")
      XCTAssertEqual(first.parks, expected.parks, "\(from)…\(to) H=\(String(describing: hours))")
      XCTAssertEqual(
        first.travelSeconds, expected.travel, accuracy: 1e-6,
        "\(from)…\(to) H=\(String(describing: hours))")
      for trip in outcome.trips {
        let games = trip.slots.map { model.slots[$0].game }
        XCTAssertTrue(ModelChecker.isLegal(games, maxDriveHours: hours), "\(games.map(\.id))")
        XCTAssertEqual(trip.parks, ModelChecker.parks(games))
        XCTAssertEqual(trip.travelSeconds, ModelChecker.travelSeconds(games), accuracy: 1e-6)
      }
    }
  }

  /// With must-see games, every trip includes them and the best is the
  /// brute force's best among trips that do.
  func testMustSeeGames_areInEveryTripAndTheBestIsOptimal() throws {
    let games = try PlannerFixtures.games(from: "2025-06-13", to: "2025-06-15")
    let yankees = try XCTUnwrap(
      games.first {
        [$0.homeTeamID, $0.awayTeamID].contains("NYA")
          && $0.localDate == CalendarDate(iso: "2025-06-14")
      })
    let expected = ModelChecker.bruteForce(games, maxDriveHours: 8, must: [yankees.id])
    let (model, outcome) = search(games, maxDriveHours: 8, must: [yankees.id])
    let first = try XCTUnwrap(outcome.trips.first)
    XCTAssertEqual(first.parks, expected.parks)
    XCTAssertEqual(first.travelSeconds, expected.travel, accuracy: 1e-6)
    for trip in outcome.trips {
      XCTAssertTrue(trip.slots.map { model.slots[$0].game.id }.contains(yankees.id))
    }
  }
}
