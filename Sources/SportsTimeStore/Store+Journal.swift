import Foundation
import SportsTimeCore

/// Why an undo or redo is refused.
public enum JournalError: Error, Sendable, Hashable, CustomStringConvertible, ClassifiedError {
  /// Nothing of this trip is left to undo (or to redo).
  case nothingTo(JournalStep.Direction, trip: String)
  /// The trip changed in a way the journal did not record (an older
  /// program, a schedule import that moved its games): `label` can no
  /// longer be taken back (`.undo`) or made again (`.redo`).
  case tripChangedSince(JournalStep.Direction, label: String)
  /// Restoring would break a rule it does not break now (the schedule
  /// changed since): the first such problem.
  case breaksRule(JournalStep.Direction, label: String, reason: String)

  /// `.refused`: nothing changed.
  public var kind: ErrorKind { .refused }

  /// The message for a user.
  public var description: String {
    switch self {
    case .nothingTo(let direction, let trip):
      return "Nothing to \(direction.rawValue) in “\(trip)”."
    case .tripChangedSince(let direction, let label):
      return
        "\(label) cannot be \(direction == .undo ? "taken back" : "made again"): the trip changed since in a way that was not recorded (a schedule import moved its games), so none of its earlier changes can be undone or redone."
    case .breaksRule(let direction, let label, let reason):
      return
        "\(label) cannot be \(direction == .undo ? "taken back" : "made again") now: \(reason) \(direction == .undo ? "The changes before it cannot be undone" : "The changes after it cannot be redone") either."
    }
  }
}

extension Store {
  /// How many edits of one trip the journal keeps (older ones are
  /// forgotten).
  public static let journalLength = 100

  /// Runs `body` (which changes trip `id` and names the change) and
  /// journals it when it stored a change: the trip's rows before and
  /// after, and the label. A new edit forgets what was undone (there is
  /// nothing left to redo). Inside the caller's transaction (or its own).
  func journaled<T>(_ id: Trip.ID, _ body: () throws -> (result: T, label: String)) throws -> T {
    try transaction {
      if journalDepth > 0 { return try body().result }
      journalDepth += 1
      defer { journalDepth -= 1 }
      let revisionBefore = try? revision(ofTrip: id)
      let before = try revisionBefore.map { _ in try snapshot(ofTrip: id) }
      let (result, label) = try body()
      guard let before, let revisionBefore,
        let revisionAfter = try? revision(ofTrip: id), revisionAfter != revisionBefore
      else { return result }
      let key = Store.key(id)
      // Steps recorded before a change the journal did not see (a schedule
      // import that moved the trip's games) can never be taken back: they
      // go, so the new edit is the one an undo reaches.
      if let head = try journalHead(key), head != revisionBefore {
        try execute("DELETE FROM trip_journal WHERE trip_id = ?", [.text(key)])
      }
      try execute(
        "DELETE FROM trip_journal WHERE trip_id = ? AND undone_revision IS NOT NULL", [.text(key)])
      let next =
        try select(
          "SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM trip_journal WHERE trip_id = ?",
          [
            .text(key)
          ]
        ).first.map { try $0.int("next") } ?? 1
      var row = ColumnValues()
      row["trip_id"] = .text(key)
      row["seq"] = .integer(Int64(next))
      row["label"] = .text(label)
      row["before"] = .text(before)
      row["after"] = .text(try snapshot(ofTrip: id))
      row["revision_after"] = .integer(Int64(revisionAfter))
      row["created_at"] = .instant(clock())
      try insert(into: "trip_journal", row)
      try execute(
        "DELETE FROM trip_journal WHERE trip_id = ? AND seq <= ?",
        [.text(key), .integer(Int64(next - Store.journalLength))])
      return result
    }
  }

  /// The revision the journal's last step left trip `key` at (an edit, a
  /// redo: `revision_after`; an undo: `undone_revision`); nil when the
  /// journal holds nothing of it. Any other revision means the trip
  /// changed without the journal.
  private func journalHead(_ key: String) throws -> Int? {
    try select(
      "SELECT MAX(MAX(revision_after, COALESCE(undone_revision, 0))) AS head FROM trip_journal WHERE trip_id = ?",
      [.text(key)]
    ).first.flatMap { try $0.optionalInt("head") }
  }

  /// The label of the edit an undo of trip `id` would take back, and of
  /// the one a redo would make again (nil when there is none).
  public func journal(ofTrip id: Trip.ID) throws -> (undo: String?, redo: String?) {
    let key = Store.key(id)
    // After a change the journal did not record, no step can be taken.
    guard let head = try journalHead(key), try revision(ofTrip: id) == head else {
      return (nil, nil)
    }
    let undo = try select(
      "SELECT label FROM trip_journal WHERE trip_id = ? AND undone_revision IS NULL ORDER BY seq DESC LIMIT 1",
      [.text(key)]
    ).first.map { try $0.string("label") }
    let redo = try select(
      "SELECT label FROM trip_journal WHERE trip_id = ? AND undone_revision IS NOT NULL ORDER BY seq LIMIT 1",
      [.text(key)]
    ).first.map { try $0.string("label") }
    return (undo, redo)
  }

  /// Takes back the last journaled edit of trip `id` (or, for `.redo`,
  /// makes the last undone one again), in one transaction that raises the
  /// trip's revision: the trip's name, days, games and items return to
  /// what they were.
  /// - Parameters:
  ///   - catalog: the venues, for the rule check.
  ///   - expectedRevision: the revision the request is based on.
  /// - Throws: `JournalError` when there is nothing to undo/redo, when the
  ///   trip changed in a way the journal did not record, or when the
  ///   restored trip would break a rule it does not break now;
  ///   `TripError.revisionConflict`; `RecordError.tripNotFound`,
  ///   `.duplicateTripName` (another trip took the old name). Nothing
  ///   changes then.
  public func step(
    _ direction: JournalStep.Direction, trip id: Trip.ID, catalog: Catalog,
    expectedRevision: Int? = nil
  ) throws -> JournalStep {
    do {
      return try unforgettingStep(
        direction, trip: id, catalog: catalog, expectedRevision: expectedRevision)
    } catch let error as JournalError {
      // A step that cannot be taken now can never be: it and every step
      // beyond it in that direction are forgotten (after the refusal rolled
      // back), so the next undo or redo is one that can be taken, and a
      // front end stops offering this one. The trip itself is unchanged.
      let key = Store.key(id)
      switch error {
      case .nothingTo: break
      case .tripChangedSince:
        try execute("DELETE FROM trip_journal WHERE trip_id = ?", [.text(key)])
      case .breaksRule:
        try execute(
          direction == .undo
            ? "DELETE FROM trip_journal WHERE trip_id = ? AND undone_revision IS NULL"
            : "DELETE FROM trip_journal WHERE trip_id = ? AND undone_revision IS NOT NULL",
          [.text(key)])
      }
      throw error
    }
  }

  /// `step`'s work, in one transaction that a refusal rolls back.
  private func unforgettingStep(
    _ direction: JournalStep.Direction, trip id: Trip.ID, catalog: Catalog,
    expectedRevision: Int?
  ) throws -> JournalStep {
    try transaction {
      let trip = try storedTrip(id: id)
      try checkRevision(ofTrip: id, expected: expectedRevision)
      let key = Store.key(id)
      let sql =
        direction == .undo
        ? "SELECT * FROM trip_journal WHERE trip_id = ? AND undone_revision IS NULL ORDER BY seq DESC LIMIT 1"
        : "SELECT * FROM trip_journal WHERE trip_id = ? AND undone_revision IS NOT NULL ORDER BY seq LIMIT 1"
      guard let entry = try select(sql, [.text(key)]).first else {
        throw JournalError.nothingTo(direction, trip: trip.name)
      }
      let label = try entry.string("label")
      // The revision the journal's last step left the trip at (an edit, a
      // redo: `revision_after`; an undo: `undone_revision`): anything else
      // changed the trip without the journal.
      let head = try journalHead(key)
      guard trip.revision == head else {
        throw JournalError.tripChangedSince(direction, label: label)
      }
      let before = Set(
        try itinerary(id: id, catalog: catalog).check().filter {
          $0.severity == .breaksRule
        }.map(\.reason))
      try restore(try entry.string(direction == .undo ? "before" : "after"), trip: id)
      try noteChange(ofTrip: id)
      if let problem = try itinerary(id: id, catalog: catalog).check().first(where: {
        $0.severity == .breaksRule && !before.contains($0.reason)
      }) {
        throw JournalError.breaksRule(direction, label: label, reason: problem.reason)
      }
      let revision = try self.revision(ofTrip: id)
      try execute(
        "UPDATE trip_journal SET undone_revision = ?, revision_after = ? WHERE trip_id = ? AND seq = ?",
        [
          direction == .undo ? .integer(Int64(revision)) : .null,
          direction == .undo ? try entry.value("revision_after") : .integer(Int64(revision)),
          .text(key), try entry.value("seq"),
        ])
      return JournalStep(direction, label: label, revision: revision)
    }
  }

  // MARK: Snapshots

  /// The trip's own rows as JSON: `{trip: {column: value}, games: [{…}],
  /// items: [{…}]}` (games by position, items by id).
  func snapshot(ofTrip id: Trip.ID) throws -> String {
    let key = Store.key(id)
    func objects(_ rows: [Row]) -> JSONValue {
      .array(
        rows.map { row in
          .object(zip(row.columnNames, row.values).map { ($0, Self.json($1)) })
        })
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

  /// Puts trip `id`'s rows back as `snapshot` has them: its name and days,
  /// its games, its items (items not in the snapshot are deleted with a
  /// tombstone; items back from a deletion lose theirs).
  func restore(_ snapshot: String, trip id: Trip.ID) throws {
    let key = Store.key(id)
    guard case .object(let parts) = try JSONText.value(Data(snapshot.utf8)),
      case .object(let trip)? = parts.first(where: { $0.0 == "trip" })?.1,
      case .array(let games)? = parts.first(where: { $0.0 == "games" })?.1,
      case .array(let items)? = parts.first(where: { $0.0 == "items" })?.1
    else {
      throw StoreError.sqlite(code: 0, message: "the undo journal of \(key) is damaged", sql: nil)
    }
    func columns(_ object: JSONValue) -> ColumnValues {
      var values = ColumnValues()
      if case .object(let pairs) = object {
        for (name, value) in pairs { values[name] = Self.sql(value) }
      }
      return values
    }
    var tripRow = ColumnValues()
    for (name, value) in trip { tripRow[name] = Self.sql(value) }
    if case .text(let name)? = tripRow["name"] { try checkNameIsFree(name, except: id) }
    tripRow["modified_at"] = .instant(clock())
    try update("trips", set: tripRow, whereColumn: "id", is: .text(key))
    try execute("DELETE FROM trip_games WHERE trip_id = ?", [.text(key)])
    for game in games {
      var row = columns(game)
      row["trip_id"] = .text(key)
      try insert(into: "trip_games", row)
    }
    let kept = Set(
      items.compactMap { item -> String? in
        if case .text(let id)? = columns(item)["id"] { return id }
        return nil
      })
    let now = clock()
    for row in try select("SELECT id FROM itinerary_items WHERE trip_id = ?", [.text(key)]) {
      let itemKey = try row.string("id")
      if !kept.contains(itemKey), let uuid = UUID(uuidString: itemKey) {
        try recordTombstone(.item, id: uuid, tripID: id, at: now)
      }
    }
    try execute("DELETE FROM itinerary_items WHERE trip_id = ?", [.text(key)])
    for item in items {
      let row = columns(item)
      try insert(into: "itinerary_items", row)
      if case .text(let itemKey)? = row["id"], let uuid = UUID(uuidString: itemKey) {
        try clearTombstone(.item, id: uuid)
      }
    }
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
