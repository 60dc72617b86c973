import Foundation

/// How names typed by a traveller are cleaned and compared.
public enum TextNormalization {
  /// A name as stored: Unicode NFC, control characters (C0, C1, DEL, line
  /// and paragraph separators) replaced by spaces, bidirectional overrides
  /// removed, runs of white space
  /// collapsed, ends trimmed. What is stored is what is printed, so a name
  /// can always be typed back.
  ///
  /// ```swift
  /// TextNormalization.name("  Evil\u{1B}[2J  Trip\n")   // "Evil [2J Trip"
  /// ```
  public static func name(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: scalars.append(" ")
      case 0x202A...0x202E, 0x2066...0x2069: continue  // bidi overrides
      default: scalars.append(scalar)
      }
    }
    return String(scalars).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// The key two names are compared by: the normalised name, case-folded
  /// for every script (`Ärger` = `ärger`), so NFC and NFD spellings match.
  public static func key(_ text: String) -> String {
    name(text).folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
      .precomposedStringWithCanonicalMapping
  }
}
