import Foundation
import XCTest

/// Options whose values CLIKit parses into typed values (dates, formats,
/// categories, sports, times) and the checks commands run between parsing
/// and running, end to end.
final class TypedOptionTests: EndToEndTestCase {
  static let exportUsage =
    "sportstime trip export <TRIP> --format <FORMAT> [--out <FILE>] [--metric] [--paper <PAPER>] [--basemap <FILE>]"

  /// A choice is read like a number: surrounding spaces and case do not
  /// matter, for every typed choice option.
  func testChoice_acceptsSpacesAndAnyCase() throws {
    try installImported2024()
    try runOK(["trip", "new", "Short", "--game", "CHC@2024-06-04"])
    let ics = try runOK(["trip", "export", "Short", "--format", " ICS "]).stdout
    XCTAssertTrue(ics.hasPrefix("BEGIN:VCALENDAR\r\n"), ics)
    let added = try runOK([
      "item", "add", "Short", "--title", "Inn", "--category", "Hotel ", "--json",
    ])
    XCTAssertTrue(added.stdout.contains("\"category\": \"hotel\""), added.stdout)
  }

  /// Dates, times and years ignore surrounding spaces too, as choices and
  /// `--now` always did: the same games, the same item time.
  func testDatesTimesAndYears_acceptSurroundingSpaces() throws {
    try installImported2024()
    XCTAssertEqual(
      try runOK(["games", "--team", "CHC", "--from", " 2024-06-04", "--to", "2024-06-05 "]).stdout,
      try runOK(["games", "--team", "CHC", "--from", "2024-06-04", "--to", "2024-06-05"]).stdout)
    try runOK(["trip", "new", "Short", "--game", "CHC@2024-06-04"])
    let added = try runOK([
      "item", "add", "Short", "--title", "Lunch", "--time", " 12:30 ", "--json",
    ])
    XCTAssertTrue(added.stdout.contains("\"time\": \"12:30\""), added.stdout)
    XCTAssertEqual(
      try runOK(["history", "--year", " 2024 "]).stdout,
      try runOK(["history", "--year", "2024"]).stdout)
  }

  /// A refused value is quoted as every other bad value: without control
  /// characters and cut at 80 characters.
  func testChoice_longBadValueIsCutAt80Characters() throws {
    let long = String(repeating: "p", count: 120)
    try assertUsageError(
      ["trip", "export", "Short", "--format", long],
      message:
        "--format expects md, ics, geojson, gpx, json or pdf, got '\(String(repeating: "p", count: 79))…'",
      usage: Self.exportUsage, help: "sportstime trip export")
    try assertUsageError(
      ["games", "--from", String(repeating: "9", count: 90)],
      message:
        "--from expects a date as YYYY-MM-DD, got '\(String(repeating: "9", count: 79))…'",
      usage:
        "sportstime games [--sport <SPORT> ...] [--team <TEAM> ...] [--venue <VENUE> ...] [--from <DATE>] [--to <DATE>] [--json]",
      help: "sportstime games")
    XCTAssertFalse(fileExists(database), "a usage error must not create the database")
  }

  /// `--now` (a global option) is read while parsing, so a bad one is
  /// refused wherever it stands, even on a line that only asks for a
  /// group's list of subcommands.
  func testNow_isCheckedWhileParsing() throws {
    try assertUsageError(
      ["trip", "--now", "2024-06-01"],
      message:
        "--now expects an ISO 8601 date and time with a zone (2024-06-05T12:00:00Z, 2024-06-05T12:00Z, 2024-06-05T12:00:00.5Z, 2024-06-05T08:00-04:00, 20240605T120000+0200), got '2024-06-01': a date alone does not say when in the day; add a time and a zone, e.g. 2024-06-01T12:00Z",
      usage: "sportstime trip <subcommand>", help: "sportstime trip")
    XCTAssertTrue(try runOK(["trip", "--now", "2024-06-01T12:00Z"]).stdout.contains("USAGE:"))
  }

  /// The checks between options run before the command does anything, so
  /// they come before its own set-up errors (an empty --db, here).
  func testValidation_comesBeforeTheCommandsSetUp() throws {
    try assertUsageError(
      ["map", "--json", "--out", "-", "--db", ""],
      message: "--json and --out - both write to standard output: give one",
      usage:
        "sportstime map [--zoom <FACTOR>] [--pan <DX,DY>] [--focus <VENUE>] [--reset] [--out <FILE>] [--basemap <FILE>] [--json]",
      help: "sportstime map")
  }
}
