import Foundation

/// A fan's progress through one sport's venues and teams: teams seen at
/// home and venues visited, counted separately ("27 of 30 teams · 26
/// ballparks").
///
/// - A venue counts as visited with one visit of the sport there, whatever
///   the venue: a team's home, a temporary home (SAC01, TAM02), a park no
///   team uses any more (OAK01 after 2024) or a neutral site (Seoul,
///   London).
/// - A franchise counts as seen at home with one visit at its home venue of
///   that visit's season (`Franchise.home(in:)`): the 2025 Athletics at
///   Sutter Health Park count, a 2024 visit there does not. When the visit
///   names the home team (from its game or typed matchup) only that
///   franchise can count; without a matchup, every franchise at home there
///   that season does (MetLife Stadium: Giants and Jets).
/// - Venues are listed visited first (latest visit first, then by name),
///   then the sport's home venues not visited yet (by name, ignoring case). Neutral sites
///   appear only once visited.
public struct SportProgress: Sendable, Hashable {
  /// One venue's row: its visit count badge and its last visit.
  public struct VenueRow: Sendable, Hashable {
    /// The venue's id.
    public var venueID: Venue.ID
    /// Its name (the id when the tables do not know it): the one in force
    /// on its last visit, or its newest for an unvisited venue.
    public var name: String
    /// Its city ("" when unknown).
    public var city: String
    /// How many visits of the sport it has (0 for an unvisited one).
    public var visits: Int
    /// The latest visit's local date, nil when unvisited.
    public var lastVisit: CalendarDate?
  }

  /// The sport.
  public var sport: Sport
  /// The franchises seen at home, by id.
  public var teamsSeen: [Franchise]
  /// The franchises not seen at home yet, by id.
  public var teamsNotSeen: [Franchise]
  /// Venues with at least one visit of this sport.
  public var ballparksVisited: Int
  /// Visited venues, then unvisited home venues.
  public var venues: [VenueRow]

  /// All franchises of the sport (30 for MLB).
  public var teamsTotal: Int { teamsSeen.count + teamsNotSeen.count }

  /// The rows with at least one visit.
  public var visited: [VenueRow] { venues.filter { $0.visits > 0 } }

  /// The home venues without a visit.
  public var unvisited: [VenueRow] { venues.filter { $0.visits == 0 } }

  /// Counts `visits` of `league`'s sport (other sports' visits are
  /// ignored): `init(tallies:league:)` of `VisitTally.tallies(of:)`.
  /// - Complexity: O(v + t · f) for v visits, t distinct home teams and f
  ///   franchises (O(v · f) for visits without a matchup).
  public init(visits: [Visit], league: League) {
    self.init(tallies: VisitTally.tallies(of: visits), league: league)
  }

  /// Counts the tallied visits of `league`'s sport (other sports' tallies
  /// are ignored); the same progress as the visits they tally give to
  /// `init(visits:league:)`.
  /// - Complexity: O(n + t · f) for n tallies, t distinct home teams and f
  ///   franchises (O(n · f) for tallies without a home team).
  public init(tallies: [VisitTally], league: League) {
    sport = league.sport
    let mine = tallies.filter { $0.sport == league.sport }
    var seen: Set<String> = []
    var count: [Venue.ID: Int] = [:]
    var last: [Venue.ID: CalendarDate] = [:]
    // Each home team's franchise, looked up once (the lookup scans them all).
    var franchiseOf: [String: Franchise?] = [:]
    for tally in mine {
      count[tally.venueID, default: 0] += tally.visits
      last[tally.venueID] = max(last[tally.venueID] ?? tally.lastVisit, tally.lastVisit)
      let candidates: [Franchise]
      if let home = tally.homeTeamID {
        if franchiseOf[home] == nil { franchiseOf[home] = .some(league.franchise(ofTeam: home)) }
        candidates = (franchiseOf[home] ?? nil).map { [$0] } ?? []
      } else {
        candidates = league.franchises
      }
      for franchise in candidates where franchise.home(in: tally.year) == tally.venueID {
        seen.insert(franchise.id)
      }
    }
    teamsSeen = league.franchises.filter { seen.contains($0.id) }
    teamsNotSeen = league.franchises.filter { !seen.contains($0.id) }
    ballparksVisited = count.count
    func row(_ id: Venue.ID) -> VenueRow {
      // A neutral site or another sport's venue (the NHL at Wrigley Field)
      // is found among every built-in venue.
      let venue = league.venues[id] ?? (try? Catalog.builtInGames())?.venue(id)
      return VenueRow(
        venueID: id, name: venue?.name(on: last[id]) ?? id.rawValue, city: venue?.city ?? "",
        visits: count[id] ?? 0, lastVisit: last[id])
    }
    let visitedRows = count.keys.map(row).sorted { a, b in
      if let x = a.lastVisit, let y = b.lastVisit, x != y { return x > y }
      return (a.name.lowercased(), a.venueID) < (b.name.lowercased(), b.venueID)
    }
    let unvisitedRows = league.homeVenueIDs.filter { count[$0] == nil }.map(row).sorted {
      ($0.name.lowercased(), $0.venueID) < ($1.name.lowercased(), $1.venueID)
    }
    venues = visitedRows + unvisitedRows
  }

  /// Progress for each sport in `sports` (in `Sport.allCases` order) whose
  /// tables `leagues` holds.
  public static func all(
    visits: [Visit], leagues: Leagues, sports: [Sport]
  ) -> [SportProgress] {
    Sport.allCases.filter { sports.contains($0) }.compactMap { sport in
      leagues.league(sport).map { SportProgress(visits: visits, league: $0) }
    }
  }

  /// Progress for each sport in `sports` (in `Sport.allCases` order) whose
  /// tables `leagues` holds, from tallied visits (`init(tallies:league:)`).
  public static func all(
    tallies: [VisitTally], leagues: Leagues, sports: [Sport]
  ) -> [SportProgress] {
    Sport.allCases.filter { sports.contains($0) }.compactMap { sport in
      leagues.league(sport).map { SportProgress(tallies: tallies, league: $0) }
    }
  }

  /// The sports progress shows by default: MLB, and every other sport
  /// with at least one visit.
  public static func defaultSports(for visits: [Visit]) -> [Sport] {
    defaultSports(visited: Set(visits.map(\.sport)))
  }

  /// `defaultSports(for:)` of the visits tallied.
  public static func defaultSports(forTallies tallies: [VisitTally]) -> [Sport] {
    defaultSports(visited: Set(tallies.map(\.sport)))
  }

  /// MLB and the sports of `visited`, in `Sport.allCases` order.
  private static func defaultSports(visited: Set<Sport>) -> [Sport] {
    Sport.allCases.filter { $0 == .mlb || visited.contains($0) }
  }
}
