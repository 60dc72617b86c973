import Foundation

/// Why a viewport sent from outside (the app's `PUT /api/map/viewport`)
/// is refused: the value at `field` is out of bounds. Nothing is stored
/// then.
public struct MapViewportError: Error, Sendable, Hashable, CustomStringConvertible,
  ClassifiedError
{
  /// The member at fault: `centerLatitude`, `centerLongitude`,
  /// `latitudeSpan` or `longitudeSpan`.
  public var field: String
  /// What is wrong, in words ("latitudeSpan must be 0.005–180 degrees (got
  /// 0)").
  public var message: String

  /// An error at `field`; see the properties.
  public init(field: String, message: String) {
    self.field = field
    self.message = message
  }

  /// Out-of-bounds values are bad input.
  public var kind: ErrorKind { .invalidInput }

  public var description: String { message }
}

extension MapViewport {
  /// Creates the viewport a client asked for, refusing — instead of
  /// clamping as `init(latitude:longitude:latitudeSpan:longitudeSpan:)`
  /// does — values a map cannot show.
  ///
  /// Refused: a value that is not finite; a latitude span outside
  /// 0.005…180 or a longitude span outside 0.005…360 (`minimumSpan`,
  /// `maximumLatitudeSpan`, `maximumLongitudeSpan`); a center latitude
  /// outside −90…90, or one whose view would reach beyond a pole (`center
  /// ± latitudeSpan / 2` outside ±90); a center longitude outside
  /// −180…180. A view that passes is then made as the clamping initializer
  /// makes it (its center held within ±85°, the longitude wrapped, so 180
  /// becomes −180).
  ///
  /// ```swift
  /// try MapViewport(validatingLatitude: 41.9, longitude: -87.7,
  ///                 latitudeSpan: 0.01, longitudeSpan: 0.02)   // a view
  /// try MapViewport(validatingLatitude: 89, longitude: 0,
  ///                 latitudeSpan: 4, longitudeSpan: 8)
  /// // throws: "centerLatitude 89 with latitudeSpan 4 reaches 91°: …"
  /// ```
  /// - Parameters: as the clamping initializer, in degrees.
  /// - Throws: `MapViewportError` naming the first value at fault, in the
  ///   order spans, then center.
  /// - Source: the seed's zoomable map; the bounds are the type's.
  public init(
    validatingLatitude latitude: Double, longitude: Double, latitudeSpan: Double,
    longitudeSpan: Double
  ) throws {
    func refuse(_ field: String, _ message: String) -> MapViewportError {
      MapViewportError(field: field, message: message)
    }
    // "0", "181", "89.5": whole numbers without Swift's ".0".
    func degrees(_ value: Double) -> String {
      let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
      return String(text.prefix(24))
    }
    let values = [
      ("centerLatitude", latitude), ("centerLongitude", longitude),
      ("latitudeSpan", latitudeSpan), ("longitudeSpan", longitudeSpan),
    ]
    if let (field, _) = values.first(where: { !$0.1.isFinite }) {
      throw refuse(field, "\(field) must be a finite number of degrees")
    }
    let latitudeSpans = MapViewport.minimumSpan...MapViewport.maximumLatitudeSpan
    guard latitudeSpans.contains(latitudeSpan) else {
      throw refuse(
        "latitudeSpan",
        "latitudeSpan must be \(MapViewport.minimumSpan)–\(Int(MapViewport.maximumLatitudeSpan)) degrees (got \(degrees(latitudeSpan)))"
      )
    }
    let longitudeSpans = MapViewport.minimumSpan...MapViewport.maximumLongitudeSpan
    guard longitudeSpans.contains(longitudeSpan) else {
      throw refuse(
        "longitudeSpan",
        "longitudeSpan must be \(MapViewport.minimumSpan)–\(Int(MapViewport.maximumLongitudeSpan)) degrees (got \(degrees(longitudeSpan)))"
      )
    }
    guard Coordinate.latitudeRange.contains(latitude) else {
      throw refuse(
        "centerLatitude", "centerLatitude must be −90–90 degrees (got \(degrees(latitude)))")
    }
    let edge = abs(latitude) + latitudeSpan / 2
    // A rounding step over the pole (a browser's north of 90.000000000001) is not refused.
    guard edge <= 90 + MapViewport.defaultTolerance else {
      throw refuse(
        "centerLatitude",
        "centerLatitude \(degrees(latitude)) with latitudeSpan \(degrees(latitudeSpan)) reaches \(degrees(edge))°: a view ends at a pole (90°) at most"
      )
    }
    guard Coordinate.longitudeRange.contains(longitude) else {
      throw refuse(
        "centerLongitude", "centerLongitude must be −180–180 degrees (got \(degrees(longitude)))")
    }
    self.init(
      latitude: latitude, longitude: longitude, latitudeSpan: latitudeSpan,
      longitudeSpan: longitudeSpan)
  }
}
