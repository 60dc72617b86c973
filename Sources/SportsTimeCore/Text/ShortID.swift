import Foundation

/// Short forms of ids for people: the first characters of the lowercase
/// UUID text, as many as make each one unique among the ids shown together.
///
/// A trip reference accepts a unique id prefix, so a short id that two ids
/// share (`dddddddd` for `dddddddd-0000-4000-8000-000000000001` and
/// `…0002`, as ids written by hand in an old file can be) would point at
/// neither.
///
/// ```swift
/// ShortID.prefixes(of: [a, b])   // [a: "dddddddd-0000-4000-8000-000000000001", …] when they share 35 characters
/// ShortID.prefixes(of: [random]) // [random: "3f2a9c1e"]
/// ```
public enum ShortID {
  /// The length of a short id when nothing forces it longer.
  public static let minimumLength = 8

  /// Each of `ids` with its shortest prefix of at least `minimumLength`
  /// characters that no other id of `ids` starts with (the whole id, 36
  /// characters, at most). Duplicates in `ids` are one id.
  /// - Complexity: O(n log n) for n ids (sorted neighbours decide).
  public static func prefixes(of ids: [UUID], minimumLength: Int = minimumLength) -> [UUID: String]
  {
    let texts = Set(ids).map { ($0, Array($0.uuidString.lowercased())) }
      .sorted { $0.1.lexicographicallyPrecedes($1.1) }
    func common(_ a: [Character], _ b: [Character]) -> Int {
      zip(a, b).prefix { $0 == $1 }.count
    }
    var result: [UUID: String] = [:]
    for (index, (id, text)) in texts.enumerated() {
      var length = minimumLength
      if index > 0 { length = max(length, common(texts[index - 1].1, text) + 1) }
      if index + 1 < texts.count { length = max(length, common(texts[index + 1].1, text) + 1) }
      result[id] = String(text.prefix(min(length, text.count)))
    }
    return result
  }

  /// `prefixes(of:minimumLength:)` of typed ids (trips, items or visits),
  /// by the same rule.
  /// - Complexity: O(n log n) for n ids.
  public static func prefixes<Owner>(
    of ids: [TaggedUUID<Owner>], minimumLength: Int = minimumLength
  ) -> [TaggedUUID<Owner>: String] {
    let raw = prefixes(of: ids.map(\.rawValue), minimumLength: minimumLength)
    return Dictionary(uniqueKeysWithValues: raw.map { (TaggedUUID($0.key), $0.value) })
  }
}
