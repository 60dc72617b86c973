import Foundation

extension UUID {
  /// Parses a UUID's text as `UUID(uuidString:)` does, quickly for the
  /// canonical form the store writes (36 characters, 8-4-4-4-12 hex digits,
  /// either case): Foundation's parser on Linux goes through `sscanf`, a
  /// noticeable share of reading thousands of rows. Any other text is left
  /// to `UUID(uuidString:)`, so the same texts are accepted.
  /// - Returns: nil when `UUID(uuidString:)` would, and for a text holding
  ///   a NUL (Linux's parser reads a C string, so `"<uuid>\0junk"` would
  ///   pass as the UUID before the NUL).
  public init?(text: String) {
    var text = text
    if let uuid = text.withUTF8({ UUID(canonicalUTF8: $0) }) {
      self = uuid
      return
    }
    guard !text.utf8.contains(0), let parsed = UUID(uuidString: text) else { return nil }
    self = parsed
  }

  /// `init?(text:)` of the UTF-8 bytes `utf8` (a column's text read in
  /// place): the canonical form without making a `String`, any other text
  /// as `UUID(uuidString:)` reads it.
  /// - Returns: nil when `UUID(uuidString:)` would, and for a NUL in it.
  public init?(utf8: UnsafeBufferPointer<UInt8>) {
    if let uuid = UUID(canonicalUTF8: utf8) {
      self = uuid
      return
    }
    guard !utf8.contains(0),
      let parsed = UUID(uuidString: String(decoding: utf8, as: UTF8.self))
    else {
      return nil
    }
    self = parsed
  }

  /// The canonical form (36 bytes, 8-4-4-4-12 hex digits, either case), or
  /// nil for anything else. The 16 bytes are gathered in place (no array
  /// per id: a trip's load parses two ids for each of its rows).
  private init?(canonicalUTF8 utf8: UnsafeBufferPointer<UInt8>) {
    guard utf8.count == 36 else { return nil }
    var uuid = UUID.zero
    let canonical = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
      var o = 0
      var i = 0
      while i < 36 {
        if i == 8 || i == 13 || i == 18 || i == 23 {
          guard utf8[i] == UInt8(ascii: "-") else { return false }
          i += 1
          continue
        }
        guard let high = UUID.hexValue(utf8[i]), let low = UUID.hexValue(utf8[i + 1]) else {
          return false
        }
        out[o] = high << 4 | low
        o += 1
        i += 2
      }
      return true
    }
    guard canonical else { return nil }
    self = UUID(uuid: uuid)
  }

  /// The 16 zero bytes.
  private static let zero: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// The value of an ASCII hex digit byte, or nil.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The lowercase text form, `6f0c2a9e-1b7c-4d4b-9e8f-0123456789ab`: what
  /// `uuidString.lowercased()` gives, without Foundation's `snprintf` (a
  /// noticeable share of writing thousands of rows) or a second string.
  public var lowercaseText: String {
    let digits: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: uuid) { bytes in
      String(unsafeUninitializedCapacity: 36) { out in
        digits.withUTF8Buffer { hex in
          var o = 0
          for i in 0..<16 {
            if i == 4 || i == 6 || i == 8 || i == 10 {
              out[o] = UInt8(ascii: "-")
              o += 1
            }
            out[o] = hex[Int(bytes[i] >> 4)]
            out[o + 1] = hex[Int(bytes[i] & 0xF)]
            o += 2
          }
        }
        return 36
      }
    }
  }
}
