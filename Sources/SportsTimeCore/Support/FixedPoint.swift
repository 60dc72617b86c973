import Foundation

/// Decimal text of a `Double` with a fixed number of digits after the
/// point, exactly as `String(format: "%.Nf", value)` writes it (the C
/// library's formatting, correctly rounded from the binary value) but
/// without Foundation's format-string machinery, which costs tens of
/// microseconds a call (every coordinate of an export).
enum FixedPoint {
  /// `value` with `decimals` digits after the point (0…17), e.g.
  /// `FixedPoint.text(-87.6553, decimals: 6)` is `-87.655300`.
  static func text(_ value: Double, decimals: Int) -> String {
    let digits = min(max(decimals, 0), 17)
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer -> String in
      guard let base = buffer.baseAddress else { return String(format: "%.\(digits)f", value) }
      // %.*f: the precision is an argument. 400 bytes hold any Double
      // (at most 309 integer digits, a sign, a point and 17 decimals).
      let count = withVaList([Int32(digits), value]) {
        vsnprintf(base, buffer.count, "%.*f", $0)
      }
      guard count >= 0, Int(count) < buffer.count else {
        return String(format: "%.\(digits)f", value)
      }
      return String(cString: base)
    }
  }
}
