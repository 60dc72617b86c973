import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// Random edits on real 2024 trips, checked after every step against a model
/// of the stored items (DESIGN.md, "Layout and reordering"; STYLE.md 18:
/// seeded randomness, invariants after every mutation).
///
/// Each step is a random add (random target), a drag to a random slot (any
/// slot, invalid ones included), a move to a random `DropTarget`, an edit or
/// a remove; now and then a burst of drags between the same two neighbours
/// forces renormalisation. The change is applied to the model, and then:
/// no stored item breaks a rule, no item is lost or duplicated, every day is
/// strictly ordered, and a from-scratch layout of the model equals the rows
/// the edit was expected to produce.
///
/// Replay a run with `REORDER_SEED=<hex>`.
final class ReorderPropertyTests: XCTestCase {

  private static let stepsPerTrip = 2_600

  func testRandomEdits_keepEveryInvariant() throws {
    let seed =
      ProcessInfo.processInfo.environment["REORDER_SEED"].flatMap { UInt64($0, radix: 16) }
      ?? 0x5EED_2024_0003
    print("ReorderPropertyTests seed: \(String(seed, radix: 16)) (replay: REORDER_SEED=<hex>)")
    var rng = SplitMix64(seed: seed)
    let clock = Date()
    var total = Stats()
    for ids in PropertyTrips.all {
      let stats = try run(trip: ids, steps: Self.stepsPerTrip, rng: &rng)
      print("  \(ids.first ?? "?")…: \(stats)")
      total.add(stats)
      if testRun?.failureCount ?? 0 > 0 { break }
    }
    let seconds = Date().timeIntervalSince(clock)
    print("ReorderPropertyTests: \(total) in \(String(format: "%.2f", seconds)) s")
    XCTAssertGreaterThanOrEqual(total.steps, 10_000)
    // Every kind of step happened, refusals and renormalisations included.
    XCTAssertGreaterThan(total.adds, 0)
    XCTAssertGreaterThan(total.drops, 0)
    XCTAssertGreaterThan(total.refusedDrops, 0)
    XCTAssertGreaterThan(total.moves, 0)
    XCTAssertGreaterThan(total.refusedMoves, 0)
    XCTAssertGreaterThan(total.removes, 0)
    XCTAssertGreaterThan(total.refusedRemoves, 0)
    XCTAssertGreaterThan(total.edits, 0)
    XCTAssertGreaterThan(total.renormalised, 0)
  }

  // MARK: - The run

  private struct Stats: CustomStringConvertible {
    var steps = 0
    var adds = 0
    var refusedAdds = 0
    var drops = 0
    var refusedDrops = 0
    var moves = 0
    var refusedMoves = 0
    var edits = 0
    var removes = 0
    var refusedRemoves = 0
    var renormalised = 0

    mutating func add(_ o: Stats) {
      steps += o.steps
      adds += o.adds
      refusedAdds += o.refusedAdds
      drops += o.drops
      refusedDrops += o.refusedDrops
      moves += o.moves
      refusedMoves += o.refusedMoves
      edits += o.edits
      removes += o.removes
      refusedRemoves += o.refusedRemoves
      renormalised += o.renormalised
    }

    var description: String {
      "\(steps) steps: adds \(adds) (+\(refusedAdds) refused), drops \(drops) (+\(refusedDrops) refused), moves \(moves) (+\(refusedMoves) refused), edits \(edits), removes \(removes) (+\(refusedRemoves) refused), renormalised \(renormalised)"
    }
  }

  /// The state of one trip under test.
  private struct World {
    let trip: Trip
    let schedule: TripSchedule
    let environment: RuleEnvironment
    var model: ItemModel
    /// Ids that must be stored, tracked apart from the model.
    var expectedIDs: Set<ItineraryItem.ID>
    /// The row ids the last step should have produced.
    var expectedRows: [RowID]
    /// The model laid out from scratch (rebuilt after every step).
    private(set) var itinerary: Itinerary

    init(
      trip: Trip, schedule: TripSchedule, environment: RuleEnvironment, items: [ItineraryItem]
    ) {
      self.trip = trip
      self.schedule = schedule
      self.environment = environment
      self.model = ItemModel(items)
      self.expectedIDs = Set(items.map(\.id))
      self.itinerary = Itinerary(trip: trip, schedule: schedule, items: items)
      self.expectedRows = Engine.ids(itinerary.layout.rows)
    }

    /// Lays the model out from scratch.
    mutating func refresh() {
      itinerary = Itinerary(trip: trip, schedule: schedule, items: model.items)
    }
  }

  private func run(trip ids: [Game.ID], steps: Int, rng: inout SplitMix64) throws -> Stats {
    let start = Date(timeIntervalSince1970: 1_718_000_000)
    let environment = RuleEnvironment.fixed(now: start)
    let planned = try PropertyTrips.plan(ids, environment: environment)
    XCTAssertEqual(planned.items.count, planned.schedule.stops.count - 1)
    var world = World(
      trip: planned.trip, schedule: planned.schedule, environment: environment,
      items: planned.items)
    let travelIDs = Set(planned.items.map(\.id))
    try check(world, travelIDs: travelIDs, step: "start")
    var stats = Stats()
    var n = 0
    while n < steps {
      let now = start.addingTimeInterval(Double(n + 1))
      let customs = world.model.items.filter { $0.customInfo != nil }
      let addWeight = customs.count < 25 ? 35 : 15
      let removeWeight = customs.count > 25 ? 30 : 10
      var label: String
      if Int.random(in: 0..<200, using: &rng) == 0, customs.count >= 2 {
        // A burst of drags leapfrogging between the same two neighbours:
        // ~60 halvings exhaust the doubles and force a renormalisation.
        let burst = min(64, steps - n)
        let pair = Array(customs.shuffled(using: &rng).prefix(2))
        let anchors = world.itinerary.layout.rows.filter { row in
          !pair.contains { LayoutRow.id(item: $0.id) == row.id }
        }
        let anchor = try XCTUnwrap(anchors.randomElement(using: &rng)).id
        for b in 0..<burst {
          let mover = pair[b % 2]
          label = "step \(n) burst move \(mover.id) after \(anchor)"
          try move(
            mover.id, to: .after(rowID: anchor), in: &world, now: now, stats: &stats,
            step: label)
          world.refresh()
          try check(world, travelIDs: travelIDs, step: label)
          n += 1
        }
        if testRun?.failureCount ?? 0 > 0 { break }
        continue
      }
      let r = Int.random(in: 0..<100, using: &rng)
      if r < addWeight {
        label = "step \(n) add"
        try add(in: &world, rng: &rng, stats: &stats, step: label)
      } else if r < addWeight + 35 {
        label = "step \(n) drop"
        try drop(in: &world, rng: &rng, now: now, stats: &stats, step: label)
      } else if r < addWeight + 50 {
        let item = try XCTUnwrap(world.model.items.randomElement(using: &rng))
        let target = randomTarget(world, rng: &rng)
        label = "step \(n) move \(item.title) to \(target)"
        try move(item.id, to: target, in: &world, now: now, stats: &stats, step: label)
      } else if r < addWeight + 50 + removeWeight {
        label = "step \(n) remove"
        try remove(in: &world, rng: &rng, stats: &stats, step: label)
      } else {
        label = "step \(n) edit"
        try edit(in: &world, rng: &rng, now: now, stats: &stats, step: label)
      }
      world.refresh()
      try check(world, travelIDs: travelIDs, step: label)
      n += 1
      if testRun?.failureCount ?? 0 > 0 { break }
    }
    stats.steps = n
    return stats
  }

  // MARK: - Steps

  /// A random place: before/after any numbered row (Unscheduled and unknown
  /// ids included) or the top/bottom of a day (outside the trip included).
  private func randomTarget(_ world: World, rng: inout SplitMix64) -> DropTarget {
    let rows = world.itinerary.numberedRows
    let dayCount = world.schedule.dayCount
    switch Int.random(in: 0..<20, using: &rng) {
    case 0: return .top(day: Int.random(in: -1...(dayCount + 2), using: &rng))
    case 1: return .bottom(day: Int.random(in: -1...(dayCount + 2), using: &rng))
    case 2: return .top(day: Int.random(in: 1...dayCount, using: &rng))
    case 3: return .bottom(day: Int.random(in: 1...dayCount, using: &rng))
    case 4: return .before(rowID: "game:NOPE2024")
    default:
      let row = rows.randomElement(using: &rng)?.id ?? "day:1"
      return Bool.random(using: &rng) ? .before(rowID: row) : .after(rowID: row)
    }
  }

  private func add(
    in world: inout World, rng: inout SplitMix64, stats: inout Stats, step: String
  ) throws {
    let itinerary = world.itinerary
    let target = randomTarget(world, rng: &rng)
    let blank = Int.random(in: 0..<40, using: &rng) == 0
    let title = blank ? "  " : "Item \(Int.random(in: 0..<1_000, using: &rng))"
    var info = CustomInfo(
      title: title, category: ItemCategory.allCases.randomElement(using: &rng) ?? .note)
    if Bool.random(using: &rng) { info.time = ClockTime(hour: 18, minute: 30) }
    // Where the engine should put it, found independently of `add`.
    let probe = try Engine.session(Engine.probe(), in: itinerary)
    let slot = try? probe.slot(for: target)
    do {
      let change = try itinerary.add(info, at: target, environment: world.environment)
      guard let slot, probe.slots[slot].isValid, !blank else {
        return XCTFail("\(step): add to \(target) should have been refused")
      }
      XCTAssertEqual(change.inserted, [change.item], step)
      XCTAssertTrue(change.deleted.isEmpty, step)
      XCTAssertEqual(change.item.day, probe.slots[slot].day, step)
      if info.time != nil {
        XCTAssertEqual(change.item.customInfo?.timeZoneID, probe.timeZoneID(atSlot: slot), step)
      }
      if !change.renormalized {
        XCTAssertTrue(change.updated.isEmpty, step)
        XCTAssertEqual(
          change.item.sortOrder, Engine.expectedSortOrder(rows: probe.rows, slot: slot), step)
      } else {
        stats.renormalised += 1
      }
      world.model.apply(change)
      world.expectedIDs.insert(change.item.id)
      world.expectedRows = Engine.ids(
        probe.rows, inserting: LayoutRow.id(item: change.item.id), at: slot)
      stats.adds += 1
    } catch is ItineraryRefusal {
      let valid = slot.map { probe.slots[$0].isValid } ?? false
      XCTAssertTrue(blank || !valid, "\(step): add to \(target) refused")
      stats.refusedAdds += 1
    }
  }

  /// Drags a random stored item to a random slot — any slot, valid or not.
  private func drop(
    in world: inout World, rng: inout SplitMix64, now: Date, stats: inout Stats, step: String
  ) throws {
    let itinerary = world.itinerary
    let item = try XCTUnwrap(world.model.items.randomElement(using: &rng))
    let session = try Engine.session(item, in: itinerary)
    XCTAssertEqual(session.checkInvariants(), [], "\(step): drag of \(item.title)")
    // The red zone matches the rule, computed independently.
    let expected = Engine.expectedValidity(
      of: item, rows: session.rows, schedule: world.schedule)
    XCTAssertEqual(session.slots.map(\.isValid), expected, "\(step): red zone of \(item.title)")
    let slot = Int.random(in: -1...session.slots.count, using: &rng)
    // Proposing: the slot itself, or the nearest valid one, or snap back.
    let proposal = session.propose(slot: slot)
    let valid = session.validSlots
    let clamped = min(max(slot, 0), session.slots.count - 1)
    if valid.isEmpty {
      XCTAssertEqual(proposal, .snapBack, step)
    } else if slot == clamped, expected[slot] {
      XCTAssertEqual(proposal, .accepted(slot), step)
    } else {
      guard case .redirected(let from, let to) = proposal else {
        return XCTFail("\(step): proposal \(proposal) for invalid slot \(slot)")
      }
      XCTAssertEqual(from, slot, step)
      XCTAssertTrue(expected[to], step)
      let nearest = valid.map { abs($0 - clamped) }.min()
      XCTAssertEqual(abs(to - clamped), nearest, step)
    }
    let outcome = session.drop(at: slot, now: now)
    guard session.slots.indices.contains(slot), expected[slot] else {
      Engine.assertRefusedDrop(outcome)
      if session.slots.indices.contains(slot), case .refused(let reason, _) = outcome {
        XCTAssertEqual(reason, session.slots[slot].reason, step)
      }
      stats.refusedDrops += 1
      return
    }
    let moved = try Engine.moved(outcome)
    XCTAssertEqual(moved.item.id, item.id, step)
    XCTAssertEqual(moved.item.kind, item.kind, step)
    XCTAssertEqual(moved.item.day, session.slots[slot].day, step)
    XCTAssertEqual(moved.item.modifiedAt, now, step)
    XCTAssertTrue(moved.changed.contains(moved.item), step)
    XCTAssertTrue(moved.changed.allSatisfy { $0.day == moved.item.day }, step)
    if moved.renormalized {
      stats.renormalised += 1
    } else {
      XCTAssertEqual(moved.changed, [moved.item], step)
      XCTAssertEqual(
        moved.item.sortOrder, Engine.expectedSortOrder(rows: session.rows, slot: slot), step)
    }
    world.model.apply(outcome)
    // Stored by a command (`Itinerary.move`), a drop also re-zones the
    // timed items it moves or passes: their time stays local to where they
    // now are, which `problems()` checks (review of issue 8).
    let rezoned = try Itinerary.zoneUpdates(
      trip: world.trip, schedule: world.schedule, items: world.model.items, now: now,
      venueZones: itinerary.venueZones)
    world.model.apply(ItineraryChange(item: moved.item, updated: rezoned.items))
    world.expectedRows = Engine.ids(
      session.rows, inserting: LayoutRow.id(item: item.id), at: slot)
    stats.drops += 1
  }

  private func move(
    _ id: ItineraryItem.ID, to target: DropTarget, in world: inout World, now: Date,
    stats: inout Stats,
    step: String
  ) throws {
    let itinerary = world.itinerary
    let item = try XCTUnwrap(itinerary.item(id))
    let session = try Engine.session(item, in: itinerary)
    let slot = try? session.slot(for: target)
    do {
      let change = try itinerary.move(id, to: target, now: now)
      guard let slot, session.slots[slot].isValid else {
        return XCTFail("\(step): should have been refused")
      }
      XCTAssertTrue(change.inserted.isEmpty, step)
      XCTAssertTrue(change.deleted.isEmpty, step)
      if change.changesNothing {
        // Dropped where it was: nothing to store, and the rows the drop
        // would give are the rows there are (checked after the step).
        XCTAssertTrue(change.updated.isEmpty, step)
        XCTAssertEqual(change.item, item, step)
        world.expectedRows = Engine.ids(
          session.rows, inserting: LayoutRow.id(item: id), at: slot)
        stats.moves += 1
        return
      }
      XCTAssertTrue(change.updated.contains(change.item), step)
      XCTAssertEqual(change.item.day, session.slots[slot].day, step)
      if change.renormalized { stats.renormalised += 1 }
      world.model.apply(change)
      world.expectedRows = Engine.ids(
        session.rows, inserting: LayoutRow.id(item: id), at: slot)
      stats.moves += 1
    } catch let refusal as ItineraryRefusal {
      if let slot {
        XCTAssertFalse(session.slots[slot].isValid, "\(step): refused: \(refusal.reason)")
        XCTAssertEqual(refusal.reason, session.slots[slot].reason, step)
      }
      stats.refusedMoves += 1
    }
  }

  private func remove(
    in world: inout World, rng: inout SplitMix64, stats: inout Stats, step: String
  ) throws {
    let itinerary = world.itinerary
    let item = try XCTUnwrap(world.model.items.randomElement(using: &rng))
    do {
      let change = try itinerary.remove(item.id)
      XCTAssertNotNil(item.customInfo, "\(step): a leg was removed")
      XCTAssertEqual(change.deleted, [item.id], step)
      XCTAssertTrue(change.inserted.isEmpty && change.updated.isEmpty, step)
      world.model.apply(change)
      world.expectedIDs.remove(item.id)
      world.expectedRows.removeAll { $0 == LayoutRow.id(item: item.id) }
      stats.removes += 1
    } catch is ItineraryRefusal {
      XCTAssertNotNil(item.travelInfo, "\(step): a custom item could not be removed")
      stats.refusedRemoves += 1
    }
  }

  private func edit(
    in world: inout World, rng: inout SplitMix64, now: Date, stats: inout Stats, step: String
  ) throws {
    let itinerary = world.itinerary
    let item = try XCTUnwrap(world.model.items.randomElement(using: &rng))
    let changes = CustomItemChanges(
      title: "Edited \(Int.random(in: 0..<100, using: &rng))",
      time: Bool.random(using: &rng) ? .some(nil) : .some(ClockTime(hour: 9, minute: 0)))
    do {
      let change = try itinerary.edit(item.id, changes, now: now)
      XCTAssertNotNil(item.customInfo, step)
      XCTAssertEqual(change.updated, [change.item], step)
      XCTAssertEqual(change.item.day, item.day, step)
      XCTAssertEqual(change.item.sortOrder, item.sortOrder, step)
      world.model.apply(change)
      stats.edits += 1
    } catch is ItineraryRefusal {
      // Refused for travel items, and for an edit that changes nothing.
      var unchanged = false
      if let info = item.customInfo, let newTime = changes.time {
        unchanged = info.title == changes.title && info.time == newTime
      }
      XCTAssertTrue(
        item.travelInfo != nil || unchanged, "\(step): a custom item could not be edited")
    }
  }

  // MARK: - Invariants

  private func check(_ world: World, travelIDs: Set<ItineraryItem.ID>, step: String) throws {
    let items = world.model.items
    let ids = items.map(\.id)
    XCTAssertEqual(Set(ids).count, ids.count, "\(step): duplicated ids")
    XCTAssertEqual(Set(ids), world.expectedIDs, "\(step): lost or extra items")
    XCTAssertEqual(
      Set(items.filter { $0.travelInfo != nil }.map(\.id)), travelIDs, "\(step): legs changed")
    let itinerary = world.itinerary
    let problems = itinerary.problems()
    XCTAssertTrue(problems.isEmpty, "\(step): \(problems.map(\.reason))")
    XCTAssertTrue(itinerary.layout.unscheduled.isEmpty, step)
    // The from-scratch layout equals the rows the edit should have produced.
    let fresh = itinerary.layout
    XCTAssertEqual(fresh.checkInvariants(), [], step)
    XCTAssertEqual(Engine.ids(fresh.rows), world.expectedRows, step)
    XCTAssertEqual(
      Engine.ids(fresh.rows).filter { $0.kind == .item }.count, items.count, step)
    // Every day strictly ordered, every value finite.
    var previous: Double?
    for row in fresh.rows {
      guard let value = row.sortOrder else {
        previous = nil
        continue
      }
      XCTAssertTrue(value.isFinite, step)
      if let previous, !(previous < value) {
        XCTFail("\(step): Day \(row.day) not strictly ordered at \(row.id)")
      }
      previous = value
    }
  }
}
