/// The edit distance behind every "Did you mean …?" suggestion: CLIKit's
/// (mistyped options and commands) and the catalog's and store's (team,
/// venue and trip names), so a typo is judged the same way everywhere.
public enum EditDistance {
  /// The edit distance between `a` and `b`, by characters: an insertion,
  /// a deletion and a substitution each cost 1, and with `countingSwaps`
  /// (the default) so does a swap of two adjacent characters (the optimal
  /// string alignment, or restricted Damerau–Levenshtein, distance);
  /// without it a swap costs 2 (the Levenshtein distance). Case counts
  /// (lowercase both first to ignore it).
  ///
  /// CLIKit's suggestions count swaps; the catalog's and the store's do
  /// not (their suggestions stay as they were when they had their own
  /// copy of the Levenshtein distance).
  ///
  /// ```swift
  /// EditDistance.between("titel", "title")                       // 1 (one swap)
  /// EditDistance.between("titel", "title", countingSwaps: false) // 2
  /// EditDistance.between("kitten", "sitting")                    // 3
  /// EditDistance.between("", "abc")                              // 3
  /// ```
  /// - Complexity: O(a.count × b.count) time, O(b.count) memory.
  public static func between(_ a: String, _ b: String, countingSwaps: Bool = true) -> Int {
    let s = Array(a)
    let t = Array(b)
    if s.isEmpty { return t.count }
    if t.isEmpty { return s.count }
    var previous2 = [Int](repeating: 0, count: t.count + 1)
    var previous = Array(0...t.count)
    var current = [Int](repeating: 0, count: t.count + 1)
    for i in 1...s.count {
      current[0] = i
      for j in 1...t.count {
        let cost = s[i - 1] == t[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if countingSwaps, i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
          best = min(best, previous2[j - 2] + 1)
        }
        current[j] = best
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[t.count]
  }
}
