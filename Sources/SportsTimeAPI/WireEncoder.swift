import Foundation
import SportsTimeCore

/// The one encoder of the wire format: turns any `Encodable` value into
/// Core's ordered `JSONValue`, keys in the order the value encodes them (a
/// wire type's `CodingKeys` order, which is the order the README
/// documents), and renders it with `JSONValue.render`, so every front end
/// prints the same bytes.
///
/// Values map as: `Int` (and the other integer types) → `.int`; `Double`
/// and `Float` → `.number` (rendered without a fraction when whole; not
/// finite → `null`, as `JSONValue.render` does); `String`, `Bool`; `nil`
/// encoded explicitly (`encodeNil`, or an `Optional` passed to `encode`) →
/// `null`. An optional property left to `encodeIfPresent` (what the
/// compiler synthesizes) is left out; `OrNull` marks those printed as
/// `null` instead.
///
/// Foundation's `JSONEncoder` is not used: its key order and number
/// formatting differ from the documented output.
public enum Wire {
  /// `document` as an ordered JSON value.
  /// - Throws: `EncodingError.invalidValue` for an integer outside `Int`'s
  ///   range, or whatever the value's own `encode(to:)` throws.
  public static func value<T: Encodable>(_ document: T) throws -> JSONValue {
    let node = EncodingNode()
    try document.encode(to: NodeEncoder(node: node, codingPath: []))
    return node.json
  }

  /// `document` as pretty-printed JSON text (`JSONValue.render`), without
  /// a final newline.
  /// - Throws: as `value(_:)`.
  public static func render<T: Encodable>(_ document: T) throws -> String {
    try value(document).render()
  }
}

/// One value being built: empty until a container is asked for.
final class EncodingNode {
  enum State {
    case empty
    case single(JSONValue)
    case object(keys: [String], nodes: [String: EncodingNode])
    case array([EncodingNode])
  }
  var state = State.empty

  /// The built value (an empty node is `null`).
  var json: JSONValue {
    switch state {
    case .empty: return .null
    case .single(let value): return value
    case .object(let keys, let nodes): return .object(keys.map { ($0, nodes[$0]?.json ?? .null) })
    case .array(let nodes): return .array(nodes.map(\.json))
    }
  }

  /// The child node for `key` (replacing what was encoded there before,
  /// keeping the key's first position).
  func child(forKey key: String) -> EncodingNode {
    let node = EncodingNode()
    if case .object(var keys, var nodes) = state {
      if nodes[key] == nil { keys.append(key) }
      nodes[key] = node
      state = .object(keys: keys, nodes: nodes)
    } else {
      state = .object(keys: [key], nodes: [key: node])
    }
    return node
  }

  /// A new last element.
  func appendChild() -> EncodingNode {
    let node = EncodingNode()
    if case .array(var nodes) = state {
      nodes.append(node)
      state = .array(nodes)
    } else {
      state = .array([node])
    }
    return node
  }

  var count: Int {
    if case .array(let nodes) = state { return nodes.count }
    return 0
  }
}

/// A key made at run time (maps with data-defined keys).
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

struct NodeEncoder: Encoder {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = node.state {
    } else {
      node.state = .object(keys: [], nodes: [:])
    }
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = node.state {
    } else {
      node.state = .array([])
    }
    return UnkeyedNodeContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, codingPath: codingPath)
  }
}

/// How scalars become JSON values.
enum Scalar {
  static func integer<I: BinaryInteger>(_ value: I, path: [any CodingKey]) throws -> JSONValue {
    guard let int = Int(exactly: value) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: path, debugDescription: "\(value) is beyond Int"))
    }
    return .int(int)
  }

  static func encode<T: Encodable>(_ value: T, into node: EncodingNode, path: [any CodingKey])
    throws
  {
    // By type identity, not by cast: a cast could bridge a Bool to a
    // number on some platforms.
    if T.self == String.self, let v = value as? String {
      node.state = .single(.string(v))
    } else if T.self == Bool.self, let v = value as? Bool {
      node.state = .single(.bool(v))
    } else if T.self == Int.self, let v = value as? Int {
      node.state = .single(.int(v))
    } else if T.self == Double.self, let v = value as? Double {
      node.state = .single(.number(v))
    } else {
      try value.encode(to: NodeEncoder(node: node, codingPath: path))
    }
  }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue, _ key: Key) {
    node.child(forKey: key.stringValue).state = .single(value)
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { set(.number(Double(value)), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    set(try Scalar.integer(value, path: codingPath + [key]), key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    set(try Scalar.integer(value, path: codingPath + [key]), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    set(try Scalar.integer(value, path: codingPath + [key]), key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try Scalar.encode(value, into: node.child(forKey: key.stringValue), path: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
  }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private var nextPath: [any CodingKey] { codingPath + [AnyCodingKey(intValue: count)] }
  private func append(_ value: JSONValue) { node.appendChild().state = .single(value) }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(.bool(value)) }
  mutating func encode(_ value: String) throws { append(.string(value)) }
  mutating func encode(_ value: Double) throws { append(.number(value)) }
  mutating func encode(_ value: Float) throws { append(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { append(.int(value)) }
  mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { append(try Scalar.integer(value, path: nextPath)) }
  mutating func encode(_ value: UInt) throws { append(try Scalar.integer(value, path: nextPath)) }
  mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { append(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { append(try Scalar.integer(value, path: nextPath)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = nextPath
    try Scalar.encode(value, into: node.appendChild(), path: path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = nextPath
    return NodeEncoder(node: node.appendChild(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    return NodeEncoder(node: node.appendChild(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    return NodeEncoder(node: node.appendChild(), codingPath: path)
  }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue) { node.state = .single(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { set(.number(value)) }
  mutating func encode(_ value: Float) throws { set(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { set(.int(value)) }
  mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { set(try Scalar.integer(value, path: codingPath)) }
  mutating func encode(_ value: UInt) throws { set(try Scalar.integer(value, path: codingPath)) }
  mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { set(try Scalar.integer(value, path: codingPath)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try Scalar.encode(value, into: node, path: codingPath)
  }
}
