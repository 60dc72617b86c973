import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain socket, so tests choose every
/// byte (Host, Origin, bodies) and can read a stream as it comes.
public struct RawHTTPClient: Sendable {
  /// A response: status, header fields by lower-cased name, body
  /// (de-chunked).
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields by lower-cased name.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// A connection or protocol failure.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
  }

  /// The port on 127.0.0.1.
  public let port: UInt16

  /// A client of 127.0.0.1:`port`.
  public init(port: UInt16) { self.port = port }

  /// Opens a connection to 127.0.0.1:`port`.
  public func connect() throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(fd)
      throw Failure(description: "connect to port \(port) failed")
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  /// Sends one request (`Connection: close` added) and reads the whole
  /// response.
  public func send(
    _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data()
  ) throws -> Response {
    let fd = try connect()
    defer { close(fd) }
    var head = "\(method) \(target) HTTP/1.1\r\n"
    var fields = headers
    if fields["Host"] == nil { fields["Host"] = "127.0.0.1:\(port)" }
    fields["Connection"] = "close"
    if !body.isEmpty || ["POST", "PATCH", "PUT"].contains(method) {
      fields["Content-Length"] = String(body.count)
    }
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    // The server may answer (and close) before taking the whole body in
    // (a 413 announced by Content-Length): read its answer all the same.
    let sent = Result { try write(fd, Data(head.utf8) + body) }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      received.append(contentsOf: buffer[0..<n])
    }
    if received.isEmpty { try sent.get() }
    return try parse(received)
  }

  /// Writes all of `data` to `fd`.
  public func write(_ fd: Int32, _ data: Data) throws {
    try data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        // No SIGPIPE when the server has closed the connection.
        let n = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        guard n > 0 else { throw Failure(description: "write failed") }
        offset += n
      }
    }
  }

  func parse(_ data: Data) throws -> Response {
    guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
      throw Failure(description: "no complete response head in \(data.count) bytes")
    }
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw Failure(description: "bad status line in \(head)")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Data(data[end.upperBound...])
    if headers["transfer-encoding"] == "chunked" { body = try dechunk(body) }
    return Response(status: status, headers: headers, body: body)
  }

  func dechunk(_ data: Data) throws -> Data {
    var out = Data()
    var rest = data[...]
    while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
      let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { break }
      if size == 0 { break }
      let start = lineEnd.upperBound
      out.append(rest[start..<start + size])
      rest = rest[(start + size + 2)...]
    }
    return out
  }
}
