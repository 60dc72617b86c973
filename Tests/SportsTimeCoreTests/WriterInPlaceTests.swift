import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The writers that put bytes in place (issue 9, speed): a date written by
/// `JSONWriter.date` and the iCalendar lines written straight into the
/// file's buffer give the bytes of the paths they replace.
final class WriterInPlaceTests: XCTestCase {
  /// `JSONWriter.date` writes `string(date.iso)`'s bytes: every day of
  /// some years, the first and last years of four digits, and years
  /// outside them (which go through `iso`), as values, after keys and in
  /// arrays, and `optional` of nil.
  func testJSON_dateWritesTheISOText() {
    var dates: [CalendarDate] = []
    for year in [0, 1, 999, 1970, 2024, 9999] {
      // The years `CalendarDate` holds.
      guard let first = CalendarDate(year: year, month: 1, day: 1) else { continue }
      for offset in 0..<366 { dates.append(first.adding(days: offset)) }
    }
    for year in [-1, 10_000, 12_345] {
      if let date = CalendarDate(year: year, month: 6, day: 30) { dates.append(date) }
    }
    XCTAssertGreaterThan(dates.count, 1_000)
    var fast = JSONWriter()
    var slow = JSONWriter()
    fast.beginObject()
    slow.beginObject()
    for (i, date) in dates.enumerated() {
      fast.key("d\(i)")
      slow.key("d\(i)")
      fast.date(date)
      slow.string(date.iso)
    }
    fast.key("none")
    slow.key("none")
    fast.optional(nil as CalendarDate?)
    slow.null()
    fast.key("list")
    slow.key("list")
    fast.beginArray()
    slow.beginArray()
    for date in dates.prefix(40) {
      fast.optional(date)
      slow.string(date.iso)
    }
    fast.endArray()
    slow.endArray()
    fast.endObject()
    slow.endObject()
    XCTAssertEqual(fast.text, slow.text)
  }

  /// Random TEXT values (escapes, CR/LF pairs, C0/C1 controls, multi-byte
  /// characters, lengths around the fold) written by `ContentLines.text`
  /// row/trip ids by `ContentLines.uid` and all-day dates by
  /// `ContentLines.date` give the bytes of the line
  /// built as a string first and folded (`ICalendarExport.text`,
  /// `appendFolded`).
  func testICS_linesWrittenInPlaceAreTheFoldedStrings() {
    var rng = SplitMix64(seed: 0x0009_1CA1)
    let pieces = [
      "a", "Wrigley Field", ";", ",", "\\", "\r", "\n", "\r\n", "\t", "\u{7}", "\u{7F}",
      "\u{85}", "é", "☕", "👩‍👩‍👧", "\u{2028}", " ", "1060 W Addison St",
    ]
    func random(_ maxPieces: Int) -> String {
      var s = ""
      for _ in 0..<Int(rng.next() % UInt64(maxPieces + 1)) {
        s += pieces[Int(rng.next() % UInt64(pieces.count))]
      }
      return s
    }
    var inPlace = ICalendarExport.ContentLines(capacity: 0)
    var built = ICalendarExport.ContentLines(capacity: 0)
    var reference: [UInt8] = []
    func folded(_ line: String) {
      var line = line
      line.withUTF8 { ICalendarExport.appendFolded($0, to: &reference) }
    }
    for _ in 0..<3_000 {
      let value = random(40)
      inPlace.text("DESCRIPTION:", value)
      built.line("DESCRIPTION:" + ICalendarExport.text(value))
      folded("DESCRIPTION:" + ICalendarExport.text(value))
      let row = random(6) + "item:" + random(3)
      let trip = UUID().uuidString.lowercased()
      inPlace.uid(row: row, trip: trip)
      built.line("UID:" + ICalendarExport.text("\(row)@\(trip).sportstime"))
      folded("UID:" + ICalendarExport.text("\(row)@\(trip).sportstime"))
      inPlace.line(named: "STATUS:", value)
      built.line("STATUS:" + value)
      folded("STATUS:" + value)
    }
    let first = CalendarDate(year: 1, month: 1, day: 1)
    for date in [
      first, CalendarDate(year: 2024, month: 2, day: 28),
      CalendarDate(year: 9999, month: 12, day: 31),
    ] {
      guard let date else { continue }
      for offset in 0..<400 {
        let day = date.adding(days: offset)
        inPlace.date("DTSTART;VALUE=DATE:", day)
        built.line("DTSTART;VALUE=DATE:" + day.compact)
        folded("DTSTART;VALUE=DATE:" + day.compact)
      }
    }
    inPlace.literal("END:VCALENDAR")
    built.line("END:VCALENDAR")
    folded("END:VCALENDAR")
    XCTAssertEqual(inPlace.bytes, built.bytes)
    XCTAssertEqual(inPlace.bytes, reference)
  }
}
