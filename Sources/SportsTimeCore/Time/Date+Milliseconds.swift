import Foundation

extension Date {
  /// This instant as whole milliseconds since 1970-01-01T00:00:00Z (the
  /// Unix epoch), rounded to the nearest (a half away from zero): the form
  /// the store keeps every instant in, as JavaScript's `Date`, sync's
  /// hybrid logical clocks and a PostgreSQL `bigint` hold it exactly.
  /// Clamped to `Int64`'s range (an instant hundreds of millions of years
  /// away); 0 for a NaN or infinite one.
  public var millisecondsSince1970: Int64 {
    let milliseconds = (timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite else { return 0 }
    if milliseconds >= 9.2e18 { return Int64.max }
    if milliseconds <= -9.2e18 { return Int64.min }
    return Int64(milliseconds)
  }

  /// The instant `milliseconds` whole milliseconds after
  /// 1970-01-01T00:00:00Z (before it when negative).
  public init(millisecondsSince1970 milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// This instant rounded to the nearest millisecond: what the store reads
  /// back after writing it, bit for bit, so the clocks that make instants
  /// (`RuleEnvironment`, the store's) round them where they are made.
  public var roundedToMillisecond: Date {
    Date(millisecondsSince1970: millisecondsSince1970)
  }
}
