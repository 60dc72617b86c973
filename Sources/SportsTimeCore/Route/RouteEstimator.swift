import Foundation

/// A leg's estimated travel: how, how far and how long.
public struct LegEstimate: Sendable, Hashable {
  /// Drive or flight.
  public var mode: TravelMode
  /// Distance in meters: the estimated road distance of a drive, the
  /// great-circle distance of a flight.
  public var distanceMeters: Double
  /// Travel time in seconds: driving time, or flying time plus the time at
  /// airports.
  public var durationSeconds: Double

  /// Creates an estimate; see the properties.
  public init(mode: TravelMode = .drive, distanceMeters: Double, durationSeconds: Double) {
    self.mode = mode
    self.distanceMeters = distanceMeters
    self.durationSeconds = durationSeconds
  }
}

/// One end of a leg as the estimator sees it: where it is and, when known,
/// the country it is in.
public struct RoutePlace: Sendable, Hashable {
  /// Where, WGS84 degrees.
  public var coordinate: Coordinate
  /// ISO 3166-1 alpha-2 country code (`US`, `KR`), or nil when unknown (a
  /// traveller's own item; see `TripRoute`).
  public var country: String?

  /// Creates a place; see the properties.
  public init(coordinate: Coordinate, country: String?) {
    self.coordinate = coordinate
    self.country = country
  }

  /// A venue's coordinate and country.
  public init(_ venue: Venue) {
    self.init(coordinate: venue.coordinate, country: venue.country)
  }
}

/// Estimates how legs are travelled, how far and how long (DESIGN.md,
/// "Travel between venues").
///
/// The default is an *estimate*, and says so wherever it is shown:
///
/// - A leg between two countries that no road joins is a **flight**: the
///   great-circle distance at 800 km/h, plus 3 hours at airports.
///   The United States, Canada and Mexico are one road network; every other
///   country is its own (the other countries of the venue tables — GB, KR,
///   JP — are islands or reached by road only through closed borders).
/// - Every other leg is a **drive**: the great-circle distance × 1.2 at
///   60 mph.
/// - A place whose country is unknown is taken to be on the other end's
///   road network (a drive).
///
/// ```swift
/// let estimate = RouteEstimator.default.estimate(from: gocheok, to: dodgerStadium)
/// estimate.mode              // .flight
/// estimate.distanceMeters    // ≈ 9_596_753 (the great circle)
/// estimate.durationSeconds   // ≈ 53_985 (12 h in the air + 3 h at airports)
/// ```
public struct RouteEstimator: Sendable {
  /// How drives are estimated, e.g. "great-circle × 1.2 at 60 mph" (the
  /// words stored in trip files' legs).
  public var driveSummary: String
  /// The same in metric units, e.g. "great-circle × 1.2 at 97 km/h".
  public var metricDriveSummary: String
  /// How flights are estimated, e.g. "great-circle at 800 km/h + 3 h at
  /// airports".
  public var flightSummary: String
  /// The estimate between two places: mode, distance and duration.
  public var estimate: @Sendable (RoutePlace, RoutePlace) -> LegEstimate

  /// Creates an estimator from a function; `metricDriveSummary` defaults
  /// to `driveSummary`.
  public init(
    driveSummary: String, metricDriveSummary: String? = nil, flightSummary: String,
    estimate: @escaping @Sendable (RoutePlace, RoutePlace) -> LegEstimate
  ) {
    self.driveSummary = driveSummary
    self.metricDriveSummary = metricDriveSummary ?? driveSummary
    self.flightSummary = flightSummary
    self.estimate = estimate
  }

  /// The estimate of a leg between two venues (the one function every leg
  /// of a trip goes through).
  public func estimate(from a: Venue, to b: Venue) -> LegEstimate {
    estimate(RoutePlace(a), RoutePlace(b))
  }

  /// A short description shown beside figures: the drive model, and the
  /// flight model too when `modes` holds a flight.
  ///
  /// ```swift
  /// RouteEstimator.default.summary(for: [.drive])
  /// // "great-circle × 1.2 at 60 mph (estimate)"
  /// RouteEstimator.default.summary(for: [.drive, .flight])
  /// // "drives great-circle × 1.2 at 60 mph, flights great-circle at
  /// //  800 km/h + 3 h at airports (estimates)"
  /// ```
  /// - Parameter metric: the drive model in km/h rather than mph.
  public func summary(for modes: Set<TravelMode> = [.drive], metric: Bool = false) -> String {
    let driveSummary = metric ? metricDriveSummary : self.driveSummary
    switch (modes.contains(.drive) || modes.isEmpty, modes.contains(.flight)) {
    case (true, true): return "drives \(driveSummary), flights \(flightSummary) (estimates)"
    case (false, true): return "flights \(flightSummary) (estimate)"
    default: return "\(driveSummary) (estimate)"
    }
  }

  /// The description of drives alone, as before flights existed.
  public var summary: String { summary(for: [.drive]) }

  /// The road network a country is on: `"north-america"` for the United
  /// States, Canada and Mexico, the country code itself for every other
  /// country.
  public static func roadNetwork(ofCountry country: String) -> String {
    let code = country.uppercased()
    return ["US", "CA", "MX"].contains(code) ? "north-america" : code
  }

  /// The mode of a leg between two countries: a flight when both are known
  /// and on different road networks, else a drive.
  ///
  /// ```swift
  /// RouteEstimator.mode(fromCountry: "US", toCountry: "CA")   // .drive
  /// RouteEstimator.mode(fromCountry: "KR", toCountry: "US")   // .flight
  /// ```
  public static func mode(fromCountry a: String?, toCountry b: String?) -> TravelMode {
    guard let a, let b, !a.isEmpty, !b.isEmpty else { return .drive }
    return roadNetwork(ofCountry: a) == roadNetwork(ofCountry: b) ? .drive : .flight
  }

  /// Drives at great-circle distance × `roadFactor` and `averageSpeed`;
  /// flights at great-circle distance and `flightSpeed`, plus
  /// `airportSeconds`.
  /// - Parameters:
  ///   - roadFactor: road distance over straight-line distance (≥ 1).
  ///   - averageSpeed: driving speed, meters per second.
  ///   - flightSpeed: flying speed, meters per second (default 800 km/h).
  ///   - airportSeconds: time at both airports, seconds (default 3 h).
  public static func greatCircle(
    roadFactor: Double, averageSpeed: Double, flightSpeed: Double = 800_000 / 3600,
    airportSeconds: Double = 3 * 3600
  ) -> RouteEstimator {
    precondition(
      roadFactor >= 1 && averageSpeed > 0 && flightSpeed > 0 && airportSeconds >= 0,
      "a plausible travel model")
    let mph = averageSpeed * 3600 / TravelInfo.metersPerMile
    let kmh = flightSpeed * 3.6
    return greatCircle(
      roadFactor: roadFactor, averageSpeed: averageSpeed, flightSpeed: flightSpeed,
      airportSeconds: airportSeconds,
      driveSummary: String(format: "great-circle × %.2g at %.0f mph", roadFactor, mph),
      metricDriveSummary: String(
        format: "great-circle × %.2g at %.0f km/h", roadFactor, averageSpeed * 3.6),
      flightSummary: String(
        format: "great-circle at %.0f km/h + %@ at airports", kmh,
        ExportSupport.duration(airportSeconds)))
  }

  /// `greatCircle(roadFactor:averageSpeed:flightSpeed:airportSeconds:)`
  /// with its summaries already written (`default`: `String(format:)` costs
  /// a few percent of a small command's start-up, so its texts are
  /// literals, checked against the formatted ones by a test).
  static func greatCircle(
    roadFactor: Double, averageSpeed: Double, flightSpeed: Double, airportSeconds: Double,
    driveSummary: String, metricDriveSummary: String, flightSummary: String
  ) -> RouteEstimator {
    RouteEstimator(
      driveSummary: driveSummary, metricDriveSummary: metricDriveSummary,
      flightSummary: flightSummary
    ) { a, b in
      let straight = a.coordinate.distance(to: b.coordinate)
      switch mode(fromCountry: a.country, toCountry: b.country) {
      case .drive:
        let meters = straight * roadFactor
        return LegEstimate(
          mode: .drive, distanceMeters: meters, durationSeconds: meters / averageSpeed)
      case .flight:
        return LegEstimate(
          mode: .flight, distanceMeters: straight,
          durationSeconds: straight / flightSpeed + airportSeconds)
      }
    }
  }

  /// Drives: road factor 1.2 (US interstate routes run about 20 % longer
  /// than the great circle: Wrigley Field → American Family Field is 123 km
  /// by air, about 148 km by road) at 60 mph (26.8224 m/s). Flights: 800
  /// km/h plus 3 h at airports.
  public static let `default` = greatCircle(
    roadFactor: defaultModel.roadFactor, averageSpeed: defaultModel.averageSpeed,
    flightSpeed: defaultModel.flightSpeed, airportSeconds: defaultModel.airportSeconds,
    driveSummary: "great-circle × 1.2 at 60 mph",
    metricDriveSummary: "great-circle × 1.2 at 97 km/h",
    flightSummary: "great-circle at 800 km/h + 3 h at airports")

  /// The figures of `default` (what
  /// `greatCircle(roadFactor:averageSpeed:flightSpeed:airportSeconds:)`
  /// is given for it; a test checks that its summaries are the ones that
  /// function writes for them).
  static let defaultModel = (
    roadFactor: 1.2, averageSpeed: 26.8224, flightSpeed: 800_000.0 / 3600,
    airportSeconds: 3.0 * 3600
  )
}
