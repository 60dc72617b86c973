import Foundation

/// A value a path segment names (`:trip` in `/api/trips/:trip`), parsed
/// once by the table before the handler runs, so that a handler receives
/// a `Trip.ID`, never the text.
public protocol PathParameter: Sendable {
  /// Parses one path segment (percent-decoded, as `HTTPRequest.path`).
  /// - Throws: the error the request is answered with when the text names
  ///   nothing of this kind (the app's conformances throw its 404).
  init(pathSegment: String) throws
}

/// A method the path does not answer: a route table's 405, with `Allow`.
public struct MethodNotAllowed: Error, Sendable {
  /// The methods the path answers, in the order `Allow` lists them.
  public var allowed: [String]
  /// The error's message (the path, its methods and the method sent).
  public var message: String

  /// Creates the refusal; see the properties.
  public init(allowed: [String], message: String) {
    self.allowed = allowed
    self.message = message
  }
}

/// A query parameter a route refuses (given twice, or one it does not
/// read): a route table's 400, naming the parameter.
public struct QueryParameterRefused: Error, Sendable {
  /// The parameter (at most 80 characters).
  public var name: String
  /// Why, in words.
  public var message: String
}

/// One route table: `(method, path pattern, handler)` rows, and the
/// answers every route shares, made by the table rather than by each
/// handler (STYLE 21; Hummingbird's router, isowords' `ServerRoute`):
///
/// - 405 with `Allow` (the methods of the path, then `HEAD` when it has a
///   GET) for a method the path does not answer;
/// - HEAD for every GET route (its handler runs; the HTTP layer sends the
///   header fields without the body, RFC 9110 §9.3.2), unless the route
///   says `head: false` (an event stream has no length to send);
/// - 400 naming the parameter for a query parameter given twice, or one
///   the route does not declare (`query:`; `alwaysAccepted` names those
///   any route takes, e.g. the policy's `token`);
/// - path parameters parsed into their types (`PathParameter`) before the
///   method is looked at, so a malformed id is answered as the parameter's
///   type says (404 for a trip id) whatever the method.
///
/// A pattern is `/`-separated segments: a literal (`items`), a parameter
/// (`:item`), a literal prefix and a parameter (`export.:format`), or a
/// final `*` (any rest, at least one segment, as `RouteRequest.rest`). The
/// most specific pattern that matches a path wins, segment by segment
/// (literal, then prefixed parameter, then parameter, then `*`).
///
/// ```
/// var table = RouteTable<App>()
/// table.add("GET", "/api/trips/:trip") { (trip: Trip.ID, request, app) in … }
/// table.add("DELETE", "/api/trips/:trip", query: ["revision"]) { … }
/// await table.answer(HTTPRequest(method: "PUT", path: "/api/trips/…"), app)
/// // 405, Allow: GET, DELETE, HEAD
/// ```
///
/// `Context` is what the handlers need (the app, a sync server's store);
/// each service builds a table of its own over this code.
public struct RouteTable<Context: Sendable>: Sendable {
  /// What a handler is given besides its typed parameters.
  public struct RouteRequest: Sendable {
    /// The request as received (`method` is `GET` for a HEAD request).
    public var http: HTTPRequest
    /// The segments a final `*` matched (empty without one).
    public var rest: [String]
    /// The query's arguments by name (each name once: the table refused
    /// repeats; only names the route declares, or `alwaysAccepted`).
    public var query: [String: String] { http.query }
    /// The body's bytes.
    public var body: Data { http.body }
  }

  /// A handler with its parameters already typed.
  public typealias Handler = @Sendable (RouteRequest, Context) async throws -> HTTPResponse

  /// One segment of a pattern.
  enum Segment: Hashable, Sendable {
    case literal(String)
    /// A parameter, after a literal prefix (often empty).
    case parameter(prefix: String, name: String)
    /// Any rest of the path (one segment or more); last only.
    case rest

    /// How specific the segment is: lower wins.
    var rank: Int {
      switch self {
      case .literal: 0
      case .parameter(let prefix, _): prefix.isEmpty ? 2 : 1
      case .rest: 3
      }
    }
  }

  /// One row of the table.
  struct Route: Sendable {
    var method: String
    var pattern: String
    var segments: [Segment]
    /// The query parameters it reads; nil: any, repeats included (a page).
    var query: [String]?
    var head: Bool
    /// The parameters' types, in pattern order.
    var parameterTypes: [any PathParameter.Type]
    /// Runs the handler with the parsed parameters (in pattern order).
    var run: @Sendable ([any PathParameter], RouteRequest, Context) async throws -> HTTPResponse
  }

  private(set) var routes: [Route] = []
  /// Query parameters every route takes (and leaves to someone else).
  public let alwaysAccepted: Set<String>

  /// An empty table; `alwaysAccepted` names the query parameters every
  /// route takes besides its own (the server's `token`).
  public init(alwaysAccepted: Set<String> = []) {
    self.alwaysAccepted = alwaysAccepted
  }

  // MARK: Registering

  /// Adds a route of no parameter.
  /// - Parameters:
  ///   - method: Upper case (`GET`, `POST`, …); a GET answers HEAD too
  ///     unless `head` is false.
  ///   - pattern: As the type's summary says; its parameters must be none.
  ///   - query: The query parameters the handler reads; nil for a route
  ///     that takes any (a page).
  /// - Precondition: the pattern is well formed, has no parameter, and the
  ///   table has no route of the same method and pattern.
  public mutating func add(
    _ method: String, _ pattern: String, query: [String]? = [], head: Bool = true,
    _ handler: @escaping @Sendable (RouteRequest, Context) async throws -> HTTPResponse
  ) {
    insert(method, pattern, query: query, head: head, types: []) { _, request, context in
      try await handler(request, context)
    }
  }

  /// Adds a route of one parameter (`:trip`), parsed as `A`.
  /// - Precondition: as `add(_:_:query:head:_:)`, with one parameter.
  public mutating func add<A: PathParameter>(
    _ method: String, _ pattern: String, query: [String]? = [], head: Bool = true,
    _ handler: @escaping @Sendable (A, RouteRequest, Context) async throws -> HTTPResponse
  ) {
    insert(method, pattern, query: query, head: head, types: [A.self]) {
      values, request, context in
      try await handler(Self.value(values, 0), request, context)
    }
  }

  /// Adds a route of two parameters (`:trip`, `:item`), parsed as `A`
  /// and `B`.
  /// - Precondition: as `add(_:_:query:head:_:)`, with two parameters.
  public mutating func add<A: PathParameter, B: PathParameter>(
    _ method: String, _ pattern: String, query: [String]? = [], head: Bool = true,
    _ handler: @escaping @Sendable (A, B, RouteRequest, Context) async throws -> HTTPResponse
  ) {
    insert(method, pattern, query: query, head: head, types: [A.self, B.self]) {
      values, request, context in
      try await handler(Self.value(values, 0), Self.value(values, 1), request, context)
    }
  }

  /// The parameter at `index` as its registered type.
  private static func value<T: PathParameter>(_ values: [any PathParameter], _ index: Int) -> T {
    guard index < values.count, let value = values[index] as? T else {
      preconditionFailure("the table parsed parameter \(index) as its route's type")
    }
    return value
  }

  private mutating func insert(
    _ method: String, _ pattern: String, query: [String]?, head: Bool,
    types: [any PathParameter.Type],
    run:
      @escaping @Sendable ([any PathParameter], RouteRequest, Context) async throws
      -> HTTPResponse
  ) {
    let segments = Self.segments(of: pattern)
    let parameters = segments.filter {
      if case .parameter = $0 { return true }
      return false
    }
    precondition(
      parameters.count == types.count,
      "\(pattern) has \(parameters.count) parameters; its handler takes \(types.count)")
    precondition(
      method == method.uppercased() && method != "HEAD", "\(method): HEAD comes with GET")
    for route in routes where route.segments == segments {
      precondition(route.method != method, "\(method) \(pattern) is in the table twice")
      precondition(
        zip(route.parameterTypes, types).allSatisfy { $0 == $1 },
        "\(pattern): every method of a path parses its parameters as the same types")
      precondition(
        route.query == nil && query == nil || route.query != nil && query != nil,
        "\(pattern): every method of a path reads a declared query, or none takes any")
    }
    routes.append(
      Route(
        method: method, pattern: pattern, segments: segments, query: query, head: head,
        parameterTypes: types, run: run))
  }

  /// The segments of `pattern`.
  /// - Precondition: it starts with `/`, and `*` comes last only.
  static func segments(of pattern: String) -> [Segment] {
    precondition(pattern.hasPrefix("/"), "a pattern starts with /: \(pattern)")
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    return parts.enumerated().map { index, part in
      if part == "*" {
        precondition(index == parts.count - 1, "* comes last in a pattern: \(pattern)")
        return .rest
      }
      guard let colon = part.firstIndex(of: ":") else { return .literal(part) }
      let name = String(part[part.index(after: colon)...])
      precondition(!name.isEmpty, "a parameter has a name: \(pattern)")
      return .parameter(prefix: String(part[..<colon]), name: name)
    }
  }

  // MARK: Answering

  /// The answer of the route `request`'s path matches, or nil when no
  /// pattern matches the path (the caller says what then: 404, a page).
  /// - Throws: `MethodNotAllowed` (405) for a method the path does not
  ///   answer; `QueryParameterRefused` (400) for a query parameter given twice or
  ///   not declared; a parameter's parse error; the handler's error.
  public func answer(_ request: HTTPRequest, _ context: Context) async throws -> HTTPResponse? {
    let path = request.path.split(separator: "/", omittingEmptySubsequences: true)
      .map(String.init)
    guard let (segments, captured, rest) = bestMatch(path) else { return nil }
    let group = routes.filter { $0.segments == segments }
    // Every route of the path reads a query, or none does (`insert`).
    let declared = group.first?.query != nil
    // `?&&` gives empty names: no parameter, so neither repeated nor unknown.
    if declared, let name = request.repeatedQuery.first(where: { !$0.isEmpty }) {
      throw QueryParameterRefused(
        name: String(name.prefix(80)),
        message: "the query gives '\(name.prefix(80))' more than once; give it once")
    }
    let types = group.first?.parameterTypes ?? []
    var values: [any PathParameter] = []
    for (type, text) in zip(types, captured) { values.append(try type.init(pathSegment: text)) }
    let asked = request.method == "HEAD" ? "GET" : request.method
    guard
      let route = group.first(where: { $0.method == asked && (asked == request.method || $0.head) })
    else {
      let methods = group.map(\.method)
      let allowed = methods + (group.contains { $0.method == "GET" && $0.head } ? ["HEAD"] : [])
      throw MethodNotAllowed(
        allowed: allowed,
        message:
          "\(request.path.prefix(80)) answers \(methods.joined(separator: ", ")), not \(request.method.prefix(20))"
      )
    }
    if let accepted = route.query {
      let unknown = request.query.keys.sorted().first {
        !$0.isEmpty && !accepted.contains($0) && !alwaysAccepted.contains($0)
      }
      if let unknown {
        let reads =
          accepted.isEmpty
          ? "this address reads no query" : "it reads " + accepted.joined(separator: ", ")
        throw QueryParameterRefused(
          name: String(unknown.prefix(80)),
          message: "the query has an unknown parameter '\(unknown.prefix(80))' (\(reads))")
      }
    }
    var http = request
    http.method = asked
    return try await route.run(values, RouteRequest(http: http, rest: rest), context)
  }

  /// The most specific pattern matching `path`: its segments, the texts
  /// its parameters matched (prefix removed) and what `*` matched.
  private func bestMatch(_ path: [String]) -> ([Segment], [String], [String])? {
    var best: (segments: [Segment], captured: [String], rest: [String], rank: [Int])?
    var seen: Set<[Segment]> = []
    for route in routes where seen.insert(route.segments).inserted {
      guard let (captured, rest) = Self.match(route.segments, path) else { continue }
      let rank = route.segments.map(\.rank)
      if let current = best, !rank.lexicographicallyPrecedes(current.rank) { continue }
      best = (route.segments, captured, rest, rank)
    }
    return best.map { ($0.segments, $0.captured, $0.rest) }
  }

  /// The parameters' texts and the rest `segments` match in `path`, or nil.
  static func match(_ segments: [Segment], _ path: [String]) -> ([String], [String])? {
    var captured: [String] = []
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .rest:
        guard index < path.count else { return nil }
        return (captured, Array(path[index...]))
      case .literal(let text):
        guard index < path.count, path[index] == text else { return nil }
      case .parameter(let prefix, _):
        guard index < path.count, path[index].hasPrefix(prefix), path[index].count >= prefix.count
        else { return nil }
        captured.append(String(path[index].dropFirst(prefix.count)))
      }
    }
    return segments.count == path.count ? (captured, []) : nil
  }

  /// The methods of the path `pattern` (for tests and documentation), in
  /// the order they were added.
  public func methods(of pattern: String) -> [String] {
    let segments = Self.segments(of: pattern)
    return routes.filter { $0.segments == segments }.map(\.method)
  }
}
