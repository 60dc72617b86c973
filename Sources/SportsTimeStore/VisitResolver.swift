import Foundation
import SportsTimeCore

/// Finds the visit a traveller's text names, for front ends: the store
/// itself works by id (`Store.visit(id:)`, `editVisit(id:_:)`,
/// `removeVisit(id:)`), and a front end turns what the user typed into that
/// id here first, as `TripResolver` does for trips.
///
/// ```swift
/// let id = try VisitResolver(store: store).id(matching: "3f2a")
/// let removed = try store.removeVisit(id: id)
/// ```
public struct VisitResolver {
  /// The store whose visits are searched.
  public let store: Store

  /// A resolver over `store`'s visits.
  public init(store: Store) { self.store = store }

  /// The id of the visit `reference` names (as `visit(matching:)`).
  /// - Throws: as `visit(matching:)`.
  public func id(matching reference: String) throws -> Visit.ID {
    try visit(matching: reference).id
  }

  /// The visit whose id is `reference` or starts with it (at least 4
  /// characters, any case, surrounding white space ignored, unique).
  /// - Throws: `RecordError.visitIDTooShort` for 1 to 3 hex digits or dashes
  ///   (whether or not an id starts so), `.visitNotFound`, or
  ///   `.ambiguousVisit` (listing the candidates' short ids, or whole ids
  ///   when their first 8 characters are the same).
  /// - Complexity: one indexed read.
  public func visit(matching reference: String) throws -> Visit {
    let key = reference.trimmingSpaces().lowercased()
    let idLike = key.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "-") }
    if idLike && (1...3).contains(key.count) {
      throw RecordError.visitIDTooShort(reference)
    }
    guard key.count >= 4, idLike else {
      throw RecordError.visitNotFound(reference)
    }
    return try store.read {
      if let row = try store.select("SELECT * FROM visits WHERE id = ?", [.text(key)]).first {
        return try Store.visit(from: row)
      }
      let matches = try store.select(
        "SELECT * FROM visits WHERE substr(id, 1, ?) = ? ORDER BY id",
        [SQLValue(key.count), .text(key)])
      if matches.count > 1 {
        // Short ids when they tell the visits apart, else whole ids.
        let ids = try matches.map { try $0.string("id") }
        let short = ids.map { String($0.prefix(8)) }
        throw RecordError.ambiguousVisit(
          reference, candidates: Set(short).count == short.count ? short : ids)
      }
      guard let row = matches.first else { throw RecordError.visitNotFound(reference) }
      return try Store.visit(from: row)
    }
  }
}
