import Foundation

/// The sport a game belongs to. Only MLB schedules are imported so far.
public enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
  case mlb = "MLB"
  case nba = "NBA"
  case nhl = "NHL"
  case nfl = "NFL"
}
