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
    let trip = itinerary.trip
    let tripID = trip.id.description
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + text(productID), "CALSCALE:GREGORIAN",
      "X-WR-CALNAME:" + text(trip.name),
    ]
    for row in itinerary.layout.rows {
      let date = itinerary.schedule.date(ofDay: row.day)
      var event = Event(
        uid: "\(row.id)@\(tripID).sportstime", stamp: trip.modifiedAt, timing: .allDay(date))
      switch row.content {
      case .day: continue
      case .game(let g):
        event = gameEvent(g, event: event, itinerary: itinerary, catalog: catalog)
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
      lines += event.lines
    }
    lines.append("END:VCALENDAR")
    var out = ""
    out.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 4 })
    for line in lines { appendFolded(line, to: &out) }
    return out
  }

  private static func gameEvent(
    _ g: PlacedGame, event: Event, itinerary: Itinerary, catalog: Catalog
  ) -> Event {
    var event = event
    let game = g.game
    event.summary = g.title
    event.timing = .utc(game.start, game.end)
    event.category = "Game"
    let venue = ExportSupport.venue(of: g, in: itinerary, catalog: catalog)
    event.location = ExportSupport.venueText(of: g, in: itinerary, catalog: catalog)
    event.geo = venue?.coordinate
    let away = catalog.teams[game.awayTeamID]?.fullName ?? game.awayTeamID
    let home = catalog.teams[game.homeTeamID]?.fullName ?? game.homeTeamID
    var notes = ["\(away) at \(home), \(ExportSupport.gameClock(game)) local time."]
    if game.timeUnknown {
      notes.append("Start time unknown (TBD): shown as a night game; the time is an estimate.")
    } else if game.timeEstimated {
      notes.append("Start time is an estimate (the schedule gives only day or night).")
    }
    if game.status == .rescheduled, let original = game.originalDate {
      notes.append("Moved from \(original.longDescription).")
    }
    if game.status == .cancelled {
      event.status = "CANCELLED"
      notes.append("Cancelled" + (game.postponementReason.map { " (\($0))." } ?? "."))
    }
    notes.append("Schedule data: Retrosheet (www.retrosheet.org).")
    event.description = notes.joined(separator: "\n")
    return event
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
    var uid: String
    var stamp: Date
    var timing: Timing
    var summary = ""
    var location: String?
    var geo: Coordinate?
    var description: String?
    var category: String?
    var status: String?

    init(uid: String, stamp: Date, timing: Timing) {
      self.uid = uid
      self.stamp = stamp
      self.timing = timing
    }

    /// The content lines, unfolded, in a fixed order.
    var lines: [String] {
      var out = [
        "BEGIN:VEVENT", "UID:" + ICalendarExport.text(uid),
        "DTSTAMP:" + ICalendarExport.utcStamp(stamp),
      ]
      switch timing {
      case .utc(let start, let end):
        out += [
          "DTSTART:" + ICalendarExport.utcStamp(start), "DTEND:" + ICalendarExport.utcStamp(end),
        ]
      case .floating(let date, let time):
        let start = LocalTime.instant(
          on: date, hour: time.hour, minute: time.minute, in: ExportSupport.utc)
        out += [
          "DTSTART:" + ICalendarExport.floatingStamp(start),
          "DTEND:" + ICalendarExport.floatingStamp(start.addingTimeInterval(3600)),
        ]
      case .allDay(let date):
        out += [
          "DTSTART;VALUE=DATE:" + date.compact,
          "DTEND;VALUE=DATE:" + date.adding(days: 1).compact,
        ]
      }
      out.append("SUMMARY:" + ICalendarExport.text(summary))
      if let location { out.append("LOCATION:" + ICalendarExport.text(location)) }
      if let geo {
        out.append(
          "GEO:" + ExportSupport.degrees(geo.latitude) + ";" + ExportSupport.degrees(geo.longitude))
      }
      if let description { out.append("DESCRIPTION:" + ICalendarExport.text(description)) }
      if let category { out.append("CATEGORIES:" + ICalendarExport.text(category)) }
      if let status { out.append("STATUS:" + status) }
      if case .allDay = timing { out.append("TRANSP:TRANSPARENT") }
      out.append("END:VEVENT")
      return out
    }
  }

  /// `20240604T231000Z`: UTC date-time, whole seconds (§3.3.5 form #2).
  static func utcStamp(_ instant: Date) -> String { floatingStamp(instant) + "Z" }

  /// `20240604T231000`: the UTC fields of `instant` without the `Z`.
  private static func floatingStamp(_ instant: Date) -> String {
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
    var out = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in s.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
      case ";": out.append(contentsOf: "\\;".unicodeScalars)
      case ",": out.append(contentsOf: "\\,".unicodeScalars)
      case "\n" where previousWasCR: continue
      case "\n", "\r": out.append(contentsOf: "\\n".unicodeScalars)
      case "\t": out.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        out.append(scalar)
      }
    }
    return String(out)
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
    let breaks = foldBreaks(line)
    guard !breaks.isEmpty else {
      out.append(line)
      out.append("\r\n")
      return
    }
    // Pieces are sliced by octets (a break may fall inside a character
    // longer than a line, between its scalars).
    let bytes = line.utf8
    var start = bytes.startIndex
    for end in breaks {
      out.append(contentsOf: Substring(bytes[start..<end]))
      out.append("\r\n ")
      start = end
    }
    out.append(contentsOf: Substring(bytes[start...]))
    out.append("\r\n")
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
