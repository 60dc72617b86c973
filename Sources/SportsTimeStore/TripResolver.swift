import Foundation
import SportsTimeCore

/// Finds the trip a traveller's text names, for front ends: the store itself
/// works by id (`Store.loadTrip(id:)`, `renameTrip(id:…)`, …), and a front end
/// turns what the user typed into that id here first.
///
/// ```swift
/// let id = try TripResolver(store: store).id(matching: "great lakes")
/// let loaded = try store.loadTrip(id: id)
/// ```
public struct TripResolver {
  /// The store whose trips are searched.
  public let store: Store

  /// A resolver over `store`'s trips.
  public init(store: Store) { self.store = store }

  /// The id of the trip `reference` names (as `trip(matching:)`).
  /// - Throws: as `trip(matching:)`.
  public func id(matching reference: String) throws -> Trip.ID {
    try trip(matching: reference).id
  }

  /// The trip `reference` names, tried in this order (the first that
  /// matches wins):
  ///
  /// 1. its exact id (any case, surrounding white space ignored);
  /// 2. its exact name in any case (the cleaned texts, lowercased);
  /// 3. a unique id prefix of at least 4 characters;
  /// 4. its name as names are compared (`TextNormalization.key`: also
  ///    ignoring width, Unicode case folding and invisible characters, so
  ///    `ｅｃ４３`, `ﬀﬀ` or `beef` + U+FE0F).
  ///
  /// So an id always finds its own trip, a name is never taken for another
  /// trip's id prefix, and a look-alike name that only matches once folded
  /// (a full-width `ｅｃ４３` for `ec43`) never wins over the trip whose id
  /// starts so. Steps 3 and 4 can both match only when the reference looks
  /// like an id (`Trip.looksLikeID(_:)`), and new names that do are
  /// refused (`Trip.validatedName(_:)`); older databases may hold some.
  /// An empty reference, or one that is blank once cleaned, names no trip
  /// and is refused plainly (no "did you mean").
  /// - Throws: `RecordError.emptyTripReference`, `.tripNotFound` (with the
  ///   closest name),
  ///   `.ambiguousTrip` when several ids start with the prefix, or when
  ///   several trips' names match only once folded.
  /// - Complexity: O(t) for t trips (one read transaction).
  public func trip(matching reference: String) throws -> Trip {
    try store.read { try find(reference) }
  }

  /// `trip(matching:)` inside the caller's transaction.
  private func find(_ reference: String) throws -> Trip {
    guard !TextNormalization.clean(reference).isEmpty else {
      throw RecordError.emptyTripReference
    }
    let text = reference.trimmingSpaces().lowercased()
    if let id = Trip.ID(parsing: text),
      let row = try store.select("SELECT * FROM trips WHERE id = ?", [.text(Store.key(id))])
        .first
    {
      return try store.trip(from: row)
    }
    let all = try store.select("SELECT * FROM trips ORDER BY id")
    let exact = TextNormalization.clean(reference).lowercased()
    for row in all where TextNormalization.clean(try row.string("name")).lowercased() == exact {
      return try store.trip(from: row)
    }
    if text.count >= 4 {
      let byID = try all.filter { try $0.string("id").hasPrefix(text) }
      if byID.count == 1 { return try store.trip(from: byID[0]) }
      if byID.count > 1 {
        throw RecordError.ambiguousTrip(
          reference, candidates: try byID.map { try $0.string("name") })
      }
    }
    let key = TextNormalization.key(reference)
    let folded = try all.filter { TextNormalization.key(try $0.string("name")) == key }
    if folded.count == 1 { return try store.trip(from: folded[0]) }
    if folded.count > 1 {
      throw RecordError.ambiguousTrip(
        reference, candidates: try folded.map { try $0.string("name") })
    }
    let names = try all.map { try $0.string("name") }
    throw RecordError.tripNotFound(
      reference, suggestion: Suggest.closest(to: reference, in: names))
  }
}
