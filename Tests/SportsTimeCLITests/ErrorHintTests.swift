import Foundation
import XCTest

/// Issue 9: Core and Store messages name no command or flag; the CLI adds
/// its own hint by the error's case (`ErrorHints`). What the traveller reads
/// is exactly what it was when the hints lived in the Store and in
/// `TripCommands.resolve`.
final class ErrorHintTests: EndToEndTestCase {
  /// The whole error line of a failing run.
  func errorLine(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line)
    throws -> String
  {
    try assertFailure(arguments, containing: [], file: file, line: line).stderr
  }

  func testGameReferences_noGamesYetUnknownIdAndMovedGame() throws {
    for game in ["CHC@2024-06-04", "CHN202406040"] {
      XCTAssertEqual(
        try errorLine(["trip", "new", "T", "--game", game]),
        "Error: no games in the database yet; import a schedule first ('sportstime schedule import FILE')\n",
        game)
    }
    try installImported2024()
    XCTAssertEqual(
      try errorLine(["trip", "new", "T", "--game", "XXX202406040"]),
      "Error: no game XXX202406040 in the database (see 'sportstime games', or use TEAM@YYYY-MM-DD)\n"
    )
    // Mets vs Brewers, Thu Mar 28 2024, was rained out and played Mar 29.
    XCTAssertEqual(
      try errorLine(["trip", "new", "T", "--game", "NYM@2024-03-28"]),
      "Error: New York Mets has no game on 2024-03-28: the game scheduled that day (MIL @ NYM) was moved to 2024-03-29; use NYN202403290\n"
    )
    // The same through a re-plan (one Store call resolves its games too).
    try runOK(["trip", "new", "T", "--game", "NYM@2024-03-29"])
    XCTAssertEqual(
      try errorLine(["trip", "replan", "T", "--add-game", "nym@2024-03-28"]),
      "Error: New York Mets has no game on 2024-03-28: the game scheduled that day (MIL @ NYM) was moved to 2024-03-29; use NYN202403290\n"
    )
    XCTAssertEqual(
      try errorLine(["trip", "replan", "T", "--remove-game", "NYN202403290"]),
      "Error: this would remove every game of \"T\"; a trip needs at least one game (add one with --add-game, or delete the trip with 'sportstime trip delete')\n"
    )
    try runOK(["trip", "delete", "T"])
    XCTAssertEqual(
      try errorLine(["trip", "show", "Nope"]),
      "Error: no trip is called 'Nope' (see 'sportstime trip list')\n")
  }

  /// A database a newer sportstime wrote: the Store says so, the CLI adds
  /// "Upgrade sportstime or use another --db."
  func testNewerDatabase_theCLIAddsItsDBHint() throws {
    try runOK(["trip", "list"])
    let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try XCTUnwrap(python, "python3 is needed"))
    process.arguments = [
      "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "c.execute(\"INSERT INTO schema_migrations VALUES ('999-future', 'x')\"); c.commit()",
      database.path,
    ]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertEqual(
      try errorLine(["trip", "list"]),
      "Error: This database was written by a newer version of sportstime (it has migration '999-future' this version does not know). Upgrade sportstime or use another --db.\n"
    )
  }
}
