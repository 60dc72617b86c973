import Foundation

/// Why a visit cannot be recorded or changed as asked. Nothing is stored.
public enum VisitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The game was played at another venue than the one given.
  case gameAtOtherVenue(gameID: Game.ID, given: String, actual: String)
  /// The game was played on another date than the one given.
  case gameOnOtherDate(gameID: Game.ID, given: CalendarDate, actual: CalendarDate)
  /// The game is of another sport than the one given.
  case gameOfOtherSport(gameID: Game.ID, given: Sport, actual: Sport)
  /// The game was cancelled, so nobody attended it.
  case gameCancelled(gameID: Game.ID)
  /// The game has not been played yet at `now` (its start, ISO 8601 local).
  case gameNotPlayed(gameID: Game.ID, start: String)
  /// The game is not one of the trip's games.
  case gameNotInTrip(gameID: Game.ID, trip: String)
  /// A matchup was given with a game, which sets the matchup itself.
  case matchupFromGame(gameID: Game.ID)
  /// The visit is linked to a game, which sets `field` (venue, date, sport,
  /// matchup); unlink it to change that.
  case linkedToGame(visit: String, gameID: Game.ID, field: String)
  /// Neither a venue nor a game was given.
  case missingVenue
  /// Neither a date nor a game was given.
  case missingDate
  /// The venue is not in the tables of the sport given.
  case venueNotOfSport(venue: String, sport: Sport, sports: [Sport])
  /// The venue hosts several sports and none was given.
  case sportNeeded(venue: String, sports: [Sport])
  /// The date is after today at the venue.
  case futureDate(CalendarDate, today: CalendarDate, venue: String)
  /// The same team on both sides.
  case sameTeam(String)
  /// A team code the sport's tables do not know.
  case unknownTeam(String, sport: Sport)
  /// An edit changes a visit's sport but keeps its matchup, whose teams
  /// (`matchup`, as shown: "STL vs CHI") are of the old sport's tables.
  case matchupOfOtherSport(visit: String, matchup: String, from: Sport, to: Sport)
  /// The notes are too long (`TextField.notes`: at most
  /// `Visit.notesLimit` characters).
  case invalidNotes(TextError)
  /// An edit that would change nothing.
  case nothingToChange(visit: String)
  /// An edit links the visit to a game at another venue or on another
  /// date than the visit's own, without giving the venue or the date that
  /// differs: a move that must be asked for outright (a new visit with the
  /// same contradiction is refused). `venue` and `visitVenue` are the
  /// venues' names ("Wrigley Field, Chicago", `Leagues.venueText`).
  case gameElsewhere(
    gameID: Game.ID, venueID: Venue.ID, venue: String, date: CalendarDate,
    visitVenueID: Venue.ID, visitVenue: String, visitDate: CalendarDate)

  /// What kind of failure this is, for a front end that answers by kind
  /// (`.invalidInput` for what the request lacks or gets wrong,
  /// `.refused` for a rule about games, dates and links).
  public var kind: ErrorKind {
    switch self {
    case .missingVenue, .missingDate, .sportNeeded, .sameTeam, .unknownTeam, .invalidNotes,
      .nothingToChange, .matchupFromGame, .venueNotOfSport, .matchupOfOtherSport:
      return .invalidInput
    case .gameAtOtherVenue, .gameOnOtherDate, .gameOfOtherSport, .gameCancelled,
      .gameNotPlayed, .gameNotInTrip, .linkedToGame, .futureDate, .gameElsewhere:
      return .refused
    }
  }

  /// The problem, in a traveller's words; it names no command or option
  /// (a front end adds its own hint: `VisitError` cases say which).
  public var description: String {
    switch self {
    case .gameAtOtherVenue(let id, let given, let actual):
      return "game \(id) was played at \(actual), not \(given)"
    case .gameOnOtherDate(let id, let given, let actual):
      return "game \(id) was played on \(actual.iso), not \(given.iso)"
    case .gameOfOtherSport(let id, let given, let actual):
      return "game \(id) is an \(actual.rawValue) game, not \(given.rawValue)"
    case .gameCancelled(let id):
      return "game \(id) was cancelled and never played"
    case .gameNotPlayed(let id, let start):
      return "game \(id) has not been played yet (it starts \(start))"
    case .gameNotInTrip(let id, let trip):
      return "game \(id) is not one of the games of '\(trip)'"
    case .matchupFromGame(let id):
      return "the matchup comes from game \(id); a matchup can be given only without a game"
    case .linkedToGame(let visit, let id, let field):
      return
        "visit \(visit) is for game \(id), which sets its \(field); unlink it from the game first"
    case .missingVenue:
      return "say where: a venue or a game"
    case .missingDate:
      return "say when: a date or a game"
    case .venueNotOfSport(let venue, let sport, let sports):
      return "\(venue) is not an \(sport.rawValue) venue (it hosts "
        + sports.map(\.rawValue).joined(separator: " and ") + ")"
    case .sportNeeded(let venue, let sports):
      return "\(venue) hosts " + sports.map(\.rawValue).joined(separator: " and ")
        + " games; say which sport"
    case .futureDate(let date, let today, let venue):
      return "\(date.iso) has not happened yet (today is \(today.iso) at \(venue))"
    case .sameTeam(let team):
      return "\(team) cannot play itself: give two different teams"
    case .unknownTeam(let team, let sport):
      return "no \(sport.rawValue) team is called '\(team)'"
    case .matchupOfOtherSport(let visit, let matchup, let from, let to):
      return "visit \(visit)'s matchup \(matchup) names \(from.rawValue) teams; "
        + "give its \(to.rawValue) teams, or clear the matchup, to make it an \(to.rawValue) visit"
    case .invalidNotes(let error):
      return error.description
    case .nothingToChange(let visit):
      return "Nothing to change: visit \(visit) already says that"
    case .gameElsewhere(
      let id, let venueID, let venue, let date, let visitVenueID, let visitVenue, let visitDate):
      switch (venueID == visitVenueID, date == visitDate) {
      case (true, _):
        return "game \(id) was played on \(date.iso), but this visit is on \(visitDate.iso)"
      case (false, true):
        return "game \(id) was at \(venue), but this visit is at \(visitVenue)"
      case (false, false):
        return
          "game \(id) was at \(venue) on \(date.iso), but this visit is at \(visitVenue) on \(visitDate.iso)"
      }
    }
  }
}
