import Foundation
import SportsTimeCore

/// The one decoder of each record read whole from its table — items,
/// games, visits — written once over `ColumnReading`, which both readers
/// adopt: `RowReader`, in place from the statement (a trip's items and
/// games, every listing: the columns are resolved to indices once per
/// statement, ids are parsed from the column's bytes, and only the texts a
/// value keeps become `String`s), and `Row`, copied out of SQLite (single
/// look-ups, the schedule import; `item(from: Row)` and its kin resolve
/// the row's columns and call the same decoder).
extension Store {
  /// The indices of `SELECT * FROM itinerary_items`'s columns.
  struct ItemColumns {
    let id: Int32
    let tripID: Int32
    let day: Int32
    let sortOrder: Int32
    let kind: Int32
    let title: Int32
    let category: Int32
    let time: Int32
    let timeZone: Int32
    let latitude: Int32
    let longitude: Int32
    let address: Int32
    let placeName: Int32
    let placeTimeZone: Int32
    let fromStop: Int32
    let toStop: Int32
    let fromVenue: Int32
    let toVenue: Int32
    let fromName: Int32
    let toName: Int32
    let distance: Int32
    let duration: Int32
    let travelMode: Int32
    let createdAt: Int32
    let modifiedAt: Int32

    /// Resolves every column `item(from:_:)` reads.
    /// - Throws: `StoreError.noSuchColumn` for a missing one.
    init(_ c: ResultColumns) throws {
      id = try c.index("id")
      tripID = try c.index("trip_id")
      day = try c.index("day")
      sortOrder = try c.index("sort_order")
      kind = try c.index("kind")
      title = try c.index("title")
      category = try c.index("category")
      time = try c.index("time")
      timeZone = try c.index("time_zone")
      latitude = try c.index("latitude")
      longitude = try c.index("longitude")
      address = try c.index("address")
      placeName = try c.index("place_name")
      placeTimeZone = try c.index("place_time_zone")
      fromStop = try c.index("from_stop")
      toStop = try c.index("to_stop")
      fromVenue = try c.index("from_venue")
      toVenue = try c.index("to_venue")
      fromName = try c.index("from_name")
      toName = try c.index("to_name")
      distance = try c.index("distance_meters")
      duration = try c.index("duration_seconds")
      travelMode = try c.index("travel_mode")
      createdAt = try c.index("created_at")
      modifiedAt = try c.index("modified_at")
    }
  }

  /// The stored items of `sql` (a `SELECT *` of `itinerary_items`), read
  /// in place.
  /// - Throws: as `item(from:_:)`, or `StoreError`.
  func readItems(_ sql: String, _ arguments: [SQLValue]) throws -> [ItineraryItem] {
    try readInPlace(sql, arguments, resolve: ItemColumns.init, Store.item(from:_:))
  }

  /// The item of a copied `itinerary_items` row (`item(from:_:)`).
  /// - Throws: as `item(from:_:)`, or `StoreError.noSuchColumn`.
  static func item(from row: Row) throws -> ItineraryItem {
    try item(from: row, try ItemColumns(row.resultColumns))
  }

  /// The item of the `itinerary_items` row `row` is on.
  /// - Throws: `StoreError.corruptValue` naming the item and the column for
  ///   a value no item has (an id, a kind, a category, a time, a travel
  ///   mode, a coordinate); `StoreError.unexpectedValue` for a value of the
  ///   wrong storage class.
  static func item<R: ColumnReading>(from row: R, _ c: ItemColumns) throws -> ItineraryItem {
    func corrupt(_ column: String, _ value: String) -> StoreError {
      .corruptValue(
        table: "itinerary_items", id: (try? row.string(c.id)) ?? "", column: column, value: value)
    }
    guard let id = try row.withText(c.id, ItineraryItem.ID.init(parsingUTF8:)) else {
      throw corrupt("id", try row.string(c.id))
    }
    guard let tripID = try row.withText(c.tripID, Trip.ID.init(parsingUTF8:)) else {
      throw corrupt("trip_id", try row.string(c.tripID))
    }
    let kindText = try row.string(c.kind)
    let kind: ItineraryItem.Kind
    switch kindText {
    case "travel":
      let fromVenue = try row.optionalString(c.fromVenue)
      let toVenue = try row.optionalString(c.toVenue)
      var mode = TravelMode.drive
      if let modeText = try row.optionalString(c.travelMode) {
        guard let stored = TravelMode(rawValue: modeText) else {
          throw corrupt("travel_mode", modeText)
        }
        mode = stored
      }
      let info = TravelInfo(
        fromStop: try row.optionalInt(c.fromStop), toStop: try row.optionalInt(c.toStop),
        fromVenueID: fromVenue.map { Venue.ID($0) }, toVenueID: toVenue.map { Venue.ID($0) },
        fromName: try row.optionalString(c.fromName) ?? "?",
        toName: try row.optionalString(c.toName) ?? "?",
        distanceMeters: try row.optionalDouble(c.distance) ?? 0,
        durationSeconds: try row.optionalDouble(c.duration) ?? 0, mode: mode)
      kind = .travel(info)
    case "custom":
      let categoryText = try row.optionalString(c.category) ?? "note"
      guard let category = ItemCategory(rawValue: categoryText) else {
        throw corrupt("category", categoryText)
      }
      var time: ClockTime?
      if let text = try row.optionalString(c.time) {
        guard let t = ClockTime(text) else { throw corrupt("time", text) }
        time = t
      }
      var coordinate: Coordinate?
      if let lat = try row.optionalDouble(c.latitude),
        let lon = try row.optionalDouble(c.longitude)
      {
        guard let point = Coordinate(latitude: lat, longitude: lon) else {
          throw corrupt("latitude/longitude", "\(lat),\(lon)")
        }
        coordinate = point
      }
      kind = .custom(
        CustomInfo(
          title: try row.optionalString(c.title) ?? "", category: category, time: time,
          timeZoneID: try row.optionalString(c.timeZone), coordinate: coordinate,
          address: try row.optionalString(c.address),
          placeName: try row.optionalString(c.placeName),
          placeTimeZoneID: try row.optionalString(c.placeTimeZone)))
    default:
      throw corrupt("kind", kindText)
    }
    return ItineraryItem(
      id: id, tripID: tripID, day: try row.int(c.day), sortOrder: try row.double(c.sortOrder),
      kind: kind, createdAt: try row.instant(c.createdAt),
      modifiedAt: try row.instant(c.modifiedAt))
  }
}

extension Store {
  /// The indices of a `SELECT g.*` of `games`' columns.
  struct GameColumns {
    let id: Int32
    let sport: Int32
    let season: Int32
    let homeTeam: Int32
    let awayTeam: Int32
    let venueID: Int32
    let startUTC: Int32
    let timeZone: Int32
    let localDate: Int32
    let timeEstimated: Int32
    let timeUnknown: Int32
    let status: Int32
    let originalDate: Int32
    let gameNumber: Int32
    let postponementReason: Int32
    let scheduleKey: Int32
    let awayScore: Int32
    let homeScore: Int32
    let round: Int32

    /// Resolves every column `game(from:_:)` reads.
    /// - Throws: `StoreError.noSuchColumn` for a missing one.
    init(_ c: ResultColumns) throws {
      id = try c.index("id")
      sport = try c.index("sport")
      season = try c.index("season")
      homeTeam = try c.index("home_team")
      awayTeam = try c.index("away_team")
      venueID = try c.index("venue_id")
      startUTC = try c.index("start_utc")
      timeZone = try c.index("time_zone")
      localDate = try c.index("local_date")
      timeEstimated = try c.index("time_estimated")
      timeUnknown = try c.index("time_unknown")
      status = try c.index("status")
      originalDate = try c.index("original_date")
      gameNumber = try c.index("game_number")
      postponementReason = try c.index("postponement_reason")
      scheduleKey = try c.index("schedule_key")
      awayScore = try c.index("away_score")
      homeScore = try c.index("home_score")
      round = try c.index("round")
    }
  }

  /// The games of `sql` (a `SELECT` of every `games` column), read in place.
  /// - Throws: as `game(from:_:)`, or `StoreError`.
  func readGames(_ sql: String, _ arguments: [SQLValue]) throws -> [Game] {
    try readInPlace(sql, arguments, resolve: GameColumns.init, Store.game(from:_:))
  }

  /// The game of a copied `games` row (`game(from:_:)`).
  /// - Throws: as `game(from:_:)`, or `StoreError.noSuchColumn`.
  static func game(from row: Row) throws -> Game {
    try game(from: row, try GameColumns(row.resultColumns))
  }

  /// The game of the `games` row `row` is on.
  /// - Throws: `StoreError.corruptValue` naming the game and the column
  ///   for a value no game has (a sport, a date, a status, a score);
  ///   `StoreError.unexpectedValue` for a value of the wrong storage class.
  static func game<R: ColumnReading>(from row: R, _ c: GameColumns) throws -> Game {
    let id = try row.string(c.id)
    func corrupt(_ column: String, _ value: String) -> StoreError {
      .corruptValue(table: "games", id: id, column: column, value: value)
    }
    let sportText = try row.string(c.sport)
    guard let sport = Sport(rawValue: sportText) else { throw corrupt("sport", sportText) }
    let dateText = try row.string(c.localDate)
    guard let date = CalendarDate(iso: dateText) else { throw corrupt("local_date", dateText) }
    let statusText = try row.string(c.status)
    guard let status = Game.Status(rawValue: statusText) else {
      throw corrupt("status", statusText)
    }
    var original: CalendarDate?
    if let text = try row.optionalString(c.originalDate) {
      guard let d = CalendarDate(iso: text) else { throw corrupt("original_date", text) }
      original = d
    }
    return Game(
      id: Game.ID(id), sport: sport, season: try row.int(c.season),
      homeTeamID: try row.string(c.homeTeam), awayTeamID: try row.string(c.awayTeam),
      venueID: Venue.ID(try row.string(c.venueID)),
      start: try row.instant(c.startUTC),
      timeZoneID: try row.string(c.timeZone), localDate: date,
      timeEstimated: try row.bool(c.timeEstimated),
      timeUnknown: try row.bool(c.timeUnknown), status: status, originalDate: original,
      gameNumber: try row.int(c.gameNumber),
      postponementReason: try row.optionalString(c.postponementReason),
      scheduleKey: try row.string(c.scheduleKey),
      score: try gameScore(
        try row.optionalInt(c.awayScore), try row.optionalInt(c.homeScore), corrupt: corrupt),
      round: try row.optionalString(c.round))
  }
}

extension Store {
  /// The indices of `SELECT * FROM visits`'s columns.
  struct VisitColumns {
    let id: Int32
    let sport: Int32
    let venueID: Int32
    let localDate: Int32
    let gameID: Int32
    let awayTeam: Int32
    let homeTeam: Int32
    let awayScore: Int32
    let homeScore: Int32
    let notes: Int32
    let createdAt: Int32
    let modifiedAt: Int32

    /// Resolves every column `visit(from:_:)` reads.
    /// - Throws: `StoreError.noSuchColumn` for a missing one.
    init(_ c: ResultColumns) throws {
      id = try c.index("id")
      sport = try c.index("sport")
      venueID = try c.index("venue_id")
      localDate = try c.index("local_date")
      gameID = try c.index("game_id")
      awayTeam = try c.index("away_team")
      homeTeam = try c.index("home_team")
      awayScore = try c.index("away_score")
      homeScore = try c.index("home_score")
      notes = try c.index("notes")
      createdAt = try c.index("created_at")
      modifiedAt = try c.index("modified_at")
    }
  }

  /// The stored visits of `sql` (a `SELECT *` of `visits`), read in place.
  /// - Throws: as `visit(from:_:)`, or `StoreError`.
  func readVisits(_ sql: String, _ arguments: [SQLValue]) throws -> [Visit] {
    try readInPlace(sql, arguments, resolve: VisitColumns.init, Store.visit(from:_:))
  }

  /// The visit of a copied `visits` row (`visit(from:_:)`).
  /// - Throws: as `visit(from:_:)`, or `StoreError.noSuchColumn`.
  static func visit(from row: Row) throws -> Visit {
    try visit(from: row, try VisitColumns(row.resultColumns))
  }

  /// The visit of the `visits` row `row` is on.
  /// - Throws: `StoreError.corruptValue` naming the visit and the column
  ///   for a value no visit has (an id, a sport, a date, a score);
  ///   `StoreError.unexpectedValue` for a value of the wrong storage class.
  static func visit<R: ColumnReading>(from row: R, _ c: VisitColumns) throws -> Visit {
    func corrupt(_ column: String, _ value: String) -> StoreError {
      .corruptValue(
        table: "visits", id: (try? row.string(c.id)) ?? "", column: column, value: value)
    }
    guard let id = try row.withText(c.id, Visit.ID.init(parsingUTF8:)) else {
      throw corrupt("id", try row.string(c.id))
    }
    let sportText = try row.string(c.sport)
    guard let sport = Sport(rawValue: sportText) else { throw corrupt("sport", sportText) }
    guard let date = try row.withText(c.localDate, CalendarDate.init(isoUTF8:)) else {
      throw corrupt("local_date", try row.string(c.localDate))
    }
    var matchup: Matchup?
    if let away = try row.optionalString(c.awayTeam),
      let home = try row.optionalString(c.homeTeam)
    {
      matchup = Matchup(awayTeamID: away, homeTeamID: home)
    }
    var score: Score?
    if let away = try row.optionalInt(c.awayScore), let home = try row.optionalInt(c.homeScore) {
      guard let s = Score(away: away, home: home) else {
        throw corrupt("away_score/home_score", "\(away)-\(home)")
      }
      score = s
    }
    return Visit(
      id: id, sport: sport, venueID: Venue.ID(try row.string(c.venueID)), date: date,
      gameID: try row.optionalString(c.gameID).map { Game.ID($0) }, matchup: matchup,
      score: score, notes: try row.optionalString(c.notes),
      createdAt: try row.instant(c.createdAt), modifiedAt: try row.instant(c.modifiedAt))
  }
}

extension Store {
  /// The values of every row of `sql`, each made by `value` from the row
  /// in place (its columns resolved once by `resolve`), under the store's
  /// lock.
  /// - Throws: what `resolve` or `value` throws, or `StoreError`.
  func readInPlace<Columns, Value>(
    _ sql: String, _ arguments: [SQLValue], resolve: (ResultColumns) throws -> Columns,
    _ value: (RowReader, Columns) throws -> Value
  ) throws -> [Value] {
    var values: [Value] = []
    try serialized {
      try database.forEachRow(sql, arguments, resolve: resolve) { row, columns in
        values.append(try value(row, columns))
      }
    }
    return values
  }
}
