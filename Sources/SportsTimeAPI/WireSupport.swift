import Foundation
import SportsTimeCore

/// An optional property printed as `null` when absent (the wire format
/// keeps such keys in every object, e.g. a day row's `sortOrder`). A plain
/// optional property is left out when absent instead (e.g. a game's
/// `originalDate`, a visit's `notes`). Decoding reads `null` or a missing
/// key as `nil`.
@propertyWrapper
public struct OrNull<Value: Codable>: Codable {
  /// The value, or nil for `null`.
  public var wrappedValue: Value?

  /// Wraps a value.
  public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

  /// Writes the value or `null`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
  }

  /// Reads the value or `null`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
  }
}

extension OrNull: Equatable where Value: Equatable {}
extension OrNull: Hashable where Value: Hashable {}
extension OrNull: Sendable where Value: Sendable {}

extension KeyedDecodingContainer {
  /// A missing `OrNull` key reads as `nil` (the compiler-made decoder would
  /// otherwise require the key).
  public func decode<V>(_ type: OrNull<V>.Type, forKey key: Key) throws -> OrNull<V> {
    try decodeIfPresent(type, forKey: key) ?? OrNull(wrappedValue: nil)
  }
}

/// An object whose keys are data (row ids, game ids), kept in the order
/// given: `{"item:…": "why", …}`.
public struct OrderedMap<Value: Codable>: Codable {
  /// One key and its value.
  public struct Entry {
    /// The key.
    public var key: String
    /// Its value.
    public var value: Value
  }

  /// The entries in print order (a key at most once).
  public var entries: [Entry]

  /// The entries as given; a repeated key keeps its first value.
  public init(_ pairs: [(String, Value)]) {
    var seen: Set<String> = []
    entries = pairs.compactMap { seen.insert($0.0).inserted ? Entry(key: $0.0, value: $0.1) : nil }
  }

  /// The value of `key`.
  public subscript(key: String) -> Value? { entries.first { $0.key == key }?.value }

  /// Writes `{key: value, …}` in entry order.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: AnyCodingKey.self)
    for entry in entries { try c.encode(entry.value, forKey: AnyCodingKey(stringValue: entry.key)) }
  }

  /// Reads an object's keys in the decoder's order.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: AnyCodingKey.self)
    entries = try c.allKeys.map {
      Entry(key: $0.stringValue, value: try c.decode(Value.self, forKey: $0))
    }
  }
}

extension OrderedMap.Entry: Equatable where Value: Equatable {}
extension OrderedMap.Entry: Hashable where Value: Hashable {}
extension OrderedMap.Entry: Sendable where Value: Sendable {}
extension OrderedMap: Equatable where Value: Equatable {}
extension OrderedMap: Hashable where Value: Hashable {}
extension OrderedMap: Sendable where Value: Sendable {}

/// `[first, last]` days: a closed range on the wire.
public struct DayRange: Decodable, WireWritable, Sendable, Hashable {
  /// The first day (1-based).
  public var first: Int
  /// The last day (1-based, ≥ first).
  public var last: Int

  /// The range's bounds.
  public init(_ range: ClosedRange<Int>) {
    first = range.lowerBound
    last = range.upperBound
  }

  /// The range.
  public var range: ClosedRange<Int> { first...max(first, last) }

  /// Writes `[first, last]`.
  public func write(to writer: inout JSONWriter) {
    writer.beginArray()
    writer.int(first)
    writer.int(last)
    writer.endArray()
  }

  /// Through the wire encoder only (`Wire.encode(_:to:)`).
  /// - Throws: `EncodingError.invalidValue` for another encoder.
  public func encode(to encoder: any Encoder) throws { try Wire.encode(self, to: encoder) }

  /// Reads `[first, last]`.
  /// - Throws: `DecodingError.dataCorrupted` unless two days, first ≤ last.
  public init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    first = try c.decode(Int.self)
    last = try c.decode(Int.self)
    guard c.isAtEnd, first <= last else {
      throw DecodingError.dataCorruptedError(
        in: c, debugDescription: "expected [first, last] with first ≤ last")
    }
  }
}

/// A score on the wire: `{away, home}`.
public struct WireScore: Codable, Sendable, Hashable {
  /// Runs (points, goals) of the away team.
  public var away: Int
  /// Of the home team.
  public var home: Int

  init(_ score: Score) {
    away = score.away
    home = score.home
  }
}
