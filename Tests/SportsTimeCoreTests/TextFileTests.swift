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

/// Reading input files: every failure named by its real cause (issue 8,
/// item 12: they all used to be "not readable UTF-8 text").
final class TextFileTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("sportstime-textfile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The reason `read(atPath:)` throws for `path`.
  private func reason(_ path: String, file: StaticString = #filePath, line: UInt = #line)
    -> FileError.Reason?
  {
    do {
      _ = try TextFile.read(atPath: path)
      XCTFail("\(path) was read", file: file, line: line)
      return nil
    } catch let error as FileError {
      XCTAssertEqual(error.operation, .read, file: file, line: line)
      XCTAssertEqual(error.path, path, file: file, line: line)
      return error.reason
    } catch {
      XCTFail("\(error)", file: file, line: line)
      return nil
    }
  }

  func testRead_regularUTF8FileIsReturnedWhole() throws {
    let url = directory.appendingPathComponent("ok.csv")
    let text = "\u{FEFF}a,b\r\nGocheok Sky Dome,서울\n" + String(repeating: "x", count: 200_000)
    try Data(text.utf8).write(to: url)
    XCTAssertEqual(try TextFile.read(atPath: url.path), Data(text.utf8))
    XCTAssertEqual(try TextFile.readString(atPath: url.path), text)
  }

  func testRead_eachFailureHasItsOwnReason() throws {
    let fifo = directory.appendingPathComponent("fifo")
    XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
    let empty = directory.appendingPathComponent("empty")
    try Data().write(to: empty)
    XCTAssertEqual(reason(directory.appendingPathComponent("missing").path), .notFound)
    XCTAssertEqual(reason(directory.path), .isDirectory)
    XCTAssertEqual(reason(fifo.path), .notRegularFile("a FIFO (named pipe)"))
    XCTAssertEqual(reason("/dev/null"), .notRegularFile("a character device"))
    XCTAssertEqual(reason(empty.path), .empty)
    XCTAssertEqual(
      String(describing: FileError(path: "f.csv", operation: .read, reason: .empty)),
      "cannot read f.csv: the file is empty")
  }

  /// Not UTF-8: the line and the byte within it, and the byte's value.
  func testRead_notUTF8SaysWhere() throws {
    let url = directory.appendingPathComponent("latin1.csv")
    try Data([0x61, 0x0A, 0x62, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: url)
    XCTAssertEqual(reason(url.path), .notUTF8(line: 3, byte: 4, value: 0xE9))
    XCTAssertEqual(
      String(
        describing: FileError(
          path: "x", operation: .read, reason: .notUTF8(line: 3, byte: 4, value: 0xE9))),
      "cannot read x: it is not UTF-8 text: line 3, byte 4 is 0xE9 (save the file as UTF-8)")
  }

  /// The errno mapping, with the real codes (root reads every file, so a
  /// permission failure is tested here and end to end as another user).
  func testReason_fromErrno() {
    XCTAssertEqual(FileError.Reason(errno: EACCES), .permissionDenied)
    XCTAssertEqual(FileError.Reason(errno: EPERM), .permissionDenied)
    XCTAssertEqual(FileError.Reason(errno: ENOENT), .notFound)
    XCTAssertEqual(FileError.Reason(errno: EISDIR), .isDirectory)
    XCTAssertEqual(FileError.Reason(errno: EIO), .system(String(cString: strerror(EIO))))
    XCTAssertEqual(
      FileError.Reason.permissionDenied.description,
      "permission denied (check the file's permissions)")
  }

  func testUTF8Check_findsTheFirstBadByte() {
    XCTAssertNil(UTF8Check.firstInvalidByte(in: Data("plain ascii\n".utf8)))
    XCTAssertNil(UTF8Check.firstInvalidByte(in: Data("é€😀\u{10FFFF}".utf8)))
    XCTAssertNil(UTF8Check.firstInvalidByte(in: Data()))
    let cases: [([UInt8], (Int, Int, Int, UInt8))] = [
      ([0x80], (0, 1, 1, 0x80)),  // a lone continuation byte
      ([0x61, 0xC0, 0xAF], (1, 1, 2, 0xC0)),  // overlong "/"
      ([0xE0, 0x80, 0xAF], (0, 1, 1, 0xE0)),  // overlong 3-byte
      ([0x0A, 0xED, 0xA0, 0x80], (1, 2, 1, 0xED)),  // a UTF-16 surrogate
      ([0xF4, 0x90, 0x80, 0x80], (0, 1, 1, 0xF4)),  // above U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], (0, 1, 1, 0xF5)),
      ([0x0A, 0x0A, 0x61, 0xE2, 0x82], (3, 3, 2, 0xE2)),  // cut short at the end
      ([0xC3, 0xA9, 0xFF], (2, 1, 3, 0xFF)),
    ]
    for (bytes, expected) in cases {
      let found = UTF8Check.firstInvalidByte(in: bytes)
      XCTAssertEqual(found?.offset, expected.0, "\(bytes)")
      XCTAssertEqual(found?.line, expected.1, "\(bytes)")
      XCTAssertEqual(found?.byte, expected.2, "\(bytes)")
      XCTAssertEqual(found?.value, expected.3, "\(bytes)")
    }
  }

  /// JSON text that is not UTF-8 is located the same way.
  func testJSONText_notUTF8SaysWhere() {
    XCTAssertThrowsError(try JSONText.parse(Data([0x7B, 0x0A, 0x22, 0xE9, 0x22, 0x7D]))) { error in
      XCTAssertEqual(
        error as? JSONSyntaxError,
        JSONSyntaxError(line: 2, column: 2, message: "byte 0xE9 is not UTF-8 text"))
    }
  }

  /// A key given twice in one object is refused at the second one, by both
  /// readers (it used to keep the last value silently); the same key in
  /// different objects is fine.
  func testJSONText_aKeyGivenTwiceIsRefusedWhereItRepeats() throws {
    let text = Data("{\n  \"name\": \"A\",\n  \"name\": \"B\"\n}".utf8)
    let expected = JSONSyntaxError(
      line: 3, column: 3, message: "the key \"name\" appears twice in one object")
    XCTAssertThrowsError(try JSONText.parse(text)) {
      XCTAssertEqual($0 as? JSONSyntaxError, expected)
    }
    XCTAssertThrowsError(try JSONText.value(text)) {
      XCTAssertEqual($0 as? JSONSyntaxError, expected)
    }
    let nested = Data(#"{"a": {"id": 1}, "b": {"id": 2}, "c": [{"id": 3}, {"id": 4}]}"#.utf8)
    XCTAssertNoThrow(try JSONText.parse(nested))
    XCTAssertEqual(
      try JSONText.value(nested).render(),
      JSONValue.object([
        ("a", .object([("id", .number(1))])), ("b", .object([("id", .number(2))])),
        ("c", .array([.object([("id", .number(3))]), .object([("id", .number(4))])])),
      ]).render())
  }
}
