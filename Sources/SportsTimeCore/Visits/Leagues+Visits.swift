import Foundation

/// The visiting and the home team as a traveller typed them, before they
/// are looked up (`cardinals`, `CHC`; `bruins`, `NYR`).
public struct TypedMatchup: Sendable, Hashable {
  /// The visiting team as typed.
  public var away: String
  /// The home team as typed.
  public var home: String

  /// Creates a typed matchup.
  public init(away: String, home: String) {
    self.away = away
    self.home = home
  }

  /// The matchup of the teams as a front end read them (the API's `away`
  /// and `home`, the CLI's `--away` and `--home`): both or neither, the
  /// rule every front end shares (issue 29); nil for neither.
  /// - Throws: `MatchupError` naming the side that is missing.
  public static func given(away: String?, home: String?) throws -> TypedMatchup? {
    switch (away, home) {
    case (nil, nil): return nil
    case (let away?, let home?): return TypedMatchup(away: away, home: home)
    case (nil, _?): throw MatchupError(missing: .away)
    case (_?, nil): throw MatchupError(missing: .home)
    }
  }
}

/// A matchup given by one team only (`TypedMatchup.given`). Each front end
/// names the sides its own way (`away`, `--away`), so the words differ only
/// in those names.
public struct MatchupError: Error, Sendable, Hashable {
  /// A side of a matchup.
  public enum Side: Sendable, Hashable, CaseIterable {
    /// The visiting team.
    case away
    /// The home team.
    case home
  }

  /// The side not given: the member at fault.
  public var missing: Side

  /// The refusal of a matchup without `missing`.
  public init(missing: Side) { self.missing = missing }

  /// The refusal in words, each side named by `name`.
  public func message(naming name: (Side) -> String) -> String {
    "\(name(.away)) and \(name(.home)) go together"
  }
}

extension Leagues {
  /// `changes` with what a traveller typed for a visit looked up: the venue
  /// (`venue(named:sport:season:)`) and the teams of a typed matchup
  /// (`teamID(named:sport:season:)`).
  ///
  /// The season names are looked up for is the linked game's, else the
  /// visit's date's year, else (editing) the old visit's year. The teams
  /// belong to the sport given, else the one sport the venue implies; a new
  /// visit at a venue of several sports needs the sport (an edit keeps the
  /// visit's own).
  ///
  /// ```swift
  /// try leagues.lookingUp(
  ///   venue: "bruins", matchup: TypedMatchup(away: "rangers", home: "bruins"),
  ///   in: VisitChanges(date: d("2024-11-30")))
  /// // venue td-garden (NHL), matchup NYR @ BOS
  /// ```
  /// - Parameters:
  ///   - venue: the venue as typed, if given.
  ///   - matchup: the teams as typed, if given.
  ///   - changes: the rest of the visit (sport, date, game, …), unchanged.
  ///   - old: the visit being edited, nil for a new one.
  /// - Throws: `CatalogError` for a venue or team the tables do not have
  ///   (or that belongs to another sport); `VisitError.sportNeeded` when a
  ///   new visit's teams could be of several sports; `.missingVenue` for a
  ///   new visit's matchup without a venue.
  public func lookingUp(
    venue: String?, matchup: TypedMatchup?, in changes: VisitChanges, editing old: Visit? = nil
  ) throws -> VisitChanges {
    var changes = changes
    var linked: Game?
    if case .some(.some(let game)) = changes.game { linked = game }
    let season = linked?.season ?? changes.date?.year ?? old?.date.year
    if let venue {
      changes.venue = try self.venue(named: venue, sport: changes.sport, season: season)
    }
    guard let matchup else { return changes }
    let sport: Sport
    if let old {
      let played = changes.sport.map { [$0] } ?? changes.venue?.sports ?? [old.sport]
      sport = played.count == 1 ? played[0] : old.sport
    } else {
      guard let match = changes.venue else { throw VisitError.missingVenue }
      let played = changes.sport.map { [$0] } ?? match.sports
      guard played.count == 1, let only = played.first else {
        throw VisitError.sportNeeded(
          venue: match.venue.name(on: changes.date), sports: played)
      }
      sport = only
    }
    changes.matchup = .some(
      Matchup(
        awayTeamID: try teamID(named: matchup.away, sport: sport, season: season),
        homeTeamID: try teamID(named: matchup.home, sport: sport, season: season)))
    return changes
  }
}
