import Foundation

extension RetrosheetSchedule {
  /// The version of the rules that turn a schedule file into games (this
  /// file's `parse`, `LocalTime`, `Game`'s fields). Part of every
  /// `fingerprint(of:)`: raise it with any change that can make the same
  /// file give other games or other counts, so that a re-import after the
  /// upgrade does the whole comparison again instead of reporting "no
  /// changes" from an older import's record. `RetrosheetFingerprintTests`
  /// pins the parse of the real 2024 and 2025 files to this number.
  public static let rulesVersion = 1

  /// The built-in tables `parse` reads through the MLB catalog
  /// (`Catalog.mlb()`).
  static let catalogTables = ["venues", "teams", "venue-names"]

  /// A SHA-256 digest of everything that decides what importing `text`
  /// gives: the rules version, the time-zone data version, the built-in
  /// MLB tables and the file's text (each length-prefixed, so no two
  /// different inputs run together into the same bytes). Two imports with
  /// one fingerprint parse to the same games and counts; a re-import may
  /// reuse an earlier import's result by it (`Store`'s
  /// `unchangedScheduleImport`).
  ///
  /// ```swift
  /// RetrosheetSchedule.fingerprint(of: text).hex  // 64 hex digits
  /// ```
  /// - Parameter text: the file's contents, as given to `parse`.
  /// - Returns: the digest.
  /// - Complexity: O(n) in the text's UTF-8 length plus the tables'.
  public static func fingerprint(of text: String) -> SHA256.Digest {
    var hash = SHA256()
    func add(_ label: String, _ value: String) {
      let utf8 = value.utf8
      hash.update("\(label) \(utf8.count)\n".utf8)
      var copy = value
      copy.withUTF8 { hash.update($0) }
      hash.update([0x0A])
    }
    add("sportstime retrosheet schedule rules", "\(rulesVersion)")
    add("time zone data", TimeZone.timeZoneDataVersion)
    for name in catalogTables {
      add("table \(name)", BuiltInTables.text[name] ?? "")
    }
    add("file", text)
    return hash.finalize()
  }
}
