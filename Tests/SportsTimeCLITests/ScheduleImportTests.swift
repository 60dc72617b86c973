import Foundation
import XCTest

/// `sportstime schedule import` with the real Retrosheet files and malformed copies.
final class ScheduleImportTests: EndToEndTestCase {
  static let estimateNote =
    "Start times are estimates (13:10 day, 19:10 night, local to the ballpark)."
  static let read2024 =
    "Read 2024schedule.csv: 2430 games, 34 rescheduled, 1 cancelled, 35 venues, 30 teams."

  func testImport_real2024File() throws {
    let result = try runOK(["schedule", "import", try CLIProcess.schedule(2024).path])
    XCTAssertEqual(
      result.stdoutLines,
      [
        Self.read2024, "27 makeup dates formed a doubleheader.",
        "Database: 2430 new, 0 updated, 0 unchanged.", Self.estimateNote,
      ])
    let games = try decode([GameJSON].self, try runOK(["games", "--json"]).stdout)
    XCTAssertEqual(games.count, 2430)
    XCTAssertEqual(games.filter { $0.status == "rescheduled" }.count, 34)
    XCTAssertEqual(games.filter { $0.status == "cancelled" }.map(\.id), ["CLE202409290"])
    XCTAssertEqual(Set(games.map(\.venueID)).count, 35)
    XCTAssertEqual(Set(games.flatMap { [$0.home, $0.away] }).count, 30)
    XCTAssertEqual(Set(games.map(\.id)).count, 2430, "ids are unique")
  }

  func testImport_sameFileAgainChangesNothing() throws {
    try installImported2024()
    let before = try runOK(["games", "--json"]).stdout
    let result = try runOK(["schedule", "import", try CLIProcess.schedule(2024).path])
    XCTAssertEqual(
      result.stdoutLines,
      [
        Self.read2024, "27 makeup dates formed a doubleheader.",
        "No changes: all 2430 games were already in the database.", Self.estimateNote,
      ])
    XCTAssertEqual(try runOK(["games", "--json"]).stdout, before)
  }

  func testImport_jsonSummary() throws {
    try installImported2024()
    let path = try CLIProcess.schedule(2024).path
    let object = try XCTUnwrap(
      try parseJSON(try runOK(["schedule", "import", path, "--json"]).stdout) as? [String: Any])
    XCTAssertEqual(
      object.sortedKeys,
      [
        "cancelled", "changedInTrips", "doubleheadersFormed", "file", "games", "inserted",
        "moved", "notInFile", "rescheduled", "teams", "unchanged", "updated", "venues",
      ])
    XCTAssertEqual(object.string("file"), path)
    XCTAssertEqual(object.int("games"), 2430)
    XCTAssertEqual(object.int("rescheduled"), 34)
    XCTAssertEqual(object.int("cancelled"), 1)
    XCTAssertEqual(object.int("venues"), 35)
    XCTAssertEqual(object.int("teams"), 30)
    XCTAssertEqual(object.int("inserted"), 0)
    XCTAssertEqual(object.int("updated"), 0)
    XCTAssertEqual(object.int("unchanged"), 2430)
  }

  func testImport_2025FileWithLFLineEndings() throws {
    let path = try CLIProcess.schedule(2025)
    let bytes = try Data(contentsOf: path)
    XCTAssertFalse(bytes.contains(0x0D), "the 2025 file is expected to use LF line endings")
    let result = try runOK(["schedule", "import", path.path])
    XCTAssertEqual(
      result.stdoutLines,
      [
        "Read 2025schedule.csv: 2430 games, 31 rescheduled, 0 cancelled, 33 venues, 30 teams.",
        "28 makeup dates formed a doubleheader.", "Database: 2430 new, 0 updated, 0 unchanged.",
        Self.estimateNote,
      ])
    let games = try decode([GameJSON].self, try runOK(["games", "--json"]).stdout)
    XCTAssertEqual(games.count, 2430)
    XCTAssertTrue(games.allSatisfy { $0.date.hasPrefix("2025-") })
  }

  func testImport_2025AddsToExisting2024() throws {
    try installImported2024()
    let result = try runOK(["schedule", "import", try CLIProcess.schedule(2025).path])
    XCTAssertTrue(
      result.stdout.contains("Database: 2430 new, 0 updated, 0 unchanged.\n"), result.stdout)
    XCTAssertEqual(try decode([GameJSON].self, try runOK(["games", "--json"]).stdout).count, 4860)
  }

  /// The same file with LF instead of CRLF gives the same games.
  func testImport_lineEndingsDoNotMatter() throws {
    let crlf = try String(contentsOf: try CLIProcess.schedule(2024), encoding: .utf8)
    XCTAssertTrue(crlf.contains("\r\n"))
    let lf = scratch.appendingPathComponent("2024schedule.csv")
    try crlf.replacingOccurrences(of: "\r\n", with: "\n").write(
      to: lf, atomically: true, encoding: .utf8)
    let fresh = try runOK(["schedule", "import", lf.path])
    XCTAssertEqual(fresh.stdoutLines.first, Self.read2024)
    let imported = try runOK(["games", "--json"]).stdout
    try installImported2024()
    XCTAssertEqual(try runOK(["games", "--json"]).stdout, imported)
    let again = try runOK(["schedule", "import", lf.path])
    XCTAssertTrue(again.stdout.contains("No changes: all 2430 games were already in the database."))
  }

  func testImport_missingFileFails() throws {
    let missing = scratch.appendingPathComponent("no-such-schedule.csv").path
    try assertFailure(
      ["schedule", "import", missing], containing: ["cannot read \(missing): no such file"])
    XCTAssertFalse(fileExists(database), "a failed import must not create the database")
  }

  func testImport_directoryFails() throws {
    try assertFailure(
      ["schedule", "import", scratch.path], containing: ["cannot read", scratch.path])
  }

  // MARK: Malformed copies

  /// A copy of the 2024 file with line `number` (1-based, header is line 1) changed.
  func malformedCopy(named name: String, line number: Int, change: (String) -> String) throws -> URL
  {
    var lines = try Self.rawLines(of: try CLIProcess.schedule(2024))
    XCTAssertGreaterThan(lines.count, number)
    let original = lines[number - 1]
    let hasCR = original.hasSuffix("\r")
    let body = hasCR ? String(original.dropLast()) : original
    lines[number - 1] = change(body) + (hasCR ? "\r" : "")
    XCTAssertNotEqual(lines[number - 1], original, "the change must change something")
    let url = scratch.appendingPathComponent(name)
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// The file's lines split at LF only (a CRLF file's lines keep their "\r").
  /// Splits on bytes: Swift treats "\r\n" as one Character.
  static func rawLines(of url: URL) throws -> [String] {
    try Data(contentsOf: url).split(separator: 0x0A, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
  }

  /// Replaces field `index` (1-based) of a CSV line.
  func replacingField(_ index: Int, with value: String) -> (String) -> String {
    { line in
      var fields = line.components(separatedBy: ",")
      fields[index - 1] = value
      return fields.joined(separator: ",")
    }
  }

  /// The malformed copies and what the error must name.
  func malformedCases() throws -> [(file: URL, expected: [String])] {
    [
      (
        try malformedCopy(named: "extra-column.csv", line: 1500) { $0 + ",extra" },
        ["line 1500", "expected 13 comma-separated fields, found 14"]
      ),
      (
        try malformedCopy(named: "missing-column.csv", line: 42) {
          $0.components(separatedBy: ",").dropLast().joined(separator: ",")
        },
        ["line 42", "expected 13 comma-separated fields, found 12"]
      ),
      (
        try malformedCopy(
          named: "impossible-date.csv", line: 700, change: replacingField(1, with: "20240231")),
        ["line 700", "field 1 (Date)", "'20240231'"]
      ),
      (
        try malformedCopy(
          named: "unknown-visitor.csv", line: 1200, change: replacingField(4, with: "XXX")),
        ["line 1200", "field 4 (Visitor)", "'XXX'"]
      ),
      (
        try malformedCopy(
          named: "unknown-home.csv", line: 2000, change: replacingField(7, with: "XXX")),
        ["line 2000", "field 7 (Home)", "'XXX'"]
      ),
      (
        try malformedCopy(
          named: "unknown-park.csv", line: 321, change: replacingField(11, with: "ZZZ99")),
        ["line 321", "field 11 (Location)", "'ZZZ99'"]
      ),
    ]
  }

  func testImport_malformedFileIntoEmptyDatabaseFailsAndLeavesNothing() throws {
    for (file, expected) in try malformedCases() {
      try assertFailure(
        ["schedule", "import", file.path], containing: ["Error: \(file.path), "] + expected)
      let games = try runOK(["games", "--json"])
      XCTAssertEqual(games.stdout, "[]\n", "\(file.lastPathComponent) left games behind")
      XCTAssertEqual(
        try runOK(["games"]).stdout,
        "No games in \(database.path) yet. Import a schedule first: sportstime schedule import FILE\n"
      )
    }
  }

  func testImport_malformedFileLeavesExistingDatabaseUnchanged() throws {
    try installImported2024()
    // Make the database different from the file: a trip and 2025's games.
    try runOK(["schedule", "import", try CLIProcess.schedule(2025).path])
    try runOK(["trip", "new", "Keep Me", "--game", "CHC@2024-06-04"])
    let gamesBefore = try runOK(["games", "--json"]).stdout
    let tripsBefore = try runOK(["trip", "list", "--json"]).stdout
    let bytesBefore = try Data(contentsOf: database)
    for (file, expected) in try malformedCases() {
      try assertFailure(["schedule", "import", file.path], containing: [file.path] + expected)
      XCTAssertEqual(
        try Data(contentsOf: database), bytesBefore, "\(file.lastPathComponent) changed the file")
      XCTAssertEqual(
        try runOK(["games", "--json"]).stdout, gamesBefore,
        "\(file.lastPathComponent) changed games")
      XCTAssertEqual(try runOK(["trip", "list", "--json"]).stdout, tripsBefore)
    }
  }

  /// A bad row at the very end is still caught before anything is written.
  func testImport_badLastLineWritesNothing() throws {
    let lineCount = try Self.rawLines(of: try CLIProcess.schedule(2024)).filter { !$0.isEmpty }
      .count
    XCTAssertEqual(lineCount, 2431)
    let file = try malformedCopy(
      named: "bad-last.csv", line: lineCount, change: replacingField(7, with: "QQQ"))
    try assertFailure(
      ["schedule", "import", file.path], containing: ["line \(lineCount)", "'QQQ'"])
    XCTAssertEqual(try runOK(["games", "--json"]).stdout, "[]\n")
  }
}
