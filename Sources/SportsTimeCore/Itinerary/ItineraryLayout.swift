import Foundation

/// One row of the laid-out itinerary.
public struct LayoutRow: Sendable, Hashable, Identifiable {
  /// What the row shows.
  public enum Content: Sendable, Hashable {
    /// A day header: 1-based day and its calendar date.
    case day(Int, CalendarDate)
    /// A derived game row.
    case game(PlacedGame)
    /// A stored travel or custom item.
    case item(ItineraryItem)
  }

  /// Stable id (`RowID`; its text is `day:3`, `game:CHN202406040`,
  /// `item:<uuid>`, lowercase): typed from the layout to every reader, its
  /// text written only where a document is.
  public var id: RowID
  /// What the row shows.
  public var content: Content
  /// The row's day (for Unscheduled rows: the stored day, outside the trip).
  public var day: Int
  /// The row's sortOrder; nil for day headers.
  public var sortOrder: Double?
  /// The stored item's id, for item rows (a cheap key for lookups).
  public var itemID: ItineraryItem.ID? = nil

  /// Whether a traveller can drag the row (not headers, not games).
  public var isReorderable: Bool {
    if case .item = content { return true }
    return false
  }

  /// The stored item, for item rows.
  public var item: ItineraryItem? {
    if case .item(let item) = content { return item }
    return nil
  }

  /// The placed game, for game rows.
  public var game: PlacedGame? {
    if case .game(let game) = content { return game }
    return nil
  }

  /// Row id of a stored item (`RowID.item`).
  public static func id(item: ItineraryItem.ID) -> RowID { .item(item) }
  /// Row id of a game (`RowID.game`).
  public static func id(game: Game.ID) -> RowID { .game(game) }
  /// Row id of a day header (`RowID.day`).
  public static func id(day: Int) -> RowID { .day(day) }
}

/// The one ordering function (DESIGN.md, "Layout and reordering"): every view
/// takes its order from it and never sorts on its own.
///
/// For each day 1…dayCount: the day header, then the day's games and stored
/// items by sortOrder, ties broken by kind rank (game, travel, custom), then
/// `createdAt`, then id — so the same data always lays out the same way.
/// Then the Unscheduled group: stored items (and games) whose day is outside
/// the trip, by day and the same order; they are never dropped.
public struct ItineraryLayout: Sendable {
  /// Day headers and their content, in display order.
  public let rows: [LayoutRow]
  /// Rows whose day is outside the trip, in display order.
  public let unscheduled: [LayoutRow]

  /// Lays out a trip.
  /// - Parameters:
  ///   - schedule: the trip's days and placed games.
  ///   - items: the stored travel and custom items (game items are ignored:
  ///     games are derived from `schedule`).
  /// - Complexity: O(n log n) for n rows.
  public init(schedule: TripSchedule, items: [ItineraryItem]) {
    // The rows on the trip's days, games first, then items, each in the
    // order given; sorted by (day, `precedes`) as indices, stably, so
    // ties keep that order, and copied once into place.
    var inDays: [LayoutRow] = []
    inDays.reserveCapacity(schedule.games.count + items.count)
    var outside: [LayoutRow] = []
    for g in schedule.games {
      let row = LayoutRow(
        id: .game(g.id), content: .game(g), day: g.day,
        sortOrder: g.sortOrder)
      if schedule.contains(day: g.day) {
        inDays.append(row)
      } else {
        outside.append(row)
      }
    }
    for item in items where item.gameID == nil {
      let row = LayoutRow(
        id: .item(item.id), content: .item(item), day: item.day,
        sortOrder: item.sortOrder, itemID: item.id)
      if schedule.contains(day: item.day) && item.sortOrder.isFinite {
        inDays.append(row)
      } else {
        outside.append(row)
      }
    }
    let order = inDays.withUnsafeBufferPointer { rows in
      rows.indices.sorted { a, b in
        rows[a].day != rows[b].day
          ? rows[a].day < rows[b].day : ItineraryLayout.precedes(rows[a], rows[b])
      }
    }
    var rows: [LayoutRow] = []
    rows.reserveCapacity(schedule.dayCount + inDays.count)
    var next = 0
    for day in 1...schedule.dayCount {
      rows.append(
        LayoutRow(
          id: .day(day), content: .day(day, schedule.date(ofDay: day)),
          day: day, sortOrder: nil))
      while next < order.count && inDays[order[next]].day == day {
        rows.append(inDays[order[next]])
        next += 1
      }
    }
    self.rows = rows
    self.unscheduled = outside.sorted {
      $0.day != $1.day ? $0.day < $1.day : ItineraryLayout.precedes($0, $1)
    }
    assertInvariants()
  }

  /// All rows: the days, then Unscheduled.
  public var allRows: [LayoutRow] { rows + unscheduled }

  /// Every row with its 1-based number, as `trip show` prints it and every
  /// view names it: the days' rows first, then Unscheduled, numbered on
  /// (the one row numbering).
  public var numbered: [NumberedRow] {
    var result: [NumberedRow] = []
    result.reserveCapacity(rows.count + unscheduled.count)
    for (i, row) in rows.enumerated() {
      result.append(NumberedRow(number: i + 1, row: row, isUnscheduled: false))
    }
    for (i, row) in unscheduled.enumerated() {
      result.append(NumberedRow(number: rows.count + i + 1, row: row, isUnscheduled: true))
    }
    return result
  }

  /// The number of each row (`numbered`) by row id.
  public var rowNumbers: [RowID: Int] {
    Dictionary(numbered.map { ($0.row.id, $0.number) }, uniquingKeysWith: { a, _ in a })
  }

  /// The layout order of two rows on one day: sortOrder, kind rank,
  /// createdAt, id. NaN sortOrders (never stored) sort last.
  public static func precedes(_ a: LayoutRow, _ b: LayoutRow) -> Bool {
    let sa = a.sortOrder ?? -.infinity
    let sb = b.sortOrder ?? -.infinity
    if sa != sb {
      if sa.isNaN { return false }
      if sb.isNaN { return true }
      return sa < sb
    }
    let (ra, ca) = rank(a)
    let (rb, cb) = rank(b)
    if ra != rb { return ra < rb }
    if ca != cb { return ca < cb }
    // By the id's text (an item's id is its lowercase UUID).
    return a.id.description < b.id.description
  }

  private static func rank(_ row: LayoutRow) -> (Int, Date) {
    switch row.content {
    case .day: return (-1, .distantPast)
    case .game: return (0, .distantPast)
    case .item(let item): return (item.kindRank, item.createdAt)
    }
  }
}

/// A layout row with its 1-based number (`ItineraryLayout.numbered`).
public struct NumberedRow: Sendable, Hashable {
  /// 1-based: the days' rows, then Unscheduled.
  public var number: Int
  /// The row.
  public var row: LayoutRow
  /// Whether it is in the Unscheduled group (its day is outside the trip).
  public var isUnscheduled: Bool

  /// Numbers a row.
  public init(number: Int, row: LayoutRow, isUnscheduled: Bool) {
    self.number = number
    self.row = row
    self.isUnscheduled = isUnscheduled
  }
}
