import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Issue 29, "Observe, don't poll": the CPU an idle `sportstime serve` uses
// over a database of 200 trips, measured for a minute (user + system, from
// /proc/PID/stat after a few seconds' warm-up), beside the same build with
// the watcher of before issue 29, which read every trip at every look
// (`SPORTSTIME_BENCH_WATCH_EVERY_TRIP=1`, a switch for this reference
// only). `SPORTSTIME_BENCH_IDLE_SECONDS` shortens the minute (a trial);
// `SPORTSTIME_BENCH_IDLE_REFERENCE_BIN` adds another build's executable
// (main's, say) as a third line. Run alone with `sportstime-bench
// --idle-only`.

enum IdleBench {
  static func run(sportstime: String, data: String, work: URL) throws {
    let environment = ProcessInfo.processInfo.environment
    let seconds = Double(environment["SPORTSTIME_BENCH_IDLE_SECONDS"] ?? "") ?? 60
    let db = work.appendingPathComponent("idle.sqlite").path
    let env = ["SPORTSTIME_DB": db, "NO_COLOR": "1", "SPORTSTIME_DATA": data]
    func output(_ args: [String]) throws -> String {
      try ProcessBench.output(sportstime, args, environment: env)
    }
    _ = try output(["schedule", "import", "\(data)/retrosheet/2024schedule.csv"])
    // 200 trips of three Cubs games each, in the season's order.
    let games = try JSONIDs.gameIDs(in: output(["games", "--team", "CHC", "--json"]))
    guard games.count >= 3 else { throw BenchError("games --team CHC found too few games") }
    for n in 0..<200 {
      let first = (n * 3) % (games.count - 2)
      _ = try output(
        ["trip", "new", "Idle trip \(n + 1)"]
          + games[first..<first + 3].flatMap { ["--game", $0] })
    }
    print("")
    print(
      "An idle serve over 200 trips (release build; CPU seconds, user + system, over \(Int(seconds)) s)"
    )
    var runs: [(String, String, [String: String])] = [
      ("serve, change token first (this build)", sportstime, env),
      (
        "serve, every trip read every 250 ms (the watcher before issue 29)", sportstime,
        env.merging(["SPORTSTIME_BENCH_WATCH_EVERY_TRIP": "1"]) { $1 }
      ),
    ]
    if let other = environment["SPORTSTIME_BENCH_IDLE_REFERENCE_BIN"] {
      runs.append(("serve, \(other)", other, env))
    }
    print(
      "(the kernel's tick accounting of /proc/PID/stat, 10 ms steps; in brackets the time on CPU of"
    )
    print("its threads to the microsecond, from /proc/PID/task/*/schedstat)")
    for (label, executable, runEnvironment) in runs {
      let (cpu, onCPU) = try idleCPU(executable, environment: runEnvironment, seconds: seconds)
      let figure = String(
        format: "%5.2f s CPU, %.3f%% of one core  (%.4f s on CPU)", cpu, cpu / seconds * 100,
        onCPU)
      print("\(label.padding(toLength: 66, withPad: " ", startingAt: 0))  \(figure)")
    }
  }

  /// The CPU seconds (user + system, and time on CPU) `executable serve`
  /// uses while idle for `seconds`, after it has printed its address and
  /// warmed up 3 s.
  static func idleCPU(
    _ executable: String, environment extra: [String: String], seconds: Double
  ) throws -> (cpu: Double, onCPU: Double) {
    let server = try BenchServe.start(executable, port: 0, environment: extra)
    defer { server.stop() }
    Thread.sleep(forTimeInterval: 3)
    let pid = server.process.processIdentifier
    let (before, onBefore) = (try cpuSeconds(of: pid), try onCPUSeconds(of: pid))
    Thread.sleep(forTimeInterval: seconds)
    return (try cpuSeconds(of: pid) - before, try onCPUSeconds(of: pid) - onBefore)
  }

  /// A running process's threads' time on CPU so far, in seconds: the
  /// first field of each /proc/PID/task/TID/schedstat (nanoseconds).
  static func onCPUSeconds(of pid: Int32) throws -> Double {
    let tasks = "/proc/\(pid)/task"
    var nanoseconds: Double = 0
    for task in try FileManager.default.contentsOfDirectory(atPath: tasks) {
      guard
        let text = try? String(contentsOfFile: "\(tasks)/\(task)/schedstat", encoding: .utf8),
        let first = text.split(separator: " ").first, let value = Double(first)
      else { continue }
      nanoseconds += value
    }
    return nanoseconds / 1e9
  }

  /// A running process's CPU seconds so far: utime + stime of
  /// /proc/PID/stat (fields 14 and 15, in clock ticks).
  static func cpuSeconds(of pid: Int32) throws -> Double {
    let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The command name (field 2) is in parentheses and may hold spaces.
    guard let close = text.range(of: ")", options: .backwards) else {
      throw BenchError("/proc/\(pid)/stat is not as expected")
    }
    let fields = text[close.upperBound...].split(separator: " ")
    // fields[0] is field 3 (the state).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      throw BenchError("/proc/\(pid)/stat is not as expected")
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}

/// A `sportstime serve` started for a bench: its process, once it has
/// printed "Press Ctrl-C" (up to 20 s), with what it printed so far.
struct BenchServe {
  let process: Process
  let output: Pipe
  let started: String

  /// Starts `executable serve --port PORT` with this process's environment
  /// and `extra` over it.
  /// - Throws: `BenchError` when it has not started within 20 s.
  static func start(_ executable: String, port: Int, environment extra: [String: String]) throws
    -> BenchServe
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["serve", "--port", String(port)]
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    var seen = Data()
    let deadline = Date().addingTimeInterval(20)
    while !String(decoding: seen, as: UTF8.self).contains("Press Ctrl-C"), Date() < deadline {
      seen.append(pipe.fileHandleForReading.availableData)
    }
    let text = String(decoding: seen, as: UTF8.self)
    guard text.contains("Press Ctrl-C") else {
      process.terminate()
      process.waitUntilExit()
      throw BenchError("serve did not start: \(text)")
    }
    return BenchServe(process: process, output: pipe, started: text)
  }

  /// Stops it (SIGTERM) and waits for it to exit.
  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
