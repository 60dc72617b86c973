import Foundation

/// One game of an imported schedule.
///
/// The start is an absolute instant; the local date and time come from the
/// venue's IANA time zone, never the machine's (DESIGN.md, "Time").
public struct Game: Sendable, Hashable, Identifiable {
  /// Whether the game is to be played where and when it says.
  public enum Status: String, Sendable, Hashable, Codable {
    /// Played (or to be played) on its originally scheduled date.
    case scheduled
    /// Postponed and made up on another date; `originalDate` keeps the first.
    case rescheduled
    /// Postponed with no usable makeup date; cannot be added to a trip.
    case cancelled
  }

  /// The game's id (`Game.ID`): MLB `HOMEyyyymmddN` (`CHN202406040`), NBA
  /// and NHL `SPORT-HOMEyyyymmdd0` (`NBA-BOS202410220`), NFL the nflverse
  /// `game_id` (`2024_01_BAL_KC`).
  public var id: ID
  /// The sport (MLB for Retrosheet schedules).
  public var sport: Sport
  /// Season year, e.g. 2024.
  public var season: Int
  /// Home team code (Retrosheet), e.g. `CHN`.
  public var homeTeamID: String
  /// Visiting team code (Retrosheet).
  public var awayTeamID: String
  /// Where the game is played (the real site, neutral sites included).
  public var venueID: Venue.ID
  /// First pitch as an absolute instant (UTC).
  public var start: Date
  /// IANA zone of the venue, e.g. `Asia/Seoul`; local date/time use it.
  public var timeZoneID: String
  /// The date at the venue (Retrosheet dates are local to the ballpark).
  public var localDate: CalendarDate
  /// True when `start` is an estimate (Retrosheet gives only day/night).
  public var timeEstimated: Bool
  /// True when even day/night is unknown (flag `0`): shown as TBD, ordered
  /// as a night game.
  public var timeUnknown: Bool
  /// Scheduled, rescheduled or cancelled.
  public var status: Status
  /// The originally scheduled date, for rescheduled games.
  public var originalDate: CalendarDate?
  /// Doubleheader game number: 0 single game, 1 or 2 (or more) otherwise.
  public var gameNumber: Int
  /// The schedule's postponement text (e.g. "Rain"), if any.
  public var postponementReason: String?
  /// The schedule row this game comes from — sport, season, home team and
  /// the home team's season game number (`MLB/2024/CLE/162`) — which stays
  /// the same when a newer schedule moves the game (and so its `id`). Used
  /// to match games across re-imports.
  public var scheduleKey: String
  /// The final score when the schedule gives it (NBA, NHL and NFL files
  /// are as played); nil for MLB (Retrosheet schedules have none).
  public var score: Score?
  /// The stage of the season when it is not the regular season: the NFL's
  /// `WC`, `DIV`, `CON`, `SB` (nflverse `game_type`), the NBA's `CUP`
  /// (the NBA Cup final, which does not count in the regular season); nil
  /// for a regular-season game.
  public var round: String?

  /// True for a regular-season game (`round` is nil).
  public var isRegularSeason: Bool { round == nil }

  /// `round` in words ("Super Bowl", "NBA Cup final"; nflverse's
  /// `game_type` codes and the NBA Cup final's `CUP`); another code as it
  /// is; nil for a regular-season game.
  public var roundName: String? {
    guard let round else { return nil }
    let names = [
      "WC": "Wild Card", "DIV": "Divisional round", "CON": "Conference championship",
      "SB": "Super Bowl", "CUP": "NBA Cup final",
    ]
    return names[round] ?? round
  }

  /// Creates a game; see the properties for shapes and units.
  public init(
    id: ID, sport: Sport, season: Int, homeTeamID: String,
    awayTeamID: String, venueID: Venue.ID, start: Date, timeZoneID: String,
    localDate: CalendarDate, timeEstimated: Bool, timeUnknown: Bool,
    status: Status, originalDate: CalendarDate?, gameNumber: Int,
    postponementReason: String?, scheduleKey: String? = nil, score: Score? = nil,
    round: String? = nil
  ) {
    self.id = id
    self.sport = sport
    self.season = season
    self.homeTeamID = homeTeamID
    self.awayTeamID = awayTeamID
    self.venueID = venueID
    self.start = start
    self.timeZoneID = timeZoneID
    self.localDate = localDate
    self.timeEstimated = timeEstimated
    self.timeUnknown = timeUnknown
    self.status = status
    self.originalDate = originalDate
    self.gameNumber = gameNumber
    self.postponementReason = postponementReason
    self.scheduleKey = scheduleKey ?? "\(sport.rawValue)/\(id)"
    self.score = score
    self.round = round
  }

  /// The venue's time zone.
  public var timeZone: TimeZone {
    TimeZoneCache.zone(timeZoneID) ?? CalendarDate.utc
  }

  /// When the venue is free again: 3 hours after first pitch (DESIGN.md).
  public var end: Date { start.addingTimeInterval(Game.duration) }

  /// How long a game occupies its venue: 3 hours, in seconds.
  public static let duration: TimeInterval = 3 * 3600
}
