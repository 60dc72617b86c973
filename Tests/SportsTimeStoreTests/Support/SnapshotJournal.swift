import Foundation
import SportsTimeCore

@testable import SportsTimeStore

/// The undo journal as it was before issue 29, kept as the oracle of the
/// journal of changes: whole-trip snapshots of raw column values.
extension Store {
  /// The trip's own rows as JSON: `{trip: {column: value}, games: [{…}],
  /// items: [{…}]}` (games by position, items by id): the snapshot the
  /// journal stored twice per edit until issue 29.
  func snapshot(ofTrip id: Trip.ID) throws -> String {
    let key = Store.key(id)
    func objects(_ rows: [Row]) -> JSONValue {
      .array(rows.map { ColumnValues(row: $0).json })
    }
    let trip = try select(
      "SELECT name, start_date, end_date FROM trips WHERE id = ?", [.text(key)])
    let games = try select(
      "SELECT game_id, position FROM trip_games WHERE trip_id = ? ORDER BY position", [.text(key)])
    let items = try select(
      "SELECT * FROM itinerary_items WHERE trip_id = ? ORDER BY id", [.text(key)])
    guard case .array(let tripRows) = objects(trip), let tripObject = tripRows.first else {
      throw RecordError.tripNotFound(id.description, suggestion: nil)
    }
    return JSONValue.object([
      ("trip", tripObject), ("games", objects(games)), ("items", objects(items)),
    ])
    .render()
  }

  /// The item ids in `snapshot`.
  static func itemIDs(inSnapshot snapshot: String) throws -> Set<String> {
    guard case .object(let parts) = try JSONText.value(Data(snapshot.utf8)),
      case .array(let items)? = parts.first(where: { $0.0 == "items" })?.1
    else { return [] }
    return Set(
      items.compactMap { item in
        guard case .object(let pairs) = item,
          case .string(let id)? = pairs.first(where: { $0.0 == "id" })?.1
        else { return nil }
        return id
      })
  }

  /// The ids of items of trip `id` with a tombstone.
  func tombstonedItems(ofTrip id: Trip.ID) throws -> Set<String> {
    Set(
      try select(
        "SELECT id FROM tombstones WHERE kind = 'item' AND trip_id = ?", [.text(Store.key(id))]
      ).map { try $0.string("id") })
  }
}

/// The rules of the snapshot journal, over the snapshots a test records:
/// what an undo or redo restores, which labels are offered, which step is
/// refused as `nothingTo` or `tripChangedSince`, and what a new edit or a
/// refusal forgets.
struct SnapshotJournalModel {
  struct Entry {
    var label: String
    var before: String
    var after: String
    var undone = false
  }

  /// Oldest first; the undone ones are a suffix.
  var entries: [Entry] = []
  /// Whether the trip changed without the journal since its last step.
  var stale = false

  /// A journaled edit that changed the trip.
  mutating func edited(_ label: String, before: String, after: String) {
    if stale { entries = [] }
    stale = false
    entries.removeAll(where: \.undone)
    entries.append(Entry(label: label, before: before, after: after))
    if entries.count > Store.journalLength {
      entries.removeFirst(entries.count - Store.journalLength)
    }
  }

  /// A change the journal did not see.
  mutating func changedUnrecorded() {
    if !entries.isEmpty { stale = true }
  }

  /// The labels `Store.journal(ofTrip:)` gives.
  var labels: (undo: String?, redo: String?) {
    if stale { return (nil, nil) }
    return (entries.last(where: { !$0.undone })?.label, entries.first(where: \.undone)?.label)
  }

  /// The entry an undo (redo) takes, by index.
  func next(_ direction: JournalStep.Direction) -> Int? {
    direction == .undo
      ? entries.lastIndex(where: { !$0.undone }) : entries.firstIndex(where: \.undone)
  }

  /// What `step` must do: the error it throws, or the snapshot it leaves.
  enum Outcome: Equatable {
    case refused(JournalError)
    case restored(label: String, snapshot: String)
  }

  /// The outcome of a step, and the model after it (a refusal
  /// `breaksRule` is decided by the store and applied with `refused`).
  mutating func step(_ direction: JournalStep.Direction, tripName: String) -> Outcome {
    guard let index = next(direction) else {
      return .refused(.nothingTo(direction, trip: tripName))
    }
    let entry = entries[index]
    if stale {
      entries = []
      stale = false
      return .refused(.tripChangedSince(direction, label: entry.label))
    }
    entries[index].undone = direction == .undo
    return .restored(label: entry.label, snapshot: direction == .undo ? entry.before : entry.after)
  }

  /// A `breaksRule` refusal of `direction`: that step and those beyond it
  /// are forgotten.
  mutating func refusedAsBreakingARule(_ direction: JournalStep.Direction) {
    entries.removeAll(where: { direction == .undo ? !$0.undone : $0.undone })
  }
}
