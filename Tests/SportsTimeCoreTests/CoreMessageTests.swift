import Foundation
import XCTest

/// Core's and the Store's texts name no command-line command or option
/// (issue 9): a scan of every string literal in Sources/SportsTimeCore and
/// Sources/SportsTimeStore. Front ends add their own hints (the command line
/// in Sources/sportstime/ErrorHints.swift). The program's own name is not a
/// command ("a sportstime database", the iCalendar product id
/// "-//SportsTime//sportstime 0.1//EN"): the scan looks for the name
/// followed by one of its commands.
final class CoreMessageTests: XCTestCase {
  /// Literals still naming commands: file name and a piece of the literal.
  static let pending: [(file: String, piece: String)] = []

  func testCoreStringLiteralsNameNoCommandOrOption() throws {
    try assertNoCommands(in: "Sources/SportsTimeCore", atLeast: 50)
  }

  func testStoreStringLiteralsNameNoCommandOrOption() throws {
    try assertNoCommands(in: "Sources/SportsTimeStore", atLeast: 10)
  }

  /// The scan should find these in a command-line hint.
  func testScanFindsCommandsAndOptions() throws {
    let hints = [
      "\"run 'sportstime trip replan' to re-plan the trip\"",
      "\"(see 'sportstime visit list')\"", "\"add one with --add-game\"",
      "\"'trip show' numbers the rows\"",
    ]
    XCTAssertEqual(try hints.filter(Self.namesCommand), hints)
    XCTAssertFalse(try Self.namesCommand("\"-//SportsTime//sportstime 0.1//EN\""))
    XCTAssertFalse(try Self.namesCommand("\"is not a sportstime database\""))
  }

  static func namesCommand(_ literal: String) throws -> Bool {
    let command = try NSRegularExpression(
      pattern:
        #"sportstime (schedule|games|trip|item|legacy|visit|progress|history|map|serve)\b|'trip |'visit |'item |'schedule |'map |--[a-z]"#
    )
    return command.firstMatch(in: literal, range: NSRange(literal.startIndex..., in: literal))
      != nil
  }

  func assertNoCommands(in folder: String, atLeast minimum: Int) throws {
    let root = Fixtures.repoRoot().appendingPathComponent(folder)
    let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    XCTAssertGreaterThan(files.count, minimum)
    let literal = try NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
    var found: [String] = []
    for file in files {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("//") else { continue }
        let line = String(line)
        let range = NSRange(line.startIndex..., in: line)
        for match in literal.matches(in: line, range: range) {
          guard let r = Range(match.range, in: line) else { continue }
          let piece = String(line[r])
          guard try Self.namesCommand(piece) else { continue }
          let name = (file as NSString).lastPathComponent
          if !Self.pending.contains(where: { $0.file == name && piece.contains($0.piece) }) {
            found.append("\(file): \(piece)")
          }
        }
      }
    }
    XCTAssertEqual(found, [], "\(folder) literals naming a command or an option")
  }
}
