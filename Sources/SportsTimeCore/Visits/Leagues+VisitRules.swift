import Foundation

extension Leagues {
  /// A new visit from what a traveller typed: the venue and the teams
  /// looked up (`lookingUp(venue:matchup:in:editing:)`), then checked and
  /// built (`Visit.record(_:leagues:environment:)`).
  ///
  /// ```swift
  /// try leagues.recordVisit(
  ///   venue: "wrigley", matchup: TypedMatchup(away: "STL", home: "CHC"),
  ///   in: VisitChanges(date: d("2024-06-04")), environment: env)
  /// // an MLB visit to CHI11 on 2024-06-04, SLN @ CHN
  /// ```
  /// - Parameters:
  ///   - venue: the venue as typed, if given.
  ///   - matchup: the teams as typed, if given.
  ///   - changes: the rest (sport, date, game, score, notes).
  ///   - environment: the clock (today at the venue) and the new id.
  /// - Throws: `CatalogError` for a name the tables do not have;
  ///   `VisitError` for a visit the rules refuse.
  public func recordVisit(
    venue: String?, matchup: TypedMatchup?, in changes: VisitChanges,
    environment: RuleEnvironment
  ) throws -> Visit {
    let looked = try lookingUp(venue: venue, matchup: matchup, in: changes, editing: nil)
    return try Visit.record(looked, leagues: self, environment: environment)
  }

  /// `old` edited as a traveller typed it: the venue and the teams looked
  /// up, then applied (`Visit.applying(_:leagues:environment:)`).
  ///
  /// Linking the visit to a game at another venue or on another date than
  /// the visit's own must be asked for outright: without the venue (when
  /// it differs) and the date (when it differs) in the same edit it is
  /// refused (`VisitError.gameElsewhere`), as a new visit with that
  /// contradiction would be.
  /// - Parameters:
  ///   - old: the stored visit.
  ///   - venue: the new venue as typed, if given.
  ///   - matchup: the new teams as typed, if given.
  ///   - changes: the rest (sport, date, game, score, notes; `.some(nil)`
  ///     clears).
  ///   - environment: the clock (`modifiedAt`, today at the venue).
  /// - Throws: `CatalogError` for a name the tables do not have;
  ///   `VisitError` for an edit the rules refuse (`.nothingToChange` for a
  ///   no-op).
  public func editVisit(
    _ old: Visit, venue: String?, matchup: TypedMatchup?, changes: VisitChanges,
    environment: RuleEnvironment
  ) throws -> Visit {
    if case .some(.some(let game)) = changes.game,
      (venue == nil && old.venueID != game.venueID)
        || (changes.date == nil && old.date != game.localDate)
    {
      throw VisitError.gameElsewhere(
        gameID: game.id, venueID: game.venueID, venue: venueText(game.venueID, on: game.localDate),
        date: game.localDate, visitVenueID: old.venueID,
        visitVenue: venueText(old.venueID, on: old.date), visitDate: old.date)
    }
    let looked = try lookingUp(venue: venue, matchup: matchup, in: changes, editing: old)
    return try old.applying(looked, leagues: self, environment: environment)
  }

  /// "STL @ CHC" ("LAD vs SD" at a neutral site) by the teams' short
  /// names that season, or nil for a visit without a matchup.
  public func matchupText(of visit: Visit) -> String? {
    GamesHistory(visits: [visit], leagues: self).years.first?.entries.first?.matchupText
  }

  /// "STL @ CHC" for a game, "LAD vs SD" at a neutral site, by the teams'
  /// printed codes in the game's league.
  public func matchupText(of game: Game) -> String {
    let teams = league(game.sport)?.catalog.teams ?? [:]
    let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: teams)
    let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: teams)
    return "\(away) \(isNeutralSite(game) ? "vs" : "@") \(home)"
  }

  /// "CWS @ CHC at Wrigley Field, 7:05 pm CDT on Wed, Jun 5, 2024": a game
  /// for a person, by matchup (`matchupText(of:)`), venue (its name on the
  /// game's date) and start at the venue in its zone
  /// (`ExportSupport.gameTime`: "est." for an estimated start, "TBD" for
  /// none). Two games of one arena on one day read apart.
  public func gameText(_ game: Game) -> String {
    let venue = self.venue(game.venueID)?.name(on: game.localDate) ?? game.venueID.rawValue
    let time = ExportSupport.gameTime(game, estimated: " est.", unknown: "")
    return "\(matchupText(of: game)) at \(venue), \(time) on \(game.localDate.longDescription)"
  }

  /// "Wrigley Field, Chicago": the venue by its name on `date` (its newest
  /// name without a date), or the bare id for a venue the tables lack.
  public func venueText(_ id: Venue.ID, on date: CalendarDate?) -> String {
    guard let venue = venue(id) else { return id.rawValue }
    return "\(venue.name(on: date)), \(venue.city)"
  }

  /// One line for a visit: "Tue, Jun 4, 2024 · STL @ CHC · 3-5 · Wrigley
  /// Field, Chicago (MLB)" (the matchup and score only when recorded).
  public func summary(of visit: Visit) -> String {
    var parts = [visit.date.longDescription]
    if let matchup = matchupText(of: visit) { parts.append(matchup) }
    if let score = visit.score { parts.append(score.description) }
    parts.append("\(venueText(visit.venueID, on: visit.date)) (\(visit.sport.rawValue))")
    return parts.joined(separator: " · ")
  }

  /// "Wrigley Field now has 3 visits.": how many visits of `visit`'s
  /// sport its venue has after one was added or removed (the venue by its
  /// name on `visit`'s date). Only that sport's visits count, and once the
  /// venue has visits of another sport too the sport is named: "TD Garden
  /// now has 2 NHL visits." (review 12: the count mixed an arena's leagues).
  /// - Parameters:
  ///   - visit: the visit added or removed.
  ///   - visits: the venue's visits now, of any sport.
  public func venueCount(after visit: Visit, among visits: [Visit]) -> String {
    let name = venue(visit.venueID)?.name(on: visit.date) ?? visit.venueID.rawValue
    let count = visits.count { $0.venueID == visit.venueID && $0.sport == visit.sport }
    // Named once the venue has visits of another sport too (TD Garden's
    // Celtics and Bruins, Wrigley Field's Winter Classic): plain otherwise.
    let shared = visits.contains { $0.venueID == visit.venueID && $0.sport != visit.sport }
    let noun = shared ? "\(visit.sport.rawValue) visit" : "visit"
    return "\(name) now has \(Plural.count(count, noun))."
  }
}

/// A visit whose typed matchup the imported schedule does not have at that
/// venue on that date, while it has other games there: kept (exhibitions
/// exist) but pointed out.
public struct UnscheduledMatchup: Sendable, Hashable, CustomStringConvertible {
  /// The visit as recorded.
  public var visit: Visit
  /// The schedule's games at the visit's venue on its date (none of them
  /// the typed matchup), in the order given.
  public var scheduled: [Game]
  /// The scheduled games as "STL @ CHC (CHN202406040)", by MLB short names.
  public var scheduledText: String

  /// Checks a new visit against the schedule of its venue and date.
  ///
  /// A visit without a game and with a typed matchup is checked against
  /// the games of its own sport there (an arena's other league does not
  /// count); nil when the schedule has none of them that day or has the
  /// typed matchup.
  /// - Parameters:
  ///   - visit: the visit as recorded.
  ///   - scheduled: the schedule's games at its venue on its date (any
  ///     sport; those of other sports are ignored).
  ///   - catalog: the visit's sport's catalog, for the teams' short names.
  public init?(_ visit: Visit, scheduled: [Game], catalog: Catalog) {
    let scheduled = scheduled.filter { $0.sport == visit.sport }
    guard visit.gameID == nil, let typed = visit.matchup,
      !scheduled.isEmpty,
      !scheduled.contains(where: {
        $0.awayTeamID == typed.awayTeamID && $0.homeTeamID == typed.homeTeamID
      })
    else { return nil }
    self.visit = visit
    self.scheduled = scheduled
    self.scheduledText = scheduled.map { game in
      let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: catalog.teams)
      let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: catalog.teams)
      return "\(away) @ \(home) (\(game.id))"
    }.joined(separator: ", ")
  }

  /// "the schedule has STL @ CHC (CHN202406040) there that day, not this
  /// matchup".
  public var description: String {
    "the schedule has \(scheduledText) there that day, not this matchup"
  }
}

/// A visit of a game with a score typed by the user that is not the
/// schedule's final score (NBA, NHL and NFL files give it): kept, since the
/// user was there, but pointed out, most often as visitors and home team
/// swapped (review 11, F6).
public struct DifferentScore: Sendable, Hashable, CustomStringConvertible {
  /// The game's id.
  public var gameID: Game.ID
  /// The visit's score (visitors first).
  public var typed: Score
  /// The schedule's final score (visitors first).
  public var final: Score
  /// The teams' printed codes, visitors first ("PIT", "BOS").
  public var away: String
  /// The home team's printed code.
  public var home: String

  /// Compares `visit`'s score with `game`'s final score; nil when the visit
  /// is not of `game`, either score is missing, or they agree.
  /// - Parameters:
  ///   - catalog: the game's sport's catalog, for the teams' printed codes.
  public init?(_ visit: Visit, game: Game, catalog: Catalog) {
    guard visit.gameID == game.id, let typed = visit.score, let final = game.score,
      typed != final
    else { return nil }
    self.gameID = game.id
    self.typed = typed
    self.final = final
    away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: catalog.teams)
    home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: catalog.teams)
  }

  /// Whether the typed score is the final one with the sides swapped.
  public var isSwapped: Bool { typed.away == final.home && typed.home == final.away }

  /// "the schedule's final score of game NHL-BOS202411290 is 2-1 (PIT 2,
  /// BOS 1), not 1-2 as recorded (visitors come first)".
  public var description: String {
    "the schedule's final score of game \(gameID) is \(final) (\(away) \(final.away), \(home) \(final.home)), "
      + "not \(typed) as recorded" + (isSwapped ? " (visitors come first)" : "")
  }
}

/// What the schedule says against a recorded visit: the visit is kept as
/// the user gave it, and the front end shows these.
public enum VisitWarning: Sendable, Hashable, CustomStringConvertible {
  /// A typed matchup the schedule does not have there that day.
  case unscheduledMatchup(UnscheduledMatchup)
  /// A typed score that is not the game's final score.
  case differentScore(DifferentScore)

  /// The warning, in a traveller's words (no command or option).
  public var description: String {
    switch self {
    case .unscheduledMatchup(let warning): return warning.description
    case .differentScore(let warning): return warning.description
    }
  }

  /// The warnings of `visit`.
  /// - Parameters:
  ///   - scheduled: the schedule's games at the visit's venue on its date
  ///     (needed for a visit with a typed matchup and no game).
  ///   - game: the visit's game, when it has one.
  ///   - leagues: for the teams' printed codes.
  public static func warnings(
    for visit: Visit, scheduled: [Game], game: Game?, leagues: Leagues
  ) -> [VisitWarning] {
    guard let catalog = leagues.league(visit.sport)?.catalog else { return [] }
    var warnings: [VisitWarning] = []
    if let unscheduled = UnscheduledMatchup(visit, scheduled: scheduled, catalog: catalog) {
      warnings.append(.unscheduledMatchup(unscheduled))
    }
    if let game, let different = DifferentScore(visit, game: game, catalog: catalog) {
      warnings.append(.differentScore(different))
    }
    return warnings
  }
}
