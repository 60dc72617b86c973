import Foundation

/// A trip's route as GeoJSON (RFC 7946): a `FeatureCollection` of
///
/// 1. one route feature (`"id": "route"`) whose geometry is a `LineString`
///    through the waypoints in order, positions `[longitude, latitude]`
///    (WGS84 degrees, §3.1.1). A leg that crosses the antimeridian (e.g.
///    Seoul → Los Angeles) is cut there and the geometry becomes a
///    `MultiLineString` (§3.1.9). Omitted when there are fewer than 2
///    waypoints. Properties: `name` (the trip's), `kind` `"route"`,
///    `waypoints`, `totalDistanceMeters` (an estimate, whole meters), `legs`
///    (one per pair of consecutive waypoints: `from`, `to` — 0-based
///    `order`s —, `mode` `"drive"` or `"flight"`, `distanceMeters`,
///    `durationSeconds`, estimates in whole units).
/// 2. one `Point` feature per waypoint, in route order, `id` = its row id,
///    properties `name`, `kind` (`game` or `custom`), `title` (matchup or
///    item title), `rowID`, `day`, `date` (`YYYY-MM-DD`), `order` (0-based
///    position in the route).
///
/// The waypoints are `TripRoute`'s: the layout's rows in order (DESIGN.md,
/// "Route"); nothing is sorted here. Unscheduled rows are not part of the
/// route. Rendering goes through `JSONValue`, so output is deterministic.
public enum GeoJSONExport {
  /// The route of `itinerary` as a GeoJSON document.
  /// - Parameters:
  ///   - itinerary: the trip.
  ///   - catalog: unused today (waypoints carry their names); taken so
  ///     every export has the same shape.
  ///   - estimator: distances between waypoints (default estimate).
  /// - Returns: pretty-printed JSON ending with a newline.
  /// - Complexity: O(n) for n rows.
  public static func render(
    _ itinerary: Itinerary, catalog: Catalog, estimator: RouteEstimator = .default
  ) -> String {
    let route = TripRoute(itinerary: itinerary, estimator: estimator)
    let rows = ExportSupport.rowsByID(itinerary)
    var features: [JSONValue] = []
    if route.waypoints.count >= 2 {
      let parts = split(route.waypoints.map(\.coordinate))
      let geometry: JSONValue =
        parts.count == 1
        ? .object([("type", .string("LineString")), ("coordinates", .array(parts[0]))])
        : .object([
          ("type", .string("MultiLineString")),
          ("coordinates", .array(parts.map { .array($0) })),
        ])
      features.append(
        .object([
          ("type", .string("Feature")), ("id", .string("route")), ("geometry", geometry),
          (
            "properties",
            .object([
              ("name", .string(itinerary.trip.name)), ("kind", .string("route")),
              ("waypoints", .int(route.waypoints.count)),
              ("totalDistanceMeters", .number(route.totalDistanceMeters.rounded())),
              (
                "legs",
                .array(
                  route.legs.map { leg in
                    .object([
                      ("from", .int(leg.from)), ("to", .int(leg.to)),
                      ("mode", .string(leg.estimate.mode.rawValue)),
                      ("distanceMeters", .number(leg.estimate.distanceMeters.rounded())),
                      ("durationSeconds", .number(leg.estimate.durationSeconds.rounded())),
                    ])
                  })
              ),
            ])
          ),
        ]))
    }
    for (order, point) in route.waypoints.enumerated() {
      let row = rows[point.rowID]
      features.append(
        .object([
          ("type", .string("Feature")), ("id", .string(point.rowID.description)),
          (
            "geometry",
            .object([("type", .string("Point")), ("coordinates", position(point.coordinate))])
          ),
          (
            "properties",
            .object([
              ("name", .string(point.name)), ("kind", .optional(row?.exportKind)),
              ("title", .optional(row?.exportTitle)), ("rowID", .string(point.rowID.description)),
              ("day", .int(point.day)),
              ("date", .string(itinerary.schedule.date(ofDay: point.day).iso)),
              ("order", .int(order)),
            ])
          ),
        ]))
    }
    let collection = JSONValue.object([
      ("type", .string("FeatureCollection")), ("features", .array(features)),
    ])
    return collection.render() + "\n"
  }

  /// `[longitude, latitude]` (RFC 7946 §3.1.1).
  private static func position(_ c: Coordinate) -> JSONValue {
    .array([.number(c.longitude), .number(c.latitude)])
  }

  /// The line through `points` cut where a leg crosses the antimeridian
  /// (the shorter way round is across ±180° when the longitudes differ by
  /// more than 180°). The crossing latitude is interpolated linearly.
  static func split(_ points: [Coordinate]) -> [[JSONValue]] {
    guard let first = points.first else { return [] }
    var parts: [[JSONValue]] = []
    var current = [position(first)]
    for (a, b) in zip(points, points.dropFirst()) {
      let delta = b.longitude - a.longitude
      if abs(delta) > 180 {
        // Going east across +180 (delta < 0) or west across −180.
        let edge: Double = delta < 0 ? 180 : -180
        let unwrapped = b.longitude + (delta < 0 ? 360 : -360)
        let t = (edge - a.longitude) / (unwrapped - a.longitude)
        let latitude = a.latitude + t * (b.latitude - a.latitude)
        current.append(.array([.number(edge), .number(latitude)]))
        parts.append(current)
        current = [.array([.number(-edge), .number(latitude)])]
      }
      current.append(position(b))
    }
    parts.append(current)
    return parts
  }
}
