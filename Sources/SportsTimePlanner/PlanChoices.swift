import Foundation
import SportsTimeCore

/// One imported season of a sport, as the all-parks question sees it: its
/// regular-season games the planner can use (`PlanChoices.isPlannable`).
public struct PlanSeason: Sendable, Hashable {
  /// The season (`Game.season`: 2024 for the NBA's 2024-25).
  public var season: Int
  /// The first and last local dates of its games.
  public var first: CalendarDate
  public var last: CalendarDate
  /// How many games.
  public var games: Int

  /// Creates a season; see the properties.
  public init(season: Int, first: CalendarDate, last: CalendarDate, games: Int) {
    self.season = season
    self.first = first
    self.last = last
    self.games = games
  }
}

/// Whether a sport can be planned with: in some dates, or at all.
public struct SportChoice: Sendable, Hashable {
  /// The sport.
  public var sport: Sport
  /// The games the planner can use: in the dates when they were given,
  /// else every imported one.
  public var games: Int
  /// Its imported seasons, oldest first (for the all-parks question).
  public var seasons: [PlanSeason]
  /// Why it cannot be chosen, in words a traveller can act on; nil when
  /// it can.
  public var unavailableReason: String?

  /// Whether it can be chosen.
  public var isAvailable: Bool { unavailableReason == nil }

  /// Creates a choice; see the properties.
  public init(sport: Sport, games: Int, seasons: [PlanSeason], unavailableReason: String?) {
    self.sport = sport
    self.games = games
    self.seasons = seasons
    self.unavailableReason = unavailableReason
  }
}

/// A team that plays in some games (the "follow a team" question).
public struct PlanTeam: Sendable, Hashable {
  /// Its sport.
  public var sport: Sport
  /// Its code as in the games (`Game.homeTeamID`: `CHN` for the Cubs).
  public var code: String
  /// Its code as printed (`CHC`).
  public var printedCode: String
  /// Its full name ("Chicago Cubs"), or the code when the tables lack it.
  public var name: String
  /// The games it plays among those given (home and away).
  public var games: Int

  /// How a query names it unambiguously, whatever sports are stored:
  /// `SPORT:CODE` (`MLB:CHN`, `NBA:BOS`; `Leagues.team(named:among:season:)`
  /// reads it).
  public var reference: String { "\(sport.rawValue):\(code)" }

  /// Creates a team; see the properties.
  public init(sport: Sport, code: String, printedCode: String, name: String, games: Int) {
    self.sport = sport
    self.code = code
    self.printedCode = printedCode
    self.name = name
    self.games = games
  }
}

/// A city a trip may start or end near (`PlanPlace.resolve(_:radiusHours:catalog:)`
/// finds a venue by its city).
public struct PlanCity: Sendable, Hashable {
  /// The city as the venue tables spell it ("St. Louis").
  public var name: String
  /// Its state or province, and country (of its first venue by id).
  public var region: String
  public var country: String
  /// The venues there, by id.
  public var venueIDs: [Venue.ID]

  /// Creates a city; see the properties.
  public init(name: String, region: String, country: String, venueIDs: [Venue.ID]) {
    self.name = name
    self.region = region
    self.country = country
    self.venueIDs = venueIDs
  }
}

/// The choices a planning question is built from (the app's wizard): which
/// sports have games to plan with, which teams play, which cities a trip
/// can start near. Pure functions of the games and tables given.
public enum PlanChoices {
  /// Whether the planner can use `game`: it is not cancelled and its start
  /// is known (`PlanningModel` leaves the others out: no one can plan to be
  /// there).
  public static func isPlannable(_ game: Game) -> Bool {
    game.status != .cancelled && !game.timeUnknown
  }

  /// Every sport (in `Sport.allCases` order) and whether it can be
  /// planned with.
  ///
  /// A sport is unavailable when none of its games is imported, or, with
  /// `dates`, when none of its plannable games falls on those local dates
  /// (its reason then says when its imported games are).
  ///
  /// ```swift
  /// PlanChoices.sports(games: mlb2024 + nfl2024, dates: jun10...jun14)
  ///   .first { $0.sport == .nfl }?.unavailableReason
  /// // "No NFL games from Jun 10 to Jun 14, 2024 (the imported NFL games
  /// // run from Thu, Sep 5, 2024 to Sun, Feb 9, 2025)."
  /// ```
  /// - Parameters:
  ///   - games: every stored game (any sports and seasons).
  ///   - dates: the first and last day of a window (venue-local), or nil.
  /// - Complexity: O(n) in the games.
  public static func sports(games: [Game], dates: ClosedRange<CalendarDate>?) -> [SportChoice] {
    struct Tally {
      var stored = 0
      var imported = 0
      var inDates = 0
      var first: CalendarDate?
      var last: CalendarDate?
      var seasons: [Int: PlanSeason] = [:]
    }
    var tallies: [Sport: Tally] = [:]
    for game in games {
      var tally = tallies[game.sport] ?? Tally()
      defer { tallies[game.sport] = tally }
      tally.stored += 1
      guard isPlannable(game) else { continue }
      let date = game.localDate
      tally.imported += 1
      tally.first = min(tally.first ?? date, date)
      tally.last = max(tally.last ?? date, date)
      if let dates, dates.contains(date) { tally.inDates += 1 }
      if game.isRegularSeason {
        var season =
          tally.seasons[game.season]
          ?? PlanSeason(season: game.season, first: date, last: date, games: 0)
        season.first = min(season.first, date)
        season.last = max(season.last, date)
        season.games += 1
        tally.seasons[game.season] = season
      }
    }
    return Sport.allCases.map { sport in
      let tally = tallies[sport] ?? Tally()
      let seasons = tally.seasons.values.sorted { $0.season < $1.season }
      guard let first = tally.first, let last = tally.last else {
        return SportChoice(
          sport: sport, games: 0, seasons: [],
          unavailableReason: tally.stored == 0
            ? "No \(sport.rawValue) games are imported (import a schedule: sportstime schedule import FILE)."
            : "No \(sport.rawValue) game can be planned with: every imported one is cancelled or has no start time."
        )
      }
      guard let dates else {
        return SportChoice(
          sport: sport, games: tally.imported, seasons: seasons, unavailableReason: nil)
      }
      guard tally.inDates > 0 else {
        return SportChoice(
          sport: sport, games: 0, seasons: seasons,
          unavailableReason:
            "No \(sport.rawValue) games from \(span(dates)) (the imported \(sport.rawValue) games run from \(first.longDescription) to \(last.longDescription))."
        )
      }
      return SportChoice(
        sport: sport, games: tally.inDates, seasons: seasons, unavailableReason: nil)
    }
  }

  /// "Jun 10 to Jun 14, 2024"; "Dec 28, 2024 to Jan 3, 2025" across a
  /// year; "Jun 10, 2024" for one day.
  static func span(_ dates: ClosedRange<CalendarDate>) -> String {
    let (a, b) = (dates.lowerBound, dates.upperBound)
    if a == b { return "\(a.shortDescription), \(a.year)" }
    if a.year == b.year { return "\(a.shortDescription) to \(b.shortDescription), \(b.year)" }
    return "\(a.shortDescription), \(a.year) to \(b.shortDescription), \(b.year)"
  }

  /// The teams that play (home or away) in the plannable ones of `games`,
  /// by sport (`Sport.allCases` order) then name.
  /// - Parameter leagues: the tables the names come from.
  /// - Complexity: O(n log n) in the games.
  public static func teams(playingIn games: [Game], leagues: Leagues) -> [PlanTeam] {
    var counts: [Sport: [String: Int]] = [:]
    for game in games where isPlannable(game) {
      counts[game.sport, default: [:]][game.homeTeamID, default: 0] += 1
      counts[game.sport, default: [:]][game.awayTeamID, default: 0] += 1
    }
    var teams: [PlanTeam] = []
    for sport in Sport.allCases {
      let tables = leagues.league(sport)?.catalog.teams ?? [:]
      let ofSport = (counts[sport] ?? [:]).map { code, games in
        PlanTeam(
          sport: sport, code: code,
          printedCode: Team.printedCode(code, sport: sport, teams: leagues.mlb.teams),
          name: tables[code]?.fullName ?? code, games: games)
      }
      teams += ofSport.sorted { ($0.name, $0.code) < ($1.name, $1.code) }
    }
    return teams
  }

  /// Every city of `catalog`'s venues, by name (any case counts as one
  /// city, as `PlanPlace.resolve` finds them), sorted by name.
  /// - Complexity: O(n log n) in the venues.
  public static func cities(of catalog: Catalog) -> [PlanCity] {
    var byKey: [String: PlanCity] = [:]
    for venue in catalog.venues.values.sorted(by: { $0.id < $1.id }) {
      let key = venue.city.lowercased()
      if byKey[key] == nil {
        byKey[key] = PlanCity(
          name: venue.city, region: venue.region, country: venue.country, venueIDs: [])
      }
      byKey[key]?.venueIDs.append(venue.id)
    }
    return byKey.values.sorted {
      ($0.name.lowercased(), $0.region) < ($1.name.lowercased(), $1.region)
    }
  }
}
