import Foundation
import SportsTimeCore

/// One stored record as an edit changed it: which table, which record,
/// and its column values before and after (each column's value as SQLite
/// holds it, whatever that column's encoding).
///
/// The undo journal keeps one per record an edit inserted, deleted or
/// updated (`trip_journal_changes`); an undo puts every `before` back, a
/// redo every `after`. The sync outbox can name its pending records the
/// same way (table, record id).
///
/// ```
/// // An item moved to day 3:
/// RecordChange(table: .items, recordID: "5c1d…",
///   before: [id, trip_id, day: 2, sort_order: 1.5, …],
///   after: [id, trip_id, day: 3, sort_order: 0.5, …])
/// ```
struct RecordChange: Sendable, Equatable {
  /// The tables a trip's journal covers.
  enum Table: String, Sendable, CaseIterable {
    /// The trip's own fields (name, first and last day), keyed by trip id.
    case trips
    /// One chosen game of the trip, keyed by game id.
    case tripGames = "trip_games"
    /// One stored itinerary item, keyed by item id.
    case items = "itinerary_items"
  }

  /// The record's table.
  var table: Table
  /// The record's key: the trip's id (`trips`), the game's id
  /// (`trip_games`, within the journal's trip) or the item's id.
  var recordID: String
  /// Its columns before the edit; nil when the edit inserted it.
  var before: ColumnValues?
  /// Its columns after the edit; nil when the edit deleted it.
  var after: ColumnValues?

  /// The trip's columns the journal restores: an undo puts back the
  /// trip's name and days (its modification time becomes the undo's).
  static let tripColumns = ["name", "start_date", "end_date"]

  /// The changes that take `before` to `after`, two maps of records by
  /// key (a key missing on one side: inserted or deleted), ordered by key.
  /// Records equal on both sides are no change.
  /// - Complexity: O(n log n) in the number of keys.
  static func changes(
    in table: Table, from before: [String: ColumnValues], to after: [String: ColumnValues]
  ) -> [RecordChange] {
    Set(before.keys).union(after.keys).sorted().compactMap { key in
      let old = before[key]
      let new = after[key]
      return old == new ? nil : RecordChange(table: table, recordID: key, before: old, after: new)
    }
  }
}

extension ColumnValues {
  /// The columns of `row`, in its order.
  init(row: Row) {
    self.init()
    for (name, value) in zip(row.columnNames, row.values) { self[name] = value }
  }

  /// These columns as one JSON object (`{"day": 2, "title": "Museum"}`):
  /// integers and reals as JSON numbers, text as strings, NULL as null, a
  /// blob as an array of its bytes.
  var json: JSONValue {
    .object(zip(names, values).map { ($0, Self.json($1)) })
  }

  /// The columns of a JSON object written by `json`.
  /// - Throws: `StoreError.corruptValue` when `value` is not an object.
  init(json value: JSONValue, table: String, id: String) throws {
    guard case .object(let pairs) = value else {
      throw StoreError.corruptValue(
        table: "trip_journal_changes", id: id, column: table, value: "not a JSON object")
    }
    self.init()
    for (name, value) in pairs { self[name] = Self.sql(value) }
  }

  private static func json(_ value: SQLValue) -> JSONValue {
    switch value {
    case .null: return .null
    case .integer(let i): return .int(Int(i))
    case .real(let d): return .number(d)
    case .text(let s): return .string(s)
    case .blob(let bytes): return .array(bytes.map { .int(Int($0)) })
    }
  }

  private static func sql(_ value: JSONValue) -> SQLValue {
    switch value {
    case .null: return .null
    case .bool(let b): return .integer(b ? 1 : 0)
    case .int(let i): return .integer(Int64(i))
    case .number(let d): return .real(d)
    case .string(let s): return .text(s)
    case .array(let items):
      return .blob(
        items.compactMap {
          if case .int(let i) = $0 { return UInt8(clamping: i) } else { return nil }
        })
    case .object: return .null
    }
  }
}
