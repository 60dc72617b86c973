import Foundation
import XCTest

@testable import SportsTimeCore

/// The equirectangular projection (standard parallel 37° N): canvas size,
/// edges, inverse, fit, and that zoom and pan move pixels as promised.
final class MapProjectionTests: XCTestCase {
  let usa = MapViewport.continentalUnitedStates

  func testCanvasHeight_showsTheViewportExactly() {
    XCTAssertEqual(MapProjection.canvasHeight(for: usa, width: 1200), 679)
    XCTAssertEqual(MapProjection.longitudeScale, cos(37 * Double.pi / 180), accuracy: 1e-15)
    // Very tall and very flat viewports are held to 2:1 and 1:4.
    let tall = MapViewport(latitude: 0, longitude: 0, latitudeSpan: 100, longitudeSpan: 1)
    XCTAssertEqual(MapProjection.canvasHeight(for: tall, width: 1000), 2000)
    let flat = MapViewport(latitude: 0, longitude: 0, latitudeSpan: 1, longitudeSpan: 100)
    XCTAssertEqual(MapProjection.canvasHeight(for: flat, width: 1000), 250)
  }

  /// The center is the canvas center; the viewport's edges are the canvas
  /// edges (to the rounding of the height).
  func testPoint_edgesAndCenter() throws {
    let p = MapProjection(viewport: usa, width: 1200)
    XCTAssertEqual(p.height, 679)
    let center = p.point(for: usa.center)
    XCTAssertEqual(center.x, 600, accuracy: 1e-9)
    XCTAssertEqual(center.y, 339.5, accuracy: 1e-9)
    let northWest = p.point(latitude: usa.north, longitude: usa.west, wrap: false)
    let southEast = p.point(latitude: usa.south, longitude: usa.east, wrap: false)
    XCTAssertEqual(northWest.x, 0, accuracy: 0.5)
    XCTAssertEqual(northWest.y, 0, accuracy: 0.5)
    XCTAssertEqual(southEast.x, 1200, accuracy: 0.5)
    XCTAssertEqual(southEast.y, 679, accuracy: 0.5)
    // One axis is exactly filled, the other to within the rounding.
    XCTAssertTrue(abs(northWest.x) < 1e-9 || abs(northWest.y) < 1e-9)
  }

  /// Meridians are straight and true: one degree of latitude is
  /// `pixelsPerDegree` pixels everywhere; one of longitude is
  /// cos 37° of that, at every latitude.
  func testPoint_scales() {
    let p = MapProjection(viewport: usa, width: 1200)
    let a = p.point(latitude: 30, longitude: -100, wrap: true)
    let b = p.point(latitude: 31, longitude: -99, wrap: true)
    XCTAssertEqual(a.y - b.y, p.pixelsPerDegree, accuracy: 1e-9)
    XCTAssertEqual(b.x - a.x, p.pixelsPerDegree * cos(37 * Double.pi / 180), accuracy: 1e-9)
    let c = p.point(latitude: 48, longitude: -100, wrap: true)
    XCTAssertEqual(c.x, a.x, accuracy: 1e-9)
  }

  /// A canvas of another shape shows at least the viewport, centered.
  func testInit_fitsTheViewportInAnyCanvas() throws {
    for (width, height) in [(1200.0, 679.0), (800, 800), (1600, 400), (300, 900)] {
      let p = MapProjection(viewport: usa, width: width, height: height)
      let nw = p.point(latitude: usa.north, longitude: usa.west, wrap: false)
      let se = p.point(latitude: usa.south, longitude: usa.east, wrap: false)
      XCTAssertGreaterThanOrEqual(nw.x, -1e-9)
      XCTAssertGreaterThanOrEqual(nw.y, -1e-9)
      XCTAssertLessThanOrEqual(se.x, width + 1e-9)
      XCTAssertLessThanOrEqual(se.y, height + 1e-9)
      XCTAssertTrue(abs(nw.x) < 1e-9 || abs(nw.y) < 1e-9, "one axis is filled")
      XCTAssertEqual((nw.x + se.x) / 2, width / 2, accuracy: 1e-9)
      XCTAssertEqual((nw.y + se.y) / 2, height / 2, accuracy: 1e-9)
    }
  }

  func testCoordinate_isTheInverse() throws {
    let p = MapProjection(viewport: usa.zoomed(by: 3).panned(dx: 0.1, dy: -0.2), width: 1000)
    for (lat, lon) in [(41.9484, -87.6553), (33.4, -112.1), (40.0, -95.0)] {
      let c = try XCTUnwrap(Coordinate(latitude: lat, longitude: lon))
      let back = p.coordinate(at: p.point(for: c))
      XCTAssertEqual(back.latitude, lat, accuracy: 1e-9)
      XCTAssertEqual(back.longitude, lon, accuracy: 1e-9)
    }
  }

  /// The promise of `zoomed(by:around:)`: on the same canvas, the fixed
  /// point lands on the same pixel before and after (the projection's
  /// standard parallel does not follow the view).
  func testZoomAroundPoint_keepsThePixel() throws {
    let catalog = try Fixtures.catalog()
    var view = usa
    for (id, factor) in [("CHI11", 2.0), ("BOS07", 3.5), ("SEA03", 0.4), ("MIA02", 8)] {
      let venue = try XCTUnwrap(catalog.venue(Venue.ID(id)))
      let before = MapProjection(viewport: view, width: 1200, height: 679)
      let zoomed = view.zoomed(by: factor, around: venue.coordinate)
      let after = MapProjection(viewport: zoomed, width: 1200, height: 679)
      let a = before.point(for: venue.coordinate)
      let b = after.point(for: venue.coordinate)
      XCTAssertEqual(a.x, b.x, accuracy: 1e-6, id)
      XCTAssertEqual(a.y, b.y, accuracy: 1e-6, id)
      view = zoomed
    }
  }

  /// Panning by dx of the view moves every pixel by dx of the viewport's
  /// on-canvas width (and dy of its height), the other way.
  func testPan_slidesPixels() throws {
    let wrigley = try XCTUnwrap(Coordinate(latitude: 41.9484, longitude: -87.6553))
    let before = MapProjection(viewport: usa, width: 1200, height: 679)
    let after = MapProjection(viewport: usa.panned(dx: 0.25, dy: 0.1), width: 1200, height: 679)
    let a = before.point(for: wrigley)
    let b = after.point(for: wrigley)
    let viewWidth = usa.longitudeSpan * MapProjection.longitudeScale * before.pixelsPerDegree
    let viewHeight = usa.latitudeSpan * before.pixelsPerDegree
    XCTAssertEqual(a.x - b.x, 0.25 * viewWidth, accuracy: 1e-9)
    XCTAssertEqual(b.y - a.y, 0.1 * viewHeight, accuracy: 1e-9)
  }

  func testMetersPerPixel_matchesTheEarth() {
    let p = MapProjection(viewport: usa, width: 1200)
    // At the standard parallel, a pixel is the same distance both ways.
    let metersPerDegree = Double.pi / 180 * Coordinate.earthRadiusMeters
    XCTAssertEqual(
      p.metersPerPixel(atLatitude: 37), metersPerDegree / p.pixelsPerDegree, accuracy: 1e-6)
    // Elsewhere, by cos φ / cos 37°.
    XCTAssertEqual(
      p.metersPerPixel(atLatitude: 60) / p.metersPerPixel(atLatitude: 37),
      cos(60 * Double.pi / 180) / cos(37 * Double.pi / 180), accuracy: 1e-12)
    // Checked against the haversine distance of 1° of longitude at 37° N.
    let a = Coordinate(latitude: 37, longitude: -96)!
    let b = Coordinate(latitude: 37, longitude: -95)!
    let pixels = p.pixelsPerDegree * MapProjection.longitudeScale
    XCTAssertEqual(a.distance(to: b) / pixels, p.metersPerPixel(atLatitude: 37), accuracy: 10)
  }

  func testContinuousLongitudes_keepRingsWhole() {
    let pacific = MapProjection(
      viewport: MapViewport(latitude: 50, longitude: -170, latitudeSpan: 20, longitudeSpan: 40),
      width: 800)
    XCTAssertEqual(
      pacific.continuousLongitudes([179, -179, -178, 178, 179]), [-181, -179, -178, -182, -181])
    let usaProjection = MapProjection(viewport: usa, width: 1200)
    // The file's western Aleutians, wrapped to 171–173° E when read, are
    // drawn west of Alaska again.
    let aleutians = usaProjection.continuousLongitudes([172.9, 171.1])
    XCTAssertEqual(aleutians.count, 2)
    XCTAssertEqual(aleutians[0], -187.1, accuracy: 1e-9)
    XCTAssertEqual(aleutians[1], -188.9, accuracy: 1e-9)
    XCTAssertEqual(usaProjection.continuousLongitudes([]), [])
  }

  func testIsOnCanvas_margin() {
    let p = MapProjection(viewport: usa, width: 100, height: 50)
    XCTAssertTrue(p.isOnCanvas(MapPoint(x: 0, y: 0)))
    XCTAssertTrue(p.isOnCanvas(MapPoint(x: 100, y: 50)))
    XCTAssertFalse(p.isOnCanvas(MapPoint(x: -1, y: 10)))
    XCTAssertTrue(p.isOnCanvas(MapPoint(x: -1, y: 10), margin: 2))
    XCTAssertFalse(p.isOnCanvas(MapPoint(x: 50, y: 53), margin: 2))
  }
}
