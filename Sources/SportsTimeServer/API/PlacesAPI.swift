import Foundation
import SportsTimeAPI
import SportsTimeCore

/// GeoNames' towns (`cities5000.csv`), read on first use and kept: the
/// place search of the item dialog (`GET /api/places`) and the zone of an
/// item's location.
final class PlaceDirectoryCache: @unchecked Sendable {
  private let lock = NSLock()
  private let url: URL?
  private var loaded: Result<PlaceDirectory, any Error>?

  /// The cache of the file at `url`; nil: no file (every use says so).
  init(url: URL?) { self.url = url }

  /// The directory, read once.
  /// - Throws: `APIError` 503 naming the file when it is missing or cannot
  ///   be read (every later call answers the same).
  func directory() throws -> PlaceDirectory {
    lock.lock()
    defer { lock.unlock() }
    if loaded == nil {
      loaded = Result {
        guard let url else { throw PlacesAPI.unavailable("no list of places was given") }
        return try PlaceDirectory.load(path: url.path)
      }
    }
    do {
      return try loaded?.get() ?? PlaceDirectory(csv: "", file: "")
    } catch let error as APIError {
      throw error
    } catch {
      throw PlacesAPI.unavailable("\(error)")
    }
  }

  /// The directory when it can be read, else nil (an item's point then
  /// takes the nearest venue's zone).
  var directoryIfAvailable: PlaceDirectory? { try? directory() }
}

/// `GET /api/places?q=TEXT&limit=N`: the towns the text finds
/// (`PlaceDirectory.search`), best first.
enum PlacesAPI {
  /// How many places an answer holds unless `limit` says (1 to 20).
  static let defaultLimit = 8

  /// The answer to a search.
  /// - Throws: `APIError.invalid` (field `limit`) for a limit that is not
  ///   1 to 20; 503 when the list of places cannot be read.
  static func search(_ query: [String: String], in cache: PlaceDirectoryCache) throws
    -> WireV1.PlaceList
  {
    var limit = defaultLimit
    if let text = query["limit"], !text.isEmpty {
      guard let value = Int(text), (1...20).contains(value) else {
        throw APIError.invalid(
          "limit must be a whole number from 1 to 20 (got '\(text.prefix(20))')", field: "limit")
      }
      limit = value
    }
    let text = query["q"] ?? ""
    let directory = try cache.directory()
    return WireV1.PlaceList(directory.search(text, limit: limit))
  }

  /// 503: the towns cannot be searched, and why, for the person at the
  /// screen.
  static func unavailable(_ why: String) -> APIError {
    APIError(
      status: 503,
      document: WireV1.ErrorDocument(
        kind: .unavailable,
        message:
          "Places cannot be searched on this server (\(why)); give the point's latitude and longitude, or an address, instead."
      ))
  }
}
