import Foundation

/// A calendar date — year, month, day — with no time zone.
///
/// Trip days are calendar dates: "Day 3" is June 3 wherever the traveller is
/// (DESIGN.md, "Time"). Arithmetic uses the proleptic Gregorian calendar in
/// UTC, never `+ 86_400 s`, so daylight-saving days (23 or 25 hours long)
/// cannot shift a date.
///
/// ```swift
/// let d = CalendarDate(year: 2024, month: 6, day: 30)
/// d?.adding(days: 1)   // 2024-07-01
/// ```
public struct CalendarDate: Sendable, Hashable, Comparable, Codable,
  CustomStringConvertible
{
  /// Four-digit year, e.g. 2024.
  public let year: Int
  /// Month, 1–12.
  public let month: Int
  /// Day of month, 1–31.
  public let day: Int

  /// Creates a date, or returns nil when the fields do not name a real day
  /// (e.g. February 30, month 13).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...31).contains(day)
    else { return nil }
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = day
    guard let date = CalendarDate.utcCalendar.date(from: components) else {
      return nil
    }
    let back = CalendarDate.utcCalendar.dateComponents(
      [.year, .month, .day], from: date)
    guard back.year == year, back.month == month, back.day == day else {
      return nil
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses ISO 8601 `YYYY-MM-DD` (e.g. `2024-06-04`), or nil when the text is
  /// not exactly that shape or not a real day.
  public init?(iso text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2,
      parts[2].count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
    else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// Parses Retrosheet's compact `yyyymmdd` (e.g. `20240604`), or nil when the
  /// text is not eight digits naming a real day.
  public init?(compact text: String) {
    guard text.count == 8, text.allSatisfy(\.isASCIIDigit),
      let value = Int(text)
    else { return nil }
    self.init(year: value / 10_000, month: (value / 100) % 100, day: value % 100)
  }

  /// The calendar date of `instant` as seen in `timeZone` (an IANA zone).
  public init(_ instant: Date, in timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let c = calendar.dateComponents([.year, .month, .day], from: instant)
    // A Gregorian calendar always yields these three components.
    self.year = c.year ?? 1970
    self.month = c.month ?? 1
    self.day = c.day ?? 1
  }

  /// `YYYY-MM-DD`.
  public var iso: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// `yyyymmdd`, as in Retrosheet files and game ids.
  public var compact: String {
    String(format: "%04d%02d%02d", year, month, day)
  }

  public var description: String { iso }

  /// Midnight UTC of this date; the anchor for calendar arithmetic only.
  var utcMidnight: Date {
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = day
    return CalendarDate.utcCalendar.date(from: components)
      ?? Date(timeIntervalSince1970: 0)
  }

  /// The date `days` calendar days later (negative: earlier).
  public func adding(days: Int) -> CalendarDate {
    let moved =
      CalendarDate.utcCalendar.date(byAdding: .day, value: days, to: utcMidnight)
      ?? utcMidnight
    return CalendarDate(moved, in: CalendarDate.utc)
  }

  /// The date `days` calendar days later (negative: earlier), or nil when
  /// it is not a date this type holds (years 1–9999).
  ///
  /// ```swift
  /// CalendarDate(year: 2024, month: 6, day: 4)?.addingWithinCalendar(days: -1)   // 2024-06-03
  /// CalendarDate(year: 9999, month: 12, day: 31)?.addingWithinCalendar(days: 1)  // nil
  /// ```
  public func addingWithinCalendar(days: Int) -> CalendarDate? {
    // 0001-01-01 to 9999-12-31 is 3,652,058 days: farther is never a date.
    guard abs(days) <= 3_652_059 else { return nil }
    let moved = adding(days: days)
    guard (1...9999).contains(moved.year), days == self.days(to: moved) else { return nil }
    return moved
  }

  /// Whole calendar days from `self` to `other` (positive when `other` is
  /// later). `d.days(to: d.adding(days: n)) == n`.
  public func days(to other: CalendarDate) -> Int {
    CalendarDate.utcCalendar.dateComponents(
      [.day], from: utcMidnight, to: other.utcMidnight
    ).day ?? 0
  }

  /// Day of week, 1 = Sunday … 7 = Saturday (Gregorian).
  public var weekday: Int {
    CalendarDate.utcCalendar.component(.weekday, from: utcMidnight)
  }

  /// English weekday name, e.g. "Tuesday".
  public var weekdayName: String {
    CalendarDate.weekdayNames[weekday - 1]
  }

  /// Short human form, e.g. "Tue, Jun 4, 2024" (English, fixed format so
  /// output never depends on the machine's locale).
  public var longDescription: String {
    "\(weekdayName.prefix(3)), \(CalendarDate.monthNames[month - 1].prefix(3)) \(day), \(year)"
  }

  /// Short form without year, e.g. "Jun 4".
  public var shortDescription: String {
    "\(CalendarDate.monthNames[month - 1].prefix(3)) \(day)"
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Encodes as the ISO string `YYYY-MM-DD`.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }

  /// Decodes from the ISO string `YYYY-MM-DD`.
  /// - Throws: `DecodingError.dataCorrupted` for any other text.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date")
    }
    self = date
  }

  static let utc =
    TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)
    ?? TimeZone.current

  static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    return calendar
  }()

  static let weekdayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
    "Saturday",
  ]
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
  ]
}

extension Character {
  /// True for the ASCII digits 0–9 only (not other Unicode digits).
  var isASCIIDigit: Bool { ("0"..."9").contains(self) && isASCII }
}
