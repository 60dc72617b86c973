import Foundation

/// A gap between two rows of the itinerary, where a dragged item may land.
///
/// Slots are numbered over the rows *with the dragged row lifted out*: slot
/// `k` is the gap just above lifted row `k` (slot `rows.count` is the very
/// end). Slot 0, above Day 1's header, belongs to no day and is never valid.
public struct InsertionSlot: Sendable, Hashable {
  /// 0-based slot index, `0...rows.count`.
  public var index: Int
  /// The day of the nearest header above, or nil for slot 0.
  public var day: Int?
  /// Whether the dragged item may be dropped here.
  public var isValid: Bool
  /// Why not, when invalid.
  public var reason: String?
  /// What the traveller can do about it, when there is one thing to do (a
  /// leg that no longer matches the route: `.replanTrip`); `reason` then
  /// ends with the remedy's neutral text (`Remedy.reason(for:)`).
  public var remedy: Remedy? = nil
}

/// Where a proposed slot leads (seeds: `targetIndexPathForMove…`).
public enum SlotProposal: Sendable, Hashable {
  /// The proposed slot is valid.
  case accepted(Int)
  /// It is not; this is the nearest valid slot (searching outward, below
  /// first on a tie).
  case redirected(from: Int, to: Int)
  /// No slot is valid: the item snaps back to where it was.
  case snapBack
}

/// The outcome of a drop.
public enum DropOutcome: Sendable, Hashable {
  /// The item moved. `item` carries its new `(day, sortOrder)`; `changed`
  /// lists every stored item whose position changed, the item included
  /// (more than one when the day had to be renormalised).
  case moved(item: ItineraryItem, changed: [ItineraryItem], renormalized: Bool)
  /// Nothing changes; the reason says why, ending with the remedy's
  /// neutral text when there is one (`Remedy.reason(for:)`).
  case refused(reason: String, remedy: Remedy? = nil)
}

/// A drag of one itinerary row over the insertion slots (DESIGN.md,
/// "Layout and reordering"; seeds: red zones, barrier games, snap back).
///
/// Starting a session answers, in O(rows) in total: every slot's validity
/// (the red zone), the barrier games (for a leg: the last game of its
/// departure stop and the first of its arrival stop) and the leg's valid day
/// range. Proposing a slot gives that slot, the nearest valid one, or snap
/// back. Dropping turns a slot into `(day, sortOrder)`: the day of the nearest
/// header above; halfway between the neighbours on that day; one less than
/// the first neighbour at the top of a day; one more than the last at the
/// bottom; 50 on an empty day. When the halfway value is not strictly
/// between its neighbours (doubles run out after ~50 halvings), the day is
/// renormalised (`Renormalization`) without changing the order anyone sees.
public struct DragSession: Sendable {
  /// The item being dragged (a stored travel or custom item, or a new one).
  public let item: ItineraryItem
  /// Every slot, `rows.count + 1` of them.
  public let slots: [InsertionSlot]
  /// Games bounding a travel item; empty for custom items.
  public let barrierGames: [PlacedGame]
  /// Days a travel item may use; for custom items all the trip's days.
  public let validDays: ClosedRange<Int>?
  /// The slot the item was lifted from (nil for a new or Unscheduled item):
  /// where it snaps back to.
  public let originSlot: Int?
  /// The rules it was checked against.
  public let constraints: ItineraryConstraints
  /// The layout's day rows, the dragged row still in them (not copied).
  let base: [LayoutRow]

  /// Starts dragging `item` over `layout`.
  ///
  /// `item` may be a stored item in the layout (it is lifted out), an item in
  /// Unscheduled, or a new item not yet stored (to find where it may be
  /// added).
  /// - Throws: `ItineraryRefusal` for a game (CONS-01).
  /// - Complexity: O(n) for n rows: one pass to find the item and the
  ///   barrier games, one to judge every slot, each in O(1). Refusal
  ///   reasons are built once per session, not per slot.
  public init(item: ItineraryItem, layout: ItineraryLayout, constraints: ItineraryConstraints)
    throws
  {
    if case .game(let id) = item.kind {
      let title = constraints.schedule.games.first { $0.id == id }?.title ?? id.description
      throw ItineraryRefusal(reason: "Games are fixed: \(title) cannot be moved.")
    }
    let base = layout.rows
    self.base = base
    self.item = item
    self.constraints = constraints
    let origin = base.firstIndex { $0.itemID == item.id }
    self.originSlot = origin
    let count = base.count - (origin == nil ? 0 : 1)

    var bounds: LegBounds?
    var departureRow: Int?
    var arrivalRow: Int?
    if let info = item.travelInfo {
      let b = constraints.bounds(for: info)
      bounds = b
      // Barrier game rows, in lifted coordinates, found by their (day,
      // sortOrder) without copying rows.
      for i in base.indices where base[i].itemID == nil && base[i].sortOrder != nil {
        let k = origin.map { i > $0 ? i - 1 : i } ?? i
        if let d = b.departureGame, base[i].day == d.day, base[i].sortOrder == d.sortOrder {
          departureRow = k
        }
        if let a = b.arrivalGame, base[i].day == a.day, base[i].sortOrder == a.sortOrder {
          arrivalRow = k
        }
      }
      barrierGames = [b.departureGame, b.arrivalGame].compactMap { $0 }
      validDays = b.dayRange
    } else {
      barrierGames = []
      validDays = 1...constraints.tripDayCount
    }

    // The few possible refusals, worded once.
    let aboveFirstDay = "Above Day 1 is not part of any day; drop below a day header."
    var outside: String?
    var beforeDeparture: String?
    var afterArrival: String?
    var stale: String?
    if let b = bounds {
      stale = b.problem
      // A day just outside the range gives the "must be between" wording
      // (or, with no range, why the leg cannot be placed at all).
      let outsideDay = (b.dayRange?.lowerBound ?? 1) - 1
      outside = constraints.check(bounds: b, day: outsideDay, sortOrder: 50).reason
      if let d = b.departureGame {
        beforeDeparture = constraints.check(bounds: b, day: d.day, sortOrder: d.sortOrder).reason
      }
      if let a = b.arrivalGame {
        afterArrival = constraints.check(bounds: b, day: a.day, sortOrder: a.sortOrder).reason
      }
    }

    var slots: [InsertionSlot] = []
    slots.reserveCapacity(count + 1)
    slots.append(InsertionSlot(index: 0, day: nil, isValid: false, reason: aboveFirstDay))
    var day: Int?
    var k = 0
    for i in base.indices where i != origin {
      k += 1  // slot k is the gap below lifted row k - 1 (= base row i)
      if base[i].sortOrder == nil { day = base[i].day }
      guard let d = day else { continue }
      var slot = InsertionSlot(index: k, day: d, isValid: true, reason: nil)
      if let b = bounds {
        if let stale {
          slot.isValid = false
          slot.reason = stale
          slot.remedy = b.remedy
        } else if let range = b.dayRange, range.contains(d) {
          if let dep = b.departureGame, dep.day == d, let r = departureRow, k <= r {
            slot.isValid = false
            slot.reason = beforeDeparture
          } else if let arr = b.arrivalGame, arr.day == d, let r = arrivalRow, k > r {
            slot.isValid = false
            slot.reason = afterArrival
          }
        } else {
          slot.isValid = false
          slot.reason = outside
        }
      }
      slots.append(slot)
    }
    self.slots = slots
    assertInvariants()
  }

  /// Number of rows once the dragged row is lifted out.
  public var rowCount: Int { base.count - (originSlot == nil ? 0 : 1) }

  /// Lifted row `k` (0-based), without copying the rows.
  public func row(_ k: Int) -> LayoutRow {
    guard let origin = originSlot, k >= origin else { return base[k] }
    return base[k + 1]
  }

  /// The day rows with the dragged row lifted out (Unscheduled excluded).
  /// - Complexity: O(n); builds a new array.
  public var rows: [LayoutRow] {
    guard let origin = originSlot else { return base }
    var copy = base
    copy.remove(at: origin)
    return copy
  }

  /// The valid slots' indices (the complement of the red zone).
  public var validSlots: [Int] { slots.filter(\.isValid).map(\.index) }

  /// Seeds' snap logic: `slot` if valid, else the nearest valid slot
  /// searching outward (below first, then above, at each distance), else
  /// snap back.
  /// - Complexity: O(distance to the nearest valid slot).
  public func propose(slot: Int) -> SlotProposal {
    let k = min(max(slot, 0), slots.count - 1)
    if slots[k].isValid { return k == slot ? .accepted(k) : .redirected(from: slot, to: k) }
    var radius = 1
    while k - radius >= 0 || k + radius < slots.count {
      if k + radius < slots.count, slots[k + radius].isValid {
        return .redirected(from: slot, to: k + radius)
      }
      if k - radius >= 0, slots[k - radius].isValid {
        return .redirected(from: slot, to: k - radius)
      }
      radius += 1
    }
    return .snapBack
  }

  /// Drops the item on `slot`.
  ///
  /// The new position is re-validated against the constraints; an invalid
  /// slot changes nothing and returns the reason.
  /// - Parameters:
  ///   - slot: a slot index from `slots`.
  ///   - now: the modification instant to stamp on changed items.
  /// - Complexity: O(1), or O(rows of that day) when it renormalises.
  public func drop(at slot: Int, now: Date) -> DropOutcome {
    guard slots.indices.contains(slot) else {
      return .refused(reason: "There is no position \(slot) in this itinerary.")
    }
    let target = slots[slot]
    guard target.isValid, let day = target.day else {
      return .refused(
        reason: target.reason ?? "That position is not allowed.", remedy: target.remedy)
    }
    let count = rowCount
    let previous = row(slot - 1)
    let next: LayoutRow? = slot < count && row(slot).sortOrder != nil ? row(slot) : nil
    let below = previous.sortOrder  // nil when previous is the day header
    let above = next?.sortOrder
    let proposed: Double
    switch (below, above) {
    case (let b?, let a?): proposed = (b + a) / 2
    case (nil, let a?): proposed = a - 1
    case (let b?, nil): proposed = b + 1
    case (nil, nil): proposed = 50
    }
    var moved = item
    moved.day = day
    moved.modifiedAt = now
    let fits =
      proposed.isFinite && (below.map { proposed > $0 } ?? true)
      && (above.map { proposed < $0 } ?? true)
    if fits {
      moved.sortOrder = proposed
      let check = constraints.check(moved, day: day, sortOrder: proposed)
      guard check.isValid else {
        return .refused(reason: check.reason ?? "Not allowed.", remedy: check.remedy)
      }
      return .moved(item: moved, changed: [moved], renormalized: false)
    }
    // Renormalise the day with the item inserted at the slot.
    var dayRows: [LayoutRow] = []
    var k = slot - 1
    while k >= 0, row(k).sortOrder != nil {
      dayRows.append(row(k))
      k -= 1
    }
    dayRows.reverse()
    moved.sortOrder = proposed
    dayRows.append(
      LayoutRow(
        id: .item(moved.id), content: .item(moved), day: day, sortOrder: proposed,
        itemID: moved.id))
    k = slot
    while k < count, row(k).sortOrder != nil {
      dayRows.append(row(k))
      k += 1
    }
    let fresh = Renormalization.values(for: dayRows)
    var changed: [ItineraryItem] = []
    var result = moved
    for (dayRow, value) in zip(dayRows, fresh) {
      guard var stored = dayRow.item, let value else { continue }
      if stored.id == moved.id {
        stored = moved
        stored.sortOrder = value
        result = stored
        changed.append(stored)
      } else if stored.sortOrder != value {
        stored.sortOrder = value
        stored.modifiedAt = now
        changed.append(stored)
      }
    }
    let check = constraints.check(result, day: day, sortOrder: result.sortOrder)
    guard check.isValid else {
      return .refused(reason: check.reason ?? "Not allowed.", remedy: check.remedy)
    }
    return .moved(item: result, changed: changed, renormalized: true)
  }
}
