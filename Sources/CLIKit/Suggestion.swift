/// "Did you mean ...?" suggestions for mistyped option and command names.
public enum Suggestion {
  /// The Damerau–Levenshtein (optimal string alignment) distance between `a`
  /// and `b`: insertions, deletions, substitutions and adjacent swaps each cost 1.
  public static func editDistance(_ a: String, _ b: String) -> Int {
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
        if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
          best = min(best, previous2[j - 2] + 1)
        }
        current[j] = best
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[t.count]
  }

  /// The candidate closest to `input` (compared case-insensitively), or `nil`
  /// when none is close. A candidate is close when its distance is at most
  /// `max(2, input.count / 3)` and smaller than the candidate's own length (so
  /// a completely different short word is never suggested). Ties go to the
  /// earliest candidate.
  public static func closest(to input: String, in candidates: [String]) -> String? {
    let needle = input.lowercased()
    let limit = max(2, needle.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(needle, candidate.lowercased())
      guard distance <= limit, distance < candidate.count else { continue }
      if best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// `message` followed by ` Did you mean '<prefix><match>'?` when a close
  /// candidate exists; `message` unchanged otherwise.
  static func appending(
    to message: String, input: String, candidates: [String], prefix: String = ""
  )
    -> String
  {
    guard let match = closest(to: input, in: candidates) else { return message }
    return "\(message) Did you mean '\(prefix)\(match)'?"
  }
}
