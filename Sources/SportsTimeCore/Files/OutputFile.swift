import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing the files a user names (exports, the map's SVG): atomically,
/// and never over the database.
///
/// A regular file (or a new one) is replaced atomically: a temporary file in
/// the same directory, flushed to disk, then renamed over it — readers see
/// the old file or the new one, never a part; on failure the temporary file
/// is removed and the file untouched. A symbolic link is followed (its
/// target is replaced, the link kept); a device or FIFO (`/dev/stdout`) is
/// written to as it is, never replaced; a read-only file is refused.
///
/// A destination is refused, before and again just before writing, when it
/// is the database in use or one of its companions (`-wal`, `-shm`,
/// `-journal`) — compared by resolved path (symbolic links and relative
/// paths followed) and, for existing files, by device and inode (hard
/// links) — or when it is any SQLite database (its first 16 bytes are
/// `SQLite format 3\0`, sqlite.org/fileformat.html §1.3.1).
///
/// ```swift
/// try OutputFile.check("loop.ics", database: "/home/me/.local/share/sportstime/sportstime.sqlite")
/// try OutputFile.write(Data(ics.utf8), to: "loop.ics", database: databasePath)
/// // FileError "cannot write db.sqlite: it is the database in use; writing there would …"
/// ```
public enum OutputFile {
  /// The first 16 bytes of every SQLite 3 database file.
  public static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

  /// Checks that `path` can take an output file, before any work is done.
  /// - Parameters:
  ///   - path: the destination as the user gave it (not empty).
  ///   - database: the path of the database in use, or nil; it need not
  ///     exist yet.
  /// - Throws: `FileError` (operation `.write`): `isDirectory`,
  ///   `directoryMissing`, `databaseFile`, `sqliteDatabase`.
  public static func check(_ path: String, database: String?) throws {
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      throw FileError(path: path, operation: .write, reason: .isDirectory)
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw FileError(path: path, operation: .write, reason: .directoryMissing(directory))
    }
    try refuseDatabase(path, database: database)
  }

  /// Writes `data` to `path` as the type's discussion says, after checking
  /// again that `path` is not the database (it may have been created
  /// since `check`).
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - path: the destination as the user gave it.
  ///   - database: the path of the database in use, or nil.
  /// - Throws: `FileError` (operation `.write`) naming the path and the
  ///   reason: `databaseFile`, `sqliteDatabase`, `readOnly`, `system`.
  public static func write(_ data: Data, to path: String, database: String?) throws {
    try refuseDatabase(path, database: database)
    var target = path
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) != S_IFREG {
        try writeInPlace(data, to: path)
        return
      }
      guard access(path, W_OK) == 0 else {
        throw FileError(path: path, operation: .write, reason: .readOnly)
      }
      if let real = realpath(path, nil) {
        target = String(cString: real)
        free(real)
      }
    }
    let url = URL(fileURLWithPath: target)
    let directory = url.deletingLastPathComponent().path
    let temporary =
      directory + "/." + url.lastPathComponent + ".\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
    func failure(_ what: String) -> FileError {
      let reason = String(cString: strerror(errno))
      return FileError(path: target, operation: .write, reason: .system("\(what): \(reason)"))
    }
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw failure("cannot create a file in its directory") }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do {
      defer { close(fd) }
      try writeAll(data, to: fd) { failure($0) }
      guard fsync(fd) == 0 else { throw failure("flushing to disk failed") }
    }
    guard rename(temporary, target) == 0 else { throw failure("rename failed") }
    renamed = true
  }

  // MARK: The database

  /// Throws when `path` is the database in use, one of its companion files,
  /// or any SQLite database.
  static func refuseDatabase(_ path: String, database: String?) throws {
    let destination = resolved(path)
    var destinationInfo = stat()
    let exists = stat(path, &destinationInfo) == 0
    if let database {
      let companions = [
        ("", "the database in use"),
        ("-wal", "the write-ahead log of the database in use"),
        ("-shm", "the shared-memory index of the database in use"),
        ("-journal", "the rollback journal of the database in use"),
      ]
      let realDatabase = resolved(database)
      for (suffix, words) in companions {
        let refused = FileError(path: path, operation: .write, reason: .databaseFile(words))
        let names = [database + suffix, realDatabase + suffix]
        if names.contains(where: { resolved($0) == destination }) { throw refused }
        var info = stat()
        if exists,
          names.contains(where: {
            stat($0, &info) == 0 && info.st_dev == destinationInfo.st_dev
              && info.st_ino == destinationInfo.st_ino
          })
        {
          throw refused
        }
      }
    }
    if exists, (destinationInfo.st_mode & S_IFMT) == S_IFREG, startsLikeSQLite(path) {
      throw FileError(path: path, operation: .write, reason: .sqliteDatabase)
    }
  }

  /// `path` with symbolic links, `.`, `..` and the working directory
  /// resolved: the real path when it exists, else its directory's real
  /// path plus its last component, else the path made absolute.
  static func resolved(_ path: String) -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    if let real = realpath(directory, nil) {
      defer { free(real) }
      let base = String(cString: real)
      return (base == "/" ? "" : base) + "/" + url.lastPathComponent
    }
    return url.standardizedFileURL.path
  }

  /// Whether the regular file at `path` begins with the SQLite header (a
  /// file that cannot be read is not judged).
  static func startsLikeSQLite(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: sqliteHeader.count)
    var count = 0
    while count < header.count {
      let got = header.withUnsafeMutableBytes { raw in
        systemRead(fd, raw.baseAddress.map { $0 + count }, raw.count - count)
      }
      if got > 0 {
        count += got
      } else if got < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return count == header.count && Data(header) == sqliteHeader
  }

  // MARK: Writing

  /// Writes all of `data` to the open descriptor `fd`, retrying after
  /// signals.
  /// - Throws: `failure("write failed")` when the system refuses.
  static func writeAll(_ data: Data, to fd: Int32, failure: (String) -> FileError) throws {
    try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(fd, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure("write failed")
        }
        offset += written
      }
    }
  }

  /// Writes `data` into an existing non-regular file (a device, a FIFO)
  /// without replacing it.
  static func writeInPlace(_ data: Data, to path: String) throws {
    func failure(_ what: String) -> FileError {
      FileError(
        path: path, operation: .write,
        reason: .system("\(what): \(String(cString: strerror(errno)))"))
    }
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure("cannot open it") }
    defer { close(fd) }
    try writeAll(data, to: fd) { failure($0) }
  }
}

#if canImport(Glibc)
  /// `read(2)`.
  private let systemRead = Glibc.read
  /// `write(2)`, named apart from `OutputFile.write(_:to:database:)`.
  private let systemWrite = Glibc.write
#elseif canImport(Musl)
  /// `read(2)`.
  private let systemRead = Musl.read
  /// `write(2)`, named apart from `OutputFile.write(_:to:database:)`.
  private let systemWrite = Musl.write
#elseif canImport(Darwin)
  /// `read(2)`.
  private let systemRead = Darwin.read
  /// `write(2)`, named apart from `OutputFile.write(_:to:database:)`.
  private let systemWrite = Darwin.write
#endif
