import Foundation

/// One point of a trip's route.
public struct Waypoint: Sendable, Hashable {
  /// What is there: a venue's name (in force on that game's date), or a
  /// custom item's title.
  public var name: String
  /// Where, WGS84 degrees.
  public var coordinate: Coordinate
  /// The layout row it came from (`game:…` or `item:…`).
  public var rowID: RowID
  /// The 1-based trip day of that row.
  public var day: Int
  /// The country it is in (ISO 3166-1 alpha-2): a game's venue's; for a
  /// custom item, that of the venue nearest to it within 200 km, else of
  /// the trip's stop nearest to it (items carry no country); nil for a trip
  /// without stops and no venue near the item.
  public var country: String?
}

/// The travel between two consecutive waypoints of a route.
public struct RouteLeg: Sendable, Hashable {
  /// 0-based index of the waypoint it leaves.
  public var from: Int
  /// 0-based index of the waypoint it reaches (`from + 1`).
  public var to: Int
  /// How, how far and how long (`RouteEstimator`).
  public var estimate: LegEstimate
}

/// The route of a trip (DESIGN.md, "Route"): it follows the visual order
/// exactly. Walking the layout's rows, each game adds its venue's
/// coordinate and each custom item with a location adds its coordinate;
/// consecutive duplicates (the same coordinate twice in a row) collapse into
/// the first. Unscheduled rows are not part of the route.
///
/// Each leg between consecutive waypoints is estimated by the
/// `RouteEstimator` (a drive, or a flight between countries no road joins).
/// A custom item's place counts as being in the country of the venue nearest
/// to it within 200 km (`VenueTimeZones.nearestVenue`, the venue that gives
/// its time zone), else of the trip's stop nearest to it (great-circle): a
/// restaurant in Seoul on a Seoul Series trip is in Korea and the leg from
/// it to Los Angeles is a flight, and so is a place in Tokyo on a Detroit
/// trip.
public struct TripRoute: Sendable {
  /// The waypoints in visual order.
  public let waypoints: [Waypoint]
  /// The legs between consecutive waypoints, in order (one fewer than the
  /// waypoints).
  public let legs: [RouteLeg]

  /// The route of `itinerary`'s layout.
  /// - Parameters:
  ///   - itinerary: the trip.
  ///   - estimator: how each leg between consecutive waypoints is
  ///     travelled.
  /// - Complexity: O(n · (s + v)) for n rows, s stops and v venues.
  public init(itinerary: Itinerary, estimator: RouteEstimator) {
    let stops = itinerary.schedule.stops
    var points: [Waypoint] = []
    for row in itinerary.layout.rows {
      switch row.content {
      case .day: continue
      case .game(let g):
        guard g.stopIndex < stops.count else { continue }
        let stop = stops[g.stopIndex]
        points.append(
          Waypoint(
            name: stop.venueName(on: g.game.localDate), coordinate: stop.venue.coordinate,
            rowID: row.id, day: row.day, country: stop.venue.country))
      case .item(let item):
        guard let info = item.customInfo, let coordinate = info.coordinate else { continue }
        let country = TripRoute.country(of: coordinate, in: itinerary)
        points.append(
          Waypoint(
            name: info.title, coordinate: coordinate, rowID: row.id, day: row.day,
            country: country))
      }
    }
    var collapsed: [Waypoint] = []
    for point in points where collapsed.last?.coordinate != point.coordinate {
      collapsed.append(point)
    }
    waypoints = collapsed
    legs = zip(collapsed, collapsed.dropFirst()).enumerated().map { index, pair in
      RouteLeg(
        from: index, to: index + 1,
        estimate: estimator.estimate(
          RoutePlace(coordinate: pair.0.coordinate, country: pair.0.country),
          RoutePlace(coordinate: pair.1.coordinate, country: pair.1.country)))
    }
  }

  /// The country a custom item's place counts as being in: that of the
  /// venue nearest to it within 200 km (`VenueTimeZones.nearestVenue`),
  /// else of the trip's stop nearest to it (great-circle); nil for a trip
  /// without stops and no venue near it. The one rule of the route and of
  /// `Itinerary.impossibleDays(estimator:)`.
  /// - Complexity: O(v + s) for v venues and s stops.
  static func country(of coordinate: Coordinate, in itinerary: Itinerary) -> String? {
    itinerary.venueZones.nearestVenue(to: coordinate)?.country
      ?? itinerary.schedule.stops.min {
        $0.venue.coordinate.distance(to: coordinate)
          < $1.venue.coordinate.distance(to: coordinate)
      }?.venue.country
  }

  /// Distance of each leg in meters, in order (an estimate).
  public var legDistancesMeters: [Double] { legs.map(\.estimate.distanceMeters) }

  /// Total distance along the route, in meters (an estimate).
  public var totalDistanceMeters: Double { legDistancesMeters.reduce(0, +) }

  /// The modes the route's legs use.
  public var modes: Set<TravelMode> { Set(legs.map(\.estimate.mode)) }

  /// The leg arriving at waypoint `index`, nil for the first.
  public func leg(arrivingAt index: Int) -> RouteLeg? {
    index > 0 && index - 1 < legs.count ? legs[index - 1] : nil
  }
}
