import Foundation
import SportsTimeAPI
import XCTest

@testable import SportsTimeCore

/// `Itinerary.check()` (issue 9: the trip problems out of the CLI), `RowID`
/// (row ids written and parsed in one place), `TripExport.render` and the one
/// formatter of a game's time, on real 2024 games: Cubs at Wrigley Field on
/// Tue Jun 4 (a night game) and the Brewers in Detroit on Fri Jun 7.
final class ItineraryCheckTests: XCTestCase {
  /// Jun 4 – Jun 7 (4 days): Wrigley on Day 1, Detroit on Day 4, one leg.
  func midwest(items: [ItineraryItem], start: String = "2024-06-04") throws -> Itinerary {
    let games = try ["CHN202406040", "DET202406070"].map { try Fixtures.seasonGame($0) }
    let first = try Fixtures.date(start)
    let last = try Fixtures.date("2024-06-07")
    let schedule = try Fixtures.schedule(
      start: start, days: first.days(to: last) + 1, games: games)
    let trip = Trip(
      id: Fixtures.tripID, name: "Midwest", startDate: first, endDate: last,
      gameIDs: games.map(\.id), createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch)
    return Itinerary(trip: trip, schedule: schedule, items: items)
  }

  func testRowID_writesAndParsesEveryKindInOnePlace() throws {
    let id: ItineraryItem.ID = Fixtures.uuid(0x2a)
    XCTAssertEqual(RowID.day(3).description, "day:3")
    XCTAssertEqual(RowID.game("CHN202406040").description, "game:CHN202406040")
    XCTAssertEqual(RowID.item(id).description, "item:00000000-0000-0000-0000-00000000002a")
    XCTAssertEqual(LayoutRow.id(item: id), RowID.item(id))
    for row in [RowID.day(12), .game("DET202406070"), .item(id)] {
      XCTAssertEqual(RowID(row.description), row, row.description)
    }
    XCTAssertEqual(RowID("ITEM:00000000-0000-0000-0000-00000000002A"), .item(id), "any case")
    XCTAssertEqual(RowID("Day:7"), .day(7))
    for bad in [
      "", "day:", "day:0", "day:-1", "day:+3", "day:x", "item:0000", "leg:1", "3", "game:",
    ] {
      XCTAssertNil(RowID(bad), bad)
    }
    XCTAssertEqual(RowID.split("Item:6f0c")?.kind, .item)
    XCTAssertEqual(RowID.split("Item:6f0c")?.rest, "6f0c")
    XCTAssertNil(RowID.split("6f0c-item"))
  }

  func testRowID_isEveryLayoutRowsID() throws {
    let leg = try Fixtures.leg(0, of: try midwest(items: []).schedule)
    let itinerary = try midwest(items: [
      Fixtures.travel(leg, day: 2), Fixtures.custom("Deep dish", day: 9),
    ])
    XCTAssertEqual(itinerary.numberedRows.count, 8, "4 days, 2 games, a leg, an Unscheduled item")
    for row in itinerary.numberedRows {
      XCTAssertEqual(RowID(row.id.description), row.id)
      XCTAssertEqual(
        try RowReference.resolve(row.id.description.uppercased(), in: itinerary.numberedRows).id,
        row.id)
    }
  }

  /// Only stored items can be moved: a header or a game row is refused by
  /// Core, saying which it is.
  func testRowReference_itemRefusesHeadersAndGames() throws {
    let leg = try Fixtures.leg(0, of: try midwest(items: []).schedule)
    let travel = Fixtures.item(.travel(leg), day: 2, sortOrder: 50, id: Fixtures.uuid(4))
    let rows = try midwest(items: [travel]).numberedRows
    XCTAssertEqual(
      try RowReference.item("item:00000000-0000-0000-0000-000000000004", in: rows, verb: "moved"),
      travel)
    XCTAssertEqual(try RowReference.item("0000", in: rows, verb: "moved").id, travel.id)
    XCTAssertThrowsError(try RowReference.item("1", in: rows, verb: "moved")) {
      XCTAssertEqual(($0 as? ItineraryRefusal)?.reason, "Row 1 is the Day 1 header, not an item.")
    }
    XCTAssertThrowsError(try RowReference.item("game:CHN202406040", in: rows, verb: "removed")) {
      XCTAssertEqual(
        ($0 as? ItineraryRefusal)?.reason, "Games are fixed: CWS @ CHC cannot be removed.")
    }
  }

  func testCheck_freshTripKeepsEveryRule() throws {
    let schedule = try midwest(items: []).schedule
    let leg = try Fixtures.leg(0, of: schedule)
    XCTAssertEqual(try midwest(items: [Fixtures.travel(leg, day: 2)]).check(), [])
  }

  /// A leg with no travel item has no row: it is listed after the rows
  /// ("route"), and an Unscheduled item is a notice, after every problem.
  func testCheck_missingLegIsLastAndUnscheduledItemIsANotice() throws {
    let lunch = Fixtures.custom("Deep dish", day: 9, id: Fixtures.uuid(1))
    let itinerary = try midwest(items: [lunch])
    let findings = itinerary.check()
    XCTAssertEqual(
      findings.map(\.subject.description), ["leg:0", RowID.item(lunch.id).description])
    XCTAssertEqual(findings.map(\.severity), [.breaksRule, .notice])
    XCTAssertEqual(findings[0].number, nil)
    XCTAssertEqual(findings[0].title, "Chicago → Detroit")
    XCTAssertEqual(findings[0].icon, TravelMode.drive.icon)
    XCTAssertEqual(findings[0].reason, itinerary.missingLegs().first?.reason)
    XCTAssertEqual(findings[1].number, itinerary.numberedRows.count, "the last row")
    XCTAssertEqual(findings[1].reason, itinerary.notices().first?.notice)
  }

  /// A leg stored before the Cubs game it leaves after breaks CONS-02: a
  /// problem at its row (2: after the Day 1 header, before the game).
  func testCheck_legBeforeItsDepartureGameIsAProblemAtItsRow() throws {
    let leg = try Fixtures.leg(0, of: try midwest(items: []).schedule)
    let early = Fixtures.item(.travel(leg), day: 1, sortOrder: 50, id: Fixtures.uuid(2))
    let itinerary = try midwest(items: [early])
    let findings = itinerary.check()
    XCTAssertEqual(findings.map(\.subject), [.row(.item(early.id))])
    XCTAssertEqual(findings.first?.number, 2)
    XCTAssertEqual(findings.first?.severity, .breaksRule)
    XCTAssertEqual(findings.first?.title, early.title)
    XCTAssertEqual(findings.first?.reason, itinerary.problems().first?.reason)
  }

  /// Trip days that moved past a game (Jun 5 – Jun 7 while the Cubs play
  /// Jun 4): the game is a problem at its Unscheduled row, listed in row
  /// order after the item problem above it although games are checked first.
  func testCheck_gameOutsideTheDaysIsAProblemInRowOrder() throws {
    let schedule = try midwest(items: [], start: "2024-06-05").schedule
    let leg = try Fixtures.leg(0, of: schedule)
    let stray = Fixtures.item(.travel(leg), day: 9, sortOrder: 50, id: Fixtures.uuid(3))
    let itinerary = try midwest(items: [stray], start: "2024-06-05")
    let findings = itinerary.check()
    let rows = itinerary.numberedRows.map(\.id)
    XCTAssertEqual(
      Set(findings.map(\.subject)), [.row(.game("CHN202406040")), .row(.item(stray.id))])
    XCTAssertEqual(
      findings.map(\.number),
      findings.map { f in
        rows.firstIndex { .row($0) == f.subject }.map { $0 + 1 }
      })
    XCTAssertEqual(findings.compactMap(\.number), findings.compactMap(\.number).sorted())
    let game = try XCTUnwrap(findings.first { $0.subject == .row(.game("CHN202406040")) })
    XCTAssertEqual(game.icon, "⚾️")
    XCTAssertEqual(game.reason, itinerary.gameProblems().first?.reason)
  }

  func testExport_rendersEachFormatAsItsExporterDoes() throws {
    let catalog = try Fixtures.catalog()
    let leg = try Fixtures.leg(0, of: try midwest(items: []).schedule)
    let itinerary = try midwest(items: [Fixtures.travel(leg, day: 2)])
    XCTAssertEqual(
      TripExportFormat.allCases.map(\.rawValue), ["md", "ics", "geojson", "gpx", "json"])
    XCTAssertEqual(
      TripExport.render(itinerary, as: .md, catalog: catalog, metric: true),
      MarkdownExport.render(itinerary, catalog: catalog, metric: true))
    XCTAssertEqual(
      TripExport.render(itinerary, as: .ics, catalog: catalog, metric: false),
      ICalendarExport.render(itinerary, catalog: catalog, metric: false))
    XCTAssertEqual(
      TripExport.render(itinerary, as: .geojson, catalog: catalog, metric: false),
      GeoJSONExport.render(itinerary, catalog: catalog))
    XCTAssertEqual(
      TripExport.render(itinerary, as: .gpx, catalog: catalog, metric: false),
      GPXExport.render(itinerary, catalog: catalog))
    XCTAssertEqual(
      TripExport.render(itinerary, as: .json, catalog: catalog, metric: false),
      WireV1.TripFile.export(itinerary, teams: catalog.teams))
    XCTAssertTrue(
      TripExport.render(itinerary, as: .md, catalog: catalog, metric: false).contains(
        "- ⚾️ 7:10 pm CDT *est.*"), "the Cubs' Tuesday night game")
  }

  /// One formatter for a game's time: the Cubs' night game is estimated
  /// (Retrosheet gives night only); the same game with no day/night is TBD,
  /// which the printed itinerary leaves unmarked and the Markdown marks.
  func testGameTime_marksEstimatedAndUnknownTimesAsAsked() throws {
    var game = try Fixtures.seasonGame("CHN202406040")
    XCTAssertTrue(game.timeEstimated)
    XCTAssertEqual(
      ExportSupport.gameTime(game, estimated: " est.", unknown: ""),
      "\(ExportSupport.gameClock(game)) est.")
    game.timeUnknown = true
    XCTAssertEqual(ExportSupport.gameClock(game), "TBD CDT")
    XCTAssertEqual(ExportSupport.gameTime(game, estimated: " est.", unknown: ""), "TBD CDT")
    XCTAssertEqual(
      ExportSupport.gameTime(game, estimated: " *est.*", unknown: " *est.*"), "TBD CDT *est.*")
    game.timeUnknown = false
    game.timeEstimated = false
    XCTAssertEqual(
      ExportSupport.gameTime(game, estimated: " est.", unknown: ""), ExportSupport.gameClock(game))
  }
}
