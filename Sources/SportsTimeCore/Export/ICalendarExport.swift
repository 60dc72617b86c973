import Foundation

/// A trip as an iCalendar file (RFC 5545), one VEVENT per row of the
/// trip's days, in layout order (DESIGN.md, "one ordering function").
///
/// - Games: timed events in UTC (RFC 5545 §3.3.5, form #2), from the first
///   pitch for `Game.duration` (3 hours); an estimated start says so in
///   DESCRIPTION; a cancelled game has `STATUS:CANCELLED`.
/// - Custom items with a time: timed events of 1 hour, their time being
///   local to `CustomInfo.timeZoneID` on the item's date, converted to UTC
///   (a time whose zone is unknown is written as a floating local time,
///   §3.3.5 form #1).
/// - Travel legs and custom items without a time: all-day events
///   (`DTSTART;VALUE=DATE`, `DTEND;VALUE=DATE` the next day — DTEND is
///   exclusive, §3.6.1), `TRANSP:TRANSPARENT`. A leg's DESCRIPTION starts
///   with its mode: "Drive Chicago → Milwaukee: about 92 mi, …" or "Flight
///   Seoul → Los Angeles: about …".
/// - A game's LOCATION is its venue by the name in force on the game's date.
/// - Unscheduled rows (outside the trip's days) are not exported: they have
///   no date in the trip. `trip show` and the Markdown export list them.
///
/// Every VEVENT has a stable `UID` (`<row id>@<trip id>.sportstime`, §3.8.4.7)
/// and a `DTSTAMP` (§3.8.7.2) taken from the data's own modification time —
/// the item's `modifiedAt`, or the trip's for games — never the clock, so
/// the same trip always exports the same bytes. Lines end with CRLF and are
/// folded at 75 octets without splitting a UTF-8 sequence (§3.1); TEXT
/// values are escaped (§3.3.11).
public enum ICalendarExport {
  /// The `PRODID` (§3.7.3).
  public static let productID = "-//SportsTime//sportstime 0.1//EN"

  /// The longest content line, in octets, excluding the CRLF (§3.1).
  public static let lineLimit = 75

  /// The calendar of `itinerary`'s days.
  /// - Parameters:
  ///   - itinerary: the trip; rows come from `itinerary.layout.rows`.
  ///   - catalog: venue names, cities, coordinates and team names.
  ///   - metric: travel distances in kilometres in DESCRIPTION (default miles).
  /// - Returns: the whole file, CRLF line ends, ending with CRLF.
  /// - Complexity: O(n) for n rows.
  public static func render(_ itinerary: Itinerary, catalog: Catalog, metric: Bool = false)
    -> String
  {
    String(decoding: bytes(itinerary, catalog: catalog, metric: metric), as: UTF8.self)
  }

  /// The file `render` returns, as its UTF-8 bytes (no copy into a
  /// `String`).
  /// - Complexity: O(n) for n rows.
  public static func bytes(_ itinerary: Itinerary, catalog: Catalog, metric: Bool = false)
    -> [UInt8]
  {
    let trip = itinerary.trip
    let tripID = trip.id.description
    var out = ContentLines(capacity: 1024 + 700 * itinerary.layout.rows.count)
    out.literal("BEGIN:VCALENDAR")
    out.literal("VERSION:2.0")
    out.text("PRODID:", productID)
    out.literal("CALSCALE:GREGORIAN")
    out.text("X-WR-CALNAME:", trip.name)
    for row in itinerary.layout.rows {
      let date = itinerary.schedule.date(ofDay: row.day)
      var event = Event(
        uid: (row.id.description, tripID), stamp: trip.modifiedAt, timing: .allDay(date))
      switch row.content {
      case .day: continue
      case .game(let g):
        gameEvent(g, event: &event, itinerary: itinerary, catalog: catalog)
      case .item(let item):
        event.stamp = item.modifiedAt
        event.summary = item.title
        switch item.kind {
        case .game: continue
        case .travel(let info):
          event.timing = .allDay(date)
          event.category = TravelInfo.label
          event.description =
            "\(info.mode.label) \(info.title): about \(ExportSupport.distance(info.distanceMeters, metric: metric)), \(ExportSupport.duration(info.durationSeconds))"
            + (info.mode == .flight ? " with the time at airports (estimate)." : " (estimate).")
        case .custom(let info):
          event.category = info.category.label
          if let instant = ExportSupport.instant(of: info, on: date) {
            event.timing = .utc(instant, instant.addingTimeInterval(3600))
          } else if let time = info.time {
            event.timing = .floating(date, time)
          } else {
            event.timing = .allDay(date)
          }
          event.location = info.address
          event.geo = info.coordinate
          event.description = info.category.label
        }
      }
      event.write(to: &out)
    }
    out.literal("END:VCALENDAR")
    return out.bytes
  }

  private static func gameEvent(
    _ g: PlacedGame, event: inout Event, itinerary: Itinerary, catalog: Catalog
  ) {
    let game = g.game
    event.summary = g.title
    event.timing = .utc(game.start, game.end)
    event.category = "Game"
    let venue = ExportSupport.venue(of: g, in: itinerary, catalog: catalog)
    event.location = ExportSupport.venueText(of: g, in: itinerary, catalog: catalog)
    event.geo = venue?.coordinate
    // MLB teams by their full names; other sports' codes as they are.
    let mlbTeams = game.sport == .mlb ? catalog.teams : [:]
    let away = mlbTeams[game.awayTeamID]?.fullName ?? game.awayTeamID
    let home = mlbTeams[game.homeTeamID]?.fullName ?? game.homeTeamID
    // The notes, one a line, built as one string (no array to join).
    var notes = "\(away) at \(home), \(ExportSupport.gameClock(game)) local time."
    notes.reserveCapacity(notes.utf8.count + 120)
    if game.timeUnknown {
      notes += "\nStart time unknown (TBD): shown as a night game; the time is an estimate."
    } else if game.timeEstimated {
      notes += "\nStart time is an estimate (the schedule gives only day or night)."
    }
    if game.status == .rescheduled, let original = game.originalDate {
      notes += "\nMoved from \(original.longDescription)."
    }
    if game.status == .cancelled {
      event.status = "CANCELLED"
      notes += "\nCancelled" + (game.postponementReason.map { " (\($0))." } ?? ".")
    }
    notes += "\n" + ExportSupport.scheduleCredit([game.sport])
    event.description = notes
  }

  /// When an event happens.
  private enum Timing {
    /// From one instant to another, written in UTC.
    case utc(Date, Date)
    /// A floating local time of 1 hour on a date (the zone is unknown).
    case floating(CalendarDate, ClockTime)
    /// The whole day.
    case allDay(CalendarDate)
  }

  /// One VEVENT's properties.
  private struct Event {
    /// `<row id>@<trip id>.sportstime`, written from its parts.
    var uid: (rowID: String, tripID: String)
    var stamp: Date
    var timing: Timing
    var summary = ""
    var location: String?
    var geo: Coordinate?
    var description: String?
    var category: String?
    var status: String?

    init(uid: (rowID: String, tripID: String), stamp: Date, timing: Timing) {
      self.uid = uid
      self.stamp = stamp
      self.timing = timing
    }

    /// Writes the content lines, in a fixed order.
    func write(to out: inout ContentLines) {
      out.literal("BEGIN:VEVENT")
      out.uid(row: uid.rowID, trip: uid.tripID)
      out.stamp("DTSTAMP:", stamp, utc: true)
      switch timing {
      case .utc(let start, let end):
        out.stamp("DTSTART:", start, utc: true)
        out.stamp("DTEND:", end, utc: true)
      case .floating(let date, let time):
        let start = LocalTime.instant(
          on: date, hour: time.hour, minute: time.minute, in: ExportSupport.utc)
        out.stamp("DTSTART:", start, utc: false)
        out.stamp("DTEND:", start.addingTimeInterval(3600), utc: false)
      case .allDay(let date):
        out.date("DTSTART;VALUE=DATE:", date)
        out.date("DTEND;VALUE=DATE:", date.adding(days: 1))
      }
      out.text("SUMMARY:", summary)
      if let location { out.text("LOCATION:", location) }
      if let geo { out.geo(geo) }
      if let description { out.text("DESCRIPTION:", description) }
      if let category { out.text("CATEGORIES:", category) }
      if let status { out.line(named: "STATUS:", status) }
      if case .allDay = timing { out.literal("TRANSP:TRANSPARENT") }
      out.literal("END:VEVENT")
    }
  }

  /// The file being written: content lines folded (`appendFolded`) into
  /// one UTF-8 buffer, each ended by CRLF. A line is written straight into
  /// the file's buffer; only a line longer than `lineLimit` octets is moved
  /// out and folded back in (most lines are short: no copy, no `String`).
  struct ContentLines {
    /// The file so far.
    private(set) var bytes: [UInt8] = []
    /// A long line being folded (reused).
    private var current: [UInt8] = []
    /// Where the content line being written starts in `bytes`.
    private var lineStart = 0
    /// The `GEO` line of each point written so far: a trip's games share a
    /// few venues, and formatting the degrees (`FixedPoint.text`) was a
    /// noticeable share of a long trip's export.
    private var geoLines: [Coordinate: [UInt8]] = [:]

    init(capacity: Int) {
      bytes.reserveCapacity(capacity)
      current.reserveCapacity(256)
    }

    /// Writes `line` as it is.
    mutating func line(_ line: String) {
      lineStart = bytes.count
      bytes.append(contentsOf: line.utf8)
      finish()
    }

    /// Writes `name` and then `value` as they are.
    mutating func line(named name: StaticString, _ value: String) {
      begin(name)
      bytes.append(contentsOf: value.utf8)
      finish()
    }

    /// Writes `name` and `date.compact` (`yyyymmdd`), the digits put in
    /// place (a `CalendarDate`'s year has four digits: 1…9999).
    mutating func date(_ name: StaticString, _ date: CalendarDate) {
      begin(name)
      guard (1...9999).contains(date.year) else {
        bytes.append(contentsOf: date.compact.utf8)
        finish()
        return
      }
      let zero = UInt8(ascii: "0")
      let (y, m, d) = (date.year, date.month, date.day)
      bytes.append(zero + UInt8(y / 1000))
      bytes.append(zero + UInt8(y / 100 % 10))
      bytes.append(zero + UInt8(y / 10 % 10))
      bytes.append(zero + UInt8(y % 10))
      bytes.append(zero + UInt8(m / 10))
      bytes.append(zero + UInt8(m % 10))
      bytes.append(zero + UInt8(d / 10))
      bytes.append(zero + UInt8(d % 10))
      finish()
    }

    /// Writes the literal line `line` as it is.
    mutating func literal(_ line: StaticString) {
      begin(line)
      finish()
    }

    /// Writes `GEO:<latitude>;<longitude>` (`ExportSupport.degrees`).
    mutating func geo(_ point: Coordinate) {
      if let line = geoLines[point] {
        line.withUnsafeBufferPointer { ICalendarExport.appendFolded($0, to: &bytes) }
        return
      }
      let line = Array(
        ("GEO:" + ExportSupport.degrees(point.latitude) + ";"
          + ExportSupport.degrees(point.longitude)).utf8)
      geoLines[point] = line
      line.withUnsafeBufferPointer { ICalendarExport.appendFolded($0, to: &bytes) }
    }

    /// Writes `name` (with its `:`) and `value` as a TEXT value
    /// (`ICalendarExport.text`).
    mutating func text(_ name: StaticString, _ value: String) {
      begin(name)
      ICalendarExport.appendText(value, to: &bytes)
      finish()
    }

    /// Writes `UID:<row id>@<trip id>.sportstime` as a TEXT value
    /// (`ICalendarExport.text` of the joined string; the parts are
    /// escaped one by one, which is the same: the one byte whose escape
    /// depends on the byte before it, a line feed after CR, never starts
    /// a part, and `@` and `.sportstime` need no escape).
    mutating func uid(row rowID: String, trip tripID: String) {
      begin("UID:")
      ICalendarExport.appendText(rowID, to: &bytes)
      bytes.append(UInt8(ascii: "@"))
      ICalendarExport.appendText(tripID, to: &bytes)
      let tail: StaticString = ".sportstime"
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: tail.utf8Start, count: tail.utf8CodeUnitCount))
      finish()
    }

    /// Writes `name` and the UTC fields of `instant` as `utcStamp`
    /// (`utc`) or `floatingStamp` write them, digits put in place.
    mutating func stamp(_ name: StaticString, _ instant: Date, utc: Bool) {
      begin(name)
      let (date, seconds) = CalendarDate.utcFields(instant)
      if (0...9999).contains(date.year) {
        func put(_ value: Int, _ width: Int) {
          var divisor = 1
          for _ in 1..<width { divisor *= 10 }
          while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
          }
        }
        put(date.year, 4)
        put(date.month, 2)
        put(date.day, 2)
        bytes.append(UInt8(ascii: "T"))
        put(seconds / 3600, 2)
        put(seconds / 60 % 60, 2)
        put(seconds % 60, 2)
      } else {
        bytes.append(contentsOf: ICalendarExport.floatingStamp(instant).utf8)
      }
      if utc { bytes.append(UInt8(ascii: "Z")) }
      finish()
    }

    private mutating func begin(_ name: StaticString) {
      lineStart = bytes.count
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Ends the line written since `lineStart`: CRLF, or folded when long.
    private mutating func finish() {
      let length = bytes.count - lineStart
      guard length > ICalendarExport.lineLimit else {
        bytes.append(UInt8(ascii: "\r"))
        bytes.append(UInt8(ascii: "\n"))
        return
      }
      current.removeAll(keepingCapacity: true)
      current.append(contentsOf: bytes[lineStart...])
      bytes.removeLast(length)
      current.withUnsafeBufferPointer { ICalendarExport.appendFolded($0, to: &bytes) }
    }
  }

  /// `20240604T231000Z`: UTC date-time, whole seconds (§3.3.5 form #2).
  static func utcStamp(_ instant: Date) -> String { floatingStamp(instant) + "Z" }

  /// `20240604T231000`: the UTC fields of `instant` without the `Z`.
  static func floatingStamp(_ instant: Date) -> String {
    let (date, seconds) = CalendarDate.utcFields(instant)
    var out = ""
    out.reserveCapacity(16)
    date.appendCompact(to: &out)
    out.append("T")
    CalendarDate.append(seconds / 3600, width: 2, to: &out)
    CalendarDate.append(seconds / 60 % 60, width: 2, to: &out)
    CalendarDate.append(seconds % 60, width: 2, to: &out)
    return out
  }

  /// `s` as an RFC 5545 TEXT value (§3.3.11): backslash, semicolon and comma
  /// escaped with a backslash, line breaks (LF, CRLF or CR) as `\n`; other
  /// C0 controls and DEL, which TEXT cannot hold, are dropped (tab is kept),
  /// and so are C1 controls, which a terminal could act on.
  public static func text(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    appendText(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `text(s)`'s UTF-8 to `out`. Every byte the escapes act on is
  /// ASCII, which never occurs inside a multi-byte sequence, and a C1
  /// control is the two bytes `C2 80`–`C2 9F`, so the bytes can be read one
  /// by one; runs that need no change are copied whole.
  static func appendText(_ s: String, to out: inout [UInt8]) {
    var s = s
    s.withUTF8 { utf8 in
      let n = utf8.count
      var run = 0
      var i = 0
      var previousWasCR = false
      func flush(_ end: Int) {
        if run < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<end])) }
      }
      while i < n {
        let b = utf8[i]
        let wasCR = previousWasCR
        previousWasCR = b == UInt8(ascii: "\r")
        switch b {
        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
          flush(i)
          out.append(UInt8(ascii: "\\"))
          out.append(b)
          i += 1
          run = i
        case UInt8(ascii: "\n") where wasCR:
          flush(i)
          i += 1
          run = i
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
          flush(i)
          out.append(UInt8(ascii: "\\"))
          out.append(UInt8(ascii: "n"))
          i += 1
          run = i
        case UInt8(ascii: "\t"):
          i += 1
        case 0..<0x20, 0x7F:
          flush(i)
          i += 1
          run = i
        case 0xC2 where i + 1 < n && (0x80...0x9F).contains(utf8[i + 1]):
          flush(i)
          i += 2
          run = i
        default:
          i += 1
        }
      }
      flush(n)
    }
  }

  /// Folds one content line (§3.1): pieces of at most `lineLimit` octets,
  /// continuation pieces starting with one space (which counts). Breaks fall
  /// between characters (grapheme clusters) and, for a single character
  /// longer than a line, between Unicode scalars — never inside a UTF-8
  /// sequence.
  /// - Returns: the physical lines, without line ends.
  public static func fold(_ line: String) -> [String] {
    var starts = [line.startIndex]
    starts += foldBreaks(line)
    starts.append(line.endIndex)
    return (0..<starts.count - 1).map { i in
      let piece = String(Substring(line.unicodeScalars[starts[i]..<starts[i + 1]]))
      return i == 0 ? piece : " " + piece
    }
  }

  /// Appends `line` folded (`fold(_:)`), each physical line ended by CRLF.
  static func appendFolded(_ line: String, to out: inout String) {
    var bytes: [UInt8] = []
    var line = line
    line.withUTF8 { appendFolded($0, to: &bytes) }
    out.append(String(decoding: bytes, as: UTF8.self))
  }

  /// Appends the UTF-8 content line `line` folded (`fold(_:)`), each
  /// physical line ended by CRLF. An ASCII line without CR is cut every
  /// `lineLimit` octets (then `lineLimit - 1`, after the space); any other
  /// line longer than a line is cut where `foldBreaks` says.
  static func appendFolded(_ line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    let crlf: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    guard line.count > lineLimit else {
      out.append(contentsOf: line)
      out.append(contentsOf: crlf)
      return
    }
    var breaks: [Int] = []
    if line.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
      var offset = lineLimit
      while offset < line.count {
        breaks.append(offset)
        offset += lineLimit - 1
      }
    } else {
      let text = String(decoding: line, as: UTF8.self)
      breaks = foldBreaks(text).map { text.utf8.distance(from: text.startIndex, to: $0) }
    }
    var start = 0
    for end in breaks {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: line[start..<end]))
      out.append(contentsOf: crlf)
      out.append(UInt8(ascii: " "))
      start = end
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: line[start...]))
    out.append(contentsOf: crlf)
  }

  /// Where the continuation pieces of `line` start (empty when it fits one
  /// line), in one pass over its UTF-8 octets.
  /// - Complexity: O(n) for n octets.
  static func foldBreaks(_ line: String) -> [String.Index] {
    let bytes = line.utf8
    if bytes.count <= lineLimit { return [] }
    var breaks: [String.Index] = []
    // ASCII without CR: every byte is a character of one octet.
    if bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
      var offset = lineLimit
      while offset < bytes.count {
        breaks.append(bytes.index(bytes.startIndex, offsetBy: offset))
        offset += lineLimit - 1
      }
      return breaks
    }
    var octets = 0
    var capacity = lineLimit
    func add(_ at: String.Index, width: Int) {
      if octets + width > capacity && octets > 0 {
        breaks.append(at)
        octets = 0
        capacity = lineLimit - 1
      }
      octets += width
    }
    let scalars = line.unicodeScalars
    var i = line.startIndex
    while i < line.endIndex {
      let next = line.index(after: i)
      let width = bytes.distance(from: i, to: next)
      if width <= lineLimit - 1 {
        add(i, width: width)
      } else {
        var j = i
        while j < next {
          add(j, width: UTF8.width(scalars[j]))
          j = scalars.index(after: j)
        }
      }
      i = next
    }
    return breaks
  }
}
