import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeAPI

/// The hand-written writers (`WireWritable`): one encoding path, the same
/// bytes alone and inside documents the generic encoder writes.
final class WireWritableTests: XCTestCase {
  static let golden = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

  func show() throws -> WireV1.Itinerary {
    try Wire.decode(
      WireV1.Itinerary.self,
      from: Data(contentsOf: Self.golden.appendingPathComponent("trip-show.json")))
  }

  /// No compiler-made second encoding: another encoder is refused.
  func testAnotherEncoderIsRefused() throws {
    let show = try show()
    XCTAssertThrowsError(try JSONEncoder().encode(show))
    let row = try XCTUnwrap(show.rows.first)
    XCTAssertThrowsError(try JSONEncoder().encode([row]))
    XCTAssertThrowsError(try JSONEncoder().encode(show.trip))
    XCTAssertThrowsError(try JSONEncoder().encode(DayRange(2...3)))
  }

  /// A row inside a document of the generic encoder (a server answer) is
  /// written by its own writer, at its place and indent.
  func testRowsInsideEncodableDocumentsUseTheirWriter() throws {
    let show = try show()
    let travel = try XCTUnwrap(show.rows.first { $0.kind == .travel })
    let custom = try XCTUnwrap(show.rows.first { $0.kind == .custom })
    var alone = JSONWriter()
    travel.write(to: &alone)
    XCTAssertEqual(try Wire.render(travel), alone.text)
    XCTAssertTrue(alone.text.contains("\"validDays\": [\n"), alone.text)
    var text = String(decoding: try Wire.bytes(show), as: UTF8.self)
    text.removeLast(2)
    text += """
      ,
        "revision": 4,
        "venues": {
          "CHI11": {
            "name": "Wrigley Field",
            "city": "Chicago",
            "timeZone": "America/Chicago",
            "latitude": 41.948,
            "longitude": -87.6553
          }
        },
        "undo": "Move “Deep dish”",
        "redo": null
      }
      """
    let document = try Wire.decode(WireV1.TripDocument.self, from: Data(text.utf8))
    XCTAssertEqual(try Wire.render(document), text, "the trip document's own bytes")
    let answer = WireV1.ItemWrite(row: custom, changed: true, warnings: [], itinerary: document)
    let value = try Wire.value(answer)
    guard case .object(let pairs) = value else { return XCTFail("not an object: \(value)") }
    XCTAssertEqual(pairs.map(\.0), ["row", "changed", "warnings", "itinerary"])
    XCTAssertEqual(pairs[0].1, try Wire.value(custom))
    guard case .object(let inner) = pairs[3].1 else { return XCTFail("no itinerary") }
    XCTAssertEqual(
      inner.map(\.0), ["trip", "rows", "unscheduled", "revision", "venues", "undo", "redo"])
    XCTAssertEqual(inner[3].1, .int(4))
    XCTAssertEqual(inner[5].1, .string("Move “Deep dish”"))
    XCTAssertEqual(inner[6].1, .null)
    let again = try Wire.decode(WireV1.ItemWrite.self, from: Data(try Wire.bytes(answer)))
    XCTAssertEqual(again, answer)
  }

  /// The optional keys of the itinerary: left out when nil, written after
  /// `unscheduled` when given.
  func testWarningsAndCopiedFromComeLast() throws {
    var show = try show()
    show.warnings = ["a \"tight\" leg"]
    show.copiedFrom = try Wire.decode(
      WireV1.TripRef.self, from: Data(#"{"id": "x", "name": "Old"}"#.utf8))
    guard case .object(let pairs) = try Wire.value(show) else { return XCTFail("not an object") }
    XCTAssertEqual(pairs.map(\.0), ["trip", "rows", "unscheduled", "warnings", "copiedFrom"])
    XCTAssertEqual(pairs[3].1, .array([.string("a \"tight\" leg")]))
    XCTAssertEqual(pairs[4].1, .object([("id", .string("x")), ("name", .string("Old"))]))
  }
}
