import Foundation
import XCTest

@testable import SportsTimeCore

/// `ScheduleMerge`: re-importing edited copies of the real 2024 schedule
/// over the games of the real file (written to a temporary directory, never
/// committed).
final class ScheduleMergeTests: XCTestCase {
  private var tempDir: URL!

  override func setUpWithError() throws {
    tempDir = FileManager.default.temporaryDirectory
      .appendingPathComponent("sportstime-merge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: tempDir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    if let tempDir { try? FileManager.default.removeItem(at: tempDir) }
  }

  /// The real 2024 file with each `(old, new)` row replaced (`new` nil:
  /// the row removed), written to the temp dir and parsed back.
  private func edited2024(
    _ edits: [(String, String?)], file: StaticString = #filePath, line: UInt = #line
  ) throws -> ScheduleImport {
    var lines = try Fixtures.retrosheetText("2024schedule.csv").components(separatedBy: "\r\n")
    for (old, new) in edits {
      let index = try XCTUnwrap(lines.firstIndex(of: old), "no row \(old)", file: file, line: line)
      if let new { lines[index] = new } else { lines.remove(at: index) }
    }
    let url = tempDir.appendingPathComponent("2024schedule.csv")
    try lines.joined(separator: "\r\n").write(to: url, atomically: true, encoding: .utf8)
    return try RetrosheetSchedule.parse(
      try String(contentsOf: url, encoding: .utf8), file: "newer.csv",
      catalog: try Fixtures.catalog())
  }

  /// SFN @ CHN on Wed Jun 19 (line 1113) rained out to Fri Jun 21, and the
  /// Mets game the Cubs played that day (line 1133) gone from the file.
  private func cubsMakeupReplacingTheMets() throws -> ScheduleImport {
    try edited2024([
      (
        "20240619,0,Wednesday,SFN,NL,75,CHN,NL,76,d,CHI11,,",
        "20240619,0,Wednesday,SFN,NL,75,CHN,NL,76,d,CHI11,Rain,20240621"
      ),
      ("20240621,0,Friday,NYN,NL,76,CHN,NL,77,d,CHI11,,", nil),
    ])
  }

  private func visit(
    _ n: Int, on date: String, at venue: Venue.ID = "CHI11", game: Game.ID?,
    matchup: Matchup? = nil
  ) throws -> Visit {
    Visit(
      id: Fixtures.uuid(n), sport: .mlb, venueID: venue, date: try Fixtures.date(date),
      gameID: game, matchup: matchup, createdAt: Date(timeIntervalSince1970: 0),
      modifiedAt: Date(timeIntervalSince1970: 0))
  }

  func testPlan_sameGamesChangeNothing() throws {
    let games = try Fixtures.season(2024).games
    for replace in [false, true] {
      let merge = try ScheduleMerge.plan(stored: games, incoming: games, replace: replace)
      XCTAssertEqual(merge.unchangedCount, 2430)
      XCTAssertEqual(merge.inserts, [])
      XCTAssertEqual(merge.changes, [])
      XCTAssertEqual(merge.missing, [])
      XCTAssertEqual(merge.removed, [])
    }
  }

  /// A move onto the id of a stored game that the file no longer lists:
  /// refused as the makeup's row while that game stays; replacing the
  /// season removes it and the move goes through.
  func testPlan_moveOntoTheIDOfAGameThatStaysIsRefused() throws {
    let stored = try Fixtures.season(2024).games
    let newer = try cubsMakeupReplacingTheMets()
    XCTAssertThrowsError(
      try ScheduleMerge.plan(stored: stored, incoming: newer.games, replace: false)
    ) { error in
      guard case .idTaken(let index, let game, let holder)? = error as? ScheduleConflict else {
        return XCTFail("expected idTaken, got \(error)")
      }
      XCTAssertEqual(game.scheduleKey, "MLB/2024/CHN/76")
      XCTAssertEqual(holder.id, "CHN202406210")
      XCTAssertEqual(holder.awayTeamID, "NYN")
      let fileError = newer.error(for: .idTaken(index: index, game, stored: holder))
      XCTAssertEqual(fileError.file, "newer.csv")
      XCTAssertEqual(fileError.line, 1113)
      XCTAssertEqual(fileError.field, "13 (Makeup)")
      XCTAssertEqual(
        fileError.message,
        "this row's game (SF @ CHC at Wrigley Field, 1:10 pm CDT on Fri, Jun 21, 2024) would "
          + "be CHN202406210, but the database already has CHN202406210 (NYM @ CHC at Wrigley "
          + "Field, 1:10 pm CDT on Fri, Jun 21, 2024) from a schedule row this file does not list"
      )
      XCTAssertFalse(fileError.description.contains("UNIQUE"))
    }

    let merge = try ScheduleMerge.plan(stored: stored, incoming: newer.games, replace: true)
    XCTAssertEqual(merge.missing.map(\.id), ["CHN202406210"])
    XCTAssertEqual(merge.removed.map(\.awayTeamID), ["NYN"])
    XCTAssertEqual(merge.renamed, ["CHN202406190": "CHN202406210"])
    XCTAssertEqual(merge.changes.count, 1)
    XCTAssertEqual(merge.inserts, [])
    XCTAssertEqual(merge.unchangedCount, 2428)
  }

  /// A partial file whose makeup puts the Cubs at home while a stored game
  /// it does not list has them in Boston: refused at the makeup's row.
  func testPlan_teamOverlapWithAStoredGameIsRefused() throws {
    let header = try Fixtures.retrosheetText("2024schedule.csv")
      .components(separatedBy: "\r\n")[0]
    let text = header + "\r\n" + "20240423,0,Tuesday,HOU,AL,24,CHN,NL,23,n,CHI11,Rain,20240426\r\n"
    let partial = try RetrosheetSchedule.parse(
      text, file: "partial.csv", catalog: try Fixtures.catalog())
    let stored = try Fixtures.season(2024).games
    XCTAssertThrowsError(
      try ScheduleMerge.plan(stored: stored, incoming: partial.games, replace: false)
    ) { error in
      guard let conflict = error as? ScheduleConflict,
        case .teamOverlap(0, _, "CHN", .stored(let other)) = conflict
      else { return XCTFail("expected a CHN overlap, got \(error)") }
      XCTAssertEqual(other.id, "BOS202404260")
      let fileError = partial.error(for: conflict)
      XCTAssertEqual(fileError.line, 2)
      XCTAssertEqual(fileError.field, "13 (Makeup)")
      XCTAssertEqual(
        fileError.message,
        "CHC would play two games at once: this row's HOU @ CHC at Wrigley Field, 7:10 pm CDT "
          + "on Fri, Apr 26, 2024 and stored game BOS202404260 (CHC @ BOS at Fenway Park, 7:10 pm EDT "
          + "on Fri, Apr 26, 2024), which this file does not list, overlap (a game takes 3 "
          + "hours from first pitch)")
    }
    // Replacing the season removes every other 2024 game, Boston's too.
    let merge = try ScheduleMerge.plan(stored: stored, incoming: partial.games, replace: true)
    XCTAssertEqual(merge.removed.count, 2429)
    XCTAssertEqual(merge.changes.map(\.new.id), ["CHN202404260"])
  }

  /// A parsed file's games are marked checked, so the plan skips checks
  /// the parse made; the plan is the same as with every check run, into
  /// an empty database and over the stored season (with and without
  /// replacing), and the mark goes as soon as the games change.
  func testPlan_checkedGamesPlanAsWithEveryCheck() throws {
    var season = try Fixtures.season(2024)
    XCTAssertTrue(season.gamesAreChecked)
    let newer = try cubsMakeupReplacingTheMets()
    XCTAssertTrue(newer.gamesAreChecked)
    for (stored, incoming) in [
      ([], season.games), (season.games, season.games), (season.games, newer.games),
    ] {
      for replace in [false, true] {
        let checked = try? ScheduleMerge.plan(
          stored: stored, incoming: incoming, replace: replace, incomingChecked: true)
        let full = try? ScheduleMerge.plan(stored: stored, incoming: incoming, replace: replace)
        XCTAssertEqual(checked, full)
      }
    }
    let fresh = try ScheduleMerge.plan(
      stored: [], incoming: season.games, replace: false, incomingChecked: true)
    XCTAssertEqual(fresh.inserts, season.games)
    season.games.append(season.games[7])
    XCTAssertFalse(season.gamesAreChecked)
  }

  /// Games without a file: a game listed twice is named by id.
  func testPlan_repeatedGameIsRefused() throws {
    let games = try Fixtures.season(2024).games
    XCTAssertThrowsError(
      try ScheduleMerge.plan(stored: [], incoming: games + [games[7]], replace: false)
    ) { error in
      XCTAssertEqual(
        error as? ScheduleConflict,
        .repeated(index: 2430, games[7], earlier: 7, earlierGame: games[7]))
      XCTAssertEqual("\(error)", "game \(games[7].id) appears twice in one import")
    }
  }

  /// Review of issue 8, finding 5: two different games that would take one
  /// id are not "the same game": the message says the home team would have
  /// two games that day with one game number, and prints teams by
  /// abbreviation and venues by name given a catalog (codes without).
  func testPlan_twoGamesWithOneIDAreNamedAsSuch() throws {
    let games = try Fixtures.season(2024).games
    let catalog = try Fixtures.catalog()
    let dodgers = try XCTUnwrap(games.firstIndex { $0.id == "PIT202406050" })
    XCTAssertEqual(games[dodgers].awayTeamID, "LAN")
    var cubs = games[dodgers]
    cubs.awayTeamID = "CHN"
    cubs.scheduleKey = "MLB/2024/PIT/99"
    XCTAssertThrowsError(
      try ScheduleMerge.plan(stored: [], incoming: games + [cubs], replace: false)
    ) { error in
      let conflict = try? XCTUnwrap(error as? ScheduleConflict)
      XCTAssertEqual(
        conflict, .repeated(index: games.count, cubs, earlier: dodgers, earlierGame: games[dodgers])
      )
      XCTAssertEqual(
        conflict?.message(catalog: catalog) {
          $0 == dodgers ? 930 : $0 == games.count ? 2432 : nil
        },
        "this row's game (CHC @ PIT at PNC Park, 7:10 pm EDT on Wed, Jun 5, 2024) would be "
          + "PIT202406050, as would line 930's (LAD @ PIT at PNC Park, 7:10 pm EDT on Wed, Jun 5, "
          + "2024): PIT would have two games on Wed, Jun 5, 2024 with game number 0")
      XCTAssertEqual(
        "\(error)",
        "game CHN @ PIT at PIT08, 7:10 pm EDT on Wed, Jun 5, 2024 would be PIT202406050, as "
          + "would that of game LAN @ PIT at PIT08, 7:10 pm EDT on Wed, Jun 5, 2024: PIT would "
          + "have two games on Wed, Jun 5, 2024 with game number 0")
    }
  }

  /// A visit follows a game that stays on its date (a doubleheader
  /// renumbered); one whose game moved to another date loses the link.
  func testVisitChanges_keepTheLinkOnlyWhileTheGameFallsOnTheVisit() throws {
    let stored = try Fixtures.season(2024).games
    // TOR @ MIL on Jun 10 rained out to Sep 20, when MIL hosts ARI: the
    // Arizona game becomes game 2 of a doubleheader on the same day.
    let newer = try edited2024([
      (
        "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,,",
        "20240610,0,Monday,TOR,AL,67,MIL,NL,67,n,MIL06,Rain,20240920"
      )
    ])
    let merge = try ScheduleMerge.plan(stored: stored, incoming: newer.games, replace: false)
    XCTAssertEqual(
      merge.renamed, ["MIL202406100": "MIL202409201", "MIL202409200": "MIL202409202"])
    let arizona = Matchup(awayTeamID: "ARI", homeTeamID: "MIL")
    let visits = [
      try visit(1, on: "2024-06-10", at: "MIL06", game: "MIL202406100"),
      try visit(2, on: "2024-09-20", at: "MIL06", game: "MIL202409200", matchup: arizona),
      try visit(3, on: "2024-06-04", game: "CHN202406040"),
      try visit(4, on: "2024-06-10", at: "MIL06", game: nil),
    ]
    let changes = merge.visitChanges(visits)
    XCTAssertEqual(changes.map(\.visit.id), [Fixtures.uuid(1), Fixtures.uuid(2)])
    XCTAssertEqual(changes.map(\.keepsLink), [false, true])
    XCTAssertEqual(changes.map(\.oldGame.id), ["MIL202406100", "MIL202409200"])
    XCTAssertEqual(changes.map(\.game.id), ["MIL202409201", "MIL202409202"])
    XCTAssertEqual(changes.first?.game.localDate.iso, "2024-09-20")
  }

  /// The link holds while venue, date and (when the visit names them) the
  /// teams are the game's.
  func testKeepsLink_venueDateAndTeams() throws {
    let game = try Fixtures.seasonGame("CHN202406040")
    let own = Matchup(awayTeamID: game.awayTeamID, homeTeamID: game.homeTeamID)
    XCTAssertTrue(
      ScheduleMerge.keepsLink(try visit(1, on: "2024-06-04", game: game.id), to: game))
    XCTAssertTrue(
      ScheduleMerge.keepsLink(
        try visit(1, on: "2024-06-04", game: game.id, matchup: own), to: game))
    XCTAssertFalse(
      ScheduleMerge.keepsLink(try visit(1, on: "2024-06-05", game: game.id), to: game))
    XCTAssertFalse(
      ScheduleMerge.keepsLink(
        try visit(1, on: "2024-06-04", at: "CHI12", game: game.id), to: game))
    XCTAssertFalse(
      ScheduleMerge.keepsLink(
        try visit(
          1, on: "2024-06-04", game: game.id,
          matchup: Matchup(awayTeamID: "SLN", homeTeamID: "CHN")), to: game))
  }
}
