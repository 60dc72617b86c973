import Foundation
import SportsTimeTestSupport
import XCTest

/// The app in a real browser: runs Tests/Browser/editor_test.py (headless
/// Chromium through Selenium, Debian's `chromium`, `chromium-driver` and
/// `python3-selenium`, installed by `scripts/install-deps --test`) against
/// the built `sportstime serve` on the real 2024 schedule. Its screenshots
/// go to .build/browser-artifacts.
final class BrowserTests: XCTestCase {
  func testTheEditorInChromium() throws {
    let python = "/usr/bin/python3"
    let script = TestData.repositoryFile("Tests/Browser/editor_test.py").path
    let artifacts = TestData.repositoryFile(".build/browser-artifacts").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      script, "--bin", try CLIProcess.binary.get().path, "--data", TestData.directory.path,
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
    for screenshot in ["editor-at-rest.png", "editor-mid-drag-red-zone.png", "editor-phone.png"] {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: "\(artifacts)/\(screenshot)"), "\(screenshot) saved")
    }
  }
}
