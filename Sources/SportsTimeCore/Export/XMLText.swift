/// Text made safe for XML 1.0 character data and attribute values, shared by
/// the GPX export and the SVG map.
public enum XMLText {
  /// What becomes of line breaks and tabs.
  public enum Whitespace: Sendable {
    /// Kept: LF as is, CR and TAB as character references (so parsers keep
    /// them exactly).
    case keep
    /// Each LF, CR and TAB becomes one space (for one-line labels).
    case asSpaces
  }

  /// `s` with `& < > " '` as entities; characters XML 1.0 forbids (other C0
  /// controls, U+FFFE, U+FFFF) and DEL and C1 controls (which XML
  /// discourages and a terminal could act on) dropped.
  /// - Complexity: O(n).
  public static func escape(_ s: String, whitespace: Whitespace) -> String {
    // Printable ASCII without `& < > " '` has nothing to escape or drop
    // (nearly every venue name and label of the map).
    if s.utf8.allSatisfy({
      (0x20...0x7E).contains($0) && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E && $0 != 0x22
        && $0 != 0x27
    }) {
      return s
    }
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n", "\r", "\t":
        switch whitespace {
        case .asSpaces: out += " "
        case .keep: out += scalar == "\n" ? "\n" : scalar == "\r" ? "&#13;" : "&#9;"
        }
      default:
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
