import Foundation

public struct TravelInfo: Sendable, Hashable {
  /// 0-based index of the departure stop in the route; nil = leaving home.
  public var fromStop: Int?
  /// 0-based index of the arrival stop; nil = going home.
  public var toStop: Int?
  /// Venue of the departure stop (checks the index still means the same).
  public var fromVenueID: Venue.ID?
  /// Venue of the arrival stop.
  public var toVenueID: Venue.ID?
  /// Display name of where the leg starts (a city, or a venue when the
  /// leg's two ends share a city).
  public var fromName: String
  /// Display name of where the leg ends.
  public var toName: String
  /// Estimated distance in meters (by road for a drive, great-circle for a
  /// flight).
  public var distanceMeters: Double
  /// Estimated travel time in seconds (a flight's includes its time at
  /// airports).
  public var durationSeconds: Double
  /// Drive or flight (`RouteEstimator`); legs stored before flights existed
  /// are drives.
  public var mode: TravelMode

  /// Creates travel details; see the properties.
  public init(
    fromStop: Int?, toStop: Int?, fromVenueID: Venue.ID?, toVenueID: Venue.ID?,
    fromName: String, toName: String, distanceMeters: Double,
    durationSeconds: Double, mode: TravelMode = .drive
  ) {
    self.fromStop = fromStop
    self.toStop = toStop
    self.fromVenueID = fromVenueID
    self.toVenueID = toVenueID
    self.fromName = fromName
    self.toName = toName
    self.distanceMeters = distanceMeters
    self.durationSeconds = durationSeconds
    self.mode = mode
  }

  /// "Chicago → Milwaukee".
  public var title: String { "\(fromName) → \(toName)" }

  /// The leg's icon: 🚗 for a drive, ✈️ for a flight.
  public var icon: String { mode.icon }

  /// The estimate the leg carries (mode, distance, duration).
  public var estimate: LegEstimate {
    LegEstimate(mode: mode, distanceMeters: distanceMeters, durationSeconds: durationSeconds)
  }

  /// The longest leg accepted, in meters: once around the Earth (the
  /// longest estimate, half way round by road, is about 24,000 km).
  public static let maximumDistanceMeters: Double = 40_075_000

  /// The longest leg accepted, in seconds: the 366-day trip limit.
  public static let maximumDurationSeconds = Double(TripBuilder.maximumDays) * 86_400

  /// Why a leg's figures cannot be stored — a distance or duration that
  /// is not finite, negative, or beyond `maximumDistanceMeters` /
  /// `maximumDurationSeconds` — naming the field (`distanceMeters`,
  /// `durationSeconds`), or nil when they can.
  public var figuresProblem: (field: String, reason: String)? {
    if !(0...TravelInfo.maximumDistanceMeters).contains(distanceMeters) {
      return (
        "distanceMeters",
        "the distance \(distanceMeters) m is not a number from 0 to \(Int(TravelInfo.maximumDistanceMeters)) m"
      )
    }
    if !(0...TravelInfo.maximumDurationSeconds).contains(durationSeconds) {
      return (
        "durationSeconds",
        "the duration \(durationSeconds) s is not a number from 0 to \(Int(TravelInfo.maximumDurationSeconds)) s (366 days)"
      )
    }
    return nil
  }

  /// Travel icon of a drive (seeds: 🚗) and label.
  public static let icon = "🚗"
  /// Travel label (seeds: "Travel").
  public static let label = "Travel"

  /// Meters in a statute mile.
  public static let metersPerMile = 1609.344
}
