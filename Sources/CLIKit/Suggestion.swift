import Spelling

/// "Did you mean ...?" suggestions for mistyped option and command names
/// (`EditDistance.between`, the one the catalog uses too).
public enum Suggestion {
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
      let distance = EditDistance.between(needle, candidate.lowercased())
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
