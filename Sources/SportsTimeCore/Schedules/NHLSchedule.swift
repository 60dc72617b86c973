import Foundation

/// Reads the NHL schedule as played in the layout of NHL.com's schedule
/// download (`../shared/data/nhl/nhl-202425-asplayed.csv`; `SOURCE.md`
/// there documents it).
///
/// Columns: `Date,Start Time (Sask),Start Time (ET),Visitor,Score,Home,Score,Status`
/// (the first `Score` the visitor's goals, the second the home team's).
///
/// Rules:
/// - `Date` (`YYYY-MM-DD`) and `Start Time (ET)` (`h:mm AM/PM`) are the
///   puck drop in US Eastern time (EDT or EST as of that date, zone
///   `America/New_York`): an exact instant, not an estimate. The
///   Saskatchewan column is the same moment and is not read. The local date
///   is the venue's (a Prague game at 1 PM ET is 7 PM in Prague).
/// - There is no venue column: a game is at its home team's arena (the NHL
///   table), except the neutral-site games of `NeutralSites.nhlGames` (the
///   Global Series in Prague and Tampere, the Winter Classic at Wrigley
///   Field, the Stadium Series at Ohio Stadium), matched by date and teams.
/// - Teams are full names of the NHL team table; `Status` is `Regulation`,
///   `OT` or `SO` (empty, with empty scores, for a game not yet played).
/// - Ids are `NHL-HOMEyyyymmdd0` (home team code, local date); the schedule
///   key is `NHL/season/HOME/VISITOR/n`, the n-th game of those two teams at
///   that home team in the file.
public enum NHLSchedule {
  /// The header, exactly.
  public static let columns = [
    "Date", "Start Time (Sask)", "Start Time (ET)", "Visitor", "Score", "Home", "Score", "Status",
  ]

  /// The zone of the `Start Time (ET)` column.
  public static let easternZoneID = "America/New_York"

  /// Parses an NHL schedule file.
  /// - Parameters:
  ///   - text: the file's contents (CRLF or LF line ends).
  ///   - file: the name used in errors.
  ///   - leagues: the built-in tables (NHL teams and arenas, neutral sites).
  /// - Returns: the games, in file order.
  /// - Throws: `FileFormatError` naming file, line and field of the first
  ///   malformed row: header, column count, date, start time, unknown team,
  ///   a team playing itself, a score that is not a number, an unknown
  ///   status, a team with two games on one date or two at once.
  public static func parse(_ text: String, file: String, leagues: Leagues) throws
    -> ScheduleImport
  {
    typealias S = LeagueScheduleSupport
    let records = try CSV.parse(text, file: file)
    try S.checkHeader(records, columns: columns, what: "an NHL schedule", file: file)
    guard let league = leagues.league(.nhl), let eastern = TimeZoneCache.zone(easternZoneID)
    else {
      throw FileFormatError(
        file: file, line: nil, field: nil, message: "the NHL tables are not loaded")
    }
    let teams = S.teamsByName(league)
    var special: [String: Venue.ID] = [:]
    for game in NeutralSites.nhlGames {
      special["\(game.date.iso) \(game.visitor) \(game.home)"] = game.venueID
    }
    var games: [Game] = []
    var origins: [ScheduleRowOrigin] = []
    var meetings: [String: Int] = [:]
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
      guard let etDate = CalendarDate(iso: f[0]) else {
        throw fail(0, "'\(f[0].prefix(80))' is not a real date as YYYY-MM-DD")
      }
      guard let clock = twelveHourClock(f[2]) else {
        throw fail(2, "'\(f[2].prefix(80))' is not a time as h:mm AM or h:mm PM")
      }
      guard let visitor = teams[f[3]] else {
        throw fail(3, "unknown NHL team '\(f[3].prefix(80))'")
      }
      guard let home = teams[f[5]] else { throw fail(5, "unknown NHL team '\(f[5].prefix(80))'") }
      guard home.id != visitor.id else { throw fail(5, "\(home.fullName) would play itself") }
      var score: Score?
      if !(f[4].isEmpty && f[6].isEmpty && f[7].isEmpty) {
        guard let v = S.score(f[4]) else {
          throw fail(4, "'\(f[4].prefix(80))' is not the visitor's goals (a whole number)")
        }
        guard let h = S.score(f[6]) else {
          throw fail(6, "'\(f[6].prefix(80))' is not the home team's goals (a whole number)")
        }
        guard ["Regulation", "OT", "SO"].contains(f[7]) else {
          throw fail(7, "'\(f[7].prefix(80))' is not Regulation, OT or SO")
        }
        score = Score(away: v, home: h)
      }
      let start = LocalTime.instant(on: etDate, hour: clock.hour, minute: clock.minute, in: eastern)
      let season = S.season(of: etDate)
      let venueID =
        special["\(etDate.iso) \(visitor.id) \(home.id)"]
        ?? league.franchise(ofTeam: home.id)?.home(in: season)
      guard let venueID, let venue = leagues.anyVenue(venueID) else {
        throw fail(5, "\(home.fullName) has no home arena in the tables")
      }
      let date = CalendarDate(start, in: venue.timeZone)
      let pair = "\(home.id)/\(visitor.id)"
      let n = (meetings[pair] ?? 0) + 1
      meetings[pair] = n
      games.append(
        Game(
          id: Game.ID("NHL-\(home.id)\(date.compact)0"), sport: .nhl, season: season,
          homeTeamID: home.id, awayTeamID: visitor.id, venueID: venue.id, start: start,
          timeZoneID: venue.timeZoneID, localDate: date, timeEstimated: false,
          timeUnknown: false, status: .scheduled, originalDate: nil, gameNumber: 0,
          postponementReason: nil, scheduleKey: "NHL/\(season)/\(pair)/\(n)", score: score))
      origins.append(ScheduleRowOrigin(line: line, dateField: "1 (Date)", isMakeup: false))
    }
    return try S.assemble(
      games, origins: origins, file: file, leagues: leagues,
      fields: (home: "6 (Home)", visitor: "4 (Visitor)"))
  }

  /// `h:mm AM` / `h:mm PM` (12-hour, `12:00 PM` noon) as 24-hour, or nil.
  static func twelveHourClock(_ text: String) -> (hour: Int, minute: Int)? {
    let parts = text.split(separator: " ")
    guard parts.count == 2 else { return nil }
    let clock = parts[0].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 2, (1...2).contains(clock[0].count), clock[1].count == 2,
      clock.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let h = Int(clock[0]), let m = Int(clock[1]), (1...12).contains(h), m < 60
    else { return nil }
    switch parts[1].uppercased() {
    case "AM": return (h == 12 ? 0 : h, m)
    case "PM": return (h == 12 ? 12 : h + 12, m)
    default: return nil
    }
  }
}
