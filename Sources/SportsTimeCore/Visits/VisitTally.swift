import Foundation

/// The visits of one sport at one venue in one year with one home team (or
/// none), counted: everything progress reads from a visit
/// (`SportProgress.init(tallies:league:)`), so a store can answer it with
/// one aggregate query instead of reading every visit.
///
/// ```swift
/// VisitTally.tallies(of: visits)
/// // [VisitTally(sport: .mlb, venueID: "CHI11", year: 2024, homeTeamID: "CHN",
/// //             visits: 2, lastVisit: 2024-06-05), …]
/// ```
public struct VisitTally: Sendable, Hashable {
  /// The visits' sport.
  public var sport: Sport
  /// Their venue.
  public var venueID: Venue.ID
  /// The year of their local dates, e.g. 2024 (the season a franchise's
  /// home is looked up for).
  public var year: Int
  /// The home team of their matchup; nil for visits without a matchup.
  public var homeTeamID: String?
  /// How many visits, at least 1.
  public var visits: Int
  /// The latest of their local dates (in `year`).
  public var lastVisit: CalendarDate

  /// Creates a tally; see the properties.
  public init(
    sport: Sport, venueID: Venue.ID, year: Int, homeTeamID: String?, visits: Int,
    lastVisit: CalendarDate
  ) {
    self.sport = sport
    self.venueID = venueID
    self.year = year
    self.homeTeamID = homeTeamID
    self.visits = visits
    self.lastVisit = lastVisit
  }

  /// The tallies of `visits`, one per (sport, venue, year, home team),
  /// ordered by those four (no home team first).
  public static func tallies(of visits: [Visit]) -> [VisitTally] {
    struct Key: Hashable {
      var sport: Sport
      var venueID: Venue.ID
      var year: Int
      var homeTeamID: String?
    }
    var byKey: [Key: VisitTally] = [:]
    for visit in visits {
      let home = visit.matchup?.homeTeamID
      let key = Key(
        sport: visit.sport, venueID: visit.venueID, year: visit.date.year, homeTeamID: home)
      if var tally = byKey[key] {
        tally.visits += 1
        tally.lastVisit = max(tally.lastVisit, visit.date)
        byKey[key] = tally
      } else {
        byKey[key] = VisitTally(
          sport: visit.sport, venueID: visit.venueID, year: visit.date.year, homeTeamID: home,
          visits: 1, lastVisit: visit.date)
      }
    }
    return byKey.values.sorted(by: VisitTally.ordered)
  }

  /// The order of `tallies(of:)`: sport (`Sport.allCases` order), venue,
  /// year, home team (none first).
  public static func ordered(_ a: VisitTally, _ b: VisitTally) -> Bool {
    let sports = Sport.allCases
    let (x, y) = (sports.firstIndex(of: a.sport) ?? 0, sports.firstIndex(of: b.sport) ?? 0)
    if x != y { return x < y }
    if a.venueID != b.venueID { return a.venueID < b.venueID }
    if a.year != b.year { return a.year < b.year }
    return (a.homeTeamID == nil ? 0 : 1, a.homeTeamID ?? "")
      < (b.homeTeamID == nil ? 0 : 1, b.homeTeamID ?? "")
  }
}
