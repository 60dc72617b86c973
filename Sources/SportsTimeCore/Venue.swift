import Foundation

/// A ballpark, arena or stadium where games are played.
///
/// Source: `../shared/data/mlb/venues.csv` (compiled for SportsTime from
/// Retrosheet park codes, with hand-checked coordinates and IANA zones).
public struct Venue: Sendable, Hashable, Codable, Identifiable {
  /// Typed venue identifier (a Retrosheet park code such as `CHI11`).
  public struct ID: Sendable, Hashable, Codable, Comparable,
    CustomStringConvertible, ExpressibleByStringLiteral
  {
    /// The code, e.g. `CHI11`.
    public var rawValue: String
    /// Wraps a code.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Wraps a literal code.
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: ID, b: ID) -> Bool { a.rawValue < b.rawValue }
    public func encode(to encoder: Encoder) throws {
      var c = encoder.singleValueContainer()
      try c.encode(rawValue)
    }
    public init(from decoder: Decoder) throws {
      rawValue = try decoder.singleValueContainer().decode(String.self)
    }
  }

  /// Park code, e.g. `CHI11`.
  public var id: ID
  /// Name in use in 2024 (e.g. "Wrigley Field").
  public var name: String
  /// Municipality where the venue physically is.
  public var city: String
  /// ISO 3166-2 subdivision without country prefix (`IL`, `ON`, `11`).
  public var region: String
  /// ISO 3166-1 alpha-2 country code (`US`, `CA`, `KR`, …).
  public var country: String
  /// Where the venue is (field / home-plate area), WGS84 degrees.
  public var coordinate: Coordinate
  /// IANA time zone identifier, e.g. `America/Chicago`.
  public var timeZoneID: String

  /// Creates a venue; see the properties for shapes.
  public init(
    id: ID, name: String, city: String, region: String, country: String,
    coordinate: Coordinate, timeZoneID: String
  ) {
    self.id = id
    self.name = name
    self.city = city
    self.region = region
    self.country = country
    self.coordinate = coordinate
    self.timeZoneID = timeZoneID
  }

  /// The venue's IANA time zone. Zones are checked when the catalog loads,
  /// so this falls back to UTC only for a hand-built venue with a bad id.
  public var timeZone: TimeZone {
    TimeZone(identifier: timeZoneID) ?? CalendarDate.utc
  }
}
