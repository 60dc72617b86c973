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

extension FixedPoint {
  /// 10^0 … 10^6, each exact as a `Double`.
  private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

  /// `value` × 10^`decimals` rounded to a whole number as `%.*f` rounds
  /// it — the exact binary value, half to even — with the sign printf
  /// writes (that of `value`, so `-0.001` is negative with 0 units), for
  /// `decimals` 0…6 and finite values whose scaled magnitude is below
  /// 2^52; else nil.
  ///
  /// The product `p` is rounded once; its exact error `e` comes from a
  /// fused multiply-add, so `p + e` is the exact scaled value. `p`'s
  /// nearest whole number is then the answer unless `p` is exactly halfway
  /// between two, where the sign of `e` (or, when `e` is 0, the even
  /// neighbour) decides: elsewhere `p` is at least one ulp from a half and
  /// `|e|` at most half an ulp. Without Foundation's format-string path
  /// (a `CVarArg` box and an `NSString` a call: 6% of `map --out`).
  static func scaled(_ value: Double, decimals: Int) -> (negative: Bool, units: UInt64)? {
    guard (0...6).contains(decimals), value.isFinite else { return nil }
    let negative = value.sign == .minus
    let p = value * powersOfTen[decimals]
    guard p.magnitude < 4_503_599_627_370_496 else { return nil }
    // Below a quarter the exact value is below a half too (the product is
    // off by far less); this also keeps `e` away from underflow.
    if p.magnitude < 0.25 { return (negative, 0) }
    let e = (-p).addingProduct(value, powersOfTen[decimals])
    // In magnitudes: the exact scaled magnitude is `m + d`.
    let m = p.magnitude
    let d = p < 0 ? -e : e
    var units = m.rounded(.toNearestOrEven)
    let f = m - units  // exact: `units` is within a half of `m`
    // A tie of `m`: `units` is its even neighbour, and the exact value lies
    // past the tie when `d` points the way `f` does (with `d` 0 the tie
    // stands, and half to even keeps `units`).
    if f == 0.5, d > 0 { units += 1 }
    if f == -0.5, d < 0 { units -= 1 }
    return (negative, UInt64(units))
  }

  /// `value` with `decimals` (0…6) digits after the point, exactly as
  /// `String(format: "%.*f")` writes it, or nil where `scaled` is nil.
  static func exactText(_ value: Double, decimals: Int) -> String? {
    guard let (negative, units) = scaled(value, decimals: decimals) else { return nil }
    return digits(negative: negative, units: units, decimals: decimals, trimmingZeros: false)
  }

  /// The text of `units` / 10^`decimals` with `decimals` digits after the
  /// point (a `-` first when `negative`); with `trimmingZeros`, trailing
  /// zeros of the fraction and then a bare point are left out.
  static func digits(negative: Bool, units: UInt64, decimals: Int, trimmingZeros: Bool)
    -> String
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    if negative { bytes.append(UInt8(ascii: "-")) }
    let scale = UInt64(powersOfTen[decimals])
    var whole = units / scale
    var fraction = units % scale
    var wholeDigits: [UInt8] = []
    repeat {
      wholeDigits.append(UInt8(ascii: "0") + UInt8(whole % 10))
      whole /= 10
    } while whole > 0
    bytes.append(contentsOf: wholeDigits.reversed())
    var shown = decimals
    if trimmingZeros {
      while shown > 0, fraction % 10 == 0 {
        fraction /= 10
        shown -= 1
      }
    }
    if shown > 0 {
      bytes.append(UInt8(ascii: "."))
      let start = bytes.count
      for _ in 0..<shown {
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        fraction /= 10
      }
      bytes[start...].reverse()
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
