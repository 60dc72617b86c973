import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The map viewport's arithmetic: the default view, clamping and wrapping,
/// zoom around a point, pan, focus, reset and `isDefault`.
final class MapViewportTests: XCTestCase {
  let usa = MapViewport.continentalUnitedStates
  let wrigley = Coordinate(latitude: 41.9484, longitude: -87.6553)!

  /// Asserts two viewports agree within `accuracy` degrees on every value.
  func assertClose(
    _ a: MapViewport, _ b: MapViewport, accuracy: Double = 1e-9, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(
      a.center.latitude, b.center.latitude, accuracy: accuracy, "latitude", file: file,
      line: line)
    XCTAssertEqual(
      MapViewport.wrappedLongitude(a.center.longitude - b.center.longitude), 0,
      accuracy: accuracy, "longitude \(a.center.longitude) vs \(b.center.longitude)",
      file: file, line: line)
    XCTAssertEqual(
      a.latitudeSpan, b.latitudeSpan, accuracy: accuracy, "latitudeSpan", file: file, line: line)
    XCTAssertEqual(
      a.longitudeSpan, b.longitudeSpan, accuracy: accuracy, "longitudeSpan", file: file,
      line: line)
  }

  /// Where `point` sits inside `view`: fractions of each span from the
  /// western and northern edges (longitudes the short way round).
  func fractions(_ point: Coordinate, in view: MapViewport) -> (x: Double, y: Double) {
    let dLon = MapViewport.wrappedLongitude(point.longitude - view.center.longitude)
    return (
      (dLon + view.longitudeSpan / 2) / view.longitudeSpan,
      (view.north - point.latitude) / view.latitudeSpan
    )
  }

  // MARK: Default

  func testDefault_isTheContinentalUS() throws {
    XCTAssertEqual(usa.center.latitude, 37)
    XCTAssertEqual(usa.center.longitude, -95.85)
    XCTAssertEqual(usa.latitudeSpan, 28)
    XCTAssertEqual(usa.longitudeSpan, 62)
    XCTAssertEqual(usa.south, 23)
    XCTAssertEqual(usa.north, 51)
    XCTAssertEqual(usa.west, -126.85)
    XCTAssertEqual(usa.east, -64.85, accuracy: 1e-12)
    XCTAssertTrue(usa.isDefault)
    XCTAssertEqual(usa.description, "37.0000° N, 95.8500° W · 28° × 62°")
    // The lower 48's extremes (Key West, Lake of the Woods, Cape Alava,
    // West Quoddy Head) are inside.
    for (lat, lon) in [(24.52, -81.8), (49.38, -95.15), (48.16, -124.77), (44.81, -66.95)] {
      XCTAssertTrue(usa.contains(try XCTUnwrap(Coordinate(latitude: lat, longitude: lon))))
    }
  }

  /// Every MLB venue in the US and Canada is in the default view; the
  /// overseas ones (London, Seoul, Tokyo) and Mexico City are not.
  func testDefault_containsEveryNorthAmericanBallpark() throws {
    let catalog = try Fixtures.catalog()
    for venue in catalog.venues.values {
      let inside = usa.contains(venue.coordinate)
      XCTAssertEqual(inside, ["US", "CA"].contains(venue.country), "\(venue.id) \(venue.name)")
    }
  }

  // MARK: Clamping and wrapping

  func testInit_clampsLatitudeAndSpans() {
    let v = MapViewport(latitude: 89, longitude: 0, latitudeSpan: 0, longitudeSpan: 500)
    XCTAssertEqual(v.center.latitude, 85)
    XCTAssertEqual(v.latitudeSpan, MapViewport.minimumSpan)
    XCTAssertEqual(v.longitudeSpan, 360)
    let w = MapViewport(latitude: -1000, longitude: 0, latitudeSpan: 1, longitudeSpan: -3)
    XCTAssertEqual(w.center.latitude, -85)
    XCTAssertEqual(w.latitudeSpan, 1)
    XCTAssertEqual(w.longitudeSpan, MapViewport.minimumSpan)
    // Issue 8, item 19: a view never shows latitudes beyond ±90°, so a view
    // 180° tall is centered on the equator (it used to stay at 85°, showing
    // 5°…175° N) and a tall one stops where it reaches a pole.
    let whole = MapViewport(latitude: 85, longitude: 0, latitudeSpan: 1000, longitudeSpan: 360)
    XCTAssertEqual(whole.center.latitude, 0)
    XCTAssertEqual(whole.latitudeSpan, 180)
    XCTAssertEqual(whole.longitudeSpan, 360)
    let tall = MapViewport(latitude: -70, longitude: 0, latitudeSpan: 100, longitudeSpan: 200)
    XCTAssertEqual(tall.center.latitude, -40)
    XCTAssertEqual(tall.south, -90)
    XCTAssertEqual(MapViewport.centerLatitudeRange(forSpan: 28), -76...76)
    XCTAssertEqual(MapViewport.centerLatitudeRange(forSpan: 0.01), -85...85)
    XCTAssertEqual(MapViewport.centerLatitudeRange(forSpan: 180), 0...0)
  }

  func testWrappedLongitude_table() {
    let cases: [(Double, Double)] = [
      (0, 0), (179.5, 179.5), (180, -180), (-180, -180), (190, -170), (-181, 179),
      (360, 0), (540, -180), (-540, -180), (725, 5), (-95.85 + 360, -95.85),
    ]
    for (input, expected) in cases {
      XCTAssertEqual(MapViewport.wrappedLongitude(input), expected, accuracy: 1e-9, "\(input)")
      let wrapped = MapViewport.wrappedLongitude(input)
      XCTAssertTrue(wrapped >= -180 && wrapped < 180, "\(input) → \(wrapped)")
    }
    // Just below −180 must not round up to +180.
    let tiny = MapViewport.wrappedLongitude(-180 - 1e-14)
    XCTAssertTrue(tiny >= -180 && tiny < 180, "\(tiny)")
  }

  func testInit_wrapsLongitude() {
    XCTAssertEqual(
      MapViewport(latitude: 0, longitude: 190, latitudeSpan: 1, longitudeSpan: 1)
        .center.longitude, -170)
    XCTAssertEqual(
      MapViewport(latitude: 0, longitude: 180, latitudeSpan: 1, longitudeSpan: 1)
        .center.longitude, -180)
  }

  // MARK: Zoom

  func testZoom_aroundCenterScalesSpansOnly() {
    let zin = usa.zoomed(by: 2)
    XCTAssertEqual(zin.center, usa.center)
    XCTAssertEqual(zin.latitudeSpan, 14)
    XCTAssertEqual(zin.longitudeSpan, 31)
    let zout = usa.zoomed(by: 0.5)
    XCTAssertEqual(zout.center, usa.center)
    XCTAssertEqual(zout.latitudeSpan, 56)
    XCTAssertEqual(zout.longitudeSpan, 124)
    XCTAssertEqual(usa.zoomed(by: 1), usa)
    XCTAssertFalse(zin.isDefault)
    XCTAssertTrue(zin.zoomed(by: 0.5).isDefault)
  }

  /// The point keeps its fraction of each span (and so its pixel) while the
  /// center moves toward it: new center = point + (center − point) / f.
  func testZoom_aroundPointKeepsItInPlace() {
    let zin = usa.zoomed(by: 4, around: wrigley)
    XCTAssertEqual(zin.latitudeSpan, 7)
    XCTAssertEqual(zin.longitudeSpan, 15.5)
    XCTAssertEqual(zin.center.latitude, 41.9484 + (37 - 41.9484) / 4, accuracy: 1e-12)
    XCTAssertEqual(zin.center.longitude, -87.6553 + (-95.85 + 87.6553) / 4, accuracy: 1e-12)
    let before = fractions(wrigley, in: usa)
    let after = fractions(wrigley, in: zin)
    XCTAssertEqual(before.x, after.x, accuracy: 1e-12)
    XCTAssertEqual(before.y, after.y, accuracy: 1e-12)
    // Zooming back out around the same point returns to the default.
    assertClose(zin.zoomed(by: 0.25, around: wrigley), usa)
    XCTAssertTrue(zin.zoomed(by: 0.25, around: wrigley).isDefault)
  }

  /// Many factors and points (seeded): the fixed point never moves.
  func testZoom_fixedPointProperty() {
    var clamped = 0
    defer { XCTAssertLessThan(clamped, 250, "most cases must check the fixed point") }
    var generator = SplitMix64(seed: 20_261_129)
    print("MapViewportTests seed 20261129")
    for _ in 0..<500 {
      let view = MapViewport(
        latitude: Double.random(in: -60...60, using: &generator),
        longitude: Double.random(in: -180..<180, using: &generator),
        latitudeSpan: Double.random(in: 0.1...60, using: &generator),
        longitudeSpan: Double.random(in: 0.1...120, using: &generator))
      let point = Coordinate(
        latitude: view.center.latitude
          + Double.random(in: -0.5...0.5, using: &generator) * view.latitudeSpan,
        longitude: MapViewport.wrappedLongitude(
          view.center.longitude
            + Double.random(in: -0.5...0.5, using: &generator) * view.longitudeSpan))
      guard let point else { continue }
      let factor = pow(2, Double.random(in: -3...3, using: &generator))
      let zoomed = view.zoomed(by: factor, around: point)
      // Never beyond the poles (issue 8, item 19).
      XCTAssertLessThanOrEqual(zoomed.north, 90, "\(view) × \(factor) around \(point)")
      XCTAssertGreaterThanOrEqual(zoomed.south, -90, "\(view) × \(factor) around \(point)")
      // Skip the cases where the view reached a pole (or the ±85° bound of
      // its center) and had to slide toward the equator.
      let bound = MapViewport.centerLatitudeRange(forSpan: zoomed.latitudeSpan).upperBound
      guard abs(zoomed.center.latitude) < bound - 1e-9 else {
        clamped += 1
        continue
      }
      let a = fractions(point, in: view)
      let b = fractions(point, in: zoomed)
      XCTAssertEqual(a.x, b.x, accuracy: 1e-9, "\(view) × \(factor) around \(point)")
      XCTAssertEqual(a.y, b.y, accuracy: 1e-9, "\(view) × \(factor) around \(point)")
      // The shape (span ratio) is kept, clamped or not.
      XCTAssertEqual(
        zoomed.latitudeSpan / zoomed.longitudeSpan, view.latitudeSpan / view.longitudeSpan,
        accuracy: 1e-9)
    }
  }

  /// Zooming in past 0.005° stops there on the narrower axis; the shape and
  /// the fixed point are kept.
  func testZoom_inIsClampedAtTheMinimumSpan() {
    let deep = usa.zoomed(by: 1_000_000, around: wrigley)
    XCTAssertEqual(deep.latitudeSpan, MapViewport.minimumSpan, accuracy: 1e-15)
    XCTAssertEqual(deep.longitudeSpan, MapViewport.minimumSpan * 62 / 28, accuracy: 1e-15)
    let a = fractions(wrigley, in: usa)
    let b = fractions(wrigley, in: deep)
    XCTAssertEqual(a.x, b.x, accuracy: 1e-6)
    XCTAssertEqual(a.y, b.y, accuracy: 1e-6)
    // Already at the minimum: zooming in changes nothing.
    XCTAssertEqual(deep.zoomed(by: 10, around: wrigley), deep)
  }

  /// Zooming out past 360° of longitude stops there; the latitude span
  /// grows by the same factor, and the view slides south just enough to end
  /// at the North Pole (issue 8, item 19: it used to show 37° ± 81.3°, up
  /// to 118° N).
  func testZoom_outIsClampedAtTheMaximumSpan() {
    let far = usa.zoomed(by: 0.000_001)
    XCTAssertEqual(far.longitudeSpan, 360, accuracy: 1e-9)
    XCTAssertEqual(far.latitudeSpan, 28 * 360 / 62, accuracy: 1e-9)
    XCTAssertEqual(far.center.longitude, usa.center.longitude)
    XCTAssertEqual(far.center.latitude, 90 - 28 * 360 / 62 / 2, accuracy: 1e-9)
    XCTAssertEqual(far.north, 90, accuracy: 1e-9)
    XCTAssertGreaterThanOrEqual(far.south, -90)
    let tall = MapViewport(latitude: 0, longitude: 0, latitudeSpan: 90, longitudeSpan: 10)
      .zoomed(by: 0.01)
    XCTAssertEqual(tall.latitudeSpan, 180, accuracy: 1e-9)
    XCTAssertEqual(tall.longitudeSpan, 20, accuracy: 1e-9)
  }

  /// A fixed point across the antimeridian is reached the short way round.
  func testZoom_acrossTheAntimeridian() throws {
    let pacific = MapViewport(latitude: 0, longitude: 179, latitudeSpan: 10, longitudeSpan: 10)
    let point = try XCTUnwrap(Coordinate(latitude: 0, longitude: -179))
    let zoomed = pacific.zoomed(by: 2, around: point)
    XCTAssertEqual(zoomed.center.longitude, -180, accuracy: 1e-12)
    XCTAssertEqual(zoomed.longitudeSpan, 5)
    XCTAssertTrue(zoomed.contains(point))
  }

  /// Near the pole the center's latitude is clamped to 85°.
  func testZoom_centerLatitudeIsClamped() throws {
    let arctic = MapViewport(latitude: 80, longitude: 0, latitudeSpan: 30, longitudeSpan: 60)
    let pole = try XCTUnwrap(Coordinate(latitude: 90, longitude: 0))
    XCTAssertEqual(arctic.zoomed(by: 8, around: pole).center.latitude, 85)
  }

  /// Zooming out around a point near a pole: the point keeps its east–west
  /// place exactly; the view slides toward the equator by just what would
  /// have shown beyond the pole (issue 8, item 19).
  func testZoom_outNearAPoleSlidesTowardTheEquatorOnly() throws {
    let north = MapViewport(latitude: 70, longitude: 20, latitudeSpan: 20, longitudeSpan: 40)
    let point = try XCTUnwrap(Coordinate(latitude: 75, longitude: 30))
    let zoomed = north.zoomed(by: 0.25, around: point)
    XCTAssertEqual(zoomed.latitudeSpan, 80)
    XCTAssertEqual(zoomed.longitudeSpan, 160)
    XCTAssertEqual(zoomed.north, 90, accuracy: 1e-12, "ends at the pole, not beyond")
    XCTAssertEqual(zoomed.center.latitude, 50, accuracy: 1e-12)
    let before = fractions(point, in: north)
    let after = fractions(point, in: zoomed)
    XCTAssertEqual(before.x, after.x, accuracy: 1e-12, "no east–west move")
    // Unclamped, the center would be 75 + (70 − 75) × 4 = 55 (showing up to
    // 95° N); it slid 5° south, so the point is 5/80 of the view higher.
    XCTAssertEqual(before.y - after.y, 5.0 / 80, accuracy: 1e-12)
    // The same zoom in the southern hemisphere mirrors it.
    let south = MapViewport(latitude: -70, longitude: 20, latitudeSpan: 20, longitudeSpan: 40)
      .zoomed(by: 0.25, around: try XCTUnwrap(Coordinate(latitude: -75, longitude: 30)))
    XCTAssertEqual(south.south, -90, accuracy: 1e-12)
    // Away from the poles nothing slides: the point stays exactly.
    let mid = usa.zoomed(by: 0.5, around: wrigley)
    XCTAssertEqual(fractions(wrigley, in: mid).y, fractions(wrigley, in: usa).y, accuracy: 1e-12)
  }

  /// Issue 8, item 1: no finite pan or zoom traps or leaves the bounds
  /// (`--pan=1e307,0` used to crash on an infinite longitude).
  func testPanAndZoom_hugeValuesGiveValidViews() {
    let huge = [
      1e307, -1e307, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 1e300,
      123_456_789.123,
    ]
    var views = [usa, usa.zoomed(by: 1e-300), usa.zoomed(by: .infinity), usa.zoomed(by: 1e308)]
    for dx in huge {
      for dy in huge + [0] {
        views.append(usa.panned(dx: dx, dy: dy))
        views.append(usa.zoomed(by: 1e-9).panned(dx: dx, dy: dy))
        views.append(usa.zoomed(by: 1e9).panned(dx: dy, dy: dx))
      }
    }
    for view in views {
      XCTAssertTrue(view.center.latitude.isFinite && view.center.longitude.isFinite, "\(view)")
      XCTAssertLessThanOrEqual(view.north, 90, "\(view)")
      XCTAssertGreaterThanOrEqual(view.south, -90, "\(view)")
      XCTAssertTrue((-180..<180).contains(view.center.longitude), "\(view)")
      XCTAssertTrue((MapViewport.minimumSpan...180).contains(view.latitudeSpan), "\(view)")
      XCTAssertTrue((MapViewport.minimumSpan...360).contains(view.longitudeSpan), "\(view)")
    }
    XCTAssertEqual(usa.zoomed(by: .infinity).latitudeSpan, MapViewport.minimumSpan)
    XCTAssertEqual(usa.panned(dx: 0, dy: 1e307).north, 90, accuracy: 1e-12)
    XCTAssertEqual(usa.panned(dx: 0, dy: -1e307).south, -90, accuracy: 1e-12)
    // Whole turns of a 360° view are exact, however many.
    let world = MapViewport(latitude: 0, longitude: 10, latitudeSpan: 10, longitudeSpan: 360)
    XCTAssertEqual(world.panned(dx: 1e300, dy: 0).center.longitude, 10)
    XCTAssertEqual(world.panned(dx: 1e6 + 0.5, dy: 0).center.longitude, -170)
    // The ranges a user may ask for.
    XCTAssertEqual(MapViewport.zoomFactorRange, 0.001...1000)
    XCTAssertEqual(MapViewport.panRange, -1000...1000)
  }

  // MARK: Pan

  func testPan_movesByFractionsOfTheSpan() {
    let east = usa.panned(dx: 0.5, dy: 0)
    XCTAssertEqual(east.center.longitude, -64.85, accuracy: 1e-12)
    XCTAssertEqual(east.center.latitude, 37)
    XCTAssertEqual(east.latitudeSpan, 28)
    XCTAssertEqual(east.longitudeSpan, 62)
    let southWest = usa.panned(dx: -0.25, dy: -0.25)
    XCTAssertEqual(southWest.center.latitude, 30, accuracy: 1e-12)
    XCTAssertEqual(southWest.center.longitude, -111.35, accuracy: 1e-12)
    XCTAssertEqual(usa.panned(dx: 0, dy: 0), usa)
    XCTAssertFalse(east.isDefault)
    // There and back again is the default (within rounding).
    XCTAssertTrue(usa.panned(dx: 0.1, dy: 0.3).panned(dx: -0.1, dy: -0.3).isDefault)
    assertClose(usa.panned(dx: 0.37, dy: -0.2).panned(dx: -0.37, dy: 0.2), usa)
  }

  /// One whole view east shows the area just east: the old east edge is
  /// the new west edge.
  func testPan_wholeView() {
    let next = usa.panned(dx: 1, dy: 0)
    XCTAssertEqual(next.west, usa.east, accuracy: 1e-9)
    let up = usa.panned(dx: 0, dy: 1)
    XCTAssertEqual(up.south, usa.north, accuracy: 1e-9)
  }

  func testPan_clampsLatitudeAndWrapsLongitude() {
    // The band shown (center ± 14°) stops at the poles: 76 = 90 − 28 / 2.
    XCTAssertEqual(usa.panned(dx: 0, dy: 10).center.latitude, 76)
    XCTAssertEqual(usa.panned(dx: 0, dy: -10).center.latitude, -76)
    XCTAssertLessThanOrEqual(usa.panned(dx: 0, dy: 100).north, 90)
    // A narrow view still stops at the ±85° bound of the center.
    let city = MapViewport(latitude: 80, longitude: 0, latitudeSpan: 1, longitudeSpan: 1)
    XCTAssertEqual(city.panned(dx: 0, dy: 100).center.latitude, 85)
    let pacific = MapViewport(latitude: 0, longitude: 170, latitudeSpan: 10, longitudeSpan: 62)
    XCTAssertEqual(pacific.panned(dx: 0.5, dy: 0).center.longitude, -159, accuracy: 1e-12)
    // Ten whole turns east: back where it started.
    let round = MapViewport(latitude: 0, longitude: 10, latitudeSpan: 10, longitudeSpan: 360)
      .panned(dx: 10, dy: 0)
    XCTAssertEqual(round.center.longitude, 10, accuracy: 1e-9)
  }

  // MARK: Focus and reset

  func testFocus_centersAtCityLevel() throws {
    let catalog = try Fixtures.catalog()
    let fenway = try XCTUnwrap(catalog.venue("BOS07"))
    let view = usa.zoomed(by: 3).panned(dx: 0.2, dy: 0).focused(on: fenway.coordinate)
    XCTAssertEqual(view.center, fenway.coordinate)
    XCTAssertEqual(view.latitudeSpan, 0.01)
    XCTAssertEqual(view.longitudeSpan, 0.01)
    XCTAssertTrue(view.contains(fenway.coordinate))
    XCTAssertFalse(view.contains(try XCTUnwrap(catalog.venue("NYC21")).coordinate))
    XCTAssertFalse(view.isDefault)
    let pole = try XCTUnwrap(Coordinate(latitude: 89.9, longitude: 10))
    XCTAssertEqual(usa.focused(on: pole).center.latitude, 85)
  }

  func testReset_returnsToTheDefaultFromAnywhere() {
    let views = [
      usa, usa.zoomed(by: 7, around: wrigley), usa.panned(dx: 3, dy: -2),
      usa.focused(on: wrigley),
      MapViewport(latitude: -85, longitude: 179.9, latitudeSpan: 180, longitudeSpan: 0.005),
    ]
    for view in views {
      XCTAssertEqual(view.reset(), .continentalUnitedStates)
      XCTAssertTrue(view.reset().isDefault)
    }
  }

  // MARK: isDefault

  func testIsDefault_toleratesRoundingOnly() {
    XCTAssertTrue(
      MapViewport(
        latitude: 37 + 1e-12, longitude: -95.85 - 1e-12, latitudeSpan: 28,
        longitudeSpan: 62 + 1e-12
      ).isDefault)
    XCTAssertTrue(
      MapViewport(latitude: 37, longitude: -95.85 + 360, latitudeSpan: 28, longitudeSpan: 62)
        .isDefault)
    XCTAssertFalse(
      MapViewport(latitude: 37.000_001, longitude: -95.85, latitudeSpan: 28, longitudeSpan: 62)
        .isDefault)
    XCTAssertFalse(
      MapViewport(latitude: 37, longitude: -95.85, latitudeSpan: 28.001, longitudeSpan: 62)
        .isDefault)
    XCTAssertFalse(
      MapViewport(latitude: 37, longitude: -95.85, latitudeSpan: 28, longitudeSpan: 61.9)
        .isDefault)
    XCTAssertFalse(
      MapViewport(latitude: 37, longitude: -95.86, latitudeSpan: 28, longitudeSpan: 62)
        .isDefault)
  }

  // MARK: Contains

  func testContains_edgesAndAntimeridian() throws {
    let pacific = MapViewport(latitude: 0, longitude: -180, latitudeSpan: 10, longitudeSpan: 4)
    XCTAssertTrue(pacific.contains(try XCTUnwrap(Coordinate(latitude: 0, longitude: 179))))
    XCTAssertTrue(pacific.contains(try XCTUnwrap(Coordinate(latitude: 0, longitude: -179))))
    XCTAssertTrue(pacific.contains(try XCTUnwrap(Coordinate(latitude: 5, longitude: -178))))
    XCTAssertFalse(pacific.contains(try XCTUnwrap(Coordinate(latitude: 0, longitude: 177.9))))
    XCTAssertFalse(pacific.contains(try XCTUnwrap(Coordinate(latitude: 5.1, longitude: 180))))
  }
}
