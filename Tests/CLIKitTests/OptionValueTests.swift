import Foundation
import XCTest

@testable import CLIKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Option value kinds (ranges), repeated options, negative values and the
/// checked standard output (issue 8, items 1, 4, 15 and 19).
final class OptionValueTests: XCTestCase, RunsCommandLine {
  /// A tree with one command whose options have kinds.
  static func tree(_ recorder: Recorder, finish: OutputOutcome = .delivered) -> CommandSpec {
    CommandSpec(
      name: "tool", abstract: "Test tool.",
      globalOptions: [.value("db", valueName: "PATH", help: "Database.")],
      subcommands: [
        CommandSpec(
          name: "view", abstract: "Move a view.",
          options: [
            .value("zoom", valueName: "FACTOR", kind: .number(0.001...1000), help: "Zoom."),
            .value(
              "pan", valueName: "DX,DY", kind: .numbers(count: 2, separator: ",", -1000...1000),
              help: "Pan."),
            .value(
              "score", valueName: "AWAY-HOME", kind: .integers(count: 2, separator: "-", 0...999),
              help: "Score."),
            .value("day", short: "d", valueName: "N", kind: .integer(1...366), help: "Day."),
            .value("team", valueName: "TEAM", repeatable: true, help: "Teams."),
            .value("from", valueName: "DATE", help: "From."),
            .flag("json", help: "JSON."),
          ],
          positionals: [PositionalSpec(name: "WHERE", help: "Where.", optional: true)],
          run: { recorder.record($0) }),
        CommandSpec(
          name: "say", abstract: "Print.",
          options: [.value("text", valueName: "TEXT", help: "Text.")],
          run: { args in
            args.console.print(args.value("text") ?? "")
            if args.value("text") == "fail" { throw BoomError() }
          }),
      ])
  }

  /// Runs `arguments` against `tree` with captured output.
  func outcome(of arguments: [String]) -> Outcome { run(arguments) }

  func run(_ arguments: [String], finish: OutputOutcome = .delivered) -> Outcome {
    let recorder = Recorder()
    let out = Capture()
    let err = Capture()
    let console = Console(
      writeOut: { out.append($0) }, writeErr: { err.append($0) }, finishOut: { finish })
    let code = runCommandLine(
      root: Self.tree(recorder), arguments: arguments, version: "1", console: console,
      environment: [:], helpWidth: 80)
    return Outcome(code: code, out: out.text, err: err.text, args: recorder.last)
  }

  // MARK: Ranges (item 1)

  func testNumber_outOfRangeNamesTheRange() {
    assertUsage(["view", "--zoom", "1e307"], "--zoom must be between 0.001 and 1000 (got 1e307)")
    assertUsage(["view", "--zoom=0"], "--zoom must be between 0.001 and 1000 (got 0)")
    assertUsage(["view", "--zoom", "-2"], "--zoom must be between 0.001 and 1000 (got -2)")
    // Too large for a Double is out of range too, not "not a number".
    assertUsage(["view", "--zoom", "1e400"], "--zoom must be between 0.001 and 1000 (got 1e400)")
    assertUsage(["view", "--zoom", "big"], "--zoom expects a number, got 'big'")
    assertUsage(["view", "--zoom", "0x10"], "--zoom expects a number, got '0x10'")
    assertUsage(["view", "--zoom", "nan"], "--zoom expects a number, got 'nan'")
    assertUsage(["view", "--zoom", "inf"], "--zoom expects a number, got 'inf'")
    XCTAssertEqual(run(["view", "--zoom", "1000"]).code, 0)
    XCTAssertEqual(run(["view", "--zoom", "0.001"]).code, 0)
  }

  func testInteger_outOfRangeAndOverflow() {
    assertUsage(["view", "--day", "0"], "--day must be between 1 and 366 (got 0)")
    assertUsage(["view", "-d", "367"], "--day must be between 1 and 366 (got 367)")
    assertUsage(
      ["view", "--day", "99999999999999999999"],
      "--day must be between 1 and 366 (got 99999999999999999999)")
    assertUsage(["view", "--day", "1.5"], "--day expects a whole number, got '1.5'")
    assertUsage(["view", "--day", "-3"], "--day must be between 1 and 366 (got -3)")
    XCTAssertEqual(run(["view", "--day", "+7"]).args?.value("day"), "+7")
  }

  func testNumbers_eachPartIsCheckedAndNamed() {
    assertUsage(["view", "--pan=1e307,0"], "--pan DX must be between -1000 and 1000 (got 1e307)")
    assertUsage(
      ["view", "--pan", "0,-2000"], "--pan DY must be between -1000 and 1000 (got -2000)")
    assertUsage(
      ["view", "--pan", "0.5"], "--pan expects DX,DY: 2 numbers joined by ',', got '0.5'")
    assertUsage(
      ["view", "--pan", "a,b"], "--pan expects DX,DY: 2 numbers joined by ',', got 'a,b'")
    assertUsage(
      ["view", "--pan", "1,2,3"], "--pan expects DX,DY: 2 numbers joined by ',', got '1,2,3'")
    XCTAssertEqual(run(["view", "--pan", "-0.5,0.25"]).args?.value("pan"), "-0.5,0.25")
  }

  /// With `-` as the separator a leading `-` is the part's sign, so the
  /// range error names the part.
  func testIntegers_minusSeparatorKeepsSigns() {
    assertUsage(["view", "--score", "-1-5"], "--score AWAY must be between 0 and 999 (got -1)")
    assertUsage(["view", "--score", "3--5"], "--score HOME must be between 0 and 999 (got -5)")
    assertUsage(["view", "--score", "3-1000"], "--score HOME must be between 0 and 999 (got 1000)")
    assertUsage(
      ["view", "--score", "3:5"],
      "--score expects AWAY-HOME: 2 whole numbers joined by '-', got '3:5'")
    assertUsage(
      ["view", "--score", "3-"],
      "--score expects AWAY-HOME: 2 whole numbers joined by '-', got '3-'")
    XCTAssertEqual(run(["view", "--score", "3-5"]).args?.value("score"), "3-5")
  }

  /// A bad value is quoted without control characters and at most 80 characters.
  func testProblem_quotesAtMost80Characters() {
    let long = String(repeating: "9", count: 200)
    let outcome = run(["view", "--day", long])
    let message = outcome.err.split(separator: "\n").first.map(String.init) ?? ""
    XCTAssertTrue(message.hasPrefix("Error: --day must be between 1 and 366 (got 9999"), message)
    XCTAssertTrue(message.hasSuffix("…)"), message)
    XCTAssertLessThan(message.count, 140, message)
    assertUsage(["view", "--zoom", "1\u{1B}[31m"], "--zoom expects a number, got '1[31m'")
  }

  /// Help shows the range of each option that has one.
  func testHelp_showsRanges() {
    let help = run(["view", "--help"]).out
    XCTAssertTrue(help.contains("--zoom <FACTOR>      Zoom. (0.001 to 1000)"), help)
    XCTAssertTrue(help.contains("Pan. (each -1000 to 1000)"), help)
    XCTAssertTrue(help.contains("Day. (1 to 366)"), help)
    XCTAssertTrue(help.contains("Teams. (repeatable)"), help)
  }

  /// A digit as a short name is reported (`-5` would read as a negative
  /// number).
  func testValidation_refusesADigitAsShortName() {
    let bad = CommandSpec(
      name: "x", abstract: "",
      options: [.value("five", short: "5", valueName: "N", help: "")])
    XCTAssertEqual(bad.validationProblems(), ["x: duplicate or reserved short option -5"])
  }

  // MARK: Repeats (item 15)

  func testRepeat_ofASingleValueOptionIsRefused() {
    assertUsage(["view", "--from", "a", "--from", "b"], "--from given twice")
    assertUsage(["view", "--day", "1", "-d", "2"], "--day given twice")
    assertUsage(["view", "-d1", "--day=1"], "--day given twice")
    assertUsage(["--db", "a", "view", "--db", "b"], "--db given twice")
  }

  func testRepeat_ofARepeatableOptionOrAFlagIsKept() throws {
    let args = try XCTUnwrap(
      run(["view", "--team", "CHC", "--team", "DET,MIL", "--json", "--json"]).args)
    XCTAssertEqual(args.values("team"), ["CHC", "DET,MIL"])
    XCTAssertEqual(try args.listValues("team"), ["CHC", "DET", "MIL"])
    // Each entry trimmed of whitespace (`trimmingWhitespace()`), any kind.
    let spaced = try XCTUnwrap(
      run(["view", "--team", " CHC,DET\t", "--team", "\u{3000}MIL , a\u{301}"]).args)
    XCTAssertEqual(try spaced.listValues("team"), ["CHC", "DET", "MIL", "a\u{301}"])
    XCTAssertTrue(args.flag("json"))
    let empty = try XCTUnwrap(run(["view", "--team", "CHC,"]).args)
    XCTAssertThrowsError(try empty.listValues("team")) { error in
      XCTAssertEqual((error as? UsageError)?.message, "--team has an empty entry in 'CHC,'")
    }
  }

  // MARK: Negative numbers (item 19)

  func testNegative_valuesAfterAnOptionAndAsPositionals() throws {
    let args = try XCTUnwrap(run(["view", "--pan", "-0.5,0", "-1.5,2"]).args)
    XCTAssertEqual(args.value("pan"), "-0.5,0")
    XCTAssertEqual(args.positional("WHERE"), "-1.5,2")
    XCTAssertEqual(try args.doubleValues("pan", separator: ","), [-0.5, 0])
    XCTAssertEqual(run(["view", "--pan", "-.5,-.5"]).args?.value("pan"), "-.5,-.5")
    XCTAssertEqual(run(["view", "--from", "-7"]).args?.value("from"), "-7")
    // Not a number but a known option: the value is missing.
    assertUsage(["view", "--from", "-d"], "--from needs a value")
    XCTAssertTrue(CommandLineParser.startsLikeNegativeNumber("-0.5,0"))
    XCTAssertTrue(CommandLineParser.startsLikeNegativeNumber("-.5"))
    XCTAssertTrue(CommandLineParser.startsLikeNegativeNumber("-1-5"))
    XCTAssertFalse(CommandLineParser.startsLikeNegativeNumber("-."))
    XCTAssertFalse(CommandLineParser.startsLikeNegativeNumber("-d"))
    XCTAssertFalse(CommandLineParser.startsLikeNegativeNumber("--5"))
    XCTAssertFalse(CommandLineParser.startsLikeNegativeNumber("-"))
  }

  // MARK: Values that start with a dash (review of issue 8)

  /// `--title "- bring sunscreen"` and `--notes "-- great game"` said
  /// "needs a value": every token starting with `-` was taken for an
  /// option. The token after an option that takes a value is its value
  /// unless it really is an option here: a known long name (with or
  /// without `=…`), a known short letter, `-h`/`--help` or `--`.
  func testDashValues_areValuesUnlessTheyAreOptions() throws {
    for value in [
      "- bring sunscreen", "-- great game", "-", "-x", "---", "--nope", "--nope=1", "-- ",
      "-–dash", "--fromage",
    ] {
      let args = try XCTUnwrap(run(["view", "--from", value, "--json"]).args, value)
      XCTAssertEqual(args.value("from"), value)
      XCTAssertTrue(args.flag("json"), value)
      XCTAssertEqual(run(["say", "--text", value]).out, value + "\n", value)
    }
    for option in ["--json", "--json=1", "--team", "--team=CHC", "--db", "-d", "-d5", "--"] {
      assertUsage(["view", "--from", option], "--from needs a value")
    }
    // A global option's value, and help, follow the same rule.
    XCTAssertEqual(run(["--db", "-- x.sqlite", "view"]).args?.value("db"), "-- x.sqlite")
    for help in ["-h", "--help"] {
      let outcome = run(["view", "--from", help])
      XCTAssertEqual(outcome.code, 0, help)
      XCTAssertTrue(outcome.out.hasPrefix("Move a view."), outcome.out)
    }
    // After `--`, everything is a positional.
    XCTAssertEqual(run(["view", "--", "--json"]).args?.positional("WHERE"), "--json")
  }

  // MARK: Checked output (item 4)

  func testOutput_failedWriteIsAnError() {
    let outcome = run(["say", "--text", "hello"], finish: .failed("No space left on device"))
    XCTAssertEqual(outcome.code, 1)
    XCTAssertEqual(outcome.err, "Error: cannot write the output: No space left on device\n")
  }

  func testOutput_readerGoneIsQuiet() {
    let gone = run(["say", "--text", "hello"], finish: .readerGone)
    XCTAssertEqual(gone.code, ExitCode.brokenPipe)
    XCTAssertEqual(gone.err, "")
    // A failing command keeps its own status and message.
    let failing = run(["say", "--text", "fail"], finish: .readerGone)
    XCTAssertEqual(failing.code, 1)
    XCTAssertEqual(failing.err, "Error: boom happened\n")
    let usage = run(["say", "--bogus"], finish: .failed("Input/output error"))
    XCTAssertEqual(usage.code, 64)
    XCTAssertTrue(usage.err.hasSuffix("Error: cannot write the output: Input/output error\n"))
  }

  /// `StandardOutput` on real descriptors: a pipe whose reader closed, and
  /// `/dev/full`.
  func testStandardOutput_reportsEPIPEAndENOSPC() throws {
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    close(ends[0])
    defer { close(ends[1]) }
    let piped = StandardOutput(fileDescriptor: ends[1])
    piped.write("lost\n")
    XCTAssertEqual(piped.finish(), .readerGone)
    piped.write("still lost\n")
    XCTAssertEqual(piped.finish(), .readerGone, "the first failure is kept")

    let full = open("/dev/full", O_WRONLY)
    XCTAssertGreaterThanOrEqual(full, 0)
    defer { close(full) }
    let disk = StandardOutput(fileDescriptor: full)
    disk.write(String(repeating: "x", count: 100))
    XCTAssertEqual(disk.finish(), .failed(String(cString: strerror(ENOSPC))))

    let null = open("/dev/null", O_WRONLY)
    defer { close(null) }
    let fine = StandardOutput(fileDescriptor: null)
    fine.write(String(repeating: "y", count: 200_000))
    XCTAssertEqual(fine.finish(), .delivered)
  }

  /// Bytes written beside text keep their order: small ones are buffered
  /// with the text, large ones are written at once after what is buffered.
  func testStandardOutput_bytesKeepTheirOrderWithText() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stdout-\(getpid())-\(UUID().uuidString)").path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { unlink(path) }
    let output = StandardOutput(fileDescriptor: fd)
    let large = [UInt8](repeating: UInt8(ascii: "L"), count: 100_000)
    output.write("first\n")
    output.write(bytes: Array("small\n".utf8))
    output.write(bytes: large)
    output.write("after\n")
    output.write(bytes: Array("é\n".utf8))
    XCTAssertEqual(output.finish(), .delivered)
    close(fd)
    let written = try XCTUnwrap(FileManager.default.contents(atPath: path))
    XCTAssertEqual(
      [UInt8](written), Array("first\nsmall\n".utf8) + large + Array("after\né\n".utf8))
  }

  /// A console without its own byte writer passes bytes on as text.
  func testConsole_bytesDefaultToTheTextWriter() {
    let out = Capture()
    let console = Console(writeOut: { out.append($0) }, writeErr: { _ in })
    console.writeOutBytes(Array("{\"a\": \"é\"}\n".utf8))
    XCTAssertEqual(out.text, "{\"a\": \"é\"}\n")
  }
}
