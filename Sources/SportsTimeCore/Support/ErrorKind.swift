/// What kind of failure an error is, so a front end can answer without
/// reading its message (an HTTP server: 404, 400, 422, 409, 503).
///
/// The raw value is the wire name (`"conflict"`, `"not-found"`, …).
public enum ErrorKind: String, Sendable, Hashable, CaseIterable {
  /// What was asked for does not exist (HTTP 404).
  case notFound = "not-found"
  /// The request itself is malformed or out of range (HTTP 400).
  case invalidInput = "invalid-input"
  /// A rule refuses the change; nothing changed (HTTP 422).
  case refused
  /// The change was based on a state that has moved on (a stale trip
  /// revision); nothing changed (HTTP 409).
  case conflict
  /// The store or a resource cannot be used right now (HTTP 503).
  case unavailable
}
