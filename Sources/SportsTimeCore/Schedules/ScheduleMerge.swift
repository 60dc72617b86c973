import Foundation

/// What importing a schedule does to the stored games, worked out before
/// anything is written (issue 8, items 10, 11 and 18).
///
/// Incoming games are matched to stored ones by their schedule row
/// (`Game.scheduleKey`), so a game that a newer file moves keeps its
/// identity and only its id changes. Stored games of the file's sports and
/// seasons that it does not list are *missing*: kept as they are, or
/// removed when the import replaces those seasons (the store refuses to
/// remove one that a trip or a visit uses).
///
/// The plan refuses, before anything is written, what would leave the
/// games inconsistent: a game listed twice, a game taking the id of a
/// stored game that stays, a team in two places at once.
///
/// ```swift
/// let merge = try ScheduleMerge.plan(stored: old, incoming: new, replace: false)
/// merge.renamed  // ["MIL202406100": "MIL202409201"] when a game moved
/// ```
public struct ScheduleMerge: Sendable, Hashable {
  /// A stored game and what the import makes of it.
  public struct Change: Sendable, Hashable {
    /// The game as stored before the import.
    public var old: Game
    /// The game as the import leaves it (same `scheduleKey`; the id changes
    /// when the date or game number does).
    public var new: Game

    /// Creates a change; see the properties.
    public init(old: Game, new: Game) {
      self.old = old
      self.new = new
    }

    /// True when the game moves to another local date (its id changes).
    public var movesDate: Bool { old.localDate != new.localDate }

    /// True when the game stays on its date under another game number (a
    /// doubleheader formed or undone around it): only its id changes.
    public var isRenumbered: Bool { !movesDate && old.id != new.id }
  }

  /// What happens to a visit whose game the import changes.
  public struct VisitChange: Sendable, Hashable {
    /// The visit as stored before the import.
    public var visit: Visit
    /// The visit's game before the import.
    public var oldGame: Game
    /// The game as the import leaves it.
    public var game: Game
    /// True when the visit stays linked to the game: the game is still at
    /// the visit's venue on its date (and between its teams, when the
    /// visit names them). Otherwise the visit keeps its own date, venue and
    /// teams and loses its game.
    public var keepsLink: Bool

    /// Creates a visit change; see the properties.
    public init(visit: Visit, oldGame: Game, game: Game, keepsLink: Bool) {
      self.visit = visit
      self.oldGame = oldGame
      self.game = game
      self.keepsLink = keepsLink
    }
  }

  /// Incoming games no stored game matches, in incoming order.
  public var inserts: [Game]
  /// Stored games the import changes, in incoming order.
  public var changes: [Change]
  /// Incoming games already stored exactly so.
  public var unchangedCount: Int
  /// Stored games of the incoming sports and seasons that the import does
  /// not list, by id.
  public var missing: [Game]
  /// True when the import removes `missing` (it replaces those seasons).
  public var removesMissing: Bool

  /// The changed games whose id changes (moved to another date or
  /// renumbered), by old id.
  public var idChanges: [Change] {
    changes.filter { $0.old.id != $0.new.id }.sorted { $0.old.id < $1.old.id }
  }

  /// Old id → new id of the changed games whose id changes.
  public var renamed: [Game.ID: Game.ID] {
    Dictionary(
      changes.filter { $0.old.id != $0.new.id }.map { ($0.old.id, $0.new.id) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The games the import removes: `missing` when it replaces, else none.
  public var removed: [Game] { removesMissing ? missing : [] }

  /// Works out an import of `incoming` over `stored`.
  ///
  /// Checked in this order, the first problem thrown: a game listed twice
  /// (same id or same schedule row); a game whose id a stored game keeps
  /// (one not listed and not removed); a team with two overlapping played
  /// games (`Game.duration` from each first pitch) between an incoming game
  /// and another game that will be stored. Overlaps among stored games
  /// that stay are not this import's doing and are not reported.
  /// - Parameters:
  ///   - stored: every stored game (all sports and seasons).
  ///   - incoming: the games of the file, in file order.
  ///   - replace: remove the stored games of the incoming sports and seasons
  ///     that `incoming` does not list.
  ///   - incomingChecked: true when `incoming` is known to list no game
  ///     twice and to hold no team overlap among its own games
  ///     (`ScheduleImport.gamesAreChecked`): those checks are then not run
  ///     again — into an empty database nothing else can clash, and
  ///     overlaps are looked for only when stored games stay beside the
  ///     incoming ones. The plan is the same either way.
  /// - Returns: the plan; nothing is written.
  /// - Throws: `ScheduleConflict`, whose `index` is into `incoming`.
  /// - Complexity: O((s + n) log (s + n)) for s stored and n incoming games.
  public static func plan(
    stored: [Game], incoming: [Game], replace: Bool, incomingChecked: Bool = false
  ) throws -> ScheduleMerge {
    if incomingChecked && stored.isEmpty {
      return ScheduleMerge(
        inserts: incoming, changes: [], unchangedCount: 0, missing: [], removesMissing: replace)
    }
    var indexOfID: [Game.ID: Int] = [:]
    var indexOfKey: [String: Int] = [:]
    for (index, game) in incoming.enumerated() {
      if let earlier = indexOfID[game.id] ?? indexOfKey[game.scheduleKey] {
        throw ScheduleConflict.repeated(
          index: index, game, earlier: earlier, earlierGame: incoming[earlier])
      }
      indexOfID[game.id] = index
      indexOfKey[game.scheduleKey] = index
    }
    let storedByKey = Dictionary(
      stored.map { ($0.scheduleKey, $0) }, uniquingKeysWith: { first, _ in first })
    var merge = ScheduleMerge(
      inserts: [], changes: [], unchangedCount: 0, missing: [], removesMissing: replace)
    for game in incoming {
      if let old = storedByKey[game.scheduleKey] {
        if old == game {
          merge.unchangedCount += 1
        } else {
          merge.changes.append(Change(old: old, new: game))
        }
      } else {
        merge.inserts.append(game)
      }
    }
    func scope(_ game: Game) -> String { "\(game.sport.rawValue)/\(game.season)" }
    let scopes = Set(incoming.map(scope))
    let unmatched = stored.filter { indexOfKey[$0.scheduleKey] == nil }
    merge.missing = unmatched.filter { scopes.contains(scope($0)) }.sorted { $0.id < $1.id }
    let kept = replace ? unmatched.filter { !scopes.contains(scope($0)) } : unmatched

    let keptByID = Dictionary(kept.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (index, game) in incoming.enumerated() {
      if let holder = keptByID[game.id] {
        throw ScheduleConflict.idTaken(index: index, game, stored: holder)
      }
    }

    // Overlaps among the incoming games alone were refused by whoever
    // checked them; only kept stored games could add one.
    if incomingChecked && kept.isEmpty { return merge }
    let all = incoming + kept
    var first: ScheduleConflict?
    for clash in Game.teamOverlaps(in: all)
    where clash.first < incoming.count || clash.second < incoming.count {
      // The incoming game is at fault; of two incoming ones, the later.
      let atFault = clash.second < incoming.count ? clash.second : clash.first
      let other = atFault == clash.first ? clash.second : clash.first
      if first.map({ atFault < $0.index }) ?? true {
        first = .teamOverlap(
          index: atFault, all[atFault], team: clash.team,
          other: other < incoming.count
            ? .incoming(index: other, all[other]) : .stored(all[other]))
      }
    }
    if let first { throw first }
    return merge
  }

  /// What the import does to `visits`: one change for each visit linked to
  /// a game that the import changes, in the order of `visits`. A visit
  /// keeps its link while `keepsLink(_:to:)` holds.
  /// - Parameter visits: stored visits (others are ignored).
  /// - Returns: the visits of changed games.
  /// - Complexity: O(v + c) for v visits and c changes.
  public func visitChanges(_ visits: [Visit]) -> [VisitChange] {
    let byOldID = Dictionary(
      changes.map { ($0.old.id, $0) }, uniquingKeysWith: { first, _ in first })
    return visits.compactMap { visit in
      guard let id = visit.gameID, let change = byOldID[id] else { return nil }
      return VisitChange(
        visit: visit, oldGame: change.old, game: change.new,
        keepsLink: Self.keepsLink(visit, to: change.new))
    }
  }

  /// Whether `visit` may stay linked to `game`: the game is at the visit's
  /// venue on the visit's date and, when the visit names its teams,
  /// between those teams (what a visit made from the game copied from it).
  public static func keepsLink(_ visit: Visit, to game: Game) -> Bool {
    visit.date == game.localDate && visit.venueID == game.venueID
      && (visit.matchup.map {
        $0 == Matchup(awayTeamID: game.awayTeamID, homeTeamID: game.homeTeamID)
      } ?? true)
  }
}

/// Why a schedule cannot be imported as it is, found before anything is
/// written. `index` is the incoming game at fault (`ScheduleImport.error(for:)`
/// turns it into the file's line and field).
public enum ScheduleConflict: Error, Sendable, Hashable, CustomStringConvertible {
  /// The other game of a clash.
  public enum OtherGame: Sendable, Hashable {
    /// An incoming game, by its index.
    case incoming(index: Int, Game)
    /// A stored game that the import keeps (the file does not list it).
    case stored(Game)
  }

  /// The incoming game at `index` has the id or the schedule row (the home
  /// team's season game number) of `earlierGame`, the incoming game at
  /// `earlier`.
  case repeated(index: Int, Game, earlier: Int, earlierGame: Game)
  /// The incoming game at `index` would take the id of `stored`, a stored
  /// game from another schedule row that the import keeps.
  case idTaken(index: Int, Game, stored: Game)
  /// The incoming game at `index` and `other` are both `team`'s and
  /// overlap in time.
  case teamOverlap(index: Int, Game, team: String, other: OtherGame)

  /// The incoming game at fault.
  public var index: Int {
    switch self {
    case .repeated(let index, _, _, _), .idTaken(let index, _, _),
      .teamOverlap(let index, _, _, _):
      return index
    }
  }

  /// The problem in plain words, for games that come without a file or a
  /// catalog (teams by code, venues by park code).
  public var description: String { message(lineOf: { _ in nil }) }

  /// The problem in plain words.
  /// - Parameters:
  ///   - catalog: the venues and teams to print games with, as everything
  ///     else does (`CWS @ CHC at Wrigley Field`); without one, the codes
  ///     (`CHA @ CHN at CHI11`).
  ///   - lineOf: the file line of an incoming game's row (by index), or nil
  ///     when the games come without a file; with lines, the game at fault
  ///     is "this row".
  /// - Returns: one sentence without a final period.
  public func message(catalog: Catalog? = nil, lineOf: (Int) -> Int?) -> String {
    let inFile = lineOf(index) != nil
    // Every game of a conflict is of one sport (ids and teams are per sport).
    let sport: Sport
    switch self {
    case .repeated(_, let game, _, _), .idTaken(_, let game, _), .teamOverlap(_, let game, _, _):
      sport = game.sport
    }
    func team(_ code: String) -> String {
      Team.printedCode(code, sport: sport, teams: catalog?.teams)
    }
    func describe(_ game: Game) -> String { Self.describe(game, catalog: catalog) }
    switch self {
    case .repeated(_, let game, let earlier, let other) where game == other:
      if let line = lineOf(earlier) {
        return
          "this row and line \(line) list the same game (\(describe(game))); remove the duplicate"
      }
      return "game \(game.id) appears twice in one import"
    case .repeated(_, let game, let earlier, let other):
      let this = inFile ? "this row's game (\(describe(game)))" : "game \(describe(game))"
      let that =
        lineOf(earlier).map { "line \($0)'s (\(describe(other)))" }
        ?? "that of game \(describe(other))"
      if game.id == other.id {
        return
          "\(this) would be \(game.id), as would \(that): \(team(game.homeTeamID)) would have "
          + "two games on \(game.localDate.longDescription) with game number \(game.gameNumber)"
      }
      return
        "\(this) has the schedule row of \(that) (\(team(game.homeTeamID))'s home game "
        + "\(game.scheduleKey.split(separator: "/").last ?? "") of \(game.season)); list each game once"
    case .idTaken(_, let game, let holder):
      let subject = inFile ? "this row's game (\(describe(game)))" : "game \(describe(game))"
      return
        "\(subject) would be \(holder.id), but the database already has \(holder.id) "
        + "(\(describe(holder))) from a schedule row this \(inFile ? "file" : "import") "
        + "does not list"
    case .teamOverlap(_, let game, let code, let other):
      let otherText: String
      switch other {
      case .incoming(let otherIndex, let game):
        otherText =
          lineOf(otherIndex).map { "line \($0)'s \(describe(game))" }
          ?? "incoming game \(game.id) (\(describe(game)))"
      case .stored(let game):
        otherText =
          "stored game \(game.id) (\(describe(game))), which this "
          + "\(inFile ? "file" : "import") does not list,"
      }
      return
        "\(team(code)) would play two games at once: \(inFile ? "this row's" : "game") "
        + "\(describe(game)) and \(otherText) overlap (a game takes 3 hours from \(game.sport.startWord))"
    }
  }

  /// `TOR @ MIL at American Family Field, 1:10 pm CDT on Fri, Sep 20, 2024`
  /// with a catalog (teams by abbreviation, the venue by its name on that
  /// date), `TOR @ MIL at MIL06, …` without.
  static func describe(_ game: Game, catalog: Catalog?) -> String {
    let zone = game.timeZone
    let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: catalog?.teams)
    let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: catalog?.teams)
    let venue = catalog?.venues[game.venueID]?.name(on: game.localDate) ?? game.venueID.rawValue
    return
      "\(away) @ \(home) at \(venue), "
      + "\(LocalTime.clock(game.start, in: zone)) \(LocalTime.abbreviation(zone, at: game.start)) "
      + "on \(game.localDate.longDescription)"
  }
}

extension Game {
  /// A team's two overlapping games, by index.
  struct TeamOverlap {
    /// The game that starts first (or, on a tie, comes first).
    var first: Int
    /// The other game.
    var second: Int
    /// The team (home or away in both).
    var team: String
  }

  /// Every pair of played games (cancelled ones are not played) in which
  /// one team plays both and the games overlap, each taking
  /// `Game.duration` from its start. Games that only touch (one ends as
  /// the other starts) do not overlap.
  /// - Complexity: O(n log n).
  static func teamOverlaps(in games: [Game]) -> [TeamOverlap] {
    // Teams are per sport: the Celtics and the Bruins are both `BOS`.
    struct Key: Hashable {
      var sport: Sport
      var team: String
    }
    var byTeam: [Key: [Int]] = [:]
    for (index, game) in games.enumerated() where game.status != .cancelled {
      byTeam[Key(sport: game.sport, team: game.homeTeamID), default: []].append(index)
      byTeam[Key(sport: game.sport, team: game.awayTeamID), default: []].append(index)
    }
    var overlaps: [TeamOverlap] = []
    for (key, indices) in byTeam {
      let team = key.team
      let ordered = indices.sorted { (games[$0].start, $0) < (games[$1].start, $1) }
      // All games last the same, so the game ending last among the earlier
      // ones is the one just before: comparing neighbours finds every clash
      // with the game that precedes it.
      for (a, b) in zip(ordered, ordered.dropFirst()) where games[b].start < games[a].end {
        overlaps.append(TeamOverlap(first: a, second: b, team: team))
      }
    }
    return overlaps.sorted { ($0.second, $0.first, $0.team) < ($1.second, $1.first, $1.team) }
  }
}
