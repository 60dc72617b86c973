import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// `JSONWriter.key(literal:)` (issue 9, speed: a literal key copied without
/// `key(_:)`'s escape scan) writes the same bytes as `key(_:)`, wherever
/// the key falls: first or later member, any depth, any base indent.
final class JSONWriterKeyTests: XCTestCase {
  /// The keys of the hand-written wire writers, and a one-letter one.
  static let literals: [StaticString] = [
    "id", "number", "kind", "day", "date", "sortOrder", "title", "gameID", "start", "venueID",
    "timeEstimated", "timeUnknown", "status", "originalDate", "from", "to", "fromVenueID",
    "toVenueID", "distanceMeters", "durationSeconds", "validDays", "tight", "mode", "category",
    "time", "timeZone", "latitude", "longitude", "address", "warnings", "trip", "rows",
    "unscheduled", "copiedFrom", "format", "version", "games", "items", "x", "a key with spaces",
    "createdAt", "modifiedAt", "fromStop", "toStop", "fromName", "toName", "custom", "travel",
  ]

  /// Random documents (objects and arrays nested up to 5 deep, every
  /// kind of value, keys from `literals`, base indents 0–3) written once
  /// with `key(literal:)` and once with `key(_:)`: the same bytes.
  func testLiteralKeys_writeWhatKeyWrites_onRandomDocuments() {
    var rng = SplitMix64(seed: 0x0009_0C0A)
    for round in 0..<300 {
      let indent = Int(rng.next() % 4)
      var literal = JSONWriter(indent: indent)
      var checked = JSONWriter(indent: indent)
      // One stream of choices drives both writers alike.
      var choices: [UInt64] = (0..<400).map { _ in rng.next() }
      var position = 0
      func next() -> UInt64 {
        defer { position += 1 }
        if position >= choices.count { choices.append(0) }
        return choices[position]
      }
      func value(_ w: inout JSONWriter, depth: Int, literalKeys: Bool) {
        let choice = next() % (depth < 5 ? 8 : 5)
        switch choice {
        case 0: w.null()
        case 1: w.bool(next() % 2 == 0)
        case 2: w.int(Int(truncatingIfNeeded: next()) >> Int(next() % 64))
        case 3: w.number(Double(Int64(truncatingIfNeeded: next()) >> 30) / 64)
        case 4: w.string(["", "Wrigley Field", "a \"b\"\n", "Café"][Int(next() % 4)])
        case 5, 6:
          w.beginObject()
          for _ in 0..<Int(next() % 4) {
            let key = Self.literals[Int(next() % UInt64(Self.literals.count))]
            if literalKeys { w.key(literal: key) } else { w.key(key.description) }
            value(&w, depth: depth + 1, literalKeys: literalKeys)
          }
          w.endObject()
        default:
          w.beginArray()
          for _ in 0..<Int(next() % 4) { value(&w, depth: depth + 1, literalKeys: literalKeys) }
          w.endArray()
        }
      }
      func document(_ w: inout JSONWriter, literalKeys: Bool) {
        position = 0
        w.beginObject()
        for key in Self.literals.prefix(Int(next() % 6) + 1) {
          if literalKeys { w.key(literal: key) } else { w.key(key.description) }
          value(&w, depth: 1, literalKeys: literalKeys)
        }
        w.endObject()
      }
      document(&literal, literalKeys: true)
      document(&checked, literalKeys: false)
      XCTAssertGreaterThan(position, 1)
      XCTAssertEqual(literal.text, checked.text, "round \(round)")
      XCTAssertEqual(literal.bytes, checked.bytes, "round \(round)")
    }
  }

  /// A key written as its literal reads back as that key.
  func testLiteralKey_readsBack() throws {
    var w = JSONWriter()
    w.beginObject()
    w.key(literal: "sortOrder")
    w.number(1.5)
    w.key(literal: "x")
    w.null()
    w.endObject()
    XCTAssertEqual(w.text, "{\n  \"sortOrder\": 1.5,\n  \"x\": null\n}")
    XCTAssertEqual(
      try JSONText.value(Data(w.bytes)), .object([("sortOrder", .number(1.5)), ("x", .null)]))
  }
}
