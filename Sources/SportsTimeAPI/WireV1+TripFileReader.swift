import Foundation
import SportsTimeCore

/// Reads a trip file's JSON value into `WireV1.TripFile`, checking each
/// field in file order; every error is a `FileFormatError` naming the file
/// and the field path (the checks and messages of the former
/// `TripExchange.read`).
struct TripFileReader {
  typealias Object = [String: JSONValue]
  let file: String

  func fail(_ field: String?, _ message: String) -> FileFormatError {
    FileFormatError(file: file, line: nil, field: field, message: message)
  }

  func document(_ root: JSONValue) throws -> WireV1.TripFile {
    guard let object = Self.object(root) else {
      throw FileFormatError(
        file: file, line: nil, field: nil, message: "expected a JSON object at the top")
    }
    let format = TripExchange.format
    let version = TripExchange.version
    guard case .string(let given)? = object["format"], given == format else {
      let problem = "this is not a SportsTime trip export (format is not \"\(format)\")"
      guard object["format"] == nil, case .array? = object["trips"] else {
        throw fail("format", problem)
      }
      var error = fail("format", Remedy.importAsLegacyTrips.reason(for: problem))
      error.remedy = .importAsLegacyTrips
      throw error
    }
    // Exactly the integer 1; a larger integer is a newer format; anything
    // else (0, -1, 1.5, true, text) is no version at all.
    guard let given = value(object, "version") else {
      throw fail("version", "missing (this build reads version \(version))")
    }
    let v = wholeNumber(given)
    if let v, v > version {
      throw fail(
        "version",
        "version \(v) was written by a newer sportstime; this one reads up to version \(version)")
    }
    guard v == version else {
      throw fail(
        "version",
        "\(Self.shown(given)) is not a version of this format (this build reads version \(version))"
      )
    }
    guard let tripObject = object["trip"].flatMap(Self.object) else {
      throw fail("trip", "missing or not an object")
    }
    let tripID = Trip.ID(try uuid(tripObject, "id", at: "trip"))
    let name = try tripName(tripObject, "name", at: "trip")
    let start = try date(tripObject, "startDate", at: "trip")
    let end = try date(tripObject, "endDate", at: "trip")
    do {
      _ = try TripBuilder.checkDays(start: start, end: end, games: [])
    } catch let error as TripError {
      throw fail("trip.endDate", error.description)
    }
    var trip = Trip(
      id: tripID, name: name, startDate: start, endDate: end, gameIDs: [],
      createdAt: try instant(tripObject, "createdAt", at: "trip"),
      modifiedAt: try instant(tripObject, "modifiedAt", at: "trip"))
    guard let gameList = object["games"].flatMap(Self.objects) else {
      throw fail("games", "missing or not an array of objects")
    }
    var games: [WireV1.TripFile.Game] = []
    var gameIDs: Set<Game.ID> = []
    for (i, g) in gameList.enumerated() {
      let at = "games[\(i)]"
      let text = try string(g, "id", at: at)
      let id = Game.ID(text)
      guard gameIDs.insert(id).inserted else {
        throw fail("\(at).id", "game \(TextNormalization.excerpt(text)) is listed twice")
      }
      trip.gameIDs.append(id)
      var startInstant: Date?
      let startText = try optionalString(g, "start", at: at)
      if let startText {
        guard let instant = ISO8601DateFormatter().date(from: startText) else {
          throw fail(
            "\(at).start", "'\(TextNormalization.excerpt(startText))' is not an ISO 8601 instant")
        }
        startInstant = instant
      }
      games.append(
        WireV1.TripFile.Game(
          id: id, date: try optionalDate(g, "date", at: at),
          home: try optionalString(g, "home", at: at),
          away: try optionalString(g, "away", at: at),
          venueID: try optionalString(g, "venueID", at: at), start: startText,
          startInstant: startInstant))
    }
    guard let itemList = object["items"].flatMap(Self.objects) else {
      throw fail("items", "missing or not an array of objects")
    }
    var items: [ItineraryItem] = []
    var warnings: [String] = []
    var withoutMode: Set<ItineraryItem.ID> = []
    var seen: Set<ItineraryItem.ID> = []
    for (i, o) in itemList.enumerated() {
      let at = "items[\(i)]"
      let id = ItineraryItem.ID(try uuid(o, "id", at: at))
      guard seen.insert(id).inserted else {
        throw fail("\(at).id", "item \(id) is listed twice")
      }
      let day = try int(o, "day", at: at)
      guard trip.realDate(ofDay: day) != nil else {
        throw fail(
          "\(at).day", "Day \(day) of a trip starting \(start) is not a date (years 1 to 9999)")
      }
      let sortOrder = try finite(o, "sortOrder", at: at)
      if let problem = ItineraryItem.sortOrderProblem(sortOrder) {
        throw fail("\(at).sortOrder", problem)
      }
      let kind: ItineraryItem.Kind
      switch try string(o, "kind", at: at) {
      case "travel":
        let (info, hasMode) = try travelInfo(o, at: at)
        if !hasMode { withoutMode.insert(id) }
        kind = .travel(info)
      case "custom":
        let (custom, warning) = try customInfo(o, at: at)
        if let warning { warnings.append(warning) }
        kind = .custom(custom)
      case let other:
        throw fail("\(at).kind", "'\(TextNormalization.excerpt(other))' is not travel or custom")
      }
      let item = ItineraryItem(
        id: id, tripID: tripID, day: day, sortOrder: sortOrder, kind: kind,
        createdAt: try instant(o, "createdAt", at: at),
        modifiedAt: try instant(o, "modifiedAt", at: at))
      // Before Day 1 (Day 0 is 1 day before) or after the last day.
      let outside = day < 1 ? 1 - day : max(0, day - trip.dayCount)
      let most = TripExchange.maximumDaysOutsideTrip
      if outside > most {
        let side =
          day < 1
          ? "\(outside) days before the trip's first day (\(start))"
          : "\(outside) days after its last day (Day \(trip.dayCount), \(end))"
        throw fail(
          "\(at).day",
          "item '\(TextNormalization.excerpt(item.title))' is on Day \(day), \(side); an item may lie at most \(most) days outside the trip's days"
        )
      }
      items.append(item)
    }
    return WireV1.TripFile(
      trip: trip, games: games, items: items, warnings: warnings, withoutMode: withoutMode)
  }

  /// The `travel` object of item `at`, and whether it gives a `mode`.
  private func travelInfo(_ o: Object, at: String) throws -> (TravelInfo, hasMode: Bool) {
    guard let t = o["travel"].flatMap(Self.object) else {
      throw fail("\(at).travel", "missing or not an object")
    }
    let here = "\(at).travel"
    func stop(_ key: String) throws -> Int? {
      let index = try optionalInt(t, key, at: here)
      if let index, index < 0 {
        throw fail("\(here).\(key)", "stop \(index) is not a stop index (0 or more)")
      }
      return index
    }
    let fromVenue = try optionalString(t, "fromVenueID", at: here)
    let toVenue = try optionalString(t, "toVenueID", at: here)
    // Files written before flights existed have no mode: their legs are drives.
    var mode = TravelMode.drive
    let modeText = try optionalString(t, "mode", at: here)
    if let text = modeText {
      guard let known = TravelMode(rawValue: text) else {
        throw fail("\(here).mode", "'\(TextNormalization.excerpt(text))' is not drive or flight")
      }
      mode = known
    }
    let info = TravelInfo(
      fromStop: try stop("fromStop"), toStop: try stop("toStop"),
      fromVenueID: fromVenue.map { Venue.ID($0) }, toVenueID: toVenue.map { Venue.ID($0) },
      fromName: try text(t, "fromName", as: .placeName, at: here),
      toName: try text(t, "toName", as: .placeName, at: here),
      distanceMeters: try finite(t, "distanceMeters", at: here),
      durationSeconds: try finite(t, "durationSeconds", at: here), mode: mode)
    if let (field, reason) = info.figuresProblem {
      throw fail("\(here).\(field)", reason)
    }
    return (info, modeText != nil)
  }

  /// The `custom` object of item `at`, and a warning when it gives a
  /// time zone without a time (the zone is dropped, as an edit that
  /// clears the time drops it).
  private func customInfo(_ o: Object, at: String) throws -> (CustomInfo, warning: String?) {
    guard let c = o["custom"].flatMap(Self.object) else {
      throw fail("\(at).custom", "missing or not an object")
    }
    let here = "\(at).custom"
    let title = try text(c, "title", as: .itemTitle, at: here)
    let categoryText = try string(c, "category", at: here)
    guard let category = ItemCategory(rawValue: categoryText) else {
      throw fail(
        "\(here).category",
        "'\(TextNormalization.excerpt(categoryText))' is not restaurant, hotel, activity or note")
    }
    var time: ClockTime?
    if let text = try optionalString(c, "time", at: here) {
      guard let t = ClockTime(text) else {
        throw fail("\(here).time", "'\(TextNormalization.excerpt(text))' is not HH:MM")
      }
      time = t
    }
    var zone = try optionalString(c, "timeZone", at: here)
    if let zone, TimeZone(identifier: zone) == nil {
      throw fail(
        "\(here).timeZone", "'\(TextNormalization.excerpt(zone))' is not an IANA time zone")
    }
    var warning: String?
    if time == nil, let given = zone {
      warning = "\(here).timeZone: the item has no time, so its zone \(given) is not kept"
      zone = nil
    }
    var coordinate: Coordinate?
    let lat = try optionalFinite(c, "latitude", at: here)
    let lon = try optionalFinite(c, "longitude", at: here)
    switch (lat, lon) {
    case (let lat?, let lon?):
      guard (-90...90).contains(lat) else {
        throw fail("\(here).latitude", "\(lat) is not a latitude (-90 to 90 degrees north)")
      }
      guard (-180...180).contains(lon), let point = Coordinate(latitude: lat, longitude: lon)
      else {
        throw fail("\(here).longitude", "\(lon) is not a longitude (-180 to 180 degrees east)")
      }
      coordinate = point
    case (let lat?, nil):
      throw fail(
        "\(here).latitude", "a latitude (\(lat)) without a longitude; the two go together")
    case (nil, let lon?):
      throw fail(
        "\(here).longitude", "a longitude (\(lon)) without a latitude; the two go together")
    case (nil, nil):
      break
    }
    // The location's town and zone (issue 28, 9a): kept with a location
    // only; a file written before places has neither.
    let placeName = try optionalText(c, "placeName", as: .address, at: here)
    let placeZone = try optionalString(c, "placeTimeZone", at: here)
    if let placeZone, TimeZone(identifier: placeZone) == nil {
      throw fail(
        "\(here).placeTimeZone",
        "'\(TextNormalization.excerpt(placeZone))' is not an IANA time zone")
    }
    let custom = CustomInfo(
      title: title, category: category, time: time, timeZoneID: zone, coordinate: coordinate,
      address: try optionalText(c, "address", as: .address, at: here),
      placeName: coordinate == nil ? nil : placeName,
      placeTimeZoneID: coordinate == nil ? nil : placeZone)
    return (custom, warning)
  }

  // MARK: Typed field access, with errors naming the path.

  /// An object's members (keys are unique: `JSONText` refuses a repeated
  /// key), or nil for any other value.
  static func object(_ v: JSONValue) -> Object? {
    guard case .object(let pairs) = v else { return nil }
    return Dictionary(pairs, uniquingKeysWith: { a, _ in a })
  }

  /// An array of objects, or nil for anything else.
  static func objects(_ v: JSONValue) -> [Object]? {
    guard case .array(let elements) = v else { return nil }
    var out: [Object] = []
    out.reserveCapacity(elements.count)
    for element in elements {
      guard let o = object(element) else { return nil }
      out.append(o)
    }
    return out
  }

  func value(_ o: Object, _ key: String) -> JSONValue? {
    guard let v = o[key] else { return nil }
    if case .null = v { return nil }
    return v
  }

  func string(_ o: Object, _ key: String, at path: String) throws -> String {
    guard case .string(let s)? = value(o, key) else {
      throw fail("\(path).\(key)", "missing or not text")
    }
    return s
  }

  /// A required text, cleaned and checked as `field`.
  func text(_ o: Object, _ key: String, as field: TextField, at path: String) throws -> String {
    do {
      return try TextNormalization.validated(try string(o, key, at: path), as: field)
    } catch let error as TextError {
      throw fail("\(path).\(key)", error.description)
    }
  }

  /// An optional text (nil when missing, null or blank once cleaned).
  func optionalText(_ o: Object, _ key: String, as field: TextField, at path: String) throws
    -> String?
  {
    do {
      return try TextNormalization.validatedOptional(
        try optionalString(o, key, at: path), as: field)
    } catch let error as TextError {
      throw fail("\(path).\(key)", error.description)
    }
  }

  /// A trip's name, by the rule of `trip new` (`Trip.validatedName(_:)`).
  func tripName(_ o: Object, _ key: String, at path: String) throws -> String {
    do {
      return try Trip.validatedName(try string(o, key, at: path))
    } catch let error as TripError {
      throw fail("\(path).\(key)", error.description)
    }
  }

  func optionalString(_ o: Object, _ key: String, at path: String) throws -> String? {
    guard let v = value(o, key) else { return nil }
    guard case .string(let s) = v else { throw fail("\(path).\(key)", "not text") }
    return s
  }

  /// A JSON number as a Double, with -0 read as 0 (so no figure is ever
  /// shown as "-0"); nil for anything else (`true` and `false` are not
  /// numbers).
  func number(_ v: JSONValue) -> Double? {
    switch v {
    case .number(let d): return d + 0  // -0 + 0 is +0
    case .int(let i): return Double(i)
    default: return nil
    }
  }

  /// A JSON number that is whole and at most 2^53 in magnitude, or nil.
  func wholeNumber(_ v: JSONValue) -> Int? {
    guard let d = number(v), d == d.rounded(), abs(d) <= 9_007_199_254_740_992 else {
      return nil
    }
    return Int(d)
  }

  /// A value as an error quotes it: `true`, `1.5`, `'x'` (at most 80
  /// characters), `an object`.
  static func shown(_ v: JSONValue) -> String {
    switch v {
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .number(let d):
      return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    case .string(let s): return "'\(TextNormalization.excerpt(s))'"
    case .array: return "an array"
    case .object: return "an object"
    case .null: return "null"
    }
  }

  /// "missing or not a whole number", or the value that is not one.
  private func notA(_ what: String, _ v: JSONValue?) -> String {
    guard let v else { return "missing or not \(what)" }
    return "\(Self.shown(v)) is not \(what)"
  }

  func int(_ o: Object, _ key: String, at path: String) throws -> Int {
    let v = value(o, key)
    guard let v, let whole = wholeNumber(v) else {
      throw fail("\(path).\(key)", notA("a whole number", v))
    }
    return whole
  }

  func optionalInt(_ o: Object, _ key: String, at path: String) throws -> Int? {
    guard value(o, key) != nil else { return nil }
    return try int(o, key, at: path)
  }

  func finite(_ o: Object, _ key: String, at path: String) throws -> Double {
    let v = value(o, key)
    guard let v, let d = number(v), d.isFinite else {
      throw fail("\(path).\(key)", notA("a finite number", v))
    }
    return d
  }

  func optionalFinite(_ o: Object, _ key: String, at path: String) throws -> Double? {
    guard value(o, key) != nil else { return nil }
    return try finite(o, key, at: path)
  }

  func uuid(_ o: Object, _ key: String, at path: String) throws -> UUID {
    let text = try string(o, key, at: path)
    guard let id = UUID(uuidString: text) else {
      throw fail("\(path).\(key)", "'\(TextNormalization.excerpt(text))' is not a UUID")
    }
    return id
  }

  func date(_ o: Object, _ key: String, at path: String) throws -> CalendarDate {
    let text = try string(o, key, at: path)
    guard let d = CalendarDate(iso: text) else {
      throw fail("\(path).\(key)", "'\(TextNormalization.excerpt(text))' is not a YYYY-MM-DD date")
    }
    return d
  }

  func optionalDate(_ o: Object, _ key: String, at path: String) throws -> CalendarDate? {
    guard value(o, key) != nil else { return nil }
    return try date(o, key, at: path)
  }

  func instant(_ o: Object, _ key: String, at path: String) throws -> Date {
    let text = try string(o, key, at: path)
    guard let d = TripExchange.parseInstant(text) else {
      throw fail(
        "\(path).\(key)", "'\(TextNormalization.excerpt(text))' is not an ISO 8601 UTC instant")
    }
    return d
  }
}
