import Foundation

/// How many terminal columns text takes, for aligning tables: East Asian
/// wide and fullwidth characters (CJK ideographs, kana, Hangul syllables,
/// fullwidth letters `ＡＢＣ`) and emoji shown as emoji take 2, combining and
/// other zero-width marks 0, everything else 1 (Unicode Standard Annex #11,
/// as `wcwidth` implementations read it; ambiguous-width characters count
/// 1, as in a Western locale).
enum DisplayWidth {
  /// The columns `text` takes: the sum over its characters (grapheme
  /// clusters), each 2 when any of its scalars is wide, 0 when all are zero
  /// width, else 1.
  ///
  /// ```swift
  /// DisplayWidth.of("Loop")        // 4
  /// DisplayWidth.of("ｅｃ４３")     // 8
  /// DisplayWidth.of("Cafe\u{301}") // 4
  /// DisplayWidth.of("東京 🏟️")      // 7
  /// ```
  /// - Complexity: O(n) for n Unicode scalars.
  static func of(_ text: String) -> Int {
    // ASCII (most table cells): every character takes one column; CR LF
    // is one character.
    var ascii = 0
    var previousWasCR = false
    for byte in text.utf8 {
      guard byte < 0x80 else { return text.reduce(0) { $0 + of($1) } }
      if !(byte == UInt8(ascii: "\n") && previousWasCR) { ascii += 1 }
      previousWasCR = byte == UInt8(ascii: "\r")
    }
    return ascii
  }

  /// The columns one character takes: 0, 1 or 2.
  static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      if isWide(scalar) { return 2 }
      if !isZeroWidth(scalar) { width = 1 }
    }
    // An emoji made to show as emoji (a variation selector 16 after it).
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }),
      character.unicodeScalars.first?.properties.isEmoji == true
    {
      return 2
    }
    return width
  }

  /// Combining marks (nonspacing and enclosing), format characters and
  /// the zero-width space: no column of their own.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default:
      // Hangul medial vowels and final consonants join the syllable.
      return (0x1160...0x11FF).contains(scalar.value) || scalar.value == 0x200B
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) characters, and emoji whose
  /// default presentation is emoji.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if scalar.properties.isEmojiPresentation { return true }
    switch v {
    case 0x1100...0x115F,  // Hangul initial consonants
      0x2329...0x232A,  // angle brackets
      0x2E80...0x303E,  // CJK radicals … CJK symbols and punctuation
      0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19,  // vertical forms
      0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
      0xFF00...0xFF60,  // fullwidth forms
      0xFFE0...0xFFE6,  // fullwidth signs
      0x1B000...0x1B2FF,  // kana supplement and extensions
      0x20000...0x2FFFD,  // CJK extensions B–F
      0x30000...0x3FFFD:  // CJK extension G
      return true
    default:
      return false
    }
  }
}
