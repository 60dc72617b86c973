import Foundation

/// Where an item of the old anchor-based model was pinned (seeds:
/// itinerary-refactor-design.md, "Current Model").
public enum LegacyAnchorType: String, Sendable, Hashable, CaseIterable {
  /// At the start of `anchorDay`, before its games.
  case startOfDay
  /// Right after the game `anchorId`.
  case afterGame
  /// Right after the travel leg `anchorId` (`"from->to"`).
  case afterTravel
}

/// One custom item of a legacy trip, as read from the file.
public struct LegacyItem: Sendable, Hashable {
  /// The item's id, kept as the imported item's id.
  public var id: UUID
  /// What the traveller called it (cleaned, not blank).
  public var title: String
  /// Restaurant, hotel, activity or note.
  public var category: ItemCategory
  /// What the item was pinned to.
  public var anchorType: LegacyAnchorType
  /// A game id (`afterGame`), a `"from->to"` leg key (`afterTravel`), or nil.
  public var anchorID: String?
  /// The 1-based day the item was on.
  public var anchorDay: Int
  /// The old integer order among items with the same anchor.
  public var sortOrder: Int
  /// Optional location.
  public var coordinate: Coordinate?
  /// Optional street address (cleaned; nil when blank).
  public var address: String?
  /// Optional local time of day.
  public var time: ClockTime?
  /// 0-based position in the trip's `customItems` (breaks sortOrder ties).
  public var fileIndex: Int
  /// The item's path in the file, e.g. `trips[0].customItems[2]`.
  public var path: String
}

/// One entry of a legacy trip's `travelDayOverrides`.
public struct LegacyOverride: Sendable, Hashable {
  /// The key as written, e.g. `"milwaukee->salt lake"`.
  public var key: String
  /// The departure city named by the key (trimmed).
  public var from: String
  /// The arrival city named by the key (trimmed).
  public var to: String
  /// The 1-based day the leg was moved to.
  public var day: Int
  /// The entry's path in the file.
  public var path: String
}

/// One trip of a legacy file, as read (not yet built).
public struct LegacyTrip: Sendable, Hashable {
  /// The trip's id, kept as the imported trip's id.
  public var id: UUID
  /// Its name (cleaned, not blank).
  public var name: String
  /// Its games' ids, in file order (no repeats).
  public var gameIDs: [String]
  /// Day 1.
  public var startDate: CalendarDate
  /// The last day.
  public var endDate: CalendarDate
  /// Its custom items, in file order.
  public var items: [LegacyItem]
  /// Its travel day overrides, by key.
  public var overrides: [LegacyOverride]
  /// The trip's path in the file, e.g. `trips[1]`.
  public var path: String
}

/// A whole legacy file, as read.
public struct LegacyFile: Sendable, Hashable {
  /// The file's name as the user gave it (for errors).
  public var file: String
  /// Its trips, in file order.
  public var trips: [LegacyTrip]
}

/// Where one legacy custom item went.
public struct LegacyPlacement: Sendable, Hashable {
  /// The stored item (same id as in the file).
  public var item: ItineraryItem
  /// What the old model pinned it to.
  public var anchorType: LegacyAnchorType
  /// The old anchor id, if any.
  public var anchorID: String?
  /// The old anchor day.
  public var anchorDay: Int
  /// The row's id in the layout (`item:<uuid>`).
  public var rowID: String
  /// The row's 1-based number as `trip show` prints it.
  public var rowNumber: Int
  /// True when its day is outside the trip (shown under Unscheduled).
  public var isUnscheduled: Bool
  /// Why the anchor did not resolve (nil when it did).
  public var unresolvedReason: String?
  /// Anything else worth saying (e.g. the game is on another day than the
  /// old anchor day, so the item followed the game).
  public var note: String?
}

/// What became of one travel day override.
public struct LegacyOverrideResult: Sendable, Hashable {
  /// The override as read.
  public var override: LegacyOverride
  /// The leg it matched ("Chicago → Detroit"), or nil when no leg matches.
  public var legTitle: String?
  /// True when the leg now sits on the override's day.
  public var applied: Bool
  /// Why not (the engine's reason), when refused.
  public var reason: String?
  /// The leg's resulting day (the override's day, or the kept default).
  public var legDay: Int?
}

/// One legacy trip converted to the new model, ready to store.
public struct LegacyConversion: Sendable {
  /// The trip as read.
  public var legacy: LegacyTrip
  /// The built trip (the legacy id).
  public var trip: Trip
  /// Everything to store: one travel item per leg and every custom item.
  public var items: [ItineraryItem]
  /// The resulting itinerary (layout, rules).
  public var itinerary: Itinerary
  /// Every custom item's placement, in layout order (Unscheduled last).
  public var placements: [LegacyPlacement]
  /// Every override's outcome, in leg order (unknown legs last, by key).
  public var overrides: [LegacyOverrideResult]
  /// Legs whose drive does not fit between the games (warned, not refused).
  public var tightLegs: [TightLeg]
  /// Items whose time happens twice that day (the first occurrence is
  /// used), each as "<field path>.time: <what happened>".
  public var timeWarnings: [String] = []

  /// The placements whose anchor did not resolve.
  public var unresolved: [LegacyPlacement] { placements.filter { $0.unresolvedReason != nil } }
}

/// The outcome for one trip of a legacy file.
public enum LegacyTripResult: Sendable {
  /// Built and to be stored.
  case imported(LegacyConversion)
  /// A trip with this id is already stored (`stored`, as it is now: it
  /// may have been renamed or re-planned since): nothing changes for it.
  case alreadyImported(LegacyTrip, stored: Trip)

  /// The trip as read.
  public var legacy: LegacyTrip {
    switch self {
    case .imported(let c): return c.legacy
    case .alreadyImported(let t, _): return t
    }
  }
}

/// Reads the old anchor-based model (seeds: itinerary-refactor-design.md,
/// "Migration Plan") and converts it to `(day, sortOrder)` items with the
/// engine, so every position is valid (issue 4, "Legacy import").
///
/// File shape:
/// ```json
/// { "trips": [ { "id": UUID, "name": text, "games": [game id],
///     "startDate": "YYYY-MM-DD", "endDate": "YYYY-MM-DD",
///     "customItems": [ { "id": UUID, "title", "category",
///        "anchorType": "startOfDay"|"afterGame"|"afterTravel",
///        "anchorId": game id | "from->to" | null, "anchorDay": int,
///        "sortOrder": int, "latitude"?, "longitude"?, "address"?,
///        "time"?: "HH:MM" } ],
///     "travelDayOverrides": { "from->to": day } } ] }
/// ```
/// `customItems` and `travelDayOverrides` may be left out (none). Category
/// and city names compare ignoring case.
///
/// Conversion of one trip: `TripBuilder.plan` builds it from its games and
/// dates (travel at defaults); each override moves its leg to that day at
/// the leg's default spot there (or the first valid slot of that day) when
/// the rules allow it, else the leg stays and the reason is reported; then
/// custom items are added with `Itinerary.add` — `startOfDay` at the top of
/// its day, `afterGame` right after its game, `afterTravel` right after its
/// leg, items of one anchor in old sortOrder (ties: file order). An anchor
/// that does not resolve keeps the item: at the end of its anchor day, or
/// under Unscheduled when that day is outside the trip.
public enum LegacyImport {
  // MARK: Reading

  /// Reads a legacy file.
  /// - Parameters:
  ///   - data: the file's bytes (UTF-8 JSON).
  ///   - file: the name used in errors.
  /// - Throws: `FileFormatError` naming the file and the field path (e.g.
  ///   `trips[0].customItems[2].anchorType`) of the first problem: not
  ///   JSON, a missing or mistyped field, a bad id, date, time, category,
  ///   anchor type or coordinate, a blank or too long title or address, a
  ///   name refused by `Trip.validatedName(_:)`, an anchor day that is no
  ///   date, a repeated trip id, trip name, game or item id, a malformed
  ///   override key.
  public static func read(_ data: Data, file: String) throws -> LegacyFile {
    func fail(_ field: String?, _ message: String) -> FileFormatError {
      FileFormatError(file: file, line: nil, field: field, message: message)
    }
    let object = try JSONText.object(
      data, file: file, topLevel: "a JSON object with a \"trips\" array")
    guard let tripList = object["trips"] as? [Any] else {
      throw fail("trips", "missing or not an array")
    }
    let reader = FieldReader(fail: fail)
    var trips: [LegacyTrip] = []
    var tripIDs: [UUID: String] = [:]
    var names: [String: String] = [:]
    var itemIDs: [UUID: String] = [:]
    for (i, element) in tripList.enumerated() {
      let at = "trips[\(i)]"
      guard let o = element as? [String: Any] else { throw fail(at, "not an object") }
      let id = try reader.uuid(o, "id", at: at)
      if let first = tripIDs[id] {
        throw fail("\(at).id", "trip \(id.uuidString.lowercased()) is also \(first)")
      }
      tripIDs[id] = at
      let name = try reader.tripName(o, "name", at: at)
      if let first = names[TextNormalization.key(name)] {
        throw fail("\(at).name", "the name '\(name)' is also used by \(first)")
      }
      names[TextNormalization.key(name)] = at
      guard let gameList = reader.value(o, "games") as? [Any] else {
        throw fail("\(at).games", "missing or not an array of game ids")
      }
      var gameIDs: [String] = []
      for (j, g) in gameList.enumerated() {
        guard let gameID = g as? String else { throw fail("\(at).games[\(j)]", "not text") }
        guard !gameIDs.contains(gameID) else {
          throw fail("\(at).games[\(j)]", "game \(gameID) is listed twice")
        }
        gameIDs.append(gameID)
      }
      let start = try reader.date(o, "startDate", at: at)
      let end = try reader.date(o, "endDate", at: at)
      var items: [LegacyItem] = []
      if let value = reader.value(o, "customItems") {
        guard let list = value as? [Any] else {
          throw fail("\(at).customItems", "not an array of objects")
        }
        for (j, element) in list.enumerated() {
          let item = try readItem(element, index: j, at: "\(at).customItems[\(j)]", reader: reader)
          // An unresolved anchor keeps its day (Unscheduled when outside the
          // trip), so the day must be a real date, as `trip import` requires.
          if start.addingWithinCalendar(days: item.anchorDay - 1) == nil {
            throw fail(
              "\(item.path).anchorDay",
              "Day \(item.anchorDay) of a trip starting \(start) is not a date (years 1 to 9999)")
          }
          if let first = itemIDs[item.id] {
            throw fail(
              "\(item.path).id", "item \(item.id.uuidString.lowercased()) is also \(first)")
          }
          itemIDs[item.id] = item.path
          items.append(item)
        }
      }
      var overrides: [LegacyOverride] = []
      if let value = reader.value(o, "travelDayOverrides") {
        guard let map = value as? [String: Any] else {
          throw fail("\(at).travelDayOverrides", "not an object of \"from->to\": day")
        }
        var keys: [String: String] = [:]
        for key in map.keys.sorted() {
          let here = "\(at).travelDayOverrides[\(JSONValue.quote(key))]"
          let parts = key.components(separatedBy: "->").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
          }
          guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw fail(here, "'\(key)' does not name a leg as \"from->to\"")
          }
          let normalised = "\(TextNormalization.key(parts[0]))->\(TextNormalization.key(parts[1]))"
          if let other = keys[normalised] {
            throw fail(here, "'\(key)' and '\(other)' name the same leg")
          }
          keys[normalised] = key
          guard let v = map[key], !(v is NSNull), let d = reader.number(v), d == d.rounded(),
            abs(d) < 1e6
          else {
            throw fail(here, "not a whole day number")
          }
          overrides.append(
            LegacyOverride(key: key, from: parts[0], to: parts[1], day: Int(d), path: here))
        }
      }
      trips.append(
        LegacyTrip(
          id: id, name: name, gameIDs: gameIDs, startDate: start, endDate: end, items: items,
          overrides: overrides, path: at))
    }
    return LegacyFile(file: file, trips: trips)
  }

  static func readItem(_ element: Any, index: Int, at: String, reader: FieldReader) throws
    -> LegacyItem
  {
    guard let o = element as? [String: Any] else { throw reader.fail(at, "not an object") }
    let id = try reader.uuid(o, "id", at: at)
    let title = try reader.text(o, "title", as: .itemTitle, at: at)
    let categoryText = try reader.string(o, "category", at: at)
    guard
      let category = ItemCategory.allCases.first(where: {
        $0.rawValue == categoryText.trimmingCharacters(in: .whitespaces).lowercased()
      })
    else {
      throw reader.fail(
        "\(at).category", "'\(categoryText)' is not restaurant, hotel, activity or note")
    }
    let anchorText = try reader.string(o, "anchorType", at: at)
    guard let anchorType = LegacyAnchorType(rawValue: anchorText) else {
      throw reader.fail(
        "\(at).anchorType", "'\(anchorText)' is not startOfDay, afterGame or afterTravel")
    }
    let anchorID = try reader.optionalString(o, "anchorId", at: at)
    let anchorDay = try reader.int(o, "anchorDay", at: at)
    let sortOrder = try reader.int(o, "sortOrder", at: at)
    var coordinate: Coordinate?
    let lat = try reader.optionalFinite(o, "latitude", at: at)
    let lon = try reader.optionalFinite(o, "longitude", at: at)
    if let lat, let lon {
      guard let point = Coordinate(latitude: lat, longitude: lon) else {
        throw reader.fail("\(at).latitude", "(\(lat), \(lon)) is not a coordinate in degrees")
      }
      coordinate = point
    } else if lat != nil {
      throw reader.fail("\(at).longitude", "missing: latitude and longitude go together")
    } else if lon != nil {
      throw reader.fail("\(at).latitude", "missing: latitude and longitude go together")
    }
    var time: ClockTime?
    if let text = try reader.optionalString(o, "time", at: at) {
      guard let t = ClockTime(text) else {
        throw reader.fail("\(at).time", "'\(text)' is not a time as HH:MM")
      }
      time = t
    }
    let address = try reader.optionalText(o, "address", as: .address, at: at)
    return LegacyItem(
      id: id, title: title, category: category, anchorType: anchorType, anchorID: anchorID,
      anchorDay: anchorDay, sortOrder: sortOrder, coordinate: coordinate,
      address: address, time: time, fileIndex: index,
      path: at)
  }

  // MARK: Converting

  /// Converts every trip of a file, or none: the first problem throws.
  /// - Parameters:
  ///   - legacy: the file as read.
  ///   - storedTrips: the trips already stored; a legacy trip with one of
  ///     their ids is reported as already imported (with the stored trip)
  ///     and not built again.
  ///   - game: looks a game up by id in the database.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids (of travel items) and estimator.
  /// - Throws: `FileFormatError` naming the field of a game missing from
  ///   the database (`trips[0].games[2]`) or of a trip that cannot be built
  ///   (`TripError`), or what `game` throws.
  public static func convert(
    _ legacy: LegacyFile, storedTrips: [Trip], game: (String) throws -> Game?,
    catalog: Catalog, environment: Environment
  ) throws -> [LegacyTripResult] {
    let stored = Dictionary(storedTrips.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var results: [LegacyTripResult] = []
    for trip in legacy.trips {
      if let existing = stored[trip.id] {
        results.append(.alreadyImported(trip, stored: existing))
        continue
      }
      var games: [Game] = []
      for (j, id) in trip.gameIDs.enumerated() {
        guard let found = try game(id) else {
          throw FileFormatError(
            file: legacy.file, line: nil, field: "\(trip.path).games[\(j)]",
            message:
              "no game \(id) in the database; import its schedule first ('sportstime schedule import FILE')"
          )
        }
        games.append(found)
      }
      results.append(
        .imported(
          try convert(
            trip, games: games, file: legacy.file, catalog: catalog, environment: environment)))
    }
    return results
  }

  /// Converts one trip.
  /// - Parameters:
  ///   - legacy: the trip as read.
  ///   - games: its games (any order).
  ///   - file: the file's name, for errors.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids (of travel items) and estimator.
  /// - Throws: `FileFormatError` naming the field when the trip cannot be
  ///   built (`TripError`: dates, games outside the days, cancelled games).
  /// - Complexity: O(n²) for n rows (one engine add per item).
  public static func convert(
    _ legacy: LegacyTrip, games: [Game], file: String, catalog: Catalog,
    environment: Environment
  ) throws -> LegacyConversion {
    let planned: PlannedTrip
    do {
      planned = try TripBuilder.plan(
        name: legacy.name, games: games, start: legacy.startDate, end: legacy.endDate,
        catalog: catalog, environment: environment)
    } catch let error as TripError {
      throw FileFormatError(
        file: file, line: nil, field: field(of: error, in: legacy), message: error.description)
    }
    var trip = planned.trip
    trip.id = legacy.id
    let now = trip.createdAt
    let schedule = planned.schedule
    var items = planned.items.map { item -> ItineraryItem in
      var copy = item
      copy.tripID = legacy.id
      return copy
    }
    let legs = schedule.legs
    /// The travel item of `leg`.
    func travelItem(_ leg: TripLeg) -> ItineraryItem? {
      items.first {
        $0.travelInfo?.fromStop == leg.from.index && $0.travelInfo?.toStop == leg.to.index
      }
    }
    func update(_ changed: [ItineraryItem]) {
      for c in changed {
        if let k = items.firstIndex(where: { $0.id == c.id }) {
          items[k] = c
        } else {
          items.append(c)
        }
      }
    }

    // 1. Travel day overrides.
    var overrideResults: [(rank: Int, result: LegacyOverrideResult)] = []
    for o in legacy.overrides {
      let matching = legs.filter { LegacyImport.matches(leg: $0, from: o.from, to: o.to) }
      guard !matching.isEmpty else {
        let known = legs.map { "\($0.from.venue.city)->\($0.to.venue.city)" }
        let reason =
          known.isEmpty
          ? "This trip has no travel legs (all its games are at one stop)."
          : "This trip has no leg from \(o.from) to \(o.to); its legs are \(known.joined(separator: ", "))."
        overrideResults.append(
          (
            Int.max,
            LegacyOverrideResult(
              override: o, legTitle: nil, applied: false, reason: reason, legDay: nil)
          ))
        continue
      }
      var outcome: (rank: Int, result: LegacyOverrideResult)?
      var firstRefusal: (leg: TripLeg, reason: String)?
      for leg in matching {
        guard let travel = travelItem(leg) else { continue }
        let itinerary = Itinerary(trip: trip, schedule: schedule, items: items)
        switch place(travel, onDay: o.day, in: itinerary, now: now) {
        case .success(let changed):
          update(changed)
          outcome = (
            leg.index,
            LegacyOverrideResult(
              override: o, legTitle: travel.title, applied: true, reason: nil, legDay: o.day)
          )
        case .failure(let refusal):
          if firstRefusal == nil { firstRefusal = (leg, refusal.reason) }
        }
        if outcome != nil { break }
      }
      if let outcome {
        overrideResults.append(outcome)
      } else {
        // Refused: the leg keeps its default; the engine says why.
        let leg = firstRefusal?.leg ?? matching[0]
        let travel = travelItem(leg)
        overrideResults.append(
          (
            leg.index,
            LegacyOverrideResult(
              override: o, legTitle: travel?.title, applied: false,
              reason: firstRefusal?.reason
                ?? "Travel \(leg.from.name) → \(leg.to.name) has no travel item.",
              legDay: travel?.day)
          ))
      }
    }
    let overrides = overrideResults.sorted {
      ($0.rank, $0.result.override.key) < ($1.rank, $1.result.override.key)
    }.map(\.result)

    // 2. Custom items: resolve anchors on the trip with its legs in place.
    var resolved: [(target: Target, item: LegacyItem)] = []
    var reasons: [UUID: String] = [:]
    var notes: [UUID: String] = [:]
    for item in legacy.items {
      let (target, reason, note) = resolve(
        item, schedule: schedule, legs: legs, travelItem: travelItem)
      resolved.append((target, item))
      reasons[item.id] = reason
      notes[item.id] = note
    }
    // Groups in the order: top of day, after a game, after a leg, end of day.
    let ordered = resolved.sorted {
      ($0.target.rank, $0.target.groupKey, $0.item.sortOrder, $0.item.fileIndex)
        < ($1.target.rank, $1.target.groupKey, $1.item.sortOrder, $1.item.fileIndex)
    }
    var previousInGroup: [String: UUID] = [:]
    var unscheduled: [(day: Int, item: LegacyItem)] = []
    var warnings: [String] = []
    for (target, legacyItem) in ordered {
      let drop: DropTarget
      switch target {
      case .unscheduled(let day):
        unscheduled.append((day, legacyItem))
        continue
      case .top(let day): drop = .top(day: day)
      case .afterRow(let rowID): drop = .after(rowID: rowID)
      case .bottom(let day): drop = .bottom(day: day)
      }
      let chained = previousInGroup[target.groupKey].map {
        DropTarget.after(rowID: LayoutRow.id(item: $0))
      }
      let itinerary = Itinerary(trip: trip, schedule: schedule, items: items)
      let id = legacyItem.id
      let adding = Environment(now: { now }, uuid: { id }, estimator: environment.estimator)
      let change: ItineraryChange
      do {
        change = try itinerary.add(
          customInfo(legacyItem), at: chained ?? drop, environment: adding)
      } catch let error as LocalTimeError {
        throw FileFormatError(
          file: file, line: nil, field: "\(legacyItem.path).time", message: error.description)
      }
      for warning in change.warnings { warnings.append("\(legacyItem.path).time: \(warning)") }
      update(change.updated)
      update(change.inserted)
      if case .bottom = target {} else { previousInGroup[target.groupKey] = id }
    }
    // Unscheduled: kept on their day, in old order; the time zone is where
    // the trip is at its start (days before it) or end (days after it).
    let sorted = unscheduled.sorted {
      ($0.day, $0.item.sortOrder, $0.item.fileIndex) < (
        $1.day, $1.item.sortOrder, $1.item.fileIndex
      )
    }
    var countPerDay: [Int: Int] = [:]
    let beforePlacing = Itinerary(trip: trip, schedule: schedule, items: items)
    for (day, legacyItem) in sorted {
      let n = countPerDay[day, default: 0] + 1
      countPerDay[day] = n
      var info = customInfo(legacyItem)
      var item = ItineraryItem(
        id: legacyItem.id, tripID: trip.id, day: day, sortOrder: Double(n), kind: .custom(info),
        createdAt: now, modifiedAt: now)
      if info.time != nil {
        let session = try DragSession(
          item: item, layout: beforePlacing.layout, constraints: beforePlacing.constraints)
        info.timeZoneID =
          beforePlacing.venueZones.timePlace(
            of: info, position: session.place(atSlot: day < 1 ? 0 : session.rowCount))?
          .timeZoneID
        item.kind = .custom(info)
      }
      items.append(item)
    }

    let itinerary = Itinerary(trip: trip, schedule: schedule, items: items)
    let byID = Dictionary(uniqueKeysWithValues: legacy.items.map { ($0.id, $0) })
    var placements: [LegacyPlacement] = []
    for numbered in itinerary.layout.numbered {
      let row = numbered.row
      guard let item = row.item, let source = byID[item.id] else { continue }
      placements.append(
        LegacyPlacement(
          item: item, anchorType: source.anchorType, anchorID: source.anchorID,
          anchorDay: source.anchorDay, rowID: row.id, rowNumber: numbered.number,
          isUnscheduled: !schedule.contains(day: item.day), unresolvedReason: reasons[item.id],
          note: notes[item.id]))
    }
    return LegacyConversion(
      legacy: legacy, trip: trip, items: items, itinerary: itinerary, placements: placements,
      overrides: overrides,
      tightLegs: TightLeg.find(in: schedule, travel: items.compactMap(\.travelInfo)),
      timeWarnings: warnings)
  }

  // MARK: Helpers

  /// Where an item is added.
  enum Target {
    case top(Int)
    case afterRow(String)
    case bottom(Int)
    case unscheduled(Int)

    var rank: Int {
      switch self {
      case .top: return 0
      case .afterRow(let id): return id.hasPrefix("game:") ? 1 : 2
      case .bottom: return 3
      case .unscheduled: return 4
      }
    }

    var groupKey: String {
      switch self {
      case .top(let day): return String(format: "top:%09d", day)
      case .afterRow(let id): return id
      case .bottom(let day): return String(format: "bottom:%09d", day)
      case .unscheduled(let day): return "unscheduled:\(day)"
      }
    }
  }

  /// Resolves an item's anchor: the target, why it did not resolve, a note.
  static func resolve(
    _ item: LegacyItem, schedule: TripSchedule, legs: [TripLeg],
    travelItem: (TripLeg) -> ItineraryItem?
  ) -> (Target, String?, String?) {
    let day = item.anchorDay
    func unresolved(_ reason: String) -> (Target, String?, String?) {
      schedule.contains(day: day) ? (.bottom(day), reason, nil) : (.unscheduled(day), reason, nil)
    }
    switch item.anchorType {
    case .startOfDay:
      guard schedule.contains(day: day) else {
        return unresolved(
          "Day \(day) is not in this trip (it has \(schedule.dayCount) day\(schedule.dayCount == 1 ? "" : "s"))."
        )
      }
      return (.top(day), nil, nil)
    case .afterGame:
      guard let id = item.anchorID, !id.isEmpty else {
        return unresolved("It is anchored after a game but names none.")
      }
      guard let game = schedule.games.first(where: { $0.id == id }) else {
        return unresolved("Game \(id) is not one of this trip's games.")
      }
      let note =
        game.day == day
        ? nil
        : "Game \(game.title) (\(id)) is on Day \(game.day), not Day \(day); the item follows it."
      return (.afterRow(LayoutRow.id(game: id)), nil, note)
    case .afterTravel:
      guard let key = item.anchorID, !key.isEmpty else {
        return unresolved("It is anchored after travel but names no leg.")
      }
      let parts = key.components(separatedBy: "->").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        return unresolved("'\(key)' does not name a leg as \"from->to\".")
      }
      let candidates = legs.filter { matches(leg: $0, from: parts[0], to: parts[1]) }
        .compactMap(travelItem)
      // A repeated city pair has several legs: the one on the anchor day,
      // else the one whose valid days include it, else the first.
      let constraints = ItineraryConstraints(schedule: schedule)
      let onDay = candidates.first { $0.day == day }
      let window = candidates.first { constraints.validDayRange(for: $0)?.contains(day) ?? false }
      guard let leg = onDay ?? window ?? candidates.first else {
        return unresolved("This trip has no leg from \(parts[0]) to \(parts[1]).")
      }
      let note =
        leg.day == day
        ? nil : "Travel \(leg.title) is on Day \(leg.day), not Day \(day); the item follows it."
      return (.afterRow(LayoutRow.id(item: leg.id)), nil, note)
    }
  }

  /// Whether a legacy key's cities name `leg`: each end compared, ignoring
  /// case, with its stop's venue city (or any of the venue's names).
  static func matches(leg: TripLeg, from: String, to: String) -> Bool {
    func same(_ name: String, _ stop: TripStop) -> Bool {
      let key = TextNormalization.key(name)
      return key == TextNormalization.key(stop.venue.city)
        || stop.venue.allNames.contains { key == TextNormalization.key($0) }
    }
    return same(from, leg.from) && same(to, leg.to)
  }

  /// Moves a travel item to `day`: its default spot there (after the
  /// departure games, before the arrival games, between them, or 50), else
  /// the first valid slot of that day when the day is allowed.
  static func place(_ travel: ItineraryItem, onDay day: Int, in itinerary: Itinerary, now: Date)
    -> Result<[ItineraryItem], ItineraryRefusal>
  {
    let constraints = itinerary.constraints
    guard let info = travel.travelInfo else {
      return .failure(ItineraryRefusal(reason: "Only travel can be moved by an override."))
    }
    let bounds = constraints.bounds(for: info)
    let spot: Double
    // The same rule as `TravelPlacement.defaultPosition`, on `day`.
    switch constraints.openInterval(bounds, day: day) {
    case (let low?, let high?): spot = (low + high) / 2
    case (let low?, nil): spot = low + 1
    case (nil, let high?): spot = min(50, high - 1)
    case (nil, nil): spot = 50
    }
    let check = constraints.check(travel, day: day, sortOrder: spot)
    if check.isValid {
      var moved = travel
      moved.day = day
      moved.sortOrder = spot
      moved.modifiedAt = now
      return .success([moved])
    }
    let refusal = ItineraryRefusal(reason: check.reason ?? "Travel cannot go to Day \(day).")
    guard constraints.validSortOrderRange(for: travel, on: day) != nil,
      let session = try? DragSession(
        item: travel, layout: itinerary.layout, constraints: constraints),
      let slot = session.slots.first(where: { $0.isValid && $0.day == day })
    else { return .failure(refusal) }
    switch session.drop(at: slot.index, now: now) {
    case .moved(_, let changed, _): return .success(changed)
    case .refused(let reason): return .failure(ItineraryRefusal(reason: reason))
    }
  }

  /// The new model's details of a legacy item (its zone is set on adding).
  static func customInfo(_ item: LegacyItem) -> CustomInfo {
    CustomInfo(
      title: item.title, category: item.category, time: item.time, coordinate: item.coordinate,
      address: item.address)
  }

  /// The field a `TripError` is about.
  static func field(of error: TripError, in trip: LegacyTrip) -> String {
    func game(_ id: String) -> String {
      trip.gameIDs.firstIndex(of: id).map { "\(trip.path).games[\($0)]" } ?? "\(trip.path).games"
    }
    switch error {
    case .emptyName, .invalidName, .nameLooksLikeID, .sameName: return "\(trip.path).name"
    case .noGames, .removesEveryGame: return "\(trip.path).games"
    case .duplicateGame(let id), .cancelledGame(let id): return game(id)
    case .gameNotInTrip(let id, _, _, _), .gameAlreadyInTrip(let id, _, _, _),
      .gameAddedAndRemoved(let id, _, _):
      return game(id)
    case .gameOutsideTrip(let id, _, _, _, _): return game(id)
    case .startAfterEnd, .tooLong: return "\(trip.path).endDate"
    case .revisionConflict: return trip.path
    }
  }
}
