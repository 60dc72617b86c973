import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeStore

/// Tests for `Store.importGames`, `Store.games(_:)`, `game(id:)` and
/// `gameCount()` on the real 2024 MLB schedule, on ":memory:" and on a
/// unique temporary file.
final class StoreGamesTests: StoreTestCase {
  /// The fixture really holds the awkward cases the round trip must keep.
  func testFixture_coversEdgeCases() throws {
    let schedule = try StoreFixtures.import2024()
    let games = schedule.games
    XCTAssertEqual(games.count, 2430)
    XCTAssertEqual(Set(games.map(\.id)).count, 2430)
    XCTAssertTrue(games.contains { $0.timeZoneID == "Asia/Seoul" })
    XCTAssertTrue(games.contains { $0.timeUnknown })
    XCTAssertTrue(games.contains { $0.originalDate != nil })
    XCTAssertTrue(games.contains { $0.postponementReason != nil })
    XCTAssertTrue(games.contains { $0.status == .rescheduled })
    XCTAssertTrue(games.contains { $0.status == .cancelled })
    XCTAssertTrue(games.contains { $0.gameNumber == 2 })
  }

  /// First import inserts every game; the same games again change nothing.
  func testImportGames_secondImportIsNoOp() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      XCTAssertEqual(try store.gameCount(), 0)
      let first = try store.importGames(games)
      XCTAssertEqual(
        first, GameImportResult(inserted: 2430, updated: 0, unchanged: 0, updatedInTrips: []))
      XCTAssertFalse(first.isNoOp)
      XCTAssertEqual(try store.gameCount(), 2430)

      let second = try store.importGames(games)
      XCTAssertTrue(second.isNoOp)
      XCTAssertEqual(
        second, GameImportResult(inserted: 0, updated: 0, unchanged: 2430, updatedInTrips: []))
      XCTAssertEqual(try store.gameCount(), 2430)
    }
  }

  /// `scheduledGames` tells "no schedule yet" from "none match": an empty
  /// database throws `noGamesYet`; with the schedule, a query matching
  /// nothing is empty and one matching games gives what `games(_:)` gives.
  func testScheduledGames_noScheduleYetIsAnErrorNoMatchIsEmpty() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      let cubs = GameQuery(teamIDs: ["CHN"])
      XCTAssertThrowsError(try store.scheduledGames(cubs)) {
        XCTAssertEqual($0 as? GameLookupError, .noGamesYet)
      }
      XCTAssertThrowsError(try store.scheduledGames()) {
        XCTAssertEqual(($0 as? GameLookupError)?.kind, .notFound)
      }
      _ = try store.importGames(games)
      let from = try StoreFixtures.date("2025-01-01")
      XCTAssertEqual(try store.scheduledGames(GameQuery(teamIDs: ["CHN"], from: from)), [])
      let matching = try store.scheduledGames(cubs)
      XCTAssertEqual(matching.count, 162)
      XCTAssertEqual(matching, try store.games(cubs))
    }
  }

  /// Re-parsing the file gives the same ids and values: still a no-op.
  func testImportGames_reparsedFileIsNoOp() throws {
    let text = try StoreFixtures.schedule2024Text()
    let catalog = try StoreFixtures.catalog()
    try onBothStores { store in
      try storeWith2024(store)
      let again = try RetrosheetSchedule.parse(text, file: "2024schedule.csv", catalog: catalog)
      XCTAssertTrue(try store.importGames(again.games).isNoOp)
    }
  }

  /// Every field of every game comes back exactly (Game equality), Seoul
  /// zone, unknown times, original dates and postponement reasons included.
  func testImportGames_roundTripsEveryField() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      try storeWith2024(store)
      let stored = try store.games()
      XCTAssertEqual(stored.count, games.count)
      XCTAssertEqual(stored, StoreFixtures.inStoreOrder(games))
      for game in games {
        XCTAssertEqual(try store.game(id: game.id), game)
      }
      let seoul = try XCTUnwrap(try store.game(id: "SDN202403200"))
      XCTAssertEqual(seoul.timeZoneID, "Asia/Seoul")
      XCTAssertEqual(seoul.venueID, Venue.ID("SEO01"))
      XCTAssertEqual(seoul.localDate, try StoreFixtures.date("2024-03-20"))
      XCTAssertEqual(
        LocalTime.iso8601(seoul.start, in: seoul.timeZone), "2024-03-20T19:10:00+09:00")
      let postponed = try XCTUnwrap(try store.game(id: "NYN202403290"))
      XCTAssertEqual(postponed.status, .rescheduled)
      XCTAssertEqual(postponed.originalDate, try StoreFixtures.date("2024-03-28"))
      XCTAssertEqual(postponed.postponementReason, "Rain")
      XCTAssertNil(try store.game(id: "NOPE202401010"))
    }
  }

  /// A game whose start changed is updated (only it) and reported as used
  /// by a trip when one uses it; an unused changed game is not reported.
  func testImportGames_changedGameUpdatedAndReportedForTrips() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      try storeWith2024(store)
      let planned = try StoreFixtures.plan(
        "Chicago and Detroit", environment: .fixed(now: StoreFixtures.now))
      try store.insert(planned)

      var changed = games
      let usedIndex = try XCTUnwrap(changed.firstIndex { $0.id == "CHN202406040" })
      changed[usedIndex].start = changed[usedIndex].start.addingTimeInterval(3600)
      changed[usedIndex].timeEstimated = false
      let result = try store.importGames(changed)
      let tripID = try store.loadTrip("Chicago and Detroit").trip.id
      XCTAssertEqual(
        result,
        GameImportResult(
          inserted: 0, updated: 1, unchanged: 2429, updatedInTrips: ["CHN202406040"],
          trips: [
            AffectedTrip(id: tripID, name: "Chicago and Detroit", gameIDs: ["CHN202406040"])
          ]))
      XCTAssertFalse(result.isNoOp)
      XCTAssertEqual(try store.game(id: "CHN202406040"), changed[usedIndex])
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(changed))
      XCTAssertEqual(
        try store.loadTrip("Chicago and Detroit").games.first, changed[usedIndex])

      let unusedIndex = try XCTUnwrap(changed.firstIndex { $0.id == "SDN202403200" })
      changed[unusedIndex].postponementReason = "Typhoon"
      let second = try store.importGames(changed)
      XCTAssertEqual(
        second,
        GameImportResult(inserted: 0, updated: 1, unchanged: 2429, updatedInTrips: []))
      XCTAssertEqual(try store.game(id: "SDN202403200"), changed[unusedIndex])
    }
  }

  /// Games missing from a later import are kept; new ones are inserted.
  /// A newer schedule that postpones a game (or changes its date) moves the
  /// stored game: no phantom stays at the old date, the ids of that day's
  /// doubleheader are renumbered, and a trip using the game follows it.
  func testImportGames_newerScheduleMovesGamesWithoutPhantoms() throws {
    let original = try StoreFixtures.schedule2024Text()
    let catalog = try StoreFixtures.catalog()
    // TOR@MIL on Monday 2024-06-10 (home game 67) is rained out to
    // 2024-09-20, when MIL already hosts AZ: a doubleheader is formed.
    let row = "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,,\r\n"
    XCTAssertTrue(original.contains(row))
    let postponed = original.replacingOccurrences(
      of: row, with: "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,Rain,20240920\r\n")
    let newer = try RetrosheetSchedule.parse(postponed, file: "newer.csv", catalog: catalog)
    try onBothStores { store in
      try storeWith2024(store)
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      try store.insert(
        try StoreFixtures.plan(
          "Brewers", gameIDs: ["CHN202406040", "MIL202406100"], environment: environment))
      let result = try store.importGames(newer.games)
      XCTAssertEqual(result.inserted, 0)
      XCTAssertEqual(result.updated, 2, "the moved game and the one it now shares a day with")
      XCTAssertEqual(
        result.renamed, ["MIL202406100": "MIL202409201", "MIL202409200": "MIL202409202"])
      XCTAssertEqual(result.updatedInTrips, ["MIL202409201"])
      XCTAssertEqual(try store.gameCount(), 2430, "one game per schedule row")
      XCTAssertNil(try store.game(id: "MIL202406100"), "no phantom at the old date")
      let trip = try store.loadTrip("Brewers")
      XCTAssertEqual(trip.trip.gameIDs.sorted(), ["CHN202406040", "MIL202409201"])
      XCTAssertEqual(trip.games.last?.localDate.iso, "2024-09-20")
      XCTAssertEqual(trip.games.last?.status, .rescheduled)
      // Importing the newer file again is a no-op; the older one moves it back.
      XCTAssertTrue(try store.importGames(newer.games).isNoOp)
      let back = try store.importGames(try StoreFixtures.games2024())
      XCTAssertEqual(back.renamed["MIL202409201"], "MIL202406100")
      XCTAssertEqual(
        try store.loadTrip("Brewers").trip.gameIDs.sorted(), ["CHN202406040", "MIL202406100"])
    }
  }

  /// A newer file moving a game onto the id of a stored game it no longer
  /// lists (issue 8, item 18: this used to fail with SQLite's "UNIQUE
  /// constraint failed: games.id while running: UPDATE games …") is
  /// refused as the makeup's row, in plain words, and changes nothing.
  func testImportSchedule_moveOntoTheIDOfAStoredGameIsRefusedAsTheRow() throws {
    let newer = try StoreFixtures.cubsMakeupReplacingTheMets()
    try onBothStores { store in
      try storeWith2024(store)
      XCTAssertThrowsError(try store.importSchedule(newer)) { error in
        let fileError = error as? FileFormatError
        XCTAssertEqual(fileError?.file, "newer.csv")
        XCTAssertEqual(fileError?.line, 1113)
        XCTAssertEqual(fileError?.field, "13 (Makeup)")
        XCTAssertTrue(
          fileError?.message.contains("the database already has CHN202406210") ?? false,
          "\(error)")
        XCTAssertFalse("\(error)".contains("UNIQUE"), "\(error)")
        XCTAssertFalse("\(error)".contains("UPDATE"), "\(error)")
      }
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(try StoreFixtures.games2024()))
      XCTAssertFalse(store.database.isInTransaction)
    }
  }

  /// With `replace`, stored games of the season that the file no longer
  /// lists are removed (here the one whose id the makeup takes); the same
  /// file again changes nothing.
  func testImportSchedule_replaceRemovesGamesTheFileNoLongerLists() throws {
    let newer = try StoreFixtures.cubsMakeupReplacingTheMets()
    try onBothStores { store in
      try storeWith2024(store)
      _ = try store.importGames(try StoreFixtures.season2025Games())
      let result = try store.importSchedule(newer, replace: true)
      XCTAssertEqual(result.removed, ["CHN202406210"])
      XCTAssertEqual(result.notInFile, 1)
      XCTAssertEqual(result.renamed, ["CHN202406190": "CHN202406210"])
      XCTAssertEqual(result.updated, 1)
      XCTAssertEqual(result.inserted, 0)
      XCTAssertFalse(result.isNoOp)
      XCTAssertEqual(try store.gameCount(), 2429 + 2430, "2025 is another season: kept")
      let moved = try XCTUnwrap(try store.game(id: "CHN202406210"))
      XCTAssertEqual(moved.awayTeamID, "SFN")
      XCTAssertEqual(moved.originalDate?.iso, "2024-06-19")
      XCTAssertNil(try store.game(id: "CHN202406190"))
      let again = try store.importSchedule(newer, replace: true)
      XCTAssertTrue(again.isNoOp)
      XCTAssertEqual(again.removed, [])
      XCTAssertEqual(again.unchanged, 2429)
    }
  }

  /// `replace` refuses to remove a game a trip or a visit uses, names the
  /// game, the trips and the visits, and changes nothing.
  func testImportSchedule_replaceRefusesGamesInUse() throws {
    let newer = try StoreFixtures.cubsMakeupReplacingTheMets()
    try onBothStores { store in
      try storeWith2024(store)
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      try store.insert(
        try StoreFixtures.plan(
          "Mets at Wrigley", gameIDs: ["CHN202406210"], environment: environment))
      let mets = try StoreFixtures.game2024("CHN202406210")
      let visit = Visit(game: mets, id: Visit.ID(UUID()), now: StoreFixtures.now)
      try store.insertVisit(visit)
      let before = try store.games()
      guard
        case .gamesInUse(let used) = recordError({ try store.importSchedule(newer, replace: true) })
      else { return XCTFail("expected gamesInUse") }
      XCTAssertEqual(
        used, [GameInUse(gameID: "CHN202406210", tripNames: ["Mets at Wrigley"], visits: [visit])])
      let text = RecordError.gamesInUse(used).description
      XCTAssertEqual(
        text,
        "1 game the schedule no longer lists is still used, so nothing was changed: "
          + "CHN202406210 (trip 'Mets at Wrigley', visit \(visit.key.prefix(8)) on Fri, Jun 21, 2024)"
      )
      XCTAssertFalse(text.contains("replace"), "the store does not name the CLI's flags")
      XCTAssertEqual(try store.games(), before)
      XCTAssertEqual(try store.visits(), [visit])
      XCTAssertFalse(store.database.isInTransaction)
    }
  }

  /// A moved game names the trips that use it (by name) and the visits of
  /// it: a visit on the old date keeps its date and loses its game; one on
  /// a date the game still falls on follows it to its new id.
  func testImportSchedule_movedGamesNameTripsAndUnlinkVisits() throws {
    // TOR @ MIL on Jun 10 rained out to Sep 20, when MIL hosts ARI: the
    // Arizona game stays on its day as game 2 of the doubleheader.
    let newer = try StoreFixtures.edited2024([
      (
        "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,,",
        "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,Rain,20240920"
      )
    ])
    try onBothStores { store in
      try storeWith2024(store)
      let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
      try store.insert(
        try StoreFixtures.plan(
          "Brewers", gameIDs: ["CHN202406040", "MIL202406100"], environment: environment))
      try store.insert(
        try StoreFixtures.plan("Untouched", gameIDs: ["CHN202406040"], environment: environment))
      let june = Visit(
        game: try StoreFixtures.game2024("MIL202406100"), id: Visit.ID(UUID()),
        now: StoreFixtures.now)
      let september = Visit(
        game: try StoreFixtures.game2024("MIL202409200"), id: Visit.ID(UUID()),
        now: StoreFixtures.now)
      try store.insertVisit(june)
      try store.insertVisit(september)

      let result = try store.importSchedule(newer)
      XCTAssertEqual(
        result.trips.map { [$0.name] + $0.gameIDs.map(\.description) },
        [["Brewers", "MIL202409201"]])
      XCTAssertEqual(result.trips.first?.id, try store.loadTrip("Brewers").trip.id)
      XCTAssertEqual(result.visits.map(\.visit.id), [september.id, june.id])
      XCTAssertEqual(result.visits.map(\.keepsLink), [true, false])
      XCTAssertEqual(result.visits.map(\.game.id), ["MIL202409202", "MIL202409201"])

      let stored = Dictionary(uniqueKeysWithValues: try store.visits().map { ($0.id, $0) })
      XCTAssertNil(stored[june.id]?.gameID, "the June visit lost its game")
      XCTAssertEqual(stored[june.id]?.date.iso, "2024-06-10", "and kept its own date")
      XCTAssertEqual(stored[june.id]?.matchup, june.matchup)
      XCTAssertEqual(stored[june.id]?.modifiedAt, june.modifiedAt)
      XCTAssertEqual(stored[september.id]?.gameID, "MIL202409202", "followed its game")
      XCTAssertEqual(stored[september.id]?.date.iso, "2024-09-20")

      // The same file again: nothing changes, nobody is named.
      let again = try store.importSchedule(newer)
      XCTAssertTrue(again.isNoOp)
      XCTAssertEqual(again.trips, [])
      XCTAssertEqual(again.visits, [])
    }
  }

  /// A partial file that would put a team in two places at once with a
  /// stored game it does not list is refused at its row; nothing changes.
  func testImportSchedule_teamInTwoPlacesWithAStoredGameIsRefused() throws {
    let header = try StoreFixtures.schedule2024Text().components(separatedBy: "\r\n")[0]
    let partial = try RetrosheetSchedule.parse(
      header + "\r\n20240423,0,Tuesday,HOU,AL,24,CHN,NL,23,n,CHI11,Rain,20240426\r\n",
      file: "partial.csv", catalog: StoreFixtures.catalog())
    try onBothStores { store in
      try storeWith2024(store)
      XCTAssertThrowsError(try store.importSchedule(partial)) { error in
        let fileError = error as? FileFormatError
        XCTAssertEqual(fileError?.line, 2)
        XCTAssertEqual(fileError?.field, "13 (Makeup)")
        XCTAssertTrue(
          fileError?.message.contains("CHC would play two games at once") ?? false, "\(error)")
        XCTAssertTrue(
          fileError?.message.contains("stored game BOS202404260") ?? false, "\(error)")
      }
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(try StoreFixtures.games2024()))
    }
  }

  /// Into an empty database the plan does not check a parsed file's games
  /// again (the parse did); games changed after parsing lose that mark
  /// and are checked: a team put in two places at once by an edit is
  /// refused at its row, and nothing is stored.
  func testImportSchedule_gamesChangedAfterParsingAreCheckedAgain() throws {
    var schedule = try StoreFixtures.import2024()
    XCTAssertTrue(schedule.gamesAreChecked)
    // The Cubs' first game, moved to start with their second.
    let cubs = schedule.games.indices.filter {
      schedule.games[$0].homeTeamID == "CHN" || schedule.games[$0].awayTeamID == "CHN"
    }
    let (first, second) = (cubs[0], cubs[1])
    schedule.games[first].start = schedule.games[second].start
    XCTAssertFalse(schedule.gamesAreChecked)
    try onBothStores { store in
      XCTAssertThrowsError(try store.importSchedule(schedule)) { error in
        let fileError = error as? FileFormatError
        XCTAssertEqual(fileError?.line, schedule.origins[second].line)
        XCTAssertTrue(
          fileError?.message.contains("CHC would play two games at once") ?? false, "\(error)")
      }
      XCTAssertEqual(try store.gameCount(), 0)
      // The file as parsed goes in whole.
      let result = try store.importSchedule(try StoreFixtures.import2024())
      XCTAssertEqual(result.inserted, 2430)
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(try StoreFixtures.games2024()))
    }
  }

  func testImportGames_keepsGamesMissingFromLaterImport() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      let firstHalf = Array(games.prefix(1000))
      XCTAssertEqual(try store.importGames(firstHalf).inserted, 1000)
      let result = try store.importGames(Array(games.suffix(1500)))
      XCTAssertEqual(result.inserted, 1430)
      XCTAssertEqual(result.unchanged, 70)
      XCTAssertEqual(result.updated, 0)
      XCTAssertEqual(try store.gameCount(), 2430)
      XCTAssertTrue(try store.importGames(firstHalf).isNoOp)
    }
  }

  /// Importing nothing is a no-op.
  func testImportGames_emptyListIsNoOp() throws {
    try onBothStores { store in
      let result = try store.importGames([])
      XCTAssertTrue(result.isNoOp)
      XCTAssertEqual(result.unchanged, 0)
      XCTAssertEqual(try store.gameCount(), 0)
    }
  }

  /// An import inside a transaction that then throws leaves nothing behind,
  /// neither new games nor updates.
  func testImportGames_rolledBackByOuterTransaction() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      XCTAssertThrowsError(
        try store.transaction { () throws -> Void in
          XCTAssertEqual(try store.importGames(games).inserted, 2430)
          XCTAssertEqual(try store.gameCount(), 2430)
          throw StoreTestError.rollback
        }
      ) { XCTAssertEqual($0 as? StoreTestError, .rollback) }
      XCTAssertEqual(try store.gameCount(), 0)

      try storeWith2024(store)
      let changed = games.map { game -> Game in
        var game = game
        game.start = game.start.addingTimeInterval(60)
        return game
      }
      XCTAssertThrowsError(
        try store.transaction { () throws -> Void in
          XCTAssertEqual(try store.importGames(changed).updated, 2430)
          throw StoreTestError.rollback
        }
      ) { XCTAssertEqual($0 as? StoreTestError, .rollback) }
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(games))
      XCTAssertFalse(store.database.isInTransaction)
    }
  }

  /// A list that fails midway (a repeated id, found after 1200 inserts) is
  /// refused as a whole with a plain message: nothing from it is stored.
  func testImportGames_constraintFailureMidwayStoresNothing() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      let duplicated = Array(games.prefix(1200)) + [games[5]] + Array(games.dropFirst(1200))
      let error = recordError { try store.importGames(duplicated) }
      XCTAssertTrue(
        error?.description.contains("\(games[5].id) appears twice") ?? false,
        String(describing: error))
      XCTAssertEqual(try store.gameCount(), 0)
      XCTAssertFalse(store.database.isInTransaction)

      // With games already stored, a failing import changes none of them.
      XCTAssertEqual(try store.importGames(Array(games.prefix(100))).inserted, 100)
      var changed = Array(games.prefix(100))
      changed[0].postponementReason = "changed"
      let extra = Array(games[100..<300])
      let failing = changed + extra + [extra[0]]
      XCTAssertNotNil(recordError { try store.importGames(failing) })
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(Array(games.prefix(100))))
    }
  }

  /// A malformed schedule is reported with file, line and field by the
  /// reader, so nothing reaches the store.
  func testImportGames_badFileChangesNothing() throws {
    // The file has CRLF line ends, and "\r\n" is one Character in Swift.
    var broken = try StoreFixtures.schedule2024Text()
      .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    guard broken.count > 2000 else { return XCTFail("expected 2431 lines, got \(broken.count)") }
    broken[99] = broken[99].replacingOccurrences(of: ",n,", with: ",x,")
      .replacingOccurrences(of: ",d,", with: ",x,")
    try onBothStores { store in
      try storeWith2024(store)
      XCTAssertThrowsError(
        try store.importGames(
          RetrosheetSchedule.parse(
            broken.joined(separator: "\n"), file: "2024schedule.csv",
            catalog: StoreFixtures.catalog()
          ).games)
      ) { error in
        let formatError = error as? FileFormatError
        XCTAssertEqual(formatError?.file, "2024schedule.csv")
        XCTAssertEqual(formatError?.line, 100)
        XCTAssertEqual(formatError?.field, "10 (Day/Night)")
      }
      XCTAssertEqual(try store.games(), StoreFixtures.inStoreOrder(try StoreFixtures.games2024()))
    }
  }

  /// The team filter matches home or away games.
  func testGames_teamFilterMatchesHomeOrAway() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      try storeWith2024(store)
      let cubs = try store.games(GameQuery(teamID: "CHN"))
      XCTAssertEqual(
        cubs,
        StoreFixtures.inStoreOrder(
          games.filter { $0.homeTeamID == "CHN" || $0.awayTeamID == "CHN" }))
      XCTAssertEqual(cubs.filter { $0.status != .cancelled }.count, 162)
      XCTAssertTrue(cubs.contains { $0.homeTeamID == "CHN" })
      XCTAssertTrue(cubs.contains { $0.awayTeamID == "CHN" })
      XCTAssertEqual(try store.games(GameQuery(teamID: "XXX")), [])
    }
  }

  /// Several teams or venues: any of them matches; the filters combine
  /// (issue 8, item 15).
  func testGames_severalTeamsOrVenuesMatchAnyOfThem() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      try storeWith2024(store)
      let both = try store.games(GameQuery(teamIDs: ["CHN", "DET"]))
      XCTAssertEqual(
        both,
        StoreFixtures.inStoreOrder(
          games.filter { game in
            [game.homeTeamID, game.awayTeamID].contains { $0 == "CHN" || $0 == "DET" }
          }))
      let cubs = try store.games(GameQuery(teamID: "CHN"))
      let tigers = try store.games(GameQuery(teamID: "DET"))
      let shared = Set(cubs.map(\.id)).intersection(tigers.map(\.id))
      XCTAssertEqual(both.count, cubs.count + tigers.count - shared.count)
      XCTAssertFalse(shared.isEmpty, "the Cubs and the Tigers meet in 2024")
      let parks = try store.games(
        GameQuery(teamIDs: [], venueIDs: [Venue.ID("SEO01"), Venue.ID("CHI11")]))
      XCTAssertEqual(
        parks,
        StoreFixtures.inStoreOrder(
          games.filter { $0.venueID == Venue.ID("SEO01") || $0.venueID == Venue.ID("CHI11") }))
      // Across filters all must match: Tigers games at Wrigley only.
      let tigersAtWrigley = try store.games(
        GameQuery(teamIDs: ["DET"], venueIDs: [Venue.ID("CHI11"), Venue.ID("SEO01")]))
      XCTAssertEqual(tigersAtWrigley, tigers.filter { $0.venueID == Venue.ID("CHI11") })
      XCTAssertFalse(tigersAtWrigley.isEmpty)
    }
  }

  /// The venue filter matches the real site (neutral sites included).
  func testGames_venueFilter() throws {
    let games = try StoreFixtures.games2024()
    try onBothStores { store in
      try storeWith2024(store)
      let seoul = try store.games(GameQuery(venueID: Venue.ID("SEO01")))
      XCTAssertEqual(seoul.map(\.id), ["SDN202403200", "LAN202403210"])
      let wrigley = try store.games(GameQuery(venueID: Venue.ID("CHI11")))
      XCTAssertEqual(
        wrigley, StoreFixtures.inStoreOrder(games.filter { $0.venueID == Venue.ID("CHI11") }))
      XCTAssertGreaterThan(wrigley.count, 70)
    }
  }

  /// Date ranges are inclusive and use the venue's local date, not the UTC one.
  func testGames_dateRangeInclusiveOnLocalDates() throws {
    let games = try StoreFixtures.games2024()
    let from = try StoreFixtures.date("2024-06-04")
    let to = try StoreFixtures.date("2024-06-08")
    let lastDays = try StoreFixtures.date("2024-09-29")
    let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
    try onBothStores { store in
      try storeWith2024(store)
      let range = try store.games(GameQuery(from: from, to: to))
      XCTAssertEqual(
        range,
        StoreFixtures.inStoreOrder(games.filter { $0.localDate >= from && $0.localDate <= to }))
      XCTAssertTrue(range.contains { $0.localDate == from })
      XCTAssertTrue(range.contains { $0.localDate == to })
      // West-coast night games on the last day start on the next UTC day.
      XCTAssertTrue(
        range.contains { CalendarDate($0.start, in: utc) > to })

      let oneDay = try store.games(GameQuery(from: from, to: from))
      XCTAssertFalse(oneDay.isEmpty)
      XCTAssertTrue(oneDay.allSatisfy { $0.localDate == from })

      // Seoul: 19:10 KST on Mar 20 is still Mar 20 locally (10:10 UTC).
      let march20 = try StoreFixtures.date("2024-03-20")
      XCTAssertEqual(
        try store.games(GameQuery(from: march20, to: march20)).map(\.id), ["SDN202403200"])

      XCTAssertEqual(try store.games(GameQuery(from: to, to: from)), [])
      XCTAssertEqual(
        try store.games(GameQuery(from: lastDays)),
        StoreFixtures.inStoreOrder(games.filter { $0.localDate >= lastDays }))
      XCTAssertEqual(
        try store.games(GameQuery(to: march20)),
        StoreFixtures.inStoreOrder(games.filter { $0.localDate <= march20 }))
    }
  }

  /// Filters combine with AND.
  func testGames_filtersCombine() throws {
    let games = try StoreFixtures.games2024()
    let from = try StoreFixtures.date("2024-06-01")
    let to = try StoreFixtures.date("2024-06-30")
    try onBothStores { store in
      try storeWith2024(store)
      let query = GameQuery(teamID: "CHA", venueID: Venue.ID("CHI11"), from: from, to: to)
      let result = try store.games(query)
      XCTAssertEqual(
        result,
        StoreFixtures.inStoreOrder(
          games.filter {
            ($0.homeTeamID == "CHA" || $0.awayTeamID == "CHA") && $0.venueID == Venue.ID("CHI11")
              && $0.localDate >= from && $0.localDate <= to
          }))
      XCTAssertEqual(result.map(\.id), ["CHN202406040", "CHN202406050"])
    }
  }

  /// Results are ordered by start, ties broken by id.
  func testGames_orderedByStartThenID() throws {
    try onBothStores { store in
      // Import in reverse file order so insertion order cannot fake the order.
      _ = try store.importGames(try StoreFixtures.games2024().reversed())
      let all = try store.games()
      XCTAssertEqual(all.count, 2430)
      var ties = 0
      for (a, b) in zip(all, all.dropFirst()) {
        XCTAssertTrue((a.start, a.id) < (b.start, b.id), "\(a.id) before \(b.id)")
        if a.start == b.start { ties += 1 }
      }
      XCTAssertGreaterThan(ties, 100, "the data should have simultaneous starts")
    }
  }
}
