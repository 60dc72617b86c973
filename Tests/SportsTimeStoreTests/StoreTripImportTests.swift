import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeStore

/// `Store.importTrip` (issue 8, item 5): a trip file passes exactly the
/// rules of `trip new` and the item commands, refusals name the field, and
/// no accepted file makes a later view fail or take long.
final class StoreTripImportTests: StoreTestCase {
  static let name = "Import Test"

  /// A real 2024 trip built as the commands build it: Cubs Jun 4, White Sox
  /// Jun 6, Tigers Jun 8 on days Jun 3–10; a timed, located dinner at the
  /// top of Day 2, a museum on Day 6, a note on Day 8 that a re-plan to
  /// Jun 9 leaves Unscheduled. Returns its trip file.
  func realTrip(_ store: Store) throws -> Data {
    try storeWith2024(store)
    let catalog = try StoreFixtures.catalog()
    let environment = RuleEnvironment.fixed(now: StoreFixtures.now)
    let games = try ["CHN202406040", "CHA202406060", "DET202406080"].map {
      try StoreFixtures.game2024($0)
    }
    let planned = try TripBuilder.plan(
      name: Self.name, games: games, start: try StoreFixtures.date("2024-06-03"),
      end: try StoreFixtures.date("2024-06-10"), catalog: catalog, environment: environment)
    try store.insert(planned)
    let additions: [(CustomInfo, DropTarget)] = [
      (
        CustomInfo(
          title: "Deep dish", category: .restaurant, time: ClockTime(hour: 18, minute: 30),
          coordinate: Coordinate(latitude: 41.8903, longitude: -87.6337),
          address: "439 N Wells St, Chicago"), .top(day: 2)
      ),
      (CustomInfo(title: "Museum (DIA)", category: .activity), .bottom(day: 6)),
      (CustomInfo(title: "Note for the last day", category: .note), .bottom(day: 8)),
    ]
    for (info, target) in additions {
      _ = try store.editTrip(Self.name, catalog: catalog, now: StoreFixtures.now) {
        try $0.add(info, at: target, environment: environment)
      }
    }
    _ = try store.replanTrip(Self.name, catalog: catalog) {
      try $0.replan(
        games: games, start: nil, end: try StoreFixtures.date("2024-06-09"), catalog: catalog,
        environment: environment)
    }
    let itinerary = try store.itinerary(Self.name, catalog: catalog)
    XCTAssertEqual(itinerary.layout.unscheduled.map(\.item?.title), ["Note for the last day"])
    return Data(WireV1.TripFile.export(itinerary, teams: catalog.teams).utf8)
  }

  /// `data` as a JSON object.
  func object(_ data: Data) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// Reads and imports `data` into `store`.
  @discardableResult
  func importFile(_ data: Data, into store: Store) throws -> TripImport {
    try store.importTrip(
      try WireV1.TripFile.imported(data, file: "trip.json"), file: "trip.json",
      catalog: try StoreFixtures.catalog())
  }

  /// Every view of the stored trip: the layout, each item's drag session,
  /// the checks, the route and all five exports. Fails the test when one
  /// takes a second or more; returns the trip file export.
  /// Unless `hasHomeLeg`, also checks that a re-plan with the same games
  /// changes nothing: the import gave every item what the commands give.
  @discardableResult
  func everyView(
    _ store: Store, id: Trip.ID, _ label: String, hasHomeLeg: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let catalog = try StoreFixtures.catalog()
    let loaded = try store.loadTrip(id: id)
    let itinerary = Itinerary(
      trip: loaded.trip, schedule: loaded.schedule(catalog: catalog), items: loaded.items)
    for row in itinerary.numberedRows {
      if let item = row.item {
        _ = try DragSession(
          item: item, layout: itinerary.layout, constraints: itinerary.constraints)
      }
      _ = itinerary.schedule.date(ofDay: row.day)
    }
    // An accepted file keeps every rule (review of issue 8): no problem
    // for `trip check`, every leg between two stops as `trip new`
    // estimates it, every timed item in the zone the item commands give.
    XCTAssertEqual(itinerary.problems().map(\.reason), [], label, file: file, line: line)
    XCTAssertEqual(itinerary.gameProblems().map(\.reason), [], label, file: file, line: line)
    XCTAssertEqual(itinerary.missingLegs().map(\.reason), [], label, file: file, line: line)
    let stops = itinerary.schedule.stops
    for info in itinerary.items.compactMap(\.travelInfo) {
      guard let from = info.fromStop, let to = info.toStop else { continue }
      let estimate = RouteEstimator.default.estimate(from: stops[from].venue, to: stops[to].venue)
      XCTAssertEqual(info.mode, estimate.mode, label, file: file, line: line)
      XCTAssertEqual(
        info.distanceMeters, estimate.distanceMeters, accuracy: 1, label, file: file, line: line)
      XCTAssertEqual(
        info.durationSeconds, estimate.durationSeconds, accuracy: 1, label, file: file, line: line)
    }
    let zones = itinerary.timePlaces()
    for item in itinerary.items {
      guard let custom = item.customInfo, let place = zones[item.id] else { continue }
      XCTAssertEqual(custom.timeZoneID, place.timeZoneID, label, file: file, line: line)
    }
    if !hasHomeLeg {
      // A re-plan re-zones items and re-estimates and renames legs: after
      // an import it has nothing left to do.
      let replan = try itinerary.replan(
        games: loaded.games, start: nil, end: nil, catalog: catalog,
        environment: .fixed(now: StoreFixtures.now))
      XCTAssertFalse(replan.tripChanged, label, file: file, line: line)
      XCTAssertEqual(
        replan.change.updated.map(\.id) + replan.change.inserted.map(\.id)
          + replan.change.deleted, [], label, file: file, line: line)
    }
    _ = TightLeg.find(in: itinerary.schedule, travel: itinerary.items.compactMap(\.travelInfo))
    _ = TripRoute(itinerary: itinerary, estimator: .default)
    for info in itinerary.items.compactMap(\.travelInfo) {
      _ = ExportSupport.duration(info.durationSeconds)
      _ = ExportSupport.distance(info.distanceMeters, metric: true)
    }
    _ = MarkdownExport.render(itinerary, catalog: catalog)
    _ = ICalendarExport.render(itinerary, catalog: catalog)
    _ = GeoJSONExport.render(itinerary, catalog: catalog)
    _ = GPXExport.render(itinerary, catalog: catalog)
    let json = WireV1.TripFile.export(itinerary, teams: catalog.teams)
    return json
  }

  // MARK: Round trip

  func testImportTrip_realTripComesBackByteForByte() throws {
    try onBothStores { store in
      let data = try realTrip(store)
      let id = try TripResolver(store: store).trip(matching: Self.name).id
      XCTAssertEqual(try store.deleteTrip(id: id), 5)
      let imported = try importFile(data, into: store)
      XCTAssertEqual(imported.warnings, [])
      XCTAssertEqual(imported.unscheduled.count, 1)
      XCTAssertEqual(
        try everyView(store, id: id, "round trip"), String(decoding: data, as: UTF8.self))
    }
  }

  // MARK: Refusals

  /// One edit of the real trip file and what its refusal must say.
  struct Case {
    var label: String
    var field: String
    var pieces: [String]
    var edit: (inout [String: Any]) throws -> Void
  }

  /// Edits `file["items"][index]` (or its `kind` sub-object).
  static func item(
    _ index: Int, _ kind: String? = nil, _ edit: @escaping (inout [String: Any]) -> Void
  )
    -> (inout [String: Any]) throws -> Void
  {
    return { file in
      var items = try XCTUnwrap(file["items"] as? [[String: Any]])
      if let kind {
        var inner = try XCTUnwrap(items[index][kind] as? [String: Any])
        edit(&inner)
        items[index][kind] = inner
      } else {
        edit(&items[index])
      }
      file["items"] = items
    }
  }

  static func trip(_ edit: @escaping (inout [String: Any]) -> Void)
    -> (inout [String: Any]) throws -> Void
  {
    return { file in
      var trip = try XCTUnwrap(file["trip"] as? [String: Any])
      edit(&trip)
      file["trip"] = trip
    }
  }

  static func game(_ index: Int, _ edit: @escaping (inout [String: Any]) -> Void)
    -> (inout [String: Any]) throws -> Void
  {
    return { file in
      var games = try XCTUnwrap(file["games"] as? [[String: Any]])
      edit(&games[index])
      file["games"] = games
    }
  }

  func testImportTrip_refusesWhatOtherCommandsRefuse_namingTheField() throws {
    let store = try Store(path: ":memory:")
    let data = try realTrip(store)
    let id = try TripResolver(store: store).trip(matching: Self.name).id
    _ = try store.deleteTrip(id: id)
    let original = try object(data)
    let items = try XCTUnwrap(original["items"] as? [[String: Any]])
    let travel = try XCTUnwrap(items.firstIndex { $0["kind"] as? String == "travel" })
    let custom = try XCTUnwrap(items.firstIndex { $0["kind"] as? String == "custom" })
    let long = String(repeating: "a", count: 501)
    let cases: [Case] = [
      Case(
        label: "a huge duration", field: "items[\(travel)].travel.durationSeconds",
        pieces: ["1e+300", "0 to 31622400 s"],
        edit: Self.item(travel, "travel") {
          $0["durationSeconds"] = 1e300
        }),
      Case(
        label: "a negative duration", field: "items[\(travel)].travel.durationSeconds",
        pieces: ["-5"], edit: Self.item(travel, "travel") { $0["durationSeconds"] = -5 }),
      Case(
        label: "a negative distance", field: "items[\(travel)].travel.distanceMeters",
        pieces: ["-1"], edit: Self.item(travel, "travel") { $0["distanceMeters"] = -1 }),
      Case(
        label: "a distance beyond the Earth", field: "items[\(travel)].travel.distanceMeters",
        pieces: ["0 to 40075000 m"],
        edit: Self.item(travel, "travel") { $0["distanceMeters"] = 5e7 }),
      Case(
        label: "a negative stop", field: "items[\(travel)].travel.fromStop", pieces: ["-1"],
        edit: Self.item(travel, "travel") { $0["fromStop"] = -1 }),
      Case(
        label: "a 2.9-million-day trip", field: "trip.endDate",
        pieces: ["days is longer than the 366-day limit"],
        edit: Self.trip { $0["endDate"] = "9999-12-31" }),
      Case(
        label: "a travel leg on day 99", field: "items[\(travel)].day",
        pieces: ["Day 99 is not in this trip (it has 7 days)"],
        edit: Self.item(travel) { $0["day"] = 99 }),
      Case(
        label: "a travel leg on day -5", field: "items[\(travel)].day", pieces: ["Day -5"],
        edit: Self.item(travel) { $0["day"] = -5 }),
      Case(
        label: "a travel leg before its game", field: "items[\(travel)]",
        pieces: ["must come after"],
        edit: Self.item(travel) {
          $0["day"] = 2
          $0["sortOrder"] = 1
        }),
      Case(
        label: "a day that is no date", field: "items[\(custom)].day",
        pieces: ["not a date"], edit: Self.item(custom) { $0["day"] = 4_000_000 }),
      Case(
        label: "a huge sortOrder", field: "items[\(custom)].sortOrder", pieces: ["10^15"],
        edit: Self.item(custom) { $0["sortOrder"] = 1e300 }),
      Case(
        label: "a 501-character title", field: "items[\(custom)].custom.title",
        pieces: ["501 characters long; at most 500", String(repeating: "a", count: 79) + "…'"],
        edit: Self.item(custom, "custom") { $0["title"] = long }),
      Case(
        label: "a title of invisible characters", field: "items[\(custom)].custom.title",
        pieces: ["an item needs a title"],
        edit: Self.item(custom, "custom") { $0["title"] = "\u{202E}\u{1B}\u{200B}" }),
      Case(
        label: "a 201-character name", field: "trip.name",
        pieces: ["201 characters long; at most 200"],
        edit: Self.trip { $0["name"] = String(repeating: "n", count: 201) }),
      Case(
        label: "a blank name", field: "trip.name", pieces: ["a trip needs a name"],
        edit: Self.trip { $0["name"] = " \u{1B} " }),
      Case(
        label: "a leg listed twice", field: "items[\(items.count)]", pieces: ["same leg"],
        edit: { file in
          var list = try XCTUnwrap(file["items"] as? [[String: Any]])
          var copy = list[travel]
          copy["id"] = "0BAD0000-0000-4000-8000-000000000001"
          list.append(copy)
          file["items"] = list
        }),
      Case(
        label: "a leg that skips a stop", field: "items[\(items.count)].travel.toStop",
        pieces: ["joins stop 0 to stop 2", "a leg joins a stop to the next one"],
        edit: { file in
          var list = try XCTUnwrap(file["items"] as? [[String: Any]])
          var copy = list[travel]
          copy["id"] = "0BAD0000-0000-4000-8000-000000000002"
          var info = try XCTUnwrap(copy["travel"] as? [String: Any])
          info["toStop"] = 2
          info["toVenueID"] = "DET05"
          copy["travel"] = info
          list.append(copy)
          file["items"] = list
        }),
      Case(
        label: "no travel item for a leg", field: "items", pieces: ["no travel item"],
        edit: { file in
          var list = try XCTUnwrap(file["items"] as? [[String: Any]])
          list.remove(at: travel)
          file["items"] = list
        }),
      Case(
        label: "a game at another venue", field: "games[0].venueID",
        pieces: ["CHN202406040", "'NYC21'", "CHI11"], edit: Self.game(0) { $0["venueID"] = "NYC21" }
      ),
      Case(
        label: "another home team", field: "games[1].home", pieces: ["CHA202406060", "'NYY'"],
        edit: Self.game(1) { $0["home"] = "NYY" }),
      Case(
        label: "another visiting team", field: "games[2].away", pieces: ["'BOS'"],
        edit: Self.game(2) { $0["away"] = "BOS" }),
      Case(
        label: "a game outside the days", field: "games[2]",
        pieces: ["DET202406080", "outside the trip's days"],
        edit: Self.trip { $0["endDate"] = "2024-06-07" }),
      Case(
        label: "a game not in the database", field: "games",
        pieces: ["game DET209906080 is not in the database; import its schedule first"],
        edit: Self.game(2) { $0["id"] = "DET209906080" }),
      Case(
        label: "two games not in the database", field: "games",
        pieces: [
          "games CHA209906060, DET209906080 are not in the database; import their schedule first"
        ],
        edit: { file in
          try Self.game(1) { $0["id"] = "CHA209906060" }(&file)
          try Self.game(2) { $0["id"] = "DET209906080" }(&file)
        }),
    ]
    for c in cases {
      var file = original
      try c.edit(&file)
      let edited = try JSONSerialization.data(withJSONObject: file)
      do {
        try importFile(edited, into: store)
        XCTFail("\(c.label): accepted")
      } catch let error as FileFormatError {
        XCTAssertEqual(error.field, c.field, "\(c.label): \(error)")
        for piece in c.pieces {
          XCTAssertTrue(error.message.contains(piece), "\(c.label): \(error.message)")
        }
      }
      XCTAssertEqual(try store.trips(), [], "\(c.label): nothing is stored")
      XCTAssertEqual(try rowCount("itinerary_items", in: store), 0, c.label)
    }
  }

  // MARK: Accepted with warnings

  func testImportTrip_movedGameIsWarnedAndUnscheduledItemsAreKept() throws {
    let store = try Store(path: ":memory:")
    let data = try realTrip(store)
    let id = try TripResolver(store: store).trip(matching: Self.name).id
    _ = try store.deleteTrip(id: id)
    var file = try object(data)
    // The file says the Tigers game started at another time on another
    // day: it was planned before a re-import moved it. The trip follows the
    // stored game, and the import says so.
    var games = try XCTUnwrap(file["games"] as? [[String: Any]])
    games[2]["date"] = "2024-06-09"
    games[2]["start"] = "2024-06-09T13:10:00-04:00"
    file["games"] = games
    // Custom items on Day 99 and Day -5 are Unscheduled, as a re-plan
    // that moved the days would leave them.
    var items = try XCTUnwrap(file["items"] as? [[String: Any]])
    let customs = items.indices.filter { items[$0]["kind"] as? String == "custom" }
    items[customs[0]]["day"] = 99
    items[customs[1]]["day"] = -5
    file["items"] = items
    let imported = try importFile(try JSONSerialization.data(withJSONObject: file), into: store)
    let tigers = try StoreFixtures.game2024("DET202406080")
    let start = LocalTime.iso8601(tigers.start, in: tigers.timeZone)
    XCTAssertEqual(
      imported.warnings,
      [
        "game DET202406080 (games[2]) is now on 2024-06-08 at \(start), not 2024-06-09T13:10:00-04:00 as the file says: the trip uses the stored game"
      ])
    XCTAssertEqual(imported.unscheduled.count, 3)
    let loaded = try store.loadTrip(id: id)
    XCTAssertEqual(Set(loaded.items.map(\.day)).intersection([99, -5]), [99, -5])
    try everyView(store, id: id, "warned")
  }

  // MARK: What the commands give (review of issue 8)

  /// `data` with `edit` applied to item `index` (or its `kind` object).
  func edited(
    _ data: Data, item index: Int, _ kind: String? = nil,
    _ edit: @escaping (inout [String: Any]) -> Void
  ) throws -> Data {
    var file = try object(data)
    try Self.item(index, kind, edit)(&file)
    return try JSONSerialization.data(withJSONObject: file)
  }

  /// The index of the first item of the real trip file for which `test`
  /// holds.
  func index(in data: Data, where test: ([String: Any]) -> Bool) throws -> Int {
    let items = try XCTUnwrap(try object(data)["items"] as? [[String: Any]])
    return try XCTUnwrap(items.firstIndex(where: test))
  }

  /// A timed item takes the zone the item commands give it there: the
  /// file's zone, when it differs or is missing, is replaced and the
  /// wall-clock time kept, with a warning naming the field.
  func testImportTrip_timedItemsTakeTheZoneTheItemCommandsGive() throws {
    let store = try Store(path: ":memory:")
    let data = try realTrip(store)
    let id = try TripResolver(store: store).trip(matching: Self.name).id
    _ = try store.deleteTrip(id: id)
    let dinner = try index(in: data) {
      ($0["custom"] as? [String: Any])?["title"] as? String == "Deep dish"
    }
    let museum = try index(in: data) {
      ($0["custom"] as? [String: Any])?["title"] as? String == "Museum (DIA)"
    }
    let at = "items[\(dinner)].custom.timeZone"
    let cases: [(Any, String)] = [
      ("UTC", "the file says UTC"), ("America/Los_Angeles", "the file says America/Los_Angeles"),
      (NSNull(), "the file gives no zone"),
    ]
    for (zone, said) in cases {
      let file = try edited(data, item: dinner, "custom") { $0["timeZone"] = zone }
      let imported = try importFile(file, into: store)
      XCTAssertEqual(
        imported.warnings,
        ["\(at): \(said); its location is in Chicago (America/Chicago), so 18:30 is read there"])
      // What the item commands stored, byte for byte.
      XCTAssertEqual(
        try everyView(store, id: id, "\(zone)"), String(decoding: data, as: UTF8.self))
      _ = try store.deleteTrip(id: id)
    }
    // The museum at the bottom of Day 6, after the Tigers game: in Detroit.
    let timed = try edited(data, item: museum, "custom") {
      $0["time"] = "10:00"
      $0["timeZone"] = "America/Los_Angeles"
    }
    let imported = try importFile(timed, into: store)
    XCTAssertEqual(
      imported.warnings,
      [
        "items[\(museum)].custom.timeZone: the file says America/Los_Angeles; at that point the trip is in Detroit (America/Detroit), so 10:00 is read there"
      ])
    XCTAssertEqual(
      imported.items[museum].customInfo?.timeZoneID, "America/Detroit")
    XCTAssertEqual(
      try store.loadTrip(id: id).items.first { $0.id == imported.items[museum].id }?.customInfo?
        .timeZoneID, "America/Detroit")
    try everyView(store, id: id, "museum")
  }

  /// A leg between two stops gets `trip new`'s estimate: the file's mode
  /// and figures are kept only where they agree (to 1 m and 1 s), else
  /// replaced with a warning naming the fields. A "Home" leg (no stop at
  /// one end) has no venues to estimate between and keeps its figures.
  func testImportTrip_legsTakeTheEstimatorsModeAndFigures() throws {
    let store = try Store(path: ":memory:")
    let data = try realTrip(store)
    let id = try TripResolver(store: store).trip(matching: Self.name).id
    _ = try store.deleteTrip(id: id)
    let leg = try index(in: data) {
      ($0["travel"] as? [String: Any])?["toName"] as? String == "Detroit"
    }
    let original =
      try XCTUnwrap(
        try object(data)["items"] as? [[String: Any]])[leg]["travel"] as? [String: Any]
    let duration = try XCTUnwrap(original?["durationSeconds"] as? Double)
    let at = "items[\(leg)].travel"

    let wrong = try edited(data, item: leg, "travel") {
      $0["mode"] = "flight"
      $0["durationSeconds"] = 0
      $0["distanceMeters"] = 2e7
    }
    let imported = try importFile(wrong, into: store)
    XCTAssertEqual(imported.warnings.count, 1)
    XCTAssertTrue(
      (imported.warnings.first ?? "").hasPrefix(
        "\(at).mode, \(at).distanceMeters, \(at).durationSeconds: the file says a flight of 12427 mi (20000 km) taking 0 min; Guaranteed Rate Field → Detroit is a drive of 285 mi (459 km) taking 4 h 45 min "
      ), (imported.warnings.first ?? ""))
    XCTAssertTrue(
      (imported.warnings.first ?? "").hasSuffix(
        "by the estimate (great-circle × 1.2 at 60 mph), which is used"),
      (imported.warnings.first ?? ""))
    XCTAssertEqual(try everyView(store, id: id, "wrong"), String(decoding: data, as: UTF8.self))
    _ = try store.deleteTrip(id: id)

    // No mode (an older file) on a drive: nothing differs, nothing said.
    let modeless = try edited(data, item: leg, "travel") { $0["mode"] = nil }
    XCTAssertEqual(try importFile(modeless, into: store).warnings, [])
    XCTAssertEqual(try everyView(store, id: id, "no mode"), String(decoding: data, as: UTF8.self))
    _ = try store.deleteTrip(id: id)

    // Half a second off is another build's rounding: kept. Two seconds is not.
    let close = try edited(data, item: leg, "travel") { $0["durationSeconds"] = duration + 0.5 }
    XCTAssertEqual(try importFile(close, into: store).warnings, [])
    XCTAssertEqual(
      try store.loadTrip(id: id).items.compactMap(\.travelInfo).map(\.durationSeconds)
        .contains(duration + 0.5), true)
    _ = try store.deleteTrip(id: id)
    let off = try edited(data, item: leg, "travel") { $0["durationSeconds"] = duration + 2 }
    let warned = try importFile(off, into: store).warnings
    XCTAssertEqual(warned.count, 1)
    XCTAssertTrue(
      (warned.first ?? "").hasPrefix("\(at).durationSeconds: the file says a drive of "),
      "\(warned)")
    XCTAssertEqual(try everyView(store, id: id, "off"), String(decoding: data, as: UTF8.self))
    _ = try store.deleteTrip(id: id)

    // A leg is named as the route names it (no command retitles one).
    let renamed = try edited(data, item: leg, "travel") { $0["fromName"] = "Deep dish" }
    XCTAssertEqual(
      try importFile(renamed, into: store).warnings,
      [
        "\(at).fromName, \(at).toName: the file says 'Deep dish → Detroit'; the route names the leg Guaranteed Rate Field → Detroit, which is used"
      ])
    XCTAssertEqual(try everyView(store, id: id, "renamed"), String(decoding: data, as: UTF8.self))
    _ = try store.deleteTrip(id: id)

    // A leg from home to the first stop keeps the file's names, figures
    // and mode.
    var file = try object(data)
    var items = try XCTUnwrap(file["items"] as? [[String: Any]])
    var home = items[leg]
    home["id"] = "0BAD0000-0000-4000-8000-0000000000A1"
    home["day"] = 1
    home["sortOrder"] = 10
    home["travel"] = [
      "fromStop": NSNull(), "toStop": 0, "fromVenueID": NSNull(), "toVenueID": "CHI11",
      "fromName": "Home", "toName": "Chicago", "distanceMeters": 1_234_567,
      "durationSeconds": 9_000, "mode": "flight",
    ]
    items.append(home)
    file["items"] = items
    let withHome = try importFile(try JSONSerialization.data(withJSONObject: file), into: store)
    XCTAssertEqual(withHome.warnings, [])
    let homeLeg = try XCTUnwrap(withHome.items.last?.travelInfo)
    XCTAssertEqual(
      homeLeg.estimate,
      LegEstimate(mode: .flight, distanceMeters: 1_234_567, durationSeconds: 9_000))
    // (A re-plan would drop the home leg: no command makes one.)
    try everyView(store, id: id, "home leg", hasHomeLeg: true)
  }

  /// An item id another stored trip uses names the file, the field and
  /// that trip.
  func testImportTrip_itemOfAnotherTripNamesTheFieldAndTheTrip() throws {
    try onBothStores { store in
      let data = try realTrip(store)
      var file = try object(data)
      try Self.trip {
        $0["id"] = "0BAD0000-0000-4000-8000-0000000000B1"
        $0["name"] = "Copy"
      }(&file)
      let first = try XCTUnwrap((file["items"] as? [[String: Any]])?.first?["id"] as? String)
      XCTAssertThrowsError(
        try importFile(try JSONSerialization.data(withJSONObject: file), into: store)
      ) { error in
        XCTAssertEqual(
          "\(error)",
          "trip.json, field items[0].id: item \(first) already belongs to trip 'Import Test'")
      }
      XCTAssertEqual(try store.trips().map(\.name), [Self.name])
    }
  }

  // MARK: Fuzz

  /// Mutates the real trip file at random (numbers, days, strings, dates,
  /// game entries), 1–2 changes at a time, with a seeded generator: every
  /// file that is accepted can then be laid out, dragged, checked, routed
  /// and exported, each in under a second, and exports again the same way.
  func testImportTrip_mutatedFiles_everyAcceptedFileShowsAndExports() throws {
    let seed: UInt64 = 0x5EED_0008
    print("StoreTripImportTests fuzz: seed \(String(seed, radix: 16))")
    var generator = SplitMix64(seed: seed)
    let store = try Store(path: ":memory:")
    let data = try realTrip(store)
    _ = try store.deleteTrip(id: try TripResolver(store: store).trip(matching: Self.name).id)
    let original = try object(data)
    var accepted = 0
    var refused = 0
    for round in 0..<400 {
      var file = original
      let count = Int.random(in: 1...2, using: &generator)
      var applied: [String] = []
      for _ in 0..<count { applied.append(Mutation.apply(to: &file, using: &generator)) }
      let label = "round \(round): \(applied.joined(separator: "; "))"
      guard let edited = try? JSONSerialization.data(withJSONObject: file) else { continue }
      do {
        let imported = try importFile(edited, into: store)
        accepted += 1
        let first = try everyView(store, id: imported.trip.id, label)
        // The stored trip exports the same file again once re-imported.
        _ = try store.deleteTrip(id: imported.trip.id)
        let again = try importFile(Data(first.utf8), into: store)
        XCTAssertEqual(try everyView(store, id: again.trip.id, label), first, label)
        _ = try store.deleteTrip(id: again.trip.id)
      } catch is FileFormatError {
        refused += 1
      } catch let error as RecordError {
        XCTFail("\(label): the Store refused what the file check accepted: \(error)")
      } catch let error as StoreError {
        XCTFail("\(label): the Store refused what the file check accepted: \(error)")
      }
      XCTAssertEqual(try store.trips(), [], label)
    }
    print("StoreTripImportTests fuzz: \(accepted) accepted, \(refused) refused")
    XCTAssertGreaterThan(accepted, 80, "the mutations must leave many files acceptable")
    XCTAssertGreaterThan(refused, 150, "the mutations must break many files")
  }

  // MARK: The Store's own check

  func testInsert_refusesTextThatWasNotCleaned() throws {
    try onBothStores { store in
      try storeWith2024(store)
      var planned = try StoreFixtures.plan("Fine", environment: .fixed(now: StoreFixtures.now))
      planned.trip.name = "Evil\u{1B}[2J"
      XCTAssertEqual(
        recordError { try store.insert(planned) }?.description,
        RecordError.invalidText(field: "trip's name").description)
      planned.trip.name = "Fine"
      try store.insert(planned)
      let item = ItineraryItem(
        id: ItineraryItem.ID(UUID()), tripID: planned.trip.id, day: 1, sortOrder: 50,
        kind: .custom(CustomInfo(title: "Two\nlines", category: .note)),
        createdAt: StoreFixtures.now,
        modifiedAt: StoreFixtures.now)
      XCTAssertEqual(
        recordError { try store.insertItem(item) }?.description,
        RecordError.invalidText(field: "item's title").description)
      var huge = item
      huge.kind = .custom(CustomInfo(title: "Fine", category: .note))
      huge.sortOrder = 1e300
      XCTAssertEqual(
        recordError { try store.insertItem(huge) }?.description,
        RecordError.invalidItem("A position must be within ±10^15 (got 1e+300).").description)
      XCTAssertEqual(try rowCount("itinerary_items", in: store), 2)
    }
  }
}

/// The random edits of the fuzz test.
enum Mutation {
  static var numbers: [Any] {
    [
      0, -0.0, 1, 2, 3, 4, 5, 6, 7, 8, -1, 1.5, 50, 99.5, 100.5, 101, 3_600, 120_000, 99, -5, 1e300,
      -1e300, 1e15, 1e16, 2e15, 31_622_400, 31_622_401, 40_075_000, 4e7, 9_007_199_254_740_992,
      4_000_000, -3_660, 1e-300, "x", NSNull(),
    ]
  }
  static var strings: [Any] {
    [
      "", " ", "\u{1B}[31m", "\u{202E}evil", String(repeating: "z", count: 501),
      String(repeating: "y", count: 201), "Deep dish", "a\nb", "⚾️", 42, NSNull(),
    ]
  }
  static var dates: [Any] {
    [
      "9999-12-31", "0001-01-01", "2024-02-30", "2024-06-01", "2024-06-05", "2025-06-04",
      "2024-06-12", "x", 7,
    ]
  }
  static var instants: [Any] {
    [
      "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z", "2024-06-01T00:00:00.5Z", "x",
    ]
  }
  static var times: [Any] { ["25:00", "23:59", "7:05", "00:00", "x"] }
  static var zones: [Any] { ["Mars/Olympus", "America/Chicago", "Asia/Tokyo", "UTC", NSNull()] }
  static var modes: [Any] { ["drive", "flight", "boat", NSNull()] }
  static var teams: [Any] { ["CHC", "CHN", "NYY", "BOS", ""] }
  static var venues: [Any] { ["CHI11", "CHI12", "DET05", "NYC21", "X"] }
  static var starts: [Any] { ["2024-06-04T19:10:00-05:00", "2024-06-04T13:10:00-05:00", "x"] }

  static func pick<G: RandomNumberGenerator>(_ values: [Any], _ g: inout G) -> Any {
    values[Int.random(in: 0..<values.count, using: &g)]
  }

  /// Applies one random edit to `file`; returns what it did.
  static func apply<G: RandomNumberGenerator>(to file: inout [String: Any], using g: inout G)
    -> String
  {
    var items = file["items"] as? [[String: Any]] ?? []
    var trip = file["trip"] as? [String: Any] ?? [:]
    var games = file["games"] as? [[String: Any]] ?? []
    defer {
      file["items"] = items
      file["trip"] = trip
      file["games"] = games
    }
    switch Int.random(in: 0..<10, using: &g) {
    case 0:
      let key = ["startDate", "endDate"][Int.random(in: 0...1, using: &g)]
      trip[key] = pick(dates, &g)
      return "trip.\(key) = \(trip[key] ?? "")"
    case 1:
      let key = ["name", "createdAt"][Int.random(in: 0...1, using: &g)]
      trip[key] = key == "name" ? pick(strings, &g) : pick(instants, &g)
      return "trip.\(key)"
    case 2:
      guard !games.isEmpty else { return "no games" }
      let i = Int.random(in: 0..<games.count, using: &g)
      let key = ["date", "home", "away", "venueID", "start", "id"][Int.random(in: 0...5, using: &g)]
      let value: Any
      switch key {
      case "date": value = pick(dates, &g)
      case "home", "away": value = pick(teams, &g)
      case "venueID": value = pick(venues, &g)
      case "start": value = pick(starts, &g)
      default:
        value = ["CHN202406050", "CHN202406040", "DET209906080"][Int.random(in: 0...2, using: &g)]
      }
      games[i][key] = value
      return "games[\(i)].\(key) = \(value)"
    case 3:
      guard games.count > 1 else { return "one game" }
      games.remove(at: Int.random(in: 0..<games.count, using: &g))
      return "a game removed"
    default:
      guard !items.isEmpty else { return "no items" }
      let i = Int.random(in: 0..<items.count, using: &g)
      if Int.random(in: 0..<6, using: &g) == 0 {
        items.remove(at: i)
        return "items[\(i)] removed"
      }
      let kind = items[i]["kind"] as? String ?? "custom"
      let keys =
        kind == "travel"
        ? [
          "day", "sortOrder", "distanceMeters", "durationSeconds", "fromStop", "toStop", "fromName",
          "toName", "fromVenueID", "mode",
        ]
        : [
          "day", "sortOrder", "title", "address", "time", "timeZone", "latitude", "longitude",
          "category", "modifiedAt",
        ]
      let key = keys[Int.random(in: 0..<keys.count, using: &g)]
      let value: Any
      switch key {
      case "fromName", "toName", "title", "address", "category": value = pick(strings, &g)
      case "fromVenueID": value = pick(venues, &g)
      case "time": value = pick(times, &g)
      case "timeZone": value = pick(zones, &g)
      case "mode": value = pick(modes, &g)
      case "modifiedAt": value = pick(instants, &g)
      default: value = pick(numbers, &g)
      }
      if ["day", "sortOrder", "modifiedAt"].contains(key) {
        items[i][key] = value
      } else {
        var inner = items[i][kind] as? [String: Any] ?? [:]
        inner[key] = value
        items[i][kind] = inner
      }
      return "items[\(i)].\(key) = \(value)"
    }
  }
}
