import Foundation

/// Who played: the visiting and the home team, by the codes schedules use
/// (Retrosheet codes for MLB, e.g. `SLN` at `CHN`).
public struct Matchup: Sendable, Hashable {
  /// The visiting team's code.
  public var awayTeamID: String
  /// The home team's code (the designated home team at a neutral site).
  public var homeTeamID: String

  /// Creates a matchup.
  public init(awayTeamID: String, homeTeamID: String) {
    self.awayTeamID = awayTeamID
    self.homeTeamID = homeTeamID
  }
}

/// A final score: the visitors' and the home team's runs (goals, points).
public struct Score: Sendable, Hashable, CustomStringConvertible {
  /// The visiting team's score, 0…999.
  public var away: Int
  /// The home team's score, 0…999.
  public var home: Int

  /// The highest score accepted.
  public static let maximum = 999

  /// Creates a score, or nil when either side is outside 0…999.
  public init?(away: Int, home: Int) {
    guard (0...Score.maximum).contains(away), (0...Score.maximum).contains(home) else {
      return nil
    }
    self.away = away
    self.home = home
  }

  /// Parses `AWAY-HOME` (`3-5`: visitors 3, home team 5), or nil when the
  /// text is not two whole numbers 0…999 joined by `-`.
  public init?(parsing text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
      let away = Int(parts[0]), let home = Int(parts[1])
    else { return nil }
    self.init(away: away, home: home)
  }

  /// `3-5` (away first, as typed).
  public var description: String { "\(away)-\(home)" }
}
