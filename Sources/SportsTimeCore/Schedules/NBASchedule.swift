import Foundation

/// Reads the NBA schedule as played in the fixturedownload layout
/// (`../shared/data/nba/nba-2024-UTC.csv`; `SOURCE.md` there documents it).
///
/// Columns: `Match Number,Round Number,Date,Location,Home Team,Away Team,Result`.
///
/// Rules:
/// - `Date` is the tip-off in UTC, `dd/mm/yyyy HH:MM`: an exact instant, so
///   games are not marked estimated; the local date is the venue's (an
///   evening game on the US west coast is often the next day in UTC).
/// - `Location` is the arena by any of its names (the NBA table's, old or
///   new: `Rocket Arena` is Rocket Mortgage FieldHouse, `PHX Arena` is
///   Footprint Center), a neutral site (`NeutralSites`: Arena CDMX, Accor
///   Arena, Moody Center) or another built-in table's venue (T-Mobile
///   Arena, the NHL's).
/// - Teams are full names ("LA Clippers") of the NBA team table.
/// - `Result` is the final score `home - away`; empty for a game not yet
///   played.
/// - Match numbers above 1,230 (30 teams × 82 / 2) are not regular-season
///   games: in 2024-25 the one such row, Match 1231, is the NBA Cup final,
///   kept as a game a fan can attend and marked round `CUP`.
/// - Ids are `NBA-HOMEyyyymmdd0` (home team code, local date); the schedule
///   key is `NBA/season/match number`, which stays the same when a newer
///   file moves the game.
public enum NBASchedule {
  /// The header, exactly.
  public static let columns = [
    "Match Number", "Round Number", "Date", "Location", "Home Team", "Away Team", "Result",
  ]

  /// Regular-season games in an NBA season: 30 teams × 82 / 2.
  public static let regularSeasonGames = 1_230

  /// The round given to a game beyond the regular season (the NBA Cup
  /// final).
  public static let cupFinalRound = "CUP"

  /// Parses an NBA schedule file.
  /// - Parameters:
  ///   - text: the file's contents (CRLF or LF line ends).
  ///   - file: the name used in errors.
  ///   - leagues: the built-in tables (NBA teams and arenas, neutral sites).
  /// - Returns: the games, in file order.
  /// - Throws: `FileFormatError` naming file, line and field of the first
  ///   malformed row: header, column count, match number, date, unknown
  ///   arena or team, a team playing itself, a result that is not
  ///   `home - away`, two rows with one match number, a team with two games
  ///   on one local date or two games at once.
  public static func parse(_ text: String, file: String, leagues: Leagues) throws
    -> ScheduleImport
  {
    typealias S = LeagueScheduleSupport
    let records = try CSV.parse(text, file: file)
    try S.checkHeader(records, columns: columns, what: "an NBA schedule", file: file)
    guard let league = leagues.league(.nba) else {
      throw FileFormatError(
        file: file, line: nil, field: nil, message: "the NBA tables are not loaded")
    }
    let teams = S.teamsByName(league)
    let venues = venueNames(leagues)
    let utc = CalendarDate.utc
    var games: [Game] = []
    var origins: [ScheduleRowOrigin] = []
    var matchLine: [Int: Int] = [:]
    for record in records.dropFirst() {
      let line = record.line
      func fail(_ column: Int?, _ message: String) -> FileFormatError {
        S.fail(file, line, column, columns, message)
      }
      guard record.fields.count == columns.count else {
        throw fail(
          nil, "expected \(columns.count) comma-separated fields, found \(record.fields.count)")
      }
      let f = record.fields.map { $0.trimmingSpaces() }
      guard let match = Int(f[0]), match >= 1, f[0].allSatisfy(\.isASCIIDigit) else {
        throw fail(0, "'\(f[0].prefix(80))' is not a match number (1, 2, …)")
      }
      if let earlier = matchLine[match] {
        throw fail(0, "match \(match) is already on line \(earlier)")
      }
      matchLine[match] = line
      guard let tipOff = utcInstant(f[2], zone: utc) else {
        throw fail(2, "'\(f[2].prefix(80))' is not a UTC date and time as dd/mm/yyyy HH:MM")
      }
      guard let venue = venues[TextNormalization.key(f[3])] else {
        throw fail(3, "unknown arena '\(f[3].prefix(80))'")
      }
      guard let home = teams[f[4]] else { throw fail(4, "unknown NBA team '\(f[4].prefix(80))'") }
      guard let away = teams[f[5]] else { throw fail(5, "unknown NBA team '\(f[5].prefix(80))'") }
      guard home.id != away.id else { throw fail(5, "\(home.fullName) would play itself") }
      var score: Score?
      if !f[6].isEmpty {
        let parts = f[6].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = S.score(String(parts[0])),
          let a = S.score(String(parts[1])),
          let s = Score(away: a, home: h)
        else {
          throw fail(6, "'\(f[6].prefix(80))' is not a final score as home - away (e.g. 112 - 104)")
        }
        score = s
      }
      let date = CalendarDate(tipOff, in: venue.timeZone)
      let season = S.season(of: date)
      games.append(
        Game(
          id: Game.ID("NBA-\(home.id)\(date.compact)0"), sport: .nba, season: season,
          homeTeamID: home.id, awayTeamID: away.id, venueID: venue.id, start: tipOff,
          timeZoneID: venue.timeZoneID, localDate: date, timeEstimated: false,
          timeUnknown: false, status: .scheduled, originalDate: nil, gameNumber: 0,
          postponementReason: nil, scheduleKey: "NBA/\(season)/\(match)", score: score,
          round: match > regularSeasonGames ? cupFinalRound : nil))
      origins.append(ScheduleRowOrigin(line: line, dateField: "3 (Date)", isMakeup: false))
    }
    return try S.assemble(
      games, origins: origins, file: file, leagues: leagues,
      fields: (home: "5 (Home Team)", visitor: "6 (Away Team)"))
  }

  /// The venues a `Location` may name, by every name's normalised key: the
  /// NBA table first, then the neutral sites, then the other tables.
  static func venueNames(_ leagues: Leagues) -> [String: Venue] {
    var byName: [String: Venue] = [:]
    let nba = (leagues.league(.nba)?.venues.values).map(Array.init) ?? []
    let neutral = NeutralSites.sites.filter { $0.sports.contains(.nba) }.map(\.venue)
    for venue in nba.sorted(by: { $0.id < $1.id }) + neutral + leagues.allVenues {
      for name in venue.allNames where byName[TextNormalization.key(name)] == nil {
        byName[TextNormalization.key(name)] = venue
      }
    }
    return byName
  }

  /// `dd/mm/yyyy HH:MM` in `zone` as an instant, or nil.
  static func utcInstant(_ text: String, zone: TimeZone) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 2 else { return nil }
    let day = parts[0].split(separator: "/", omittingEmptySubsequences: false)
    let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
    guard day.count == 3, clock.count == 2, day[0].count == 2, day[1].count == 2,
      day[2].count == 4, clock[0].count == 2, clock[1].count == 2,
      (day + clock).allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let d = Int(day[0]), let m = Int(day[1]), let y = Int(day[2]),
      let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60,
      let date = CalendarDate(year: y, month: m, day: d)
    else { return nil }
    return LocalTime.instant(on: date, hour: hour, minute: minute, in: zone)
  }
}
