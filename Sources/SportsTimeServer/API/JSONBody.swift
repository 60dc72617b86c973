import Foundation
import SportsTimeAPI
import SportsTimeCore

/// A request's JSON object, read field by field with errors that name the
/// field (`APIError.invalid(_:field:)`).
struct JSONBody {
  /// The object's members.
  let members: [String: JSONValue]
  /// Where this object sits in the request body (`"place"`), nil for the
  /// body itself: errors name a member by its whole path (`place.day`).
  let path: String?
  /// The body's text as sent (empty inside an object).
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

  /// How errors name member `key`: `key`, or `path.key` inside an object.
  func name(_ key: String) -> String { path.map { "\($0).\(key)" } ?? key }

  /// Reads `data` as one JSON object; an empty body is an empty object.
  /// - Throws: `APIError` (400) for text that is not JSON, or not an
  ///   object.
  init(_ data: Data) throws {
    path = nil
    self.data = data
    if data.isEmpty {
      members = [:]
      return
    }
    let value: JSONValue
    do {
      value = try JSONText.value(data)
    } catch {
      throw APIError.invalid("the request body is not JSON: \(error)")
    }
    guard case .object(let pairs) = value else {
      throw APIError.invalid("the request body must be a JSON object")
    }
    members = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
  }

  /// Refuses a member this request does not read, so a misspelt or
  /// unsupported key is never silently ignored.
  /// - Parameters:
  ///   - keys: the members the request reads, in the order the message
  ///     lists them.
  ///   - object: how the message names this object ("the request body",
  ///     "place").
  /// - Throws: `APIError` (400) naming the first unknown member (in key
  ///   order) as its field.
  func allowing(_ keys: [String]) throws {
    guard let unknown = members.keys.sorted().first(where: { !keys.contains($0) }) else { return }
    throw APIError.invalid(
      "\(path ?? "the request body") has an unknown key '\(unknown.prefix(80))' (it reads \(keys.joined(separator: ", ")))",
      field: name(String(unknown.prefix(80))))
  }

  /// True when `key` is present (null included).
  func has(_ key: String) -> Bool { members[key] != nil }

  /// True when `key` is present and null.
  func isNull(_ key: String) -> Bool {
    if case .null? = members[key] { return true }
    return false
  }

  /// The string at `key`; nil when absent or null.
  func string(_ key: String) throws -> String? {
    switch members[key] {
    case nil, .null?: return nil
    case .string(let s)?: return s
    default: throw APIError.invalid("\(name(key)) must be a string", field: name(key))
    }
  }

  /// The string at `key`, which must be there.
  func requiredString(_ key: String) throws -> String {
    guard let value = try string(key) else {
      throw APIError.invalid("\(name(key)) is missing", field: name(key))
    }
    return value
  }

  /// The number at `key`; nil when absent or null.
  func number(_ key: String) throws -> Double? {
    switch members[key] {
    case nil, .null?: return nil
    case .int(let i)?: return Double(i)
    case .number(let d)?: return d
    default: throw APIError.invalid("\(name(key)) must be a number", field: name(key))
    }
  }

  /// The true or false at `key`; nil when absent or null.
  func bool(_ key: String) throws -> Bool? {
    switch members[key] {
    case nil, .null?: return nil
    case .bool(let b)?: return b
    default: throw APIError.invalid("\(name(key)) must be true or false", field: name(key))
    }
  }

  /// The whole number at `key`; nil when absent or null.
  func integer(_ key: String) throws -> Int? {
    switch members[key] {
    case nil, .null?: return nil
    case .int(let i)?: return i
    case .number(let d)? where d == d.rounded() && abs(d) < 1e15: return Int(d)
    case .number(let d)? where d == d.rounded():
      throw APIError.outOfRange(field: name(key))
    default: throw APIError.invalid("\(name(key)) must be a whole number", field: name(key))
    }
  }

  /// The strings at `key`; nil when absent.
  func strings(_ key: String) throws -> [String]? {
    switch members[key] {
    case nil, .null?: return nil
    case .array(let items)?:
      return try items.enumerated().map { index, item in
        guard case .string(let s) = item else {
          throw APIError.invalid(
            "\(name(key))[\(index)] must be a string", field: "\(name(key))[\(index)]")
        }
        return s
      }
    default: throw APIError.invalid("\(name(key)) must be an array of strings", field: name(key))
    }
  }

  /// The object at `key`; nil when absent or null.
  func object(_ key: String) throws -> JSONBody? {
    switch members[key] {
    case nil, .null?: return nil
    case .object(let pairs)?:
      return JSONBody(
        members: Dictionary(pairs, uniquingKeysWith: { first, _ in first }), path: name(key))
    default: throw APIError.invalid("\(name(key)) must be an object", field: name(key))
    }
  }

  /// The date at `key` (`YYYY-MM-DD`); nil when absent or null.
  func date(_ key: String) throws -> CalendarDate? {
    guard let text = try string(key) else { return nil }
    guard let date = CalendarDate(iso: text) else {
      throw APIError.invalid(
        "\(name(key)) must be a date as YYYY-MM-DD (got '\(text.prefix(80))')", field: name(key))
    }
    return date
  }

  /// The revision a write is based on (`revision`): a whole number ≥ 1
  /// (revisions count from 1); nil when absent or null.
  /// - Throws: `APIError` (400) for anything else.
  func revision() throws -> Int? {
    guard let value = try integer("revision") else { return nil }
    guard value >= 1 else { throw APIError.badRevision(String(value), field: name("revision")) }
    return value
  }

  private init(members: [String: JSONValue], path: String) {
    self.members = members
    self.path = path
    self.data = Data()
  }
}
