import Foundation
import SportsTimeCore

/// The SportsTime database: games, trips and itinerary items in one SQLite
/// file (DESIGN.md, "Storage").
///
/// WAL mode, foreign keys on, a busy timeout, forward migrations; every
/// public operation is one transaction, so bad input changes nothing and a
/// crash never leaves half an import.
public final class Store {
  /// The underlying connection.
  let database: Database
  /// The file's path (or `:memory:`).
  public let path: String

  /// Opens (creating if needed) the database at `path` and migrates it.
  /// - Parameter path: a file path (parent directories are created) or
  ///   `:memory:`.
  /// - Throws: `StoreError` when the file cannot be opened, is not a
  ///   SportsTime database, or was written by a newer version.
  public init(path: String) throws {
    self.path = path
    database = try Database(path: path)
    try Schema.migrator.migrate(database)
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

  /// Runs `body` in one IMMEDIATE transaction: all or nothing.
  /// - Throws: whatever `body` throws (after rolling back), or `StoreError`.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try database.inTransaction(.immediate, body)
  }

  /// Closes the connection, reporting any statement still open.
  public func close() throws { try database.close() }
}
