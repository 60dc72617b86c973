import Foundation

/// A place to put an item, as a traveller names it: before or after a row,
/// or the top or bottom of a day (issue 3: `--before ROW`, `--after ROW`,
/// `--day N --top|--bottom`).
public enum DropTarget: Sendable, Hashable {
  /// Just above the row with this id (above a day header: the bottom of the
  /// day before).
  case before(rowID: RowID)
  /// Just below the row with this id (below a day header: the top of that
  /// day).
  case after(rowID: RowID)
  /// First on day N (1-based), above its games.
  case top(day: Int)
  /// Last on day N (1-based).
  case bottom(day: Int)
}

extension DragSession {
  /// The slot a target names.
  /// - Throws: `ItineraryRefusal` when the row is not in the trip's days (e.g. it
  ///   is Unscheduled or unknown), is the dragged item itself while it is
  ///   Unscheduled, or the day is outside the trip. Before or after the
  ///   dragged item itself is its own slot (`originSlot`).
  /// - Complexity: O(n).
  public func slot(for target: DropTarget) throws -> Int {
    func index(of rowID: RowID) throws -> Int {
      if rowID == .item(item.id) {
        throw ItineraryRefusal(reason: "An item cannot be placed next to itself; name another row.")
      }
      guard let i = rows.firstIndex(where: { $0.id == rowID }) else {
        throw ItineraryRefusal(
          reason:
            "Row \(rowID.description.prefix(80)) is not in the trip's days (the trip has no such row, or it is Unscheduled); name a row shown under a day."
        )
      }
      return i
    }
    func header(_ day: Int) throws -> Int {
      guard let i = rows.firstIndex(where: { $0.id == .day(day) }) else {
        throw ItineraryRefusal(
          reason:
            "Day \(day) is not in this trip (it has \(Plural.count(constraints.tripDayCount, "day")))."
        )
      }
      return i
    }
    switch target {
    // Before or after itself is where it is: the gap it left.
    case .before(let rowID), .after(let rowID):
      if rowID == .item(item.id), let originSlot { return originSlot }
      if case .before = target { return try index(of: rowID) }
      return try index(of: rowID) + 1
    case .top(let day): return try header(day) + 1
    case .bottom(let day):
      _ = try header(day)
      if let next = rows.firstIndex(where: { $0.id == .day(day + 1) }) {
        return next
      }
      return rows.count
    }
  }

  /// The IANA zone of where the trip is at `slot`: the venue of the latest
  /// game above it, or the arrival venue of the latest travel leg above it,
  /// whichever is lower; before any, the first stop's venue. Used for the
  /// local time of a custom item placed there.
  /// - Complexity: O(slot).
  public func timeZoneID(atSlot slot: Int) -> String? { place(atSlot: slot)?.timeZoneID }

  /// Where the trip is at `slot` (the rule of `timeZoneID(atSlot:)`): the
  /// IANA zone and the city it is in ("Los Angeles"); nil for a trip
  /// without stops.
  /// - Complexity: O(slot).
  public func place(atSlot slot: Int) -> (timeZoneID: String, city: String)? {
    let stops = constraints.schedule.stops
    var k = min(slot, rows.count) - 1
    while k >= 0 {
      switch rows[k].content {
      case .game(let g):
        let city =
          stops.indices.contains(g.stopIndex)
          ? stops[g.stopIndex].venue.city : LocalTime.cityName(ofZone: g.game.timeZoneID)
        return (g.game.timeZoneID, city)
      case .item(let item):
        if let info = item.travelInfo, let to = info.toStop, stops.indices.contains(to) {
          return (stops[to].venue.timeZoneID, stops[to].venue.city)
        }
      case .day: break
      }
      k -= 1
    }
    return stops.first.map { ($0.venue.timeZoneID, $0.venue.city) }
  }
}

/// How a traveller names a row: the row number printed by `trip show`, a row
/// id (`day:3`, `game:CHN202406040`, `item:<uuid>`), or an item id or a
/// unique prefix of one (at least 4 characters). An all-digit text is a row
/// number when there is such a row, else an id prefix.
public enum RowReference {
  /// The row `text` names among `rows` (numbered from 1 in order).
  /// - Throws: `ItineraryRefusal` with a reason when nothing or several rows
  ///   match.
  public static func resolve(_ text: String, in rows: [LayoutRow]) throws -> LayoutRow {
    let key = text.trimmingCharacters(in: .whitespaces)
    if let number = Int(key) {
      // An all-digit word of 4 or more characters may also start an item's
      // id (`00000005` or `0123` of `0123abcd-…`).
      let digits = rows.filter {
        key.count >= 4 && key.allSatisfy(\.isASCIIDigit)
          && ($0.itemID.map { $0.description.hasPrefix(key) } ?? false)
      }
      if number >= 1, number <= rows.count {
        // Both a row and an item id: which was meant is not guessed (a
        // remove must never hit another item).
        if let item = digits.first, item.id != rows[number - 1].id {
          throw ItineraryRefusal(
            reason:
              "'\(key)' is both row \(number) and the start of the id of \(item.item?.title ?? "an item"); give the row as \(number) or more characters of the id."
          )
        }
        return rows[number - 1]
      }
      // Too large for a row number: an all-digit item id prefix, if one
      // matches.
      if digits.count == 1 { return digits[0] }
      if digits.count > 1 {
        throw ItineraryRefusal(
          reason: "'\(key)' starts the ids of \(digits.count) items; give more characters.")
      }
      throw ItineraryRefusal(
        problem: "There is no row \(key)", remedy: .pickRow(count: rows.count))
    }
    let lower = key.lowercased()
    if let exact = rows.first(where: { $0.id.description.lowercased() == lower }) { return exact }
    // A day or game row id that is not this trip's names no row; an item
    // id (whole or a prefix) may be given with or without `item:`.
    let split = RowID.split(key)
    if let kind = split?.kind, kind != .item {
      throw ItineraryRefusal(reason: "There is no row \(key) in this trip.")
    }
    let prefix = split.map { $0.rest.lowercased() } ?? lower
    guard prefix.count >= 4 else {
      throw ItineraryRefusal(
        reason:
          "'\(key)' is too short to name an item; give a row number or at least 4 characters of its id."
      )
    }
    let matches = rows.filter {
      $0.item.map { $0.id.description.hasPrefix(prefix) } ?? false
    }
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      throw ItineraryRefusal(reason: "No item of this trip has an id starting with '\(prefix)'.")
    }
    throw ItineraryRefusal(
      reason: "'\(prefix)' starts the ids of \(matches.count) items; give more characters.")
  }
}
