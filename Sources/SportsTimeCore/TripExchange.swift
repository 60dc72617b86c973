import Foundation

/// SportsTime's own trip file: a complete, versioned JSON export of one trip
/// that `trip import` reads back into an identical trip (same ids, days,
/// sortOrders, titles) — issue 4, "Exports".
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
///                            "latitude", "longitude", "address" } } ] }
/// ```
/// Games are referenced by id (the schedule itself is not exported; the
/// `games` entries are a readable snapshot and are checked on import). Items
/// are in layout order. Instants are ISO 8601 UTC with microseconds; dates
/// `YYYY-MM-DD`; sortOrders are written with every digit a Double needs to
/// read back exactly. A travel `mode` is `"drive"` or `"flight"`; files
/// written before modes existed have none, and their legs read as drives
/// (which is how they were estimated).
public enum TripExchange {
  /// The `format` value.
  public static let format = "sportstime-trip"
  /// The newest version this build writes and reads.
  public static let version = 1

  /// The export of `itinerary` as JSON text (deterministic: same trip, same
  /// bytes).
  public static func export(_ itinerary: Itinerary, teams: [String: Team] = [:]) -> String {
    let t = itinerary.trip
    let games: [JSONValue] = itinerary.schedule.games.map { g in
      .object([
        ("id", .string(g.id)), ("date", .string(g.game.localDate.iso)),
        ("home", .string(teams[g.game.homeTeamID]?.abbreviation ?? g.game.homeTeamID)),
        ("away", .string(teams[g.game.awayTeamID]?.abbreviation ?? g.game.awayTeamID)),
        ("venueID", .string(g.game.venueID.rawValue)),
        ("start", .string(LocalTime.iso8601(g.game.start, in: g.game.timeZone))),
      ])
    }
    let items: [JSONValue] = itinerary.numberedRows.compactMap { row in
      guard let item = row.item else { return nil }
      var pairs: [(String, JSONValue)] = [
        ("id", .string(item.id.uuidString.lowercased())),
        ("kind", .string(item.travelInfo == nil ? "custom" : "travel")),
        ("day", .int(item.day)), ("sortOrder", .number(item.sortOrder)),
        ("createdAt", .string(instant(item.createdAt))),
        ("modifiedAt", .string(instant(item.modifiedAt))),
      ]
      switch item.kind {
      case .game: return nil
      case .travel(let info):
        pairs.append(
          (
            "travel",
            .object([
              ("fromStop", .optional(info.fromStop)), ("toStop", .optional(info.toStop)),
              ("fromVenueID", .optional(info.fromVenueID?.rawValue)),
              ("toVenueID", .optional(info.toVenueID?.rawValue)),
              ("fromName", .string(info.fromName)), ("toName", .string(info.toName)),
              ("distanceMeters", .number(info.distanceMeters)),
              ("durationSeconds", .number(info.durationSeconds)),
              ("mode", .string(info.mode.rawValue)),
            ])
          ))
      case .custom(let info):
        pairs.append(
          (
            "custom",
            .object([
              ("title", .string(info.title)), ("category", .string(info.category.rawValue)),
              ("time", .optional(info.time?.description)), ("timeZone", .optional(info.timeZoneID)),
              ("latitude", .optional(info.coordinate?.latitude)),
              ("longitude", .optional(info.coordinate?.longitude)),
              ("address", .optional(info.address)),
            ])
          ))
      }
      return .object(pairs)
    }
    let document = JSONValue.object([
      ("format", .string(format)), ("version", .int(version)),
      (
        "trip",
        .object([
          ("id", .string(t.id.uuidString.lowercased())), ("name", .string(t.name)),
          ("startDate", .string(t.startDate.iso)), ("endDate", .string(t.endDate.iso)),
          ("createdAt", .string(instant(t.createdAt))),
          ("modifiedAt", .string(instant(t.modifiedAt))),
        ])
      ),
      ("games", .array(games)), ("items", .array(items)),
    ])
    return document.render() + "\n"
  }

  /// A trip read from an export, not yet stored.
  public struct Imported: Sendable {
    /// The trip (its `gameIDs` in file order).
    public var trip: Trip
    /// Its stored items.
    public var items: [ItineraryItem]
    /// What the reader should know, each as "<field path>: <what>", e.g. a
    /// time that happens twice that day (the first occurrence is used).
    public var warnings: [String] = []
  }

  /// Reads an export.
  /// - Parameters:
  ///   - data: the file's bytes (UTF-8 JSON).
  ///   - file: the name used in errors.
  /// - Throws: `FileFormatError` naming the file and the field path (e.g.
  ///   `items[3].sortOrder`) of the first problem: not JSON, another format,
  ///   a newer version, a missing or mistyped field, a bad id, date, time,
  ///   category or coordinate, a non-finite number, a repeated item id, a
  ///   trip name refused by `Trip.validatedName(_:)`, a time that does not
  ///   exist on its item's date in its zone
  ///   (`LocalTime.resolve(_:on:inZone:place:)`).
  public static func read(_ data: Data, file: String) throws -> Imported {
    func fail(_ field: String?, _ message: String) -> FileFormatError {
      FileFormatError(file: file, line: nil, field: field, message: message)
    }
    let object = try JSONText.object(data, file: file, topLevel: "a JSON object")
    guard object["format"] as? String == format else {
      throw fail("format", "this is not a SportsTime trip export (format is not \"\(format)\")")
    }
    guard let v = object["version"] as? Int else {
      throw fail("version", "missing or not a number")
    }
    guard v <= version else {
      throw fail(
        "version",
        "version \(v) was written by a newer sportstime; this one reads up to version \(version)")
    }
    let reader = FieldReader(fail: fail)
    guard let tripObject = object["trip"] as? [String: Any] else {
      throw fail("trip", "missing or not an object")
    }
    let tripID = try reader.uuid(tripObject, "id", at: "trip")
    let name: String
    do {
      name = try Trip.validatedName(try reader.string(tripObject, "name", at: "trip"))
    } catch let error as TripError {
      throw fail("trip.name", error.description)
    }
    let start = try reader.date(tripObject, "startDate", at: "trip")
    let end = try reader.date(tripObject, "endDate", at: "trip")
    guard start <= end else {
      throw fail("trip.endDate", "the end date \(end) is before the start date \(start)")
    }
    guard let gameList = object["games"] as? [[String: Any]] else {
      throw fail("games", "missing or not an array of objects")
    }
    var gameIDs: [String] = []
    for (i, g) in gameList.enumerated() {
      let id = try reader.string(g, "id", at: "games[\(i)]")
      guard !gameIDs.contains(id) else {
        throw fail("games[\(i)].id", "game \(id) is listed twice")
      }
      gameIDs.append(id)
    }
    guard let itemList = object["items"] as? [[String: Any]] else {
      throw fail("items", "missing or not an array of objects")
    }
    var items: [ItineraryItem] = []
    var warnings: [String] = []
    var seen: Set<UUID> = []
    for (i, o) in itemList.enumerated() {
      let at = "items[\(i)]"
      let id = try reader.uuid(o, "id", at: at)
      guard seen.insert(id).inserted else { throw fail("\(at).id", "item \(id) is listed twice") }
      let day = try reader.int(o, "day", at: at)
      let sortOrder = try reader.finite(o, "sortOrder", at: at)
      let kind: ItineraryItem.Kind
      switch try reader.string(o, "kind", at: at) {
      case "travel":
        guard let t = o["travel"] as? [String: Any] else {
          throw fail("\(at).travel", "missing or not an object")
        }
        let here = "\(at).travel"
        let fromVenue = try reader.optionalString(t, "fromVenueID", at: here)
        let toVenue = try reader.optionalString(t, "toVenueID", at: here)
        var mode = TravelMode.drive
        if let text = try reader.optionalString(t, "mode", at: here) {
          guard let known = TravelMode(rawValue: text) else {
            throw fail("\(here).mode", "'\(text.prefix(80))' is not drive or flight")
          }
          mode = known
        }
        let info = TravelInfo(
          fromStop: try reader.optionalInt(t, "fromStop", at: here),
          toStop: try reader.optionalInt(t, "toStop", at: here),
          fromVenueID: fromVenue.map { Venue.ID($0) }, toVenueID: toVenue.map { Venue.ID($0) },
          fromName: try reader.string(t, "fromName", at: here),
          toName: try reader.string(t, "toName", at: here),
          distanceMeters: try reader.finite(t, "distanceMeters", at: here),
          durationSeconds: try reader.finite(t, "durationSeconds", at: here), mode: mode)
        kind = .travel(info)
      case "custom":
        guard let c = o["custom"] as? [String: Any] else {
          throw fail("\(at).custom", "missing or not an object")
        }
        let here = "\(at).custom"
        let categoryText = try reader.string(c, "category", at: here)
        guard let category = ItemCategory(rawValue: categoryText) else {
          throw fail(
            "\(here).category", "'\(categoryText)' is not restaurant, hotel, activity or note")
        }
        var time: ClockTime?
        if let text = try reader.optionalString(c, "time", at: here) {
          guard let t = ClockTime(text) else {
            throw fail("\(here).time", "'\(text)' is not HH:MM")
          }
          time = t
        }
        let zone = try reader.optionalString(c, "timeZone", at: here)
        if let zone, TimeZone(identifier: zone) == nil {
          throw fail("\(here).timeZone", "'\(zone)' is not an IANA time zone")
        }
        // A time must exist on the item's date in its zone (a day outside
        // the trip is Unscheduled: it has no date to check).
        if let time, let zone, day >= 1, day <= start.days(to: end) + 1 {
          do {
            let resolved = try LocalTime.resolve(
              time, on: start.adding(days: day - 1), inZone: zone)
            if let warning = resolved.warning { warnings.append("\(here).time: \(warning)") }
          } catch {
            throw fail("\(here).time", "\(error)")
          }
        }
        var coordinate: Coordinate?
        let lat = try reader.optionalFinite(c, "latitude", at: here)
        let lon = try reader.optionalFinite(c, "longitude", at: here)
        if let lat, let lon {
          guard let point = Coordinate(latitude: lat, longitude: lon) else {
            throw fail("\(here).latitude", "(\(lat), \(lon)) is not a coordinate in degrees")
          }
          coordinate = point
        } else if (lat == nil) != (lon == nil) {
          throw fail("\(here).latitude", "latitude and longitude go together")
        }
        kind = .custom(
          CustomInfo(
            title: try reader.string(c, "title", at: here), category: category, time: time,
            timeZoneID: zone, coordinate: coordinate,
            address: try reader.optionalString(c, "address", at: here)))
      case let other:
        throw fail("\(at).kind", "'\(other)' is not travel or custom")
      }
      items.append(
        ItineraryItem(
          id: id, tripID: tripID, day: day, sortOrder: sortOrder, kind: kind,
          createdAt: try reader.instant(o, "createdAt", at: at),
          modifiedAt: try reader.instant(o, "modifiedAt", at: at)))
    }
    let trip = Trip(
      id: tripID, name: name, startDate: start, endDate: end, gameIDs: gameIDs,
      createdAt: try reader.instant(tripObject, "createdAt", at: "trip"),
      modifiedAt: try reader.instant(tripObject, "modifiedAt", at: "trip"))
    return Imported(trip: trip, items: items, warnings: warnings)
  }

  /// Checks that an imported trip keeps every rule with `games` (the
  /// stored games its `gameIDs` name): at least one game, none cancelled,
  /// every game inside the trip's days, a travel item for every leg and
  /// every item in a valid place (Unscheduled items are allowed).
  /// - Throws: `FileFormatError` naming the file and field (`games`,
  ///   `trip.startDate`, `items[i]`) and the rule in words.
  public static func validate(
    _ imported: Imported, games: [Game], catalog: Catalog, file: String
  ) throws {
    func fail(_ field: String, _ message: String) -> FileFormatError {
      FileFormatError(file: file, line: nil, field: field, message: message)
    }
    guard !games.isEmpty else { throw fail("games", "a trip needs at least one game") }
    if let cancelled = games.first(where: { $0.status == .cancelled }) {
      throw fail("games", "game \(cancelled.id) is cancelled and cannot be in a trip")
    }
    let t = imported.trip
    for g in games where g.localDate < t.startDate || g.localDate > t.endDate {
      throw fail(
        "trip.startDate",
        "game \(g.id) is on \(g.localDate), outside the trip's days \(t.startDate) to \(t.endDate)")
    }
    let schedule = TripSchedule(
      startDate: t.startDate, dayCount: t.dayCount, games: games, venues: catalog.venues,
      teams: catalog.teams)
    let itinerary = Itinerary(trip: t, schedule: schedule, items: imported.items)
    let index = Dictionary(
      imported.items.enumerated().map { ($0.element.id, $0.offset) },
      uniquingKeysWith: { a, _ in a })
    for (item, reason) in itinerary.problems() where schedule.contains(day: item.day) {
      throw fail("items[\(index[item.id] ?? 0)]", reason)
    }
    if let (leg, reason) = itinerary.missingLegs().first {
      throw fail("items", "leg \(leg.index) (\(leg.from.name) → \(leg.to.name)): \(reason)")
    }
  }

  /// ISO 8601 UTC with microseconds, e.g. `2024-06-01T12:00:00.000000Z`.
  static func instant(_ date: Date) -> String {
    let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
    let seconds = (micros / 1_000_000).rounded(.down)
    let fraction = Int(micros - seconds * 1_000_000)
    let whole = Date(timeIntervalSince1970: seconds)
    let base = LocalTime.iso8601(whole, in: CalendarDate.utc)
    // "2024-06-01T12:00:00+00:00" → "2024-06-01T12:00:00.000000Z"
    return String(base.prefix(19)) + String(format: ".%06dZ", fraction)
  }

  /// Parses `instant(_:)`'s format (and plain ISO 8601 without fraction).
  static func parseInstant(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    guard text.hasSuffix("Z"), text.count >= 20 else { return nil }
    let head = String(text.prefix(19)) + "Z"
    guard let whole = formatter.date(from: head) else { return nil }
    let rest = text.dropFirst(19).dropLast()
    guard !rest.isEmpty else { return whole }
    guard rest.first == ".", rest.count <= 10, rest.dropFirst().allSatisfy(\.isASCIIDigit),
      let fraction = Double("0" + rest)
    else { return nil }
    return Date(
      timeIntervalSince1970: whole.timeIntervalSince1970
        + (fraction * 1_000_000).rounded() / 1_000_000)
  }
}

/// Typed field access for `TripExchange.read`, with errors naming the path.
struct FieldReader {
  let fail: (String?, String) -> FileFormatError

  func value(_ o: [String: Any], _ key: String) -> Any? {
    guard let v = o[key], !(v is NSNull) else { return nil }
    return v
  }

  func string(_ o: [String: Any], _ key: String, at path: String) throws -> String {
    guard let s = value(o, key) as? String else {
      throw fail("\(path).\(key)", "missing or not text")
    }
    return s
  }

  func optionalString(_ o: [String: Any], _ key: String, at path: String) throws -> String? {
    guard let v = value(o, key) else { return nil }
    guard let s = v as? String else { throw fail("\(path).\(key)", "not text") }
    return s
  }

  func number(_ v: Any) -> Double? {
    (v as? NSNumber)?.doubleValue
  }

  func int(_ o: [String: Any], _ key: String, at path: String) throws -> Int {
    // Whole numbers up to 2^53 (legacy sortOrders can be 64-bit or
    // timestamps); every one of them is exact in a Double.
    guard let v = value(o, key), let d = number(v), d == d.rounded(),
      abs(d) <= 9_007_199_254_740_992
    else {
      throw fail("\(path).\(key)", "missing or not a whole number")
    }
    return Int(d)
  }

  func optionalInt(_ o: [String: Any], _ key: String, at path: String) throws -> Int? {
    guard value(o, key) != nil else { return nil }
    return try int(o, key, at: path)
  }

  func finite(_ o: [String: Any], _ key: String, at path: String) throws -> Double {
    guard let v = value(o, key), let d = number(v), d.isFinite else {
      throw fail("\(path).\(key)", "missing or not a finite number")
    }
    return d
  }

  func optionalFinite(_ o: [String: Any], _ key: String, at path: String) throws -> Double? {
    guard value(o, key) != nil else { return nil }
    return try finite(o, key, at: path)
  }

  func uuid(_ o: [String: Any], _ key: String, at path: String) throws -> UUID {
    let text = try string(o, key, at: path)
    guard let id = UUID(uuidString: text) else {
      throw fail("\(path).\(key)", "'\(text)' is not a UUID")
    }
    return id
  }

  func date(_ o: [String: Any], _ key: String, at path: String) throws -> CalendarDate {
    let text = try string(o, key, at: path)
    guard let d = CalendarDate(iso: text) else {
      throw fail("\(path).\(key)", "'\(text)' is not a YYYY-MM-DD date")
    }
    return d
  }

  func instant(_ o: [String: Any], _ key: String, at path: String) throws -> Date {
    let text = try string(o, key, at: path)
    guard let d = TripExchange.parseInstant(text) else {
      throw fail("\(path).\(key)", "'\(text)' is not an ISO 8601 UTC instant")
    }
    return d
  }
}
