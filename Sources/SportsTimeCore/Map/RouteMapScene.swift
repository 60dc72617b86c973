import Foundation

/// A trip's route as map geometry, before any drawing: the canvas fitted
/// to the route, the basemap's outlines and the graticule (those of a
/// `MapScene` with the same projection and no pins), the route's line
/// through every waypoint in visual order (`TripRoute`: the layout's order,
/// never sorted), one numbered marker per distinct place in the order the
/// route first reaches it, and their labels placed by the maps' one greedy
/// rule (`MapScene.labelPlace`), so every label drawn is readable. The PDF
/// export's cover draws this scene (SportsTimeRender); `svg()` writes the
/// same scene as SVG. Deterministic: the same route gives the same scene.
///
/// Units are canvas pixels (the PDF's points), y growing downward; the
/// projection is `MapProjection`'s (equirectangular, standard parallel
/// 37° N).
public struct RouteMapScene: Sendable {
  /// A marker's radius in pixels (without its 1.5-pixel rim).
  public static let markerRadius = 7.0
  /// Label font size in pixels.
  public static let labelSize = 9.0
  /// Labels are shortened with "…" to this width, in pixels.
  public static let labelWidth = 140.0

  /// A distinct place of the route.
  public struct Stop: Sendable, Hashable {
    /// 1-based, in the order the route first reaches the place.
    public var number: Int
    /// The first waypoint's name there (a venue's name on that game's
    /// date, or an item's title), on one line.
    public var name: String
    /// Where, in WGS84 degrees.
    public var coordinate: Coordinate
    /// Its marker's center on the canvas, in pixels.
    public var point: MapPoint
    /// How many waypoints of the route are there (a home stand's games
    /// are one place).
    public var visits: Int
  }

  /// A stop's label with its place: `x`, `y` is the text's anchor on its
  /// baseline.
  public struct Label: Sendable, Hashable {
    /// The stop labelled (`Stop.number`).
    public var number: Int
    /// "3 Wrigley Field", shortened to `labelWidth`.
    public var text: String
    /// Anchor x in pixels.
    public var x: Double
    /// Baseline y in pixels.
    public var y: Double
    /// SVG `text-anchor`: `start`, `middle` or `end`.
    public var anchor: String
  }

  /// The map beneath: projection, canvas size, outlines and graticule.
  public let base: MapScene
  /// The stops, by number.
  public let stops: [Stop]
  /// The route's line: every waypoint's point in visual order (at least 2
  /// points, or empty).
  public let path: [MapPoint]
  /// The labels drawn (a stop whose label fits nowhere has none).
  public let labels: [Label]

  /// The scene of `route` on a `width` × `height` canvas.
  /// - Parameters:
  ///   - route: the trip's route (`TripRoute(itinerary:estimator:)`).
  ///   - basemap: outlines to draw beneath, if any.
  ///   - width: canvas width in pixels, finite and positive.
  ///   - height: canvas height in pixels, finite and positive.
  /// - Complexity: O(w + s² ) for w waypoints and s stops (labels), plus the
  ///   basemap's positions when its outlines are read.
  public init(route: TripRoute, basemap: Basemap?, width: Double, height: Double) {
    let points = route.waypoints.map(\.coordinate)
    let projection = MapProjection(
      viewport: RouteMapScene.viewport(fitting: points, aspect: width / height), width: width,
      height: height)
    base = MapScene(projection: projection, pins: [], basemap: basemap)
    var stops: [Stop] = []
    var index: [Coordinate: Int] = [:]
    for waypoint in route.waypoints {
      if let i = index[waypoint.coordinate] {
        stops[i].visits += 1
        continue
      }
      index[waypoint.coordinate] = stops.count
      stops.append(
        Stop(
          number: stops.count + 1, name: MapScene.singleLine(waypoint.name),
          coordinate: waypoint.coordinate, point: projection.point(for: waypoint.coordinate),
          visits: 1))
    }
    self.stops = stops
    path = points.count >= 2 ? points.map { projection.point(for: $0) } : []
    let r = RouteMapScene.markerRadius + 1.5
    var taken = stops.map {
      CanvasBox(
        minX: $0.point.x - r, minY: $0.point.y - r, maxX: $0.point.x + r, maxY: $0.point.y + r)
    }
    let canvas = CanvasBox(minX: 2, minY: 2, maxX: width - 2, maxY: height - 2)
    var labels: [Label] = []
    for stop in stops {
      let text = MapScene.truncated(
        "\(stop.number) \(stop.name)", toWidth: RouteMapScene.labelWidth,
        size: RouteMapScene.labelSize)
      if let (x, y, anchor) = MapScene.labelPlace(
        text, beside: stop.point, gap: r + 2, rightStart: stop.point.x + r + 2,
        size: RouteMapScene.labelSize, canvas: canvas, taken: &taken)
      {
        labels.append(Label(number: stop.number, text: text, x: x, y: y, anchor: anchor))
      }
    }
    self.labels = labels
  }

  /// The projection (and so the canvas size).
  public var projection: MapProjection { base.projection }

  /// A viewport holding every coordinate with a margin of a sixth of the
  /// route's extent on each side (at least 2° tall, so a one-city trip
  /// shows its region), widened on one axis to the canvas's `aspect`
  /// (width ÷ height) so nothing is cut; the continental United States for
  /// no coordinates. The longitudes are spanned the short way round: a
  /// Seoul → Los Angeles route crosses the Pacific, not the Atlantic (the
  /// projection draws each point at its copy nearest the center).
  public static func viewport(fitting coordinates: [Coordinate], aspect: Double) -> MapViewport {
    guard let first = coordinates.first else { return .continentalUnitedStates }
    var (south, north) = (first.latitude, first.latitude)
    for c in coordinates.dropFirst() {
      south = min(south, c.latitude)
      north = max(north, c.latitude)
    }
    // The smallest arc of longitude holding them all: the circle minus its
    // widest gap between neighbouring longitudes.
    let longitudes = Set(coordinates.map(\.longitude)).sorted()
    var west = longitudes[0]
    var east = longitudes[longitudes.count - 1]
    var widestGap = 360 - (east - west)
    for (a, b) in zip(longitudes, longitudes.dropFirst()) where b - a > widestGap {
      widestGap = b - a
      west = b
      east = a + 360
    }
    var latitudeSpan = max(2, (north - south) * 4 / 3)
    var longitudeSpan = max(2 / MapProjection.longitudeScale, (east - west) * 4 / 3)
    // Degrees of longitude are narrower on the canvas (`longitudeScale`).
    let shownAspect = longitudeSpan * MapProjection.longitudeScale / latitudeSpan
    if shownAspect < aspect {
      longitudeSpan = latitudeSpan * aspect / MapProjection.longitudeScale
    } else {
      latitudeSpan = longitudeSpan * MapProjection.longitudeScale / aspect
    }
    latitudeSpan = min(latitudeSpan, MapViewport.maximumLatitudeSpan)
    longitudeSpan = min(longitudeSpan, MapViewport.maximumLongitudeSpan)
    let center = Coordinate(
      latitude: min(max((south + north) / 2, -80), 80),
      longitude: MapViewport.wrappedLongitude((west + east) / 2))
    return MapViewport(
      center: center ?? MapViewport.continentalUnitedStates.center, latitudeSpan: latitudeSpan,
      longitudeSpan: longitudeSpan)
  }
}
