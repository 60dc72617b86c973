import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// The journal of changes against the snapshot journal it replaced: random
/// sequences of edits (items added, moved, edited, removed; the trip
/// renamed, its days and games changed; changes the journal does not see)
/// with undos and redos interleaved. After every step the trip's rows read
/// back (`snapshot(ofTrip:)`: the trip's fields, its games, every column
/// of its items), its tombstones, the labels offered and the revisions are
/// what the snapshot journal (`SnapshotJournalModel`) gives.
final class StoreJournalPropertyTests: XCTestCase {
  var scratch: TemporaryDirectory!
  let catalog = try? Catalog.mlb()
  var clock = 1_800_000_000.0
  var uuids = SplitMix64(seed: 0)

  override func setUpWithError() throws {
    scratch = try TemporaryDirectory(prefix: "journal-property")
  }

  func testRandomEditSequences_undoAndRedoAsTheSnapshotJournalDid() throws {
    for seed: UInt64 in [1, 2, 3, 4, 5, 6, 7, 8] {
      try run(seed: seed, steps: 70)
    }
  }

  /// What one sequence did, so a test that passes shows it ran its cases.
  struct Tally {
    var edits = 0
    var undos = 0
    var redos = 0
    var refusals: [String: Int] = [:]
  }

  func run(seed: UInt64, steps: Int) throws {
    let catalog = try XCTUnwrap(catalog)
    var random = SplitMix64(seed: seed)
    uuids = SplitMix64(seed: seed &+ 1000)
    let path = scratch.url.appendingPathComponent("journal-\(seed).sqlite").path
    let store = try Store(path: path)
    _ = try store.importSchedule(try StoreFixtures.import2024())
    let homes = ["CHN", "CHA", "MIL", "DET", "CLE", "MIN", "SLN"]
    let nearby = try StoreFixtures.games2024().filter { game in
      let day = game.localDate.iso
      return day >= "2024-06-01" && day <= "2024-06-16"
        && homes.contains { game.id.rawValue.hasPrefix($0) }
    }
    let first = try ["CLE202406040", "CHN202406050", "DET202406070", "MIL202406100"].map {
      try StoreFixtures.game2024(Game.ID($0))
    }
    let environment = self.environment()
    let planned = try TripBuilder.plan(
      name: "Loop", games: first, start: nil, end: nil, catalog: catalog,
      environment: environment)
    try store.insert(planned)
    let id = planned.trip.id
    var model = SnapshotJournalModel()
    var tally = Tally()
    var tombstones = try store.tombstonedItems(ofTrip: id)
    let context = "seed \(seed)"

    for stepNumber in 0..<steps {
      let where_ = "\(context), step \(stepNumber)"
      let before = try store.snapshot(ofTrip: id)
      let revision = try store.revision(ofTrip: id)
      let itinerary = try store.itinerary(id: id, catalog: catalog)
      let items = itinerary.items
      let customs = items.filter { $0.customInfo != nil }
      let days = itinerary.trip.dayCount
      let roll = Int.random(in: 0..<20, using: &random)

      let canRedo = model.next(.redo) != nil
      if roll >= 14 || (canRedo && roll >= 9) {
        // An undo or a redo: when there is a redo to make, 11 in 20 steps
        // are undos or redos (7 of them redos); else 6 in 20, one of them
        // a redo of nothing.
        let redo = canRedo ? roll >= 13 : roll == 19
        let direction: JournalStep.Direction = redo ? .redo : .undo
        var trial = model
        let outcome = trial.step(direction, tripName: itinerary.trip.name)
        do {
          let step = try store.step(direction, trip: id, catalog: catalog)
          guard case .restored(let label, let snapshot) = outcome else {
            return XCTFail("\(where_): \(direction) was taken, the snapshot journal: \(outcome)")
          }
          XCTAssertEqual(step.label, label, where_)
          XCTAssertEqual(step.revision, revision + 1, where_)
          XCTAssertEqual(try store.revision(ofTrip: id), revision + 1, where_)
          let now = try store.snapshot(ofTrip: id)
          XCTAssertEqual(now, snapshot, "\(where_): \(direction) of \(label)")
          // Items the step removed leave tombstones; items it brought back
          // lose theirs.
          let present = try Store.itemIDs(inSnapshot: now)
          tombstones.formUnion(try Store.itemIDs(inSnapshot: before).subtracting(present))
          tombstones.subtract(present)
          model = trial
          if direction == .undo { tally.undos += 1 } else { tally.redos += 1 }
        } catch let error as JournalError {
          if case .breaksRule = error {
            model.refusedAsBreakingARule(direction)
          } else {
            XCTAssertEqual(outcome, .refused(error), where_)
            model = trial
          }
          tally.refusals["\(error)".prefix(12).description, default: 0] += 1
          XCTAssertEqual(try store.snapshot(ofTrip: id), before, where_)
          XCTAssertEqual(try store.revision(ofTrip: id), revision, where_)
        }
      } else if roll == 13 {
        // A change the journal does not see (an older program's).
        try store.touchTrip(id: id, at: now())
        model.changedUnrecorded()
      } else {
        do {
          let label = try edit(
            roll, store: store, id: id, itinerary: itinerary, customs: customs, items: items,
            nearby: nearby, days: days, random: &random)
          let after = try store.snapshot(ofTrip: id)
          if try store.revision(ofTrip: id) != revision, let label {
            model.edited(label, before: before, after: after)
            tally.edits += 1
          } else {
            XCTAssertEqual(after, before, where_)
          }
        } catch  where !(error is JournalError) {
          // A refused edit changes nothing.
          XCTAssertEqual(try store.snapshot(ofTrip: id), before, "\(where_): \(error)")
          XCTAssertEqual(try store.revision(ofTrip: id), revision, where_)
        }
        tombstones = try store.tombstonedItems(ofTrip: id)
      }
      let labels = try store.journal(ofTrip: id)
      XCTAssertEqual(labels.undo, model.labels.undo, "\(where_): the undo offered")
      XCTAssertEqual(labels.redo, model.labels.redo, "\(where_): the redo offered")
      XCTAssertEqual(try store.tombstonedItems(ofTrip: id), tombstones, where_)
    }
    XCTAssertGreaterThan(tally.edits, 10, "\(context): \(tally)")
    XCTAssertGreaterThan(tally.undos, 5, "\(context): \(tally)")
    XCTAssertGreaterThan(tally.redos, 2, "\(context): \(tally)")
    // And the journal holds only changes: nothing as big as a snapshot.
    let biggest = try store.select(
      "SELECT MAX(LENGTH(before) + LENGTH(after)) AS n FROM trip_journal_changes"
    ).first?.optionalInt("n")
    XCTAssertLessThan(biggest ?? 0, 4_000, context)
    try store.close()
  }

  /// One random edit; returns the label the store journals it under (nil
  /// when it is not an edit of the journal's kind).
  func edit(
    _ roll: Int, store: Store, id: Trip.ID, itinerary: Itinerary, customs: [ItineraryItem],
    items: [ItineraryItem], nearby: [Game], days: Int, random: inout SplitMix64
  ) throws -> String? {
    func day() -> Int { Int.random(in: 1...max(1, days), using: &random) }
    func pick(_ list: [ItineraryItem]) -> ItineraryItem? { list.randomElement(using: &random) }
    let catalog = try XCTUnwrap(catalog)
    let environment = self.environment()
    let now = self.now()
    func itemEdit(_ body: (Itinerary) throws -> ItineraryChange) throws -> String {
      let change = try store.editTrip(id: id, catalog: catalog, now: now, body)
      return Store.label(of: change, in: itinerary)
    }
    switch roll {
    case 0, 1, 2:
      let title = ["Museum", "Dinner", "Deep dish", "Walk", "Café"].randomElement(using: &random)
      let at: DropTarget = Bool.random(using: &random) ? .top(day: day()) : .bottom(day: day())
      return try itemEdit {
        try $0.add(
          CustomInfo(
            title: title ?? "Note", category: .note, time: nil, coordinate: nil, address: nil),
          at: at, environment: environment)
      }
    case 3, 4, 5:
      guard let item = pick(roll == 5 ? items : customs) else { return nil }
      let at: DropTarget = Bool.random(using: &random) ? .top(day: day()) : .bottom(day: day())
      return try itemEdit { try $0.move(item.id, to: at, now: now) }
    case 6, 7:
      guard let item = pick(customs) else { return nil }
      let title = "Edited \(Int.random(in: 0..<1000, using: &random))"
      return try itemEdit { try $0.edit(item.id, CustomItemChanges(title: title), now: now) }
    case 8:
      guard let item = pick(customs) else { return nil }
      return try itemEdit { try $0.remove(item.id) }
    case 9:
      let name = "Loop \(Int.random(in: 0..<5, using: &random))"
      let renamed = try store.renameTrip(id: id, to: name, now: now)
      return "Rename “\(renamed.before.name)” to “\(renamed.after.name)”"
    case 10:
      let start = itinerary.trip.startDate.adding(days: Int.random(in: -2...1, using: &random))
      let change = try store.changeTrip(
        id: id, name: Bool.random(using: &random) ? "Lakes" : nil, start: start, end: nil,
        catalog: catalog, environment: environment)
      _ = change
      return try store.journal(ofTrip: id).undo
    default:
      let chosen = Set(itinerary.trip.gameIDs)
      if roll == 11,
        let game = nearby.filter({ !chosen.contains($0.id) }).randomElement(
          using: &random)
      {
        let replan = try store.replanTrip(
          id: id, adding: [.id(game.id)], removing: [], start: nil, end: nil, catalog: catalog,
          environment: environment)
        return "Re-plan “\(replan.trip.name)”"
      }
      guard let game = itinerary.trip.gameIDs.randomElement(using: &random) else { return nil }
      let replan = try store.replanTrip(
        id: id, adding: [], removing: [.id(game)], start: nil, end: nil, catalog: catalog,
        environment: environment)
      return "Re-plan “\(replan.trip.name)”"
    }
  }

  /// A clock that moves a second per reading, and seeded ids.
  func now() -> Date {
    clock += 1
    return Date(timeIntervalSinceReferenceDate: clock)
  }

  func environment() -> RuleEnvironment {
    let base = clock
    let seed = uuids.next()
    nonisolated(unsafe) var counter: UInt64 = 0
    return RuleEnvironment(
      now: { Date(timeIntervalSinceReferenceDate: base) },
      uuid: {
        counter += 1
        var generator = SplitMix64(seed: seed &+ counter)
        let text = String(format: "%016llX%016llX", generator.next(), generator.next())
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
          String(text.dropFirst(range.lowerBound).prefix(range.count))
        }
        return UUID(uuidString: parts.joined(separator: "-")) ?? UUID()
      }, estimator: .default)
  }
}
