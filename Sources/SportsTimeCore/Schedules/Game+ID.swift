import Foundation

extension Game {
  /// Typed game identifier. MLB: the Retrosheet-style id `HOMEyyyymmddN`
  /// (home team code, local date, game number), e.g. `CHN202406040`. NBA
  /// and NHL: the sport, a hyphen and the same form with a two- or
  /// three-letter home code (`NBA-BOS202410220`, `NHL-NJD202410050`; the
  /// local date at the venue, game number 0). NFL: the nflverse `game_id`
  /// `yyyy_ww_AWAY_HOME` (`2024_01_BAL_KC`: season, week, team codes).
  ///
  /// A game id is not a trip's, an item's or a visit's id: each kind has
  /// its own type, so one cannot be passed where another is expected. This
  /// is the one place that reads and writes the text form; in a document it
  /// is that text as a single string.
  ///
  /// ```swift
  /// Game.ID(parsing: "CHN202406040")  // CHN202406040
  /// Game.ID(parsing: "CHN2024")       // nil: not HOMEyyyymmddN
  /// ```
  public struct ID: Sendable, Hashable, Comparable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral
  {
    /// The id as written, e.g. `CHN202406040`.
    public var rawValue: String

    /// Wraps an id as it is (a schedule's or the store's own), unchecked;
    /// text from outside goes through `init?(parsing:)`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal id, unchecked.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Parses a text form, as written (no case folding, no spaces): MLB
    /// `HOMEyyyymmddN` (three ASCII capital letters or digits, eight digits
    /// of date, one digit of game number); `NBA-` or `NHL-` and two or
    /// three capital letters, eight digits and one; or the NFL's
    /// `yyyy_ww_AWAY_HOME` (four digits, two digits, two team codes of two
    /// or three capital letters). Nil for anything else.
    public init?(parsing text: String) {
      let bytes = Array(text.utf8)
      let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
      let isCapital = { (b: UInt8) in b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
      if bytes.count == 12 {
        guard bytes[..<3].allSatisfy({ isDigit($0) || isCapital($0) }),
          bytes[3...].allSatisfy(isDigit)
        else { return nil }
      } else if text.hasPrefix("NBA-") || text.hasPrefix("NHL-") {
        let rest = bytes[4...]
        guard (11...12).contains(rest.count) else { return nil }
        let codeLength = rest.count - 9
        guard rest.prefix(codeLength).allSatisfy(isCapital),
          rest.suffix(9).allSatisfy(isDigit)
        else { return nil }
      } else {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].utf8.count == 4, parts[0].utf8.allSatisfy(isDigit),
          parts[1].utf8.count == 2, parts[1].utf8.allSatisfy(isDigit),
          parts[2...].allSatisfy({
            (2...3).contains($0.utf8.count) && $0.utf8.allSatisfy(isCapital)
          })
        else { return nil }
      }
      self.rawValue = text
    }

    /// The text form, e.g. `CHN202406040`.
    public var description: String { rawValue }

    /// Orders by the text form (byte order).
    public static func < (a: ID, b: ID) -> Bool { a.rawValue < b.rawValue }

    /// Encodes the text form as a single string.
    public func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }

    /// Decodes a single string in the text form.
    /// - Throws: `DecodingError.dataCorrupted` when it is not one (quoting
    ///   at most 80 characters of it).
    public init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let id = ID(parsing: text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "not a game id (HOMEyyyymmddN, NBA-HOMEyyyymmddN, yyyy_ww_AWAY_HOME): \"\(text.prefix(80))\""
        )
      }
      self = id
    }
  }
}
