import Foundation

/// What a traveller gives for a new visit, or changes in an existing one.
/// A nil field is not given (left as it is); for the optional parts
/// `.some(nil)` clears them (`--no-game`, `--no-score`).
public struct VisitChanges: Sendable, Hashable {
  /// The venue (found with `Leagues.venue(named:sport:season:)`).
  public var venue: Leagues.VenueMatch?
  /// The sport.
  public var sport: Sport?
  /// The local date.
  public var date: CalendarDate?
  /// The game attended; `.some(nil)` unlinks the visit from its game.
  public var game: Game??
  /// Who played; `.some(nil)` clears it.
  public var matchup: Matchup??
  /// The score; `.some(nil)` clears it.
  public var score: Score??
  /// The notes; `.some(nil)` clears them.
  public var notes: String??

  /// Creates changes; every field defaults to "not given".
  public init(
    venue: Leagues.VenueMatch? = nil, sport: Sport? = nil, date: CalendarDate? = nil,
    game: Game?? = nil, matchup: Matchup?? = nil, score: Score?? = nil, notes: String?? = nil
  ) {
    self.venue = venue
    self.sport = sport
    self.date = date
    self.game = game
    self.matchup = matchup
    self.score = score
    self.notes = notes
  }
}
