import Foundation

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
    "Europe/Prague": ("CET", "CEST"), "Europe/Stockholm": ("CET", "CEST"),
    "Europe/Rome": ("CET", "CEST"), "Europe/Amsterdam": ("CET", "CEST"),
    "Europe/Helsinki": ("EET", "EEST"), "Australia/Sydney": ("AEST", "AEDT"),
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
  ///
  /// Away from a change of the zone's UTC offset (no change within three
  /// hours either side, which holds for all but a few hours a year) the
  /// wall time has exactly one instant, found with the zone's offset alone;
  /// near one, Foundation's Gregorian calendar decides, as it always did.
  /// (A calendar per call was a fifth of a schedule import.)
  public static func instant(
    on date: CalendarDate, hour: Int, minute: Int, in zone: TimeZone
  ) -> Date {
    if (0..<24).contains(hour), (0..<60).contains(minute), date.year >= 1900 {
      let wall = Double(date.dayNumber * 86_400 + hour * 3600 + minute * 60)
      let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
      let candidate = wall - Double(offset)
      let margin = 3.0 * 3600
      if zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)) == offset,
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate - margin)) == offset,
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate + margin)) == offset
      {
        return Date(timeIntervalSince1970: candidate)
      }
    }
    return calendarInstant(on: date, hour: hour, minute: minute, in: zone)
  }

  /// `instant(on:hour:minute:in:)` by Foundation's Gregorian calendar.
  static func calendarInstant(
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
