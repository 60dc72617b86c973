import Foundation
import SportsTimeCore

/// A value that changes whenever the database may have: a change committed
/// by another connection (any process) or by this one.
public struct ChangeToken: Sendable, Hashable {
  /// `PRAGMA data_version`: different after another connection commits
  /// (https://www.sqlite.org/pragma.html#pragma_data_version).
  public var dataVersion: Int64
  /// Rows this connection has changed since it opened
  /// (`sqlite3_total_changes64`).
  public var ownChanges: Int64
}

extension Store {
  /// The database's change token now: equal tokens mean nothing was
  /// committed in between, by anyone, so a document computed from the
  /// first still holds (the app server caches trip documents by it, and
  /// its watcher reads the trips only when the token moved). One pragma,
  /// no table read.
  /// - Throws: `StoreError` when the database cannot be read.
  public func changeToken() throws -> ChangeToken {
    try serialized {
      let version = try select("PRAGMA data_version").first?.int64(0) ?? -1
      return ChangeToken(dataVersion: version, ownChanges: Int64(database.totalChanges))
    }
  }

  /// Every trip's revision by id, in one query (`SELECT id, revision FROM
  /// trips`): what a watcher compares with the last it saw to learn which
  /// trips changed, appeared or went, without reading the trips.
  /// - Throws: `StoreError.corruptValue` for a stored id that is not a
  ///   trip id, or `StoreError`.
  public func tripRevisions() throws -> [Trip.ID: Int] {
    var revisions: [Trip.ID: Int] = [:]
    for row in try select("SELECT id, revision FROM trips") {
      let text = try row.string("id")
      guard let id = Trip.ID(parsing: text) else {
        throw StoreError.corruptValue(table: "trips", id: text, column: "id", value: text)
      }
      revisions[id] = try row.int("revision")
    }
    return revisions
  }
}
