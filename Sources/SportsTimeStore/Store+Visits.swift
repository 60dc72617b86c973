import Foundation
import SportsTimeCore

extension Store {
  /// Builds a visit with `build` and stores it, in one transaction: what
  /// `build` reads (games) and the insert see the same database, and a
  /// throw from either stores nothing.
  /// - Returns: the stored visit.
  /// - Throws: whatever `build` throws, `RecordError.gameNotFound` for a
  ///   game id not in the database, `.gameAlreadyVisited` when the game has
  ///   a visit already, or a `StoreError`.
  ///
  /// A visit typed by hand with a matchup that the schedule has at its
  /// venue on its date (same sport) is that game: it is stored linked to
  /// it (`Visit.linked(to:now:)`, a typed score kept), so the game cannot be
  /// recorded twice (review 12). Of a doubleheader with one matchup, the
  /// first game not yet recorded.
  public func addVisit(_ build: () throws -> Visit) throws -> Visit {
    try transaction {
      var visit = try build()
      if visit.gameID == nil, visit.matchup != nil {
        let recorded = try visitedGameIDs()
        let scheduled = try games(
          GameQuery(venueID: visit.venueID, from: visit.date, to: visit.date))
        if let game = scheduled.first(where: {
          visit.isTypedRecord(of: $0, matchupRequired: true) && !recorded.contains($0.id)
        }) {
          visit = visit.linked(to: game, now: visit.modifiedAt)
        }
      }
      try insertVisit(visit)
      return visit
    }
  }

  /// Inserts one visit (inside the caller's transaction when there is one).
  /// Storing a visit under the id of a deleted one removes its tombstone.
  /// - Throws: `RecordError.invalidText` for notes that were not cleaned,
  ///   `.gameNotFound`, `.gameAlreadyVisited`, or a `StoreError`.
  public func insertVisit(_ visit: Visit) throws {
    if let notes = visit.notes, !TextNormalization.isStorable(notes, as: .notes) {
      throw RecordError.invalidText(field: "visit's notes")
    }
    try checkGame(of: visit)
    try insert(into: "visits", Store.columns(of: visit))
    try clearTombstone(.visit, id: visit.id.rawValue)
  }

  /// Every visit, or those at `venueID`, most recent first
  /// (`Visit.mostRecentFirst(starts:)` with their games' starts: two games
  /// of one day, the later start first).
  /// - Throws: `StoreError` (`.corruptValue` for a row that cannot be read).
  public func visits(venueID: Venue.ID? = nil) throws -> [Visit] {
    // SQLite returns them in (nearly always exactly) the final order, so the
    // sort that decides it (run detection) only checks one run: n
    // comparisons instead of n log n.
    let order =
      " ORDER BY local_date DESC, game_id IS NULL,"
      + " (SELECT start_utc FROM games WHERE games.id = visits.game_id) DESC,"
      + " game_id DESC, created_at DESC, id DESC"
    // Read in place (`readVisits`), and sorted only when SQLite's order is
    // not the final one already (`Visit.mostRecentFirst` is a total order,
    // so the result is the same either way).
    let visits =
      try venueID.map {
        try readVisits("SELECT * FROM visits WHERE venue_id = ?" + order, [.text($0.rawValue)])
      } ?? readVisits("SELECT * FROM visits" + order, [])
    let starts = try visitGameStarts()
    return Visit.areMostRecentFirst(visits, starts: starts)
      ? visits : visits.sorted(by: Visit.mostRecentFirst(starts: starts))
  }

  /// The start (UTC instant) of every game a visit is for, by game id: the
  /// order of one day's visits (`Visit.mostRecentFirst(starts:)`,
  /// `GamesHistory(starts:)`).
  /// - Throws: `StoreError`.
  public func visitGameStarts() throws -> [Game.ID: Date] {
    var starts: [Game.ID: Date] = [:]
    for row in try select(
      "SELECT games.id AS id, games.start_utc AS start FROM visits JOIN games ON games.id = visits.game_id",
      [])
    {
      starts[Game.ID(try row.string("id"))] = try row.instant("start")
    }
    return starts
  }

  /// Every visit tallied for progress (`VisitTally`: per sport, venue,
  /// year and home team, the count and the latest date), by one aggregate
  /// query instead of reading every visit; the same tallies as
  /// `VisitTally.tallies(of: visits())`, in the same order.
  /// - Throws: `StoreError` (`.corruptValue` for a sport or date that
  ///   cannot be read).
  public func visitTallies() throws -> [VisitTally] {
    // A visit has a matchup only with both teams (`visit(from:)`; the
    // table's CHECK keeps them both or neither).
    let rows = try select(
      """
      SELECT sport, venue_id, substr(local_date, 1, 4) AS year,
        CASE WHEN away_team IS NOT NULL AND home_team IS NOT NULL THEN home_team END AS home,
        COUNT(*) AS visits, MAX(local_date) AS last, MIN(local_date) AS first
      FROM visits GROUP BY sport, venue_id, year, home
      """)
    return try rows.map { row in
      func corrupt(_ column: String, _ value: String) -> any Error {
        // Reading row by row names the visit.
        do { _ = try visits() } catch { return error }
        return StoreError.corruptValue(table: "visits", id: "?", column: column, value: value)
      }
      let sportText = try row.string("sport")
      guard let sport = Sport(rawValue: sportText) else { throw corrupt("sport", sportText) }
      let lastText = try row.string("last")
      let firstText = try row.string("first")
      // Every date of the group is a date of one year when its first and
      // last are (text order is date order for YYYY-MM-DD).
      guard let last = CalendarDate(iso: lastText) else { throw corrupt("local_date", lastText) }
      guard let first = CalendarDate(iso: firstText), first.year == last.year else {
        throw corrupt("local_date", firstText)
      }
      return VisitTally(
        sport: sport, venueID: Venue.ID(try row.string("venue_id")), year: last.year,
        homeTeamID: try row.optionalString("home"), visits: try row.int("visits"),
        lastVisit: last)
    }.sorted(by: VisitTally.ordered)
  }

  /// What the imported schedule says against `visit` (`VisitWarning`): a
  /// typed matchup it does not have there that day while it has other games
  /// of the sport there, a typed score that is not its game's final score.
  /// Empty when there is nothing to compare with. After an edit, pass the
  /// visit as it was (`since`): only the warnings the edit brought are
  /// returned, not those the visit already had.
  /// - Throws: `StoreError`.
  public func warnings(of visit: Visit, leagues: Leagues, since old: Visit? = nil) throws
    -> [VisitWarning]
  {
    let warnings = try warnings(of: visit, leagues: leagues)
    guard let old else { return warnings }
    let had = Set(try self.warnings(of: old, leagues: leagues).map(\.description))
    return warnings.filter { !had.contains($0.description) }
  }

  private func warnings(of visit: Visit, leagues: Leagues) throws -> [VisitWarning] {
    var scheduled: [Game] = []
    if visit.gameID == nil, visit.matchup != nil {
      scheduled = try games(GameQuery(venueID: visit.venueID, from: visit.date, to: visit.date))
    }
    var game: Game?
    if let id = visit.gameID, visit.score != nil { game = try self.game(id: id) }
    return VisitWarning.warnings(for: visit, scheduled: scheduled, game: game, leagues: leagues)
  }

  /// Every venue of `venues` as a progress-map pin with its visit count
  /// and last visit date: the pins `MapPin.pins(venues:visits:)` makes of
  /// every stored visit, from one aggregate query per venue (over the
  /// covering index `visits_by_venue`) instead of reading every visit.
  /// Only visits of `sports` count (every sport when nil): a map of NHL
  /// arenas counts TD Garden's NHL visits, not its NBA ones (review 12).
  /// - Throws: `StoreError` (`.corruptValue` for a venue's first or last
  ///   date that cannot be read, naming the visit as `visits()` does).
  public func mapPins(venues: [Venue], sports: Set<Sport>? = nil) throws -> [MapPin] {
    var counts: [Venue.ID: (visits: Int, last: CalendarDate)] = [:]
    let chosen = sports.map { $0.sorted { $0.rawValue < $1.rawValue } } ?? []
    let filter =
      sports == nil
      ? ""
      : "WHERE sport IN (\(chosen.isEmpty ? "NULL" : chosen.map { _ in "?" }.joined(separator: ", ")))"
    let rows = try select(
      """
      SELECT venue_id, COUNT(*) AS visits, MAX(local_date) AS last, MIN(local_date) AS first
      FROM visits \(filter) GROUP BY venue_id
      """, chosen.map { .text($0.rawValue) })
    for row in rows {
      let lastText = try row.string("last")
      let firstText = try row.string("first")
      guard let last = CalendarDate(iso: lastText), CalendarDate(iso: firstText) != nil else {
        // Reading row by row names the visit.
        _ = try visits()
        let bad = CalendarDate(iso: lastText) == nil ? lastText : firstText
        throw StoreError.corruptValue(table: "visits", id: "?", column: "local_date", value: bad)
      }
      counts[Venue.ID(try row.string("venue_id"))] = (try row.int("visits"), last)
    }
    return venues.map { venue in
      let entry = counts[venue.id]
      return MapPin(venue: venue, visits: entry?.visits ?? 0, lastVisit: entry?.last)
    }
  }

  /// The ids of the games that have a visit.
  public func visitedGameIDs() throws -> Set<Game.ID> {
    Set(
      try select("SELECT game_id FROM visits WHERE game_id IS NOT NULL").map {
        Game.ID(try $0.string("game_id"))
      })
  }

  /// The visit with `id` (a front end finds it from the user's text with
  /// `VisitResolver`).
  /// - Throws: `RecordError.visitNotFound` (naming the id) when no visit
  ///   has it; `StoreError`.
  public func visit(id: Visit.ID) throws -> Visit {
    try read { try storedVisit(id) }
  }

  /// `visit(id:)` inside the caller's transaction.
  private func storedVisit(_ id: Visit.ID) throws -> Visit {
    let key = Store.key(id)
    guard let row = try select("SELECT * FROM visits WHERE id = ?", [.text(key)]).first else {
      throw RecordError.visitNotFound(key)
    }
    return try Store.visit(from: row)
  }

  /// Edits the visit with `id` in one transaction: `edit` gets the stored
  /// visit and returns its new version (same id), which is stored.
  /// - Returns: the visit before and after.
  /// - Throws: as `visit(id:)`, whatever `edit` throws, and as
  ///   `insertVisit(_:)` for the new game; nothing changes then.
  public func editVisit(
    id: Visit.ID, _ edit: (Visit) throws -> Visit
  ) throws -> (old: Visit, new: Visit) {
    try transaction {
      let old = try storedVisit(id)
      var new = try edit(old)
      new.id = old.id
      new.createdAt = old.createdAt
      try checkGame(of: new)
      var row = Store.columns(of: new)
      row["id"] = nil
      try update("visits", set: row, whereColumn: "id", is: .text(new.key))
      return (old, new)
    }
  }

  /// Deletes the visit with `id`, leaving a tombstone dated by the store's
  /// clock.
  /// - Returns: the deleted visit.
  /// - Throws: as `visit(id:)`; nothing changes then.
  public func removeVisit(id: Visit.ID) throws -> Visit {
    let now = clock()
    return try transaction {
      let visit = try storedVisit(id)
      try execute("DELETE FROM visits WHERE id = ?", [.text(visit.key)])
      try recordTombstone(.visit, id: visit.id.rawValue, at: now)
      return visit
    }
  }

  /// Records the visits of the games of trip `id` in one transaction: loads the
  /// trip and the game ids that already have visits — linking a visit
  /// entered by hand at a game's venue and date (no matchup, or the game's)
  /// to that game — lets `plan` choose (`Attendance.plan`), and stores the
  /// new visits.
  /// With `dryRun`, the same work is done and rolled back: the answer
  /// says what would be recorded (the page's confirmation, issue 28,
  /// item 17) and nothing is stored.
  /// - Returns: the trip and the stored (or, with `dryRun`, the would-be) plan.
  /// - Throws: as `loadTrip(id:)`, whatever `plan` throws, or as
  ///   `insertVisit(_:)`; nothing is stored then.
  public func attendTrip(
    id: Trip.ID, dryRun: Bool = false,
    _ plan: (LoadedTrip, Set<Game.ID>, Set<Game.ID>) throws -> Attendance
  ) throws -> (trip: LoadedTrip, attendance: Attendance) {
    do {
      return try recordAttendance(id: id, dryRun: dryRun, plan)
    } catch let rolledBack as RolledBackAttendance {
      return (rolledBack.trip, rolledBack.attendance)
    }
  }

  /// A dry run's outcome, thrown out of its transaction to roll it back.
  private struct RolledBackAttendance: Error {
    var trip: LoadedTrip
    var attendance: Attendance
  }

  private func recordAttendance(
    id: Trip.ID, dryRun: Bool,
    _ plan: (LoadedTrip, Set<Game.ID>, Set<Game.ID>) throws -> Attendance
  ) throws -> (trip: LoadedTrip, attendance: Attendance) {
    try transaction {
      let loaded = try loadTrip(id: id)
      var recorded = try visitedGameIDs()
      var linked: Set<Game.ID> = []
      // A visit typed by hand at a game's venue on its date, of its sport,
      // with no matchup or the game's, is that game: it is linked (taking
      // the game's score when it has none) rather than the game recorded a
      // second time, and the answer says so (reason `linked`).
      for game in loaded.games where !recorded.contains(game.id) {
        let typed = try visits(venueID: game.venueID).sorted {
          ($0.createdAt, $0.key) < ($1.createdAt, $1.key)
        }
        if let visit = typed.first(where: { $0.isTypedRecord(of: game, matchupRequired: false) }) {
          let new = visit.linked(to: game, now: clock())
          var row = Store.columns(of: new)
          row["id"] = nil
          try update("visits", set: row, whereColumn: "id", is: .text(new.key))
          recorded.insert(game.id)
          linked.insert(game.id)
        }
      }
      let attendance = try plan(loaded, recorded, linked)
      for visit in attendance.recorded { try insertVisit(visit) }
      if dryRun { throw RolledBackAttendance(trip: loaded, attendance: attendance) }
      return (loaded, attendance)
    }
  }

  /// Refuses a visit whose game is not stored or has another visit.
  private func checkGame(of visit: Visit) throws {
    guard let gameID = visit.gameID else { return }
    guard let game = try game(id: gameID) else {
      throw RecordError.gameNotFound(gameID.description)
    }
    if let other = try select(
      "SELECT id FROM visits WHERE game_id = ? AND id != ?",
      [.text(gameID.rawValue), .text(visit.key)]
    ).first {
      throw RecordError.gameAlreadyVisited(
        gameID: gameID, visitID: try other.string("id"),
        game: try Leagues.builtIn().gameText(game))
    }
  }

  // MARK: Row mapping

  /// The `visits` row of `visit`, by column name.
  static func columns(of visit: Visit) -> ColumnValues {
    var row = ColumnValues()
    row["id"] = .text(visit.key)
    row["sport"] = .text(visit.sport.rawValue)
    row["venue_id"] = .text(visit.venueID.rawValue)
    row["local_date"] = .text(visit.date.iso)
    row["game_id"] = .optional(visit.gameID?.rawValue)
    row["away_team"] = .optional(visit.matchup?.awayTeamID)
    row["home_team"] = .optional(visit.matchup?.homeTeamID)
    row["away_score"] = .optional(visit.score?.away)
    row["home_score"] = .optional(visit.score?.home)
    row["notes"] = .optional(visit.notes)
    row["created_at"] = .instant(visit.createdAt)
    row["modified_at"] = .instant(visit.modifiedAt)
    return row
  }
}
