import Foundation
import SportsTimeTestSupport
import XCTest

/// `sportstime serve`: prints its address, answers on it from the same
/// database as the other commands, and stops cleanly on SIGTERM and SIGINT.
final class ServeCommandTests: EndToEndTestCase {
  /// A running `sportstime serve` and what it printed up to its address
  /// and "Press Ctrl-C" (stdout; stderr separately when `errors` is given).
  struct Served {
    let process: Process
    let output: Pipe
    let text: String

    /// Stops it (SIGTERM by default) and waits for it to exit: up to 30 s,
    /// then it fails the test and kills the server (a lost signal must not
    /// hang the whole run).
    func stop(_ signal: Int32 = SIGTERM, file: StaticString = #filePath, line: UInt = #line) {
      if process.isRunning { kill(process.processIdentifier, signal) }
      ServeCommandTests.waitForExit(process, after: "signal \(signal)", file: file, line: line)
    }
  }

  /// Waits up to 30 s for `process` to exit; past that it fails the test
  /// (the server did not stop on `event`) and kills it.
  static func waitForExit(
    _ process: Process, after event: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
      XCTFail("serve was still running 30 s after \(event); killed", file: file, line: line)
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  /// Starts `sportstime serve` with `arguments` on this test's database and
  /// waits (up to 20 s) until it has printed its address.
  func startServe(
    _ arguments: [String], errors: Pipe? = nil, extra: [String: String] = [:]
  ) throws -> Served {
    let process = Process()
    process.executableURL = try CLIProcess.binary.get()
    process.arguments = ["serve"] + arguments
    process.environment = environment.merging(extra) { _, new in new }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors ?? output
    try process.run()
    var seen = Data()
    let deadline = Date().addingTimeInterval(20)
    while !String(decoding: seen, as: UTF8.self).contains("Press Ctrl-C"), Date() < deadline {
      seen.append(output.fileHandleForReading.availableData)
    }
    return Served(process: process, output: output, text: String(decoding: seen, as: UTF8.self))
  }

  func testServe_printsItsAddressAnswersAndStopsOnSignals() throws {
    try installImported2024()
    try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05"])
    for stopSignal in [SIGTERM, SIGINT] {
      let served = try startServe(["--port", "0"])
      let (process, output, text) = (served.process, served.output, served.text)
      let port = try XCTUnwrap(
        text.split(separator: "\n").first?.split(separator: ":").last.flatMap {
          Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        }, text)
      XCTAssertTrue(text.hasPrefix("SportsTime is running at http://127.0.0.1:\(port)/\n"), text)
      let trips = try RawHTTPClient(port: UInt16(port)).send("GET", "/api/trips")
      XCTAssertEqual(trips.status, 200)
      XCTAssertTrue(trips.text.contains("\"name\": \"Served\""), trips.text)
      kill(process.processIdentifier, stopSignal)
      Self.waitForExit(process, after: "signal \(stopSignal)")
      let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTAssertEqual(process.terminationStatus, 0, text + rest)
      XCTAssertTrue(rest.hasSuffix("Stopped.\n"), rest)
    }
  }

  /// `--now` is the server's clock, as for every other command: the June
  /// 2024 trip is upcoming on June 1st, 2024 (by the system clock it is
  /// past). Without the browser libraries, `serve` warns and still runs.
  func testServe_readsNowAndWarnsAboutMissingLibraries() throws {
    try installImported2024()
    try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05"])
    let errors = Pipe()
    let served = try startServe(
      ["--port", "0", "--now", "2024-06-01T12:00Z", "--assets", "/nonexistent"], errors: errors)
    defer { served.stop() }
    let text = served.text
    let port = try XCTUnwrap(
      text.split(separator: "\n").first?.split(separator: ":").last.flatMap {
        Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
      }, text)
    let trips = try RawHTTPClient(port: UInt16(port)).send("GET", "/api/trips")
    let list = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: trips.body) as? [String: Any])
    XCTAssertEqual((list["upcoming"] as? [Any])?.count, 1, trips.text)
    XCTAssertEqual((list["past"] as? [Any])?.count, 0, trips.text)
    served.stop()
    let warnings = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertTrue(
      warnings.contains(
        "Warning: no /nonexistent/sortable/Sortable.min.js: drag and drop will not work in the browser (Debian package libjs-sortable); install it, or give --assets the folder that holds sortable/ and leaflet/."
      ), warnings)
    XCTAssertTrue(
      warnings.contains("Warning: no /nonexistent/leaflet/leaflet.js: the maps"), warnings)
  }

  /// Bound to every address, the printed address names the machine (0.0.0.0
  /// is not a place a browser can go), carries the token, and answers.
  func testServe_onEveryAddress_printsTheMachinesNameWithTheToken() throws {
    let token = "a-token-of-twenty-chars"
    let served = try startServe(["--host", "0.0.0.0", "--port", "0", "--token", token])
    defer { served.stop() }
    let first = String(served.text.split(separator: "\n").first ?? "")
    let name = ProcessInfo.processInfo.hostName
    XCTAssertTrue(first.hasPrefix("SportsTime is running at http://\(name):"), first)
    XCTAssertFalse(first.contains("0.0.0.0"), first)
    XCTAssertTrue(
      first.contains("/?token=\(token) (listening on every address of this machine, port "), first)
    let port = try XCTUnwrap(
      first.split(separator: " ").last.flatMap {
        Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ")")))
      }, first)
    let answer = try RawHTTPClient(port: UInt16(port)).send(
      "GET", "/api/trips", headers: ["Authorization": "Bearer \(token)"])
    XCTAssertEqual(answer.status, 200, answer.text)
  }

  /// Issue 28: `--token` shows in `ps`; the token can come from a file
  /// (`--token-file`, its first line) or `$SPORTSTIME_TOKEN` instead, and
  /// --help says so.
  #if os(Linux)
    /// SIGTERM is caught by the time `serve` prints its address (a handler
    /// of its own, not one Dispatch installs later: a signal sent at once
    /// was dropped now and then, and a loaded fresh machine's `make test`
    /// hung in `stop()`), and it stops `serve` whichever of its threads
    /// the kernel hands it to: here one that is not the main thread.
    func testServe_stopsOnASignalWhicheverThreadGetsIt() throws {
      let served = try startServe(["--port", "0"])
      let pid = served.process.processIdentifier
      let caught =
        (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
        .flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
      XCTAssertNotEqual(
        caught & (1 << UInt64(SIGTERM - 1)), 0, "SIGTERM caught once the address is out")
      let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        .compactMap(Int32.init).filter { $0 != pid }
      func blocksSIGTERM(_ thread: Int32) -> Bool {
        let status =
          (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8)) ?? ""
        let mask =
          status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
          .flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
        return mask & (1 << UInt64(SIGTERM - 1)) != 0
      }
      let thread = try XCTUnwrap(
        tasks.first { !blocksSIGTERM($0) }, "no thread of serve (\(tasks)) takes SIGTERM")
      typealias ThreadKill = @convention(c) (Int32, Int32, Int32) -> Int32
      let symbol = try XCTUnwrap(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tgkill"))
      XCTAssertEqual(unsafeBitCast(symbol, to: ThreadKill.self)(pid, thread, SIGTERM), 0)
      Self.waitForExit(served.process, after: "SIGTERM to thread \(thread)")
      let rest = String(
        decoding: served.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTAssertEqual(served.process.terminationStatus, 0, rest)
      XCTAssertTrue(rest.hasSuffix("Stopped.\n"), rest)
    }
  #endif

  func testServe_readsTheTokenFromAFileOrTheEnvironment() throws {
    let file = scratch.appendingPathComponent("token.txt")
    try "from-the-file-0123456789\n".write(to: file, atomically: true, encoding: .utf8)
    let fromFile = try startServe(["--host", "0.0.0.0", "--port", "0", "--token-file", file.path])
    XCTAssertTrue(fromFile.text.contains("/?token=from-the-file-0123456789 "), fromFile.text)
    XCTAssertFalse(
      (fromFile.process.arguments ?? []).contains { $0.contains("from-the-file") },
      "the token is not on the command line")
    fromFile.stop()
    let fromEnvironment = try startServe(
      ["--host", "0.0.0.0", "--port", "0"], extra: ["SPORTSTIME_TOKEN": "from-the-environment-42"])
    XCTAssertTrue(
      fromEnvironment.text.contains("/?token=from-the-environment-42 "), fromEnvironment.text)
    fromEnvironment.stop()
    let both = try run(
      [
        "serve", "--host", "0.0.0.0", "--port", "0", "--token", "a-token-of-twenty-chars",
        "--token-file", file.path,
      ])
    XCTAssertEqual(both.status, 64, both.description)
    XCTAssertTrue(
      both.stderr.contains("give the token once: --token or --token-file, not both"), both.stderr)
    let empty = scratch.appendingPathComponent("empty.txt")
    try "\n".write(to: empty, atomically: true, encoding: .utf8)
    let none = try run(["serve", "--port", "0", "--token-file", empty.path])
    XCTAssertEqual(none.status, 64, none.description)
    XCTAssertTrue(none.stderr.contains("--token-file: \(empty.path) holds no token"), none.stderr)
    let missing = try run(["serve", "--port", "0", "--token-file", "/nonexistent/token"])
    XCTAssertEqual(missing.status, 64, missing.description)
    XCTAssertTrue(
      missing.stderr.contains("--token-file: cannot read /nonexistent/token: no such file"),
      missing.stderr)
    let weak = try run(["serve", "--port", "0"], extra: ["SPORTSTIME_TOKEN": "short"])
    XCTAssertEqual(weak.status, 64, weak.description)
    XCTAssertTrue(weak.stderr.hasPrefix("Error: SPORTSTIME_TOKEN: the token "), weak.stderr)
    let help = try run(["serve", "--help"])
    XCTAssertTrue(help.stdout.contains("--token-file"), help.stdout)
    XCTAssertTrue(help.stdout.contains("SPORTSTIME_TOKEN"), help.stdout)
  }

  /// Issue 29: a change made by the CLI in another process, and one made
  /// through the server itself, both reach an open event stream (the
  /// watcher compares the database's change token, and the server's own
  /// commits wake it).
  func testServe_announcesACLIWriteAndItsOwnWrite_onTheEventStream() throws {
    try installImported2024()
    try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05", "--now", "2024-06-01T12:00Z"])
    let served = try startServe(["--port", "0", "--now", "2024-06-01T12:00Z"])
    defer { served.stop() }
    let client = RawHTTPClient(port: try port(of: served))
    let fd = try client.connect()
    defer { close(fd) }
    try client.write(
      fd, Data("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\n\r\n".utf8))
    var seen = Data()
    /// Reads the stream until it holds `needle` (up to 5 s).
    func readUntil(_ needle: String) -> Bool {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let deadline = Date().addingTimeInterval(5)
      while Date() < deadline, !String(decoding: seen, as: UTF8.self).contains(needle) {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        seen.append(contentsOf: buffer[0..<n])
      }
      return String(decoding: seen, as: UTF8.self).contains(needle)
    }
    XCTAssertTrue(readUntil("connected"), String(decoding: seen, as: UTF8.self))
    try runOK(["trip", "rename", "Served", "Renamed by the CLI"])
    XCTAssertTrue(readUntil("\"revision\": 2"), String(decoding: seen, as: UTF8.self))
    XCTAssertEqual(try addItem(client, "Through the server").0, 201)
    XCTAssertTrue(readUntil("\"revision\": 3"), String(decoding: seen, as: UTF8.self))
  }

  /// Adds an item to the first trip through the server; its status and text.
  func addItem(_ client: RawHTTPClient, _ title: String) throws -> (Int, String) {
    let list = try client.send("GET", "/api/trips")
    let trips = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: list.body) as? [String: Any])?["upcoming"]
        as? [[String: Any]], list.text)
    let id = try XCTUnwrap(trips.first?["id"] as? String, list.text)
    let answer = try client.send(
      "POST", "/api/trips/\(id)/items", headers: ["Content-Type": "application/json"],
      body: Data(#"{"title": "\#(title)"}"#.utf8))
    return (answer.status, answer.text)
  }

  /// Issue 28: the database file deleted, replaced, or its -wal deleted
  /// while the server runs: the server notices before the next write and
  /// refuses it (503 and a warning on stderr) instead of acknowledging a
  /// write into a file nobody can open again; a CLI command run meanwhile
  /// does not make an empty database beside the deleted one.
  func testServe_databaseDeletedOrReplaced_stopsWritingAndSaysSo() throws {
    try installImported2024()
    try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05", "--now", "2024-06-01T12:00Z"])
    let path = database.path
    let backup = scratch.appendingPathComponent("backup.sqlite").path
    for damage in ["deleted", "replaced", "wal deleted"] {
      try? FileManager.default.removeItem(atPath: backup)
      try FileManager.default.copyItem(atPath: path, toPath: backup)
      let errors = Pipe()
      let served = try startServe(
        ["--port", "0", "--now", "2024-06-01T12:00Z"], errors: errors)
      let client = RawHTTPClient(port: try port(of: served))
      XCTAssertEqual(try addItem(client, "Before").0, 201, damage)
      switch damage {
      case "deleted": try FileManager.default.removeItem(atPath: path)
      case "replaced":
        _ = rename(backup, path)
      default: try FileManager.default.removeItem(atPath: path + "-wal")
      }
      let (status, text) = try addItem(client, "After")
      XCTAssertEqual(status, 503, damage + ": " + text)
      let expected =
        damage == "wal deleted"
        ? "\(path)-wal, beside the database \(path), was deleted or moved while sportstime had it open, so nothing was changed"
        : "The database file \(path) was \(damage == "deleted" ? "deleted or moved" : "replaced by another file") while sportstime had it open, so nothing was changed"
      XCTAssertTrue(text.contains(expected), damage + ": " + text)
      if damage == "deleted" {
        // A command meanwhile: no new database beside the deleted one.
        let list = try run(["trip", "list"])
        XCTAssertNotEqual(list.status, 0, list.description)
        XCTAssertTrue(
          list.stderr.contains("the file is missing but \(path)-wal is there"), list.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "an empty database was made")
      }
      served.stop()
      let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTAssertEqual(log.components(separatedBy: "Warning: ").count, 2, damage + ": " + log)
      XCTAssertTrue(log.contains(expected), damage + ": " + log)
      // Back to a sound database for the next case.
      for file in [path, path + "-wal", path + "-shm"] {
        try? FileManager.default.removeItem(atPath: file)
      }
      try installImported2024()
      try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05", "--now", "2024-06-01T12:00Z"])
    }
  }

  /// Issue 28 (review of the fix): the `-wal` and `-shm` deleted while the
  /// server runs. A CLI command then made a new log beside the one the
  /// server still had open, and the server, closing last, deleted it: 4 of
  /// 4 acknowledged `trip new`s were lost. The command is refused instead,
  /// changes nothing, and what the server wrote before is still there
  /// once it has stopped.
  func testServe_walAndShmDeleted_aCommandIsRefusedAndNothingIsLost() throws {
    try installImported2024()
    try runOK(["trip", "new", "Served", "--game", "CHC@2024-06-05", "--now", "2024-06-01T12:00Z"])
    let path = database.path
    for deleted in [["-wal", "-shm"], ["-shm"], ["-wal"]] {
      let served = try startServe(["--port", "0", "--now", "2024-06-01T12:00Z"], errors: Pipe())
      let client = RawHTTPClient(port: try port(of: served))
      let title = "Kept \(deleted.joined())"
      XCTAssertEqual(try addItem(client, title).0, 201)
      for suffix in deleted { try FileManager.default.removeItem(atPath: path + suffix) }
      let refused = try run(["trip", "new", "Lost", "--game", "CHC@2024-06-05"])
      XCTAssertEqual(refused.status, 1, refused.description)
      XCTAssertTrue(
        refused.stderr.contains(
          "deleted while another program (a running server?) has the database open, so a change made now would be lost"
        ), refused.stderr)
      served.stop()
      let trips = try runOK(["trip", "list"])
      XCTAssertFalse(trips.stdout.contains("Lost"), trips.stdout)
      let shown = try runOK(["trip", "show", "Served"])
      XCTAssertTrue(shown.stdout.contains(title), "\(deleted): \(shown.stdout)")
    }
    // With nothing else holding it, the same files missing are no fault.
    try? FileManager.default.removeItem(atPath: path + "-shm")
    try runOK(["trip", "new", "Alone", "--game", "CHC@2024-06-05"])
  }

  /// Review 7, F3: a token guards every request off loopback; a short or
  /// URL-unsafe one is refused before anything starts.
  func testServe_refusesAWeakToken() throws {
    for token in ["short", "has space in it!!", "abc/def/ghi/jkl/mno"] {
      let result = try run(["serve", "--host", "0.0.0.0", "--port", "0", "--token", token])
      XCTAssertEqual(result.status, 64, result.description)
      XCTAssertTrue(result.stderr.hasPrefix("Error: --token: the token "), result.stderr)
    }
  }

  /// Review 7, F4: run through a symbolic link found on PATH (argv[0] is
  /// then a bare name), `serve` still finds the app's files beside the real
  /// executable.
  func testServe_findsItsFilesThroughALinkOnPath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "serve-path-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("sportstime"),
      withDestinationURL: try CLIProcess.binary.get())
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "PATH=\(folder.path)", "sportstime", "serve", "--port", "0", "--token", "short",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    // Past the look-up of the app's files: refused for the token, not for
    // missing files.
    XCTAssertEqual(process.terminationStatus, 64, text)
    XCTAssertTrue(text.contains("--token"), text)
    XCTAssertFalse(text.contains("files are missing"), text)
  }

  func testServe_refusesAHostThatIsNoAddress() throws {
    let result = try run(["serve", "--host", "example.com", "--port", "0"])
    XCTAssertEqual(result.status, 1, result.description)
    XCTAssertEqual(
      result.stderr,
      "Error: 'example.com' is not an IP address (give one such as 127.0.0.1 or ::1, or localhost)\n"
    )
  }
}
