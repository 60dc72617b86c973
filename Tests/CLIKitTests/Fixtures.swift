import Foundation
import SportsTimeTestSupport
import XCTest

@testable import CLIKit

/// Thread-safe text sink used to capture a `Console`.
typealias Capture = Locked<String>

extension Locked where Value == String {
  /// An empty sink.
  convenience init() { self.init("") }
  /// Everything written so far.
  var text: String { current }
}

/// Records the arguments that reached a command action.
typealias Recorder = Locked<ParsedArguments?>

extension Locked where Value == ParsedArguments? {
  /// A recorder that has seen no run.
  convenience init() { self.init(nil) }
  /// Stores `arguments`.
  func record(_ arguments: ParsedArguments) { update { $0 = arguments } }
  /// The arguments of the most recent run, if any.
  var last: ParsedArguments? { current }
}

/// An error that is not a usage error.
struct BoomError: Error, CustomStringConvertible {
  /// Always "boom happened".
  var description: String { "boom happened" }
}

/// The outcome of running a command line in a test.
struct Outcome {
  /// Exit code.
  var code: Int32
  /// Captured standard output.
  var out: String
  /// Captured standard error.
  var err: String
  /// Arguments that reached the action, if it ran.
  var args: ParsedArguments?
}

/// Builds the test command tree; actions record their arguments in `recorder`.
func makeTree(_ recorder: Recorder) -> CommandSpec {
  let record: CommandSpec.Action = { recorder.record($0) }
  let new = CommandSpec(
    name: "new", abstract: "Create a trip.",
    discussion: "Games are given by id.\n\nExample:\n  sportstime trip new Summer --game 12",
    options: [
      .value(
        "game", short: "g", valueName: "G", repeatable: true, required: true,
        help: "A game to attend."),
      .value("start", valueName: "DATE", help: "First day."),
      .value("end", valueName: "DATE", help: "Last day."),
      .value("title", short: "t", valueName: "TITLE", help: "Display title."),
      .flag("json", short: "j", help: "Print JSON."),
      .flag("force", short: "f", help: "Overwrite."),
    ],
    positionals: [PositionalSpec(name: "NAME", help: "Trip name.")],
    run: record)
  let list = CommandSpec(
    name: "list", abstract: "List trips.",
    options: [
      .flag("json", help: "Print JSON."), .value("limit", valueName: "N", help: "Max rows."),
    ],
    run: record)
  let show = CommandSpec(
    name: "show", abstract: "Show a trip.",
    positionals: [
      PositionalSpec(name: "ID", help: "Trip id."),
      PositionalSpec(name: "PART", help: "Section to show.", optional: true),
    ],
    run: record)
  let fail = CommandSpec(
    name: "fail", abstract: "Always fails.",
    options: [
      .value("day", valueName: "N", help: "Day."),
      .value("mode", valueName: "MODE", help: "How to fail."),
    ],
    run: { args in
      if args.value("mode") == "usage" { throw args.usageError("custom problem") }
      if args.value("mode") == "int" { _ = try args.intValue("day") }
      throw BoomError()
    })
  let trip = CommandSpec(
    name: "trip", abstract: "Plan trips.", subcommands: [new, list, show])
  let geo = CommandSpec(
    name: "geo", abstract: "Find nearby venues.",
    options: [
      .value("lat", valueName: "LAT", help: "Latitude."),
      .value("lon", valueName: "LON", help: "Longitude."),
      .value("day", valueName: "N", help: "Day number."),
    ],
    positionals: [PositionalSpec(name: "OFFSET", help: "Offset.", optional: true)],
    run: record)
  let importCommand = CommandSpec(
    name: "import", abstract: "Import a schedule.",
    options: [.flag("dry-run", help: "Do not write.")],
    positionals: [PositionalSpec(name: "FILE", help: "CSV file.")],
    run: record)
  return CommandSpec(
    name: "sportstime", abstract: "Plan trips around live sports.",
    globalOptions: [
      .value("db", valueName: "PATH", help: "Database file."),
      .flag("no-color", help: "Disable colour."),
      .value("now", valueName: "ISO", help: "Pretend the current time is ISO."),
    ],
    subcommands: [trip, importCommand, geo, fail])
}

/// Shared helpers for the test cases.
class CLITestCase: XCTestCase {
  /// Records what the actions received.
  var recorder = Recorder()

  /// Runs `arguments` against the test tree with captured output and width 80.
  func run(_ arguments: [String], width: Int? = 80, environment: [String: String] = [:]) -> Outcome
  {
    recorder = Recorder()
    let out = Capture()
    let err = Capture()
    let console = Console(writeOut: { out.append($0) }, writeErr: { err.append($0) })
    let code = runCommandLine(
      root: makeTree(recorder), arguments: arguments, version: "1.2.3",
      console: console, environment: environment, helpWidth: width)
    return Outcome(code: code, out: out.text, err: err.text, args: recorder.last)
  }

  /// Asserts that `arguments` is a usage error whose message is `message`.
  func assertUsageError(
    _ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let outcome = run(arguments)
    XCTAssertEqual(outcome.code, 64, "exit code", file: file, line: line)
    XCTAssertEqual(outcome.out, "", "stdout", file: file, line: line)
    XCTAssertNil(outcome.args, "action must not run", file: file, line: line)
    let firstLine = outcome.err.split(separator: "\n").first.map(String.init)
    XCTAssertEqual(firstLine, "Error: \(message)", file: file, line: line)
  }
}

/// A test class that runs its own command tree and wants `assertUsage`.
protocol RunsCommandLine {
  /// Runs `arguments` against the class's tree with its defaults.
  func outcome(of arguments: [String]) -> Outcome
}

extension RunsCommandLine {
  /// Asserts exit 64 and the first stderr line `Error: <message>`; the action never ran.
  func assertUsage(
    _ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let outcome = outcome(of: arguments)
    XCTAssertEqual(outcome.code, 64, "\(arguments): \(outcome.err)", file: file, line: line)
    XCTAssertNil(outcome.args, "the action must not run", file: file, line: line)
    XCTAssertEqual(
      outcome.err.split(separator: "\n").first.map(String.init), "Error: \(message)",
      file: file, line: line)
  }
}
