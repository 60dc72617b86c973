import Foundation

/// Why an itinerary edit (a drag, a drop target, an add, an edit) is refused,
/// in traveller's words; nothing has changed.
public struct ItineraryRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// In traveller's words.
  public var reason: String
  /// The text problem behind the refusal, when a title or address could
  /// not be stored (so a front end can say how to fix it).
  public var text: TextError?
  /// The problem alone, when the refusal has a `remedy`: the reason is
  /// then "<problem>; <remedy.text>." and a front end may put its own
  /// words for the remedy after the problem.
  public var problem: String?
  /// What the traveller can do about it, when there is one thing to do.
  public var remedy: Remedy?
  /// What kind of failure it is: `.refused` (a rule said no, HTTP 422),
  /// `.invalidInput` for a text that cannot be stored (400), `.notFound`
  /// for an item the trip does not have (404).
  public var kind: ErrorKind
  /// Creates a refusal with its reason and, for a text, its problem (a
  /// text problem is bad input; anything else a rule's refusal).
  public init(reason: String, text: TextError? = nil) {
    self.reason = reason
    self.text = text
    self.kind = text == nil ? .refused : .invalidInput
  }
  /// The refusal of an edit of item `id`, which the trip does not have
  /// (not found): in words, without the id (issue 28, item 15) — the item
  /// was there when the edit was asked for (the CLI resolves its ids
  /// before), so it was removed meanwhile.
  public static func noItem(_ id: ItineraryItem.ID) -> ItineraryRefusal {
    var refusal = ItineraryRefusal(
      reason: "That item is no longer in the trip; it may have been removed elsewhere.")
    refusal.kind = .notFound
    return refusal
  }
  /// Creates a refusal of `problem` (no final period) with `remedy`: the
  /// reason is "<problem>; <remedy.text>." (`Remedy.reason(for:)`).
  public init(problem: String, remedy: Remedy) {
    self.reason = remedy.reason(for: problem)
    self.problem = problem
    self.remedy = remedy
    self.kind = .refused
  }
  /// A refusal of `reason` made by `remedy.reason(for:)` (with its
  /// problem and remedy), or of `reason` alone when `remedy` is nil or
  /// `reason` does not end with it.
  public init(reason: String, remedy: Remedy?) {
    if let remedy, let problem = remedy.problem(in: reason) {
      self.init(problem: problem, remedy: remedy)
    } else {
      self.init(reason: reason)
    }
  }
  /// The refusal of a refused position: its reason, with its problem and
  /// remedy when it has one; `fallback` when `check` is `.valid`.
  public init(_ check: PositionCheck, fallback: String) {
    self.init(reason: check.reason ?? fallback, remedy: check.remedy)
  }
  public var description: String { reason }
}
