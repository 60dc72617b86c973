import Foundation

/// A position on the map canvas in SVG user units (pixels): origin at the
/// top-left corner, x to the right, y down.
public struct MapPoint: Sendable, Hashable {
  /// Pixels from the left edge.
  public var x: Double
  /// Pixels from the top edge.
  public var y: Double

  /// Creates a point from pixel offsets.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// How the progress map turns WGS84 degrees into canvas pixels.
///
/// The projection is *equirectangular* (equidistant cylindrical) with one
/// fixed standard parallel, `standardParallel` = 37° N, the default view's
/// center latitude:
///
///     x = width / 2  + (longitude − center.longitude) × cos(37°) × k
///     y = height / 2 − (latitude  − center.latitude)              × k
///
/// where `k` (`pixelsPerDegree`) is the largest scale at which the whole
/// viewport fits on the canvas; the viewport's center is the canvas center
/// and the canvas may show a little more than the viewport on one axis
/// (like MapKit's `regionThatFits`). Longitude differences are taken the
/// short way round, so a view near the antimeridian works.
///
/// Why a fixed parallel rather than the view's own center latitude: the
/// projection then never changes while you pan or zoom, so zooming around a
/// point (`MapViewport.zoomed(by:around:)`) keeps that point on exactly the
/// same pixel and panning slides the map without rescaling it. The cost is a
/// horizontal stretch away from 37° N of cos 37° / cos φ: −11 % at Miami
/// (25.8° N), +18 % at Seattle (47.6° N), harmless for a map of pins.
/// Meridians are true to scale everywhere.
///
/// ```swift
/// let p = MapProjection(viewport: .continentalUnitedStates, width: 1200, height: 679)
/// p.point(for: p.viewport.center)   // MapPoint(x: 600, y: 339.5)
/// ```
public struct MapProjection: Sendable, Hashable {
  /// The standard parallel in degrees north: the latitude where east–west
  /// distances are true to scale (the default view's center).
  public static let standardParallel = MapViewport.continentalUnitedStates.center.latitude

  /// cos(`standardParallel`): pixels of x per pixel of y for one degree.
  public static let longitudeScale = cos(standardParallel * .pi / 180)

  /// The canvas keeps an aspect ratio (height / width) within this range.
  public static let aspectRange: ClosedRange<Double> = 0.25...2

  /// The viewport shown.
  public let viewport: MapViewport
  /// Canvas width in pixels.
  public let width: Double
  /// Canvas height in pixels.
  public let height: Double
  /// Pixels per degree of latitude; a degree of longitude is this times
  /// `longitudeScale`.
  public let pixelsPerDegree: Double

  /// A projection of `viewport` onto a `width` × `height` canvas (pixels).
  /// - Precondition: `width` and `height` are finite and positive.
  public init(viewport: MapViewport, width: Double, height: Double) {
    precondition(
      width.isFinite && height.isFinite && width > 0 && height > 0,
      "a map canvas needs a positive size")
    self.viewport = viewport
    self.width = width
    self.height = height
    pixelsPerDegree = min(
      width / (viewport.longitudeSpan * MapProjection.longitudeScale),
      height / viewport.latitudeSpan)
  }

  /// A projection onto a canvas `width` pixels wide whose height shows the
  /// viewport exactly (`canvasHeight(for:width:)`).
  public init(viewport: MapViewport, width: Double) {
    self.init(
      viewport: viewport, width: width,
      height: MapProjection.canvasHeight(for: viewport, width: width))
  }

  /// The whole-pixel canvas height at which `viewport` fills a canvas
  /// `width` wide exactly, kept within `aspectRange` × width (a very tall or
  /// very flat viewport is then shown with extra room on one axis).
  ///
  /// ```swift
  /// MapProjection.canvasHeight(for: .continentalUnitedStates, width: 1200)  // 679
  /// ```
  /// - Parameter width: canvas width in pixels, finite and positive.
  /// - Returns: the height in pixels (at least 1).
  public static func canvasHeight(for viewport: MapViewport, width: Double) -> Double {
    let exact = width * viewport.latitudeSpan / (viewport.longitudeSpan * longitudeScale)
    let low = width * aspectRange.lowerBound
    let high = width * aspectRange.upperBound
    return max(1, min(max(exact, low), high).rounded())
  }

  /// Where `coordinate` lands on the canvas (it may be off the canvas).
  /// The longitude difference to the center is taken the short way round.
  public func point(for coordinate: Coordinate) -> MapPoint {
    point(latitude: coordinate.latitude, longitude: coordinate.longitude, wrap: true)
  }

  /// Where a position lands on the canvas.
  /// - Parameters:
  ///   - latitude: degrees north.
  ///   - longitude: degrees east.
  ///   - wrap: when true, the difference to the center's longitude is
  ///     wrapped to −180 ..< 180 (the nearest copy of the position); when
  ///     false it is used as is, which keeps a polygon ring that crosses the
  ///     antimeridian in one piece (see `continuousLongitudes(_:)`).
  public func point(latitude: Double, longitude: Double, wrap: Bool) -> MapPoint {
    var dLon = longitude - viewport.center.longitude
    if wrap { dLon = MapViewport.wrappedLongitude(dLon) }
    return MapPoint(
      x: width / 2 + dLon * MapProjection.longitudeScale * pixelsPerDegree,
      y: height / 2 - (latitude - viewport.center.latitude) * pixelsPerDegree)
  }

  /// The coordinate at a canvas point (the inverse of `point(for:)`), with
  /// the latitude clamped to ±90° and the longitude wrapped to −180 ..< 180.
  public func coordinate(at point: MapPoint) -> Coordinate {
    let lat = viewport.center.latitude + (height / 2 - point.y) / pixelsPerDegree
    let lon =
      viewport.center.longitude
      + (point.x - width / 2) / (MapProjection.longitudeScale * pixelsPerDegree)
    return Coordinate(
      checkedLatitude: min(max(lat, -90), 90), longitude: MapViewport.wrappedLongitude(lon))
  }

  /// Whether `point` is on the canvas, widened by `margin` pixels on every
  /// side.
  public func isOnCanvas(_ point: MapPoint, margin: Double = 0) -> Bool {
    point.x >= -margin && point.x <= width + margin && point.y >= -margin
      && point.y <= height + margin
  }

  /// Meters on the ground per canvas pixel, east–west, at `latitude`
  /// (degrees), on a sphere of `Coordinate.earthRadiusMeters`.
  public func metersPerPixel(atLatitude latitude: Double) -> Double {
    let metersPerDegree = Double.pi / 180 * Coordinate.earthRadiusMeters
    return metersPerDegree * cos(latitude * .pi / 180)
      / (pixelsPerDegree * MapProjection.longitudeScale)
  }

  /// The longitudes of a ring made continuous: each one is moved by whole
  /// turns (360°) to within 180° of the one before it, the first to within
  /// 180° of the view's center. A ring crossing the antimeridian (179° E →
  /// 179° W) then stays one shape instead of spanning the whole map.
  /// - Complexity: O(n).
  public func continuousLongitudes(_ longitudes: [Double]) -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(longitudes.count)
    var previous: Double?
    for longitude in longitudes {
      let anchor = previous ?? viewport.center.longitude
      let next = anchor + MapViewport.wrappedLongitude(longitude - anchor)
      result.append(next)
      previous = next
    }
    return result
  }
}
