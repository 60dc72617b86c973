import Foundation

extension Itinerary {
  /// The days that cannot be done as planned (issue 28, item 5;
  /// `ImpossibleDay`). The fixed points of the trip's days (`FixedStop`: a
  /// game with a known start that is not cancelled, or a custom item with
  /// a place and a time) are taken in the order they happen (the instant
  /// each is reached; ties in the layout's order), and each is checked
  /// against the one before it when either is an item: the travel between
  /// them (`estimator`, as the route estimates its legs: a drive, or a
  /// flight between countries no road joins) must fit between leaving the
  /// first (a game's end, 3 h after its start; an item's time) and
  /// reaching the second (a game's start, an item's time). When the two
  /// are next to each other in the layout, the travel follows the route
  /// (DESIGN.md, "Route"), by way of the places listed between them; else
  /// it goes straight from one to the other. Each time is in its own
  /// place's zone (a game's venue's, an item's `timeZoneID`); instants are
  /// compared, never wall clocks. Two points at the same place with
  /// nowhere between them never conflict (a note at the ballpark during
  /// the game).
  ///
  /// An item without a time is not checked (its place lies on the way);
  /// nor is one without a place, nor one whose time has no known zone, nor
  /// an Unscheduled one. The point before may be on an earlier day (the
  /// night game before a breakfast far away).
  ///
  /// ```swift
  /// // A dinner in Chicago at 17:30 CDT on the day of a 7:10 pm EDT game
  /// // in Detroit, above the game:
  /// itinerary.impossibleDays().map(\.message)
  /// // ["Day 4 cannot be done: \"Dinner\" at 5:30 pm CDT in Chicago, …"]
  /// ```
  /// - Parameter estimator: how travel between places is estimated
  ///   (default `RouteEstimator.default`, the route's).
  /// - Returns: the findings in the layout's order of the items they are
  ///   about; empty when every day can be done.
  /// - Complexity: O(n · (v + s) + f log f) for n rows, v venues, s stops
  ///   and f fixed points; O(n) when no item has both a place and a time.
  public func impossibleDays(estimator: RouteEstimator = .default) -> [ImpossibleDay] {
    guard
      layout.rows.contains(where: {
        $0.item?.customInfo.map { $0.time != nil && $0.coordinate != nil } ?? false
      })
    else { return [] }
    let stops = schedule.stops
    // The fixed points in the layout's order, each with the travel along
    // the route from the fixed point before it (and the places between).
    var points:
      [(stop: FixedStop, place: RoutePlace, travel: Double, flight: Bool, via: [String])] =
        []
    var travel = 0.0
    var flight = false
    var via: [String] = []
    var lastPlace: RoutePlace?
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
              timeZoneID: $0,
              nearCity: custom.placeName == nil && custom.address == nil
                ? venueZones.nearestVenue(to: point)?.city : nil)
          }
        }
      }
      // The route's leg from the place before (consecutive duplicates
      // collapse, as the route collapses them).
      if let last = lastPlace, last.coordinate != place.coordinate {
        let estimate = estimator.estimate(last, place)
        travel += estimate.durationSeconds
        if estimate.mode == .flight { flight = true }
      }
      lastPlace = place
      guard let fixed else {
        if !points.isEmpty { via.append(name) }
        continue
      }
      points.append((fixed, place, travel, flight, via))
      (travel, flight, via) = (0, false, [])
    }
    // The day as it happens: fixed points by the instant they are reached
    // (a timed item listed below a game it comes before is reached first),
    // ties in the layout's order.
    let timeline = points.indices.sorted {
      (points[$0].stop.arrival, $0) < (points[$1].stop.arrival, $1)
    }
    var found: [ImpossibleDay] = []
    for (a, b) in zip(timeline, timeline.dropFirst()) {
      let from = points[a]
      let to = points[b]
      guard from.stop.item != nil || to.stop.item != nil else { continue }
      // Next to each other in the layout: along the route, by way of the
      // places between; else straight from one to the other.
      let leg: (seconds: Double, flight: Bool, via: [String])
      if b == a + 1 {
        leg = (to.travel, to.flight, to.via)
      } else {
        let estimate = estimator.estimate(from.place, to.place)
        leg = (estimate.durationSeconds, estimate.mode == .flight, [])
      }
      // Nothing to travel (one place, nowhere between): the traveller is
      // there already.
      let available = to.stop.arrival.timeIntervalSince(from.stop.departure)
      guard leg.seconds > 0, leg.seconds > available, let subject = to.stop.item ?? from.stop.item
      else {
        continue
      }
      found.append(
        ImpossibleDay(
          day: subject.day, item: subject, from: from.stop, to: to.stop,
          availableSeconds: available, neededSeconds: leg.seconds, includesFlight: leg.flight,
          via: leg.via))
    }
    // In the layout's order of the items they are about.
    let rank = Dictionary(
      points.enumerated().compactMap { offset, point in point.stop.item.map { ($0.id, offset) } },
      uniquingKeysWith: { first, _ in first })
    return found.enumerated().sorted {
      (rank[$0.element.item.id] ?? 0, $0.offset) < (rank[$1.element.item.id] ?? 0, $1.offset)
    }.map(\.element)
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
