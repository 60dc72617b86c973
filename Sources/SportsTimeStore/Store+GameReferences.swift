import Foundation
import SportsTimeCore

/// Why a game reference names no stored game, in a traveller's words and
/// with a kind (all `.notFound`). Malformed references and a team that is
/// not there are `GameReferenceError` and `CatalogError`.
public enum GameLookupError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database holds no games at all (no schedule imported yet).
  case noGamesYet
  /// No stored game has this id.
  case noSuchGame(Game.ID)
  /// The team (its full name) has no game on `date`: the game scheduled that
  /// day (`matchup`, "SD @ CHC") was moved to `newDate` as game `gameID`.
  case moved(
    team: String, date: CalendarDate, matchup: String, gameID: Game.ID, newDate: CalendarDate)
  /// No stored game has the id `id` any more: the game it named (the home
  /// team's game that day, by Retrosheet's id) was moved to `newDate`,
  /// where it is game `newID`.
  case movedID(Game.ID, newDate: CalendarDate, newID: Game.ID)

  /// What kind of failure this is: always `.notFound`.
  public var kind: ErrorKind { .notFound }

  /// The problem in plain words, naming no command or flag.
  public var description: String {
    switch self {
    case .noGamesYet:
      return "no games in the database yet; import a schedule first"
    case .noSuchGame(let id):
      return "no game \(id) in the database"
    case .moved(let team, let date, let matchup, let gameID, let newDate):
      return
        "\(team) has no game on \(date.iso): the game scheduled that day (\(matchup)) was moved to \(newDate.iso); use \(gameID)"
    case .movedID(let id, let newDate, let newID):
      return
        "no game \(id) in the database: it was moved to \(newDate.iso) and is now \(newID)"
    }
  }
}

extension Store {
  /// The stored games `references` name, in the order given, read in one
  /// read transaction.
  ///
  /// A game id names that game. `TEAM@DATE#N` names the team's N-th game
  /// that local date, home or away, by any name the leagues know for the
  /// team in that season, among the sports of the stored games
  /// (`Leagues.team(named:among:season:)`: `NBA:BOS@…` names the sport, and
  /// `BOS@…` is refused as a team of several sports when both the Celtics'
  /// and the Bruins' games are stored), any code of its franchise included
  /// (`ATH@2024-06-01` finds the `OAK` games); cancelled games count only
  /// when there is nothing else that day (`GameReference.pick`).
  ///
  /// ```swift
  /// try store.games(for: [.teamOnDate(team: "cubs", date: jun4, number: 1)], catalog: mlb)
  /// // [CHN202406040]
  /// ```
  /// - Throws: `GameLookupError.noGamesYet` when no schedule is stored,
  ///   `.noSuchGame` for an unknown id, `.moved` when the team's game that
  ///   day was rescheduled (naming its new date and id); `CatalogError`
  ///   for a team the leagues do not know (another sport's team, or one of
  ///   several sports: `.teamOfSeveralSports`);
  ///   `GameReferenceError` when the team has no game that day or not that
  ///   many; or `StoreError`.
  public func games(for references: [GameReference], catalog: Catalog) throws -> [Game] {
    try read { try references.map { try lookUp($0, catalog: catalog) } }
  }

  /// The stored game `reference` names (as `games(for:catalog:)`).
  /// - Throws: as `games(for:catalog:)`.
  public func game(for reference: GameReference, catalog: Catalog) throws -> Game {
    try read { try lookUp(reference, catalog: catalog) }
  }

  /// `game(for:catalog:)` inside the caller's transaction.
  private func lookUp(_ reference: GameReference, catalog: Catalog) throws -> Game {
    switch reference {
    case .id(let id):
      guard let game = try game(id: id) else {
        if try gameCount() == 0 { throw GameLookupError.noGamesYet }
        try throwIfMoved(id)
        throw GameLookupError.noSuchGame(id)
      }
      return game
    case .teamOnDate(let teamName, let date, _):
      if try gameCount() == 0 { throw GameLookupError.noGamesYet }
      // Among the stored sports: `BOS` is refused when both the Celtics'
      // and the Bruins' games are stored (`NBA:BOS` says which).
      let leagues = try Leagues.builtIn()
      let stored = try storedSports()
      let found: Leagues.SportTeam
      if stored == [.mlb] && Leagues.splitSport(teamName).sport == nil {
        // MLB alone: the catalog's own look-up and errors, as ever.
        found = Leagues.SportTeam(
          sport: .mlb, team: try catalog.team(named: teamName, season: date.year))
      } else {
        found = try team(named: teamName, among: stored, playingOn: date, leagues: leagues)
      }
      let team = found.team
      var query = GameQuery()
      query.sportTeams = [
        found.sport: found.sport == .mlb
          ? catalog.franchise(of: team).map(\.id) : leagues.codes(of: found)
      ]
      var sameDay = query
      sameDay.from = date
      sameDay.to = date
      let games = try self.games(sameDay)
      if games.isEmpty {
        // A game scheduled that day may have moved: point at its new date.
        let moved = try self.games(query).filter {
          $0.originalDate == date && $0.status == .rescheduled
        }
        if let game = moved.first {
          let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: catalog.teams)
          let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: catalog.teams)
          throw GameLookupError.moved(
            team: team.fullName, date: date, matchup: "\(away) @ \(home)", gameID: game.id,
            newDate: game.localDate)
        }
      }
      return try reference.pick(from: games, teamName: team.fullName)
    }
  }

  /// The team `text` names among the `stored` sports, for a game on `date`
  /// (`Leagues.team(named:among:season:)`), with one more rule: a name
  /// several sports' teams have (`CLE`: the Guardians, the Cavaliers, the
  /// Browns) is the one of them with a stored game that local date, when
  /// exactly one has (`CLE@2024-06-04` is the Guardians' game: no other
  /// Cleveland team played that day). With none or several playing, the
  /// name stays refused, naming each team.
  /// - Throws: as `Leagues.team(named:among:season:)`.
  func team(
    named text: String, among stored: [Sport], playingOn date: CalendarDate, leagues: Leagues
  ) throws -> Leagues.SportTeam {
    do {
      return try leagues.team(named: text, among: stored, season: date.year)
    } catch CatalogError.teamOfSeveralSports(let name, let candidates) {
      var playing: [Leagues.SportTeam] = []
      for sport in stored {
        guard let team = try? leagues.team(named: name, sport: sport, season: date.year) else {
          continue
        }
        let found = Leagues.SportTeam(sport: sport, team: team)
        var query = GameQuery()
        query.sportTeams = [sport: leagues.codes(of: found)]
        query.from = date
        query.to = date
        if try !games(query).isEmpty { playing.append(found) }
      }
      if playing.count == 1 { return playing[0] }
      throw CatalogError.teamOfSeveralSports(name, candidates: candidates)
    }
  }

  /// Throws `GameLookupError.movedID` when `id` is not stored but is the
  /// Retrosheet id (home team code, `YYYYMMDD`, game number) of a game a
  /// schedule import moved: the home team's rescheduled game whose
  /// original date is the id's date (the first in time order, should two
  /// games of that day have moved). Does nothing otherwise.
  func throwIfMoved(_ id: Game.ID) throws {
    let text = Array(id.rawValue.utf8)
    guard text.count == 12, let number = text.last, (48...57).contains(number) else { return }
    let team = String(decoding: text[0..<3], as: UTF8.self)
    let digits = String(decoding: text[3..<11], as: UTF8.self)
    guard digits.utf8.allSatisfy({ (48...57).contains($0) }),
      let date = CalendarDate(
        iso: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))")
    else { return }
    let moved = try games(GameQuery(teamID: team)).filter {
      $0.homeTeamID == team && $0.originalDate == date && $0.status == .rescheduled
    }
    guard let game = moved.first else { return }
    throw GameLookupError.movedID(id, newDate: game.localDate, newID: game.id)
  }
}
