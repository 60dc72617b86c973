import Foundation
import SportsTimeTestSupport
import XCTest

/// The app in a real browser: runs the scripts of Tests/Browser (headless
/// Chromium through Selenium, Debian's `chromium`, `chromium-driver` and
/// `python3-selenium`, installed by `scripts/install-deps --test`) against
/// the built `sportstime serve` on the real 2024 schedule. Their
/// screenshots go to .build/browser-artifacts.
final class BrowserTests: XCTestCase {
  /// Runs `Tests/Browser/<script>` and checks it passed and saved
  /// `screenshots`.
  func runBrowserScript(_ script: String, screenshots: [String]) throws {
    let python = "/usr/bin/python3"
    let path = TestData.repositoryFile("Tests/Browser/\(script)").path
    let artifacts = TestData.repositoryFile(".build/browser-artifacts").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      path, "--bin", try CLIProcess.binary.get().path, "--data", TestData.directory.path,
      "--artifacts", artifacts,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    print(text)
    XCTAssertEqual(process.terminationStatus, 0, text)
    XCTAssertTrue(text.contains("\nOK"), text)
    for screenshot in screenshots {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: "\(artifacts)/\(screenshot)"), "\(screenshot) saved")
    }
  }

  func testTheEditorInChromium() throws {
    try runBrowserScript(
      "editor_test.py",
      screenshots: ["editor-at-rest.png", "editor-mid-drag-red-zone.png", "editor-phone.png"])
  }

  /// Tests/Browser/progress_test.py: the progress and history screens,
  /// visits in the dialog, "Mark attended".
  func testTheProgressScreensInChromium() throws {
    try runBrowserScript(
      "progress_test.py",
      screenshots: [
        "progress.png", "progress-venue-visits.png", "history.png", "history-empty.png",
        "progress-phone.png", "history-phone.png",
      ])
  }
}
