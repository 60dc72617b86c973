import Foundation
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// The undo journal: every edit of a trip can be taken back and made again,
/// across a reopen of the database; refusals change nothing.
final class StoreJournalTests: XCTestCase {
  var scratch: TemporaryDirectory!
  var path: String { scratch.url.appendingPathComponent("journal.sqlite").path }
  var store: Store!
  let catalog = try? Catalog.mlb()
  var tripID: Trip.ID!
  let environment = RuleEnvironment(
    now: { Date(timeIntervalSince1970: 1_800_000_000) }, uuid: { UUID() }, estimator: .default)

  override func setUpWithError() throws {
    scratch = try TemporaryDirectory(prefix: "journal")
    store = try Store(path: path)
    _ = try store.importSchedule(try StoreFixtures.import2024())
    let games = try ["CLE202406040", "CHN202406050", "DET202406070", "MIL202406100"].map {
      try StoreFixtures.game2024(Game.ID($0))
    }
    let planned = try TripBuilder.plan(
      name: "Loop", games: games, start: nil, end: nil, catalog: try XCTUnwrap(catalog),
      environment: environment)
    try store.insert(planned)
    tripID = planned.trip.id
  }

  func snapshot() throws -> String { try store.snapshot(ofTrip: tripID) }

  /// A re-plan removes the Milwaukee game; then the schedule cancels it:
  /// taking the re-plan back would put a cancelled game in the trip.
  func removeMilwaukeeThenCancelIt(_ catalog: Catalog) throws {
    let milwaukee = Game.ID("MIL202406100")
    _ = try store.replanTrip(
      id: tripID, adding: [], removing: [.id(milwaukee)], start: nil, end: nil, catalog: catalog,
      environment: environment)
    var cancelled = try StoreFixtures.game2024(milwaukee)
    cancelled.status = .cancelled
    _ = try store.importGames([cancelled])
  }

  func add(_ title: String, day: Int) throws -> ItineraryItem.ID {
    try store.editTrip(id: tripID, catalog: try XCTUnwrap(catalog), now: environment.now()) {
      try $0.add(
        CustomInfo(title: title, category: .note, time: nil, coordinate: nil, address: nil),
        at: .bottom(day: day), environment: environment)
    }.item.id
  }

  func testEveryEditUndoesAndRedoes_acrossAReopen() throws {
    let catalog = try XCTUnwrap(catalog)
    var states = [try snapshot()]
    let museum = try add("Museum", day: 2)
    states.append(try snapshot())
    _ = try store.editTrip(id: tripID, catalog: catalog, now: environment.now()) {
      try $0.move(museum, to: .top(day: 5), now: environment.now())
    }
    states.append(try snapshot())
    _ = try store.editTrip(id: tripID, catalog: catalog, now: environment.now()) {
      try $0.edit(museum, CustomItemChanges(title: "Art museum"), now: environment.now())
    }
    states.append(try snapshot())
    _ = try store.renameTrip(id: tripID, to: "Lakes", now: environment.now())
    states.append(try snapshot())
    _ = try store.replanTrip(
      id: tripID, adding: [], removing: [], start: try XCTUnwrap(CalendarDate(iso: "2024-06-03")),
      end: nil, catalog: catalog, environment: environment)
    states.append(try snapshot())
    _ = try store.editTrip(id: tripID, catalog: catalog, now: environment.now()) {
      try $0.remove(museum)
    }
    states.append(try snapshot())
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, "Remove “Art museum”")
    // Undo all the way back, reopening the database halfway.
    var labels: [String] = []
    for k in stride(from: states.count - 2, through: 0, by: -1) {
      if k == 3 {
        try store.close()
        store = try Store(path: path)
      }
      let revision = try store.revision(ofTrip: tripID)
      let step = try store.step(.undo, trip: tripID, catalog: catalog)
      XCTAssertEqual(step.revision, revision + 1)
      labels.append(step.label)
      XCTAssertEqual(try snapshot(), states[k], "after undoing \(step.label)")
    }
    XCTAssertEqual(
      labels,
      [
        "Remove “Art museum”", "Re-plan “Lakes”", "Rename “Loop” to “Lakes”", "Edit “Art museum”",
        "Move “Museum”", "Add “Museum”",
      ])
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog)) { error in
      XCTAssertEqual(error as? JournalError, .nothingTo(.undo, trip: "Loop"))
      XCTAssertEqual(String(describing: error), "Nothing to undo in “Loop”.")
    }
    // And forward again.
    for k in 1..<states.count {
      _ = try store.step(.redo, trip: tripID, catalog: catalog)
      XCTAssertEqual(try snapshot(), states[k])
    }
    XCTAssertThrowsError(try store.step(.redo, trip: tripID, catalog: catalog))
    // The removed item's tombstone came and went with it.
    let tombstoned = try store.tombstones(since: .distantPast).map(\.id)
    XCTAssertTrue(tombstoned.contains(museum.rawValue))
  }

  /// A journal written in the first layout (a WITHOUT ROWID table, the
  /// snapshots before the small columns) is carried over by the second
  /// migration and converted to changes by the third, and still undoes;
  /// the table is then a rowid table of the small columns, sought through
  /// its (trip_id, seq) index.
  func testAJournalOfTheFirstLayout_isRebuiltAndConverted_andStillUndoes() throws {
    let catalog = try XCTUnwrap(catalog)
    let before = try snapshot()
    _ = try add("Museum", day: 2)
    let middle = try snapshot()
    let first = try store.revision(ofTrip: tripID)
    _ = try add("Dinner", day: 3)
    let after = try snapshot()
    let second = try store.revision(ofTrip: tripID)
    // Back to the first layout, as a database of 2026-12-01 has it.
    let key = Store.key(try XCTUnwrap(tripID))
    for statement in [
      "DROP TABLE trip_journal_changes",
      "DROP TABLE trip_journal",
      """
      CREATE TABLE trip_journal (
        trip_id TEXT NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL, label TEXT NOT NULL, before TEXT NOT NULL, after TEXT NOT NULL,
        revision_after INTEGER NOT NULL, undone_revision INTEGER, created_at REAL NOT NULL,
        PRIMARY KEY (trip_id, seq)
      ) WITHOUT ROWID
      """,
      "DELETE FROM schema_migrations WHERE id = '2026-12-02-journal-2-snapshots-last'",
      "DELETE FROM schema_migrations WHERE id = '2026-12-07-journal-3-changes-not-copies'",
    ] {
      try store.database.execute(statement)
    }
    for (seq, label, old, new, revision) in [
      (1, "Add “Museum”", before, middle, first), (2, "Add “Dinner”", middle, after, second),
    ] {
      try store.database.execute(
        "INSERT INTO trip_journal VALUES (?, ?, ?, ?, ?, ?, NULL, 0)",
        [
          .text(key), .integer(Int64(seq)), .text(label), .text(old), .text(new),
          .integer(Int64(revision)),
        ])
    }
    try store.close()
    store = try Store(path: path)
    let columns = try store.database.query("SELECT name FROM pragma_table_info('trip_journal')")
      .map { try $0.string("name") }
    XCTAssertEqual(
      columns, ["trip_id", "seq", "label", "revision_after", "undone_revision", "created_at"])
    let table = try store.database.query(
      "SELECT sql FROM sqlite_schema WHERE name = 'trip_journal'"
    ).first?.string("sql")
    XCTAssertFalse(try XCTUnwrap(table).contains("WITHOUT ROWID"))
    let plan = try store.database.query(
      "EXPLAIN QUERY PLAN SELECT label FROM trip_journal WHERE trip_id = 'x' AND undone_revision IS NULL ORDER BY seq DESC LIMIT 1"
    ).map { try $0.string("detail") }.joined(separator: "; ")
    XCTAssertTrue(plan.contains("USING INDEX sqlite_autoindex_trip_journal_1"), plan)
    // One added item per step, nothing else.
    let changes = try store.database.query(
      "SELECT seq, table_name, before IS NULL AS added FROM trip_journal_changes ORDER BY seq")
    XCTAssertEqual(
      try changes.map {
        "\(try $0.int("seq")) \(try $0.string("table_name")) \(try $0.int("added"))"
      },
      ["1 itinerary_items 1", "2 itinerary_items 1"])
    XCTAssertEqual(try snapshot(), after)
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, "Add “Dinner”")
    _ = try store.step(.undo, trip: tripID, catalog: catalog)
    XCTAssertEqual(try snapshot(), middle)
    _ = try store.step(.undo, trip: tripID, catalog: catalog)
    XCTAssertEqual(try snapshot(), before)
    _ = try store.step(.redo, trip: tripID, catalog: catalog)
    XCTAssertEqual(try snapshot(), middle)
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, "Add “Museum”")
  }

  /// A database written by the program of 2026-12-07 (before issue 29:
  /// Tests/Fixtures/journal, made with `trip new`, `item add/move/edit/
  /// remove`, `trip replan`, `trip rename`, `undo` and `redo`; two trips)
  /// keeps its journal through the upgrade: every undo and redo restores
  /// exactly the snapshot the old journal held.
  func testAJournalOfSnapshots_writtenByTheOldProgram_undoesAndRedoesAfterTheUpgrade() throws {
    let catalog = try XCTUnwrap(catalog)
    let file = scratch.url.appendingPathComponent("old.sqlite")
    try FileManager.default.copyItem(
      at: TestData.repositoryFile("Tests/Fixtures/journal/snapshots-2026-12-07.sqlite"), to: file)
    // The old journal's rows, read once the migrations before this one
    // (the instants' rewrite of the snapshots) have run.
    struct Old {
      var seq: Int
      var label: String
      var before: String
      var after: String
      var undone: Bool
    }
    var old: [String: [Old]] = [:]
    do {
      let database = try Database(path: file.path)
      let mine = try XCTUnwrap(JournalChangeSchema.migrations.first?.id)
      try Migrator(Array(Schema.ledger.prefix { $0.id != mine })).migrate(database)
      for row in try database.query("SELECT * FROM trip_journal ORDER BY trip_id, seq") {
        old[try row.string("trip_id"), default: []].append(
          Old(
            seq: try row.int("seq"), label: try row.string("label"),
            before: try row.string("before"), after: try row.string("after"),
            undone: try row.optionalInt("undone_revision") != nil))
      }
      try database.close()
    }
    XCTAssertEqual(old.count, 2)
    // A snapshot as values: its trip, its games in order, its items by id
    // (the migrations rewrote the text: key order, spacing).
    func values(_ snapshot: String) throws -> NSDictionary {
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(snapshot.utf8)) as? [String: Any])
      let items = try XCTUnwrap(object["items"] as? [[String: Any]])
      return [
        "trip": object["trip"] ?? NSNull(), "games": object["games"] ?? NSNull(),
        "items": Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0) }),
      ]
    }
    store = try Store(path: file.path)
    let big = try XCTUnwrap(old.max { $0.value.count < $1.value.count })
    let trip = try XCTUnwrap(Trip.ID(parsing: big.key))
    let steps = big.value
    XCTAssertEqual(steps.count, 9)
    // Seq 9 was undone, so the trip is as seq 9 found it.
    XCTAssertEqual(try values(try store.snapshot(ofTrip: trip)), try values(steps[8].before))
    XCTAssertEqual(try store.journal(ofTrip: trip).redo, steps[8].label)
    XCTAssertEqual(try store.step(.redo, trip: trip, catalog: catalog).label, steps[8].label)
    XCTAssertEqual(try values(try store.snapshot(ofTrip: trip)), try values(steps[8].after))
    for k in stride(from: 8, through: 0, by: -1) {
      let revision = try store.revision(ofTrip: trip)
      let step = try store.step(.undo, trip: trip, catalog: catalog)
      XCTAssertEqual(step.label, steps[k].label)
      XCTAssertEqual(step.revision, revision + 1)
      XCTAssertEqual(
        try values(try store.snapshot(ofTrip: trip)), try values(steps[k].before), steps[k].label)
    }
    XCTAssertThrowsError(try store.step(.undo, trip: trip, catalog: catalog)) { error in
      XCTAssertEqual(error as? JournalError, .nothingTo(.undo, trip: "Great Lakes Loop"))
    }
    for k in 0..<9 {
      XCTAssertEqual(try store.step(.redo, trip: trip, catalog: catalog).label, steps[k].label)
      XCTAssertEqual(
        try values(try store.snapshot(ofTrip: trip)), try values(steps[k].after), steps[k].label)
    }
    // The other trip's undone add is still there to redo.
    let other = try XCTUnwrap(old.first { $0.key != big.key })
    let otherTrip = try XCTUnwrap(Trip.ID(parsing: other.key))
    XCTAssertEqual(
      try values(try store.snapshot(ofTrip: otherTrip)), try values(other.value[0].before))
    XCTAssertEqual(try store.journal(ofTrip: otherTrip).redo, "Add “Brewery”")
    _ = try store.step(.redo, trip: otherTrip, catalog: catalog)
    XCTAssertEqual(
      try values(try store.snapshot(ofTrip: otherTrip)), try values(other.value[0].after))
    // Nothing of the snapshots is left.
    let size = try store.database.query(
      "SELECT SUM(LENGTH(before)) + SUM(LENGTH(after)) AS n FROM trip_journal_changes"
    ).first?.int("n")
    XCTAssertLessThan(try XCTUnwrap(size), 12_000)
  }

  func testANewEditForgetsTheRedo_andAStaleRevisionIsAConflict() throws {
    let catalog = try XCTUnwrap(catalog)
    _ = try add("One", day: 1)
    _ = try store.step(.undo, trip: tripID, catalog: catalog)
    XCTAssertEqual(try store.journal(ofTrip: tripID).redo, "Add “One”")
    _ = try add("Two", day: 1)
    XCTAssertNil(try store.journal(ofTrip: tripID).redo)
    let revision = try store.revision(ofTrip: tripID)
    XCTAssertThrowsError(
      try store.step(.undo, trip: tripID, catalog: catalog, expectedRevision: revision - 1)
    ) { XCTAssertEqual(ErrorKind.of($0), .conflict) }
    XCTAssertEqual(try store.revision(ofTrip: tripID), revision)
  }

  func testAnUnrecordedChange_orABrokenRule_refusesTheUndoAndChangesNothing() throws {
    let catalog = try XCTUnwrap(catalog)
    _ = try add("One", day: 1)
    // A change the journal did not see (as an older program would make).
    try store.touchTrip(id: tripID, at: environment.now())
    let before = try snapshot()
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog)) { error in
      XCTAssertEqual(error as? JournalError, .tripChangedSince(.undo, label: "Add “One”"))
    }
    XCTAssertEqual(try snapshot(), before)
    // A re-plan removes the Milwaukee game; then the schedule cancels it:
    // taking the re-plan back would put a cancelled game in the trip.
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog))
  }

  func testAnUndoThatWouldNowBreakARule_isRefusedAndChangesNothing() throws {
    let catalog = try XCTUnwrap(catalog)
    try removeMilwaukeeThenCancelIt(catalog)
    let before = try snapshot()
    let revision = try store.revision(ofTrip: tripID)
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog)) { error in
      guard case .breaksRule(.undo, let label, let reason)? = error as? JournalError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(label, "Re-plan “Loop”")
      XCTAssertTrue(reason.contains("cancelled"), reason)
      XCTAssertEqual(ErrorKind.of(error), .refused)
    }
    XCTAssertEqual(try snapshot(), before)
    XCTAssertEqual(try store.revision(ofTrip: tripID), revision)
  }

  func testAStepThatCanNoLongerBeTaken_isForgotten_withTheStepsBeyondIt() throws {
    let catalog = try XCTUnwrap(catalog)
    _ = try add("Dinner", day: 2)
    try removeMilwaukeeThenCancelIt(catalog)
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, "Re-plan “Loop”")
    let before = try snapshot()
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog)) { error in
      XCTAssertTrue(
        "\(error)".contains("The changes before it cannot be undone either"), "\(error)")
    }
    // Neither the re-plan nor the "Add Dinner" before it can be reached
    // (its state held the cancelled game too): both are forgotten, the trip
    // is unchanged, and nothing is offered.
    XCTAssertEqual(try snapshot(), before)
    XCTAssertNil(try store.journal(ofTrip: tripID).undo)
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog)) { error in
      XCTAssertEqual(error as? JournalError, .nothingTo(.undo, trip: "Loop"))
    }
    // The next edit is undoable again.
    _ = try add("Museum", day: 3)
    XCTAssertEqual(try store.step(.undo, trip: tripID, catalog: catalog).label, "Add “Museum”")
    XCTAssertEqual(try snapshot(), before)
  }

  func testAfterAnUnrecordedChange_nothingIsOffered_andTheNextEditStartsAFreshJournal() throws {
    let catalog = try XCTUnwrap(catalog)
    _ = try add("One", day: 1)
    try store.touchTrip(id: tripID, at: environment.now())
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, nil)
    _ = try add("Two", day: 1)
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, "Add “Two”")
    XCTAssertEqual(try store.step(.undo, trip: tripID, catalog: catalog).label, "Add “Two”")
    XCTAssertThrowsError(try store.step(.undo, trip: tripID, catalog: catalog)) { error in
      XCTAssertEqual(error as? JournalError, .nothingTo(.undo, trip: "Loop"))
    }
  }

  func testAChangeOfNameAndDays_isOneStep() throws {
    let catalog = try XCTUnwrap(catalog)
    let before = try snapshot()
    let change = try store.changeTrip(
      id: tripID, name: "Lakes", start: CalendarDate(iso: "2024-06-02"), end: nil,
      catalog: catalog, environment: environment)
    XCTAssertTrue(change.renamed)
    XCTAssertEqual(change.replan.map(\.changesNothing), false)
    XCTAssertEqual(try store.journal(ofTrip: tripID).undo, "Re-plan “Lakes” (renamed from “Loop”)")
    _ = try store.step(.undo, trip: tripID, catalog: catalog)
    XCTAssertEqual(try snapshot(), before)
    XCTAssertNil(try store.journal(ofTrip: tripID).undo)
    // Its own name changes nothing.
    let same = try store.changeTrip(
      id: tripID, name: "Loop", start: nil, end: nil, catalog: catalog, environment: environment)
    XCTAssertFalse(same.renamed)
    XCTAssertNil(same.replan)
  }

  func testDeletingTheTripDeletesItsJournal() throws {
    _ = try add("One", day: 1)
    _ = try store.deleteTrip(id: tripID)
    XCTAssertEqual(
      try store.select("SELECT COUNT(*) AS n FROM trip_journal").first?.int("n"), 0)
  }
}
