import Foundation
import SportsTimeTestSupport
import XCTest

@testable import SportsTimeCore

/// The iCalendar export formats a GEO line once per point (issue 9, speed).
final class ICalendarGeoTests: XCTestCase {
  /// A `GEO` line is formatted once per point and then copied
  /// (`ContentLines.geo`): the same bytes as formatting it each time, on
  /// random points (repeated, ±0, poles and the antimeridian among them).
  func testICS_geoLinesFromTheCacheAreTheFormattedLines() {
    var rng = SplitMix64(seed: 0x0009_0C09)
    var points = [
      Coordinate(latitude: 0, longitude: -0.0), Coordinate(latitude: -0.0, longitude: 0),
      Coordinate(latitude: -0.0000004, longitude: 180), Coordinate(latitude: 90, longitude: -180),
      Coordinate(latitude: 41.948_4, longitude: -87.655_3),
    ].compactMap { $0 }
    for _ in 0..<500 {
      let latitude = Double(Int64(rng.next() % 180_000_001)) / 1_000_000 - 90
      let longitude = Double(Int64(rng.next() % 360_000_001)) / 1_000_000 - 180
      if let point = Coordinate(latitude: latitude, longitude: longitude) {
        points.append(point)
        if rng.next() % 3 == 0 { points.append(points[Int(rng.next() % UInt64(points.count))]) }
      }
    }
    var cached = ICalendarExport.ContentLines(capacity: 0)
    var formatted = ICalendarExport.ContentLines(capacity: 0)
    for point in points {
      cached.geo(point)
      formatted.line(
        "GEO:" + ExportSupport.degrees(point.latitude) + ";"
          + ExportSupport.degrees(point.longitude))
    }
    XCTAssertEqual(cached.bytes, formatted.bytes)
    XCTAssertGreaterThan(points.count, 500)
  }
}
