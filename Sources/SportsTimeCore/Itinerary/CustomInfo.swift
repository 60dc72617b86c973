import Foundation

/// Categories of the traveller's own items, with the seeds' icons and labels.
public enum ItemCategory: String, Sendable, Hashable, Codable, CaseIterable {
  case restaurant
  case hotel
  case activity
  case note

  /// 🍽️ 🏨 🎯 📝 (seeds: `ItemCategory.icon`).
  public var icon: String {
    switch self {
    case .restaurant: return "🍽️"
    case .hotel: return "🏨"
    case .activity: return "🎯"
    case .note: return "📝"
    }
  }

  /// "Restaurant", "Hotel", "Activity", "Note".
  public var label: String {
    switch self {
    case .restaurant: return "Restaurant"
    case .hotel: return "Hotel"
    case .activity: return "Activity"
    case .note: return "Note"
    }
  }
}

/// The traveller's own item: restaurant, hotel, activity or note.
public struct CustomInfo: Sendable, Hashable {
  /// What the traveller called it.
  public var title: String
  /// Restaurant, hotel, activity or note.
  public var category: ItemCategory
  /// Optional local time of day.
  public var time: ClockTime?
  /// IANA zone the time is in (where the trip is that day).
  public var timeZoneID: String?
  /// Optional location (WGS84 degrees); mappable items join the route.
  public var coordinate: Coordinate?
  /// Optional street address.
  public var address: String?
  /// The town the location is in or was chosen as, as the place search
  /// shows it ("Arlington, TX, United States"; `Place.label`); nil for a
  /// point set on the map or typed, or no location.
  public var placeName: String?
  /// The IANA zone of the item's location: its chosen town's, or the
  /// nearest town's to its point (`PlaceDirectory.nearest(to:)`), stored
  /// with the item when its location is written. A timed item's time is
  /// local to it (`VenueTimeZones.timePlace(of:position:)`). Nil without a
  /// location, or for one written before places were known (the nearest
  /// venue's zone then, as before).
  public var placeTimeZoneID: String?

  /// Creates custom details; see the properties.
  public init(
    title: String, category: ItemCategory, time: ClockTime? = nil,
    timeZoneID: String? = nil, coordinate: Coordinate? = nil,
    address: String? = nil, placeName: String? = nil, placeTimeZoneID: String? = nil
  ) {
    self.title = title
    self.category = category
    self.time = time
    self.timeZoneID = timeZoneID
    self.coordinate = coordinate
    self.address = address
    self.placeName = placeName
    self.placeTimeZoneID = placeTimeZoneID
  }

  /// The category's icon.
  public var icon: String { category.icon }
  /// True when the item has a location (seeds: `isMappable`).
  public var isMappable: Bool { coordinate != nil }
}

extension CustomInfo {
  /// The instant of the item's time on `date`: `time` local to
  /// `timeZoneID`, resolved by `LocalTime.resolve(_:on:inZone:place:)`. A
  /// time that happens twice that day is its first occurrence. A time that
  /// does not exist there that day (stored before times were checked;
  /// `Itinerary.problems()` reports it) is read with the UTC offset in force
  /// before the jump, as RFC 5545 §3.3.5 reads such a local time: 2:30 am on
  /// Sun, Mar 10, 2024 in Los Angeles is 10:30 UTC (3:30 am PDT).
  /// - Parameter date: the item's local calendar date.
  /// - Returns: nil when the item has no time or its zone is unknown.
  public func instant(on date: CalendarDate) -> Date? {
    guard let time, let id = timeZoneID, let zone = TimeZone(identifier: id) else { return nil }
    if let resolved = try? LocalTime.resolve(time, on: date, inZone: id) {
      return resolved.instant
    }
    // Foundation reads a skipped wall time with the offset before the gap.
    return LocalTime.instant(on: date, hour: time.hour, minute: time.minute, in: zone)
  }

  /// The item's time as shown on `date`: "17:30 CDT"; "01:30 PDT" for the
  /// first of a repeated hour; "02:30 (does not exist that day; read as
  /// 3:30 am PDT)" for a skipped time; "17:30" when the zone is unknown.
  /// - Returns: nil when the item has no time.
  public func clock(on date: CalendarDate) -> String? {
    guard let time else { return nil }
    guard let id = timeZoneID, let zone = TimeZone(identifier: id), let instant = instant(on: date)
    else { return time.description }
    if (try? LocalTime.resolve(time, on: date, inZone: id)) == nil {
      return
        "\(time) (does not exist that day; read as \(LocalTime.clock(instant, in: zone)) \(LocalTime.abbreviation(zone, at: instant)))"
    }
    return "\(time) \(LocalTime.abbreviation(zone, at: instant))"
  }
}
