import Foundation

/// The sport a game belongs to. Schedules of all four leagues can be imported.
public enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
  case mlb = "MLB"
  case nba = "NBA"
  case nhl = "NHL"
  case nfl = "NFL"

  /// The sport's own word for the moment a game starts, lower case, for
  /// messages: "first pitch" (MLB), "tip-off" (NBA), "puck drop" (NHL),
  /// "kickoff" (NFL).
  public var startWord: String {
    switch self {
    case .mlb: return "first pitch"
    case .nba: return "tip-off"
    case .nhl: return "puck drop"
    case .nfl: return "kickoff"
    }
  }

  /// `startWord` of `sport`, or the neutral "start" when the sport is unknown.
  public static func startWord(_ sport: Sport?) -> String {
    sport?.startWord ?? "start"
  }
}
