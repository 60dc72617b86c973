import Foundation
import SportsTimeServer
import SportsTimeTestSupport
import XCTest

/// `GET /api/places` and an item's place (issue 28, 9a): the item dialog
/// searches GeoNames' towns by name, a write names the town by its id, and
/// the item keeps the town's name and zone; a point takes the nearest
/// town's zone; messages about coordinates are in a person's words.
final class PlacesAPITests: APITestCase {
  override func configuration() -> SportsTimeApp.Configuration {
    var configuration = super.configuration()
    configuration.places = TestData.url("places/cities5000.csv")
    return configuration
  }

  private func places(_ query: String) throws -> [[String: Any]] {
    let answer = try send("GET", "/api/places?\(query)")
    XCTAssertEqual(answer.status, 200, answer.text)
    let document = try object(answer)
    XCTAssertEqual(
      document["attribution"] as? String, "Places: GeoNames (www.geonames.org), CC BY 4.0")
    return try XCTUnwrap(document["places"] as? [[String: Any]])
  }

  func testSearch_fiveArlingtonsWithStateAndCountry() throws {
    let found = try places("q=Arlington")
    // The five Arlingtons, then the towns whose names start so (Arlington Heights, IL, …).
    XCTAssertGreaterThan(found.count, 5)
    XCTAssertTrue(found.allSatisfy { ($0["name"] as? String)?.hasPrefix("Arlington") == true })
    XCTAssertEqual(
      found.prefix(5).map { $0["label"] as? String },
      [
        "Arlington, TX, United States", "Arlington, VA, United States",
        "Arlington, MA, United States", "Arlington, WA, United States",
        "Arlington, TN, United States",
      ])
    XCTAssertEqual(found.first?["timeZone"] as? String, "America/Chicago")
    XCTAssertEqual(found.first?["admin1"] as? String, "TX")
    XCTAssertEqual(try places("q=arlington,%20va&limit=1").first?["id"] as? Int, 4_744_709)
    XCTAssertEqual(try places("q=").count, 0)
    XCTAssertEqual(try send("GET", "/api/places?q=a&limit=0").status, 400)
    XCTAssertEqual(try send("GET", "/api/places?q=a&bogus=1").status, 400)
    XCTAssertEqual(try send("POST", "/api/places").status, 405)
  }

  func testItemAtATown_keepsItsNameAndZone_throughEditsAndUndo() throws {
    let trip = try makeDemoTrip()
    let id = tripID(trip)
    // Wed, Jun 5, 2024 (Day 2) is a Chicago day; the dinner is in South Bend (Eastern).
    let town = try XCTUnwrap(try places("q=South%20Bend,%20IN&limit=1").first)
    let added = try send(
      "POST", "/api/trips/\(id)/items",
      json: [
        "title": "Dinner", "category": "restaurant", "time": "17:30",
        "placeID": try XCTUnwrap(town["id"]), "place": ["day": 2, "at": "top"],
      ])
    XCTAssertEqual(added.status, 201, added.text)
    let row = try XCTUnwrap(try object(added)["row"] as? [String: Any])
    XCTAssertEqual(row["placeName"] as? String, "South Bend, IN, United States")
    XCTAssertEqual(row["placeTimeZone"] as? String, "America/Indiana/Indianapolis")
    XCTAssertEqual(row["timeZone"] as? String, "America/Indiana/Indianapolis")
    XCTAssertEqual(row["latitude"] as? Double, town["latitude"] as? Double)
    let itemID = try XCTUnwrap((row["id"] as? String)?.replacingOccurrences(of: "item:", with: ""))
    // A new title keeps the place; the shown document has it too.
    let edited = try send("PATCH", "/api/trips/\(id)/items/\(itemID)", json: ["title": "Supper"])
    XCTAssertEqual(edited.status, 200, edited.text)
    let editedRow = try XCTUnwrap(try object(edited)["row"] as? [String: Any])
    XCTAssertEqual(editedRow["placeName"] as? String, "South Bend, IN, United States")
    // A point set on the map: no town name, the nearest town's zone.
    let moved = try send(
      "PATCH", "/api/trips/\(id)/items/\(itemID)", json: ["lat": 41.88, "lon": -87.63])
    XCTAssertEqual(moved.status, 200, moved.text)
    let movedRow = try XCTUnwrap(try object(moved)["row"] as? [String: Any])
    XCTAssertTrue(movedRow["placeName"] is NSNull, "\(movedRow)")
    XCTAssertEqual(movedRow["placeTimeZone"] as? String, "America/Chicago")
    XCTAssertEqual(movedRow["timeZone"] as? String, "America/Chicago")
    // Undo brings the town back, as stored.
    XCTAssertEqual(try send("POST", "/api/trips/\(id)/undo").status, 200)
    let shown = try object(try send("GET", "/api/trips/\(id)"))
    let again = try XCTUnwrap(
      (shown["rows"] as? [[String: Any]])?.first { $0["id"] as? String == "item:\(itemID)" })
    XCTAssertEqual(again["placeName"] as? String, "South Bend, IN, United States")
    XCTAssertEqual(again["timeZone"] as? String, "America/Indiana/Indianapolis")
    // Clearing the point clears its place.
    let cleared = try send(
      "PATCH", "/api/trips/\(id)/items/\(itemID)", json: ["lat": NSNull(), "lon": NSNull()])
    let clearedRow = try XCTUnwrap(try object(cleared)["row"] as? [String: Any])
    XCTAssertTrue(clearedRow["placeName"] is NSNull && clearedRow["placeTimeZone"] is NSNull)
  }

  func testItemPlaceErrors_areInAPersonsWords() throws {
    let id = tripID(try makeDemoTrip())
    func refusal(_ body: [String: Any]) throws -> (field: String?, message: String) {
      var json = body
      json["title"] = "Somewhere"
      let answer = try send("POST", "/api/trips/\(id)/items", json: json)
      XCTAssertEqual(answer.status, 400, answer.text)
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any])
      return (error["field"] as? String, try XCTUnwrap(error["message"] as? String))
    }
    let outside = try refusal(["lat": 95, "lon": 10])
    XCTAssertEqual(outside.field, "lat")
    XCTAssertEqual(
      outside.message,
      "That point is not on the map: the latitude goes from -90 (south) to 90 (north) and the longitude from -180 (west) to 180 (east), in degrees."
    )
    XCTAssertEqual(try refusal(["lat": 45, "lon": 190]).field, "lon")
    XCTAssertEqual(
      try refusal(["lat": 45]).message, "Give both the latitude and the longitude, or neither.")
    XCTAssertEqual(try refusal(["placeID": 1]).field, "placeID")
    XCTAssertTrue(
      try refusal(["placeID": 4_671_240, "lat": 1, "lon": 1]).message.contains("not both"))
    for message in [outside.message] {
      XCTAssertFalse(message.contains("lat ") || message.contains("lon "), message)
    }
  }
}

/// Without a list of towns the search says so in words (503), and a point
/// still takes the nearest venue's zone, as before places.
final class PlacesUnavailableAPITests: APITestCase {
  func testSearchWithoutTheList_is503InWords() throws {
    let answer = try send("GET", "/api/places?q=Arlington")
    XCTAssertEqual(answer.status, 503, answer.text)
    XCTAssertTrue(answer.text.contains("Places cannot be searched on this server"), answer.text)
    let id = tripID(try makeDemoTrip())
    let added = try send(
      "POST", "/api/trips/\(id)/items",
      json: ["title": "Dinner", "time": "17:30", "lat": 41.6764, "lon": -86.2520])
    XCTAssertEqual(added.status, 201, added.text)
    let row = try XCTUnwrap(try object(added)["row"] as? [String: Any])
    XCTAssertTrue(row["placeTimeZone"] is NSNull)
    XCTAssertEqual(row["timeZone"] as? String, "America/Chicago")
  }
}
