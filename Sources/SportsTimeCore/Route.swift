import Foundation

/// One point of a trip's route.
public struct Waypoint: Sendable, Hashable {
  /// What is there: a venue's name, or a custom item's title.
  public var name: String
  /// Where, WGS84 degrees.
  public var coordinate: Coordinate
  /// The layout row it came from (`game:…` or `item:…`).
  public var rowID: String
  /// The 1-based trip day of that row.
  public var day: Int
}

/// The route of a trip (DESIGN.md, "Route"): it follows the visual order
/// exactly. Walking the layout's rows, each game adds its venue's
/// coordinate and each custom item with a location adds its coordinate;
/// consecutive duplicates (the same coordinate twice in a row) collapse into
/// the first. Unscheduled rows are not part of the route.
public struct TripRoute: Sendable {
  /// The waypoints in visual order.
  public let waypoints: [Waypoint]
  /// Distance between consecutive waypoints, from the estimator, in meters
  /// (one fewer than the waypoints).
  public let legDistancesMeters: [Double]

  /// The route of `itinerary`'s layout.
  /// - Parameters:
  ///   - itinerary: the trip.
  ///   - estimator: distances between consecutive waypoints.
  /// - Complexity: O(n) for n rows.
  public init(itinerary: Itinerary, estimator: RouteEstimator) {
    var points: [Waypoint] = []
    for row in itinerary.layout.rows {
      switch row.content {
      case .day: continue
      case .game(let g):
        guard g.stopIndex < itinerary.schedule.stops.count else { continue }
        let venue = itinerary.schedule.stops[g.stopIndex].venue
        points.append(
          Waypoint(name: venue.name, coordinate: venue.coordinate, rowID: row.id, day: row.day))
      case .item(let item):
        guard let info = item.customInfo, let coordinate = info.coordinate else { continue }
        points.append(
          Waypoint(name: info.title, coordinate: coordinate, rowID: row.id, day: row.day))
      }
    }
    var collapsed: [Waypoint] = []
    for point in points where collapsed.last?.coordinate != point.coordinate {
      collapsed.append(point)
    }
    waypoints = collapsed
    legDistancesMeters = zip(collapsed, collapsed.dropFirst()).map {
      estimator.estimate($0.coordinate, $1.coordinate).distanceMeters
    }
  }

  /// Total distance along the route, in meters (an estimate).
  public var totalDistanceMeters: Double { legDistancesMeters.reduce(0, +) }
}
