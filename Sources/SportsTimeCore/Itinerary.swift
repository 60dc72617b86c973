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

  /// Bundles a trip's parts and lays them out.
  /// - Complexity: O(n log n) for n rows.
  public init(trip: Trip, schedule: TripSchedule, items: [ItineraryItem]) {
    self.trip = trip
    self.schedule = schedule
    self.items = items
    self.layout = ItineraryLayout(schedule: schedule, items: items)
    self.constraints = ItineraryConstraints(schedule: schedule)
  }

  /// Every row numbered as `trip show` prints them (days, then Unscheduled).
  public var numberedRows: [LayoutRow] { layout.rows + layout.unscheduled }

  /// The stored item with `id`.
  public func item(_ id: UUID) -> ItineraryItem? { items.first { $0.id == id } }

  /// Every stored item that breaks a rule now (possible after a schedule
  /// re-import or a shorter trip), with the reason, in layout order.
  public func problems() -> [(item: ItineraryItem, reason: String)] {
    numberedRows.compactMap { row in
      guard let item = row.item else { return nil }
      let check = constraints.check(item, day: item.day, sortOrder: item.sortOrder)
      guard let reason = check.reason else { return nil }
      let unscheduled =
        schedule.contains(day: item.day) ? "" : "It is Unscheduled; move it back into the trip. "
      return (item, unscheduled + reason)
    }
  }
}

extension Itinerary {
  /// The trip's games that no longer fit it (after a schedule re-import): a
  /// game now outside the trip's days, or cancelled. Row id and reason, in
  /// layout order.
  public func gameProblems() -> [(game: PlacedGame, reason: String)] {
    numberedRows.compactMap { row in
      guard let g = row.game else { return nil }
      if g.game.status == .cancelled {
        let why = g.game.postponementReason.map { " (\($0))" } ?? ""
        return (
          g,
          "Game \(g.title) (\(g.id)) is cancelled\(why); remove it with 'sportstime trip replan TRIP --remove-game \(g.id)'."
        )
      }
      if !schedule.contains(day: g.day) {
        return (
          g,
          "Game \(g.title) (\(g.id)) is now on \(g.game.localDate.longDescription), outside the trip's days \(trip.startDate.iso) to \(trip.endDate.iso); run 'sportstime trip replan' to re-plan the trip."
        )
      }
      return nil
    }
  }
}

extension Itinerary {
  /// Legs of the current route that have no travel item (the trip's games
  /// changed under it, e.g. after a schedule re-import): leg index, title
  /// and reason.
  public func missingLegs() -> [(leg: TripLeg, reason: String)] {
    let travel = items.compactMap(\.travelInfo)
    return schedule.legs.compactMap { leg in
      let covered = travel.contains {
        $0.fromStop == leg.from.index && $0.toStop == leg.to.index
          && $0.fromVenueID == leg.from.venue.id && $0.toVenueID == leg.to.venue.id
      }
      guard !covered else { return nil }
      return (
        leg,
        "The route has a leg \(leg.from.name) → \(leg.to.name) with no travel item (the trip's games changed); run 'sportstime trip replan' to re-plan the trip."
      )
    }
  }
}

/// The stored changes of one edit, applied together in one transaction.
public struct ItineraryChange: Sendable, Hashable {
  /// The item the edit was about, as it is after the edit.
  public var item: ItineraryItem
  /// Items to insert (a new item).
  public var inserted: [ItineraryItem] = []
  /// Items whose stored values changed (a move, renormalised neighbours,
  /// an edit).
  public var updated: [ItineraryItem] = []
  /// Ids of items to delete.
  public var deleted: [UUID] = []
  /// Whether the day had to be renormalised.
  public var renormalized = false
  /// Timed custom items (among `updated`) whose time zone changed because a
  /// leg moved around them: their time is local to where they now are.
  public var rezoned: [UUID] = []
}

/// What an edit may change on a custom item; nil leaves a field as it is.
public struct CustomItemChanges: Sendable, Hashable {
  /// New title (must not be blank).
  public var title: String?
  /// New category.
  public var category: ItemCategory?
  /// `.some(nil)` clears the time.
  public var time: ClockTime??
  /// `.some(nil)` clears the location.
  public var coordinate: Coordinate??
  /// `.some(nil)` clears the address.
  public var address: String??

  /// Creates a change set.
  public init(
    title: String? = nil, category: ItemCategory? = nil, time: ClockTime?? = nil,
    coordinate: Coordinate?? = nil, address: String?? = nil
  ) {
    self.title = title
    self.category = category
    self.time = time
    self.coordinate = coordinate
    self.address = address
  }

  /// True when nothing would change.
  public var isEmpty: Bool {
    title == nil && category == nil && time == nil && coordinate == nil && address == nil
  }
}

/// Item edits as pure functions of an itinerary (issue 3). Each returns the
/// stored changes to apply, or throws `ItineraryRefusal` and changes nothing.
extension Itinerary {
  /// Adds a custom item at `target` (default: the bottom of Day 1).
  ///
  /// A given time is local to where the trip is at that point
  /// (`DragSession.timeZoneID(atSlot:)`).
  /// The title and address are cleaned (`TextNormalization.validated`:
  /// controls and invisible characters removed, one line, NFC; a title of
  /// at most 500 characters, an address of at most 300, a blank address is
  /// none).
  /// - Throws: `ItineraryRefusal` for a blank or too long title, a too long
  ///   address, or a target outside the trip's days.
  public func add(_ info: CustomInfo, at target: DropTarget, environment: Environment) throws
    -> ItineraryChange
  {
    let now = environment.now()
    var custom = info
    custom.title = try Itinerary.storedText(info.title, as: .itemTitle)
    custom.address = try Itinerary.storedOptionalText(info.address, as: .address)
    let draft = ItineraryItem(
      id: environment.uuid(), tripID: trip.id, day: 1, sortOrder: 50, kind: .custom(custom),
      createdAt: now, modifiedAt: now)
    let session = try DragSession(item: draft, layout: layout, constraints: constraints)
    let slot = try session.slot(for: target)
    if custom.time != nil {
      custom.timeZoneID = session.timeZoneID(atSlot: slot)
    }
    var item = draft
    item.kind = .custom(custom)
    let placed = try DragSession(item: item, layout: layout, constraints: constraints)
    switch placed.drop(at: slot, now: now) {
    case .refused(let reason): throw ItineraryRefusal(reason: reason)
    case .moved(let moved, let changed, let renormalized):
      return ItineraryChange(
        item: moved, inserted: [moved], updated: changed.filter { $0.id != moved.id },
        renormalized: renormalized)
    }
  }

  /// Moves a stored travel or custom item to `target`.
  /// - Throws: `ItineraryRefusal` with the engine's reason (e.g. which games
  ///   bound a leg) for an invalid target.
  public func move(_ id: UUID, to target: DropTarget, now: Date) throws -> ItineraryChange {
    guard let original = item(id) else {
      throw ItineraryRefusal(reason: "No item \(id.uuidString.lowercased()) in this trip.")
    }
    var dragged = original
    let session = try DragSession(item: dragged, layout: layout, constraints: constraints)
    let slot = try session.slot(for: target)
    if var custom = dragged.customInfo, custom.time != nil {
      custom.timeZoneID = session.timeZoneID(atSlot: slot)
      dragged.kind = .custom(custom)
    }
    let placed = try DragSession(item: dragged, layout: layout, constraints: constraints)
    switch placed.drop(at: slot, now: now) {
    case .refused(let reason): throw ItineraryRefusal(reason: reason)
    case .moved(let moved, let changed, let renormalized):
      var updated = changed
      if moved.travelInfo != nil {
        // Moving a leg changes where the trip is around it: timed items
        // follow (their time stays local to where they now are).
        let changedIDs = Set(changed.map(\.id))
        let after = items.filter { !changedIDs.contains($0.id) } + changed
        let fixes = Itinerary.zoneUpdates(trip: trip, schedule: schedule, items: after, now: now)
        let fixedIDs = Set(fixes.map(\.id))
        updated = updated.filter { !fixedIDs.contains($0.id) } + fixes
        return ItineraryChange(
          item: moved, updated: updated, renormalized: renormalized, rezoned: fixes.map(\.id))
      }
      return ItineraryChange(item: moved, updated: updated, renormalized: renormalized)
    }
  }

  /// Timed custom items whose stored zone is not where the trip is at their
  /// position in `items`' layout, with the zone corrected.
  /// - Complexity: O(n log n).
  static func zoneUpdates(
    trip: Trip, schedule: TripSchedule, items: [ItineraryItem], now: Date
  ) -> [ItineraryItem] {
    let layout = ItineraryLayout(schedule: schedule, items: items)
    var zone = schedule.stops.first?.venue.timeZoneID
    var fixes: [ItineraryItem] = []
    for row in layout.rows {
      switch row.content {
      case .day: break
      case .game(let g): zone = g.game.timeZoneID
      case .item(let item):
        if let info = item.travelInfo, let to = info.toStop, schedule.stops.indices.contains(to) {
          zone = schedule.stops[to].venue.timeZoneID
        } else if var custom = item.customInfo, custom.time != nil, custom.timeZoneID != zone {
          custom.timeZoneID = zone
          var fixed = item
          fixed.kind = .custom(custom)
          fixed.modifiedAt = now
          fixes.append(fixed)
        }
      }
    }
    return fixes
  }

  /// Edits a custom item's details. Its position does not change.
  /// A new title or address is cleaned as `add` cleans it.
  /// - Throws: `ItineraryRefusal` for a travel item (legs cannot be
  ///   retitled), a blank or too long title, a too long address, or no
  ///   change at all.
  public func edit(_ id: UUID, _ changes: CustomItemChanges, now: Date) throws -> ItineraryChange {
    guard var edited = item(id) else {
      throw ItineraryRefusal(reason: "No item \(id.uuidString.lowercased()) in this trip.")
    }
    guard var custom = edited.customInfo else {
      throw ItineraryRefusal(
        reason:
          "Travel \(edited.title) is a leg of the route: it cannot be retitled or edited, only moved."
      )
    }
    guard !changes.isEmpty else {
      throw ItineraryRefusal(reason: "Nothing to change: give at least one of the edit options.")
    }
    if let title = changes.title {
      custom.title = try Itinerary.storedText(title, as: .itemTitle)
    }
    if let category = changes.category { custom.category = category }
    if let time = changes.time {
      custom.time = time
      if time == nil {
        custom.timeZoneID = nil
      } else if custom.timeZoneID == nil {
        let session = try DragSession(item: edited, layout: layout, constraints: constraints)
        let slot = session.originSlot ?? 0
        custom.timeZoneID = session.timeZoneID(atSlot: slot)
      }
    }
    if let coordinate = changes.coordinate { custom.coordinate = coordinate }
    if let address = changes.address {
      custom.address = try Itinerary.storedOptionalText(address, as: .address)
    }
    guard custom != edited.customInfo else {
      throw ItineraryRefusal(reason: "Nothing to change: the item already has these values.")
    }
    edited.kind = .custom(custom)
    edited.modifiedAt = now
    return ItineraryChange(item: edited, updated: [edited])
  }

  /// `text` as stored (`TextNormalization.validated`), a refusal in
  /// sentence form otherwise ("An item needs a title.").
  static func storedText(_ text: String, as field: TextField) throws -> String {
    do {
      return try TextNormalization.validated(text, as: field)
    } catch let error as TextError {
      throw ItineraryRefusal(reason: sentence(error.description))
    }
  }

  /// An optional text as stored (nil when blank), a refusal otherwise.
  static func storedOptionalText(_ text: String?, as field: TextField) throws -> String? {
    do {
      return try TextNormalization.validatedOptional(text, as: field)
    } catch let error as TextError {
      throw ItineraryRefusal(reason: sentence(error.description))
    }
  }

  /// "an item needs a title" → "An item needs a title."
  static func sentence(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst() + "."
  }

  /// Removes a custom item.
  /// - Throws: `ItineraryRefusal` for a travel item (every leg keeps its
  ///   travel item).
  public func remove(_ id: UUID) throws -> ItineraryChange {
    guard let removed = item(id) else {
      throw ItineraryRefusal(reason: "No item \(id.uuidString.lowercased()) in this trip.")
    }
    if removed.travelInfo != nil {
      throw ItineraryRefusal(
        reason:
          "Travel \(removed.title) is a leg of the route and cannot be removed; move it instead.")
    }
    return ItineraryChange(item: removed, deleted: [id])
  }
}
