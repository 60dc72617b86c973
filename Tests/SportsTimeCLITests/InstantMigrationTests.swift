import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// The instants migration (`InstantSchema`, issue 29) on a database written
/// by main before it (`Tests/Fixtures/instants/before.sqlite`, made by
/// `make-fixture.sh` with the binary of commit 3f52c98): every value is
/// kept (instants to the microsecond, the digits the trip file prints), the
/// journal's snapshots are converted so undo and redo restore new-encoded
/// values, and the commands print what the old binary printed
/// (`expected/`), `trip export` of a trip made with the live clock
/// (sub-millisecond instants) included.
final class InstantMigrationTests: EndToEndTestCase {
  /// The fixture's folder.
  static let folder = CLIProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/instants")

  /// A fresh copy of the fixture as this test's database.
  private func copyFixture() throws {
    try? FileManager.default.removeItem(at: database)
    try FileManager.default.copyItem(
      at: Self.folder.appendingPathComponent("before.sqlite"), to: database)
  }

  /// Every row of every table, by table, each row as column → value.
  private func dump(_ db: Database) throws -> [String: [[String: SQLValue]]] {
    var tables: [String: [[String: SQLValue]]] = [:]
    let names = try db.query(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).map { try $0.string("name") }
    for name in names {
      tables[name] = try db.query("SELECT * FROM \"\(name)\"").map { row in
        Dictionary(uniqueKeysWithValues: zip(row.columnNames, row.values))
      }
    }
    return tables
  }

  func testMigration_keepsEveryValue() throws {
    try copyFixture()
    let old = try Database(path: database.path)
    let before = try dump(old)
    try old.close()
    let migrated = try Self.migratedThroughInstants(database.path)
    let after = try dump(migrated)
    try migrated.close()

    XCTAssertEqual(Set(before.keys), Set(after.keys))
    // Rows of each table, by key.
    let keys: [String: [String]] = [
      "games": ["id"], "trips": ["id"], "itinerary_items": ["id"], "visits": ["id"],
      "tombstones": ["kind", "id"], "trip_journal": ["trip_id", "seq"],
      "trip_games": ["trip_id", "game_id"],
    ]
    var instantsChecked = 0
    var subMillisecond = 0
    for (table, oldRows) in before where table != "schema_migrations" {
      let newRows = try XCTUnwrap(after[table])
      XCTAssertEqual(oldRows.count, newRows.count, table)
      func key(_ row: [String: SQLValue]) -> [SQLValue] {
        (keys[table] ?? Array(row.keys).sorted()).map { row[$0] ?? .null }
      }
      let byKey = Dictionary(newRows.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
      for oldRow in oldRows {
        let newRow = try XCTUnwrap(byKey[key(oldRow)], "\(table) \(key(oldRow))")
        XCTAssertEqual(Set(oldRow.keys), Set(newRow.keys), table)
        for (column, value) in oldRow {
          let new = newRow[column]
          switch (table, column) {
          case ("games", "start_utc"):
            guard case .real(let seconds) = value, case .integer(let us)? = new else {
              return XCTFail("games.start_utc: \(value) → \(String(describing: new))")
            }
            XCTAssertEqual(Date(microsecondsSince1970: us), Date(timeIntervalSince1970: seconds))
            instantsChecked += 1
          case (_, "created_at"), (_, "modified_at"):
            guard case .real(let seconds) = value, case .integer(let us)? = new else {
              return XCTFail("\(table).\(column): \(value) → \(String(describing: new))")
            }
            let instant = Date(timeIntervalSinceReferenceDate: seconds)
            XCTAssertEqual(us, instant.microsecondsSince1970, "\(table).\(column)")
            XCTAssertEqual(
              TripExchange.instant(Date(microsecondsSince1970: us)), TripExchange.instant(instant),
              "\(table).\(column): the trip file's digits")
            if us % 1000 != 0 { subMillisecond += 1 }
            instantsChecked += 1
          case ("tombstones", "deleted_at"):
            guard case .text(let text) = value, case .integer(let us)? = new else {
              return XCTFail("tombstones.deleted_at: \(value) → \(String(describing: new))")
            }
            XCTAssertEqual(Date(microsecondsSince1970: us), try ISO8601Instant.parse(text), text)
            XCTAssertEqual(us % 1000, 0, "\(text): whole milliseconds")
            instantsChecked += 1
          case ("trip_journal", "before"), ("trip_journal", "after"):
            try assertConverted(value, new, column)
          default:
            XCTAssertEqual(new, value, "\(table).\(column) of \(key(oldRow))")
          }
        }
      }
    }
    XCTAssertGreaterThan(instantsChecked, 272 + 20, "the fixture's games, trips, items, visits, …")
    XCTAssertGreaterThan(subMillisecond, 0, "the fixture's live-clock instants keep their µs")
    XCTAssertEqual(
      Set(
        after["schema_migrations"]?.compactMap { row -> String? in
          if case .text(let id)? = row["id"] { return id } else { return nil }
        } ?? []
      ).subtracting(
        before["schema_migrations"]?.compactMap { row -> String? in
          if case .text(let id)? = row["id"] { return id } else { return nil }
        } ?? []), Set(InstantSchema.migrations.map(\.id)))
  }

  /// The snapshot `new` is `old` with its items' instants converted and
  /// nothing else changed.
  private func assertConverted(_ old: SQLValue, _ new: SQLValue?, _ column: String) throws {
    guard case .text(let oldText) = old, case .text(let newText)? = new else {
      return XCTFail("trip_journal.\(column): \(old) → \(String(describing: new))")
    }
    let oldObject = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(oldText.utf8)) as? [String: Any])
    let newObject = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(newText.utf8)) as? [String: Any])
    XCTAssertEqual(
      Set(oldObject.keys), Set(newObject.keys), "trip_journal.\(column): the same parts")
    for part in ["trip", "games"] {
      XCTAssertEqual(
        oldObject[part] as? NSObject, newObject[part] as? NSObject, "trip_journal.\(column).\(part)"
      )
    }
    let oldItems = try XCTUnwrap(oldObject["items"] as? [[String: Any]])
    let newItems = try XCTUnwrap(newObject["items"] as? [[String: Any]])
    XCTAssertEqual(oldItems.count, newItems.count)
    for (oldItem, newItem) in zip(oldItems, newItems) {
      XCTAssertEqual(Set(oldItem.keys), Set(newItem.keys))
      for (name, value) in oldItem {
        if name == "created_at" || name == "modified_at" {
          let seconds = try XCTUnwrap(value as? Double)
          let us = try XCTUnwrap(newItem[name] as? NSNumber)
          XCTAssertEqual(
            us.int64Value, Date(timeIntervalSinceReferenceDate: seconds).microsecondsSince1970)
          XCTAssertEqual(us.doubleValue, us.doubleValue.rounded(), "an integer")
        } else {
          XCTAssertEqual(value as? NSObject, newItem[name] as? NSObject, name)
        }
      }
    }
  }

  /// Every stored instant is an INTEGER after the migration (no REAL or
  /// text left in any instant column, the journal's snapshots included),
  /// and a new store's are too.
  func testMigration_leavesOnlyIntegerInstants() throws {
    try copyFixture()
    let store = try Self.migratedThroughInstants(database.path)
    let columns = [
      ("games", "start_utc"), ("trips", "created_at"), ("trips", "modified_at"),
      ("itinerary_items", "created_at"), ("itinerary_items", "modified_at"),
      ("visits", "created_at"), ("visits", "modified_at"), ("tombstones", "deleted_at"),
      ("trip_journal", "created_at"),
    ]
    for (table, column) in columns {
      let types = try store.query(
        "SELECT DISTINCT typeof(\(column)) AS type FROM \(table)"
      ).map { try $0.string("type") }
      XCTAssertEqual(types, ["integer"], "\(table).\(column)")
    }
    for snapshot in ["before", "after"] {
      let types = try store.query(
        """
        SELECT DISTINCT json_type(item.value, '$.created_at') AS a,
          json_type(item.value, '$.modified_at') AS b
        FROM trip_journal, json_each(trip_journal.\(snapshot), '$.items') AS item
        """
      ).map { [try $0.string("a"), try $0.string("b")] }
      XCTAssertEqual(types, [["integer", "integer"]], snapshot)
    }
    try store.close()
    // The journal of changes (the next migration) keeps them as they are.
    let upgraded = try Store(path: database.path)
    let types = try upgraded.database.query(
      """
      SELECT DISTINCT json_type(before, '$.created_at') AS a,
        json_type(after, '$.modified_at') AS b
      FROM trip_journal_changes
      WHERE table_name = 'itinerary_items' AND before IS NOT NULL AND after IS NOT NULL
      """
    ).map { [try $0.string("a"), try $0.string("b")] }
    XCTAssertEqual(types, [["integer", "integer"]], "trip_journal_changes")
    try upgraded.close()
  }

  /// The fixture at `path` migrated through `InstantSchema` and no
  /// further (the journal of changes comes after it and replaces the
  /// snapshots this test looks at).
  static func migratedThroughInstants(_ path: String) throws -> Database {
    let database = try Database(path: path)
    let last = Schema.ledger.lastIndex { InstantSchema.migrations.map(\.id).contains($0.id) }
    try Migrator(Array(Schema.ledger.prefix(through: last ?? Schema.ledger.count - 1)))
      .migrate(database)
    return database
  }

  /// The commands of `commands.txt`, run on the migrated fixture, print
  /// what the old binary printed on it, byte for byte: `trip export
  /// "Lions Weekend"` (made with the live clock) prints its instants'
  /// microseconds as they were (`…07.148703Z`), which a store rounding to
  /// the millisecond would not (`…07.149000Z`).
  func testCommands_printWhatTheyPrintedBeforeTheMigration() throws {
    let names = try Self.lines("commands.txt").map(\.0)
    XCTAssertTrue(names.contains("export-lions"), "the live-clock trip's export is covered")
    for (name, words) in try Self.lines("commands.txt") {
      try copyFixture()
      let result = try runOK(words)
      XCTAssertEqual(result.stdout, try Self.expected(name), name)
    }
  }

  /// Undo and redo on the migrated fixture (the journal's converted
  /// snapshots) give what they gave on it before (`steps.txt`: each line's
  /// steps on one fresh copy, their outputs concatenated).
  func testUndoAndRedo_restoreWhatTheyRestoredBeforeTheMigration() throws {
    for (name, words) in try Self.lines("steps.txt") {
      try copyFixture()
      var output = ""
      for step in words.split(separator: ";") {
        output += try runOK(Array(step)).stdout
      }
      XCTAssertEqual(output, try Self.expected(name), name)
    }
  }

  /// Review of issue 29: one journal row whose snapshot was not JSON
  /// (changed by another program) made the migration fail, and with it
  /// every command on the database. The row and the trip's edits before it
  /// are dropped (they can never be undone); every trip is kept, and the
  /// trip's later edits still undo.
  func testAJournalRowThatIsNotJSON_losesOnlyThoseUndoSteps() throws {
    try copyFixture()
    let trip = "Midwest Football"
    do {
      let raw = try Database(path: database.path)
      try raw.execute(
        """
        UPDATE trip_journal SET before = '{bad' WHERE seq = (
          SELECT min(seq) FROM trip_journal
          WHERE trip_id = (SELECT id FROM trips WHERE name = '\(trip)'))
        """)
      try raw.close()
    }
    let list = try runOK(["trip", "list"])
    XCTAssertTrue(list.stdout.contains(trip), list.stdout)
    XCTAssertTrue(list.stdout.contains("Lions Weekend"), list.stdout)
    XCTAssertEqual(
      try runOK(["trip", "show", trip, "--json"]).stdout,
      try Self.expected("show-midwest-json"), "the trip as it was")
    // The newest of its edits (after the bad row) still undoes.
    XCTAssertEqual(
      try runOK(["undo", trip, "--now", "2026-12-07T12:00:00.100Z"]).status, 0)
  }

  /// The lines `NAME|ARGS` of `file`, the arguments split into shell words
  /// (double quotes group; a lone `;` word separates steps).
  static func lines(_ file: String) throws -> [(String, [String])] {
    let text = try String(
      contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard let bar = line.firstIndex(of: "|") else { return nil }
      var words: [String] = []
      var word = ""
      var quoted = false
      var started = false
      for character in line[line.index(after: bar)...] {
        if character == "\"" {
          quoted.toggle()
          started = true
        } else if !quoted, character == " " || character == ";" {
          if started { words.append(word) }
          if character == ";" { words.append(";") }
          word = ""
          started = false
        } else {
          word.append(character)
          started = true
        }
      }
      if started { words.append(word) }
      return (String(line[..<bar]), words)
    }
  }

  /// The old binary's output for `name`.
  static func expected(_ name: String) throws -> String {
    try String(
      contentsOf: folder.appendingPathComponent("expected/\(name).txt"), encoding: .utf8)
  }
}
