import Foundation

@testable import SportsTimeCore

/// `RetrosheetSchedule.parse` as it was before its fields were read as byte
/// ranges and its rows grouped by sorting (round 9): one `String` per field
/// (`CSV.parse`), rows grouped in dictionaries. Kept verbatim as the
/// reference the byte-range reader must agree with, game for game and
/// error for error (`RetrosheetEquivalenceTests`).
enum ReferenceRetrosheetSchedule {
  /// Estimated first pitch of a day game, local time (hour, minute).
  static let dayGameStart = (hour: 13, minute: 10)
  /// Estimated first pitch of a night game, local time (hour, minute).
  static let nightGameStart = (hour: 19, minute: 10)
  /// Minimum gap between doubleheader games' first pitches: 3 h 30 min.
  static let doubleheaderGap: TimeInterval = 3.5 * 3600

  /// The field names used in errors for the team columns.
  static let visitorField = "4 (Visitor)"
  static let homeField = "7 (Home)"

  static let columns = [
    "Date", "Num", "Day", "Visitor", "League", "Game", "Home", "League", "Game",
    "Day/Night", "Location", "Postponed", "Makeup",
  ]

  /// A team (or zone) with two numbers (a day and a game number, a season
  /// and a home game number): a dictionary key without building or hashing
  /// text. `team` is the code's number in `Codes`.
  private struct TeamKey: Hashable {
    var team: Int
    var first: Int
    var second: Int
  }

  /// Numbers the distinct codes (teams, zones) of one file, 0, 1, …, so
  /// that keys compare integers: one code, one number.
  private struct Codes {
    var numbers: [String: Int] = [:]
    mutating func number(_ code: String) -> Int {
      if let known = numbers[code] { return known }
      let next = numbers.count
      numbers[code] = next
      return next
    }
  }

  /// A row's park as the games need it: its id and zone (not the whole
  /// `Venue`, which every copy of a row would retain field by field).
  private struct ParkZone {
    var id: Venue.ID
    var timeZoneID: String
    var timeZone: TimeZone
    var zoneNumber: Int  // `timeZoneID`'s number in `Codes`
  }

  private struct Row {
    var line: Int
    var date: CalendarDate
    var number: Int
    var visitor: String
    var home: String
    var homeNumber: Int  // `home`'s number in `Codes`
    var flag: Character  // "d", "n" or "0"
    var venue: ParkZone
    var postponed: String
    var makeup: String
    var playedOn: CalendarDate?  // nil = cancelled
    var homeGame: Int  // the home team's season game number (column 9)
    var playedOnColumn: Int  // the column that gave `playedOn` (0, 11 or 12)
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
  static func parse(_ text: String, file: String, catalog: Catalog) throws
    -> ScheduleImport
  {
    let records = try CSV.parse(text, file: file)
    guard let header = records.first else {
      throw FileFormatError(
        file: file, line: 1, field: nil, message: "the file is empty")
    }
    guard header.fields.count == columns.count, header.fields[0] == "Date" else {
      throw FileFormatError(
        file: file, line: header.line, field: nil,
        message:
          "this is not a Retrosheet schedule: expected the header \(columns.joined(separator: ","))"
      )
    }
    // Columns are read by position, so a header naming other columns means
    // the file is laid out differently: refuse it rather than misread it.
    for (i, name) in header.fields.enumerated()
    where name.trimmingCharacters(in: .whitespaces).lowercased() != columns[i].lowercased() {
      throw FileFormatError(
        file: file, line: header.line, field: "\(i + 1)",
        message: "the header has '\(name)' where a Retrosheet schedule has '\(columns[i])'")
    }
    var parks: [Venue.ID: ParkZone] = [:]
    var codes = Codes()
    let rows = try records.dropFirst().map {
      try readRow($0, file: file, catalog: catalog, parks: &parks, codes: &codes)
    }
    if rows.isEmpty {
      throw FileFormatError(
        file: file, line: header.line, field: nil, message: "the file has no games")
    }
    return try resolve(rows, file: file, catalog: catalog)
  }

  private static func readRow(
    _ record: CSVRecord, file: String, catalog: Catalog, parks: inout [Venue.ID: ParkZone],
    codes: inout Codes
  ) throws -> Row {
    let f = record.fields
    func fail(_ column: Int?, _ message: String) -> FileFormatError {
      FileFormatError(
        file: file, line: record.line,
        field: column.map { "\($0 + 1) (\(columns[$0]))" }, message: message)
    }
    guard f.count == columns.count else {
      throw fail(nil, "expected \(columns.count) comma-separated fields, found \(f.count)")
    }
    guard let date = CalendarDate(compact: f[0]) else {
      throw fail(0, "'\(f[0])' is not a real date in yyyymmdd form")
    }
    guard let number = Int(f[1]), (0...2).contains(number), f[1].count == 1 else {
      throw fail(1, "'\(f[1])' is not a game number (0 single game, 1 or 2 doubleheader)")
    }
    guard sameIgnoringCase(f[2], date.weekdayName) else {
      throw fail(
        2,
        "'\(f[2])' does not match the date \(date.iso), a \(date.weekdayName); the row may be shifted"
      )
    }
    guard catalog.teams[f[3]] != nil else {
      throw fail(3, "unknown team code '\(f[3])'")
    }
    for column in [5, 8] {
      guard let n = Int(f[column]), n >= 1, f[column].allSatisfy(\.isASCIIDigit) else {
        throw fail(column, "'\(f[column])' is not a season game number (1, 2, …)")
      }
    }
    guard catalog.teams[f[6]] != nil else {
      throw fail(6, "unknown team code '\(f[6])'")
    }
    guard f[3] != f[6] else {
      throw fail(6, "the home team \(f[6]) is also the visitor")
    }
    guard let flag = f[9].lowercased().first, f[9].count == 1, "dn0".contains(flag)
    else {
      throw fail(9, "'\(f[9])' is not a day/night flag (d, n, or 0 for unknown)")
    }
    let venueID = Venue.ID(f[10])
    let venue: ParkZone
    if let known = parks[venueID] {
      venue = known
    } else {
      guard let found = catalog.venue(venueID) else {
        throw fail(10, "unknown park code '\(f[10])'")
      }
      venue = ParkZone(
        id: found.id, timeZoneID: found.timeZoneID, timeZone: found.timeZone,
        zoneNumber: codes.number(found.timeZoneID))
      parks[venueID] = venue
    }
    let postponed = trimmingSpaces(f[11])
    let makeup = trimmingSpaces(f[12])
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
    return Row(
      line: record.line, date: date, number: number, visitor: f[3], home: f[6],
      homeNumber: codes.number(f[6]), flag: flag, venue: venue, postponed: postponed,
      makeup: makeup, playedOn: playedOn, homeGame: Int(f[8]) ?? 0,
      playedOnColumn: playedOnColumn)
  }

  /// `text.lowercased() == other.lowercased()`, without the two new
  /// strings when `text` is ASCII (`other` is: a weekday name). A
  /// non-ASCII text is compared the long way, so the answer is the same.
  private static func sameIgnoringCase(_ text: String, _ other: String) -> Bool {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      return text.lowercased() == other.lowercased()
    }
    return text.utf8.count == other.utf8.count
      && zip(text.utf8, other.utf8).allSatisfy { a, b in
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

  private static func resolve(_ rows: [Row], file: String, catalog: Catalog) throws
    -> ScheduleImport
  {
    /// A team as everything else prints it (`CHC` for `CHN`).
    func team(_ code: String) -> String { catalog.teams[code]?.abbreviation ?? code }
    func matchup(_ row: Row) -> String { "\(team(row.visitor)) @ \(team(row.home))" }
    // Two rows for one scheduled slot (home team, date, Num) would be one
    // game id. Checked before grouping: otherwise the copies would be
    // numbered 1 and 2 below as if they were a doubleheader.
    // Indices, not rows: storing a copy of every row was most of this loop.
    // Keyed by the parts, not by text built from them for every row.
    var rowOfSlot: [TeamKey: Int] = [:]
    var lineOfHomeGame: [TeamKey: Int] = [:]
    rowOfSlot.reserveCapacity(rows.count)
    lineOfHomeGame.reserveCapacity(rows.count)
    for (index, row) in rows.enumerated() {
      let slotKey = TeamKey(team: row.homeNumber, first: row.date.dayNumber, second: row.number)
      if let otherIndex = rowOfSlot[slotKey] {
        let other = rows[otherIndex]
        let slot = "\(row.home)\(row.date.compact)\(row.number)"
        let day = "\(row.date.longDescription) with game number \(row.number) (\(slot))"
        let message =
          other.visitor == row.visitor
          ? "this row and line \(other.line) both list \(matchup(row)) on \(day); remove "
            + "the duplicate, or number a doubleheader's games 1 and 2"
          : "\(team(row.home)) would play two games on \(day): this row's \(matchup(row)) "
            + "and line \(other.line)'s \(matchup(other)); a doubleheader's games are "
            + "numbered 1 and 2"
        throw FileFormatError(file: file, line: row.line, field: "2 (Num)", message: message)
      }
      rowOfSlot[slotKey] = index
      let homeGame = TeamKey(team: row.homeNumber, first: row.date.year, second: row.homeGame)
      if let other = lineOfHomeGame[homeGame] {
        throw FileFormatError(
          file: file, line: row.line, field: "9 (Game)",
          message:
            "line \(other) is already \(team(row.home))'s home game \(row.homeGame) of \(row.date.year)"
        )
      }
      lineOfHomeGame[homeGame] = row.line
    }
    // Group played games by (home team, date played).
    var groups: [TeamKey: [Int]] = [:]
    groups.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      guard let played = row.playedOn else { continue }
      groups[TeamKey(team: row.homeNumber, first: played.dayNumber, second: 0), default: []]
        .append(i)
    }
    // Most games start at 13:10 or 19:10 in one of a few zones: each such
    // instant is worked out once per date.
    var instants: [TeamKey: Date] = [:]
    instants.reserveCapacity(1024)
    func instant(on date: CalendarDate, _ clock: (hour: Int, minute: Int), _ park: ParkZone)
      -> Date
    {
      let key = TeamKey(
        team: park.zoneNumber, first: date.dayNumber, second: clock.hour * 60 + clock.minute)
      if let known = instants[key] { return known }
      let found = LocalTime.instant(
        on: date, hour: clock.hour, minute: clock.minute, in: park.timeZone)
      instants[key] = found
      return found
    }
    // Per row index (nil: not played, or not yet placed).
    var numberOf = [Int?](repeating: nil, count: rows.count)
    var startOf = [Date?](repeating: nil, count: rows.count)
    var formed = 0
    for (_, members) in groups {
      let moved = { (i: Int) in rows[i].playedOn != rows[i].date }
      let kept = members.filter { !moved($0) }.sorted {
        (rows[$0].number, rows[$0].line) < (rows[$1].number, rows[$1].line)
      }
      let makeups = members.filter(moved).sorted {
        (rows[$0].date, rows[$0].number, rows[$0].line)
          < (rows[$1].date, rows[$1].number, rows[$1].line)
      }
      if members.count > 1 && !makeups.isEmpty { formed += 1 }
      // Games kept on their date keep their own estimates (spaced by the
      // doubleheader gap); each makeup takes the day-game slot 13:10 when it
      // is free (a split doubleheader), else the first start at least the
      // gap after every game placed so far.
      var starts: [Date] = []
      for index in kept + makeups {
        let row = rows[index]
        let date = row.playedOn ?? row.date
        let own = row.flag == "d" ? dayGameStart : nightGameStart
        let estimate = instant(on: date, own, row.venue)
        var start: Date
        if moved(index) && members.count > 1 {
          let day = instant(on: date, dayGameStart, row.venue)
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
      if members.count == 1, let only = members.first {
        numberOf[only] = moved(only) ? 0 : rows[only].number
      } else {
        let ordered = members.sorted {
          (startOf[$0] ?? .distantPast, rows[$0].line) < (
            startOf[$1] ?? .distantPast, rows[$1].line
          )
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
    var playedIDs: Set<TeamKey> = []
    playedIDs.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      if let played = row.playedOn, let n = numberOf[i] {
        playedIDs.insert(TeamKey(team: row.homeNumber, first: played.dayNumber, second: n))
      }
    }
    var games: [Game] = []
    games.reserveCapacity(rows.count)
    var rowOfID: [TeamKey: Int] = [:]
    rowOfID.reserveCapacity(rows.count)
    var rescheduled = 0
    var cancelled = 0
    for (i, row) in rows.enumerated() {
      let status: Game.Status
      let date: CalendarDate
      let number: Int
      let start: Date
      if let played = row.playedOn, let n = numberOf[i], let s = startOf[i] {
        date = played
        number = n
        start = s
        status = played == row.date ? .scheduled : .rescheduled
      } else {
        date = row.date
        var n = row.number
        while playedIDs.contains(TeamKey(team: row.homeNumber, first: date.dayNumber, second: n)) {
          n += 1
        }
        number = n
        let clock = row.flag == "d" ? dayGameStart : nightGameStart
        start = LocalTime.instant(
          on: row.date, hour: clock.hour, minute: clock.minute, in: row.venue.timeZone)
        status = .cancelled
      }
      if status == .rescheduled { rescheduled += 1 }
      if status == .cancelled { cancelled += 1 }
      let id = "\(row.home)\(date.compact)\(number)"
      let idKey = TeamKey(team: row.homeNumber, first: date.dayNumber, second: number)
      if let otherIndex = rowOfID[idKey] {
        let other = rows[otherIndex]
        throw FileFormatError(
          file: file, line: row.line, field: nil,
          message:
            "this row's \(matchup(row)) would be game \(id), as line \(other.line)'s "
            + "\(matchup(other)) is: \(team(row.home)) would have two games on "
            + "\(date.longDescription) with game number \(number)")
      }
      rowOfID[idKey] = i
      let reason: String? =
        row.postponed.isEmpty || CalendarDate(compact: row.postponed) != nil
        ? nil : row.postponed
      games.append(
        Game(
          id: Game.ID(id), sport: .mlb, season: row.date.year, homeTeamID: row.home,
          awayTeamID: row.visitor, venueID: row.venue.id, start: start,
          timeZoneID: row.venue.timeZoneID, localDate: date, timeEstimated: true,
          timeUnknown: row.flag == "0", status: status,
          originalDate: status == .scheduled ? nil : row.date, gameNumber: number,
          postponementReason: reason,
          scheduleKey: "MLB/\(row.date.year)/\(row.home)/\(row.homeGame)"))
    }
    let origins = rows.map { row in
      ScheduleRowOrigin(
        line: row.line,
        dateField: "\(row.playedOnColumn + 1) (\(columns[row.playedOnColumn]))",
        isMakeup: row.playedOn.map { $0 != row.date } ?? false)
    }
    var schedule = ScheduleImport(
      games: games, rowCount: rows.count, rescheduledCount: rescheduled,
      cancelledCount: cancelled, doubleheadersFormed: formed,
      venueIDs: Set(rows.map(\.venue.id)),
      teamIDs: Set(rows.flatMap { [$0.home, $0.visitor] }), file: file, origins: origins,
      catalog: catalog)
    if let clash = firstTeamOverlap(in: schedule) { throw schedule.error(for: clash) }
    // Ids and schedule rows were refused above when repeated (`rowOfID`,
    // `lineOfHomeGame`), and team overlaps just now.
    schedule.markGamesChecked()
    return schedule
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
