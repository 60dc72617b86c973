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
    try run(
      "editor_test.py",
      screenshots: ["editor-at-rest.png", "editor-mid-drag-red-zone.png", "editor-phone.png"])
  }

  /// The map screen (Tests/Browser/map_test.py): pins of four leagues,
  /// zoom, pan, a tapped pin's card, Reset View, a reload, the CLI's view.
  func testTheMapInChromium() throws {
    try run(
      "map_test.py",
      screenshots: [
        "map-default.png", "map-moved-reset-shown.png", "map-pin-card.png", "map-phone.png",
        "map-phone-default.png", "map-tiles.png",
      ])
  }

  /// Tests/Browser/route_maps_test.py: every route map (the editor's, the
  /// planner's options, the new-trip screen's) through common.js's one
  /// helper: the Tokyo Series across the Pacific, overlapping pins moved
  /// apart, the countries beneath (issue 28, items 3, 21 and 22).
  func testTheRouteMapsInChromium() throws {
    try run(
      "route_maps_test.py",
      screenshots: ["route-map-tokyo.png", "route-map-spread.png", "route-map-plan-option.png"])
  }

  /// Tests/Browser/progress_test.py: the progress and history screens,
  /// visits in the dialog, "Mark attended".
  func testTheProgressScreensInChromium() throws {
    try run(
      "progress_test.py",
      screenshots: [
        "progress.png", "progress-venue-visits.png", "history.png", "history-empty.png",
        "progress-phone.png", "history-phone.png",
      ])
  }

  /// Tests/Browser/plan_test.py: the "Plan a trip" wizard (issue 12): the
  /// steps in order, a sport without games greyed out, an earlier answer
  /// changed, the sorts and their groups, an option made a trip.
  func testThePlanWizardInChromium() throws {
    try run(
      "plan_test.py",
      screenshots: [
        "plan-steps.png", "plan-options.png", "plan-sorted.png", "plan-pick-dialog.png",
        "plan-phone.png", "plan-phone-options.png",
      ])
  }

  /// Tests/Browser/new_trip_test.py: the new-trip screen with MLB and NHL
  /// imported (issue 28): venue names on the games' dates, the first-step
  /// text, picks removed after the search changed, errors beside their field.
  func testTheNewTripScreenInChromium() throws {
    try run(
      "new_trip_test.py",
      screenshots: [
        "new-trip-flyers.png", "new-trip-start.png", "new-trip-start-phone.png",
        "new-trip-picks.png", "new-trip-error-name.png", "new-trip-error-start-phone.png",
      ])
  }

  /// Tests/Browser/item_place_test.py: the item dialog's place (issue 28,
  /// 9a): a town searched as one types, a point tapped on the map, an
  /// address alone, typed coordinates.
  func testTheItemPlaceInChromium() throws {
    try run(
      "item_place_test.py",
      screenshots: ["item-place-search.png", "item-place-map-picking.png", "item-place-phone.png"])
  }

  /// Tests/Browser/impossible_day_test.py: a day that cannot be done
  /// (issue 28, item 5) named on its header, in words a screen reader
  /// hears, and the mark gone once the item moves.
  func testTheImpossibleDayInChromium() throws {
    try run(
      "impossible_day_test.py", screenshots: ["impossible-day.png", "impossible-day-phone.png"])
  }

  /// Runs one of Tests/Browser's scripts on the built binary and the real
  /// data; checks it passed and saved `screenshots`.
  private func run(_ name: String, screenshots: [String]) throws {
    let python = "/usr/bin/python3"
    let script = TestData.repositoryFile("Tests/Browser/\(name)").path
    let artifacts = TestData.repositoryFile(".build/browser-artifacts").path
    // Screenshots of an earlier run do not count.
    for screenshot in screenshots {
      try? FileManager.default.removeItem(atPath: "\(artifacts)/\(screenshot)")
    }
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
    for screenshot in screenshots {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: "\(artifacts)/\(screenshot)"), "\(screenshot) saved")
    }
  }
}
