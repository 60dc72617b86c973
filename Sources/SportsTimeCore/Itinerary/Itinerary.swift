import Foundation

/// A trip with everything its rules need: schedule, stored items, layout
/// and constraints, computed once.
public struct Itinerary: Sendable {
  /// The trip.
  public let trip: Trip
  /// Its days, games, stops and legs.
  public let schedule: TripSchedule
  /// Its stored travel and custom items.
  public let items: [ItineraryItem]
  /// The one ordering (DESIGN.md).
  public let layout: ItineraryLayout
  /// The rules.
  public let constraints: ItineraryConstraints
  /// The venues whose zones items with their own location take
  /// (`CustomInfo.timeZoneID`).
  public let venueZones: VenueTimeZones

  /// Bundles a trip's parts and lays them out.
  /// - Parameter venueZones: where a located item's time zone comes from;
  ///   default every sport's built-in venues.
  /// - Complexity: O(n log n) for n rows.
  public init(
    trip: Trip, schedule: TripSchedule, items: [ItineraryItem],
    venueZones: VenueTimeZones = .builtIn
  ) {
    self.trip = trip
    self.schedule = schedule
    self.items = items
    self.layout = ItineraryLayout(schedule: schedule, items: items)
    self.constraints = ItineraryConstraints(schedule: schedule)
    self.venueZones = venueZones
  }

  /// Every row numbered as `trip show` prints them (days, then Unscheduled).
  public var numberedRows: [LayoutRow] { layout.rows + layout.unscheduled }

  /// The stored travel items whose leg is tight (`TightLeg.find`): the
  /// drive or flight does not fit between the departure stop's last game
  /// and the arrival stop's first.
  /// - Complexity: O(t · g) for t travel items and g games.
  public func tightLegItemIDs() -> Set<ItineraryItem.ID> {
    var tight: Set<ItineraryItem.ID> = []
    for item in items {
      if let info = item.travelInfo, !TightLeg.find(in: schedule, travel: [info]).isEmpty {
        tight.insert(item.id)
      }
    }
    return tight
  }

  /// The stored item with `id`.
  public func item(_ id: ItineraryItem.ID) -> ItineraryItem? { items.first { $0.id == id } }

  /// Every stored item that breaks a rule now (possible after a schedule
  /// re-import or a shorter trip, or stored before times were checked),
  /// with the reason, in layout order: a position the rules refuse, a
  /// time kept in another zone than the one the item commands give it
  /// there (`timePlaces()`: stored by an older version, or left behind
  /// when a schedule re-import moved a game around it), or a time that
  /// does not exist on the item's date where it is
  /// (`LocalTime.resolve(_:on:inZone:place:)`).
  ///
  /// A custom item that is merely Unscheduled (its day left the trip when
  /// the days changed) breaks no rule: it is a notice (`notices()`), not a
  /// problem. A travel item outside the trip is a problem: its leg must
  /// sit on one of its valid days (CONS-02). A reason with a `remedy`
  /// (a leg that no longer matches the route: `.replanTrip`) ends with it
  /// (`Remedy.reason(for:)`).
  public func problems() -> [(item: ItineraryItem, reason: String, remedy: Remedy?)] {
    let times = timeChecks()
    return numberedRows.compactMap { row in
      guard let item = row.item, !isOnlyUnscheduled(item) else { return nil }
      let check = constraints.check(item, day: item.day, sortOrder: item.sortOrder)
      guard let reason = check.reason else {
        switch times[item.id] {
        case .nonexistent(let why)?, .wrongZone(let why)?: return (item, why, nil)
        case .repeated?, nil: return nil
        }
      }
      let unscheduled =
        schedule.contains(day: item.day)
        ? ""
        : "It is Unscheduled (\(schedule.dateDescription(ofDay: item.day))); move it back into the trip. "
      return (item, unscheduled + reason, check.remedy)
    }
  }

  /// The custom items that are Unscheduled and otherwise keep every rule,
  /// each with a notice naming its date relative to the trip, in layout
  /// order. They are kept, never dropped, and may be moved back onto a day.
  ///
  /// ```swift
  /// // A note on Jun 3 when the trip now runs Jun 4–11:
  /// itinerary.notices()[0].notice
  /// // "It is Unscheduled (Mon, Jun 3, 2024, 1 day before the trip); move
  /// //  it onto a trip day to have it in the plan."
  /// ```
  public func notices() -> [(item: ItineraryItem, notice: String)] {
    layout.unscheduled.compactMap { row in
      guard let item = row.item, isOnlyUnscheduled(item) else { return nil }
      return (
        item,
        "It is Unscheduled (\(schedule.dateDescription(ofDay: item.day))); move it onto a trip day to have it in the plan."
      )
    }
  }

  /// How far a custom item's own place may be from every stop of the trip
  /// before `farItems()` says so: 800 km (about 500 mi, a long day's drive
  /// at the route model's 60 mph × 1.2), in meters.
  public static let farItemDistance: Double = 800_000

  /// The custom items on the trip's days whose own place (latitude and
  /// longitude) is farther than `farItemDistance` from every stop of the
  /// trip, each with a notice naming the nearest stop and the distance, in
  /// layout order. They break no rule (a user may plan anything anywhere),
  /// but a place typed wrong sends the route there and back (a fresh-clone
  /// review put Tokyo on a Detroit day and got a 128-hour drive).
  ///
  /// ```swift
  /// itinerary.farItems()[0].notice
  /// // "Its place is about 10,290 km (6,390 mi) from the nearest stop of
  /// //  the trip (Detroit); check its latitude and longitude."
  /// ```
  /// - Complexity: O(n · s) for n rows and s stops.
  public func farItems() -> [(item: ItineraryItem, notice: String)] {
    let stops = schedule.stops
    guard !stops.isEmpty else { return [] }
    return layout.rows.compactMap { row in
      guard let item = row.item, schedule.contains(day: item.day),
        let point = item.customInfo?.coordinate
      else { return nil }
      var nearest: (stop: TripStop, meters: Double)?
      for stop in stops {
        let meters = stop.venue.coordinate.distance(to: point)
        if nearest.map({ meters < $0.meters }) ?? true { nearest = (stop, meters) }
      }
      guard let nearest, nearest.meters > Itinerary.farItemDistance else { return nil }
      let km = Int((nearest.meters / 10_000).rounded()) * 10
      let miles = Int((nearest.meters / 16_093.44).rounded()) * 10
      return (
        item,
        "Its place is about \(Itinerary.grouped(km)) km (\(Itinerary.grouped(miles)) mi) from the nearest stop of the trip (\(nearest.stop.name)); check its latitude and longitude."
      )
    }
  }

  /// `n` with a comma every three digits ("10,290").
  static func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return out
  }

  /// True for a custom item outside the trip's days that would keep every
  /// rule on a trip day (a finite sortOrder).
  private func isOnlyUnscheduled(_ item: ItineraryItem) -> Bool {
    item.customInfo != nil && !schedule.contains(day: item.day)
      && constraints.check(item, day: 1, sortOrder: item.sortOrder).isValid
  }

  /// What to say about each timed custom item on the trip's days whose
  /// time needs a word, by item id: that it happens twice that day and the
  /// first occurrence is used, that it is kept in another zone than the
  /// one it belongs to there, or why it does not exist there and then (a
  /// time stored before times were checked; `problems()` lists the last
  /// two).
  /// - Complexity: O(n · v) for n rows and v venues.
  public func timeWarnings() -> [ItineraryItem.ID: String] {
    timeChecks().mapValues {
      switch $0 {
      case .repeated(let warning), .nonexistent(let warning), .wrongZone(let warning):
        return warning
      }
    }
  }

  /// A time that needs a word: `repeated` (happens twice; first used),
  /// `nonexistent` (clocks skip it) or `wrongZone` (kept in another zone
  /// than `timePlaces()` gives it), with the sentence.
  enum TimeCheck {
    case repeated(String)
    case nonexistent(String)
    case wrongZone(String)
  }

  /// `timeWarnings()` with the kind of each.
  func timeChecks() -> [ItineraryItem.ID: TimeCheck] {
    // Only timed custom items are checked: without one, the places of
    // every row (two passes and two dictionaries) are not needed.
    guard layout.rows.contains(where: { $0.item?.customInfo?.time != nil }) else { return [:] }
    let places = Itinerary.positionPlaces(in: layout, schedule: schedule)
    let expected = timePlaces()
    var checks: [ItineraryItem.ID: TimeCheck] = [:]
    for row in layout.rows {
      guard let item = row.item, let custom = item.customInfo, let time = custom.time else {
        continue
      }
      if let place = expected[item.id], place.timeZoneID != custom.timeZoneID {
        let kept = custom.timeZoneID.map { "is read in \($0)" } ?? "has no time zone"
        checks[item.id] = .wrongZone(
          "Its time \(time) \(kept), but \(place.whereabouts): set its time again to have it read there."
        )
        continue
      }
      do {
        let place = placeName(of: custom, position: places[item.id])
        if let warning = try Itinerary.resolveTime(
          of: custom, day: item.day, in: schedule, place: place)?.warning
        {
          checks[item.id] = .repeated(warning)
        }
      } catch {
        checks[item.id] = .nonexistent("\(error).")
      }
    }
    return checks
  }
}

extension Itinerary {
  /// The city an item's stored zone is named after in messages: the
  /// place `VenueTimeZones.timePlace(of:position:)` gives when it is in the stored zone,
  /// else the zone's own city.
  func placeName(of custom: CustomInfo, position: (timeZoneID: String, city: String)?)
    -> String?
  {
    guard let zone = custom.timeZoneID else { return nil }
    if let place = venueZones.timePlace(of: custom, position: position), place.timeZoneID == zone {
      return place.city
    }
    return nil
  }

  /// Where the trip is at each stored item of `layout`'s days (the rule of
  /// `DragSession.place(atSlot:)`, for every row in one pass).
  /// - Complexity: O(n) for n rows.
  static func positionPlaces(in layout: ItineraryLayout, schedule: TripSchedule)
    -> [ItineraryItem.ID: (timeZoneID: String, city: String)]
  {
    let stops = schedule.stops
    var place = stops.first.map { (timeZoneID: $0.venue.timeZoneID, city: $0.venue.city) }
    var places: [ItineraryItem.ID: (timeZoneID: String, city: String)] = [:]
    for row in layout.rows {
      switch row.content {
      case .day: break
      case .game(let g):
        let city =
          stops.indices.contains(g.stopIndex)
          ? stops[g.stopIndex].venue.city : LocalTime.cityName(ofZone: g.game.timeZoneID)
        place = (g.game.timeZoneID, city)
      case .item(let item):
        if let info = item.travelInfo, let to = info.toStop, stops.indices.contains(to) {
          place = (stops[to].venue.timeZoneID, stops[to].venue.city)
        } else if let place {
          places[item.id] = place
        }
      }
    }
    return places
  }

  /// The instant of a custom item's time on its day: its `time` local to
  /// its `timeZoneID` on the date of `day`, checked by
  /// `LocalTime.resolve(_:on:inZone:place:)`.
  /// - Parameters:
  ///   - custom: the item's details.
  ///   - day: its 1-based day; a day outside the trip (Unscheduled) has no
  ///     date and is not checked.
  ///   - schedule: the trip's days.
  ///   - place: the city named in messages (default the zone's city).
  /// - Returns: nil for an item without a time or zone, or Unscheduled.
  /// - Throws: `LocalTimeError` for a time that does not exist there and
  ///   then, or an unknown zone.
  public static func resolveTime(
    of custom: CustomInfo, day: Int, in schedule: TripSchedule, place: String? = nil
  ) throws -> ResolvedLocalTime? {
    guard let time = custom.time, let zone = custom.timeZoneID, schedule.contains(day: day) else {
      return nil
    }
    return try LocalTime.resolve(time, on: schedule.date(ofDay: day), inZone: zone, place: place)
  }
}

extension Itinerary {
  /// The trip's games that no longer fit it (after a schedule re-import): a
  /// game now outside the trip's days (remedy `.replanTrip`), or cancelled
  /// (remedy `.removeGame`). The game, the reason (ending with the
  /// remedy's text, `Remedy.reason(for:)`) and the remedy, in layout order.
  public func gameProblems() -> [(game: PlacedGame, reason: String, remedy: Remedy)] {
    numberedRows.compactMap { row in
      guard let g = row.game else { return nil }
      if g.game.status == .cancelled {
        let why = g.game.postponementReason.map { " (\($0))" } ?? ""
        let remedy = Remedy.removeGame(id: g.id)
        return (g, remedy.reason(for: "Game \(g.title) (\(g.id)) is cancelled\(why)"), remedy)
      }
      if !schedule.contains(day: g.day) {
        return (
          g,
          Remedy.replanTrip.reason(
            for:
              "Game \(g.title) (\(g.id)) is now on \(g.game.localDate.longDescription), outside the trip's days \(trip.startDate.iso) to \(trip.endDate.iso)"
          ), .replanTrip
        )
      }
      return nil
    }
  }
}

extension Itinerary {
  /// Legs of the current route that have no travel item (the trip's games
  /// changed under it, e.g. after a schedule re-import): the leg, the
  /// reason (ending with the remedy's text, `Remedy.reason(for:)`) and the
  /// remedy, `.replanTrip`.
  public func missingLegs() -> [(leg: TripLeg, reason: String, remedy: Remedy)] {
    let travel = items.compactMap(\.travelInfo)
    return schedule.legs.compactMap { leg in
      let covered = travel.contains {
        $0.fromStop == leg.from.index && $0.toStop == leg.to.index
          && $0.fromVenueID == leg.from.venue.id && $0.toVenueID == leg.to.venue.id
      }
      guard !covered else { return nil }
      return (
        leg,
        Remedy.replanTrip.reason(
          for:
            "The route has a leg \(leg.from.name) → \(leg.to.name) with no travel item (the trip's games changed)"
        ), .replanTrip
      )
    }
  }
}

/// Item edits as pure functions of an itinerary (issue 3). Each returns the
/// stored changes to apply, or throws `ItineraryRefusal` and changes nothing.
extension Itinerary {
  /// Adds a custom item at `target` (default: the bottom of Day 1).
  ///
  /// A given time is local to the zone `VenueTimeZones.timePlace(of:position:)` gives:
  /// the nearest venue's within 200 km of the item's own location, else
  /// where the trip is at that point (`DragSession.place(atSlot:)`). A time
  /// that happens twice there that day is taken at its first occurrence and
  /// the change's `warnings` say so; they also name each day the new item
  /// makes impossible (`impossibleDayWarnings(after:estimator:)`, with
  /// `environment.estimator`): an impossible day is warned about, never
  /// refused, as a tight leg is.
  /// The title and address are cleaned (`TextNormalization.validated`:
  /// controls and invisible characters removed, one line, NFC; a title of
  /// at most 500 characters, an address of at most 300, an address with
  /// nothing visible is none).
  /// - Throws: `ItineraryRefusal` for a blank or too long title, a too long
  ///   address, or a target outside the trip's days;
  ///   `LocalTimeError.nonexistent` for a time that does not exist there on
  ///   that day (clocks jump over it).
  public func add(_ info: CustomInfo, at target: DropTarget, environment: RuleEnvironment) throws
    -> ItineraryChange
  {
    let now = environment.now()
    var custom = info
    custom.title = try Itinerary.storedText(info.title, as: .itemTitle)
    custom.address = try Itinerary.storedOptionalText(info.address, as: .address)
    let draft = ItineraryItem(
      id: ItineraryItem.ID(environment.uuid()), tripID: trip.id, day: 1, sortOrder: 50,
      kind: .custom(custom),
      createdAt: now, modifiedAt: now)
    let session = try DragSession(item: draft, layout: layout, constraints: constraints)
    let slot = try session.slot(for: target)
    var city: String?
    if custom.time != nil {
      let place = venueZones.timePlace(of: custom, position: session.place(atSlot: slot))
      custom.timeZoneID = place?.timeZoneID
      city = place?.city
    }
    var item = draft
    item.kind = .custom(custom)
    let placed = try DragSession(item: item, layout: layout, constraints: constraints)
    switch placed.drop(at: slot, now: now) {
    case .refused(let reason, let remedy): throw ItineraryRefusal(reason: reason, remedy: remedy)
    case .moved(let moved, let changed, let renormalized):
      let resolved = try Itinerary.resolveTime(
        of: custom, day: moved.day, in: schedule, place: city)
      var change = ItineraryChange(
        item: moved, inserted: [moved], updated: changed.filter { $0.id != moved.id },
        renormalized: renormalized, warnings: resolved?.warning.map { [$0] } ?? [])
      change.warnings += impossibleDayWarnings(after: change, estimator: environment.estimator)
      return change
    }
  }

  /// Moves a stored travel or custom item to `target`. A move to where the
  /// item already is (the gap it leaves: before the row below it, after the
  /// row above it, before or after itself) changes nothing
  /// (`ItineraryChange.changesNothing`).
  ///
  /// A timed custom item takes the zone of its new place (see `add`); a
  /// moved leg re-zones the timed items it passes (`ItineraryChange.rezoned`).
  /// The change's `warnings` name each day the move leaves impossible
  /// (`impossibleDayWarnings(after:estimator:)`; `estimator` estimates the
  /// travel, default the route's).
  /// - Throws: `ItineraryRefusal` with the engine's reason (e.g. which games
  ///   bound a leg) for an invalid target, or when a leg's move would leave
  ///   an item's time where it does not exist; `LocalTimeError.nonexistent`
  ///   when the moved item's time does not exist on its new day and place.
  public func move(
    _ id: ItineraryItem.ID, to target: DropTarget, now: Date,
    estimator: RouteEstimator = .default
  ) throws
    -> ItineraryChange
  {
    guard let original = item(id) else {
      throw ItineraryRefusal.noItem(id)
    }
    var dragged = original
    let session = try DragSession(item: dragged, layout: layout, constraints: constraints)
    let slot = try session.slot(for: target)
    var city: String?
    if var custom = dragged.customInfo, custom.time != nil {
      let place = venueZones.timePlace(of: custom, position: session.place(atSlot: slot))
      custom.timeZoneID = place?.timeZoneID
      city = place?.city
      dragged.kind = .custom(custom)
    }
    // Into the gap it left, keeping its zone, where it keeps the rules: it
    // is already there (a drop there would only nudge its sortOrder between
    // the same neighbours). Where it breaks a rule the drop says why.
    if slot == session.originSlot, dragged == original, session.slots.indices.contains(slot),
      session.slots[slot].isValid
    {
      return ItineraryChange(item: original, changesNothing: true)
    }
    let placed = try DragSession(item: dragged, layout: layout, constraints: constraints)
    switch placed.drop(at: slot, now: now) {
    case .refused(let reason, let remedy): throw ItineraryRefusal(reason: reason, remedy: remedy)
    case .moved(let moved, let changed, let renormalized):
      // Dropped where it was (same day, position and zone): nothing moves.
      let same = { (item: ItineraryItem) -> Bool in
        guard let stored = self.item(item.id) else { return false }
        return stored.day == item.day && stored.sortOrder == item.sortOrder
          && stored.kind == item.kind
      }
      if !renormalized, same(moved), changed.allSatisfy(same) {
        return ItineraryChange(item: original, changesNothing: true)
      }
      var updated = changed
      if moved.travelInfo != nil {
        // Moving a leg changes where the trip is around it: timed items
        // follow (their time stays local to where they now are).
        let changedIDs = Set(changed.map(\.id))
        let after = items.filter { !changedIDs.contains($0.id) } + changed
        let fixes = try Itinerary.zoneUpdates(
          trip: trip, schedule: schedule, items: after, now: now, venueZones: venueZones)
        let fixedIDs = Set(fixes.items.map(\.id))
        updated = updated.filter { !fixedIDs.contains($0.id) } + fixes.items
        var change = ItineraryChange(
          item: moved, updated: updated, renormalized: renormalized,
          rezoned: fixes.items.map(\.id), warnings: fixes.warnings)
        change.warnings += impossibleDayWarnings(after: change, estimator: estimator)
        return change
      }
      var warnings: [String] = []
      if let custom = moved.customInfo,
        let warning = try Itinerary.resolveTime(
          of: custom, day: moved.day, in: schedule, place: city)?.warning
      {
        warnings.append(warning)
      }
      var change = ItineraryChange(
        item: moved, updated: updated, renormalized: renormalized, warnings: warnings)
      change.warnings += impossibleDayWarnings(after: change, estimator: estimator)
      return change
    }
  }

  /// Timed custom items whose stored zone is not the one
  /// `VenueTimeZones.timePlace(of:position:)` gives at their position in `items`' layout,
  /// with the zone corrected, and a warning for each whose time now happens
  /// twice that day.
  /// - Throws: `ItineraryRefusal` when a corrected zone leaves an item's
  ///   time where it does not exist that day (the reason names the item).
  /// - Complexity: O(n log n).
  static func zoneUpdates(
    trip: Trip, schedule: TripSchedule, items: [ItineraryItem], now: Date,
    venueZones: VenueTimeZones
  ) throws -> (items: [ItineraryItem], warnings: [String]) {
    let layout = ItineraryLayout(schedule: schedule, items: items)
    let places = positionPlaces(in: layout, schedule: schedule)
    var fixes: [ItineraryItem] = []
    var warnings: [String] = []
    for row in layout.rows {
      guard let item = row.item, var custom = item.customInfo, custom.time != nil else { continue }
      let place = venueZones.timePlace(of: custom, position: places[item.id])
      guard let place, custom.timeZoneID != place.timeZoneID else { continue }
      custom.timeZoneID = place.timeZoneID
      do {
        if let warning = try resolveTime(
          of: custom, day: item.day, in: schedule, place: place.city)?.warning
        {
          warnings.append("\"\(custom.title)\" is now local to \(place.city): \(warning)")
        }
      } catch {
        throw ItineraryRefusal(
          reason:
            "This would put \"\(custom.title)\" on \(place.city) time, where \(error).")
      }
      var fixed = item
      fixed.kind = .custom(custom)
      fixed.modifiedAt = now
      fixes.append(fixed)
    }
    return (fixes, warnings)
  }

  /// Edits a custom item's details. Its position does not change.
  ///
  /// A new time or location gives a timed item the zone
  /// `VenueTimeZones.timePlace(of:position:)` gives at its position (see
  /// `add`); a time that happens twice there that day is taken at its first
  /// occurrence and the change's `warnings` say so, and name each day the
  /// edit leaves impossible (`impossibleDayWarnings(after:estimator:)`;
  /// `estimator` estimates the travel, default the route's). A new title
  /// or address is cleaned as `add` cleans it.
  /// - Throws: `ItineraryRefusal` for a travel item (legs cannot be
  ///   retitled), a blank or too long title, a too long address, or no
  ///   change at all; `LocalTimeError.nonexistent` for a time that does not
  ///   exist on the item's day where it is.
  public func edit(
    _ id: ItineraryItem.ID, _ changes: CustomItemChanges, now: Date,
    estimator: RouteEstimator = .default
  ) throws
    -> ItineraryChange
  {
    guard var edited = item(id) else {
      throw ItineraryRefusal.noItem(id)
    }
    guard var custom = edited.customInfo else {
      throw ItineraryRefusal(
        reason:
          "Travel \(edited.title) is a leg of the route: it cannot be retitled or edited, only moved."
      )
    }
    guard !changes.isEmpty else {
      throw ItineraryRefusal(
        reason:
          "Nothing to change: give at least one detail to change (title, category, time, place or address)."
      )
    }
    if let title = changes.title {
      custom.title = try Itinerary.storedText(title, as: .itemTitle)
    }
    if let category = changes.category { custom.category = category }
    if let time = changes.time { custom.time = time }
    if let coordinate = changes.coordinate {
      custom.coordinate = coordinate
      custom.placeName = coordinate == nil ? nil : changes.placeName
      custom.placeTimeZoneID = coordinate == nil ? nil : changes.placeTimeZoneID
    }
    var warnings: [String] = []
    if custom.time == nil {
      custom.timeZoneID = nil
    } else if changes.time != nil || changes.coordinate != nil || custom.timeZoneID == nil {
      let session = try DragSession(item: edited, layout: layout, constraints: constraints)
      let place = venueZones.timePlace(
        of: custom, position: session.place(atSlot: session.originSlot ?? 0))
      custom.timeZoneID = place?.timeZoneID
      if let warning = try Itinerary.resolveTime(
        of: custom, day: edited.day, in: schedule, place: place?.city)?.warning
      {
        warnings.append(warning)
      }
    }
    if let address = changes.address {
      custom.address = try Itinerary.storedOptionalText(address, as: .address)
    }
    guard custom != edited.customInfo else {
      throw ItineraryRefusal(reason: "Nothing to change: the item already has these values.")
    }
    edited.kind = .custom(custom)
    edited.modifiedAt = now
    var change = ItineraryChange(item: edited, updated: [edited], warnings: warnings)
    change.warnings += impossibleDayWarnings(after: change, estimator: estimator)
    return change
  }

  /// `text` as stored (`TextNormalization.validated`), a refusal with the
  /// text rule's own words otherwise ("an item needs a title", as a trip's
  /// name or a visit's notes are refused).
  static func storedText(_ text: String, as field: TextField) throws -> String {
    do {
      return try TextNormalization.validated(text, as: field)
    } catch let error as TextError {
      throw ItineraryRefusal(reason: error.description, text: error)
    }
  }

  /// An optional text as stored (nil when nothing visible is left), a
  /// refusal otherwise (too long).
  static func storedOptionalText(_ text: String?, as field: TextField) throws -> String? {
    do {
      return try TextNormalization.validatedOptional(text, as: field)
    } catch let error as TextError {
      throw ItineraryRefusal(reason: error.description, text: error)
    }
  }

  /// Removes a custom item.
  /// - Throws: `ItineraryRefusal` for a travel item (every leg keeps its
  ///   travel item).
  public func remove(_ id: ItineraryItem.ID) throws -> ItineraryChange {
    guard let removed = item(id) else {
      throw ItineraryRefusal.noItem(id)
    }
    if removed.travelInfo != nil {
      throw ItineraryRefusal(
        reason:
          "Travel \(removed.title) is a leg of the route and cannot be removed; move it instead.")
    }
    return ItineraryChange(item: removed, deleted: [id])
  }
}
