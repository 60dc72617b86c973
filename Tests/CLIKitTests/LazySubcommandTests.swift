import Foundation
import SportsTimeTestSupport
import XCTest

@testable import CLIKit

/// Subcommands built only when the command line reaches them
/// (`LazyCommandSpec`): the parser builds the specs on the selected path
/// and no other; help of a group and the tree check build every child.
final class LazySubcommandTests: XCTestCase {
  /// The space-joined paths of the specs built so far, in order.
  private let built = Locked<[String]>([])

  /// A tree `prog` → `trip` (→ `new`, `show`), `games`, every child lazy,
  /// each builder logging its path in `built`; the leaves' actions do
  /// nothing.
  private func makeLazyTree() -> CommandSpec {
    let built = self.built
    @Sendable func leaf(_ name: String, _ path: String, option: String) -> LazyCommandSpec {
      LazyCommandSpec(name: name) {
        built.append(path)
        return CommandSpec(
          name: name, abstract: "The \(name) command.",
          options: [.value(option, valueName: "X", help: "An option.")], run: { _ in })
      }
    }
    let trip = LazyCommandSpec(name: "trip") {
      built.append("trip")
      return CommandSpec(
        name: "trip", abstract: "Trips.",
        lazySubcommands: [
          leaf("new", "trip new", option: "game"), leaf("show", "trip show", option: "day"),
        ])
    }
    return CommandSpec(
      name: "prog", abstract: "A program.",
      globalOptions: [.flag("quiet", help: "Say less.")],
      lazySubcommands: [trip, leaf("games", "games", option: "team")])
  }

  /// Runs `arguments` against the lazy tree; returns the exit code and output.
  private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    let out = Capture()
    let err = Capture()
    let console = Console(writeOut: { out.append($0) }, writeErr: { err.append($0) })
    let code = runCommandLine(
      root: makeLazyTree(), arguments: arguments, version: "1.0", console: console,
      environment: [:], helpWidth: 80)
    return (code, out.text, err.text)
  }

  func testMakingTheTree_buildsNoChild() {
    let tree = makeLazyTree()
    XCTAssertEqual(tree.lazySubcommands.map(\.name), ["trip", "games"])
    XCTAssertTrue(tree.hasSubcommands)
    XCTAssertEqual(built.current, [])
  }

  func testVersion_buildsNoChild() {
    let outcome = run(["--version"])
    XCTAssertEqual(outcome.code, 0)
    XCTAssertEqual(outcome.out, "1.0\n")
    XCTAssertEqual(built.current, [])
  }

  func testParse_buildsOnlyTheSelectedPath() {
    let outcome = run(["trip", "show", "--day", "3", "--quiet"])
    XCTAssertEqual(outcome.code, 0, outcome.err)
    XCTAssertEqual(Set(built.current), ["trip", "trip show"])
  }

  func testUsageError_buildsOnlyThePathItNames() {
    let outcome = run(["trip", "new", "--gme", "1"])
    XCTAssertEqual(outcome.code, 64)
    XCTAssertTrue(
      outcome.err.hasPrefix("Error: Unknown option '--gme'. Did you mean '--game'?\n"),
      outcome.err)
    XCTAssertTrue(outcome.err.contains("Usage: prog trip new [--game <X>]"), outcome.err)
    XCTAssertEqual(Set(built.current), ["trip", "trip new"])
  }

  func testUnknownCommand_suggestsFromTheNamesWithoutBuilding() {
    let outcome = run(["gmes"])
    XCTAssertEqual(outcome.code, 64)
    XCTAssertTrue(
      outcome.err.hasPrefix("Error: Unknown command 'gmes'. Did you mean 'games'?\n"),
      outcome.err)
    XCTAssertEqual(built.current, [])
  }

  func testGroupHelp_listsEveryChild() {
    let outcome = run(["trip", "--help"])
    XCTAssertEqual(outcome.code, 0)
    XCTAssertTrue(outcome.out.contains("SUBCOMMANDS:"), outcome.out)
    XCTAssertTrue(outcome.out.contains("new  "), outcome.out)
    XCTAssertTrue(outcome.out.contains("The new command."), outcome.out)
    XCTAssertTrue(outcome.out.contains("The show command."), outcome.out)
    XCTAssertEqual(Set(built.current), ["trip", "trip new", "trip show"])
  }

  func testLazyAndBuiltChildren_helpAndParseAlike() {
    // The same tree with every child built up front gives the same help
    // and the same parse.
    let lazy = makeLazyTree()
    func eager(_ spec: CommandSpec) -> CommandSpec {
      var spec = spec
      spec.subcommands = spec.subcommands.map(eager)
      return spec
    }
    let built = eager(lazy)
    for path in [["prog"], ["prog", "trip"], ["prog", "trip", "new"], ["prog", "games"]] {
      let formatter = HelpFormatter(root: lazy, showsVersion: true, width: 80)
      let a = lazy.resolve(path: path)
      let b = built.resolve(path: path)
      XCTAssertEqual(a.path, path)
      XCTAssertEqual(
        formatter.helpText(for: a.command, path: a.path),
        formatter.helpText(for: b.command, path: b.path))
      XCTAssertEqual(
        UsageFormatter.usageLine(for: a.command, path: path),
        UsageFormatter.usageLine(for: b.command, path: path))
    }
    let parsed = try? CommandLineParser(root: built).parse(["games", "--team", "CHC"])
    XCTAssertEqual(parsed?.arguments.value("team"), "CHC")
    XCTAssertEqual(parsed?.arguments.commandPath, ["prog", "games"])
  }

  func testMap_transformsTheChildWhenBuilt() {
    let child = LazyCommandSpec(name: "games") {
      CommandSpec(name: "games", abstract: "Games.")
    }
    let mapped = child.map { spec in
      var spec = spec
      spec.abstract += " (mapped)"
      return spec
    }
    XCTAssertEqual(mapped.name, "games")
    XCTAssertEqual(mapped.build().abstract, "Games. (mapped)")
    XCTAssertEqual(child.build().abstract, "Games.")
  }

  func testValidation_reportsAChildListedUnderAnotherName() {
    let tree = CommandSpec(
      name: "prog", abstract: "A program.",
      lazySubcommands: [
        LazyCommandSpec(name: "show") {
          CommandSpec(name: "shwo", abstract: "Typo.", run: { _ in })
        }
      ])
    XCTAssertEqual(
      tree.validationProblems(), ["prog: subcommand 'show' builds a command named 'shwo'"])
    XCTAssertEqual(makeLazyTree().validationProblems(), [])
  }
}
