import Foundation

/// A planned road trip: a run of calendar days and the games picked for it.
///
/// Day N is `startDate + (N − 1)` calendar days (DESIGN.md, "Time").
public struct Trip: Sendable, Hashable, Codable, Identifiable {
  /// Stable identifier.
  public var id: UUID
  /// The name the traveller gave it; unique among their trips.
  public var name: String
  /// Day 1.
  public var startDate: CalendarDate
  /// The last day (inclusive).
  public var endDate: CalendarDate
  /// Ids of the games picked, in time order.
  public var gameIDs: [String]
  /// When the trip was created (UTC instant).
  public var createdAt: Date
  /// When the trip or any of its items last changed (UTC instant).
  public var modifiedAt: Date

  /// Creates a trip; see the properties.
  public init(
    id: UUID, name: String, startDate: CalendarDate, endDate: CalendarDate,
    gameIDs: [String], createdAt: Date, modifiedAt: Date
  ) {
    self.id = id
    self.name = name
    self.startDate = startDate
    self.endDate = endDate
    self.gameIDs = gameIDs
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt
  }

  /// Number of days, `endDate − startDate + 1` (≥ 1 for a valid trip).
  public var dayCount: Int { startDate.days(to: endDate) + 1 }

  /// The calendar date of 1-based `day` (may lie outside the trip).
  public func date(ofDay day: Int) -> CalendarDate {
    startDate.adding(days: day - 1)
  }

  /// The calendar date of 1-based `day` when it is a real date (years
  /// 1–9999), else nil. A stored item may sit on any such day: inside the
  /// trip it is scheduled, outside it is Unscheduled (as a re-plan that
  /// moves the trip's days leaves it).
  public func realDate(ofDay day: Int) -> CalendarDate? {
    startDate.addingWithinCalendar(days: day - 1)
  }

  /// The 1-based day number of `date` (≤ 0 or > dayCount when outside).
  public func day(of date: CalendarDate) -> Int {
    startDate.days(to: date) + 1
  }
}

/// The values a rule needs from the outside world, injected so runs are
/// reproducible: the current instant, new ids and the route estimator.
public struct Environment: Sendable {
  /// The current instant.
  public var now: @Sendable () -> Date
  /// A fresh unique id.
  public var uuid: @Sendable () -> UUID
  /// Distances and durations of legs.
  public var estimator: RouteEstimator

  /// Creates an environment from its parts.
  public init(
    now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID,
    estimator: RouteEstimator
  ) {
    self.now = now
    self.uuid = uuid
    self.estimator = estimator
  }

  /// The real clock, random UUIDs and the default estimator.
  public static let live = Environment(
    now: { Date() }, uuid: { UUID() }, estimator: .default)

  /// A fixed clock and sequential UUIDs (`00000000-0000-0000-0000-000000000001`,
  /// …), for tests and reproducible runs.
  public static func fixed(now: Date, estimator: RouteEstimator = .default)
    -> Environment
  {
    let counter = Counter()
    return Environment(
      now: { now },
      uuid: {
        let n = counter.next()
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llx", n))
          ?? UUID()
      }, estimator: estimator)
  }
}

/// A thread-safe counter for sequential fixed UUIDs.
final class Counter: @unchecked Sendable {
  private var value: UInt64 = 0
  private let lock = NSLock()
  /// Returns 1, 2, 3, … across calls.
  func next() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
