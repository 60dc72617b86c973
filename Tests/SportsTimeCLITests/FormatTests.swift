import Foundation
import XCTest

@testable import sportstime

/// `Format`'s pieces that are not tied to one command.
final class FormatTests: XCTestCase {
  /// Runs `sh -c "printf '%s' WORD"` and returns what the shell passed on.
  private func throughShell(_ word: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf '%s' \(word)"]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, word)
    return String(decoding: data, as: UTF8.self)
  }

  /// Review 2 of issue 8, item 1: plain words stay bare; anything else is
  /// single-quoted, and the shell reads back exactly the text.
  func testShellWord_quotesOnlyWhenNeededAndSurvivesTheShell() throws {
    XCTAssertEqual(Format.shellWord("CHI11"), "CHI11")
    XCTAssertEqual(Format.shellWord("a-b_c.d/e:f@g%h+i=j,k"), "a-b_c.d/e:f@g%h+i=j,k")
    XCTAssertEqual(Format.shellWord(""), "''")
    XCTAssertEqual(Format.shellWord("Great Lakes"), "'Great Lakes'")
    XCTAssertEqual(Format.shellWord("Bob's \"$5\" trip"), #"'Bob'\''s "$5" trip'"#)
    for text in [
      "Bob's \"$HOME\" trip", "`id` and $(id)", "wow!", "back\\slash", "''", "~user", "*", "a;b",
      "tab\there", "new\nline", "Zürich 東京", "-x", "#hash", "{a,b}", "x=y", "&|<>",
    ] {
      XCTAssertEqual(try throughShell(Format.shellWord(text)), text, Format.shellWord(text))
    }
  }

  /// A suggested command puts `--` before a value that starts with `-`.
  func testSuggestedCommand_endsOptionsBeforeADashValue() {
    XCTAssertEqual(
      Format.suggestedCommand("sportstime trip check", "Bob's"),
      #"sportstime trip check 'Bob'\''s'"#)
    XCTAssertEqual(
      Format.suggestedCommand("sportstime trip check", "- x"),
      "sportstime trip check -- '- x'")
    XCTAssertEqual(
      Format.suggestedCommand("sportstime trip show", "1a2b3c4d"),
      "sportstime trip show 1a2b3c4d")
  }
}
