import Foundation
import SportsTimeAPI
import SportsTimePlanner

/// The planning tips of the app's home screen (`GET /api/tips`): a few of
/// `PlanningTips.all` at random, each once. It reads no database.
enum TipsAPI {
  /// How many tips an answer holds when the query does not say.
  static let defaultCount = 3

  /// `GET /api/tips?count=N&exclude=ID,ID`: `count` different tips
  /// (default 3, a whole number from 1 to the number of tips), none of
  /// them one of the ids `exclude` lists (the tips a page already shows);
  /// fewer when excluding leaves fewer. An id that names no tip excludes
  /// nothing.
  ///
  /// ```
  /// GET /api/tips?count=2  →  {"tips": [{"id": "arizona-no-dst", "topic": "timeZones", "text": "…"}, …]}
  /// GET /api/tips?count=0  →  400 {"error": {"kind": "invalid-input", "field": "count", …}}
  /// ```
  /// - Parameters:
  ///   - query: The request's query (`count`, `exclude`; empty values
  ///     count as absent).
  ///   - generator: The source of randomness.
  /// - Throws: `APIError.invalid` (400, field `count`) for a count that is
  ///   not a whole number in range.
  static func tips(
    _ query: [String: String], using generator: inout some RandomNumberGenerator
  ) throws -> WireV1.Tips {
    let count = try Self.count(query["count"])
    let excluded = Set(
      (query["exclude"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    let pool = PlanningTips.all.filter { !excluded.contains($0.id) }
    return WireV1.Tips(PlanningTips.random(count, from: pool, using: &generator))
  }

  /// The `count` of a query: `defaultCount` when absent or empty.
  /// - Throws: `APIError.invalid` (field `count`) for anything but a whole
  ///   number from 1 to `PlanningTips.all.count`.
  static func count(_ text: String?) throws -> Int {
    guard let text, !text.isEmpty else { return defaultCount }
    let range = 1...PlanningTips.all.count
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
      range.contains(value)
    else {
      throw APIError.invalid(
        "count must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text.prefix(20))')",
        field: "count")
    }
    return value
  }
}
