import Foundation
import SportsTimeCore

/// The one encoder of the wire format: writes any `Encodable` value as
/// pretty-printed JSON straight into a `JSONWriter`'s byte buffer (no tree
/// of values in between), keys in the order the value encodes them (a wire
/// type's `CodingKeys` order, which is the order docs/JSON.md documents), so
/// every front end prints the same bytes.
///
/// Values map as: `Int` (and the other integer types) → a JSON integer;
/// `Double` and `Float` → a number (written without a fraction when whole;
/// not finite → `null`, as `JSONValue.render` does); `String`, `Bool`;
/// `nil` encoded explicitly (`encodeNil`, or an `Optional` passed to
/// `encode`) → `null`; a value that encodes nothing → `null`. An optional
/// property left to `encodeIfPresent` (what the compiler synthesizes) is
/// left out; `OrNull` marks those printed as `null` instead. Several keyed
/// containers asked of one encoder write into the same object (a row's
/// kind fields follow its common keys). A key must be encoded at most once
/// per object (checked by an assertion in debug builds): the writer streams,
/// so it cannot replace a value already written.
///
/// Foundation's `JSONEncoder` is not used: its key order and number
/// formatting differ from the documented output.
public enum Wire {
  /// Writes `document` to `writer` as its next value.
  /// - Throws: `EncodingError.invalidValue` for an integer outside `Int`'s
  ///   range, or whatever the value's own `encode(to:)` throws; what was
  ///   written before the error stays in `writer`.
  /// - Complexity: O(n) in the output's length.
  public static func write<T: Encodable>(_ document: T, to writer: inout JSONWriter) throws {
    let stream = EncodingStream(writer: writer)
    writer = JSONWriter()
    defer { swap(&writer, &stream.writer) }
    try stream.encode(document, key: nil)
  }

  /// `document` as pretty-printed JSON, UTF-8, without a final newline.
  /// - Throws: as `write(_:to:)`.
  public static func bytes<T: Encodable>(_ document: T) throws -> [UInt8] {
    // Reserved address space costs nothing until written; a document that
    // outgrows it is copied as it doubles.
    var writer = JSONWriter(capacity: 1 << 20)
    try write(document, to: &writer)
    return writer.bytes
  }

  /// `document` as pretty-printed JSON text, without a final newline.
  /// - Throws: as `write(_:to:)`.
  public static func render<T: Encodable>(_ document: T) throws -> String {
    String(decoding: try bytes(document), as: UTF8.self)
  }

  /// `document` as an ordered JSON value: its text (`render(_:)`) read
  /// back with `JSONText.value` (tests compare documents this way).
  /// - Throws: as `write(_:to:)`.
  public static func value<T: Encodable>(_ document: T) throws -> JSONValue {
    try JSONText.value(Data(try bytes(document)))
  }
}

/// The state of one encoding: the writer and the coding path of the value
/// being written (keys pushed as encoding descends, popped on the way
/// back), shared by every encoder and container of the encoding.
final class EncodingStream {
  /// The writer and the path, kept outside the object: a class's stored
  /// `var` is checked for exclusive access at run time on every use
  /// (`swift_beginAccess`), several percent of encoding a large document;
  /// the stream is used from one thread, one call at a time.
  private let writerStorage: UnsafeMutablePointer<JSONWriter>
  private let pathStorage: UnsafeMutablePointer<[any CodingKey]>

  /// The writer.
  var writer: JSONWriter {
    unsafeAddress { UnsafePointer(writerStorage) }
    unsafeMutableAddress { writerStorage }
  }

  /// The keys from the document down to the value being written.
  var path: [any CodingKey] {
    unsafeAddress { UnsafePointer(pathStorage) }
    unsafeMutableAddress { pathStorage }
  }
  #if DEBUG
    /// The keys written so far in each open object, by writer depth.
    var keysByDepth: [Int: [String]] = [:]
  #endif

  init(writer: JSONWriter) {
    writerStorage = .allocate(capacity: 1)
    writerStorage.initialize(to: writer)
    var path: [any CodingKey] = []
    path.reserveCapacity(16)
    pathStorage = .allocate(capacity: 1)
    pathStorage.initialize(to: path)
  }

  deinit {
    writerStorage.deinitialize(count: 1)
    writerStorage.deallocate()
    pathStorage.deinitialize(count: 1)
    pathStorage.deallocate()
  }

  /// Writes `value` as the next value (after a key, or as an array's next
  /// element): a scalar directly, anything else by its own `encode(to:)`,
  /// whose containers are closed when it returns; a value that wrote
  /// nothing is `null`. `key` is the value's key in the coding path.
  func encode<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
    if T.self == String.self, let v = value as? String { return writer.string(v) }
    if T.self == Int.self, let v = value as? Int { return writer.int(v) }
    if T.self == Bool.self, let v = value as? Bool { return writer.bool(v) }
    if T.self == Double.self, let v = value as? Double { return writer.number(v) }
    let depth = writer.depth
    let written = writer.bytes.count
    if let key { path.append(key) }
    defer { if key != nil { path.removeLast() } }
    try value.encode(to: StreamEncoder(stream: self, depth: depth, pathCount: path.count))
    close(downTo: depth)
    if writer.bytes.count == written { writer.null() }
  }

  /// Closes the containers open deeper than `depth`.
  func close(downTo depth: Int) {
    while writer.depth > depth {
      #if DEBUG
        keysByDepth[writer.depth] = nil
      #endif
      if writer.innermostIsArray { writer.endArray() } else { writer.endObject() }
    }
  }

  /// Writes `key` in the object at `depth` (closing anything left open
  /// inside it first).
  func key(_ key: String, depth: Int) {
    close(downTo: depth)
    #if DEBUG
      assert(
        !(keysByDepth[depth]?.contains(key) ?? false),
        "the wire encoder writes each key once per object; '\(key)' came twice")
      keysByDepth[depth, default: []].append(key)
    #endif
    writer.key(key)
  }

  /// The coding path of the first `count` keys.
  func codingPath(_ count: Int) -> [any CodingKey] { Array(path.prefix(count)) }

  /// `path + [key]` for errors.
  func codingPath(_ count: Int, adding key: any CodingKey) -> [any CodingKey] {
    codingPath(count) + [key]
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

/// The encoder of one value slot: the writer was at `depth` before the
/// value (so the value's own container, once opened, is at `depth + 1`).
struct StreamEncoder: Encoder {
  let stream: EncodingStream
  let depth: Int
  let pathCount: Int
  var codingPath: [any CodingKey] { stream.codingPath(pathCount) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Opens this slot's container, or goes back to it when it is open (a
  /// second keyed container of one encoder writes into the same object).
  private func open(array: Bool) {
    stream.close(downTo: depth + 1)
    if stream.writer.depth == depth + 1 {
      precondition(
        stream.writer.innermostIsArray == array,
        "the wire encoder cannot make one value both an object and an array")
      return
    }
    precondition(stream.writer.depth == depth, "a wire value's encoder was used after it returned")
    if array { stream.writer.beginArray() } else { stream.writer.beginObject() }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    open(array: false)
    return KeyedEncodingContainer(
      KeyedStreamContainer<Key>(stream: stream, depth: depth + 1, pathCount: pathCount))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    open(array: true)
    return UnkeyedStreamContainer(stream: stream, depth: depth + 1, pathCount: pathCount)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleStreamContainer(stream: stream, depth: depth, pathCount: pathCount)
  }
}

/// How integers wider than `Int` become JSON integers.
enum Scalar {
  static func integer<I: BinaryInteger>(_ value: I, path: @autoclosure () -> [any CodingKey])
    throws -> Int
  {
    guard let int = Int(exactly: value) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: path(), debugDescription: "\(value) is beyond Int"))
    }
    return int
  }
}

struct KeyedStreamContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let stream: EncodingStream
  /// The writer's depth inside this object.
  let depth: Int
  let pathCount: Int
  var codingPath: [any CodingKey] { stream.codingPath(pathCount) }

  private func key(_ key: Key) { stream.key(key.stringValue, depth: depth) }

  mutating func encodeNil(forKey key: Key) throws {
    self.key(key)
    stream.writer.null()
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    self.key(key)
    stream.writer.bool(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    self.key(key)
    stream.writer.string(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    self.key(key)
    stream.writer.number(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    self.key(key)
    stream.writer.number(Double(value))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    self.key(key)
    stream.writer.int(value)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    try encode(Int(value), forKey: key)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    try encode(Int(value), forKey: key)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    try encode(Int(value), forKey: key)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    try encode(Scalar.integer(value, path: stream.codingPath(pathCount, adding: key)), forKey: key)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    try encode(Scalar.integer(value, path: stream.codingPath(pathCount, adding: key)), forKey: key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    try encode(Int(value), forKey: key)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try encode(Int(value), forKey: key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try encode(Int(value), forKey: key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    try encode(Scalar.integer(value, path: stream.codingPath(pathCount, adding: key)), forKey: key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    self.key(key)
    try stream.encode(value, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    nestedEncoder(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    nestedEncoder(key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    nestedEncoder(AnyCodingKey(stringValue: "super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(key) }

  /// An encoder for the value at `key`, written from here on; it is closed
  /// when this object is written to next or closed. (Its path is this
  /// object's: the stream's path stack only holds the value being written.)
  private func nestedEncoder(_ key: any CodingKey) -> StreamEncoder {
    stream.key(key.stringValue, depth: depth)
    return StreamEncoder(stream: stream, depth: depth, pathCount: pathCount)
  }
}

struct UnkeyedStreamContainer: UnkeyedEncodingContainer {
  let stream: EncodingStream
  // Depth and path length as 32-bit halves of one word, so the container
  // fits an existential's inline buffer (three words: no box to allocate
  // for every array).
  private let depth32: Int32
  private let pathCount32: Int32
  private(set) var count = 0
  /// The writer's depth inside this array.
  var depth: Int { Int(depth32) }
  var pathCount: Int { Int(pathCount32) }
  var codingPath: [any CodingKey] { stream.codingPath(pathCount) }

  init(stream: EncodingStream, depth: Int, pathCount: Int) {
    self.stream = stream
    self.depth32 = Int32(clamping: depth)
    self.pathCount32 = Int32(clamping: pathCount)
  }

  /// Prepares the next element (closing anything left open in the array).
  private mutating func next() {
    stream.close(downTo: depth)
    count += 1
  }

  private var nextPath: [any CodingKey] {
    stream.codingPath(pathCount, adding: AnyCodingKey(intValue: count))
  }

  mutating func encodeNil() throws {
    next()
    stream.writer.null()
  }
  mutating func encode(_ value: Bool) throws {
    next()
    stream.writer.bool(value)
  }
  mutating func encode(_ value: String) throws {
    next()
    stream.writer.string(value)
  }
  mutating func encode(_ value: Double) throws {
    next()
    stream.writer.number(value)
  }
  mutating func encode(_ value: Float) throws { try encode(Double(value)) }
  mutating func encode(_ value: Int) throws {
    next()
    stream.writer.int(value)
  }
  mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int64) throws { try encode(Scalar.integer(value, path: nextPath)) }
  mutating func encode(_ value: UInt) throws { try encode(Scalar.integer(value, path: nextPath)) }
  mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt64) throws { try encode(Scalar.integer(value, path: nextPath)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = AnyCodingKey(intValue: count)
    next()
    try stream.encode(value, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    nestedEncoder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    nestedEncoder().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { nestedEncoder() }

  /// An encoder for the next element, written from here on (closed when
  /// the array is written to next or closed).
  private mutating func nestedEncoder() -> StreamEncoder {
    next()
    return StreamEncoder(stream: stream, depth: depth, pathCount: pathCount)
  }
}

struct SingleStreamContainer: SingleValueEncodingContainer {
  let stream: EncodingStream
  /// The writer's depth before the value.
  let depth: Int
  let pathCount: Int
  var codingPath: [any CodingKey] { stream.codingPath(pathCount) }

  mutating func encodeNil() throws { stream.writer.null() }
  mutating func encode(_ value: Bool) throws { stream.writer.bool(value) }
  mutating func encode(_ value: String) throws { stream.writer.string(value) }
  mutating func encode(_ value: Double) throws { stream.writer.number(value) }
  mutating func encode(_ value: Float) throws { stream.writer.number(Double(value)) }
  mutating func encode(_ value: Int) throws { stream.writer.int(value) }
  mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int64) throws {
    try encode(Scalar.integer(value, path: codingPath))
  }
  mutating func encode(_ value: UInt) throws { try encode(Scalar.integer(value, path: codingPath)) }
  mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt64) throws {
    try encode(Scalar.integer(value, path: codingPath))
  }
  /// The value is this slot's value (its containers are this slot's).
  mutating func encode<T: Encodable>(_ value: T) throws {
    if T.self == String.self, let v = value as? String { return stream.writer.string(v) }
    if T.self == Int.self, let v = value as? Int { return stream.writer.int(v) }
    if T.self == Bool.self, let v = value as? Bool { return stream.writer.bool(v) }
    if T.self == Double.self, let v = value as? Double { return stream.writer.number(v) }
    try value.encode(to: StreamEncoder(stream: stream, depth: depth, pathCount: pathCount))
  }
}
