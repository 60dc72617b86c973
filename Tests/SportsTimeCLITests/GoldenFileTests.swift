import Foundation
import XCTest

/// The exact bytes of the tool's outputs for one fixed state of the demo data,
/// compared with the golden files in `Tests/Golden/`.
///
/// The state: the real 2024 Retrosheet schedule, the demo's "Great Lakes Loop"
/// imported from the pinned version-1 trip file
/// `Tests/Golden/trip-file-v1.pinned.json` (its trip and item ids are kept by
/// `trip import`, so they are stable), the trip's games recorded as visits and
/// two visits of other sports and years. Every command runs with `--now`
/// pinned. Visits and the legs a re-plan adds get new random ids on every run:
/// each such UUID (and its 8-character prefix, as text output shows it) is
/// replaced by `<uuid-N>` (`<uuid-N:8>`), N numbered in order of first
/// appearance over all the outputs in the order they are made; the pinned ids
/// are left as they are.
///
/// The whole scenario runs twice, in UTC with `LANG=LC_ALL=C.UTF-8` and in
/// `TZ=Pacific/Auckland` with `LANG=C` (no `LC_ALL`), and both runs must give
/// the same bytes: no output may depend on the machine's zone or locale.
///
/// `SPORTSTIME_UPDATE_GOLDEN=1` rewrites the golden files (never the pinned
/// trip file) and then fails, so update mode never passes silently
/// (`make golden`).
final class GoldenFileTests: EndToEndTestCase {
  /// `Tests/Golden/`.
  static let goldenDirectory = CLIProcess.repositoryRoot.appendingPathComponent("Tests/Golden")
  /// The pinned version-1 trip file (an input: never rewritten).
  static let pinnedTripFile = "trip-file-v1.pinned.json"
  /// The one instant every command runs at (two days after the trip's last game).
  static let now = "2024-06-12T16:00:00Z"
  static let trip = "Great Lakes Loop"

  var updating: Bool { ProcessInfo.processInfo.environment["SPORTSTIME_UPDATE_GOLDEN"] == "1" }

  func testOutputsMatchGoldenFiles() throws {
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
    let basemap = try CLIProcess.dataDirectory.get()
      .appendingPathComponent("basemap/us-states.json").path
    var raw: [(name: String, text: String)] = []
    let main = Runner(
      directory: directory,
      database: try installImported2024(at: directory.appendingPathComponent("a.sqlite")),
      base: environment, extra: extra)
    func capture(_ name: String, _ arguments: [String]) throws {
      raw.append((name, try main.output(arguments)))
    }
    func captureFile(_ name: String, _ file: String) throws {
      let url = directory.appendingPathComponent(file)
      raw.append((name, try String(contentsOf: url, encoding: .utf8)))
    }
    let t = Self.trip

    // The state: the pinned trip, its games attended, two more visits.
    try capture("trip-import.json", ["trip", "import", "great-lakes-loop.json", "--json"])
    try capture("trip-attended.json", ["trip", "attended", t, "--json"])
    try capture(
      "visit-add.txt",
      [
        "visit", "add", "wrigley", "--date", "2023-07-01", "--away", "STL", "--home", "CHC",
        "--score", "3-5", "--notes", "Bleachers, section 314",
      ])
    try capture(
      "visit-add.json",
      [
        "visit", "add", "td-garden", "--sport", "NHL", "--date", "2024-03-02", "--away", "TOR",
        "--home", "BOS", "--score", "2-3", "--json",
      ])

    // Trips and the itinerary.
    try capture("trip-list.txt", ["trip", "list"])
    try capture("trip-list.json", ["trip", "list", "--json"])
    try capture("trip-show.txt", ["trip", "show", t])
    try capture("trip-show-metric.txt", ["trip", "show", t, "--metric"])
    try capture("trip-show.json", ["trip", "show", t, "--json"])
    // Row 9 is the Chicago → Detroit leg; e30510c9 is its id, 3cf6876d the dinner's.
    try capture("trip-drag-leg.txt", ["trip", "show", t, "--drag", "9"])
    try capture("trip-drag-leg.json", ["trip", "show", t, "--drag", "e30510c9", "--json"])
    try capture("trip-drag-item.txt", ["trip", "show", t, "--drag", "3cf6876d"])
    try capture("trip-drag-item.json", ["trip", "show", t, "--drag", "6", "--json"])
    try capture("trip-check.txt", ["trip", "check", t])
    try capture("trip-check.json", ["trip", "check", t, "--json"])
    try capture("trip-route.txt", ["trip", "route", t])
    try capture("trip-route-metric.txt", ["trip", "route", t, "--metric"])
    try capture("trip-route.json", ["trip", "route", t, "--json"])

    // Every export format.
    for format in ["md", "ics", "geojson", "gpx", "json"] {
      try capture("export.\(format)", ["trip", "export", t, "--format", format])
    }
    try capture("export-metric.md", ["trip", "export", t, "--format", "md", "--metric"])
    try capture("export-metric.ics", ["trip", "export", t, "--format", "ics", "--metric"])
    try main.run(["trip", "export", t, "--format", "ics", "--out", "loop.ics"])
    try captureFile("export-out.ics", "loop.ics")

    // Games, visits, progress, history.
    let week = ["--from", "2024-06-07", "--to", "2024-06-09"]
    try capture("games-DET.txt", ["games", "--team", "DET"] + week)
    try capture("games-DET.json", ["games", "--team", "DET"] + week + ["--json"])
    try capture("visit-list.txt", ["visit", "list"])
    try capture("visit-list.json", ["visit", "list", "--json"])
    try capture("visit-list-wrigley.txt", ["visit", "list", "wrigley"])
    try capture("visit-list-wrigley.json", ["visit", "list", "wrigley", "--json"])
    try capture("progress.txt", ["progress"])
    try capture("progress.json", ["progress", "--json"])
    try capture("history.txt", ["history"])
    try capture("history.json", ["history", "--json"])
    try capture("history-nhl-2024.json", ["history", "--sport", "NHL", "--year", "2024", "--json"])

    // The map (its view is stored, so the order matters).
    try capture("map.txt", ["map"])
    try capture("map.json", ["map", "--json"])
    try capture("map-usa.txt", ["map", "--reset", "--out", "usa.svg"])
    try captureFile("map-usa.svg", "usa.svg")
    try capture("map-wrigley.txt", ["map", "--focus", "Wrigley", "--out", "wrigley.svg"])
    try captureFile("map-wrigley.svg", "wrigley.svg")
    try capture("map-wrigley.json", ["map", "--json"])
    try capture(
      "map-detroit.txt",
      [
        "map", "--focus", "Comerica", "--zoom", "0.002", "--out", "detroit.svg", "--basemap",
        basemap,
      ]
    )
    try captureFile("map-detroit.svg", "detroit.svg")
    try capture("map-pan.json", ["map", "--reset", "--zoom", "2", "--pan", "-0.25,0", "--json"])

    // A re-plan: JSON here, text on a second database with the same trip.
    let replan = ["trip", "replan", t, "--add-game", "CWS@2024-06-06", "--start", "2024-06-03"]
    try capture("replan.json", replan + ["--json"])
    try capture("replan-show.txt", ["trip", "show", t])
    try capture("replan-show.json", ["trip", "show", t, "--json"])
    try capture("replan-check.json", ["trip", "check", t, "--json"])
    let second = Runner(
      directory: directory,
      database: try installImported2024(at: directory.appendingPathComponent("b.sqlite")),
      base: environment, extra: extra)
    raw.append(("trip-import.txt", try second.output(["trip", "import", "great-lakes-loop.json"])))
    raw.append(("replan.txt", try second.output(replan)))

    var normalizer = UUIDNormalizer(pinned: try pinnedIDs())
    for entry in raw { normalizer.register(entry.text) }
    return raw.map { entry in
      Output(name: entry.name, bytes: Data(normalizer.normalize(entry.text).utf8))
    }
  }

  /// The ids the pinned trip file holds (the trip's and its items').
  func pinnedIDs() throws -> Set<String> {
    let text = try String(
      contentsOf: Self.goldenDirectory.appendingPathComponent(Self.pinnedTripFile),
      encoding: .utf8)
    return Set(UUIDNormalizer.uuids(in: text))
  }

  /// Runs the binary on one database with `--now` pinned, in one directory
  /// (so relative paths such as `usa.svg` are what the outputs name).
  struct Runner {
    var directory: URL
    var database: URL
    var base: [String: String]
    var extra: [String: String?]

    var environment: [String: String] {
      var environment = base
      environment["SPORTSTIME_DB"] = database.path
      for (key, value) in extra { environment[key] = value }
      return environment
    }

    /// Runs `sportstime arguments --now …`; it must exit 0 with nothing on
    /// standard error and print nothing naming a temporary or data path.
    @discardableResult
    func run(_ arguments: [String]) throws -> CLIResult {
      let full = arguments + ["--now", GoldenFileTests.now]
      let result = try CLIProcess.run(
        full, environment: environment, currentDirectory: directory)
      guard result.status == 0, result.stderr.isEmpty else {
        throw HarnessError("sportstime \(full) failed:\n\(result)")
      }
      return result
    }

    func output(_ arguments: [String]) throws -> String {
      let result = try run(arguments)
      let data = try CLIProcess.dataDirectory.get().path
      for path in [directory.path, directory.resolvingSymlinksInPath().path, data]
      where result.stdout.contains(path) {
        throw HarnessError("sportstime \(arguments) printed the path \(path):\n\(result.stdout)")
      }
      return result.stdout
    }
  }

  // MARK: - Comparing and updating

  func compareOrUpdate(_ outputs: [Output]) throws {
    let directory = Self.goldenDirectory
    let names = Set(outputs.map(\.name))
    XCTAssertEqual(names.count, outputs.count, "each golden file is made once")
    let present = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0 != Self.pinnedTripFile && !$0.hasPrefix(".") }
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
    for name in stale {
      XCTFail("Tests/Golden/\(name) is made by no command; remove it (make golden)")
    }
    for output in outputs {
      let url = directory.appendingPathComponent(output.name)
      guard let golden = try? Data(contentsOf: url) else {
        XCTFail("Tests/Golden/\(output.name) is missing; make it with make golden")
        continue
      }
      if golden != output.bytes {
        XCTFail(
          "output differs from its golden file \(url.path) (make golden rewrites it):\n"
            + Self.firstDifference(
              expected: golden, actual: output.bytes,
              expectedLabel: "Tests/Golden/\(output.name)", actualLabel: "output"))
      }
    }
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
