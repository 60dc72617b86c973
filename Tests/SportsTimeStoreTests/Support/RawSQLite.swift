import CSQLite
import Foundation

/// A plain SQLite connection with none of `Database`'s set-up (rollback
/// journal, no busy timeout, no checks): it plays another program using a
/// file, or another process holding its lock. Opened FULLMUTEX, so it may
/// be used from another thread (hence `@unchecked Sendable`).
final class RawSQLite: @unchecked Sendable {
  /// The connection; closed in `deinit` if `close()` was not called.
  private var handle: OpaquePointer?

  /// Opens (creating) `path`, creating its directory first.
  init(path: String) throws {
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    var opened: OpaquePointer?
    let code = sqlite3_open_v2(
      path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
    handle = opened
    guard code == SQLITE_OK else { throw RawSQLiteError(code: code, message: "open \(path)") }
  }

  deinit { close() }

  /// Runs `sql` (one or more statements) with `sqlite3_exec`.
  func exec(_ sql: String) throws {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? ""
      throw RawSQLiteError(code: code, message: message)
    }
  }

  /// Closes the connection (again: nothing).
  func close() {
    if let handle { sqlite3_close_v2(handle) }
    handle = nil
  }
}

/// A failure of a `RawSQLite` call.
struct RawSQLiteError: Error {
  let code: Int32
  let message: String
}
