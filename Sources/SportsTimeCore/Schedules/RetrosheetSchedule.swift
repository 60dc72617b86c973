import Foundation

/// Reads Retrosheet schedule files (`yyyyschedule.csv`).
///
/// Format and quirks: `../shared/data/mlb/README.md`. Thirteen columns read by
/// position (the header repeats `League` and `Game`): Date, Num, Day,
/// Visitor, League, Game, Home, League, Game, Day/Night, Location, Postponed,
/// Makeup.
///
/// Rules (issue 2, DESIGN.md "Time"):
/// - Dates are local to the ballpark; the start instant is 13:10 (day) or
///   19:10 (night) in the venue's IANA zone, marked estimated. A flag of `0`
///   means unknown: shown as TBD, ordered as a night game.
/// - A postponed game whose makeup is a date moves there, keeping its
///   original date. The 2024 row with the makeup date in the Postponed column
///   is read the same way. No usable makeup (`none`, empty, text) ⇒
///   cancelled.
/// - Games of one home team on one date form a doubleheader numbered 1, 2, …
///   in start order. Games kept on their date keep their own estimates; a
///   makeup takes the 13:10 day slot when no game is within 3 h 30 min of
///   it (a split doubleheader), else starts at its own estimate or 3 h 30
///   min after the latest game, whichever is later.
/// - Ids are `HOMEyyyymmddN` on the date played (cancelled games: the original
///   date), so importing the same file again yields the same ids.
/// - A team is never in two places at once: two played games of one team
///   (home or away) may not overlap, each taking `Game.duration` (3 h) from
///   its (estimated) first pitch. A doubleheader is two games of one home
///   team on one date, spaced by `doubleheaderGap`, so it never overlaps.
public enum RetrosheetSchedule {
  /// Estimated first pitch of a day game, local time (hour, minute).
  public static let dayGameStart = (hour: 13, minute: 10)
  /// Estimated first pitch of a night game, local time (hour, minute).
  public static let nightGameStart = (hour: 19, minute: 10)
  /// Minimum gap between doubleheader games' first pitches: 3 h 30 min.
  public static let doubleheaderGap: TimeInterval = 3.5 * 3600

  /// The field names used in errors for the team columns.
  static let visitorField = "4 (Visitor)"
  static let homeField = "7 (Home)"

  static let columns = [
    "Date", "Num", "Day", "Visitor", "League", "Game", "Home", "League", "Game",
    "Day/Night", "Location", "Postponed", "Makeup",
  ]

  /// The distinct byte strings of one kind of field (team codes, park
  /// codes) seen so far, numbered 0, 1, … in order of first sight: a field
  /// is looked up by its bytes, without making a `String`. Up to seven
  /// bytes (every code in practice) are one integer key. Distinct bytes
  /// are distinct entries (even when their texts compare equal, as
  /// canonically equivalent Unicode does).
  private struct Spellings {
    private var short: [UInt64: Int] = [:]
    private var long: [[UInt8]: Int] = [:]
    private(set) var count = 0

    private static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
      guard bytes.count < 8 else { return nil }
      var key = UInt64(bytes.count) << 56
      for (i, byte) in bytes.enumerated() { key |= UInt64(byte) << (8 * i) }
      return key
    }

    func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      if let key = Self.key(bytes) { return short[key] }
      return long[Array(bytes)]
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
      if let key = Self.key(bytes) { short[key] = count } else { long[Array(bytes)] = count }
      count += 1
    }
  }

  /// A row's park as the games need it: its id and zone (not the whole
  /// `Venue`).
  private struct ParkZone {
    var id: Venue.ID
    var timeZoneID: String
    var timeZone: TimeZone
    var zoneNumber: Int  // `timeZoneID`'s number among the file's zones
  }

  /// A team code as the file spells it: the text, and the team's number
  /// (one number per code as `String` compares them).
  private struct TeamSpelling {
    var code: String
    var number: Int
  }

  /// One row, in numbers only (no `String`, so sorting and copying rows
  /// retains nothing): teams, park and reason are indices into the
  /// reader's tables.
  private struct Row {
    var line: Int
    var date: CalendarDate
    var day: Int  // `date.dayNumber`
    var number: Int
    var visitor: Int  // `Reader.teams` index
    var home: Int  // `Reader.teams` index
    var homeNumber: Int  // `TeamSpelling.number` of `home`
    var visitorNumber: Int  // `TeamSpelling.number` of `visitor`
    var flag: UInt8  // "d", "n" or "0"
    var park: Int  // `Reader.parks` index
    var reason: Int  // `Reader.reasons` index, -1 for none
    var playedOn: CalendarDate?  // nil = cancelled
    var playedDay: Int  // `playedOn`'s `dayNumber` (0 when cancelled)
    var homeGame: Int  // the home team's season game number (column 9)
    var playedOnColumn: Int  // the column that gave `playedOn` (0, 11 or 12)

    var isMoved: Bool { playedOn != nil && playedDay != day }
  }

  /// Reads the rows of one file over the bytes of its fields, with the
  /// codes seen so far (each code's text made and looked up in the
  /// catalog once, at its first sight).
  private struct Reader {
    let file: String
    let catalog: Catalog
    var teamSpellings = Spellings()
    var teams: [TeamSpelling] = []
    var teamNumbers: [String: Int] = [:]
    var parkSpellings = Spellings()
    var parkOfSpelling: [Int] = []
    var parkIndex: [Venue.ID: Int] = [:]
    var parks: [ParkZone] = []
    var zoneNumbers: [String: Int] = [:]
    var reasons: [String] = []

    /// The `teams` index of a team code, or nil when the catalog has no
    /// such team.
    mutating func team(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      if let known = teamSpellings.number(of: bytes) { return known }
      let code = String(decoding: bytes, as: UTF8.self)
      guard catalog.teams[code] != nil else { return nil }
      let number = teamNumbers[code] ?? teamNumbers.count
      teamNumbers[code] = number
      teams.append(TeamSpelling(code: code, number: number))
      teamSpellings.add(bytes)
      return teams.count - 1
    }

    /// The `parks` index of a park code, or nil when the catalog has no
    /// such park.
    mutating func park(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      if let known = parkSpellings.number(of: bytes) { return parkOfSpelling[known] }
      let id = Venue.ID(String(decoding: bytes, as: UTF8.self))
      let index: Int
      if let known = parkIndex[id] {
        index = known
      } else {
        guard let found = catalog.venue(id) else { return nil }
        let zone = zoneNumbers[found.timeZoneID] ?? zoneNumbers.count
        zoneNumbers[found.timeZoneID] = zone
        index = parks.count
        parks.append(
          ParkZone(
            id: found.id, timeZoneID: found.timeZoneID, timeZone: found.timeZone,
            zoneNumber: zone))
        parkIndex[id] = index
      }
      parkSpellings.add(bytes)
      parkOfSpelling.append(index)
      return index
    }

    /// Record `record` of `table` (whose bytes are `all`) as a row.
    mutating func readRow(
      _ record: Int, of table: CSVFieldTable, in all: UnsafeBufferPointer<UInt8>
    ) throws -> Row {
      let fields = table.fieldRange(of: record)
      let line = table.line(of: record)
      func field(_ column: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[table.byteRange(of: fields.lowerBound + column)])
      }
      func text(_ column: Int) -> String { String(decoding: field(column), as: UTF8.self) }
      func fail(_ column: Int?, _ message: String) -> FileFormatError {
        FileFormatError(
          file: file, line: line,
          field: column.map { "\($0 + 1) (\(columns[$0]))" }, message: message)
      }
      guard fields.count == columns.count else {
        throw fail(nil, "expected \(columns.count) comma-separated fields, found \(fields.count)")
      }
      guard let date = compactDate(field(0)) else {
        throw fail(0, "'\(text(0))' is not a real date in yyyymmdd form")
      }
      let numberField = field(1)
      guard numberField.count == 1, (0x30...0x32).contains(numberField[0]) else {
        throw fail(1, "'\(text(1))' is not a game number (0 single game, 1 or 2 doubleheader)")
      }
      let number = Int(numberField[0] - 0x30)
      guard sameIgnoringCase(field(2), date.weekdayName) else {
        throw fail(
          2,
          "'\(text(2))' does not match the date \(date.iso), a \(date.weekdayName); the row may be shifted"
        )
      }
      guard let visitor = team(field(3)) else {
        throw fail(3, "unknown team code '\(text(3))'")
      }
      for column in [5, 8] where seasonGameNumber(field(column)) == nil {
        throw fail(column, "'\(text(column))' is not a season game number (1, 2, …)")
      }
      guard let home = team(field(6)) else {
        throw fail(6, "unknown team code '\(text(6))'")
      }
      guard teams[visitor].number != teams[home].number else {
        throw fail(6, "the home team \(teams[home].code) is also the visitor")
      }
      guard let flag = dayNightFlag(field(9)) else {
        throw fail(9, "'\(text(9))' is not a day/night flag (d, n, or 0 for unknown)")
      }
      guard let park = park(field(10)) else {
        throw fail(10, "unknown park code '\(text(10))'")
      }
      // Nearly every row has neither: the texts are made only when there.
      let postponed = field(11).isEmpty ? "" : trimmingSpaces(text(11))
      let makeup = field(12).isEmpty ? "" : trimmingSpaces(text(12))
      var playedOn: CalendarDate? = date
      var playedOnColumn = 0
      if !makeup.isEmpty {
        if let d = CalendarDate(compact: makeup) {
          playedOn = d
          playedOnColumn = 12
        } else if makeup.count == 8, makeup.allSatisfy(\.isASCIIDigit) {
          throw fail(12, "'\(makeup)' is not a real date")
        } else {
          playedOn = nil
        }
      } else if !postponed.isEmpty {
        // 2024-06-15 OAK@MIN: the makeup date sits in the Postponed column.
        playedOn = CalendarDate(compact: postponed)
        playedOnColumn = 11
      }
      var reason = -1
      if !postponed.isEmpty && CalendarDate(compact: postponed) == nil {
        reason = reasons.count
        reasons.append(postponed)
      }
      return Row(
        line: line, date: date, day: date.dayNumber, number: number, visitor: visitor,
        home: home, homeNumber: teams[home].number, visitorNumber: teams[visitor].number,
        flag: flag, park: park, reason: reason, playedOn: playedOn,
        playedDay: playedOn?.dayNumber ?? 0, homeGame: seasonGameNumber(field(8)) ?? 0,
        playedOnColumn: playedOnColumn)
    }
  }

  /// Parses and resolves a schedule.
  /// - Parameters:
  ///   - text: the file's contents (CRLF or LF line ends).
  ///   - file: the name used in errors.
  ///   - catalog: venues and teams the codes must resolve to.
  /// - Returns: the games with counts of what was resolved.
  /// - Throws: `FileFormatError` naming file, line and field of the first
  ///   malformed row: wrong column count, impossible date, bad game number,
  ///   unknown team or park, unknown day/night flag, a weekday that does not
  ///   match the date, a team playing itself, two rows for one game, a team
  ///   playing two games at once (the row that put it there: a makeup's
  ///   makeup field, else its team field; the later line when both or
  ///   neither are makeups).
  /// - Complexity: O(n log n) in the number of rows.
  public static func parse(_ text: String, file: String, catalog: Catalog) throws
    -> ScheduleImport
  {
    let table = try CSV.fields(text, file: file)
    guard table.recordCount > 0 else {
      throw FileFormatError(
        file: file, line: 1, field: nil, message: "the file is empty")
    }
    let header = table.fieldRange(of: 0).map { table.string(field: $0) }
    let headerLine = table.line(of: 0)
    guard header.count == columns.count, header[0] == "Date" else {
      throw FileFormatError(
        file: file, line: headerLine, field: nil,
        message:
          "this is not a Retrosheet schedule: expected the header \(columns.joined(separator: ","))"
      )
    }
    // Columns are read by position, so a header naming other columns means
    // the file is laid out differently: refuse it rather than misread it.
    for (i, name) in header.enumerated()
    where trimmedLowercased(name) != columns[i].lowercased() {
      throw FileFormatError(
        file: file, line: headerLine, field: "\(i + 1)",
        message: "the header has '\(name)' where a Retrosheet schedule has '\(columns[i])'")
    }
    var reader = Reader(file: file, catalog: catalog)
    var rows: [Row] = []
    rows.reserveCapacity(table.recordCount - 1)
    try table.bytes.withUnsafeBufferPointer { all in
      for record in 1..<table.recordCount {
        rows.append(try reader.readRow(record, of: table, in: all))
      }
    }
    if rows.isEmpty {
      throw FileFormatError(
        file: file, line: headerLine, field: nil, message: "the file has no games")
    }
    return try resolve(rows, reader, file: file, catalog: catalog)
  }

  /// `name.trimmingCharacters(in: .whitespaces).lowercased()`; for an
  /// ASCII name (whose whitespace in that set is space and tab) without
  /// building the character set.
  private static func trimmedLowercased(_ name: String) -> String {
    guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
      return name.trimmingCharacters(in: .whitespaces).lowercased()
    }
    let bytes = Array(name.utf8)
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    var start = 0
    var end = bytes.count
    while start < end && isBlank(bytes[start]) { start += 1 }
    while end > start && isBlank(bytes[end - 1]) { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
  }

  /// `CalendarDate(compact:)` of a field's bytes: eight ASCII digits
  /// naming a real day, else nil.
  private static func compactDate(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
    guard bytes.count == 8 else { return nil }
    var value = 0
    for byte in bytes {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return CalendarDate(year: value / 10_000, month: (value / 100) % 100, day: value % 100)
  }

  /// A season game number: one or more ASCII digits, at least 1, within
  /// `Int` (as `Int(text)` of a text that is all digits), else nil.
  private static func seasonGameNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty else { return nil }
    var value = 0
    for byte in bytes {
      guard (0x30...0x39).contains(byte) else { return nil }
      let (times10, over1) = value.multipliedReportingOverflow(by: 10)
      let (sum, over2) = times10.addingReportingOverflow(Int(byte - 0x30))
      if over1 || over2 { return nil }
      value = sum
    }
    return value >= 1 ? value : nil
  }

  /// The day/night flag of a field, lowercased (`d`, `n` or `0`): the
  /// field's one character, any case; nil for anything else.
  private static func dayNightFlag(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
    if bytes.count == 1 {
      let byte = (0x41...0x5A).contains(bytes[0]) ? bytes[0] | 0x20 : bytes[0]
      return [UInt8(ascii: "d"), UInt8(ascii: "n"), UInt8(ascii: "0")].contains(byte)
        ? byte : nil
    }
    // More than one byte: one character only when it is not ASCII, the
    // long way (none of those is a flag, but the rule is the text's).
    let text = String(decoding: bytes, as: UTF8.self)
    guard let flag = text.lowercased().first, text.count == 1, "dn0".contains(flag) else {
      return nil
    }
    return flag.asciiValue
  }

  /// `text.lowercased() == other.lowercased()` for a field's bytes,
  /// without new strings when the field is ASCII (`other` is: a weekday
  /// name). A non-ASCII field is compared the long way, so the answer is
  /// the same.
  private static func sameIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ other: String)
    -> Bool
  {
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return String(decoding: bytes, as: UTF8.self).lowercased() == other.lowercased()
    }
    return bytes.count == other.utf8.count
      && zip(bytes, other.utf8).allSatisfy { a, b in
        let lowerA = (0x41...0x5A).contains(a) ? a | 0x20 : a
        let lowerB = (0x41...0x5A).contains(b) ? b | 0x20 : b
        return lowerA == lowerB
      }
  }

  /// `text.trimmingCharacters(in: .whitespaces)`, returning `text` itself
  /// when neither end is whitespace (nearly every field).
  private static func trimmingSpaces(_ text: String) -> String {
    guard let first = text.first, let last = text.last else { return text }
    if !first.isWhitespace && !last.isWhitespace { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// The first entry of `order` (indices sorted so that equal keys are
  /// adjacent, each run in index order) whose key an earlier index has,
  /// the smallest such index, with the first index of its run; nil when
  /// no key repeats.
  private static func firstRepeat(_ order: [Int], _ same: (Int, Int) -> Bool) -> (
    index: Int, other: Int
  )? {
    var best: (index: Int, other: Int)?
    var k = 1
    while k < order.count {
      let first = order[k - 1]
      guard same(first, order[k]) else {
        k += 1
        continue
      }
      if best.map({ order[k] < $0.index }) ?? true { best = (order[k], first) }
      while k < order.count && same(first, order[k]) { k += 1 }
    }
    return best
  }

  /// `indices` (distinct, non-negative) sorted by the numbers `columns`
  /// give each, compared in turn, then by the index itself. Through one
  /// `UInt64` per index (each column's value above its least, then the
  /// index, in as many bits as their ranges need) when that fits in 64
  /// bits — a season takes about 30 — else by comparing the numbers.
  private static func sortedIndices(_ indices: [Int], by columns: [(Int) -> Int]) -> [Int] {
    func bits(_ value: Int) -> Int { value == 0 ? 0 : Int.bitWidth - value.leadingZeroBitCount }
    guard let maxIndex = indices.max() else { return [] }
    var values: [[Int]] = []
    var lows: [Int] = []
    var widths: [Int] = []
    var total = bits(maxIndex)
    for column in columns {
      let value = indices.map(column)
      let low = value.min() ?? 0
      let (span, overflow) = (value.max() ?? 0).subtractingReportingOverflow(low)
      let width = overflow ? Int.bitWidth : bits(span)
      values.append(value)
      lows.append(low)
      widths.append(width)
      total += width
    }
    guard total <= UInt64.bitWidth else {
      return indices.indices.sorted { a, b in
        for value in values where value[a] != value[b] { return value[a] < value[b] }
        return indices[a] < indices[b]
      }.map { indices[$0] }
    }
    let indexBits = bits(maxIndex)
    var keys = [UInt64](repeating: 0, count: indices.count)
    for (position, index) in indices.enumerated() {
      var key: UInt64 = 0
      for c in values.indices {
        key = key << UInt64(widths[c]) | UInt64(values[c][position] - lows[c])
      }
      keys[position] = key << UInt64(indexBits) | UInt64(index)
    }
    keys.sort()
    let mask: UInt64 = indexBits == 0 ? 0 : ~0 >> UInt64(UInt64.bitWidth - indexBits)
    return keys.map { Int($0 & mask) }
  }

  /// Turns the rows into games. Everything is grouped by sorting the rows'
  /// indices once per question (the same slot, the same home game, the
  /// same date played, the same id), never by hashing.
  private static func resolve(
    _ rows: [Row], _ reader: Reader, file: String, catalog: Catalog
  ) throws -> ScheduleImport {
    let teams = reader.teams
    let parks = reader.parks
    /// A team as everything else prints it (`CHC` for `CHN`).
    func team(_ code: String) -> String { catalog.teams[code]?.abbreviation ?? code }
    func matchup(_ row: Row) -> String {
      "\(team(teams[row.visitor].code)) @ \(team(teams[row.home].code))"
    }
    let all = Array(rows.indices)
    // Two rows for one scheduled slot (home team, date, Num) would be one
    // game id. Checked before grouping: otherwise the copies would be
    // numbered 1 and 2 below as if they were a doubleheader. The error is
    // the first row (in file order) whose slot or home game an earlier row
    // has; the slot first when a row repeats both.
    let bySlot = sortedIndices(
      all, by: [{ rows[$0].homeNumber }, { rows[$0].day }, { rows[$0].number }])
    let slotRepeat = firstRepeat(bySlot) {
      (rows[$0].homeNumber, rows[$0].day, rows[$0].number)
        == (rows[$1].homeNumber, rows[$1].day, rows[$1].number)
    }
    let byHomeGame = sortedIndices(
      all, by: [{ rows[$0].homeNumber }, { rows[$0].date.year }, { rows[$0].homeGame }])
    let homeGameRepeat = firstRepeat(byHomeGame) {
      (rows[$0].homeNumber, rows[$0].date.year, rows[$0].homeGame)
        == (rows[$1].homeNumber, rows[$1].date.year, rows[$1].homeGame)
    }
    if let slot = slotRepeat, homeGameRepeat.map({ slot.index <= $0.index }) ?? true {
      let row = rows[slot.index]
      let other = rows[slot.other]
      let slotText = "\(teams[row.home].code)\(row.date.compact)\(row.number)"
      let day = "\(row.date.longDescription) with game number \(row.number) (\(slotText))"
      let message =
        other.visitorNumber == row.visitorNumber
        ? "this row and line \(other.line) both list \(matchup(row)) on \(day); remove "
          + "the duplicate, or number a doubleheader's games 1 and 2"
        : "\(team(teams[row.home].code)) would play two games on \(day): this row's "
          + "\(matchup(row)) and line \(other.line)'s \(matchup(other)); a doubleheader's "
          + "games are numbered 1 and 2"
      throw FileFormatError(file: file, line: row.line, field: "2 (Num)", message: message)
    }
    if let repeated = homeGameRepeat {
      let row = rows[repeated.index]
      throw FileFormatError(
        file: file, line: row.line, field: "9 (Game)",
        message:
          "line \(rows[repeated.other].line) is already \(team(teams[row.home].code))'s home game \(row.homeGame) of \(row.date.year)"
      )
    }
    // Played games by (home team, date played); in each group the games
    // kept on their date first (by number, line), then the makeups (by
    // original date, number, line).
    // (Lines grow with the index, so the index orders as the line.)
    let played = sortedIndices(
      all.filter { rows[$0].playedOn != nil },
      by: [
        { rows[$0].homeNumber }, { rows[$0].playedDay }, { rows[$0].isMoved ? 1 : 0 },
        { rows[$0].isMoved ? rows[$0].day : 0 }, { rows[$0].number },
      ])
    // Most games start at 13:10 or 19:10 in one of a few zones: each such
    // instant is worked out once per date (key: zone, day, minute of day).
    var instants: [Int: Date] = [:]
    instants.reserveCapacity(1024)
    func instant(on date: CalendarDate, _ clock: (hour: Int, minute: Int), _ park: ParkZone)
      -> Date
    {
      let key =
        (park.zoneNumber << 36) | ((date.dayNumber + 1_000_000) << 12)
        | (clock.hour * 60 + clock.minute)
      if let known = instants[key] { return known }
      let found = LocalTime.instant(
        on: date, hour: clock.hour, minute: clock.minute, in: park.timeZone)
      instants[key] = found
      return found
    }
    // Per row index (played rows only).
    var numberOf = [Int](repeating: 0, count: rows.count)
    var startOf = [Date](repeating: .distantPast, count: rows.count)
    var formed = 0
    var starts: [Date] = []
    var groupStart = 0
    while groupStart < played.count {
      let first = rows[played[groupStart]]
      var groupEnd = groupStart + 1
      while groupEnd < played.count, rows[played[groupEnd]].homeNumber == first.homeNumber,
        rows[played[groupEnd]].playedDay == first.playedDay
      {
        groupEnd += 1
      }
      let members = played[groupStart..<groupEnd]
      groupStart = groupEnd
      let single = members.count == 1
      if !single, let last = members.last, rows[last].isMoved { formed += 1 }
      // Games kept on their date keep their own estimates (spaced by the
      // doubleheader gap); each makeup takes the day-game slot 13:10 when it
      // is free (a split doubleheader), else the first start at least the
      // gap after every game placed so far.
      starts.removeAll(keepingCapacity: true)
      for index in members {
        let row = rows[index]
        let date = row.playedOn ?? row.date
        let park = parks[row.park]
        let own = row.flag == UInt8(ascii: "d") ? dayGameStart : nightGameStart
        let estimate = instant(on: date, own, park)
        var start: Date
        if row.isMoved && !single {
          let day = instant(on: date, dayGameStart, park)
          let dayFree = starts.allSatisfy { abs($0.timeIntervalSince(day)) >= doubleheaderGap }
          start =
            dayFree ? day : max(estimate, (starts.max() ?? day).addingTimeInterval(doubleheaderGap))
        } else {
          start = estimate
          if let last = starts.max(), start < last.addingTimeInterval(doubleheaderGap) {
            start = last.addingTimeInterval(doubleheaderGap)
          }
        }
        startOf[index] = start
        starts.append(start)
      }
      // Numbered by start: 0 for a single game kept on its date with its
      // own number, 0 for a lone makeup, else 1, 2, … in start order.
      if single, let only = members.first {
        numberOf[only] = rows[only].isMoved ? 0 : rows[only].number
      } else {
        let ordered = members.sorted {
          (startOf[$0], rows[$0].line) < (startOf[$1], rows[$1].line)
        }
        for (k, index) in ordered.enumerated() { numberOf[index] = k + 1 }
      }
    }

    // Ids taken by played games; a cancelled game keeps its original date and
    // number unless a played game already has that id, when the next free
    // number is used (ids stay unique and a pure function of the file).
    // An id `HOMEyyyymmddN` is its (home team, date, number) and back: the
    // date is always eight digits and no team code ends in a digit
    // (`Catalog` tests), so the three parts are compared, not the text.
    let playedIDs = played.map { (rows[$0].homeNumber, rows[$0].playedDay, numberOf[$0]) }
      .sorted { $0 < $1 }
    func isPlayedID(_ id: (Int, Int, Int)) -> Bool {
      var low = 0
      var high = playedIDs.count
      while low < high {
        let middle = (low + high) / 2
        if playedIDs[middle] < id { low = middle + 1 } else { high = middle }
      }
      return low < playedIDs.count && playedIDs[low] == id
    }
    // Each row's id as (day, number).
    var idDay = [Int](repeating: 0, count: rows.count)
    for (i, row) in rows.enumerated() {
      if row.playedOn != nil {
        idDay[i] = row.playedDay
      } else {
        idDay[i] = row.day
        var n = row.number
        while isPlayedID((row.homeNumber, row.day, n)) { n += 1 }
        numberOf[i] = n
      }
    }
    let byID = sortedIndices(all, by: [{ rows[$0].homeNumber }, { idDay[$0] }, { numberOf[$0] }])
    let idRepeat = firstRepeat(byID) {
      (rows[$0].homeNumber, idDay[$0], numberOf[$0])
        == (rows[$1].homeNumber, idDay[$1], numberOf[$1])
    }
    if let repeated = idRepeat {
      let row = rows[repeated.index]
      let other = rows[repeated.other]
      let date = row.playedOn ?? row.date
      let number = numberOf[repeated.index]
      throw FileFormatError(
        file: file, line: row.line, field: nil,
        message:
          "this row's \(matchup(row)) would be game \(teams[row.home].code)\(date.compact)\(number), "
          + "as line \(other.line)'s \(matchup(other)) is: \(team(teams[row.home].code)) would "
          + "have two games on \(date.longDescription) with game number \(number)")
    }
    var games: [Game] = []
    games.reserveCapacity(rows.count)
    var rescheduled = 0
    var cancelled = 0
    for (i, row) in rows.enumerated() {
      let status: Game.Status
      let date: CalendarDate
      let number = numberOf[i]
      let start: Date
      let park = parks[row.park]
      if let played = row.playedOn {
        date = played
        start = startOf[i]
        status = played == row.date ? .scheduled : .rescheduled
      } else {
        date = row.date
        let clock = row.flag == UInt8(ascii: "d") ? dayGameStart : nightGameStart
        start = LocalTime.instant(
          on: row.date, hour: clock.hour, minute: clock.minute, in: park.timeZone)
        status = .cancelled
      }
      if status == .rescheduled { rescheduled += 1 }
      if status == .cancelled { cancelled += 1 }
      let home = teams[row.home].code
      var id = home
      date.appendCompact(to: &id)
      id.append(String(number))
      games.append(
        Game(
          id: Game.ID(id), sport: .mlb, season: row.date.year,
          homeTeamID: home, awayTeamID: teams[row.visitor].code, venueID: park.id,
          start: start, timeZoneID: park.timeZoneID, localDate: date, timeEstimated: true,
          timeUnknown: row.flag == UInt8(ascii: "0"), status: status,
          originalDate: status == .scheduled ? nil : row.date, gameNumber: number,
          postponementReason: row.reason < 0 ? nil : reader.reasons[row.reason],
          scheduleKey: "MLB/\(row.date.year)/\(home)/\(row.homeGame)"))
    }
    let dateFields = [0, 11, 12].map { ($0, "\($0 + 1) (\(columns[$0]))") }
    let origins = rows.map { row in
      ScheduleRowOrigin(
        line: row.line,
        dateField: dateFields.first { $0.0 == row.playedOnColumn }?.1 ?? "",
        isMakeup: row.isMoved)
    }
    // The file's teams and venues, each text in order of first sight (as a
    // set of every row's would keep them).
    var teamSeen = [Bool](repeating: false, count: teams.count)
    var teamTexts: [String] = []
    var parkSeen = [Bool](repeating: false, count: parks.count)
    var venueIDs: [Venue.ID] = []
    for row in rows {
      for spelling in [row.home, row.visitor] where !teamSeen[spelling] {
        teamSeen[spelling] = true
        teamTexts.append(teams[spelling].code)
      }
      if !parkSeen[row.park] {
        parkSeen[row.park] = true
        venueIDs.append(parks[row.park].id)
      }
    }
    var schedule = ScheduleImport(
      games: games, rowCount: rows.count, rescheduledCount: rescheduled,
      cancelledCount: cancelled, doubleheadersFormed: formed,
      venueIDs: Set(venueIDs), teamIDs: Set(teamTexts), file: file, origins: origins,
      catalog: catalog)
    if hasTeamOverlap(rows, games),
      let clash = firstTeamOverlap(in: schedule)
    {
      throw schedule.error(for: clash)
    }
    // Ids and schedule rows were refused above when repeated, and team
    // overlaps just now.
    schedule.markGamesChecked()
    return schedule
  }

  /// Whether one team (home or away) plays two of `games` (one per row)
  /// at once: `Game.teamOverlaps` is not empty. Each team's played games
  /// by (start, index), neighbours compared, teams by their numbers.
  private static func hasTeamOverlap(_ rows: [Row], _ games: [Game]) -> Bool {
    var entries: [(team: Int, start: Date, index: Int)] = []
    entries.reserveCapacity(games.count * 2)
    for (index, game) in games.enumerated() where game.status != .cancelled {
      entries.append((rows[index].homeNumber, game.start, index))
      entries.append((rows[index].visitorNumber, game.start, index))
    }
    entries.sort { ($0.team, $0.start, $0.index) < ($1.team, $1.start, $1.index) }
    for (a, b) in zip(entries, entries.dropFirst())
    where a.team == b.team && b.start < games[a.index].end {
      return true
    }
    return false
  }

  /// The first (by the line at fault) pair of games of `schedule` in which
  /// one team plays two games at once, as a conflict at the row at fault:
  /// a makeup rather than a game on its own date, else the later line.
  private static func firstTeamOverlap(in schedule: ScheduleImport) -> ScheduleConflict? {
    let origins = schedule.origins
    var best: (line: Int, conflict: ScheduleConflict)?
    for clash in Game.teamOverlaps(in: schedule.games) {
      let (a, b) = (clash.first, clash.second)
      let atFault: Int
      if origins[a].isMakeup != origins[b].isMakeup {
        atFault = origins[a].isMakeup ? a : b
      } else {
        atFault = origins[a].line > origins[b].line ? a : b
      }
      let other = atFault == a ? b : a
      let line = origins[atFault].line
      if best.map({ line < $0.line }) ?? true {
        best = (
          line,
          .teamOverlap(
            index: atFault, schedule.games[atFault], team: clash.team,
            other: .incoming(index: other, schedule.games[other]))
        )
      }
    }
    return best?.conflict
  }
}
