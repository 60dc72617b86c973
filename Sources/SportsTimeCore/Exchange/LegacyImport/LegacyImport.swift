import Foundation

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
  // MARK: Converting

  /// Converts every trip of a file, or none: the first problem throws.
  /// - Parameters:
  ///   - legacy: the file as read.
  ///   - storedTrips: the trips already stored; a legacy trip with one of
  ///     their ids is reported as already imported (with the stored trip)
  ///     and not built again.
  ///   - game: looks a game up by id in the database (nil: no such game);
  ///     a not-found error it throws (the game moved) is reported at the
  ///     game's field with its message.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids (of travel items) and estimator.
  /// - Throws: `FileFormatError` naming the field of a game missing from
  ///   the database (`trips[0].games[2]`) or of a trip that cannot be built
  ///   (`TripError`), or what `game` throws.
  public static func convert(
    _ legacy: LegacyFile, storedTrips: [Trip], game: (String) throws -> Game?,
    catalog: Catalog, environment: RuleEnvironment
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
        let looked: Game?
        do {
          looked = try game(id)
        } catch  where ErrorKind.of(error) == .notFound {
          // The database knows why it has no such game (it moved): say so
          // at the file's field.
          throw FileFormatError(
            file: legacy.file, line: nil, field: "\(trip.path).games[\(j)]",
            message: "\(error)", missingGameID: nil)
        }
        guard let found = looked else {
          throw FileFormatError(
            file: legacy.file, line: nil, field: "\(trip.path).games[\(j)]",
            message: "no game \(id) in the database; import its schedule first",
            missingGameID: id)
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
    environment: RuleEnvironment
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
        switch TravelPlacement.move(travel, toDay: o.day, in: itinerary, now: now) {
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
    var reasons: [ItineraryItem.ID: String] = [:]
    var notes: [ItineraryItem.ID: String] = [:]
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
    var previousInGroup: [String: ItineraryItem.ID] = [:]
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
        DropTarget.after(rowID: .item($0))
      }
      let itinerary = Itinerary(trip: trip, schedule: schedule, items: items)
      let id = legacyItem.id.rawValue
      let adding = RuleEnvironment(now: { now }, uuid: { id }, estimator: environment.estimator)
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
      if case .bottom = target {} else { previousInGroup[target.groupKey] = legacyItem.id }
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

}
