import Foundation
import XCTest

@testable import SportsTimeCore

/// Reading GeoJSON outlines: the shared US states file (read in place from
/// `../shared/data/basemap/`, never copied) with its quirks, and errors.
final class BasemapTests: XCTestCase {
  /// Whether `point` is inside `feature` (even–odd rule over every ring,
  /// longitudes made continuous around the point's).
  func contains(_ feature: Basemap.Feature, _ point: Coordinate) -> Bool {
    var inside = false
    for polygon in feature.polygons {
      for ring in polygon {
        let xs = ring.map {
          point.longitude + MapViewport.wrappedLongitude($0.longitude - point.longitude)
        }
        for i in ring.indices {
          let j = i == 0 ? ring.count - 1 : i - 1
          let (x1, y1, x2, y2) = (xs[i], ring[i].latitude, xs[j], ring[j].latitude)
          if (y1 > point.latitude) != (y2 > point.latitude),
            point.longitude < (x2 - x1) * (point.latitude - y1) / (y2 - y1) + x1
          {
            inside.toggle()
          }
        }
      }
    }
    return inside
  }

  func testUSStates_readsEveryFeatureWithCleanCodes() throws {
    let states = try MapTestSupport.usStates()
    XCTAssertEqual(states.features.count, 52)
    XCTAssertEqual(Set(states.features.map(\.id)).count, 52, "ids are unique")
    // The file's Mississippi says "MI" (Michigan's code); the name wins.
    XCTAssertEqual(states.feature("MS")?.name, "Mississippi")
    XCTAssertEqual(states.feature("MS")?.fileID, "MI")
    XCTAssertEqual(states.feature("MI")?.name, "Michigan")
    // DC's id is its FIPS code "11".
    XCTAssertEqual(states.feature("DC")?.name, "District of Columbia")
    XCTAssertEqual(states.feature("DC")?.fileID, "11")
    XCTAssertEqual(states.feature("PR")?.name, "Puerto Rico")
    XCTAssertNil(states.feature("11"))
    for feature in states.features {
      XCTAssertEqual(feature.id.count, 2, feature.name)
      XCTAssertEqual(Basemap.postalCodes[feature.name.lowercased()], feature.id)
    }
  }

  /// The counts SOURCE.md lists: 45 Polygons and 7 MultiPolygons, 103 rings,
  /// 3,539 positions; Alaska 39 parts, Hawaii 5, Michigan 4.
  func testUSStates_geometryMatchesTheSourceNotes() throws {
    let states = try MapTestSupport.usStates()
    let rings = states.features.reduce(0) { $0 + $1.polygons.reduce(0) { $0 + $1.count } }
    XCTAssertEqual(rings, 103)
    XCTAssertEqual(states.features.reduce(0) { $0 + $1.positionCount }, 3539)
    XCTAssertEqual(states.feature("AK")?.polygons.count, 39)
    XCTAssertEqual(states.feature("HI")?.polygons.count, 5)
    XCTAssertEqual(states.feature("MI")?.polygons.count, 4)
    XCTAssertEqual(states.feature("VA")?.polygons.count, 3)
    XCTAssertEqual(states.features.filter { $0.polygons.count == 1 }.count, 45)
    for feature in states.features {
      for ring in feature.polygons.joined() {
        XCTAssertGreaterThanOrEqual(ring.count, 4, feature.name)
        XCTAssertEqual(ring.first, ring.last, "\(feature.name): ring is closed")
      }
    }
  }

  /// The seven Aleutian positions west of −180° are wrapped into range
  /// (+171…+173°), as one whole ring.
  func testUSStates_alaskaIsWrappedIntoRange() throws {
    let states = try MapTestSupport.usStates()
    let all = states.features.flatMap { $0.polygons.joined().joined() }
    XCTAssertTrue(all.allSatisfy { (-180..<180).contains($0.longitude) })
    let alaska = try XCTUnwrap(states.feature("AK"))
    let east = alaska.polygons.joined().joined().filter { $0.longitude > 0 }
    XCTAssertEqual(east.count, 7)
    XCTAssertTrue(east.allSatisfy { (171...173.5).contains($0.longitude) })
    let ring = try XCTUnwrap(alaska.polygons.joined().first { $0.contains { $0.longitude > 0 } })
    XCTAssertTrue(ring.allSatisfy { $0.longitude > 0 }, "the whole ring moved together")
    XCTAssertEqual(all.map(\.latitude).min() ?? 0, 17.93, accuracy: 0.01)
    XCTAssertEqual(all.map(\.latitude).max() ?? 0, 71.35, accuracy: 0.01)
  }

  /// Every US ballpark lies in its own state's outline (the pins land on
  /// the right states), except Cincinnati's, on the Ohio River, which the
  /// generalised outline puts on the Kentucky bank.
  func testUSStates_ballparksLieInTheirStates() throws {
    let states = try MapTestSupport.usStates()
    let catalog = try Fixtures.catalog()
    var checked = 0
    for venue in catalog.venues.values.sorted(by: { $0.id < $1.id }) where venue.country == "US" {
      let hits = states.features.filter { contains($0, venue.coordinate) }.map(\.id)
      if venue.id == "CIN09" {
        XCTAssertEqual(hits, ["KY"], "the river border, generalised")
      } else {
        XCTAssertEqual(hits, [venue.region], "\(venue.id) \(venue.name)")
      }
      checked += 1
    }
    XCTAssertEqual(checked, 34)
  }

  // MARK: Other files

  func testParse_idsFromNumbersNamesOrPosition() throws {
    let text = #"""
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 7, "properties": {"name": "Seven"},
         "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}},
        {"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}},
        {"type": "Feature", "id": "X", "properties": {"name": 5},
         "geometry": {"type": "Polygon", "coordinates": [[[0,0,12],[1,0,12],[1,1,12]]]}},
        {"type": "Feature", "id": "X", "properties": null,
         "geometry": {"type": "MultiPolygon",
                      "coordinates": [[[[0,0],[1,0],[1,1],[0,0]]], [[[5,5],[6,5],[6,6],[5,5]]]]}},
        {"type": "Feature", "id": "P", "geometry": {"type": "Point", "coordinates": [1, 2]}},
        {"type": "Feature", "id": "N", "geometry": null},
        {"type": "Feature", "id": "T", "properties": {"name": "texas"},
         "geometry": {"type": "Polygon", "coordinates": [[[-100,30],[-99,30],[-99,31]]]}}
      ]}
      """#
    let map = try Basemap(geoJSON: Data(text.utf8), file: "t.json")
    XCTAssertEqual(map.features.map(\.id), ["7", "feature-2", "X", "X-2", "TX"])
    XCTAssertEqual(map.features.map(\.name), ["Seven", "", "", "", "texas"])
    XCTAssertEqual(map.features[3].polygons.count, 2)
    XCTAssertEqual(map.features[2].polygons[0][0].count, 3, "altitude ignored, ring kept")
    XCTAssertEqual(map.features[4].fileID, "T")
  }

  func testParse_errorsNameTheFileAndPlace() {
    let cases: [(String, String?, String)] = [
      ("not json", nil, "not valid JSON"),
      (#"{"type": "Feature", "geometry": null}"#, "type", "expected a GeoJSON FeatureCollection"),
      (#"{"type": "FeatureCollection"}"#, nil, "missing 'features'"),
      (
        #"{"type": "FeatureCollection", "features": [{"geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0]]]}}]}"#,
        "features[0].geometry.coordinates[0]", "a ring needs at least 3 positions, found 2"
      ),
      (
        #"{"type": "FeatureCollection", "features": [{"geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,95],[1,1]]]}}]}"#,
        "features[0].geometry.coordinates[0][1]", "latitude −90…90"
      ),
      (
        #"{"type": "FeatureCollection", "features": [{"geometry": {"type": "MultiPolygon", "coordinates": [[[[0,0],[1,0],[1,1]]], [[[0],[1,0],[1,1]]]]}}]}"#,
        "features[0].geometry.coordinates[1][0][0]", "expected [longitude, latitude]"
      ),
      (
        #"{"type": "FeatureCollection", "features": [{"geometry": {"type": "Polygon", "coordinates": [[["a",0],[1,0],[1,1]]]}}]}"#,
        "features[0].geometry.coordinates[0][0][0]", "expected a number"
      ),
    ]
    for (text, field, message) in cases {
      XCTAssertThrowsError(try Basemap(geoJSON: Data(text.utf8), file: "bad.json"), text) {
        error in
        guard let error = error as? FileFormatError else {
          return XCTFail("\(type(of: error)): \(error)")
        }
        XCTAssertEqual(error.file, "bad.json")
        XCTAssertEqual(error.field, field, text)
        XCTAssertTrue(error.message.contains(message), "\(error.message) ∌ \(message)")
        XCTAssertTrue(error.description.hasPrefix("bad.json"), error.description)
      }
    }
  }
}
