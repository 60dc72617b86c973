import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing the files a user names (exports, the map's SVG): atomically,
/// and never over a database.
///
/// A regular file (or a new one) is replaced atomically: a temporary file in
/// the same directory, flushed to disk, then renamed over it — readers see
/// the old file or the new one, never a part; on failure the temporary file
/// is removed and the file untouched. A file replaced keeps its permission
/// bits (a 0600 file stays 0600) and, where the system allows, its owner
/// and group; a new file gets 0666 less the umask. The rename gives the
/// path a new inode, so a hard link to the old file keeps the old bytes. A
/// symbolic link is always followed, to the end of a chain of links: its
/// target is written (created when it does not exist yet, in the target's
/// directory, which must exist) and the link is kept. A device or FIFO
/// (`/dev/null`, `/dev/tty`) is written to as it is, never replaced; a
/// read-only file is refused. A name of one of this process's open file
/// descriptors — `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
/// `/proc/self/fd/N` (`descriptor(named:)`) — is written through that
/// descriptor as it is: appended when the shell opened it with `>>`,
/// written at its offset otherwise, into a pipe as a pipe; the file behind
/// it is never replaced (replacing it would drop what `2>>app.log` already
/// holds).
///
/// A destination is refused, before and again just before writing, when it
/// is the database in use or one of its companions (`-wal`, `-shm`,
/// `-journal`) — compared by resolved path (symbolic links and relative
/// paths followed) and, for existing files, by device and inode (hard
/// links) — or when it holds any other SQLite data: a database (its first
/// 16 bytes are `SQLite format 3\0`, sqlite.org/fileformat.html §1.3.1), a
/// write-ahead log (its first 4 bytes are 0x377f0682 or 0x377f0683, §4.1),
/// a rollback journal (its first 8 bytes are d9 d5 05 f9 20 a1 63 d7,
/// §3), or a `-wal`, `-shm` or `-journal` file beside an SQLite database
/// (whether it exists or not: a write-ahead log not yet checkpointed holds
/// that database's latest commits).
///
/// ```swift
/// try OutputFile.check("loop.ics", database: "/home/me/.local/share/sportstime/sportstime.sqlite")
/// try OutputFile.write(Data(ics.utf8), to: "loop.ics", database: databasePath)
/// // FileError "cannot write db.sqlite: it is the database in use; writing there would …"
/// ```
public enum OutputFile {
  /// The first 16 bytes of every SQLite 3 database file.
  public static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

  /// The first 4 bytes of an SQLite write-ahead log, big-endian 0x377f0682
  /// or 0x377f0683 (the last bit gives the checksums' byte order;
  /// sqlite.org/fileformat.html §4.1).
  public static let walMagics = [Data([0x37, 0x7F, 0x06, 0x82]), Data([0x37, 0x7F, 0x06, 0x83])]

  /// The first 8 bytes of an SQLite rollback journal's header
  /// (sqlite.org/fileformat.html §3).
  public static let journalMagic = Data([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7])

  /// The files SQLite keeps beside a database, by suffix, with the words
  /// for each.
  static let companions = [
    ("-wal", "write-ahead log"),
    ("-shm", "shared-memory index"),
    ("-journal", "rollback journal"),
  ]

  /// How many symbolic links a chain may hold (Linux's `MAXSYMLINKS`).
  static let linkLimit = 40

  /// Checks that `path` can take an output file, before any work is done.
  /// - Parameters:
  ///   - path: the destination as the user gave it (not empty).
  ///   - database: the path of the database in use, or nil; it need not
  ///     exist yet.
  /// - Throws: `FileError` (operation `.write`): `isDirectory`,
  ///   `directoryMissing`, `notADirectory`, `databaseFile`,
  ///   `sqliteDatabase`, `sqliteCompanion`, `system` (a loop of links).
  public static func check(_ path: String, database: String?) throws {
    if let descriptor = descriptor(named: path) {
      try refuseDatabase(path, database: database)
      try checkWritable(descriptor, shownAs: path)
      return
    }
    let target = try followingLinks(path)
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      throw FileError(path: path, operation: .write, reason: .isDirectory)
    }
    let directory = directoryPart(of: target)
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw FileError(path: path, operation: .write, reason: .directoryMissing(directory))
    }
    guard isDirectory.boolValue else {
      throw FileError(path: path, operation: .write, reason: .notADirectory(directory))
    }
    try refuseDatabase(path, database: database)
    try refuseOtherProcessDescriptor(path)
  }

  /// Writes `data` to `path` as the type's discussion says, after checking
  /// again that `path` is not the database (it may have been created
  /// since `check`).
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - path: the destination as the user gave it.
  ///   - database: the path of the database in use, or nil.
  /// - Throws: `FileError` (operation `.write`) naming the path and the
  ///   reason: `databaseFile`, `sqliteDatabase`, `sqliteCompanion`,
  ///   `readOnly`, `system`.
  public static func write(_ data: Data, to path: String, database: String?) throws {
    try refuseDatabase(path, database: database)
    if let descriptor = descriptor(named: path) {
      try checkWritable(descriptor, shownAs: path)
      try writeAll(data, to: descriptor) { what in
        FileError(
          path: path, operation: .write,
          reason: .system("\(what): \(String(cString: strerror(errno)))"))
      }
      return
    }
    try refuseOtherProcessDescriptor(path)
    var target = try followingLinks(path)
    var info = stat()
    let replacing = stat(target, &info) == 0
    if replacing {
      if (info.st_mode & S_IFMT) != S_IFREG {
        try writeInPlace(data, to: target, shownAs: path)
        return
      }
      guard access(target, W_OK) == 0 else {
        throw FileError(path: path, operation: .write, reason: .readOnly)
      }
      if let real = realpath(target, nil) {
        target = String(cString: real)
        free(real)
      }
    }
    let directory = directoryPart(of: target)
    let name =
      target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
    let temporary =
      directory + "/." + name + ".\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
    func failure(_ what: String) -> FileError {
      let reason = String(cString: strerror(errno))
      return FileError(path: path, operation: .write, reason: .system("\(what): \(reason)"))
    }
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw failure("cannot create a file in its directory") }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do {
      defer { close(fd) }
      if replacing {
        // Owner first (chown may clear the set-id bits), then the mode. A
        // user who may not give the file its old owner keeps their own.
        _ = fchown(fd, info.st_uid, info.st_gid)
        guard fchmod(fd, info.st_mode & 0o7777) == 0 else {
          throw failure("cannot give the new file the old one's permissions")
        }
      }
      try writeAll(data, to: fd) { failure($0) }
      guard fsync(fd) == 0 else { throw failure("flushing to disk failed") }
    }
    guard rename(temporary, target) == 0 else { throw failure("rename failed") }
    renamed = true
  }

  // MARK: Open descriptors

  /// The number of this process's file descriptor that `path` names, or
  /// nil when it names none: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`
  /// (0, 1, 2), `/dev/fd/N` and `/proc/self/fd/N` — also as
  /// `/proc/thread-self/fd/N`, `/proc/<this process's id>/fd/N`, a
  /// relative path from those directories or a symbolic link to one of
  /// these names. Whether the descriptor is open is not checked. The names
  /// are Linux's (proc(5)) and the BSDs' and macOS's (fd(4)).
  public static func descriptor(named path: String) -> Int32? {
    if case .own(let number) = descriptorName(path) { return number }
    return nil
  }

  /// What a chain of links from `path` reaches first among descriptor
  /// names.
  enum DescriptorName: Equatable {
    /// One of this process's descriptors.
    case own(Int32)
    /// `/proc/<pid>/fd/N` of another process (the text is that path).
    case otherProcess(String)
  }

  /// The first descriptor name on the chain of links from `path`, or nil.
  static func descriptorName(_ path: String) -> DescriptorName? {
    var current = path
    for _ in 0..<linkLimit {
      if let name = descriptorNameItself(current) { return name }
      guard let next = linkTarget(of: current) else { return nil }
      current = next
    }
    return nil
  }

  /// The descriptor `path` names by itself (not through a link of its
  /// own): its directory resolved (a bare name is in the working
  /// directory), then `/dev` with `stdin`, `stdout` or `stderr`, or
  /// `/dev/fd`, `/proc/<pid>/fd` or `/proc/<pid>/task/<tid>/fd` with a
  /// decimal number — this process's when the pid is its own.
  static func descriptorNameItself(_ path: String) -> DescriptorName? {
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    guard let real = realpath(directoryPart(of: path), nil) else { return nil }
    let directory = String(cString: real)
    free(real)
    if directory == "/dev" {
      switch name {
      case "stdin": return .own(STDIN_FILENO)
      case "stdout": return .own(STDOUT_FILENO)
      case "stderr": return .own(STDERR_FILENO)
      default: return nil
      }
    }
    guard !name.isEmpty, name.utf8.count <= 9, name.utf8.allSatisfy({ (48...57).contains($0) }),
      let number = Int32(name)
    else { return nil }
    if directory == "/dev/fd" { return .own(number) }
    let parts = directory.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 4, parts[0].isEmpty, parts[1] == "proc", parts.last == "fd",
      parts.count == 4 || (parts.count == 6 && parts[3] == "task"),
      parts[2].allSatisfy(\.isNumber)
    else { return nil }
    if parts[2] == String(getpid()) { return .own(number) }
    return .otherProcess(directory + "/" + name)
  }

  /// Throws when `path` reaches another process's descriptor
  /// (`/proc/<pid>/fd/N`): how that process opened it (`>>` or `>`) cannot
  /// be known here, and replacing the file behind it could drop what it
  /// holds.
  static func refuseOtherProcessDescriptor(_ path: String) throws {
    guard case .otherProcess(let name) = descriptorName(path) else { return }
    throw FileError(
      path: path, operation: .write,
      reason: .system(
        "it is a file descriptor of another process (\(name)); name the file itself, or a descriptor of this command (/dev/fd/N)"
      ))
  }

  /// Throws when this process's standard output is the database in use, one
  /// of its companions or other SQLite data (as `check` refuses for a
  /// path), so that `> db.sqlite`-style mistakes with `>>` append nothing.
  /// - Throws: `FileError` naming "standard output".
  public static func checkStandardOutput(database: String?) throws {
    do {
      try refuseDatabase("/dev/stdout", database: database)
    } catch var error as FileError {
      error.path = "standard output"
      throw error
    }
  }

  /// Throws unless `descriptor` is open for writing.
  /// - Throws: `FileError` (`.system`) naming `shownAs`.
  static func checkWritable(_ descriptor: Int32, shownAs path: String) throws {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0 else {
      throw FileError(
        path: path, operation: .write,
        reason: .system("file descriptor \(descriptor) is not open"))
    }
    guard flags & O_ACCMODE != O_RDONLY else {
      throw FileError(
        path: path, operation: .write,
        reason: .system("file descriptor \(descriptor) is open for reading only"))
    }
  }

  // MARK: The database

  /// Throws when `path` is the database in use, one of its companion files,
  /// or holds any other SQLite data (see the type's discussion).
  static func refuseDatabase(_ path: String, database: String?) throws {
    let destination = resolved(try followingLinks(path))
    var destinationInfo = stat()
    let exists = stat(path, &destinationInfo) == 0
    func refuse(_ reason: FileError.Reason) -> FileError {
      FileError(path: path, operation: .write, reason: reason)
    }
    if let database {
      let realDatabase = resolved(database)
      for (suffix, words) in [("", "the database in use")]
        + companions.map({ ($0.0, "the \($0.1) of the database in use") })
      {
        let names = [database + suffix, realDatabase + suffix]
        if names.contains(where: { resolved($0) == destination }) {
          throw refuse(.databaseFile(words))
        }
        var info = stat()
        if exists,
          names.contains(where: {
            stat($0, &info) == 0 && info.st_dev == destinationInfo.st_dev
              && info.st_ino == destinationInfo.st_ino
          })
        {
          throw refuse(.databaseFile(words))
        }
      }
    }
    for (suffix, words) in companions {
      for name in [path, destination] where name.hasSuffix(suffix) {
        let main = String(name.dropLast(suffix.count))
        var info = stat()
        guard !main.isEmpty, !main.hasSuffix("/"), stat(main, &info) == 0,
          (info.st_mode & S_IFMT) == S_IFREG,
          leadingBytes(of: main, count: sqliteHeader.count) == sqliteHeader
        else { continue }
        throw refuse(.sqliteCompanion("the \(words) of the SQLite database \(main)"))
      }
    }
    if exists, (destinationInfo.st_mode & S_IFMT) == S_IFREG {
      let header = leadingBytes(of: path, count: sqliteHeader.count)
      if header == sqliteHeader { throw refuse(.sqliteDatabase) }
      if walMagics.contains(header.prefix(4)) {
        throw refuse(.sqliteCompanion("an SQLite write-ahead log"))
      }
      if header.prefix(journalMagic.count) == journalMagic {
        throw refuse(.sqliteCompanion("an SQLite rollback journal"))
      }
    }
  }

  /// `path` with every symbolic link at its end followed: the path the
  /// last link of the chain names (relative targets taken from the link's
  /// directory), whether that exists or not; `path` itself when it is not a
  /// link. Links among the directories are left to the system.
  /// - Throws: `FileError` (`.system`) for a chain longer than
  ///   `linkLimit` (a loop).
  static func followingLinks(_ path: String) throws -> String {
    var current = path
    for _ in 0..<linkLimit {
      guard let next = linkTarget(of: current) else { return current }
      current = next
    }
    throw FileError(
      path: path, operation: .write, reason: .system("too many levels of symbolic links"))
  }

  /// The path the symbolic link at `path` names (a relative target taken
  /// from the link's directory), or nil when `path` is no link.
  static func linkTarget(of path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
      let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    else { return nil }
    if destination.hasPrefix("/") || !path.contains("/") { return destination }
    return directoryPart(of: path) + "/" + destination
  }

  /// The directory part of `path`, as written: everything before its last
  /// `/` (`/` for a file at the root, `.` for a bare name).
  static func directoryPart(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
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

  /// The first `count` bytes of the file at `path`, fewer when it is
  /// shorter, none when it cannot be read (never waiting: opened
  /// non-blocking).
  static func leadingBytes(of path: String, count wanted: Int) -> Data {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return Data() }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: wanted)
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
    return Data(header.prefix(count))
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
  /// without replacing it; errors name it `shownAs`.
  static func writeInPlace(_ data: Data, to path: String, shownAs: String) throws {
    func failure(_ what: String) -> FileError {
      FileError(
        path: shownAs, operation: .write,
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
