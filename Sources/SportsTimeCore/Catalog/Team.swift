import Foundation

/// A team, as named in schedules.
///
/// Source: `../shared/data/mlb/teams.csv` (compiled for SportsTime).
public struct Team: Sendable, Hashable, Identifiable {
  /// Retrosheet team code, e.g. `CHN`; the join key to schedules.
  public var id: String
  /// MLB's official abbreviation, e.g. `CHC`; used when printing games.
  public var abbreviation: String
  /// Team name in that season, e.g. "Chicago Cubs".
  public var fullName: String
  /// `AL` or `NL`.
  public var league: String
  /// Home park per season (season → park code), e.g. `[2024: "CHI11"]`.
  public var homeParks: [Int: Venue.ID]
  /// Other abbreviations in common use (`CHW` for the White Sox).
  public var aliases: [String]

  /// Creates a team; see the properties.
  public init(
    id: String, abbreviation: String, fullName: String, league: String,
    homeParks: [Int: Venue.ID], aliases: [String]
  ) {
    self.id = id
    self.abbreviation = abbreviation
    self.fullName = fullName
    self.league = league
    self.homeParks = homeParks
    self.aliases = aliases
  }
}

extension Team {
  /// The code printed for `teamID` of a game of `sport`: for MLB the
  /// abbreviation `teams` (the MLB catalog's, by Retrosheet code) gives it
  /// (`CHN` → `CHC`); for NBA, NHL and NFL the code itself, which is
  /// already the printed one — an MLB code spelled the same is another
  /// team (the NBA's `CHA` is the Hornets, not the White Sox' `CWS`).
  /// - Parameters:
  ///   - teamID: the code a game or visit stores.
  ///   - sport: the game's sport.
  ///   - teams: MLB teams by Retrosheet code (nil: none).
  public static func printedCode(_ teamID: String, sport: Sport, teams: [String: Team]?) -> String {
    guard sport == .mlb else { return teamID }
    return teams?[teamID]?.abbreviation ?? teamID
  }
}
