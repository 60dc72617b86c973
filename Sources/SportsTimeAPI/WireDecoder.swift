import Foundation
import SportsTimeCore

extension Wire {
  /// Decodes a wire document from an ordered JSON value (the inverse of
  /// `value(_:)`): numbers are read as `Int` only when whole and in range,
  /// `null` and a missing key are both `nil` for an optional.
  /// - Throws: `DecodingError` naming the coding path of the first value
  ///   of the wrong type or missing.
  public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try T(from: NodeDecoder(value: value, codingPath: []))
  }

  /// Decodes a wire document from JSON text (UTF-8), read with
  /// `JSONText.value` (exact numbers, object keys in order).
  /// - Throws: `JSONSyntaxError` for text that is not JSON, else as
  ///   `decode(_:from:)` with a value.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(type, from: try JSONText.value(data))
  }
}

struct NodeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  /// Whether an object's member that its type has no key for is refused
  /// (`UnknownKey`): request bodies are read so (`Wire.decodeBody`).
  var strict = false
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let pairs) = value else {
      throw Unbox.mismatch([String: Any].self, value, codingPath)
    }
    if strict,
      let unknown = pairs.map(\.0).sorted().first(where: { Key(stringValue: $0) == nil })
    {
      throw UnknownKey(key: unknown, codingPath: codingPath, known: UnknownKey.keys(of: Key.self))
    }
    return KeyedDecodingContainer(
      KeyedNodeDecoder<Key>(pairs: pairs, codingPath: codingPath, strict: strict))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else {
      throw Unbox.mismatch([Any].self, value, codingPath)
    }
    return UnkeyedNodeDecoder(items: items, codingPath: codingPath, strict: strict)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleNodeDecoder(value: value, codingPath: codingPath, strict: strict)
  }
}

/// An object's member that its type does not read, met by a strict
/// `NodeDecoder`.
struct UnknownKey: Error {
  /// The member's key.
  var key: String
  /// Where the object is.
  var codingPath: [any CodingKey]
  /// The keys the type reads, in declaration order, when its `CodingKeys`
  /// are `CaseIterable`; else nil.
  var known: [String]?

  /// The keys of a `CaseIterable` key type, in declaration order.
  static func keys<Key: CodingKey>(of type: Key.Type) -> [String]? {
    guard let all = type as? any CaseIterable.Type else { return nil }
    return names(all)
  }

  private static func names<C: CaseIterable>(_ type: C.Type) -> [String] {
    C.allCases.compactMap { ($0 as? any CodingKey)?.stringValue }
  }
}

/// Reads scalars out of JSON values.
enum Unbox {
  /// Whether `value` is `null` (without rendering it, as `==` does).
  static func isNull(_ value: JSONValue) -> Bool {
    if case .null = value { return true }
    return false
  }

  static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey])
    -> DecodingError
  {
    let found: String
    switch value {
    case .null: found = "null"
    case .bool: found = "a boolean"
    case .int, .number: found = "a number"
    case .string: found = "a string"
    case .array: found = "an array"
    case .object: found = "an object"
    }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(codingPath: path, debugDescription: "expected \(type), found \(found)"))
  }

  static func bool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let b) = value else { throw mismatch(Bool.self, value, path) }
    return b
  }

  static func string(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
    guard case .string(let s) = value else { throw mismatch(String.self, value, path) }
    return s
  }

  static func double(_ value: JSONValue, _ path: [any CodingKey]) throws -> Double {
    switch value {
    case .int(let i): return Double(i)
    case .number(let d): return d
    default: throw mismatch(Double.self, value, path)
    }
  }

  static func integer<I: FixedWidthInteger>(
    _ type: I.Type, _ value: JSONValue, _ path: [any CodingKey]
  ) throws -> I {
    switch value {
    case .int(let i):
      if let v = I(exactly: i) { return v }
    case .number(let d):
      if let v = I(exactly: d) { return v }
    default: break
    }
    throw mismatch(I.self, value, path)
  }

  static func decode<T: Decodable>(
    _ type: T.Type, _ value: JSONValue, _ path: [any CodingKey], strict: Bool
  ) throws -> T {
    try T(from: NodeDecoder(value: value, codingPath: path, strict: strict))
  }
}

struct KeyedNodeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let values: [String: JSONValue]
  let allKeys: [Key]
  let codingPath: [any CodingKey]
  let strict: Bool

  init(pairs: [(String, JSONValue)], codingPath: [any CodingKey], strict: Bool) {
    self.strict = strict
    var values: [String: JSONValue] = [:]
    var keys: [Key] = []
    for (key, value) in pairs where values[key] == nil {
      values[key] = value
      if let k = Key(stringValue: key) { keys.append(k) }
    }
    self.values = values
    self.allKeys = keys
    self.codingPath = codingPath
  }

  func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

  private func value(_ key: Key) throws -> JSONValue {
    guard let value = values[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "no \"\(key.stringValue)\""))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { Unbox.isNull(try value(key)) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try Unbox.bool(value(key), codingPath + [key])
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try Unbox.string(value(key), codingPath + [key])
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try Unbox.double(value(key), codingPath + [key])
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try Unbox.double(value(key), codingPath + [key]))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try Unbox.integer(type, value(key), codingPath + [key])
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try Unbox.decode(type, value(key), codingPath + [key], strict: strict)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try NodeDecoder(value: value(key), codingPath: codingPath + [key], strict: strict)
      .container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try NodeDecoder(value: value(key), codingPath: codingPath + [key], strict: strict)
      .unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    NodeDecoder(value: values["super"] ?? .null, codingPath: codingPath, strict: strict)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    NodeDecoder(
      value: values[key.stringValue] ?? .null, codingPath: codingPath + [key], strict: strict)
  }
}

struct UnkeyedNodeDecoder: UnkeyedDecodingContainer {
  let items: [JSONValue]
  let codingPath: [any CodingKey]
  let strict: Bool
  var currentIndex = 0

  init(items: [JSONValue], codingPath: [any CodingKey], strict: Bool) {
    self.items = items
    self.codingPath = codingPath
    self.strict = strict
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }
  private var path: [any CodingKey] { codingPath + [AnyCodingKey(intValue: currentIndex)] }

  private mutating func next() throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        JSONValue.self,
        DecodingError.Context(codingPath: path, debugDescription: "the array has ended"))
    }
    defer { currentIndex += 1 }
    return items[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, Unbox.isNull(items[currentIndex]) else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let p = path
    return try Unbox.bool(next(), p)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let p = path
    return try Unbox.string(next(), p)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let p = path
    return try Unbox.double(next(), p)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    let p = path
    return Float(try Unbox.double(next(), p))
  }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  private mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    let p = path
    return try Unbox.integer(type, next(), p)
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let p = path
    return try Unbox.decode(type, next(), p, strict: strict)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let p = path
    return try NodeDecoder(value: next(), codingPath: p, strict: strict).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let p = path
    return try NodeDecoder(value: next(), codingPath: p, strict: strict).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let p = path
    return NodeDecoder(value: try next(), codingPath: p, strict: strict)
  }
}

struct SingleNodeDecoder: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  let strict: Bool

  func decodeNil() -> Bool { Unbox.isNull(value) }
  func decode(_ type: Bool.Type) throws -> Bool { try Unbox.bool(value, codingPath) }
  func decode(_ type: String.Type) throws -> String { try Unbox.string(value, codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try Unbox.double(value, codingPath) }
  func decode(_ type: Float.Type) throws -> Float { Float(try Unbox.double(value, codingPath)) }
  func decode(_ type: Int.Type) throws -> Int { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try Unbox.integer(type, value, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try Unbox.integer(type, value, codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try Unbox.decode(type, value, codingPath, strict: strict)
  }
}
