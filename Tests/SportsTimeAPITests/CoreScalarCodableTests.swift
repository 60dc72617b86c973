import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeAPI

/// The `Codable` conformances Core keeps are single strings, shaped as the
/// trip file writes them (the compound types' compiler-made ones, whose
/// shapes differed from the trip file, are gone): read from the pinned
/// version-1 trip file and written back to the same text.
final class CoreScalarCodableTests: XCTestCase {
  struct PinnedFile: Decodable {
    struct Head: Decodable {
      var startDate: CalendarDate
      var endDate: CalendarDate
    }
    struct Game: Decodable {
      var date: CalendarDate
      var venueID: Venue.ID
    }
    struct Item: Decodable {
      struct Travel: Decodable { var mode: TravelMode }
      struct Custom: Decodable { var category: ItemCategory }
      var travel: Travel?
      var custom: Custom?
    }
    var trip: Head
    var games: [Game]
    var items: [Item]
  }

  func testTheKeptConformancesReadAndWriteTheTripFilesStrings() throws {
    let url = GoldenRoundTripTests.golden.appendingPathComponent("trip-file-v1.pinned.json")
    let file = try Wire.decode(PinnedFile.self, from: Data(contentsOf: url))
    XCTAssertEqual(file.trip.startDate, CalendarDate(iso: "2024-06-04"))
    XCTAssertEqual(file.trip.endDate, CalendarDate(iso: "2024-06-10"))
    XCTAssertEqual(file.games.first?.venueID, "CLE08")
    XCTAssertEqual(file.items.compactMap(\.travel?.mode).first, .drive)
    XCTAssertEqual(file.items.compactMap(\.custom?.category).first, .note)

    XCTAssertEqual(try Wire.value(file.trip.startDate).render(), #""2024-06-04""#)
    XCTAssertEqual(try Wire.value(Venue.ID("CLE08")).render(), #""CLE08""#)
    for mode in TravelMode.allCases {
      XCTAssertEqual(try Wire.value(mode).render(), JSONValue.quote(mode.rawValue))
      XCTAssertEqual(try Wire.decode(TravelMode.self, from: .string(mode.rawValue)), mode)
    }
    for category in ItemCategory.allCases {
      XCTAssertEqual(try Wire.value(category).render(), JSONValue.quote(category.rawValue))
    }
    for sport in Sport.allCases {
      XCTAssertEqual(try Wire.decode(Sport.self, from: Wire.value(sport)), sport)
    }
    for status in [Game.Status.scheduled, .rescheduled, .cancelled] {
      XCTAssertEqual(try Wire.value(status).render(), JSONValue.quote(status.rawValue))
    }
    XCTAssertThrowsError(try Wire.decode(CalendarDate.self, from: .string("2024-6-4")))
    XCTAssertThrowsError(try Wire.decode(TravelMode.self, from: .string("walk")))
  }
}
