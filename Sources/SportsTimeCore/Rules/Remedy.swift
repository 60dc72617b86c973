/// What a traveller can do about a refusal, named in no front end's words:
/// Core says it neutrally, and each front end may name its own command or
/// control for it instead (the command line: "'trip show' numbers the rows
/// 1 to 8").
public enum Remedy: Sendable, Hashable {
  /// Name a row by its number in the itinerary's layout, 1 to `count`.
  case pickRow(count: Int)

  /// The remedy in neutral words: "the rows are numbered 1 to 8".
  public var text: String {
    switch self {
    case .pickRow(let count): return "the rows are numbered 1 to \(count)"
    }
  }
}
