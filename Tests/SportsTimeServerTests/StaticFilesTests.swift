import Foundation
import SportsTimeServer
import SportsTimeTestSupport
import XCTest

/// Static paths cannot leave their folder.
final class StaticFilesTests: XCTestCase {
  func testPaths_stayInsideTheFolder() throws {
    let scratch = try TemporaryDirectory(prefix: "static-files")
    let folder = scratch.url.appendingPathComponent("assets")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data("body{}".utf8).write(to: folder.appendingPathComponent("app.css"))
    try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("images/pin.png"))
    try Data("secret".utf8).write(to: scratch.url.appendingPathComponent("secret.txt"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("escape.txt"),
      withDestinationURL: scratch.url.appendingPathComponent("secret.txt"))
    let files = StaticFiles(folder: folder)
    let css = try XCTUnwrap(files.response(for: "app.css"))
    XCTAssertEqual(css.status, 200)
    XCTAssertEqual(css.header("Content-Type"), "text/css; charset=utf-8")
    XCTAssertEqual(css.bytes, Data("body{}".utf8))
    XCTAssertEqual(files.response(for: "images/pin.png")?.header("Content-Type"), "image/png")
    XCTAssertEqual(files.response(for: "/images//pin.png")?.status, 200)
    for bad in [
      "../secret.txt", "images/../../secret.txt", "./app.css", "escape.txt", "images",
      "", "app.css\0.png", "images\\..\\..\\secret.txt", "missing.js", "/etc/passwd",
    ] {
      XCTAssertNil(files.response(for: bad), bad)
    }
  }

  func testDebianLibraries_areServedWhereDebianPutsThem() throws {
    let sortable = StaticFiles(folder: URL(fileURLWithPath: "/usr/share/javascript/sortable"))
    let script = try XCTUnwrap(
      sortable.response(for: "Sortable.min.js"),
      "libjs-sortable is installed by install-deps --test")
    XCTAssertEqual(script.header("Content-Type"), "text/javascript; charset=utf-8")
    XCTAssertGreaterThan(script.bytes?.count ?? 0, 10_000)
    let leaflet = StaticFiles(folder: URL(fileURLWithPath: "/usr/share/javascript/leaflet"))
    XCTAssertNotNil(leaflet.response(for: "leaflet.js"))
    XCTAssertNotNil(leaflet.response(for: "images/marker-icon.png"))
  }
}
