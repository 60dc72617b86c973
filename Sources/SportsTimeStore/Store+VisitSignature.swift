import Foundation
import SportsTimeCore

extension Store {
  /// What the visits look like, in brief: it changes with every stored
  /// visit added, edited or removed (by any process), so a watcher polling
  /// it learns that the visits changed without reading them.
  public struct VisitSignature: Sendable, Hashable {
    /// How many visits there are.
    public var count: Int
    /// The latest `createdAt` and `modifiedAt` of any visit (whole
    /// microseconds since 1970, as stored; 0 without visits).
    public var latest: Int64
    /// How many visits were removed (their tombstones).
    public var removed: Int
  }

  /// The visits' signature now (two indexed aggregate reads).
  /// - Throws: `StoreError`.
  public func visitSignature() throws -> VisitSignature {
    try read {
      let visits = try select(
        """
        SELECT COUNT(*) AS n, COALESCE(MAX(MAX(created_at), MAX(modified_at)), 0) AS latest
        FROM visits
        """
      ).first
      let removed = try select("SELECT COUNT(*) AS n FROM tombstones WHERE kind = 'visit'").first
      return VisitSignature(
        count: try visits?.int("n") ?? 0, latest: try visits?.int64("latest") ?? 0,
        removed: try removed?.int("n") ?? 0)
    }
  }
}
