import Foundation
import SportsTimeAPI
import SportsTimeCore
import XCTest

/// Each trip problem carries its remedy (issue 9): Core words it neutrally
/// ("…; re-plan the trip.") and a front end may replace the words.
final class RemedyTests: XCTestCase {
  /// The Midwest trip (Cubs Jun 4, Tigers Jun 7), its first game changed by
  /// `change`.
  func midwest(
    items: [ItineraryItem] = [], start: String = "2024-06-04",
    change: (inout Game) -> Void = { _ in }
  ) throws -> Itinerary {
    var games = try ["CHN202406040", "DET202406070"].map { try Fixtures.seasonGame($0) }
    change(&games[0])
    let first = try Fixtures.date(start)
    let last = try Fixtures.date("2024-06-07")
    let schedule = try Fixtures.schedule(
      start: start, days: first.days(to: last) + 1, games: games)
    let trip = Trip(
      id: Fixtures.tripID, name: "Midwest", startDate: first, endDate: last,
      gameIDs: games.map(\.id), createdAt: Fixtures.epoch, modifiedAt: Fixtures.epoch)
    return Itinerary(trip: trip, schedule: schedule, items: items)
  }

  func testRemedy_reasonEndsWithTheTextAndGivesItsProblemBack() {
    for remedy in [Remedy.replanTrip, .removeGame(id: "CHN202406040"), .pickRow(count: 8)] {
      let reason = remedy.reason(for: "Something is wrong")
      XCTAssertEqual(reason, "Something is wrong; \(remedy.text).")
      XCTAssertEqual(remedy.problem(in: reason), "Something is wrong")
      XCTAssertNil(remedy.problem(in: "Something is wrong."))
    }
    XCTAssertNil(Remedy.replanTrip.problem(in: Remedy.pickRow(count: 3).reason(for: "x")))
  }

  func testCheck_missingLegAndGameOutsideTheDaysAreRemediedByAReplan() throws {
    let itinerary = try midwest(start: "2024-06-05")
    let findings = itinerary.check()
    XCTAssertEqual(findings.map(\.subject), [.row(.game("CHN202406040")), .leg(0)])
    XCTAssertEqual(findings.map(\.remedy), [.replanTrip, .replanTrip])
    XCTAssertEqual(
      findings.map(\.reason),
      [
        "Game CWS @ CHC (CHN202406040) is now on Tue, Jun 4, 2024, outside the trip's days 2024-06-05 to 2024-06-07; re-plan the trip.",
        "The route has a leg Chicago → Detroit with no travel item (the trip's games changed); re-plan the trip.",
      ])
  }

  func testCheck_cancelledGameIsRemediedByRemovingIt() throws {
    let itinerary = try midwest {
      $0.status = .cancelled
      $0.postponementReason = "Rain"
    }
    let game = try XCTUnwrap(itinerary.check().first { $0.subject == .row(.game("CHN202406040")) })
    XCTAssertEqual(game.remedy, .removeGame(id: "CHN202406040"))
    XCTAssertEqual(
      game.reason, "Game CWS @ CHC (CHN202406040) is cancelled (Rain); remove it from the trip.")
    XCTAssertEqual(itinerary.gameProblems().first?.remedy, game.remedy)
  }

  /// A leg whose departure stop changed: its bounds, its position checks,
  /// its check finding, its drag slots and a move all carry `.replanTrip`.
  func testStaleLeg_carriesTheReplanEverywhere() throws {
    var info = try Fixtures.leg(0, of: try midwest().schedule)
    info.fromVenueID = "MIL06"
    let leg = Fixtures.item(.travel(info), day: 1, sortOrder: 101, id: Fixtures.uuid(4))
    let itinerary = try midwest(items: [leg])
    let problem =
      "Travel Chicago → Detroit no longer matches this trip's route (its departure stop changed)"
    let reason = "\(problem); re-plan the trip."
    let bounds = itinerary.constraints.bounds(for: info)
    XCTAssertEqual(bounds.problem, reason)
    XCTAssertEqual(bounds.remedy, .replanTrip)
    let check = itinerary.constraints.check(leg, day: 2, sortOrder: 50)
    XCTAssertEqual(check, .invalid(reason: reason, remedy: .replanTrip))

    let finding = try XCTUnwrap(itinerary.check().first { $0.subject == .row(.item(leg.id)) })
    XCTAssertEqual(finding.remedy, .replanTrip)
    XCTAssertEqual(finding.reason, reason)

    let session = try DragSession(
      item: leg, layout: itinerary.layout, constraints: itinerary.constraints)
    XCTAssertEqual(
      session.slots.dropFirst().map(\.remedy), session.slots.dropFirst().map { _ in .replanTrip })
    XCTAssertEqual(session.slots.first?.remedy, nil, "above Day 1 has its own reason")
    XCTAssertEqual(
      session.drop(at: 1, now: Fixtures.epoch), .refused(reason: reason, remedy: .replanTrip))

    XCTAssertThrowsError(try itinerary.move(leg.id, to: .top(day: 2), now: Fixtures.epoch)) {
      let refusal = $0 as? ItineraryRefusal
      XCTAssertEqual(refusal?.reason, reason)
      XCTAssertEqual(refusal?.problem, problem)
      XCTAssertEqual(refusal?.remedy, .replanTrip)
    }
  }

  func testImport_staleLegErrorCarriesTheReplan() throws {
    var info = try Fixtures.leg(0, of: try midwest().schedule)
    info.fromVenueID = "MIL06"
    let leg = Fixtures.item(.travel(info), day: 1, sortOrder: 101, id: Fixtures.uuid(4))
    let itinerary = try midwest(items: [leg])
    let data = Data(WireV1.TripFile.export(itinerary).utf8)
    let games = itinerary.schedule.games.map(\.game)
    let imported = try WireV1.TripFile.imported(data, file: "t.json")
    XCTAssertThrowsError(
      try TripExchange.validate(
        imported, games: games, catalog: try Fixtures.catalog(), file: "t.json")
    ) {
      let error = $0 as? FileFormatError
      XCTAssertEqual(error?.remedy, .replanTrip)
      XCTAssertEqual(error?.field, "items[0]")
      XCTAssertEqual(
        error?.message,
        "Travel Chicago → Detroit no longer matches this trip's route (its departure stop changed); re-plan the trip."
      )
    }
  }
}
