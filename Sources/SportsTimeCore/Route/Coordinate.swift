import Foundation

/// A WGS84 position in decimal degrees, north and east positive.
public struct Coordinate: Sendable, Hashable {
  /// Latitude in degrees, −90…90.
  public var latitude: Double
  /// Longitude in degrees, −180…180.
  public var longitude: Double

  /// The latitudes there are, in degrees.
  public static let latitudeRange: ClosedRange<Double> = -90...90
  /// The longitudes a coordinate is given in, in degrees.
  public static let longitudeRange: ClosedRange<Double> = -180...180

  /// Creates a coordinate; nil when either value is not finite or out of
  /// range (latitude −90…90, longitude −180…180).
  public init?(latitude: Double, longitude: Double) {
    guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
      (-180...180).contains(longitude)
    else { return nil }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Creates a coordinate from values the caller has already checked.
  init(checkedLatitude latitude: Double, longitude: Double) {
    precondition(latitude.isFinite && longitude.isFinite, "finite degrees")
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Mean Earth radius in meters used for great-circle distances (IUGG).
  public static let earthRadiusMeters = 6_371_008.8

  /// Great-circle (haversine) distance to `other`, in meters.
  ///
  /// ```swift
  /// wrigley.distance(to: americanFamilyField)   // ≈ 122_800
  /// ```
  public func distance(to other: Coordinate) -> Double {
    let lat1 = latitude * .pi / 180
    let lat2 = other.latitude * .pi / 180
    let dLat = (other.latitude - latitude) * .pi / 180
    let dLon = (other.longitude - longitude) * .pi / 180
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
    let c = 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    return Coordinate.earthRadiusMeters * c
  }
}
