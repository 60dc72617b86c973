import CLIKit
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import sportstime

/// The real command tree of `sportstime`, checked as a declaration.
final class CommandTreeTests: XCTestCase {
  /// The real tree: no short option is a digit (it would read as a negative
  /// number), and every numeric option of every command has a range.
  func testRealTree_numericOptionsHaveRanges() {
    XCTAssertEqual(RootCommand.spec.validationProblems(), [])
    var kinds: [String: OptionSpec.ValueKind] = [:]
    func visit(_ command: CommandSpec, _ path: String) {
      for option in command.options { kinds["\(path) --\(option.long)"] = option.kind }
      for sub in command.subcommands { visit(sub, "\(path) \(sub.name)") }
    }
    visit(RootCommand.spec, "sportstime")
    XCTAssertEqual(kinds["sportstime map --zoom"], .number(0.001...1000))
    XCTAssertEqual(kinds["sportstime map --pan"], .numbers(count: 2, separator: ",", -1000...1000))
    XCTAssertEqual(kinds["sportstime item add --day"], .integer(1...366))
    XCTAssertEqual(kinds["sportstime item move --day"], .integer(1...366))
    XCTAssertEqual(kinds["sportstime item add --lat"], .number(-90...90))
    XCTAssertEqual(kinds["sportstime item edit --lon"], .number(-180...180))
    XCTAssertEqual(
      kinds["sportstime visit add --score"], .integers(count: 2, separator: "-", 0...999))
    XCTAssertEqual(
      kinds["sportstime visit edit --score"], .integers(count: 2, separator: "-", 0...999))
    XCTAssertEqual(kinds["sportstime history --year"], .parsed(HistoryCommand.year))
  }

  /// The tree is built lazily: the root and each group list their children
  /// by name only (so `--version` and a command line build no option list
  /// but those of the command chosen), and each name is the built
  /// command's (checked by `validationProblems()` above).
  func testRealTree_childrenAreListedByName() {
    XCTAssertEqual(
      RootCommand.spec.lazySubcommands.map(\.name),
      [
        "schedule", "games", "trip", "item", "import", "visit", "progress", "history", "map",
        "undo", "redo", "plan", "tips", "serve",
      ])
    XCTAssertEqual(
      TripCommands.spec.lazySubcommands.map(\.name),
      [
        "new", "list", "show", "check", "rename", "copy", "delete", "import", "replan", "route",
        "export", "attended",
      ])
    XCTAssertEqual(
      RootCommand.spec.subcommand(named: "trip")?.subcommand(named: "show")?.name, "show")
  }

  /// `ErrorHints.adding(to:)` keeps the children lazy: none is built until
  /// the parser asks for it, and a child built later still gets its hints.
  func testErrorHints_keepChildrenLazy() throws {
    let built = Locked(0)
    let tree = CommandSpec(
      name: "prog", abstract: "A program.",
      lazySubcommands: [
        LazyCommandSpec(name: "games") {
          built.update { $0 += 1 }
          return CommandSpec(
            name: "games", abstract: "Games.",
            run: { _ in throw TripError.removesEveryGame(trip: "Summer") })
        }
      ])
    let hinted = ErrorHints.adding(to: tree)
    XCTAssertEqual(built.current, 0)
    let games = try XCTUnwrap(hinted.subcommand(named: "games"))
    XCTAssertEqual(built.current, 1)
    let parsed = try CommandLineParser(root: hinted).parse(["games"])
    XCTAssertThrowsError(try games.run?(parsed.arguments)) { error in
      XCTAssertEqual(
        "\(error)",
        "\(TripError.removesEveryGame(trip: "Summer")) (add one with --add-game, "
          + "or delete the trip with 'sportstime trip delete')"
      )
    }
  }
}
