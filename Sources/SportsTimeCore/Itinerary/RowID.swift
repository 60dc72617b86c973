import Foundation

/// The stable id of an itinerary row (DESIGN.md, "Layout and reordering"):
/// `day:3`, `game:CHN202406040`, `item:<uuid>` (lowercase). This is the one
/// place that writes and reads the text form; every view and every parser of
/// a row reference goes through it.
///
/// ```swift
/// RowID("item:6F0C…")  // .item(UUID)
/// RowID.day(3).description  // "day:3"
/// RowID.split("Game:chn2024")  // (.game, "chn2024")
/// ```
public enum RowID: Sendable, Hashable, CustomStringConvertible {
  /// A day header, by its 1-based day number.
  case day(Int)
  /// A derived game row, by the game's id.
  case game(Game.ID)
  /// A stored travel or custom item, by its id.
  case item(ItineraryItem.ID)

  /// The kind of row an id names: the text before the colon.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `day:N`.
    case day
    /// `game:ID`.
    case game
    /// `item:UUID`.
    case item
  }

  /// The kind of this id.
  public var kind: Kind {
    switch self {
    case .day: return .day
    case .game: return .game
    case .item: return .item
    }
  }

  /// The text form: `day:3`, `game:CHN202406040`, `item:<lowercase uuid>`.
  public var description: String {
    switch self {
    case .day(let day): return "day:\(day)"
    case .game(let id): return "game:\(id)"
    case .item(let id): return "item:\(id)"
    }
  }

  /// Splits `kind:rest` with the kind in any case (`Item:6f0c` is
  /// `(.item, "6f0c")`); nil when the text has no known kind before a
  /// colon. The rest is not checked (it may be an id prefix).
  public static func split(_ text: String) -> (kind: Kind, rest: Substring)? {
    guard let colon = text.firstIndex(of: ":"),
      let kind = Kind(rawValue: text[..<colon].lowercased())
    else { return nil }
    return (kind, text[text.index(after: colon)...])
  }

  /// Parses the text form (the kind in any case; a day number in ASCII
  /// digits, ≥ 1; a game id as written; an item's whole UUID in any
  /// case); nil for anything else.
  public init?(_ text: String) {
    guard let (kind, rest) = RowID.split(text), !rest.isEmpty else { return nil }
    switch kind {
    case .day:
      guard rest.allSatisfy(\.isASCIIDigit), let day = Int(rest), day >= 1 else { return nil }
      self = .day(day)
    case .game:
      self = .game(Game.ID(String(rest)))
    case .item:
      guard let id = ItineraryItem.ID(parsing: String(rest)) else { return nil }
      self = .item(id)
    }
  }
}

extension RowReference {
  /// The stored item `text` names among `rows` (as `resolve(_:in:)`): the
  /// rows a traveller can move, edit or remove. A day header or a game is
  /// refused, saying which it is.
  /// - Parameters:
  ///   - text: a row number, row id or item id prefix as typed.
  ///   - rows: the numbered rows (`Itinerary.numberedRows`).
  ///   - verb: what was asked, in the passive ("moved", "removed"), for the
  ///     refusal of a game.
  /// - Throws: as `resolve(_:in:)`; `ItineraryRefusal` for a day header or
  ///   a game row.
  public static func item(_ text: String, in rows: [LayoutRow], verb: String) throws
    -> ItineraryItem
  {
    let row = try resolve(text, in: rows)
    switch row.content {
    case .day(let day, _):
      throw ItineraryRefusal(reason: "Row \(text) is the Day \(day) header, not an item.")
    case .game(let g):
      throw ItineraryRefusal(reason: "Games are fixed: \(g.title) cannot be \(verb).")
    case .item(let item): return item
    }
  }
}
