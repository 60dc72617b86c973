import Foundation
import XCTest

/// Where the database lives: `--db PATH`, else `SPORTSTIME_DB`, else
/// `$XDG_DATA_HOME/sportstime/sportstime.sqlite` (created on first use).
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

  func testDatabase_emptyEnvironmentVariableFallsBackToXDG() throws {
    try runOK(["trip", "list"], extra: ["SPORTSTIME_DB": ""])
    XCTAssertTrue(fileExists(xdgDefault))
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
}
