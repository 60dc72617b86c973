import Foundation

/// How a traveller names a game on the command line: a game id
/// (`CHN202406040`) or `TEAM@YYYY-MM-DD`, with `#2` for the second game of a
/// doubleheader (`CHC@2024-06-04#2`). TEAM is any team name the catalog
/// knows, playing at home or away that local date.
public enum GameReference: Sendable, Hashable, CustomStringConvertible {
  /// A game id.
  case id(Game.ID)
  /// A team's game on a local date; `number` is 1-based within that day.
  case teamOnDate(team: String, date: CalendarDate, number: Int)

  /// Parses a reference.
  /// - Throws: `GameReferenceError` when a `TEAM@DATE` form has a bad date
  ///   or game number.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let at = trimmed.firstIndex(of: "@") else {
      guard !trimmed.isEmpty else { throw GameReferenceError(text: text, problem: "it is empty") }
      self = .id(Game.ID(trimmed.uppercased()))
      return
    }
    let team = String(trimmed[..<at])
    var rest = String(trimmed[trimmed.index(after: at)...])
    var number = 1
    if let hash = rest.firstIndex(of: "#") {
      let n = rest[rest.index(after: hash)...]
      guard n.allSatisfy(\.isASCIIDigit), !n.hasPrefix("0"), let value = Int(n), value >= 1 else {
        throw GameReferenceError(text: text, problem: "'#\(n)' is not a game number (#1 or #2)")
      }
      number = value
      rest = String(rest[..<hash])
    }
    guard !team.isEmpty else {
      throw GameReferenceError(text: text, problem: "the team before '@' is missing")
    }
    guard let date = CalendarDate(iso: rest) else {
      throw GameReferenceError(text: text, problem: "'\(rest)' is not a date in YYYY-MM-DD form")
    }
    self = .teamOnDate(team: team, date: date, number: number)
  }

  public var description: String {
    switch self {
    case .id(let id): return id.description
    case .teamOnDate(let team, let date, let number):
      return "\(team)@\(date.iso)" + (number > 1 ? "#\(number)" : "")
    }
  }

  /// Picks the game this reference names among `candidates` — the games of
  /// that team on that date, in start order (cancelled ones included, so
  /// the caller can say why they are refused).
  /// - Throws: `GameReferenceError` when there is no such game or number.
  public func pick(from candidates: [Game], teamName: String) throws -> Game {
    guard case .teamOnDate(_, let date, let number) = self else {
      preconditionFailure("pick(from:) is for TEAM@DATE references")
    }
    let playing = candidates.filter { $0.status != .cancelled }
    let pool = playing.isEmpty ? candidates : playing
    guard !pool.isEmpty else {
      throw GameReferenceError(
        text: description, problem: "\(teamName) has no game on \(date.iso)", kind: .notFound)
    }
    guard number <= pool.count else {
      throw GameReferenceError(
        text: description,
        problem:
          "\(teamName) has only \(Plural.count(pool.count, "game")) on \(date.iso) (no game \(number))",
        kind: .notFound)
    }
    return pool[number - 1]
  }
}

/// A game reference that cannot be understood or found.
public struct GameReferenceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The reference as typed.
  public var text: String
  /// What is wrong.
  public var problem: String
  /// A malformed reference is bad input (the default); a team with no such
  /// game that day is not found.
  public var kind: ErrorKind = .invalidInput
  public var description: String { "game '\(text)': \(problem)" }
}
