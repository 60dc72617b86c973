import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and streams end to end (issue 8): `--out` never replaces the
/// database (item 2), output that cannot be written is an error and a closed
/// pipe is quiet (item 4), and input files that cannot be read say why
/// (item 12).
final class FileSafetyTests: ItineraryTestCase {
  // MARK: --out and the database (item 2)

  /// Every way of naming the database or its companions, and any SQLite
  /// file, is refused by `trip export --out` and `map --out`; nothing
  /// changes.
  func testOut_refusesTheDatabaseItsFilesAndAnySQLiteFile() throws {
    try makeTrip(Self.shortTrip)
    let trips = try runOK(["trip", "list", "--json"]).stdout
    let link = scratch.appendingPathComponent("link.db")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: database)
    let hard = scratch.appendingPathComponent("hard.db")
    try FileManager.default.linkItem(at: database, to: hard)
    let other = scratch.appendingPathComponent("other.sqlite")
    try FileManager.default.copyItem(at: database, to: other)
    let otherBytes = try Data(contentsOf: other)
    try FileManager.default.createDirectory(
      at: scratch.appendingPathComponent("sub"), withIntermediateDirectories: true)

    let cases: [(String, String)] = [
      (database.path, "it is the database in use"),
      ("test.sqlite", "it is the database in use"),  // relative to the working directory
      ("sub/../test.sqlite", "it is the database in use"),
      (link.path, "it is the database in use"),
      (hard.path, "it is the database in use"),
      (database.path + "-wal", "it is the write-ahead log of the database in use"),
      ("test.sqlite-shm", "it is the shared-memory index of the database in use"),
      (other.path, "it is an SQLite database"),
    ]
    for (path, reason) in cases {
      try assertFailure(
        ["trip", "export", "Short", "--format", "json", "--out", path],
        containing: ["cannot write \(path): \(reason)", "nothing was written"])
      try assertFailure(["map", "--zoom", "2", "--out", path], containing: [reason])
    }
    // --db names the database in use, wherever SPORTSTIME_DB points.
    let moved = scratch.appendingPathComponent("moved.sqlite")
    try FileManager.default.copyItem(at: database, to: moved)
    try assertFailure(
      ["--db", moved.path, "trip", "export", "Short", "--format", "md", "--out", moved.path],
      containing: ["it is the database in use"])
    // A database that does not exist yet is protected too (it would be
    // created before the file is written).
    let fresh = scratch.appendingPathComponent("fresh.sqlite")
    try assertFailure(
      ["--db", fresh.path, "map", "--out", fresh.path], containing: ["it is the database in use"])

    XCTAssertEqual(try runOK(["trip", "list", "--json"]).stdout, trips, "the database is intact")
    XCTAssertTrue(try runOK(["map", "--json"]).stdout.contains("\"isDefault\": true"))
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path), database.path)
    XCTAssertEqual(try Data(contentsOf: other), otherBytes)
    XCTAssertFalse(fileExists(fresh))
    // An ordinary file beside them is still written.
    try runOK(["trip", "export", "Short", "--format", "json", "--out", "short.json"])
    XCTAssertTrue(fileExists(scratch.appendingPathComponent("short.json")))
  }

  /// Runs a Python 3 script with `arguments` as `sys.argv[1...]` in the
  /// test's directory; returns its standard output, failing on an error.
  @discardableResult
  func python(_ script: String, _ arguments: [String] = []) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    process.currentDirectoryURL = scratch
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "python3 \(arguments)")
    return String(decoding: data, as: UTF8.self)
  }

  /// Review of issue 8: with `oth.sqlite` in WAL mode and its writer gone
  /// before a checkpoint, `--out oth.sqlite-wal` replaced the log and the
  /// commit in it was lost. Another database's log, index and journal
  /// (whether they exist or not) and a log by its header are refused, and
  /// the commit survives.
  func testOut_refusesAnotherDatabasesUncheckpointedLog() throws {
    try makeTrip(Self.shortTrip)
    // The writer dies (os._exit) right after its commit: it sits in the log.
    try python(
      "import os, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "c.execute('PRAGMA journal_mode = WAL'); c.execute('CREATE TABLE t (x)'); "
        + "c.execute('INSERT INTO t VALUES (42)'); c.commit(); os._exit(0)", ["oth.sqlite"])
    let log = scratch.appendingPathComponent("oth.sqlite-wal")
    let logBytes = try Data(contentsOf: log)
    XCTAssertGreaterThan(logBytes.count, 32, "the commit is in the log")
    try logBytes.write(to: scratch.appendingPathComponent("copy.bin"))
    let cases: [(String, String)] = [
      ("oth.sqlite-wal", "it is the write-ahead log of the SQLite database oth.sqlite"),
      ("oth.sqlite-shm", "it is the shared-memory index of the SQLite database oth.sqlite"),
      ("oth.sqlite-journal", "it is the rollback journal of the SQLite database oth.sqlite"),
      (log.path, "it is the write-ahead log of the SQLite database \(scratch.path)/oth.sqlite"),
      ("copy.bin", "it is an SQLite write-ahead log"),
    ]
    for (path, reason) in cases {
      try assertFailure(
        ["trip", "export", "Short", "--format", "md", "--out", path],
        containing: ["cannot write \(path): \(reason)", "nothing was written"])
      try assertFailure(["map", "--zoom", "2", "--out", path], containing: [reason])
    }
    XCTAssertEqual(try Data(contentsOf: log), logBytes)
    XCTAssertFalse(fileExists(scratch.appendingPathComponent("oth.sqlite-journal")))
    XCTAssertEqual(
      try python(
        "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT x FROM t')"
          + ".fetchone()[0])", ["oth.sqlite"]), "42\n")
    XCTAssertTrue(try runOK(["map", "--json"]).stdout.contains("\"isDefault\": true"))
  }

  /// Review of issue 8: replacing a 0600 file made it 0644; a dangling
  /// link was replaced by a regular file while a live one was written
  /// through. The mode is kept, every link is followed (the link stays),
  /// and a hard link keeps the old bytes.
  func testOut_keepsPermissionsAndFollowsLinks() throws {
    try makeTrip(Self.shortTrip)
    let expected = try runOK(["trip", "export", "Short", "--format", "md"]).stdoutData
    let secret = scratch.appendingPathComponent("secret.md")
    try Data("old".utf8).write(to: secret)
    XCTAssertEqual(chmod(secret.path, 0o600), 0)
    let hard = scratch.appendingPathComponent("hard.md")
    XCTAssertEqual(link(secret.path, hard.path), 0)
    try runOK(["trip", "export", "Short", "--format", "md", "--out", "secret.md"])
    var info = stat()
    XCTAssertEqual(stat(secret.path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o600)
    XCTAssertEqual(try Data(contentsOf: secret), expected)
    XCTAssertEqual(try Data(contentsOf: hard), Data("old".utf8), "a hard link keeps the old file")
    XCTAssertEqual(symlink("target.md", scratch.appendingPathComponent("dangling.md").path), 0)
    try runOK(["trip", "export", "Short", "--format", "md", "--out", "dangling.md"])
    try runOK(["map", "--out", "dangling.md"])
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: scratch.appendingPathComponent("dangling.md").path), "target.md")
    let svg = try String(contentsOf: scratch.appendingPathComponent("target.md"), encoding: .utf8)
    XCTAssertTrue(svg.hasPrefix("<?xml"), svg)
  }

  /// Review of issue 8: `--out -` wrote a file named `-`. It is standard
  /// output (through the checked writer: a full disk is an error); `./-`
  /// is the file. The map's SVG alone goes there, and nothing is stored
  /// when it cannot be written.
  func testOut_dashIsStandardOutput() throws {
    try makeTrip(Self.shortTrip)
    let plain = try runOK(["trip", "export", "Short", "--format", "ics"]).stdout
    XCTAssertEqual(
      try runOK(["trip", "export", "Short", "--format", "ics", "--out", "-"]).stdout, plain)
    XCTAssertEqual(try runOK(["trip", "export", "Short", "-f", "ics", "-o", "-"]).stdout, plain)
    let dash = scratch.appendingPathComponent("-")
    XCTAssertFalse(fileExists(dash))
    try runOK(["trip", "export", "Short", "--format", "ics", "--out", "./-"])
    XCTAssertEqual(try String(contentsOf: dash, encoding: .utf8), plain)

    try runOK(["map", "--out", "drawn.svg"])
    let drawn = try String(
      contentsOf: scratch.appendingPathComponent("drawn.svg"), encoding: .utf8)
    XCTAssertEqual(try runOK(["map", "--out", "-"]).stdout, drawn, "the SVG and nothing else")
    try assertUsageError(
      ["map", "--out", "-", "--json"],
      message: "--json and --out - both write to standard output: give one",
      usage:
        "sportstime map [--zoom <FACTOR>] [--pan <DX,DY>] [--focus <VENUE>] [--reset] [--out <FILE>] [--basemap <FILE>] [--json]",
      help: "sportstime map")

    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    for arguments in [
      ["trip", "export", "Short", "--format", "ics", "--out", "-"],
      ["map", "--zoom", "2", "--out", "-"],
    ] {
      let result = try run(arguments, standardOutput: full)
      XCTAssertEqual(result.status, 1, "\(arguments)\n\(result)")
      XCTAssertEqual(
        result.stderr, "Error: cannot write the output: No space left on device\n", "\(arguments)")
    }
    XCTAssertTrue(
      try runOK(["map", "--json"]).stdout.contains("\"isDefault\": true"),
      "the zoom whose map could not be written is not stored")
    for command in [["trip", "export"], ["map"]] {
      let help = try runOK(command + ["--help"]).stdout
      XCTAssertTrue(
        help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
          .contains("- is standard output"), help)
    }
  }

  // MARK: Standard output (item 4)

  /// Output to a full disk used to succeed silently (exit 0).
  func testOutput_toAFullDiskIsAnError() throws {
    try makeTrip(Self.shortTrip)
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    for arguments in [
      ["trip", "export", "Short", "--format", "json"], ["trip", "show", "Short"],
      ["games", "--json"], ["trip", "list"], ["--help"],
    ] {
      let result = try run(arguments, standardOutput: full)
      XCTAssertEqual(result.status, 1, "\(arguments)\n\(result)")
      XCTAssertEqual(
        result.stderr, "Error: cannot write the output: No space left on device\n", "\(arguments)")
    }
  }

  /// Second review of issue 8: `trip new`, `item add` and `trip delete`
  /// with standard output on a full disk exited 1 with only "cannot write
  /// the output", though the change was saved; a user would run them again.
  /// The error now says the change was saved; a refused write says nothing
  /// of the kind.
  func testOutput_toAFullDiskAfterAWriteSaysTheChangeWasSaved() throws {
    try makeTrip(Self.shortTrip)
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    for arguments in [
      ["trip", "new", "Second", "--game", "CHC@2024-06-04"],
      ["item", "add", "Short", "--title", "Dinner", "--day", "2"],
      ["trip", "delete", "Second"],
    ] {
      let result = try run(arguments, standardOutput: full)
      XCTAssertEqual(result.status, 1, "\(arguments)\n\(result)")
      XCTAssertEqual(
        result.stderr,
        "Error: cannot write the output: No space left on device; the change itself was saved, only this report is missing\n",
        "\(arguments)")
    }
    let list = try runOK(["trip", "list"]).stdout
    XCTAssertTrue(list.contains("Short"), list)
    XCTAssertFalse(list.contains("Second"), "deleted: \(list)")
    XCTAssertTrue(try runOK(["trip", "show", "Short"]).stdout.contains("Dinner"))

    let refused = try run(Self.shortTrip, standardOutput: full)
    XCTAssertEqual(refused.status, 1, refused.description)
    XCTAssertTrue(refused.stderr.hasPrefix("Error: "), refused.stderr)
    XCTAssertFalse(refused.stderr.contains("saved"), refused.stderr)
  }

  /// Second review of issue 8: `--out /dev/stderr` with `2>>app.log`
  /// replaced app.log (its earlier lines were lost), and `--out
  /// /dev/stdout` into a pipe failed. Descriptors are written as they are;
  /// `/dev/stdout` is standard output, like `--out -`.
  func testOut_descriptorNamesWriteThroughTheDescriptor() throws {
    try makeTrip(Self.shortTrip)
    let document = try runOK(["trip", "export", "Short", "--format", "md"]).stdout
    let log = scratch.appendingPathComponent("app.log")
    try Data("earlier line\n".utf8).write(to: log)
    let appended = try runShell(
      #""$0" trip export Short --format md --out /dev/stderr 2>>app.log; echo "status=$?""#)
    XCTAssertEqual(appended.stdout, "Wrote /dev/stderr (\(document.utf8.count) bytes).\nstatus=0\n")
    XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), "earlier line\n" + document)
    let numbered = try runShell(
      #""$0" trip export Short --format md --out /dev/fd/3 3>>app.log > /dev/null; echo "status=$?""#
    )
    XCTAssertEqual(numbered.stdout, "status=0\n")
    XCTAssertEqual(
      try String(contentsOf: log, encoding: .utf8), "earlier line\n" + document + document)
    for name in ["/dev/stdout", "/proc/self/fd/1"] {
      let piped = try runShell(#""$0" trip export Short --format md --out "# + name + " | cat")
      XCTAssertEqual(piped.stdout, document, "\(name): the document and nothing else")
    }
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let failed = try run(
      ["trip", "export", "Short", "--format", "md", "--out", "/dev/stdout"], standardOutput: full)
    XCTAssertEqual(failed.status, 1, failed.description)
    XCTAssertEqual(failed.stderr, "Error: cannot write the output: No space left on device\n")
    let closed = try run(["trip", "export", "Short", "--format", "md", "--out", "/dev/fd/9"])
    XCTAssertEqual(closed.status, 1, closed.description)
    XCTAssertTrue(closed.stderr.contains("file descriptor 9 is not open"), closed.stderr)
  }

  /// Review 3: `trip export --out f.md > /dev/full` wrote f.md but said
  /// only "cannot write the output"; standard output appended to the
  /// database (`--out - >> db`) was let through; `--out 3` inside /dev/fd
  /// (`exec`: the working directory is then this process's fd folder) and
  /// another process's /proc/PID/fd/N replaced the file behind it (bash
  /// runs a last command with exec, hence `; exit $?`).
  func testOut_reportLostStdoutIsTheDatabaseAndOtherDescriptorNames() throws {
    try makeTrip(Self.shortTrip)
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let written = try run(
      ["trip", "export", "Short", "--format", "md", "--out", "f.md"], standardOutput: full)
    XCTAssertEqual(
      written.stderr,
      "Error: cannot write the output: No space left on device; f.md was written, only this report is missing\n"
    )
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: scratch.appendingPathComponent("f.md").path))

    let size = try XCTUnwrap(
      try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int)
    for out in ["-", "/dev/stdout"] {
      let appended = try runShell(
        #""$0" trip export Short --format md --out "# + out + #" >> "$SPORTSTIME_DB""#)
      XCTAssertEqual(appended.status, 1, appended.description)
      XCTAssertTrue(
        appended.stderr.hasPrefix("Error: cannot write standard output: it is the database in use")
          || appended.stderr.hasPrefix("Error: cannot write /dev/stdout: it is the database in use"),
        appended.stderr)
    }
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int, size,
      "nothing appended to the database")

    let log = scratch.appendingPathComponent("app.log")
    try Data("earlier\n".utf8).write(to: log)
    let bare = try runShell(
      #"log="$PWD/app.log"; cd /dev/fd && exec "$0" trip export Short --format md --out 3 3>>"$log" > /dev/null"#
    )
    XCTAssertEqual(bare.status, 0, bare.description)
    XCTAssertTrue(try String(contentsOf: log, encoding: .utf8).hasPrefix("earlier\n# Short"))
    let other = try runShell(
      #"exec 5>>app.log; "$0" trip export Short --format md --out /proc/$$/fd/5; exit $?"#)
    XCTAssertEqual(other.status, 1, other.description)
    XCTAssertTrue(other.stderr.contains("it is a file descriptor of another process"), other.stderr)
    XCTAssertTrue(try String(contentsOf: log, encoding: .utf8).hasPrefix("earlier\n# Short"))
  }

  /// A reader that stops early (`| head`) ends the run quietly with status
  /// 141, whether the parent leaves `SIGPIPE` alone or ignores it (then the
  /// tool used to exit 0 as if everything had been read).
  func testOutput_closedPipeEndsQuietly() throws {
    let binary = try CLIProcess.binary.get().path
    for (trap, arguments, bytes) in [
      ("", ["games", "--json"], 100), ("", ["games"], 1), ("trap '' PIPE;", ["games"], 10),
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments =
        [
          "-c",
          #"\#(trap) set -o pipefail; "$0" "$@" | head -c \#(bytes) > /dev/null; echo "status=$?""#,
          binary,
        ] + arguments
      process.environment = environment
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      try process.run()
      let errData = err.fileHandleForReading.readDataToEndOfFile()
      let outData = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      XCTAssertEqual(
        String(decoding: outData, as: UTF8.self), "status=141\n", "\(trap) \(arguments)")
      XCTAssertEqual(
        String(decoding: errData, as: UTF8.self), "", "no message: \(trap) \(arguments)")
    }
  }

  // MARK: Input files (item 12)

  /// Each command that reads a file, with the place its path goes.
  static var readers: [(name: String, arguments: (String) -> [String], prefix: String)] {
    [
      ("schedule import", { ["schedule", "import", $0] }, "cannot read "),
      ("trip import", { ["trip", "import", $0] }, "cannot read "),
      ("import legacy", { ["import", "legacy", $0] }, "cannot read "),
      (
        "map --basemap", { ["map", "--out", "m.svg", "--basemap", $0] }, "cannot read the basemap "
      ),
    ]
  }

  /// Every reader names the real cause, the same way, and changes nothing.
  func testInputFiles_sayTheRealCause() throws {
    let directory = scratch.appendingPathComponent("folder")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let fifo = scratch.appendingPathComponent("pipe.csv")
    XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
    let latin1 = scratch.appendingPathComponent("latin1.csv")
    try Data([0x61, 0x2C, 0x62, 0x0A, 0x4D, 0x6F, 0xE9, 0x0A]).write(to: latin1)  // "Mo\xE9"
    let empty = scratch.appendingPathComponent("empty.json")
    try Data().write(to: empty)
    let missing = scratch.appendingPathComponent("missing.json").path
    let cases: [(String, String)] = [
      (directory.path, "it is a directory"),
      (fifo.path, "it is a FIFO (named pipe), not a regular file"),
      (latin1.path, "it is not UTF-8 text: line 2, byte 3 is 0xE9 (save the file as UTF-8)"),
      (empty.path, "the file is empty"),
      (missing, "no such file"),
      ("/dev/null", "it is a character device, not a regular file"),
    ]
    let baseline = try snapshot()
    for reader in Self.readers {
      for (path, reason) in cases {
        // A FIFO nobody writes to must never make a reader wait: a run
        // that waits fails in the harness (CLIProcess.timeout).
        try assertFailure(
          reader.arguments(path), containing: ["\(reader.prefix)\(path): \(reason)"])
      }
    }
    XCTAssertEqual(try snapshot(), baseline)
    XCTAssertFalse(fileExists(scratch.appendingPathComponent("m.svg")))
  }

  /// Permission denied, checked as an unprivileged user
  /// (`runUnprivileged`: root may read any file).
  func testInputFiles_permissionDenied() throws {
    let locked = scratch.appendingPathComponent("locked.json")
    try Data("{}".utf8).write(to: locked)
    XCTAssertEqual(chmod(locked.path, 0o000), 0)
    for reader in Self.readers {
      let result = try runUnprivileged(reader.arguments(locked.path))
      XCTAssertEqual(result.status, 1, "\(reader.name)\n\(result)")
      XCTAssertEqual(
        result.stderrLines,
        [
          "Error: \(reader.prefix)\(locked.path): permission denied (check the file's permissions)"
        ], reader.name)
    }
  }
}
