import Foundation
import XCTest

@testable import SportsTimeCore

/// The visit rules front ends call (`Leagues+VisitRules.swift`): recording
/// and editing from typed text, the re-pointing check, the one-line summary
/// and the schedule check of a typed matchup, on the built-in tables and
/// the real 2024 schedule.
final class VisitRulesTests: XCTestCase {
  func testRecordVisit_looksUpTypedVenueAndTeams() throws {
    let leagues = try VisitFixtures.leagues()
    let visit = try leagues.recordVisit(
      venue: "wrigley", matchup: TypedMatchup(away: "cardinals", home: "CHC"),
      in: VisitChanges(date: try Fixtures.date("2024-06-04")),
      environment: VisitFixtures.environment())
    XCTAssertEqual(visit.venueID, "CHI11")
    XCTAssertEqual(visit.sport, .mlb)
    XCTAssertEqual(visit.matchup, Matchup(awayTeamID: "SLN", homeTeamID: "CHN"))
  }

  func testEditVisit_linkingAGameElsewhereNeedsVenueAndDate() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let old = try VisitFixtures.visit(1, at: "CHI11", on: "2024-06-04", matchup: "SLN@CHN")
    // CHN202406050: the next day at Wrigley, so the date would move.
    let nextDay = try Fixtures.seasonGame("CHN202406050")
    XCTAssertThrowsError(
      try leagues.editVisit(
        old, venue: nil, matchup: nil, changes: VisitChanges(game: .some(nextDay)),
        environment: env)
    ) { error in
      XCTAssertEqual(
        error as? VisitError,
        .gameElsewhere(
          gameID: "CHN202406050", venueID: "CHI11", venue: "Wrigley Field, Chicago",
          date: nextDay.localDate, visitVenueID: "CHI11", visitVenue: "Wrigley Field, Chicago",
          visitDate: old.date))
      XCTAssertEqual(
        String(describing: error),
        "game CHN202406050 was played on 2024-06-05, but this visit is on 2024-06-04")
      XCTAssertEqual((error as? VisitError)?.kind, .refused)
    }
    // Saying the date as well moves the visit to that game.
    let moved = try leagues.editVisit(
      old, venue: nil, matchup: nil,
      changes: VisitChanges(date: nextDay.localDate, game: .some(nextDay)), environment: env)
    XCTAssertEqual(moved.gameID, "CHN202406050")
    XCTAssertEqual(moved.date, nextDay.localDate)
    // A game at the visit's own venue and date links without more.
    let sameDay = try Fixtures.seasonGame("CHN202406040")
    let linked = try leagues.editVisit(
      old, venue: nil, matchup: nil, changes: VisitChanges(game: .some(sameDay)),
      environment: env)
    XCTAssertEqual(linked.gameID, "CHN202406040")
    // Only what differs must be given: the venue, when only it differs.
    let across = try VisitFixtures.visit(2, at: "CHI12", on: "2024-06-04")
    XCTAssertThrowsError(
      try leagues.editVisit(
        across, venue: nil, matchup: nil, changes: VisitChanges(game: .some(sameDay)),
        environment: env)
    ) { error in
      XCTAssertEqual(
        String(describing: error),
        "game CHN202406040 was at Wrigley Field, Chicago, but this visit is at Guaranteed Rate Field, Chicago"
      )
    }
    let relinked = try leagues.editVisit(
      across, venue: "Wrigley Field", matchup: nil, changes: VisitChanges(game: .some(sameDay)),
      environment: env)
    XCTAssertEqual(relinked.gameID, "CHN202406040")
    XCTAssertEqual(relinked.venueID, "CHI11")
  }

  func testSummary_namesDateMatchupScoreAndVenueOfThatDate() throws {
    let leagues = try VisitFixtures.leagues()
    let visit = try VisitFixtures.visit(
      1, at: "CHI11", on: "2024-06-04", matchup: "SLN@CHN", score: "3-5")
    XCTAssertEqual(leagues.matchupText(of: visit), "STL @ CHC")
    XCTAssertEqual(
      leagues.summary(of: visit),
      "Tue, Jun 4, 2024 · STL @ CHC · 3-5 · Wrigley Field, Chicago (MLB)")
    let bare = try VisitFixtures.visit(2, at: "CHI11", on: "2024-06-04")
    XCTAssertNil(leagues.matchupText(of: bare))
    XCTAssertEqual(leagues.summary(of: bare), "Tue, Jun 4, 2024 · Wrigley Field, Chicago (MLB)")
    XCTAssertEqual(leagues.venueCount(after: bare, among: [bare]), "Wrigley Field now has 1 visit.")
    XCTAssertEqual(
      leagues.venueCount(after: bare, among: [bare, visit, bare]),
      "Wrigley Field now has 3 visits.")
  }

  /// At an arena of two leagues, a write counts its own sport's visits and,
  /// with visits of the other there too, says which (review 12: "TD Garden
  /// now has 3 visits" counted both).
  func testVenueCount_anArenaOfTwoLeaguesCountsTheVisitSport() throws {
    let leagues = try VisitFixtures.leagues()
    let hockey = try VisitFixtures.visit(1, .nhl, at: "td-garden", on: "2025-01-04")
    let basketball = try VisitFixtures.visit(2, .nba, at: "td-garden", on: "2025-01-05")
    let again = try VisitFixtures.visit(3, .nhl, at: "td-garden", on: "2025-02-04")
    XCTAssertEqual(
      leagues.venueCount(after: again, among: [hockey, basketball, again]),
      "TD Garden now has 2 NHL visits.")
    XCTAssertEqual(
      leagues.venueCount(after: basketball, among: [hockey, basketball, again]),
      "TD Garden now has 1 NBA visit.")
    XCTAssertEqual(
      leagues.venueCount(after: again, among: [hockey, again]), "TD Garden now has 2 visits.")
  }

  func testUnscheduledMatchup_onlyWhenTheScheduleHasOtherGamesThere() throws {
    let catalog = try Fixtures.catalog()
    let scheduled = try Fixtures.seasonGame("CHN202406040")  // CWS @ CHC
    let typedOther = try VisitFixtures.visit(
      1, at: "CHI11", on: "2024-06-04", matchup: "MIL@CHN")
    let warning = try XCTUnwrap(
      UnscheduledMatchup(typedOther, scheduled: [scheduled], catalog: catalog))
    XCTAssertEqual(
      warning.description,
      "the schedule has CWS @ CHC (CHN202406040) there that day, not this matchup")
    let typedSame = try VisitFixtures.visit(
      2, at: "CHI11", on: "2024-06-04", matchup: "CHA@CHN")
    XCTAssertNil(UnscheduledMatchup(typedSame, scheduled: [scheduled], catalog: catalog))
    XCTAssertNil(UnscheduledMatchup(typedOther, scheduled: [], catalog: catalog))
    let fromGame = try VisitFixtures.visit(
      3, at: "CHI11", on: "2024-06-04", game: "CHN202406040", matchup: "MIL@CHN")
    XCTAssertNil(UnscheduledMatchup(fromGame, scheduled: [scheduled], catalog: catalog))
  }

  func testVisitError_messagesNameNoCommandOrOption() throws {
    let day = try Fixtures.date("2024-06-04")
    let errors: [VisitError] = [
      .gameAtOtherVenue(gameID: "G", given: "A", actual: "B"),
      .gameOnOtherDate(gameID: "G", given: day, actual: day),
      .gameOfOtherSport(gameID: "G", given: .nba, actual: .mlb), .gameCancelled(gameID: "G"),
      .gameNotPlayed(gameID: "G", start: "x"), .gameNotInTrip(gameID: "G", trip: "T"),
      .matchupFromGame(gameID: "G"), .linkedToGame(visit: "v", gameID: "G", field: "date"),
      .missingVenue, .missingDate, .venueNotOfSport(venue: "V", sport: .mlb, sports: [.nba]),
      .sportNeeded(venue: "TD Garden", sports: [.nba, .nhl]),
      .futureDate(day, today: day, venue: "V"), .sameTeam("CHC"),
      .unknownTeam("X", sport: .mlb), .nothingToChange(visit: "v"),
      .gameElsewhere(
        gameID: "G", venueID: "CHI11", venue: "Wrigley Field, Chicago", date: day,
        visitVenueID: "CHI12", visitVenue: "Guaranteed Rate Field, Chicago", visitDate: day),
    ]
    for error in errors {
      CoreMessageCheck.assertNamesNoCommand(error.description)
    }
  }
}
