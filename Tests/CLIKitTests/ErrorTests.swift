import XCTest

@testable import CLIKit

/// Usage errors, suggestions, exit codes and the exact stderr report.
final class ErrorTests: CLITestCase {
  /// The stderr report has exactly three lines in the documented format.
  func testExactUsageErrorReport() {
    let outcome = run(["trip", "new", "Summer", "--game"])
    XCTAssertEqual(outcome.code, 64)
    XCTAssertEqual(outcome.out, "")
    XCTAssertEqual(
      outcome.err,
      """
      Error: --game needs a value
      Usage: sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>] [--end <DATE>] [--title <TITLE>] [--json] [--force]
        See 'sportstime trip new --help'.

      """)
  }

  /// A value option at the end of the line, or followed by an option, lacks a value.
  func testMissingValue() {
    assertUsageError(["trip", "new", "N", "--game", "1", "--title"], "--title needs a value")
    assertUsageError(["trip", "new", "N", "--title", "--game", "1"], "--title needs a value")
    assertUsageError(["trip", "new", "N", "--game", "1", "--title", "-j"], "--title needs a value")
    assertUsageError(["trip", "new", "N", "--game", "1", "-t"], "-t needs a value")
    assertUsageError(["trip", "--db"], "--db needs a value")
  }

  /// A boolean flag given `=value` is rejected, in long and short form.
  func testFlagWithValue() {
    assertUsageError(
      ["trip", "new", "N", "--game", "1", "--json=yes"], "--json does not take a value")
    assertUsageError(["trip", "new", "N", "--game", "1", "-j=yes"], "-j does not take a value")
    assertUsageError(["--no-color=1", "trip", "list"], "--no-color does not take a value")
  }

  /// Unknown options get a suggestion only when close.
  func testUnknownOptionSuggestions() {
    assertUsageError(
      ["trip", "new", "N", "--titel", "x"], "Unknown option '--titel'. Did you mean '--title'?")
    assertUsageError(
      ["trip", "new", "N", "--Game", "1"], "Unknown option '--Game'. Did you mean '--game'?")
    assertUsageError(
      ["trip", "list", "--dbb", "x"], "Unknown option '--dbb'. Did you mean '--db'?")
    assertUsageError(["--verison"], "Unknown option '--verison'. Did you mean '--version'?")
    assertUsageError(["trip", "new", "N", "--zzzzzzzz"], "Unknown option '--zzzzzzzz'.")
    assertUsageError(["trip", "list", "-q"], "Unknown option '-q'.")
  }

  /// Review 2 of issue 8, item 2: where a positional could still follow, an
  /// unknown option says how to give a value that starts with `-`; `--`
  /// then does (its meaning is unchanged: everything after it is a value).
  func testUnknownOptionHintsAtDoubleDash() throws {
    let hint = "; to pass a value starting with '-', put -- before it."
    assertUsageError(["trip", "new", "--game", "1", "-x"], "Unknown option '-x'\(hint)")
    assertUsageError(
      ["trip", "new", "--game", "1", "--zzzzzzzz"], "Unknown option '--zzzzzzzz'\(hint)")
    assertUsageError(["trip", "new", "-x", "--game", "1"], "Unknown option '-x'\(hint)")
    // No slot left, or none at all: no hint; a close name: the suggestion.
    assertUsageError(["trip", "new", "N", "-x"], "Unknown option '-x'.")
    assertUsageError(["trip", "list", "-q"], "Unknown option '-q'.")
    assertUsageError(
      ["trip", "new", "--titel", "x"], "Unknown option '--titel'. Did you mean '--title'?")
    let args = try XCTUnwrap(run(["trip", "new", "--game", "1", "--", "-x"]).args)
    XCTAssertEqual(args.positional("NAME"), "-x")
  }

  /// Options of other commands are unknown here.
  func testOptionOfOtherCommand() {
    assertUsageError(["trip", "list", "--game", "1"], "Unknown option '--game'.")
  }

  /// Unknown subcommands get a suggestion only when close.
  func testUnknownCommandSuggestions() {
    assertUsageError(["imprt", "x.csv"], "Unknown command 'imprt'. Did you mean 'import'?")
    assertUsageError(["trip", "nwe"], "Unknown command 'nwe'. Did you mean 'new'?")
    assertUsageError(["trip", "lsit"], "Unknown command 'lsit'. Did you mean 'list'?")
    assertUsageError(["banana"], "Unknown command 'banana'.")
    let outcome = run(["trip", "nwe"])
    XCTAssertTrue(outcome.err.contains("Usage: sportstime trip <subcommand>\n"), outcome.err)
    XCTAssertTrue(outcome.err.hasSuffix("  See 'sportstime trip --help'.\n"), outcome.err)
  }

  /// Too many positionals names the extra word.
  func testTooManyPositionals() {
    assertUsageError(["import", "a.csv", "b.csv"], "Unexpected argument 'b.csv'")
    assertUsageError(["trip", "list", "extra"], "Unexpected argument 'extra'")
    assertUsageError(["trip", "show", "1", "2", "3"], "Unexpected argument '3'")
  }

  /// Missing required positional and option are named; positionals are checked first.
  func testMissingRequired() {
    assertUsageError(["import"], "Missing argument <FILE>")
    assertUsageError(["trip", "new", "Summer"], "Missing --game")
    assertUsageError(["trip", "new", "--game", "1"], "Missing argument <NAME>")
    assertUsageError(["trip", "new"], "Missing argument <NAME>")
  }

  /// `--version` is a root-only option.
  func testVersionOnlyAtRoot() {
    assertUsageError(["trip", "--version"], "Unknown option '--version'.")
    assertUsageError(["--version=2"], "--version does not take a value")
  }

  /// Typed helper failures are usage errors reported against the running command.
  func testTypedHelperUsageErrors() throws {
    let outcome = run(["fail", "--mode", "int", "--day", "x"])
    XCTAssertEqual(outcome.code, 64)
    XCTAssertEqual(
      outcome.err,
      "Error: --day expects a whole number, got 'x'\nUsage: sportstime fail [--day <N>] [--mode <MODE>]\n"
        + "  See 'sportstime fail --help'.\n")
    let args = ParsedArguments(
      commandPath: ["sportstime", "geo"], values: ["lat": ["north"], "lon": ["nan"]])
    XCTAssertThrowsError(try args.doubleValue("lat")) { error in
      XCTAssertEqual(
        error as? UsageError,
        UsageError("--lat expects a number, got 'north'", commandPath: ["sportstime", "geo"]))
    }
    XCTAssertThrowsError(try args.doubleValue("lon"))
    XCTAssertThrowsError(try args.requiredValue("title")) { error in
      XCTAssertEqual((error as? UsageError)?.message, "Missing --title")
    }
    XCTAssertThrowsError(try args.requiredPositional("NAME")) { error in
      XCTAssertEqual((error as? UsageError)?.message, "Missing argument <NAME>")
    }
    XCTAssertThrowsError(try args.intValue("lat")) { error in
      XCTAssertEqual((error as? UsageError)?.message, "--lat expects a whole number, got 'north'")
    }
  }

  /// A UsageError thrown by an action maps to 64 with that command's usage.
  func testActionUsageError() {
    let outcome = run(["fail", "--mode", "usage"])
    XCTAssertEqual(outcome.code, 64)
    XCTAssertEqual(
      outcome.err,
      "Error: custom problem\nUsage: sportstime fail [--day <N>] [--mode <MODE>]\n  See 'sportstime fail --help'.\n"
    )
  }

  /// Any other error maps to exit 1 and `Error: <description>`.
  func testOtherErrorExitsOne() {
    let outcome = run(["fail"])
    XCTAssertEqual(outcome.code, 1)
    XCTAssertEqual(outcome.err, "Error: boom happened\n")
    XCTAssertEqual(outcome.out, "")
  }

  /// User-typed text is sanitized before being echoed in error messages.
  func testErrorMessagesSanitized() {
    assertUsageError(["import", "a", "\u{1B}[31mred"], "Unexpected argument '[31mred'")
    assertUsageError(["--\u{1B}]0;x\u{07}"], "Unknown option '--]0;x'.")
  }

  /// A report for an unknown command path falls back to the deepest match.
  func testReportFallback() {
    let parser = CommandLineParser(root: makeTree(Recorder()))
    let report = parser.report(for: UsageError("bad", commandPath: ["sportstime", "trip", "nope"]))
    XCTAssertEqual(
      report, "Error: bad\nUsage: sportstime trip <subcommand>\n  See 'sportstime trip --help'.")
  }

  /// The parser API throws typed errors directly.
  func testParserThrowsTypedErrors() {
    let parser = CommandLineParser(root: makeTree(Recorder()), version: "9")
    XCTAssertThrowsError(try parser.parse(["trip", "new", "N"], console: .standard)) { error in
      XCTAssertEqual(
        error as? UsageError,
        UsageError("Missing --game", commandPath: ["sportstime", "trip", "new"]))
    }
    XCTAssertThrowsError(try parser.parse(["--version"])) { error in
      XCTAssertEqual(error as? CleanExit, .version("9"))
    }
  }
}
