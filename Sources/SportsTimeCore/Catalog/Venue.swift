import Foundation

/// A ballpark, arena or stadium where games are played.
///
/// Source: `../shared/data/mlb/venues.csv` (compiled for SportsTime from
/// Retrosheet park codes, with hand-checked coordinates and IANA zones) and
/// the other sports' tables; a venue's names over time come from the
/// built-in `venue-names.csv` (`Catalog.parseVenueNames`).
///
/// A venue renamed (Minute Maid Park → Daikin Park on 2025-01-01) is one
/// venue with several names: `name(on:)` gives the one in force on a date,
/// and every name finds it (`allNames`).
public struct Venue: Sendable, Hashable, Identifiable {
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
  /// The name its table gives (MLB: the name in use in 2024, e.g.
  /// "Wrigley Field"); see `name(on:)` for the name on a date.
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
  /// Its names over time, oldest first (each from the date it took
  /// effect); empty when it has had one name, `name`, all along.
  public var names: [VenueName]

  /// Creates a venue; see the properties for shapes.
  public init(
    id: ID, name: String, city: String, region: String, country: String,
    coordinate: Coordinate, timeZoneID: String, names: [VenueName] = []
  ) {
    self.id = id
    self.name = name
    self.city = city
    self.region = region
    self.country = country
    self.coordinate = coordinate
    self.timeZoneID = timeZoneID
    self.names = names
  }

  /// The name in force on `date` (a local date at the venue): the latest
  /// name that took effect on or before it; before every dated name, the
  /// earliest one. Without a name history, `name`.
  ///
  /// ```swift
  /// houston.name(on: CalendarDate(iso: "2024-09-01"))   // "Minute Maid Park"
  /// houston.name(on: CalendarDate(iso: "2025-04-01"))   // "Daikin Park"
  /// ```
  /// - Complexity: O(n) for n names.
  public func name(on date: CalendarDate) -> String {
    guard let first = names.first else { return name }
    return names.last { ($0.from ?? date) <= date }?.name ?? first.name
  }

  /// `name(on:)` when there is a date, else `latestName`.
  public func name(on date: CalendarDate?) -> String {
    date.map { name(on: $0) } ?? latestName
  }

  /// The newest name (what the venue is called today, as far as the
  /// tables know): for places that show a venue without a date (the map,
  /// the venues not visited yet).
  public var latestName: String { names.last?.name ?? name }

  /// Every name the venue has had, the table's name first, each once: what
  /// a traveller may type to find it.
  public var allNames: [String] {
    var seen: Set<String> = []
    return ([name] + names.map(\.name)).filter { seen.insert($0).inserted }
  }

  /// The venue's IANA time zone. Zones are checked when the catalog loads,
  /// so this falls back to UTC only for a hand-built venue with a bad id.
  public var timeZone: TimeZone {
    TimeZoneCache.zone(timeZoneID) ?? CalendarDate.utc
  }
}

/// One of a venue's names and the date it took effect.
public struct VenueName: Sendable, Hashable {
  /// The name, e.g. "Daikin Park".
  public var name: String
  /// The first local date it was in force, e.g. 2025-01-01; nil for a
  /// venue's earliest known name (in force before the next one, as far back
  /// as the tables go).
  public var from: CalendarDate?

  /// Creates a dated name; see the properties.
  public init(name: String, from: CalendarDate?) {
    self.name = name
    self.from = from
  }
}
