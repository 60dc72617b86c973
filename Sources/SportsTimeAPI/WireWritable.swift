import Foundation
import SportsTimeCore

/// A wire type that writes itself into a `JSONWriter` by hand: the one
/// encoding path of the large documents (`trip show --json`'s itinerary,
/// its rows and their kind fields, the trip head), without the generic
/// `Encoder` machinery (a container box per object, witness calls per key,
/// run-time conformance look-ups: most of the time of a 1,386-row
/// itinerary).
///
/// Such a type is still `Encodable` so that it can sit inside documents
/// that are not converted (a server answer holding a row): its
/// `encode(to:)` is `Wire.encode(_:to:)`, which hands the wire encoder's
/// writer to `write(to:)`. There is no second, compiler-made encoding: the
/// bytes are the same wherever the value is printed.
public protocol WireWritable: Encodable {
  /// Writes the value as the writer's next value (after a key, as an
  /// array's next element, or as the document).
  func write(to writer: inout JSONWriter)
}

extension Wire {
  /// The `encode(to:)` of every `WireWritable` type: writes `value` through
  /// `write(to:)` into the wire encoder's writer.
  /// - Throws: `EncodingError.invalidValue` for any encoder but the wire's
  ///   (`Wire.write`): these types have one encoding, the wire format's;
  ///   also when the encoder's object is already open (a whole value
  ///   cannot be merged into it).
  public static func encode<T: WireWritable>(_ value: T, to encoder: any Encoder) throws {
    guard let slot = encoder as? StreamEncoder else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(T.self) is written only by the wire encoder (Wire.write)"))
    }
    // The value is a whole JSON value: it cannot be merged into an object
    // its encoder's slot already opened.
    guard slot.stream.writer.depth == slot.depth else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(T.self) cannot be written into an object already open"))
    }
    value.write(to: &slot.stream.writer)
  }
}

extension JSONWriter {
  /// Writes an array of string literals.
  mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }
}
