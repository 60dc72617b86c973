import Foundation
import SportsTimeTestSupport
import XCTest

@testable import sportstime

/// A command reads only the environment variables it uses (issue 9, speed:
/// `ProcessInfo`'s dictionary of the whole environment was about 5% of a
/// small command): `Context.processEnvironment()` holds exactly those that
/// are set, with their values, and every variable the command line reads
/// is one of them.
final class ContextEnvironmentTests: XCTestCase {
  func testProcessEnvironment_isTheProcessValuesOfTheVariables() {
    let whole = ProcessInfo.processInfo.environment
    let expected = whole.filter { Context.variables.contains($0.key) }
    XCTAssertEqual(Context.processEnvironment(), expected)
  }

  /// Every `environment["NAME"]` the CLI, CLIKit and the Store's default
  /// path read is in `Context.variables`; a variable read but not listed
  /// would silently be unset.
  func testEveryVariableReadIsListed() throws {
    let root = CLIProcess.repositoryRoot
    var read: Set<String> = []
    for folder in ["Sources/sportstime", "Sources/CLIKit", "Sources/SportsTimeStore"] {
      let url = root.appendingPathComponent(folder)
      let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
        .filter { $0.hasSuffix(".swift") }
      for file in files {
        let text = try String(
          contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        for part in text.components(separatedBy: "environment[\"").dropFirst() {
          if let name = part.components(separatedBy: "\"").first { read.insert(name) }
        }
      }
    }
    XCTAssertTrue(read.contains("SPORTSTIME_DB"), "the scan finds the reads")
    XCTAssertEqual(read.subtracting(Context.variables), [])
  }
}
