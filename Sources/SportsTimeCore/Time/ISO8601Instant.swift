import Foundation

/// Reads an instant typed as an ISO 8601 / RFC 3339 date and time with a
/// zone, in every form a person writes one.
///
/// Accepted, in the extended form (with `-` and `:`) or the basic form
/// (without), and mixed:
/// - the date as calendar date `2024-06-05` / `20240605`, ordinal date
///   `2024-157` / `2024157`, or week date `2024-W23-3` / `2024W233`;
/// - `T`, `t` or one space between date and time (RFC 3339 §5.6);
/// - the time as `12`, `12:00`, `12:00:30` (basic `1200`, `120030`), the last
///   part with any decimal fraction after `.` or `,` (`12:00:00.5`,
///   `12:00,25`); `24:00` is the end of the day; second 60 (a leap second)
///   is read as the first second of the next minute;
/// - the zone as `Z` / `z` (UTC), or an offset `+02:00`, `+0200`, `+02`,
///   `-05:00`, `−05:00` (U+2212) up to ±23:59; `-00:00` is UTC.
///
/// Refused, with the reason: a date alone (it does not say when in the day,
/// and its UTC start is the previous evening in the Americas), a date and
/// time without a zone (a local time names no instant), and any other text.
///
/// ```swift
/// try ISO8601Instant.parse("2024-06-05T12:00Z")           // 2024-06-05 12:00:00 UTC
/// try ISO8601Instant.parse("2024-06-05T12:00:00.5+02:00") // 2024-06-05 10:00:00.5 UTC
/// try ISO8601Instant.parse("2024-06-05")                  // throws: a date alone …
/// ```
public enum ISO8601Instant {
  /// Example forms, for messages listing what is accepted.
  public static let examples = [
    "2024-06-05T12:00:00Z", "2024-06-05T12:00Z", "2024-06-05T12:00:00.5Z",
    "2024-06-05T08:00-04:00", "20240605T120000+0200",
  ]

  /// Parses `text` (white space around it is ignored).
  /// - Returns: the instant (UTC), to the precision of a `Double`.
  /// - Throws: `ISO8601InstantError` saying what is missing or wrong.
  public static func parse(_ text: String) throws -> Date {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    func fail(_ reason: String) -> ISO8601InstantError { ISO8601InstantError(reason: reason) }
    guard
      let separator = trimmed.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " })
    else {
      if date(trimmed) != nil {
        throw fail(
          "a date alone does not say when in the day; add a time and a zone, e.g. \(trimmed)T12:00Z"
        )
      }
      throw fail("it is not a date and time")
    }
    let dateText = String(trimmed[..<separator])
    guard let day = date(dateText) else {
      let forms = "YYYY-MM-DD, YYYY-DDD or YYYY-Www-D"
      guard dateText.count <= 10, dateText.prefix(4).allSatisfy(\.isASCIIDigit), dateText.count >= 4
      else { throw fail("it does not start with a date (\(forms))") }
      throw fail("'\(dateText)' is not a date (\(forms))")
    }
    let rest = String(trimmed[trimmed.index(after: separator)...])
    // The zone: a final Z, or the first sign (the time itself has none).
    let timeText: String
    let offset: Int
    if let last = rest.last, last == "Z" || last == "z" {
      timeText = String(rest.dropLast())
      offset = 0
    } else if let sign = rest.firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "−" }) {
      timeText = String(rest[..<sign])
      guard let seconds = offsetSeconds(String(rest[sign...])) else {
        throw fail(
          "'\(rest[sign...])' is not a UTC offset (Z, +HH:MM, +HHMM or +HH, up to ±23:59)")
      }
      offset = seconds
    } else {
      throw fail("it has no zone; add Z for UTC or an offset such as +02:00")
    }
    guard let seconds = secondsOfDay(timeText) else {
      throw fail("'\(timeText)' is not a time of day (HH:MM, HH:MM:SS or HH:MM:SS.fff)")
    }
    return Date(
      timeIntervalSince1970: day.utcMidnight.timeIntervalSince1970 + seconds - Double(offset))
  }

  /// A calendar, ordinal or week date, extended or basic.
  static func date(_ text: String) -> CalendarDate? {
    let chars = Array(text)
    func number(_ slice: ArraySlice<Character>) -> Int? {
      guard !slice.isEmpty, slice.allSatisfy(\.isASCIIDigit) else { return nil }
      return Int(String(slice))
    }
    guard chars.count >= 7, let year = number(chars[0..<4]) else { return nil }
    let tail = chars[4...].first == "-" ? Array(chars[5...]) : Array(chars[4...])
    let extended = chars[4] == "-"
    if tail.first == "W" {
      // Week date: Www-D or WwwD.
      let body = Array(tail.dropFirst())
      let parts: (Int?, Int?)
      if extended {
        guard body.count == 4, body[2] == "-" else { return nil }
        parts = (number(body[0..<2]), number(body[3...]))
      } else {
        guard body.count == 3 else { return nil }
        parts = (number(body[0..<2]), number(body[2...]))
      }
      guard let week = parts.0, let weekday = parts.1 else { return nil }
      return weekDate(year: year, week: week, weekday: weekday)
    }
    if extended, tail.count == 5, tail[2] == "-" {
      guard let month = number(tail[0..<2]), let day = number(tail[3...]) else { return nil }
      return CalendarDate(year: year, month: month, day: day)
    }
    if !extended, tail.count == 4 {
      guard let month = number(tail[0..<2]), let day = number(tail[2...]) else { return nil }
      return CalendarDate(year: year, month: month, day: day)
    }
    if tail.count == 3, let ordinal = number(tail[0...]) {
      guard let january1 = CalendarDate(year: year, month: 1, day: 1), ordinal >= 1,
        let december31 = CalendarDate(year: year, month: 12, day: 31),
        ordinal <= january1.days(to: december31) + 1
      else { return nil }
      return january1.adding(days: ordinal - 1)
    }
    return nil
  }

  /// The date of ISO week `week` (1…52 or 53), weekday 1 = Monday … 7.
  static func weekDate(year: Int, week: Int, weekday: Int) -> CalendarDate? {
    guard (1...7).contains(weekday), let january4 = CalendarDate(year: year, month: 1, day: 4),
      let nextJanuary4 = CalendarDate(year: year + 1, month: 1, day: 4)
    else { return nil }
    // Monday-based weekday: Sunday (1) → 7.
    func isoWeekday(_ d: CalendarDate) -> Int { (d.weekday + 5) % 7 + 1 }
    let week1 = january4.adding(days: 1 - isoWeekday(january4))
    let nextWeek1 = nextJanuary4.adding(days: 1 - isoWeekday(nextJanuary4))
    let weeks = week1.days(to: nextWeek1) / 7
    guard (1...weeks).contains(week) else { return nil }
    return week1.adding(days: (week - 1) * 7 + weekday - 1)
  }

  /// Seconds since midnight of `HH[:MM[:SS]][.fff]` (or basic), 0…86 400.
  static func secondsOfDay(_ text: String) -> Double? {
    var body = Substring(text)
    var fraction = 0.0
    if let mark = body.firstIndex(where: { $0 == "." || $0 == "," }) {
      let digits = body[body.index(after: mark)...]
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Double("0." + digits)
      else { return nil }
      fraction = value
      body = body[..<mark]
    }
    let parts: [Substring]
    if body.contains(":") {
      parts = body.split(separator: ":", omittingEmptySubsequences: false)
    } else {
      guard [2, 4, 6].contains(body.count) else { return nil }
      parts = stride(from: 0, to: body.count, by: 2).map {
        let start = body.index(body.startIndex, offsetBy: $0)
        return body[start..<body.index(start, offsetBy: 2)]
      }
    }
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    let values = parts.compactMap { Int($0) }
    let hour = values[0]
    let minute = values.count > 1 ? values[1] : 0
    let second = values.count > 2 ? values[2] : 0
    guard hour <= 24, minute <= 59, second <= 60 else { return nil }
    if hour == 24 { guard minute == 0, second == 0, fraction == 0 else { return nil } }
    if second == 60 { guard fraction == 0 else { return nil } }
    let unit = [3600.0, 60, 1][values.count - 1]
    return Double(hour * 3600 + minute * 60 + second) + fraction * unit
  }

  /// Seconds east of UTC of `+HH:MM`, `+HHMM`, `+HH` (or `-`, `−`).
  static func offsetSeconds(_ text: String) -> Int? {
    guard let signCharacter = text.first else { return nil }
    let sign = signCharacter == "+" ? 1 : -1
    var digits = String(text.dropFirst())
    if digits.count == 5, digits[digits.index(digits.startIndex, offsetBy: 2)] == ":" {
      digits.remove(at: digits.index(digits.startIndex, offsetBy: 2))
    }
    if digits.count == 2 { digits += "00" }
    guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
      let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2)),
      hours <= 23, minutes <= 59
    else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }
}

/// Why a text is not an instant `ISO8601Instant.parse(_:)` reads.
public struct ISO8601InstantError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is missing or wrong, in words ("it has no zone; add Z for UTC …").
  public var reason: String
  public var description: String { reason }
}
