import CSQLite
import Foundation

/// Every error the store layer throws, worded for the person running sportstime.
///
/// SQLite failures all arrive through `Database.error(code:sql:)` as `.sqlite`;
/// the other cases come from this layer itself. Bound argument values are never
/// stored in any case, so no description can leak them. Add new cases (e.g.
/// not-found errors) here, next to their description.
public enum StoreError: Error, CustomStringConvertible {
  /// A SQLite call returned a non-OK result code.
  ///
  /// - `code`: the extended result code (https://www.sqlite.org/rescode.html).
  /// - `message`: `sqlite3_errmsg` copied right after the failing call.
  /// - `sql`: the statement text (with `?` placeholders, never the values), if any.
  /// - `path`: the database path, so messages can name the file.
  case sqlite(code: Int32, message: String, sql: String?, path: String? = nil)

  /// The database records a migration id this build does not know: it was
  /// written by a newer version. Nothing was changed.
  case unknownMigration(String)

  /// The database file could not be opened or configured.
  case cannotOpen(path: String, reason: String)

  /// `Database.close()` was refused because these statements (by SQL) are
  /// still alive; the connection stays open.
  case unfinalizedStatements(path: String, sql: [String])

  /// A `Row` accessor named a column the query does not return.
  case noSuchColumn(column: String, sql: String)

  /// A `Row` accessor found a value of the wrong type (e.g. NULL where a value
  /// was required). `found` is the storage class name, never the value.
  case unexpectedValue(column: String, expected: String, found: String, sql: String)

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

  /// Several visits' ids start with this text (their short ids).
  case ambiguousVisit(String, candidates: [String])

  /// The game already has a visit (a game is attended once); `visitID` is
  /// that visit's id.
  case gameAlreadyVisited(gameID: String, visitID: String)

  /// The extended SQLite result code for `.sqlite`, otherwise `nil`.
  public var sqliteCode: Int32? {
    if case .sqlite(let code, _, _, _) = self { return code }
    return nil
  }

  /// A one-paragraph explanation for the end user.
  public var description: String {
    switch self {
    case .sqlite(let code, let message, let sql, let path):
      return StoreError.describeSQLite(code: code, message: message, sql: sql, path: path)
    case .unknownMigration(let id):
      return "This database was written by a newer version of sportstime "
        + "(it has migration '\(id)' this version does not know). "
        + "Upgrade sportstime or use another --db."
    case .cannotOpen(let path, let reason):
      return "Cannot open the database at \(path): \(reason)."
    case .unfinalizedStatements(let path, let sql):
      return "Cannot close the database at \(path): \(sql.count) statement(s) are still "
        + "in use: " + sql.map { "'\($0)'" }.joined(separator: ", ") + "."
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
    case .visitNotFound(let reference):
      return "no visit has the id '\(reference)' (see 'sportstime visit list')"
    case .ambiguousVisit(let reference, let candidates):
      return
        "'\(reference)' matches several visits (\(candidates.joined(separator: ", "))); give more of the id"
    case .gameAlreadyVisited(let gameID, let visitID):
      return
        "game \(gameID) is already recorded as visit \(visitID.prefix(8)); edit that one ('sportstime visit edit \(visitID.prefix(8)) …')"
    case .noSuchColumn(let column, let sql):
      return "The query has no column '\(column)' (query: \(sql))."
    case .unexpectedValue(let column, let expected, let found, let sql):
      return "Column '\(column)' holds \(found) where \(expected) was expected (query: \(sql))."
    }
  }

  /// Builds the `.sqlite` description from the primary result code
  /// (`code & 0xff`, https://www.sqlite.org/rescode.html#primary_result_codes_versus_extended_result_codes).
  private static func describeSQLite(
    code: Int32, message: String, sql: String?, path: String?
  ) -> String {
    let place = path ?? "the database"
    let context = sql.map { " while running: \($0)" } ?? ""
    switch code & 0xff {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return "The database at \(place) is locked by another sportstime process; try again."
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return "\(place) is not a sportstime database (or it is damaged)."
    case SQLITE_FULL:
      return "The disk holding \(place) is full; free some space and try again."
    case SQLITE_READONLY:
      return "The database at \(place) is read-only; check its permissions or use another --db."
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
      return "Cannot open the database at \(place): \(message)."
    case SQLITE_IOERR:
      return "A disk error occurred while using \(place): \(message)."
    case SQLITE_CONSTRAINT:
      return "The database refused the change (\(message))\(context)."
    default:
      return "Database error in \(place): \(message) (SQLite code \(code))\(context)."
    }
  }
}

/// Makes `localizedDescription` (used by Foundation and ArgumentParser-style
/// printers) return `description` instead of a generic sentence.
extension StoreError: LocalizedError {
  /// Same text as `description`.
  public var errorDescription: String? { description }
}
