import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that cannot be read or written, with the real cause in words a
/// user can act on (DESIGN.md, "Bad input").
///
/// ```swift
/// String(describing: FileError(path: "s.csv", operation: .read, reason: .permissionDenied))
/// // "cannot read s.csv: permission denied (check the file's permissions)"
/// ```
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Whether the file was to be read or written.
  public enum Operation: Sendable, Hashable {
    /// Reading an input file.
    case read
    /// Writing an output file.
    case write
  }

  /// Why the file cannot be used.
  public enum Reason: Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound
    /// The system refused access (`EACCES`, `EPERM`).
    case permissionDenied
    /// The path is a directory.
    case isDirectory
    /// The path is something other than a regular file or a directory:
    /// the words name it ("a FIFO (named pipe)", "a character device").
    case notRegularFile(String)
    /// The file has no bytes.
    case empty
    /// The bytes are not UTF-8: the first bad byte, at a 1-based line and
    /// a 1-based byte within that line.
    case notUTF8(line: Int, byte: Int, value: UInt8)
    /// An existing file has no write permission.
    case readOnly
    /// The directory the file would go in does not exist.
    case directoryMissing(String)
    /// What should be the directory the file goes in is something else (a
    /// regular file, a device).
    case notADirectory(String)
    /// The path is one of the files of the database in use; the words say
    /// which ("the database in use", "the write-ahead log of the database
    /// in use").
    case databaseFile(String)
    /// The path holds an SQLite database (its first 16 bytes are
    /// `SQLite format 3\0`).
    case sqliteDatabase
    /// The path holds data of an SQLite database that is not in the
    /// database file itself: a write-ahead log or rollback journal (by its
    /// header), or the `-wal`, `-shm` or `-journal` file beside an SQLite
    /// database. The words say which ("the write-ahead log of the SQLite
    /// database oth.sqlite", "an SQLite write-ahead log").
    case sqliteCompanion(String)
    /// Any other failure: what was being done and the system's reason
    /// ("cannot create a file in its directory: No space left on device").
    case system(String)

    /// The reason for a failed `open`/`read`/`write` with `code` (an
    /// `errno` value): `ENOENT` is `notFound`, `EACCES` and `EPERM`
    /// `permissionDenied`, `EISDIR` `isDirectory`, `EROFS` and anything
    /// else `system` with the system's text.
    ///
    /// ```swift
    /// FileError.Reason(errno: EACCES)   // .permissionDenied
    /// ```
    public init(errno code: Int32) {
      switch code {
      case ENOENT: self = .notFound
      case EACCES, EPERM: self = .permissionDenied
      case EISDIR: self = .isDirectory
      default: self = .system(String(cString: strerror(code)))
      }
    }

    /// The reason after `it is …` / `: …`, e.g. `no such file`.
    public var description: String {
      switch self {
      case .notFound: return "no such file"
      case .permissionDenied: return "permission denied (check the file's permissions)"
      case .isDirectory: return "it is a directory; give a file name"
      case .notRegularFile(let kind): return "it is \(kind), not a regular file"
      case .empty: return "the file is empty"
      case .notUTF8(let line, let byte, let value):
        return
          "it is not UTF-8 text: line \(line), byte \(byte) is 0x\(String(format: "%02X", value)) (save the file as UTF-8)"
      case .readOnly: return "the file is read-only (check its permissions)"
      case .directoryMissing(let directory):
        return "the directory \(directory) does not exist (create it first)"
      case .notADirectory(let path):
        return "\(path) is not a directory"
      case .databaseFile(let which):
        return "it is \(which); writing there would destroy the database, so nothing was written"
      case .sqliteDatabase:
        return "it is an SQLite database; writing there would destroy it, so nothing was written"
      case .sqliteCompanion(let which):
        return
          "it is \(which); writing there would destroy that database's data, so nothing was written"
      case .system(let text): return text
      }
    }
  }

  /// The path as the user gave it.
  public var path: String
  /// Reading or writing.
  public var operation: Operation
  /// Why it failed.
  public var reason: Reason

  /// Creates an error; see the properties.
  public init(path: String, operation: Operation, reason: Reason) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// `cannot read PATH: REASON` or `cannot write PATH: REASON`.
  public var description: String {
    "cannot \(operation == .read ? "read" : "write") \(path): \(reason)"
  }

  /// What the file type bits of `mode` name, for `notRegularFile`, or nil
  /// for a regular file or a directory.
  ///
  /// ```swift
  /// FileError.kindName(mode: S_IFCHR)   // "a character device"
  /// ```
  public static func kindName(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "a special file"
    }
  }
}
