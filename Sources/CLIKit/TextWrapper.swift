/// Greedy word wrapping for help text.
public enum TextWrapper {
  /// Splits `text` into lines of at most `width` characters, breaking at spaces.
  /// Existing newlines are kept (an empty input line stays an empty line); a single
  /// word longer than `width` is put on its own line unbroken. `width` below 1 is
  /// treated as 1.
  public static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrapWords(paragraph.split(separator: " ").map(String.init), width: width)
    }
    return lines
  }

  /// Joins `words` with single spaces into lines no longer than `width` where possible.
  /// Returns one empty line when `words` is empty.
  public static func wrapWords(_ words: [String], width: Int) -> [String] {
    let limit = max(1, width)
    var lines: [String] = []
    var line = ""
    for word in words {
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= limit {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    lines.append(line)
    return lines
  }
}
