import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The one-buffer JSON renderer and the one-pass iCalendar folder give the
/// same bytes as the straightforward versions they replaced (kept here as
/// the reference), on random text full of the characters that need care:
/// quotes, controls, C1 controls, line separators, combining marks, emoji
/// sequences, CRLF, and single characters longer than a line.
final class OutputEquivalenceTests: XCTestCase {
  /// Pieces random text is made of.
  private static let pieces: [String] = [
    "a", "Z", "7", " ", "\"", "\\", "/", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{1B}", "\u{7F}",
    "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "e\u{301}", "\u{301}", "\u{2028}", "\u{2029}",
    "\u{2027}", "\u{202A}", "€", "日本", "👍🏽", "👨‍👩‍👧‍👦", "🇺🇸", "\u{FEFF}", "\u{10FFFF}",
    "Wrigley Field, Chicago", ";", ",", String(repeating: "\u{301}", count: 40),
  ]

  private func randomText(_ rng: inout SplitMix64, maxPieces: Int) -> String {
    let n = Int.random(in: 0...maxPieces, using: &rng)
    return (0..<n).map { _ in Self.pieces.randomElement(using: &rng) ?? "" }.joined()
  }

  // MARK: The replaced implementations (reference).

  private func referenceRender(_ value: JSONValue, indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent)
    let inner = String(repeating: "  ", count: indent + 1)
    switch value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .number(let d):
      guard d.isFinite else { return "null" }
      if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
      return "\(d)"
    case .string(let s): return referenceQuote(s)
    case .array(let items):
      if items.isEmpty { return "[]" }
      return "[\n"
        + items.map { inner + referenceRender($0, indent: indent + 1) }.joined(separator: ",\n")
        + "\n" + pad + "]"
    case .object(let pairs):
      if pairs.isEmpty { return "{}" }
      return "{\n"
        + pairs.map {
          inner + referenceQuote($0.0) + ": " + referenceRender($0.1, indent: indent + 1)
        }
        .joined(separator: ",\n") + "\n" + pad + "}"
    }
  }

  private func referenceQuote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
          || scalar.value == 0x2028 || scalar.value == 0x2029
        {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  private func referenceFold(_ line: String) -> [String] {
    let limit = ICalendarExport.lineLimit
    var pieces: [String] = []
    var current = String.UnicodeScalarView()
    var octets = 0
    var capacity = limit
    func add(_ scalars: String.UnicodeScalarView, width: Int) {
      if octets + width > capacity && octets > 0 {
        pieces.append(String(current))
        current = String.UnicodeScalarView()
        octets = 0
        capacity = limit - 1
      }
      current.append(contentsOf: scalars)
      octets += width
    }
    for character in line {
      let width = character.utf8.count
      if width <= limit - 1 {
        add(character.unicodeScalars, width: width)
      } else {
        for scalar in character.unicodeScalars {
          add(String.UnicodeScalarView([scalar]), width: UTF8.width(scalar))
        }
      }
    }
    pieces.append(String(current))
    return pieces.enumerated().map { $0.offset == 0 ? $0.element : " " + $0.element }
  }

  /// The iCalendar TEXT escaping as it was, scalar by scalar
  /// (`ICalendarExport.text` now works on UTF-8 bytes).
  private func referenceICalendarText(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in s.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
      case ";": out.append(contentsOf: "\\;".unicodeScalars)
      case ",": out.append(contentsOf: "\\,".unicodeScalars)
      case "\n" where previousWasCR: continue
      case "\n", "\r": out.append(contentsOf: "\\n".unicodeScalars)
      case "\t": out.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        out.append(scalar)
      }
    }
    return String(out)
  }

  // MARK: Tests.

  private func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
    switch Int.random(in: 0...(depth > 3 ? 4 : 6), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &rng))
    case 3:
      return .number(
        [0.5, -0, 1e15, 1e16, 100.25, .nan, .infinity, 3, 1 / 3, -2.5e-7].randomElement(
          using: &rng) ?? 0)
    case 4: return .string(randomText(&rng, maxPieces: 12))
    case 5:
      return .array(
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
    default:
      return .object(
        (0..<Int.random(in: 0...4, using: &rng)).map { _ in
          (randomText(&rng, maxPieces: 3), randomValue(&rng, depth: depth + 1))
        })
    }
  }

  func testRender_givesTheReferenceBytes() {
    var rng = SplitMix64(seed: 0x15_0009_0002)
    for _ in 0..<3_000 {
      let value = randomValue(&rng, depth: 0)
      let indent = Int.random(in: 0...2, using: &rng)
      XCTAssertEqual(
        Array(value.render(indent: indent).utf8), Array(referenceRender(value, indent: indent).utf8)
      )
    }
  }

  func testQuote_givesTheReferenceBytesForEveryPieceAndMixes() {
    for piece in Self.pieces {
      XCTAssertEqual(Array(JSONValue.quote(piece).utf8), Array(referenceQuote(piece).utf8), piece)
    }
    for value in [0, 0x1F, 0x7F, 0x80, 0x9F, 0xA0, 0x2028, 0x2029, 0xD7FF, 0xE000, 0x10FFFF] {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let s = "x" + String(Character(scalar)) + "y"
      XCTAssertEqual(Array(JSONValue.quote(s).utf8), Array(referenceQuote(s).utf8), "\(value)")
    }
    var rng = SplitMix64(seed: 0x15_0009_0003)
    for _ in 0..<5_000 {
      let s = randomText(&rng, maxPieces: 20)
      XCTAssertEqual(Array(JSONValue.quote(s).utf8), Array(referenceQuote(s).utf8))
    }
  }

  func testFold_givesTheReferencePiecesAndNoPieceIsOverTheLimit() {
    var rng = SplitMix64(seed: 0x15_0009_0004)
    var lines = [
      "", "X:", String(repeating: "a", count: 75), String(repeating: "a", count: 76),
      String(repeating: "a", count: 75 + 74 + 1), String(repeating: "é", count: 40),
      "X:" + String(repeating: "\r\n", count: 50), "e" + String(repeating: "\u{301}", count: 60),
    ]
    for _ in 0..<4_000 {
      let ascii = Bool.random(using: &rng)
      lines.append(
        ascii
          ? String(repeating: "ab;,", count: Int.random(in: 0...80, using: &rng))
          : randomText(&rng, maxPieces: 60))
    }
    for line in lines {
      let pieces = ICalendarExport.fold(line)
      XCTAssertEqual(pieces, referenceFold(line))
      XCTAssertEqual(pieces.map { Array($0.utf8) }, referenceFold(line).map { Array($0.utf8) })
      XCTAssertTrue(pieces.allSatisfy { $0.utf8.count <= ICalendarExport.lineLimit }, line)
      var out = ""
      ICalendarExport.appendFolded(line, to: &out)
      XCTAssertEqual(Array(out.utf8), Array(pieces.map { $0 + "\r\n" }.joined().utf8))
    }
  }

  func testICalendarText_givesTheReferenceBytes() {
    for piece in Self.pieces {
      XCTAssertEqual(
        Array(ICalendarExport.text(piece).utf8), Array(referenceICalendarText(piece).utf8), piece)
    }
    var rng = SplitMix64(seed: 0x15_0009_0005)
    for _ in 0..<5_000 {
      let s = randomText(&rng, maxPieces: 30)
      XCTAssertEqual(Array(ICalendarExport.text(s).utf8), Array(referenceICalendarText(s).utf8))
    }
  }

  func testFixedPoint_isWhatStringFormatWrites() {
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -0.5, 1.0000005, 41.9484, -87.6553, 1e-7, -1e-7, 123_456.789_012_5,
      1e15, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan, .infinity,
      -.infinity,
    ]
    var rng = SplitMix64(seed: 0x15_0009_0006)
    for _ in 0..<3_000 {
      let magnitude = Double.random(in: -8...8, using: &rng)
      values.append(
        Double.random(in: -1...1, using: &rng) * Foundation.pow(10, magnitude.rounded()))
      // Halves at the last printed digit, where rounding is decided.
      values.append(Double(Int.random(in: -2_000_000...2_000_000, using: &rng)) / 2e6)
    }
    for value in values {
      for decimals in [0, 1, 2, 6] {
        XCTAssertEqual(
          FixedPoint.text(value, decimals: decimals), String(format: "%.\(decimals)f", value),
          "\(value)")
      }
    }
  }

  func testWholeText_isWhatStringFormatWritesOrNil() {
    var values: [Double] = [
      0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -0.3, 0.49999999999999994, 4_503_599_627_370_495.5,
      4_503_599_627_370_497, 9_007_199_254_740_991, -9_007_199_254_740_991,
    ]
    var rng = SplitMix64(seed: 0x15_0009_0703)
    for _ in 0..<5_000 {
      let magnitude = Double.random(in: -3...16, using: &rng)
      values.append(
        Double.random(in: -1...1, using: &rng) * Foundation.pow(10, magnitude.rounded()))
      values.append(Double(Int.random(in: -2_000_000...2_000_000, using: &rng)) / 2)
    }
    for value in values {
      let expected = String(format: "%.0f", value)
      if value.magnitude < 9_007_199_254_740_992 {
        XCTAssertEqual(FixedPoint.wholeText(value), expected, "\(value)")
      } else {
        XCTAssertNil(FixedPoint.wholeText(value), "\(value)")
      }
      XCTAssertEqual(FixedPoint.text(value, decimals: 0), expected, "\(value)")
    }
    for value in [
      9_007_199_254_740_992, -9_007_199_254_740_992, 1e300, .nan, .infinity, -.infinity,
    ] {
      XCTAssertNil(FixedPoint.wholeText(value), "\(value)")
      XCTAssertEqual(FixedPoint.text(value, decimals: 0), String(format: "%.0f", value))
    }
  }

  func testExportFigures_areWhatStringFormatWrote() {
    for meters in [0, -0.0, -400, 60, 640, 1_609.344 / 2, 1_540, 12_345.678, 148_000, 1e9] {
      for metric in [false, true] {
        let value = metric ? meters / 1000 : meters / TravelInfo.metersPerMile
        let whole = String(format: "%.0f", value)
        // Under one unit, a tenth (review 10: "0 mi" between neighbours).
        let shown =
          value >= 0.05 && value < 0.95
          ? String(format: "%.1f", value) : whole == "-0" ? "0" : whole
        XCTAssertEqual(
          ExportSupport.distance(meters, metric: metric), "\(shown) \(metric ? "km" : "mi")")
      }
    }
    for seconds in stride(from: -7_200.0, through: 90_000, by: 97.3) {
      let minutes = ExportSupport.wholeMinutes(seconds)
      // Seconds of travel are "< 1 min", not "0 min" (review 12).
      let reference =
        minutes == 0 && seconds > 0
        ? "< 1 min"
        : minutes < 60
          ? "\(minutes) min"
          : minutes % 60 == 0
            ? "\(minutes / 60) h" : "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
      XCTAssertEqual(ExportSupport.duration(seconds), reference, "\(seconds)")
    }
  }
}
