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
    try document.encode(to: NodeEncoder(node: node, path: LazyPath(parent: [], key: nil)))
    return node.json
  }

  /// `document` as pretty-printed JSON text (`JSONValue.render`), without
  /// a final newline.
  /// - Throws: as `value(_:)`.
  public static func render<T: Encodable>(_ document: T) throws -> String {
    try value(document).render()
  }
}

/// One value being built: empty until a container is asked for. Children
/// are stored properties (not enum payloads), so adding one never copies
/// its siblings, and a scalar child is stored as its value (no node).
final class EncodingNode {
  enum Kind {
    case empty, single, object, array
  }

  /// A child: a finished scalar, or a node still being built.
  enum Entry {
    case value(JSONValue)
    case node(EncodingNode)

    var json: JSONValue {
      switch self {
      case .value(let value): return value
      case .node(let node): return node.json
      }
    }
  }

  var kind = Kind.empty
  /// A scalar (`kind == .single`).
  var single = JSONValue.null
  /// An object's keys, in first-encoded order, and their values.
  var keys: [String] = []
  var values: [Entry] = []
  /// An array's elements.
  var elements: [Entry] = []

  /// The built value (an empty node is `null`).
  var json: JSONValue {
    switch kind {
    case .empty: return .null
    case .single: return single
    case .object:
      var pairs: [(String, JSONValue)] = []
      pairs.reserveCapacity(keys.count)
      for i in keys.indices { pairs.append((keys[i], values[i].json)) }
      return .object(pairs)
    case .array:
      var items: [JSONValue] = []
      items.reserveCapacity(elements.count)
      for element in elements { items.append(element.json) }
      return .array(items)
    }
  }

  /// Sets a scalar.
  func set(_ value: JSONValue) {
    kind = .single
    single = value
  }

  /// Makes this node an object (keeping the keys it has when it is one).
  func makeObject() {
    if kind != .object {
      kind = .object
      keys = []
      values = []
    }
  }

  /// Makes this node an array (keeping its elements when it is one).
  func makeArray() {
    if kind != .array {
      kind = .array
      elements = []
    }
  }

  /// Sets `key` (replacing what was encoded there before, keeping the
  /// key's first position).
  func set(_ entry: Entry, forKey key: String) {
    makeObject()
    // Objects are small (at most a few dozen keys) and a repeated key is
    // rare: a linear search costs less than hashing every key.
    if let i = keys.lastIndex(of: key) {
      values[i] = entry
    } else {
      keys.append(key)
      values.append(entry)
    }
  }

  /// A new node at `key`.
  func child(forKey key: String) -> EncodingNode {
    let node = EncodingNode()
    set(.node(node), forKey: key)
    return node
  }

  /// Appends an element.
  func append(_ entry: Entry) {
    makeArray()
    elements.append(entry)
  }

  /// A new last element node.
  func appendChild() -> EncodingNode {
    let node = EncodingNode()
    append(.node(node))
    return node
  }

  var count: Int { kind == .array ? elements.count : 0 }
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

/// A coding path built only when asked for (an error, or a container):
/// the parent's path and the last key.
struct LazyPath {
  let parent: [any CodingKey]
  let key: (any CodingKey)?

  var array: [any CodingKey] {
    guard let key else { return parent }
    return parent + [key]
  }
}

struct NodeEncoder: Encoder {
  let node: EncodingNode
  let path: LazyPath
  var codingPath: [any CodingKey] { path.array }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(node: EncodingNode, path: LazyPath) {
    self.node = node
    self.path = path
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: path.array))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedNodeContainer(node: node, codingPath: path.array)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, path: path)
  }
}

/// How values become JSON values.
enum Scalar {
  static func integer<I: BinaryInteger>(_ value: I, path: @autoclosure () -> [any CodingKey])
    throws -> JSONValue
  {
    guard let int = Int(exactly: value) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: path(), debugDescription: "\(value) is beyond Int"))
    }
    return .int(int)
  }

  /// `value` as a JSON scalar when it is a String, Bool, Int or Double
  /// (checked by type identity, not by cast: a cast could bridge a Bool to
  /// a number on some platforms); nil for anything else.
  static func plain<T: Encodable>(_ value: T) -> JSONValue? {
    if T.self == String.self, let v = value as? String { return .string(v) }
    if T.self == Bool.self, let v = value as? Bool { return .bool(v) }
    if T.self == Int.self, let v = value as? Int { return .int(v) }
    if T.self == Double.self, let v = value as? Double { return .number(v) }
    return nil
  }

  /// `value` as an entry: a scalar directly, anything else encoded into a
  /// new node by its own `encode(to:)`.
  static func entry<T: Encodable>(_ value: T, path: LazyPath) throws -> EncodingNode.Entry {
    if let plain = plain(value) { return .value(plain) }
    let node = EncodingNode()
    try value.encode(to: NodeEncoder(node: node, path: path))
    if node.kind == .single { return .value(node.single) }
    return .node(node)
  }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodingNode
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue, _ key: Key) {
    node.set(.value(value), forKey: key.stringValue)
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
    let entry = try Scalar.entry(value, path: LazyPath(parent: codingPath, key: key))
    node.set(entry, forKey: key.stringValue)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(
      node: node.child(forKey: key.stringValue), path: LazyPath(parent: codingPath, key: key)
    ).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    NodeEncoder(
      node: node.child(forKey: key.stringValue), path: LazyPath(parent: codingPath, key: key)
    ).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(
      node: node.child(forKey: "super"),
      path: LazyPath(parent: codingPath, key: AnyCodingKey(stringValue: "super")))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(
      node: node.child(forKey: key.stringValue), path: LazyPath(parent: codingPath, key: key))
  }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodingNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private var nextPath: LazyPath {
    LazyPath(parent: codingPath, key: AnyCodingKey(intValue: count))
  }
  private func append(_ value: JSONValue) { node.append(.value(value)) }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(.bool(value)) }
  mutating func encode(_ value: String) throws { append(.string(value)) }
  mutating func encode(_ value: Double) throws { append(.number(value)) }
  mutating func encode(_ value: Float) throws { append(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { append(.int(value)) }
  mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws {
    append(try Scalar.integer(value, path: nextPath.array))
  }
  mutating func encode(_ value: UInt) throws {
    append(try Scalar.integer(value, path: nextPath.array))
  }
  mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { append(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws {
    append(try Scalar.integer(value, path: nextPath.array))
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let entry = try Scalar.entry(value, path: nextPath)
    node.append(entry)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = nextPath
    return NodeEncoder(node: node.appendChild(), path: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    return NodeEncoder(node: node.appendChild(), path: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    return NodeEncoder(node: node.appendChild(), path: path)
  }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: EncodingNode
  let path: LazyPath
  var codingPath: [any CodingKey] { path.array }

  private func set(_ value: JSONValue) { node.set(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { set(.number(value)) }
  mutating func encode(_ value: Float) throws { set(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { set(.int(value)) }
  mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { set(try Scalar.integer(value, path: path.array)) }
  mutating func encode(_ value: UInt) throws { set(try Scalar.integer(value, path: path.array)) }
  mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { set(try Scalar.integer(value, path: path.array)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    switch try Scalar.entry(value, path: path) {
    case .value(let value): node.set(value)
    case .node(let child):
      // The value built a container: this node becomes it.
      node.kind = child.kind
      node.single = child.single
      node.keys = child.keys
      node.values = child.values
      node.elements = child.elements
    }
  }
}
