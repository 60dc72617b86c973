import Foundation
import XCTest

@testable import SportsTimeCore

/// `trip attended`'s rule: played games become visits, once.
final class AttendanceTests: XCTestCase {
  /// Cleveland Jun 4, Chicago Jun 5, Detroit Jun 7 and Jun 8, Milwaukee
  /// Jun 10 (real 2024 games).
  private func tripGames() throws -> [Game] {
    try ["CLE202406040", "CHN202406050", "DET202406070", "DET202406080", "MIL202406100"].map {
      try Fixtures.seasonGame($0)
    }
  }

  /// 2024-06-08T12:00:00Z: the Jun 8 Detroit night game has not started.
  private let midTrip = Date(timeIntervalSince1970: 1_717_848_000)

  func testPlan_recordsPlayedGamesAndReportsTheRest() throws {
    let games = try tripGames()
    let plan = try Attendance.plan(
      tripName: "Loop", games: games.reversed(), recordedGameIDs: ["CHN202406050"],
      environment: .fixed(now: midTrip))
    XCTAssertEqual(plan.recorded.map(\.gameID), ["CLE202406040", "DET202406070"])
    XCTAssertEqual(plan.recorded.map(\.venueID), ["CLE08", "DET05"])
    XCTAssertEqual(plan.recorded.map(\.date.iso), ["2024-06-04", "2024-06-07"])
    XCTAssertEqual(plan.recorded.map(\.createdAt), [midTrip, midTrip])
    XCTAssertEqual(
      plan.skipped.map { "\($0.game.id) \($0.reason.rawValue)" },
      [
        "CHN202406050 already-recorded", "DET202406080 not-played", "MIL202406100 not-played",
      ])
  }

  /// Running it twice records nothing the second time.
  func testPlan_secondRunRecordsNothingNew() throws {
    let games = try tripGames()
    let env = RuleEnvironment.fixed(now: Date(timeIntervalSince1970: 1_730_000_000))
    let first = try Attendance.plan(
      tripName: "Loop", games: games, recordedGameIDs: [], environment: env)
    XCTAssertEqual(first.recorded.count, 5)
    XCTAssertEqual(Set(first.recorded.map(\.id)).count, 5)
    let second = try Attendance.plan(
      tripName: "Loop", games: games, recordedGameIDs: Set(first.recorded.compactMap(\.gameID)),
      environment: env)
    XCTAssertEqual(second.recorded, [])
    XCTAssertEqual(second.skipped.map(\.reason), Array(repeating: .alreadyRecorded, count: 5))
  }

  func testPlan_requestedGamesMustBeTheTripsAndPlayed() throws {
    let games = try tripGames()
    let env = RuleEnvironment.fixed(now: midTrip)
    let plan = try Attendance.plan(
      tripName: "Loop", games: games, requested: [games[2], games[2], games[0]],
      recordedGameIDs: [], environment: env)
    XCTAssertEqual(plan.recorded.map(\.gameID), ["CLE202406040", "DET202406070"])
    XCTAssertEqual(plan.skipped, [])
    let elsewhere = try Fixtures.seasonGame("NYA202406070")
    XCTAssertThrowsError(
      try Attendance.plan(
        tripName: "Loop", games: games, requested: [elsewhere], recordedGameIDs: [],
        environment: env)
    ) { error in
      XCTAssertEqual(error as? VisitError, .gameNotInTrip(gameID: "NYA202406070", trip: "Loop"))
    }
    XCTAssertThrowsError(
      try Attendance.plan(
        tripName: "Loop", games: games, requested: [games[4]], recordedGameIDs: [],
        environment: env)
    ) { error in
      XCTAssertEqual(
        error as? VisitError,
        .gameNotPlayed(gameID: "MIL202406100", start: "2024-06-10T19:10:00-05:00"))
    }
  }

  func testPlan_cancelledGamesAreSkipped() throws {
    var games = try tripGames()
    games[1].status = .cancelled
    let plan = try Attendance.plan(
      tripName: "Loop", games: games, recordedGameIDs: [],
      environment: .fixed(now: Date(timeIntervalSince1970: 1_730_000_000)))
    XCTAssertEqual(plan.recorded.count, 4)
    XCTAssertEqual(plan.skipped.map(\.reason), [.cancelled])
    XCTAssertThrowsError(
      try Attendance.plan(
        tripName: "Loop", games: games, requested: [games[1]], recordedGameIDs: [],
        environment: .fixed(now: Date(timeIntervalSince1970: 1_730_000_000)))
    ) { error in
      XCTAssertEqual(error as? VisitError, .gameCancelled(gameID: "CHN202406050"))
    }
  }
}
