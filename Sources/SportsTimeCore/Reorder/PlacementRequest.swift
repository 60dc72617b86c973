import Foundation

/// Where to put an item as a traveller gave it, before any rule: before or
/// after a row, or a day with its top or bottom. Every front end reads its
/// own form of it (the API's `place` object, the CLI's `--before`,
/// `--after`, `--day`, `--top`, `--bottom`) and turns it into a
/// `DropTarget` with `target(resolving:)`, so the same place is refused by
/// the same rule everywhere (issue 29).
///
/// `Row` is how the front end names a row: the API a `RowID` (read once
/// from its text), the CLI what was typed (a row number, an id or an id
/// prefix, resolved against the trip with `RowReference`).
public struct PlacementRequest<Row: Sendable & Hashable>: Sendable, Hashable {
  /// Just above this row.
  public var before: Row?
  /// Just below this row.
  public var after: Row?
  /// On this day (1-based).
  public var day: Int?
  /// Which end of `day`; nil is the bottom.
  public var edge: DayEdge?

  /// A place with these members (none: no place given).
  public init(before: Row? = nil, after: Row? = nil, day: Int? = nil, edge: DayEdge? = nil) {
    self.before = before
    self.after = after
    self.day = day
    self.edge = edge
  }

  /// The drop target asked for; nil when no place is given (each front end
  /// has its default or asks for one). Whether the row or the day is in
  /// the trip is the drag session's to say (`DragSession.slot(for:)`).
  /// - Parameter resolving: the row id of a row as the front end names it
  ///   (it throws its own error for a row it cannot find).
  /// - Throws: `PlacementError` for more than one of before, after and
  ///   day, or an edge without a day; what `resolving` throws.
  public func target(resolving: (Row) throws -> RowID) throws -> DropTarget? {
    try check()
    if let before { return .before(rowID: try resolving(before)) }
    if let after { return .after(rowID: try resolving(after)) }
    guard let day else { return nil }
    return edge == .top ? .top(day: day) : .bottom(day: day)
  }

  /// Checks the place by the rule of `target(resolving:)` without
  /// resolving a row: what a front end can say before it opens anything.
  /// - Throws: `PlacementError`.
  public func check() throws {
    let given = [
      before.map { _ in PlacementError.Field.before }, after.map { _ in .after },
      day.map { _ in .day },
    ].compactMap { $0 }
    guard given.count <= 1 else { throw PlacementError(.several(given), field: given[1]) }
    if day == nil, edge != nil { throw PlacementError(.edgeWithoutDay, field: .edge) }
  }
}

extension PlacementRequest where Row == RowID {
  /// The drop target asked for (`target(resolving:)` of row ids as they
  /// are).
  /// - Throws: `PlacementError`.
  public func target() throws -> DropTarget? { try target(resolving: { $0 }) }
}

/// Which end of a day an item goes to.
public enum DayEdge: String, Sendable, Hashable, CaseIterable {
  /// First on the day, above its games.
  case top
  /// Last on the day.
  case bottom
}

/// A place refused by `PlacementRequest.target()`: which rule, and the
/// member at fault. Each front end names the members its own way (the API:
/// `place.day`; the CLI: `--day`), so the words differ only in those names.
public struct PlacementError: Error, Sendable, Hashable {
  /// A member of a place.
  public enum Field: Sendable, Hashable, CaseIterable {
    /// The row to go above.
    case before
    /// The row to go below.
    case after
    /// The day.
    case day
    /// The end of the day.
    case edge
  }

  /// The rule the place broke.
  public enum Rule: Sendable, Hashable {
    /// More than one of before, after and day (those given, in that
    /// order).
    case several([Field])
    /// A top or bottom without a day.
    case edgeWithoutDay
  }

  /// The rule broken.
  public var rule: Rule
  /// The member at fault (of several, the second given).
  public var field: Field

  /// The refusal of `rule`, at `field`.
  public init(_ rule: Rule, field: Field) {
    self.rule = rule
    self.field = field
  }

  /// The refusal in words, each member named by `name`.
  public func message(naming name: (Field) -> String) -> String {
    switch rule {
    case .several:
      return "give only one of \(name(.before)), \(name(.after)) and \(name(.day))"
    case .edgeWithoutDay:
      return "\(name(.edge)) goes with \(name(.day))"
    }
  }
}
