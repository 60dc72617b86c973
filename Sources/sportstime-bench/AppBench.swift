import Foundation
import SportsTimeCore

#if canImport(Glibc)
  import Glibc
#endif

// The app's figures (issue 10, "Speed"): `sportstime serve` (the release
// build beside this bench) on a fresh database with the demo trip and a
// trip of about 1,000 rows, measured with wrk (requests per second, median
// latency) next to a small static file served by the same server; the drag
// document of the big trip next to the demo trip's document; and, when
// Chromium is installed, pointer-down to red zone painted in the browser
// (Tests/Browser/paint_bench.py) next to one 60 Hz frame; a CLI change
// reaching the open page (Tests/Browser/live_bench.py); the map
// screen's frame time while panning and zooming with every venue as a pin
// (Tests/Browser/map_bench.py).

enum AppBench {
  static func run(sportstime: String, data: String, work: URL) throws {
    guard
      let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      print("app: no wrk here (Debian's wrk), not measured")
      return
    }
    let db = work.appendingPathComponent("app.sqlite").path
    let env = ["SPORTSTIME_DB": db, "NO_COLOR": "1", "SPORTSTIME_DATA": data]
    func output(_ args: [String]) throws -> String {
      try ProcessBench.output(sportstime, args, environment: env)
    }
    _ = try output(["schedule", "import", "\(data)/retrosheet/2024schedule.csv"])
    _ = try output([
      "trip", "new", "Great Lakes Loop", "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
      "--game", "DET@2024-06-07", "--game", "DET202406080", "--game", "MIL@2024-06-10",
    ])
    // About 1,000 rows: the Cubs' 2024 games and legs, plus notes.
    let ids = try JSONIDs.gameIDs(in: output(["games", "--team", "CHC", "--json"]))
    _ = try output(["trip", "new", "Cubs 2024", "--json"] + ids.flatMap { ["--game", $0] })
    let file = work.appendingPathComponent("cubs.json").path
    _ = try output(["trip", "export", "Cubs 2024", "--format", "json", "--out", file])
    let shown = try output(["trip", "show", "Cubs 2024", "--json"])
    let days = JSONIDs.count(of: "\"id\": \"day:", in: shown)
    let rows = JSONIDs.count(of: "\"number\": ", in: shown)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    try JSONIDs.addingCustomItems(max(0, 1_000 - rows), days: days, to: exported)
      .write(toFile: file, atomically: true, encoding: .utf8)
    _ = try output(["trip", "delete", "Cubs 2024"])
    _ = try output(["trip", "import", file])
    let list = try output(["trip", "list", "--json"])
    guard let trips = try JSONText.parse(Data(list.utf8)) as? [[String: Any]],
      let demo = trips.first(where: { $0["name"] as? String == "Great Lakes Loop" })?["id"]
        as? String,
      let big = trips.first(where: { $0["name"] as? String == "Cubs 2024" })?["id"] as? String
    else { throw BenchError("trip list --json has not the two trips") }
    let bigDoc = try output(["trip", "show", big, "--json"])
    let bigRows = JSONIDs.count(of: "\"number\": ", in: bigDoc)
    guard
      let leg = bigDoc.components(separatedBy: "\"kind\": \"travel\"").first?
        .components(separatedBy: "\"id\": \"").last?.prefix(while: { $0 != "\"" })
    else { throw BenchError("the big trip has no travel leg") }
    let legID = String(leg)
    // Visits, so the map bench draws visit badges too.
    _ = try output(["visit", "add", "--game", "CHC@2024-06-05"])
    _ = try output(["visit", "add", "--game", "DET202406080"])

    // The server, on a free port.
    let port = 20_000 + Int(getpid() % 20_000)
    let server = try BenchServe.start(sportstime, port: port, environment: env)
    defer { server.stop() }
    let base = "http://127.0.0.1:\(port)"

    print("")
    print("The app (release build; wrk 2 threads, 16 connections, 5 s after a 1 s warm-up)")
    func wrkRun(_ path: String, connections: Int = 16, seconds: Int = 5) throws -> (
      rps: Double, p50: Double
    ) {
      _ = try ProcessBench.output(
        wrk, ["-t1", "-c\(min(4, connections))", "-d1s", base + path], environment: [:])
      let text = try ProcessBench.output(
        wrk,
        [
          "-t\(min(2, connections))", "-c\(connections)", "-d\(seconds)s", "--latency", base + path,
        ],
        environment: [:])
      func number(after label: String) -> String? {
        text.components(separatedBy: "\n").first { $0.contains(label) }?
          .replacingOccurrences(of: label, with: "").trimmingCharacters(in: .whitespaces)
          .components(separatedBy: " ").first { !$0.isEmpty }
      }
      let rps = Double(number(after: "Requests/sec:") ?? "") ?? 0
      let p50 = latencyMilliseconds(number(after: " 50%") ?? "")
      return (rps, p50)
    }
    let trip = try wrkRun("/api/trips/\(demo)")
    let file_ = try wrkRun("/app/app.css")
    print(
      String(
        format:
          "GET /api/trips/{id} (demo trip)   %8.0f req/s  p50 %5.2f ms   static app.css %8.0f req/s  p50 %5.2f ms   (target ≥ 5,000 req/s, p50 ≤ 2 ms)",
        trip.rps, trip.p50, file_.rps, file_.p50))
    let drag = try wrkRun("/api/trips/\(big)/drag/\(legID)", connections: 1, seconds: 3)
    let small = try wrkRun("/api/trips/\(demo)", connections: 1, seconds: 3)
    print(
      String(
        format:
          "GET …/drag/{leg} (%d-row trip)  p50 %5.2f ms (one connection)   demo trip document p50 %5.2f ms   (target ≤ 5 ms)",
        bigRows, drag.p50, small.p50))
    // The first drag request after a change (nothing kept): an item of
    // the big trip renamed, then the drag document asked for, 15 times.
    if let curl = ["/usr/bin/curl"].first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    }),
      let item = bigDoc.components(separatedBy: "\"kind\": \"custom\"").first?
        .components(separatedBy: "\"id\": \"item:").last?.prefix(while: { $0 != "\"" })
    {
      var cold: [Double] = []
      for run in 0..<17 {
        _ = try ProcessBench.output(
          curl,
          [
            "-s", "-o", "/dev/null", "-X", "PATCH", "-H", "Content-Type: application/json",
            "--data", "{\"title\": \"Note \(run)\"}", base + "/api/trips/\(big)/items/\(item)",
          ], environment: [:])
        let seconds = try ProcessBench.output(
          curl,
          [
            "-s", "-o", "/dev/null", "-w", "%{time_total}",
            base + "/api/trips/\(big)/drag/\(legID)",
          ],
          environment: [:])
        if run >= 2, let value = Double(seconds.trimmingCharacters(in: .whitespaces)) {
          cold.append(value * 1000)
        }
      }
      cold.sort()
      print(
        String(
          format:
            "GET …/drag/{leg} (%d-row trip), the first request after a change  p50 %5.2f ms   (target ≤ 5 ms)",
          bigRows, cold[cold.count / 2]))
    }

    // The browser: pointer-down to red zone painted.
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/Browser/paint_bench.py").path
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
      FileManager.default.fileExists(atPath: script)
    else {
      print("browser: no chromium here (Debian's chromium), not measured")
      return
    }
    let painted = try ProcessBench.output(
      "/usr/bin/python3",
      [script, "--base", base, "--big", big, "--big-leg", legID, "--demo", demo],
      environment: [:])
    print(painted.trimmingCharacters(in: .whitespacesAndNewlines))
    // A change made with the CLI reaching the open page (the figure the
    // browser tests no longer assert: Tests/Browser/live_bench.py).
    let liveScript = URL(fileURLWithPath: script).deletingLastPathComponent()
      .appendingPathComponent("live_bench.py").path
    let live = try ProcessBench.output(
      "/usr/bin/python3",
      [liveScript, "--base", base, "--trip", demo, "--bin", sportstime, "--db", db],
      environment: ["SPORTSTIME_DATA": data])
    print(live.trimmingCharacters(in: .whitespacesAndNewlines))
    // The map screen (issue 11): frame time while panning with every venue
    // of the four leagues as a pin (Tests/Browser/map_bench.py).
    let mapScript = URL(fileURLWithPath: script).deletingLastPathComponent()
      .appendingPathComponent("map_bench.py").path
    let panned = try ProcessBench.output(
      "/usr/bin/python3", [mapScript, "--base", base], environment: [:])
    print(panned.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// wrk's latency text ("1.23ms", "850.00us", "1.02s") in milliseconds.
  static func latencyMilliseconds(_ text: String) -> Double {
    if text.hasSuffix("us") { return (Double(text.dropLast(2)) ?? 0) / 1000 }
    if text.hasSuffix("ms") { return Double(text.dropLast(2)) ?? 0 }
    if text.hasSuffix("s") { return (Double(text.dropLast(1)) ?? 0) * 1000 }
    return Double(text) ?? 0
  }
}
