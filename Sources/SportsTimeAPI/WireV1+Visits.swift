import Foundation
import SportsTimeCore

extension WireV1 {
  /// One visit as the app's screens show it (`GET /api/visits`, the answer
  /// to a visit write): `{id, venueID, venue, city, sport, date, gameID,
  /// away, home, matchup, score, notes}`; the optional parts are null when
  /// not recorded, so every card has the same keys.
  public struct VisitCard: Codable, Sendable, Hashable {
    /// The visit's id (lowercase UUID text).
    public var id: String
    /// The venue's code.
    public var venueID: Venue.ID
    /// The venue's name on the visit's date (an arena renamed later keeps
    /// the name it had then); the code for a venue the tables lack.
    public var venue: String
    /// The venue's city ("" when unknown).
    public var city: String
    /// The sport seen there.
    public var sport: Sport
    /// The visit's local date at the venue.
    public var date: CalendarDate
    /// The imported game attended, or null.
    @OrNull public var gameID: Game.ID?
    /// The visitors' printed code, or null without a matchup.
    @OrNull public var away: String?
    /// The home team's printed code, or null without a matchup.
    @OrNull public var home: String?
    /// "STL @ CHC" ("LAD vs SD" at a neutral site), or null.
    @OrNull public var matchup: String?
    /// The final score, or null.
    @OrNull public var score: Score?
    /// The fan's notes, or null.
    @OrNull public var notes: String?

    /// The card of `visit`, names from `leagues` (`Leagues.matchupText`,
    /// the venue's name on the visit's date).
    public init(_ visit: Visit, leagues: Leagues) {
      let entry = VisitEntry(visit, leagues: leagues)
      let place = leagues.venue(visit.venueID)
      id = entry.id
      venueID = visit.venueID
      venue = place?.name(on: visit.date) ?? visit.venueID.rawValue
      city = place?.city ?? ""
      sport = visit.sport
      date = visit.date
      gameID = visit.gameID
      away = entry.away
      home = entry.home
      matchup = leagues.matchupText(of: visit)
      score = entry.score
      notes = visit.notes
    }
  }

  /// `GET /api/visits`: `{visits: [card]}`, most recent first.
  public struct VisitCards: Codable, Sendable, Hashable {
    /// The visits, most recent first (`Visit.mostRecentFirst`).
    public var visits: [VisitCard]
    /// The venue asked for (`?venue=`): its current name, city, IANA time
    /// zone and coordinates (degrees), so a venue with no visits yet is
    /// named too (review 12); absent for a list of every venue's visits.
    public var venue: TripDocument.VenueEntry?

    /// The cards of `visits`, in the order given, and `venue` when one was
    /// asked for.
    public init(_ visits: [Visit], leagues: Leagues, venue: Venue? = nil) {
      self.visits = visits.map { VisitCard($0, leagues: leagues) }
      self.venue = venue.map(TripDocument.VenueEntry.init(current:))
    }
  }

  /// The answer to a visit write (`POST /api/visits`, `PATCH` and
  /// `DELETE /api/visits/{id}`): `{visit, venueVisits, message,
  /// warnings}` — the visit as stored (as it was, after a removal), how
  /// many visits its venue has now, the change in words ("Wrigley Field
  /// now has 3 visits.") and what the fan should know (a typed matchup
  /// the schedule does not have there that day).
  public struct VisitWrite: Codable, Sendable, Hashable {
    /// The visit written (the removed one after a `DELETE`).
    public var visit: VisitCard
    /// How many visits of the visit's sport its venue has now.
    public var venueVisits: Int
    /// "Wrigley Field now has 3 visits."
    public var message: String
    /// Warnings in words (empty when none).
    public var warnings: [String]

    /// Creates an answer; see the properties.
    public init(visit: VisitCard, venueVisits: Int, message: String, warnings: [String]) {
      self.visit = visit
      self.venueVisits = venueVisits
      self.message = message
      self.warnings = warnings
    }
  }
}
