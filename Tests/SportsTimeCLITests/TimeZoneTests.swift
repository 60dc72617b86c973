import Foundation
import XCTest

/// Local dates come from the venue's zone, never from the machine's.
final class TimeZoneTests: EndToEndTestCase {
  static let machineZones = [
    "Asia/Tokyo", "UTC", "America/New_York", "Pacific/Kiritimati", "America/Los_Angeles",
  ]

  override func setUpWithError() throws {
    try super.setUpWithError()
    try installImported2024()
    // A Los Angeles night game (02:10 UTC the next day), the Sunday day game,
    // then the Giants at Phoenix (a zone without daylight saving time).
    try runOK(
      [
        "trip", "new", "West Coast", "--game", "LAD@2024-06-01", "--game", "LAN202406020", "--game",
        "SF@2024-06-04",
      ], extra: ["TZ": "Asia/Tokyo"])
  }

  func testTimeZone_losAngelesNightGameOnItsLocalDate() throws {
    let itinerary = try decode(
      ItineraryJSON.self,
      try runOK(["trip", "show", "West Coast", "--json"], extra: ["TZ": "UTC"]).stdout)
    XCTAssertEqual(itinerary.trip.startDate, "2024-06-01", "Day 1 is the LA date of the first game")
    let night = try XCTUnwrap(itinerary.gameRows.first)
    XCTAssertEqual(night.gameID, "LAN202406010")
    XCTAssertEqual(night.start, "2024-06-01T19:10:00-07:00")
    XCTAssertEqual(night.day, 1)
    XCTAssertEqual(night.date, "2024-06-01")
    XCTAssertEqual(itinerary.gameRows.map(\.day), [1, 2, 4])
    let text = try runOK(["trip", "show", "West Coast"], extra: ["TZ": "Asia/Tokyo"]).stdoutLines
    XCTAssertEqual(text[3], "1  Day 1 · Sat, Jun 1, 2024")
    XCTAssertEqual(text[4], "2      7:10 pm PDT est.  COL @ LAD  Dodger Stadium, Los Angeles")
    XCTAssertEqual(text[5], "3  Day 2 · Sun, Jun 2, 2024")
    XCTAssertEqual(text[6], "4      1:10 pm PDT est.  COL @ LAD  Dodger Stadium, Los Angeles")
  }

  func testTimeZone_tripShowJSONIdenticalInEveryMachineZone() throws {
    let outputs = try Self.machineZones.map {
      try runOK(["trip", "show", "West Coast", "--json"], extra: ["TZ": $0]).stdoutData
    }
    XCTAssertGreaterThan(outputs[0].count, 100)
    for (zone, output) in zip(Self.machineZones, outputs) {
      XCTAssertEqual(output, outputs[0], "trip show --json differs under TZ=\(zone)")
    }
    let unset = try runOK(["trip", "show", "West Coast", "--json"], extra: ["TZ": nil]).stdoutData
    XCTAssertEqual(unset, outputs[0])
  }

  func testTimeZone_tripShowTextIdenticalInEveryMachineZone() throws {
    let outputs = try Self.machineZones.map {
      try runOK(["trip", "show", "West Coast", "--metric"], extra: ["TZ": $0]).stdoutData
    }
    for (zone, output) in zip(Self.machineZones, outputs) {
      XCTAssertEqual(output, outputs[0], "trip show differs under TZ=\(zone)")
    }
  }

  func testTimeZone_gamesJSONIdenticalInEveryMachineZone() throws {
    // Opening week: Seoul (+09:00), plus every US zone; a late-night window too.
    for range in [["2024-03-20", "2024-03-31"], ["2024-06-01", "2024-06-02"]] {
      let outputs = try Self.machineZones.map {
        try runOK(["games", "--json", "--from", range[0], "--to", range[1]], extra: ["TZ": $0])
          .stdoutData
      }
      XCTAssertGreaterThan(outputs[0].count, 1000)
      for (zone, output) in zip(Self.machineZones, outputs) {
        XCTAssertEqual(output, outputs[0], "games --json \(range) differs under TZ=\(zone)")
      }
    }
  }

  func testTimeZone_dateFiltersUseVenueLocalDates() throws {
    for zone in ["Asia/Tokyo", "UTC", "America/New_York"] {
      let saturday = try decode(
        [GameJSON].self,
        try runOK(
          ["games", "--team", "LAD", "--from", "2024-06-01", "--to", "2024-06-01", "--json"],
          extra: ["TZ": zone]
        ).stdout)
      XCTAssertEqual(saturday.map(\.id), ["LAN202406010"], "TZ=\(zone)")
    }
  }

  func testTimeZone_tripDaysUseLocalDates() throws {
    // With TZ=Asia/Tokyo the LA night game is already Sunday on the machine;
    // a trip ending Saturday must still accept it.
    try runOK(
      [
        "trip", "new", "Saturday Only", "--game", "LAD@2024-06-01", "--start", "2024-06-01",
        "--end", "2024-06-01",
      ],
      extra: ["TZ": "Asia/Tokyo"])
    let itinerary = try decode(
      ItineraryJSON.self,
      try runOK(["trip", "show", "Saturday Only", "--json"], extra: ["TZ": "America/New_York"])
        .stdout)
    XCTAssertEqual(itinerary.trip.dayCount, 1)
    XCTAssertEqual(itinerary.gameRows.map(\.gameID), ["LAN202406010"])
  }
}
