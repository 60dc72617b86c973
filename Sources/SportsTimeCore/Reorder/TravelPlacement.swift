import Foundation

/// Default positions of travel items (DESIGN.md, "Travel placement").
///
/// One travel item per leg, placed on the leg's first valid day: after the
/// departure games there (last departure game + 1); before the arrival games
/// on an arrival day (50); halfway between them when both are that day; 50
/// on a rest day.
public enum TravelPlacement {
  /// The default `(day, sortOrder)` of a leg, or nil when its limits cannot
  /// be met (the caller keeps the item and reports the reason).
  ///
  /// ```swift
  /// // Chicago game Day 1 (100), Milwaukee game Day 2:
  /// TravelPlacement.defaultPosition(for: leg, in: constraints)   // (1, 101)
  /// ```
  public static func defaultPosition(for info: TravelInfo, in constraints: ItineraryConstraints)
    -> (day: Int, sortOrder: Double)?
  {
    let b = constraints.bounds(for: info)
    guard b.problem == nil, let range = b.dayRange else { return nil }
    let day = range.lowerBound
    return (day, sortOrder(b, onDay: day, in: constraints))
  }

  /// A leg's default sortOrder on `day` (any day, valid or not: the caller
  /// checks): after the departure games there (last + 1), before the
  /// arrival games (at most 50, below the first), halfway between them when
  /// both are that day, 50 on a day with neither.
  ///
  /// ```swift
  /// // Chicago game Day 1 (100), Milwaukee game Day 2 (100):
  /// TravelPlacement.sortOrder(for: leg, onDay: 1, in: constraints)   // 101
  /// TravelPlacement.sortOrder(for: leg, onDay: 2, in: constraints)   // 50
  /// ```
  /// - Parameters:
  ///   - info: the leg.
  ///   - day: a 1-based trip day.
  ///   - constraints: the trip's rules.
  public static func sortOrder(
    for info: TravelInfo, onDay day: Int, in constraints: ItineraryConstraints
  ) -> Double {
    sortOrder(constraints.bounds(for: info), onDay: day, in: constraints)
  }

  /// `sortOrder(for:onDay:in:)` from the leg's resolved bounds.
  static func sortOrder(_ b: LegBounds, onDay day: Int, in constraints: ItineraryConstraints)
    -> Double
  {
    switch constraints.openInterval(b, day: day) {
    case (let low?, let high?): return (low + high) / 2
    case (let low?, nil): return low + 1
    case (nil, let high?): return min(50, high - 1)
    case (nil, nil): return 50
    }
  }

  /// A travel item moved to `day`: to its default spot there
  /// (`sortOrder(for:onDay:in:)`: after the departure games, before the
  /// arrival games, between them, or 50), else to the first valid slot of
  /// that day when the day is allowed (a drop there, which may renormalise
  /// the day: every item it changed is returned).
  /// - Parameters:
  ///   - travel: a stored travel item of `itinerary`.
  ///   - day: the 1-based trip day to move it to.
  ///   - itinerary: the trip as it is.
  ///   - now: the items' `modifiedAt`.
  /// - Returns: the changed items, or the refusal when the leg cannot be
  ///   on `day` (or `travel` is not a travel item).
  public static func move(
    _ travel: ItineraryItem, toDay day: Int, in itinerary: Itinerary, now: Date
  ) -> Result<[ItineraryItem], ItineraryRefusal> {
    let constraints = itinerary.constraints
    guard let info = travel.travelInfo else {
      return .failure(ItineraryRefusal(reason: "Only a travel item has a place between its games."))
    }
    let spot = TravelPlacement.sortOrder(for: info, onDay: day, in: constraints)
    let check = constraints.check(travel, day: day, sortOrder: spot)
    if check.isValid {
      var moved = travel
      moved.day = day
      moved.sortOrder = spot
      moved.modifiedAt = now
      return .success([moved])
    }
    let refusal = ItineraryRefusal(check, fallback: "Travel cannot go to Day \(day).")
    guard constraints.validSortOrderRange(for: travel, on: day) != nil,
      let session = try? DragSession(
        item: travel, layout: itinerary.layout, constraints: constraints),
      let slot = session.slots.first(where: { $0.isValid && $0.day == day })
    else { return .failure(refusal) }
    switch session.drop(at: slot.index, now: now) {
    case .moved(_, let changed, _): return .success(changed)
    case .refused(let reason, let remedy):
      return .failure(ItineraryRefusal(reason: reason, remedy: remedy))
    }
  }

  /// The travel details of a leg of `schedule`, with the estimator's mode
  /// and figures (`RouteEstimator.estimate(from:to:)`, between the two
  /// stops' venues). The ends are named as the stops are; when both stops
  /// share a name, by their venues' names in force on the day the leg
  /// leaves and arrives.
  public static func travelInfo(for leg: TripLeg, estimator: RouteEstimator) -> TravelInfo {
    let estimate = estimator.estimate(from: leg.from.venue, to: leg.to.venue)
    var fromName = leg.from.name
    var toName = leg.to.name
    if fromName == toName {
      fromName = leg.from.venueName(on: leg.from.lastGame?.game.localDate)
      toName = leg.to.venueName(on: leg.to.firstGame?.game.localDate)
    }
    return TravelInfo(
      fromStop: leg.from.index, toStop: leg.to.index, fromVenueID: leg.from.venue.id,
      toVenueID: leg.to.venue.id, fromName: TextNormalization.clean(fromName),
      toName: TextNormalization.clean(toName),
      distanceMeters: estimate.distanceMeters, durationSeconds: estimate.durationSeconds,
      mode: estimate.mode)
  }
}
