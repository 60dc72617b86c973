import CMicroHTTPD
import Foundation

/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, in a user's words.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// An HTTP/1.1 server on libmicrohttpd (DESIGN.md, "Front ends"; STACK.md,
/// "HTTP"): a pool of threads polling with epoll, each request answered by
/// an `async` handler while its connection is suspended (no thread waits
/// on a handler), request bodies limited in size, Server-Sent Events
/// through `HTTPResponse.Body.events`.
///
/// ```swift
/// let server = HTTPServer(host: "127.0.0.1", port: 0) { request in
///   HTTPResponse(status: 200, contentType: "text/plain", bytes: Data("hi".utf8))
/// }
/// try server.start()      // server.port: the port the system chose
/// server.stop()           // finishes the requests in flight, then stops
/// ```
public final class HTTPServer: @unchecked Sendable {
  /// Answers one request.
  public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

  /// The address to bind: an IPv4 or IPv6 literal, or `localhost`.
  public let host: String
  /// The largest request body accepted, in bytes; a larger one is answered
  /// 413 without calling the handler.
  public let maximumBodySize: Int
  /// Threads polling connections.
  public let threads: Int

  /// How many connections the server holds, and for how long: a client
  /// cannot lock the others out by opening connections and sending nothing.
  public struct Limits: Sendable, Hashable {
    /// Connections at once, in all (more wait in the system's queue,
    /// unanswered, until one closes).
    public var connections = 512
    /// Connections at once from one client address (a browser opens about
    /// six per server, and one per tab for its event stream); more are
    /// closed as they arrive.
    public var perAddress = 128
    /// Seconds a connection may stay idle (no byte received or sent; a
    /// request being answered or an open event stream is not idle).
    public var idleSeconds = 15
    /// Query arguments in one request; a request with more is answered 400
    /// (`Refusal.tooManyArguments`).
    public var queryArguments = 100

    /// The defaults.
    public init() {}
  }

  /// Why a request is answered before its handler sees it.
  public enum Refusal: Sendable, Hashable {
    /// A body (announced by `Content-Length` or received) over the limit,
    /// in bytes: 413.
    case bodyTooLarge(limit: Int)
    /// More query arguments than the limit: 400.
    case tooManyArguments(limit: Int)
    /// A target holding `%00`: 400. libmicrohttpd decodes it into a NUL
    /// that ends the path's C string, so `/api/trips/ID%00xyz` would reach
    /// the handler as `/api/trips/ID`.
    case nulInTarget
  }

  /// The limits in force.
  public let limits: Limits

  private let requestedPort: UInt16
  private let handler: Handler
  fileprivate let tooLarge: @Sendable (Int) -> HTTPResponse
  fileprivate let refuse: @Sendable (Refusal) -> HTTPResponse
  fileprivate let screen: (@Sendable (HTTPRequest) -> HTTPResponse?)?
  private let lock = NSLock()
  private var daemon: OpaquePointer?
  private var boundPort: UInt16 = 0
  private var inFlight = 0
  private var streams: [ObjectIdentifier: EventStream] = [:]
  private var listenSocket: Int32 = -1

  /// A server for `host`:`port` (0: any free port, read `port` after
  /// `start()`), not yet listening.
  /// - Parameters:
  ///   - refuse: the answer to a request refused before its handler (413
  ///     for a body over `maximumBodySize`, 400 for too many query
  ///     arguments); by default a plain text line.
  ///   - screen: called with each request's head (its body empty) as soon
  ///     as the head has arrived, before any body is taken in: an answer
  ///     it returns is sent at once (the connection then closes), so a
  ///     request without its token, or to a route that takes no body,
  ///     costs no memory for the body. Nil: every head passes.
  public init(
    host: String, port: UInt16, threads: Int = 4, maximumBodySize: Int = 1 << 20,
    limits: Limits = Limits(),
    refuse: @escaping @Sendable (Refusal) -> HTTPResponse = HTTPServer.plainRefusal,
    screen: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
    handler: @escaping Handler
  ) {
    self.refuse = refuse
    self.tooLarge = { refuse(.bodyTooLarge(limit: $0)) }
    self.screen = screen
    self.limits = limits
    self.host = host
    self.requestedPort = port
    self.threads = max(1, threads)
    self.maximumBodySize = maximumBodySize
    self.handler = handler
  }

  deinit {
    if daemon != nil { stop() }
  }

  /// The default refusals: a plain text line with 413 or 400.
  public static let plainRefusal: @Sendable (Refusal) -> HTTPResponse = { refusal in
    let (status, text) =
      switch refusal {
      case .bodyTooLarge(let limit): (413, "the request body is larger than \(limit) bytes")
      case .tooManyArguments(let limit): (400, "the query has more than \(limit) parameters")
      case .nulInTarget: (400, "the address holds %00 (a NUL character)")
      }
    return HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8", bytes: Data((text + "\n").utf8))
  }

  /// The port the server listens on (after `start()`).
  public var port: UInt16 {
    lock.lock()
    defer { lock.unlock() }
    return boundPort
  }

  /// Requests received and not yet answered (their head has arrived).
  public var requestsInFlight: Int {
    lock.lock()
    defer { lock.unlock() }
    return inFlight
  }

  /// Starts listening.
  /// - Throws: `HTTPServerError` when `host` is no IP address or the
  ///   address cannot be bound (in use, not this machine's, no permission).
  public func start() throws {
    lock.lock()
    defer { lock.unlock() }
    guard daemon == nil else { return }
    var flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
    #if os(Linux)
      flags |= MHD_USE_EPOLL.rawValue
    #else
      flags |= MHD_USE_POLL.rawValue
    #endif
    if let error = sportstime_mhd_load_error() {
      throw HTTPServerError(
        "the HTTP library cannot be loaded (\(String(cString: error))); install Debian's libmicrohttpd12"
      )
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    let started: OpaquePointer? = try Self.withSocketAddress(host: host, port: requestedPort) {
      address, isIPv6 in
      sportstime_mhd_start(
        flags | (isIPv6 ? MHD_USE_IPv6.rawValue : 0), address, UInt32(threads),
        UInt32(limits.idleSeconds), 64 * 1024, UInt32(limits.connections),
        UInt32(limits.perAddress), accessHandler, context, completedHandler, context,
        uriSeen, context)
    }
    guard let started else {
      let reason = String(cString: strerror(errno))
      throw HTTPServerError(
        "cannot listen on \(Self.authority(host: host, port: requestedPort)): \(reason)")
    }
    daemon = started
    boundPort = sportstime_mhd_bound_port(started)
  }

  /// Stops: accepts no new connection, closes the event streams, waits
  /// (at most `timeout` seconds) for the requests in flight to be answered,
  /// then closes every connection. When a request is still unanswered
  /// then, the daemon is left to end with the process instead:
  /// libmicrohttpd aborts the whole process when stopped with a request
  /// still suspended (daemon.c: "MHD_stop_daemon() called while we have
  /// suspended connections").
  public func stop(timeout: TimeInterval = 10) {
    lock.lock()
    guard let running = daemon else {
      lock.unlock()
      return
    }
    listenSocket = sportstime_mhd_quiesce(running)
    let open = Array(streams.values)
    lock.unlock()
    for stream in open { stream.close() }
    let deadline = Date().addingTimeInterval(timeout)
    var busy = 0
    while Date() < deadline {
      lock.lock()
      busy = inFlight
      lock.unlock()
      if busy == 0 { break }
      usleep(5_000)
    }
    if busy == 0 {
      sportstime_mhd_stop(running)
    } else {
      FileHandle.standardError.write(
        Data(
          "sportstime: \(busy) request(s) still unanswered after \(Int(timeout)) s; the server stops with the process\n"
            .utf8))
    }
    lock.lock()
    daemon = nil
    if listenSocket >= 0 { Foundation.close(listenSocket) }
    listenSocket = -1
    lock.unlock()
  }

  /// `host:port`, with brackets around an IPv6 literal.
  public static func authority(host: String, port: UInt16) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  // MARK: - The connection's life

  /// One request's state across libmicrohttpd's calls: the body as it
  /// arrives, then the handler's answer.
  final class Exchange: @unchecked Sendable {
    /// Whether the access handler has seen the request's head.
    var started = false
    /// Whether the query had more arguments than `Limits.queryArguments`.
    var tooManyArguments = false
    /// Whether the target as sent holds `%00` (`Refusal.nulInTarget`).
    var nulInTarget = false
    var body = Data()
    var tooLarge = false
    var dispatched = false
    var response: HTTPResponse?
    let lock = NSLock()
  }

  fileprivate func begin() {
    lock.lock()
    inFlight += 1
    lock.unlock()
  }

  fileprivate func end() {
    lock.lock()
    inFlight -= 1
    lock.unlock()
  }

  fileprivate func register(_ stream: EventStream) {
    lock.lock()
    streams[ObjectIdentifier(stream)] = stream
    lock.unlock()
  }

  fileprivate func unregister(_ stream: EventStream) {
    lock.lock()
    streams[ObjectIdentifier(stream)] = nil
    lock.unlock()
  }

  /// Runs the handler for `request` in a task and resumes `connection`
  /// with its answer.
  fileprivate func dispatch(
    _ request: HTTPRequest, exchange: Exchange, connection: SuspendedConnection
  ) {
    let handler = self.handler
    Task {
      let response = await handler(request)
      exchange.lock.withLock { exchange.response = response }
      sportstime_mhd_resume(connection.pointer)
    }
  }

  /// Queues `response` on `connection` (within the access handler).
  fileprivate func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .bytes(let data):
      made = data.withUnsafeBytes { raw in
        sportstime_mhd_response_from_buffer(
          data.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
          MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
      }
    case .events(let stream):
      stream.attach(connection)
      register(stream)
      let box = Unmanaged.passRetained(StreamBox(stream: stream, server: self)).toOpaque()
      made = sportstime_mhd_response_from_callback(
        sportstime_mhd_size_unknown, 4096, streamReader, box, streamFreed)
    }
    guard let made else { return MHD_Result.NO }
    for header in response.headers {
      sportstime_mhd_add_header(made, header.name, header.value)
    }
    let result = sportstime_mhd_queue(connection, UInt32(response.status), made)
    sportstime_mhd_destroy(made)
    return result
  }

  /// Calls `body` with `host`:`port` as a socket address.
  private static func withSocketAddress<R>(
    host: String, port: UInt16, _ body: (UnsafePointer<sockaddr>, Bool) -> R
  ) throws -> R {
    let literal = host == "localhost" ? "127.0.0.1" : host
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      return withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, false) }
      }
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      return withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, true) }
      }
    }
    throw HTTPServerError(
      "'\(host.prefix(80))' is not an IP address (give one such as 127.0.0.1 or ::1, or localhost)")
  }
}

/// A suspended connection handed to the task that answers it.
struct SuspendedConnection: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// What the event stream's content reader needs.
final class StreamBox {
  let stream: EventStream
  let server: HTTPServer
  init(stream: EventStream, server: HTTPServer) {
    self.stream = stream
    self.server = server
  }
}

/// Collects a connection's values (headers, query arguments).
private final class ValueCollector {
  var values: [String: String] = [:]
  var repeated: Set<String> = []
  /// Whether names are kept lower-cased (header fields).
  var lowercased = false
  /// How many values were seen (query arguments past a limit are refused).
  var count = 0
}

private let collectValue: MHD_KeyValueIterator = { context, _, key, value in
  guard let context, let key else { return MHD_Result.YES }
  let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
  collector.count += 1
  let name = collector.lowercased ? String(cString: key).lowercased() : String(cString: key)
  let text = value.map { String(cString: $0) } ?? ""
  if collector.values[name] == nil {
    collector.values[name] = text
  } else {
    collector.repeated.insert(name)
  }
  return MHD_Result.YES
}

private func collect(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool = false)
  -> ValueCollector
{
  let collector = ValueCollector()
  collector.lowercased = lowercased
  let context = Unmanaged.passUnretained(collector).toOpaque()
  sportstime_mhd_values(connection, kind, collectValue, context)
  return collector
}

private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, uploadData, uploadDataSize, state in
  guard let context, let connection, let state, let uploadDataSize else { return MHD_Result.NO }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  let exchange: HTTPServer.Exchange
  if let existing = state.pointee {
    exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(existing).takeUnretainedValue()
  } else {
    exchange = HTTPServer.Exchange()
    state.pointee = Unmanaged.passRetained(exchange).toOpaque()
  }
  guard exchange.started else {
    exchange.started = true
    server.begin()
    if exchange.tooManyArguments {
      return server.queue(
        server.refuse(.tooManyArguments(limit: server.limits.queryArguments)), on: connection)
    }
    if exchange.nulInTarget { return server.queue(server.refuse(.nulInTarget), on: connection) }
    let headers = collect(connection, .HEADER_KIND, lowercased: true)
    let announced = headers.values["content-length"].flatMap { Int($0) }
    if let announced, announced > server.maximumBodySize {
      // Refused before `Expect: 100-continue` is answered or a byte of
      // the body is read.
      return server.queue(server.tooLarge(server.maximumBodySize), on: connection)
    }
    if let screen = server.screen {
      let query = collect(connection, .GET_ARGUMENT_KIND)
      var head = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET",
        path: url.map { String(cString: $0) } ?? "/",
        query: query.values, repeatedQuery: query.repeated.sorted(), headers: headers.values)
      head.repeatedHeaders = headers.repeated.sorted()
      if let refusal = screen(head) { return server.queue(refusal, on: connection) }
    }
    // First call: headers only. Answering on a later call keeps the
    // connection alive (STACK.md).
    return MHD_Result.YES
  }
  if uploadDataSize.pointee > 0 {
    let count = uploadDataSize.pointee
    if !exchange.tooLarge, let uploadData {
      if exchange.body.count + count > server.maximumBodySize {
        exchange.tooLarge = true
        exchange.body = Data()
      } else {
        exchange.body.append(
          UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: count)
      }
    }
    uploadDataSize.pointee = 0
    return MHD_Result.YES
  }
  exchange.lock.lock()
  let answer = exchange.response
  let dispatched = exchange.dispatched
  exchange.dispatched = true
  exchange.lock.unlock()
  if let answer { return server.queue(answer, on: connection) }
  if dispatched { return MHD_Result.YES }
  if exchange.tooLarge {
    return server.queue(server.tooLarge(server.maximumBodySize), on: connection)
  }
  let query = collect(connection, .GET_ARGUMENT_KIND)
  let headers = collect(connection, .HEADER_KIND, lowercased: true)
  var request = HTTPRequest(
    method: method.map { String(cString: $0) } ?? "GET",
    path: url.map { String(cString: $0) } ?? "/",
    query: query.values, repeatedQuery: query.repeated.sorted(),
    headers: headers.values, body: exchange.body)
  request.repeatedHeaders = headers.repeated.sorted()
  sportstime_mhd_suspend(connection)
  server.dispatch(request, exchange: exchange, connection: SuspendedConnection(pointer: connection))
  return MHD_Result.YES
}

private let completedHandler: MHD_RequestCompletedCallback = { context, _, state, _ in
  guard let context, let state, let existing = state.pointee else { return }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  let exchange = Unmanaged<HTTPServer.Exchange>.fromOpaque(existing).takeRetainedValue()
  state.pointee = nil
  if exchange.started { server.end() }
}

/// Each request's target as sent, before libmicrohttpd parses its query:
/// a query with more arguments than the limit is emptied (and the request
/// answered 400) rather than parsed; a target holding `%00` is marked to
/// be answered 400. Returns the request's state.
private let uriSeen:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?
  ) -> UnsafeMutableRawPointer? = { context, uri, _ in
    let exchange = HTTPServer.Exchange()
    if let context {
      let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
      exchange.tooManyArguments =
        sportstime_truncate_query(uri, UInt32(server.limits.queryArguments)) != 0
    }
    exchange.nulInTarget = uri.map(holdsEscapedNul) ?? false
    return Unmanaged.passRetained(exchange).toOpaque()
  }

/// Whether the C string `text` holds `%00` (a NUL, percent-encoded).
private func holdsEscapedNul(_ text: UnsafePointer<CChar>) -> Bool {
  var p = text
  while p.pointee != 0 {
    if p.pointee == CChar(UInt8(ascii: "%")), p[1] == CChar(UInt8(ascii: "0")),
      p[2] == CChar(UInt8(ascii: "0"))
    {
      return true
    }
    p += 1
  }
  return false
}

private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
  guard let context, let buffer else { return sportstime_mhd_end_with_error }
  let box = Unmanaged<StreamBox>.fromOpaque(context).takeUnretainedValue()
  return box.stream.read(into: buffer, capacity: capacity)
}

private let streamFreed: MHD_ContentReaderFreeCallback = { context in
  guard let context else { return }
  let box = Unmanaged<StreamBox>.fromOpaque(context).takeRetainedValue()
  box.stream.detach()
  box.server.unregister(box.stream)
}
