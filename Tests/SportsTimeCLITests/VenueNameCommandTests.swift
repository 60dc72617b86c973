import Foundation
import XCTest

/// Renamed venues (issue 8, item 9), end to end on the real 2024 and 2025
/// schedules: Minute Maid Park became Daikin Park and Guaranteed Rate Field
/// Rate Field for 2025. Every name finds the venue; games, trips, exports
/// and visits show the name in force on their date.
final class VenueNameCommandTests: ItineraryTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try runOK(["schedule", "import", try CLIProcess.schedule(2025).path])
  }

  func testGames_eitherNameFindsTheVenueAndEachGameShowsItsDatesName() throws {
    let range = ["--from", "2024-09-22", "--to", "2025-03-28"]
    let daikin = try runOK(["games", "--venue", "Daikin Park"] + range).stdoutLines
    XCTAssertEqual(
      daikin,
      [
        "HOU202409220  Sun, Sep 22, 2024  1:10 pm CDT est.  LAA @ HOU  Minute Maid Park, Houston",
        "HOU202409230  Mon, Sep 23, 2024  7:10 pm CDT est.  SEA @ HOU  Minute Maid Park, Houston",
        "HOU202409240  Tue, Sep 24, 2024  7:10 pm CDT est.  SEA @ HOU  Minute Maid Park, Houston",
        "HOU202409250  Wed, Sep 25, 2024  1:10 pm CDT est.  SEA @ HOU  Minute Maid Park, Houston",
        "HOU202503270  Thu, Mar 27, 2025  1:10 pm CDT est.  NYM @ HOU  Daikin Park, Houston",
        "HOU202503280  Fri, Mar 28, 2025  7:10 pm CDT est.  NYM @ HOU  Daikin Park, Houston",
        "6 games. Times marked est. are estimates.",
      ])
    for name in ["Minute Maid", "minute maid park", "daikin", "HOU03", "astros"] {
      XCTAssertEqual(
        try runOK(["games", "--venue", name] + range).stdoutLines, daikin, name)
    }
    let rateField = try runOK([
      "games", "--venue", "Rate Field", "--from", "2025-04-01", "--to", "2025-04-01",
    ]).stdout
    XCTAssertTrue(rateField.contains("MIN @ CWS  Rate Field, Chicago"), rateField)
    let guaranteed = try runOK([
      "games", "--venue", "Guaranteed Rate Field", "--from", "2024-06-06", "--to", "2024-06-06",
    ]).stdout
    XCTAssertTrue(guaranteed.contains("Guaranteed Rate Field, Chicago"), guaranteed)
  }

  /// A 2025 trip with both Chicago parks: the stops, the leg between them,
  /// the route and every export say Rate Field; a 2024 one says
  /// Guaranteed Rate Field.
  func testTrip2025_showsTheNewNamesInShowRouteAndExports() throws {
    let trip = "Chicago 2025"
    let created = try runOK([
      "trip", "new", trip, "--game", "CHN202504090", "--game", "CHA202504110",
    ]).stdout
    XCTAssertTrue(created.contains("BOS @ CWS  Rate Field, Chicago"), created)
    XCTAssertTrue(created.contains("🚗 Wrigley Field → Rate Field · "), created)
    XCTAssertFalse(created.contains("Guaranteed"), created)
    let route = try XCTUnwrap(
      try parseJSON(try runOK(["trip", "route", trip, "--json"]).stdout) as? [String: Any])
    XCTAssertEqual(
      (route["waypoints"] as? [[String: Any]])?.map { $0.string("name") },
      ["Wrigley Field", "Rate Field"])
    for format in ["md", "ics", "geojson", "gpx", "json"] {
      let out = try runOK(["trip", "export", trip, "--format", format]).stdout
      XCTAssertTrue(out.contains("Rate Field"), format)
      XCTAssertFalse(out.contains("Guaranteed"), "\(format): \(out)")
    }
    let houston = try runOK(["trip", "new", "Houston 2025", "--game", "HOU@2025-03-27"]).stdout
    XCTAssertTrue(houston.contains("NYM @ HOU  Daikin Park, Houston"), houston)
    let ics = try runOK(["trip", "export", "Houston 2025", "--format", "ics"]).stdout
    XCTAssertTrue(ics.contains("LOCATION:Daikin Park\\, Houston"), ics)

    let old = try runOK([
      "trip", "new", "Chicago 2024", "--game", "CHN202406050", "--game", "CHA202406060",
    ]).stdout
    XCTAssertTrue(old.contains("🚗 Wrigley Field → Guaranteed Rate Field · "), old)
  }

  /// A visit by either name; each shows the name on the visit's date.
  func testVisit_byEitherNameShowsTheNameOnItsDate() throws {
    let new = try runOK(["visit", "add", "Minute Maid Park", "--date", "2025-04-01"]).stdout
    XCTAssertTrue(
      new.contains(
        ": Tue, Apr 1, 2025 · Daikin Park, Houston (MLB).\nDaikin Park now has 1 visit."),
      new)
    let old = try runOK(["visit", "add", "daikin", "--date", "2024-05-01"]).stdout
    XCTAssertTrue(
      old.contains(
        ": Wed, May 1, 2024 · Minute Maid Park, Houston (MLB).\nMinute Maid Park now has 2 visits."),
      old)
    let cards = try runOK(["visit", "list", "Daikin Park"]).stdoutLines
    XCTAssertEqual(cards.first, "Daikin Park, Houston · 2 visits · last Tue, Apr 1, 2025")
    XCTAssertEqual(
      try runOK(["visit", "list", "minute maid"]).stdoutLines, cards, "either name lists them")
    let list = try runOK(["visit", "list"]).stdout
    XCTAssertTrue(list.contains("Daikin Park, Houston"), list)
    XCTAssertTrue(list.contains("Minute Maid Park, Houston"), list)
    let byGame = try runOK(["visit", "add", "--game", "HOU202503270"]).stdout
    XCTAssertTrue(byGame.contains("NYM @ HOU · Daikin Park, Houston (MLB)"), byGame)
  }
}
