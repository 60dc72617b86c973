/// Counted nouns in English: the one plural rule every message and view
/// uses.
public enum Plural {
  /// `n` and `noun`, with an "s" unless `n` is 1.
  ///
  /// ```swift
  /// Plural.count(1, "visit")   // "1 visit"
  /// Plural.count(3, "day")     // "3 days"
  /// Plural.count(0, "game")    // "0 games"
  /// ```
  /// - Parameters:
  ///   - n: how many.
  ///   - noun: the singular noun (a regular plural: adds "s").
  public static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(Plural.noun(noun, n))"
  }

  /// `items` as an English list: "A", "A and B", "A, B and C" (no
  /// serial comma, as the messages write it); "" for none.
  public static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    guard items.count > 1 else { return last }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// `noun` for `n` things, without the number: "visit" for 1, else
  /// "visits".
  public static func noun(_ noun: String, _ n: Int) -> String {
    n == 1 ? noun : noun + "s"
  }

  /// `one` for 1 thing, else `other`: the word that agrees with a count
  /// (a verb, a pronoun, an irregular noun).
  ///
  /// ```swift
  /// Plural.form(1, one: "is", other: "are")     // "is"
  /// Plural.form(2, one: "its", other: "their")  // "their"
  /// ```
  public static func form(_ n: Int, one: String, other: String) -> String {
    n == 1 ? one : other
  }
}
