import Foundation
import SportsTimeAPI
import SportsTimeCore

/// An error the API answers with: an HTTP status and the wire format's
/// error document (docs/API.md, "Errors").
struct APIError: Error {
  /// The HTTP status.
  var status: Int
  /// The document sent.
  var document: WireV1.ErrorDocument

  /// An error with this status and document.
  init(status: Int, document: WireV1.ErrorDocument) {
    self.status = status
    self.document = document
  }

  /// A request the API cannot read: 400, naming `field` when one is at
  /// fault.
  static func invalid(_ message: String, field: String? = nil) -> APIError {
    APIError(
      status: 400,
      document: WireV1.ErrorDocument(kind: .invalidInput, message: message, field: field))
  }

  /// A revision that is not a whole number from 1 up (revisions count
  /// from 1): 400 naming `field`; `got` is what was sent, as the message
  /// shows it (at most 20 characters of a text, quoted).
  static func badRevision(_ got: String, field: String = "revision") -> APIError {
    invalid("\(field) must be a whole number from 1 up (got \(got))", field: field)
  }

  /// A whole number too large to be meant (`revision` 1e300, or 30
  /// digits in a query): 400 naming `field`.
  static func outOfRange(field: String) -> APIError {
    invalid(
      "\(field) is out of range (a whole number from 1 up to \(largestWholeNumber))", field: field)
  }

  /// The largest whole number a request may give (below 10^15, where a JSON
  /// number still holds every whole number exactly).
  static let largestWholeNumber = Wire.largestWholeNumber

  /// Nothing at this path: 404.
  static func notFound(_ message: String) -> APIError {
    APIError(status: 404, document: WireV1.ErrorDocument(kind: .notFound, message: message))
  }

  /// The error of any library error, by its kind (`ErrorKind.of`): 404
  /// not found, 400 invalid input, 422 refused, 409 conflict, 503
  /// unavailable (also for an error that says no kind).
  init(_ error: any Error, barriers: [String]? = nil) {
    if let api = error as? APIError {
      self = api
      return
    }
    if let body = error as? WireBodyError {
      self = .invalid(body.message, field: body.field)
      return
    }
    // A text that cannot be stored names its member (`title`, `name`,
    // `address`: the text field's label is the body's key).
    let text = (error as? TextError) ?? (error as? ItineraryRefusal)?.text
    var field = text?.field.label
    switch error as? TripError {
    case .emptyName?, .invalidName?, .nameLooksLikeID?, .sameName?: field = "name"
    default: break
    }
    let document = WireV1.ErrorDocument(error, field: field, barriers: barriers)
    status = APIError.status(of: document.kind ?? .unavailable)
    self.document = document
  }

  /// The HTTP status of an error kind.
  static func status(of kind: ErrorKind) -> Int {
    switch kind {
    case .notFound: return 404
    case .invalidInput: return 400
    case .refused: return 422
    case .conflict: return 409
    case .unavailable: return 503
    }
  }
}
