import Foundation

/// What a schedule file contains once read (a Retrosheet file once its
/// postponements are resolved; an NBA, NHL or NFL file as played): every
/// game at the date and place it was (or will be) played.
public struct ScheduleImport: Sendable {
  /// All games, including cancelled ones, in file order. Changing them
  /// clears `gamesAreChecked`.
  public var games: [Game] { didSet { gamesAreChecked = false } }
  /// Rows read (one per originally scheduled game).
  public var rowCount: Int
  /// Games moved to a makeup date.
  public var rescheduledCount: Int
  /// Games postponed with no usable makeup date.
  public var cancelledCount: Int
  /// Makeups that landed on a day the home team already played, forming a
  /// doubleheader that the schedule does not list.
  public var doubleheadersFormed: Int
  /// Distinct venues used.
  public var venueIDs: Set<Venue.ID>
  /// Distinct teams playing.
  public var teamIDs: Set<String>
  /// The file's name as given to `RetrosheetSchedule.parse`, used in errors.
  public var file: String
  /// Where each game comes from in the file, parallel to `games`.
  public var origins: [ScheduleRowOrigin]
  /// The venues and teams the file was read with, so that refusals print
  /// teams by abbreviation and venues by name, as everything else does.
  public var catalog: Catalog
  /// The field named in a refusal for a game's home team (`7 (Home)` in a
  /// Retrosheet file).
  public var homeField: String = RetrosheetSchedule.homeField
  /// The field named in a refusal for a game's visiting team.
  public var visitorField: String = RetrosheetSchedule.visitorField
  /// True while `games` are as `RetrosheetSchedule.parse` checked them: no
  /// game listed twice (by id or schedule row) and no team in two of them
  /// at once. `ScheduleMerge.plan` then need not check that again.
  public private(set) var gamesAreChecked = false

  /// Marks `games` as checked (`RetrosheetSchedule.parse`, after its checks).
  mutating func markGamesChecked() { gamesAreChecked = true }

  /// The refusal of `conflict` (found by `ScheduleMerge.plan` on `games`)
  /// as a malformed row: this file, the line of the game at fault and the
  /// field that put it there, in plain words.
  /// - Parameter conflict: a conflict whose indices are into `games`.
  /// - Returns: the error naming file, line and field.
  public func error(for conflict: ScheduleConflict) -> FileFormatError {
    let origin = origins[conflict.index]
    let game = games[conflict.index]
    let field: String
    switch conflict {
    case .repeated, .idTaken:
      field = origin.dateField
    case .teamOverlap(_, _, let team, _):
      field =
        origin.isMakeup
        ? origin.dateField
        : team == game.homeTeamID ? homeField : visitorField
    }
    let message = conflict.message(catalog: catalog) {
      origins.indices.contains($0) ? origins[$0].line : nil
    }
    return FileFormatError(file: file, line: origin.line, field: field, message: message)
  }
}

/// Where an imported game comes from in its schedule file, so that a
/// refusal found later (a clash with stored games) can point at the row.
public struct ScheduleRowOrigin: Sendable, Hashable {
  /// 1-based line of the row (the header is line 1).
  public var line: Int
  /// The field that gave the date the game is played on: `1 (Date)`, or
  /// for a makeup `13 (Makeup)` (`12 (Postponed)` when the makeup date sits
  /// in that column).
  public var dateField: String
  /// True when the game was moved to a makeup date.
  public var isMakeup: Bool

  /// Creates an origin; see the properties.
  public init(line: Int, dateField: String, isMakeup: Bool) {
    self.line = line
    self.dateField = dateField
    self.isMakeup = isMakeup
  }
}

extension ScheduleImport {
  /// What a schedule file held, in the counts an import prints: all that a
  /// re-import of the unchanged file needs from it (`Store`'s record of an
  /// import, `RetrosheetSchedule.fingerprint(of:)`).
  public struct Counts: Sendable, Hashable {
    /// Games in the file, cancelled ones included.
    public var games: Int
    /// Of them moved to a makeup date.
    public var rescheduled: Int
    /// Of them postponed with no usable makeup date.
    public var cancelled: Int
    /// Makeups that formed a doubleheader.
    public var doubleheadersFormed: Int
    /// Distinct venues.
    public var venues: Int
    /// Distinct teams.
    public var teams: Int

    /// Counts; see the properties.
    public init(
      games: Int, rescheduled: Int, cancelled: Int, doubleheadersFormed: Int, venues: Int,
      teams: Int
    ) {
      self.games = games
      self.rescheduled = rescheduled
      self.cancelled = cancelled
      self.doubleheadersFormed = doubleheadersFormed
      self.venues = venues
      self.teams = teams
    }
  }

  /// The file's regular-season games (`Game.isRegularSeason`): all of a
  /// Retrosheet file's; an NBA, NHL or NFL file's without its postseason
  /// and NBA Cup final.
  public var regularSeasonCount: Int { games.lazy.filter(\.isRegularSeason).count }

  /// The file's games by round (`Game.round`, e.g. `WC` 6, `SB` 1), the
  /// regular season left out, by round name.
  public var roundCounts: [(round: String, games: Int)] {
    var counts: [String: Int] = [:]
    for game in games { if let round = game.round { counts[round, default: 0] += 1 } }
    return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// This file's counts.
  public var counts: Counts {
    Counts(
      games: games.count, rescheduled: rescheduledCount, cancelled: cancelledCount,
      doubleheadersFormed: doubleheadersFormed, venues: venueIDs.count, teams: teamIDs.count)
  }
}
