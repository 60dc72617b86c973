import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way input files are read: schedules, trip files, legacy files and
/// basemaps all come through `read(atPath:)`, so each failure is named by
/// its real cause.
///
/// ```swift
/// let text = try TextFile.readString(atPath: "2024schedule.csv")
/// // FileError "cannot read x.csv: permission denied (check the file's permissions)"
/// // FileError "cannot read fifo: it is a FIFO (named pipe), not a regular file"
/// // FileError "cannot read x.csv: it is not UTF-8 text: line 3, byte 17 is 0xE9 (…)"
/// ```
public enum TextFile {
  /// The bytes of the regular file at `path`, which are checked to be
  /// UTF-8 text (a byte-order mark is allowed) and not empty.
  ///
  /// The file is opened without blocking and checked with `fstat` before
  /// a byte is read, so a FIFO or a device is refused at once (reading a
  /// FIFO nobody writes to would wait forever).
  /// - Parameter path: the path as the user gave it (relative to the
  ///   working directory); errors quote it as given.
  /// - Returns: the whole file.
  /// - Throws: `FileError` (operation `.read`) with the reason `notFound`,
  ///   `permissionDenied`, `isDirectory`, `notRegularFile`, `empty`,
  ///   `notUTF8` (with the line and byte) or `system`.
  /// - Complexity: O(n) in the file's size.
  public static func read(atPath path: String) throws -> Data {
    func failure(_ reason: FileError.Reason) -> FileError {
      FileError(path: path, operation: .read, reason: reason)
    }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      // A socket (ENXIO) or another special file: say what it is.
      var info = stat()
      if stat(path, &info) == 0, let kind = FileError.kindName(mode: info.st_mode) {
        throw failure(.notRegularFile(kind))
      }
      throw failure(FileError.Reason(errno: code))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure(FileError.Reason(errno: errno)) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(.isDirectory) }
    if let kind = FileError.kindName(mode: info.st_mode) { throw failure(.notRegularFile(kind)) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        systemRead(fd, raw.baseAddress, raw.count)
      }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw failure(FileError.Reason(errno: errno))
      }
    }
    if data.isEmpty { throw failure(.empty) }
    if let bad = UTF8Check.firstInvalidByte(in: data) {
      throw failure(.notUTF8(line: bad.line, byte: bad.byte, value: bad.value))
    }
    return data
  }

  /// `read(atPath:)` as a string (the same checks; a leading byte-order
  /// mark is kept, as the readers skip it).
  /// - Throws: `FileError`, as `read(atPath:)`.
  public static func readString(atPath path: String) throws -> String {
    String(decoding: try read(atPath: path), as: UTF8.self)
  }
}

/// Finds where bytes stop being UTF-8 (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
public enum UTF8Check {
  /// The first byte that does not start or continue a valid UTF-8
  /// character, or nil when all of `bytes` is UTF-8.
  ///
  /// ```swift
  /// UTF8Check.firstInvalidByte(in: Data("ab\nc\u{E9}".utf8))   // nil
  /// UTF8Check.firstInvalidByte(in: Data([0x61, 0x0A, 0x62, 0xE9, 0x0A]))
  /// // (offset: 3, line: 2, byte: 2, value: 0xE9)
  /// ```
  /// - Returns: the 0-based `offset` in `bytes`, the 1-based `line` (lines
  ///   end at LF), the 1-based `byte` within that line, and its `value`.
  ///   A sequence cut short is reported at its first byte.
  /// - Complexity: O(n).
  public static func firstInvalidByte<Bytes: Collection>(in bytes: Bytes) -> (
    offset: Int, line: Int, byte: Int, value: UInt8
  )? where Bytes.Element == UInt8 {
    let array = Array(bytes)
    var index = 0
    var line = 1
    var lineStart = 0
    while index < array.count {
      let lead = array[index]
      if lead < 0x80 {
        if lead == 0x0A {
          line += 1
          lineStart = index + 1
        }
        index += 1
        continue
      }
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        second = 0xA0...0xBF
      case 0xED:
        length = 3
        second = 0x80...0x9F
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xF0:
        length = 4
        second = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        second = 0x80...0x8F
      default: length = 0
      }
      var valid = length > 0 && index + length <= array.count
      if valid {
        for k in 1..<length {
          let range: ClosedRange<UInt8> = k == 1 ? second : 0x80...0xBF
          if !range.contains(array[index + k]) {
            valid = false
            break
          }
        }
      }
      guard valid else {
        return (index, line, index - lineStart + 1, lead)
      }
      index += length
    }
    return nil
  }
}

#if canImport(Glibc)
  /// `read(2)`, named apart from `TextFile.read(atPath:)`.
  private let systemRead = Glibc.read
#elseif canImport(Musl)
  /// `read(2)`, named apart from `TextFile.read(atPath:)`.
  private let systemRead = Musl.read
#elseif canImport(Darwin)
  /// `read(2)`, named apart from `TextFile.read(atPath:)`.
  private let systemRead = Darwin.read
#endif
