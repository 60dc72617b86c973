import CMicroHTTPD
import Foundation

/// A `text/event-stream` response body (Server-Sent Events, WHATWG HTML
/// §9.2): events are queued with `send`, written as the client reads, and
/// the stream stays open until `close()` or the server stops.
///
/// While nothing is queued the connection is suspended (no thread waits);
/// `send` resumes it. Thread-safe.
public final class EventStream: @unchecked Sendable {
  private let lock = NSLock()
  private var pending = Data()
  private var closed = false
  private var suspended = false
  private var connection: OpaquePointer?
  /// The connection's socket while attached (-1 otherwise).
  private var socket: Int32 = -1

  /// Creates an open stream with nothing queued.
  public init() {}

  /// Queues one event: `event: <name>` and the data, one `data:` line per
  /// line of `data`, then a blank line. Nothing after `close()`.
  public func send(event name: String, data: String) {
    var text = "event: \(name)\n"
    for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
      text += "data: \(line)\n"
    }
    write(text + "\n")
  }

  /// Queues a comment line (`: <text>`), which clients ignore: a heartbeat
  /// that lets the server notice a client that went away.
  public func comment(_ text: String) { write(": \(text)\n\n") }

  /// Ends the stream: what is queued is still written, then the response
  /// ends.
  public func close() {
    lock.lock()
    closed = true
    let resume = takeSuspended()
    lock.unlock()
    if let resume { sportstime_mhd_resume(resume) }
  }

  /// True once `close()` was called or the client went away.
  public var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  private func write(_ text: String) {
    lock.lock()
    guard !closed else {
      lock.unlock()
      return
    }
    pending.append(contentsOf: Array(text.utf8))
    let resume = takeSuspended()
    lock.unlock()
    if let resume { sportstime_mhd_resume(resume) }
  }

  /// The connection to resume when it is suspended (called locked).
  private func takeSuspended() -> OpaquePointer? {
    guard suspended, let connection else { return nil }
    suspended = false
    return connection
  }

  /// Binds the stream to the connection that writes it (when the response
  /// is queued).
  func attach(_ connection: OpaquePointer) {
    lock.lock()
    self.connection = connection
    socket = sportstime_mhd_connection_socket(connection)
    lock.unlock()
  }

  /// Whether the client has closed its end (an orderly close or a reset),
  /// seen without reading: libmicrohttpd does not watch a suspended
  /// connection, so without this a closed page's stream would hold its
  /// place until the next heartbeat tried to write to it. Closes the
  /// stream when it has. A client sends nothing on an event stream, so
  /// waiting bytes mean it is still there.
  public func closeIfClientLeft() -> Bool {
    lock.lock()
    let fd = socket
    let open = !closed
    lock.unlock()
    guard open, fd >= 0 else { return !open }
    var byte: UInt8 = 0
    let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    let left = n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    if left { close() }
    return left
  }

  /// The content reader's step: copies up to `capacity` queued bytes into
  /// `buffer` and returns their count; with nothing queued suspends the
  /// connection and returns 0 (`send` resumes it), or ends the stream once
  /// closed.
  func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    if pending.isEmpty {
      if closed { return sportstime_mhd_end_of_stream }
      if let connection {
        suspended = true
        sportstime_mhd_suspend(connection)
      }
      return 0
    }
    let count = min(capacity, pending.count)
    pending.withUnsafeBytes { raw in
      if let base = raw.baseAddress {
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
      }
    }
    pending.removeFirst(count)
    return count
  }

  /// The response is gone (client closed, or the stream ended).
  func detach() {
    lock.lock()
    closed = true
    connection = nil
    socket = -1
    suspended = false
    lock.unlock()
  }
}
