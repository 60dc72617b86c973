import CLIKit
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
}
