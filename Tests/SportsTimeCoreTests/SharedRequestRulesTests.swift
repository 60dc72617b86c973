import Foundation
import XCTest

@testable import SportsTimeCore

/// The rules a visit body and a map change share between the CLI and the
/// API (issue 29): `VisitRequest` (`visit add/edit`, `POST/PATCH
/// /api/visits`) and `MapChange` (`map --reset/--focus/--zoom/--pan`, `PUT
/// /api/map/viewport`).
final class SharedRequestRulesTests: XCTestCase {
  func testVisitRequest_changesLookUpTheGameAndClear() throws {
    let game = try Fixtures.seasonGame("CHN202406040")
    let reference = try GameReference(parsing: "CHN202406040")
    var looked: [GameReference] = []
    let request = VisitRequest(
      game: .some(reference), sport: .mlb, score: .some(Score(away: 3, home: 5)),
      notes: .some(nil))
    let changes = try request.changes {
      looked.append($0)
      return game
    }
    XCTAssertEqual(looked, [reference])
    XCTAssertEqual(changes.game, .some(game))
    XCTAssertEqual(changes.sport, .mlb)
    XCTAssertEqual(changes.score, .some(Score(away: 3, home: 5)))
    XCTAssertEqual(changes.notes, .some(nil))
    XCTAssertNil(changes.matchup)

    // Unlinking and clearing the matchup look nothing up.
    let clear = try VisitRequest(game: .some(nil), matchup: .some(nil)).changes { _ in
      XCTFail("looked up a game")
      return game
    }
    XCTAssertEqual(clear.game, .some(nil))
    XCTAssertEqual(clear.matchup, .some(nil))
    XCTAssertNil(VisitRequest(matchup: .some(nil)).typedMatchup)
  }

  func testVisitRequest_recordsAsTheTypedRule() throws {
    let leagues = try VisitFixtures.leagues()
    let env = VisitFixtures.environment()
    let typed = TypedMatchup(away: "cardinals", home: "CHC")
    let request = VisitRequest(
      venue: "wrigley", date: try Fixtures.date("2024-06-04"), matchup: .some(typed))
    let visit = try leagues.recordVisit(
      request, game: { _ in throw CatalogError.unknownVenue("none", suggestion: nil) },
      environment: env)
    let direct = try leagues.recordVisit(
      venue: "wrigley", matchup: typed, in: VisitChanges(date: try Fixtures.date("2024-06-04")),
      environment: env)
    XCTAssertEqual(visit.venueID, direct.venueID)
    XCTAssertEqual(visit.matchup, direct.matchup)
    XCTAssertEqual(visit.date, direct.date)
  }

  func testMapChange_appliesAsEachFrontEndAsks() throws {
    let wrigley = try XCTUnwrap(Coordinate(latitude: 41.9484, longitude: -87.6553))
    let usa = MapViewport.continentalUnitedStates
    var viewport = usa.zoomed(by: 3)
    var focus: Venue.ID? = "DET05"

    MapChange.focus("CHI11", wrigley).apply(to: &viewport, focus: &focus)
    XCTAssertEqual(viewport, viewport.focused(on: wrigley))
    XCTAssertEqual(viewport.latitudeSpan, MapViewport.focusSpan)
    XCTAssertEqual(focus, "CHI11")

    let kept = viewport
    MapChange.unfocus.apply(to: &viewport, focus: &focus)
    XCTAssertEqual(viewport, kept)
    XCTAssertNil(focus)

    focus = "CHI11"
    MapChange.view(usa.zoomed(by: 2)).apply(to: &viewport, focus: &focus)
    XCTAssertEqual(viewport, usa.zoomed(by: 2))
    XCTAssertEqual(focus, "CHI11", "a view keeps the focus")

    MapChange.zoom(2).apply(to: &viewport, focus: &focus)
    XCTAssertEqual(viewport, usa.zoomed(by: 2).zoomed(by: 2))
    MapChange.pan(dx: 0.25, dy: 0).apply(to: &viewport, focus: &focus)
    XCTAssertEqual(viewport, usa.zoomed(by: 2).zoomed(by: 2).panned(dx: 0.25, dy: 0))

    MapChange.reset.apply(to: &viewport, focus: &focus)
    XCTAssertEqual(viewport, usa)
    XCTAssertNil(focus)
  }
}
