import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the database lives: `--db PATH`, else `SPORTSTIME_DB`, else
/// `$XDG_DATA_HOME/sportstime/sportstime.sqlite` (created on first use; only
/// the default location's directories are created).
final class DatabaseLocationTests: EndToEndTestCase {
  var xdgDefault: URL { dataHome.appendingPathComponent("sportstime/sportstime.sqlite") }

  /// `games` for one Cubs weekend: 2 games when the database holds the 2024
  /// schedule, the "import first" hint when it is empty.
  func cubsWeekend(_ arguments: [String] = [], extra: [String: String?]) throws -> CLIResult {
    try runOK(
      arguments + ["games", "--team", "CHC", "--from", "2024-06-01", "--to", "2024-06-02"],
      extra: extra)
  }

  /// The empty-database hint, which names the database file used.
  static func emptyHint(_ database: URL) -> String {
    "No games in \(database.path) yet. Import a schedule first: sportstime schedule import FILE\n"
  }

  func testDatabase_dbOptionCreatesFileThere() throws {
    let path = scratch.appendingPathComponent("by-option/my.sqlite")
    try FileManager.default.createDirectory(
      at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    try runOK(["--db", path.path, "trip", "list"], extra: ["SPORTSTIME_DB": nil])
    XCTAssertTrue(fileExists(path))
    XCTAssertFalse(fileExists(xdgDefault))
    XCTAssertFalse(fileExists(database))
  }

  func testDatabase_dbOptionAfterSubcommandIsUsed() throws {
    let path = scratch.appendingPathComponent("after.sqlite")
    try installImported2024(at: path)
    let result = try runOK(
      ["games", "--team", "CHC", "--from", "2024-06-01", "--to", "2024-06-02", "--db", path.path],
      extra: ["SPORTSTIME_DB": nil])
    XCTAssertEqual(result.stdoutLines.count, 3, result.stdout)
    XCTAssertFalse(fileExists(xdgDefault))
  }

  func testDatabase_environmentVariableCreatesFileThere() throws {
    try runOK(["trip", "list"])  // SPORTSTIME_DB = database
    XCTAssertTrue(fileExists(database))
    XCTAssertFalse(fileExists(xdgDefault))
  }

  func testDatabase_environmentVariableIsRead() throws {
    try installImported2024()
    let result = try cubsWeekend(extra: [:])
    XCTAssertEqual(
      result.stdoutLines.first?.hasPrefix("CHN202406010  Sat, Jun 1, 2024"), true, result.stdout)
    XCTAssertEqual(result.stdoutLines.count, 3, result.stdout)
  }

  func testDatabase_defaultIsUnderXDGDataHome() throws {
    let result = try runOK(["trip", "list"], extra: ["SPORTSTIME_DB": nil])
    XCTAssertEqual(
      result.stdout,
      "No trips yet in \(xdgDefault.path). Build one: sportstime trip new NAME --game G --game G …\n"
    )
    XCTAssertTrue(fileExists(xdgDefault), "expected \(xdgDefault.path)")
    XCTAssertFalse(fileExists(database))
    // And it is the one read next time.
    try installImported2024(at: xdgDefault)
    XCTAssertEqual(try cubsWeekend(extra: ["SPORTSTIME_DB": nil]).stdoutLines.count, 3)
  }

  /// Review of issue 9: `SPORTSTIME_DB=$UNSET sportstime …` used to fall
  /// back to the user's own default database; a variable set to nothing
  /// (or blanks) is refused like `--db ""`, and no database is made.
  func testDatabase_emptyEnvironmentVariableIsRefusedAndTouchesNothing() throws {
    for empty in ["", "  "] {
      let result = try run(["trip", "list"], extra: ["SPORTSTIME_DB": empty])
      // An environment problem, not the command line's shape: exit 1, and no
      // usage line (review 6).
      XCTAssertEqual(result.status, 1, "\(result)")
      XCTAssertEqual(result.stdout, "")
      XCTAssertEqual(
        result.stderrLines,
        [
          "Error: SPORTSTIME_DB is set but empty: give it a database file path, or unset it to use the default database"
        ])
      XCTAssertFalse(fileExists(xdgDefault))
    }
    // --db still wins over it.
    try runOK(["--db", database.path, "trip", "list"], extra: ["SPORTSTIME_DB": ""])
    XCTAssertFalse(fileExists(xdgDefault))
  }

  /// `SPORTSTIME_BUSY_TIMEOUT_MS` (how long a command waits for another
  /// connection's lock; the tests set it short) takes a whole number of
  /// milliseconds; other text is refused before the database is opened.
  func testBusyTimeoutVariable_takesMilliseconds_andRefusesOtherText() throws {
    for bad in ["", "soon", "-1", "2.5"] {
      let result = try run(["trip", "list"], extra: ["SPORTSTIME_BUSY_TIMEOUT_MS": bad])
      XCTAssertEqual(result.status, 1, "\(bad): \(result)")
      XCTAssertEqual(
        result.stderrLines,
        [
          "Error: SPORTSTIME_BUSY_TIMEOUT_MS must be a whole number of milliseconds (0 or more), got '\(bad)'"
        ], bad)
      XCTAssertFalse(fileExists(database), bad)
    }
    for good in ["0", "200", " 5000 "] {
      try runOK(["trip", "list"], extra: ["SPORTSTIME_BUSY_TIMEOUT_MS": good])
    }
  }

  func testDatabase_withoutXDGUsesHomeLocalShare() throws {
    try runOK(["trip", "list"], extra: ["SPORTSTIME_DB": nil, "XDG_DATA_HOME": nil])
    XCTAssertTrue(
      fileExists(home.appendingPathComponent(".local/share/sportstime/sportstime.sqlite")))
    XCTAssertFalse(fileExists(xdgDefault))
  }

  func testDatabase_relativeXDGDataHomeIsIgnored() throws {
    // The XDG spec says relative paths are invalid and must be ignored.
    try runOK(["trip", "list"], extra: ["SPORTSTIME_DB": nil, "XDG_DATA_HOME": "relative-data"])
    XCTAssertTrue(
      fileExists(home.appendingPathComponent(".local/share/sportstime/sportstime.sqlite")))
    XCTAssertFalse(
      fileExists(scratch.appendingPathComponent("relative-data/sportstime/sportstime.sqlite")))
  }

  func testDatabase_dbOptionWinsOverEnvironment() throws {
    let chosen = scratch.appendingPathComponent("chosen.sqlite")
    try installImported2024(at: chosen)
    // SPORTSTIME_DB points at `database`, which does not exist yet.
    let result = try cubsWeekend(["--db", chosen.path], extra: [:])
    XCTAssertEqual(result.stdoutLines.count, 3, result.stdout)
    XCTAssertFalse(fileExists(database), "SPORTSTIME_DB must not be touched when --db is given")
    XCTAssertFalse(fileExists(xdgDefault))
    // Without --db the environment's (empty) database is used.
    XCTAssertEqual(try cubsWeekend(extra: [:]).stdout, Self.emptyHint(database))
  }

  func testDatabase_environmentWinsOverXDG() throws {
    try installImported2024(at: xdgDefault)
    XCTAssertEqual(try cubsWeekend(extra: [:]).stdout, Self.emptyHint(database))
    XCTAssertTrue(fileExists(database))
  }

  // MARK: Paths that cannot hold the database (review of issue 8)

  /// `--db /nonexist/dir/x.sqlite trip list` said "No trips yet" and
  /// created the directories and an empty database. A path the user gave
  /// (`--db` or `SPORTSTIME_DB`) in a missing directory is an error naming
  /// it, for reads and writes alike, and nothing is created.
  func testGivenPath_inAMissingDirectoryIsAnErrorNamingIt() throws {
    let missing = scratch.appendingPathComponent("nonexist/dir")
    let path = missing.appendingPathComponent("x.sqlite").path
    let message =
      "Error: Cannot use \(path) as the database: the directory \(missing.path) does not exist (create it first).\n"
    for (arguments, extra) in [
      (["--db", path, "trip", "list"], [String: String?]()),
      (["trip", "list"], ["SPORTSTIME_DB": path]),
      (["games", "--team", "CHC"], ["SPORTSTIME_DB": path]),
      (["--db", path, "schedule", "import", try CLIProcess.schedule(2024).path], [:]),
      (["--db", path, "visit", "add", "wrigley", "--date", "2024-06-05"], [:]),
    ] {
      let result = try run(arguments, extra: extra)
      XCTAssertEqual(result.status, 1, "\(arguments)\n\(result)")
      XCTAssertEqual(result.stdout, "", "\(arguments)")
      XCTAssertEqual(result.stderr, message, "\(arguments)")
    }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: scratch.appendingPathComponent("nonexist").path))
    // The default location's directories are still made on first use.
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: xdgDefault.deletingLastPathComponent().path))
    try runOK(["trip", "list"], extra: ["SPORTSTIME_DB": nil])
    XCTAssertTrue(fileExists(xdgDefault))
  }

  /// `--db DIR` said "unable to open database file" and `--db /dev/null`
  /// "A disk error occurred": SQLite's words. The real cause is named
  /// before SQLite is asked, and nothing changes.
  func testPathsThatCannotHoldTheDatabase_nameTheRealCause() throws {
    let folder = scratch.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fifo = scratch.appendingPathComponent("pipe.sqlite")
    XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
    let file = scratch.appendingPathComponent("notes.txt")
    try Data("notes".utf8).write(to: file)
    let cases: [(String, String)] = [
      (folder.path, "it is a directory; give a file name"),
      ("/dev/null", "it is a character device, not a regular file"),
      (fifo.path, "it is a FIFO (named pipe), not a regular file"),
      (file.path + "/x.sqlite", "\(file.path) is not a directory"),
    ]
    for (path, reason) in cases {
      for command in [["trip", "list"], ["trip", "new", "T", "--game", "CHC@2024-06-05"]] {
        let result = try run(["--db", path] + command)
        XCTAssertEqual(result.status, 1, "\(path) \(command)\n\(result)")
        XCTAssertEqual(
          result.stderr, "Error: Cannot use \(path) as the database: \(reason).\n", path)
      }
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    XCTAssertEqual(try Data(contentsOf: file), Data("notes".utf8))
  }

  /// Permissions, as an unprivileged user (`runUnprivileged`): a database
  /// file that may not be read, a directory where no file may be created
  /// (modes that deny everyone but root).
  func testPathsThatCannotHoldTheDatabase_permissions() throws {
    let locked = scratch.appendingPathComponent("locked.sqlite")
    try installImported2024(at: locked)
    XCTAssertEqual(chmod(locked.path, 0o000), 0)
    let closed = scratch.appendingPathComponent("closed")
    try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
    XCTAssertEqual(chmod(closed.path, 0o555), 0)
    for (path, reason) in [
      (locked.path, "permission denied (check the file's permissions)"),
      (
        closed.path + "/new.sqlite",
        "cannot create a file in the directory \(closed.path): permission denied"
      ),
    ] {
      let result = try runUnprivileged(["--db", path, "trip", "list"])
      XCTAssertEqual(result.status, 1, result.description)
      XCTAssertEqual(
        result.stderrLines, ["Error: Cannot use \(path) as the database: \(reason)."], path)
    }
  }
}
