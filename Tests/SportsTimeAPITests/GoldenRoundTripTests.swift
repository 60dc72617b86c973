import Foundation
import SportsTimeCore
import XCTest

@testable import SportsTimeAPI

/// Every JSON document the CLI prints for the demo data (the golden files,
/// `Tests/Golden/*.json`, real 2024 schedule data) read into its wire type
/// and written back: the same bytes, and decoding again gives an equal
/// value. A golden JSON file without a wire type fails the test.
final class GoldenRoundTripTests: XCTestCase {
  /// `Tests/Golden/`.
  static let golden = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

  /// Golden file → the round trip through its type.
  static let documents: [String: @Sendable (Data) throws -> (text: String, equalAgain: Bool)] = [
    "games-CLE-cancelled.json": trip([WireV1.GameEntry].self),
    "games-CLE-makeup.json": trip([WireV1.GameEntry].self),
    "games-DET.json": trip([WireV1.GameEntry].self),
    "history.json": trip(WireV1.History.self),
    "history-nhl-2024.json": trip(WireV1.History.self),
    "item-add.json": trip(WireV1.Row.self),
    "item-edit.json": trip(WireV1.Row.self),
    "item-move.json": trip(WireV1.Row.self),
    "legacy-import.json": trip(WireV1.LegacyImport.self),
    "map.json": trip(WireV1.MapView.self),
    "map-pan.json": trip(WireV1.MapView.self),
    "map-wrigley.json": trip(WireV1.MapView.self),
    "progress.json": trip(WireV1.Progress.self),
    "replan.json": trip(WireV1.ReplanReport.self),
    "replan-check.json": trip(WireV1.TripCheck.self),
    "replan-show.json": trip(WireV1.Itinerary.self),
    "schedule-import.json": trip(WireV1.ScheduleImport.self),
    "trip-attended.json": trip(WireV1.Attended.self),
    "trip-check.json": trip(WireV1.TripCheck.self),
    "trip-copy.json": trip(WireV1.Itinerary.self),
    "trip-delete.json": trip(WireV1.TripDeleted.self),
    "trip-drag-item.json": trip(WireV1.Drag.self),
    "trip-drag-leg.json": trip(WireV1.Drag.self),
    "trip-import.json": trip(WireV1.Itinerary.self),
    "trip-list.json": trip([WireV1.TripListEntry].self),
    "trip-new.json": trip(WireV1.Itinerary.self),
    "trip-rename.json": trip(WireV1.TripRenamed.self),
    "trip-route.json": trip(WireV1.Route.self),
    "trip-show.json": trip(WireV1.Itinerary.self),
    "visit-add.json": trip(WireV1.VisitEntry.self),
    "visit-list.json": trip([WireV1.VisitEntry].self),
    "visit-list-wrigley.json": trip([WireV1.VisitEntry].self),
  ]

  /// The trip files (`trip export --format json`, the pinned version-1
  /// file): `WireV1.TripFile`, checked by
  /// `testTheTripFilesAreWireDocumentsWrittenBackByteForByte`.
  static let tripFiles: Set<String> = ["export.json", "trip-file-v1.pinned.json"]

  static func trip<T: Codable & Equatable & Sendable>(_ type: T.Type)
    -> @Sendable (Data) throws -> (
      text: String, equalAgain: Bool
    )
  {
    { data in
      let value = try Wire.decode(T.self, from: data)
      let encoded = try Wire.value(value)
      let again = try Wire.decode(T.self, from: encoded)
      return (encoded.render(), again == value)
    }
  }

  func testEveryGoldenJSONDocumentRoundTripsByteForByte() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.golden.path)
      .filter { $0.hasSuffix(".json") && !Self.tripFiles.contains($0) }.sorted()
    XCTAssertGreaterThanOrEqual(names.count, 30, "golden files not found in \(Self.golden.path)")
    XCTAssertEqual(Set(names), Set(Self.documents.keys), "every golden JSON has a wire type")
    for name in names {
      guard let roundTrip = Self.documents[name] else { continue }
      let data = try Data(contentsOf: Self.golden.appendingPathComponent(name))
      let original = String(decoding: data, as: UTF8.self)
      let result = try roundTrip(data)
      // The CLI prints the document and a newline.
      XCTAssertEqual(result.text + "\n", original, "\(name) changed in the round trip")
      XCTAssertTrue(result.equalAgain, "\(name): decoding the encoded value gives another value")
    }
  }

  func testGoldenDocumentsCarryWhatTheREADMESays() throws {
    let show = try Wire.decode(
      WireV1.Itinerary.self,
      from: Data(contentsOf: Self.golden.appendingPathComponent("trip-show.json")))
    XCTAssertEqual(show.trip.name, "Great Lakes Loop")
    XCTAssertEqual(show.rows.map(\.number), Array(1...show.rows.count))
    XCTAssertEqual(show.rows.first?.kind, .day)
    XCTAssertNil(show.rows.first?.sortOrder)
    XCTAssertTrue(show.rows.contains { $0.travel != nil && $0.kind == .travel })
    XCTAssertTrue(show.rows.allSatisfy { ($0.game != nil) == ($0.kind == .game) })
    XCTAssertNil(show.warnings)
    XCTAssertNil(show.copiedFrom)
    let copy = try Wire.decode(
      WireV1.Itinerary.self,
      from: Data(contentsOf: Self.golden.appendingPathComponent("trip-copy.json")))
    XCTAssertEqual(copy.copiedFrom?.name, "Great Lakes Loop")
    let replan = try Wire.decode(
      WireV1.ReplanReport.self,
      from: Data(contentsOf: Self.golden.appendingPathComponent("replan.json")))
    XCTAssertEqual(replan.reasons.entries.map(\.key), replan.reset)
  }

  /// The trip file is a wire document like the others: the golden export
  /// and the pinned version-1 file decode through the wire decoder and are
  /// written back, through its own writer and through the one encoder
  /// (`Wire.write`), to the same bytes; a file read back is the same
  /// document.
  func testTheTripFilesAreWireDocumentsWrittenBackByteForByte() throws {
    for name in Self.tripFiles.sorted() {
      let data = try Data(contentsOf: Self.golden.appendingPathComponent(name))
      let file = try Wire.decode(WireV1.TripFile.self, from: data)
      XCTAssertEqual(file, try WireV1.TripFile.read(data, file: name), name)
      XCTAssertFalse(file.items.isEmpty, name)
      XCTAssertEqual(file.trip.gameIDs, file.games.map(\.id), name)
      var writer = JSONWriter()
      file.write(to: &writer)
      writer.newline()
      XCTAssertEqual(writer.text, String(decoding: data, as: UTF8.self), "\(name) changed")
      var viaEncoder = JSONWriter()
      try Wire.write(file, to: &viaEncoder)
      viaEncoder.newline()
      XCTAssertEqual(viaEncoder.text, writer.text, name)
    }
  }

  /// The trip file has one encoding and one reading, the wire's: another
  /// decoder is refused (as another encoder is for the writable types).
  func testTheTripFileIsReadOnlyByTheWireDecoder() throws {
    let data = try Data(contentsOf: Self.golden.appendingPathComponent("export.json"))
    XCTAssertThrowsError(try JSONDecoder().decode(WireV1.TripFile.self, from: data)) {
      XCTAssertTrue("\($0)".contains("only by the wire decoder"), "\($0)")
    }
    XCTAssertThrowsError(try JSONEncoder().encode(try WireV1.TripFile.read(data, file: "t")))
  }

  /// A bad trip file read through the wire decoder fails as
  /// `read(_:file:)` does: the field path and the message.
  func testATripFileDecodedWithTheWireDecoderKeepsTheReadersMessages() throws {
    let data = try Data(contentsOf: Self.golden.appendingPathComponent("export.json"))
    let text = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 1.5")
    XCTAssertThrowsError(try Wire.decode(WireV1.TripFile.self, from: Data(text.utf8))) {
      let error = $0 as? FileFormatError
      XCTAssertEqual(error?.field, "version")
      XCTAssertEqual(
        error?.message,
        "1.5 is not a version of this format (this build reads version 1)")
    }
  }
}
