import Foundation
import SportsTimeAPI
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// The rules issue 9 moved out of the CLI into the Store, on the real 2024
/// schedule: game references (`games(for:catalog:)`), the trip resolver, the
/// re-plan in one call, the import in one call, and the errors' kinds.
final class StoreLookupTests: StoreTestCase {
  func date(_ iso: String) throws -> CalendarDate { try StoreFixtures.date(iso) }

  func lookupError(
    _ expression: () throws -> Any, file: StaticString = #filePath, line: UInt = #line
  ) -> GameLookupError? {
    do {
      _ = try expression()
      XCTFail("expected a GameLookupError", file: file, line: line)
    } catch let error as GameLookupError {
      return error
    } catch {
      XCTFail("expected a GameLookupError, got \(error)", file: file, line: line)
    }
    return nil
  }

  func testGamesForReferences_idsTeamsOnDatesAndFranchiseCodes() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let catalog = try StoreFixtures.catalog()
      let games = try store.games(
        for: [
          .id("CHN202406040"), .teamOnDate(team: "cubs", date: try date("2024-06-04"), number: 1),
          // The Tigers play the Brewers in Detroit that Friday: found by the away team.
          .teamOnDate(team: "MIL", date: try date("2024-06-07"), number: 1),
          // The 2025 code finds the franchise's 2024 games (as OAK).
          .teamOnDate(team: "ATH", date: try date("2024-06-01"), number: 1),
        ], catalog: catalog)
      XCTAssertEqual(
        games.map(\.id), ["CHN202406040", "CHN202406040", "DET202406070", "ATL202406010"])
      XCTAssertEqual(
        try store.game(
          for: .teamOnDate(team: "DET", date: try date("2024-06-07"), number: 1),
          catalog: catalog
        ).id, "DET202406070")
    }
  }

  func testGamesForReferences_emptyStoreUnknownIdAndAnotherSportsTeam() throws {
    try onBothStores { store in
      let catalog = try StoreFixtures.catalog()
      let june4 = try date("2024-06-04")
      for reference in [
        GameReference.id("CHN202406040"), .teamOnDate(team: "cubs", date: june4, number: 1),
      ] {
        XCTAssertEqual(
          lookupError { try store.games(for: [reference], catalog: catalog) }, .noGamesYet,
          reference.description)
      }
      try storeWith2024(store)
      let unknown = lookupError { try store.game(for: .id("XXX202406040"), catalog: catalog) }
      XCTAssertEqual(unknown, .noSuchGame("XXX202406040"))
      XCTAssertEqual(unknown?.kind, .notFound)
      XCTAssertEqual(unknown?.description, "no game XXX202406040 in the database")
      // Another sport's team is not an MLB team: the catalog's error
      // comes through as it is (the CLI prints it unchanged).
      XCTAssertThrowsError(
        try store.game(for: .teamOnDate(team: "celtics", date: june4, number: 1), catalog: catalog)
      ) { error in
        guard case CatalogError.unknownTeam("celtics", _) = error else {
          return XCTFail("expected unknownTeam, got \(error)")
        }
      }
      // A date the team does not play: Core's pick says so.
      XCTAssertThrowsError(
        try store.game(
          for: .teamOnDate(team: "cubs", date: try date("2024-06-03"), number: 1), catalog: catalog)
      ) { XCTAssertTrue($0 is GameReferenceError, "\($0)") }
    }
  }

  /// Mets vs Brewers, Thu Mar 28 2024, was rained out and played Mar 29.
  func testGamesForReferences_movedGameNamesItsNewDate() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let catalog = try StoreFixtures.catalog()
      let moved = try XCTUnwrap(
        try store.games(GameQuery(teamID: "NYN")).first {
          $0.originalDate == (try? date("2024-03-28")) && $0.status == .rescheduled
        })
      let error = lookupError {
        try store.game(
          for: .teamOnDate(team: "mets", date: try date("2024-03-28"), number: 1), catalog: catalog)
      }
      XCTAssertEqual(
        error,
        .moved(
          team: "New York Mets", date: try date("2024-03-28"), matchup: "MIL @ NYM",
          gameID: moved.id, newDate: try date("2024-03-29")))
      XCTAssertEqual(error?.kind, .notFound)
      XCTAssertFalse(error?.description.contains("sportstime") ?? true)
    }
  }

  func testResolver_findsByIdNamePrefixAndFoldedName_storeWorksByID() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(
        "Great Lakes", environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let id = planned.trip.id
      let resolver = TripResolver(store: store)
      let prefix = String(id.description.prefix(6))
      for reference in [id.rawValue.uuidString, " great lakes ", prefix, "ｇｒｅａｔ ｌａｋｅｓ"] {
        XCTAssertEqual(try resolver.id(matching: reference), id, reference)
      }
      XCTAssertEqual(try store.loadTrip(id: try resolver.id(matching: "Great Lakes")).trip.id, id)
      let missing = recordError { try resolver.trip(matching: "Great Lake") }
      XCTAssertEqual(missing, .tripNotFound("Great Lake", suggestion: "Great Lakes"))
      XCTAssertEqual(missing?.kind, .notFound)
      XCTAssertEqual(recordError { try resolver.trip(matching: "  ") }?.kind, .invalidInput)
      XCTAssertEqual(recordError { try store.loadTrip(id: Trip.ID(UUID())) }?.kind, .notFound)
    }
  }

  /// The re-plan argument rule runs in the Store's one call: removing every
  /// game is refused and changes nothing; the same days again change
  /// nothing (`changesNothing`, the revision stays).
  func testReplanTrip_withReferences_refusesRemovingEveryGameAndNoOpChangesNothing() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let catalog = try StoreFixtures.catalog()
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      let planned = try StoreFixtures.plan("Loop", environment: environment)
      try store.insert(planned)
      let id = planned.trip.id
      let before = try store.loadTrip(id: id)
      XCTAssertThrowsError(
        try store.replanTrip(
          id: id, adding: [], removing: planned.trip.gameIDs.map(GameReference.id), start: nil,
          end: nil, catalog: catalog, environment: environment)
      ) { error in
        XCTAssertEqual(error as? TripError, .removesEveryGame(trip: "Loop"))
        XCTAssertEqual((error as? TripError)?.kind, .refused)
      }
      XCTAssertThrowsError(
        try store.replanTrip(
          id: id, adding: [.id("CHN202406040")], removing: [], start: nil, end: nil,
          catalog: catalog, environment: environment)
      ) { XCTAssertEqual(($0 as? TripError)?.kind, .refused, "already in the trip: \($0)") }
      let same = try store.replanTrip(
        id: id, adding: [], removing: [], start: before.trip.startDate, end: nil, catalog: catalog,
        environment: environment)
      XCTAssertTrue(same.changesNothing)
      let after = try store.loadTrip(id: id)
      XCTAssertEqual(after.trip.revision, before.trip.revision)
      XCTAssertEqual(after.items, before.items)
      // Removing one game by TEAM@DATE changes the trip.
      let fewer = try store.replanTrip(
        id: id, adding: [],
        removing: [.teamOnDate(team: "Tigers", date: try date("2024-06-08"), number: 1)],
        start: nil, end: nil, catalog: catalog, environment: environment)
      XCTAssertFalse(fewer.changesNothing)
      XCTAssertEqual(fewer.trip.gameIDs, ["CHN202406040", "CHA202406060"])
      XCTAssertEqual(fewer.report.removed.count, 1, "the leg to Detroit")
      XCTAssertEqual(fewer.previousItems.map(\.id).sorted(), before.items.map(\.id).sorted())
    }
  }

  func testImportTrip_returnsTheStoredTrip() throws {
    try onBothStores { store in
      try storeWith2024(store)
      let catalog = try StoreFixtures.catalog()
      let planned = try StoreFixtures.plan("Exported", environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)
      let itinerary = try store.itinerary(id: planned.trip.id, catalog: catalog)
      let file = Data(WireV1.TripFile.export(itinerary, teams: catalog.teams).utf8)
      _ = try store.deleteTrip(id: planned.trip.id)
      let imported = try store.importTrip(
        try WireV1.TripFile.imported(file, file: "t.json"), file: "t.json", catalog: catalog)
      let loaded = try store.loadTrip(id: planned.trip.id)
      XCTAssertEqual(imported.stored.trip, loaded.trip)
      XCTAssertEqual(imported.stored.games, loaded.games)
      XCTAssertEqual(imported.stored.items.map(\.id).sorted(), loaded.items.map(\.id).sorted())
      // The same file again: the id is taken (a record rule, not SQLite).
      let again = recordError {
        try store.importTrip(
          try WireV1.TripFile.imported(file, file: "t.json"), file: "t.json", catalog: catalog)
      }
      XCTAssertEqual(again, .duplicateTripID(Store.key(planned.trip.id), name: "Exported"))
      XCTAssertEqual(again?.kind, .refused)
      XCTAssertEqual(again?.field, "id")
    }
  }

  /// Every domain error has a kind, and no Store message names a command
  /// or flag (the CLI adds those).
  func testErrors_kindsAndMessagesWithoutCommandsOrFlags() throws {
    let visit = try XCTUnwrap(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    let cases: [(RecordError, ErrorKind)] = [
      (.emptyTripReference, .invalidInput), (.tripNotFound("x", suggestion: nil), .notFound),
      (.ambiguousTrip("abcd", candidates: ["A", "B"]), .invalidInput),
      (.duplicateTripName("A"), .refused), (.duplicateTripID("id", name: "A"), .refused),
      (.gameNotFound("G"), .notFound), (.itemNotFound("i"), .notFound),
      (.invalidItem("why"), .invalidInput), (.invalidText(field: "item's title"), .invalidInput),
      (.visitNotFound("v"), .notFound), (.visitIDTooShort("00"), .invalidInput),
      (.ambiguousVisit("0000", candidates: []), .invalidInput),
      (
        .gameAlreadyVisited(gameID: "CHN202406040", visitID: visit.uuidString, game: "CWS @ CHC"),
        .refused
      ),
      (
        .gamesInUse([GameInUse(gameID: "MIL202406100", tripNames: ["Brewers"], visits: [])]),
        .refused
      ),
    ]
    for (error, kind) in cases {
      XCTAssertEqual(error.kind, kind, "\(error)")
      XCTAssertFalse(error.description.contains("sportstime"), error.description)
      XCTAssertFalse(error.description.contains("--"), error.description)
    }
    XCTAssertEqual(
      RecordError.gamesInUse([GameInUse(gameID: "MIL202406100", tripNames: ["B"], visits: [])])
        .games, ["MIL202406100"])
    XCTAssertEqual(RecordError.invalidText(field: "item's title").field, "item's title")
    XCTAssertEqual(RecordError.duplicateTripName("A").field, "name")
    let storeErrors: [StoreError] = [
      .unknownMigration("9-x"), .foreignDatabase(path: "/tmp/x"),
      .sqlite(code: 5, message: "busy", sql: nil), .cannotOpen(path: "/tmp/x", reason: "gone"),
    ]
    for error in storeErrors {
      XCTAssertEqual(error.kind, .unavailable)
      XCTAssertFalse(error.description.contains("--"), error.description)
    }
  }
}
