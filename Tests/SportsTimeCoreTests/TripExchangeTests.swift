import Foundation
import SportsTimeAPI
import XCTest

@testable import SportsTimeCore

/// SportsTime's own JSON trip file: export, then read back the same trip.
final class TripExchangeTests: XCTestCase {

  /// A real 2024 trip with legs, custom items of every kind (one with a
  /// tricky title, a time, a place), one Unscheduled, and live-clock
  /// instants with sub-second digits.
  private func sample() throws -> Itinerary {
    let environment = RuleEnvironment.fixed(
      now: Date(timeIntervalSinceReferenceDate: 738_000_000.25))
    let planned = try PropertyTrips.plan(PropertyTrips.midwest, environment: environment)
    var items = planned.items
    // Stored titles are one clean line (issue 8): quotes, backslash, accents
    // and emoji, but no line break.
    let tricky = "Dinner, drinks; \"fun\" back\\slash — Café 🍺"
    items.append(
      ItineraryItem(
        id: ItineraryItem.ID(UUID()), tripID: planned.trip.id, day: 2, sortOrder: 100.5000000001,
        kind: .custom(
          CustomInfo(
            title: tricky, category: .restaurant, time: ClockTime(hour: 18, minute: 5),
            timeZoneID: "America/Chicago",
            coordinate: Coordinate(latitude: 41.8789, longitude: -87.6359),
            address: "1 W Main")),
        createdAt: Date(timeIntervalSinceReferenceDate: 738_000_123.456789),
        modifiedAt: Date(timeIntervalSinceReferenceDate: 738_000_456.5)))
    items.append(
      ItineraryItem(
        id: ItineraryItem.ID(UUID()), tripID: planned.trip.id, day: 99, sortOrder: -3.25,
        kind: .custom(CustomInfo(title: "Lost", category: .note)),
        createdAt: Date(timeIntervalSinceReferenceDate: 738_000_000),
        modifiedAt: Date(timeIntervalSinceReferenceDate: 738_000_000)))
    return Itinerary(trip: planned.trip, schedule: planned.schedule, items: items)
  }

  func testExport_readsBackTheSameTrip() throws {
    let itinerary = try sample()
    let text = WireV1.TripFile.export(itinerary)
    let back = try WireV1.TripFile.imported(Data(text.utf8), file: "trip.json")
    XCTAssertEqual(back.trip.id, itinerary.trip.id)
    XCTAssertEqual(back.trip.name, itinerary.trip.name)
    XCTAssertEqual(back.trip.startDate, itinerary.trip.startDate)
    XCTAssertEqual(back.trip.endDate, itinerary.trip.endDate)
    XCTAssertEqual(back.trip.gameIDs, itinerary.schedule.games.map(\.id))
    let original = Dictionary(uniqueKeysWithValues: itinerary.items.map { ($0.id, $0) })
    XCTAssertEqual(back.items.count, original.count)
    for item in back.items {
      let before = try XCTUnwrap(original[item.id])
      XCTAssertEqual(item.day, before.day)
      XCTAssertEqual(item.sortOrder, before.sortOrder, "sortOrder read back bit for bit")
      XCTAssertEqual(item.kind, before.kind)
      XCTAssertEqual(
        item.createdAt.timeIntervalSince1970, before.createdAt.timeIntervalSince1970,
        accuracy: 1e-6)
    }
    // The same layout, row for row, and a second export gives the same bytes.
    let again = Itinerary(trip: itinerary.trip, schedule: itinerary.schedule, items: back.items)
    XCTAssertEqual(again.numberedRows.map(\.id), itinerary.numberedRows.map(\.id))
    XCTAssertEqual(WireV1.TripFile.export(again), text)
  }

  func testRead_namesTheFieldOfTheFirstProblem() throws {
    let text = WireV1.TripFile.export(try sample())
    func problem(_ edit: (inout [String: Any]) -> Void) throws -> FileFormatError {
      var object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      edit(&object)
      let data = try JSONSerialization.data(withJSONObject: object)
      do {
        _ = try WireV1.TripFile.imported(data, file: "bad.json")
      } catch let error as FileFormatError {
        return error
      }
      XCTFail("the edited file was read without an error")
      return FileFormatError(file: "", line: nil, field: nil, message: "")
    }
    XCTAssertEqual(try problem { $0["format"] = "other" }.field, "format")
    XCTAssertEqual(try problem { $0["version"] = 99 }.field, "version")
    XCTAssertEqual(
      try problem {
        var items = $0["items"] as? [[String: Any]] ?? []
        items[1]["sortOrder"] = "x"
        $0["items"] = items
      }.field, "items[1].sortOrder")
    let twice = try problem {
      var items = $0["items"] as? [[String: Any]] ?? []
      items[0]["id"] = items[1]["id"]
      $0["items"] = items
    }
    XCTAssertEqual(twice.field, "items[1].id")
    // The id as every other message prints it: lowercase, as in the file.
    let itemID = try XCTUnwrap(
      ((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["items"]
        as? [[String: Any]])?[1]["id"] as? String)
    XCTAssertEqual(twice.message, "item \(itemID.lowercased()) is listed twice")
    // The rules of trip new and the item commands (issue 8).
    let travel = try XCTUnwrap(
      (try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])["items"]
        as? [[String: Any]])?.firstIndex { $0["kind"] as? String == "travel" })
    func travelEdit(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
      return { object in
        var items = object["items"] as? [[String: Any]] ?? []
        var info = items[travel]["travel"] as? [String: Any] ?? [:]
        info[key] = value
        items[travel]["travel"] = info
        object["items"] = items
      }
    }
    XCTAssertEqual(
      try problem(travelEdit("durationSeconds", 1e300)).field,
      "items[\(travel)].travel.durationSeconds")
    XCTAssertEqual(
      try problem(travelEdit("distanceMeters", -1)).field, "items[\(travel)].travel.distanceMeters")
    XCTAssertEqual(try problem(travelEdit("toStop", -2)).field, "items[\(travel)].travel.toStop")
    XCTAssertEqual(
      try problem(travelEdit("fromName", "\u{202E} ")).field, "items[\(travel)].travel.fromName")
    let forever = try problem {
      var trip = $0["trip"] as? [String: Any] ?? [:]
      trip["endDate"] = "9999-12-31"
      $0["trip"] = trip
    }
    XCTAssertEqual(forever.field, "trip.endDate")
    XCTAssertTrue(
      forever.message.hasSuffix("days is longer than the 366-day limit"), forever.message)
    XCTAssertEqual(
      try problem {
        var items = $0["items"] as? [[String: Any]] ?? []
        items[0]["day"] = 4_000_000
        $0["items"] = items
      }.field, "items[0].day")
    XCTAssertEqual(
      try problem {
        var items = $0["items"] as? [[String: Any]] ?? []
        items[0]["sortOrder"] = -1e16
        $0["items"] = items
      }.field, "items[0].sortOrder")
    XCTAssertThrowsError(try WireV1.TripFile.imported(Data("not json".utf8), file: "x.json")) {
      XCTAssertTrue("\($0)".contains("x.json"), "\($0)")
    }
  }

  /// `text` with the value of the first `"key": value` replaced by the
  /// JSON `token` (as written, e.g. `-0.0` or `1e300`).
  private func replacingFirst(_ key: String, in text: String, with token: String) throws
    -> String
  {
    let start = try XCTUnwrap(text.range(of: "\"\(key)\": "), key)
    let end = try XCTUnwrap(
      text[start.upperBound...].firstIndex { $0 == "," || $0 == "\n" }, key)
    return text.replacingCharacters(in: start.upperBound..<end, with: token)
  }

  /// Review 2 of issue 8, item 3: `version` is exactly the integer 1. 0,
  /// -1, -0.0, 1.5, a huge negative, `true` and text were read as version
  /// 1 or as "missing or not a number"; only a larger integer is a newer
  /// version.
  func testRead_versionMustBeExactlyTheInteger1() throws {
    let text = WireV1.TripFile.export(try sample())
    for token in ["0", "-1", "-0.0", "1.5", "-1e300", "1e300", "true", "false", "\"1\"", "[1]"] {
      XCTAssertThrowsError(
        try WireV1.TripFile.imported(
          Data(try replacingFirst("version", in: text, with: token).utf8), file: "v.json"),
        token
      ) { error in
        let problem = error as? FileFormatError
        XCTAssertEqual(problem?.field, "version", token)
        XCTAssertTrue(
          problem?.message.hasSuffix(
            "is not a version of this format (this build reads version 1)") ?? false,
          "\(token): \(error)")
      }
    }
    XCTAssertThrowsError(
      try WireV1.TripFile.imported(
        Data(try replacingFirst("version", in: text, with: "true").utf8), file: "v.json")
    ) { XCTAssertTrue("\($0)".contains("version: true is not a version"), "\($0)") }
    for (token, shown) in [("2", "2"), ("17.0", "17")] {
      XCTAssertThrowsError(
        try WireV1.TripFile.imported(
          Data(try replacingFirst("version", in: text, with: token).utf8), file: "v.json")
      ) { error in
        XCTAssertEqual(
          (error as? FileFormatError)?.message,
          "version \(shown) was written by a newer sportstime; this one reads up to version 1")
      }
    }
    for token in ["1", "1.0", "1e0"] {
      XCTAssertNoThrow(
        try WireV1.TripFile.imported(
          Data(try replacingFirst("version", in: text, with: token).utf8), file: "v.json"), token)
    }
  }

  /// Review 2 of issue 8, item 3: `true`/`false` are never numbers
  /// (Foundation bridges them to NSNumber 1 and 0, which read as stop 1,
  /// Day 1, 1 m, latitude 1…).
  func testRead_booleansAreNeverNumbers() throws {
    let (object, located) = try locatedSample()
    let items = try XCTUnwrap(object["items"] as? [[String: Any]])
    let travel = try XCTUnwrap(items.firstIndex { $0["kind"] as? String == "travel" })
    func refused(_ path: String, _ edit: (inout [[String: Any]]) -> Void) throws {
      for value in [true, false] {
        var list = items
        edit(&list)
        // Put `value` where the edit left the marker.
        let data = try JSONSerialization.data(
          withJSONObject: object.merging(["items": list]) { $1 })
        let text = String(decoding: data, as: UTF8.self)
          .replacingOccurrences(of: "\"@MARK@\"", with: value ? "true" : "false")
        XCTAssertThrowsError(try WireV1.TripFile.imported(Data(text.utf8), file: "b.json"), path) {
          let problem = $0 as? FileFormatError
          XCTAssertEqual(problem?.field, path)
          XCTAssertTrue(
            problem?.message.hasPrefix("\(value) is not a ") ?? false, "\(path): \($0)")
        }
      }
    }
    let mark = "@MARK@"
    try refused("items[\(travel)].day") { $0[travel]["day"] = mark }
    try refused("items[\(travel)].sortOrder") { $0[travel]["sortOrder"] = mark }
    for key in ["fromStop", "toStop", "distanceMeters", "durationSeconds"] {
      try refused("items[\(travel)].travel.\(key)") { list in
        var info = list[travel]["travel"] as? [String: Any] ?? [:]
        info[key] = mark
        list[travel]["travel"] = info
      }
    }
    for key in ["latitude", "longitude"] {
      try refused("items[\(located)].custom.\(key)") { list in
        var info = list[located]["custom"] as? [String: Any] ?? [:]
        info[key] = mark
        list[located]["custom"] = info
      }
    }
  }

  /// Review 2 of issue 8, item 3: an item at most 366 days before the
  /// trip's first day or after its last is kept (Unscheduled); one further
  /// out is refused, naming the item.
  func testRead_itemDaysFarOutsideTheTripAreRefusedNamingTheItem() throws {
    let itinerary = try sample()
    let text = WireV1.TripFile.export(itinerary)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var items = try XCTUnwrap(object["items"] as? [[String: Any]])
    let lost = try XCTUnwrap(
      items.firstIndex { ($0["custom"] as? [String: Any])?["title"] as? String == "Lost" })
    let days = itinerary.trip.dayCount
    func read(day: Int) throws -> TripExchange.Imported {
      items[lost]["day"] = day
      return try WireV1.TripFile.imported(
        try JSONSerialization.data(withJSONObject: object.merging(["items": items]) { $1 }),
        file: "d.json")
    }
    XCTAssertEqual(try read(day: -365).items[lost].day, -365)
    XCTAssertEqual(try read(day: days + 366).items[lost].day, days + 366)
    let start = itinerary.trip.startDate
    let end = itinerary.trip.endDate
    XCTAssertThrowsError(try read(day: -366)) {
      XCTAssertEqual(($0 as? FileFormatError)?.field, "items[\(lost)].day")
      XCTAssertEqual(
        ($0 as? FileFormatError)?.message,
        "item 'Lost' is on Day -366, 367 days before the trip's first day (\(start)); an item may lie at most 366 days outside the trip's days"
      )
    }
    XCTAssertThrowsError(try read(day: days + 367)) {
      XCTAssertEqual(
        ($0 as? FileFormatError)?.message,
        "item 'Lost' is on Day \(days + 367), 367 days after its last day (Day \(days), \(end)); an item may lie at most 366 days outside the trip's days"
      )
    }
  }

  /// Review 2 of issue 8, item 3: -0 is read as 0, and no distance is
  /// shown as "-0".
  func testRead_negativeZeroIsZeroAndNeverShown() throws {
    let text = WireV1.TripFile.export(try sample())
    let edited = try replacingFirst("distanceMeters", in: text, with: "-0.0")
    let imported = try WireV1.TripFile.imported(Data(edited.utf8), file: "z.json")
    let leg = try XCTUnwrap(imported.items.compactMap(\.travelInfo).first)
    XCTAssertEqual(leg.distanceMeters, 0)
    XCTAssertEqual(leg.distanceMeters.sign, .plus)
    for meters in [-0.0, -1.0, -400.0] {
      XCTAssertEqual(ExportSupport.distance(meters, metric: false), "0 mi")
      XCTAssertEqual(ExportSupport.distance(meters, metric: true), "0 km")
    }
    XCTAssertEqual(ExportSupport.duration(-0.0), "0 min")
    // A leg across the street takes seconds: not "0 min" (review 12).
    XCTAssertEqual(ExportSupport.duration(12), "< 1 min")
    XCTAssertEqual(ExportSupport.duration(31), "1 min")
    XCTAssertEqual(ExportSupport.distance(1609.344 * 92, metric: false), "92 mi")
    XCTAssertEqual(ExportSupport.distance(640, metric: false), "0.4 mi")
    XCTAssertEqual(ExportSupport.distance(640, metric: true), "0.6 km")
  }

  /// The sample's export as an object, and the index of its located item.
  private func locatedSample() throws -> (object: [String: Any], index: Int) {
    let text = WireV1.TripFile.export(try sample())
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let items = try XCTUnwrap(object["items"] as? [[String: Any]])
    let index = try XCTUnwrap(
      items.firstIndex { ($0["custom"] as? [String: Any])?["latitude"] is NSNumber })
    return (object, index)
  }

  /// `object` with item `index`'s `custom` fields set to `values`, read.
  private func read(_ object: [String: Any], item index: Int, _ values: [String: Any]) throws
    -> TripExchange.Imported
  {
    var edited = object
    var items = try XCTUnwrap(edited["items"] as? [[String: Any]])
    var custom = try XCTUnwrap(items[index]["custom"] as? [String: Any])
    custom.merge(values) { $1 }
    items[index]["custom"] = custom
    edited["items"] = items
    return try WireV1.TripFile.imported(
      try JSONSerialization.data(withJSONObject: edited), file: "bad.json")
  }

  /// Review of issue 8: a coordinate out of range names the field that is
  /// wrong (latitude first when both are); one given alone names itself.
  func testRead_coordinateProblemsNameTheWrongField() throws {
    let (object, index) = try locatedSample()
    let at = "items[\(index)].custom"
    let cases: [(Any, Any, String, String)] = [
      (41.8, 200, "longitude", "200.0 is not a longitude (-180 to 180 degrees east)"),
      (41.8, -180.5, "longitude", "-180.5 is not a longitude (-180 to 180 degrees east)"),
      (95, -87.6, "latitude", "95.0 is not a latitude (-90 to 90 degrees north)"),
      (-95, 200, "latitude", "-95.0 is not a latitude (-90 to 90 degrees north)"),
      (NSNull(), -87.6, "longitude", "a longitude (-87.6) without a latitude; the two go together"),
      (41.8, NSNull(), "latitude", "a latitude (41.8) without a longitude; the two go together"),
    ]
    for (latitude, longitude, field, message) in cases {
      XCTAssertThrowsError(
        try read(object, item: index, ["latitude": latitude, "longitude": longitude])
      ) { error in
        let problem = error as? FileFormatError
        XCTAssertEqual(problem?.field, "\(at).\(field)", "\(latitude), \(longitude)")
        XCTAssertEqual(problem?.message, message)
      }
    }
    let edge = try read(object, item: index, ["latitude": -90, "longitude": 180])
    XCTAssertEqual(
      edge.items[index].customInfo?.coordinate, Coordinate(latitude: -90, longitude: 180))
  }

  /// A zone without a time is dropped, as an edit that clears the time
  /// drops it, and the reader is told.
  func testRead_aZoneWithoutATimeIsDroppedWithAWarning() throws {
    let (object, index) = try locatedSample()
    let imported = try read(object, item: index, ["time": NSNull()])
    XCTAssertNil(imported.items[index].customInfo?.timeZoneID)
    XCTAssertEqual(
      imported.warnings,
      [
        "items[\(index)].custom.timeZone: the item has no time, so its zone America/Chicago is not kept"
      ])
  }
}
