import XCTest

/// Checks that a Core message describes the problem without naming a
/// command-line command or option (each front end adds its own hint).
enum CoreMessageCheck {
  /// Words that only a command line would say.
  static let commandWords = [
    "sportstime ", "'trip ", "'visit ", "'item ", "'map ", "'schedule ", "--", "VENUE",
    "YYYY-MM-DD",
  ]

  /// Fails when `message` names a command or an option.
  static func assertNamesNoCommand(
    _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    for word in commandWords where message.contains(word) {
      XCTFail("'\(message)' names '\(word)'", file: file, line: line)
    }
  }
}
