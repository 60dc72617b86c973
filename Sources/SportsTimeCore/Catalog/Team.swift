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
