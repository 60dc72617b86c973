/// Trimming of spaces without Foundation's `NSString` round trip.
extension StringProtocol {
  /// The text without leading and trailing spaces: the same as Foundation's
  /// `trimmingCharacters(in: .whitespaces)` (tab, every scalar of Unicode
  /// category Zs and U+200B; line breaks are kept), without bridging to
  /// `NSString` (that round trip was most of the cost of reading the
  /// built-in team tables at start-up).
  ///
  /// ```swift
  /// "  Sixers\t".trimmingSpaces()   // "Sixers"
  /// "\u{00A0}BRK ".trimmingSpaces()  // "BRK" (a no-break space is Zs)
  /// ```
  public func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, Self.isSpace(scalars[start]) { start = scalars.index(after: start) }
    while end > start {
      let before = scalars.index(before: end)
      guard Self.isSpace(scalars[before]) else { break }
      end = before
    }
    if start == scalars.startIndex, end == scalars.endIndex { return String(self) }
    // Sliced by scalars: what is left may start inside a character (a
    // combining mark after a space), as with Foundation.
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }

  /// Whether `scalar` is in `CharacterSet.whitespaces`: U+0009, category
  /// Zs, and U+200B ZERO WIDTH SPACE (a Zs scalar in old Unicode versions,
  /// which Foundation's set still holds; checked over every scalar by a
  /// test).
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value == 0x20 || scalar.value == 0x09 }
    return scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
  }
}
