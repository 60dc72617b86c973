import Foundation
import XCTest

/// The exact bytes of the tool's outputs for one fixed state of the demo data,
/// compared with the golden files in `Tests/Golden/`.
///
/// The state: the real 2024 Retrosheet schedule, the demo's "Great Lakes Loop"
/// imported from the pinned version-1 trip file
/// `Tests/Golden/trip-file-v1.pinned.json` (`trip import` keeps its trip and
/// item ids, so they are stable; the trip has a timed dinner with an address,
/// a hotel with a location, an activity, a note, a moved leg and an
/// Unscheduled item), the trip's games recorded as visits and two visits of
/// another sport and year. Every command runs with `--now` pinned. A second,
/// fresh database gives the text forms of the commands that change things
/// (one re-plan cannot be run twice) and the trip and item edits.
///
/// Visits, new trips, copies and the legs a re-plan adds get random ids: each
/// such UUID is replaced by `<uuid-N>` and its 8-character prefix (as text
/// output shows ids) by `<uuid-N:8>`, N numbered in order of the whole id's
/// first appearance over all the outputs in the order they are made (a
/// `--json` listing is run, not compared, where text alone would show only a
/// prefix). The ids of the input files (the pinned trip file, the legacy
/// fixture) are left as they are.
///
/// The whole scenario runs twice, in UTC with `LANG=LC_ALL=C.UTF-8` and in
/// `TZ=Pacific/Auckland` with `LANG=C` (no `LC_ALL`), and both runs must give
/// the same bytes: no output may depend on the machine's zone or locale (and
/// an id left random would show up here).
///
/// `SPORTSTIME_UPDATE_GOLDEN=1` rewrites the golden files (never the pinned
/// trip file) and removes those no command makes, then fails, so update mode
/// never passes silently (`make golden`).
final class GoldenFileTests: EndToEndTestCase {
  /// `Tests/Golden/`.
  static let goldenDirectory = CLIProcess.repositoryRoot.appendingPathComponent("Tests/Golden")
  /// The pinned version-1 trip file (an input: never rewritten).
  static let pinnedTripFile = "trip-file-v1.pinned.json"
  /// The one instant every command runs at (two days after the trip's last game).
  static let now = "2024-06-12T16:00:00Z"
  static let trip = "Great Lakes Loop"

  /// Whether a name in `Tests/Golden/` is a golden file of the commands:
  /// not the pinned input, a hidden file or `http/` (the server's answers,
  /// `HTTPGoldenFileTests`).
  static func isGoldenName(_ name: String) -> Bool {
    name != pinnedTripFile && !name.hasPrefix(".") && name != "http"
  }

  var updating: Bool { ProcessInfo.processInfo.environment["SPORTSTIME_UPDATE_GOLDEN"] == "1" }

  func testOutputsMatchGoldenFiles() throws {
    // The pinned input stays a version-1 trip file (update mode never rewrites it).
    let pinned = try parseJSON(
      try String(
        contentsOf: Self.goldenDirectory.appendingPathComponent(Self.pinnedTripFile),
        encoding: .utf8))
    let head = try XCTUnwrap(pinned as? [String: Any])
    XCTAssertEqual(head.string("format"), "sportstime-trip")
    XCTAssertEqual(head.int("version"), 1)
    let utc = try scenario(
      label: "utc", extra: ["TZ": nil, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    let auckland = try scenario(
      label: "auckland", extra: ["TZ": "Pacific/Auckland", "LANG": "C", "LC_ALL": nil])
    XCTAssertEqual(utc.map(\.name), auckland.map(\.name))
    for (a, b) in zip(utc, auckland) where a.bytes != b.bytes {
      XCTFail(
        "\(a.name) differs between UTC/C.UTF-8 and Pacific/Auckland/C:\n"
          + Self.firstDifference(
            expected: a.bytes, actual: b.bytes, expectedLabel: "UTC, C.UTF-8",
            actualLabel: "Pacific/Auckland, C"))
    }
    try compareOrUpdate(utc)
  }

  // MARK: - The scenario

  /// One output: its golden file's name and its (normalised) bytes.
  struct Output {
    var name: String
    var bytes: Data
  }

  /// Builds the state in fresh databases under `scratch/label` and returns
  /// every output, in the order they were made, UUIDs normalised.
  func scenario(label: String, extra: [String: String?]) throws -> [Output] {
    let directory = scratch.appendingPathComponent(label)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.goldenDirectory.appendingPathComponent(Self.pinnedTripFile),
      to: directory.appendingPathComponent("great-lakes-loop.json"))
    try FileManager.default.copyItem(
      at: CLIProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/legacy/trips.json"),
      to: directory.appendingPathComponent("legacy-trips.json"))
    try FileManager.default.createSymbolicLink(
      at: directory.appendingPathComponent("2024schedule.csv"),
      withDestinationURL: try CLIProcess.schedule(2024))
    let recorder = Recorder(directory: directory, base: environment, extra: extra)
    // The main database starts as a copy of the imported schedule.
    try installImported2024(at: recorder.database)
    try mainDatabase(recorder)
    // The second one imports the schedule itself (its report is a golden too).
    recorder.database = directory.appendingPathComponent("b.sqlite")
    try secondDatabase(recorder)

    var normalizer = UUIDNormalizer(pinned: try pinnedIDs())
    for entry in recorder.outputs { normalizer.register(entry.text) }
    return recorder.outputs.filter(\.golden).map { entry in
      Output(name: entry.name, bytes: Data(normalizer.normalize(entry.text).utf8))
    }
  }

  /// The pinned trip with visits: every read command, the map, a re-plan.
  func mainDatabase(_ r: Recorder) throws {
    let t = Self.trip
    // The state: the pinned trip, its games attended, two more visits.
    try r.capture("trip-import.json", ["trip", "import", "great-lakes-loop.json", "--json"])
    try r.capture("trip-attended.json", ["trip", "attended", t, "--json"])
    try r.capture(
      "visit-add.txt",
      [
        "visit", "add", "wrigley", "--date", "2023-07-01", "--away", "STL", "--home", "CHC",
        "--score", "3-5", "--notes", "Bleachers, section 314",
      ])
    try r.capture(
      "visit-add.json",
      [
        "visit", "add", "td-garden", "--sport", "NHL", "--date", "2024-03-02", "--away", "TOR",
        "--home", "BOS", "--score", "2-3", "--json",
      ])

    // Trips and the itinerary.
    try r.capture("trip-list.txt", ["trip", "list"])
    try r.capture("trip-list.json", ["trip", "list", "--json"])
    try r.capture("trip-show.txt", ["trip", "show", t])
    try r.capture("trip-show-metric.txt", ["trip", "show", t, "--metric"])
    try r.capture("trip-show.json", ["trip", "show", t, "--json"])
    // Row 9 is the Chicago → Detroit leg (id e30510c9…), row 6 the dinner (3cf6876d…).
    try r.capture("trip-drag-leg.txt", ["trip", "show", t, "--drag", "9"])
    try r.capture("trip-drag-leg.json", ["trip", "show", t, "--drag", "e30510c9", "--json"])
    try r.capture("trip-drag-item.txt", ["trip", "show", t, "--drag", "3cf6876d"])
    try r.capture("trip-drag-item.json", ["trip", "show", t, "--drag", "6", "--json"])
    try r.capture("trip-check.txt", ["trip", "check", t])
    try r.capture("trip-check.json", ["trip", "check", t, "--json"])
    try r.capture("trip-route.txt", ["trip", "route", t])
    try r.capture("trip-route-metric.txt", ["trip", "route", t, "--metric"])
    try r.capture("trip-route.json", ["trip", "route", t, "--json"])

    // Every export format.
    for format in ["md", "ics", "geojson", "gpx", "json"] {
      try r.capture("export.\(format)", ["trip", "export", t, "--format", format])
    }
    try r.capture("export-metric.md", ["trip", "export", t, "--format", "md", "--metric"])
    try r.capture("export-metric.ics", ["trip", "export", t, "--format", "ics", "--metric"])
    try r.capture("export-out.txt", ["trip", "export", t, "--format", "ics", "--out", "loop.ics"])
    try r.captureFile("export-out.ics", "loop.ics")

    // Games (one team over a few days; a makeup doubleheader; the cancelled game).
    for (name, team, from, to) in [
      ("games-DET", "DET", "2024-06-07", "2024-06-09"),
      ("games-CLE-makeup", "CLE", "2024-04-12", "2024-04-14"),
      ("games-CLE-cancelled", "CLE", "2024-09-27", "2024-09-29"),
    ] {
      let query = ["games", "--team", team, "--from", from, "--to", to]
      try r.capture("\(name).txt", query)
      try r.capture("\(name).json", query + ["--json"])
    }

    // Visits, progress, history.
    try r.capture("visit-list.txt", ["visit", "list"])
    try r.capture("visit-list.json", ["visit", "list", "--json"])
    try r.capture("visit-list-wrigley.txt", ["visit", "list", "wrigley"])
    try r.capture("visit-list-wrigley.json", ["visit", "list", "wrigley", "--json"])
    try r.capture("progress.txt", ["progress"])
    try r.capture("progress.json", ["progress", "--json"])
    try r.capture("history.txt", ["history"])
    try r.capture("history.json", ["history", "--json"])
    try r.capture(
      "history-nhl-2024.json", ["history", "--sport", "NHL", "--year", "2024", "--json"])

    // The map (its view is stored, so the order matters).
    let basemap = try CLIProcess.dataDirectory.get()
      .appendingPathComponent("basemap/us-states.json").path
    try r.capture("map.txt", ["map"])
    try r.capture("map.json", ["map", "--json"])
    try r.capture("map-usa.txt", ["map", "--reset", "--out", "usa.svg"])
    try r.captureFile("map-usa.svg", "usa.svg")
    try r.capture("map-wrigley.txt", ["map", "--focus", "Wrigley", "--out", "wrigley.svg"])
    try r.captureFile("map-wrigley.svg", "wrigley.svg")
    try r.capture("map-wrigley.json", ["map", "--json"])
    try r.capture(
      "map-detroit.txt",
      [
        "map", "--focus", "Comerica", "--zoom", "0.002", "--out", "detroit.svg", "--basemap",
        basemap,
      ])
    try r.captureFile("map-detroit.svg", "detroit.svg")
    try r.capture("map-pan.json", ["map", "--reset", "--zoom", "2", "--pan", "-0.25,0", "--json"])

    // A re-plan (its text report comes from the second database).
    try r.capture("replan.json", Self.replan + ["--json"])
    try r.capture("replan-show.txt", ["trip", "show", t])
    try r.capture("replan-show.json", ["trip", "show", t, "--json"])
    try r.capture("replan-check.json", ["trip", "check", t, "--json"])

    // A legacy file (its ids are kept).
    try r.capture("legacy-import.json", ["import", "legacy", "legacy-trips.json", "--json"])
  }

  /// The re-plan of the README's tour.
  static let replan = [
    "trip", "replan", trip, "--add-game", "CWS@2024-06-06", "--start", "2024-06-03",
  ]

  /// A fresh database: the text forms of the commands that change things,
  /// the JSON of the trip and item edits, and a few refusals.
  func secondDatabase(_ r: Recorder) throws {
    let t = Self.trip
    try r.capture("schedule-import.json", ["schedule", "import", "2024schedule.csv", "--json"])
    try r.capture("schedule-reimport.txt", ["schedule", "import", "2024schedule.csv"])
    try r.capture("trip-import.txt", ["trip", "import", "great-lakes-loop.json"])
    try r.capture("replan.txt", Self.replan)
    try r.capture("legacy-import.txt", ["import", "legacy", "legacy-trips.json"])

    // A new trip with a tight leg, edited.
    let swing = ["--game", "BOS@2024-06-04", "--game", "BOS202406050", "--game", "chc@2024-06-05"]
    try r.capture("trip-new.json", ["trip", "new", "East Swing"] + swing + ["--json"])
    try r.capture("trip-new.txt", ["trip", "new", "Boston Swing"] + swing, stderr: true)
    // Text shows the new trip's id only by its prefix: learn the whole id.
    try r.learnIDs(["trip", "list", "--json"])
    let added = try r.capture(
      "item-add.json",
      [
        "item", "add", "East Swing", "--title", "Fenway tour", "--category", "activity", "--day",
        "1", "--top", "--time", "10:00", "--json",
      ])
    let id = try XCTUnwrap(UUIDNormalizer.uuids(in: added).first)
    try r.capture("item-add.txt", ["item", "add", "East Swing", "--title", "Lobster roll"])
    try r.capture(
      "item-move.json", ["item", "move", "East Swing", id, "--day", "2", "--top", "--json"])
    try r.capture("item-move.txt", ["item", "move", "East Swing", id, "--day", "1", "--bottom"])
    try r.capture(
      "item-edit.json",
      ["item", "edit", "East Swing", id, "--title", "Fenway Park tour", "--no-time", "--json"])
    try r.capture("item-edit.txt", ["item", "edit", "East Swing", id, "--category", "note"])
    try r.capture("item-remove.txt", ["item", "remove", "East Swing", id])
    try r.capture("trip-rename.json", ["trip", "rename", "East Swing", "Fenway Swing", "--json"])
    try r.capture("trip-rename.txt", ["trip", "rename", "Boston Swing", "Boston Swing 2"])
    try r.capture("trip-copy.json", ["trip", "copy", t, "Great Lakes, plan B", "--json"])
    try r.capture("trip-copy.txt", ["trip", "copy", t, "Great Lakes, plan C"])
    try r.capture("trip-delete.json", ["trip", "delete", "Great Lakes, plan B", "--json"])
    try r.capture("trip-delete.txt", ["trip", "delete", "Great Lakes, plan C"])
    try r.capture("trip-list-second.txt", ["trip", "list"])

    // Refusals: exit status and standard error.
    try r.captureFailure(
      "error-trip-not-found.txt", ["trip", "show", "Great Lake Lopo"], status: 1)
    try r.captureFailure(
      "error-replan-refused.txt",
      ["trip", "replan", t, "--remove-game", "CWS@2024-06-06", "--remove-game", "NYY@2024-06-04"],
      status: 1)
    try r.captureFailure(
      "error-drag-refused.txt", ["item", "move", t, "e49add41", "--day", "1", "--top"], status: 1)
    try r.captureFailure("error-usage.txt", ["trip", "show"], status: 64)
  }

  /// The ids the input files hold: the pinned trip file's (its trip and
  /// items) and the legacy file's (`import legacy` keeps them).
  func pinnedIDs() throws -> Set<String> {
    var ids: Set<String> = []
    for url in [
      Self.goldenDirectory.appendingPathComponent(Self.pinnedTripFile),
      CLIProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/legacy/trips.json"),
    ] {
      ids.formUnion(UUIDNormalizer.uuids(in: try String(contentsOf: url, encoding: .utf8)))
    }
    return ids
  }

  /// Runs the binary on one database with `--now` pinned, in one directory
  /// (so relative paths such as `usa.svg` are what the outputs name), and
  /// keeps what each run printed.
  final class Recorder {
    let directory: URL
    let base: [String: String]
    let extra: [String: String?]
    var database: URL
    /// Each output's name and raw text, in the order they were made;
    /// `golden` is false for the runs only made to learn whole ids.
    private(set) var outputs: [(name: String, text: String, golden: Bool)] = []

    init(directory: URL, base: [String: String], extra: [String: String?]) {
      self.directory = directory
      self.base = base
      self.extra = extra
      database = directory.appendingPathComponent("a.sqlite")
    }

    var environment: [String: String] {
      var environment = base
      environment["SPORTSTIME_DB"] = database.path
      for (key, value) in extra { environment[key] = value }
      return environment
    }

    /// Runs `sportstime arguments --now …`, which must exit with `status`
    /// and print no temporary or data path.
    func run(_ arguments: [String], status: Int32) throws -> CLIResult {
      let full = arguments + ["--now", GoldenFileTests.now]
      let result = try CLIProcess.run(full, environment: environment, currentDirectory: directory)
      guard result.status == status else {
        throw HarnessError("sportstime \(full) did not exit \(status):\n\(result)")
      }
      let data = try CLIProcess.dataDirectory.get().path
      for path in [directory.path, directory.resolvingSymlinksInPath().path, data]
      where result.stdout.contains(path) || result.stderr.contains(path) {
        throw HarnessError("sportstime \(full) printed the path \(path):\n\(result)")
      }
      return result
    }

    /// Keeps the standard output of a run that succeeds; its standard error
    /// must be empty, unless `stderr` (then it is kept as `name.stderr`).
    @discardableResult
    func capture(_ name: String, _ arguments: [String], stderr: Bool = false) throws -> String {
      let result = try run(arguments, status: 0)
      if stderr {
        outputs.append((name + ".stderr", result.stderr, true))
      } else if !result.stderr.isEmpty {
        throw HarnessError("sportstime \(arguments) wrote to standard error:\n\(result)")
      }
      outputs.append((name, result.stdout, true))
      return result.stdout
    }

    /// Keeps `exit N` and the standard error of a run that fails with
    /// `status` and prints nothing on standard output.
    func captureFailure(_ name: String, _ arguments: [String], status: Int32) throws {
      let result = try run(arguments, status: status)
      guard result.stdout.isEmpty else {
        throw HarnessError("sportstime \(arguments) failed but printed:\n\(result)")
      }
      outputs.append((name, "exit \(status)\n" + result.stderr, true))
    }

    /// Keeps a file a command wrote into the directory.
    func captureFile(_ name: String, _ file: String) throws {
      let url = directory.appendingPathComponent(file)
      outputs.append((name, try String(contentsOf: url, encoding: .utf8), true))
    }

    /// Runs a command only so the normaliser sees whole ids that the text
    /// outputs show by prefix (its output is no golden file).
    func learnIDs(_ arguments: [String]) throws {
      outputs.append(("", try run(arguments, status: 0).stdout, false))
    }
  }

  // MARK: - Comparing and updating

  /// Fails for each difference from `Tests/Golden/`, or in update mode
  /// rewrites what changed, removes what no command makes, and fails saying so.
  func compareOrUpdate(_ outputs: [Output]) throws {
    let directory = Self.goldenDirectory
    let names = Set(outputs.map(\.name))
    XCTAssertEqual(names.count, outputs.count, "each golden file is made once")
    let present = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter(Self.isGoldenName)
    let stale = present.filter { !names.contains($0) }.sorted()
    if updating {
      for name in stale {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
      }
      var changed: [String] = []
      for output in outputs {
        let url = directory.appendingPathComponent(output.name)
        if (try? Data(contentsOf: url)) != output.bytes {
          try output.bytes.write(to: url, options: .atomic)
          changed.append(output.name)
        }
      }
      XCTFail(
        "golden files rewritten; review git diff (\(changed.count) changed: "
          + "\(changed.joined(separator: ", ")); \(stale.count) removed: "
          + "\(stale.joined(separator: ", ")))")
      return
    }
    for failure in try Self.differences(outputs, from: directory) { XCTFail(failure) }
  }

  /// What differs between `outputs` and the files in `directory`: one
  /// message per output whose file is missing or holds other bytes (with the
  /// file's path and the first differing line), and per file no output makes.
  static func differences(_ outputs: [Output], from directory: URL) throws -> [String] {
    let names = Set(outputs.map(\.name))
    var failures = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { isGoldenName($0) && !names.contains($0) }.sorted()
      .map { "Tests/Golden/\($0) is made by no command; remove it (make golden)" }
    for output in outputs {
      let url = directory.appendingPathComponent(output.name)
      guard let golden = try? Data(contentsOf: url) else {
        failures.append("Tests/Golden/\(output.name) is missing; make it with make golden")
        continue
      }
      if golden != output.bytes {
        failures.append(
          "output differs from its golden file \(url.path) (make golden rewrites it):\n"
            + firstDifference(
              expected: golden, actual: output.bytes,
              expectedLabel: "Tests/Golden/\(output.name)", actualLabel: "output"))
      }
    }
    return failures
  }

  /// The comparison itself: a copy of the golden files in which one byte of
  /// each file is changed (a different byte each time, including a final
  /// newline removed) is reported file by file, and the unchanged copy not.
  func testAnyChangedGoldenByteIsReported() throws {
    let copy = scratch.appendingPathComponent("golden-copy")
    try FileManager.default.copyItem(at: Self.goldenDirectory, to: copy)
    let names = try FileManager.default.contentsOfDirectory(atPath: copy.path)
      .filter(Self.isGoldenName).sorted()
    XCTAssertGreaterThan(names.count, 50)
    let outputs = try names.map { name in
      Output(name: name, bytes: try Data(contentsOf: copy.appendingPathComponent(name)))
    }
    XCTAssertEqual(try Self.differences(outputs, from: copy), [])
    for (k, output) in outputs.enumerated() {
      var bytes = output.bytes
      XCTAssertFalse(bytes.isEmpty, output.name)
      if k == 0 {
        XCTAssertEqual(bytes.last, 10, "\(output.name) ends with a newline")
        bytes.removeLast()
      } else {
        let at = bytes.startIndex + (k * 7919) % bytes.count
        bytes[at] ^= 0x01
      }
      try bytes.write(to: copy.appendingPathComponent(output.name))
    }
    let failures = try Self.differences(outputs, from: copy)
    XCTAssertEqual(failures.count, outputs.count, failures.joined(separator: "\n"))
    for (output, failure) in zip(outputs, failures) {
      XCTAssertTrue(
        failure.contains(copy.appendingPathComponent(output.name).path)
          && failure.contains("--- Tests/Golden/\(output.name)\n+++ output\n"), failure)
    }
    XCTAssertTrue(failures[0].contains("final newline absent in the golden file"), failures[0])
  }

  /// A short unified-style diff: the first differing line with two lines of
  /// context either side.
  static func firstDifference(
    expected: Data, actual: Data, expectedLabel: String, actualLabel: String
  ) -> String {
    let old = CLIResult.lines(String(decoding: expected, as: UTF8.self))
    let new = CLIResult.lines(String(decoding: actual, as: UTF8.self))
    var header = "--- \(expectedLabel)\n+++ \(actualLabel)\n"
    guard
      let first = (0..<max(old.count, new.count)).first(where: { k in
        k >= old.count || k >= new.count || old[k] != new[k]
      })
    else {
      header += "(the lines are equal; the bytes differ at the end: final newline"
      header += " \(expected.last == 10 ? "present" : "absent") in the golden file,"
      header += " \(actual.last == 10 ? "present" : "absent") in the output)\n"
      return header
    }
    let start = max(0, first - 2)
    var text = header + "@@ -\(first + 1) +\(first + 1) @@\n"
    for k in start..<first { text += " \(old[k])\n" }
    for k in first..<min(old.count, first + 3) {
      if k > first, k < new.count, old[k] == new[k] { break }
      text += "-\(old[k])\n"
    }
    if first >= old.count { text += "\\ (end of \(expectedLabel))\n" }
    var after = first
    for k in first..<min(new.count, first + 3) {
      if k > first, k < old.count, old[k] == new[k] { break }
      text += "+\(new[k])\n"
      after = k + 1
    }
    if first >= new.count { text += "\\ (end of \(actualLabel))\n" }
    // Two lines of context after the change, where both sides go on alike.
    for k in after..<min(after + 2, new.count) where k < old.count && old[k] == new[k] {
      text += " \(new[k])\n"
    }
    return text
  }
}

/// Replaces UUIDs that are not pinned by `<uuid-N>` (and their 8-character
/// prefixes by `<uuid-N:8>`), N numbered in order of first appearance.
struct UUIDNormalizer {
  static let pattern = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

  /// The ids left as they are (lowercase).
  let pinned: Set<String>
  /// Each other id seen (lowercase), in order of first appearance.
  private(set) var order: [String] = []
  private var number: [String: Int] = [:]

  init(pinned: Set<String>) { self.pinned = Set(pinned.map { $0.lowercased() }) }

  /// Every UUID in `text`, in order (lowercase).
  static func uuids(in text: String) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let range = rest.range(of: pattern, options: .regularExpression) {
      found.append(rest[range].lowercased())
      rest = rest[range.upperBound...]
    }
    return found
  }

  /// Numbers the unpinned ids of `text` not seen yet.
  mutating func register(_ text: String) {
    for id in Self.uuids(in: text) where !pinned.contains(id) && number[id] == nil {
      order.append(id)
      number[id] = order.count
    }
  }

  /// `text` with each registered id and its 8-character prefix (standing
  /// alone, not inside a longer run of letters and digits) replaced.
  func normalize(_ text: String) -> String {
    var result = text
    for (k, id) in order.enumerated() {
      result = result.replacingOccurrences(
        of: id, with: "<uuid-\(k + 1)>", options: .caseInsensitive)
      result = result.replacingOccurrences(
        of: "(?<![0-9A-Za-z])\(id.prefix(8))(?![0-9A-Za-z])", with: "<uuid-\(k + 1):8>",
        options: [.regularExpression, .caseInsensitive])
    }
    return result
  }
}
