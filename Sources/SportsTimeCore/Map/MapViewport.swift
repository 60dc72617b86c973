import Foundation

/// The part of the Earth the progress map shows: a center and a span, in
/// WGS84 degrees (like MapKit's `MKCoordinateRegion`).
///
/// The viewport is the rectangle `center.latitude ± latitudeSpan / 2` by
/// `center.longitude ± longitudeSpan / 2`. Every value is kept within sane
/// bounds by every initializer and operation:
///
/// - `latitudeSpan` is clamped to 0.005…180 and `longitudeSpan` to
///   0.005…360 (`minimumSpan`, `maximumLatitudeSpan`, `maximumLongitudeSpan`);
/// - the center's latitude is clamped so that the view never shows a
///   latitude beyond ±90°: to ±(90 − latitudeSpan / 2), and never beyond
///   ±85° (`latitudeRange`) — a view 180° tall is centered on the equator;
/// - the center's longitude is wrapped to −180 ..< 180 (so 180 becomes −180
///   and 190 becomes −170).
///
/// No operation traps on a large value: zooms are limited by the span
/// bounds and pans are reduced modulo whole turns of longitude before any
/// multiplication, so every finite request gives a valid view.
///
/// All operations are pure: they return a new viewport. How the viewport
/// becomes pixels is `MapProjection`'s business; the arithmetic here is in
/// degrees and keeps a point's place *within* the viewport (its fraction of
/// each span), which `MapProjection` turns into the same pixel.
///
/// ```swift
/// let view = MapViewport.continentalUnitedStates
///   .zoomed(by: 2, around: wrigley.coordinate)   // spans 14 × 31
///   .panned(dx: 0.25, dy: 0)                      // 7.75° further east
/// view.isDefault                                  // false
/// view.reset().isDefault                          // true
/// ```
///
/// Source: the seed's zoomable map (`progress-tracking-enhancements.md`):
/// the default is the continental United States, focusing on a venue uses a
/// 0.01° span, and "Reset View" is offered only away from the default.
public struct MapViewport: Sendable, Hashable, CustomStringConvertible {
  /// The center, WGS84 degrees (latitude within ±85° and
  /// ±(90 − latitudeSpan / 2), longitude −180 ..< 180).
  public private(set) var center: Coordinate
  /// North–south extent in degrees of latitude, 0.005…180.
  public private(set) var latitudeSpan: Double
  /// East–west extent in degrees of longitude, 0.005…360.
  public private(set) var longitudeSpan: Double

  /// The center's latitude is kept within this range, in degrees (beyond
  /// it, equirectangular and Mercator maps stop being useful); a tall view
  /// is held closer to the equator (see `centerLatitudeRange(forSpan:)`).
  public static let latitudeRange: ClosedRange<Double> = -85...85
  /// The zoom factors a user may ask for (1000 times closer or farther in
  /// one step); `zoomed(by:around:)` itself takes any positive factor.
  public static let zoomFactorRange: ClosedRange<Double> = 0.001...1000
  /// The pans a user may ask for, in views on each axis (a thousand views
  /// east and back); `panned(dx:dy:)` itself takes any finite fraction.
  public static let panRange: ClosedRange<Double> = -1000...1000
  /// The smallest span on either axis, in degrees (about 550 m of
  /// latitude): half the seed's 0.01° city-level focus.
  public static let minimumSpan = 0.005
  /// The largest latitude span, in degrees (pole to pole).
  public static let maximumLatitudeSpan = 180.0
  /// The largest longitude span, in degrees (the whole globe).
  public static let maximumLongitudeSpan = 360.0
  /// The span of `focused(on:)`, in degrees on both axes (the seed's
  /// "~0.01 lat/lon span, city level").
  public static let focusSpan = 0.01
  /// How close two values must be, in degrees, for `isDefault` (absorbs
  /// rounding after e.g. a pan and its opposite).
  public static let defaultTolerance = 1e-9

  /// The default view: the continental United States (lower 48).
  ///
  /// Center 37° N, 95.85° W, the middle of the lower 48's bounding box
  /// (24.52–49.38° N, Key West to the Lake of the Woods; 124.77–66.95° W,
  /// Cape Alava to West Quoddy Head); spans 28° of latitude (23–51° N) and
  /// 62° of longitude (126.85–64.85° W), about 2° of margin on every side.
  /// Every MLB ballpark in the US and Canada is inside, Miami and Seattle
  /// included.
  public static let continentalUnitedStates = MapViewport(
    latitude: 37, longitude: -95.85, latitudeSpan: 28, longitudeSpan: 62)

  /// Creates a viewport, clamping and wrapping every value into bounds (see
  /// the type's discussion).
  ///
  /// ```swift
  /// MapViewport(latitude: 89, longitude: 190, latitudeSpan: 0, longitudeSpan: 500)
  /// // center 85, −170; spans 0.005 × 360
  /// MapViewport(latitude: 37, longitude: 0, latitudeSpan: 100, longitudeSpan: 200)
  /// // center 40 (90 − 100 / 2): the view ends at the North Pole
  /// ```
  /// - Parameters:
  ///   - latitude: the center's latitude in degrees (clamped to
  ///     `centerLatitudeRange(forSpan:)` of the clamped span).
  ///   - longitude: the center's longitude in degrees (wrapped to −180 ..< 180).
  ///   - latitudeSpan: degrees of latitude shown (clamped to 0.005…180).
  ///   - longitudeSpan: degrees of longitude shown (clamped to 0.005…360).
  /// - Precondition: every value is finite (a NaN has no place on a map:
  ///   check input from the world before calling).
  public init(latitude: Double, longitude: Double, latitudeSpan: Double, longitudeSpan: Double) {
    precondition(
      latitude.isFinite && longitude.isFinite && latitudeSpan.isFinite && longitudeSpan.isFinite,
      "MapViewport needs finite degrees")
    let span = MapViewport.clamp(
      latitudeSpan, MapViewport.minimumSpan, MapViewport.maximumLatitudeSpan)
    let range = MapViewport.centerLatitudeRange(forSpan: span)
    center = Coordinate(
      checkedLatitude: MapViewport.clamp(latitude, range.lowerBound, range.upperBound),
      longitude: MapViewport.wrappedLongitude(longitude))
    self.latitudeSpan = span
    self.longitudeSpan = MapViewport.clamp(
      longitudeSpan, MapViewport.minimumSpan, MapViewport.maximumLongitudeSpan)
  }

  /// Where the center's latitude may be for a view `span` degrees tall:
  /// ±(90 − span / 2), so the view ends at a pole at most, and never beyond
  /// `latitudeRange` (±85°).
  ///
  /// ```swift
  /// MapViewport.centerLatitudeRange(forSpan: 28)    // −76…76
  /// MapViewport.centerLatitudeRange(forSpan: 0.01)  // −85…85
  /// MapViewport.centerLatitudeRange(forSpan: 180)   // 0…0
  /// ```
  /// - Parameter span: the latitude span in degrees, 0…180.
  public static func centerLatitudeRange(forSpan span: Double) -> ClosedRange<Double> {
    let limit = min(latitudeRange.upperBound, max(0, 90 - span / 2))
    return -limit...limit
  }

  /// Creates a viewport centered on `center`; spans clamped as above.
  public init(center: Coordinate, latitudeSpan: Double, longitudeSpan: Double) {
    self.init(
      latitude: center.latitude, longitude: center.longitude, latitudeSpan: latitudeSpan,
      longitudeSpan: longitudeSpan)
  }

  // MARK: Edges

  /// The northern edge in degrees (at most 90).
  public var north: Double { center.latitude + latitudeSpan / 2 }
  /// The southern edge in degrees (at least −90).
  public var south: Double { center.latitude - latitudeSpan / 2 }
  /// The western edge in degrees, *not* wrapped (may be below −180).
  public var west: Double { center.longitude - longitudeSpan / 2 }
  /// The eastern edge in degrees, *not* wrapped (may be above 180).
  public var east: Double { center.longitude + longitudeSpan / 2 }

  /// Whether `coordinate` lies inside the viewport (edges included), taking
  /// the antimeridian into account (a view centered on 180° contains both
  /// 179° E and 179° W).
  public func contains(_ coordinate: Coordinate) -> Bool {
    let dx = MapViewport.wrappedLongitude(coordinate.longitude - center.longitude)
    return abs(coordinate.latitude - center.latitude) <= latitudeSpan / 2
      && abs(dx) <= longitudeSpan / 2
  }

  // MARK: At the default

  /// Whether this is the default view (every value within
  /// `defaultTolerance` of `continentalUnitedStates`). The seed shows its
  /// "Reset View" button only when this is false.
  public var isDefault: Bool {
    let d = MapViewport.continentalUnitedStates
    let t = MapViewport.defaultTolerance
    return abs(center.latitude - d.center.latitude) <= t
      && abs(MapViewport.wrappedLongitude(center.longitude - d.center.longitude)) <= t
      && abs(latitudeSpan - d.latitudeSpan) <= t && abs(longitudeSpan - d.longitudeSpan) <= t
  }

  // MARK: Operations

  /// The default view again (`continentalUnitedStates`), whatever this one is.
  public func reset() -> MapViewport { .continentalUnitedStates }

  /// Zooms by `factor` around `point`, which keeps its place in the view.
  ///
  /// A factor above 1 zooms in (both spans are divided by it), below 1 zooms
  /// out. The center moves toward `point` so that `point` keeps the same
  /// fraction of each span from the view's edges: the new center is
  /// `point + (center − point) / factor` (longitudes compared the short way
  /// round). When a span would leave its bounds the factor is reduced for
  /// *both* axes, so the view keeps its shape and `point` still stays put.
  ///
  /// Only the poles can move `point`: when the zoomed view would show
  /// latitudes beyond ±90° (zooming out near a pole, or to a view taller
  /// than the space left), its center is clamped as the initializer does,
  /// so the view slides toward the equator by just the overshoot — `point`
  /// moves north–south by that much and never east–west. (Keeping `point`
  /// fixed instead would mean zooming out less than asked, or showing empty
  /// space beyond the pole.)
  ///
  /// ```swift
  /// usa.zoomed(by: 2)                        // spans 14 × 31, same center
  /// usa.zoomed(by: 2, around: wrigley)       // Wrigley stays on its pixel
  /// usa.zoomed(by: 1_000_000).latitudeSpan   // 0.005 (the minimum)
  /// usa.zoomed(by: 0.001)                    // 162.6° × 360°, centered 8.7° N
  /// ```
  /// - Parameters:
  ///   - factor: how many times closer, greater than 0 (2 = in, 0.5 = out);
  ///     any size, `infinity` included, is limited by the span bounds.
  ///   - point: the fixed point; `nil` (the default) means the center.
  /// - Returns: the zoomed viewport.
  /// - Precondition: `factor` is greater than 0 (and so not NaN).
  public func zoomed(by factor: Double, around point: Coordinate? = nil) -> MapViewport {
    precondition(factor > 0, "a zoom factor must be positive")
    // Largest zoom-in and zoom-out factors that keep both spans in bounds.
    let most = min(latitudeSpan, longitudeSpan) / MapViewport.minimumSpan
    let least = max(
      latitudeSpan / MapViewport.maximumLatitudeSpan,
      longitudeSpan / MapViewport.maximumLongitudeSpan)
    let f = MapViewport.clamp(factor, min(least, 1), max(most, 1))
    let fixed = point ?? center
    let dLat = center.latitude - fixed.latitude
    let dLon = MapViewport.wrappedLongitude(center.longitude - fixed.longitude)
    return MapViewport(
      latitude: fixed.latitude + dLat / f, longitude: fixed.longitude + dLon / f,
      latitudeSpan: latitudeSpan / f, longitudeSpan: longitudeSpan / f)
  }

  /// Moves the view by a fraction of its spans; the spans are unchanged.
  ///
  /// `dx` is a fraction of `longitudeSpan`, positive toward the east (the
  /// map content slides left); `dy` a fraction of `latitudeSpan`, positive
  /// toward the north. `panned(dx: 1, dy: 0)` shows the area just east of
  /// the current one. A pan north or south stops where the view reaches a
  /// pole (or the ±85° bound of its center); the longitude wraps around the
  /// antimeridian, so any number of whole turns east or west is exact.
  ///
  /// ```swift
  /// usa.panned(dx: 0.5, dy: -0.25)   // center 30° N, 64.85° W
  /// usa.panned(dx: 1e307, dy: 1e307) // a valid view at the North Pole's edge
  /// ```
  /// - Parameters:
  ///   - dx: eastward move as a fraction of the longitude span (finite, any size).
  ///   - dy: northward move as a fraction of the latitude span (finite, any size).
  /// - Precondition: `dx` and `dy` are finite.
  public func panned(dx: Double, dy: Double) -> MapViewport {
    precondition(dx.isFinite && dy.isFinite, "a pan must be a finite fraction")
    // The initializer stops the center where the view reaches a pole. An
    // overflow to ±infinity is clamped there too (the center is finite).
    let range = MapViewport.centerLatitudeRange(forSpan: latitudeSpan)
    let latitude = MapViewport.clamp(
      center.latitude + dy * latitudeSpan, range.lowerBound, range.upperBound)
    // Whole turns change nothing: reduce dx modulo the views in 360° first
    // (exact), so dx × span can never overflow.
    let turn = MapViewport.maximumLongitudeSpan / longitudeSpan
    let move = dx.truncatingRemainder(dividingBy: turn) * longitudeSpan
    return MapViewport(
      latitude: latitude, longitude: center.longitude + move,
      latitudeSpan: latitudeSpan, longitudeSpan: longitudeSpan)
  }

  /// Centers the view on `coordinate` at city level: both spans become
  /// `focusSpan` (0.01°, about 1.1 km north–south). A coordinate beyond
  /// ±85° latitude is centered as near as the bounds allow.
  ///
  /// ```swift
  /// usa.focused(on: wrigley)   // 41.9484° N, 87.6553° W · 0.01° × 0.01°
  /// ```
  public func focused(on coordinate: Coordinate) -> MapViewport {
    MapViewport(
      center: coordinate, latitudeSpan: MapViewport.focusSpan,
      longitudeSpan: MapViewport.focusSpan)
  }

  // MARK: Support

  /// `longitude` wrapped to −180 ..< 180 degrees (180 → −180, 190 → −170,
  /// −181 → 179). Finite input only.
  public static func wrappedLongitude(_ longitude: Double) -> Double {
    var x = (longitude + 180).truncatingRemainder(dividingBy: 360)
    if x < 0 { x += 360 }
    if x >= 360 { x -= 360 }  // −180 − ε + 360 can round up to 360
    return x - 180
  }

  /// `value` limited to `low…high`.
  private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    min(max(value, low), high)
  }

  /// "37.0000° N, 95.8500° W · 28° × 62°".
  public var description: String {
    let lat = center.latitude
    let lon = center.longitude
    // `%.4f` through `FixedPoint.exactText` (the same digits, without
    // Foundation's format-string path: 5% of `map --out`).
    func fixed4(_ value: Double) -> String {
      FixedPoint.exactText(value, decimals: 4) ?? String(format: "%.4f", value)
    }
    return
      "\(fixed4(abs(lat)))° \(lat < 0 ? "S" : "N"), \(fixed4(abs(lon)))° \(lon < 0 ? "W" : "E")"
      + " · \(MapViewport.degrees(latitudeSpan))° × \(MapViewport.degrees(longitudeSpan))°"
  }

  /// A span in degrees with up to 4 significant digits ("26", "0.01"):
  /// `%.4g`. Values whose rounded exponent is -3…3 are written as `%.4g`
  /// does there — 4 significant digits in fixed notation, trailing zeros
  /// and a bare point left out — through `FixedPoint.scaled`; others
  /// (zero, exponent notation, NaN, infinities) through `String(format:)`.
  static func degrees(_ value: Double) -> String {
    if value.isFinite, value != 0 {
      var exponent = Int(log10(value.magnitude).rounded(.down))
      // `log10` may be off by one next to a power of ten, and rounding to
      // 4 digits may carry into the next power: settle the exponent on the
      // rounded digits (1000…9999 units of 10^(exponent - 3)).
      for _ in 0..<3 where (-3...3).contains(exponent) {
        guard let (negative, units) = FixedPoint.scaled(value, decimals: 3 - exponent) else {
          break
        }
        if units >= 10_000 {
          exponent += 1
        } else if units < 1_000 {
          exponent -= 1
        } else {
          return FixedPoint.digits(
            negative: negative, units: units, decimals: 3 - exponent, trimmingZeros: true)
        }
      }
    }
    return String(format: "%.4g", value)
  }
}
