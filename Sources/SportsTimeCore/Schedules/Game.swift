import Foundation

/// One game of an imported schedule.
///
/// The start is an absolute instant; the local date and time come from the
/// venue's IANA time zone, never the machine's (DESIGN.md, "Time").
public struct Game: Sendable, Hashable, Identifiable {
  /// Whether the game is to be played where and when it says.
  public enum Status: String, Sendable, Hashable, Codable {
    /// Played (or to be played) on its originally scheduled date.
    case scheduled
    /// Postponed and made up on another date; `originalDate` keeps the first.
    case rescheduled
    /// Postponed with no usable makeup date; cannot be added to a trip.
    case cancelled
  }

  /// Retrosheet-style id `HOMEyyyymmddN`: home team code, local date, game
  /// number (0 single game, 1/2 doubleheader), e.g. `CHN202406040`.
  public var id: ID
  /// The sport (MLB for Retrosheet schedules).
  public var sport: Sport
  /// Season year, e.g. 2024.
  public var season: Int
  /// Home team code (Retrosheet), e.g. `CHN`.
  public var homeTeamID: String
  /// Visiting team code (Retrosheet).
  public var awayTeamID: String
  /// Where the game is played (the real site, neutral sites included).
  public var venueID: Venue.ID
  /// First pitch as an absolute instant (UTC).
  public var start: Date
  /// IANA zone of the venue, e.g. `Asia/Seoul`; local date/time use it.
  public var timeZoneID: String
  /// The date at the venue (Retrosheet dates are local to the ballpark).
  public var localDate: CalendarDate
  /// True when `start` is an estimate (Retrosheet gives only day/night).
  public var timeEstimated: Bool
  /// True when even day/night is unknown (flag `0`): shown as TBD, ordered
  /// as a night game.
  public var timeUnknown: Bool
  /// Scheduled, rescheduled or cancelled.
  public var status: Status
  /// The originally scheduled date, for rescheduled games.
  public var originalDate: CalendarDate?
  /// Doubleheader game number: 0 single game, 1 or 2 (or more) otherwise.
  public var gameNumber: Int
  /// The schedule's postponement text (e.g. "Rain"), if any.
  public var postponementReason: String?
  /// The schedule row this game comes from — sport, season, home team and
  /// the home team's season game number (`MLB/2024/CLE/162`) — which stays
  /// the same when a newer schedule moves the game (and so its `id`). Used
  /// to match games across re-imports.
  public var scheduleKey: String

  /// Creates a game; see the properties for shapes and units.
  public init(
    id: ID, sport: Sport, season: Int, homeTeamID: String,
    awayTeamID: String, venueID: Venue.ID, start: Date, timeZoneID: String,
    localDate: CalendarDate, timeEstimated: Bool, timeUnknown: Bool,
    status: Status, originalDate: CalendarDate?, gameNumber: Int,
    postponementReason: String?, scheduleKey: String? = nil
  ) {
    self.id = id
    self.sport = sport
    self.season = season
    self.homeTeamID = homeTeamID
    self.awayTeamID = awayTeamID
    self.venueID = venueID
    self.start = start
    self.timeZoneID = timeZoneID
    self.localDate = localDate
    self.timeEstimated = timeEstimated
    self.timeUnknown = timeUnknown
    self.status = status
    self.originalDate = originalDate
    self.gameNumber = gameNumber
    self.postponementReason = postponementReason
    self.scheduleKey = scheduleKey ?? "\(sport.rawValue)/\(id)"
  }

  /// The venue's time zone.
  public var timeZone: TimeZone {
    TimeZone(identifier: timeZoneID) ?? CalendarDate.utc
  }

  /// When the venue is free again: 3 hours after first pitch (DESIGN.md).
  public var end: Date { start.addingTimeInterval(Game.duration) }

  /// How long a game occupies its venue: 3 hours, in seconds.
  public static let duration: TimeInterval = 3 * 3600
}

/// Local-time presentation of instants in a given IANA zone, independent of
/// the machine's zone and locale.
public enum LocalTime {
  /// `7:10 pm CDT`-style text for `instant` in `zone`.
  public static func clock(_ instant: Date, in zone: TimeZone) -> String {
    let seconds = CalendarDate.local(instant, in: zone).seconds
    let hour = seconds / 3600
    let h12 = hour % 12 == 0 ? 12 : hour % 12
    var out = String(h12)
    out.append(":")
    CalendarDate.append(seconds / 60 % 60, width: 2, to: &out)
    out.append(hour < 12 ? " am" : " pm")
    return out
  }

  /// The zone's abbreviation at `instant` (e.g. `CDT`, `KST`), or its UTC
  /// offset (`UTC+9`) for a zone not in the table.
  ///
  /// Foundation on Linux only knows `GMT-5`-style names, so the common names
  /// of the zones our venue tables use come from this fixed table (standard,
  /// daylight), picked by whether DST is in force at `instant`.
  public static func abbreviation(_ zone: TimeZone, at instant: Date) -> String {
    if let names = abbreviations[zone.identifier] {
      return zone.isDaylightSavingTime(for: instant) ? names.1 : names.0
    }
    let seconds = zone.secondsFromGMT(for: instant)
    let sign = seconds < 0 ? "-" : "+"
    let h = abs(seconds) / 3600
    let m = (abs(seconds) % 3600) / 60
    return m == 0 ? "UTC\(sign)\(h)" : String(format: "UTC%@%d:%02d", sign, h, m)
  }

  /// (standard, daylight) abbreviations of the zones in the venue tables.
  static let abbreviations: [String: (String, String)] = [
    "America/New_York": ("EST", "EDT"), "America/Detroit": ("EST", "EDT"),
    "America/Toronto": ("EST", "EDT"), "America/Indiana/Indianapolis": ("EST", "EDT"),
    "America/Kentucky/Louisville": ("EST", "EDT"),
    "America/Chicago": ("CST", "CDT"), "America/Winnipeg": ("CST", "CDT"),
    "America/Mexico_City": ("CST", "CDT"), "America/Denver": ("MST", "MDT"),
    "America/Edmonton": ("MST", "MDT"), "America/Phoenix": ("MST", "MST"),
    "America/Los_Angeles": ("PST", "PDT"), "America/Vancouver": ("PST", "PDT"),
    "Pacific/Honolulu": ("HST", "HST"), "America/Anchorage": ("AKST", "AKDT"),
    "America/Puerto_Rico": ("AST", "AST"), "Asia/Seoul": ("KST", "KDT"),
    "Asia/Tokyo": ("JST", "JDT"), "Europe/London": ("GMT", "BST"),
    "Europe/Berlin": ("CET", "CEST"), "Europe/Paris": ("CET", "CEST"),
    "Europe/Madrid": ("CET", "CEST"), "Europe/Dublin": ("GMT", "IST"),
    "America/Sao_Paulo": ("BRT", "BRST"), "UTC": ("UTC", "UTC"),
  ]

  /// ISO 8601 with the zone's UTC offset at that instant,
  /// e.g. `2024-06-04T19:10:00-05:00`.
  public static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
    let offset = zone.secondsFromGMT(for: instant)
    let (date, seconds) = CalendarDate.utcFields(instant, offset: offset)
    var out = date.iso
    out.reserveCapacity(25)
    out.append("T")
    appendClock(seconds, to: &out)
    out.append(offset < 0 ? "-" : "+")
    CalendarDate.append(abs(offset) / 3600, width: 2, to: &out)
    out.append(":")
    CalendarDate.append((abs(offset) % 3600) / 60, width: 2, to: &out)
    return out
  }

  /// Appends `HH:MM:SS` of `seconds` since midnight (0..<86_400).
  static func appendClock(_ seconds: Int, to out: inout String) {
    CalendarDate.append(seconds / 3600, width: 2, to: &out)
    out.append(":")
    CalendarDate.append(seconds / 60 % 60, width: 2, to: &out)
    out.append(":")
    CalendarDate.append(seconds % 60, width: 2, to: &out)
  }

  /// The instant of `hour:minute` local time on `date` in `zone`.
  /// A wall time skipped by a DST jump resolves to the next valid instant.
  public static func instant(
    on date: CalendarDate, hour: Int, minute: Int, in zone: TimeZone
  ) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    var c = DateComponents()
    c.year = date.year
    c.month = date.month
    c.day = date.day
    c.hour = hour
    c.minute = minute
    return calendar.date(from: c) ?? date.utcMidnight
  }
}
