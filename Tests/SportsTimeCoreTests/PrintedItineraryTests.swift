import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The PDF export's words (`PrintedItinerary`) and its map
/// (`RouteMapScene`) on the real Seoul Series → Los Angeles trip of
/// `ExportTests` (issue 13).
extension ExportTests {
  // MARK: PrintedItinerary

  func testPrinted_rowsInLayoutOrderThenUnscheduled() throws {
    let itinerary = try seoulToLA()
    let printed = PrintedItinerary(
      itinerary, catalog: try Fixtures.catalog(), unscheduledHint: "drag them back")
    // Exactly the layout's rows, in order, then the Unscheduled ones.
    let expected = (itinerary.layout.rows + itinerary.layout.unscheduled)
      .filter { $0.game != nil || $0.item != nil }.map(\.id)
    XCTAssertEqual(printed.rows.map(\.id), expected)
    // Day headers in order, one per day; empty days say so.
    let days = printed.blocks.compactMap { block -> String? in
      if case .day(let text) = block { return text }
      return nil
    }
    XCTAssertEqual(days.count, 12)
    XCTAssertEqual(days.first, "Day 1 · Wed, Mar 20, 2024")
    XCTAssertEqual(days.last, "Day 12 · Sun, Mar 31, 2024")
    XCTAssertTrue(printed.blocks.contains(.empty("Nothing planned.")))
    XCTAssertEqual(
      printed.blocks.filter {
        if case .section = $0 { return true }
        return false
      }, [.section(title: "Unscheduled", note: "Outside the trip's days; drag them back.")])
    // Games: venue-local time with zone and the estimate mark.
    let seoul = try XCTUnwrap(printed.rows.first { $0.title == "LAD @ SD" })
    XCTAssertEqual(seoul.kind, .game)
    XCTAssertEqual(seoul.time, "7:10 pm KST est.")
    XCTAssertEqual(seoul.details, ["Gocheok Sky Dome, Seoul"])
    XCTAssertEqual(seoul.icon, "⚾️")
    // The ocean crossing is a flight.
    let flight = try XCTUnwrap(printed.rows.first { $0.kind == .travel })
    XCTAssertEqual(flight.title, "Seoul → Los Angeles")
    XCTAssertEqual(flight.icon, "✈️")
    XCTAssertEqual(flight.details, ["flight", "5,963 mi", "15 h"])
    XCTAssertNil(flight.time)
    // Items: time in their zone, category, address; the typed line break
    // is a space and the emoji stay.
    let tricky = try XCTUnwrap(printed.rows.first { $0.title.hasPrefix("Café") })
    XCTAssertEqual(tricky.time, "18:30 KST")
    XCTAssertFalse(tricky.title.contains("\n"))
    XCTAssertTrue(tricky.title.contains("résumé 🍜"), tricky.title)
    XCTAssertTrue(tricky.title.contains("北京烤鸭 ⚾️ Gocheok dome · 서울"), tricky.title)
    let fly = try XCTUnwrap(printed.rows.first { $0.title == "Fly home" })
    XCTAssertEqual(fly.details, ["Activity", "LAX, Terminal 4"])
    let someday = try XCTUnwrap(printed.rows.last)
    XCTAssertEqual(someday.title, "Someday")
    XCTAssertEqual(someday.details, ["Activity", "stored on Day 14 (Tue, Apr 2, 2024)"])
    // Cover figures, the notes, the credit and the fixed date.
    XCTAssertEqual(printed.title, "Seoul Series, then home; \"LA\"")
    XCTAssertEqual(printed.dates, "Wed, Mar 20, 2024 – Sun, Mar 31, 2024")
    XCTAssertEqual(
      printed.figures.map { "\($0.label) \($0.value)" },
      ["Days 12", "Games 4", "Cities 2", "Travel 5,963 mi"])
    XCTAssertEqual(printed.notes.count, 3)
    XCTAssertEqual(printed.notes[2], ExportSupport.retrosheetNotice)
    XCTAssertTrue(printed.notes[0].hasPrefix("Game times marked est. are estimates"))
    XCTAssertTrue(printed.notes[1].contains("flight"), printed.notes[1])
    XCTAssertEqual(printed.credit, "Schedule data: Retrosheet (www.retrosheet.org).")
    XCTAssertEqual(printed.date, Self.tripModified)
    let metric = PrintedItinerary(itinerary, catalog: try Fixtures.catalog(), metric: true)
    XCTAssertEqual(metric.figures.last?.value, "9,597 km")
  }

  func testPrinted_plainTextHasNoControlCharacters() {
    // Line breaks and tabs become spaces; an invisible control character
    // is removed by the cleaning itself.
    XCTAssertEqual(PrintedItinerary.plain("a\nb\tc\u{7}d\u{2028}e", empty: "x"), "a b cd e")
    XCTAssertEqual(PrintedItinerary.plain("  \u{200B} ", empty: "(untitled)"), "(untitled)")
    XCTAssertEqual(PrintedItinerary.plain("<b>&amp;</b>", empty: ""), "<b>&amp;</b>")
  }

  // MARK: RouteMapScene

  func testRouteScene_stopsInVisualOrderOnTheCanvas() throws {
    let itinerary = try seoulToLA()
    let route = TripRoute(itinerary: itinerary, estimator: .default)
    let scene = RouteMapScene(route: route, basemap: nil, width: 504, height: 400)
    // One stop per distinct place, numbered by the route's first visit.
    var seen: [Coordinate] = []
    for waypoint in route.waypoints where !seen.contains(waypoint.coordinate) {
      seen.append(waypoint.coordinate)
    }
    XCTAssertEqual(scene.stops.map(\.coordinate), seen)
    XCTAssertEqual(scene.stops.map(\.number), Array(1...seen.count))
    XCTAssertEqual(scene.stops.reduce(0) { $0 + $1.visits }, route.waypoints.count)
    // Names on one line (the tricky title's line break is a space).
    XCTAssertEqual(
      scene.stops.first?.name, route.waypoints.first.map { MapScene.singleLine($0.name) })
    XCTAssertFalse(scene.stops.contains { $0.name.contains("\n") })
    // The line goes through every waypoint in order.
    XCTAssertEqual(scene.path.count, route.waypoints.count)
    for (point, waypoint) in zip(scene.path, route.waypoints) {
      XCTAssertEqual(point, scene.projection.point(for: waypoint.coordinate))
    }
    // Every stop is on the canvas, clear of its edges.
    for stop in scene.stops {
      XCTAssertTrue(
        scene.projection.isOnCanvas(stop.point, margin: -RouteMapScene.markerRadius),
        "\(stop.name) at \(stop.point)")
    }
    // Labels never overlap each other or a marker other than their own.
    let r = RouteMapScene.markerRadius + 1.5
    func box(_ label: RouteMapScene.Label) -> CanvasBox {
      let w = MapScene.textWidth(label.text, size: RouteMapScene.labelSize)
      let minX =
        label.anchor == "start" ? label.x : label.anchor == "end" ? label.x - w : label.x - w / 2
      return CanvasBox(
        minX: minX, minY: label.y - RouteMapScene.labelSize * 0.9, maxX: minX + w,
        maxY: label.y + RouteMapScene.labelSize * 0.2)
    }
    for (i, a) in scene.labels.enumerated() {
      XCTAssertTrue(a.text.hasPrefix("\(a.number) "), a.text)
      for b in scene.labels.dropFirst(i + 1) {
        XCTAssertFalse(box(a).intersects(box(b)), "\(a.text) overlaps \(b.text)")
      }
      for stop in scene.stops {
        let marker = CanvasBox(
          minX: stop.point.x - r, minY: stop.point.y - r, maxX: stop.point.x + r,
          maxY: stop.point.y + r)
        XCTAssertFalse(box(a).intersects(marker), "\(a.text) covers stop \(stop.number)")
      }
    }
    XCTAssertFalse(scene.labels.isEmpty)
  }

  func testRouteScene_fitsTheRouteAndWritesTheSameSceneAsSVG() throws {
    let basemap = try Basemap(
      geoJSON: try Data(contentsOf: TestData.url("basemap/us-states.json")),
      file: "us-states.json")
    // The Los Angeles part only: a region, not the Pacific.
    let itinerary = try seoulToLA()
    let route = TripRoute(itinerary: itinerary, estimator: .default)
    let scene = RouteMapScene(route: route, basemap: basemap, width: 504, height: 400)
    let svg = scene.svg(title: "Seoul & <LA>")
    XCTAssertTrue(svg.hasPrefix("<?xml"))
    XCTAssertTrue(svg.contains("<title>Seoul &amp; &lt;LA&gt;</title>"), svg)
    XCTAssertEqual(svg.components(separatedBy: "<circle id=\"stop-").count - 1, scene.stops.count)
    XCTAssertEqual(svg.components(separatedBy: "<text id=\"label-").count - 1, scene.labels.count)
    XCTAssertTrue(svg.contains("<path id=\"route\""))
    XCTAssertTrue(svg.contains("<g id=\"basemap\""))
    for stop in scene.stops {
      XCTAssertTrue(
        svg.contains(
          "cx=\"\(SVGMap.n(stop.point.x))\" cy=\"\(SVGMap.n(stop.point.y))\""), "\(stop.number)")
    }
    // A one-city trip still shows its region (at least 2° tall), and no
    // route gives the continental United States.
    let one = RouteMapScene.viewport(
      fitting: [try XCTUnwrap(Coordinate(latitude: 41.95, longitude: -87.66))], aspect: 1.26)
    XCTAssertGreaterThanOrEqual(one.latitudeSpan, 2)
    XCTAssertEqual(RouteMapScene.viewport(fitting: [], aspect: 1.26), .continentalUnitedStates)
    // The same route gives the same scene.
    XCTAssertEqual(
      RouteMapScene(route: route, basemap: basemap, width: 504, height: 400).svg(title: "x"),
      scene.svg(title: "x"))
  }

  /// The PDF's and SVG's maps draw the world's countries under the states
  /// (issue 28, item 21): the Seoul Series' route has South Korea under
  /// Seoul, across the Pacific from California, each state still its own
  /// outline, and a country named like a state keeps its own id.
  func testRouteScene_drawsTheCountriesUnderTheStates() throws {
    let states = try Basemap(
      geoJSON: try Data(contentsOf: TestData.url("basemap/us-states.json")),
      file: "us-states.json")
    let countries = try Basemap(
      geoJSON: try Data(contentsOf: TestData.url("basemap/world-countries.json")),
      file: "world-countries.json")
    let basemap = Basemap(countries: countries, states: states)
    XCTAssertEqual(basemap.features.count, countries.features.count + states.features.count)
    XCTAssertEqual(basemap.feature("GA")?.name, "Georgia")
    XCTAssertEqual(basemap.features.first { $0.name == "Georgia" }?.id.hasPrefix("country-"), true)
    XCTAssertEqual(
      Basemap.countriesFile(beside: TestData.url("basemap/us-states.json"))?.lastPathComponent,
      "world-countries.json")
    XCTAssertNil(Basemap.countriesFile(beside: TestData.url("basemap/world-countries.json")))

    let route = TripRoute(itinerary: try seoulToLA(), estimator: .default)
    let scene = RouteMapScene(route: route, basemap: basemap, width: 504, height: 400)
    let names = scene.base.outlines.map(\.name)
    for name in ["South Korea", "Japan", "United States of America", "California"] {
      XCTAssertTrue(names.contains(name), "\(name) in \(names)")
    }
    let korea = try XCTUnwrap(names.firstIndex(of: "South Korea"))
    let california = try XCTUnwrap(names.firstIndex(of: "California"))
    XCTAssertLessThan(korea, california, "countries first, beneath the states")
    // Seoul's marker lies inside South Korea's outline on the canvas.
    let seoul = try XCTUnwrap(scene.stops.first)
    let outline = try XCTUnwrap(scene.base.outlines.first { $0.name == "South Korea" })
    let xs = outline.rings.flatMap { $0.map(\.x) }
    let ys = outline.rings.flatMap { $0.map(\.y) }
    XCTAssertTrue((xs.min()!...xs.max()!).contains(seoul.point.x), "Seoul at \(seoul.point)")
    XCTAssertTrue((ys.min()!...ys.max()!).contains(seoul.point.y), "Seoul at \(seoul.point)")
    XCTAssertTrue(scene.svg(title: "x").contains("<title>South Korea</title>"))
  }
}
