import Foundation

/// The rules of SportsTime's own trip file (issue 4, "Exports") that need
/// the domain: its format name and version, the bounds of an item's day,
/// and `validate`, which checks a file read by `WireV1.TripFile.read`
/// (SportsTimeAPI, where the file is written and read) against the stored
/// games. The file's shape is documented on `WireV1.TripFile`.
public enum TripExchange {
  /// The `format` value.
  public static let format = "sportstime-trip"
  /// The newest version this build writes and reads.
  public static let version = 1

  /// How far an item's day may lie outside the trip's days, in days
  /// before the start or after the end (`TripBuilder.maximumDays`): an
  /// Unscheduled item a re-plan left behind lies within a trip's length of
  /// its days; one further out is a damaged file.
  public static let maximumDaysOutsideTrip = TripBuilder.maximumDays

  /// A trip read from an export, not yet stored.
  public struct Imported: Sendable {
    /// The trip (its `gameIDs` in file order).
    public var trip: Trip
    /// Its stored items, in file order.
    public var items: [ItineraryItem]
    /// The file's `games` entries, in file order: what the file says about
    /// each game, checked against the stored games by `validate`.
    public var games: [GameEntry]
    /// What the reader should know, each as "<field path>: <what>", e.g. a
    /// time zone given without a time (dropped) once read, and once
    /// validated also a time that happens twice that day (the first
    /// occurrence is used), a zone or leg estimate that differed from the
    /// one the item commands and `trip new` give (replaced).
    public var warnings: [String] = []
    /// The travel items whose `mode` the file does not give (written
    /// before flights existed; read as drives).
    public var withoutMode: Set<ItineraryItem.ID> = []

    /// A file as read, not yet validated.
    public init(
      trip: Trip, items: [ItineraryItem], games: [GameEntry], warnings: [String] = [],
      withoutMode: Set<ItineraryItem.ID> = []
    ) {
      self.trip = trip
      self.items = items
      self.games = games
      self.warnings = warnings
      self.withoutMode = withoutMode
    }
  }

  /// One entry of a file's `games`: the game's id and, when given, what
  /// the file says about it (any field may be missing).
  public struct GameEntry: Sendable, Hashable {
    /// The game's id (`CHN202406040`).
    public var id: Game.ID
    /// Its local date at the venue.
    public var date: CalendarDate?
    /// The home team as the export writes it (abbreviation or code).
    public var home: String?
    /// The visiting team, likewise.
    public var away: String?
    /// The venue's id.
    public var venueID: String?
    /// The start instant.
    public var start: Date?

    /// An entry as read.
    public init(
      id: Game.ID, date: CalendarDate?, home: String?, away: String?, venueID: String?,
      start: Date?
    ) {
      self.id = id
      self.date = date
      self.home = home
      self.away = away
      self.venueID = venueID
      self.start = start
    }
  }

  /// Checks that an imported trip keeps every rule of `trip new` and the
  /// item commands with `games` (the stored games its `gameIDs` name), and
  /// gives its items what those commands give them:
  ///
  /// - the games: at least one, none twice (`TripBuilder.checkGames`; a
  ///   game cancelled since is kept, with a warning),
  ///   every one inside the trip's days (`TripBuilder.checkDays`);
  /// - the file's own account of each game agrees with the stored game:
  ///   a different venue, home or visiting team means the id names another
  ///   game than the one the trip was planned with, and is refused; a
  ///   different date or start means the game was moved or its time set
  ///   since the export, which is only reported (the trip follows the
  ///   stored game, as a stored trip follows a re-import);
  /// - every travel item sits inside the trip's days where its leg may go,
  ///   one travel item per leg, a travel item for every leg;
  /// - every custom item inside the trip's days at a valid position;
  ///   custom items outside them are kept as Unscheduled (as a re-plan
  ///   that moves the days leaves them);
  /// - a leg joins a stop of the route to the next one, and has the
  ///   names, mode, distance and duration `trip new` gives it
  ///   (`TravelPlacement.travelInfo(for:estimator:)`: the estimate between
  ///   the two stops' venues). The file's figures are kept where they agree
  ///   with it (within 1 m and 1 s: another build may differ in the last
  ///   digits), else replaced, with a warning naming the fields; so are
  ///   names that differ. A leg without a stop at an end (a legacy "Home"
  ///   leg) has no venues to estimate between and keeps the file's names
  ///   and figures (bounded by `read`);
  /// - a timed custom item is local to the zone the item commands give it
  ///   (`Itinerary.timePlaces()`: its location's nearest venue within
  ///   200 km, else where the trip is at its position). A file that gives
  ///   another zone, or none, keeps the wall-clock time in that zone (as a
  ///   re-plan re-zones items when a leg moves), with a warning naming the
  ///   field; the time must then exist on the item's date there, and one
  ///   that happens twice is taken at its first occurrence, with a warning
  ///   (`LocalTime.resolve(_:on:inZone:place:)`).
  ///
  /// - Parameters:
  ///   - imported: the file as `read` read it.
  ///   - games: the stored games `imported.trip.gameIDs` name (any order).
  ///   - catalog: venues and teams.
  ///   - file: the name used in errors.
  ///   - estimator: the legs' estimator; default `RouteEstimator.default`,
  ///     the one `trip new` uses.
  /// - Returns: `imported` as it is to be stored — its items with their
  ///   zones and leg estimates — and every warning: `read`'s, then games
  ///   moved since the export, then the items', in file order.
  /// - Throws: `FileFormatError` naming the file and the field
  ///   (`games[1].home`, `items[3].day`, `items[2].custom.time`, `items`)
  ///   and the rule in words.
  /// - Complexity: O(n log n + n · v) for n rows and v venues.
  public static func validate(
    _ imported: Imported, games: [Game], catalog: Catalog, file: String,
    estimator: RouteEstimator = .default
  ) throws -> Imported {
    func fail(_ field: String, _ message: String) -> FileFormatError {
      FileFormatError(file: file, line: nil, field: field, message: message)
    }
    let t = imported.trip
    let position = Dictionary(
      t.gameIDs.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    func gameField(_ id: Game.ID) -> String {
      position[id].map { "games[\($0)]" } ?? "games"
    }
    let ordered = games.sorted { (position[$0.id] ?? 0) < (position[$1.id] ?? 0) }
    // A game the schedule cancelled since the export stays in the trip, as
    // a re-plan and a copy keep it (a backup must give the trip back): it
    // is warned about, and `check()` names it with its remedy.
    let cancelled = ordered.filter { $0.status == .cancelled }
    do {
      try TripBuilder.checkGames(ordered, keeping: Set(cancelled.map(\.id)))
      _ = try TripBuilder.checkDays(
        start: t.startDate, end: t.endDate, games: ordered, teams: catalog.teams)
    } catch let error as TripError {
      switch error {
      case .duplicateGame(let id), .cancelledGame(let id), .gameOutsideTrip(let id, _, _, _, _):
        throw fail(gameField(id), error.description)
      default:
        throw fail("games", error.description)
      }
    }
    var warnings =
      imported.warnings
      + (try checkEntries(imported.games, against: ordered, catalog: catalog, file: file))
      + cancelled.map {
        "\(gameField($0.id)): game \($0.id) has been cancelled since (postponed with no makeup date); the trip keeps it until it is re-planned without it"
      }

    let schedule = TripSchedule(
      startDate: t.startDate, dayCount: t.dayCount, games: ordered, venues: catalog.venues,
      teams: catalog.teams)
    let itinerary = Itinerary(trip: t, schedule: schedule, items: imported.items)
    let constraints = itinerary.constraints
    var legs: [String: Int] = [:]
    for (i, item) in imported.items.enumerated() {
      let at = "items[\(i)]"
      let inTrip = schedule.contains(day: item.day)
      if let info = item.travelInfo {
        let key = "\(info.fromStop ?? -1)->\(info.toStop ?? -1)"
        if let first = legs[key] {
          throw fail(
            at, "travel \(info.title) is the same leg as items[\(first)]; a leg has one travel item"
          )
        }
        legs[key] = i
      }
      // A custom item outside the days is Unscheduled, as a re-plan that
      // moves the days leaves it (its day is a real date: `read`).
      if !inTrip && item.travelInfo == nil { continue }
      let check = constraints.check(item, day: item.day, sortOrder: item.sortOrder)
      if let reason = check.reason {
        var error = fail(inTrip ? at : "\(at).day", reason)
        error.remedy = check.remedy
        throw error
      }
    }
    if let (leg, reason, remedy) = itinerary.missingLegs().first {
      var error = fail(
        "items", "leg \(leg.index) (\(leg.from.name) → \(leg.to.name)): \(reason)")
      error.remedy = remedy
      throw error
    }

    // What the commands give each item: legs their estimates, times their
    // zones (positions do not depend on either).
    let zones = itinerary.timePlaces()
    let routeLegs = schedule.legs
    var checked = imported
    for (i, item) in imported.items.enumerated() {
      let at = "items[\(i)]"
      switch item.kind {
      case .game: break
      case .travel(var info):
        // A leg from or to home has no venues to estimate between.
        guard let from = info.fromStop, let to = info.toStop else { continue }
        // `constraints.check` has matched both stops to the route.
        guard to == from + 1, routeLegs.indices.contains(from) else {
          throw fail(
            "\(at).travel.toStop",
            "travel \(info.title) joins stop \(from) to stop \(to), which do not follow each other on the route; a leg joins a stop to the next one"
          )
        }
        let fresh = TravelPlacement.travelInfo(for: routeLegs[from], estimator: estimator)
        if info.fromName != fresh.fromName || info.toName != fresh.toName {
          warnings.append(
            "\(at).travel.fromName, \(at).travel.toName: the file says '\(TextNormalization.excerpt(info.title))'; the route names the leg \(fresh.title), which is used"
          )
          info.fromName = fresh.fromName
          info.toName = fresh.toName
          checked.items[i].kind = .travel(info)
        }
        let estimate = fresh.estimate
        var fields: [String] = []
        if info.mode != estimate.mode { fields.append("mode") }
        if abs(info.distanceMeters - estimate.distanceMeters) > 1 {
          fields.append("distanceMeters")
        }
        if abs(info.durationSeconds - estimate.durationSeconds) > 1 {
          fields.append("durationSeconds")
        }
        guard !fields.isEmpty else { continue }
        let given =
          imported.withoutMode.contains(item.id)
          ? "a leg of \(legFigures(info.estimate)) with no mode (read as a drive)"
          : "a \(info.mode.rawValue) of \(legFigures(info.estimate))"
        let model = estimate.mode == .flight ? estimator.flightSummary : estimator.driveSummary
        warnings.append(
          "\(fields.map { "\(at).travel.\($0)" }.joined(separator: ", ")): the file says \(given); \(info.title) is a \(estimate.mode.rawValue) of \(legFigures(estimate)) by the estimate (\(model)), which is used"
        )
        if fields.contains("mode") { info.mode = estimate.mode }
        if fields.contains("distanceMeters") { info.distanceMeters = estimate.distanceMeters }
        if fields.contains("durationSeconds") { info.durationSeconds = estimate.durationSeconds }
        checked.items[i].kind = .travel(info)
      case .custom(var custom):
        guard let time = custom.time else { continue }
        let here = "\(at).custom"
        let place = zones[item.id]
        if let place, place.timeZoneID != custom.timeZoneID {
          let said = custom.timeZoneID.map { "the file says \($0)" } ?? "the file gives no zone"
          warnings.append(
            "\(here).timeZone: \(said); \(place.whereabouts), so \(time) is read there")
          custom.timeZoneID = place.timeZoneID
          checked.items[i].kind = .custom(custom)
        }
        do {
          let resolved = try Itinerary.resolveTime(
            of: custom, day: item.day, in: schedule, place: place?.city)
          if let warning = resolved?.warning { warnings.append("\(here).time: \(warning)") }
        } catch {
          throw fail("\(here).time", "\(error)")
        }
      }
    }
    checked.warnings = warnings
    return checked
  }

  /// "522 mi (840 km) taking 8 h 42 min".
  private static func legFigures(_ estimate: LegEstimate) -> String {
    "\(ExportSupport.distance(estimate.distanceMeters, metric: false)) (\(ExportSupport.distance(estimate.distanceMeters, metric: true))) taking \(ExportSupport.duration(estimate.durationSeconds))"
  }

  /// Compares the file's `games` entries with the stored games.
  private static func checkEntries(
    _ entries: [GameEntry], against games: [Game], catalog: Catalog, file: String
  ) throws -> [String] {
    let stored = Dictionary(games.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var warnings: [String] = []
    for (i, entry) in entries.enumerated() {
      guard let game = stored[entry.id] else { continue }
      let at = "games[\(i)]"
      func refuse(_ key: String, _ what: String, file given: String, stored actual: String)
        -> FileFormatError
      {
        FileFormatError(
          file: file, line: nil, field: "\(at).\(key)",
          message:
            "the file has game \(game.id) with \(what) '\(TextNormalization.excerpt(given))', but the stored game has \(actual): the trip was planned with other schedule data"
        )
      }
      func names(_ team: String) -> [String] {
        [team, catalog.teams[team]?.abbreviation].compactMap { $0 }
      }
      if let venue = entry.venueID, venue != game.venueID.rawValue {
        throw refuse("venueID", "venue", file: venue, stored: game.venueID.rawValue)
      }
      if let home = entry.home, !names(game.homeTeamID).contains(home) {
        throw refuse("home", "home team", file: home, stored: names(game.homeTeamID).last ?? "")
      }
      if let away = entry.away, !names(game.awayTeamID).contains(away) {
        throw refuse("away", "visiting team", file: away, stored: names(game.awayTeamID).last ?? "")
      }
      let movedDate = entry.date.map { $0 != game.localDate } ?? false
      let movedStart = entry.start.map { $0 != game.start } ?? false
      if movedDate || movedStart {
        // The file's start names its date too; else only its date differs.
        let was =
          movedStart
          ? entry.start.map { LocalTime.iso8601($0, in: game.timeZone) } ?? ""
          : entry.date?.iso ?? ""
        warnings.append(
          "game \(game.id) (\(at)) is now on \(game.localDate.iso) at \(LocalTime.iso8601(game.start, in: game.timeZone)), not \(was) as the file says: the trip uses the stored game"
        )
      }
    }
    return warnings
  }

  /// ISO 8601 UTC with microseconds, e.g. `2024-06-01T12:00:00.000000Z`
  /// (the trip file's instants).
  public static func instant(_ date: Date) -> String {
    let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
    let seconds = (micros / 1_000_000).rounded(.down)
    let fraction = Int(micros - seconds * 1_000_000)
    let (day, clock) = CalendarDate.utcFields(Date(timeIntervalSince1970: seconds))
    guard (0...9999).contains(day.year), (0..<1_000_000).contains(fraction) else {
      var out = day.iso
      out.append("T")
      LocalTime.appendClock(clock, to: &out)
      out.append(".")
      CalendarDate.append(fraction, width: 6, to: &out)
      out.append("Z")
      return out
    }
    // The common case as 27 ASCII bytes written in place.
    return String(unsafeUninitializedCapacity: 27) { out in
      func put(_ value: Int, _ width: Int, at start: Int) {
        var v = value
        for i in stride(from: start + width - 1, through: start, by: -1) {
          out[i] = UInt8(ascii: "0") + UInt8(v % 10)
          v /= 10
        }
      }
      put(day.year, 4, at: 0)
      out[4] = UInt8(ascii: "-")
      put(day.month, 2, at: 5)
      out[7] = UInt8(ascii: "-")
      put(day.day, 2, at: 8)
      out[10] = UInt8(ascii: "T")
      put(clock / 3600, 2, at: 11)
      out[13] = UInt8(ascii: ":")
      put(clock / 60 % 60, 2, at: 14)
      out[16] = UInt8(ascii: ":")
      put(clock % 60, 2, at: 17)
      out[19] = UInt8(ascii: ".")
      put(fraction, 6, at: 20)
      out[26] = UInt8(ascii: "Z")
      return 27
    }
  }

  /// Parses `instant(_:)`'s format (and plain ISO 8601 without fraction);
  /// nil for any other text.
  public static func parseInstant(_ text: String) -> Date? {
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

/// Typed field access for the legacy trips reader (`LegacyImport.read`), with
/// errors naming the path.
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

  /// A required text, cleaned and checked as `field` (at most 80
  /// characters of it are quoted in an error).
  func text(_ o: [String: Any], _ key: String, as field: TextField, at path: String) throws
    -> String
  {
    do {
      return try TextNormalization.validated(try string(o, key, at: path), as: field)
    } catch let error as TextError {
      throw fail("\(path).\(key)", error.description)
    }
  }

  /// An optional text (nil when missing, null or blank once cleaned).
  func optionalText(_ o: [String: Any], _ key: String, as field: TextField, at path: String)
    throws -> String?
  {
    do {
      return try TextNormalization.validatedOptional(
        try optionalString(o, key, at: path), as: field)
    } catch let error as TextError {
      throw fail("\(path).\(key)", error.description)
    }
  }

  /// A trip's name, by the rule of `trip new` (`Trip.validatedName(_:)`).
  func tripName(_ o: [String: Any], _ key: String, at path: String) throws -> String {
    do {
      return try Trip.validatedName(try string(o, key, at: path))
    } catch let error as TripError {
      throw fail("\(path).\(key)", error.description)
    }
  }

  func optionalString(_ o: [String: Any], _ key: String, at path: String) throws -> String? {
    guard let v = value(o, key) else { return nil }
    guard let s = v as? String else { throw fail("\(path).\(key)", "not text") }
    return s
  }

  /// A JSON number as a Double, with -0 read as 0 (so no figure is ever
  /// shown as "-0"); nil for anything else. `true` and `false` are not
  /// numbers: `JSONText` gives them as `Bool`, which Foundation would
  /// otherwise bridge to `NSNumber` 1 and 0.
  func number(_ v: Any) -> Double? {
    guard type(of: v) is NSNumber.Type, let n = v as? NSNumber else { return nil }
    return n.doubleValue + 0  // -0 + 0 is +0
  }

  /// A JSON number that is whole and at most 2^53 in magnitude (legacy
  /// sortOrders can be 64-bit or timestamps; every such number is exact in
  /// a Double), or nil.
  func wholeNumber(_ v: Any) -> Int? {
    guard let d = number(v), d == d.rounded(), abs(d) <= 9_007_199_254_740_992 else {
      return nil
    }
    return Int(d)
  }

  /// A value as an error quotes it: `true`, `1.5`, `"x"` (at most 80
  /// characters), `an object`.
  static func shown(_ v: Any) -> String {
    if let b = v as? Bool, type(of: v) == Bool.self { return b ? "true" : "false" }
    if type(of: v) is NSNumber.Type, let n = v as? NSNumber {
      let d = n.doubleValue
      return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }
    if let s = v as? String { return "'\(TextNormalization.excerpt(s))'" }
    if v is [Any] { return "an array" }
    if v is [String: Any] { return "an object" }
    return "null"
  }

  /// "missing or not a whole number", or the value that is not one.
  private func notA(_ what: String, _ v: Any?) -> String {
    guard let v else { return "missing or not \(what)" }
    return "\(FieldReader.shown(v)) is not \(what)"
  }

  func int(_ o: [String: Any], _ key: String, at path: String) throws -> Int {
    let v = value(o, key)
    guard let v, let whole = wholeNumber(v) else {
      throw fail("\(path).\(key)", notA("a whole number", v))
    }
    return whole
  }

  func optionalInt(_ o: [String: Any], _ key: String, at path: String) throws -> Int? {
    guard value(o, key) != nil else { return nil }
    return try int(o, key, at: path)
  }

  func finite(_ o: [String: Any], _ key: String, at path: String) throws -> Double {
    let v = value(o, key)
    guard let v, let d = number(v), d.isFinite else {
      throw fail("\(path).\(key)", notA("a finite number", v))
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
      throw fail("\(path).\(key)", "'\(TextNormalization.excerpt(text))' is not a UUID")
    }
    return id
  }

  func date(_ o: [String: Any], _ key: String, at path: String) throws -> CalendarDate {
    let text = try string(o, key, at: path)
    guard let d = CalendarDate(iso: text) else {
      throw fail("\(path).\(key)", "'\(TextNormalization.excerpt(text))' is not a YYYY-MM-DD date")
    }
    return d
  }

  func optionalDate(_ o: [String: Any], _ key: String, at path: String) throws -> CalendarDate? {
    guard value(o, key) != nil else { return nil }
    return try date(o, key, at: path)
  }

  func instant(_ o: [String: Any], _ key: String, at path: String) throws -> Date {
    let text = try string(o, key, at: path)
    guard let d = TripExchange.parseInstant(text) else {
      throw fail(
        "\(path).\(key)", "'\(TextNormalization.excerpt(text))' is not an ISO 8601 UTC instant")
    }
    return d
  }
}
