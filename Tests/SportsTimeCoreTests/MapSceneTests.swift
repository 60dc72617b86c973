import Foundation
import XCTest

@testable import SportsTimeCore

/// The progress map's scene (issue 9: geometry and label placement apart
/// from the SVG writer), the venues and pins it is built from, and the
/// "Reset View" note that names no command.
final class MapSceneTests: XCTestCase {
  func testMapVenues_everySportOnceEachSharedArenaOnce() throws {
    let leagues = try VisitFixtures.leagues()
    let venues = leagues.mapVenues
    XCTAssertEqual(Set(venues.map(\.id)).count, venues.count)
    XCTAssertEqual(venues.first?.id, leagues.league(.mlb)?.venues.keys.sorted().first)
    XCTAssertTrue(venues.contains { $0.id == "td-garden" })
    let expected = Set(leagues.sports.flatMap { leagues.league($0)?.venues.keys ?? [:].keys })
    XCTAssertEqual(Set(venues.map(\.id)), expected)
  }

  func testPins_countVisitsAndLastDatePerVenue() throws {
    let leagues = try VisitFixtures.leagues()
    let visits = [
      try VisitFixtures.visit(1, at: "CHI11", on: "2024-06-04"),
      try VisitFixtures.visit(2, at: "CHI11", on: "2024-06-05"),
      try VisitFixtures.visit(3, at: "CHI11", on: "2023-07-01"),
      try VisitFixtures.visit(4, at: "DET05", on: "2024-06-07"),
      try VisitFixtures.visit(5, at: "NOWHERE", on: "2024-06-07"),
    ]
    let pins = MapPin.pins(venues: leagues.mapVenues, visits: visits)
    XCTAssertEqual(pins.map(\.venue.id), leagues.mapVenues.map(\.id))
    let byID = Dictionary(uniqueKeysWithValues: pins.map { ($0.venue.id, $0) })
    XCTAssertEqual(byID["CHI11"]?.visits, 3)
    XCTAssertEqual(byID["CHI11"]?.lastVisit, try Fixtures.date("2024-06-05"))
    XCTAssertEqual(byID["DET05"]?.visits, 1)
    XCTAssertEqual(byID["SEA03"]?.visits, 0)
    XCTAssertNil(byID["SEA03"]?.lastVisit)
    XCTAssertEqual(pins.reduce(0) { $0 + $1.visits }, 4)
  }

  func testScene_isWhatTheSVGDraws() throws {
    let leagues = try VisitFixtures.leagues()
    let wrigley = try XCTUnwrap(leagues.venue("CHI11"))
    let pins = MapPin.pins(
      venues: leagues.mapVenues,
      visits: [try VisitFixtures.visit(1, at: "CHI11", on: "2024-06-04")])
    let view = MapViewport.continentalUnitedStates.focused(on: wrigley.coordinate).zoomed(by: 0.02)
    let map = SVGMap(viewport: view, pins: pins, focusedVenueID: "CHI11")
    let svg = map.render()
    let scene = map.scene
    XCTAssertFalse(scene.labels.isEmpty)
    for label in scene.labels {
      XCTAssertTrue(svg.contains(#"<text id="label-\#(label.venueID.rawValue)""#), label.text)
    }
    for item in scene.placedPins {
      XCTAssertTrue(svg.contains(#"id="pin-\#(item.pin.venue.id.rawValue)""#))
    }
    let panels = scene.panels(placed: scene.placedPins)
    XCTAssertEqual(panels.card?.name, "Wrigley Field")
    XCTAssertEqual(panels.card?.visits, "1 visit")
    XCTAssertEqual(panels.boxes, scene.panelBoxes())
    for label in scene.labels {
      XCTAssertFalse(
        panels.boxes.contains {
          $0.contains(CanvasBox(minX: label.x, minY: label.y, maxX: label.x, maxY: label.y))
        }, label.text)
    }
  }

  /// The note away from the default view names no command unless the
  /// front end gives its own hint.
  func testResetNote_neutralUnlessAHintIsGiven() throws {
    let leagues = try VisitFixtures.leagues()
    let pins = MapPin.pins(venues: leagues.mapVenues, visits: [])
    let view = MapViewport.continentalUnitedStates.zoomed(by: 2)
    let plain = SVGMap(viewport: view, pins: pins)
    XCTAssertEqual(plain.scene.panels(placed: plain.placedPins).resetNote?.text, "Reset View")
    CoreMessageCheck.assertNamesNoCommand(plain.render())
    let hinted = SVGMap(viewport: view, pins: pins, resetHint: "sportstime map --reset")
    XCTAssertTrue(hinted.render().contains(">Reset View: sportstime map --reset</text>"))
    let home = SVGMap(viewport: .continentalUnitedStates, pins: pins, resetHint: "x")
    XCTAssertNil(home.scene.panels(placed: home.placedPins).resetNote)
  }
}
