import Foundation
import SportsTimeTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the built `sportstime` binary produced.
struct CLIResult: CustomStringConvertible {
  /// The exit status (or the signal number when the process was killed).
  var status: Int32
  /// Raw standard output.
  var stdoutData: Data
  /// Raw standard error.
  var stderrData: Data

  /// Standard output as UTF-8 text.
  var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
  /// Standard error as UTF-8 text.
  var stderr: String { String(decoding: stderrData, as: UTF8.self) }
  /// Standard output split into lines (without the final empty piece).
  var stdoutLines: [String] { CLIResult.lines(stdout) }
  /// Standard error split into lines (without the final empty piece).
  var stderrLines: [String] { CLIResult.lines(stderr) }

  static func lines(_ text: String) -> [String] {
    // Split on the scalar: Swift treats "\r\n" as one Character.
    var parts = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    if parts.last == "" { parts.removeLast() }
    return parts
  }

  var description: String {
    "exit \(status)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
  }
}

/// A failure of the test harness itself (not of the tool under test).
struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The account tests run commands as when they run as root, so that file
/// permissions apply: `nobody`, which every Debian machine has (base-passwd),
/// entered through util-linux's `setpriv`.
struct UnprivilegedAccount {
  /// The user and group ids.
  let uid: uid_t
  let gid: gid_t
  /// The `setpriv` executable.
  let setpriv: String

  /// `nobody`, and the `setpriv` that switches to it.
  /// - Throws: `HarnessError` naming what this machine lacks.
  static func nobody() throws -> UnprivilegedAccount {
    guard let entry = getpwnam("nobody") else {
      throw HarnessError(
        "the permission tests run commands as the user 'nobody' (the tests run as root), and this machine has no such user; add it (useradd --system --no-create-home nobody) or run the tests as a user other than root"
      )
    }
    guard
      let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      throw HarnessError(
        "the permission tests switch to the user 'nobody' with setpriv (Debian package util-linux), which is not installed"
      )
    }
    return UnprivilegedAccount(
      uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, setpriv: setpriv)
  }
}

/// Locates the built binary and the shared data, and runs the binary.
enum CLIProcess {
  /// How long one run may take before it is killed (the suite must never hang).
  static let timeout: TimeInterval = 60

  /// The `sportstime` executable: `$SPORTSTIME_BIN`, else the one built next to
  /// the running test bundle.
  static let binary: Result<URL, HarnessError> = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SPORTSTIME_BIN"], !path.isEmpty {
      return FileManager.default.isExecutableFile(atPath: path)
        ? .success(URL(fileURLWithPath: path))
        : .failure(HarnessError("SPORTSTIME_BIN=\(path) is not an executable file"))
    }
    var directories: [URL] = []
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    let bundle = Bundle.main.bundleURL
    directories += [bundle, bundle.deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent("sportstime")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return .success(candidate)
      }
    }
    return .failure(
      HarnessError(
        "cannot find the sportstime binary in \(directories.map(\.path)); build it or set SPORTSTIME_BIN"
      ))
  }()

  /// The repository root (`TestData.repositoryRoot`).
  static let repositoryRoot: URL = TestData.repositoryRoot

  /// The shared data folder (`TestData.directory`), when it holds the
  /// schedules these tests import.
  static let dataDirectory: Result<URL, HarnessError> = {
    let url = TestData.directory
    let probe = TestData.retrosheetSchedule(2024).path
    return FileManager.default.fileExists(atPath: probe)
      ? .success(url)
      : .failure(HarnessError("no schedule data at \(probe); set SPORTSTIME_DATA"))
  }()

  /// The Retrosheet schedule of `year` in the shared data.
  static func schedule(_ year: Int) throws -> URL {
    _ = try dataDirectory.get()
    return TestData.retrosheetSchedule(year)
  }

  /// Runs the binary with exactly `environment` (nothing inherited), standard
  /// input empty, standard output and error captured through pipes.
  /// - Parameters:
  ///   - standardOutput: where standard output goes instead of a pipe
  ///     (`/dev/full`); then `stdoutData` is empty.
  ///   - launcher: a command that runs the binary, e.g. `setpriv` with its
  ///     options to run it as another user; the binary's path and
  ///     `arguments` follow it.
  ///   - binary: the executable to run instead of the built `binary` (a
  ///     copy of it, say).
  static func run(
    _ arguments: [String], environment: [String: String], currentDirectory: URL? = nil,
    standardOutput: FileHandle? = nil, launcher: [String] = [], binary: URL? = nil
  ) throws -> CLIResult {
    let process = Process()
    let executable = try binary ?? Self.binary.get()
    if let command = launcher.first {
      process.executableURL = URL(fileURLWithPath: command)
      process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.environment = environment
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = standardOutput ?? out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let exited = Exited(process)
    try process.run()
    let watchdog = Watchdog(process)
    // Drain both pipes before waiting, so a full pipe can never block the child.
    let errBox = Locked(Data())
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      let data = err.fileHandleForReading.readDataToEndOfFile()
      errBox.update { $0 = data }
      group.leave()
    }
    // The unused pipe's writing end must close, or reading it never ends.
    if standardOutput != nil { try? out.fileHandleForWriting.close() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    exited.wait()
    watchdog.cancel()
    if watchdog.fired {
      throw HarnessError("sportstime \(arguments) did not finish in \(Int(timeout)) s")
    }
    return CLIResult(
      status: process.terminationStatus, stdoutData: outData, stderrData: errBox.current)
  }

  /// Runs the binary with standard output on a pseudo-terminal (so it believes
  /// it is talking to a terminal); returns what it wrote there.
  static func runOnTerminal(_ arguments: [String], environment: [String: String]) throws
    -> CLIResult
  {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw HarnessError("openpty failed: errno \(errno)")
    }
    defer { close(master) }
    let process = Process()
    process.executableURL = try binary.get()
    process.arguments = arguments
    process.environment = environment
    let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardOutput = slaveHandle
    let err = Pipe()
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let exited = Exited(process)
    do {
      try process.run()
    } catch {
      close(slave)
      throw error
    }
    close(slave)  // only the child holds the terminal now: reads end when it exits
    let watchdog = Watchdog(process)
    let errBox = Locked(Data())
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      let data = err.fileHandleForReading.readDataToEndOfFile()
      errBox.update { $0 = data }
      group.leave()
    }
    var outData = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count > 0 {
        outData.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break  // EIO once the child closed the terminal
      }
    }
    group.wait()
    exited.wait()
    watchdog.cancel()
    if watchdog.fired {
      throw HarnessError("sportstime \(arguments) did not finish in \(Int(timeout)) s")
    }
    return CLIResult(
      status: process.terminationStatus, stdoutData: outData, stderrData: errBox.current)
  }
}

/// Waits for a process to exit. `Process.waitUntilExit` on Linux polls its
/// run loop every 50 ms, which made each run of the tool ~50 ms slower than
/// the tool itself; the termination handler fires at once.
private final class Exited: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let process: Process

  /// Call before `process.run()`.
  init(_ process: Process) {
    self.process = process
    process.terminationHandler = { [semaphore] _ in semaphore.signal() }
  }

  func wait() {
    semaphore.wait()
    process.waitUntilExit()  // returns at once: the process has exited
  }
}

/// Kills a process that runs longer than `CLIProcess.timeout`.
private final class Watchdog: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false
  private var killed = false
  private let process: Process

  init(_ process: Process) {
    self.process = process
    DispatchQueue.global().asyncAfter(deadline: .now() + CLIProcess.timeout) { [self] in
      lock.lock()
      defer { lock.unlock() }
      if !done && process.isRunning {
        killed = true
        process.terminate()
      }
    }
  }

  func cancel() {
    lock.lock()
    done = true
    lock.unlock()
  }

  var fired: Bool {
    lock.lock()
    defer { lock.unlock() }
    return killed
  }
}
