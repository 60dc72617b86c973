import Foundation

/// Every game attended, grouped by year (seed: GamesHistoryView).
///
/// Years run newest first, and within a year the visits most recent first
/// (`Visit.mostRecentFirst(starts:)`: on one day the later game first). The sport filter is multi-select; the year
/// filter keeps one year. `total` counts what the filters keep.
///
/// ```swift
/// let history = GamesHistory(visits: visits, leagues: leagues, sports: [.mlb], year: 2024)
/// history.total            // 3
/// history.years.map(\.year)   // [2024]
/// ```
public struct GamesHistory: Sendable, Hashable {
  /// One row: a visit with its printed matchup and venue.
  public struct Entry: Sendable, Hashable {
    /// The visit.
    public var visit: Visit
    /// The visitors' printed code (`STL`), nil without a matchup.
    public var away: String?
    /// The home team's printed code (`CHC`), nil without a matchup.
    public var home: String?
    /// True when the home team's home that season is another venue (the
    /// Seoul Series, the London Series): printed "away vs home".
    public var isNeutralSite: Bool
    /// The venue's name (its id when the tables do not know it).
    public var venueName: String

    /// "STL @ CHC", "LAD vs SD" at a neutral site, nil without a matchup.
    public var matchupText: String? {
      guard let away, let home else { return nil }
      return "\(away) \(isNeutralSite ? "vs" : "@") \(home)"
    }
  }

  /// One year's section.
  public struct Year: Sendable, Hashable {
    /// The year, e.g. 2024.
    public var year: Int
    /// Its games, most recent first.
    public var entries: [Entry]
  }

  /// How many games the filters keep.
  public var total: Int
  /// The sections, newest year first; years without games are left out.
  public var years: [Year]

  /// Builds the history of `visits`.
  /// - Parameters:
  ///   - starts: the start (UTC instant) of the visits' games
  ///     (`Store.visitGameStarts()`): games of one day go latest start
  ///     first (`Visit.mostRecentFirst(starts:)`); without it, by game id.
  ///   - sports: keep only these sports (nil or empty: all).
  ///   - year: keep only this year (nil: all).
  /// - Complexity: O(n log n) in the number of visits; O(n) when they come
  ///   most recent first (as `Store.visits()` gives them).
  public init(
    visits: [Visit], leagues: Leagues, sports: Set<Sport>? = nil, year: Int? = nil,
    starts: [Game.ID: Date] = [:]
  ) {
    let filtered = visits.filter { visit in
      (sports.map { $0.isEmpty || $0.contains(visit.sport) } ?? true)
        && (year.map { $0 == visit.date.year } ?? true)
    }
    // The store gives them in this order already: checking it is n - 1
    // comparisons and no copy, where the sort moved every visit.
    let kept =
      Visit.areMostRecentFirst(filtered, starts: starts)
      ? filtered : filtered.sorted(by: Visit.mostRecentFirst(starts: starts))
    var sections: [Year] = []
    // The league of the previous visit's sport, kept: looking it up copied
    // the `League` out of the dictionary for every visit.
    var league: League?
    var leagueSport: Sport?
    for visit in kept {
      if leagueSport != visit.sport {
        league = leagues.league(visit.sport)
        leagueSport = visit.sport
      }
      let entry = Entry(
        visit: visit,
        away: visit.matchup.map { league?.abbreviation(of: $0.awayTeamID) ?? $0.awayTeamID },
        home: visit.matchup.map { league?.abbreviation(of: $0.homeTeamID) ?? $0.homeTeamID },
        isNeutralSite: visit.matchup.map {
          league?.isNeutralSite(visit.venueID, homeTeamID: $0.homeTeamID, year: visit.date.year)
            ?? false
        } ?? false,
        venueName: leagues.venue(visit.venueID)?.name(on: visit.date) ?? visit.venueID.rawValue)
      if sections.last?.year == visit.date.year {
        sections[sections.count - 1].entries.append(entry)
      } else {
        sections.append(Year(year: visit.date.year, entries: [entry]))
      }
    }
    total = kept.count
    years = sections
  }
}
