import Foundation
import SportsTimeCore
import SportsTimePlanner

/// The reference the planner is measured against (issue 12, "Speed"):
/// OR-Tools CP-SAT from PyPI, run by `scripts/cpsat_plan.py` on the very
/// `PlanningModel` the Swift search gets, written to a temporary JSON file
/// (travel rounded up to whole seconds, which decides every leg exactly as
/// the model does: starts and the daily limit are whole seconds).
enum CPSATReference {
  /// The script's answer (see scripts/cpsat_plan.py).
  struct Result: Decodable {
    var status: String
    var objective: Int?
    var bound: Int?
    var travelSeconds: Int?
    var spanDays: Int?
    var slots: [Int]?
    var games: Int?
    var arcs: Int?
    var wallSeconds: Double?
    var solveSeconds: Double?
    var ortools: String?
    var error: String?
    /// Wall time of the whole process (Python start and import included).
    var processSeconds: Double = 0

    enum CodingKeys: String, CodingKey {
      case status, objective, bound, travelSeconds, spanDays, slots, games, arcs, wallSeconds,
        solveSeconds, ortools, error
    }

    /// Whether a chain was found (a decision question: its answer is yes).
    var found: Bool { status == "OPTIMAL" || status == "FEASIBLE" }
  }

  /// The question asked of CP-SAT.
  enum Question {
    /// Most distinct venues on one legal chain, ties least travel.
    case window
    /// A chain through every one of `venues` within `maxSpanDays` days.
    case cover(venues: [Int], maxSpanDays: Int)
  }

  /// Why the reference could not run, once known (printed once).
  nonisolated(unsafe) static var unavailable: String?

  static let installHint =
    "CP-SAT reference not measured: the Python module ortools (OR-Tools, PyPI) is missing; install it with `scripts/install-deps --bench`"

  /// The script: SPORTSTIME_CPSAT_SCRIPT, else beside this source file's
  /// repository, else scripts/ under the working directory.
  static var script: String {
    if let path = ProcessInfo.processInfo.environment["SPORTSTIME_CPSAT_SCRIPT"] { return path }
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let beside = repo.appendingPathComponent("scripts/cpsat_plan.py").path
    if FileManager.default.fileExists(atPath: beside) { return beside }
    return FileManager.default.currentDirectoryPath + "/scripts/cpsat_plan.py"
  }

  /// The instance document of `model` and `question`.
  static func instance(_ model: PlanningModel, question: Question) -> [String: Any] {
    let n = model.venues.count
    var travel: [[Int]] = []
    for a in 0..<n {
      travel.append((0..<n).map { b in Int(model.travel(a, b).rounded(.up)) })
    }
    let slots: [[String: Any]] = model.slots.map { slot in
      ["start": Int(slot.start.rounded(.up)), "day": slot.day, "venue": slot.venue]
    }
    let q: [String: Any]
    switch question {
    case .window: q = ["kind": "window"]
    case .cover(let venues, let days): q = ["kind": "cover", "venues": venues, "maxSpanDays": days]
    }
    return [
      "gameSeconds": Int(Game.duration), "slots": slots, "travelSeconds": travel,
      "dailyLimitSeconds": model.dailyLimitSeconds.map { Int($0.rounded(.up)) } ?? NSNull(),
      "question": q,
    ]
  }

  /// Solves `question` on `model` with CP-SAT (2 workers: the machine has 2
  /// cores) within `timeLimit` seconds; nil when the reference cannot run
  /// (`unavailable` says why).
  /// PLANNER_CPSAT_KEEP=DIR keeps each instance there as NAME.json (to
  /// run the script by hand).
  static func solve(
    _ model: PlanningModel, question: Question, timeLimit: Double, name: String
  ) -> Result? {
    if unavailable != nil { return nil }
    if let off = ProcessInfo.processInfo.environment["PLANNER_CPSAT"], off == "0" {
      unavailable = "CP-SAT reference not measured (PLANNER_CPSAT=0)"
      return nil
    }
    // Whole-second starts and limit keep the rounded-up travel exact.
    if model.slots.contains(where: { $0.start != $0.start.rounded() }) {
      PlannerBench.say("  (warning: a start is not a whole second; CP-SAT's legs may differ)")
    }
    let keep = ProcessInfo.processInfo.environment["PLANNER_CPSAT_KEEP"]
    let file =
      keep.map { URL(fileURLWithPath: $0).appendingPathComponent("\(name).json") }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "sportstime-cpsat-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json")
    defer { if keep == nil { try? FileManager.default.removeItem(at: file) } }
    do {
      let data = try JSONSerialization.data(withJSONObject: instance(model, question: question))
      try data.write(to: file)
    } catch {
      unavailable = "CP-SAT reference not measured: cannot write \(file.path): \(error)"
      return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script, file.path, "--time-limit", String(format: "%.0f", timeLimit),
      "--workers", "2",
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.standardError
    let began = Date()
    do {
      try process.run()
    } catch {
      unavailable = "CP-SAT reference not measured: cannot run /usr/bin/env python3 (\(error))"
      return nil
    }
    let bytes = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(began)
    if process.terminationStatus == 127 {
      unavailable =
        "CP-SAT reference not measured: python3 is not on PATH (install Python 3, then run `scripts/install-deps --bench`)"
      return nil
    }
    guard var result = try? JSONDecoder().decode(Result.self, from: bytes) else {
      unavailable =
        "CP-SAT reference not measured: \(script) exited \(process.terminationStatus) without an answer"
      return nil
    }
    if result.status == "NO_ORTOOLS" {
      unavailable = installHint + " (\(result.error ?? "import failed"))"
      return nil
    }
    result.processSeconds = seconds
    return result
  }

  /// Legal legs in `model` (the pairs the script makes arc Booleans for).
  static func legalLegs(_ model: PlanningModel) -> Int {
    var count = 0
    let n = model.slots.count
    for i in 0..<n {
      for j in (i + 1)..<max(i + 1, n) where model.isLegal(i, j) { count += 1 }
    }
    return count
  }

  /// What is wrong with CP-SAT's chain under the Swift model, or nil: every
  /// leg legal, its venue count as the script says.
  static func chainProblem(_ result: Result, model: PlanningModel) -> String? {
    guard let chain = result.slots, result.found else { return nil }
    if chain.isEmpty { return "CP-SAT returned an empty chain" }
    guard chain.allSatisfy({ $0 >= 0 && $0 < model.slots.count }) else {
      return "CP-SAT's chain names a slot out of range"
    }
    for (a, b) in zip(chain, chain.dropFirst()) where !model.isLegal(a, b) {
      return "CP-SAT's leg \(a) → \(b) is illegal under PlanningModel"
    }
    let venues = Set(chain.map { model.slots[$0].venue }).count
    if venues != result.objective {
      return "CP-SAT says \(result.objective ?? -1) venues, its chain has \(venues)"
    }
    return nil
  }

  /// Travel of `slots` under `model`: exact seconds and the rounded-up sum
  /// the script minimises.
  static func travel(of slots: [Int], model: PlanningModel) -> (exact: Double, rounded: Int) {
    var exact = 0.0
    var rounded = 0
    for (a, b) in zip(slots, slots.dropFirst()) {
      let t = model.travel(model.slots[a].venue, model.slots[b].venue)
      exact += t
      rounded += Int(t.rounded(.up))
    }
    return (exact, rounded)
  }

  /// "0.84 s" / "12 ms" for a time in seconds.
  static func time(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
  }
}
