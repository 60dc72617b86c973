import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// The visit, progress and history routes of the API (docs/API.md,
/// "Visits and progress"): each parses its request, calls the Store and
/// Core operations the CLI's `visit`, `progress`, `history` and `trip
/// attended` commands call, and answers with a `WireV1` document. No rule
/// lives here.
struct VisitAPI: Sendable {
  let store: Store
  /// Every sport's built-in venue and team tables.
  let leagues: Leagues

  // MARK: Reads

  /// `GET /api/visits?venue=&sport=`: every visit, or one venue's (by
  /// id), of the sports named (all without `sport`), most recent first.
  func list(_ query: [String: String]) throws -> WireV1.VisitCards {
    var venue: Venue?
    if let text = query["venue"], !text.isEmpty {
      guard let known = leagues.venue(Venue.ID(text)) else {
        throw APIError.notFound("no venue has the id '\(text.prefix(80))'")
      }
      venue = known
    }
    let sports = Set(try SportsTimeApp.querySports(query))
    let visits = try store.visits(venueID: venue?.id).filter {
      sports.isEmpty || sports.contains($0.sport)
    }
    return WireV1.VisitCards(visits, leagues: leagues, venue: venue)
  }

  /// `GET /api/progress?sport=`: the `progress --json` document with each
  /// venue's city; without `sport`, the CLI's default sports.
  func progress(_ query: [String: String]) throws -> WireV1.Progress {
    let chosen = try SportsTimeApp.querySports(query)
    let tallies = try store.visitTallies()
    return WireV1.Progress(
      SportProgress.all(
        tallies: tallies, leagues: leagues,
        sports: chosen.isEmpty ? SportProgress.defaultSports(forTallies: tallies) : chosen),
      cities: true)
  }

  /// `GET /api/history?sport=&year=`: the `history --json` document with
  /// each game's venue name.
  func history(_ query: [String: String]) throws -> WireV1.History {
    let sports = try SportsTimeApp.querySports(query)
    var year: Int?
    if let text = query["year"], !text.isEmpty {
      guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
        value >= 1
      else {
        throw APIError.invalid(
          "year must be a four-digit year such as 2024 (got '\(text.prefix(80))')", field: "year")
      }
      year = value
    }
    return WireV1.History(
      GamesHistory(
        visits: try store.visits(), leagues: leagues,
        sports: sports.isEmpty ? nil : Set(sports), year: year,
        starts: try store.visitGameStarts()),
      venueNames: true)
  }

  /// `GET /api/venues?sport=`: the venues of the sports named (their
  /// built-in tables), by id; nil without `sport` (the route then answers
  /// the schedules' venues, as before).
  func venues(_ query: [String: String]) throws -> WireV1.VenueList? {
    let sports = try SportsTimeApp.querySports(query)
    guard !sports.isEmpty else { return nil }
    var seen: Set<Venue.ID> = []
    var venues: [Venue] = []
    for sport in sports {
      for venue in (leagues.league(sport)?.venues.values).map(Array.init) ?? []
      where seen.insert(venue.id).inserted {
        venues.append(venue)
      }
    }
    return WireV1.VenueList(
      entries: venues.sorted { $0.id < $1.id }.map { venue in
        (
          venue.id.rawValue,
          WireV1.TripDocument.VenueEntry(current: venue)
        )
      })
  }

  // MARK: Writes

  /// The members a visit's body reads.
  static let keys = ["game", "venue", "sport", "date", "away", "home", "score", "notes"]

  /// `POST /api/visits`: records a visit (`Leagues.recordVisit`, as `visit
  /// add`), from a game (`game`) or typed (`venue`, `date`, …).
  func add(_ body: JSONBody, env: RuleEnvironment) throws -> WireV1.VisitWrite {
    try body.allowing(Self.keys)
    let reference = try gameReference(body)
    let typed = try matchup(body)
    var changes = VisitChanges(sport: try sport(body), date: try body.date("date"))
    if let score = try score(body) { changes.score = .some(score) }
    if let notes = try body.string("notes") { changes.notes = .some(notes) }
    let venue = try body.string("venue")
    let visit = try classified(body) {
      try store.addVisit {
        if let reference { changes.game = .some(try game(reference)) }
        return try leagues.recordVisit(
          venue: venue, matchup: typed, in: changes, environment: env)
      }
    }
    return try answer(
      visit, warnings: try store.warnings(of: visit, leagues: leagues).map(\.description))
  }

  /// `PATCH /api/visits/{id}`: changes a visit (`Leagues.editVisit`, as
  /// `visit edit`); null clears `game` (unlinks), `away`/`home` (together),
  /// `score` and `notes`.
  func edit(_ id: Visit.ID, _ body: JSONBody, env: RuleEnvironment) throws -> WireV1.VisitWrite {
    try body.allowing(Self.keys)
    var changes = VisitChanges(sport: try sport(body), date: try body.date("date"))
    let reference = try gameReference(body)
    if body.isNull("game") { changes.game = .some(nil) }
    var typed: TypedMatchup?
    if body.isNull("away") || body.isNull("home") {
      guard body.isNull("away"), body.isNull("home") else {
        throw APIError.invalid(
          "away and home go together: give both teams, or both as null to clear the matchup",
          field: body.isNull("away") ? "home" : "away")
      }
      changes.matchup = .some(nil)
    } else {
      typed = try matchup(body)
    }
    if body.isNull("score") {
      changes.score = .some(nil)
    } else if let score = try score(body) {
      changes.score = .some(score)
    }
    if body.isNull("notes") {
      changes.notes = .some(nil)
    } else if let notes = try body.string("notes") {
      changes.notes = .some(notes)
    }
    let venue = try body.string("venue")
    let (old, visit) = try classified(body) {
      try store.editVisit(id: id) { old in
        if let reference { changes.game = .some(try game(reference)) }
        return try leagues.editVisit(
          old, venue: venue, matchup: typed, changes: changes, environment: env)
      }
    }
    return try answer(
      visit,
      warnings: try store.warnings(of: visit, leagues: leagues, since: old).map(\.description))
  }

  /// `DELETE /api/visits/{id}`: removes a visit, leaving a tombstone (as
  /// `visit remove`).
  func remove(_ id: Visit.ID) throws -> WireV1.VisitWrite {
    try answer(try store.removeVisit(id: id), warnings: [])
  }

  /// `POST /api/trips/{id}/attended` `{"games"?}`: records the trip's
  /// played games as visits, each game once (`Attendance.plan`, as `trip
  /// attended`); a trip with no game played yet records nothing and says
  /// why in `skipped`.
  func attended(_ trip: Trip.ID, _ body: JSONBody, env: RuleEnvironment) throws
    -> WireV1.Attended
  {
    try body.allowing(["games", "dryRun"])
    let dryRun = try body.bool("dryRun") ?? false
    let texts = try body.strings("games") ?? []
    // An empty list asks for no game, not for every one (review 10).
    if body.has("games"), texts.isEmpty {
      throw APIError.invalid(
        "games is empty: list the games to record, or leave games out to record every game played",
        field: "games")
    }
    let references = try texts.enumerated().map { index, text in
      do {
        return try GameReference(parsing: text)
      } catch {
        throw APIError.invalid("\(error)", field: "games[\(index)]")
      }
    }
    let (loaded, attendance) = try store.attendTrip(id: trip, dryRun: dryRun) {
      loaded, recorded, linked in
      var requested: [Game]?
      if !references.isEmpty {
        requested = try references.enumerated().map { index, reference in
          do {
            return try store.game(for: reference, catalog: leagues.mlb)
          } catch {
            throw Self.reference(error, field: "games[\(index)]")
          }
        }
      }
      do {
        return try Attendance.plan(
          tripName: loaded.trip.name, games: loaded.games, requested: requested,
          recordedGameIDs: recorded, linkedGameIDs: linked, environment: env)
      } catch let error as VisitError {
        throw Self.refusal(error, field: "games")
      }
    }
    return WireV1.Attended(trip: loaded.trip, attendance: attendance, leagues: leagues)
  }

  // MARK: Parsing

  private func gameReference(_ body: JSONBody) throws -> GameReference? {
    guard let text = try body.string("game") else { return nil }
    do {
      return try GameReference(parsing: text)
    } catch {
      throw APIError.invalid("\(error)", field: "game")
    }
  }

  /// The stored game `reference` names; one it names no game of is the
  /// request's fault (400 at `game`).
  private func game(_ reference: GameReference) throws -> Game {
    do {
      return try store.game(for: reference, catalog: leagues.mlb)
    } catch {
      throw Self.reference(error, field: "game")
    }
  }

  /// A game reference's look-up error as the fault of the body member
  /// `field`: one that names no game is the request's (400); another (an
  /// ambiguous team, a doubleheader without its number) keeps its status
  /// and names the member too (review 12); a store's error is the
  /// server's.
  static func reference(_ error: any Error, field: String) -> APIError {
    if error is StoreError { return APIError(error) }
    if ErrorKind.of(error) == .notFound { return .invalid("\(error)", field: field) }
    var answer = APIError(error)
    answer.document.error.field = field
    return answer
  }

  private func sport(_ body: JSONBody) throws -> Sport? {
    guard let text = try body.string("sport") else { return nil }
    guard let sport = Sport(rawValue: text.uppercased()) else {
      throw APIError.invalid(
        "sport must be MLB, NBA, NHL or NFL (got '\(text.prefix(80))')", field: "sport")
    }
    return sport
  }

  private func matchup(_ body: JSONBody) throws -> TypedMatchup? {
    do {
      // The rule `visit add --away/--home` shares.
      return try TypedMatchup.given(away: try body.string("away"), home: try body.string("home"))
    } catch let error as MatchupError {
      let name: (MatchupError.Side) -> String = { $0 == .away ? "away" : "home" }
      throw APIError.invalid(error.message(naming: name), field: name(error.missing))
    }
  }

  /// `score`: `{"away", "home"}`, whole numbers 0…999 (visitors first).
  private func score(_ body: JSONBody) throws -> Score? {
    guard let object = try body.object("score") else { return nil }
    try object.allowing(["away", "home"])
    guard let away = try object.integer("away"), let home = try object.integer("home"),
      let score = Score(away: away, home: home)
    else {
      // Met in the visit dialog with one side left empty (issue 28, item
      // 15): said for the person, the members named in words.
      throw APIError.invalid(
        "The score needs both teams' numbers, the visitors' and the home team's, "
          + "each a whole number from 0 to \(Score.maximum).",
        field: "score")
    }
    return score
  }

  /// Runs `write`, answering a rule's or a table's refusal with the body's
  /// member it is about (`field`); a name the tables lack is bad input
  /// (400), not a missing route.
  private func classified<T>(_ body: JSONBody, _ write: () throws -> T) throws -> T {
    do {
      return try write()
    } catch let error as VisitError {
      throw Self.refusal(error, field: Self.field(of: error))
    } catch let error as CatalogError {
      let field = Self.field(of: error, body: body)
      var api = Self.refusal(error, field: field)
      if api.status == 404 {
        api.status = 400
        api.document.error.kind = ErrorKind.invalidInput.rawValue
      }
      throw api
    } catch let error as RecordError where error.field != nil {
      throw Self.refusal(error, field: error.field)
    }
  }

  /// The API error of a library error (status by its kind), naming
  /// `field`.
  static func refusal(_ error: any Error, field: String?) -> APIError {
    let document = WireV1.ErrorDocument(error, field: field)
    return APIError(status: APIError.status(of: document.kind ?? .unavailable), document: document)
  }

  /// The body member a visit rule's refusal is about.
  static func field(of error: VisitError) -> String? {
    switch error {
    case .gameAtOtherVenue, .missingVenue: return "venue"
    case .gameOnOtherDate, .missingDate, .futureDate: return "date"
    case .gameOfOtherSport, .venueNotOfSport, .sportNeeded: return "sport"
    case .matchupOfOtherSport: return "away"
    case .gameCancelled, .gameNotPlayed, .gameNotInTrip, .gameElsewhere: return "game"
    case .matchupFromGame, .unknownTeam: return "away"
    case .sameTeam: return "home"
    case .linkedToGame(_, _, let field): return field == "matchup" ? "away" : field
    case .invalidNotes: return "notes"
    case .nothingToChange: return nil
    }
  }

  /// The body member a table's refusal is about: `venue` for a venue,
  /// `away` or `home` for a team (the one whose text it names).
  static func field(of error: CatalogError, body: JSONBody) -> String {
    switch error {
    case .unknownVenue, .ambiguousVenue, .venueOfOtherSport: return "venue"
    case .unknownTeam(let name, _), .ambiguousTeam(let name, _),
      .teamOfOtherSport(let name, _, _, _), .teamOfSeveralSports(let name, _):
      return (try? body.string("home")) == name && (try? body.string("away")) != name
        ? "home" : "away"
    }
  }

  // MARK: Answers

  private func answer(_ visit: Visit, warnings: [String]) throws -> WireV1.VisitWrite {
    let visits = try store.visits(venueID: visit.venueID)
    return WireV1.VisitWrite(
      visit: WireV1.VisitCard(visit, leagues: leagues),
      venueVisits: visits.count { $0.sport == visit.sport },
      message: leagues.venueCount(after: visit, among: visits), warnings: warnings)
  }
}

extension SportsTimeApp {
  /// The visit routes' operations over the app's store.
  var visitAPI: VisitAPI {
    get throws { VisitAPI(store: store, leagues: try Leagues.builtIn()) }
  }
}
