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
  /// journals it when it stored a change: the label, and each record of
  /// the trip it inserted, deleted or updated, as it was before and after
  /// (`RecordChange`; the trip's name and days only when they changed). A
  /// new edit forgets what was undone (there is nothing left to redo).
  /// Inside the caller's transaction (or its own).
  ///
  /// The records come from the write paths (`journalWillWrite…`), each
  /// read once before its first write and once at the end; debug builds
  /// check them against a diff of the whole trip before and after.
  /// - Complexity: O(k) rows read and written for k records changed.
  func journaled<T>(_ id: Trip.ID, _ body: () throws -> (result: T, label: String)) throws -> T {
    try transaction {
      if journalDepth > 0 { return try body().result }
      journalDepth += 1
      defer { journalDepth -= 1 }
      let key = Store.key(id)
      guard let revisionBefore = try? revision(ofTrip: id) else { return try body().result }
      journalCapture = JournalCapture(tripKey: key)
      defer { journalCapture = nil }
      #if DEBUG
        let wholeBefore = try wholeRecords(ofTrip: key)
      #endif
      let (result, label) = try body()
      guard let capture = journalCapture,
        let revisionAfter = try? revision(ofTrip: id), revisionAfter != revisionBefore
      else { return result }
      journalCapture = nil
      let changes = try self.changes(capturedBy: capture)
      #if DEBUG
        let whole = RecordChange.Table.allCases.flatMap { table in
          RecordChange.changes(
            in: table, from: wholeBefore[table] ?? [:],
            to: (try? wholeRecords(ofTrip: key))?[table] ?? [:])
        }
        assert(
          changes == whole,
          "the journal's records of “\(label)” are not what changed in the trip: a write path does not call journalWillWrite…"
        )
      #endif
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
      row["revision_after"] = .integer(Int64(revisionAfter))
      row["created_at"] = .instant(clock())
      try insert(into: "trip_journal", row)
      for change in changes {
        try execute(
          """
          INSERT INTO trip_journal_changes (trip_id, seq, table_name, record_id, before, after)
          VALUES (?, ?, ?, ?, json(?), json(?))
          """,
          [
            .text(key), .integer(Int64(next)), .text(change.table.rawValue),
            .text(change.recordID), change.before.map { .text($0.json.render()) } ?? .null,
            change.after.map { .text($0.json.render()) } ?? .null,
          ])
      }
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
    try steppedTrip(direction, trip: id, catalog: catalog, expectedRevision: expectedRevision)
      .step
  }

  /// `step(_:trip:catalog:expectedRevision:)`, answering with the trip as
  /// the step stored it too (the itinerary its rule check read), so a
  /// front end's answer needs no second read of the trip.
  /// - Returns: the step and the trip at its new revision.
  /// - Throws: as `step(_:trip:catalog:expectedRevision:)`.
  public func steppedTrip(
    _ direction: JournalStep.Direction, trip id: Trip.ID, catalog: Catalog,
    expectedRevision: Int? = nil
  ) throws -> (step: JournalStep, itinerary: Itinerary) {
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
  ) throws -> (step: JournalStep, itinerary: Itinerary) {
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
      let changes = try journaledChanges(trip: key, seq: try entry.value("seq"))
      try restore(changes.map { direction == .undo ? $0.before : $0.after }, of: changes, trip: id)
      try noteChange(ofTrip: id)
      let restored = try itinerary(id: id, catalog: catalog)
      if let problem = restored.check().first(where: {
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
      return (JournalStep(direction, label: label, revision: revision), restored)
    }
  }
}
