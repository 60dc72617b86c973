import Foundation
import SportsTimeAPI
import SportsTimeCore

/// A request's body, checked to be one JSON object when it is read (so a
/// body that is not JSON is refused before the route looks anything up),
/// then decoded into its wire type (`WireV1+Requests.swift`).
struct JSONBody {
  /// The body's text as sent.
  let data: Data

  /// The body as its wire type (`Wire.decodeBody`: unknown keys refused,
  /// errors naming the member).
  /// - Throws: `APIError` (400) naming the member at fault.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    do {
      return try Wire.decodeBody(type, from: data)
    } catch let error as WireBodyError {
      throw APIError(error)
    }
  }

  /// Checks that `data` is one JSON object; an empty body is an empty
  /// object.
  /// - Throws: `APIError` (400) for text that is not JSON, or not an
  ///   object.
  init(_ data: Data) throws {
    self.data = data
    guard !data.isEmpty else { return }
    let value: JSONValue
    do {
      value = try JSONText.value(data)
    } catch {
      throw APIError.invalid("the request body is not JSON: \(error)")
    }
    guard case .object = value else {
      throw APIError.invalid("the request body must be a JSON object")
    }
  }
}
