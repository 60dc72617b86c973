import Foundation

extension Date {
  /// This instant as whole microseconds since 1970-01-01T00:00:00Z (the
  /// Unix epoch), rounded to the nearest (a half away from zero): the form
  /// the store keeps every instant in, as a PostgreSQL `timestamptz` holds
  /// it exactly, and the digits the trip file prints
  /// (`TripExchange.instant`, which rounds `timeIntervalSince1970 ×
  /// 1,000,000` the same way, so a stored instant prints as it printed
  /// before it was stored). Clamped to `Int64`'s range (an instant some
  /// 292,000 years away); 0 for a NaN or infinite one. (Sync's hybrid
  /// logical clocks count milliseconds: they are clocks, not stored
  /// instants.)
  public var microsecondsSince1970: Int64 {
    let microseconds = (timeIntervalSince1970 * 1_000_000).rounded()
    guard microseconds.isFinite else { return 0 }
    if microseconds >= 9.2e18 { return Int64.max }
    if microseconds <= -9.2e18 { return Int64.min }
    return Int64(microseconds)
  }

  /// The instant `microseconds` whole microseconds after
  /// 1970-01-01T00:00:00Z (before it when negative).
  public init(microsecondsSince1970 microseconds: Int64) {
    self.init(timeIntervalSince1970: Double(microseconds) / 1_000_000)
  }

  /// This instant rounded to the nearest microsecond: what the store reads
  /// back after writing it, bit for bit, so the clocks that make instants
  /// (`RuleEnvironment`, the store's) round them where they are made.
  public var roundedToMicrosecond: Date {
    Date(microsecondsSince1970: microsecondsSince1970)
  }
}
