import Foundation
import SportsTimeCore

extension WireV1 {
  /// SportsTime's own trip file (`trip export --format json`, the server's
  /// `export.json`, the backup format): a complete, versioned JSON export of
  /// one trip that a trip import reads back into an identical trip (same
  /// ids, days, sortOrders, titles) — issue 4, "Exports". The one place
  /// where the trip file is written and read: `init(_:teams:)` maps the
  /// domain to the document, `write(to:)` writes it, `read(_:file:)`
  /// reads and checks it, `imported` maps it back.
  ///
  /// Shape (version 1; keys in this order):
  /// ```json
  /// { "format": "sportstime-trip", "version": 1,
  ///   "trip": { "id", "name", "startDate", "endDate", "createdAt", "modifiedAt" },
  ///   "games": [ { "id", "date", "home", "away", "venueID", "start" } ],
  ///   "items": [ { "id", "kind": "travel"|"custom", "day", "sortOrder",
  ///                "createdAt", "modifiedAt",
  ///                "travel": { "fromStop", "toStop", "fromVenueID", "toVenueID",
  ///                            "fromName", "toName", "distanceMeters",
  ///                            "durationSeconds", "mode" }    // travel items
  ///                "custom": { "title", "category", "time", "timeZone",
  ///                            "latitude", "longitude", "address",
  ///                            "placeName"?, "placeTimeZone"? } } ] }
  /// ```
  /// Games are referenced by id (the schedule itself is not exported; the
  /// `games` entries are a readable snapshot and are checked on import,
  /// `TripExchange.validate`). Items are in layout order. Instants are ISO
  /// 8601 UTC with microseconds; dates `YYYY-MM-DD`; a game's `start` is
  /// ISO 8601 with the venue's UTC offset; sortOrders are written with
  /// every digit a Double needs to read back exactly. A travel `mode` is
  /// `"drive"` or `"flight"`; files written before modes existed have none,
  /// and their legs read as drives (which is how they were estimated)
  /// until `TripExchange.validate` gives every leg between two stops the
  /// mode and estimate `trip new` gives it.
  ///
  /// Reading: `Decodable` through the wire decoder only (`Wire.decode`),
  /// as the itinerary types are written through the wire encoder only; the
  /// checks and their messages are `read(_:file:)`'s.
  public struct TripFile: Decodable, WireWritable, Sendable, Hashable {
    /// The `format` value.
    public static let format = TripExchange.format
    /// The newest version this build writes and reads.
    public static let version = TripExchange.version

    /// The trip (its `gameIDs` in the order of `games`).
    public var trip: Trip
    /// The `games` entries, in file order.
    public var games: [Game]
    /// The stored items (travel and custom), in layout order.
    public var items: [ItineraryItem]
    /// What the reader should know once read, each as "<field path>:
    /// <what>" (a time zone given without a time, dropped). Not written.
    public var warnings: [String] = []
    /// The travel items whose `mode` the file does not give (read as
    /// drives). Not written.
    public var withoutMode: Set<ItineraryItem.ID> = []

    /// One entry of `games`: `{id, date, home, away, venueID, start}`; on
    /// reading any field but `id` may be missing.
    public struct Game: Sendable, Hashable {
      /// The game's id (`CHN202406040`).
      public var id: SportsTimeCore.Game.ID
      /// Its local date at the venue.
      public var date: CalendarDate?
      /// The home team: its abbreviation where the catalog knows it, else
      /// its code.
      public var home: String?
      /// The visiting team, likewise.
      public var away: String?
      /// The venue's id.
      public var venueID: String?
      /// The start as written: ISO 8601 with the venue's UTC offset.
      public var start: String?
      /// `start` read as an instant.
      public var startInstant: Date?
    }

    /// A document of these parts (`games` in `trip.gameIDs`' order).
    public init(
      trip: Trip, games: [Game], items: [ItineraryItem], warnings: [String] = [],
      withoutMode: Set<ItineraryItem.ID> = []
    ) {
      self.trip = trip
      self.games = games
      self.items = items
      self.warnings = warnings
      self.withoutMode = withoutMode
    }

    /// The document of `itinerary`: its trip, its games (teams as
    /// `teams` abbreviates them), its travel and custom items in layout
    /// order.
    public init(_ itinerary: SportsTimeCore.Itinerary, teams: [String: Team] = [:]) {
      trip = itinerary.trip
      games = itinerary.schedule.games.map { g in
        Game(
          id: g.id, date: g.game.localDate,
          home: Team.printedCode(g.game.homeTeamID, sport: g.game.sport, teams: teams),
          away: Team.printedCode(g.game.awayTeamID, sport: g.game.sport, teams: teams),
          venueID: g.game.venueID.rawValue,
          start: LocalTime.iso8601(g.game.start, in: g.game.timeZone),
          startInstant: g.game.start)
      }
      // `numberedRows`' order (the days' rows, then the unscheduled ones),
      // without concatenating the two arrays first.
      var items: [ItineraryItem] = []
      let layout = itinerary.layout
      items.reserveCapacity(layout.rows.count + layout.unscheduled.count)
      func add(_ rows: [LayoutRow]) {
        for row in rows {
          guard let item = row.item else { continue }
          if case .game = item.kind { continue }
          items.append(item)
        }
      }
      add(layout.rows)
      add(layout.unscheduled)
      self.items = items
    }

    /// Reads a trip file through the wire decoder (`Wire.decode`), with
    /// `read(_:file:)`'s checks; errors name the file as "trip file".
    /// - Throws: `FileFormatError` as `read(_:file:)`; `DecodingError`
    ///   from any decoder but the wire's.
    public init(from decoder: any Decoder) throws {
      guard let node = decoder as? NodeDecoder else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "a trip file is read only by the wire decoder (Wire.decode)"))
      }
      self = try TripFileReader(file: "trip file").document(node.value)
    }

    /// Reads a trip file and checks everything that needs no stored data:
    /// the texts are cleaned as every command cleans them
    /// (`TextNormalization.validated`; the trip's name by
    /// `Trip.validatedName`), the days follow `trip new`'s rule
    /// (`TripBuilder.checkDays`: at most 366), every item day is a real
    /// date, sortOrders follow `ItineraryItem.sortOrderProblem`, travel
    /// figures `TravelInfo.figuresProblem`, stop indices are not
    /// negative, a time zone without a time is dropped (with a warning),
    /// as an edit that clears the time drops it. Run
    /// `TripExchange.validate` next, against the stored games.
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 JSON).
    ///   - file: the name used in errors.
    /// - Throws: `FileFormatError` naming the file (and the line of a JSON
    ///   syntax error) and the field path (e.g.
    ///   `items[3].travel.durationSeconds`) of the first problem: not
    ///   JSON, another format (a legacy trips file with its remedy), a
    ///   newer version, a missing or mistyped field, a bad id, date, time,
    ///   zone, category, mode or coordinate, a non-finite or out-of-range
    ///   number, an empty or too long text (quoting at most 80
    ///   characters), a repeated game or item id, a trip name refused by
    ///   `Trip.validatedName(_:)`.
    /// - Complexity: O(n) for n items and games.
    public static func read(_ data: Data, file: String) throws -> TripFile {
      let value: JSONValue
      do {
        value = try JSONText.value(data)
      } catch let error as JSONSyntaxError {
        throw FileFormatError(
          file: file, line: error.line, field: nil,
          message: "this is not valid JSON (column \(error.column): \(error.message))")
      }
      return try TripFileReader(file: file).document(value)
    }

    /// The file as `TripExchange.validate` takes it.
    public var imported: TripExchange.Imported {
      TripExchange.Imported(
        trip: trip, items: items,
        games: games.map {
          TripExchange.GameEntry(
            id: $0.id, date: $0.date, home: $0.home, away: $0.away, venueID: $0.venueID,
            start: $0.startInstant)
        },
        warnings: warnings, withoutMode: withoutMode)
    }

    /// The file of `itinerary` as JSON text, ending in a newline
    /// (deterministic: same trip, same bytes).
    public static func export(_ itinerary: SportsTimeCore.Itinerary, teams: [String: Team] = [:])
      -> String
    {
      String(decoding: exportBytes(itinerary, teams: teams), as: UTF8.self)
    }

    /// The text `export` returns, as its UTF-8 bytes.
    public static func exportBytes(
      _ itinerary: SportsTimeCore.Itinerary, teams: [String: Team] = [:]
    ) -> [UInt8] {
      let document = TripFile(itinerary, teams: teams)
      var w = JSONWriter(capacity: 512 + 300 * document.games.count + 600 * document.items.count)
      document.write(to: &w)
      w.newline()
      return w.bytes
    }

    /// Reads `data` and maps it to the domain (`read(_:file:)` then
    /// `imported`).
    /// - Throws: as `read(_:file:)`.
    public static func imported(_ data: Data, file: String) throws -> TripExchange.Imported {
      try read(data, file: file).imported
    }

    public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }

    /// Writes the document, keys in the documented order (a straight port
    /// of the former `TripExchange.exportBytes`).
    public func write(to w: inout JSONWriter) {
      let t = trip
      w.beginObject()
      w.key(literal: "format")
      w.string(TripFile.format)
      w.key(literal: "version")
      w.int(TripFile.version)
      w.key(literal: "trip")
      w.beginObject()
      w.key(literal: "id")
      w.string(t.id.description)
      w.key(literal: "name")
      w.string(t.name)
      w.key(literal: "startDate")
      w.date(t.startDate)
      w.key(literal: "endDate")
      w.date(t.endDate)
      w.key(literal: "createdAt")
      w.string(TripExchange.instant(t.createdAt))
      w.key(literal: "modifiedAt")
      w.string(TripExchange.instant(t.modifiedAt))
      w.endObject()
      w.key(literal: "games")
      w.beginArray()
      for g in games {
        w.beginObject()
        w.key(literal: "id")
        w.string(g.id.description)
        w.key(literal: "date")
        w.optional(g.date)
        w.key(literal: "home")
        w.optional(g.home)
        w.key(literal: "away")
        w.optional(g.away)
        w.key(literal: "venueID")
        w.optional(g.venueID)
        w.key(literal: "start")
        w.optional(g.start)
        w.endObject()
      }
      w.endArray()
      w.key(literal: "items")
      w.beginArray()
      for item in items {
        if case .game = item.kind { continue }
        w.beginObject()
        w.key(literal: "id")
        w.string(item.id.description)
        w.key(literal: "kind")
        w.string(item.travelInfo == nil ? "custom" : "travel")
        w.key(literal: "day")
        w.int(item.day)
        w.key(literal: "sortOrder")
        w.number(item.sortOrder)
        w.key(literal: "createdAt")
        w.string(TripExchange.instant(item.createdAt))
        w.key(literal: "modifiedAt")
        w.string(TripExchange.instant(item.modifiedAt))
        switch item.kind {
        case .game: break
        case .travel(let info):
          w.key(literal: "travel")
          w.beginObject()
          w.key(literal: "fromStop")
          w.optional(info.fromStop)
          w.key(literal: "toStop")
          w.optional(info.toStop)
          w.key(literal: "fromVenueID")
          w.optional(info.fromVenueID?.rawValue)
          w.key(literal: "toVenueID")
          w.optional(info.toVenueID?.rawValue)
          w.key(literal: "fromName")
          w.string(info.fromName)
          w.key(literal: "toName")
          w.string(info.toName)
          w.key(literal: "distanceMeters")
          w.number(info.distanceMeters)
          w.key(literal: "durationSeconds")
          w.number(info.durationSeconds)
          w.key(literal: "mode")
          w.string(info.mode.rawValue)
          w.endObject()
        case .custom(let info):
          w.key(literal: "custom")
          w.beginObject()
          w.key(literal: "title")
          w.string(info.title)
          w.key(literal: "category")
          w.string(info.category.rawValue)
          w.key(literal: "time")
          w.optional(info.time?.description)
          w.key(literal: "timeZone")
          w.optional(info.timeZoneID)
          w.key(literal: "latitude")
          w.optional(info.coordinate?.latitude)
          w.key(literal: "longitude")
          w.optional(info.coordinate?.longitude)
          w.key(literal: "address")
          w.optional(info.address)
          // Left out without a place, so a file written before places
          // is written back byte for byte.
          if let name = info.placeName {
            w.key(literal: "placeName")
            w.string(name)
          }
          if let zone = info.placeTimeZoneID {
            w.key(literal: "placeTimeZone")
            w.string(zone)
          }
          w.endObject()
        }
        w.endObject()
      }
      w.endArray()
      w.endObject()
    }
  }
}
