import Foundation
import SportsTimeCore

/// What the running journaled edit (`Store.journaled`) is about to change:
/// each record it writes, as it was before the edit's first write of it.
struct JournalCapture: Sendable {
  /// The journaled trip's key.
  let tripKey: String
  /// The trip's name and days before the edit; nil until a write of them.
  var tripFields: ColumnValues?
  /// Whether `tripFields` was read (the trip's row exists, so it is set).
  var touchedTrip = false
  /// The trip's games by game id before the edit; nil until a write of
  /// them.
  var games: [String: ColumnValues]?
  /// Each item written, by id, as it was before (nil: it did not exist).
  var items: [String: ColumnValues?] = [:]
}

extension Store {
  // MARK: Write paths tell the journal

  /// Tells the running journaled edit (if any) that item `id` is about to
  /// be inserted, updated or deleted: its row is read once, before the
  /// edit's first write of it. Every write of `itinerary_items` calls it.
  func journalWillWriteItem(_ id: ItineraryItem.ID) throws {
    guard var capture = journalCapture else { return }
    let key = Store.key(id)
    guard !capture.items.keys.contains(key) else { return }
    capture.items.updateValue(try journaledItem(key), forKey: key)
    journalCapture = capture
  }

  /// Tells the running journaled edit of trip `id` (if any) that its name
  /// or days are about to be written. Every write of those columns calls
  /// it.
  func journalWillWriteTrip(_ id: Trip.ID) throws {
    guard var capture = journalCapture, capture.tripKey == Store.key(id), !capture.touchedTrip
    else { return }
    capture.tripFields = try journaledTripFields(capture.tripKey)
    capture.touchedTrip = true
    journalCapture = capture
  }

  /// Tells the running journaled edit of trip `id` (if any) that its
  /// games (`trip_games`) are about to be written. Every write of them
  /// calls it.
  func journalWillWriteGames(ofTrip id: Trip.ID) throws {
    guard var capture = journalCapture, capture.tripKey == Store.key(id), capture.games == nil
    else { return }
    capture.games = try journaledGames(capture.tripKey)
    journalCapture = capture
  }

  // MARK: The records

  /// The records `capture` saw written, as they are now against how they
  /// were, unchanged ones left out: the trip's fields, then its games,
  /// then its items (each table by key).
  func changes(capturedBy capture: JournalCapture) throws -> [RecordChange] {
    let key = capture.tripKey
    var changes: [RecordChange] = []
    if capture.touchedTrip {
      let before = capture.tripFields.map { [key: $0] } ?? [:]
      let after = try journaledTripFields(key).map { [key: $0] } ?? [:]
      changes += RecordChange.changes(in: .trips, from: before, to: after)
    }
    if let games = capture.games {
      changes += RecordChange.changes(in: .tripGames, from: games, to: try journaledGames(key))
    }
    var before: [String: ColumnValues] = [:]
    var after: [String: ColumnValues] = [:]
    for (itemKey, old) in capture.items {
      before[itemKey] = old
      after[itemKey] = try journaledItem(itemKey)
    }
    changes += RecordChange.changes(in: .items, from: before, to: after)
    return changes
  }

  /// Every record of trip `key` the journal covers, by table and key
  /// (debug builds check the captured records against these).
  func wholeRecords(ofTrip key: String) throws -> [RecordChange.Table: [String: ColumnValues]] {
    var items: [String: ColumnValues] = [:]
    for row in try select("SELECT * FROM itinerary_items WHERE trip_id = ?", [.text(key)]) {
      items[try row.string("id")] = ColumnValues(row: row)
    }
    return [
      .trips: try journaledTripFields(key).map { [key: $0] } ?? [:],
      .tripGames: try journaledGames(key), .items: items,
    ]
  }

  private func journaledTripFields(_ key: String) throws -> ColumnValues? {
    try select(
      "SELECT \(RecordChange.tripColumns.joined(separator: ", ")) FROM trips WHERE id = ?",
      [.text(key)]
    ).first.map { ColumnValues(row: $0) }
  }

  private func journaledGames(_ key: String) throws -> [String: ColumnValues] {
    var games: [String: ColumnValues] = [:]
    for row in try select(
      "SELECT game_id, position FROM trip_games WHERE trip_id = ?", [.text(key)])
    {
      games[try row.string("game_id")] = ColumnValues(row: row)
    }
    return games
  }

  private func journaledItem(_ key: String) throws -> ColumnValues? {
    try select("SELECT * FROM itinerary_items WHERE id = ?", [.text(key)]).first.map {
      ColumnValues(row: $0)
    }
  }

  // MARK: Reading and restoring

  /// The records journal step `seq` of trip `key` changed, in table and
  /// key order.
  /// - Throws: `StoreError.corruptValue` for a record that cannot be read.
  func journaledChanges(trip key: String, seq: SQLValue) throws -> [RecordChange] {
    try select(
      """
      SELECT table_name, record_id, before, after FROM trip_journal_changes
      WHERE trip_id = ? AND seq = ? ORDER BY table_name, record_id
      """, [.text(key), seq]
    ).map { row in
      let tableName = try row.string("table_name")
      let recordID = try row.string("record_id")
      guard let table = RecordChange.Table(rawValue: tableName) else {
        throw StoreError.corruptValue(
          table: "trip_journal_changes", id: recordID, column: "table_name", value: tableName)
      }
      func columns(_ name: String) throws -> ColumnValues? {
        guard let text = try row.optionalString(name) else { return nil }
        let value: JSONValue
        do {
          value = try JSONText.value(Data(text.utf8))
        } catch {
          throw StoreError.corruptValue(
            table: "trip_journal_changes", id: recordID, column: name, value: "\(error)")
        }
        return try ColumnValues(json: value, table: tableName, id: recordID)
      }
      return RecordChange(
        table: table, recordID: recordID, before: try columns("before"),
        after: try columns("after"))
    }
  }

  /// Puts each record of `changes` of trip `id` as `targets` (one per
  /// change, nil: absent) has it: the trip's name and days (its
  /// modification time becomes now), its games, its items (an item
  /// removed leaves a tombstone; an item back from a deletion loses its).
  /// - Throws: `RecordError.duplicateTripName` when another trip took the
  ///   name to restore, or `StoreError`.
  func restore(_ targets: [ColumnValues?], of changes: [RecordChange], trip id: Trip.ID) throws {
    let key = Store.key(id)
    var tripRow = ColumnValues()
    for (change, target) in zip(changes, targets) where change.table == .trips {
      for (name, value) in zip(target?.names ?? [], target?.values ?? []) {
        tripRow[name] = value
      }
    }
    if case .text(let name)? = tripRow["name"] { try checkNameIsFree(name, except: id) }
    tripRow["modified_at"] = .instant(clock())
    try update("trips", set: tripRow, whereColumn: "id", is: .text(key))
    let now = clock()
    for (change, target) in zip(changes, targets) {
      switch change.table {
      case .trips:
        continue
      case .tripGames:
        try execute(
          "DELETE FROM trip_games WHERE trip_id = ? AND game_id = ?",
          [.text(key), .text(change.recordID)])
        if var row = target {
          row["trip_id"] = .text(key)
          try insert(into: "trip_games", row)
        }
      case .items:
        let itemKey = change.recordID
        let uuid = UUID(uuidString: itemKey)
        if let row = target {
          try execute("DELETE FROM itinerary_items WHERE id = ?", [.text(itemKey)])
          try insert(into: "itinerary_items", row)
          if let uuid { try clearTombstone(.item, id: uuid) }
        } else {
          let stored = try select(
            "SELECT 1 AS stored FROM itinerary_items WHERE id = ? AND trip_id = ?",
            [.text(itemKey), .text(key)])
          if !stored.isEmpty, let uuid {
            try recordTombstone(.item, id: uuid, tripID: id, at: now)
          }
          try execute("DELETE FROM itinerary_items WHERE id = ?", [.text(itemKey)])
        }
      }
    }
  }
}
