import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeAPI

/// The wire documents built from Core values of a real 2024 trip (the
/// Retrosheet schedule in `$SPORTSTIME_DATA`): what a server would serve.
final class WireBuilderTests: XCTestCase {
  /// The shared data folder: `$SPORTSTIME_DATA`, else `../shared/data`
  /// beside the repository.
  static var dataDirectory: URL {
    if let path = ProcessInfo.processInfo.environment["SPORTSTIME_DATA"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/data")
  }

  private static let season: Result<(ScheduleImport, Catalog), any Error> = Result {
    let catalog = try Catalog.mlb()
    let url = dataDirectory.appendingPathComponent("retrosheet/2024schedule.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return (try RetrosheetSchedule.parse(text, file: url.path, catalog: catalog), catalog)
  }

  /// Cubs, White Sox, the Brewers the same day as a White Sox doubleheader
  /// (a same-day, tight leg), back to the White Sox, then Detroit; a lunch
  /// on day 2, a note on the day before the trip (Unscheduled) and a
  /// timed dinner with a place.
  func realItinerary() throws -> (Itinerary, Catalog) {
    let (season, catalog) = try Self.season.get()
    let ids: [Game.ID] = [
      "CHN202407070", "CHA202407080", "CHA202407101", "CHA202407102", "MIL202407100",
      "MIL202407110", "CHA202407120", "DET202407130", "DET202407140",
    ]
    let games = try ids.map { id in
      try XCTUnwrap(season.games.first { $0.id == id }, "no game \(id) in 2024")
    }
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let planned = try TripBuilder.plan(
      name: "Wire", games: games, start: nil, end: nil, catalog: catalog,
      environment: .fixed(now: now))
    func custom(_ info: CustomInfo, day: Int, sortOrder: Double) -> ItineraryItem {
      ItineraryItem(
        id: ItineraryItem.ID(UUID()), tripID: planned.trip.id, day: day, sortOrder: sortOrder,
        kind: .custom(info), createdAt: now, modifiedAt: now)
    }
    let items =
      planned.items + [
        custom(CustomInfo(title: "Lunch", category: .restaurant), day: 2, sortOrder: 10),
        custom(CustomInfo(title: "Pack", category: .note), day: 0, sortOrder: 50),
        custom(
          CustomInfo(
            title: "Dinner \"downtown\"", category: .restaurant,
            time: ClockTime(hour: 18, minute: 30),
            timeZoneID: "America/Chicago",
            coordinate: Coordinate(latitude: 41.8781, longitude: -87.6298), address: "1 Main St"),
          day: 1, sortOrder: 200),
      ]
    return (
      Itinerary(trip: planned.trip, schedule: planned.schedule, items: items), catalog
    )
  }

  func testTheItineraryDocumentFollowsTheLayoutAndRoundTrips() throws {
    let (itinerary, _) = try realItinerary()
    let document = WireV1.Itinerary(itinerary)
    let numbered = itinerary.layout.numbered
    XCTAssertEqual(
      (document.rows + document.unscheduled).map(\.id), numbered.map(\.row.id.description),
      "rows in layout order")
    XCTAssertEqual(
      (document.rows + document.unscheduled).map(\.number), numbered.map(\.number))
    XCTAssertEqual(document.unscheduled.map(\.title), ["Pack"])
    XCTAssertEqual(document.unscheduled.first?.day, 0)
    XCTAssertEqual(document.unscheduled.first?.date, itinerary.trip.startDate.adding(days: -1))
    let tight = itinerary.tightLegItemIDs()
    XCTAssertFalse(tight.isEmpty, "the Brewers night game after a doubleheader makes a tight leg")
    for row in document.rows where row.kind == .travel {
      let travel = try XCTUnwrap(row.travel)
      XCTAssertEqual(
        travel.tight, tight.contains { LayoutRow.id(item: $0).description == row.id }, row.id)
      XCTAssertEqual(travel.distanceMeters, travel.distanceMeters.rounded())
    }
    let dinner = try XCTUnwrap(document.rows.first { $0.title == "Dinner \"downtown\"" })
    XCTAssertEqual(dinner.custom?.time, "18:30")
    XCTAssertEqual(dinner.custom?.latitude, 41.8781)
    XCTAssertNil(try XCTUnwrap(document.rows.first { $0.title == "Lunch" }).custom?.time)

    let value = try Wire.value(document)
    XCTAssertEqual(try Wire.decode(WireV1.Itinerary.self, from: value), document)
    let text = value.render()
    XCTAssertEqual(try Wire.decode(WireV1.Itinerary.self, from: Data(text.utf8)), document)
    XCTAssertTrue(text.contains(#""sortOrder": null"#), "day rows print sortOrder null")
    XCTAssertFalse(text.contains("warnings\": [\n    \""), "no trip-level warnings given")

    let single = WireV1.Row(numbered[2], in: itinerary)
    XCTAssertEqual(single, (document.rows + document.unscheduled)[2])
  }

  /// Every Cubs home and away game of 2024 (a trip of about 190 days),
  /// its legs, and `customCount` custom items on random days (some
  /// outside the trip: Unscheduled) with random times, zones (one where
  /// 02:30 does not exist on a March day), points, addresses and titles
  /// that need escapes; a random seed, the same items every run.
  func longItinerary(customCount: Int, seed: UInt64, start: CalendarDate? = nil) throws
    -> Itinerary
  {
    let (season, catalog) = try Self.season.get()
    let games = season.games.filter {
      ($0.homeTeamID == "CHN" || $0.awayTeamID == "CHN") && $0.status != .cancelled
    }
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let planned = try TripBuilder.plan(
      name: "Cubs \"2024\"", games: games, start: start, end: nil, catalog: catalog,
      environment: .fixed(now: now))
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let titles = [
      "Lunch", "Hotel \"Ambassador\"", "Walk\nthe river", "Café ☕", "a\\b", "Tab\there",
    ]
    let zones = ["America/Chicago", "America/New_York", "America/Los_Angeles", "Asia/Seoul"]
    let dayCount = planned.schedule.dayCount
    var items = planned.items
    for i in 0..<customCount {
      let hasTime = next(2) == 0
      let info = CustomInfo(
        title: titles[next(titles.count)] + " \(i)",
        category: ItemCategory.allCases[next(ItemCategory.allCases.count)],
        time: hasTime ? ClockTime(hour: next(24), minute: next(60)) : nil,
        timeZoneID: hasTime && next(3) > 0 ? zones[next(zones.count)] : nil,
        coordinate: next(2) == 0
          ? Coordinate(
            latitude: Double(next(180_000_000)) / 1_000_000 - 90,
            longitude: Double(next(360_000_000)) / 1_000_000 - 180) : nil,
        address: next(3) == 0 ? "\(next(900)) Main St, Apt \"\(i)\"" : nil)
      items.append(
        ItineraryItem(
          id: ItineraryItem.ID(UUID()), tripID: planned.trip.id, day: next(dayCount + 4) - 1,
          sortOrder: Double(next(100_000)) / 7, kind: .custom(info), createdAt: now,
          modifiedAt: now.addingTimeInterval(Double(i))))
    }
    if let start {
      // 02:30 on the day the clocks go forward, and 01:30 on the day they
      // go back: times with a warning.
      let spring = try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 10))
      for (date, hour) in [
        (spring, 2), (try XCTUnwrap(CalendarDate(year: 2024, month: 11, day: 3)), 1),
      ]
      where date >= start {
        items.append(
          ItineraryItem(
            id: ItineraryItem.ID(UUID()), tripID: planned.trip.id,
            day: start.days(to: date) + 1, sortOrder: 5,
            kind: .custom(
              CustomInfo(
                title: "Early", category: .activity, time: ClockTime(hour: hour, minute: 30),
                timeZoneID: "America/Chicago")), createdAt: now, modifiedAt: now))
      }
    }
    return Itinerary(trip: planned.trip, schedule: planned.schedule, items: items)
  }

  /// `ItineraryDocument` (rows written straight from the itinerary, what
  /// the CLI prints) writes the bytes of the `Itinerary` value's writer —
  /// with and without warnings and copiedFrom, on the small real trip and
  /// on long ones with every kind of row.
  func testTheItineraryDocumentWritesTheValuesBytes() throws {
    let (small, _) = try realItinerary()
    var itineraries = [small]
    for seed in [1, 2, 3] as [UInt64] {
      itineraries.append(try longItinerary(customCount: 400 * Int(seed), seed: seed))
    }
    let withWarnings = try longItinerary(
      customCount: 300, seed: 4, start: try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 8)))
    let early = try XCTUnwrap(withWarnings.items.first { $0.title == "Early" })
    XCTAssertNotNil(withWarnings.timeWarnings()[early.id], "02:30 on March 10 needs a word")
    itineraries.append(withWarnings)
    let source = try XCTUnwrap(itineraries.last).trip
    for itinerary in itineraries {
      for (warnings, copiedFrom) in [
        (nil, nil), (["a \"tight\" leg", "x\ny"], nil), (nil, source), ([], source),
      ] as [([String]?, Trip?)] {
        let value = try Wire.bytes(
          WireV1.Itinerary(itinerary, warnings: warnings, copiedFrom: copiedFrom))
        let direct = try Wire.bytes(
          WireV1.ItineraryDocument(itinerary, warnings: warnings, copiedFrom: copiedFrom))
        XCTAssertEqual(direct, value, "\(itinerary.layout.rows.count) rows")
      }
      XCTAssertFalse(itinerary.layout.unscheduled.isEmpty)
    }
    let long = try XCTUnwrap(itineraries.max { $0.layout.rows.count < $1.layout.rows.count })
    XCTAssertGreaterThan(long.layout.rows.count, 1_400)
    let kinds = Set(WireV1.Itinerary(long).rows.map(\.kind))
    XCTAssertEqual(kinds, [.day, .game, .travel, .custom])
  }

  /// The server's trip document (`GET /api/trips/{id}`, every write's
  /// answer) streams its itinerary through `ItineraryDocument`, the
  /// writer of `trip show --json`, with no row value made: the same bytes
  /// as the document of the itinerary as a value, which is what it
  /// decodes back to (and equals).
  func testTheTripDocumentStreamsTheItineraryWritersBytes() throws {
    let (small, _) = try realItinerary()
    for itinerary in [small, try longItinerary(customCount: 400, seed: 5)] {
      let streamed = WireV1.TripDocument(itinerary, undo: "Move “Deep dish”", redo: nil)
      var asValue = streamed
      asValue.itinerary = WireV1.Itinerary(itinerary)
      let bytes = try Wire.bytes(streamed)
      XCTAssertEqual(bytes, try Wire.bytes(asValue), "\(itinerary.layout.rows.count) rows")
      var members = JSONWriter()
      members.beginObject()
      WireV1.ItineraryDocument(itinerary).writeMembers(to: &members)
      let text = String(decoding: bytes, as: UTF8.self)
      XCTAssertTrue(
        text.hasPrefix(members.text), "the itinerary writer's keys first")
      let decoded = try Wire.decode(WireV1.TripDocument.self, from: Data(bytes))
      XCTAssertEqual(decoded, streamed)
      XCTAssertEqual(try Wire.bytes(decoded), bytes)
    }
  }

  func testTheDragDocumentHasEverySlotOfTheSession() throws {
    let (itinerary, _) = try realItinerary()
    let leg = try XCTUnwrap(itinerary.items.first { $0.travelInfo != nil })
    let session = try DragSession(
      item: leg, layout: itinerary.layout, constraints: itinerary.constraints)
    let document = WireV1.Drag(session)
    XCTAssertEqual(document.slots.count, session.slots.count)
    XCTAssertEqual(document.slots.map(\.valid), session.slots.map(\.isValid))
    XCTAssertEqual(document.slots.dropLast().map(\.before), session.rows.map(\.id.description))
    XCTAssertNil(document.slots.last?.before)
    XCTAssertEqual(document.barriers, session.barrierGames.map(\.id))
    XCTAssertEqual(document.validDays?.range, session.validDays)
    XCTAssertEqual(try Wire.decode(WireV1.Drag.self, from: Wire.value(document)), document)
  }

  func testGamesRouteAndTripListRoundTrip() throws {
    let (itinerary, catalog) = try realItinerary()
    let leagues = try Leagues.builtIn()
    let games = itinerary.schedule.games.map {
      WireV1.GameEntry($0.game, catalog: catalog, leagues: leagues)
    }
    XCTAssertEqual(games.map(\.neutralSite), games.map { _ in false })
    XCTAssertEqual(games.first?.home, "CHC")
    XCTAssertEqual(try Wire.decode([WireV1.GameEntry].self, from: Wire.value(games)), games)
    let route = WireV1.Route(TripRoute(itinerary: itinerary, estimator: .default))
    XCTAssertGreaterThan(route.waypoints.count, 3)
    XCTAssertEqual(route.legs.count, route.waypoints.count - 1)
    XCTAssertEqual(try Wire.decode(WireV1.Route.self, from: Wire.value(route)), route)
    let list = [WireV1.TripListEntry(itinerary.trip)]
    XCTAssertEqual(list.first?.games, 9)
    XCTAssertEqual(try Wire.decode([WireV1.TripListEntry].self, from: Wire.value(list)), list)
  }
}

/// `map --json`'s document read back into a view (what `MapViewport`'s
/// own, unused `Codable` conformance did before it was removed).
final class WireMapViewTests: XCTestCase {
  func testAViewRoundTripsAndAWildOneIsClamped() throws {
    let wrigley = try XCTUnwrap(Coordinate(latitude: 41.948, longitude: -87.6553))
    let view = MapViewport.continentalUnitedStates.zoomed(by: 3, around: wrigley)
    let document = WireV1.MapView(view)
    XCTAssertFalse(document.isDefault)
    let back = try Wire.decode(WireV1.MapView.self, from: Wire.value(document))
    XCTAssertEqual(back, document)
    XCTAssertEqual(back.viewport.center.latitude, view.center.latitude, accuracy: 1e-9)
    XCTAssertEqual(back.viewport.latitudeSpan, view.latitudeSpan, accuracy: 1e-9)
    XCTAssertTrue(WireV1.MapView(.continentalUnitedStates).isDefault)
    let wild = try Wire.decode(
      WireV1.MapView.self,
      from: Data(
        #"{"centerLatitude": 95, "centerLongitude": 200, "latitudeSpan": 0, "longitudeSpan": 900, "isDefault": false}"#
          .utf8))
    XCTAssertEqual(wild.viewport.center.latitude, 85)
    XCTAssertEqual(wild.viewport.center.longitude, -160)
    XCTAssertEqual(wild.viewport.latitudeSpan, 0.005)
    XCTAssertEqual(wild.viewport.longitudeSpan, 360)
    XCTAssertThrowsError(
      try Wire.decode(WireV1.MapView.self, from: Data(#"{"centerLatitude": 1}"#.utf8)))
  }
}
