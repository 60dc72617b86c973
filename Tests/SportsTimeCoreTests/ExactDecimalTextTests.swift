import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `FixedPoint.scaled`/`exactText` round as `%.Nf` does without the C
/// varargs (issue 9, speed: `SVGMap`'s numbers were 6% of `map --out`),
/// and `SVGMap.n`/`n1` write what they wrote through `String(format:)`.
final class ExactDecimalTextTests: XCTestCase {
  /// Values where the rounding is decided: exact binary halves at the
  /// last digit (0.125, 2.5e-6), decimal halves that are not exact
  /// (2.675, 1.005), their neighbours an ulp away, zeros, tiny and
  /// negative values, and random ones at every magnitude a map uses.
  private func values() -> [Double] {
    var values: [Double] = [
      0, -0.0, 0.125, 0.375, -0.125, 2.675, 1.005, 0.005, 0.015, 0.045, -0.005, 0.25, 0.05, 0.15,
      -0.05, 0.001, -0.001, 0.0049999999999999999, 1e-300, -1e-300, .leastNonzeroMagnitude,
      2.5e-6, 1.5e-6, 1199.995, 678.885, 45_035_996_273.704_95, 4_503_599_627_370.4,
      45_035_996_273_704.96, -45_035_996_273_704.96, 1e20, .nan, .infinity, -.infinity,
    ]
    for v in values where v.isFinite && v != 0 {
      values += [v.nextUp, v.nextDown]
    }
    var rng = SplitMix64(seed: 0x0009_5E7A)
    for _ in 0..<8_000 {
      let magnitude = Double.random(in: -7...9, using: &rng).rounded()
      values.append(Double.random(in: -1...1, using: &rng) * Foundation.pow(10, magnitude))
      // Decimal halves at the 1st…6th digit, and exact binary halves.
      let digits = Int.random(in: 1...6, using: &rng)
      let n = Double(Int.random(in: -20_000_000...20_000_000, using: &rng))
      values.append((n + 0.5) / Foundation.pow(10, Double(digits)))
      values.append(n / Double(1 << Int.random(in: 1...12, using: &rng)))
      // Pixel values as the map computes them.
      values.append(Double.random(in: -50...1250, using: &rng))
    }
    return values
  }

  func testExactText_isWhatStringFormatWritesOrNil() {
    for value in values() {
      for decimals in 0...6 {
        let expected = String(format: "%.\(decimals)f", value)
        let scaled = value * Foundation.pow(10, Double(decimals))
        if value.isFinite, scaled.magnitude < 4_503_599_627_370_496 {
          XCTAssertEqual(
            FixedPoint.exactText(value, decimals: decimals), expected, "\(value) \(decimals)")
        } else {
          XCTAssertNil(FixedPoint.exactText(value, decimals: decimals), "\(value) \(decimals)")
        }
      }
    }
    XCTAssertNil(FixedPoint.exactText(1, decimals: 7))
    XCTAssertNil(FixedPoint.exactText(1, decimals: -1))
  }

  /// `SVGMap.n` and `n1` as they were written with `String(format:)`.
  func testSVGNumbers_areWhatTheFormatPathWrote() {
    func referenceN(_ value: Double) -> String {
      var text = String(format: "%.2f", value)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text == "-0" ? "0" : text
    }
    for value in values() {
      XCTAssertEqual(SVGMap.n(value), referenceN(value), "\(value)")
      XCTAssertEqual(SVGMap.n1(value), String(format: "%.1f", value), "\(value)")
    }
    XCTAssertEqual(SVGMap.n(-0.001), "0")
    XCTAssertEqual(SVGMap.n(-0.5), "-0.5")
    XCTAssertEqual(SVGMap.n(12.25), "12.25")
    XCTAssertEqual(SVGMap.n1(-0.01), "-0.0")
  }

  /// `MapViewport.degrees` is `%.4g`, and the description what the format
  /// string wrote, for spans and centres at every zoom.
  func testViewportTexts_areWhatTheFormatPathWrote() {
    var spans =
      values() + [
        0.01, 0.001, 0.0001, 0.00099995, 0.00099994, 9.9995, 9.99949, 99.995, 999.95, 9999.5,
        9999.4, 10_000, 1e-5, 123.456_5, 0.123_45, 28, 62, 26,
      ]
    var rng = SplitMix64(seed: 0x0009_4D69)
    for _ in 0..<8_000 {
      spans.append(Foundation.pow(10, Double.random(in: -5...5, using: &rng)))
    }
    for span in spans {
      XCTAssertEqual(MapViewport.degrees(span), String(format: "%.4g", span), "\(span)")
    }
    for _ in 0..<3_000 {
      let viewport = MapViewport(
        latitude: Double.random(in: -85...85, using: &rng),
        longitude: Double.random(in: -180...180, using: &rng),
        latitudeSpan: Foundation.pow(10, Double.random(in: -2...2, using: &rng)),
        longitudeSpan: Foundation.pow(10, Double.random(in: -2...2.5, using: &rng)))
      let lat = viewport.center.latitude
      let lon = viewport.center.longitude
      let expected = String(
        format: "%.4f° %@, %.4f° %@ · %@° × %@°", abs(lat), lat < 0 ? "S" : "N", abs(lon),
        lon < 0 ? "W" : "E", String(format: "%.4g", viewport.latitudeSpan),
        String(format: "%.4g", viewport.longitudeSpan))
      XCTAssertEqual(viewport.description, expected)
    }
    XCTAssertEqual(
      MapViewport.continentalUnitedStates.description, "37.0000° N, 95.8500° W · 28° × 62°")
  }
}
