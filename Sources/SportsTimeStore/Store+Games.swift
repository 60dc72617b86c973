import Foundation
import SportsTimeCore

/// What importing a schedule changed in the database.
public struct GameImportResult: Sendable, Hashable {
  /// Games that were not in the database.
  public var inserted: Int
  /// Games whose stored values changed (a game the new file moved to
  /// another date counts here, under its new id).
  public var updated: Int
  /// Games already stored exactly as imported.
  public var unchanged: Int
  /// Stored games of the imported sports and seasons that this file does
  /// not list. Without `replace` they are left exactly as they were (the
  /// file may be partial; trips may use them) and only counted; with it
  /// they are `removed`.
  public var notInFile: Int = 0
  /// Changed games that trips use, by their current id (their itineraries
  /// may need checking).
  public var updatedInTrips: [Game.ID]
  /// Old id → new id of games whose id changed: moved to another date or
  /// renumbered on theirs (`idChanges`).
  public var renamed: [Game.ID: Game.ID] = [:]
  /// The games whose id changed, as stored before and after, by old id;
  /// `ScheduleMerge.Change.movesDate` tells a move to another date from a
  /// renumbering on the same date.
  public var idChanges: [ScheduleMerge.Change] = []
  /// Ids of the games removed because the file no longer lists them
  /// (`replace`), sorted. These are the ids they had when stored: a game
  /// the import moves may take one of them (`idChanges`).
  public var removed: [Game.ID] = []
  /// The removed games as they were stored, in the order of `removed`.
  public var removedGames: [Game] = []
  /// The trips that use changed games, by name (then id).
  public var trips: [AffectedTrip] = []
  /// The visits of changed games, most recent first: those whose game no
  /// longer falls on their date lost their game link
  /// (`keepsLink == false`); the others follow the game.
  public var visits: [ScheduleMerge.VisitChange] = []

  /// True when the import changed nothing.
  public var isNoOp: Bool { inserted == 0 && updated == 0 && removed.isEmpty }
}

/// A trip that uses games a schedule import changed.
public struct AffectedTrip: Sendable, Hashable {
  /// The trip's id.
  public var id: Trip.ID
  /// The trip's name.
  public var name: String
  /// Its changed games by their current ids, sorted.
  public var gameIDs: [Game.ID]

  /// Creates an entry; see the properties.
  public init(id: Trip.ID, name: String, gameIDs: [Game.ID]) {
    self.id = id
    self.name = name
    self.gameIDs = gameIDs
  }
}

/// A stored game that an import would remove but that is still used.
public struct GameInUse: Sendable, Hashable {
  /// The game's id.
  public var gameID: Game.ID
  /// The names of the trips that use it, sorted.
  public var tripNames: [String]
  /// The visits linked to it (at most one: a game is attended once).
  public var visits: [Visit]

  /// Creates an entry; see the properties.
  public init(gameID: Game.ID, tripNames: [String], visits: [Visit]) {
    self.gameID = gameID
    self.tripNames = tripNames
    self.visits = visits
  }
}

/// Filters for listing games. Within one filter any listed value matches
/// (teams CHN or DET); different filters must all match (a team *and* a
/// venue *and* the dates). An empty list or nil means no filter.
public struct GameQuery: Sendable, Hashable {
  /// Team codes (Retrosheet): a game matches when its home or away team is
  /// one of them. Empty: any team.
  public var teamIDs: [String]
  /// Venues: a game matches when it is played at one of them. Empty: any venue.
  public var venueIDs: [Venue.ID]
  /// First local date, inclusive.
  public var from: CalendarDate?
  /// Last local date, inclusive.
  public var to: CalendarDate?
  /// Sports: a game matches when it is of one of them. Empty: any sport.
  public var sports: [Sport] = []
  /// Teams of one sport each: a game matches when it is of a sport listed
  /// here and its home or away team is one of that sport's codes (the
  /// Celtics' `BOS` is not the Red Sox' `BOS`). Empty: no filter. Applies
  /// together with `teamIDs` (both must match when both are given).
  public var sportTeams: [Sport: [String]] = [:]

  /// Creates a query for any of several teams and venues.
  /// - Parameters:
  ///   - teamIDs: Retrosheet codes, home or away (a franchise's every code
  ///     should be listed: `OAK` and `ATH`).
  ///   - venueIDs: venues.
  ///   - from: first local date, inclusive.
  ///   - to: last local date, inclusive.
  public init(
    teamIDs: [String], venueIDs: [Venue.ID] = [], from: CalendarDate? = nil,
    to: CalendarDate? = nil
  ) {
    self.teamIDs = teamIDs
    self.venueIDs = venueIDs
    self.from = from
    self.to = to
  }

  /// Creates a query for at most one team (with the other codes of its
  /// franchise, `OAK` for `ATH`) and at most one venue.
  public init(
    teamID: String? = nil, otherTeamIDs: [String] = [], venueID: Venue.ID? = nil,
    from: CalendarDate? = nil, to: CalendarDate? = nil
  ) {
    self.init(
      teamIDs: teamID.map { [$0] + otherTeamIDs } ?? [], venueIDs: venueID.map { [$0] } ?? [],
      from: from, to: to)
  }
}

extension GameQuery {
  /// The query for games of any of `teams` at any of `venues` between
  /// `from` and `to`, the names as a traveller types them: a team by any
  /// name the leagues know in `from`'s season (`Leagues.team(named:sport:season:)`),
  /// with every code of its franchise (`CHC` finds `CHN`, `ATH` the `OAK`
  /// games too); a venue by any of its names, old or new, a unique part of
  /// one, or its team (`Leagues.venue(named:sport:season:)`). MLB only:
  /// the stored schedules are MLB's. Duplicates are listed once.
  /// - Throws: `CatalogError` for a name no team or venue has, or one of
  ///   another sport (`.teamOfOtherSport`, `.venueOfOtherSport`).
  public init(
    teams: [String], venues: [String], from: CalendarDate?, to: CalendarDate?,
    catalog: Catalog, leagues: Leagues
  ) throws {
    var teamIDs: [String] = []
    for name in teams {
      let found = try leagues.team(named: name, sport: .mlb, season: from?.year)
      for code in catalog.franchise(of: found).map(\.id) where !teamIDs.contains(code) {
        teamIDs.append(code)
      }
    }
    var venueIDs: [Venue.ID] = []
    for name in venues {
      let id = try leagues.venue(named: name, sport: .mlb, season: from?.year).venue.id
      if !venueIDs.contains(id) { venueIDs.append(id) }
    }
    self.init(teamIDs: teamIDs, venueIDs: venueIDs, from: from, to: to)
  }
}

extension GameQuery {
  /// The query for games of any of `sports` (empty: every sport), of any
  /// of `teams`, at any of `venues`, between `from` and `to`, the names
  /// as a traveller types them, looked for among `pool` (the stored
  /// sports; `sports` when given):
  /// - a team by any name the leagues know in `from`'s season
  ///   (`Leagues.team(named:among:season:)`: `SPORT:NAME` names the sport;
  ///   a name several sports of the pool have is refused), with every code
  ///   of its franchise (`CHC` finds `CHN`, `ATH` the `OAK` games too);
  /// - a venue by any of its names, old or new, a unique part of one, or
  ///   its team (`Leagues.venue(named:sport:season:)`, in the pool's sport
  ///   when it has one, else in any); another league's venue where that
  ///   sport plays as a neutral site (`Leagues.sportsPlayed(at:)`: Wrigley Field
  ///   for the NHL) is that sport's too.
  /// With only MLB in the pool this is `init(teams:venues:from:to:catalog:leagues:)`.
  /// - Throws: `CatalogError` for a name no team or venue has, one of
  ///   another sport (`.teamOfOtherSport`, `.venueOfOtherSport`) or of
  ///   several (`.teamOfSeveralSports`).
  public init(
    sports: [Sport], teams: [String], venues: [String], from: CalendarDate?, to: CalendarDate?,
    storedSports: [Sport], leagues: Leagues
  ) throws {
    let pool = sports.isEmpty ? (storedSports.isEmpty ? [Sport.mlb] : storedSports) : sports
    var sportTeams: [Sport: [String]] = [:]
    for name in teams {
      let found = try leagues.team(named: name, among: pool, season: from?.year)
      for code in leagues.codes(of: found) where !(sportTeams[found.sport] ?? []).contains(code) {
        sportTeams[found.sport, default: []].append(code)
      }
    }
    var venueIDs: [Venue.ID] = []
    let venueSport: Sport? = pool.count == 1 ? pool[0] : nil
    for name in venues {
      let id: Venue.ID
      if let site = NeutralSites.sites.first(where: {
        TextNormalization.key($0.venue.name) == TextNormalization.key(name)
          || $0.venue.id.rawValue.uppercased() == name.trimmingSpaces().uppercased()
      }) {
        id = site.venue.id
      } else {
        // The sport's venues include another league's where it plays as a
        // guest (the NHL's Winter Classic at Wrigley Field).
        id = try leagues.venue(named: name, sport: venueSport, season: from?.year).venue.id
      }
      if !venueIDs.contains(id) { venueIDs.append(id) }
    }
    self.init(teamIDs: [], venueIDs: venueIDs, from: from, to: to)
    self.sports = sports
    self.sportTeams = sportTeams
  }
}

extension Store {
  /// The sports of the stored games, in `Sport.allCases` order.
  /// - Throws: `StoreError`.
  public func storedSports() throws -> [Sport] {
    let found = Set(
      try select("SELECT DISTINCT sport FROM games").compactMap {
        Sport(rawValue: try $0.string("sport"))
      })
    return Sport.allCases.filter(found.contains)
  }

  /// Imports a parsed schedule file: as `importGames(_:replace:)`, but a
  /// game that clashes with the stored ones is refused as a malformed row
  /// of the file (its line and field, `ScheduleImport.error(for:)`).
  ///
  /// Given the file's `fingerprint`, an import that changes nothing keeps
  /// a record of its counts under it, so that importing the same file
  /// again while the games stay as they are can report the same without
  /// reading them (`unchangedScheduleImport(fingerprint:replace:)`).
  /// - Parameters:
  ///   - schedule: the parsed file.
  ///   - replace: remove the stored games of the file's sports and seasons
  ///     that it does not list.
  ///   - fingerprint: `RetrosheetSchedule.fingerprint(of:)` of the file's
  ///     text, or nil to keep no record; worked out only when the import
  ///     changes nothing (hashing the file is wasted on an import that
  ///     writes games).
  /// - Returns: what changed.
  /// - Throws: `FileFormatError` for a clash (`ScheduleConflict`),
  ///   `RecordError.gamesInUse` when games to remove are used, or another
  ///   `StoreError`; nothing is stored then.
  public func importSchedule(
    _ schedule: ScheduleImport, replace: Bool = false,
    fingerprint: @autoclosure () -> SHA256.Digest? = nil
  ) throws -> GameImportResult {
    // One transaction, not one inside another: a savepoint would make
    // SQLite journal every page each insert touches (a temporary file
    // written thousands of times).
    try importGames(
      schedule.games, replace: replace, checked: schedule.gamesAreChecked,
      refusal: schedule.error(for:)
    ) { result in
      if result.isNoOp, let fingerprint = fingerprint() {
        try keep(
          ScheduleImportRecord(
            counts: schedule.counts, unchanged: result.unchanged, notInFile: result.notInFile),
          fingerprint: fingerprint)
      }
    }
  }

  /// Stores imported games in one transaction, matching stored games by
  /// their schedule row (`Game.scheduleKey`, `ScheduleMerge`): new rows
  /// are inserted, changed ones updated — when a newer file moves a game,
  /// its id changes to the new date and trips follow it — identical ones
  /// left alone. Stored games of the imported sports and seasons that the
  /// games do not include are counted (`notInFile`) and, with `replace`,
  /// removed.
  ///
  /// Everything is checked before anything is written. A visit linked to
  /// a changed game keeps its own date, venue and teams; when the game is
  /// no longer there then (`ScheduleMerge.keepsLink`), the visit loses its
  /// game link. The visits' and trips' modification times are not changed;
  /// each trip with a changed game goes up one revision.
  /// - Parameters:
  ///   - games: the games to store, in file order.
  ///   - replace: remove the stored games of the games' sports and seasons
  ///     that `games` does not include; refused (nothing changes) when a
  ///     trip or a visit uses one of them.
  /// - Returns: counts of what changed, the trips and visits of changed
  ///   games; importing the same games twice gives `isNoOp == true` the
  ///   second time.
  /// - Throws: `RecordError.invalidItem` for a clash (`ScheduleConflict`:
  ///   a game listed twice, an id a kept game holds, a team in two places
  ///   at once), `.gamesInUse`, or a `StoreError`; on any error
  ///   nothing is stored.
  public func importGames(_ games: [Game], replace: Bool = false) throws -> GameImportResult {
    try importGames(games, replace: replace, checked: false) {
      RecordError.invalidItem($0.description)
    }
  }

  private func importGames(
    _ games: [Game], replace: Bool, checked: Bool, refusal: (ScheduleConflict) -> any Error,
    finally: (GameImportResult) throws -> Void = { _ in }
  ) throws -> GameImportResult {
    try transaction {
      let stored = try select("SELECT * FROM games").map(Store.game(from:))
      let merge: ScheduleMerge
      do {
        merge = try ScheduleMerge.plan(
          stored: stored, incoming: games, replace: replace, incomingChecked: checked)
      } catch let conflict as ScheduleConflict {
        throw refusal(conflict)
      }
      var result = GameImportResult(
        inserted: merge.inserts.count, updated: merge.changes.count,
        unchanged: merge.unchangedCount, notInFile: merge.missing.count, updatedInTrips: [],
        renamed: merge.renamed, idChanges: merge.idChanges, removed: merge.removed.map(\.id),
        removedGames: merge.removed)

      // Who uses which game: trips by name, visits.
      var tripsOfGame: [Game.ID: [(id: String, name: String)]] = [:]
      for row in try select(
        "SELECT trip_games.game_id, trips.id, trips.name FROM trip_games JOIN trips ON trips.id = trip_games.trip_id"
      ) {
        tripsOfGame[Game.ID(try row.string("game_id")), default: []].append(
          (try row.string("id"), try row.string("name")))
      }
      let linkedVisits = try select("SELECT * FROM visits WHERE game_id IS NOT NULL")
        .map(Store.visit(from:))

      let inUse = merge.removed.compactMap { game -> GameInUse? in
        let trips = (tripsOfGame[game.id] ?? []).map(\.name).sorted()
        let visits = linkedVisits.filter { $0.gameID == game.id }
        return trips.isEmpty && visits.isEmpty
          ? nil : GameInUse(gameID: game.id, tripNames: trips, visits: visits)
      }
      if !inUse.isEmpty { throw RecordError.gamesInUse(inUse) }

      var changedOfTrip: [String: (name: String, gameIDs: [Game.ID])] = [:]
      for change in merge.changes {
        for trip in tripsOfGame[change.old.id] ?? [] {
          changedOfTrip[trip.id, default: (trip.name, [])].gameIDs.append(change.new.id)
        }
      }
      result.trips = changedOfTrip.compactMap { id, entry in
        Trip.ID(parsing: id).map {
          AffectedTrip(id: $0, name: entry.name, gameIDs: entry.gameIDs.sorted())
        }
      }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
      result.updatedInTrips = Set(changedOfTrip.values.flatMap(\.gameIDs)).sorted()
      result.visits = merge.visitChanges(linkedVisits.sorted(by: Visit.mostRecentFirst))

      // Writes: removals, unlinked visits, moves (through temporary ids so
      // that ids can trade places), updates, inserts.
      for game in merge.removed {
        try execute("DELETE FROM games WHERE id = ?", [.text(game.id.rawValue)])
      }
      for change in result.visits where !change.keepsLink {
        try execute(
          "UPDATE visits SET game_id = NULL WHERE id = ?", [.text(change.visit.key)])
      }
      for change in merge.changes where change.old.id != change.new.id {
        try execute(
          "UPDATE games SET id = ? WHERE id = ?",
          [.text("moving:" + change.old.id.rawValue), .text(change.old.id.rawValue)])
      }
      for change in merge.changes {
        let old = change.old.id.rawValue
        let currentID = change.old.id != change.new.id ? "moving:" + old : old
        try update(
          "games", set: Store.columns(of: change.new), whereColumn: "id", is: .text(currentID))
      }
      try insertGames(merge.inserts)
      // A trip whose games changed is a changed trip: one revision up.
      for trip in result.trips { try noteChange(ofTrip: trip.id) }
      try finally(result)
      return result
    }
  }

  /// Inserts `games` (inside the import's transaction). When the only
  /// triggers on `games` are the generation's (`ScheduleImportSchema`),
  /// their whole effect on a bulk insert is the first row's
  /// `generationBump` (later rows find `watched` 0 and change nothing):
  /// that update runs once, and the rows are inserted with the triggers
  /// off, so SQLite does not run a trigger program per row (about a tenth
  /// of a fresh import's time). Any other trigger on `games` (another
  /// program's) keeps every trigger on. The database ends the same.
  private func insertGames(_ games: [Game]) throws {
    guard !games.isEmpty else { return }
    let rows = games.map(Store.values(of:))
    let triggers = try select(
      "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'games' ORDER BY name"
    ).map { try $0.string("name") }
    guard triggers == ScheduleImportSchema.gamesTriggers else {
      try insert(into: "games", columns: Store.gameColumns, rows: rows)
      return
    }
    try serialized {
      try database.execute(ScheduleImportSchema.generationBump)
      try database.withoutTriggers {
        try database.insert(into: "games", columns: Store.gameColumns, rows: rows)
      }
    }
  }

  /// Games matching `query`, in start order (ties by id).
  /// - Throws: `StoreError`.
  public func games(_ query: GameQuery = GameQuery()) throws -> [Game] {
    let (sql, args) = Store.gamesSQL(query)
    // Read in place (`readGames`: the same games and errors as the `Row`
    // path).
    return try readGames(sql, args)
  }

  /// The `SELECT` of `games(_:)` and its arguments.
  ///
  /// With a filter, the order is not taken from the index on the start
  /// (`+start_utc`): walking it visits every game and looks each row up
  /// by rowid to test the filter, while scanning the table (or the date
  /// index for a date range) and sorting the matches reads each row once —
  /// `games --team CHC` keeps 162 of 2,430 (issue 9, speed). Without a
  /// filter the index gives the order with no sort.
  static func gamesSQL(_ query: GameQuery) -> (sql: String, arguments: [SQLValue]) {
    var clauses: [String] = []
    var args: [SQLValue] = []
    if !query.teamIDs.isEmpty {
      let codes = query.teamIDs
      let marks = codes.map { _ in "?" }.joined(separator: ", ")
      clauses.append("(home_team IN (\(marks)) OR away_team IN (\(marks)))")
      args += codes.map(SQLValue.text) + codes.map(SQLValue.text)
    }
    if !query.sports.isEmpty {
      let marks = query.sports.map { _ in "?" }.joined(separator: ", ")
      clauses.append("sport IN (\(marks))")
      args += query.sports.map { SQLValue.text($0.rawValue) }
    }
    if !query.sportTeams.isEmpty {
      var parts: [String] = []
      for sport in Sport.allCases {
        guard let codes = query.sportTeams[sport], !codes.isEmpty else { continue }
        let marks = codes.map { _ in "?" }.joined(separator: ", ")
        parts.append("(sport = ? AND (home_team IN (\(marks)) OR away_team IN (\(marks))))")
        args += [.text(sport.rawValue)] + codes.map(SQLValue.text) + codes.map(SQLValue.text)
      }
      clauses.append("(" + parts.joined(separator: " OR ") + ")")
    }
    if !query.venueIDs.isEmpty {
      let marks = query.venueIDs.map { _ in "?" }.joined(separator: ", ")
      clauses.append("venue_id IN (\(marks))")
      args += query.venueIDs.map { SQLValue.text($0.rawValue) }
    }
    if let from = query.from {
      clauses.append("local_date >= ?")
      args.append(.text(from.iso))
    }
    if let to = query.to {
      clauses.append("local_date <= ?")
      args.append(.text(to.iso))
    }
    guard !clauses.isEmpty else { return ("SELECT * FROM games ORDER BY start_utc, id", []) }
    let whereClause = " WHERE " + clauses.joined(separator: " AND ")
    return ("SELECT * FROM games\(whereClause) ORDER BY +start_utc, id", args)
  }

  /// Games matching `query`, as `games(_:)`, from a database that holds a
  /// schedule: an empty answer means no stored game matches.
  /// - Throws: `GameLookupError.noGamesYet` when the answer is empty because
  ///   the database holds no games at all (no schedule imported yet);
  ///   `StoreError`.
  public func scheduledGames(_ query: GameQuery = GameQuery()) throws -> [Game] {
    try read {
      let games = try self.games(query)
      if games.isEmpty, try gameCount() == 0 { throw GameLookupError.noGamesYet }
      return games
    }
  }

  /// The game with `id`, or nil.
  public func game(id: Game.ID) throws -> Game? {
    try select("SELECT * FROM games WHERE id = ?", [.text(id.rawValue)]).first.map(
      Store.game(from:))
  }

  /// Number of stored games.
  public func gameCount() throws -> Int {
    try select("SELECT count(*) AS n FROM games").first?.int("n") ?? 0
  }

  /// The columns of a `games` row, in the order of `values(of:)`.
  static let gameColumns = [
    "id", "sport", "season", "home_team", "away_team", "venue_id", "start_utc", "time_zone",
    "local_date", "time_estimated", "time_unknown", "status", "original_date", "game_number",
    "postponement_reason", "schedule_key", "away_score", "home_score", "round",
  ]

  /// The `games` row of `game`, one value per `gameColumns` entry.
  static func values(of game: Game) -> [SQLValue] {
    [
      .text(game.id.rawValue), .text(game.sport.rawValue), SQLValue(game.season),
      .text(game.homeTeamID), .text(game.awayTeamID), .text(game.venueID.rawValue),
      .instant(game.start), .text(game.timeZoneID), .text(game.localDate.iso),
      SQLValue(game.timeEstimated), SQLValue(game.timeUnknown), .text(game.status.rawValue),
      .optional(game.originalDate?.iso), SQLValue(game.gameNumber),
      .optional(game.postponementReason), .text(game.scheduleKey),
      game.score.map { SQLValue($0.away) } ?? .null, game.score.map { SQLValue($0.home) } ?? .null,
      .optional(game.round),
    ]
  }

  /// The score of a `games` row's `away_score` and `home_score`: nil when
  /// both are NULL.
  /// - Throws: `corrupt` when one is NULL without the other, or out of
  ///   0…999.
  static func gameScore(
    _ away: Int?, _ home: Int?, corrupt: (String, String) -> StoreError
  ) throws -> Score? {
    if away == nil && home == nil { return nil }
    guard let away, let home, let score = Score(away: away, home: home) else {
      throw corrupt(
        "away_score/home_score",
        "\(away.map(String.init) ?? "NULL")-\(home.map(String.init) ?? "NULL")")
    }
    return score
  }

  /// The `games` row of `game`, by column name.
  static func columns(of game: Game) -> ColumnValues {
    var row = ColumnValues()
    for (column, value) in zip(gameColumns, values(of: game)) { row[column] = value }
    return row
  }
}
