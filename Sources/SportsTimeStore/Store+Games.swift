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
  /// not list. They are left exactly as they were (the file may be partial;
  /// trips may use them) and only counted.
  public var notInFile: Int = 0
  /// Changed games that trips use, by their current id (their itineraries
  /// may need `trip check`).
  public var updatedInTrips: [String]
  /// Old id → new id of games that moved to another date.
  public var renamed: [String: String] = [:]

  /// True when the import changed nothing.
  public var isNoOp: Bool { inserted == 0 && updated == 0 }
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

extension Store {
  /// Stores imported games in one transaction, matching stored games by
  /// their schedule row (`Game.scheduleKey`): new rows are inserted,
  /// changed ones updated — when a newer file moves a game, its id changes
  /// to the new date and trips follow it — identical ones left alone. Stored
  /// games of the imported sports and seasons that the file does not list
  /// are left unchanged and counted (`notInFile`).
  /// - Returns: counts of what changed; importing the same file twice gives
  ///   `isNoOp == true` the second time.
  /// - Throws: `StoreError`; on any error nothing is stored.
  public func importGames(_ games: [Game]) throws -> GameImportResult {
    try transaction {
      var storedByKey: [String: Game] = [:]
      for row in try database.query("SELECT * FROM games") {
        let game = try Store.game(from: row)
        storedByKey[game.scheduleKey] = game
      }
      var result = GameImportResult(inserted: 0, updated: 0, unchanged: 0, updatedInTrips: [])
      var seenKeys: Set<String> = []
      var seenIDs: Set<String> = []
      var inserts: [Game] = []
      var updates: [(old: Game, new: Game)] = []
      for game in games {
        guard seenIDs.insert(game.id).inserted, seenKeys.insert(game.scheduleKey).inserted else {
          throw StoreError.invalidItem("game \(game.id) appears twice in one import")
        }
        if let old = storedByKey[game.scheduleKey] {
          if old == game {
            result.unchanged += 1
          } else {
            updates.append((old, game))
          }
        } else {
          inserts.append(game)
        }
      }
      let scopes = Set(games.map { "\($0.sport.rawValue)/\($0.season)" })
      // Games of these sports and seasons that the file does not list.
      result.notInFile =
        storedByKey.values.filter {
          scopes.contains("\($0.sport.rawValue)/\($0.season)") && !seenKeys.contains($0.scheduleKey)
        }.count
      // Moved games first take temporary ids so that ids can trade places.
      for (old, new) in updates where old.id != new.id {
        try database.execute(
          "UPDATE games SET id = ? WHERE id = ?", [.text("moving:" + old.id), .text(old.id)])
      }
      for (old, new) in updates {
        let currentID = old.id != new.id ? "moving:" + old.id : old.id
        var values = Store.values(of: new)
        values.append(.text(currentID))
        try database.execute(
          """
          UPDATE games SET id = ?1, sport = ?2, season = ?3, home_team = ?4, away_team = ?5,
            venue_id = ?6, start_utc = ?7, time_zone = ?8, local_date = ?9,
            time_estimated = ?10, time_unknown = ?11, status = ?12,
            original_date = ?13, game_number = ?14, postponement_reason = ?15,
            schedule_key = ?16
          WHERE id = ?17
          """, values)
        result.updated += 1
        if old.id != new.id { result.renamed[old.id] = new.id }
      }
      for game in inserts {
        do {
          try database.execute(
            """
            INSERT INTO games (id, sport, season, home_team, away_team, venue_id,
              start_utc, time_zone, local_date, time_estimated, time_unknown, status,
              original_date, game_number, postponement_reason, schedule_key)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
            """, Store.values(of: game))
        } catch let error as StoreError where error.sqliteCode == SQLiteCode.constraintPrimaryKey {
          throw StoreError.invalidItem(
            "game \(game.id) is new in this file, but a stored game from another schedule row already has that id; import into a fresh database"
          )
        }
        result.inserted += 1
      }
      for id in updates.map(\.new.id) {
        let used = try database.query(
          "SELECT 1 FROM trip_games WHERE game_id = ? LIMIT 1", [.text(id)])
        if !used.isEmpty { result.updatedInTrips.append(id) }
      }
      result.updatedInTrips.sort()
      return result
    }
  }

  /// Games matching `query`, in start order (ties by id).
  /// - Throws: `StoreError`.
  public func games(_ query: GameQuery = GameQuery()) throws -> [Game] {
    var clauses: [String] = []
    var args: [SQLValue] = []
    if !query.teamIDs.isEmpty {
      let codes = query.teamIDs
      let marks = codes.map { _ in "?" }.joined(separator: ", ")
      clauses.append("(home_team IN (\(marks)) OR away_team IN (\(marks)))")
      args += codes.map(SQLValue.text) + codes.map(SQLValue.text)
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
    let whereClause = clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ")
    return try database.query(
      "SELECT * FROM games\(whereClause) ORDER BY start_utc, id", args
    ).map(Store.game(from:))
  }

  /// The game with `id`, or nil.
  public func game(id: String) throws -> Game? {
    try database.query("SELECT * FROM games WHERE id = ?", [.text(id)]).first.map(
      Store.game(from:))
  }

  /// Number of stored games.
  public func gameCount() throws -> Int {
    try database.query("SELECT count(*) AS n FROM games").first?.int("n") ?? 0
  }

  static func values(of game: Game) -> [SQLValue] {
    [
      .text(game.id), .text(game.sport.rawValue), SQLValue(game.season),
      .text(game.homeTeamID), .text(game.awayTeamID), .text(game.venueID.rawValue),
      .real(game.start.timeIntervalSince1970), .text(game.timeZoneID),
      .text(game.localDate.iso), SQLValue(game.timeEstimated), SQLValue(game.timeUnknown),
      .text(game.status.rawValue), .optional(game.originalDate?.iso),
      SQLValue(game.gameNumber), .optional(game.postponementReason), .text(game.scheduleKey),
    ]
  }

  static func game(from row: Row) throws -> Game {
    let id = try row.string("id")
    func corrupt(_ column: String, _ value: String) -> StoreError {
      .corruptValue(table: "games", id: id, column: column, value: value)
    }
    let sportText = try row.string("sport")
    guard let sport = Sport(rawValue: sportText) else { throw corrupt("sport", sportText) }
    let dateText = try row.string("local_date")
    guard let date = CalendarDate(iso: dateText) else { throw corrupt("local_date", dateText) }
    let statusText = try row.string("status")
    guard let status = Game.Status(rawValue: statusText) else {
      throw corrupt("status", statusText)
    }
    var original: CalendarDate?
    if let text = try row.optionalString("original_date") {
      guard let d = CalendarDate(iso: text) else { throw corrupt("original_date", text) }
      original = d
    }
    return Game(
      id: id, sport: sport, season: try row.int("season"),
      homeTeamID: try row.string("home_team"), awayTeamID: try row.string("away_team"),
      venueID: Venue.ID(try row.string("venue_id")),
      start: Date(timeIntervalSince1970: try row.double("start_utc")),
      timeZoneID: try row.string("time_zone"), localDate: date,
      timeEstimated: try row.bool("time_estimated"),
      timeUnknown: try row.bool("time_unknown"), status: status, originalDate: original,
      gameNumber: try row.int("game_number"),
      postponementReason: try row.optionalString("postponement_reason"),
      scheduleKey: try row.string("schedule_key"))
  }
}
