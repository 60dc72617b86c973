import Foundation
import XCTest

/// Exit codes and the shape of error reports: usage errors (64) carry the
/// usage line and a --help hint; other failures (1) one `Error:` line.
final class ErrorReportingTests: EndToEndTestCase {
  static let gamesUsage =
    "sportstime games [--sport <SPORT> ...] [--team <TEAM> ...] [--venue <VENUE> ...] [--from <DATE>] [--to <DATE>] [--json]"
  static let tripNewUsage =
    "sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>] [--end <DATE>] [--json]"
  static let tripShowUsage = "sportstime trip show <TRIP> [--json] [--metric] [--drag <ITEM>]"

  func testUnknownCommand_suggestsClosest() throws {
    try assertUsageError(
      ["trpi"], message: "Unknown command 'trpi'. Did you mean 'trip'?",
      usage: "sportstime <subcommand>", help: "sportstime")
    try assertUsageError(
      ["schedule", "imprt", "x.csv"], message: "Unknown command 'imprt'. Did you mean 'import'?",
      usage: "sportstime schedule <subcommand>", help: "sportstime schedule")
    try assertUsageError(
      ["trip", "shwo", "X"], message: "Unknown command 'shwo'. Did you mean 'show'?",
      usage: "sportstime trip <subcommand>", help: "sportstime trip")
    XCTAssertFalse(fileExists(database), "a usage error must not create the database")
  }

  func testTripNew_onEmptyDatabaseSaysToImportFirst() throws {
    for game in ["CHC@2024-06-04", "CHN202406040"] {
      try assertFailure(
        ["trip", "new", "W", "--game", game],
        containing: ["no games in the database yet", "schedule import"])
    }
  }

  func testScheduleImport_directoryIsNamedAsSuch() throws {
    try assertFailure(
      ["schedule", "import", scratch.path], containing: ["it is a directory"])
  }

  func testGames_athleticsBothCodesFindTheirGames() throws {
    try installImported2024()
    let ath = try runOK(["games", "--team", "ATH", "--from", "2024-06-01", "--to", "2024-06-02"])
    let oak = try runOK(["games", "--team", "OAK", "--from", "2024-06-01", "--to", "2024-06-02"])
    XCTAssertEqual(ath.stdout, oak.stdout)
    XCTAssertTrue(ath.stdout.contains("ATL202406010"), ath.stdout)
  }

  func testGames_cityWithTwoVenuesIsAmbiguous() throws {
    try installImported2024()
    try assertFailure(
      ["games", "--venue", "Chicago"],
      containing: ["matches several venues", "Wrigley Field", "Guaranteed Rate Field"])
    let milwaukee = try runOK([
      "games", "--venue", "milwaukee", "--from", "2024-06-10", "--to", "2024-06-10",
    ])
    XCTAssertTrue(milwaukee.stdout.contains("MIL202406100"), milwaukee.stdout)
  }

  func testUnknownCommand_farFromAnyNameHasNoSuggestion() throws {
    try assertUsageError(
      ["zzzzzz"], message: "Unknown command 'zzzzzz'.", usage: "sportstime <subcommand>",
      help: "sportstime")
  }

  func testUnknownOption_suggestsClosest() throws {
    try assertUsageError(
      ["trip", "show", "X", "--jsno"], message: "Unknown option '--jsno'. Did you mean '--json'?",
      usage: Self.tripShowUsage, help: "sportstime trip show")
    try assertUsageError(
      ["games", "--tema", "CHC"], message: "Unknown option '--tema'. Did you mean '--team'?",
      usage: Self.gamesUsage, help: "sportstime games")
  }

  /// Review 2 of issue 8, item 2: trips named "- spaced" or "-- dash" are
  /// made, shown and deleted by name (they were "Unknown option '- '"); a
  /// name like "-x" gets a hint that `--` ends the options, and works
  /// after it.
  func testDashLeadingNames_arePositionalsOrHintAtDoubleDash() throws {
    try installImported2024()
    for name in ["- spaced", "-- dash"] {
      try runOK(["trip", "new", name, "--game", "CHC@2024-06-04"])
      XCTAssertTrue(try runOK(["trip", "show", name]).stdout.contains(name))
    }
    try assertUsageError(
      ["trip", "show", "-x"],
      message: "Unknown option '-x'; to pass a value starting with '-', put -- before it.",
      usage: Self.tripShowUsage, help: "sportstime trip show")
    try runOK(["trip", "new", "--game", "CHC@2024-06-04", "--", "-x"])
    XCTAssertTrue(try runOK(["trip", "show", "--", "-x"]).stdout.contains("-x"))
    XCTAssertTrue(try runOK(["trip", "delete", "-- dash"]).stdout.contains("-- dash"))
  }

  func testBadDate_isUsageError() throws {
    try assertUsageError(
      ["games", "--from", "2024-13-01"],
      message: "--from expects a date as YYYY-MM-DD, got '2024-13-01'", usage: Self.gamesUsage,
      help: "sportstime games")
    try assertUsageError(
      ["games", "--to", "2024-02-30"],
      message: "--to expects a date as YYYY-MM-DD, got '2024-02-30'",
      usage: Self.gamesUsage, help: "sportstime games")
    try assertUsageError(
      ["games", "--from", "June 1"], message: "--from expects a date as YYYY-MM-DD, got 'June 1'",
      usage: Self.gamesUsage, help: "sportstime games")
    try assertUsageError(
      ["trip", "new", "T", "--game", "CHC@2024-06-04", "--start", "2024-13-01"],
      message: "--start expects a date as YYYY-MM-DD, got '2024-13-01'", usage: Self.tripNewUsage,
      help: "sportstime trip new")
    try assertUsageError(
      ["trip", "new", "T", "--game", "CHC@2024-06-04", "--end", "2024-06-31"],
      message: "--end expects a date as YYYY-MM-DD, got '2024-06-31'", usage: Self.tripNewUsage,
      help: "sportstime trip new")
    XCTAssertFalse(fileExists(database))
  }

  func testBadGameReference_isUsageError() throws {
    try assertUsageError(
      ["trip", "new", "T", "--game", "CHC@2024-0604"],
      message: "game 'CHC@2024-0604': '2024-0604' is not a date in YYYY-MM-DD form",
      usage: Self.tripNewUsage, help: "sportstime trip new")
  }

  func testBadNow_isUsageErrorBeforeTheDatabaseIsOpened() throws {
    try assertUsageError(
      ["trip", "new", "T", "--game", "CHC@2024-06-04", "--now", "yesterday"],
      message:
        "--now expects an ISO 8601 date and time with a zone (2024-06-05T12:00:00Z, 2024-06-05T12:00Z, 2024-06-05T12:00:00.5Z, 2024-06-05T08:00-04:00, 20240605T120000+0200), got 'yesterday': it does not start with a date (YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)",
      usage: Self.tripNewUsage, help: "sportstime trip new")
    XCTAssertFalse(fileExists(database), "a usage error must not create the database")
    try installImported2024()
    let result = try runOK([
      "trip", "new", "T", "--game", "CHC@2024-06-04", "--now", "2024-06-01T12:00:00Z",
    ])
    XCTAssertTrue(result.stdout.hasPrefix("Created trip \"T\""), result.stdout)
  }

  func testFromAfterTo_isUsageError() throws {
    try assertUsageError(
      ["games", "--from", "2024-06-05", "--to", "2024-06-01"],
      message: "--from 2024-06-05 is after --to 2024-06-01", usage: Self.gamesUsage,
      help: "sportstime games")
  }

  func testMissingArguments_areUsageErrors() throws {
    try assertUsageError(
      ["trip", "new", "T"], message: "Missing --game", usage: Self.tripNewUsage,
      help: "sportstime trip new")
    try assertUsageError(
      ["trip", "show"], message: "Missing argument <TRIP>", usage: Self.tripShowUsage,
      help: "sportstime trip show")
    try assertUsageError(
      ["schedule", "import"], message: "Missing argument <FILE>",
      usage: "sportstime schedule import <FILE> [--format <FORMAT>] [--replace] [--json]",
      help: "sportstime schedule import")
    try assertUsageError(
      ["games", "--team"], message: "--team needs a value", usage: Self.gamesUsage,
      help: "sportstime games")
    try assertUsageError(
      ["games", "extra"], message: "Unexpected argument 'extra'", usage: Self.gamesUsage,
      help: "sportstime games")
  }

  func testOtherFailures_exitOneWithoutUsage() throws {
    try installImported2024()
    try assertFailure(["games", "--team", "XXX"], containing: ["no team is called 'XXX'"])
    try assertFailure(
      ["games", "--venue", "Nowhere Park"], containing: ["no venue is called 'Nowhere Park'"])
    try assertFailure(["trip", "show", "Nope"], containing: ["no trip is called 'Nope'"])
    try assertFailure(["trip", "delete", "Nope"], containing: ["no trip is called 'Nope'"])
    try assertFailure(
      ["trip", "new", "T", "--game", "CHN209906040"],
      containing: ["no game CHN209906040 in the database"])
    try assertFailure(
      ["trip", "new", "T", "--game", "CHC@2024-06-03"],
      containing: ["'CHC@2024-06-03'", "Chicago Cubs has no game on 2024-06-03"])
    try assertFailure(
      ["trip", "new", "T", "--game", "CHC@2024-06-04#2"],
      containing: ["'CHC@2024-06-04#2'", "has only 1 game on 2024-06-04 (no game 2)"])
  }

  func testDatabaseThatCannotBeOpened_exitsOne() throws {
    // A directory is not a database file.
    try assertFailure(
      ["--db", scratch.path, "trip", "list"], containing: ["database", scratch.path])
  }

  func testSuccess_exitsZeroWithEmptyStderr() throws {
    let result = try runOK(["trip", "list"])
    XCTAssertEqual(
      result.stdout,
      "No trips yet in \(database.path). Build one: sportstime trip new NAME --game G --game G …\n")
  }
}
