import Foundation

/// One finding of `Itinerary.check()`: a game, a route leg or a stored item
/// that breaks a rule, or an item the traveller should know about (a
/// notice).
public struct TripProblem: Sendable, Hashable {
  /// What the finding is about.
  public enum Subject: Sendable, Hashable, CustomStringConvertible {
    /// A row of the itinerary (a game or a stored item).
    case row(RowID)
    /// A leg of the route that has no row (no travel item): its 0-based
    /// index in `TripSchedule.legs`.
    case leg(Int)

    /// `game:…`, `item:…` (the row id), or `leg:N` for a leg without a row.
    public var description: String {
      switch self {
      case .row(let id): return id.description
      case .leg(let index): return "leg:\(index)"
      }
    }
  }

  /// How serious a finding is.
  public enum Severity: Sendable, Hashable {
    /// It breaks a rule: the trip needs re-planning or the item moving.
    case breaksRule
    /// A day that cannot be done as planned (`Itinerary.impossibleDays()`):
    /// a problem `trip check` reports, but no rule an edit is refused by
    /// (as a tight leg is warned about, not forbidden): an item write that
    /// makes one is warned, and an undo may bring one back.
    case cannotBeDone
    /// It breaks no rule (an Unscheduled item, an item far from every
    /// stop): for the traveller to know.
    case notice
  }

  /// What the finding is about.
  public var subject: Subject
  /// Its 1-based row number as the itinerary numbers rows
  /// (`Itinerary.numberedRows`); nil for a leg without a row.
  public var number: Int?
  /// The row's title ("CWS @ CHC", "Chicago → Boston", an item's title).
  public var title: String
  /// Its icon: ⚾️ for a game, the leg's mode or the item's icon.
  public var icon: String
  /// The reason (or the notice), in a traveller's words; with a `remedy`
  /// it ends with the remedy's neutral text ("<problem>; <remedy.text>.",
  /// `Remedy.reason(for:)`), which a front end may replace with its own
  /// words (`Remedy.problem(in:)`).
  public var reason: String
  /// What the traveller can do about it, when there is one thing to do:
  /// re-plan the trip, or remove a cancelled game.
  public var remedy: Remedy?
  /// A problem or a notice.
  public var severity: Severity
}

extension Itinerary {
  /// Re-checks the trip against every rule (after a schedule re-import, a
  /// shorter trip, an older database): the games that moved out of the
  /// trip or were cancelled (`gameProblems()`), the route legs with no
  /// travel item (`missingLegs()`) and the stored items that break a rule
  /// (`problems()`), in row order with the legs (no row) last; then the
  /// Unscheduled items that break no rule (`notices()`) and the items whose
  /// place is far from every stop (`farItems()`) as notices. The days that
  /// cannot be done (`impossibleDays(estimator:)`: a custom item with a
  /// place and a time that the route cannot reach in time, or leave in time
  /// for what follows) are problems of severity `.cannotBeDone` at their
  /// item's row, in row order among the others.
  ///
  /// ```swift
  /// itinerary.check().filter { $0.severity == .breaksRule }.map(\.subject.description)
  /// // ["item:6f0c…", "leg:1"]
  /// ```
  /// - Parameter estimator: how travel between places is estimated
  ///   (default the route's, `RouteEstimator.default`).
  /// - Returns: the findings, every problem before every notice; empty
  ///   when the trip keeps every rule and has nothing Unscheduled.
  /// - Complexity: O(n log n) for n rows, plus the rule checks.
  public func check(estimator: RouteEstimator = .default) -> [TripProblem] {
    var numbers: [RowID: Int] = [:]
    for (offset, row) in numberedRows.enumerated() where numbers[row.id] == nil {
      numbers[row.id] = offset + 1
    }
    func finding(
      _ id: RowID, _ title: String, _ icon: String, _ reason: String, _ remedy: Remedy?
    ) -> TripProblem {
      TripProblem(
        subject: .row(id), number: numbers[id], title: title, icon: icon, reason: reason,
        remedy: remedy, severity: .breaksRule)
    }
    let unordered: [TripProblem] =
      gameProblems().map {
        finding(.game($0.game.id), $0.game.title, "⚾️", $0.reason, $0.remedy)
      }
      + missingLegs().map {
        TripProblem(
          subject: .leg($0.leg.index), number: nil,
          title: "\($0.leg.from.name) → \($0.leg.to.name)",
          icon: RouteEstimator.mode(
            fromCountry: $0.leg.from.venue.country, toCountry: $0.leg.to.venue.country
          ).icon, reason: $0.reason, remedy: $0.remedy, severity: .breaksRule)
      }
      + problems().map {
        finding(.item($0.item.id), $0.item.title, $0.item.icon, $0.reason, $0.remedy)
      }
      + impossibleDays(estimator: estimator).map {
        var problem = finding(.item($0.item.id), $0.item.title, $0.item.icon, $0.message, nil)
        problem.severity = .cannotBeDone
        return problem
      }
    // In row order; route legs (no row) last, each group as found.
    let problems = unordered.enumerated().sorted {
      ($0.element.number ?? Int.max, $0.offset) < ($1.element.number ?? Int.max, $1.offset)
    }.map(\.element)
    let notices = (notices() + farItems()).map {
      var notice = finding(.item($0.item.id), $0.item.title, $0.item.icon, $0.notice, nil)
      notice.severity = .notice
      return notice
    }
    return problems + notices
  }
}
