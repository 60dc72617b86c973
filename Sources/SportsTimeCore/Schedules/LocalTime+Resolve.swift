import Foundation

/// A wall-clock time on a date in an IANA zone, turned into the instant it
/// names (`LocalTime.resolve(_:on:inZone:place:)`).
public struct ResolvedLocalTime: Sendable, Hashable {
  /// The instant (UTC). When the time happens twice, the first occurrence.
  public var instant: Date
  /// The second occurrence when clocks go back over the time (the repeated
  /// hour of a return to standard time), else nil.
  public var repeatedAt: Date?
  /// Says which occurrence was taken when the time happens twice, e.g.
  /// "1:30 am happens twice on Sun, Nov 3, 2024 in Los Angeles (clocks go
  /// back from 2:00 to 1:00); the first, 1:30 am PDT, is used."; nil when
  /// the time happens once.
  public var warning: String?

  /// Creates a resolution; see the properties.
  public init(instant: Date, repeatedAt: Date? = nil, warning: String? = nil) {
    self.instant = instant
    self.repeatedAt = repeatedAt
    self.warning = warning
  }
}

/// Why a wall-clock time names no instant.
public enum LocalTimeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The zone id is not an IANA zone this system knows.
  case unknownZone(String)
  /// Clocks skip the time on that date there (the gap of a change to
  /// daylight saving time): `from` is the last wall time before the jump
  /// (exclusive), `to` the first after it.
  case nonexistent(
    time: ClockTime, date: CalendarDate, place: String, from: ClockTime?, to: ClockTime?)

  public var description: String {
    switch self {
    case .unknownZone(let id):
      let shown = TextNormalization.name(String(id.prefix(80)))
      return "'\(shown)\(id.count > 80 ? "…" : "")' is not an IANA time zone"
    case .nonexistent(let time, let date, let place, let from, let to):
      let jump =
        if let from, let to {
          ": clocks jump from \(from.shortDescription) to \(to.shortDescription)"
        } else {
          ": clocks there skip that time"
        }
      return
        "\(time.twelveHourDescription) does not exist on \(date.longDescription) in \(place)\(jump)"
    }
  }
}

extension LocalTime {
  /// Turns a wall-clock time on a date in a zone into the instant it names.
  ///
  /// A time that clocks skip there and then (the gap of a change to daylight
  /// saving time: 2:30 am on Sun, Mar 10, 2024 in Los Angeles) names no
  /// instant and is refused. A time that happens twice (the repeated hour of
  /// a return to standard time: 1:30 am on Sun, Nov 3, 2024) is taken at its
  /// first occurrence (the daylight-saving one, as RFC 5545 §3.3.5 reads a
  /// local time), and the result says so in `warning`.
  ///
  /// ```swift
  /// let la = "America/Los_Angeles"
  /// try LocalTime.resolve(ClockTime("02:30")!, on: mar10, inZone: la)
  /// // throws "2:30 am does not exist on Sun, Mar 10, 2024 in Los Angeles:
  /// //   clocks jump from 2:00 to 3:00"
  /// try LocalTime.resolve(ClockTime("01:30")!, on: nov3, inZone: la).instant
  /// // 2024-11-03T08:30:00Z (1:30 am PDT; 09:30Z, PST, is `repeatedAt`)
  /// ```
  ///
  /// The answer depends only on the zone's rules (the system's tz database),
  /// never on the machine's zone.
  /// - Parameters:
  ///   - time: the wall-clock time, minutes precision.
  ///   - date: the local calendar date.
  ///   - zoneID: an IANA zone id, e.g. `America/Los_Angeles`.
  ///   - place: the place named in messages (a city); default the zone's
  ///     own city (`America/Los_Angeles` → "Los Angeles").
  /// - Returns: the instant, and the second occurrence and a warning when
  ///   the time happens twice.
  /// - Throws: `LocalTimeError.nonexistent` for a skipped time (the message
  ///   names the jump), `.unknownZone` for an id the system does not know.
  public static func resolve(
    _ time: ClockTime, on date: CalendarDate, inZone zoneID: String, place: String? = nil
  ) throws -> ResolvedLocalTime {
    guard let zone = TimeZone(identifier: zoneID) else { throw LocalTimeError.unknownZone(zoneID) }
    let placeName = place ?? cityName(ofZone: zoneID)
    // The wall time read as if it were UTC; an instant t shows this wall
    // time in `zone` exactly when t = wall − offset(t).
    let wall = date.utcMidnight.timeIntervalSince1970 + Double(time.hour * 3600 + time.minute * 60)
    func offset(_ t: Double) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: t)) }
    let probes = [-48.0, -24, -12, 0, 12, 24, 48].map { offset(wall + $0 * 3600) }
    let candidates = Set(probes).map { wall - Double($0) }.filter {
      Double(offset($0)) == wall - $0
    }.sorted()
    guard let first = candidates.first else {
      // Skipped: the jump is the one instant between the two readings.
      var from: ClockTime?
      var to: ClockTime?
      let before = offset(wall - 86_400)
      let after = offset(wall + 86_400)
      // A jump of a whole day (Samoa, Dec 30, 2011) has no times to name.
      if after > before, after - before < 86_400,
        let jump = transition(after: wall - Double(after), upTo: wall - Double(before), offset)
      {
        from = clockTime(jump + Double(offset(jump - 1)))
        to = clockTime(jump + Double(offset(jump)))
      }
      throw LocalTimeError.nonexistent(
        time: time, date: date, place: placeName, from: from, to: to)
    }
    guard let last = candidates.last, last != first else {
      return ResolvedLocalTime(instant: Date(timeIntervalSince1970: first))
    }
    var back = ""
    if let jump = transition(after: first, upTo: last, offset) {
      let from = clockTime(jump + Double(offset(jump - 1)))
      let to = clockTime(jump + Double(offset(jump)))
      if let from, let to {
        back = " (clocks go back from \(from.shortDescription) to \(to.shortDescription))"
      }
    }
    let instant = Date(timeIntervalSince1970: first)
    let warning =
      "\(time.twelveHourDescription) happens twice on \(date.longDescription) in \(placeName)\(back); the first, \(time.twelveHourDescription) \(abbreviation(zone, at: instant)), is used."
    return ResolvedLocalTime(
      instant: instant, repeatedAt: Date(timeIntervalSince1970: last), warning: warning)
  }

  /// The first whole second in `(start, end]` whose UTC offset differs from
  /// the offset at `start`, found by bisection; nil when there is none.
  private static func transition(
    after start: Double, upTo end: Double, _ offset: (Double) -> Int
  ) -> Double? {
    var low = start.rounded(.down)
    var high = end.rounded(.up)
    let base = offset(low)
    guard offset(high) != base else { return nil }
    while high - low > 1 {
      let middle = ((low + high) / 2).rounded(.down)
      if offset(middle) == base { low = middle } else { high = middle }
    }
    return high
  }

  /// The wall-clock time of a wall reading (seconds since 1970 as if UTC).
  private static func clockTime(_ wall: Double) -> ClockTime? {
    let secondsOfDay = Int(wall.truncatingRemainder(dividingBy: 86_400) + 86_400) % 86_400
    return ClockTime(hour: secondsOfDay / 3600, minute: (secondsOfDay % 3600) / 60)
  }

  /// The city an IANA zone is named after: its last part with spaces for
  /// underscores (`America/Los_Angeles` → "Los Angeles",
  /// `America/Indiana/Indianapolis` → "Indianapolis", `UTC` → "UTC").
  public static func cityName(ofZone zoneID: String) -> String {
    let last = zoneID.split(separator: "/").last.map(String.init) ?? zoneID
    return last.replacingOccurrences(of: "_", with: " ")
  }
}
