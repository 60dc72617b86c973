import Foundation
import XCTest

@testable import SportsTimeCore

/// Helpers for the reorder engine tests: itineraries over fixture
/// schedules, drag sessions, an independent red-zone oracle, a model of the
/// stored items that `ItineraryChange`s are applied to, and a seeded
/// generator.
enum Engine {
  /// The local date of trip day `day` for trips starting 2024-06-01.
  static func on(_ day: Int) -> String { String(format: "2024-06-%02d", day) }

  /// A trip over `schedule`'s days.
  static func trip(_ schedule: TripSchedule) -> Trip {
    Trip(
      id: Fixtures.tripID, name: "Test", startDate: schedule.startDate,
      endDate: schedule.date(ofDay: schedule.dayCount),
      gameIDs: schedule.games.map(\.id), createdAt: Fixtures.epoch,
      modifiedAt: Fixtures.epoch)
  }

  /// An itinerary of `schedule` with stored `items`.
  static func itinerary(_ schedule: TripSchedule, _ items: [ItineraryItem]) -> Itinerary {
    Itinerary(trip: trip(schedule), schedule: schedule, items: items)
  }

  /// A drag of `item` over `itinerary`.
  static func session(_ item: ItineraryItem, in itinerary: Itinerary) throws -> DragSession {
    try DragSession(item: item, layout: itinerary.layout, constraints: itinerary.constraints)
  }

  /// A custom item that is not stored anywhere, to ask where an add may go.
  static func probe() -> ItineraryItem {
    Fixtures.custom("probe", day: 1, sortOrder: 50, id: Fixtures.uuid(0xFFFF_FFFF))
  }

  /// Row ids.
  static func ids(_ rows: [LayoutRow]) -> [RowID] { rows.map(\.id) }

  /// Row ids of `rows` with `id` inserted at `slot`.
  static func ids(_ rows: [LayoutRow], inserting id: RowID, at slot: Int) -> [RowID] {
    var result = rows.map(\.id)
    result.insert(id, at: slot)
    return result
  }

  /// The day each slot belongs to under DESIGN.md ("the day of the nearest
  /// header above"), computed independently of the engine.
  static func expectedSlotDays(_ rows: [LayoutRow]) -> [Int?] {
    var result: [Int?] = [nil]
    var day: Int?
    for row in rows {
      if case .day(let d, _) = row.content { day = d }
      result.append(day)
    }
    return result
  }

  /// The red zone of a drag under DESIGN.md's rule, computed independently
  /// of the engine (no barrier-game shortcut: every game of the departure
  /// stop on its day must be above the slot, every game of the arrival stop
  /// on its day below it).
  static func expectedValidity(
    of item: ItineraryItem, rows: [LayoutRow], schedule: TripSchedule
  ) -> [Bool] {
    let days = expectedSlotDays(rows)
    guard let info = item.travelInfo else { return days.map { $0 != nil } }
    let from = info.fromStop.map { schedule.stops[$0] }
    let to = info.toStop.map { schedule.stops[$0] }
    let depDay = from?.games.map(\.day).max()
    let arrDay = to?.games.map(\.day).min()
    let first = depDay ?? 1
    let last = arrDay ?? schedule.dayCount
    let index = Dictionary(
      uniqueKeysWithValues: rows.enumerated().compactMap { i, r in r.game.map { ($0.id, i) } })
    return days.enumerated().map { k, day in
      guard let day, (first...last).contains(day) else { return false }
      if day == depDay, let from {
        for g in from.games where g.day == day {
          guard let i = index[g.id], i < k else { return false }
        }
      }
      if day == arrDay, let to {
        for g in to.games where g.day == day {
          guard let i = index[g.id], i >= k else { return false }
        }
      }
      return true
    }
  }

  /// The sortOrder DESIGN.md gives a drop at `slot` (nil for slot 0):
  /// halfway between the neighbours on the slot's day, one less than the
  /// first at the top, one more than the last at the bottom, 50 on an empty
  /// day.
  static func expectedSortOrder(rows: [LayoutRow], slot: Int) -> Double? {
    guard slot > 0 else { return nil }
    let below = rows[slot - 1].sortOrder
    let next = slot < rows.count ? rows[slot] : nil
    let above = next?.sortOrder
    switch (below, above) {
    case (let b?, let a?): return (b + a) / 2
    case (nil, let a?): return a - 1
    case (let b?, nil): return b + 1
    case (nil, nil): return 50
    }
  }

  /// Runs `body`, expecting an `ItineraryRefusal` whose reason contains
  /// every one of `words`; returns the reason.
  @discardableResult
  static func assertRefused<T>(
    _ words: [String] = [], file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
  ) -> String? {
    do {
      let value = try body()
      XCTFail("expected a refusal, got \(value)", file: file, line: line)
      return nil
    } catch let refusal as ItineraryRefusal {
      XCTAssertFalse(
        refusal.reason.trimmingCharacters(in: .whitespaces).isEmpty, "empty reason", file: file,
        line: line)
      for word in words {
        XCTAssertTrue(
          refusal.reason.contains(word), "reason '\(refusal.reason)' lacks '\(word)'",
          file: file, line: line)
      }
      return refusal.reason
    } catch {
      XCTFail("expected an ItineraryRefusal, got \(error)", file: file, line: line)
      return nil
    }
  }

  /// Asserts a refused drop whose reason contains every one of `words`.
  static func assertRefusedDrop(
    _ outcome: DropOutcome, _ words: [String] = [], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard case .refused(let reason, _) = outcome else {
      return XCTFail("expected a refused drop, got \(outcome)", file: file, line: line)
    }
    XCTAssertFalse(reason.isEmpty, "empty reason", file: file, line: line)
    for word in words {
      XCTAssertTrue(
        reason.contains(word), "reason '\(reason)' lacks '\(word)'", file: file, line: line)
    }
  }

  /// The moved item of a drop, failing the test on a refusal.
  static func moved(
    _ outcome: DropOutcome, file: StaticString = #filePath, line: UInt = #line
  ) throws -> (item: ItineraryItem, changed: [ItineraryItem], renormalized: Bool) {
    switch outcome {
    case .moved(let item, let changed, let renormalized): return (item, changed, renormalized)
    case .refused(let reason, _):
      XCTFail("drop refused: \(reason)", file: file, line: line)
      throw FixtureError(message: "drop refused: \(reason)")
    }
  }
}

/// The stored items as a store would keep them: every `ItineraryChange` is
/// applied to it (inserted, updated, deleted), checking that inserts are new
/// ids and updates/deletes name existing ones.
struct ItemModel {
  private(set) var items: [ItineraryItem]

  init(_ items: [ItineraryItem]) { self.items = items }

  /// Applies `change`; returns false (after failing the test) when it names
  /// ids the wrong way.
  @discardableResult
  mutating func apply(
    _ change: ItineraryChange, file: StaticString = #filePath, line: UInt = #line
  ) -> Bool {
    var ok = true
    let ids = Set(items.map(\.id))
    for item in change.inserted {
      if ids.contains(item.id) || items.contains(where: { $0.id == item.id }) {
        XCTFail("inserted id \(item.id) already stored", file: file, line: line)
        ok = false
      }
      items.append(item)
    }
    for item in change.updated {
      guard let i = items.firstIndex(where: { $0.id == item.id }) else {
        XCTFail("updated id \(item.id) is not stored", file: file, line: line)
        ok = false
        continue
      }
      items[i] = item
    }
    for id in change.deleted {
      guard let i = items.firstIndex(where: { $0.id == id }) else {
        XCTFail("deleted id \(id) is not stored", file: file, line: line)
        ok = false
        continue
      }
      items.remove(at: i)
    }
    return ok
  }

  /// Applies a drop outcome as a store would (`changed` are updates).
  mutating func apply(
    _ outcome: DropOutcome, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard case .moved(let item, let changed, let renormalized) = outcome else { return }
    apply(
      ItineraryChange(item: item, updated: changed, renormalized: renormalized), file: file,
      line: line)
  }
}

/// Real 2024 trips (from `../shared/data/retrosheet/2024schedule.csv`) for
/// the engine's property and red-zone tests.
enum PropertyTrips {
  /// Cubs June 17–19, Brewers June 24–25: rest days between the stops.
  static let midwest: [Game.ID] = [
    "CHN202406170", "CHN202406180", "CHN202406190", "MIL202406240", "MIL202406250",
  ]
  /// Cubs, White Sox (same city, other venue), the White Sox doubleheader
  /// formed on July 10 by the July 9 rainout and a Brewers night game the
  /// same day (a same-day leg), back to the White Sox (a venue visited
  /// twice), then Detroit.
  static let chicagoTwice: [Game.ID] = [
    "CHN202407070", "CHA202407080", "CHA202407101", "CHA202407102", "MIL202407100",
    "MIL202407110", "CHA202407120", "DET202407130", "DET202407140",
  ]
  /// Yankees, Mets, Phillies, Red Sox, Mets again.
  static let northeast: [Game.ID] = [
    "NYA202407050", "NYA202407060", "NYN202407090", "PHI202407110", "BOS202407130",
    "NYN202407140",
  ]
  /// Oakland, a Giants doubleheader on July 27, Anaheim, San Diego.
  static let westCoast: [Game.ID] = [
    "OAK202407230", "OAK202407240", "SFN202407260", "SFN202407271", "SFN202407272",
    "ANA202407280", "SDN202407300", "SDN202407310",
  ]

  static let all = [midwest, chicagoTwice, northeast, westCoast]

  /// Plans a trip over the 2024 games `ids` with `environment`.
  static func plan(_ ids: [Game.ID], environment: RuleEnvironment) throws -> PlannedTrip {
    let games = try ids.map { try Fixtures.seasonGame($0) }
    return try TripBuilder.plan(
      name: "Property", games: games, start: nil, end: nil, catalog: try Fixtures.catalog(),
      environment: environment)
  }
}
