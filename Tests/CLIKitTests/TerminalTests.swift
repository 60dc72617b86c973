import Foundation
import XCTest

@testable import CLIKit

/// Terminal helpers, wrapping, suggestions and tree validation.
final class TerminalTests: XCTestCase {
  /// Control characters are removed; whitespace controls become one space each.
  func testSanitize() {
    XCTAssertEqual(Terminal.sanitize("plain text"), "plain text")
    XCTAssertEqual(Terminal.sanitize("a\tb\nc"), "a b c")
    XCTAssertEqual(Terminal.sanitize("a\r\nb"), "a b")
    XCTAssertEqual(Terminal.sanitize("a\rb"), "a b")
    XCTAssertEqual(Terminal.sanitize("\u{1B}[31mred\u{1B}[0m"), "[31mred[0m")
    XCTAssertEqual(Terminal.sanitize("bell\u{07}del\u{7F}nul\u{0}"), "belldelnul")
    XCTAssertEqual(Terminal.sanitize("c1\u{9B}31m\u{85}x\u{80}"), "c131mx")
    XCTAssertEqual(Terminal.sanitize("line\u{2028}sep"), "line sep")
    XCTAssertEqual(Terminal.sanitize("café ⚾️ 東京"), "café ⚾️ 東京")
    // Bidirectional overrides and isolates could reorder a printed line.
    XCTAssertEqual(Terminal.sanitize("x \u{202E}lt\u{2066}r\u{2069} y"), "x ltr y")
    XCTAssertEqual(Terminal.sanitize(""), "")
  }

  /// Colour is off for the flag, a non-empty NO_COLOR, TERM=dumb, or non-TTY;
  /// an empty NO_COLOR does not count (no-color.org).
  func testUseColor() {
    XCTAssertTrue(
      Terminal.useColor(isTTY: true, environment: ["TERM": "xterm-256color"], noColorFlag: false))
    XCTAssertTrue(Terminal.useColor(isTTY: true, environment: [:], noColorFlag: false))
    XCTAssertFalse(Terminal.useColor(isTTY: false, environment: [:], noColorFlag: false))
    XCTAssertFalse(Terminal.useColor(isTTY: true, environment: [:], noColorFlag: true))
    XCTAssertFalse(
      Terminal.useColor(isTTY: true, environment: ["NO_COLOR": "1"], noColorFlag: false))
    XCTAssertTrue(
      Terminal.useColor(isTTY: true, environment: ["NO_COLOR": ""], noColorFlag: false))
    XCTAssertFalse(
      Terminal.useColor(isTTY: true, environment: ["NO_COLOR": " "], noColorFlag: false))
    XCTAssertFalse(
      Terminal.useColor(isTTY: true, environment: ["TERM": "dumb"], noColorFlag: false))
  }

  /// A pipe is not a TTY.
  func testIsTTY() {
    let pipe = Pipe()
    XCTAssertFalse(Terminal.isTTY(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor))
  }

  /// Width: sane COLUMNS, else TTY columns (clamped), else 80.
  func testHelpWidth() {
    XCTAssertEqual(
      Terminal.helpWidth(environment: ["COLUMNS": "120"], isTTY: true, terminalColumns: 60), 120)
    XCTAssertEqual(
      Terminal.helpWidth(environment: ["COLUMNS": "40"], isTTY: false, terminalColumns: nil), 40)
    XCTAssertEqual(
      Terminal.helpWidth(environment: ["COLUMNS": "39"], isTTY: false, terminalColumns: nil), 80)
    XCTAssertEqual(
      Terminal.helpWidth(environment: ["COLUMNS": "wide"], isTTY: true, terminalColumns: 100), 100)
    XCTAssertEqual(Terminal.helpWidth(environment: [:], isTTY: true, terminalColumns: 20), 40)
    XCTAssertEqual(Terminal.helpWidth(environment: [:], isTTY: true, terminalColumns: nil), 80)
    XCTAssertEqual(Terminal.helpWidth(environment: [:], isTTY: false, terminalColumns: 100), 80)
    XCTAssertEqual(Terminal.helpWidth(environment: [:], isTTY: false, terminalColumns: nil), 80)
  }

  /// Greedy wrapping keeps newlines and never breaks words.
  func testTextWrapper() {
    XCTAssertEqual(TextWrapper.wrap("one two three four", width: 9), ["one two", "three", "four"])
    XCTAssertEqual(TextWrapper.wrap("a\n\nb", width: 10), ["a", "", "b"])
    XCTAssertEqual(
      TextWrapper.wrap("supercalifragilistic x", width: 5), ["supercalifragilistic", "x"])
    XCTAssertEqual(TextWrapper.wrap("", width: 5), [""])
  }

  /// Suggestions respect the max(2, len/3) limit and prefer the closest.
  func testClosest() {
    XCTAssertEqual(Suggestion.closest(to: "titel", in: ["game", "title"]), "title")
    XCTAssertEqual(Suggestion.closest(to: "lst", in: ["list", "last"]), "list")
    XCTAssertNil(Suggestion.closest(to: "xyz", in: ["db"]))
    XCTAssertNil(Suggestion.closest(to: "completely", in: ["title"]))
    XCTAssertEqual(
      Suggestion.closest(to: "configuraton-fle", in: ["configuration-file"]), "configuration-file")
    XCTAssertNil(Suggestion.closest(to: "anything", in: []))
  }

  /// The test tree is valid; mistakes are reported.
  func testValidationProblems() {
    XCTAssertEqual(makeTree(Recorder()).validationProblems(), [])
    let bad = CommandSpec(
      name: "tool", abstract: "",
      options: [.flag("help", help: ""), .flag("x", short: "v", help: "")],
      globalOptions: [.flag("x", help: "")],
      subcommands: [
        CommandSpec(
          name: "a", abstract: "", options: [.flag("y", short: "h", help: "")],
          globalOptions: [.flag("z", help: "")],
          positionals: [
            PositionalSpec(name: "P", help: "", optional: true),
            PositionalSpec(name: "Q", help: ""),
          ]),
        CommandSpec(name: "a", abstract: ""),
      ])
    let problems = bad.validationProblems()
    XCTAssertEqual(problems.count, 6, "\(problems)")
    XCTAssertTrue(problems.contains("tool: duplicate or reserved option --help"))
    XCTAssertTrue(problems.contains("tool: duplicate or reserved option --x"))
    XCTAssertTrue(problems.contains("tool: duplicate subcommand 'a'"))
    XCTAssertTrue(problems.contains("tool a: duplicate or reserved short option -h"))
    XCTAssertTrue(problems.contains("tool a: globalOptions are only honoured on the root command"))
    XCTAssertTrue(problems.contains("tool a: required positional <Q> follows an optional one"))
  }
}
