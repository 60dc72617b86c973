import Foundation

/// Reads the nflverse schedules export (`../shared/data/nfl/schedules_2024.csv`,
/// the columns of `nflreadr::load_schedules()`; `SOURCE.md` there documents
/// it). Columns are found by name in the header; those read are `game_id,
/// season, game_type, week, gameday, gametime, away_team, away_score,
/// home_team, home_score, location, stadium_id` (the rest are ignored).
/// Missing values are `NA`.
///
/// Rules:
/// - `gameday` (`YYYY-MM-DD`) and `gametime` (`HH:MM`, 24-hour) are the
///   kickoff in US Eastern time whatever the venue (nflverse's data
///   dictionary), zone `America/New_York`: an exact instant, not an
///   estimate. The local date and time are the venue's (a 09:30 ET London
///   game is 14:30 in London).
/// - The venue is `stadium_id`: an NFL table stadium (`PHO00`, `NOR00`) or
///   a neutral site (`NeutralSites`: `SAO00`, `LON00`, `LON02`, `GER00`);
///   the `stadium` name column (some names are old) is not read.
/// - Teams are nflverse codes (`LA` Rams, `LV`, `WAS`) of the NFL table.
/// - `game_type` `REG` is the regular season; `WC`, `DIV`, `CON` and `SB`
///   postseason games are kept (fans attend them) with that round
///   (`Game.round`). Scores are kept when both are given.
/// - The id is the nflverse `game_id` (`2024_01_BAL_KC`), which must agree
///   with the season, week and teams; the schedule key is `NFL/game_id`.
public enum NFLSchedule {
  /// The columns read, each required in the header.
  public static let columnsRead = [
    "game_id", "season", "game_type", "week", "gameday", "gametime", "away_team",
    "away_score", "home_team", "home_score", "location", "stadium_id",
  ]

  /// The `game_type` values and their rounds (nil: regular season).
  public static let gameTypes: [String: String?] = [
    "REG": nil, "WC": "WC", "DIV": "DIV", "CON": "CON", "SB": "SB",
  ]

  /// The zone of `gameday`/`gametime`.
  public static let easternZoneID = "America/New_York"

  /// Parses an nflverse schedules file.
  /// - Parameters:
  ///   - text: the file's contents (CRLF or LF line ends).
  ///   - file: the name used in errors.
  ///   - leagues: the built-in tables (NFL teams and stadiums, neutral
  ///     sites).
  /// - Returns: the games, in file order.
  /// - Throws: `FileFormatError` naming file, line and field of the first
  ///   malformed row: a header without a needed column, column count, game
  ///   id, season, game type, week, date, time, unknown team or stadium, a
  ///   team playing itself, a score, a location other than Home or Neutral,
  ///   a game id that disagrees with the row, a game listed twice, a team
  ///   in two games at once.
  public static func parse(_ text: String, file: String, leagues: Leagues) throws
    -> ScheduleImport
  {
    typealias S = LeagueScheduleSupport
    let records = try CSV.parse(text, file: file)
    guard let header = records.first else {
      throw FileFormatError(file: file, line: 1, field: nil, message: "the file is empty")
    }
    let names = header.fields.map { $0.trimmingSpaces() }
    var index: [String: Int] = [:]
    for name in columnsRead {
      guard let i = names.firstIndex(of: name) else {
        throw FileFormatError(
          file: file, line: header.line, field: nil,
          message: "this is not an nflverse schedule: the header has no '\(name)' column")
      }
      index[name] = i
    }
    guard records.count > 1 else {
      throw FileFormatError(
        file: file, line: header.line, field: nil, message: "the file has no games")
    }
    guard let league = leagues.league(.nfl), let eastern = TimeZoneCache.zone(easternZoneID)
    else {
      throw FileFormatError(
        file: file, line: nil, field: nil, message: "the NFL tables are not loaded")
    }
    var games: [Game] = []
    var origins: [ScheduleRowOrigin] = []
    for record in records.dropFirst() {
      let line = record.line
      func column(_ name: String) -> Int { index[name] ?? 0 }
      func fail(_ name: String?, _ message: String) -> FileFormatError {
        FileFormatError(
          file: file, line: line, field: name.map { "\(column($0) + 1) (\($0))" },
          message: message)
      }
      guard record.fields.count == names.count else {
        throw fail(
          nil, "expected \(names.count) comma-separated fields, found \(record.fields.count)")
      }
      func value(_ name: String) -> String { record.fields[column(name)].trimmingSpaces() }
      let gameID = value("game_id")
      guard let id = Game.ID(parsing: gameID), gameID.contains("_") else {
        throw fail(
          "game_id", "'\(gameID.prefix(80))' is not an nflverse game id (yyyy_ww_AWAY_HOME)")
      }
      guard let season = Int(value("season")), (1900...9999).contains(season) else {
        throw fail("season", "'\(value("season").prefix(80))' is not a season year")
      }
      guard let round = gameTypes[value("game_type")] else {
        throw fail("game_type", "'\(value("game_type").prefix(80))' is not REG, WC, DIV, CON or SB")
      }
      guard let week = Int(value("week")), (1...25).contains(week) else {
        throw fail("week", "'\(value("week").prefix(80))' is not a week number")
      }
      guard let day = CalendarDate(iso: value("gameday")) else {
        throw fail("gameday", "'\(value("gameday").prefix(80))' is not a real date as YYYY-MM-DD")
      }
      guard let clock = clock(value("gametime")) else {
        throw fail("gametime", "'\(value("gametime").prefix(80))' is not a time as HH:MM (24-hour)")
      }
      let awayCode = value("away_team")
      let homeCode = value("home_team")
      guard league.catalog.teams[awayCode] != nil else {
        throw fail("away_team", "unknown NFL team '\(awayCode.prefix(80))'")
      }
      guard league.catalog.teams[homeCode] != nil else {
        throw fail("home_team", "unknown NFL team '\(homeCode.prefix(80))'")
      }
      guard homeCode != awayCode else { throw fail("home_team", "\(homeCode) would play itself") }
      let expected = String(format: "%04d_%02d_%@_%@", season, week, awayCode, homeCode)
      guard gameID == expected else {
        throw fail(
          "game_id",
          "'\(gameID.prefix(80))' does not match the row's season, week and teams (\(expected))")
      }
      var score: Score?
      let (a, h) = (value("away_score"), value("home_score"))
      let missing = { (text: String) in text == "NA" || text.isEmpty }
      if missing(a) != missing(h) {
        // One side played, the other not: the row is not a result.
        let (field, other) = missing(a) ? ("away_score", h) : ("home_score", a)
        throw fail(
          field,
          "\(missing(a) ? "away" : "home") score is missing but the other is '\(other.prefix(80))': "
            + "give both scores, or neither (NA) for a game not yet played")
      }
      if !missing(a) {
        guard let away = S.score(a) else {
          throw fail("away_score", "'\(a.prefix(80))' is not a score (a whole number)")
        }
        guard let home = S.score(h) else {
          throw fail("home_score", "'\(h.prefix(80))' is not a score (a whole number)")
        }
        score = Score(away: away, home: home)
      }
      guard ["Home", "Neutral"].contains(value("location")) else {
        throw fail("location", "'\(value("location").prefix(80))' is not Home or Neutral")
      }
      let stadium = Venue.ID(value("stadium_id"))
      let neutral = NeutralSites.sites.first { $0.venue.id == stadium }?.venue
      guard let venue = league.venues[stadium] ?? neutral else {
        throw fail("stadium_id", "unknown stadium id '\(stadium.rawValue.prefix(80))'")
      }
      let start = LocalTime.instant(on: day, hour: clock.hour, minute: clock.minute, in: eastern)
      games.append(
        Game(
          id: id, sport: .nfl, season: season, homeTeamID: homeCode, awayTeamID: awayCode,
          venueID: venue.id, start: start, timeZoneID: venue.timeZoneID,
          localDate: CalendarDate(start, in: venue.timeZone), timeEstimated: false,
          timeUnknown: false, status: .scheduled, originalDate: nil, gameNumber: 0,
          postponementReason: nil, scheduleKey: "NFL/\(gameID)", score: score, round: round))
      origins.append(
        ScheduleRowOrigin(
          line: line, dateField: "\(column("gameday") + 1) (gameday)", isMakeup: false))
    }
    return try S.assemble(
      games, origins: origins, file: file, leagues: leagues,
      fields: (
        home: "\(index["home_team", default: 0] + 1) (home_team)",
        visitor: "\(index["away_team", default: 0] + 1) (away_team)"
      ))
  }

  /// `HH:MM` (24-hour) as hour and minute, or nil.
  static func clock(_ text: String) -> (hour: Int, minute: Int)? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
      let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
    else { return nil }
    return (h, m)
  }
}
