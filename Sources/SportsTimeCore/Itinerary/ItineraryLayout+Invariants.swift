import Foundation

extension ItineraryLayout {
  /// What is wrong with this layout, in words (empty when nothing is): the
  /// checks a property test runs after every edit (issue 9, "Layout").
  ///
  /// The days are headed `day:1`, `day:2`, … in order, on consecutive
  /// dates; every other row belongs to the day of the header above it, has
  /// a finite sortOrder and an id that matches its content (`item:<uuid>`,
  /// `game:<id>`), and no row of a day precedes the one before it
  /// (`precedes`, the one ordering function); Unscheduled holds no header,
  /// only rows whose day is outside the trip (or whose sortOrder is not
  /// finite), by day and the same order; no id appears twice.
  /// - Complexity: O(n) for n rows.
  public func checkInvariants() -> [String] {
    var problems: [String] = []
    var seen: Set<RowID> = []
    for row in allRows where !seen.insert(row.id).inserted {
      problems.append("row \(row.id) appears twice")
    }
    var day = 0
    var date: CalendarDate?
    var previous: LayoutRow?
    for (index, row) in rows.enumerated() {
      if let wrong = Self.idProblem(row) { problems.append("row \(index + 1): \(wrong)") }
      if case .day(let d, let headerDate) = row.content {
        if d != day + 1 { problems.append("row \(index + 1): Day \(d) follows Day \(day)") }
        if let date, date.adding(days: 1) != headerDate {
          problems.append(
            "row \(index + 1): Day \(d) is on \(headerDate.iso), not after \(date.iso)")
        }
        if row.sortOrder != nil {
          problems.append("row \(index + 1): a day header has a sortOrder")
        }
        day = d
        date = headerDate
        previous = nil
        continue
      }
      if day == 0 { problems.append("row \(index + 1): \(row.id) is above Day 1") }
      if row.day != day {
        problems.append("row \(index + 1): \(row.id) is day \(row.day) under Day \(day)")
      }
      if !(row.sortOrder?.isFinite ?? false) {
        problems.append("row \(index + 1): \(row.id) has no finite sortOrder")
      }
      if let previous, Self.precedes(row, previous) {
        problems.append("row \(index + 1): \(row.id) should come before \(previous.id)")
      }
      previous = row
    }
    let dayCount = day
    var before: LayoutRow?
    for row in unscheduled {
      if let wrong = Self.idProblem(row) { problems.append("unscheduled: \(wrong)") }
      if case .day = row.content { problems.append("unscheduled: a day header \(row.id)") }
      let insideTrip = dayCount > 0 && (1...dayCount).contains(row.day)
      if insideTrip, row.sortOrder?.isFinite ?? false {
        problems.append("unscheduled: \(row.id) is on Day \(row.day), inside the trip")
      }
      if let before,
        before.day > row.day || (before.day == row.day && Self.precedes(row, before))
      {
        problems.append("unscheduled: \(row.id) should come before \(before.id)")
      }
      before = row
    }
    return problems
  }

  /// Stops a debug build when `checkInvariants()` finds a problem: the
  /// end of the initializer calls it, so every test that lays out a trip
  /// checks the layout (STYLE.md 25). Release builds compile nothing here.
  /// - Complexity: O(n) for n rows in debug builds; nothing in release.
  @inline(__always)
  func assertInvariants() {
    #if DEBUG
      let problems = checkInvariants()
      assert(problems.isEmpty, "ItineraryLayout: " + problems.joined(separator: "; "))
    #endif
  }

  /// A layout of exactly these rows, unchecked: for tests of
  /// `checkInvariants()` (the public initializer always lays out correctly).
  init(uncheckedRows rows: [LayoutRow], unscheduled: [LayoutRow]) {
    self.rows = rows
    self.unscheduled = unscheduled
  }

  /// Why `row`'s id or item id does not match its content, if it does not.
  private static func idProblem(_ row: LayoutRow) -> String? {
    let expected: RowID
    var itemID: ItineraryItem.ID?
    switch row.content {
    case .day(let day, _): expected = .day(day)
    case .game(let game): expected = .game(game.id)
    case .item(let item):
      expected = .item(item.id)
      itemID = item.id
    }
    if row.id != expected { return "id \(row.id) should be \(expected)" }
    if row.itemID != itemID {
      return "\(row.id) has item id \(row.itemID.map(\.description) ?? "none")"
    }
    return nil
  }
}
