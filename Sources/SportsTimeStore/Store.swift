import Foundation
import SportsTimeCore

/// The SportsTime database: games, trips and itinerary items in one SQLite
/// file (DESIGN.md, "Storage").
///
/// WAL mode with `synchronous = FULL` (a reported success survives a power
/// loss), foreign keys on, a busy timeout, forward migrations; every public
/// operation is one transaction, so bad input changes nothing and a crash
/// never leaves half an import. Reads take no write lock.
///
/// Safe to share between threads, like GRDB's `DatabaseQueue`: the store
/// owns one connection and serializes every public operation on it (a
/// recursive lock held for a whole transaction, so a transaction's body may
/// call other store operations on its own thread), so no two threads ever use
/// the connection at once and each operation sees the state the previous one
/// left. An extension adding a public operation wraps it in `transaction`,
/// `read` or `serialized`.
public final class Store: @unchecked Sendable {
  /// Serializes every use of `database` and of the mutable state below.
  private let lock = NSRecursiveLock()
  /// The underlying connection.
  let database: Database
  /// The file's path (or `:memory:`).
  public let path: String
  /// How long an operation waits for another connection's lock before
  /// failing with SQLITE_BUSY, in milliseconds (the `init` argument; a
  /// second connection to the same file is opened with the same).
  public var busyTimeoutMilliseconds: Int { database.busyTimeoutMilliseconds }
  /// The clock for operations that are not given an instant (the
  /// deletion time of a tombstone); read once per operation, rounded to
  /// the microsecond.
  public let clock: @Sendable () -> Date
  /// The trips the current outermost transaction has changed, each with
  /// the revision it had before (nil for a trip this transaction created):
  /// such a trip's revision was raised once already (`noteChange(ofTrip:)`).
  var revisedTrips: [Trip.ID: Int?] = [:]
  /// How many `journaled` bodies are running (guarded by `lock`): an edit
  /// made of other journaled edits is one step, journaled by the outermost.
  var journalDepth = 0
  /// The records the running journaled edit is about to change (guarded
  /// by `lock`); nil outside one.
  var journalCapture: JournalCapture?
  /// How many times this store read a whole trip (`loadTrip(id:)` and the
  /// reads built on it; guarded by `lock`): a test's proof that an answer
  /// is built without a second read.
  var wholeTripReads = 0

  /// Opens (creating if needed) the database at `path` and migrates it.
  ///
  /// A missing or empty (0-byte) file is set up as a new database. Another
  /// program's SQLite file (tables but no sportstime migration ledger) and a
  /// newer version's are refused before anything is written to them: no
  /// table is added and the journal mode stays as it was. Opening an
  /// up-to-date database only reads, so it never waits for another
  /// connection's write transaction.
  /// A path that cannot hold a database (a directory, a device, a missing
  /// directory) is refused before SQLite is asked
  /// (`Database.init(path:busyTimeoutMilliseconds:createDirectories:inspect:)`).
  /// - Parameters:
  ///   - path: a file path or `:memory:`.
  ///   - busyTimeoutMilliseconds: how long to wait for another connection's
  ///     lock before failing (default 5000).
  ///   - createDirectories: whether missing directories above `path` are
  ///     created: true for the default location (`defaultPath`), false
  ///     (the default) for a path someone gave, where a missing directory
  ///     is an error naming it.
  ///   - clock: the current instant (default the system clock), for
  ///     tombstones of deletions that are not given one.
  /// - Throws: `StoreError.unusableLocation`, `.foreignDatabase`,
  ///   `.unknownMigration`, `.cannotOpen` (also for a missing file whose
  ///   `-wal` or `-shm` is left: deleted while in use), `.diskFull` or `.sqlite` (e.g.
  ///   SQLITE_NOTADB for a file that is not SQLite, SQLITE_BUSY).
  public init(
    path: String, busyTimeoutMilliseconds: Int = Database.defaultBusyTimeoutMilliseconds,
    createDirectories: Bool = false, clock: @escaping @Sendable () -> Date = { Date() }
  ) throws {
    self.path = path
    // Rounded where it is made, as every instant is stored
    // (`Schema`): the instant a caller holds is the one read back.
    self.clock = { clock().roundedToMicrosecond }
    try Self.refuseOrphanedJournal(path)
    try Self.refuseLogDeletedInUse(path)
    database = try Database(
      path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      createDirectories: createDirectories, inspect: Schema.migrator.refuseIncompatible)
    try Schema.migrator.migrate(database)
    if path != ":memory:" { fileIdentities = Self.identities(of: path) }
  }

  /// Opens another connection to this store's file, with the same busy
  /// timeout and clock (the server reads and watches through its own).
  /// - Throws: what `init(path:busyTimeoutMilliseconds:createDirectories:clock:)`
  ///   throws.
  public func anotherConnection() throws -> Store {
    try Store(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, clock: clock)
  }

  /// Refuses to create a database at `path` when the file is missing but
  /// its `-wal` or `-shm` is there: the database was deleted or moved while
  /// a program had it open (a running server), and a new file would be
  /// an empty database beside it, sharing the old one's write-ahead log.
  /// - Throws: `StoreError.cannotOpen` saying so.
  private static func refuseOrphanedJournal(_ path: String) throws {
    guard path != ":memory:", !FileManager.default.fileExists(atPath: path) else { return }
    let left = [path + "-wal", path + "-shm"].filter { FileManager.default.fileExists(atPath: $0) }
    guard let first = left.first else { return }
    throw StoreError.cannotOpen(
      path: path,
      reason:
        "the file is missing but \(first) is there, so the database was deleted or moved while a program (a running server?) had it open; no new, empty database was made beside it. Put the file back, or stop that program and remove \(left.joined(separator: " and ")) to start a new database"
    )
  }

  /// Refuses to open the database at `path` when its `-wal` or `-shm` was
  /// deleted while another process has the database open (a running
  /// server): SQLite would make a new log beside the one still in use, and
  /// the other program, closing last, would delete it with every change
  /// written here. Seen when another process holds a lock in the file's
  /// shared range (every connection in WAL mode does) and has the deleted
  /// `-wal` or `-shm` open (Linux: its `/proc/PID/fd` links end in
  /// " (deleted)"); a process only now opening the database is no fault.
  /// A program closing the database looks the same for a moment (SQLite
  /// deletes the log before it lets go of the file), so the refusal waits
  /// until the sight has lasted `logDeletedPatience` seconds: a command
  /// run just as another ends opens once that one has let go.
  /// - Throws: `StoreError.cannotOpen` saying so.
  private static func refuseLogDeletedInUse(_ path: String) throws {
    guard path != ":memory:" else { return }
    let deadline = Date().addingTimeInterval(logDeletedPatience)
    var missing = logDeletedInUse(path)
    while !missing.isEmpty, Date() < deadline {
      usleep(20_000)
      missing = logDeletedInUse(path)
    }
    guard !missing.isEmpty else { return }
    throw StoreError.cannotOpen(
      path: path,
      reason:
        "\(missing.joined(separator: " and ")) \(missing.count == 1 ? "was" : "were") deleted while another program (a running server?) has the database open, so a change made now would be lost when that program closes; nothing was changed. Stop that program (what it wrote is kept), then try again"
    )
  }

  /// How long (seconds) another process must be seen holding a deleted
  /// log before `refuseLogDeletedInUse` refuses: far longer than SQLite
  /// takes to close, far shorter than a server runs.
  static let logDeletedPatience: TimeInterval = 1

  /// The missing `-wal` and `-shm` of `path` when another process holds
  /// the database open with its deleted log (empty when not so).
  private static func logDeletedInUse(_ path: String) -> [String] {
    let missing = [path + "-wal", path + "-shm"].filter {
      !FileManager.default.fileExists(atPath: $0)
    }
    guard !missing.isEmpty, isWriteAheadLogged(path), let holder = lockHolder(path),
      holdsDeletedLog(holder, of: path)
    else { return [] }
    return missing
  }

  /// Whether process `pid` has the `-wal` or `-shm` of `path` open though
  /// it was deleted (Linux's `/proc`; false where there is none).
  private static func holdsDeletedLog(_ pid: Int32, of path: String) -> Bool {
    guard let real = realpath(path, nil) else { return false }
    let canonical = String(cString: real)
    free(real)
    let folder = "/proc/\(pid)/fd"
    guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return false
    }
    let deleted = [canonical + "-wal (deleted)", canonical + "-shm (deleted)"]
    return descriptors.contains { name in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name))
        .map(deleted.contains) ?? false
    }
  }

  /// Whether the SQLite file at `path` is in WAL mode (header bytes 18 and
  /// 19, the read and write versions, are 2; SQLite's file format §1.3.4).
  private static func isWriteAheadLogged(_ path: String) -> Bool {
    // A regular file only: opening a FIFO would wait for a writer.
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    guard let file = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? file.close() }
    guard let header = try? file.read(upToCount: 20), header.count == 20 else { return false }
    return header[18] == 2 && header[19] == 2
  }

  /// The process that holds a lock in SQLite's shared-lock range of the
  /// file (bytes 0x40000002 to 0x400001ff, os_unix.c's SHARED_FIRST and
  /// SHARED_SIZE), nil when none does: that process has the database open.
  /// POSIX locks, as SQLite takes them; a lock of this process does not
  /// count.
  private static func lockHolder(_ path: String) -> Int32? {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? file.close() }
    var probe = flock()
    probe.l_type = Int16(F_WRLCK)
    probe.l_whence = Int16(SEEK_SET)
    probe.l_start = 0x4000_0002
    probe.l_len = 510
    guard fcntl(file.fileDescriptor, F_GETLK, &probe) == 0, probe.l_type != Int16(F_UNLCK) else {
      return nil
    }
    return probe.l_pid
  }

  /// The device and inode of a file, nil when there is none at `path`.
  struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// The database file and its `-wal` and `-shm` as they were when this
  /// connection opened them (a missing one is nil); guarded by `lock`.
  private var fileIdentities: [String: FileIdentity?] = [:]

  /// The identities of `path`, `path-wal` and `path-shm`.
  private static func identities(of path: String) -> [String: FileIdentity?] {
    var found: [String: FileIdentity?] = [:]
    for file in [path, path + "-wal", path + "-shm"] {
      var info = stat()
      found[file] =
        stat(file, &info) == 0
        ? FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
    }
    return found
  }

  /// Refuses to write when the database file, or its `-wal` or `-shm`, is
  /// no longer the one opened (deleted, moved or replaced while in use):
  /// SQLite would go on writing to the unlinked file, and every change
  /// would be lost. A `-wal` or `-shm` that did not exist at opening is
  /// taken as it is first seen. Called with the lock held.
  /// - Throws: `StoreError.fileReplaced`.
  private func checkFileIdentity() throws {
    guard !fileIdentities.isEmpty else { return }
    let now = Self.identities(of: path)
    for file in [path, path + "-wal", path + "-shm"] {
      guard let opened = fileIdentities[file] ?? nil else {
        if let seen = now[file] ?? nil { fileIdentities[file] = seen }
        continue
      }
      let current = now[file] ?? nil
      if current != opened {
        throw StoreError.fileReplaced(path: path, file: file, deleted: current == nil)
      }
    }
  }

  /// The default database location: `$XDG_DATA_HOME/sportstime/sportstime.sqlite`,
  /// with `XDG_DATA_HOME` defaulting to `~/.local/share` (XDG Base Directory
  /// Specification).
  public static func defaultPath(environment: [String: String]) -> String {
    let base: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = home + "/.local/share"
    }
    return base + "/sportstime/sportstime.sqlite"
  }

  /// Runs `body` in one IMMEDIATE transaction: all or nothing. When it
  /// commits a change (a row inserted, updated or deleted), the store and
  /// the process remember it (`hasSavedChanges`,
  /// `changesSavedInThisProcess`). Each trip it changes goes up by exactly
  /// one revision, however many of its rows change.
  /// - Throws: whatever `body` throws (after rolling back), or `StoreError`.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try serialized { try unserializedTransaction(body) }
  }

  /// `transaction`'s work, with the lock held.
  private func unserializedTransaction<T>(_ body: () throws -> T) throws -> T {
    let outermost = !database.isInTransaction
    if outermost { try checkFileIdentity() }
    let before = database.totalChanges
    let uncountedBefore = uncountedChanges
    // A rolled-back transaction or savepoint took its revision raises with it.
    let revisedBefore = outermost ? [:] : revisedTrips
    revisedTrips = revisedBefore
    let result: T
    do {
      result = try database.inTransaction(.immediate, body)
    } catch {
      revisedTrips = revisedBefore
      throw error
    }
    if outermost { revisedTrips = [:] }
    if outermost, database.totalChanges - (uncountedChanges - uncountedBefore) != before {
      savedChanges = true
      SavedChanges.shared.record()
    }
    if outermost, database.totalChanges != before {
      for observer in commitObservers { observer() }
    }
    return result
  }

  /// Called after each outermost transaction of this store that committed
  /// a change; guarded by `lock`.
  private var commitObservers: [@Sendable () -> Void] = []

  /// Calls `observer` after each transaction of this store that commits a
  /// change (a row inserted, updated or deleted; bookkeeping included),
  /// once the commit is done, so a watcher on another connection hears of
  /// this store's own writes at once instead of at its next look. It runs
  /// on the committing thread with the store's lock held: it must return
  /// at once (hand the work to a queue of its own) and must not use this
  /// store. Commits by other connections are not seen here
  /// (`changeToken()` sees them).
  public func observeCommits(_ observer: @escaping @Sendable () -> Void) {
    serialized { commitObservers.append(observer) }
  }

  /// Runs `body`, whose writes are bookkeeping rather than a change of the
  /// user's data (the record of an unchanged schedule import): a
  /// transaction that writes nothing else does not count as saving a
  /// change (`hasSavedChanges`).
  func uncounted<T>(_ body: () throws -> T) rethrows -> T {
    try serialized {
      let before = database.totalChanges
      defer { uncountedChanges += database.totalChanges - before }
      return try body()
    }
  }

  /// Rows written by `uncounted` bodies since the connection opened;
  /// guarded by `lock`.
  private var uncountedChanges = 0

  /// Whether a transaction of this store has committed a change (a row
  /// inserted, updated or deleted); setting up or migrating the file does
  /// not count.
  public var hasSavedChanges: Bool { serialized { savedChanges } }
  /// Backs `hasSavedChanges`; guarded by `lock`.
  private var savedChanges = false

  /// Whether any store of this process has committed a change, so that a
  /// front end whose report of a command could not be delivered (standard
  /// output on a full disk) can say that the change itself was saved.
  public static var changesSavedInThisProcess: Bool { SavedChanges.shared.happened }

  /// Runs `body` in one DEFERRED transaction, for reads: they all see the
  /// same committed state, and no write lock is taken, so a reader never
  /// waits for another connection's write (WAL,
  /// https://www.sqlite.org/wal.html#concurrency). Inside `transaction` it
  /// simply runs in that transaction.
  /// - Throws: whatever `body` throws, or `StoreError`.
  public func read<T>(_ body: () throws -> T) throws -> T {
    try serialized { try database.inTransaction(.deferred, body) }
  }

  /// Runs `body` with the store to itself: no other thread uses the
  /// connection until it returns. For a single statement, which SQLite runs
  /// atomically anyway; several reads that must agree use `read`.
  /// - Throws: whatever `body` throws.
  public func serialized<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  // MARK: Statements, serialized

  /// `Database.query` with the lock held: the rows of one statement.
  func select(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
    try serialized { try database.query(sql, arguments) }
  }

  /// `Database.execute` with the lock held.
  func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
    try serialized { try database.execute(sql, arguments) }
  }

  /// `Database.insert(into:_:)` with the lock held.
  func insert(into table: String, _ row: ColumnValues) throws {
    try serialized { try database.insert(into: table, row) }
  }

  /// `Database.insert(into:columns:rows:)` with the lock held.
  func insert(into table: String, columns: [String], rows: [[SQLValue]]) throws {
    try serialized { try database.insert(into: table, columns: columns, rows: rows) }
  }

  /// `Database.update(_:set:whereColumn:is:)` with the lock held.
  /// - Returns: the number of rows changed.
  @discardableResult
  func update(
    _ table: String, set row: ColumnValues, whereColumn keyColumn: String, is key: SQLValue
  ) throws -> Int {
    try serialized { try database.update(table, set: row, whereColumn: keyColumn, is: key) }
  }

  /// Closes the connection, reporting any statement still open.
  public func close() throws { try serialized { try database.close() } }
}

/// The process-wide record behind `Store.changesSavedInThisProcess`.
private final class SavedChanges: @unchecked Sendable {
  /// The one record of the process.
  static let shared = SavedChanges()
  /// Guards `saved`.
  private let lock = NSLock()
  /// Whether a change was committed.
  private var saved = false

  /// Notes that a change was committed.
  func record() {
    lock.lock()
    saved = true
    lock.unlock()
  }

  /// Whether `record()` was called.
  var happened: Bool {
    lock.lock()
    defer { lock.unlock() }
    return saved
  }
}
