import Foundation

/// A re-planned trip: the new trip and schedule, the stored changes, and
/// the report.
public struct Replan: Sendable {
  /// The trip after the re-plan (same id and name).
  public var trip: Trip
  /// Its new schedule.
  public var schedule: TripSchedule
  /// Items to insert, update and delete.
  public var change: ItineraryChange
  /// What happened, for the traveller.
  public var report: ReplanReport
  /// Whether the trip row itself changed (days or games).
  public var tripChanged: Bool
  /// The stored items as they were before the re-plan (to name the legs it
  /// removed).
  public var previousItems: [ItineraryItem]

  /// True when the re-plan changes nothing at all: the same days and games,
  /// and no item inserted, updated or deleted — re-planning twice with the
  /// same input ends here the second time.
  public var changesNothing: Bool {
    !tripChanged && report.isEmpty && change.updated.isEmpty && change.inserted.isEmpty
      && change.deleted.isEmpty
  }
}

extension Itinerary {
  /// Re-plans the trip with games added and removed and/or new days: the
  /// trip's games after the change (`games(adding:removing:teams:)`), then
  /// `replan(games:start:end:catalog:environment:)`.
  /// - Parameters:
  ///   - adding: games to add; none may be in the trip already.
  ///   - removing: games to remove; each must be in the trip.
  ///   - start: the new first day, or nil (see `replan(games:…)`).
  ///   - end: the new last day, or nil.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids and estimator.
  /// - Throws: as `games(adding:removing:teams:)`, then as
  ///   `replan(games:start:end:catalog:environment:)`.
  public func replan(
    adding: [Game], removing: [Game], start: CalendarDate?, end: CalendarDate?,
    catalog: Catalog, environment: RuleEnvironment
  ) throws -> Replan {
    try replan(
      games: try games(adding: adding, removing: removing, teams: catalog.teams), start: start,
      end: end, catalog: catalog, environment: environment)
  }

  /// The trip's games after adding `adding` and removing `removing`: the
  /// argument rule of a re-plan. A request that does not apply is refused
  /// rather than skipped, so the traveller learns that the game they named
  /// is not the one they meant: removing a game the trip does not have,
  /// adding one it already has, or adding and removing the same game. A
  /// game named twice in one list counts once.
  ///
  /// ```swift
  /// try itinerary.games(adding: [det0608], removing: [], teams: teams)
  /// // the trip's games and DET202406080
  /// try itinerary.games(adding: [], removing: [nya0605], teams: teams)
  /// // throws .gameNotInTrip("NYA202406050", title: "TOR @ NYY", …)
  /// ```
  /// - Parameters:
  ///   - adding: games to add, by any reference already resolved.
  ///   - removing: games to remove.
  ///   - teams: the teams by code, to title games in errors ("TOR @ NYY").
  /// - Returns: the games, the trip's own first (in time order), then the
  ///   added ones in the order given.
  /// - Throws: `TripError.gameAddedAndRemoved`, `.gameNotInTrip`,
  ///   `.gameAlreadyInTrip` (checked in that order, the first game at fault
  ///   named), or `.removesEveryGame` when nothing would be left.
  /// - Complexity: O(g + a + r) for g games in the trip, a added, r removed.
  public func games(adding: [Game], removing: [Game], teams: [String: Team]) throws -> [Game] {
    func unique(_ games: [Game]) -> [Game] {
      var seen: Set<Game.ID> = []
      return games.filter { seen.insert($0.id).inserted }
    }
    let adding = unique(adding)
    let removing = unique(removing)
    func describe(_ game: Game) -> (Game.ID, String, CalendarDate) {
      (game.id, TripBuilder.title(of: game, teams: teams), game.localDate)
    }
    let removedIDs = Set(removing.map(\.id))
    if let both = adding.first(where: { removedIDs.contains($0.id) }) {
      let (id, title, date) = describe(both)
      throw TripError.gameAddedAndRemoved(id, title: title, date: date)
    }
    let current = schedule.games.map(\.game)
    let currentIDs = Set(current.map(\.id))
    if let missing = removing.first(where: { !currentIDs.contains($0.id) }) {
      let (id, title, date) = describe(missing)
      throw TripError.gameNotInTrip(id, title: title, date: date, trip: trip.name)
    }
    if let present = adding.first(where: { currentIDs.contains($0.id) }) {
      let (id, title, date) = describe(present)
      throw TripError.gameAlreadyInTrip(id, title: title, date: date, trip: trip.name)
    }
    let games = current.filter { !removedIDs.contains($0.id) } + adding
    guard !games.isEmpty else { throw TripError.removesEveryGame(trip: trip.name) }
    return games
  }

  /// Re-plans the trip with new games and/or days — the smart merge of
  /// DESIGN.md ("Travel placement and re-plan"):
  ///
  /// - Legs match by their stops — a new leg matches an old one whose
  ///   departure and arrival stops share a venue and at least one game with
  ///   the new leg's stops — never by a city-name key, so a repeated city pair
  ///   keeps both legs. A matched leg keeps its id and calendar position if
  ///   that is still valid (its figures are re-estimated in place), else goes
  ///   to its default; old legs no longer in the route are removed; new legs
  ///   get defaults.
  /// - Custom items are never deleted: they keep their calendar date (their
  ///   day number changes when the start moves); if the date left the trip
  ///   they go to Unscheduled.
  /// - Re-planning twice with the same input changes nothing the second time.
  /// - The change's `warnings` name each day the re-plan leaves impossible
  ///   that was not before (`Itinerary.impossibleDays(estimator:)`, with
  ///   `environment.estimator`): warned about, never refused.
  ///
  /// - Parameters:
  ///   - games: the trip's games after the change (any order).
  ///   - start: the new first day, or nil to keep the current one (moved
  ///     earlier when a game needs it).
  ///   - end: the new last day, or nil to keep the current one (moved later
  ///     when a game needs it).
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids and estimator.
  /// - Throws: `TripError` for no games, a repeated or cancelled game, a
  ///   game outside explicit days (checked first: a start after a game is
  ///   that game's problem), a start after the end, or too many days;
  ///   `ItineraryRefusal` when the change would leave a timed item where
  ///   its time does not exist that day (its zone follows the trip).
  public func replan(
    games: [Game], start: CalendarDate?, end: CalendarDate?, catalog: Catalog,
    environment: RuleEnvironment
  ) throws -> Replan {
    // A game the trip already has may have been cancelled since: it stays.
    try TripBuilder.checkGames(games, keeping: Set(trip.gameIDs))
    let ordered = TripBuilder.inTimeOrder(games)
    let dates = ordered.map(\.localDate)
    let first = dates.min() ?? trip.startDate
    let last = dates.max() ?? trip.endDate
    let newStart = start ?? min(trip.startDate, first)
    let newEnd = end ?? max(trip.endDate, last)
    let dayCount = try TripBuilder.checkDays(
      of: ordered, start: start, end: end, first: newStart, last: newEnd, teams: catalog.teams)
    let now = environment.now()
    let newSchedule = TripSchedule(
      startDate: newStart, dayCount: dayCount, games: ordered, venues: catalog.venues,
      teams: catalog.teams)
    let constraints = ItineraryConstraints(schedule: newSchedule)
    var newTrip = trip
    newTrip.startDate = newStart
    newTrip.endDate = newEnd
    newTrip.gameIDs = ordered.map(\.id)
    let tripChanged =
      newTrip.startDate != trip.startDate || newTrip.endDate != trip.endDate
      || newTrip.gameIDs != trip.gameIDs

    /// The new day number of an old day (same calendar date).
    func newDay(_ oldDay: Int) -> Int {
      newStart.days(to: trip.date(ofDay: oldDay)) + 1
    }

    var report = ReplanReport()
    var change = ItineraryChange(
      item: items.first
        ?? ItineraryItem(
          id: ItineraryItem.ID(trip.id.rawValue), tripID: trip.id, day: 1, sortOrder: 50,
          kind: .custom(CustomInfo(title: "", category: .note)), createdAt: now, modifiedAt: now))
    var result: [ItineraryItem] = []

    // Items in the order the traveller sees them (the layout), not in
    // storage order, so the report reads top to bottom.
    let listed = numberedRows.compactMap(\.item)
    let listedIDs = Set(listed.map(\.id))
    let inLayoutOrder = listed + items.filter { !listedIDs.contains($0.id) }

    // Custom items: keep their calendar date.
    for item in inLayoutOrder where item.customInfo != nil {
      var moved = item
      moved.day = newDay(item.day)
      if moved.day != item.day {
        moved.modifiedAt = now
        change.updated.append(moved)
        if newSchedule.contains(day: moved.day) {
          if schedule.contains(day: item.day) {
            report.redated.append(LayoutRow.id(item: item.id))
          } else {
            report.returned.append(LayoutRow.id(item: item.id))
          }
        } else {
          report.unscheduled.append(LayoutRow.id(item: item.id))
        }
      } else if !newSchedule.contains(day: moved.day) && schedule.contains(day: item.day) {
        report.unscheduled.append(LayoutRow.id(item: item.id))
      } else if newSchedule.contains(day: moved.day) && !schedule.contains(day: item.day) {
        report.returned.append(LayoutRow.id(item: item.id))
      }
      result.append(moved)
    }

    // Legs: match by stops (venue and shared games). The old legs are
    // grouped by their venue pair (in layout order), so each new leg looks
    // only at the old legs between the same venues: O(legs) in all.
    let oldTravel = inLayoutOrder.filter { $0.travelInfo != nil }
    var claimed: Set<ItineraryItem.ID> = []
    func gameIDs(_ stop: TripStop) -> Set<Game.ID> { Set(stop.games.map(\.id)) }
    func oldStop(_ index: Int?) -> TripStop? {
      guard let index, schedule.stops.indices.contains(index) else { return nil }
      return schedule.stops[index]
    }
    struct VenuePair: Hashable {
      var from: Venue.ID
      var to: Venue.ID
    }
    var candidates: [VenuePair: [(item: ItineraryItem, from: Set<Game.ID>, to: Set<Game.ID>)]] = [:]
    for item in oldTravel {
      guard let info = item.travelInfo, let from = oldStop(info.fromStop),
        let to = oldStop(info.toStop)
      else { continue }
      candidates[VenuePair(from: from.venue.id, to: to.venue.id), default: []].append(
        (item, gameIDs(from), gameIDs(to)))
    }
    for leg in newSchedule.legs {
      let fresh = TravelPlacement.travelInfo(for: leg, estimator: environment.estimator)
      let legFrom = gameIDs(leg.from)
      let legTo = gameIDs(leg.to)
      let match = candidates[VenuePair(from: leg.from.venue.id, to: leg.to.venue.id)]?.first {
        !claimed.contains($0.item.id) && !$0.from.isDisjoint(with: legFrom)
          && !$0.to.isDisjoint(with: legTo)
      }?.item
      if let old = match {
        claimed.insert(old.id)
        var kept = old
        kept.kind = .travel(fresh)
        kept.day = newDay(old.day)
        let check = constraints.check(kept, day: kept.day, sortOrder: kept.sortOrder)
        if let reason = check.reason {
          let position = TravelPlacement.defaultPosition(for: fresh, in: constraints)
          kept.day = position?.day ?? kept.day
          kept.sortOrder = position?.sortOrder ?? kept.sortOrder
          report.reset.append(.init(rowID: LayoutRow.id(item: old.id), reason: reason))
        } else {
          report.kept.append(LayoutRow.id(item: old.id))
        }
        if kept != old {
          kept.modifiedAt = now
          change.updated.append(kept)
        }
        result.append(kept)
      } else {
        let item = TripBuilder.legItem(
          for: leg, info: fresh, constraints: constraints, tripID: trip.id,
          id: ItineraryItem.ID(environment.uuid()), now: now)
        change.inserted.append(item)
        report.added.append(LayoutRow.id(item: item.id))
        result.append(item)
      }
    }
    for item in oldTravel where !claimed.contains(item.id) {
      change.deleted.append(item.id)
      report.removed.append(LayoutRow.id(item: item.id))
    }

    // Timed items follow where the trip now is around them.
    let fixes = try Itinerary.zoneUpdates(
      trip: newTrip, schedule: newSchedule, items: result, now: now, venueZones: venueZones)
    let fixedIDs = Set(fixes.items.map(\.id))
    change.updated = change.updated.filter { !fixedIDs.contains($0.id) } + fixes.items
    change.rezoned = fixes.items.map(\.id)
    change.warnings = fixes.warnings
    // The days the re-plan leaves impossible that were not before (issue
    // 28, item 5): new games, or items on new dates around them.
    let after = Itinerary(
      trip: newTrip, schedule: newSchedule,
      items: result.filter { !fixedIDs.contains($0.id) } + fixes.items, venueZones: venueZones)
    let impossible = after.impossibleDays(estimator: environment.estimator)
    if !impossible.isEmpty {
      let before = Set(impossibleDays(estimator: environment.estimator).map(\.message))
      change.warnings += impossible.map(\.message).filter { !before.contains($0) }
    }
    if tripChanged || !change.updated.isEmpty || !change.inserted.isEmpty
      || !change.deleted.isEmpty
    {
      newTrip.modifiedAt = now
    }
    return Replan(
      trip: newTrip, schedule: newSchedule, change: change, report: report,
      tripChanged: tripChanged, previousItems: items)
  }
}
