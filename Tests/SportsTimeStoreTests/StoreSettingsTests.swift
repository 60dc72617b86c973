import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// The remembered map state (`settings` table): defaults, saving, surviving
/// restarts bit for bit, all-or-nothing updates, and damaged values.
final class StoreSettingsTests: StoreTestCase {
  let wrigley = Coordinate(latitude: 41.9484, longitude: -87.6553)!

  /// A fresh database has the settings migration and the initial state.
  func testFreshStore_initialState() throws {
    try onBothStores { store in
      XCTAssertEqual(try store.mapState(), .initial)
      XCTAssertTrue(try store.mapState().viewport.isDefault)
      XCTAssertNil(try store.mapState().focusedVenueID)
      let ids = try store.database.query("SELECT id FROM schema_migrations").map {
        try $0.string("id")
      }
      XCTAssertTrue(ids.contains("2026-11-29-settings-1-table"), "\(ids)")
      XCTAssertEqual(try store.database.query("SELECT count(*) FROM settings").first?.int(0), 0)
    }
  }

  func testSave_roundTripsOnBothStores() throws {
    try onBothStores { store in
      let view = MapViewport.continentalUnitedStates.zoomed(by: 3, around: wrigley)
        .panned(dx: 0.1, dy: -0.3)
      try store.saveMapState(MapState(viewport: view, focusedVenueID: "CHI11"))
      XCTAssertEqual(try store.mapState(), MapState(viewport: view, focusedVenueID: "CHI11"))
      try store.saveMapState(MapState(viewport: view))
      XCTAssertNil(try store.mapState().focusedVenueID, "a nil focus removes the key")
      XCTAssertEqual(
        try store.database.query("SELECT key FROM settings ORDER BY key").map {
          try $0.string("key")
        },
        [
          "map.centerLatitude", "map.centerLongitude", "map.latitudeSpan", "map.longitudeSpan",
        ])
    }
  }

  /// The stored viewport survives closing and reopening the file, every
  /// Double bit for bit (awkward values included).
  func testViewport_survivesRestart() throws {
    let path = filePath()
    let views = [
      MapViewport(
        latitude: 0.1 + 0.2, longitude: -179.999_999_999_999_97, latitudeSpan: 1.0 / 3,
        longitudeSpan: 359.999_999_999_999_94),
      MapViewport.continentalUnitedStates.focused(on: wrigley).zoomed(by: 0.7),
      MapViewport(latitude: -85, longitude: 12.5e-10, latitudeSpan: 0.005, longitudeSpan: 180),
    ]
    for (index, view) in views.enumerated() {
      do {
        let store = try Store(path: path)
        try store.saveMapState(MapState(viewport: view, focusedVenueID: "SEA03"))
        try store.close()
      }
      let reopened = try Store(path: path)
      let state = try reopened.mapState()
      XCTAssertEqual(state.viewport, view, "view \(index)")
      XCTAssertEqual(
        state.viewport.center.latitude.bitPattern, view.center.latitude.bitPattern, "\(index)")
      XCTAssertEqual(state.viewport.longitudeSpan.bitPattern, view.longitudeSpan.bitPattern)
      XCTAssertEqual(state.focusedVenueID, "SEA03")
      try reopened.close()
    }
  }

  /// `updateMapState` builds on the stored state, run after run, across
  /// reopenings.
  func testUpdate_buildsOnTheStoredStateAcrossRestarts() throws {
    let path = filePath()
    var expected = MapViewport.continentalUnitedStates
    for step in 0..<4 {
      let store = try Store(path: path)
      let state = try store.updateMapState { $0.viewport = $0.viewport.zoomed(by: 2) }
      expected = expected.zoomed(by: 2)
      XCTAssertEqual(state.viewport, expected, "step \(step)")
      try store.close()
    }
    let store = try Store(path: path)
    XCTAssertEqual(try store.mapState().viewport.latitudeSpan, 28.0 / 16)
    let reset = try store.updateMapState { $0 = .initial }
    XCTAssertTrue(reset.viewport.isDefault)
    try store.close()
    XCTAssertEqual(try Store(path: path).mapState(), .initial)
  }

  /// A throw inside `updateMapState` (e.g. the SVG cannot be written)
  /// stores nothing.
  func testUpdate_throwStoresNothing() throws {
    try onBothStores { store in
      let before = MapState(
        viewport: MapViewport.continentalUnitedStates.zoomed(by: 2), focusedVenueID: "BOS07")
      try store.saveMapState(before)
      XCTAssertThrowsError(
        try store.updateMapState { state in
          state.viewport = state.viewport.focused(on: wrigley)
          state.focusedVenueID = "CHI11"
          throw StoreTestError.rollback
        }
      ) { XCTAssertEqual($0 as? StoreTestError, .rollback) }
      XCTAssertEqual(try store.mapState(), before)
    }
  }

  /// Hand-edited values: out of range is clamped; not a number, infinite,
  /// or only some keys is reported as damage naming the key.
  func testDamagedValues() throws {
    try onBothStores { store in
      try store.saveMapState(.initial)
      try store.setSetting("map.centerLatitude", "120")
      try store.setSetting("map.longitudeSpan", "9000")
      // The view (28° tall) stops at the North Pole: 90 − 28 / 2 (issue 8, item 19).
      XCTAssertEqual(try store.mapState().viewport.center.latitude, 76)
      XCTAssertEqual(try store.mapState().viewport.longitudeSpan, 360)

      for bad in ["north", "inf", "nan", ""] {
        try store.setSetting("map.latitudeSpan", bad)
        XCTAssertThrowsError(try store.mapState(), bad) { error in
          guard case .corruptValue(let table, let id, _, let value) = error as? StoreError else {
            return XCTFail("\(error)")
          }
          XCTAssertEqual(table, "settings")
          XCTAssertEqual(id, "map.latitudeSpan")
          XCTAssertEqual(value, bad)
        }
      }
      try store.setSetting("map.latitudeSpan", nil)
      XCTAssertThrowsError(try store.mapState()) { error in
        guard case .corruptValue(_, let id, _, _) = error as? StoreError else {
          return XCTFail("\(error)")
        }
        XCTAssertEqual(id, "map.latitudeSpan")
        XCTAssertTrue("\(error)".contains("settings.value"), "\(error)")
      }
      // Saving again repairs it.
      try store.saveMapState(.initial)
      XCTAssertEqual(try store.mapState(), .initial)
    }
  }
}
