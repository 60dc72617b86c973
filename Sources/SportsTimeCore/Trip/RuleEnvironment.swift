import Foundation

/// The values a rule needs from the outside world, injected so runs are
/// reproducible: the current instant, new ids and the route estimator.
/// (Named for what it is given to: "Environment" alone said nothing, and
/// front ends have environments of their own — a process's variables, a
/// server's settings.)
public struct RuleEnvironment: Sendable {
  /// The current instant. The environments made here round it to the
  /// microsecond (`Date.roundedToMicrosecond`), as the store keeps it, so
  /// an instant a rule stamps is the one read back.
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
  public static let live = RuleEnvironment(
    now: { Date().roundedToMicrosecond }, uuid: { UUID() }, estimator: .default)

  /// This environment with its clock read once, now: every later `now()`
  /// returns that same instant. A front end freezes the environment at the
  /// start of each operation (a command, a request), so every rule and
  /// store write of the operation stamps one instant (issue 9: the current
  /// instant is read once per operation).
  public func frozen() -> RuleEnvironment {
    var copy = self
    let instant = now().roundedToMicrosecond
    copy.now = { instant }
    return copy
  }

  /// A fixed clock (`now` rounded to the microsecond) and sequential UUIDs (`00000000-0000-0000-0000-000000000001`,
  /// …), for tests and reproducible runs.
  public static func fixed(now: Date, estimator: RouteEstimator = .default)
    -> RuleEnvironment
  {
    let counter = Counter()
    let instant = now.roundedToMicrosecond
    return RuleEnvironment(
      now: { instant },
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
