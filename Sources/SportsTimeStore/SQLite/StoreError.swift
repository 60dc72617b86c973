import CSQLite
import Foundation
import SportsTimeCore

/// Every error the store layer throws, worded for the person running sportstime.
///
/// SQLite failures all arrive through `Database.error(code:sql:)` as `.sqlite`
/// (or `.diskFull` when the disk ran out of space); the other cases come from
/// this layer itself. `description` is plain words for the user: it never
/// holds SQL text or SQLite's own message, which stay in `debugDescription`
/// for developers. Bound argument values are never stored in any case, so no
/// description can leak them. Add new cases (e.g. not-found errors) here,
/// next to their description.
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

  /// The trip reference is empty (or blank once cleaned): it names no trip.
  case emptyTripReference

  /// No trip has this name or id; `suggestion` is the closest name.
  case tripNotFound(String, suggestion: String?)

  /// Several trips' ids start with this text.
  case ambiguousTrip(String, candidates: [String])

  /// A trip with this name (ignoring case) already exists.
  case duplicateTripName(String)

  /// A trip with this id already exists (e.g. importing the same file
  /// twice); `name` is the stored trip's name.
  case duplicateTripID(String, name: String)

  /// No game with this id is in the database.
  case gameNotFound(String)

  /// No stored itinerary item has this id.
  case itemNotFound(String)

  /// An item cannot be stored as given (e.g. a NaN position).
  case invalidItem(String)
  /// A text that is not stored as given: it was not cleaned
  /// (`TextNormalization.validated`) or is too long. `field` names it
  /// ("trip's name", "item's title").
  case invalidText(field: String)

  /// A stored value cannot be read back (the file was edited by hand or is
  /// damaged).
  case corruptValue(table: String, id: String, column: String, value: String)

  /// No visit has this id or id prefix.
  case visitNotFound(String)

  /// An id prefix shorter than the 4 characters a visit reference needs.
  case visitIDTooShort(String)

  /// Several visits' ids start with this text (their short ids).
  case ambiguousVisit(String, candidates: [String])

  /// The game already has a visit (a game is attended once); `visitID` is
  /// that visit's id.
  case gameAlreadyVisited(gameID: String, visitID: String)

  /// A schedule import would remove these games (the schedule no longer
  /// lists them), but trips or visits use them. Nothing was changed.
  case gamesInUse([GameInUse])

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
        + "(it has migration '\(id)' this version does not know). "
        + "Upgrade sportstime or use another --db."
    case .cannotOpen(let path, let reason):
      return "Cannot open the database at \(path): \(reason)."
    case .unusableLocation(let path, let reason):
      return "Cannot use \(path) as the database: \(reason)."
    case .unfinalizedStatements(let path, let sql):
      return "Cannot close the database at \(path): \(sql.count) request(s) to it are still "
        + "in use (a bug in sportstime)."
    case .emptyTripReference:
      return "the trip reference is empty: give a trip's name or id"
    case .tripNotFound(let reference, let suggestion):
      return "no trip is called '\(reference)'"
        + (suggestion.map { ". Did you mean '\($0)'?" } ?? " (see 'sportstime trip list')")
    case .ambiguousTrip(let reference, let candidates):
      return
        "'\(reference)' matches several trips (\(candidates.joined(separator: ", "))); give more of the id or the name"
    case .duplicateTripName(let name):
      return "a trip called '\(name)' already exists; pick another name or delete it first"
    case .duplicateTripID(let id, let name):
      return "trip \(id) is already here as '\(name)'; delete it first to import it again"
    case .gameNotFound(let id):
      return
        "no game \(id) in the database; import its schedule first ('sportstime schedule import FILE')"
    case .itemNotFound(let id):
      return "no itinerary item \(id) in this trip"
    case .invalidItem(let reason):
      return "the item cannot be stored: \(reason)"
    case .invalidText(let field):
      return
        "the \(field) cannot be stored as given: it holds control or invisible characters or extra spaces, or is too long"
    case .corruptValue(let table, let id, let column, let value):
      return
        "the database holds an unreadable value in \(table).\(column) for \(id): '\(value)'; the file may be damaged"
    case .visitIDTooShort(let reference):
      return
        "'\(TextNormalization.excerpt(reference))' is too short to name a visit; give at least 4 characters of its id"
    case .visitNotFound(let reference):
      return "no visit has the id '\(reference)' (see 'sportstime visit list')"
    case .ambiguousVisit(let reference, let candidates):
      return
        "'\(reference)' matches several visits (\(candidates.joined(separator: ", "))); give more of the id"
    case .gameAlreadyVisited(let gameID, let visitID):
      return
        "game \(gameID) is already recorded as visit \(visitID.prefix(8)); edit that one ('sportstime visit edit \(visitID.prefix(8)) …')"
    case .gamesInUse(let games):
      return StoreError.describeInUse(games)
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

  /// `2 games the schedule no longer lists are still used, so nothing was
  /// changed: MIL202406100 (trip 'Brewers'), …` — at most 10 games named.
  private static func describeInUse(_ games: [GameInUse]) -> String {
    let shown = games.prefix(10).map { game -> String in
      let uses =
        game.tripNames.map { "trip '\($0)'" }
        + game.visits.map { "visit \($0.key.prefix(8)) on \($0.date.longDescription)" }
      return "\(game.gameID) (\(uses.joined(separator: ", ")))"
    }
    let more = games.count > shown.count ? ", and \(games.count - shown.count) more" : ""
    let count = games.count == 1 ? "1 game" : "\(games.count) games"
    return
      "\(count) the schedule no longer lists \(games.count == 1 ? "is" : "are") still used, "
      + "so nothing was changed: \(shown.joined(separator: ", "))\(more)"
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
