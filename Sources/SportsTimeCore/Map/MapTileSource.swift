import Foundation

/// Map tiles the app's map may draw beneath its pins, when the user
/// configures a tile server (by default there are none: the map draws the
/// US states basemap and needs no network).
///
/// The template is a Leaflet / slippy-map URL: `https://` or `http://`, with
/// `{z}`, `{x}` and `{y}` (and optionally `{s}` for a subdomain, `{r}` for
/// a retina suffix), e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
/// The attribution is the text the tile server's terms ask the map to show
/// (e.g. `© OpenStreetMap contributors`); it is shown as text, never as
/// markup.
public struct MapTileSource: Sendable, Hashable {
  /// The URL template, as given (checked).
  public let urlTemplate: String
  /// The credit line shown on the map (plain text, 1–200 characters).
  public let attribution: String

  /// The longest template accepted, in characters.
  public static let maximumTemplateLength = 500
  /// The longest attribution accepted, in characters.
  public static let maximumAttributionLength = 200

  /// Checks and keeps a tile source.
  ///
  /// ```swift
  /// try MapTileSource(urlTemplate: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  ///                   attribution: "© OpenStreetMap contributors")
  /// try MapTileSource(urlTemplate: "tiles/{z}.png", attribution: "x")
  /// // throws: the tile URL must start with https:// or http://
  /// ```
  /// - Throws: `MapTileSourceError` saying what is wrong with which of the
  ///   two: no `http(s)://` host, a missing `{z}`, `{x}` or `{y}`, spaces,
  ///   quotes, angle brackets or control characters, an empty or too long
  ///   value.
  public init(urlTemplate: String, attribution: String) throws {
    let quoted = "'\(urlTemplate.prefix(80))'"
    func refuse(_ message: String) -> MapTileSourceError {
      MapTileSourceError(field: .urlTemplate, message: "the tile URL \(quoted) \(message)")
    }
    guard urlTemplate.count <= MapTileSource.maximumTemplateLength else {
      throw refuse("is longer than \(MapTileSource.maximumTemplateLength) characters")
    }
    let lower = urlTemplate.lowercased()
    guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
      throw refuse("must start with https:// or http://")
    }
    let forbidden = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)
      .union(CharacterSet(charactersIn: "\"'<>`\\"))
    guard urlTemplate.unicodeScalars.allSatisfy({ !forbidden.contains($0) }) else {
      throw refuse("has a space, quote, backslash, angle bracket or control character")
    }
    let host = urlTemplate.split(separator: "/", omittingEmptySubsequences: false)
    guard host.count > 3, !host[2].isEmpty else {
      throw refuse("names no server and path (https://HOST/…/{z}/{x}/{y}.png)")
    }
    let missing = ["{z}", "{x}", "{y}"].filter { !urlTemplate.contains($0) }
    guard missing.isEmpty else {
      throw refuse("lacks \(missing.joined(separator: ", ")) (zoom, column and row of a tile)")
    }
    let credit = attribution.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !credit.isEmpty else {
      throw MapTileSourceError(
        field: .attribution,
        message: "tiles need their attribution, the credit the tile server asks for")
    }
    guard credit.count <= MapTileSource.maximumAttributionLength,
      credit.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) })
    else {
      throw MapTileSourceError(
        field: .attribution,
        message:
          "the tile attribution must be one line of at most \(MapTileSource.maximumAttributionLength) characters"
      )
    }
    self.urlTemplate = urlTemplate
    self.attribution = credit
  }
}

/// Why a tile source is refused (`MapTileSource.init`).
public struct MapTileSourceError: Error, Sendable, Hashable, CustomStringConvertible,
  ClassifiedError
{
  /// Which value is at fault.
  public enum Field: Sendable, Hashable {
    /// The URL template.
    case urlTemplate
    /// The attribution text.
    case attribution
  }

  /// Which value is at fault.
  public var field: Field
  /// What is wrong, in words.
  public var message: String

  /// Bad input.
  public var kind: ErrorKind { .invalidInput }

  public var description: String { message }
}
