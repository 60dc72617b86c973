import Foundation

/// One header field of a response.
public struct HTTPHeader: Sendable, Hashable {
  /// The field's name (`Content-Type`).
  public var name: String
  /// Its value.
  public var value: String

  /// Creates a header field.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// An HTTP response: a status, header fields and a body of bytes or a
/// stream of Server-Sent Events.
public struct HTTPResponse: Sendable {
  /// What the body is.
  public enum Body: Sendable {
    /// A complete body.
    case bytes(Data)
    /// A `text/event-stream` body written as events come
    /// (`EventStream.send`), open until the stream or the server closes.
    case events(EventStream)
  }

  /// The status code (200, 404, …).
  public var status: Int
  /// The header fields, in order.
  public var headers: [HTTPHeader]
  /// The body.
  public var body: Body

  /// Creates a response; see the properties.
  public init(status: Int, headers: [HTTPHeader] = [], body: Body = .bytes(Data())) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response of `bytes` with `Content-Type: contentType`.
  public init(status: Int, contentType: String, bytes: Data, headers: [HTTPHeader] = []) {
    self.init(
      status: status, headers: [HTTPHeader("Content-Type", contentType)] + headers,
      body: .bytes(bytes))
  }

  /// The body's bytes; nil for an event stream.
  public var bytes: Data? {
    if case .bytes(let data) = body { return data }
    return nil
  }

  /// The value of header `name` (any case), or nil.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}
