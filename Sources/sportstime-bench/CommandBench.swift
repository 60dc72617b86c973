import Foundation
import SportsTimeCore

// The issue-9 speed targets as whole-process figures of the release
// `sportstime` executable (it sits beside this one), each next to its
// reference measured in the same loop. Needs the shared data folder
// ($SPORTSTIME_DATA, else ../shared/data) and the sqlite3 command for the
// SQL references (said so when it is missing).

enum CommandBench {
  static let runs = 7

  static func run() throws {
    let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // SPORTSTIME_BENCH_BIN: another build's executable (to compare builds).
    let sportstime =
      ProcessInfo.processInfo.environment["SPORTSTIME_BENCH_BIN"]
      ?? binDir.appendingPathComponent("sportstime").path
    guard FileManager.default.isExecutableFile(atPath: sportstime) else {
      throw BenchError(
        "no release sportstime beside the bench (\(sportstime)); make bench builds it")
    }
    let data = ProcessInfo.processInfo.environment["SPORTSTIME_DATA"] ?? "../shared/data"
    let schedule = URL(fileURLWithPath: data).appendingPathComponent(
      "retrosheet/2024schedule.csv"
    ).path
    guard FileManager.default.fileExists(atPath: schedule) else {
      throw BenchError("\(schedule) not found: set SPORTSTIME_DATA to the shared data folder")
    }
    let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sportstime-bench-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    func path(_ name: String) -> String { work.appendingPathComponent(name).path }
    let db = path("bench.sqlite")
    let env = ["SPORTSTIME_DB": db, "NO_COLOR": "1"]
    func st(
      _ label: String, _ args: [String], db: String = db, setUp: @escaping () throws -> Void = {}
    )
      -> Command
    {
      Command(
        label: label, executable: sportstime, arguments: args,
        environment: ["SPORTSTIME_DB": db, "NO_COLOR": "1"], setUp: setUp)
    }
    func output(_ args: [String]) throws -> String {
      try ProcessBench.output(sportstime, args, environment: env)
    }
    func removeDatabase(_ file: String) {
      for suffix in ["", "-wal", "-shm", "-journal"] {
        try? FileManager.default.removeItem(atPath: file + suffix)
      }
    }
    let version = st("sportstime --version", ["--version"])
    // --idle-only: only the idle server's CPU (IdleBench).
    if CommandLine.arguments.contains("--idle-only") {
      try IdleBench.run(sportstime: sportstime, data: data, work: work)
      return
    }
    // --app-only: only the app's figures (AppBench).
    if CommandLine.arguments.contains("--app-only") {
      try AppBench.run(sportstime: sportstime, data: data, work: work)
      return
    }

    print("")
    print("Whole-process figures (release build; CPU seconds, user + system, median of \(runs)")
    print("runs after a warm-up; A and B in turn; ratio = median of the pair-by-pair A/B)")
    print(
      [pad("figure", 40), pad("A ms", 8), pad("reference", 34), pad("B ms", 8), pad("A/B", 7)]
        .joined(separator: " "))
    func report(_ label: String, _ a: Command, _ b: Command, target: String) throws {
      let r = try ProcessBench.compare(a, b, runs: runs)
      print(
        [
          pad(label, 40), pad(String(format: "%.1f", r.a * 1000), 8), pad(b.label, 34),
          pad(String(format: "%.1f", r.b * 1000), 8), pad(String(format: "%.2f", r.ratio), 7),
          " " + target,
        ].joined(separator: " "))
    }

    // Start-up: --version against a Foundation hello-world (this executable
    // with --hello: Foundation and the Core linked, prints one line).
    let hello = Command(
      label: "Foundation hello-world", executable: CommandLine.arguments[0],
      arguments: ["--hello"])
    try report("sportstime --version", version, hello, target: "(target ≤ 1.2)")

    // Schedule import: fresh, and again over the unchanged file.
    _ = try output(["schedule", "import", schedule])
    let freshDB = path("fresh.sqlite")
    let fresh = st("schedule import (fresh db)", ["schedule", "import", schedule], db: freshDB) {
      removeDatabase(freshDB)
    }
    if let sqlite3 {
      let rows = path("games.csv")
      // The table and its indexes; not the triggers that count changes of
      // the games for re-imports (`games_generation`, which the reference
      // does not have): the reference stays the bare table, as before.
      let schema = try ProcessBench.output(sqlite3, [db, ".schema games"], environment: [:])
        .components(separatedBy: ";").filter { !$0.contains("TRIGGER") && !$0.contains("END") }
        .joined(separator: ";")
      let csv = try ProcessBench.output(
        sqlite3, ["-csv", db, "SELECT * FROM games"], environment: [:])
      try csv.write(toFile: rows, atomically: true, encoding: .utf8)
      let referenceDB = path("reference.sqlite")
      let reference = Command(
        label: "sqlite3 .import of its rows", executable: sqlite3,
        arguments: [referenceDB, ".import --csv \(rows) games"]
      ) {
        removeDatabase(referenceDB)
        _ = try ProcessBench.output(
          sqlite3, [referenceDB, "PRAGMA journal_mode=WAL;", schema], environment: [:])
      }
      try report("schedule import, 2024 MLB", fresh, reference, target: "(target ≤ 1.5)")
    } else {
      print("schedule import vs sqlite3 .import: no sqlite3 command here, not measured")
    }
    try report(
      "re-import of the unchanged file", st("re-import", ["schedule", "import", schedule]), fresh,
      target: "(target ≤ 0.3)")

    // A trip of about 1,386 rows: every Cubs game of 2024, their travel
    // legs, and custom items spread over the days.
    let big = "Cubs 2024"
    let ids = try JSONIDs.gameIDs(in: output(["games", "--team", "CHC", "--json"]))
    _ = try output(["trip", "new", big] + ids.flatMap { ["--game", $0] })
    let file = path("big.json")
    _ = try output(["trip", "export", big, "--format", "json", "--out", file])
    let baseRows = try JSONIDs.count(
      of: "\"id\": \"day:", in: output(["trip", "show", big, "--json"]))
    let total = try JSONIDs.count(of: "\"number\": ", in: output(["trip", "show", big, "--json"]))
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    let wanted = max(0, 1_386 - total)
    let withItems = JSONIDs.addingCustomItems(wanted, days: baseRows, to: exported)
    try withItems.write(toFile: file, atomically: true, encoding: .utf8)
    _ = try output(["trip", "delete", big])
    _ = try output(["trip", "import", file])
    let rows = try JSONIDs.count(of: "\"number\": ", in: output(["trip", "show", big, "--json"]))
    let ics = path("big.ics")
    let json = path("big-out.json")
    try report(
      "trip show --json (\(rows) rows)", st("show json", ["trip", "show", big, "--json"]),
      version, target: "(target ≤ 12 ms)")
    try report(
      "trip export --format ics (\(rows) rows)",
      st("ics", ["trip", "export", big, "--format", "ics", "--out", ics]) {
        try? FileManager.default.removeItem(atPath: ics)
      }, version, target: "(target ≤ 12 ms)")
    try report(
      "trip export --format json (\(rows) rows)",
      st("json", ["trip", "export", big, "--format", "json", "--out", json]) {
        try? FileManager.default.removeItem(atPath: json)
      }, version, target: "(target ≤ 12 ms)")

    // The PDF (issue 13), beside the Markdown of the same trip.
    let basemap = URL(fileURLWithPath: data).appendingPathComponent("basemap/us-states.json").path
    func pdfBesideMarkdown(_ trip: String, _ label: String, target: String) throws {
      let pdf = path("\(label).pdf")
      let md = path("\(label).md")
      try report(
        "trip export --format pdf (\(label))",
        st("pdf", ["trip", "export", trip, "--format", "pdf", "--basemap", basemap, "--out", pdf]) {
          try? FileManager.default.removeItem(atPath: pdf)
        },
        st("trip export --format md", ["trip", "export", trip, "--format", "md", "--out", md]) {
          try? FileManager.default.removeItem(atPath: md)
        }, target: target)
    }
    try pdfBesideMarkdown(big, "\(rows) rows", target: "(target ≤ 1000 ms)")

    // Small commands against the process floor.
    _ = try output([
      "trip", "new", "Great Lakes Loop", "--game", "CLE@2024-06-04", "--game", "CHC@2024-06-05",
      "--game", "DET@2024-06-07", "--game", "DET202406080", "--game", "MIL@2024-06-10",
    ])
    try pdfBesideMarkdown("Great Lakes Loop", "demo trip", target: "(target ≤ 100 ms)")
    try report(
      "trip show (demo trip)", st("show", ["trip", "show", "Great Lakes Loop"]), version,
      target: "(target ≤ 1.3)")
    try report(
      "games --team CHC", st("games", ["games", "--team", "CHC"]), version,
      target: "(target ≤ 1.3)")

    // The app: requests per second, the drag document, the red zone.
    try AppBench.run(sportstime: sportstime, data: data, work: work)
    // An idle server's CPU over a minute (issue 29).
    try IdleBench.run(sportstime: sportstime, data: data, work: work)

    // 2,000 visits against the SQL that answers the same question (their
    // instants as the store keeps them: microseconds since 1970).
    guard let sqlite3 else {
      print("progress/history vs SQL: no sqlite3 command here, not measured")
      return
    }
    _ = try ProcessBench.output(
      sqlite3,
      [
        db,
        """
        INSERT INTO visits (id, sport, venue_id, local_date, game_id, away_team, home_team,
          away_score, home_score, notes, created_at, modified_at)
        SELECT printf('%08x-0000-4000-8000-%012x', rowid, rowid), sport, venue_id, local_date,
          id, away_team, home_team, 2, 3, NULL, 1700000000000000, 1700000000000000
        FROM games WHERE status != 'cancelled' ORDER BY id LIMIT 2000;
        """,
      ], environment: [:])
    let progressSQL = """
      SELECT sport, venue_id, COUNT(*), MAX(local_date) FROM visits GROUP BY sport, venue_id;
      SELECT DISTINCT home_team FROM visits;
      """
    try report(
      "progress (2,000 visits)", st("progress", ["progress"]),
      Command(
        label: "sqlite3: per-venue counts", executable: sqlite3, arguments: [db, progressSQL]),
      target: "(target ≤ 2)")
    try report(
      "history (2,000 visits)", st("history", ["history"]),
      Command(
        label: "sqlite3: visits by date", executable: sqlite3,
        arguments: [db, "SELECT * FROM visits ORDER BY local_date DESC, created_at DESC;"]),
      target: "(target ≤ 2)")
    // The map as SVG: what it needs from the database is the remembered
    // view (the settings rows) and each venue's visit count and last date.
    let svg = path("map.svg")
    try report(
      "map --out (2,000 visits)",
      st("map", ["map", "--out", svg]) { try? FileManager.default.removeItem(atPath: svg) },
      Command(
        label: "sqlite3: view, per-venue counts", executable: sqlite3,
        arguments: [
          db,
          """
          SELECT key, value FROM settings;
          SELECT venue_id, COUNT(*), MAX(local_date) FROM visits GROUP BY venue_id;
          """,
        ]),
      target: "(target ≤ 2)")
  }
}

/// Small text helpers for the bench's set-up (the bench reads only what the
/// CLI prints).
enum JSONIDs {
  /// The `"id"` values of `games --json` output.
  static func gameIDs(in text: String) throws -> [String] {
    guard let games = try JSONText.parse(Data(text.utf8)) as? [[String: Any]] else {
      throw BenchError("games --json printed no array of games")
    }
    return games.compactMap { $0["id"] as? String }
  }

  /// How often `needle` occurs in `text`.
  static func count(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// `file` (a trip file) with `count` custom notes added, spread over
  /// days 1…`days`, before the games of their day.
  static func addingCustomItems(_ count: Int, days: Int, to file: String) -> String {
    guard count > 0, let items = file.range(of: "\"items\": [") else { return file }
    var added = ""
    for i in 0..<count {
      let id = String(format: "00000000-0000-4000-8000-%012x", i + 1)
      let day = i % max(1, days) + 1
      added += """

            {
              "id": "\(id)",
              "kind": "custom",
              "day": \(day),
              "sortOrder": \(10 + i / max(1, days)),
              "createdAt": "2024-05-20T12:00:00.000000Z",
              "modifiedAt": "2024-05-20T12:00:00.000000Z",
              "custom": {"title": "Note \(i + 1)", "category": "note", "time": null,
                "timeZone": null, "latitude": null, "longitude": null, "address": null}
            }
        """
      added += ","
    }
    var result = file
    let rest = result[items.upperBound...]
    let empty = rest.drop { $0 == " " || $0 == "\n" }.first == "]"
    if empty { added.removeLast() }
    result.insert(contentsOf: added, at: items.upperBound)
    return result
  }
}
