import Foundation

extension UUID {
  /// Parses a UUID's text as `UUID(uuidString:)` does, quickly for the
  /// canonical form the store writes (36 characters, 8-4-4-4-12 hex digits,
  /// either case): Foundation's parser on Linux goes through `sscanf`, a
  /// noticeable share of reading thousands of rows. Any other text is left
  /// to `UUID(uuidString:)`, so the same texts are accepted.
  /// - Returns: nil when `UUID(uuidString:)` would.
  public init?(text: String) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    var high: UInt8?
    var count = 0
    for byte in text.utf8 {
      count += 1
      guard count <= 36 else { break }
      if count == 9 || count == 14 || count == 19 || count == 24 {
        guard byte == UInt8(ascii: "-") else { break }
        continue
      }
      guard let nibble = UUID.hexValue(byte) else { break }
      if let h = high {
        bytes.append(h << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    guard count == 36, bytes.count == 16, text.utf8.count == 36 else {
      guard let parsed = UUID(uuidString: text) else { return nil }
      self = parsed
      return
    }
    let b = bytes
    self = UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
        b[14], b[15]
      ))
  }

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
