import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// Travel modes in the store (issue 8, item 6): a flight leg reads back as a
/// flight; a leg stored before modes existed (`travel_mode` NULL) is a
/// drive; a corrupt mode is reported, not guessed.
final class StoreTravelModeTests: StoreTestCase {
  func testTravelMode_roundTripsAndOldRowsAreDrives() throws {
    try onBothStores { store in
      try storeWith2024(store)
      // The Seoul Series, then the Dodgers' home opener: one flight leg.
      let planned = try StoreFixtures.plan(
        "Seoul Series", gameIDs: ["SDN202403200", "LAN202403210", "LAN202403280"],
        environment: .fixed(now: StoreFixtures.now))
      XCTAssertEqual(planned.items.compactMap(\.travelInfo).map(\.mode), [.flight])
      try store.insert(planned)
      let loaded = try store.loadTrip("Seoul Series")
      XCTAssertEqual(loaded.items, planned.items)
      XCTAssertEqual(
        try store.database.query("SELECT travel_mode FROM itinerary_items").map {
          try $0.optionalString("travel_mode")
        }, ["flight"])

      // A row from before the migration has no mode: it reads as a drive.
      try store.database.execute("UPDATE itinerary_items SET travel_mode = NULL")
      XCTAssertEqual(
        try store.loadTrip("Seoul Series").items.compactMap(\.travelInfo).map(\.mode), [.drive])

      // The column only takes the two modes.
      XCTAssertThrowsError(
        try store.database.execute("UPDATE itinerary_items SET travel_mode = 'boat'"))
    }
  }
}
