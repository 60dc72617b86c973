import Foundation
import XCTest

@testable import SportsTimeCore

/// SportsTime's own JSON trip file: export, then read back the same trip.
final class TripExchangeTests: XCTestCase {

  /// A real 2024 trip with legs, custom items of every kind (one with a
  /// tricky title, a time, a place), one Unscheduled, and live-clock
  /// instants with sub-second digits.
  private func sample() throws -> Itinerary {
    let environment = Environment.fixed(now: Date(timeIntervalSinceReferenceDate: 738_000_000.25))
    let planned = try PropertyTrips.plan(PropertyTrips.midwest, environment: environment)
    var items = planned.items
    // Stored titles are one clean line (issue 8): quotes, backslash, accents
    // and emoji, but no line break.
    let tricky = "Dinner, drinks; \"fun\" back\\slash — Café 🍺"
    items.append(
      ItineraryItem(
        id: UUID(), tripID: planned.trip.id, day: 2, sortOrder: 100.5000000001,
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
        id: UUID(), tripID: planned.trip.id, day: 99, sortOrder: -3.25,
        kind: .custom(CustomInfo(title: "Lost", category: .note)),
        createdAt: Date(timeIntervalSinceReferenceDate: 738_000_000),
        modifiedAt: Date(timeIntervalSinceReferenceDate: 738_000_000)))
    return Itinerary(trip: planned.trip, schedule: planned.schedule, items: items)
  }

  func testExport_readsBackTheSameTrip() throws {
    let itinerary = try sample()
    let text = TripExchange.export(itinerary)
    let back = try TripExchange.read(Data(text.utf8), file: "trip.json")
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
    XCTAssertEqual(TripExchange.export(again), text)
  }

  func testRead_namesTheFieldOfTheFirstProblem() throws {
    let text = TripExchange.export(try sample())
    func problem(_ edit: (inout [String: Any]) -> Void) throws -> FileFormatError {
      var object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      edit(&object)
      let data = try JSONSerialization.data(withJSONObject: object)
      do {
        _ = try TripExchange.read(data, file: "bad.json")
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
    XCTAssertEqual(
      try problem {
        var items = $0["items"] as? [[String: Any]] ?? []
        items[0]["id"] = items[1]["id"]
        $0["items"] = items
      }.field, "items[1].id")
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
    XCTAssertThrowsError(try TripExchange.read(Data("not json".utf8), file: "x.json")) {
      XCTAssertTrue("\($0)".contains("x.json"), "\($0)")
    }
  }

  /// The sample's export as an object, and the index of its located item.
  private func locatedSample() throws -> (object: [String: Any], index: Int) {
    let text = TripExchange.export(try sample())
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
    return try TripExchange.read(
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
