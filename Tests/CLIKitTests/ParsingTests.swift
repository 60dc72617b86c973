import XCTest

@testable import CLIKit

/// Successful parses: option forms, `--`, negative numbers, repetition, globals.
final class ParsingTests: CLITestCase {
  /// Long, `=`, short, attached short and clustered forms all work.
  func testOptionForms() throws {
    let outcome = run([
      "trip", "new", "Summer", "--game", "1", "--start=2025-06-01", "-t", "Hi", "-g2", "-g=3",
      "-jf",
    ])
    XCTAssertEqual(outcome.code, 0, outcome.err)
    let args = try XCTUnwrap(outcome.args)
    XCTAssertEqual(args.commandPath, ["sportstime", "trip", "new"])
    XCTAssertEqual(args.positional("NAME"), "Summer")
    XCTAssertEqual(args.positionals, ["Summer"])
    XCTAssertEqual(args.values("game"), ["1", "2", "3"])
    XCTAssertEqual(args.value("start"), "2025-06-01")
    XCTAssertEqual(args.value("title"), "Hi")
    XCTAssertTrue(args.flag("json"))
    XCTAssertTrue(args.flag("force"))
    XCTAssertNil(args.value("end"))
    XCTAssertEqual(args.values("end"), [])
    XCTAssertEqual(outcome.out, "")
    XCTAssertEqual(outcome.err, "")
  }

  /// `--x=` gives an empty value, and `=` inside a value is kept.
  func testEqualsEdgeCases() throws {
    let args = try XCTUnwrap(run(["trip", "new", "N", "--game=a=b", "--title="]).args)
    XCTAssertEqual(args.value("game"), "a=b")
    XCTAssertEqual(args.value("title"), "")
  }

  /// Options may come before positionals, and options are order independent.
  func testOptionsBeforePositional() throws {
    let args = try XCTUnwrap(run(["trip", "new", "--game", "7", "Summer"]).args)
    XCTAssertEqual(args.positional("NAME"), "Summer")
    XCTAssertEqual(args.values("game"), ["7"])
  }

  /// A repeated non-repeatable option is refused (issue 8, item 15: it used
  /// to keep the last value silently); a repeatable one keeps every value.
  func testRepeatedValues() throws {
    assertUsageError(
      ["trip", "new", "N", "--game", "1", "--title", "A", "--title", "B"], "--title given twice")
    assertUsageError(
      ["trip", "new", "N", "--game", "1", "-t", "A", "--title=A"], "--title given twice")
    let args = try XCTUnwrap(run(["trip", "new", "N", "--game", "1", "-g", "2"]).args)
    XCTAssertEqual(args.values("game"), ["1", "2"])
    // A flag may be repeated and means the same (the README says so).
    let flags = try XCTUnwrap(run(["trip", "new", "N", "--game", "1", "--json", "-j"]).args)
    XCTAssertTrue(flags.flag("json"))
  }

  /// After `--` everything is positional, even `--weird` and `-h`.
  func testDoubleDashEndsOptions() throws {
    let outcome = run(["trip", "new", "--game", "1", "--", "--weird"])
    XCTAssertEqual(outcome.code, 0, outcome.err)
    XCTAssertEqual(outcome.args?.positional("NAME"), "--weird")
    let help = run(["trip", "new", "--game", "1", "--", "-h"])
    XCTAssertEqual(help.code, 0, help.err)
    XCTAssertEqual(help.args?.positional("NAME"), "-h")
    XCTAssertEqual(help.out, "")
  }

  /// Review 2 of issue 8, item 2: a dash-leading word with whitespace is a
  /// positional, since no option name holds a space ("- spaced" and "--
  /// dash" were "Unknown option"); a known option before the space still
  /// takes it as its value.
  func testDashWordWithSpaceIsPositional() throws {
    for name in ["- spaced", "-- dash", "-j is fun", "-x y", "--weird name=1", "-\tx"] {
      let outcome = run(["trip", "new", name, "--game", "1"])
      XCTAssertEqual(outcome.code, 0, "\(name): \(outcome.err)")
      XCTAssertEqual(outcome.args?.positional("NAME"), name)
    }
    for (option, title) in [("--title=a b", "a b"), ("-tHi there", "Hi there"), ("-jt x", " x")] {
      let args = try XCTUnwrap(run(["trip", "new", "N", "--game", "1", option]).args, option)
      XCTAssertEqual(args.value("title"), title)
      XCTAssertEqual(args.positional("NAME"), "N")
    }
    assertUsageError(
      ["trip", "new", "N", "--game", "1", "--zzzz=a b"], "Unknown option '--zzzz'.")
    // Review 3: as an option's value too, even when it starts with -h.
    for title in ["-h is fun", "-j is fun", "--help me", "- spaced"] {
      let args = try XCTUnwrap(
        run(["trip", "new", "N", "--game", "1", "--title", title]).args, title)
      XCTAssertEqual(args.value("title"), title)
    }
  }

  /// An option of the command after `--` is an argument like any word;
  /// when it is one too many, the error says why (`trip list -- --json`).
  /// A word that is no option of the command gets the plain message.
  func testOptionAfterDoubleDash_saysToPutOptionsFirst() {
    assertUsageError(
      ["trip", "list", "--", "--json"],
      "Unexpected argument '--json' (after '--' every word is an argument: put options before '--')"
    )
    assertUsageError(["trip", "list", "--", "--weird"], "Unexpected argument '--weird'")
    assertUsageError(["trip", "list", "extra"], "Unexpected argument 'extra'")
  }

  /// `--` also stops subcommand matching.
  func testDoubleDashStopsSubcommands() {
    assertUsageError(["--", "trip"], "Unexpected argument 'trip'")
  }

  /// Negative numbers are accepted as option values and as positionals.
  func testNegativeNumbers() throws {
    let args = try XCTUnwrap(run(["geo", "--lat", "41.9", "--lon", "-87.65", "-3"]).args)
    XCTAssertEqual(args.value("lon"), "-87.65")
    XCTAssertEqual(try args.doubleValue("lon"), -87.65)
    XCTAssertEqual(try args.doubleValue("lat"), 41.9)
    XCTAssertEqual(args.positional("OFFSET"), "-3")
    XCTAssertEqual(try XCTUnwrap(run(["geo", "--day", "-2"]).args).value("day"), "-2")
    XCTAssertEqual(try XCTUnwrap(run(["geo", "--lon", "-.5"]).args).value("lon"), "-.5")
    // Anything that starts like a negative number is a value (issue 8, item 19:
    // `--pan -0.5,0` used to read as an option).
    XCTAssertEqual(try XCTUnwrap(run(["geo", "--lon", "-0.5,0"]).args).value("lon"), "-0.5,0")
    XCTAssertEqual(try XCTUnwrap(run(["geo", "-0.5,0"]).args).positional("OFFSET"), "-0.5,0")
    XCTAssertTrue(CommandLineParser.isNegativeNumber("-1e3"))
    XCTAssertFalse(CommandLineParser.isNegativeNumber("-x"))
    XCTAssertFalse(CommandLineParser.isNegativeNumber("-inf"))
    XCTAssertFalse(CommandLineParser.isNegativeNumber("-"))
    XCTAssertFalse(CommandLineParser.isNegativeNumber("--5"))
  }

  /// A lone `-` (stdin convention) is accepted as a value.
  func testLoneDashValue() throws {
    XCTAssertEqual(
      try XCTUnwrap(run(["trip", "new", "N", "--game", "1", "--title", "-"]).args).value("title"),
      "-")
  }

  /// Global options are accepted before, between and after subcommand names.
  func testGlobalsAnywhere() throws {
    for line in [
      ["--db", "x.db", "--no-color", "trip", "list"],
      ["trip", "--db", "x.db", "list", "--no-color"],
      ["trip", "list", "--no-color", "--db=x.db"],
    ] {
      let outcome = run(line)
      XCTAssertEqual(outcome.code, 0, "\(line): \(outcome.err)")
      let args = try XCTUnwrap(outcome.args, "\(line)")
      XCTAssertEqual(args.commandPath, ["sportstime", "trip", "list"])
      XCTAssertEqual(args.value("db"), "x.db")
      XCTAssertTrue(args.flag("no-color"))
      XCTAssertFalse(args.flag("json"))
    }
  }

  /// Globals given twice are refused like any single-value option (issue 8,
  /// item 15: they used to keep the last); after `--` they are positionals.
  func testGlobalsRepeatedAndAfterTerminator() throws {
    assertUsageError(["--db", "a", "import", "--db", "b", "x"], "--db given twice")
    let args = try XCTUnwrap(run(["--db", "a", "import", "--", "--db"]).args)
    XCTAssertEqual(args.value("db"), "a")
    XCTAssertEqual(args.positional("FILE"), "--db")
  }

  /// Optional positionals may be omitted; declared-but-missing ones read as nil.
  func testOptionalPositional() throws {
    let one = try XCTUnwrap(run(["trip", "show", "42"]).args)
    XCTAssertEqual(one.positional("ID"), "42")
    XCTAssertNil(one.positional("PART"))
    XCTAssertNil(one.positional("UNDECLARED"))
    let two = try XCTUnwrap(run(["trip", "show", "42", "games"]).args)
    XCTAssertEqual(two.positionals, ["42", "games"])
    XCTAssertEqual(two.positional("PART"), "games")
  }

  /// A word equal to a subcommand name is a positional once a positional was taken
  /// or when the command has no subcommands.
  func testSubcommandNamesAsPositionals() throws {
    XCTAssertEqual(try XCTUnwrap(run(["import", "trip"]).args).positional("FILE"), "trip")
    XCTAssertEqual(
      try XCTUnwrap(run(["trip", "new", "help", "--game", "1"]).args).positional("NAME"), "help")
  }

  /// Values that look like subcommand names are consumed as values.
  func testValueLooksLikeSubcommand() throws {
    let args = try XCTUnwrap(run(["--db", "trip", "trip", "list"]).args)
    XCTAssertEqual(args.value("db"), "trip")
    XCTAssertEqual(args.commandPath, ["sportstime", "trip", "list"])
  }

  /// Typed helpers return parsed numbers or nil when absent.
  func testTypedHelpers() throws {
    let args = ParsedArguments(
      commandPath: ["sportstime", "geo"], flags: ["json"],
      values: ["day": ["3"], "days": ["1", "2"], "lat": ["1e2"], "name": ["x"]],
      positionals: ["a"], positionalNames: ["P"])
    XCTAssertEqual(try args.intValue("day"), 3)
    XCTAssertEqual(try args.intValues("days"), [1, 2])
    XCTAssertNil(try args.intValue("missing"))
    XCTAssertEqual(try args.doubleValue("lat"), 100)
    XCTAssertNil(try args.doubleValue("missing"))
    XCTAssertEqual(try args.requiredValue("name"), "x")
    XCTAssertEqual(try args.requiredPositional("P"), "a")
    XCTAssertTrue(args.flag("json"))
  }
}
