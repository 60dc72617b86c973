import XCTest

@testable import CLIKit

/// Help, version, the `help` word, groups, usage lines and wrapping.
final class HelpTests: CLITestCase {
  /// The expected `sportstime trip new --help` page at width 80.
  let tripNewHelp = """
    Create a trip.

    USAGE:
      sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>]
        [--end <DATE>] [--title <TITLE>] [--json] [--force]

    ARGUMENTS:
      <NAME>               Trip name.

    OPTIONS:
      -g, --game <G>       A game to attend. (required) (repeatable)
      --start <DATE>       First day.
      --end <DATE>         Last day.
      -t, --title <TITLE>  Display title.
      -j, --json           Print JSON.
      -f, --force          Overwrite.
      -h, --help           Show help information.

    GLOBAL OPTIONS:
      --db <PATH>          Database file.
      --no-color           Disable colour.
      --now <ISO>          Pretend the current time is ISO.

    Games are given by id.

    Example:
      sportstime trip new Summer --game 12

    """

  /// `--help` prints the full page to stdout and exits 0.
  func testLeafHelpExact() {
    let outcome = run(["trip", "new", "--help"])
    XCTAssertEqual(outcome.code, 0)
    XCTAssertEqual(outcome.err, "")
    XCTAssertNil(outcome.args)
    XCTAssertEqual(outcome.out, tripNewHelp)
  }

  /// `--help`/`-h` anywhere (before `--`) wins, even over other mistakes.
  func testHelpAnywhere() {
    for line in [
      ["trip", "new", "-h"], ["--help", "trip", "new"], ["trip", "new", "--bogus", "-h"],
      ["trip", "new", "A", "B", "C", "--help"], ["trip", "new", "--title", "-h"],
      ["--db", "x", "trip", "new", "--game", "--help"], ["trip", "new", "-jh"],
    ] {
      let outcome = run(line)
      XCTAssertEqual(outcome.code, 0, "\(line)")
      XCTAssertEqual(outcome.err, "", "\(line)")
      XCTAssertEqual(outcome.out, tripNewHelp, "\(line)")
    }
  }

  /// Help is shown for the deepest command named before a mistake.
  func testHelpStopsAtUnknownWord() {
    let outcome = run(["trip", "nope", "new", "--help"])
    XCTAssertEqual(outcome.code, 0)
    XCTAssertTrue(
      outcome.out.hasPrefix("Plan trips.\n\nUSAGE:\n  sportstime trip <subcommand>\n"), outcome.out)
  }

  /// The root page lists options, --version, globals and subcommands.
  func testRootHelp() {
    let outcome = run(["--help"])
    XCTAssertEqual(outcome.code, 0)
    XCTAssertEqual(
      outcome.out,
      """
      Plan trips around live sports.

      USAGE:
        sportstime <subcommand>

      OPTIONS:
        -h, --help   Show help information.
        --version    Show the version.

      GLOBAL OPTIONS:
        --db <PATH>  Database file.
        --no-color   Disable colour.
        --now <ISO>  Pretend the current time is ISO.

      SUBCOMMANDS:
        trip         Plan trips.
        import       Import a schedule.
        geo          Find nearby venues.
        fail         Always fails.

      """)
  }

  /// Arguments show optional positionals in brackets; no SUBCOMMANDS for leaves.
  func testArgumentsSection() {
    let out = run(["trip", "show", "--help"]).out
    XCTAssertTrue(out.contains("USAGE:\n  sportstime trip show <ID> [<PART>]\n"), out)
    XCTAssertTrue(
      out.contains("ARGUMENTS:\n  <ID>         Trip id.\n  [<PART>]     Section to show.\n"), out)
    XCTAssertFalse(out.contains("SUBCOMMANDS:"))
    XCTAssertFalse(out.contains("--version"))
  }

  /// A group without a subcommand prints its help to stdout and exits 0.
  func testGroupWithoutSubcommand() {
    let trip = run(["trip"])
    XCTAssertEqual(trip.code, 0)
    XCTAssertEqual(trip.err, "")
    XCTAssertTrue(trip.out.contains("SUBCOMMANDS:\n  new"), trip.out)
    XCTAssertTrue(trip.out.contains("  list         List trips.\n"), trip.out)
    XCTAssertEqual(trip.out, run(["trip", "--help"]).out)
    XCTAssertEqual(run(["--db", "x", "trip"]).out, trip.out)
    let root = run([])
    XCTAssertEqual(root.code, 0)
    XCTAssertEqual(root.out, run(["--help"]).out)
  }

  /// The `help` word shows the named command's help; mistakes in it are usage errors.
  func testHelpWord() {
    XCTAssertEqual(run(["help", "trip", "new"]).out, tripNewHelp)
    XCTAssertEqual(run(["trip", "help", "new"]).out, tripNewHelp)
    XCTAssertEqual(run(["help", "--db", "x", "trip", "new"]).out, tripNewHelp)
    XCTAssertEqual(run(["help"]).out, run(["--help"]).out)
    XCTAssertEqual(run(["help", "trip"]).code, 0)
    assertUsageError(["help", "trp"], "Unknown command 'trp'. Did you mean 'trip'?")
    assertUsageError(["help", "trip", "new", "extra"], "Unexpected argument 'extra'")
  }

  /// `--version` prints the version at the root only.
  func testVersion() {
    let outcome = run(["--version"])
    XCTAssertEqual(outcome.code, 0)
    XCTAssertEqual(outcome.out, "1.2.3\n")
    XCTAssertEqual(outcome.err, "")
    XCTAssertEqual(run(["--db", "x", "--version"]).out, "1.2.3\n")
  }

  /// Usage lines follow the documented shapes.
  func testUsageLines() {
    let root = makeTree(Recorder())
    let tree = root.resolve(path: ["sportstime", "trip", "new"])
    XCTAssertEqual(tree.path, ["sportstime", "trip", "new"])
    XCTAssertEqual(
      UsageFormatter.usageLine(for: tree.command, path: tree.path),
      "sportstime trip new <NAME> --game <G> [--game <G> ...] [--start <DATE>] [--end <DATE>] "
        + "[--title <TITLE>] [--json] [--force]")
    XCTAssertEqual(
      UsageFormatter.element(for: .value("tag", valueName: "T", repeatable: true, help: "")),
      "[--tag <T> ...]")
    XCTAssertEqual(
      UsageFormatter.element(for: .value("id", valueName: "ID", required: true, help: "")),
      "--id <ID>")
    XCTAssertEqual(UsageFormatter.element(for: .flag("json", help: "")), "[--json]")
    let both = CommandSpec(
      name: "x", abstract: "", options: [.flag("v", help: "")],
      subcommands: [CommandSpec(name: "y", abstract: "")], run: { _ in })
    XCTAssertEqual(UsageFormatter.usageLine(for: both, path: ["x"]), "x [--v] [<subcommand>]")
  }

  /// Help wraps to COLUMNS when sane, else 80 (stdout is not a TTY under test).
  func testWrappingFollowsColumns() {
    let narrow = run(["trip", "new", "--help"], width: nil, environment: ["COLUMNS": "50"]).out
    XCTAssertTrue(
      narrow.contains(
        "  --now <ISO>          Pretend the current time is\n                       ISO.\n"), narrow
    )
    XCTAssertTrue(narrow.split(separator: "\n").allSatisfy { $0.count <= 50 }, narrow)
    XCTAssertTrue(
      narrow.contains(
        "  -g, --game <G>       A game to attend.\n                       (required) (repeatable)\n"
      ))
    for columns in ["10", "abc", "", "5000"] {
      let out = run(["trip", "new", "--help"], width: nil, environment: ["COLUMNS": columns]).out
      XCTAssertEqual(out, tripNewHelp, "COLUMNS=\(columns)")
    }
  }

  /// Long labels move the description to the next line; long words are not broken.
  func testLongLabelsAndWords() {
    let command = CommandSpec(
      name: "tool", abstract: "A tool.",
      options: [.value("a-very-long-option-name", valueName: "SOMETHING", help: "Described here.")])
    let text = HelpFormatter(root: command, showsVersion: false, width: 80).helpText(
      for: command, path: ["tool"])
    XCTAssertTrue(
      text.contains(
        "  --a-very-long-option-name <SOMETHING>\n                              Described here.\n"),
      text)
    XCTAssertTrue(text.contains("  -h, --help                  Show help information."), text)
  }
}
