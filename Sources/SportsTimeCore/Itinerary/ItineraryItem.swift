import Foundation

/// One positioned thing in an itinerary: a game, a travel leg or the
/// traveller's own item (seeds: unified `ItineraryItem`).
///
/// Games are derived from the trip every time and never stored; travel and
/// custom items are stored with their `(day, sortOrder)` position
/// (DESIGN.md, "The itinerary model").
public struct ItineraryItem: Sendable, Hashable, Identifiable {
  /// What the item is.
  public enum Kind: Sendable, Hashable {
    /// A game, by game id; sortOrder `100 + i` on its day.
    case game(Game.ID)
    /// A travel leg between two stops of the trip's route.
    case travel(TravelInfo)
    /// The traveller's own item.
    case custom(CustomInfo)
  }

  /// Stable identifier.
  public var id: ID
  /// The trip it belongs to.
  public var tripID: Trip.ID
  /// 1-based trip day; outside `1...dayCount` means Unscheduled.
  public var day: Int
  /// Position within the day; games sit at 100, 101, …; must be finite.
  public var sortOrder: Double
  /// Game, travel or custom.
  public var kind: Kind
  /// Creation instant (UTC); breaks sortOrder ties.
  public var createdAt: Date
  /// Last change (UTC).
  public var modifiedAt: Date

  /// Creates an item; see the properties.
  public init(
    id: ID, tripID: Trip.ID, day: Int, sortOrder: Double, kind: Kind,
    createdAt: Date, modifiedAt: Date
  ) {
    self.id = id
    self.tripID = tripID
    self.day = day
    self.sortOrder = sortOrder
    self.kind = kind
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt
  }

  /// The travel details, for travel items.
  public var travelInfo: TravelInfo? {
    if case .travel(let info) = kind { return info }
    return nil
  }

  /// The custom details, for custom items.
  public var customInfo: CustomInfo? {
    if case .custom(let info) = kind { return info }
    return nil
  }

  /// The game id, for game items.
  public var gameID: Game.ID? {
    if case .game(let id) = kind { return id }
    return nil
  }

  /// The largest sortOrder magnitude an item may have, 10^15. The engine's
  /// positions stay near the games' 100, 101, …; up to this bound a Double
  /// still steps by 1/8, so a top or bottom drop (±1) is exact and a day
  /// that runs out of halvings is renumbered as usual.
  public static let sortOrderLimit: Double = 1e15

  /// Why `sortOrder` cannot be an item's position (not finite, or beyond
  /// ±`sortOrderLimit`), or nil when it can. The one rule every edit, the
  /// Store and `trip import` apply.
  public static func sortOrderProblem(_ sortOrder: Double) -> String? {
    guard sortOrder.isFinite else {
      return "A position must be a finite number (got \(sortOrder))."
    }
    guard abs(sortOrder) <= sortOrderLimit else {
      return "A position must be within ±10^15 (got \(sortOrder))."
    }
    return nil
  }

  /// Whether a traveller may move it (games never move: CONS-01).
  public var isReorderable: Bool { gameID == nil }

  /// Tie-break rank in the layout: game 0, travel 1, custom 2.
  public var kindRank: Int {
    switch kind {
    case .game: return 0
    case .travel: return 1
    case .custom: return 2
    }
  }

  /// Human title: the custom title, "Chicago → Milwaukee", or the game id.
  public var title: String {
    switch kind {
    case .game(let id): return id.description
    case .travel(let info): return info.title
    case .custom(let info): return info.title
    }
  }

  /// The icon shown beside the item (seeds: `ItemCategory.icon`).
  public var icon: String {
    switch kind {
    case .game: return "⚾️"
    case .travel(let info): return info.icon
    case .custom(let info): return info.category.icon
    }
  }
}

/// A travel leg's details. The leg is tied to its own stops — their index in
/// the trip's route and their venues — never to city names (DESIGN.md,
/// "Constraint rules": the seeds' city-name key breaks on real trips).
extension ItineraryItem {
  /// The item with every text storable (`TextNormalization.storable`):
  /// what a copy of an item stored by an older version that did not clean
  /// texts needs before it is inserted. Items stored now are unchanged.
  public func withStorableTexts() -> ItineraryItem {
    var item = self
    switch kind {
    case .game: break
    case .travel(var info):
      info.fromName = TextNormalization.storable(info.fromName, as: .placeName)
      info.toName = TextNormalization.storable(info.toName, as: .placeName)
      item.kind = .travel(info)
    case .custom(var info):
      info.title = TextNormalization.storable(info.title, as: .itemTitle)
      info.address = info.address.map { TextNormalization.storable($0, as: .address) }
      if info.address?.isEmpty == true { info.address = nil }
      item.kind = .custom(info)
    }
    return item
  }
}

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

/// A wall-clock time of day, hours 0–23 and minutes 0–59, with no zone.
public struct ClockTime: Sendable, Hashable, Comparable,
  CustomStringConvertible
{
  /// 0–23.
  public var hour: Int
  /// 0–59.
  public var minute: Int

  /// Creates a time; nil when out of range.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// Parses `HH:MM` (24-hour, e.g. `18:30` or `7:05`).
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    // ASCII digits only: `Int("+7")` would take a sign (`+7:30`, `07:+5`).
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
      let h = Int(parts[0]), let m = Int(parts[1])
    else { return nil }
    self.init(hour: h, minute: m)
  }

  /// `HH:MM`.
  public var description: String { String(format: "%02d:%02d", hour, minute) }

  /// `H:MM`, 24-hour without a leading zero, e.g. "2:00", "14:30".
  public var shortDescription: String { String(format: "%d:%02d", hour, minute) }

  /// 12-hour with am/pm, e.g. "2:30 am", "12:05 pm", "12:00 am" (midnight).
  public var twelveHourDescription: String {
    let h12 = hour % 12 == 0 ? 12 : hour % 12
    return String(format: "%d:%02d %@", h12, minute, hour < 12 ? "am" : "pm")
  }

  public static func < (a: ClockTime, b: ClockTime) -> Bool {
    (a.hour, a.minute) < (b.hour, b.minute)
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

  /// Creates custom details; see the properties.
  public init(
    title: String, category: ItemCategory, time: ClockTime? = nil,
    timeZoneID: String? = nil, coordinate: Coordinate? = nil,
    address: String? = nil
  ) {
    self.title = title
    self.category = category
    self.time = time
    self.timeZoneID = timeZoneID
    self.coordinate = coordinate
    self.address = address
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
