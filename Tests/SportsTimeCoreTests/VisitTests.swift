import Foundation
import XCTest

@testable import SportsTimeCore

/// Builders shared by the visit, attendance, progress and history tests:
/// the built-in tables of every sport and visits on real venues.
enum VisitFixtures {
  private static let loaded: Result<Leagues, any Error> = Result { try Leagues.builtIn() }

  /// Every sport's built-in tables (loaded once).
  static func leagues() throws -> Leagues { try loaded.get() }

  /// A fixed clock: 2025-11-01T12:00:00Z, after both MLB seasons.
  static let now = Date(timeIntervalSince1970: 1_762_000_000)

  /// A fixed environment at `now` (sequential UUIDs).
  static func environment(_ instant: Date = now) -> RuleEnvironment {
    .fixed(now: instant)
  }

  /// A stored-shape visit built directly (no checks): `venue` is an id,
  /// `matchup` is `AWAY@HOME` in schedule codes, `score` is `A-H`.
  static func visit(
    _ n: Int, _ sport: Sport = .mlb, at venue: String, on date: String, game: Game.ID? = nil,
    matchup: String? = nil, score: String? = nil, createdAt: Date = Fixtures.epoch,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Visit {
    let teams = matchup.map { $0.split(separator: "@").map(String.init) }
    return Visit(
      id: Fixtures.uuid(n), sport: sport, venueID: Venue.ID(venue),
      date: try Fixtures.date(date, file: file, line: line), gameID: game,
      matchup: teams.map { Matchup(awayTeamID: $0[0], homeTeamID: $0[1]) },
      score: score.flatMap { Score(parsing: $0) }, createdAt: createdAt, modifiedAt: createdAt)
  }

  /// The venue match for `name` (any sport unless given).
  static func venue(
    _ name: String, sport: Sport? = nil, season: Int? = nil
  ) throws -> Leagues.VenueMatch {
    try leagues().venue(named: name, sport: sport, season: season)
  }
}

/// Visits: scores, recording from a game or by hand, the checks every visit
/// passes, edits, and the most-recent-first order.
final class VisitTests: XCTestCase {
  private func visitError(
    file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Any
  ) -> VisitError? {
    do {
      _ = try body()
      XCTFail("expected a VisitError", file: file, line: line)
    } catch let error as VisitError {
      return error
    } catch {
      XCTFail("expected a VisitError, got \(error)", file: file, line: line)
    }
    return nil
  }

  func testScore_parsesAwayHomeAndRefusesOtherText() {
    XCTAssertEqual(Score(parsing: "3-5"), Score(away: 3, home: 5))
    XCTAssertEqual(Score(parsing: " 10-0 "), Score(away: 10, home: 0))
    XCTAssertEqual(Score(parsing: "999-998")?.description, "999-998")
    for bad in ["", "3", "3-", "-5", "3-5-1", "a-b", "1000-1", "3:5", "+3-5", "3 - 5", "٣-٥"] {
      XCTAssertNil(Score(parsing: bad), bad)
    }
    XCTAssertNil(Score(away: -1, home: 0))
  }

  func testRecord_fromGameTakesItsVenueDateAndMatchup() throws {
    let game = try Fixtures.seasonGame("CHN202406040")
    let visit = try Visit.record(
      VisitChanges(game: .some(game), score: .some(Score(away: 3, home: 5)), notes: "Row 3"),
      leagues: VisitFixtures.leagues(), environment: VisitFixtures.environment())
    XCTAssertEqual(visit.sport, .mlb)
    XCTAssertEqual(visit.venueID, "CHI11")
    XCTAssertEqual(visit.date, try Fixtures.date("2024-06-04"))
    XCTAssertEqual(visit.gameID, "CHN202406040")
    XCTAssertEqual(visit.matchup, Matchup(awayTeamID: game.awayTeamID, homeTeamID: "CHN"))
    XCTAssertEqual(visit.score, Score(away: 3, home: 5))
    XCTAssertEqual(visit.notes, "Row 3")
    XCTAssertEqual(visit.createdAt, VisitFixtures.now)
    XCTAssertEqual(visit.modifiedAt, VisitFixtures.now)
  }

  func testRecord_gameContradictedByVenueDateSportOrMatchupRefused() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let game = try Fixtures.seasonGame("CHN202406040")
    let elsewhere = try VisitFixtures.venue("Comerica Park")
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(venue: elsewhere, game: .some(game)), leagues: leagues, environment: env)
      },
      .gameAtOtherVenue(gameID: game.id, given: "Comerica Park", actual: "Wrigley Field"))
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(date: try Fixtures.date("2024-06-05"), game: .some(game)),
          leagues: leagues, environment: env)
      },
      .gameOnOtherDate(
        gameID: game.id, given: try Fixtures.date("2024-06-05"), actual: game.localDate))
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(sport: .nba, game: .some(game)), leagues: leagues, environment: env)
      }, .gameOfOtherSport(gameID: game.id, given: .nba, actual: .mlb))
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(
            game: .some(game), matchup: .some(Matchup(awayTeamID: "NYA", homeTeamID: "BOS"))),
          leagues: leagues, environment: env)
      }, .matchupFromGame(gameID: game.id))
    // The game's own venue (named by its home team) and date are accepted.
    let wrigley = try VisitFixtures.venue("CHC", season: 2024)
    let visit = try Visit.record(
      VisitChanges(venue: wrigley, date: game.localDate, game: .some(game)), leagues: leagues,
      environment: env)
    XCTAssertEqual(visit.gameID, game.id)
  }

  func testRecord_cancelledGameRefused() throws {
    let game = try Fixtures.game(
      at: "CHI11", home: "CHN", away: "SLN", on: "2024-06-04", hour: 19, status: .cancelled)
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(game: .some(game)), leagues: try VisitFixtures.leagues(),
          environment: VisitFixtures.environment())
      }, .gameCancelled(gameID: game.id))
  }

  func testRecord_withoutGameNeedsVenueAndDate() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(date: try Fixtures.date("2024-06-04")), leagues: leagues, environment: env)
      }, .missingVenue)
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(venue: try VisitFixtures.venue("wrigley")), leagues: leagues,
          environment: env)
      }, .missingDate)
    let visit = try Visit.record(
      VisitChanges(
        venue: try VisitFixtures.venue("wrigley"), date: try Fixtures.date("2023-07-01")),
      leagues: leagues, environment: env)
    XCTAssertEqual(visit.venueID, "CHI11")
    XCTAssertEqual(visit.sport, .mlb)
    XCTAssertNil(visit.gameID)
    XCTAssertNil(visit.matchup)
  }

  /// "Today" is the venue's own date: at 03:00 UTC on June 5 it is still
  /// June 4 in Chicago but already June 5 in Seoul.
  func testRecord_futureDateIsJudgedAtTheVenue() throws {
    let leagues = try VisitFixtures.leagues()
    let now = Date(timeIntervalSince1970: 1_717_556_400)  // 2024-06-05T03:00:00Z
    let env = VisitFixtures.environment(now)
    let june5 = try Fixtures.date("2024-06-05")
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(venue: try VisitFixtures.venue("CHI11"), date: june5), leagues: leagues,
          environment: env)
      }, .futureDate(june5, today: try Fixtures.date("2024-06-04"), venue: "Wrigley Field"))
    let seoul = try Visit.record(
      VisitChanges(venue: try VisitFixtures.venue("SEO01"), date: june5), leagues: leagues,
      environment: env)
    XCTAssertEqual(seoul.date, june5)
  }

  func testRecord_sharedArenaNeedsTheSport() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let garden = try VisitFixtures.venue("td-garden")
    XCTAssertEqual(garden.sports, [.nba, .nhl])
    let date = try Fixtures.date("2024-12-01")
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(venue: garden, date: date), leagues: leagues, environment: env)
      }, .sportNeeded(venue: "TD Garden", sports: [.nba, .nhl]))
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(venue: garden, sport: .mlb, date: date), leagues: leagues, environment: env)
      }, .venueNotOfSport(venue: "TD Garden", sport: .mlb, sports: [.nba, .nhl]))
    let hockey = try Visit.record(
      VisitChanges(venue: garden, sport: .nhl, date: date), leagues: leagues, environment: env)
    XCTAssertEqual(hockey.sport, .nhl)
    // A team code names the venue and the sport at once.
    let rangers = try VisitFixtures.venue("NYR")
    XCTAssertEqual(rangers.venue.id, "madison-square-garden")
    XCTAssertEqual(rangers.sports, [.nhl])
    let visit = try Visit.record(
      VisitChanges(venue: rangers, date: date), leagues: leagues, environment: env)
    XCTAssertEqual(visit.sport, .nhl)
  }

  func testRecord_matchupNeedsTwoKnownTeams() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let wrigley = try VisitFixtures.venue("CHI11")
    let date = try Fixtures.date("2024-06-04")
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(
            venue: wrigley, date: date,
            matchup: .some(Matchup(awayTeamID: "CHN", homeTeamID: "CHN"))),
          leagues: leagues, environment: env)
      }, .sameTeam("CHC"))
    // OAK and ATH are one franchise: it cannot play itself either.
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(
            venue: wrigley, date: date,
            matchup: .some(Matchup(awayTeamID: "OAK", homeTeamID: "ATH"))),
          leagues: leagues, environment: env)
      }, .sameTeam("ATH"))
    XCTAssertEqual(
      visitError {
        try Visit.record(
          VisitChanges(
            venue: wrigley, date: date,
            matchup: .some(Matchup(awayTeamID: "XXX", homeTeamID: "CHN"))),
          leagues: leagues, environment: env)
      }, .unknownTeam("XXX", sport: .mlb))
    XCTAssertEqual(try leagues.teamID(named: "cubs", sport: .mlb, season: 2024), "CHN")
    XCTAssertEqual(try leagues.teamID(named: "nyr", sport: .nhl, season: 2024), "NYR")
    XCTAssertThrowsError(try leagues.teamID(named: "NYX", sport: .nhl, season: 2024)) { error in
      XCTAssertEqual(
        error as? CatalogError, .unknownTeam("NYX", suggestion: "NYI"), "\(error)")
    }
  }

  func testRecord_notesAreNormalisedAndLimited() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let base = VisitChanges(
      venue: try VisitFixtures.venue("CHI11"), date: try Fixtures.date("2024-06-04"))
    var changes = base
    // ESC and BEL are removed, the bidi override goes; the line break is
    // kept (issue 28, item 23: notes are several lines), each line cleaned.
    changes.notes = .some("  Seat\u{1B}[2J 12\n row 3\u{7}\u{202E} ")
    XCTAssertEqual(
      try Visit.record(changes, leagues: leagues, environment: env).notes, "Seat[2J 12\nrow 3")
    changes.notes = .some("   ")
    XCTAssertNil(try Visit.record(changes, leagues: leagues, environment: env).notes)
    // Second review of issue 8: only invisible characters are no notes,
    // as only white space is.
    changes.notes = .some("\u{200B}\u{34F}")
    XCTAssertNil(try Visit.record(changes, leagues: leagues, environment: env).notes)
    XCTAssertEqual(Visit.notesLimit, 5000)
    changes.notes = .some(String(repeating: "x", count: Visit.notesLimit))
    XCTAssertEqual(
      try Visit.record(changes, leagues: leagues, environment: env).notes?.count, 5000)
    changes.notes = .some(String(repeating: "x", count: Visit.notesLimit + 1))
    let error = visitError { try Visit.record(changes, leagues: leagues, environment: env) }
    XCTAssertEqual(
      error,
      .invalidNotes(
        TextError(
          field: .notes, problem: .tooLong(characters: 5001, scalars: 5001),
          excerpt: String(repeating: "x", count: 79) + "…")))
    XCTAssertEqual(
      error?.description,
      "the notes are 5001 characters long; at most 5000 are allowed ('\(String(repeating: "x", count: 79))…')"
    )
  }

  func testApplying_linkedVisitKeepsTheGamesValuesUntilUnlinked() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let game = try Fixtures.seasonGame("CHN202406040")
    let visit = try Visit.record(
      VisitChanges(game: .some(game)), leagues: leagues, environment: env)
    let later = try Fixtures.date("2024-06-05")
    XCTAssertEqual(
      visitError {
        try visit.applying(VisitChanges(date: later), leagues: leagues, environment: env)
      }, .linkedToGame(visit: String(visit.key.prefix(8)), gameID: game.id, field: "date"))
    XCTAssertEqual(
      visitError {
        try visit.applying(
          VisitChanges(venue: try VisitFixtures.venue("DET05")), leagues: leagues,
          environment: env)
      }, .linkedToGame(visit: String(visit.key.prefix(8)), gameID: game.id, field: "venue"))
    // Repeating the game's own values changes nothing.
    XCTAssertEqual(
      visitError {
        try visit.applying(
          VisitChanges(venue: try VisitFixtures.venue("CHI11"), date: game.localDate),
          leagues: leagues, environment: env)
      }, .nothingToChange(visit: String(visit.key.prefix(8))))
    let unlinked = try visit.applying(
      VisitChanges(date: later, game: .some(nil)), leagues: leagues,
      environment: VisitFixtures.environment(VisitFixtures.now.addingTimeInterval(60)))
    XCTAssertNil(unlinked.gameID)
    XCTAssertEqual(unlinked.date, later)
    XCTAssertEqual(unlinked.matchup, visit.matchup)
    XCTAssertEqual(unlinked.createdAt, visit.createdAt)
    XCTAssertEqual(unlinked.modifiedAt, VisitFixtures.now.addingTimeInterval(60))
    // Linking it again restores the game's date.
    let relinked = try unlinked.applying(
      VisitChanges(game: .some(game)), leagues: leagues, environment: env)
    XCTAssertEqual(relinked.date, game.localDate)
    XCTAssertEqual(relinked.gameID, game.id)
  }

  func testApplying_setsAndClearsScoreNotesAndMatchup() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let visit = try VisitFixtures.visit(
      1, at: "CHI11", on: "2024-06-04", matchup: "SLN@CHN", score: "3-5")
    var edited = try visit.applying(
      VisitChanges(score: .some(Score(away: 4, home: 5)), notes: .some("Rain delay")),
      leagues: leagues, environment: env)
    XCTAssertEqual(edited.score, Score(away: 4, home: 5))
    XCTAssertEqual(edited.notes, "Rain delay")
    edited = try edited.applying(
      VisitChanges(matchup: .some(nil), score: .some(nil), notes: .some(nil)), leagues: leagues,
      environment: env)
    XCTAssertNil(edited.score)
    XCTAssertNil(edited.notes)
    XCTAssertNil(edited.matchup)
    // Notes of only invisible characters clear notes, as blank notes do
    // (second review of issue 8).
    let noted = try edited.applying(
      VisitChanges(notes: .some("Rain delay")), leagues: leagues, environment: env)
    XCTAssertNil(
      try noted.applying(
        VisitChanges(notes: .some("\u{200B}\u{202E}")), leagues: leagues, environment: env
      ).notes)
    XCTAssertEqual(
      visitError {
        try edited.applying(VisitChanges(score: .some(nil)), leagues: leagues, environment: env)
      }, .nothingToChange(visit: String(edited.key.prefix(8))))
    // Another venue of another sport takes that sport.
    let moved = try edited.applying(
      VisitChanges(venue: try VisitFixtures.venue("united-center"), sport: .nba),
      leagues: leagues, environment: env)
    XCTAssertEqual(moved.sport, .nba)
    XCTAssertEqual(moved.venueID, "united-center")
  }

  func testMostRecentFirst_laterDateThenLaterGameOfADoubleheader() throws {
    let a = try VisitFixtures.visit(1, at: "CHI11", on: "2024-04-19", game: "CHN202404191")
    let b = try VisitFixtures.visit(2, at: "CHI11", on: "2024-04-19", game: "CHN202404192")
    let c = try VisitFixtures.visit(3, at: "CHI11", on: "2024-04-19")
    let d = try VisitFixtures.visit(
      4, at: "CHI11", on: "2024-04-19", createdAt: Fixtures.epoch.addingTimeInterval(1))
    let e = try VisitFixtures.visit(5, at: "CHI11", on: "2024-06-01")
    let f = try VisitFixtures.visit(6, at: "CHI11", on: "2023-06-01")
    for order in [[a, b, c, d, e, f], [f, e, d, c, b, a], [c, a, f, b, e, d]] {
      XCTAssertEqual(
        order.sorted(by: Visit.mostRecentFirst).map(\.id), [e, b, a, d, c, f].map(\.id))
    }
  }
}
