import Foundation

/// An HTTP request as the server received it (RFC 9110).
public struct HTTPRequest: Sendable, Hashable {
  /// The method, upper case as sent: `GET`, `POST`, `PATCH`, `DELETE`, ….
  public var method: String
  /// The path without the query, percent-decoded (`/api/trips/3f2a…`).
  public var path: String
  /// The query's arguments by name, percent-decoded; an argument without a
  /// value (`?json`) maps to the empty string; a name given twice keeps the
  /// first value.
  public var query: [String: String]
  /// The names the query gives more than once (sorted; empty for most
  /// requests): a route refuses them rather than guess which value was meant.
  public var repeatedQuery: [String]
  /// The header fields by lower-cased name; a field given twice keeps the
  /// first value.
  public var headers: [String: String]
  /// The header fields given more than once, by lower-cased name (sorted;
  /// empty for most requests): the policy refuses a second `Host`.
  public var repeatedHeaders: [String] = []
  /// The body's bytes (empty for a request without one).
  public var body: Data

  /// Creates a request; see the properties.
  public init(
    method: String, path: String, query: [String: String] = [:],
    repeatedQuery: [String] = [], headers: [String: String] = [:], body: Data = Data()
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.repeatedQuery = repeatedQuery
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// The value of header `name` (any case), or nil.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// True for methods that change nothing (RFC 9110 §9.2.1: GET, HEAD,
  /// OPTIONS).
  public var isSafe: Bool { ["GET", "HEAD", "OPTIONS"].contains(method) }
}
