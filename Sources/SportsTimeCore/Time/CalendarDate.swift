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
      (1...CalendarDate.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// A date from fields already known to be valid (from `civil(fromDays:)`).
  private init(unchecked fields: (year: Int, month: Int, day: Int)) {
    self.year = fields.year
    self.month = fields.month
    self.day = fields.day
  }

  /// Parses ISO 8601 `YYYY-MM-DD` (e.g. `2024-06-04`), or nil when the text is
  /// not exactly that shape or not a real day.
  public init?(iso text: String) {
    guard let fields = CalendarDate.isoFields(text.utf8) else { return nil }
    self.init(year: fields.year, month: fields.month, day: fields.day)
  }

  /// `init?(iso:)` of the UTF-8 bytes `utf8` (a stored date read in place,
  /// without making a `String`); the same texts are accepted.
  public init?(isoUTF8 utf8: UnsafeBufferPointer<UInt8>) {
    guard let fields = CalendarDate.isoFields(utf8) else { return nil }
    self.init(year: fields.year, month: fields.month, day: fields.day)
  }

  /// The fields of `YYYY-MM-DD` — exactly ten ASCII bytes: four digits,
  /// '-', two digits, '-', two digits — unchecked as a day; nil for any
  /// other shape. No allocation.
  private static func isoFields<Bytes: Collection>(_ bytes: Bytes)
    -> (year: Int, month: Int, day: Int)?
  where Bytes.Element == UInt8 {
    var fields = (0, 0, 0)
    var count = 0
    for byte in bytes {
      count += 1
      guard count <= 10 else { return nil }
      if count == 5 || count == 8 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let digit = CalendarDate.digit(byte) else { return nil }
      switch count {
      case 1...4: fields.0 = fields.0 * 10 + digit
      case 6, 7: fields.1 = fields.1 * 10 + digit
      default: fields.2 = fields.2 * 10 + digit
      }
    }
    guard count == 10 else { return nil }
    return (fields.0, fields.1, fields.2)
  }

  /// Parses Retrosheet's compact `yyyymmdd` (e.g. `20240604`), or nil when the
  /// text is not eight digits naming a real day.
  public init?(compact text: String) {
    var value = 0
    var count = 0
    for byte in text.utf8 {
      count += 1
      guard count <= 8, let digit = CalendarDate.digit(byte) else { return nil }
      value = value * 10 + digit
    }
    guard count == 8 else { return nil }
    self.init(year: value / 10_000, month: (value / 100) % 100, day: value % 100)
  }

  /// The value of an ASCII digit byte, or nil for any other byte.
  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      ? Int(byte - UInt8(ascii: "0")) : nil
  }

  /// The calendar date of `instant` as seen in `timeZone` (an IANA zone).
  public init(_ instant: Date, in timeZone: TimeZone) {
    self = CalendarDate.local(instant, in: timeZone).date
  }

  /// The local date of `instant` in `timeZone` and the seconds since that
  /// date's midnight (0..<86_400, whole seconds rounded down): the zone's
  /// UTC offset at that instant added, then integer calendar arithmetic.
  static func local(_ instant: Date, in timeZone: TimeZone) -> (
    date: CalendarDate, seconds: Int
  ) {
    utcFields(instant, offset: timeZone.secondsFromGMT(for: instant))
  }

  /// The date and seconds of day of `instant` moved by `offset` seconds.
  ///
  /// Before 1582-10-15 (local) the fields come from Foundation's Gregorian
  /// calendar, which is Julian there, as they always did: instants are
  /// written and read back (`ISO8601DateFormatter`) with that calendar, and
  /// a file's old timestamps must round-trip unchanged.
  static func utcFields(_ instant: Date, offset: Int = 0) -> (date: CalendarDate, seconds: Int) {
    let t = instant.timeIntervalSince1970.rounded(.down)
    // Beyond ±2^53 s a Double has no whole-second meaning; clamp so the
    // conversion never traps (such instants are never dates we show).
    let whole = Int(min(max(t, -9.0e15), 9.0e15)) + offset
    if whole < gregorianStart {
      let c = utcCalendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second],
        from: Date(timeIntervalSince1970: Double(whole)))
      return (
        CalendarDate(unchecked: (c.year ?? 1, c.month ?? 1, c.day ?? 1)),
        (c.hour ?? 0) * 3600 + (c.minute ?? 0) * 60 + (c.second ?? 0)
      )
    }
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    return (CalendarDate(unchecked: civil(fromDays: days)), whole - days * 86_400)
  }

  /// `YYYY-MM-DD`.
  public var iso: String {
    var out = ""
    out.reserveCapacity(10)
    CalendarDate.append(year, width: 4, to: &out)
    out.append("-")
    CalendarDate.append(month, width: 2, to: &out)
    out.append("-")
    CalendarDate.append(day, width: 2, to: &out)
    return out
  }

  /// `yyyymmdd`, as in Retrosheet files and game ids.
  public var compact: String {
    var out = ""
    out.reserveCapacity(8)
    appendCompact(to: &out)
    return out
  }

  /// Appends `yyyymmdd` to `out`.
  func appendCompact(to out: inout String) {
    CalendarDate.append(year, width: 4, to: &out)
    CalendarDate.append(month, width: 2, to: &out)
    CalendarDate.append(day, width: 2, to: &out)
  }

  /// Appends `value` in decimal, zero-padded to `width` characters the way
  /// `%0*d` does (a minus sign counts towards the width).
  static func append(_ value: Int, width: Int, to out: inout String) {
    // The common cases (2, 4 and 6 digits) as pairs from a table of small
    // strings: no intermediate string, no per-digit append.
    if value >= 0 {
      switch width {
      case 2 where value < 100:
        out.append(twoDigits[value])
        return
      case 4 where value < 10_000:
        out.append(twoDigits[value / 100])
        out.append(twoDigits[value % 100])
        return
      case 6 where value < 1_000_000:
        out.append(twoDigits[value / 10_000])
        out.append(twoDigits[value / 100 % 100])
        out.append(twoDigits[value % 100])
        return
      default: break
      }
    }
    let digits = String(value.magnitude)
    if value < 0 { out.append("-") }
    let sign = value < 0 ? 1 : 0
    if digits.utf8.count + sign < width {
      out.append(String(repeating: "0", count: width - sign - digits.utf8.count))
    }
    out.append(digits)
  }

  public var description: String { iso }

  /// Days since 1970-01-01 (negative before): the day number that calendar
  /// arithmetic works on.
  var dayNumber: Int { CalendarDate.days(fromCivil: year, month, day) }

  /// Midnight UTC of this date; the anchor for calendar arithmetic only.
  var utcMidnight: Date {
    Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
  }

  /// The date `days` calendar days later (negative: earlier).
  public func adding(days: Int) -> CalendarDate {
    CalendarDate(unchecked: CalendarDate.civil(fromDays: dayNumber + days))
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
    guard (1...9999).contains(moved.year) else { return nil }
    return moved
  }

  /// Whole calendar days from `self` to `other` (positive when `other` is
  /// later). `d.days(to: d.adding(days: n)) == n`.
  public func days(to other: CalendarDate) -> Int {
    other.dayNumber - dayNumber
  }

  /// Day of week, 1 = Sunday … 7 = Saturday (Gregorian).
  public var weekday: Int {
    // 1970-01-01 was a Thursday (5).
    let n = dayNumber + 4
    return (n % 7 + 7) % 7 + 1
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

  /// "00" … "99".
  static let twoDigits: [String] = (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }

  /// 1582-10-15T00:00:00Z, where Foundation's Gregorian calendar starts
  /// (it is Julian before), in seconds since 1970.
  static let gregorianStart = -12_219_292_800

  /// Foundation's Gregorian calendar in UTC, for instants before
  /// `gregorianStart` only.
  static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    return calendar
  }()

  /// Days in `month` (1–12) of `year` (proleptic Gregorian leap rule).
  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2:
      return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
  /// `days_from_civil`, http://howardhinnant.github.io/date_algorithms.html).
  static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400  // 0...399
    let shiftedMonth = month > 2 ? month - 3 : month + 9  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` days after 1970-01-01 (Howard
  /// Hinnant's `civil_from_days`); the inverse of `days(fromCivil:)`.
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097  // 0...146096
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

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
