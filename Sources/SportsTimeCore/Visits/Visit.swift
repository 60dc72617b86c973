import Foundation

/// One visit to a venue: a game attended (or a day at the ballpark).
///
/// A venue may have any number of visits, each kept separately; two on one
/// day (a doubleheader) are two visits. A visit made from an imported game
/// remembers the game's id and copies its venue, date and matchup; one
/// without a game may still say who played (`matchup`).
public struct Visit: Sendable, Hashable, Identifiable {
  /// Unique id (printed lowercase; a unique prefix of 4 or more
  /// characters names it on the command line).
  public var id: ID
  /// The sport of the game seen there (a venue may host several: TD Garden
  /// is NBA and NHL).
  public var sport: Sport
  /// Where.
  public var venueID: Venue.ID
  /// The local date at the venue.
  public var date: CalendarDate
  /// The imported game attended, if any (`CHN202406040`).
  public var gameID: Game.ID?
  /// Who played: copied from the game, or typed when there is no game.
  public var matchup: Matchup?
  /// The final score, if recorded.
  public var score: Score?
  /// Seat, company, anything the fan wants to remember (normalised text).
  public var notes: String?
  /// When the visit was recorded (UTC instant).
  public var createdAt: Date
  /// When it was last changed (UTC instant).
  public var modifiedAt: Date

  /// Creates a visit; see the properties.
  public init(
    id: ID, sport: Sport, venueID: Venue.ID, date: CalendarDate, gameID: Game.ID? = nil,
    matchup: Matchup? = nil, score: Score? = nil, notes: String? = nil, createdAt: Date,
    modifiedAt: Date
  ) {
    self.id = id
    self.sport = sport
    self.venueID = venueID
    self.date = date
    self.gameID = gameID
    self.matchup = matchup
    self.score = score
    self.notes = notes
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt
  }

  /// The visit to an imported game: the game's sport, venue, local date
  /// and matchup.
  public init(game: Game, id: ID, score: Score? = nil, notes: String? = nil, now: Date) {
    self.init(
      id: id, sport: game.sport, venueID: game.venueID, date: game.localDate, gameID: game.id,
      matchup: Matchup(awayTeamID: game.awayTeamID, homeTeamID: game.homeTeamID),
      score: score ?? game.score,
      notes: notes, createdAt: now, modifiedAt: now)
  }

  /// Whether this visit, typed by hand, is a record of `game`: no game
  /// linked, the game's sport, venue and local date, and the game's
  /// matchup (or, when `matchupRequired` is false, no matchup at all). A
  /// cancelled game is nobody's.
  public func isTypedRecord(of game: Game, matchupRequired: Bool) -> Bool {
    guard gameID == nil, game.status != .cancelled, sport == game.sport,
      venueID == game.venueID, date == game.localDate
    else { return false }
    guard let matchup else { return !matchupRequired }
    return matchup.awayTeamID == game.awayTeamID && matchup.homeTeamID == game.homeTeamID
  }

  /// This visit linked to `game` (of which it is a typed record): the
  /// game's id and matchup, its final score unless the visit has one, and
  /// `modifiedAt` set to `now` (unchanged when nothing else changed is not
  /// asked: linking always changes the game id).
  public func linked(to game: Game, now: Date) -> Visit {
    var linked = self
    linked.gameID = game.id
    linked.matchup = Matchup(awayTeamID: game.awayTeamID, homeTeamID: game.homeTeamID)
    if linked.score == nil { linked.score = game.score }
    linked.modifiedAt = now
    return linked
  }

  /// The lowercase id text (`1a2b3c4d-…`).
  public var key: String { id.description }

  /// Most recent first: later date first; on one date the later game of a
  /// doubleheader first (by game id, whose last digit is the game number),
  /// then visits with a game before those without, then the later
  /// recorded, then by id — a total order, so lists never shuffle.
  ///
  /// Without the games' starts: `mostRecentFirst(starts:)` orders two
  /// games of one day at different venues or sports by their start.
  public static func mostRecentFirst(_ a: Visit, _ b: Visit) -> Bool {
    mostRecentFirst(a, b, starts: [:])
  }

  /// `mostRecentFirst` where, on one date, games whose start (UTC instant)
  /// `starts` gives go by their start, the later first (issue 28, item 23:
  /// an 8 pm game above a 1 pm one of the same day, whatever their ids);
  /// then as `mostRecentFirst`. A total order.
  public static func mostRecentFirst(starts: [Game.ID: Date]) -> (Visit, Visit) -> Bool {
    { mostRecentFirst($0, $1, starts: starts) }
  }

  static func mostRecentFirst(_ a: Visit, _ b: Visit, starts: [Game.ID: Date]) -> Bool {
    if a.date != b.date { return a.date > b.date }
    if a.gameID != b.gameID {
      switch (a.gameID, b.gameID) {
      case (let x?, let y?):
        let (sx, sy) = (starts[x] ?? .distantPast, starts[y] ?? .distantPast)
        if sx != sy { return sx > sy }
        return x > y
      case (.some, nil): return true
      default: return false
      }
    }
    if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
    return a.key > b.key
  }

  /// Whether `visits` are in `mostRecentFirst(starts:)` order already (no
  /// visit goes before the one ahead of it); n - 1 comparisons.
  public static func areMostRecentFirst(_ visits: [Visit], starts: [Game.ID: Date] = [:]) -> Bool {
    var index = visits.startIndex
    while index + 1 < visits.endIndex {
      if mostRecentFirst(visits[index + 1], visits[index], starts: starts) { return false }
      index += 1
    }
    return true
  }

  /// Most notes may hold, in characters (`TextField.notes`).
  public static let notesLimit = TextField.notes.limit
}

extension Visit {
  /// Checks a new visit and builds it.
  ///
  /// With a game, the visit takes the game's sport, venue, date and matchup;
  /// a venue, date or sport that contradicts the game is refused, and so is
  /// a matchup (the game has one) and a cancelled game. Without a game the
  /// venue and date are required, and the sport is the one given or the
  /// only one played at the venue. The date may not be after today at the
  /// venue (`environment.now`, in the venue's zone). Notes are cleaned
  /// line by line, keeping their line breaks (`TextNormalization.validated`);
  /// notes with nothing visible are none.
  ///
  /// ```swift
  /// let wrigley = try leagues.venue(named: "CHC", sport: nil, season: 2024)
  /// try Visit.record(
  ///   VisitChanges(venue: wrigley, date: d("2024-06-04")), leagues: leagues,
  ///   environment: env)   // an MLB visit to CHI11 on 2024-06-04
  /// ```
  /// - Throws: `VisitError`.
  public static func record(
    _ input: VisitChanges, leagues: Leagues, environment: RuleEnvironment
  ) throws -> Visit {
    let now = environment.now()
    var draft = Draft()
    if case .some(.some(let game)) = input.game {
      try draft.link(game, input: input, leagues: leagues)
    } else {
      guard let match = input.venue else { throw VisitError.missingVenue }
      guard let date = input.date else { throw VisitError.missingDate }
      draft.venueID = match.venue.id
      draft.date = date
      draft.sport = try sport(
        input.sport, at: match.venue, implied: match.sports, leagues: leagues)
      if case .some(let matchup) = input.matchup { draft.matchup = matchup }
    }
    if case .some(let score) = input.score { draft.score = score }
    if case .some(let notes) = input.notes { draft.notes = notes }
    guard let sport = draft.sport, let venueID = draft.venueID, let date = draft.date else {
      throw VisitError.missingVenue
    }
    let visit = Visit(
      id: Visit.ID(environment.uuid()), sport: sport, venueID: venueID, date: date,
      gameID: draft.gameID,
      matchup: draft.matchup, score: draft.score, notes: try normalizedNotes(draft.notes),
      createdAt: now, modifiedAt: now)
    try visit.check(leagues: leagues, now: now)
    return visit
  }

  /// The visit with `changes` applied, checked as `record` checks a new
  /// one, with `modifiedAt` set to now.
  ///
  /// A visit linked to a game keeps the game's venue, date, sport and
  /// matchup: changing one of them is refused unless the same edit unlinks
  /// it (`game: .some(nil)`) or links another game. An edit that changes
  /// nothing is refused.
  /// - Throws: `VisitError` (`.nothingToChange` for a no-op).
  public func applying(
    _ changes: VisitChanges, leagues: Leagues, environment: RuleEnvironment
  ) throws -> Visit {
    let now = environment.now()
    var edited = self
    let short = String(key.prefix(8))
    switch changes.game {
    case .some(.some(let game)):
      var draft = Draft()
      try draft.link(game, input: changes, leagues: leagues)
      edited.gameID = game.id
      edited.sport = game.sport
      edited.venueID = game.venueID
      edited.date = game.localDate
      edited.matchup = draft.matchup
      // The schedule's final score, unless the visit already has one (a
      // score typed in the same edit is applied after this).
      if edited.score == nil, let final = draft.score { edited.score = final }
    case .some(.none), .none:
      let unlinking = changes.game != nil
      if unlinking { edited.gameID = nil }
      if let gameID = edited.gameID {
        // Still linked: the game's own values may be repeated, not changed.
        if let match = changes.venue, match.venue.id != venueID {
          throw VisitError.linkedToGame(visit: short, gameID: gameID, field: "venue")
        }
        if let date = changes.date, date != self.date {
          throw VisitError.linkedToGame(visit: short, gameID: gameID, field: "date")
        }
        if let sport = changes.sport, sport != self.sport {
          throw VisitError.linkedToGame(visit: short, gameID: gameID, field: "sport")
        }
        if let matchup = changes.matchup, matchup != self.matchup {
          throw VisitError.linkedToGame(visit: short, gameID: gameID, field: "matchup")
        }
      } else {
        if let match = changes.venue {
          edited.venueID = match.venue.id
          edited.sport = try Visit.sport(
            changes.sport ?? (match.sports.contains(sport) ? sport : nil), at: match.venue,
            implied: match.sports, leagues: leagues)
        } else if let sport = changes.sport {
          let venue = leagues.venue(venueID)
          edited.sport = try Visit.sport(
            sport, at: venue, implied: [], leagues: leagues, id: venueID)
        }
        if let date = changes.date { edited.date = date }
        if let matchup = changes.matchup {
          edited.matchup = matchup
        } else if edited.sport != sport, edited.matchup != nil {
          // Team codes are per sport (STL is the Blues in the NHL's tables,
          // the Cardinals are SLN in MLB's): the teams must be given again.
          throw VisitError.matchupOfOtherSport(
            visit: short, matchup: leagues.matchupText(of: self) ?? "",
            from: sport, to: edited.sport)
        }
      }
    }
    if let score = changes.score { edited.score = score }
    if let notes = changes.notes { edited.notes = try Visit.normalizedNotes(notes) }
    if edited == self { throw VisitError.nothingToChange(visit: short) }
    edited.modifiedAt = now
    try edited.check(leagues: leagues, now: now)
    return edited
  }

  /// The checks every stored visit passes: not in the future at its venue,
  /// a matchup of two different teams that its sport's tables know.
  func check(leagues: Leagues, now: Date) throws {
    let venue = leagues.venue(venueID)
    let zone = venue?.timeZone ?? CalendarDate.utc
    let today = CalendarDate(now, in: zone)
    if date > today {
      throw VisitError.futureDate(
        date, today: today, venue: venue?.name(on: today) ?? venueID.rawValue)
    }
    if let matchup, gameID == nil {
      let league = leagues.league(sport)
      for team in [matchup.awayTeamID, matchup.homeTeamID]
      where league?.franchise(ofTeam: team) == nil {
        throw VisitError.unknownTeam(team, sport: sport)
      }
      let away = league?.franchise(ofTeam: matchup.awayTeamID)
      if away != nil, away == league?.franchise(ofTeam: matchup.homeTeamID) {
        throw VisitError.sameTeam(league?.abbreviation(of: matchup.homeTeamID) ?? "")
      }
    }
  }

  /// The sport of a visit at `venue`: the one given (which must be played
  /// there, `Leagues.sportsPlayed(at:)`), else the only one `implied` (or,
  /// when empty, of the venue's own tables, else of its neutral-site games).
  static func sport(
    _ given: Sport?, at venue: Venue?, implied: [Sport], leagues: Leagues, id: Venue.ID? = nil
  ) throws -> Sport {
    let venueID = venue?.id ?? id ?? ""
    let name = venue?.name ?? venueID.rawValue
    // Any sport played there may be given (the NHL at Wrigley Field, the
    // NBA at T-Mobile Arena, a neutral site's); without one, the venue's
    // own tables decide (Wrigley Field is MLB's), then the neutral site's.
    let played = leagues.sportsPlayed(at: venueID)
    if let given {
      guard played.contains(given) else {
        throw VisitError.venueNotOfSport(venue: name, sport: given, sports: played)
      }
      return given
    }
    let home = leagues.sports(at: venueID)
    let candidates = !implied.isEmpty ? implied : home.isEmpty ? played : home
    guard candidates.count == 1, let only = candidates.first else {
      throw VisitError.sportNeeded(venue: name, sports: candidates)
    }
    return only
  }

  /// Notes as stored: cleaned line by line, their line breaks kept
  /// (`TextNormalization.validated` as `.notes`, `cleanLines`), nil when
  /// nothing visible is left (empty, white space, or only control or
  /// invisible characters).
  /// - Throws: `VisitError.invalidNotes` when longer than `notesLimit`.
  static func normalizedNotes(_ text: String?) throws -> String? {
    do {
      return try TextNormalization.validatedOptional(text, as: .notes)
    } catch let error as TextError {
      throw VisitError.invalidNotes(error)
    }
  }

  /// A visit being assembled.
  private struct Draft {
    var sport: Sport?
    var venueID: Venue.ID?
    var date: CalendarDate?
    var gameID: Game.ID?
    var matchup: Matchup?
    var score: Score?
    var notes: String?

    /// Takes the game's values, refusing given ones that contradict them.
    mutating func link(_ game: Game, input: VisitChanges, leagues: Leagues) throws {
      if let match = input.venue, match.venue.id != game.venueID {
        let actual =
          leagues.venue(game.venueID)?.name(on: game.localDate) ?? game.venueID.rawValue
        throw VisitError.gameAtOtherVenue(
          gameID: game.id, given: match.venue.name(on: game.localDate), actual: actual)
      }
      if let date = input.date, date != game.localDate {
        throw VisitError.gameOnOtherDate(gameID: game.id, given: date, actual: game.localDate)
      }
      if let sport = input.sport, sport != game.sport {
        throw VisitError.gameOfOtherSport(gameID: game.id, given: sport, actual: game.sport)
      }
      if case .some(.some) = input.matchup { throw VisitError.matchupFromGame(gameID: game.id) }
      if game.status == .cancelled { throw VisitError.gameCancelled(gameID: game.id) }
      sport = game.sport
      venueID = game.venueID
      date = game.localDate
      gameID = game.id
      matchup = Matchup(awayTeamID: game.awayTeamID, homeTeamID: game.homeTeamID)
      // The schedule's final score (NBA, NHL, NFL files), unless the
      // traveller typed one (applied after this).
      if let final = game.score { score = final }
    }
  }
}
