import Foundation
import SportsTimeCore

extension WireV1 {
  /// `trip attended --json`: `{trip, recorded: [visit], skipped: [{gameID,
  /// reason}]}`.
  public struct Attended: Codable, Sendable, Hashable {
    /// A game not recorded: `{gameID, reason}`.
    public struct Skipped: Codable, Sendable, Hashable {
      /// The game's id.
      public var gameID: Game.ID
      /// `linked` (a visit typed by hand was this game, now linked to it),
      /// `already-recorded`, `not-played` or `cancelled`.
      public var reason: String
    }

    /// The trip's name.
    public var trip: String
    /// The visits recorded.
    public var recorded: [VisitEntry]
    /// The games skipped, with why.
    public var skipped: [Skipped]

    /// The document of `attendance` of `trip`, teams by their codes in
    /// `leagues`.
    public init(trip: Trip, attendance: Attendance, leagues: Leagues) {
      self.trip = trip.name
      recorded = attendance.recorded.map { VisitEntry($0, leagues: leagues) }
      skipped = attendance.skipped.map {
        Skipped(gameID: $0.game.id, reason: $0.reason.rawValue)
      }
    }
  }

  /// `schedule import --json`: `{file, games, rescheduled, cancelled,
  /// doubleheadersFormed, venues, teams, sport?, regularSeason?, rounds?, inserted, updated, unchanged,
  /// notInFile, moved, changedInTrips, removed, trips, visits}`.
  public struct ScheduleImport: Codable, Sendable, Hashable {
    /// A trip using changed games: `{id, name, games}`.
    public struct Trip: Codable, Sendable, Hashable {
      /// Lowercase UUID text.
      public var id: String
      /// The trip's name.
      public var name: String
      /// Its games' current ids.
      public var games: [Game.ID]

      /// A trip; see the properties.
      public init(id: SportsTimeCore.Trip.ID, name: String, games: [Game.ID]) {
        self.id = id.description
        self.name = name
        self.games = games
      }
    }

    /// A visit of a changed game: `{id, date, gameID, newGameID, gameDate,
    /// linked}`.
    public struct Visit: Codable, Sendable, Hashable {
      /// The visit's id.
      public var id: String
      /// The visit's own date.
      public var date: CalendarDate
      /// Its game's id before the import.
      public var gameID: Game.ID
      /// And after.
      public var newGameID: Game.ID
      /// The game's local date now.
      public var gameDate: CalendarDate
      /// Whether the visit still points to the game.
      public var linked: Bool

      /// The entry of `change`.
      public init(_ change: ScheduleMerge.VisitChange) {
        id = change.visit.key
        date = change.visit.date
        gameID = change.oldGame.id
        newGameID = change.game.id
        gameDate = change.game.localDate
        linked = change.keepsLink
      }
    }

    /// The file read (as given).
    public var file: String
    /// Games in the file.
    public var games: Int
    /// Of them rescheduled.
    public var rescheduled: Int
    /// Of them cancelled.
    public var cancelled: Int
    /// Doubleheaders formed by makeups.
    public var doubleheadersFormed: Int
    /// Venues in the file.
    public var venues: Int
    /// Teams in the file.
    public var teams: Int
    /// The file's sport (`NBA`, `NHL`, `NFL`); left out for a Retrosheet
    /// (MLB) file.
    public var sport: Sport?
    /// Of the games, those of the regular season (`Game.isRegularSeason`);
    /// left out for a Retrosheet file (all of them).
    public var regularSeason: Int?
    /// The other games by round (`WC` 6, `SB` 1, `CUP` 1), sorted by round;
    /// left out for a Retrosheet file.
    public var rounds: OrderedMap<Int>?
    /// Games new to the store.
    public var inserted: Int
    /// Games changed.
    public var updated: Int
    /// Games stored exactly as imported.
    public var unchanged: Int
    /// Stored games of the file's seasons it does not list.
    public var notInFile: Int
    /// Old game id → new id, sorted by old id.
    public var moved: OrderedMap<Game.ID>
    /// Changed games trips use, by current id.
    public var changedInTrips: [Game.ID]
    /// Ids removed (`--replace`).
    public var removed: [Game.ID]
    /// The trips using changed games.
    public var trips: [Trip]
    /// The visits of changed games.
    public var visits: [Visit]

    /// The report of reading `file` into `schedule` and storing it with
    /// the given counts and changes.
    public init(
      file: String, schedule: SportsTimeCore.ScheduleImport, inserted: Int, updated: Int,
      unchanged: Int, notInFile: Int, moved: [Game.ID: Game.ID], changedInTrips: [Game.ID],
      removed: [Game.ID], trips: [Trip], visits: [ScheduleMerge.VisitChange]
    ) {
      self.init(
        file: file, counts: schedule.counts, inserted: inserted, updated: updated,
        unchanged: unchanged, notInFile: notInFile, moved: moved, changedInTrips: changedInTrips,
        removed: removed, trips: trips, visits: visits)
      if schedule.games.first?.sport != .mlb {
        describe(schedule)
      }
    }

    /// Sets `sport`, `regularSeason` and `rounds` from `schedule` (an NBA,
    /// NHL or NFL file's).
    public mutating func describe(_ schedule: SportsTimeCore.ScheduleImport) {
      sport = schedule.games.first?.sport
      regularSeason = schedule.regularSeasonCount
      rounds = OrderedMap(schedule.roundCounts.map { ($0.round, $0.games) })
    }

    /// The report of reading `file`, whose counts are `counts`, and
    /// storing it with the given counts and changes.
    public init(
      file: String, counts: SportsTimeCore.ScheduleImport.Counts, inserted: Int, updated: Int,
      unchanged: Int, notInFile: Int, moved: [Game.ID: Game.ID], changedInTrips: [Game.ID],
      removed: [Game.ID], trips: [Trip], visits: [ScheduleMerge.VisitChange]
    ) {
      self.file = file
      games = counts.games
      rescheduled = counts.rescheduled
      cancelled = counts.cancelled
      doubleheadersFormed = counts.doubleheadersFormed
      venues = counts.venues
      teams = counts.teams
      self.inserted = inserted
      self.updated = updated
      self.unchanged = unchanged
      self.notInFile = notInFile
      self.moved = OrderedMap(
        moved.sorted { $0.key < $1.key }.map { ($0.key.description, $0.value) })
      self.changedInTrips = changedInTrips
      self.removed = removed
      self.trips = trips
      self.visits = visits.map(Visit.init)
    }
  }
}
