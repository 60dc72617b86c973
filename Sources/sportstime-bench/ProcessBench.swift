import Foundation
import SportsTimeCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Whole-process figures (issue 9, "Speed"): each command of the release
// `sportstime` executable is run as a process, its CPU time (user + system,
// from the kernel's accounting of the finished child) measured over several
// runs after a warm-up, next to a reference command run in the same loop
// (A B A B …), with the median of the pair-by-pair ratios.

/// One process to run: an executable, its arguments, the environment
/// additions, and what to do (untimed) before each run.
struct Command {
  var label: String
  var executable: String
  var arguments: [String]
  var environment: [String: String] = [:]
  var setUp: () throws -> Void = {}
}

/// A run's CPU seconds (user + system) and its exit status.
struct RunResult {
  var cpu: Double
  var status: Int32
}

enum ProcessBench {
  /// Runs `command` once with stdout and stderr to /dev/null.
  static func run(_ command: Command) throws -> RunResult {
    try command.setUp()
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in command.environment { environment[key] = value }
    let argv = [command.executable] + command.arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = withCStrings(argv) { cArgv in
      withCStrings(envp) { cEnvp in
        posix_spawn(&pid, command.executable, &actions, nil, cArgv, cEnvp)
      }
    }
    guard spawned == 0 else {
      throw BenchError("cannot start \(command.executable): error \(spawned)")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError("wait4 failed: error \(errno)") }
    }
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return RunResult(cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime), status: exitStatus)
  }

  /// `body` with `strings` as a NULL-terminated C array.
  static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return body(pointers)
  }

  /// A and B in turn, `runs` counted times after one warm-up each.
  /// - Returns: median CPU seconds of A and of B, and the median of the
  ///   pair-by-pair ratios A/B.
  /// - Throws: `BenchError` when a run fails (non-zero exit).
  static func compare(_ a: Command, _ b: Command, runs: Int) throws -> (
    a: Double, b: Double, ratio: Double
  ) {
    for command in [a, b] {
      let warm = try run(command)
      guard warm.status == 0 else {
        throw BenchError("\(command.label) exited with status \(warm.status)")
      }
    }
    var aTimes: [Double] = []
    var bTimes: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<runs {
      let x = try run(a)
      let y = try run(b)
      guard x.status == 0, y.status == 0 else {
        throw BenchError("\(a.label) or \(b.label) failed")
      }
      aTimes.append(x.cpu)
      bTimes.append(y.cpu)
      ratios.append(y.cpu > 0 ? x.cpu / y.cpu : .infinity)
    }
    return (middle(aTimes), middle(bTimes), middle(ratios))
  }

  static func middle(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }

  /// Runs `command` once and returns what it printed on stdout.
  /// - Throws: `BenchError` for a non-zero exit, with its stderr.
  static func output(_ executable: String, _ arguments: [String], environment: [String: String])
    throws -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError(
        "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments.prefix(3).joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))"
      )
    }
    return String(decoding: data, as: UTF8.self)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
