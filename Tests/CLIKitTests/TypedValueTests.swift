import Foundation
import XCTest

@testable import CLIKit

/// Typed option values (`.parsed(ValueParser)`: parsed once while parsing)
/// and the `validate` step between parsing and running.
final class TypedValueTests: XCTestCase, RunsCommandLine {
  /// A small output format, as an executable would declare one.
  enum Shape: String, CaseIterable, Sendable {
    case md
    case ics
    case json
  }

  /// A league, written in capitals.
  enum League: String, CaseIterable, Sendable {
    case mlb = "MLB"
    case nba = "NBA"
  }

  /// A day of a month, as a stand-in for an executable's own date type.
  struct Day: Equatable, Sendable {
    /// 1...31.
    var number: Int
  }

  /// Counts how often the day parser ran (parsed once, not per read).
  final class Counter: @unchecked Sendable {
    /// Guards `count`.
    private let lock = NSLock()
    /// Calls so far.
    private var stored = 0
    /// Adds one.
    func bump() {
      lock.lock()
      stored += 1
      lock.unlock()
    }
    /// Calls so far.
    var count: Int {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
  }

  /// A parser of `Day`s that counts its calls.
  static func dayParser(_ counter: Counter) -> ValueParser {
    ValueParser(name: "day") { text in
      counter.bump()
      guard let number = Int(text), (1...31).contains(number) else {
        throw InvalidOptionValue(expected: "a day of the month (1-31)")
      }
      return Day(number: number)
    }
  }

  /// An error that is not an `InvalidOptionValue`.
  struct Odd: Error, CustomStringConvertible {
    /// The message.
    var description: String { "odd values only\u{1B}[31m" }
  }

  /// A tree with typed options and a validation; the action records.
  static func tree(_ recorder: Recorder, counter: Counter) -> CommandSpec {
    CommandSpec(
      name: "tool", abstract: "Test tool.",
      subcommands: [
        CommandSpec(
          name: "export", abstract: "Export.",
          options: [
            .value(
              "format", valueName: "FORMAT", kind: .parsed(.choice(of: Shape.self)),
              help: "md, ics or json."),
            .value(
              "league", valueName: "L", repeatable: true,
              kind: .parsed(.choices(of: League.self, separator: ",")), help: "Leagues."),
            .value("word", valueName: "W", kind: .parsed(.choice(["yes", "no"])), help: "Word."),
            .value("from", valueName: "DAY", kind: .parsed(dayParser(counter)), help: "From."),
            .value("to", valueName: "DAY", kind: .parsed(dayParser(counter)), help: "To."),
            .value(
              "even", valueName: "N",
              kind: .parsed(
                ValueParser(name: "even") { text -> Int in
                  guard let n = Int(text), n % 2 == 0 else { throw Odd() }
                  return n
                }), help: "Even."),
            .value("out", valueName: "FILE", help: "Out."),
            .flag("json", help: "JSON."),
          ],
          validate: { args in
            if args.flag("json"), args.value("out") == "-" {
              throw args.usageError("--json and --out - both write to standard output")
            }
            if let from = args.value("from", as: Day.self), let to = args.value("to", as: Day.self),
              from.number > to.number
            {
              throw args.usageError("--from \(from.number) is after --to \(to.number)")
            }
          },
          run: { recorder.record($0) }),
        CommandSpec(
          name: "check", abstract: "Check.", positionals: [PositionalSpec(name: "X", help: "X.")],
          validate: { throw $0.usageError("validated: \($0.positional("X") ?? "")") },
          run: { recorder.record($0) }),
      ])
  }

  /// Runs `arguments` against the tree with captured output.
  func outcome(of arguments: [String]) -> Outcome { run(arguments) }

  func run(_ arguments: [String], counter: Counter = Counter()) -> Outcome {
    let recorder = Recorder()
    let out = Capture()
    let err = Capture()
    let console = Console(writeOut: { out.append($0) }, writeErr: { err.append($0) })
    let code = runCommandLine(
      root: Self.tree(recorder, counter: counter), arguments: arguments, version: "1",
      console: console, environment: [:], helpWidth: 80)
    return Outcome(code: code, out: out.text, err: err.text, args: recorder.last)
  }

  // MARK: Choices

  func testChoice_ofAnEnumIsReadWithoutCaseAndSpaces() throws {
    let args = try XCTUnwrap(run(["export", "--format", " ICS"]).args)
    XCTAssertEqual(args.value("format", as: Shape.self), .ics)
    XCTAssertEqual(args.value("format"), " ICS", "the text stays as typed")
  }

  func testChoice_refusedListsTheWordsAndQuotesTheValue() {
    assertUsage(["export", "--format", "pdf"], "--format expects md, ics or json, got 'pdf'")
    assertUsage(["export", "--word=maybe"], "--word expects yes or no, got 'maybe'")
    assertUsage(
      ["export", "--format", "p\u{1B}[2Jdf"], "--format expects md, ics or json, got 'p[2Jdf'")
    let long = String(repeating: "x", count: 100)
    assertUsage(
      ["export", "--format", long],
      "--format expects md, ics or json, got '\(String(repeating: "x", count: 79))…'")
  }

  func testChoice_ofWordsGivesTheWordAsDeclared() throws {
    let args = try XCTUnwrap(run(["export", "--word", "YES"]).args)
    XCTAssertEqual(args.value("word", as: String.self), "yes")
  }

  func testChoices_splitAtTheSeparatorInTheOrderWritten() throws {
    let args = try XCTUnwrap(run(["export", "--league", "nba,MLB", "--league", "nba"]).args)
    XCTAssertEqual(args.values("league", as: [League].self), [[.nba, .mlb], [.nba]])
    XCTAssertEqual(args.value("league", as: [League].self), [.nba])
  }

  func testChoices_aBadOrEmptyPartIsQuotedAlone() {
    assertUsage(["export", "--league", "MLB,XFL"], "--league expects MLB or NBA, got 'XFL'")
    assertUsage(["export", "--league", "MLB,"], "--league expects MLB or NBA, got ''")
  }

  func testAlternatives_joinWithCommasAndOr() {
    XCTAssertEqual(ValueParser.alternatives(["a"]), "a")
    XCTAssertEqual(ValueParser.alternatives(["a", "b"]), "a or b")
    XCTAssertEqual(ValueParser.alternatives(["a", "b", "c"]), "a, b or c")
  }

  // MARK: Custom parsers

  func testParser_runsOncePerOccurrenceWhileParsing() throws {
    let counter = Counter()
    let outcome = run(["export", "--from", "3", "--to", "9"], counter: counter)
    let args = try XCTUnwrap(outcome.args)
    XCTAssertEqual(counter.count, 2)
    XCTAssertEqual(args.value("from", as: Day.self), Day(number: 3))
    XCTAssertEqual(args.value("to", as: Day.self), Day(number: 9))
    XCTAssertEqual(counter.count, 2, "reading a value does not parse it again")
    XCTAssertNil(args.value("even", as: Int.self), "absent")
    XCTAssertEqual(args.values("even", as: Int.self), [])
  }

  func testParser_invalidValueNamesTheOption() {
    assertUsage(["export", "--from", "32"], "--from expects a day of the month (1-31), got '32'")
    assertUsage(["export", "--to=x"], "--to expects a day of the month (1-31), got 'x'")
  }

  func testParser_reasonEndsTheMessage() {
    let parser = ValueParser(name: "odd") { _ -> Int in
      throw InvalidOptionValue(expected: "an odd number", reason: "it is\u{7}even")
    }
    XCTAssertEqual(
      parser.message(
        for: InvalidOptionValue(expected: "an odd number", reason: "it is\u{7}even"), text: "4",
        long: "n"), "--n expects an odd number, got '4': it iseven")
    XCTAssertEqual(
      OptionSpec.ValueKind.parsed(parser).problem(with: "4", long: "n", valueName: "N"),
      "--n expects an odd number, got '4': it iseven")
  }

  func testParser_otherErrorsGiveTheirDescriptionWithoutControls() {
    assertUsage(["export", "--even", "3"], "--even: odd values only[31m")
    XCTAssertEqual(
      OptionSpec.ValueKind.parsed(ValueParser.choice(["a"])).problem(
        with: "b", long: "x", valueName: nil), "--x expects a, got 'b'")
  }

  func testParser_helpShowsNoRangeAndIgnoresBadValues() {
    let outcome = run(["export", "--from", "99", "--help"])
    XCTAssertEqual(outcome.code, 0, outcome.err)
    XCTAssertTrue(outcome.out.contains("--format <FORMAT>  md, ics or json.\n"), outcome.out)
  }

  func testParser_equalByName() {
    XCTAssertEqual(ValueParser.choice(of: Shape.self), ValueParser.choice(["md", "ics", "json"]))
    XCTAssertNotEqual(ValueParser.choice(of: Shape.self), ValueParser.choice(["md"]))
  }

  // MARK: Validation

  func testValidate_runsBeforeTheActionWithTypedValues() {
    assertUsage(["export", "--from", "9", "--to", "3"], "--from 9 is after --to 3")
    assertUsage(
      ["export", "--json", "--out", "-"], "--json and --out - both write to standard output")
    XCTAssertEqual(run(["export", "--json", "--out", "x"]).code, 0)
  }

  func testValidate_reportsWithTheCommandsUsage() {
    let outcome = run(["check", "a"])
    XCTAssertEqual(outcome.code, 64)
    XCTAssertNil(outcome.args)
    XCTAssertEqual(
      outcome.err,
      """
      Error: validated: a
      Usage: tool check <X>
        See 'tool check --help'.

      """)
  }

  func testValidate_notRunForHelpOrMissingInput() {
    XCTAssertEqual(run(["check", "a", "--help"]).code, 0)
    assertUsage(["check"], "Missing argument <X>")
  }

  func testValidate_parseRunsIt() {
    let parser = CommandLineParser(root: Self.tree(Recorder(), counter: Counter()))
    XCTAssertThrowsError(try parser.parse(["check", "b"])) { error in
      XCTAssertEqual(
        error as? UsageError, UsageError("validated: b", commandPath: ["tool", "check"]))
    }
  }
}
