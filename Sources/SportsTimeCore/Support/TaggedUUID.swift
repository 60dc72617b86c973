import Foundation

/// A UUID tagged with the kind of record it identifies: `Trip.ID`,
/// `ItineraryItem.ID` and `Visit.ID` are `TaggedUUID<Trip>`,
/// `TaggedUUID<ItineraryItem>` and `TaggedUUID<Visit>`, three types, so a
/// trip's id cannot be passed where an item's is expected.
///
/// This is the one place that reads and writes the text form of these ids:
/// the lowercase UUID text (`6f0c2a9e-…`), as the store keeps it and every
/// view and document prints it; in a document it is that text as a single
/// string. Ids order as their texts do (the same order as their bytes).
///
/// ```swift
/// let id = Trip.ID(parsing: "6F0C2A9E-1B7C-4D4B-9E8F-0123456789AB")
/// id?.description                // "6f0c2a9e-1b7c-4d4b-9e8f-0123456789ab"
/// Trip.ID(parsing: "6f0c2a9e")   // nil: not a whole UUID
/// ```
public struct TaggedUUID<Owner>: Sendable, Hashable, Comparable, Codable,
  CustomStringConvertible
{
  /// The UUID.
  public var rawValue: UUID

  /// Tags `rawValue` (a fresh one from `RuleEnvironment.uuid`, or one read and
  /// checked elsewhere).
  public init(_ rawValue: UUID) { self.rawValue = rawValue }

  /// Parses a whole UUID's text, 8-4-4-4-12 hex digits in any case (as
  /// `UUID(uuidString:)` accepts); nil for anything else (a prefix, spaces,
  /// braces, other characters).
  public init?(parsing text: String) {
    guard let uuid = UUID(text: text) else { return nil }
    self.rawValue = uuid
  }

  /// `init?(parsing:)` of the UTF-8 bytes `utf8` (a stored id read in
  /// place, without making a `String`); the same texts are accepted.
  public init?(parsingUTF8 utf8: UnsafeBufferPointer<UInt8>) {
    guard let uuid = UUID(utf8: utf8) else { return nil }
    self.rawValue = uuid
  }

  /// The text form: the lowercase UUID text, 36 characters.
  public var description: String { rawValue.lowercaseText }

  /// Orders by the text form, which is the order of the 16 bytes.
  public static func < (a: TaggedUUID, b: TaggedUUID) -> Bool {
    withUnsafeBytes(of: a.rawValue.uuid) { x in
      withUnsafeBytes(of: b.rawValue.uuid) { y in x.lexicographicallyPrecedes(y) }
    }
  }

  /// Encodes the text form as a single string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Decodes a single string holding a whole UUID (any case).
  /// - Throws: `DecodingError.dataCorrupted` when it is not one (quoting at
  ///   most 80 characters of it).
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let id = TaggedUUID(parsing: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a UUID: \"\(text.prefix(80))\"")
    }
    self = id
  }
}

extension Trip {
  /// Typed trip identifier: a UUID, printed as lowercase text.
  public typealias ID = TaggedUUID<Trip>
}

extension ItineraryItem {
  /// Typed itinerary item identifier: a UUID, printed as lowercase text.
  public typealias ID = TaggedUUID<ItineraryItem>
}

extension Visit {
  /// Typed visit identifier: a UUID, printed as lowercase text.
  public typealias ID = TaggedUUID<Visit>
}
