import Foundation
import SportsTimeCore

extension WireV1 {
  /// `trip show --json`: `{trip, rows, unscheduled}`; `trip new` and
  /// `trip import` add `warnings`, `trip copy` adds `copiedFrom`.
  public struct Itinerary: Decodable, WireWritable, Sendable, Hashable {
    /// The trip.
    public var trip: TripHead
    /// The rows of the trip's days, in layout order.
    public var rows: [Row]
    /// The rows whose day is outside the trip (same shape).
    public var unscheduled: [Row]
    /// What the traveller should know (`trip new`, `trip import`); left
    /// out when not given.
    public var warnings: [String]?
    /// The trip this one was copied from (`trip copy`); left out when not
    /// given.
    public var copiedFrom: TripRef?

    /// The document of `itinerary`, rows numbered as `trip show` prints
    /// them (`ItineraryLayout.numbered`).
    public init(
      _ itinerary: SportsTimeCore.Itinerary, warnings: [String]? = nil,
      copiedFrom: Trip? = nil
    ) {
      let rows = RowBuilder(itinerary)
      trip = TripHead(itinerary.trip)
      let numberedRows = itinerary.layout.numbered
      var days: [Row] = []
      days.reserveCapacity(numberedRows.count)
      var outside: [Row] = []
      for numbered in numberedRows {
        if numbered.isUnscheduled {
          outside.append(rows.row(numbered))
        } else {
          days.append(rows.row(numbered))
        }
      }
      self.rows = days
      unscheduled = outside
      self.warnings = warnings
      self.copiedFrom = copiedFrom.map(TripRef.init)
    }
  }

  /// One row of the itinerary: `{id, number, kind, day, date, sortOrder,
  /// title}` and the fields of its kind (`game`, `travel`, `custom`; a day
  /// row's `cannotBeDone`), written into the same object after `title`.
  public struct Row: Decodable, WireWritable, Sendable, Hashable {
    /// What the row is.
    public enum Kind: String, Codable, Sendable, Hashable {
      /// A day header.
      case day
      /// A game of the trip.
      case game
      /// A stored travel leg.
      case travel
      /// A stored custom item (restaurant, hotel, activity, note).
      case custom
    }

    /// `day:N`, `game:<game id>` or `item:<uuid>`.
    public var id: String
    /// The 1-based number `trip show` prints.
    public var number: Int
    /// The row's kind.
    public var kind: Kind
    /// Its day (1-based; outside 1…dayCount for an Unscheduled row).
    public var day: Int
    /// That day's date (a game's: its local date at the venue).
    public var date: CalendarDate
    /// Null for a day row.
    @OrNull public var sortOrder: Double?
    /// "Day 1 · Tue, Jun 4, 2024", "KC @ CLE", an item's title.
    public var title: String
    /// A game row's fields.
    public var game: GameFields?
    /// A travel row's fields.
    public var travel: TravelFields?
    /// A custom row's fields.
    public var custom: CustomFields?
    /// A day row's only field: why the day cannot be done as planned
    /// (`Itinerary.impossibleDays()`: an item with a place and a time that
    /// the drive cannot reach in time, or leave in time for what follows),
    /// one sentence each, empty when it can be done; nil for other rows.
    public var cannotBeDone: [String]?

    /// A game row's fields: `{gameID, sport, start, venueID, timeEstimated,
    /// timeUnknown, status, originalDate}`.
    public struct GameFields: Decodable, WireWritable, Sendable, Hashable {
      /// The game's id.
      public var gameID: Game.ID
      /// The game's league (`MLB`, `NBA`, `NHL`, `NFL`): a trip may mix them.
      public var sport: Sport
      /// ISO 8601 with the venue's UTC offset.
      public var start: String
      /// The start at the venue in its zone, as the CLI prints it ("6:05 pm
      /// JST", "TBD CDT"; `ExportSupport.gameClock`), no estimate mark.
      public var startText: String
      /// The venue's code.
      public var venueID: Venue.ID
      /// Whether the start is an estimate (day/night only).
      public var timeEstimated: Bool
      /// Whether no start is known at all.
      public var timeUnknown: Bool
      /// `scheduled`, `rescheduled` or `cancelled`.
      public var status: Game.Status
      /// The originally scheduled local date of a moved or cancelled game;
      /// null for a scheduled one.
      @OrNull public var originalDate: CalendarDate?
    }

    /// A travel row's fields: `{from, to, fromVenueID, toVenueID,
    /// distanceMeters, durationSeconds, validDays, tight, mode}`.
    public struct TravelFields: Decodable, WireWritable, Sendable, Hashable {
      /// Where the leg starts (display name).
      public var from: String
      /// Where it ends.
      public var to: String
      /// The departure stop's venue; null when leaving home.
      @OrNull public var fromVenueID: Venue.ID?
      /// The arrival stop's venue; null when going home.
      @OrNull public var toVenueID: Venue.ID?
      /// The estimate, whole meters.
      public var distanceMeters: Double
      /// The estimate, whole seconds.
      public var durationSeconds: Double
      /// `[first, last]`, or null when the leg cannot be placed.
      @OrNull public var validDays: DayRange?
      /// Whether the leg does not fit between its games.
      public var tight: Bool
      /// `drive` or `flight`.
      public var mode: TravelMode
    }

    /// A custom row's fields: `{category, time, timeZone, zoneName, latitude,
    /// longitude, address, placeName, placeTimeZone, warnings}`.
    public struct CustomFields: Decodable, WireWritable, Sendable, Hashable {
      /// `restaurant`, `hotel`, `activity` or `note`.
      public var category: ItemCategory
      /// `HH:MM` or null.
      @OrNull public var time: String?
      /// The IANA zone the time is in, or null.
      @OrNull public var timeZone: String?
      /// That zone's abbreviation at the item's time on its day, as the CLI
      /// names zones ("JST", "CDT"; `LocalTime.abbreviation`, not the
      /// browser's "GMT+9"), or null without a time or a zone.
      @OrNull public var zoneName: String?
      /// Degrees, or null.
      @OrNull public var latitude: Double?
      /// Degrees, or null.
      @OrNull public var longitude: Double?
      /// Or null.
      @OrNull public var address: String?
      /// The town the location was chosen as ("Arlington, TX, United
      /// States"), or null (a point set on the map or typed, or none).
      @OrNull public var placeName: String?
      /// The IANA zone of the location's place (its town's, or the nearest
      /// town's), or null; a timed item's `timeZone` follows it.
      @OrNull public var placeTimeZone: String?
      /// What to know about the time (happens twice, does not exist).
      public var warnings: [String]
    }

    enum CodingKeys: String, CodingKey {
      case id, number, kind, day, date, sortOrder, title, cannotBeDone
    }

    /// The row numbered `numbered` of `itinerary` (`item add|move|edit
    /// --json`).
    public init(_ numbered: NumberedRow, in itinerary: SportsTimeCore.Itinerary) {
      self = RowBuilder(itinerary).row(numbered)
    }

    init(
      id: String, number: Int, kind: Kind, day: Int, date: CalendarDate, sortOrder: Double?,
      title: String, game: GameFields? = nil, travel: TravelFields? = nil,
      custom: CustomFields? = nil, cannotBeDone: [String]? = nil
    ) {
      self.cannotBeDone = cannotBeDone
      self.id = id
      self.number = number
      self.kind = kind
      self.day = day
      self.date = date
      self.sortOrder = sortOrder
      self.title = title
      self.game = game
      self.travel = travel
      self.custom = custom
    }

    /// Reads the common keys, then the kind's fields from the same object.
    /// - Throws: `DecodingError` for a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      id = try c.decode(String.self, forKey: .id)
      number = try c.decode(Int.self, forKey: .number)
      kind = try c.decode(Kind.self, forKey: .kind)
      day = try c.decode(Int.self, forKey: .day)
      date = try c.decode(CalendarDate.self, forKey: .date)
      _sortOrder = try c.decode(OrNull<Double>.self, forKey: .sortOrder)
      title = try c.decode(String.self, forKey: .title)
      game = kind == .game ? try GameFields(from: decoder) : nil
      travel = kind == .travel ? try TravelFields(from: decoder) : nil
      custom = kind == .custom ? try CustomFields(from: decoder) : nil
      // Documents written before issue 28 (item 5) have no such key.
      cannotBeDone =
        kind == .day ? try c.decodeIfPresent([String].self, forKey: .cannotBeDone) ?? [] : nil
    }
  }
}

// MARK: Writing (the one encoding of these documents; see `WireWritable`)

extension WireV1.Itinerary {
  /// Writes `{trip, rows, unscheduled, warnings?, copiedFrom?}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writeMembers(to: &writer)
    writer.endObject()
  }

  /// Writes the keys into the object open in `writer` (a server document
  /// adds its own after them).
  func writeMembers(to writer: inout JSONWriter) {
    Self.writeMembers(
      trip: trip, rows: { writer in for row in rows { row.write(to: &writer) } },
      unscheduled: { writer in for row in unscheduled { row.write(to: &writer) } },
      warnings: warnings, copiedFrom: copiedFrom, to: &writer)
  }

  /// The one writer of the document's keys, for a value and for
  /// `ItineraryDocument`: `rows` and `unscheduled` write the arrays'
  /// elements.
  static func writeMembers(
    trip: WireV1.TripHead, rows: (inout JSONWriter) -> Void,
    unscheduled: (inout JSONWriter) -> Void, warnings: [String]?, copiedFrom: WireV1.TripRef?,
    to writer: inout JSONWriter
  ) {
    writer.key(literal: "trip")
    trip.write(to: &writer)
    writer.key(literal: "rows")
    writer.beginArray()
    rows(&writer)
    writer.endArray()
    writer.key(literal: "unscheduled")
    writer.beginArray()
    unscheduled(&writer)
    writer.endArray()
    if let warnings {
      writer.key(literal: "warnings")
      writer.strings(warnings)
    }
    if let copiedFrom {
      writer.key(literal: "copiedFrom")
      copiedFrom.write(to: &writer)
    }
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

extension WireV1.Row {
  /// Writes `{id, number, kind, day, date, sortOrder, title}` and the
  /// fields of its kind in the same object.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    Self.writeHead(
      id: id, number: number, kind: kind, day: day, date: date, sortOrder: sortOrder,
      title: title, to: &writer)
    game?.writeMembers(to: &writer)
    travel?.writeMembers(to: &writer)
    custom?.writeMembers(to: &writer)
    if let cannotBeDone {
      writer.key(literal: "cannotBeDone")
      writer.strings(cannotBeDone)
    }
    writer.endObject()
  }

  /// Writes the common keys `{id, number, kind, day, date, sortOrder,
  /// title}` into the row's open object: the one writer of a row's head,
  /// for a `Row` value and for a row written straight from the itinerary
  /// (`RowBuilder.write`).
  static func writeHead(
    id: String, number: Int, kind: Kind, day: Int, date: CalendarDate, sortOrder: Double?,
    title: String, to writer: inout JSONWriter
  ) {
    writer.key(literal: "id")
    writer.string(id)
    writer.key(literal: "number")
    writer.int(number)
    writer.key(literal: "kind")
    writer.string(kind.rawValue)
    writer.key(literal: "day")
    writer.int(day)
    writer.key(literal: "date")
    writer.date(date)
    writer.key(literal: "sortOrder")
    writer.optional(sortOrder)
    writer.key(literal: "title")
    writer.string(title)
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

extension WireV1.Row.GameFields {
  /// Writes `{gameID, sport, start, startText, venueID, timeEstimated, timeUnknown, status,
  /// originalDate}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writeMembers(to: &writer)
    writer.endObject()
  }

  /// Writes the keys into the row's object.
  func writeMembers(to writer: inout JSONWriter) {
    Self.writeMembers(
      gameID: gameID, sport: sport, start: start, startText: startText, venueID: venueID,
      timeEstimated: timeEstimated,
      timeUnknown: timeUnknown, status: status, originalDate: originalDate, to: &writer)
  }

  /// Writes the fields' keys from their parts (the one writer of these
  /// keys, for a value and for a row written straight from the itinerary).
  static func writeMembers(
    gameID: Game.ID, sport: Sport, start: String, startText: String, venueID: Venue.ID,
    timeEstimated: Bool,
    timeUnknown: Bool, status: Game.Status, originalDate: CalendarDate?,
    to writer: inout JSONWriter
  ) {
    writer.key(literal: "gameID")
    writer.string(gameID.rawValue)
    writer.key(literal: "sport")
    writer.string(sport.rawValue)
    writer.key(literal: "start")
    writer.string(start)
    writer.key(literal: "startText")
    writer.string(startText)
    writer.key(literal: "venueID")
    writer.string(venueID.rawValue)
    writer.key(literal: "timeEstimated")
    writer.bool(timeEstimated)
    writer.key(literal: "timeUnknown")
    writer.bool(timeUnknown)
    writer.key(literal: "status")
    writer.string(status.rawValue)
    writer.key(literal: "originalDate")
    writer.optional(originalDate)
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

extension WireV1.Row.TravelFields {
  /// Writes `{from, to, fromVenueID, toVenueID, distanceMeters,
  /// durationSeconds, validDays, tight, mode}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writeMembers(to: &writer)
    writer.endObject()
  }

  /// Writes the keys into the row's object.
  func writeMembers(to writer: inout JSONWriter) {
    Self.writeMembers(
      from: from, to: to, fromVenueID: fromVenueID, toVenueID: toVenueID,
      distanceMeters: distanceMeters, durationSeconds: durationSeconds, validDays: validDays,
      tight: tight, mode: mode, to: &writer)
  }

  /// Writes the fields' keys from their parts (the one writer of these
  /// keys, for a value and for a row written straight from the itinerary).
  static func writeMembers(
    from: String, to: String, fromVenueID: Venue.ID?, toVenueID: Venue.ID?,
    distanceMeters: Double, durationSeconds: Double, validDays: DayRange?, tight: Bool,
    mode: TravelMode, to writer: inout JSONWriter
  ) {
    writer.key(literal: "from")
    writer.string(from)
    writer.key(literal: "to")
    writer.string(to)
    writer.key(literal: "fromVenueID")
    writer.optional(fromVenueID?.rawValue)
    writer.key(literal: "toVenueID")
    writer.optional(toVenueID?.rawValue)
    writer.key(literal: "distanceMeters")
    writer.number(distanceMeters)
    writer.key(literal: "durationSeconds")
    writer.number(durationSeconds)
    writer.key(literal: "validDays")
    if let validDays { validDays.write(to: &writer) } else { writer.null() }
    writer.key(literal: "tight")
    writer.bool(tight)
    writer.key(literal: "mode")
    writer.string(mode.rawValue)
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

extension WireV1.Row.CustomFields {
  /// Writes `{category, time, timeZone, zoneName, latitude, longitude,
  /// address, placeName, placeTimeZone, warnings}`.
  public func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writeMembers(to: &writer)
    writer.endObject()
  }

  /// Writes the keys into the row's object.
  func writeMembers(to writer: inout JSONWriter) {
    Self.writeMembers(
      category: category, time: time, timeZone: timeZone, zoneName: zoneName,
      latitude: latitude, longitude: longitude, address: address, placeName: placeName,
      placeTimeZone: placeTimeZone, warning: nil, warnings: warnings, to: &writer)
  }

  /// Writes the fields' keys from their parts (the one writer of these
  /// keys, for a value and for a row written straight from the itinerary):
  /// `warnings` is `warning` alone when it is given, else `warnings`.
  static func writeMembers(
    category: ItemCategory, time: String?, timeZone: String?, zoneName: String?,
    latitude: Double?, longitude: Double?, address: String?, placeName: String?,
    placeTimeZone: String?, warning: String?, warnings: [String], to writer: inout JSONWriter
  ) {
    writer.key(literal: "category")
    writer.string(category.rawValue)
    writer.key(literal: "time")
    writer.optional(time)
    writer.key(literal: "timeZone")
    writer.optional(timeZone)
    writer.key(literal: "zoneName")
    writer.optional(zoneName)
    writer.key(literal: "latitude")
    writer.optional(latitude)
    writer.key(literal: "longitude")
    writer.optional(longitude)
    writer.key(literal: "address")
    writer.optional(address)
    writer.key(literal: "placeName")
    writer.optional(placeName)
    writer.key(literal: "placeTimeZone")
    writer.optional(placeTimeZone)
    writer.key(literal: "warnings")
    writer.beginArray()
    if let warning {
      writer.string(warning)
    } else {
      for value in warnings { writer.string(value) }
    }
    writer.endArray()
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
}

/// Builds rows of one itinerary: what every row needs (tight legs, time
/// warnings) computed once.
struct RowBuilder {
  /// The abbreviation of a timed item's zone at its time on `date`
  /// (`LocalTime.abbreviation`: "JST", "CDT"), nil without a time or a
  /// known zone.
  static func zoneName(of info: CustomInfo, on date: CalendarDate) -> String? {
    guard let id = info.timeZoneID, let zone = TimeZone(identifier: id),
      let instant = info.instant(on: date)
    else { return nil }
    return LocalTime.abbreviation(zone, at: instant)
  }

  let itinerary: SportsTimeCore.Itinerary
  let tight: Set<ItineraryItem.ID>
  let timeWarnings: [ItineraryItem.ID: String]
  /// Why each day that cannot be done cannot (`Itinerary.impossibleDays()`).
  let impossible: [Int: [String]]

  init(_ itinerary: SportsTimeCore.Itinerary) {
    self.itinerary = itinerary
    tight = itinerary.tightLegItemIDs()
    timeWarnings = itinerary.timeWarnings()
    impossible = itinerary.impossibleDayMessages()
  }

  func row(_ numbered: NumberedRow) -> WireV1.Row {
    let row = numbered.row
    switch row.content {
    case .day(let day, let date):
      return WireV1.Row(
        id: row.id.description, number: numbered.number, kind: .day, day: day, date: date,
        sortOrder: nil,
        title: "Day \(day) · \(date.longDescription)", cannotBeDone: impossible[day] ?? [])
    case .game(let g):
      let game = g.game
      return WireV1.Row(
        id: row.id.description, number: numbered.number, kind: .game, day: g.day,
        date: game.localDate,
        sortOrder: g.sortOrder, title: g.title,
        game: WireV1.Row.GameFields(
          gameID: g.id, sport: game.sport, start: LocalTime.iso8601(game.start, in: game.timeZone),
          startText: ExportSupport.gameClock(game), venueID: game.venueID,
          timeEstimated: game.timeEstimated,
          timeUnknown: game.timeUnknown, status: game.status,
          originalDate: game.status == .scheduled ? nil : game.originalDate))
    case .item(let item):
      var result = WireV1.Row(
        id: row.id.description, number: numbered.number, kind: .custom, day: item.day,
        date: itinerary.schedule.date(ofDay: row.day), sortOrder: item.sortOrder,
        title: item.title)
      switch item.kind {
      case .game:
        // Games are never stored as items (DESIGN.md); such a row has only
        // the common keys.
        result.kind = .game
      case .travel(let info):
        result.kind = .travel
        result.travel = WireV1.Row.TravelFields(
          from: info.fromName, to: info.toName, fromVenueID: info.fromVenueID,
          toVenueID: info.toVenueID, distanceMeters: info.distanceMeters.rounded(),
          durationSeconds: info.durationSeconds.rounded(),
          validDays: itinerary.constraints.bounds(for: info).dayRange.map(DayRange.init),
          tight: tight.contains(item.id), mode: info.mode)
      case .custom(let info):
        result.custom = WireV1.Row.CustomFields(
          category: info.category, time: info.time?.description, timeZone: info.timeZoneID,
          zoneName: RowBuilder.zoneName(of: info, on: itinerary.schedule.date(ofDay: row.day)),
          latitude: info.coordinate?.latitude, longitude: info.coordinate?.longitude,
          address: info.address, placeName: info.placeName,
          placeTimeZone: info.placeTimeZoneID, warnings: timeWarnings[item.id].map { [$0] } ?? [])
      }
      return result
    }
  }
}

extension RowBuilder {
  /// Writes row `number` (`row`) straight from the itinerary: the bytes the
  /// value `row(_:)` builds writes (the same head and kind writers, the
  /// same fields), without building it.
  func write(number: Int, _ row: LayoutRow, to writer: inout JSONWriter) {
    writer.beginObject()
    switch row.content {
    case .day(let day, let date):
      WireV1.Row.writeHead(
        id: row.id.description, number: number, kind: .day, day: day, date: date, sortOrder: nil,
        title: "Day \(day) · \(date.longDescription)", to: &writer)
      writer.key(literal: "cannotBeDone")
      writer.strings(impossible[day] ?? [])
    case .game(let g):
      let game = g.game
      WireV1.Row.writeHead(
        id: row.id.description, number: number, kind: .game, day: g.day, date: game.localDate,
        sortOrder: g.sortOrder, title: g.title, to: &writer)
      WireV1.Row.GameFields.writeMembers(
        gameID: g.id, sport: game.sport, start: LocalTime.iso8601(game.start, in: game.timeZone),
        startText: ExportSupport.gameClock(game), venueID: game.venueID,
        timeEstimated: game.timeEstimated,
        timeUnknown: game.timeUnknown, status: game.status,
        originalDate: game.status == .scheduled ? nil : game.originalDate, to: &writer)
    case .item(let item):
      let kind: WireV1.Row.Kind
      switch item.kind {
      case .game: kind = .game
      case .travel: kind = .travel
      case .custom: kind = .custom
      }
      WireV1.Row.writeHead(
        id: row.id.description, number: number, kind: kind, day: item.day,
        date: itinerary.schedule.date(ofDay: row.day), sortOrder: item.sortOrder,
        title: item.title, to: &writer)
      switch item.kind {
      case .game:
        // As `row(_:)`: only the common keys.
        break
      case .travel(let info):
        WireV1.Row.TravelFields.writeMembers(
          from: info.fromName, to: info.toName, fromVenueID: info.fromVenueID,
          toVenueID: info.toVenueID, distanceMeters: info.distanceMeters.rounded(),
          durationSeconds: info.durationSeconds.rounded(),
          validDays: itinerary.constraints.bounds(for: info).dayRange.map(DayRange.init),
          tight: tight.contains(item.id), mode: info.mode, to: &writer)
      case .custom(let info):
        WireV1.Row.CustomFields.writeMembers(
          category: info.category, time: info.time?.description, timeZone: info.timeZoneID,
          zoneName: RowBuilder.zoneName(of: info, on: itinerary.schedule.date(ofDay: row.day)),
          latitude: info.coordinate?.latitude, longitude: info.coordinate?.longitude,
          address: info.address, placeName: info.placeName,
          placeTimeZone: info.placeTimeZoneID, warning: timeWarnings[item.id], warnings: [],
          to: &writer)
      }
    }
    writer.endObject()
  }
}

extension WireV1 {
  /// The document `Itinerary(itinerary, warnings:, copiedFrom:)` writes —
  /// the same bytes — written straight from the itinerary: each row goes
  /// from the layout to the writer (`RowBuilder.write`) without a `Row`
  /// value first (building a 1,386-row trip's values, copying and
  /// destroying them, was a sixth of `trip show --json`). What the CLI
  /// prints for `trip show|new|copy|import --json`; `Itinerary` stays the
  /// document as a value (decoded, or one row of it).
  public struct ItineraryDocument: WireWritable {
    /// The trip with its schedule and items.
    public var itinerary: SportsTimeCore.Itinerary
    /// As `Itinerary.warnings`.
    public var warnings: [String]?
    /// The trip this one was copied from, as `Itinerary.copiedFrom`.
    public var copiedFrom: Trip?

    /// The document of `itinerary` (rows numbered as `trip show` prints
    /// them, `ItineraryLayout.numbered`).
    public init(
      _ itinerary: SportsTimeCore.Itinerary, warnings: [String]? = nil, copiedFrom: Trip? = nil
    ) {
      self.itinerary = itinerary
      self.warnings = warnings
      self.copiedFrom = copiedFrom
    }

    /// Writes `{trip, rows, unscheduled, warnings?, copiedFrom?}`.
    public func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writeMembers(to: &writer)
      writer.endObject()
    }

    /// Writes the keys into the object open in `writer` (the server's trip
    /// document adds its own after them, `TripDocument`).
    func writeMembers(to writer: inout JSONWriter) {
      let builder = RowBuilder(itinerary)
      let layout = itinerary.layout
      WireV1.Itinerary.writeMembers(
        trip: TripHead(itinerary.trip),
        rows: { writer in
          for (i, row) in layout.rows.enumerated() {
            builder.write(number: i + 1, row, to: &writer)
          }
        },
        unscheduled: { writer in
          let first = layout.rows.count + 1
          for (i, row) in layout.unscheduled.enumerated() {
            builder.write(number: first + i, row, to: &writer)
          }
        }, warnings: warnings, copiedFrom: copiedFrom.map(TripRef.init), to: &writer)
    }

    /// Through the wire encoder only (`Wire.encode(_:to:)`).
    /// - Throws: `EncodingError.invalidValue` for another encoder.
    public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
  }
}

extension WireV1 {
  /// `trip show --drag ITEM --json`: `{item, validDays, barriers,
  /// originSlot, slots}`.
  public struct Drag: Decodable, WireWritable, Sendable, Hashable {
    /// One insertion slot: `{index, day, valid, reason, before}`.
    public struct Slot: Decodable, WireWritable, Sendable, Hashable {
      /// Slot `k` is the gap above lifted row `k`.
      public var index: Int
      /// The day a drop there lands on, or null (above the first day).
      @OrNull public var day: Int?
      /// Whether the row may be dropped there.
      public var valid: Bool
      /// Why not, or null.
      @OrNull public var reason: String?
      /// The id of the row below the slot; null at the end.
      @OrNull public var before: String?

      /// Writes `{index, day, valid, reason, before}`.
      public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(literal: "index")
        writer.int(index)
        writer.key(literal: "day")
        writer.optional(day)
        writer.key(literal: "valid")
        writer.bool(valid)
        writer.key(literal: "reason")
        writer.optional(reason)
        writer.key(literal: "before")
        writer.optional(before)
        writer.endObject()
      }

      /// Through the wire encoder only (`Wire.encode(_:to:)`).
      /// - Throws: `EncodingError.invalidValue` for another encoder.
      public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
    }

    /// The dragged row's id (`item:<uuid>`).
    public var item: String
    /// `[first, last]`, or null.
    @OrNull public var validDays: DayRange?
    /// The ids of the games that bound a leg.
    public var barriers: [Game.ID]
    /// The slot the row was lifted from, or null.
    @OrNull public var originSlot: Int?
    /// Every slot, in order.
    public var slots: [Slot]

    /// The document of `session`.
    /// - Complexity: O(slots).
    public init(_ session: DragSession) {
      item = LayoutRow.id(item: session.item.id).description
      validDays = session.validDays.map(DayRange.init)
      barriers = session.barrierGames.map(\.id)
      originSlot = session.originSlot
      let rows = session.rows
      slots = session.slots.map { slot in
        Slot(
          index: slot.index, day: slot.day, valid: slot.isValid, reason: slot.reason,
          before: slot.index < rows.count ? rows[slot.index].id.description : nil)
      }
    }

    /// Writes `{item, validDays, barriers, originSlot, slots}` (a 1,000-row
    /// trip's document is written for every pick-up the server has not kept).
    public func write(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.key(literal: "item")
      writer.string(item)
      writer.key(literal: "validDays")
      if let validDays { validDays.write(to: &writer) } else { writer.null() }
      writer.key(literal: "barriers")
      writer.beginArray()
      for id in barriers { writer.string(id.rawValue) }
      writer.endArray()
      writer.key(literal: "originSlot")
      writer.optional(originSlot)
      writer.key(literal: "slots")
      writer.beginArray()
      for slot in slots { slot.write(to: &writer) }
      writer.endArray()
      writer.endObject()
    }

    /// Through the wire encoder only (`Wire.encode(_:to:)`).
    /// - Throws: `EncodingError.invalidValue` for another encoder.
    public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }
  }
}
