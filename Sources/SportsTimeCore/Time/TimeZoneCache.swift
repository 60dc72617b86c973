import Foundation

/// Time zones by IANA identifier, each made once per process and shared:
/// Foundation builds a new zone for every `TimeZone(identifier:)` (3–4% of
/// `games --team CHC`, one per game printed), while the venue tables use a
/// dozen zones. The answer for an identifier never changes while a process
/// runs, so a cached zone is the one Foundation would make.
final class TimeZoneCache: @unchecked Sendable {
  /// The one cache of the process.
  private static let shared = TimeZoneCache()
  /// Guards `zones`.
  private let lock = NSLock()
  /// The zones asked for so far (nil for an identifier Foundation does not
  /// know).
  private var zones: [String: TimeZone?] = [:]

  /// `TimeZone(identifier: id)`, made on the first request for `id`.
  /// Safe to call from any thread.
  static func zone(_ id: String) -> TimeZone? { shared.zone(id) }

  /// See `zone(_:)`.
  private func zone(_ id: String) -> TimeZone? {
    lock.lock()
    if let known = zones[id] {
      lock.unlock()
      return known
    }
    lock.unlock()
    let zone = TimeZone(identifier: id)
    lock.lock()
    zones[id] = .some(zone)
    lock.unlock()
    return zone
  }
}
