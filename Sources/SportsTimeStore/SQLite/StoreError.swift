import CSQLite
import Foundation
import SportsTimeCore

/// The failures of the database itself (SQLite, its file, its schema),
/// worded for the person running sportstime. What the store refuses or cannot
/// find among its records (a trip not found, a taken name) is a
/// `RecordError`, with its own kind.
///
/// SQLite failures all arrive through `Database.error(code:sql:)` as `.sqlite`
/// (or `.diskFull` when the disk ran out of space); the other cases come from
/// opening, migrating and reading the file. `description` is plain words for the user: it never
/// holds SQL text or SQLite's own message, which stay in `debugDescription`
/// for developers. Bound argument values are never stored in any case, so no
/// description can leak them. Messages name no command or flag: a front end
/// adds its own hint (the CLI: "use another --db").
public enum StoreError: Error, CustomStringConvertible, CustomDebugStringConvertible {
  /// A SQLite call returned a non-OK result code.
  ///
  /// - `code`: the extended result code (https://www.sqlite.org/rescode.html).
  /// - `message`: `sqlite3_errmsg` copied right after the failing call
  ///   (debug only: it can name tables and columns).
  /// - `sql`: the statement text (with `?` placeholders, never the values),
  ///   if any (debug only).
  /// - `path`: the database path, so messages can name the file.
  case sqlite(code: Int32, message: String, sql: String?, path: String? = nil)

  /// The disk holding the database is full: SQLITE_FULL, or an SQLITE_IOERR_*
  /// or SQLITE_CANTOPEN whose operating-system error is ENOSPC or EDQUOT
  /// (`sqlite3_system_errno`, https://www.sqlite.org/c3ref/system_errno.html).
  /// The failing statement, and the transaction around it, changed nothing.
  ///
  /// - `code`: the extended result code SQLite returned.
  /// - `systemErrno`: the `errno` behind it (0 when SQLite reported
  ///   SQLITE_FULL itself).
  /// - `sql`: the statement text, if any (debug only).
  /// - `path`: the database path.
  case diskFull(code: Int32, systemErrno: Int32, sql: String?, path: String?)

  /// The file at `path` is a SQLite database of another program: it holds
  /// tables but no sportstime migration ledger. It was closed unchanged (no
  /// table added, journal mode not switched).
  case foreignDatabase(path: String)

  /// The database records a migration id this build does not know: it was
  /// written by a newer version. Nothing was changed.
  case unknownMigration(String)

  /// The database file could not be opened or configured.
  case cannotOpen(path: String, reason: String)

  /// The path cannot hold a database, found before SQLite was asked: it is
  /// a directory, a device or FIFO, an unreadable file, or its directory
  /// is missing, not a directory or closed to new files (`reason`).
  case unusableLocation(path: String, reason: FileError.Reason)

  /// `Database.close()` was refused because these statements (by SQL) are
  /// still alive; the connection stays open.
  case unfinalizedStatements(path: String, sql: [String])

  /// A `Row` accessor named a column the query does not return.
  case noSuchColumn(column: String, sql: String)

  /// A `Row` accessor found a value of the wrong type (e.g. NULL where a value
  /// was required). `found` is the storage class name, never the value.
  case unexpectedValue(column: String, expected: String, found: String, sql: String)

  /// A stored value cannot be read back (the file was edited by hand or is
  /// damaged).
  case corruptValue(table: String, id: String, column: String, value: String)

  /// The file at `path` (or its `-wal` or `-shm` beside it, `file`) is no
  /// longer the one this connection opened: deleted, moved or replaced
  /// (a backup restored, a file-sync tool) while in use. Writing would go
  /// to a file nobody can open again, so nothing is written.
  case fileReplaced(path: String, file: String, deleted: Bool)

  /// What kind of failure this is: always `.unavailable` — the database
  /// cannot be used as it is (locked, full, damaged, another program's, a
  /// newer version's); the request itself may be fine (HTTP 503).
  public var kind: ErrorKind { .unavailable }

  /// The extended SQLite result code for `.sqlite` and `.diskFull`,
  /// otherwise `nil`.
  public var sqliteCode: Int32? {
    switch self {
    case .sqlite(let code, _, _, _): return code
    case .diskFull(let code, _, _, _): return code
    default: return nil
    }
  }

  /// A one-paragraph explanation for the end user, in plain words: never SQL
  /// text or SQLite's own message (see `debugDescription`).
  public var description: String {
    switch self {
    case .sqlite(let code, _, _, let path):
      return StoreError.describeSQLite(code: code, path: path)
    case .diskFull(_, _, _, let path):
      return "The disk holding \(path ?? "the database") is full, so nothing was changed; "
        + "free some space and try again."
    case .foreignDatabase(let path):
      return "\(path) is not a sportstime database: it is a SQLite file of another program "
        + "(it has tables but no sportstime migration record). It was left unchanged."
    case .unknownMigration(let id):
      return "This database was written by a newer version of sportstime "
        + "(it has migration '\(id)' this version does not know)."
    case .cannotOpen(let path, let reason):
      return "Cannot open the database at \(path): \(reason)."
    case .unusableLocation(let path, let reason):
      return "Cannot use \(path) as the database: \(reason)."
    case .unfinalizedStatements(let path, let sql):
      return "Cannot close the database at \(path): \(sql.count) request(s) to it are still "
        + "in use (a bug in sportstime)."
    case .corruptValue(let table, let id, let column, let value):
      return
        "the database holds an unreadable value in \(table).\(column) for \(id): '\(value)'; the file may be damaged"
    case .fileReplaced(let path, let file, let deleted):
      let what =
        file == path ? "The database file \(path)" : "\(file), beside the database \(path),"
      return
        "\(what) was \(deleted ? "deleted or moved" : "replaced by another file") while sportstime had it open, so nothing was changed: a change now would be lost. Close sportstime and start it again to use the file now at that path."
    case .noSuchColumn(let column, _):
      return "The database does not hold the value '\(column)' sportstime expects; the file "
        + "may be damaged or changed by another program."
    case .unexpectedValue(let column, let expected, let found, _):
      return "The database holds \(found) in '\(column)' where \(expected) was expected; the "
        + "file may be damaged or changed by another program."
    }
  }

  /// Everything known about the failure, for developers and bug reports:
  /// `description` followed by the result code, SQLite's message and the SQL
  /// (with `?` placeholders; bound values are never kept).
  public var debugDescription: String {
    var details: [String] = []
    switch self {
    case .sqlite(let code, let message, let sql, _):
      details.append("SQLite code \(code) (\(StoreError.codeName(code))): \(message)")
      if let sql { details.append("SQL: \(sql)") }
    case .diskFull(let code, let systemErrno, let sql, _):
      details.append("SQLite code \(code) (\(StoreError.codeName(code))), errno \(systemErrno)")
      if let sql { details.append("SQL: \(sql)") }
    case .unfinalizedStatements(_, let sql):
      details += sql.map { "SQL still in use: \($0)" }
    case .noSuchColumn(_, let sql), .unexpectedValue(_, _, _, let sql):
      details.append("SQL: \(sql)")
    default:
      break
    }
    return ([description] + details).joined(separator: "\n")
  }

  /// Builds the `.sqlite` description from the result code alone (the
  /// primary code `code & 0xff` and, for constraints, the extended one;
  /// https://www.sqlite.org/rescode.html), so no SQL or SQLite message can
  /// reach it.
  private static func describeSQLite(code: Int32, path: String?) -> String {
    let place = path ?? "the database"
    switch code & 0xff {
    case SQLITE_BUSY, SQLITE_LOCKED:
      // Another program (sqlite3, a backup tool) holds it as often as
      // another sportstime.
      return "The database is locked by another process (\(place)); nothing was changed. "
        + "Try again when that process is done."
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return "\(place) is not a sportstime database (or it is damaged)."
    case SQLITE_FULL:
      return "The disk holding \(place) is full, so nothing was changed; "
        + "free some space and try again."
    case SQLITE_READONLY:
      return "The database at \(place) is read-only; check the permissions of the file and "
        + "its folder."
    case SQLITE_CANTOPEN:
      return "Cannot open the database at \(place): the file or its folder cannot be opened "
        + "or created."
    case SQLITE_PERM, SQLITE_AUTH:
      return "Cannot open the database at \(place): access was denied."
    case SQLITE_IOERR:
      return "A disk error occurred while reading or writing \(place); check the disk and "
        + "try again."
    case SQLITE_CONSTRAINT:
      return "The database at \(place) refused the change: \(constraintReason(code))."
    case SQLITE_TOOBIG:
      return "A value is too large to store in the database at \(place)."
    case SQLITE_NOMEM:
      return "There was not enough memory to use the database at \(place)."
    case SQLITE_MISUSE:
      return "sportstime used the database at \(place) in a way SQLite does not allow "
        + "(a bug in sportstime)."
    default:
      return "The database at \(place) could not do what sportstime asked "
        + "(\(codeName(code)), SQLite code \(code)); the file may have been changed by "
        + "another program."
    }
  }

  /// What a constraint failure means, by extended code.
  private static func constraintReason(_ code: Int32) -> String {
    switch code {
    case SQLiteCode.constraintUnique, SQLiteCode.constraintPrimaryKey:
      return "it would store a second record with the same key"
    case SQLiteCode.constraintForeignKey:
      return "it refers to a record that does not exist, or removes one still in use"
    case SQLiteCode.constraintNotNull:
      return "a required value is missing"
    case SQLiteCode.constraintCheck:
      return "a value is outside what the database allows"
    default:
      return "it breaks one of the database's rules"
    }
  }

  /// SQLite's fixed English name for a result code (`sqlite3_errstr`, e.g.
  /// "disk I/O error"); never mentions SQL text or values.
  static func codeName(_ code: Int32) -> String {
    sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
  }
}

/// Makes `localizedDescription` (used by Foundation and ArgumentParser-style
/// printers) return `description` instead of a generic sentence.
extension StoreError: LocalizedError {
  /// Same text as `description`.
  public var errorDescription: String? { description }
}
