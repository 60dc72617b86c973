import Foundation

extension Leagues {
  /// A team of one sport.
  public struct SportTeam: Sendable, Hashable {
    /// The sport.
    public var sport: Sport
    /// The team (for MLB the MLB catalog's, by Retrosheet code; else the
    /// sport's table's).
    public var team: Team

    /// Creates a team of a sport; see the properties.
    public init(sport: Sport, team: Team) {
      self.sport = sport
      self.team = team
    }
  }

  /// `text` without a leading `SPORT:` (`NBA:BOS` → NBA, `BOS`; any case),
  /// and that sport; `text` itself and nil when it has none.
  public static func splitSport(_ text: String) -> (sport: Sport?, name: String) {
    guard let colon = text.firstIndex(of: ":"),
      let sport = Sport(rawValue: text[..<colon].trimmingSpaces().uppercased())
    else { return (nil, text) }
    return (sport, String(text[text.index(after: colon)...]).trimmingSpaces())
  }

  /// The team a traveller typed, among the sports of `pool`.
  ///
  /// `SPORT:NAME` (`NBA:BOS`, `nhl:bruins`) is that sport's team, whatever
  /// the pool. Otherwise, with one sport in the pool (or none: MLB), that
  /// sport's team (`team(named:sport:season:)`, whose errors say when the
  /// name is another sport's). With several, the name must find a team in
  /// exactly one of them: a name several sports' teams have (`BOS` is the
  /// Red Sox, the Celtics and the Bruins) is refused naming every one,
  /// never settled by picking one.
  ///
  /// ```swift
  /// try leagues.team(named: "BOS", among: [.nba, .nhl], season: 2024)
  /// // throws .teamOfSeveralSports: "'BOS' is a team of several sports:
  /// // NBA:BOS (Boston Celtics) or NHL:BOS (Boston Bruins); …"
  /// try leagues.team(named: "NBA:BOS", among: [.nba, .nhl], season: 2024).team.fullName
  /// // "Boston Celtics"
  /// ```
  /// - Parameters:
  ///   - pool: the sports to look in (a database's stored sports), any
  ///     order.
  ///   - season: the season a team's code is looked up for.
  /// - Throws: `CatalogError.teamOfSeveralSports`; `.unknownTeam`,
  ///   `.ambiguousTeam` or `.teamOfOtherSport` as `team(named:sport:season:)`
  ///   (of the first sport of the pool when no sport finds it).
  public func team(named text: String, among pool: [Sport], season: Int?) throws -> SportTeam {
    let (prefix, name) = Leagues.splitSport(text)
    if let prefix {
      return SportTeam(sport: prefix, team: try team(named: name, sport: prefix, season: season))
    }
    let sports = Sport.allCases.filter { pool.contains($0) && bySport[$0] != nil }
    guard sports.count > 1 else {
      let sport = sports.first ?? .mlb
      return SportTeam(sport: sport, team: try team(named: name, sport: sport, season: season))
    }
    var found: [SportTeam] = []
    for sport in sports {
      if let team = try? bySport[sport]?.catalog.team(named: name, season: season) {
        found.append(SportTeam(sport: sport, team: team))
      }
    }
    if found.count == 1 { return found[0] }
    if found.count > 1 {
      throw CatalogError.teamOfSeveralSports(
        name,
        candidates: found.map {
          "\($0.sport.rawValue):\(Team.printedCode($0.team.id, sport: $0.sport, teams: mlb.teams)) (\($0.team.fullName))"
        })
    }
    // No sport of the pool has it: the first one's error (and its words
    // about another sport's team).
    let first = sports[0]
    return SportTeam(sport: first, team: try team(named: name, sport: first, season: season))
  }

  /// Every code `team` plays under in its sport (the MLB franchise's
  /// codes: `ATH` and `OAK`; else the team's own).
  public func codes(of team: SportTeam) -> [String] {
    guard team.sport == .mlb else { return [team.team.id] }
    return mlb.franchise(of: team.team).map(\.id)
  }
}
