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

  /// `POST /api/visits`: records a visit (`Leagues.recordVisit`, as `visit
  /// add`), from a game (`game`) or typed (`venue`, `date`, …).
  func add(_ body: JSONBody, env: RuleEnvironment) throws -> WireV1.VisitWrite {
    let request = try body.decode(WireV1.AddVisit.self).request
    let visit = try classified(request) {
      try store.addVisit {
        try leagues.recordVisit(request, game: game, environment: env)
      }
    }
    return try answer(
      visit, warnings: try store.warnings(of: visit, leagues: leagues).map(\.description))
  }

  /// `PATCH /api/visits/{id}`: changes a visit (`Leagues.editVisit`, as
  /// `visit edit`); null clears `game` (unlinks), `away`/`home` (together),
  /// `score` and `notes`.
  func edit(_ id: Visit.ID, _ body: JSONBody, env: RuleEnvironment) throws -> WireV1.VisitWrite {
    let request = try body.decode(WireV1.EditVisit.self).request
    let (old, visit) = try classified(request) {
      try store.editVisit(id: id) { old in
        try leagues.editVisit(old, request, game: game, environment: env)
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
    let asked = try body.decode(WireV1.AttendTrip.self)
    let dryRun = asked.dryRun
    let references = asked.games ?? []
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

  /// Runs `write`, answering a rule's or a table's refusal with the body's
  /// member it is about (`field`); a name the tables lack is bad input
  /// (400), not a missing route.
  private func classified<T>(_ request: VisitRequest, _ write: () throws -> T) throws -> T {
    do {
      return try write()
    } catch let error as VisitError {
      throw Self.refusal(error, field: Self.field(of: error))
    } catch let error as CatalogError {
      let field = Self.field(of: error, matchup: request.typedMatchup)
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
  /// `away` or `home` for a team (the one whose text it names in
  /// `matchup`, the teams as the body gave them).
  static func field(of error: CatalogError, matchup: TypedMatchup?) -> String {
    switch error {
    case .unknownVenue, .ambiguousVenue, .venueOfOtherSport: return "venue"
    case .unknownTeam(let name, _), .ambiguousTeam(let name, _),
      .teamOfOtherSport(let name, _, _, _), .teamOfSeveralSports(let name, _):
      return matchup?.home == name && matchup?.away != name
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
