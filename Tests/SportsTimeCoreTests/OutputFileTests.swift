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
}
