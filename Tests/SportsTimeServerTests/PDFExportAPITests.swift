import Foundation
import SportsTimeCore
import SportsTimeRender
import SportsTimeServer
import SportsTimeStore
import SportsTimeTestSupport
import XCTest

/// `GET /api/trips/{id}/export.pdf` (issue 13): the library's bytes as a
/// download, the paper and units from the query, bad queries refused.
final class PDFExportAPITests: APITestCase {
  var basemapURL: URL { TestData.url("basemap/us-states.json") }

  override func configuration() -> SportsTimeApp.Configuration {
    SportsTimeApp.Configuration(
      host: "127.0.0.1", port: 0, basemap: basemapURL,
      timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
  }

  func testExportPDF_isTheLibrarysBytesAsADownload() throws {
    let id = tripID(try makeDemoTrip())
    let trip = try XCTUnwrap(Trip.ID(parsing: id))
    let itinerary = try store.itinerary(id: trip, catalog: try Catalog.mlb())
    // The server draws the world's countries (beside the states file) under the states.
    let basemap = Basemap(
      countries: try Basemap(
        geoJSON: try Data(contentsOf: TestData.url("basemap/world-countries.json")),
        file: "world-countries.json"),
      states: try Basemap(geoJSON: try Data(contentsOf: basemapURL), file: "us-states.json"))
    for (query, paper, metric) in [
      ("", Paper.letter, false), ("?paper=a4", .a4, false), ("?paper=A4&metric=true", .a4, true),
    ] {
      let answer = try send("GET", "/api/trips/\(id)/export.pdf\(query)")
      XCTAssertEqual(answer.status, 200, answer.text)
      XCTAssertEqual(answer.headers["content-type"], "application/pdf")
      let name = paper == .a4 ? "Great Lakes Loop (A4)" : "Great Lakes Loop"
      let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
      XCTAssertEqual(
        answer.headers["content-disposition"],
        "attachment; filename=\"\(name).pdf\"; filename*=UTF-8''\(encoded).pdf")
      let expected = try PDFExport.render(
        itinerary, catalog: try Catalog.mlb(), basemap: basemap, paper: paper, metric: metric,
        unscheduledHint: "drag them back onto a day in the app")
      XCTAssertEqual(Array(answer.body), expected, query)
      XCTAssertEqual(Array(answer.body.prefix(5)), Array("%PDF-".utf8))
    }
  }

  /// Requests at once (the server's threads) all get the whole PDF.
  func testExportPDF_concurrentRequestsGetTheSameBytes() throws {
    let id = tripID(try makeDemoTrip())
    let first = try send("GET", "/api/trips/\(id)/export.pdf")
    XCTAssertEqual(first.status, 200)
    let results = Locked<[Data]>([])
    let port = server.port
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      let answer = try? RawHTTPClient(port: port).send(
        "GET", "/api/trips/\(id)/export.pdf", headers: [:], body: Data())
      results.append(answer?.body ?? Data())
    }
    XCTAssertEqual(results.current, Array(repeating: first.body, count: 6))
  }

  /// A long name is shortened in the download's file name (a browser
  /// drops a name its file system cannot hold), keeping " (A4)".
  func testExportPDF_longNamesAreShortenedInTheFileName() throws {
    let name = String(repeating: "東京", count: 60)
    let id = tripID(try makeDemoTrip(name: name))
    let answer = try send("GET", "/api/trips/\(id)/export.pdf?paper=a4")
    XCTAssertEqual(answer.status, 200, answer.text)
    let disposition = try XCTUnwrap(answer.headers["content-disposition"])
    let encoded = try XCTUnwrap(disposition.components(separatedBy: "filename*=UTF-8''").last)
    let file = try XCTUnwrap(encoded.removingPercentEncoding)
    XCTAssertLessThanOrEqual(file.utf8.count, 255)
    XCTAssertTrue(file.hasPrefix("東京東京"), file)
    XCTAssertTrue(file.hasSuffix("… (A4).pdf"), file)
  }

  func testExportPDF_refusesBadQueriesAndMethods() throws {
    let id = tripID(try makeDemoTrip())
    for (query, field) in [
      ("?paper=legal", "paper"), ("?metric=maybe", "metric"), ("?colour=blue", "colour"),
    ] {
      let answer = try send("GET", "/api/trips/\(id)/export.pdf\(query)")
      XCTAssertEqual(answer.status, 400, query)
      let error = try XCTUnwrap(try object(answer)["error"] as? [String: Any])
      XCTAssertEqual(error["field"] as? String, field, query)
    }
    XCTAssertEqual(try send("POST", "/api/trips/\(id)/export.pdf").status, 405)
    XCTAssertEqual(
      try send("GET", "/api/trips/00000000-0000-4000-8000-000000000000/export.pdf").status, 404)
  }
}
