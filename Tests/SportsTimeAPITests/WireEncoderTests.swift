import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeAPI

/// The one encoder and its decoder on small hand-made documents: key
/// order, numbers, escaping, nulls, errors.
final class WireEncoderTests: XCTestCase {
  /// Keys deliberately in neither alphabetical nor declaration order.
  struct Ordered: Codable, Equatable {
    var zebra: Int
    var apple: String
    var mango: Bool
    enum CodingKeys: String, CodingKey { case mango, zebra, apple }
  }

  func testKeysComeInCodingKeysOrder() throws {
    let text = try Wire.render(Ordered(zebra: 1, apple: "a", mango: true))
    XCTAssertEqual(text, "{\n  \"mango\": true,\n  \"zebra\": 1,\n  \"apple\": \"a\"\n}")
  }

  func testRendersLikeJSONValueRender() throws {
    let value = try Wire.value([Ordered(zebra: 2, apple: "b", mango: false)])
    let handMade = JSONValue.array([
      .object([("mango", .bool(false)), ("zebra", .int(2)), ("apple", .string("b"))])
    ])
    XCTAssertEqual(value.render(), handMade.render())
    XCTAssertEqual(try Wire.render([Int]()), "[]")
    XCTAssertEqual(try Wire.render([String: Int]()), "{}")
  }

  struct Numbers: Codable, Equatable {
    var whole: Double
    var half: Double
    var tiny: Double
    var huge: Double
    var negative: Int
    var big: Int64
    var small: UInt8
  }

  func testNumbersAreFormattedAsJSONValueDoes() throws {
    let text = try Wire.render(
      Numbers(
        whole: 597_507, half: 0.5, tiny: 1e-7, huge: 1e20, negative: -3,
        big: 9_007_199_254_740_993, small: 255))
    XCTAssertEqual(
      text,
      """
      {
        "whole": 597507,
        "half": 0.5,
        "tiny": 1e-07,
        "huge": 1e+20,
        "negative": -3,
        "big": 9007199254740993,
        "small": 255
      }
      """)
    XCTAssertEqual(try Wire.render([Double.nan, .infinity]), "[\n  null,\n  null\n]")
  }

  func testAnIntegerBeyondIntIsAnError() {
    XCTAssertThrowsError(try Wire.value([UInt64.max])) { error in
      guard case EncodingError.invalidValue = error else {
        return XCTFail("expected invalidValue, got \(error)")
      }
    }
  }

  func testStringsAreEscaped() throws {
    let text = try Wire.render(["q\"b\\s\n\t\u{01}\u{7F}\u{85}\u{2028}é😀"])
    XCTAssertEqual(text, "[\n  \"q\\\"b\\\\s\\n\\t\\u0001\\u007f\\u0085\\u2028é😀\"\n]")
    XCTAssertEqual(
      try Wire.decode([String].self, from: Data(text.utf8)),
      ["q\"b\\s\n\t\u{01}\u{7F}\u{85}\u{2028}é😀"])
  }

  struct Optionals: Codable, Equatable {
    @OrNull var printed: String?
    var omitted: String?
    var after: Int
  }

  func testOrNullPrintsNullAndPlainOptionalsAreLeftOut() throws {
    XCTAssertEqual(
      try Wire.render(Optionals(printed: nil, omitted: nil, after: 1)),
      "{\n  \"printed\": null,\n  \"after\": 1\n}")
    XCTAssertEqual(
      try Wire.render(Optionals(printed: "p", omitted: "o", after: 2)),
      "{\n  \"printed\": \"p\",\n  \"omitted\": \"o\",\n  \"after\": 2\n}")
    // null and a missing key both read as nil.
    XCTAssertEqual(
      try Wire.decode(Optionals.self, from: Data(#"{"after": 3}"#.utf8)),
      Optionals(printed: nil, omitted: nil, after: 3))
    XCTAssertEqual(
      try Wire.decode(
        Optionals.self, from: Data(#"{"printed": null, "omitted": null, "after": 3}"#.utf8)),
      Optionals(printed: nil, omitted: nil, after: 3))
  }

  func testAnExplicitNilIsNull() throws {
    struct Explicit: Encodable {
      var value: Int?
      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(value, forKey: AnyCodingKey(stringValue: "value"))
        try c.encodeNil(forKey: AnyCodingKey(stringValue: "nothing"))
      }
    }
    XCTAssertEqual(
      try Wire.render(Explicit(value: nil)), "{\n  \"value\": null,\n  \"nothing\": null\n}")
  }

  func testSeveralKeyedContainersOfOneEncoderWriteOneObject() throws {
    // As a row writes its common keys, then its kind's fields.
    struct Part: Encodable {
      var name: String
      var value: Int
      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(value, forKey: AnyCodingKey(stringValue: name))
      }
    }
    struct Merged: Encodable {
      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(1, forKey: AnyCodingKey(stringValue: "a"))
        try Part(name: "b", value: 2).encode(to: encoder)
        try Part(name: "c", value: 3).encode(to: encoder)
      }
    }
    XCTAssertEqual(
      try Wire.render([Merged()]),
      "[\n  {\n    \"a\": 1,\n    \"b\": 2,\n    \"c\": 3\n  }\n]")
  }

  func testNestedContainersCloseWhenTheirParentIsWrittenTo() throws {
    struct Nested: Encodable {
      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        var inner = c.nestedContainer(
          keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(stringValue: "o"))
        try inner.encode(true, forKey: AnyCodingKey(stringValue: "x"))
        var list = c.nestedUnkeyedContainer(forKey: AnyCodingKey(stringValue: "l"))
        try list.encode(1)
        var pair = list.nestedUnkeyedContainer()
        try pair.encode("p")
        try list.encode(2)
        _ = c.nestedUnkeyedContainer(forKey: AnyCodingKey(stringValue: "empty"))
        try c.encode("end", forKey: AnyCodingKey(stringValue: "last"))
      }
    }
    let text = try Wire.render(Nested())
    XCTAssertEqual(
      text,
      """
      {
        "o": {
          "x": true
        },
        "l": [
          1,
          [
            "p"
          ],
          2
        ],
        "empty": [],
        "last": "end"
      }
      """)
    // And it is JSON that reads back in that order.
    XCTAssertEqual(try Wire.value(Nested()).render(), text)
  }

  func testAValueThatWritesNothingIsNull() throws {
    struct Nothing: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }
    struct Holder: Encodable {
      var a = Nothing()
      var b = [Nothing()]
    }
    XCTAssertEqual(
      try Wire.render(Holder()), "{\n  \"a\": null,\n  \"b\": [\n    null\n  ]\n}")
  }

  func testWritingContinuesAWriterInPlace() throws {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("document")
    try Wire.write(Ordered(zebra: 1, apple: "a", mango: true), to: &writer)
    writer.key("after")
    writer.int(2)
    writer.endObject()
    XCTAssertEqual(
      writer.text,
      """
      {
        "document": {
          "mango": true,
          "zebra": 1,
          "apple": "a"
        },
        "after": 2
      }
      """)
  }

  func testOrderedMapKeepsItsOrderBothWays() throws {
    let map = OrderedMap([("item:b", "second"), ("item:a", "first"), ("item:b", "again")])
    XCTAssertEqual(map.entries.map(\.key), ["item:b", "item:a"])
    let text = try Wire.render(map)
    XCTAssertEqual(text, "{\n  \"item:b\": \"second\",\n  \"item:a\": \"first\"\n}")
    XCTAssertEqual(try Wire.decode(OrderedMap<String>.self, from: Data(text.utf8)), map)
  }

  func testDayRangeIsAPair() throws {
    XCTAssertEqual(try Wire.render(DayRange(2...5)), "[\n  2,\n  5\n]")
    XCTAssertEqual(try Wire.decode(DayRange.self, from: Data("[3, 3]".utf8)).range, 3...3)
    XCTAssertThrowsError(try Wire.decode(DayRange.self, from: Data("[4, 3]".utf8)))
    XCTAssertThrowsError(try Wire.decode(DayRange.self, from: Data("[1, 2, 3]".utf8)))
  }

  func testDecodingReadsWholeNumbersAsIntegersOnly() throws {
    XCTAssertEqual(
      try Wire.decode([Int].self, from: Data("[3, 3.0, -0, 1e2]".utf8)), [3, 3, 0, 100])
    XCTAssertThrowsError(try Wire.decode([Int].self, from: Data("[3.5]".utf8)))
    XCTAssertThrowsError(try Wire.decode([UInt8].self, from: Data("[256]".utf8)))
    XCTAssertEqual(try Wire.decode([Double].self, from: Data("[0.1, 7]".utf8)), [0.1, 7])
    // true is never a number, nor 1 a boolean.
    XCTAssertThrowsError(try Wire.decode([Int].self, from: Data("[true]".utf8)))
    XCTAssertThrowsError(try Wire.decode([Bool].self, from: Data("[1]".utf8)))
  }

  func testDecodingErrorsNameTheCodingPath() {
    XCTAssertThrowsError(
      try Wire.decode(
        [Ordered].self, from: Data(#"[{"mango": true, "zebra": "x", "apple": "a"}]"#.utf8))
    ) { error in
      guard case DecodingError.typeMismatch(_, let context) = error else {
        return XCTFail("expected typeMismatch, got \(error)")
      }
      XCTAssertEqual(context.codingPath.map(\.stringValue), ["0", "zebra"])
    }
    XCTAssertThrowsError(
      try Wire.decode(Ordered.self, from: Data(#"{"mango": true, "zebra": 1}"#.utf8))
    ) { error in
      guard case DecodingError.keyNotFound(let key, _) = error else {
        return XCTFail("expected keyNotFound, got \(error)")
      }
      XCTAssertEqual(key.stringValue, "apple")
    }
    XCTAssertThrowsError(try Wire.decode(Ordered.self, from: Data("{".utf8))) { error in
      XCTAssertTrue(error is JSONSyntaxError, "\(error)")
    }
  }

  func testOrderedTextReadingKeepsKeyOrder() throws {
    let value = try JSONText.value(Data(#"{"b": 1, "a": [true, null, "x"], "c": {}}"#.utf8))
    guard case .object(let pairs) = value else { return XCTFail("not an object: \(value)") }
    XCTAssertEqual(pairs.map(\.0), ["b", "a", "c"])
    XCTAssertEqual(
      value.render(),
      "{\n  \"b\": 1,\n  \"a\": [\n    true,\n    null,\n    \"x\"\n  ],\n  \"c\": {}\n}")
    XCTAssertThrowsError(try JSONText.value(Data("[1,]".utf8)))
  }

  func testErrorDocument() throws {
    let document = WireV1.ErrorDocument(
      kind: .refused, message: "Travel must be between Day 1 and Day 2",
      barriers: ["game:CHN202406040"])
    let text = try Wire.render(document)
    XCTAssertEqual(
      text,
      """
      {
        "error": {
          "kind": "refused",
          "message": "Travel must be between Day 1 and Day 2",
          "barriers": [
            "game:CHN202406040"
          ]
        }
      }
      """)
    let back = try Wire.decode(WireV1.ErrorDocument.self, from: Data(text.utf8))
    XCTAssertEqual(back, document)
    XCTAssertEqual(back.kind, .refused)
    for kind in ErrorKind.allCases {
      let plain = WireV1.ErrorDocument(kind: kind, message: "m", field: "items[0].day")
      XCTAssertEqual(
        try Wire.render(plain),
        "{\n  \"error\": {\n    \"kind\": \"\(kind.rawValue)\",\n    \"message\": \"m\",\n    \"field\": \"items[0].day\"\n  }\n}"
      )
      XCTAssertEqual(try Wire.decode(WireV1.ErrorDocument.self, from: Wire.value(plain)).kind, kind)
    }
  }

  /// The document of a real error: its own kind and message; an error that
  /// says no kind is the server's (`unavailable`).
  func testErrorDocument_ofAnError() throws {
    let catalog = try Catalog.mlb()
    do {
      _ = try catalog.team(named: "Springfield Isotopes")
      XCTFail("expected an unknown team")
    } catch {
      let document = WireV1.ErrorDocument(error)
      XCTAssertEqual(document.kind, .notFound)
      XCTAssertEqual(document.error.message, String(describing: error))
      XCTAssertTrue(document.error.message.contains("Springfield Isotopes"), document.error.message)
    }
    XCTAssertEqual(WireV1.ErrorDocument(CocoaError(.fileReadUnknown)).kind, .unavailable)
  }
}
