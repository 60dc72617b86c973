import Foundation
import XCTest

@testable import SportsTimeCore

/// Building trips from real 2024 games.
final class TripBuilderTests: XCTestCase {

  private let now = Date(timeIntervalSince1970: 1_717_000_000)

  private func plan(
    _ ids: [Game.ID], name: String = "Midwest", start: String? = nil, end: String? = nil
  ) throws -> PlannedTrip {
    let games = try ids.map { try Fixtures.seasonGame($0) }
    return try TripBuilder.plan(
      name: name, games: games, start: try start.map { try Fixtures.date($0) },
      end: try end.map { try Fixtures.date($0) }, catalog: try Fixtures.catalog(),
      environment: .fixed(now: now))
  }

  private func assertTripError<T>(
    _ expected: TripError, _ body: () throws -> T, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
      XCTAssertEqual(error as? TripError, expected, file: file, line: line)
      XCTAssertFalse("\(error)".isEmpty, file: file, line: line)
    }
  }

  /// Cubs home 2024-06-17, 18, 19 (night, night, day), then Brewers home
  /// 2024-06-24, 25 (night, night).
  private let cubsThenBrewers: [Game.ID] = [
    "MIL202406250", "CHN202406170", "CHN202406190", "MIL202406240", "CHN202406180",
  ]

  func testPlan_daysDefaultToFirstAndLastGameDates() throws {
    let planned = try plan(cubsThenBrewers)
    XCTAssertEqual(planned.trip.startDate.iso, "2024-06-17")
    XCTAssertEqual(planned.trip.endDate.iso, "2024-06-25")
    XCTAssertEqual(planned.trip.dayCount, 9)
    XCTAssertEqual(planned.schedule.dayCount, 9)
    XCTAssertEqual(planned.trip.name, "Midwest")
    XCTAssertEqual(
      planned.trip.gameIDs,
      ["CHN202406170", "CHN202406180", "CHN202406190", "MIL202406240", "MIL202406250"])
    XCTAssertEqual(planned.schedule.games.map(\.day), [1, 2, 3, 8, 9])
    XCTAssertEqual(planned.trip.createdAt, now)
    XCTAssertEqual(planned.trip.id, Trip.ID(Fixtures.uuid(1)))
  }

  func testPlan_explicitDaysAroundTheGames() throws {
    let planned = try plan(["CHN202406180"], start: "2024-06-16", end: "2024-06-20")
    XCTAssertEqual(planned.trip.dayCount, 5)
    XCTAssertEqual(planned.schedule.games.map(\.day), [3])
    XCTAssertTrue(planned.items.isEmpty, "one stop, no legs")
  }

  func testPlan_startAfterEndThrows() throws {
    let start = try Fixtures.date("2024-06-20")
    let end = try Fixtures.date("2024-06-16")
    assertTripError(.startAfterEnd(start, end)) {
      try plan(["CHN202406180"], start: "2024-06-20", end: "2024-06-16")
    }
  }

  func testPlan_gameOutsideTheDaysThrows() throws {
    let s = try Fixtures.date("2024-06-17")
    let e = try Fixtures.date("2024-06-20")
    let date = try Fixtures.date("2024-06-24")
    assertTripError(
      .gameOutsideTrip("MIL202406240", title: "TEX @ MIL", date: date, first: s, last: e)
    ) {
      try plan(["CHN202406170", "MIL202406240"], start: "2024-06-17", end: "2024-06-20")
    }
    // A start after the first game also leaves that game out.
    XCTAssertThrowsError(try plan(["CHN202406170"], start: "2024-06-18", end: "2024-06-20"))
  }

  /// Issue 8, item 13: a start after the only game (or an end before it) is
  /// the game's problem, not "the start is after the end" (the end was
  /// derived from the game); the message names the game and the days.
  func testPlan_startAfterTheGamesBlamesTheGameNotTheEnd() throws {
    let june4 = try Fixtures.date("2024-06-04")
    let error = TripError.gameOutsideTrip(
      "CHN202406040", title: "CWS @ CHC", date: june4, first: try Fixtures.date("2024-06-05"),
      last: nil)
    assertTripError(error) { try plan(["CHN202406040"], start: "2024-06-05") }
    XCTAssertEqual(
      error.description,
      "game CHN202406040 (CWS @ CHC) is on 2024-06-04, before the trip's first day 2024-06-05")
    // An end before the only game.
    let early = TripError.gameOutsideTrip(
      "CHN202406040", title: "CWS @ CHC", date: june4, first: nil,
      last: try Fixtures.date("2024-06-03"))
    assertTripError(early) { try plan(["CHN202406040"], end: "2024-06-03") }
    XCTAssertEqual(
      early.description,
      "game CHN202406040 (CWS @ CHC) is on 2024-06-04, after the trip's last day 2024-06-03")
    // With a later game the derived end holds, so both days are named.
    assertTripError(
      .gameOutsideTrip(
        "CHN202406040", title: "CWS @ CHC", date: june4, first: try Fixtures.date("2024-06-05"),
        last: try Fixtures.date("2024-06-07"))
    ) { try plan(["CHN202406040", "DET202406070"], start: "2024-06-05") }
    // Both days given and crossed: that really is a start after the end.
    assertTripError(
      .startAfterEnd(try Fixtures.date("2024-06-03"), try Fixtures.date("2024-06-02"))
    ) { try plan(["CHN202406040"], start: "2024-06-03", end: "2024-06-02") }
  }

  /// Issue 8, item 3: a name that could be read as a trip id or id prefix
  /// is refused wherever a trip gets a name.
  func testValidatedName_refusesNamesThatLookLikeIDs() throws {
    for name in [
      "AAAA", "aaaa", "cafe", "CAFE", "2024", "deadbeef", "abcd1234-0000",
      "ABCD1234-0000-4000-8000-000000000001", "00000000000000000000000000000000", "a-b-c-d",
      "  beef  ",
    ] {
      XCTAssertTrue(Trip.looksLikeID(TextNormalization.name(name)), name)
      XCTAssertThrowsError(try Trip.validatedName(name), name) { error in
        XCTAssertEqual(error as? TripError, .nameLooksLikeID(TextNormalization.name(name)))
      }
      assertTripError(.nameLooksLikeID(TextNormalization.name(name))) {
        try plan(["CHN202406170"], name: name)
      }
    }
    // Not ids: too short, another letter, a space, too long for any id.
    for name in [
      "abc", "Cafe Tour", "Trip 2024", "AAAAG", "dead beef", "----", "a-b-c",
      String(repeating: "a", count: 37), "Ａ１２",
    ] {
      XCTAssertFalse(Trip.looksLikeID(name), name)
      XCTAssertEqual(try Trip.validatedName(name), TextNormalization.name(name))
    }
    XCTAssertEqual(
      TripError.nameLooksLikeID("CAFE").description,
      "the name 'CAFE' looks like a trip id: a name may not be 4 to 36 hex digits (0-9, a-f) and dashes with at least 4 digits, since a trip can be named by its id or an id prefix; add a word or another letter"
    )
    // Only invisible characters: refused as a title is, saying so.
    assertTripError(.invalidName(TextError(field: .tripName, problem: .empty(hadText: true)))) {
      _ = try Trip.validatedName(" \u{1B} ")
    }
  }

  /// Review of issue 8, finding 1: names are matched by their key (case and
  /// width folded), so the id rule applies to the key: look-alikes that the
  /// key folds to hex digits and dashes are refused, and the message says
  /// what they read as. Look-alikes the key does not fold (mathematical
  /// letters, circled digits) never match an id and stay allowed.
  func testValidatedName_refusesLookAlikesTheKeyFoldsToAnID() throws {
    let folded: [(name: String, key: String)] = [
      ("ｅｃ４３", "ec43"),  // full-width letters and digits
      ("ＡＡＡＡ", "aaaa"),  // full-width capitals
      ("Ａ１２３", "a123"),
      ("ａ－ｂ－ｃ－ｄ", "a-b-c-d"),  // full-width hyphen-minus
      ("ﬀﬀ", "ffff"),  // the ff ligature case-folds to two letters
      ("ﬀ１２", "ff12"),
      ("ec４３", "ec43"),  // mixed ASCII and full-width
      ("ＤＥＡＤＢＥＥＦ－0000", "deadbeef-0000"),
    ]
    for (name, key) in folded {
      XCTAssertEqual(TextNormalization.key(name), key, name)
      XCTAssertTrue(Trip.looksLikeID(name), name)
      assertTripError(.nameLooksLikeID(name)) { _ = try Trip.validatedName(name) }
      assertTripError(.nameLooksLikeID(name)) { try plan(["CHN202406170"], name: name) }
      XCTAssertEqual(
        TripError.nameLooksLikeID(name).description,
        "the name '\(name)' looks like a trip id (names are matched ignoring case, width and invisible characters, so it reads as '\(key)'): a name may not be 4 to 36 hex digits (0-9, a-f) and dashes with at least 4 digits, since a trip can be named by its id or an id prefix; add a word or another letter"
      )
    }
    // Not folded to ASCII by the key: no reference typed in ASCII finds
    // them, so they hide no trip.
    for name in ["𝐚𝐚𝐚𝐚", "𝟒𝟑𝟐𝟏", "①②③④", "ⓐⓑⓒⓓ", "٤٣٢١", "a‐b‐c‐d"] {
      XCTAssertNotEqual(TextNormalization.key(name), TextNormalization.key("aaaa"))
      XCTAssertFalse(Trip.looksLikeID(name), name)
      XCTAssertEqual(try Trip.validatedName(name), TextNormalization.name(name), name)
    }
  }

  /// Second review of issue 8, item 3: the id rule looks at the key, which
  /// ignores invisible characters, so an id hidden behind a combining
  /// grapheme joiner, a variation selector or a joiner is refused as the
  /// plain id is, and the message says what it reads as.
  func testValidatedName_refusesIDsHiddenBehindInvisibleCharacters() throws {
    for (name, key) in [
      ("c\u{34F}afe", "cafe"), ("beef\u{FE0F}", "beef"), ("ａａａａ\u{FE0F}", "aaaa"),
      ("2024\u{2060}\u{115F}", "2024"), ("dead\u{200D}beef", "deadbeef"),
      ("ab12\u{2800}", "ab12"), ("\u{17B4}ec43\u{1D173}", "ec43"),
    ] {
      XCTAssertEqual(TextNormalization.key(name), key, name.debugDescription)
      XCTAssertTrue(Trip.looksLikeID(name), name.debugDescription)
      let stored = TextNormalization.name(name)
      assertTripError(.nameLooksLikeID(stored)) { _ = try Trip.validatedName(name) }
      assertTripError(.nameLooksLikeID(stored)) { try plan(["CHN202406170"], name: name) }
      if stored != key {
        XCTAssertTrue(
          TripError.nameLooksLikeID(stored).description.contains(
            "(names are matched ignoring case, width and invisible characters, so it reads as '\(key)')"
          ), name.debugDescription)
      }
    }
    // A visible letter is still a name.
    XCTAssertEqual(try Trip.validatedName("beef\u{FE0F} tour"), "beef\u{FE0F} tour")
  }

  /// Issue 8, item 20: a copy has new ids and the same days, games and
  /// item positions; it lays out row for row like the original, even when
  /// items tie in sortOrder and creation time.
  func testCopy_newIDsSamePositionsSameLayout() throws {
    let original = try plan(["CHN202406040", "MIL202406110"])
    let made = Date(timeIntervalSince1970: 1_716_000_000)
    // Three notes tied on Day 2 (same sortOrder and creation time): only
    // their ids order them.
    let tied = (0..<3).map { n in
      ItineraryItem(
        id: ItineraryItem.ID(
          UUID(uuidString: String(format: "F0000000-0000-4000-8000-%012d", 3 - n)) ?? UUID()),
        tripID: original.trip.id, day: 2, sortOrder: 50,
        kind: .custom(CustomInfo(title: "Tie \(n)", category: .note)), createdAt: made,
        modifiedAt: made)
    }
    let early = ItineraryItem(
      id: ItineraryItem.ID(UUID(uuidString: "FFFFFFFF-0000-4000-8000-000000000009") ?? UUID()),
      tripID: original.trip.id, day: 2, sortOrder: 50,
      kind: .custom(CustomInfo(title: "Made first", category: .note)),
      createdAt: made.addingTimeInterval(-60), modifiedAt: made)
    let outside = ItineraryItem(
      id: ItineraryItem.ID(UUID()), tripID: original.trip.id, day: 0, sortOrder: 3,
      kind: .custom(CustomInfo(title: "Before", category: .activity)), createdAt: made,
      modifiedAt: made)
    let items = original.items + tied + [early, outside]
    let copyTime = Date(timeIntervalSince1970: 1_718_000_000)
    // Random new ids, so their order owes nothing to the old ones.
    let environment = RuleEnvironment(now: { copyTime }, uuid: { UUID() }, estimator: .default)
    let copy = try original.trip.copy(named: "  Plan  B ", items: items, environment: environment)

    XCTAssertEqual(copy.trip.name, "Plan B")
    XCTAssertNotEqual(copy.trip.id, original.trip.id)
    XCTAssertEqual(copy.trip.startDate, original.trip.startDate)
    XCTAssertEqual(copy.trip.endDate, original.trip.endDate)
    XCTAssertEqual(copy.trip.gameIDs, original.trip.gameIDs)
    XCTAssertEqual(copy.trip.createdAt, copyTime)
    XCTAssertEqual(copy.trip.modifiedAt, copyTime)
    XCTAssertEqual(copy.items.count, items.count)
    XCTAssertTrue(Set(copy.items.map(\.id)).isDisjoint(with: items.map(\.id)))
    XCTAssertEqual(Set(copy.items.map(\.id)).count, items.count)
    XCTAssertTrue(copy.items.allSatisfy { $0.tripID == copy.trip.id })
    XCTAssertTrue(copy.items.allSatisfy { $0.createdAt == copyTime && $0.modifiedAt == copyTime })
    // Same content at the same positions, and the same layout row for row.
    func content(_ rows: [LayoutRow]) -> [String] {
      rows.map { row in
        guard let item = row.item else { return row.id.description }
        return "\(item.title)|\(item.day)|\(item.sortOrder)|\(item.kindRank)"
      }
    }
    let schedule = original.schedule
    XCTAssertEqual(
      content(ItineraryLayout(schedule: schedule, items: copy.items).allRows),
      content(ItineraryLayout(schedule: schedule, items: items).allRows))
    XCTAssertEqual(
      ItineraryLayout(schedule: schedule, items: items).rows.compactMap(\.item?.title).filter {
        $0.hasPrefix("Tie") || $0 == "Made first"
      }, ["Made first", "Tie 2", "Tie 1", "Tie 0"], "the ties are broken by creation, then id")
    assertTripError(.nameLooksLikeID("beef")) {
      _ = try original.trip.copy(named: "beef", items: items, environment: .fixed(now: copyTime))
    }
  }

  /// Issue 8, item 19: an Unscheduled day is named by its date and how far
  /// outside the trip it is.
  func testDateDescription_namesHowFarOutsideTheTrip() throws {
    // Jun 4 – Jun 11, 2024: 8 days.
    let schedule = try plan(["CHN202406040", "MIL202406110"]).schedule
    XCTAssertEqual(schedule.dateDescription(ofDay: 0), "Mon, Jun 3, 2024, 1 day before the trip")
    XCTAssertEqual(
      schedule.dateDescription(ofDay: -5), "Wed, May 29, 2024, 6 days before the trip")
    XCTAssertEqual(schedule.dateDescription(ofDay: 1), "Tue, Jun 4, 2024")
    XCTAssertEqual(schedule.dateDescription(ofDay: 8), "Tue, Jun 11, 2024")
    XCTAssertEqual(schedule.dateDescription(ofDay: 9), "Wed, Jun 12, 2024, 1 day after the trip")
    XCTAssertEqual(schedule.dateDescription(ofDay: 12), "Sat, Jun 15, 2024, 4 days after the trip")
  }

  /// Issue 8, item 20: a rename keeps everything but the name and the
  /// modification time, and refuses the same name or an invalid one.
  func testRenamed_checksTheName() throws {
    let trip = try plan(["CHN202406040"]).trip
    let later = Date(timeIntervalSince1970: 1_718_000_000)
    let renamed = try trip.renamed(to: " Cubs\u{1B}  only ", now: later)
    XCTAssertEqual(renamed.name, "Cubs only")
    XCTAssertEqual(renamed.modifiedAt, later)
    var expected = trip
    expected.name = "Cubs only"
    expected.modifiedAt = later
    XCTAssertEqual(renamed, expected)
    XCTAssertEqual(try trip.renamed(to: trip.name.uppercased(), now: later).name, "MIDWEST")
    assertTripError(.sameName(trip.name)) { _ = try trip.renamed(to: " \(trip.name) ", now: later) }
    assertTripError(.emptyName) { _ = try trip.renamed(to: "\n", now: later) }
    assertTripError(.nameLooksLikeID("0123")) { _ = try trip.renamed(to: "0123", now: later) }
  }

  func testPlan_cancelledGameIsRefused() throws {
    let cancelled = try Fixtures.seasonGame("CLE202409290")
    XCTAssertEqual(cancelled.status, .cancelled)
    assertTripError(.cancelledGame("CLE202409290")) { try plan(["CLE202409280", "CLE202409290"]) }
  }

  func testPlan_badNamesAndPicksAreRefused() throws {
    assertTripError(.emptyName) { try plan(["CHN202406170"], name: "  \n") }
    assertTripError(.noGames) { try plan([]) }
    assertTripError(.duplicateGame("CHN202406170")) { try plan(["CHN202406170", "CHN202406170"]) }
  }

  func testPlan_stopsMergeConsecutiveGamesAtOneVenue() throws {
    let planned = try plan(cubsThenBrewers)
    XCTAssertEqual(planned.schedule.stops.map(\.venue.id), ["CHI11", "MIL06"])
    XCTAssertEqual(planned.schedule.stops.map(\.name), ["Chicago", "Milwaukee"])
    XCTAssertEqual(planned.schedule.stops.map { $0.games.count }, [3, 2])
    XCTAssertEqual(planned.schedule.legs.count, 1)
  }

  func testPlan_oneTravelItemPerLegAtItsDefault() throws {
    // Cubs 06-17..19, then four Brewers home games 06-24..28: still one leg.
    let ids = cubsThenBrewers + ["MIL202406260", "MIL202406280"]
    let planned = try plan(ids)
    XCTAssertEqual(planned.schedule.stops.count, 2)
    XCTAssertEqual(planned.items.count, planned.schedule.legs.count)
    let item = try XCTUnwrap(planned.items.first)
    XCTAssertEqual(item.title, "Chicago → Milwaukee")
    XCTAssertEqual(item.tripID, planned.trip.id)
    // After the 06-19 day game (Day 3, sortOrder 100): Day 3 at 101.
    XCTAssertEqual(item.day, 3)
    XCTAssertEqual(item.sortOrder, 101)
    XCTAssertEqual(item.travelInfo?.fromStop, 0)
    XCTAssertEqual(item.travelInfo?.toStop, 1)
    XCTAssertTrue(planned.tightLegs.isEmpty)
  }

  func testPlan_multiLegTripItemsMatchPlacementAndAreValid() throws {
    // Wrigley 06-14, 15 → American Family Field 06-16 → Wrigley 06-17:
    // Chicago visited twice.
    let planned = try plan(["CHN202406140", "CHN202406150", "MIL202406160", "CHN202406170"])
    let schedule = planned.schedule
    XCTAssertEqual(schedule.stops.map(\.venue.id), ["CHI11", "MIL06", "CHI11"])
    XCTAssertEqual(planned.items.count, 2)
    XCTAssertEqual(Set(planned.items.map(\.id)).count, 2)
    let constraints = ItineraryConstraints(schedule: schedule)
    for (leg, item) in zip(schedule.legs, planned.items) {
      let info = TravelPlacement.travelInfo(for: leg, estimator: .default)
      XCTAssertEqual(item.travelInfo, info)
      let position = try XCTUnwrap(TravelPlacement.defaultPosition(for: info, in: constraints))
      XCTAssertEqual(item.day, position.day)
      XCTAssertEqual(item.sortOrder, position.sortOrder)
      XCTAssertEqual(constraints.check(item, day: item.day, sortOrder: item.sortOrder), .valid)
    }
    XCTAssertEqual(planned.items.map(\.day), [2, 3])
    XCTAssertEqual(planned.items.map(\.title), ["Chicago → Milwaukee", "Milwaukee → Chicago"])
  }

  func testPlan_tightLegIsReportedNamingBothGames() throws {
    // 2024-04-01: Cubs day game at Wrigley Field, Dodgers night game in Los Angeles.
    let cubs = try Fixtures.seasonGame("CHN202404010")
    let dodgers = try Fixtures.seasonGame("LAN202404010")
    let distance = try XCTUnwrap(
      Fixtures.catalog().venue("CHI11")?.coordinate.distance(
        to: try XCTUnwrap(Fixtures.catalog().venue("LOS03")).coordinate))
    XCTAssertGreaterThan(distance, 1_000_000)
    let planned = try plan(["LAN202404010", "CHN202404010"], name: "Coast to coast")
    XCTAssertEqual(planned.trip.dayCount, 1)
    XCTAssertEqual(planned.tightLegs.count, 1)
    let tight = try XCTUnwrap(planned.tightLegs.first)
    XCTAssertEqual(tight.departureGame.id, cubs.id)
    XCTAssertEqual(tight.arrivalGame.id, dodgers.id)
    // 13:10 CDT + 3 h = 21:10 UTC; 19:10 PDT = 02:10 UTC: five hours.
    XCTAssertEqual(tight.availableSeconds, 5 * 3600)
    XCTAssertGreaterThan(tight.neededSeconds, tight.availableSeconds)
    // Both games by matchup, venue and start; no ids (issue 28, item 15).
    XCTAssertTrue(
      tight.message.contains("COL @ CHC at Wrigley Field, 1:10 pm CDT est. on Mon, Apr 1, 2024"),
      tight.message)
    XCTAssertTrue(
      tight.message.contains("SF @ LAD at Dodger Stadium, 7:10 pm PDT est. on Mon, Apr 1, 2024"),
      tight.message)
    XCTAssertFalse(tight.message.contains("CHN202404010"), tight.message)
    XCTAssertTrue(tight.message.contains("Chicago → Los Angeles"), tight.message)
    // Tight legs are warned about, not forbidden: the travel item is still placed.
    XCTAssertEqual(planned.items.count, 1)
    XCTAssertEqual(planned.items.first?.day, 1)
    XCTAssertEqual(planned.items.first?.sortOrder, 100.5)
  }

  func testPlan_nightGameInLosAngelesStaysOnItsLADate() throws {
    let game = try Fixtures.seasonGame("LAN202404010")
    XCTAssertEqual(game.localDate.iso, "2024-04-01")
    XCTAssertEqual(LocalTime.iso8601(game.start, in: game.timeZone), "2024-04-01T19:10:00-07:00")
    let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
    XCTAssertEqual(CalendarDate(game.start, in: utc).iso, "2024-04-02")
    let planned = try plan(["LAN202404010"], name: "LA")
    XCTAssertEqual(planned.trip.startDate.iso, "2024-04-01")
    XCTAssertEqual(planned.trip.endDate.iso, "2024-04-01")
    XCTAssertEqual(planned.schedule.games.map(\.day), [1])
    // And on a trip of several days it sits on the Day of 04-01, not 04-02.
    let longer = try plan(["LAN202404010"], name: "LA", start: "2024-03-31", end: "2024-04-02")
    XCTAssertEqual(longer.schedule.games.map(\.day), [2])
  }

  func testPlan_rescheduledGameSitsOnItsMakeupDate() throws {
    let planned = try plan(["ATL202409301", "ATL202409302"], name: "Makeups")
    XCTAssertEqual(planned.trip.startDate.iso, "2024-09-30")
    XCTAssertEqual(planned.schedule.games.map(\.sortOrder), [100, 101])
    XCTAssertEqual(planned.schedule.stops.count, 1)
  }
}
