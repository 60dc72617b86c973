import Foundation
import XCTest

@testable import SportsTimeCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing output files: atomically, and never over the database (issue 8,
/// item 2: `--out "$SPORTSTIME_DB"` replaced the database with the export).
final class OutputFileTests: XCTestCase {
  private var directory: URL!
  private var database: String { directory.appendingPathComponent("db.sqlite").path }

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("sportstime-outputfile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try (OutputFile.sqliteHeader + Data(repeating: 7, count: 100)).write(
      to: URL(fileURLWithPath: database))
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The reason `write` refuses `path` for, checking nothing was written.
  private func refusal(_ path: String, file: StaticString = #filePath, line: UInt = #line)
    -> FileError.Reason?
  {
    let before = FileManager.default.contents(atPath: path)
    defer {
      XCTAssertEqual(
        FileManager.default.contents(atPath: path), before, "unchanged", file: file, line: line)
    }
    do {
      try OutputFile.check(path, database: database)
      XCTFail("check let \(path) through", file: file, line: line)
    } catch {}
    do {
      try OutputFile.write(Data("export".utf8), to: path, database: database)
      XCTFail("\(path) was written", file: file, line: line)
      return nil
    } catch let error as FileError {
      XCTAssertEqual(error.operation, .write, file: file, line: line)
      return error.reason
    } catch {
      XCTFail("\(error)", file: file, line: line)
      return nil
    }
  }

  func testWrite_refusesTheDatabaseByEveryName() throws {
    let inUse = FileError.Reason.databaseFile("the database in use")
    XCTAssertEqual(refusal(database), inUse)
    let link = directory.appendingPathComponent("link").path
    XCTAssertEqual(symlink(database, link), 0)
    XCTAssertEqual(refusal(link), inUse)
    let hard = directory.appendingPathComponent("hard").path
    try FileManager.default.linkItem(atPath: database, toPath: hard)
    XCTAssertEqual(refusal(hard), inUse)
    XCTAssertEqual(refusal(directory.path + "/./sub/../db.sqlite"), inUse)
    // Relative to the working directory.
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    XCTAssertEqual(refusal("db.sqlite"), inUse)
    // Companions, whether they exist or not.
    XCTAssertEqual(
      refusal("db.sqlite-wal"), .databaseFile("the write-ahead log of the database in use"))
    try Data("shm".utf8).write(to: directory.appendingPathComponent("db.sqlite-shm"))
    XCTAssertEqual(
      refusal(database + "-shm"), .databaseFile("the shared-memory index of the database in use"))
    XCTAssertEqual(
      refusal("db.sqlite-journal"), .databaseFile("the rollback journal of the database in use"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: database + "-wal"))
  }

  /// The database named through a link: its real file's companions too.
  func testWrite_refusesCompanionsOfALinkedDatabase() throws {
    let link = directory.appendingPathComponent("link.sqlite").path
    XCTAssertEqual(symlink(database, link), 0)
    XCTAssertThrowsError(try OutputFile.check(database + "-wal", database: link))
    XCTAssertThrowsError(try OutputFile.check(link + "-wal", database: link))
  }

  func testWrite_refusesAnySQLiteFile() throws {
    let other = directory.appendingPathComponent("other.db").path
    try (OutputFile.sqliteHeader + Data("rest".utf8)).write(to: URL(fileURLWithPath: other))
    XCTAssertEqual(refusal(other), .sqliteDatabase)
    XCTAssertEqual(
      String(describing: FileError(path: "x.db", operation: .write, reason: .sqliteDatabase)),
      "cannot write x.db: it is an SQLite database; writing there would destroy it, so nothing was written"
    )
    // Without a database in use, still refused.
    XCTAssertThrowsError(try OutputFile.write(Data(), to: other, database: nil))
  }

  /// Review of issue 8: `--out oth.sqlite-wal` wrote over another
  /// database's write-ahead log, losing the commits not yet checkpointed.
  /// A write-ahead log or rollback journal (by its header) and any
  /// `-wal`, `-shm` or `-journal` file beside an SQLite database, existing
  /// or not, are refused.
  func testWrite_refusesAnotherDatabasesLogAndCompanions() throws {
    let other = directory.appendingPathComponent("oth.sqlite").path
    try (OutputFile.sqliteHeader + Data(repeating: 1, count: 100)).write(
      to: URL(fileURLWithPath: other))
    let wal =
      Data([0x37, 0x7F, 0x06, 0x82, 0x00, 0x2D, 0xE2, 0x18]) + Data(repeating: 9, count: 24)
    try wal.write(to: URL(fileURLWithPath: other + "-wal"))
    XCTAssertEqual(
      refusal(other + "-wal"),
      .sqliteCompanion("the write-ahead log of the SQLite database \(other)"))
    XCTAssertEqual(
      refusal(other + "-shm"),
      .sqliteCompanion("the shared-memory index of the SQLite database \(other)"))
    XCTAssertEqual(
      refusal(other + "-journal"),
      .sqliteCompanion("the rollback journal of the SQLite database \(other)"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: other + "-shm"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: other + "-journal"))
    // Named relatively, or through a link to the log.
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    XCTAssertEqual(
      refusal("oth.sqlite-shm"),
      .sqliteCompanion("the shared-memory index of the SQLite database oth.sqlite"))
    XCTAssertEqual(symlink("oth.sqlite-wal", "log-link"), 0)
    XCTAssertNotNil(refusal("log-link"))
    // A log or journal by its header, whatever its name.
    for (name, magic, words) in [
      ("moved.log", Data([0x37, 0x7F, 0x06, 0x83]), "an SQLite write-ahead log"),
      ("saved.bin", OutputFile.journalMagic, "an SQLite rollback journal"),
    ] {
      let path = directory.appendingPathComponent(name).path
      try (magic + Data(repeating: 0, count: 28)).write(to: URL(fileURLWithPath: path))
      XCTAssertEqual(refusal(path), .sqliteCompanion(words), name)
    }
    XCTAssertEqual(
      String(
        describing: FileError(
          path: "x-wal", operation: .write, reason: .sqliteCompanion("an SQLite write-ahead log"))),
      "cannot write x-wal: it is an SQLite write-ahead log; writing there would destroy that database's data, so nothing was written"
    )
    // Not refused: the same suffixes beside a file that is not SQLite, and
    // a file whose first bytes are merely close to a log's.
    let notes = directory.appendingPathComponent("notes.txt").path
    try Data("notes".utf8).write(to: URL(fileURLWithPath: notes))
    try OutputFile.write(Data("a".utf8), to: notes + "-wal", database: database)
    let close = directory.appendingPathComponent("close.bin").path
    try Data([0x37, 0x7F, 0x06, 0x81, 0, 0, 0, 0]).write(to: URL(fileURLWithPath: close))
    try OutputFile.write(Data("b".utf8), to: close, database: database)
    XCTAssertEqual(FileManager.default.contents(atPath: close), Data("b".utf8))
  }

  /// Review of issue 8: a 0600 file came back 0644 (the temporary file's
  /// mode). The replaced file keeps its permission bits; a new file gets
  /// 0666 less the umask. A hard link keeps the old bytes (the rename gives
  /// the path a new file: documented).
  func testWrite_keepsPermissionBitsOfTheFileReplaced() throws {
    for mode: mode_t in [0o600, 0o640, 0o604, 0o755] {
      let path = directory.appendingPathComponent("mode-\(String(mode, radix: 8)).md").path
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      XCTAssertEqual(chmod(path, mode), 0)
      try OutputFile.write(Data("new".utf8), to: path, database: database)
      var info = stat()
      XCTAssertEqual(stat(path, &info), 0)
      XCTAssertEqual(info.st_mode & 0o7777, mode, String(mode, radix: 8))
      XCTAssertEqual(FileManager.default.contents(atPath: path), Data("new".utf8))
    }
    let fresh = directory.appendingPathComponent("fresh.md").path
    let mask = umask(0o027)
    defer { umask(mask) }
    try OutputFile.write(Data("new".utf8), to: fresh, database: database)
    var info = stat()
    XCTAssertEqual(stat(fresh, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o640)
    // Hard links: the name written gets the new bytes, the other keeps the old.
    let first = directory.appendingPathComponent("first.md").path
    let second = directory.appendingPathComponent("second.md").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: first))
    XCTAssertEqual(link(first, second), 0)
    try OutputFile.write(Data("new".utf8), to: first, database: database)
    XCTAssertEqual(FileManager.default.contents(atPath: first), Data("new".utf8))
    XCTAssertEqual(FileManager.default.contents(atPath: second), Data("old".utf8))
  }

  /// Review of issue 8: a live symbolic link was written through but a
  /// dangling one was replaced by a regular file. Every link is followed:
  /// its target is written, created when missing, and the link stays.
  func testWrite_followsSymbolicLinksEvenDanglingOnes() throws {
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    try FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
    // live, dangling, a chain ending dangling, relative to the link's folder
    try Data("old".utf8).write(to: URL(fileURLWithPath: "out/live.md"))
    XCTAssertEqual(symlink("out/live.md", "live-link"), 0)
    XCTAssertEqual(symlink("new.md", "out/dangling-link"), 0)
    XCTAssertEqual(symlink("out/dangling-link", "chain-link"), 0)
    for (link, target) in [
      ("live-link", "out/live.md"), ("out/dangling-link", "out/new.md"),
      ("chain-link", "out/new.md"),
    ] {
      try OutputFile.check(link, database: database)
      try OutputFile.write(Data(link.utf8), to: link, database: database)
      XCTAssertEqual(FileManager.default.contents(atPath: target), Data(link.utf8), link)
      var info = stat()
      XCTAssertEqual(lstat(link, &info), 0)
      XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "\(link) is still a link")
    }
    // A dangling link into a missing directory names that directory.
    XCTAssertEqual(symlink("gone/x.md", "astray-link"), 0)
    XCTAssertThrowsError(try OutputFile.check("astray-link", database: database)) { error in
      XCTAssertEqual((error as? FileError)?.reason, .directoryMissing("gone"))
    }
    // A loop is refused, not followed forever.
    XCTAssertEqual(symlink("loop-b", "loop-a"), 0)
    XCTAssertEqual(symlink("loop-a", "loop-b"), 0)
    XCTAssertThrowsError(try OutputFile.write(Data(), to: "loop-a", database: database)) {
      XCTAssertEqual(
        ($0 as? FileError)?.reason, .system("too many levels of symbolic links"))
    }
    // A dangling link to the database's (missing) write-ahead log is the
    // log: refused, and nothing is created.
    XCTAssertEqual(symlink("db.sqlite-wal", "wal-link"), 0)
    XCTAssertEqual(
      refusal("wal-link"), .databaseFile("the write-ahead log of the database in use"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: "db.sqlite-wal"))
  }

  func testWrite_replacesOtherFilesAtomically() throws {
    let target = directory.appendingPathComponent("trip.json").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try OutputFile.write(Data("new".utf8), to: target, database: database)
    XCTAssertEqual(FileManager.default.contents(atPath: target), Data("new".utf8))
    // A file that merely starts like the header is not a database.
    try Data("SQLite format 2".utf8).write(to: URL(fileURLWithPath: target))
    try OutputFile.write(Data("again".utf8), to: target, database: database)
    XCTAssertEqual(FileManager.default.contents(atPath: target), Data("again".utf8))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
    XCTAssertEqual(leftovers, [])
  }

  func testCheck_directoriesAndMissingDirectories() {
    XCTAssertThrowsError(try OutputFile.check(directory.path, database: nil)) { error in
      XCTAssertEqual((error as? FileError)?.reason, .isDirectory)
    }
    let deep = directory.appendingPathComponent("no/such/x.ics").path
    XCTAssertThrowsError(try OutputFile.check(deep, database: nil)) { error in
      XCTAssertEqual(
        (error as? FileError)?.reason,
        .directoryMissing(directory.appendingPathComponent("no/such").path))
    }
  }

  // MARK: Open descriptors (second review of issue 8)

  func testDescriptorNamed_knowsEveryNameOfThisProcesssDescriptors() throws {
    let me = getpid()
    for (path, number) in [
      ("/dev/stdin", 0), ("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/fd/7", 7),
      ("/proc/self/fd/12", 12), ("/proc/thread-self/fd/3", 3), ("/proc/\(me)/fd/4", 4),
      ("/dev/../dev/fd/5", 5),
    ] as [(String, Int32)] {
      XCTAssertEqual(OutputFile.descriptor(named: path), number, path)
    }
    // A bare number in /dev/fd, from the working directory (review 3).
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath("/dev/fd"))
    XCTAssertEqual(OutputFile.descriptor(named: "3"), 3)
    XCTAssertEqual(OutputFile.descriptor(named: "./4"), 4)
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previous))
    XCTAssertNil(OutputFile.descriptor(named: "3"), "a file named 3 elsewhere")
    if me != 1 {
      XCTAssertEqual(OutputFile.descriptorName("/proc/1/fd/3"), .otherProcess("/proc/1/fd/3"))
      XCTAssertThrowsError(try OutputFile.check("/proc/1/fd/3", database: database))
    }
    // A link to one of the names is that descriptor too.
    let link = directory.appendingPathComponent("to-stderr").path
    XCTAssertEqual(symlink("/dev/stderr", link), 0)
    XCTAssertEqual(OutputFile.descriptor(named: link), 2)
    for path in [
      "/dev/null", "loop.ics", "/dev/fd/x", "/dev/fd/", "/proc/1/fd/3", "/proc/self/fd",
      "/dev/stdout2", directory.appendingPathComponent("1").path,
    ] where !(path == "/proc/1/fd/3" && me == 1) {
      XCTAssertNil(OutputFile.descriptor(named: path), path)
    }
  }

  /// `--out /dev/stderr` with `2>>app.log` followed the link to app.log
  /// and replaced it atomically: what the log held was gone. A
  /// descriptor's name is written through the descriptor.
  func testWrite_throughADescriptorAppendsAndKeepsTheFile() throws {
    let log = directory.appendingPathComponent("app.log").path
    try Data("earlier lines\n".utf8).write(to: URL(fileURLWithPath: log))
    let fd = open(log, O_WRONLY | O_APPEND)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    var before = stat()
    XCTAssertEqual(stat(log, &before), 0)
    let link = directory.appendingPathComponent("log-link").path
    XCTAssertEqual(symlink("/proc/self/fd/\(fd)", link), 0)
    for (index, path) in ["/dev/fd/\(fd)", "/proc/self/fd/\(fd)", link].enumerated() {
      try OutputFile.check(path, database: database)
      try OutputFile.write(Data("export \(index)\n".utf8), to: path, database: database)
    }
    XCTAssertEqual(
      try String(contentsOfFile: log, encoding: .utf8),
      "earlier lines\nexport 0\nexport 1\nexport 2\n")
    var after = stat()
    XCTAssertEqual(stat(log, &after), 0)
    XCTAssertEqual(after.st_ino, before.st_ino, "the same file, not a replacement")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
    XCTAssertEqual(leftovers, [])
  }

  /// Into a pipe the write used to fail (the link's target, `pipe:[…]`,
  /// is no file); now the bytes go down the pipe.
  func testWrite_throughADescriptorIntoAPipe() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    defer { close(ends[0]) }
    try OutputFile.write(Data("down the pipe".utf8), to: "/dev/fd/\(ends[1])", database: database)
    close(ends[1])
    let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
    XCTAssertEqual(try reader.readToEnd(), Data("down the pipe".utf8))
  }

  func testWrite_refusesADescriptorClosedOrReadOnly() throws {
    let closed = open("/dev/null", O_WRONLY)
    close(closed)
    XCTAssertThrowsError(try OutputFile.check("/dev/fd/\(closed)", database: database)) {
      XCTAssertEqual(
        ($0 as? FileError)?.reason, .system("file descriptor \(closed) is not open"))
    }
    let file = directory.appendingPathComponent("read-only.txt").path
    try Data("kept".utf8).write(to: URL(fileURLWithPath: file))
    let reading = open(file, O_RDONLY)
    defer { close(reading) }
    XCTAssertThrowsError(
      try OutputFile.write(Data("x".utf8), to: "/dev/fd/\(reading)", database: database)
    ) {
      XCTAssertEqual(
        ($0 as? FileError)?.reason,
        .system("file descriptor \(reading) is open for reading only"))
    }
    XCTAssertEqual(FileManager.default.contents(atPath: file), Data("kept".utf8))
    // A descriptor open on the database is the database: refused.
    let onDatabase = open(database, O_WRONLY | O_APPEND)
    defer { close(onDatabase) }
    XCTAssertEqual(refusal("/dev/fd/\(onDatabase)"), .databaseFile("the database in use"))
  }
}
