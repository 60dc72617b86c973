import Foundation

/// Why the server refuses a request before any route sees it.
public struct PolicyRefusal: Sendable, Hashable {
  /// The HTTP status: 403 (foreign host or origin), 401 (no or wrong
  /// token), 415 (a body that is not JSON), 400 (two `Host` fields).
  public var status: Int
  /// What was wrong, in a user's words.
  public var message: String
}

/// Who may talk to the server (issue 10, "Security"; DESIGN.md, "Front
/// ends"): checked on every request before routing.
///
/// - **Host** (DNS rebinding): the `Host` header must name the address the
///   server is bound to — for a loopback address any loopback spelling
///   (`127.0.0.1`, `localhost`, `[::1]`) with the port. A server bound to
///   every address (`0.0.0.0`, `::`) cannot know the names it is reached by
///   and relies on its token instead.
/// - **Origin** (CSRF): a request that may change something (not GET, HEAD
///   or OPTIONS) is refused when its `Origin` is another site's, or when the
///   browser says it is cross-site (`Sec-Fetch-Site: cross-site`). Clients
///   that send no Origin (curl, scripts) pass.
/// - **JSON only**: such a request with a body must say
///   `Content-Type: application/json` (which a cross-site form cannot send).
/// - **Token**: bound to a non-loopback address the server requires its
///   token on every request: `Authorization: Bearer <token>`, the
///   `sportstime_token_<port>` cookie, or `?token=` (how a browser first arrives;
///   the app then sets the cookie). Compared in constant time.
///
/// Body size is limited by the HTTP layer (`HTTPServer.maximumBodySize`);
/// static paths by `StaticFiles`.
public struct RequestPolicy: Sendable, Hashable {
  /// The `Host` values accepted, lower case (`127.0.0.1:8080`); empty
  /// accepts any (a wildcard bind, which requires a token).
  public var allowedHosts: Set<String>
  /// The origins accepted for state-changing requests
  /// (`http://127.0.0.1:8080`), lower case.
  public var allowedOrigins: Set<String>
  /// The token every request must carry; nil on loopback.
  public var token: String?

  /// The name of the cookie that carries the token: `sportstime_token_`
  /// and the port. A browser sends a host's cookies to every port of it
  /// (RFC 6265 §8.5), so a cookie named per port is one server's alone.
  public var tokenCookie: String

  /// The cookie's name for a server on `port`.
  public static func tokenCookie(port: UInt16) -> String { "sportstime_token_\(port)" }

  /// The policy for a server bound to `host`:`port`.
  /// - Parameters:
  ///   - host: the bound address (`127.0.0.1`, `::1`, `localhost`,
  ///     `0.0.0.0`, `192.168.1.20`, …).
  ///   - token: required when `host` is not loopback; ignored on loopback.
  public init(host: String, port: UInt16, token: String?) {
    let lower = host.lowercased()
    let names: [String]
    if Self.isLoopback(lower) {
      let bound = lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
      names =
        ["127.0.0.1", "localhost", "[::1]"]
        + (["127.0.0.1", "localhost", "[::1]"].contains(bound) ? [] : [bound])
      self.token = nil
    } else if Self.isWildcard(lower) {
      names = []
      self.token = token
    } else {
      names = [lower.contains(":") ? "[\(lower)]" : lower]
      self.token = token
    }
    var hosts: Set<String> = []
    var origins: Set<String> = []
    for name in names {
      hosts.insert("\(name):\(port)")
      origins.insert("http://\(name):\(port)")
      if port == 80 {
        hosts.insert(name)
        origins.insert("http://\(name)")
      }
    }
    allowedHosts = hosts
    allowedOrigins = origins
    tokenCookie = Self.tokenCookie(port: port)
  }

  /// True for an address only this machine can reach.
  public static func isLoopback(_ host: String) -> Bool {
    let h = host.lowercased()
    return h == "localhost" || h == "::1" || h == "[::1]" || h.hasPrefix("127.")
  }

  /// True for an address that binds every interface.
  public static func isWildcard(_ host: String) -> Bool {
    ["0.0.0.0", "::", "[::]"].contains(host.lowercased())
  }

  /// The refusal for `request`, or nil when it may proceed.
  public func check(_ request: HTTPRequest) -> PolicyRefusal? {
    // Two Host fields (RFC 9112 §3.2: a server must answer 400): which one
    // a proxy or this server reads could differ.
    if request.repeatedHeaders.contains("host") {
      return PolicyRefusal(
        status: 400, message: "the request names its host twice (two Host headers); send one")
    }
    if !allowedHosts.isEmpty {
      let host = (request.header("Host") ?? "").lowercased()
      guard allowedHosts.contains(host) else {
        return PolicyRefusal(
          status: 403,
          message:
            "this server answers only requests for \(allowedHosts.sorted().joined(separator: ", ")), not '\(host.prefix(80))'"
        )
      }
    }
    if let token, !carries(token, request) {
      return PolicyRefusal(
        status: 401,
        message:
          "this server needs its token: open the address it printed (with ?token=…) or send 'Authorization: Bearer <token>'"
      )
    }
    guard !request.isSafe else { return nil }
    if request.header("Sec-Fetch-Site")?.lowercased() == "cross-site" {
      return PolicyRefusal(
        status: 403, message: "requests from another site may not change anything")
    }
    if let origin = request.header("Origin")?.lowercased(),
      !allowedOrigins.contains(origin), !(allowedHosts.isEmpty && Self.sameHost(origin, request))
    {
      return PolicyRefusal(
        status: 403,
        message: "requests from \(origin.prefix(80)) may not change anything here")
    }
    if !request.body.isEmpty {
      let type = (request.header("Content-Type") ?? "").lowercased()
      let media = type.split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard media == "application/json" else {
        return PolicyRefusal(
          status: 415,
          message:
            "request bodies must be JSON (Content-Type: application/json), not '\(type.prefix(80))'"
        )
      }
    }
    return nil
  }

  /// For a wildcard bind: the origin names the host the request was sent
  /// to (`http://` + its Host header).
  private static func sameHost(_ origin: String, _ request: HTTPRequest) -> Bool {
    guard let host = request.header("Host")?.lowercased(), !host.isEmpty else { return false }
    return origin == "http://\(host)"
  }

  /// True when `request` carries `token` (header, cookie or query).
  private func carries(_ token: String, _ request: HTTPRequest) -> Bool {
    var offered: [String] = []
    if let authorization = request.header("Authorization"),
      authorization.lowercased().hasPrefix("bearer ")
    {
      offered.append(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
    }
    if let cookies = request.header("Cookie") {
      for pair in cookies.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        if parts.count == 2, parts[0] == tokenCookie { offered.append(parts[1]) }
      }
    }
    if let query = request.query["token"] { offered.append(query) }
    return offered.contains { Self.constantTimeEqual($0, token) }
  }

  /// Compares two texts in time that depends only on their lengths.
  static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
  }

  /// A new random token: 32 hexadecimal digits (128 bits from the system's
  /// generator).
  /// The fewest characters a given token may have: a token guards every
  /// request off loopback, so it must not be guessable (the generated one
  /// has 32 hex digits, 128 bits).
  public static let minimumTokenLength = 16

  /// Checks a token given by the user.
  /// - Throws: `HTTPServerError` when it is shorter than
  ///   `minimumTokenLength` characters, or holds a space, a control
  ///   character or a character a URL would have to escape.
  public static func checkToken(_ token: String) throws {
    guard token.count >= minimumTokenLength else {
      throw HTTPServerError(
        "the token must have at least \(minimumTokenLength) characters (it guards every request); leave it out to get a random one"
      )
    }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    guard token.allSatisfy(allowed.contains) else {
      throw HTTPServerError(
        "the token may hold only letters, digits and - . _ ~ (it is part of the address)")
    }
  }

  public static func generateToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator))
    }
    .joined()
  }
}
