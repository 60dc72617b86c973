import Foundation

/// A visit as a front end read it, before anything is looked up: what `visit
/// add`/`visit edit` take as options and `POST`/`PATCH /api/visits` as
/// members. `Leagues.recordVisit(_:game:environment:)` and
/// `editVisit(_:_:game:environment:)` turn it into a visit, the one path
/// both front ends take (issue 29).
public struct VisitRequest: Sendable, Hashable {
  /// The venue as typed (a name, code, city or team), or nil.
  public var venue: String?
  /// The game attended, as referenced; `.some(nil)` unlinks the visit.
  public var game: GameReference??
  /// The sport, or nil.
  public var sport: Sport?
  /// The local date, or nil.
  public var date: CalendarDate?
  /// The teams as typed (`TypedMatchup.given`); `.some(nil)` clears the
  /// matchup.
  public var matchup: TypedMatchup??
  /// The score; `.some(nil)` clears it.
  public var score: Score??
  /// The notes; `.some(nil)` clears them.
  public var notes: String??

  /// A request; every member defaults to "not given".
  public init(
    venue: String? = nil, game: GameReference?? = nil, sport: Sport? = nil,
    date: CalendarDate? = nil, matchup: TypedMatchup?? = nil, score: Score?? = nil,
    notes: String?? = nil
  ) {
    self.venue = venue
    self.game = game
    self.sport = sport
    self.date = date
    self.matchup = matchup
    self.score = score
    self.notes = notes
  }

  /// The changes the request asks for, its game found by `game` (the
  /// stored game of a reference); the venue and a typed matchup are looked
  /// up later, by the visit rules.
  /// - Throws: what `game` throws.
  public func changes(game lookup: (GameReference) throws -> Game) throws -> VisitChanges {
    var changes = VisitChanges(sport: sport, date: date, score: score, notes: notes)
    switch game {
    case nil: break
    case .some(nil): changes.game = .some(nil)
    case .some(let reference?): changes.game = .some(try lookup(reference))
    }
    if case .some(nil) = matchup { changes.matchup = .some(nil) }
    return changes
  }

  /// The typed matchup to look up, nil when none is given or it is cleared.
  public var typedMatchup: TypedMatchup? { matchup ?? nil }
}

extension Leagues {
  /// Records the visit `request` asks for (`recordVisit(venue:matchup:in:
  /// environment:)`), its game found by `game`: `visit add` and `POST
  /// /api/visits`.
  /// - Throws: what `game` throws; `VisitError`, `CatalogError`.
  public func recordVisit(
    _ request: VisitRequest, game: (GameReference) throws -> Game,
    environment: RuleEnvironment
  ) throws -> Visit {
    try recordVisit(
      venue: request.venue, matchup: request.typedMatchup,
      in: try request.changes(game: game), environment: environment)
  }

  /// `old` changed as `request` asks (`editVisit(_:venue:matchup:changes:
  /// environment:)`), its game found by `game`: `visit edit` and `PATCH
  /// /api/visits/{id}`.
  /// - Throws: what `game` throws; `VisitError`, `CatalogError`.
  public func editVisit(
    _ old: Visit, _ request: VisitRequest, game: (GameReference) throws -> Game,
    environment: RuleEnvironment
  ) throws -> Visit {
    try editVisit(
      old, venue: request.venue, matchup: request.typedMatchup,
      changes: try request.changes(game: game), environment: environment)
  }
}
