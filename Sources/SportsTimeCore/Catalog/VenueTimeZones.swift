import Foundation

/// The time zone of a point, from the nearest venue of the built-in venue
/// tables (every sport's: MLB parks, neutral sites included, and the NBA,
/// NHL and NFL arenas and stadiums).
///
/// A custom item with its own location keeps its time in the zone of the
/// nearest venue within `maximumDistance` (200 km) of it; farther than that
/// from every venue, its time follows its position in the itinerary (the
/// zone of where the trip is at that point). A brewery in Milwaukee is on
/// Central time even on a day the trip is in Detroit.
///
/// The nearest venue is an approximation of the real zone boundary: it is
/// right for points near a venue's city, and can be wrong near a zone line
/// far from any venue (South Bend, Indiana, is on Eastern time, but its
/// nearest venue is in Chicago, on Central time).
public struct VenueTimeZones: Sendable {
  /// The venues searched, one per coordinate and zone, ordered by id.
  /// For `builtIn`, the tables are read the first time this is asked for
  /// (most commands never need them: only an item with its own location
  /// does).
  public var venues: [Venue] { list ?? VenueTimeZones.builtInVenues }

  /// The venues given; nil for the built-in tables.
  private let list: [Venue]?

  /// How far a venue may be from the point and still give its zone:
  /// 200 km, in meters.
  public static let maximumDistance: Double = 200_000

  /// Searches `venues` (duplicates by id are dropped).
  public init(venues: [Venue]) {
    list = VenueTimeZones.searched(venues)
  }

  private init(builtIn: Void) { list = nil }

  /// `venues` ordered by id, duplicates dropped.
  private static func searched(_ venues: [Venue]) -> [Venue] {
    var seen: Set<Venue.ID> = []
    return venues.sorted { $0.id < $1.id }.filter { seen.insert($0.id).inserted }
  }

  /// Searches every venue of every sport in `leagues`.
  public init(leagues: Leagues) {
    self.init(
      venues: leagues.sports.flatMap { leagues.bySport[$0].map { Array($0.venues.values) } ?? [] })
  }

  /// No venues: every item's time follows its position.
  public static let none = VenueTimeZones(venues: [])

  /// The built-in tables (`Leagues.builtIn()`), loaded once, when first
  /// searched.
  ///
  /// The tables are resources of this module; a build without them is a
  /// packaging mistake, caught by the catalog's tests.
  public static let builtIn = VenueTimeZones(builtIn: ())

  /// Every venue of the built-in tables, read on first use (a `static let`
  /// is initialised once, thread-safely).
  private static let builtInVenues: [Venue] = {
    do {
      return VenueTimeZones(leagues: try Leagues.builtIn()).venues
    } catch {
      preconditionFailure("the built-in venue tables cannot be read: \(error)")
    }
  }()

  /// The venue nearest to `point` within `limit` meters (great-circle
  /// distance); ties go to the lower venue id. Nil when none is that close.
  ///
  /// ```swift
  /// let lakefront = Coordinate(latitude: 43.0546, longitude: -87.9053)!
  /// VenueTimeZones.builtIn.nearestVenue(to: lakefront)?.timeZoneID
  /// // "America/Chicago" (Fiserv Forum, 1.5 km)
  /// ```
  /// - Parameters:
  ///   - point: WGS84 degrees.
  ///   - limit: meters; default `maximumDistance` (200 km).
  /// - Complexity: O(v) for v venues.
  public func nearestVenue(to point: Coordinate, within limit: Double = maximumDistance)
    -> Venue?
  {
    var best: (venue: Venue, distance: Double)?
    let venues = self.venues
    for venue in venues {
      let d = point.distance(to: venue.coordinate)
      guard d <= limit else { continue }
      if best.map({ d < $0.distance }) ?? true { best = (venue, d) }
    }
    return best?.venue
  }

  /// The zone a timed custom item's time is local to, and the city named
  /// in messages (docs/decisions/0002, "Times follow their position"; issue 8):
  /// an item with its own location takes its place's zone when one is
  /// stored with it (`CustomInfo.placeTimeZoneID`, named after its town),
  /// else the zone of the nearest venue within `maximumDistance` of it;
  /// any other item takes the zone of where the trip is at its position.
  /// - Parameters:
  ///   - custom: the item's details (`coordinate`, `placeTimeZoneID` and
  ///     `placeName` are read).
  ///   - position: where the trip is at the item's position
  ///     (`DragSession.place(atSlot:)`), nil for a trip without stops.
  /// - Returns: an IANA zone id and a city; nil only when both are
  ///   missing.
  public func timePlace(
    of custom: CustomInfo, position: (timeZoneID: String, city: String)?
  ) -> (timeZoneID: String, city: String)? {
    // The zone of the item's own place, stored with it (issue 28, 9a).
    if custom.coordinate != nil, let zone = custom.placeTimeZoneID {
      let town = custom.placeName.flatMap { $0.split(separator: ",").first.map(String.init) }
      return (zone, town ?? LocalTime.cityName(ofZone: zone))
    }
    if let point = custom.coordinate, let venue = nearestVenue(to: point) {
      return (venue.timeZoneID, venue.city)
    }
    return position
  }
}
