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
        "moved", "notInFile", "removed", "rescheduled", "teams", "trips", "unchanged", "updated",
        "venues", "visits",
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
    let line100 = try Self.rawLines(of: try CLIProcess.schedule(2024))[99]
      .replacingOccurrences(of: "\r", with: "")
    return [
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
      (
        // Line 100 again as line 101: one game listed twice.
        try malformedCopy(named: "duplicate-row.csv", line: 101) { _ in line100 },
        [
          "line 101, field 2 (Num): this row and line 100 both list PIT @ WSH on Thu, Apr 4, "
            + "2024 with game number 0 (WAS202404040); remove the duplicate"
        ]
      ),
      (
        // The Cubs at St. Louis (line 734) while at home to Atlanta (line 732).
        try malformedCopy(
          named: "two-places.csv", line: 734, change: replacingField(4, with: "CHN")),
        [
          "line 734, field 4 (Visitor): CHC would play two games at once: this row's CHC @ STL",
          "and line 732's ATL @ CHC at Wrigley Field, 7:10 pm CDT on Tue, May 21, 2024 overlap",
        ]
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

  // MARK: Re-importing a newer file

  /// A copy of the 2024 file with each `(old, new)` row replaced (`new`
  /// nil: the row removed), in this test's directory.
  func editedCopy(named name: String, _ edits: [(String, String?)]) throws -> URL {
    var lines = try Self.rawLines(of: try CLIProcess.schedule(2024))
    for (old, new) in edits {
      let index = try XCTUnwrap(lines.firstIndex(of: old + "\r"), "no row \(old)")
      if let new { lines[index] = new + "\r" } else { lines.remove(at: index) }
    }
    let url = scratch.appendingPathComponent(name)
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// SFN @ CHN on Wed Jun 19 (line 1113) rained out to Fri Jun 21, and the
  /// Mets game the Cubs played that day (CHN202406210) gone from the file.
  func cubsMakeupReplacingTheMets() throws -> URL {
    try editedCopy(
      named: "newer.csv",
      [
        (
          "20240619,0,Wednesday,SFN,NL,75,CHN,NL,76,d,CHI11,,",
          "20240619,0,Wednesday,SFN,NL,75,CHN,NL,76,d,CHI11,Rain,20240621"
        ),
        ("20240621,0,Friday,NYN,NL,76,CHN,NL,77,d,CHI11,,", nil),
      ])
  }

  /// A visit of `game` recorded after the season; its id.
  func recordVisit(_ game: String, db: URL? = nil) throws -> String {
    let extra: [String: String?] = db.map { ["SPORTSTIME_DB": $0.path] } ?? [:]
    let added = try runOK(
      ["visit", "add", "--game", game, "--now", "2024-10-01T00:00:00Z", "--json"], extra: extra)
    let object = try XCTUnwrap(try parseJSON(added.stdout) as? [String: Any])
    return try XCTUnwrap(object.string("id"))
  }

  /// Review of issue 8, finding 5: a new row CHN @ PIT on the night PIT
  /// hosts LAN (line 930) with the same game number is two games of PIT
  /// with one number, not "the same game", and teams are printed as
  /// everywhere else (CHC, LAD).
  func testImport_twoGamesWithOneGameNumberAreNamedAsSuch() throws {
    let file = try editedCopy(
      named: "cubs-at-pittsburgh.csv",
      [
        (
          "20240605,0,Wednesday,LAN,NL,63,PIT,NL,61,n,PIT08,,",
          "20240605,0,Wednesday,LAN,NL,63,PIT,NL,61,n,PIT08,,\r\n"
            + "20240605,0,Wednesday,CHN,NL,62,PIT,NL,99,n,PIT08,,"
        )
      ])
    try assertFailure(
      ["schedule", "import", file.path],
      containing: [
        "Error: \(file.path), line 931, field 2 (Num): PIT would play two games on Wed, Jun 5, "
          + "2024 with game number 0 (PIT202406050): this row's CHC @ PIT and line 930's LAD @ "
          + "PIT; a doubleheader's games are numbered 1 and 2\n"
      ])
    try assertFailure(
      ["games", "--team", "sox"],
      containing: [
        "Error: 'sox' could mean BOS (Boston Red Sox) or CWS (Chicago White Sox); use its "
          + "abbreviation"
      ])
  }

  /// Issue 8, item 18: a move onto the id of a stored game the file no
  /// longer lists used to fail with "UNIQUE constraint failed: games.id
  /// while running: UPDATE games …". It is refused as the makeup's row, in
  /// plain words, and nothing changes.
  func testImport_moveOntoAStoredGamesIDIsRefusedAsTheRow() throws {
    try installImported2024()
    let file = try cubsMakeupReplacingTheMets()
    let before = try Data(contentsOf: database)
    let result = try assertFailure(
      ["schedule", "import", file.path],
      containing: [
        "Error: \(file.path), line 1113, field 13 (Makeup): this row's game (SF @ CHC at "
          + "Wrigley Field, 1:10 pm CDT on Fri, Jun 21, 2024) would be CHN202406210, but the "
          + "database already has CHN202406210 (NYM @ CHC at Wrigley Field, 1:10 pm CDT on "
          + "Fri, Jun 21, 2024) "
          + "from a schedule row this file does not list",
        "import it with --replace",
      ])
    for sql in ["UNIQUE", "UPDATE", "constraint", "SQL"] {
      XCTAssertFalse(result.stderr.contains(sql), result.stderr)
    }
    XCTAssertEqual(try Data(contentsOf: database), before)
  }

  /// Issue 8, item 10: `--replace` removes the season's games that the file
  /// no longer lists, says which, and the same file again changes nothing.
  func testImport_replaceRemovesGamesTheFileNoLongerLists() throws {
    try installImported2024()
    let file = try cubsMakeupReplacingTheMets()
    let result = try runOK(["schedule", "import", file.path, "--replace"])
    XCTAssertEqual(
      result.stdoutLines,
      [
        "Read newer.csv: 2429 games, 35 rescheduled, 1 cancelled, 35 venues, 30 teams.",
        "27 makeup dates formed a doubleheader.",
        "Database: 0 new, 1 updated (1 moved to another date), 2428 unchanged, 1 removed.",
        // Review of issue 8, finding 5: "CHN202406190 is now CHN202406210"
        // then "Removed … CHN202406210" read as a contradiction. The removed
        // game is named first, as stored, and the move says whose id it takes.
        "Removed 1 game this file no longer lists: CHN202406210 (NYM @ CHC, Fri, Jun 21, 2024).",
        "  CHN202406190 (SF @ CHC) moved from Wed, Jun 19, 2024 to Fri, Jun 21, 2024: now "
          + "CHN202406210, the id the removed game had.",
        Self.estimateNote,
      ])
    let games = try decode([GameJSON].self, try runOK(["games", "--json"]).stdout)
    XCTAssertEqual(games.count, 2429)
    XCTAssertEqual(games.first { $0.id == "CHN202406210" }?.away, "SF")
    XCTAssertNil(games.first { $0.id == "CHN202406190" })
    let again = try runOK(["schedule", "import", file.path, "--replace", "--json"])
    let object = try XCTUnwrap(try parseJSON(again.stdout) as? [String: Any])
    XCTAssertEqual(object["removed"] as? [String], [])
    XCTAssertEqual(object.int("unchanged"), 2429)

    // The JSON of the removal itself, on a second database.
    let other = try installImported2024(at: scratch.appendingPathComponent("other.sqlite"))
    let json = try runOK(
      ["schedule", "import", file.path, "--replace", "--json"],
      extra: ["SPORTSTIME_DB": other.path])
    let removal = try XCTUnwrap(try parseJSON(json.stdout) as? [String: Any])
    XCTAssertEqual(removal["removed"] as? [String], ["CHN202406210"])
    XCTAssertEqual(removal.int("notInFile"), 1)
    XCTAssertEqual(removal["moved"] as? [String: String], ["CHN202406190": "CHN202406210"])
  }

  /// Review 2 of issue 8, item 4: a file of one game says "1 game", "1
  /// venue" (it said "1 games, … 1 venues"), and again "the 1 game".
  func testImport_oneGameFileSpeaksInTheSingular() throws {
    let lines = try Self.rawLines(of: try CLIProcess.schedule(2024))
    let url = scratch.appendingPathComponent("one.csv")
    try (lines[0...1].joined(separator: "\n") + "\n").write(
      to: url, atomically: true, encoding: .utf8)
    let first = try runOK(["schedule", "import", url.path])
    XCTAssertEqual(
      first.stdoutLines.first,
      "Read one.csv: 1 game, 0 rescheduled, 0 cancelled, 1 venue, 2 teams.")
    let again = try runOK(["schedule", "import", url.path])
    XCTAssertTrue(
      again.stdout.contains("No changes: the 1 game was already in the database.\n"), again.stdout)
  }

  /// Review 2 of issue 8, item 4: the `--replace` refusal's hint names
  /// visits only when a visit uses a game (and trips only when a trip does).
  func testImport_replaceRefusalHintsOnlyAtTheUsesThereAre() throws {
    try installImported2024()
    try runOK(["trip", "new", "Mets at Wrigley", "--game", "CHN202406210"])
    let file = try cubsMakeupReplacingTheMets()
    let tripOnly = try assertFailure(
      ["schedule", "import", file.path, "--replace"],
      containing: [
        "Take them out of those trips ('sportstime trip replan TRIP --remove-game G'), or "
          + "import without --replace"
      ])
    XCTAssertFalse(tripOnly.stderr.contains("visit"), tripOnly.stderr)
    try runOK(["trip", "delete", "Mets at Wrigley"])
    let visit = try recordVisit("CHN202406210")
    let visitOnly = try assertFailure(
      ["schedule", "import", file.path, "--replace"],
      containing: [
        "(visit \(visit.prefix(8)) on Fri, Jun 21, 2024). Take them out of those visits "
          + "('sportstime visit edit ID --no-game'), or import without --replace"
      ])
    XCTAssertFalse(visitOnly.stderr.contains("trip"), visitOnly.stderr)
  }

  /// Review 2 of issue 8, item 1: the suggested `trip check` quotes the
  /// trip's name for the shell. A name with a quote, `$`, a backtick and
  /// `!` used to be printed in double quotes, which the shell expands;
  /// run through `sh -c`, the printed command checks that very trip.
  func testImport_suggestedTripCheckIsQuotedForTheShell() throws {
    try installImported2024()
    let name = "O'Brien's \"$HOME\" `id` trip!"
    try runOK(["trip", "new", name, "--game", "CHC@2024-06-04", "--game", "MIL202406100"])
    try runOK(["trip", "new", "O", "--game", "CHC@2024-06-04"])
    let file = try editedCopy(
      named: "newer.csv",
      [
        (
          "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,,",
          "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,Rain,20240920"
        )
      ])
    let result = try run(["schedule", "import", file.path])
    XCTAssertEqual(result.status, 0, result.description)
    let warning = try XCTUnwrap(
      result.stderrLines.first { $0.contains("check it with: ") }, result.stderr)
    XCTAssertTrue(
      warning.hasSuffix(
        #"check it with: sportstime trip check 'O'\''Brien'\''s "$HOME" `id` trip!'"#),
      warning)
    let command = String(try XCTUnwrap(warning.components(separatedBy: "check it with: ").last))
    let shell = try runShell(command)
    let (output, errors) = (shell.stdout, shell.stderr)
    // The moved game now lies outside the trip's days: `trip check` lists
    // that problem, naming the trip.
    XCTAssertTrue(errors.contains("in \"\(name)\" (listed above)"), output + errors)
    XCTAssertFalse(errors.contains("no trip"), errors)
  }

  /// `--replace` refuses to remove a game a trip or a visit uses: it names
  /// the game, the trip and the visit, and changes nothing.
  func testImport_replaceRefusesGamesInUse() throws {
    try installImported2024()
    try runOK(["trip", "new", "Mets at Wrigley", "--game", "CHN202406210"])
    let visit = try recordVisit("CHN202406210")
    let before = try Data(contentsOf: database)
    try assertFailure(
      ["schedule", "import", try cubsMakeupReplacingTheMets().path, "--replace"],
      containing: [
        "Error: 1 game the schedule no longer lists is still used, so nothing was changed: "
          + "CHN202406210 (trip 'Mets at Wrigley', visit \(visit.prefix(8)) on Fri, Jun 21, 2024)",
        "or import without --replace",
      ])
    XCTAssertEqual(try Data(contentsOf: database), before)
  }

  /// Issue 8, item 11: a moved game names the trips that use it and its
  /// visits. A visit on the old date keeps that date and loses its game
  /// (with a warning); one whose game stays on its date follows it.
  func testImport_movedGameNamesTripsAndVisits() throws {
    try installImported2024()
    // TOR @ MIL on Jun 10 rained out to Sep 20, when MIL hosts ARI.
    let file = try editedCopy(
      named: "newer.csv",
      [
        (
          "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,,",
          "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,Rain,20240920"
        )
      ])
    let other = try installImported2024(at: scratch.appendingPathComponent("other.sqlite"))
    var tripIDs: [String] = []
    var june: [String] = []
    var september: [String] = []
    for db in [database, other] {
      let extra: [String: String?] = ["SPORTSTIME_DB": db.path]
      let trip = try runOK(
        ["trip", "new", "Brewers", "--game", "CHC@2024-06-04", "--game", "MIL202406100", "--json"],
        extra: extra)
      let tripObject = try XCTUnwrap(try parseJSON(trip.stdout) as? [String: Any])
      tripIDs.append(try XCTUnwrap((tripObject["trip"] as? [String: Any])?.string("id")))
      june.append(try recordVisit("MIL202406100", db: db))
      september.append(try recordVisit("MIL202409200", db: db))
    }

    let result = try run(["schedule", "import", file.path])
    XCTAssertEqual(result.status, 0, result.description)
    // Review of issue 8, finding 5: a game renumbered on its own date (the
    // Arizona game, now game 2 of a doubleheader) is not "moved to another
    // date".
    XCTAssertTrue(
      result.stdout.contains(
        "Database: 0 new, 2 updated (1 moved to another date, 1 renumbered on its date), "),
      result.stdout)
    XCTAssertTrue(
      result.stdout.contains(
        "  MIL202406100 (TOR @ MIL) moved from Mon, Jun 10, 2024 to Fri, Sep 20, 2024: now "
          + "MIL202409201.\n"
          + "  MIL202409200 (AZ @ MIL) renumbered on Fri, Sep 20, 2024 (now game 2 of a "
          + "doubleheader): now MIL202409202.\n"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains(
        "  visit \(september[0].prefix(8)) (Fri, Sep 20, 2024) follows its game: "
          + "MIL202409200 is now MIL202409202.\n"), result.stdout)
    XCTAssertEqual(
      result.stderrLines,
      [
        "Warning: trip 'Brewers' uses a changed game: MIL202409201 (was MIL202406100); "
          + "check it with: sportstime trip check Brewers",
        "Warning: visit \(june[0].prefix(8)) (Mon, Jun 10, 2024) no longer points to game "
          + "MIL202406100 (now MIL202409201): that game is now TOR @ MIL on Fri, Sep 20, 2024; "
          + "the visit keeps its own date.",
      ])
    let visits = try XCTUnwrap(
      try parseJSON(try runOK(["visit", "list", "--json"]).stdout) as? [[String: Any]])
    let byID = Dictionary(uniqueKeysWithValues: visits.map { ($0.string("id") ?? "", $0) })
    XCTAssertEqual(byID[june[0]]?.string("date"), "2024-06-10")
    XCTAssertNil(byID[june[0]]?["gameID"], "the June visit lost its game")
    XCTAssertEqual(byID[june[0]]?.string("away"), "TOR", "and kept its matchup")
    XCTAssertEqual(byID[september[0]]?.string("gameID"), "MIL202409202")
    XCTAssertEqual(byID[september[0]]?.string("date"), "2024-09-20")

    let json = try runOK(
      ["schedule", "import", file.path, "--json"], extra: ["SPORTSTIME_DB": other.path])
    let object = try XCTUnwrap(try parseJSON(json.stdout) as? [String: Any])
    let trips = try XCTUnwrap(object["trips"] as? [[String: Any]])
    XCTAssertEqual(trips.count, 1)
    XCTAssertEqual(trips.first?.sortedKeys, ["games", "id", "name"])
    XCTAssertEqual(trips.first?.string("id"), tripIDs[1])
    XCTAssertEqual(trips.first?.string("name"), "Brewers")
    XCTAssertEqual(trips.first?["games"] as? [String], ["MIL202409201"])
    let changed = try XCTUnwrap(object["visits"] as? [[String: Any]])
    XCTAssertEqual(
      changed.first?.sortedKeys, ["date", "gameDate", "gameID", "id", "linked", "newGameID"])
    XCTAssertEqual(changed.map { $0.string("id") }, [september[1], june[1]])
    XCTAssertEqual(changed.map { $0.string("date") }, ["2024-09-20", "2024-06-10"])
    XCTAssertEqual(changed.map { $0.string("gameID") }, ["MIL202409200", "MIL202406100"])
    XCTAssertEqual(changed.map { $0.string("newGameID") }, ["MIL202409202", "MIL202409201"])
    XCTAssertEqual(changed.map { $0.string("gameDate") }, ["2024-09-20", "2024-09-20"])
    XCTAssertEqual(changed.map { $0.bool("linked") }, [true, false])
    XCTAssertEqual(object["changedInTrips"] as? [String], ["MIL202409201"])

    // The same file again changes nothing and names nobody.
    let again = try runOK(["schedule", "import", file.path])
    XCTAssertTrue(again.stdout.contains("No changes"), again.stdout)
  }

  // MARK: Re-import of an unchanged file (issue 9, "Speed")

  /// Runs SQL on this test's database with Python's sqlite3 module (another
  /// program), returning the rows it printed.
  @discardableResult
  func sql(_ statement: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> String
  {
    try """
    import sqlite3, sys
    c = sqlite3.connect(sys.argv[1])
    for row in c.execute(open(sys.argv[2]).read()): print(*row)
    c.commit()
    """.write(to: scratch.appendingPathComponent("sql.py"), atomically: true, encoding: .utf8)
    try statement.write(
      to: scratch.appendingPathComponent("statement.sql"), atomically: true, encoding: .utf8)
    let result = try runShell("python3 sql.py \"$SPORTSTIME_DB\" statement.sql")
    XCTAssertEqual(result.status, 0, "\(result)", file: file, line: line)
    return result.stdout
  }

  /// The records of unchanged imports in this test's database.
  func recordCount() throws -> String { try sql("SELECT count(*) FROM schedule_imports") }

  /// The import that changed nothing keeps a record; the next one answers
  /// from it and prints byte for byte what the whole comparison printed,
  /// as text and as JSON.
  func testReimport_fromTheRecordPrintsWhatTheWholeImportPrinted() throws {
    try installImported2024()
    let path = try CLIProcess.schedule(2024).path
    XCTAssertEqual(try recordCount(), "0\n", "a fresh import keeps no record")
    let whole = try runOK(["schedule", "import", path])
    XCTAssertEqual(try recordCount(), "1\n")
    let fromRecord = try runOK(["schedule", "import", path])
    XCTAssertEqual(fromRecord.stdout, whole.stdout)
    XCTAssertEqual(
      fromRecord.stdoutLines,
      [
        Self.read2024, "27 makeup dates formed a doubleheader.",
        "No changes: all 2430 games were already in the database.", Self.estimateNote,
      ])
    let jsonFromRecord = try runOK(["schedule", "import", path, "--json"]).stdout
    try installImported2024()
    let jsonWhole = try runOK(["schedule", "import", path, "--json"]).stdout
    XCTAssertEqual(jsonFromRecord, jsonWhole)
    XCTAssertEqual(try runOK(["schedule", "import", "--replace", path]).stdout, whole.stdout)
  }

  /// A file that no longer lists a stored game: the warning about it comes
  /// from the record too, exactly as from the whole comparison.
  func testReimport_fromTheRecordKeepsTheNotInFileWarning() throws {
    try installImported2024()
    var lines = try Self.rawLines(of: try CLIProcess.schedule(2024))
    lines.remove(at: 1)
    let partial = scratch.appendingPathComponent("partial.csv")
    try lines.joined(separator: "\n").write(to: partial, atomically: true, encoding: .utf8)
    let whole = try run(["schedule", "import", partial.path])
    XCTAssertEqual(whole.status, 0, "\(whole)")
    XCTAssertTrue(
      whole.stderr.contains("1 stored game of this season is not in this file"), whole.stderr)
    XCTAssertEqual(try recordCount(), "1\n")
    let fromRecord = try run(["schedule", "import", partial.path])
    XCTAssertEqual(fromRecord.status, 0)
    XCTAssertEqual(fromRecord.stdout, whole.stdout)
    XCTAssertEqual(fromRecord.stderr, whole.stderr)
  }

  /// After the games change behind its back (another program), after
  /// another file changed them, and after a migration, a re-import does
  /// the whole comparison again.
  func testReimport_afterTheGamesChangedDoesTheWholeWork() throws {
    try installImported2024()
    let path2024 = try CLIProcess.schedule(2024).path
    try runOK(["schedule", "import", path2024])
    try sql("UPDATE games SET time_estimated = 0 WHERE id = 'CHN202406040'")
    XCTAssertTrue(
      try runOK(["schedule", "import", path2024]).stdout.contains(
        "Database: 0 new, 1 updated, 2429 unchanged."))
    try runOK(["schedule", "import", path2024])
    try runOK(["schedule", "import", try CLIProcess.schedule(2025).path])
    try sql("UPDATE games SET time_estimated = 0 WHERE id = 'CHN202406040'")
    XCTAssertTrue(
      try runOK(["schedule", "import", path2024]).stdout.contains(
        "Database: 0 new, 1 updated, 2429 unchanged."))
    try runOK(["schedule", "import", path2024])
    // A schema change (as a migration makes) with the games unchanged.
    try sql("CREATE TABLE later (x)")
    try sql("DELETE FROM games WHERE id = 'CHN202406040'")
    XCTAssertTrue(
      try runOK(["schedule", "import", path2024]).stdout.contains(
        "Database: 1 new, 0 updated, 2429 unchanged."))
  }

  /// Trips and visits leave the record usable: the re-import still prints
  /// exactly what the whole comparison prints.
  func testReimport_recordSurvivesTripsAndVisits() throws {
    try installImported2024()
    let path = try CLIProcess.schedule(2024).path
    let whole = try runOK(["schedule", "import", path])
    try runOK(["trip", "new", "Loop", "--game", "CHC@2024-06-04", "--game", "DET@2024-06-07"])
    try runOK(["visit", "add", "--game", "CHN202406040"])
    try runOK(["trip", "delete", "Loop"])
    XCTAssertEqual(try recordCount(), "1\n")
    XCTAssertEqual(try runOK(["schedule", "import", path]).stdout, whole.stdout)
  }
}
