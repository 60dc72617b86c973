import Foundation
import Spelling

/// Closest-name suggestions for typos ("Did you mean …?").
public enum Suggest {
  /// The candidate closest to `word` by edit distance
  /// (`EditDistance.between` without counting swaps, ignoring case), when
  /// it is close enough to be a likely typo: at most max(1, length / 3)
  /// edits (so `XXX` suggests nothing, `CHX` suggests a Chicago code). An
  /// empty word suggests nothing.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    let w = word.lowercased()
    guard !w.isEmpty else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
      let d = EditDistance.between(w, candidate.lowercased(), countingSwaps: false)
      if best == nil || d < (best?.1 ?? .max) { best = (candidate, d) }
    }
    guard let best, best.1 <= max(1, w.count / 3) else { return nil }
    return best.0
  }
}
