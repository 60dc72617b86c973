import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// `Store.importLegacy`: the legacy import as one store operation (issue
/// 9; it was the command's own transaction), on the repository's legacy
/// fixtures and the real 2024 schedule.
final class StoreLegacyImportTests: StoreTestCase {
  private func legacy(_ name: String) throws -> LegacyFile {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/legacy/\(name)")
    return try LegacyImport.read(try Data(contentsOf: url), file: name)
  }

  private let environment = RuleEnvironment.fixed(now: Date(timeIntervalSince1970: 1_717_000_000))

  func testImportLegacy_allTripsOnceThenNothingChanges() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let file = try legacy("trips.json")
      let catalog = try StoreFixtures.catalog()
      let first = try store.importLegacy(file, catalog: catalog, environment: environment)
      let imported = first.compactMap { result -> LegacyConversion? in
        if case .imported(let conversion) = result { return conversion }
        return nil
      }
      XCTAssertEqual(imported.map(\.trip.name), ["Midwest Legacy", "New York Weekend"])
      XCTAssertEqual(
        try store.trips().map(\.name).sorted(), ["Midwest Legacy", "New York Weekend"])
      let items = try rowCount("itinerary_items", in: store)
      XCTAssertEqual(items, imported.reduce(0) { $0 + $1.items.count })
      let again = try store.importLegacy(file, catalog: catalog, environment: environment)
      for result in again {
        guard case .alreadyImported = result else { return XCTFail("imported twice: \(result)") }
      }
      XCTAssertEqual(try rowCount("itinerary_items", in: store), items)
    }
  }

  func testImportLegacy_missingGameStoresNothingAndNamesTheGame() throws {
    try onBothStores { store in
      try storeWith2024(store)
      XCTAssertThrowsError(
        try store.importLegacy(
          try legacy("missing-game.json"), catalog: try StoreFixtures.catalog(),
          environment: environment)
      ) { error in
        let e = error as? FileFormatError
        XCTAssertEqual(e?.missingGameID, "NYA202412250")
        XCTAssertEqual(e?.field, "trips[1].games[1]")
        XCTAssertEqual(e?.kind, .invalidInput)
        XCTAssertEqual(
          e?.description,
          "missing-game.json, field trips[1].games[1]: no game NYA202412250 in the database; import its schedule first"
        )
      }
      XCTAssertEqual(try store.trips().count, 0)
    }
  }
}
