import Foundation
import SportsTimeCore

/// A request body refused before any rule ran: what is wrong, in words, and
/// the member at fault by its whole path (`place.day`, `games[2]`), nil for
/// the body as a whole. Always invalid input (HTTP 400).
public struct WireBodyError: Error, Sendable, Hashable {
  /// One sentence naming the member.
  public var message: String
  /// The member's path in the body, or nil.
  public var field: String?

  /// A refusal saying `message` about `field`.
  public init(_ message: String, field: String? = nil) {
    self.message = message
    self.field = field
  }
}

extension Wire {
  /// Decodes a request body (JSON text, UTF-8; an empty body is `{}`) into
  /// its wire type, refusing any member the type does not read (its
  /// `CodingKeys`: list them as `CaseIterable` so the refusal names what
  /// the body reads).
  /// - Throws: `WireBodyError` naming the member at fault: text that is not
  ///   JSON, a body that is not an object, an unknown key, a member of the
  ///   wrong type or missing, or what the type's own checks refuse.
  public static func decodeBody<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let value: JSONValue
    if data.isEmpty {
      value = .object([])
    } else {
      do {
        value = try JSONText.value(data)
      } catch {
        throw WireBodyError("the request body is not JSON: \(error)")
      }
    }
    guard case .object = value else {
      throw WireBodyError("the request body must be a JSON object")
    }
    do {
      return try T(from: NodeDecoder(value: value, codingPath: [], strict: true))
    } catch let error as WireBodyError {
      throw error
    } catch let unknown as UnknownKey {
      let key = String(unknown.key.prefix(80))
      let object = unknown.codingPath.isEmpty ? "the request body" : field(unknown.codingPath)
      let reads =
        unknown.known.map {
          $0.isEmpty ? " (it takes no members)" : " (it reads \($0.joined(separator: ", ")))"
        } ?? ""
      throw WireBodyError(
        "\(object) has an unknown key '\(key)'\(reads)", field: field(unknown.codingPath, key))
    } catch let error as DecodingError {
      throw bodyError(error, in: value)
    }
  }

  /// How a request's error names the member at `path`: keys joined by
  /// dots, array positions in brackets (`items[2].place.latitude`).
  public static func field(_ path: [any CodingKey], _ last: String? = nil) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue, key.stringValue == String(index) {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    if let last { text += text.isEmpty ? last : ".\(last)" }
    return text
  }

  /// The refusal of a decoding error, in the words requests have used
  /// ("title must be a string", "place is missing").
  static func bodyError(_ error: DecodingError, in body: JSONValue) -> WireBodyError {
    switch error {
    case .keyNotFound(let key, let context):
      let name = field(context.codingPath, key.stringValue)
      return WireBodyError("\(name) is missing", field: name)
    case .valueNotFound(_, let context):
      let name = field(context.codingPath)
      return WireBodyError("\(name) is missing", field: name)
    case .typeMismatch(let type, let context):
      let name = field(context.codingPath)
      let found = Wire.value(at: context.codingPath, in: body)
      if case .null? = found { return WireBodyError("\(name) is missing", field: name) }
      return WireBodyError("\(name) must be \(describe(type, found: found))", field: name)
    case .dataCorrupted(let context):
      let name = field(context.codingPath)
      return WireBodyError(
        context.debugDescription, field: context.codingPath.isEmpty ? nil : name)
    @unknown default:
      return WireBodyError("\(error)")
    }
  }

  /// "a string", "a whole number", … for what a member must be.
  private static func describe(_ type: Any.Type, found: JSONValue?) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Double.Type, is Float.Type: return "a number"
    case is any FixedWidthInteger.Type: return "a whole number"
    case is [Any].Type: return "an array"
    case is [String: Any].Type: return "an object"
    default: return "\(type)"
    }
  }

  /// The member of `body` at `path`, nil when there is none.
  static func value(at path: [any CodingKey], in body: JSONValue) -> JSONValue? {
    var node = body
    for key in path {
      switch node {
      case .object(let pairs):
        guard let next = pairs.first(where: { $0.0 == key.stringValue })?.1 else { return nil }
        node = next
      case .array(let items):
        guard let index = key.intValue, items.indices.contains(index) else { return nil }
        node = items[index]
      default: return nil
      }
    }
    return node
  }
}

extension KeyedDecodingContainer {
  /// The member at `key` as a request reads one that may be left out but
  /// never cleared (an item's title or category): nil when absent.
  /// - Throws: `WireBodyError` naming the member when it is null ("title
  ///   cannot be null: give a string, or leave it out"); as
  ///   `decode(_:forKey:)` otherwise.
  public func unclearable(_ type: String.Type, forKey key: Key) throws -> String? {
    guard contains(key) else { return nil }
    if try decodeNil(forKey: key) {
      let name = Wire.field(codingPath, key.stringValue)
      throw WireBodyError(
        "\(name) cannot be null: give a string, or leave it out", field: name)
    }
    return try decode(type, forKey: key)
  }

  /// The member at `key` as a request reads a clearable one: nil when
  /// absent, `.some(nil)` when null (clear it), else its value.
  /// - Throws: as `decode(_:forKey:)`.
  public func clearable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?? {
    guard contains(key) else { return nil }
    if try decodeNil(forKey: key) { return .some(nil) }
    return .some(try decode(type, forKey: key))
  }

  /// The whole number at `key` (at most 999,999,999,999,999 from zero,
  /// where a JSON number still holds every whole number exactly); nil
  /// when absent or null.
  /// - Throws: `WireBodyError` for a number that is not whole or too
  ///   large, or a value that is no number.
  public func wholeNumber(forKey key: Key) throws -> Int? {
    let name = Wire.field(codingPath, key.stringValue)
    let found: Double?
    do {
      found = try decodeIfPresent(Double.self, forKey: key)
    } catch DecodingError.typeMismatch {
      throw WireBodyError("\(name) must be a whole number", field: name)
    }
    guard let number = found else { return nil }
    guard number == number.rounded() else {
      throw WireBodyError("\(name) must be a whole number", field: name)
    }
    guard abs(number) <= Double(Wire.largestWholeNumber) else {
      throw WireBodyError(
        "\(name) is out of range (a whole number from 1 up to \(Wire.largestWholeNumber))",
        field: name)
    }
    return Int(number)
  }

  /// The revision a write is based on at `key`: a whole number from 1 up
  /// (revisions count from 1); nil when absent or null.
  /// - Throws: `WireBodyError` for anything else.
  public func revision(forKey key: Key) throws -> Int? {
    guard let value = try wholeNumber(forKey: key) else { return nil }
    guard value >= 1 else {
      let name = Wire.field(codingPath, key.stringValue)
      throw WireBodyError("\(name) must be a whole number from 1 up (got \(value))", field: name)
    }
    return value
  }

  /// The strings at `key`; nil when absent or null.
  /// - Throws: `WireBodyError` for a member that is no array ("… must be
  ///   an array of strings") or an item that is no string (`games[2]`).
  public func strings(forKey key: Key) throws -> [String]? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    do {
      _ = try nestedUnkeyedContainer(forKey: key)
    } catch DecodingError.typeMismatch {
      throw refusal(key) { "\($0) must be an array of strings" }
    }
    return try decode([String].self, forKey: key)
  }

  /// A refusal of the member at `key` in `message(name)`, where `name` is
  /// the member's whole path.
  public func refusal(_ key: Key, _ message: (String) -> String) -> WireBodyError {
    let name = Wire.field(codingPath, key.stringValue)
    return WireBodyError(message(name), field: name)
  }
}

extension Wire {
  /// The largest whole number a request may give (below 10^15, where a
  /// JSON number still holds every whole number exactly).
  public static let largestWholeNumber = 999_999_999_999_999
}
