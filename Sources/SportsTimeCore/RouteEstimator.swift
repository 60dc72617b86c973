import Foundation

/// A leg's estimated road distance and driving time.
public struct LegEstimate: Sendable, Hashable, Codable {
  /// Road distance in meters.
  public var distanceMeters: Double
  /// Driving time in seconds.
  public var durationSeconds: Double

  /// Creates an estimate; see the properties.
  public init(distanceMeters: Double, durationSeconds: Double) {
    self.distanceMeters = distanceMeters
    self.durationSeconds = durationSeconds
  }
}

/// Estimates distances and durations of legs (DESIGN.md, "Route").
///
/// The default is an *estimate*: great-circle distance times a road factor,
/// at an average speed. It knows nothing about roads, borders or oceans.
public struct RouteEstimator: Sendable {
  /// A short description shown beside figures, e.g. "great-circle × 1.2 at 60 mph".
  public var summary: String
  /// The estimate between two coordinates.
  public var estimate: @Sendable (Coordinate, Coordinate) -> LegEstimate

  /// Creates an estimator from a function.
  public init(
    summary: String, estimate: @escaping @Sendable (Coordinate, Coordinate) -> LegEstimate
  ) {
    self.summary = summary
    self.estimate = estimate
  }

  /// Great-circle distance × `roadFactor`, driven at `averageSpeed` m/s.
  /// - Parameters:
  ///   - roadFactor: road distance over straight-line distance (≥ 1).
  ///   - averageSpeed: meters per second.
  public static func greatCircle(roadFactor: Double, averageSpeed: Double)
    -> RouteEstimator
  {
    precondition(roadFactor >= 1 && averageSpeed > 0, "a plausible road model")
    let mph = averageSpeed * 3600 / TravelInfo.metersPerMile
    return RouteEstimator(
      summary: String(format: "great-circle × %.2g at %.0f mph (estimate)", roadFactor, mph)
    ) { a, b in
      let meters = a.distance(to: b) * roadFactor
      return LegEstimate(distanceMeters: meters, durationSeconds: meters / averageSpeed)
    }
  }

  /// Road factor 1.2 (US interstate routes run about 20 % longer than the
  /// great circle: Wrigley Field → American Family Field is 123 km by air,
  /// about 148 km by road) at 60 mph (26.8224 m/s).
  public static let `default` = greatCircle(roadFactor: 1.2, averageSpeed: 26.8224)
}
