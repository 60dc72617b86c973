import Foundation
import XCTest

/// `scripts/test-in-parts`, behind `make test`, run against a stub `swift`
/// that prints what XCTest prints: the parts' counts are summed into the
/// one line `.ci/run` reads, a failing or crashed part fails the whole
/// run, and each part's log is printed whole, not line by line with the
/// other's.
final class TestInPartsTests: XCTestCase {
  /// The repository's script, found from this file's place in the tree.
  private let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/test-in-parts")

  /// A fresh folder for the stub and the logs of each test.
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("test-in-parts-\(UUID().uuidString)")

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // `swift test … --filter BrowserTests` is the browser part, anything
    // else the other; each prints XCTest's lines for $BROWSER / $OTHER:
    // "pass N", "fail N M" (N tests, M failures) or "crash N" (one suite
    // finished, then the process dies without the run's summary).
    let stub = folder.appendingPathComponent("swift")
    try """
    #!/bin/bash
    case " $* " in *" --filter BrowserTests "*) mode=$BROWSER; name=BrowserTests ;;
      *) mode=$OTHER; name=OtherTests ;; esac
    read -r kind count failures <<<"$mode"
    echo "Test Suite 'Selected tests' started at 2026-12-07 00:00:00.000"
    for i in 1 2 3; do echo "$name line $i"; sleep 0.05; done
    echo "Test Suite '$name' passed at 2026-12-07 00:00:01.000"
    echo "	 Executed 1 test, with 0 failures (0 unexpected) in 0.1 (0.1) seconds"
    [ "$kind" = crash ] && exit 134
    verdict=passed; [ "$kind" = fail ] && verdict=failed
    echo "Test Suite 'Selected tests' $verdict at 2026-12-07 00:00:02.000"
    echo "	 Executed $count tests, with ${failures:-0} failures (0 unexpected) in 1.0 (1.0) seconds"
    [ "$kind" = fail ] && exit 1
    exit 0
    """.write(to: stub, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs the script with the stub; its exit status and output.
  private func run(browser: String, other: String) throws -> (status: Int32, lines: [String]) {
    let process = Process()
    process.executableURL = script
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT"] = folder.appendingPathComponent("swift").path
    environment["TEST_LOGS"] = folder.appendingPathComponent("logs").path
    environment["BROWSER"] = browser
    environment["OTHER"] = other
    environment.removeValue(forKey: "TEST_PARTS")
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text.split(separator: "\n").map(String.init))
  }

  /// `.ci/run`'s pattern for the whole run's line.
  private func ciSummary(_ lines: [String]) -> String? {
    lines.last {
      $0.range(
        of: #"^make test: Executed [0-9]+ tests?, with [0-9]+ failures?"#,
        options: .regularExpression) != nil
    }
  }

  func testPartsThatPass_areSummedIntoOneLine() throws {
    let (status, lines) = try run(browser: "pass 8", other: "pass 1314")
    XCTAssertEqual(status, 0, lines.joined(separator: "\n"))
    let summary = try XCTUnwrap(ciSummary(lines), lines.joined(separator: "\n"))
    XCTAssertEqual(lines.last, summary, "the last line")
    XCTAssertTrue(
      summary.hasPrefix("make test: Executed 1322 tests, with 0 failures (parts: "), summary)
    XCTAssertTrue(summary.contains("browser 8") && summary.contains("other 1314"), summary)
  }

  func testEachPartsLog_isPrintedWhole() throws {
    let (_, lines) = try run(browser: "pass 8", other: "pass 1314")
    for name in ["BrowserTests", "OtherTests"] {
      let own = lines.indices.filter { lines[$0].hasPrefix("\(name) line ") }
      XCTAssertEqual(own.count, 3, name)
      XCTAssertEqual(own.last.map { $0 - own[0] }, 2, "\(name)'s lines one after another")
    }
  }

  func testAFailingPart_failsTheRun_andItsFailuresCount() throws {
    let (status, lines) = try run(browser: "pass 8", other: "fail 1314 2")
    XCTAssertEqual(status, 1)
    let summary = try XCTUnwrap(ciSummary(lines))
    XCTAssertTrue(summary.hasPrefix("make test: Executed 1322 tests, with 2 failures"), summary)
  }

  func testAPartThatCrashes_failsTheRun_andSaysSo() throws {
    let (status, lines) = try run(browser: "crash 8", other: "pass 1314")
    XCTAssertEqual(status, 1)
    XCTAssertTrue(
      lines.contains {
        $0.hasPrefix("make test: the browser part ended without XCTest's summary (exit 134)")
      }, lines.joined(separator: "\n"))
    let summary = try XCTUnwrap(ciSummary(lines))
    XCTAssertTrue(summary.hasPrefix("make test: Executed 1314 tests, with 1 failure ("), summary)
    XCTAssertTrue(summary.contains("browser crashed"), summary)
  }
}
