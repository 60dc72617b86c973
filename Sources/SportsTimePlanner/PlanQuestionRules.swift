import Foundation
import SportsTimeCore

/// The bounds and defaults of a planning question, the same for `sportstime
/// plan …` (its options' ranges) and `POST /api/plan` (its members'):
/// one rule for both front ends (issue 29).
public enum PlanBounds {
  /// The seasons the all-parks question plans (`--season`, `season`).
  public static let seasons = 1871...2100
  /// The daily drive limit, in hours (`--max-drive-hours`, `maxDriveHours`).
  public static let maxDriveHours = 0.5...24.0
  /// The travel time around a start or end place, in hours
  /// (`--radius-hours`, `radiusHours`).
  public static let radiusHours = 0.0...48.0
  /// The radius when none is given, in hours.
  public static let defaultRadiusHours = 2.0
  /// How many options a window question lists (`--options`, `options`).
  public static let options = 1...50
  /// The options listed when no number is given.
  public static let defaultOptions = 10
}

extension Leagues {
  /// The team a follow question follows: `text` found among `pool` as of
  /// `season` (`team(named:among:season:)`), with every code it plays
  /// under (`codes(of:)`).
  /// - Throws: `CatalogError` as `team(named:among:season:)`.
  public func followedTeam(named text: String, among pool: [Sport], season: Int) throws
    -> FollowedTeam
  {
    let found = try team(named: text, among: pool, season: season)
    return FollowedTeam(sport: found.sport, codes: Set(codes(of: found)), name: found.team.fullName)
  }

  /// The codes of a team whose home parks an all-parks question sees:
  /// `text` found in `sport` as of `season`, every code it plays under.
  /// - Throws: `CatalogError` as `team(named:among:season:)`.
  public func parkTeamCodes(named text: String, sport: Sport, season: Int) throws -> Set<String> {
    Set(codes(of: try team(named: text, among: [sport], season: season)))
  }
}
