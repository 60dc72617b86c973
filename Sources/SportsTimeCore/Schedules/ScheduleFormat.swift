import Foundation

/// The kinds of schedule file `sportstime schedule import` reads, each
/// recognised by its header (`detect(_:)`).
///
/// - `retrosheet`: MLB, Retrosheet `yyyyschedule.csv` (`RetrosheetSchedule`).
/// - `nba`: the fixturedownload-style `nba-2024-UTC.csv` (`NBASchedule`).
/// - `nhl`: NHL.com's schedule download, as played (`NHLSchedule`).
/// - `nfl`: the nflverse schedules export (`NFLSchedule`).
public enum ScheduleFormat: String, Sendable, Hashable, CaseIterable {
  case retrosheet
  case nba
  case nhl
  case nfl

  /// The sport the format's games are.
  public var sport: Sport {
    switch self {
    case .retrosheet: return .mlb
    case .nba: return .nba
    case .nhl: return .nhl
    case .nfl: return .nfl
    }
  }

  /// The format whose header `text` starts with, or nil when it is none
  /// of them. Only the first line is looked at (a byte order mark and the
  /// line end ignored); the parser then checks the whole header.
  ///
  /// ```swift
  /// ScheduleFormat.detect("Match Number,Round Number,Date,…\n…")  // .nba
  /// ```
  public static func detect(_ text: String) -> ScheduleFormat? {
    // The first line's bytes (at most 200: every header is told by its
    // start), without walking the file's characters ("\r\n" is one).
    var bytes = text.utf8.prefix(200).prefix { $0 != 0x0A && $0 != 0x0D }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("Match Number,Round Number,Date,Location,") { return .nba }
    if line.hasPrefix("Date,Start Time (Sask),Start Time (ET),") { return .nhl }
    if line.hasPrefix("\"game_id\",\"season\",\"game_type\"")
      || line.hasPrefix("game_id,season,game_type")
    {
      return .nfl
    }
    if line.hasPrefix("Date,Num,Day,Visitor,") { return .retrosheet }
    return nil
  }

  /// The format `text` is read as: `named` when given, else the one its
  /// header shows (`detect(_:)`), else Retrosheet for an empty file or a
  /// first line that starts like its header ("Date,…" with 13 fields:
  /// its reader then names the column that differs).
  /// - Parameter file: the name used in errors.
  /// - Throws: `FileFormatError` (line 1) for a first line that is none of
  ///   the four headers, naming them (review 12: a CSV of anything else was
  ///   told it is "not a Retrosheet schedule").
  public static func of(_ text: String, named: ScheduleFormat?, file: String) throws
    -> ScheduleFormat
  {
    if let format = named ?? detect(text) { return format }
    var bytes = text.utf8.prefix(400).prefix { $0 != 0x0A && $0 != 0x0D }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let line = String(decoding: bytes, as: UTF8.self)
    let fields = line.split(separator: ",", omittingEmptySubsequences: false)
    if line.trimmingCharacters(in: .whitespaces).isEmpty
      || (fields.first == "Date" && fields.count == 13)
    {
      return .retrosheet
    }
    let shown = line.count > 60 ? "\(line.prefix(60))…" : line
    throw FileFormatError(
      file: file, line: 1, field: nil,
      message:
        "this is not a schedule SportsTime reads: its first line is '\(shown)'; it reads "
        + "Retrosheet (Date,Num,Day,Visitor,…), NBA (Match Number,Round Number,Date,Location,…), "
        + "NHL (Date,Start Time (Sask),Start Time (ET),…) and nflverse (game_id,season,game_type,…) "
        + "schedules, told apart by that line")
  }

  /// Parses `text` as this format.
  /// - Parameters:
  ///   - file: the name used in errors.
  ///   - leagues: the built-in tables (`Leagues.builtIn()`); Retrosheet
  ///     files read the MLB catalog (`leagues.mlb`).
  /// - Returns: the games with counts.
  /// - Throws: `FileFormatError` naming file, line and field of the first
  ///   malformed row (each parser's own list).
  public func parse(_ text: String, file: String, leagues: Leagues) throws -> ScheduleImport {
    switch self {
    case .retrosheet: return try RetrosheetSchedule.parse(text, file: file, catalog: leagues.mlb)
    case .nba: return try NBASchedule.parse(text, file: file, leagues: leagues)
    case .nhl: return try NHLSchedule.parse(text, file: file, leagues: leagues)
    case .nfl: return try NFLSchedule.parse(text, file: file, leagues: leagues)
    }
  }
}

/// What the NBA, NHL and NFL readers share: a row's checks and the
/// assembly of their games into a `ScheduleImport`.
enum LeagueScheduleSupport {
  /// The season year of a game on `date` in a season that spans two years
  /// (NBA, NHL): the year it starts in (games from July on), e.g. 2024
  /// for 2024-25.
  static func season(of date: CalendarDate) -> Int {
    date.month >= 7 ? date.year : date.year - 1
  }

  /// The error at `line`, field `column` (0-based) of `columns`.
  static func fail(
    _ file: String, _ line: Int, _ column: Int?, _ columns: [String], _ message: String
  ) -> FileFormatError {
    FileFormatError(
      file: file, line: line, field: column.map { "\($0 + 1) (\(columns[$0]))" },
      message: message)
  }

  /// A whole number of 0…999 (a score), or nil.
  static func score(_ text: String) -> Int? {
    let t = text.trimmingSpaces()
    guard (1...3).contains(t.count), t.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(t)
  }

  /// Checks the header of `records` is exactly `columns`.
  /// - Throws: `FileFormatError` at the header's line.
  static func checkHeader(
    _ records: [CSVRecord], columns: [String], what: String, file: String
  ) throws {
    guard let header = records.first else {
      throw FileFormatError(file: file, line: 1, field: nil, message: "the file is empty")
    }
    guard header.fields.count == columns.count else {
      throw FileFormatError(
        file: file, line: header.line, field: nil,
        message:
          "this is not \(what): expected the header \(columns.joined(separator: ",").prefix(200))")
    }
    for (i, name) in header.fields.enumerated() where name.trimmingSpaces() != columns[i] {
      throw FileFormatError(
        file: file, line: header.line, field: "\(i + 1)",
        message: "the header has '\(name.prefix(80))' where \(what) has '\(columns[i])'")
    }
    if records.count < 2 {
      throw FileFormatError(
        file: file, line: header.line, field: nil, message: "the file has no games")
    }
  }

  /// The teams of `league` by full name ("Boston Celtics").
  static func teamsByName(_ league: League) -> [String: Team] {
    Dictionary(
      league.catalog.teams.values.map { ($0.fullName, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// The `ScheduleImport` of `games` (one per row, `origins` parallel),
  /// refusing two rows that give one id or one schedule key (the later
  /// line, at `dateField`) and a team in two games at once.
  /// - Throws: `FileFormatError` naming the later row.
  static func assemble(
    _ games: [Game], origins: [ScheduleRowOrigin], file: String, leagues: Leagues,
    fields: (home: String, visitor: String)
  ) throws -> ScheduleImport {
    var byID: [Game.ID: Int] = [:]
    var byKey: [String: Int] = [:]
    for (i, game) in games.enumerated() {
      if let earlier = byID[game.id] ?? byKey[game.scheduleKey] {
        let other = games[earlier]
        throw FileFormatError(
          file: file, line: origins[i].line, field: origins[i].dateField,
          message:
            "line \(origins[earlier].line) already has \(other.homeTeamID)'s home game on \(other.localDate.longDescription) (\(other.id)); a team plays at most one game a day"
        )
      }
      byID[game.id] = i
      byKey[game.scheduleKey] = i
    }
    var schedule = ScheduleImport(
      games: games, rowCount: games.count, rescheduledCount: 0, cancelledCount: 0,
      doubleheadersFormed: 0, venueIDs: Set(games.map(\.venueID)),
      teamIDs: Set(games.flatMap { [$0.homeTeamID, $0.awayTeamID] }), file: file,
      origins: origins, catalog: leagues.gamesCatalog, homeField: fields.home,
      visitorField: fields.visitor)
    if let clash = Game.teamOverlaps(in: games).min(by: {
      max(origins[$0.first].line, origins[$0.second].line)
        < max(origins[$1.first].line, origins[$1.second].line)
    }) {
      let atFault =
        origins[clash.first].line > origins[clash.second].line
        ? clash.first : clash.second
      let other = atFault == clash.first ? clash.second : clash.first
      throw schedule.error(
        for: .teamOverlap(
          index: atFault, games[atFault], team: clash.team,
          other: .incoming(index: other, games[other])))
    }
    schedule.markGamesChecked()
    return schedule
  }
}
