import Foundation

extension Itinerary {
  /// The days that cannot be done as planned (issue 28, item 5;
  /// `ImpossibleDay`): walking the route in the layout's order (DESIGN.md,
  /// "Route": every game's venue and every custom item's place, Unscheduled
  /// rows left out), each fixed point (`FixedStop`: a game with a known
  /// start that is not cancelled, or a custom item with a place and a
  /// time) is checked against the one before it when either is an item:
  /// the travel between them along the route (`estimator`, as the route
  /// estimates its legs: a drive, or a flight between countries no road
  /// joins) must fit between leaving the first (a game's end, 3 h after
  /// its start; an item's time) and reaching the second (a game's start,
  /// an item's time). Each time is in its own place's zone (a game's
  /// venue's, an item's `timeZoneID`); instants are compared, never wall
  /// clocks.
  ///
  /// An item without a time is not checked (its place lies on the way);
  /// nor is one without a place, nor one whose time has no known zone.
  /// The previous fixed point may be on an earlier day (the night game
  /// before a breakfast far away).
  ///
  /// ```swift
  /// // A dinner in Chicago at 17:30 CDT on the day of a 7:10 pm EDT game
  /// // in Detroit, above the game:
  /// itinerary.impossibleDays().map(\.message)
  /// // ["Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT in Chicago, …"]
  /// ```
  /// - Parameter estimator: how travel between places is estimated
  ///   (default `RouteEstimator.default`, the route's).
  /// - Returns: the findings in layout order; empty when every day can be
  ///   done.
  /// - Complexity: O(n · (v + s)) for n rows, v venues and s stops; O(n)
  ///   when no item has both a place and a time.
  public func impossibleDays(estimator: RouteEstimator = .default) -> [ImpossibleDay] {
    guard
      layout.rows.contains(where: {
        $0.item?.customInfo.map { $0.time != nil && $0.coordinate != nil } ?? false
      })
    else { return [] }
    let stops = schedule.stops
    var previous: (stop: FixedStop, travel: Double, flight: Bool, via: [String])?
    var lastPlace: RoutePlace?
    var found: [ImpossibleDay] = []
    for row in layout.rows {
      let place: RoutePlace
      let fixed: FixedStop?
      let name: String
      switch row.content {
      case .day: continue
      case .game(let g):
        guard stops.indices.contains(g.stopIndex) else { continue }
        let stop = stops[g.stopIndex]
        place = RoutePlace(stop.venue)
        name = stop.venueName(on: g.game.localDate)
        let game = g.game
        fixed =
          game.status == .cancelled || game.timeUnknown
          ? nil
          : FixedStop(
            kind: .game(g, venue: "\(name), \(stop.venue.city)"), day: g.day,
            arrival: game.start, departure: game.end, timeZoneID: game.timeZoneID)
      case .item(let item):
        guard let custom = item.customInfo, let point = custom.coordinate else { continue }
        place = RoutePlace(coordinate: point, country: TripRoute.country(of: point, in: self))
        name = "\"\(custom.title)\""
        fixed = custom.instant(on: schedule.date(ofDay: item.day)).flatMap { instant in
          custom.timeZoneID.map {
            FixedStop(
              kind: .item(item), day: item.day, arrival: instant, departure: instant,
              timeZoneID: $0)
          }
        }
      }
      // The route's leg from the place before (consecutive duplicates
      // collapse, as the route collapses them).
      if let last = lastPlace, last.coordinate != place.coordinate, previous != nil {
        let estimate = estimator.estimate(last, place)
        previous?.travel += estimate.durationSeconds
        if estimate.mode == .flight { previous?.flight = true }
      }
      lastPlace = place
      guard let fixed else {
        previous?.via.append(name)
        continue
      }
      if let before = previous, before.stop.item != nil || fixed.item != nil {
        let available = fixed.arrival.timeIntervalSince(before.stop.departure)
        if before.travel > available {
          let subject = fixed.item ?? before.stop.item
          if let subject {
            found.append(
              ImpossibleDay(
                day: subject.day, item: subject, from: before.stop, to: fixed,
                availableSeconds: available, neededSeconds: before.travel,
                includesFlight: before.flight, via: before.via))
          }
        }
      }
      previous = (fixed, 0, false, [])
    }
    return found
  }

  /// The sentences of `impossibleDays(estimator:)` by day, for marking day
  /// headers (the trip document's `cannotBeDone`).
  public func impossibleDayMessages(estimator: RouteEstimator = .default) -> [Int: [String]] {
    var byDay: [Int: [String]] = [:]
    for finding in impossibleDays(estimator: estimator) {
      byDay[finding.day, default: []].append(finding.message)
    }
    return byDay
  }

  /// What to tell the traveller after `change` (an item added, moved or
  /// edited): each day that cannot be done once it is stored
  /// (`impossibleDays(estimator:)`) and either could be done before or is
  /// about the item the change is about, in words.
  /// - Complexity: that of `impossibleDays(estimator:)`, twice, plus
  ///   O(n log n) to lay out the trip after the change.
  public func impossibleDayWarnings(
    after change: ItineraryChange, estimator: RouteEstimator = .default
  ) -> [String] {
    guard !change.changesNothing else { return [] }
    let replaced = Set(change.updated.map(\.id)).union(change.deleted)
    let after = Itinerary(
      trip: trip, schedule: schedule,
      items: items.filter { !replaced.contains($0.id) } + change.updated + change.inserted,
      venueZones: venueZones)
    let findings = after.impossibleDays(estimator: estimator)
    guard !findings.isEmpty else { return [] }
    let before = Set(impossibleDays(estimator: estimator).map(\.message))
    return findings.filter {
      !before.contains($0.message) || $0.item.id == change.item.id
        || $0.from.item?.id == change.item.id
    }.map(\.message)
  }
}
