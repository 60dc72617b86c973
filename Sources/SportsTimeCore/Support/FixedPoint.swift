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
    if digits == 0, let whole = wholeText(value) { return whole }
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

  /// `value` rounded to a whole number as `%.0f` writes it — half to even
  /// (printf rounds the exact binary value in the default rounding mode),
  /// `-0` for a negative value that rounds to zero — for finite values
  /// below 2^53 in magnitude (exact integers), else nil. Without the C
  /// varargs of `text`'s general path, whose `CVarArg` boxing costs a
  /// dynamic cast per argument (2.7% of the demo `trip show`, one distance
  /// per leg).
  static func wholeText(_ value: Double) -> String? {
    guard value.isFinite, value.magnitude < 9_007_199_254_740_992 else { return nil }
    let rounded = value.rounded(.toNearestOrEven)
    let digits = String(UInt64(rounded.magnitude))
    return rounded.sign == .minus ? "-" + digits : digits
  }
}
