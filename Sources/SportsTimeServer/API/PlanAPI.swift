import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimePlanner
import SportsTimeStore

/// How long the server lets one planning search run, in seconds; a search
/// stopped by its limit answers the best found, not proven (the document's
/// `proven` is false, and an all-parks `bound` is what was proven so far).
public struct PlanTimeLimits: Sendable, Hashable {
  /// The window, follow and route questions.
  public var window: Double
  /// The all-parks question.
  public var allParks: Double

  /// Limits; by default 30 s for a window and 2 minutes for all parks.
  public init(window: Double = 30, allParks: Double = 120) {
    self.window = window
    self.allParks = allParks
  }
}

/// The planner's routes (the app's "Plan a trip" wizard, `/plan`): the
/// question (`POST /api/plan`, the document of `sportstime plan … --json`)
/// and the choices it is built from (`/api/plan/sports`, `teams`,
/// `cities`, `sorts`). Each parses its request, calls one Store, Planner
/// or Core operation and answers a `WireV1` document. No rule lives here.
struct PlanAPI: Sendable {
  let store: Store
  let catalog: Catalog
  let leagues: Leagues
  let limits: PlanTimeLimits
  let cache: PlanAnswerCache

  // MARK: Choices

  /// `GET /api/plan/sports?from=&to=`: every sport and whether it can be
  /// planned with in the dates (without them: whether any is imported).
  /// - Throws: `APIError` (400) for a bad date, one date without the
  ///   other, or `from` after `to`; `StoreError`.
  func sports(_ query: [String: String]) throws -> WireV1.PlanSports {
    let dates = try Self.dates(query)
    return WireV1.PlanSports(
      PlanChoices.sports(games: try store.games(), dates: dates), dates: dates)
  }

  /// `GET /api/plan/teams?sport=&from=&to=`: the teams that play in those
  /// dates (every imported game without them), of those sports (all
  /// without `sport`).
  func teams(_ query: [String: String]) throws -> WireV1.PlanTeams {
    let dates = try Self.dates(query)
    var gameQuery = GameQuery(from: dates?.lowerBound, to: dates?.upperBound)
    gameQuery.sports = try SportsTimeApp.querySports(query)
    let games = try store.games(gameQuery)
    return WireV1.PlanTeams(PlanChoices.teams(playingIn: games, leagues: leagues))
  }

  /// `GET /api/plan/cities`: the cities a trip may start or end near.
  func cities() -> WireV1.PlanCities {
    WireV1.PlanCities(PlanChoices.cities(of: catalog))
  }

  /// `from` and `to` of a query: both or neither, `from` not after `to`.
  static func dates(_ query: [String: String]) throws -> ClosedRange<CalendarDate>? {
    func date(_ key: String) throws -> CalendarDate? { try SportsTimeApp.queryDate(query, key) }
    switch (try date("from"), try date("to")) {
    case (nil, nil): return nil
    case (let from?, let to?):
      guard from <= to else {
        throw APIError.invalid("from (\(from.iso)) is after to (\(to.iso))", field: "from")
      }
      return from...to
    case (nil, _?):
      throw APIError.invalid("from is missing (give both dates or neither)", field: "from")
    case (_?, nil):
      throw APIError.invalid("to is missing (give both dates or neither)", field: "to")
    }
  }

  // MARK: The question

  /// A planning question as the request asked it.
  enum Question: Hashable, Sendable {
    /// A window question; `kind` is `window`, `follow` or `route`.
    case window(WindowQuery, kind: String, sort: PlanSort)
    case allParks(AllParksQuery)
  }

  /// Refuses a search id that is not 1 to 100 letters, digits, `-`, `_`.
  static func checkSearchID(_ text: String, field: String?) throws {
    let allowed =
      !text.isEmpty && text.count <= 100
      && text.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
      }
    guard allowed else {
      throw APIError.invalid(
        "a search id is 1 to 100 letters, digits, '-' and '_' (got '\(text.prefix(40))')",
        field: field)
    }
  }

  /// Reads `POST /api/plan`'s body (`WireV1.PlanQuestion`, its bounds
  /// `PlanBounds` as `sportstime plan`'s) and looks up its teams, games and
  /// places; the search id is the `search` member (checked last).
  /// - Throws: `APIError` (400) naming the member at fault: a missing or
  ///   malformed one, one the kind does not read, a place, team or game
  ///   the tables or the schedule do not know, a search id that is not 1
  ///   to 100 letters, digits, `-` and `_`.
  func question(_ body: JSONBody) throws -> (question: Question, search: String?) {
    let asked = try body.decode(WireV1.PlanQuestion.self)
    let question: Question
    switch asked.details {
    case .allParks(let parks):
      var teams: [Set<String>] = []
      for (index, text) in parks.teams.enumerated() {
        do {
          teams.append(
            try leagues.parkTeamCodes(named: text, sport: parks.sport, season: parks.season))
        } catch {
          throw VisitAPI.refusal(error, field: "teams[\(index)]").asInvalidInput
        }
      }
      question = .allParks(
        AllParksQuery(
          season: parks.season, sport: parks.sport, from: parks.from,
          maxDriveHours: asked.maxDriveHours, teams: teams))
    case .window(let window):
      question = .window(
        try windowQuery(window, sports: asked.sports, maxDriveHours: asked.maxDriveHours),
        kind: asked.kind.rawValue, sort: window.sort)
    }
    if let search = asked.search { try Self.checkSearchID(search, field: "search") }
    return (question, asked.search)
  }

  /// A window, follow or route question's query: its places, team and
  /// games looked up.
  /// - Throws: `APIError` (400) naming the member the tables or the
  ///   schedule do not know.
  func windowQuery(_ window: WireV1.PlanQuestion.Window, sports: [Sport], maxDriveHours: Double?)
    throws -> WindowQuery
  {
    let start = try window.startNear.map { try place($0, "startNear") }
    let end = try window.endNear.map { try place($0, "endNear") }
    var follow: FollowedTeam?
    if let text = window.follow {
      let pool = sports.isEmpty ? try store.storedSports() : sports
      do {
        follow = try leagues.followedTeam(named: text, among: pool, season: window.from.year)
      } catch {
        throw VisitAPI.refusal(error, field: "follow").asInvalidInput
      }
      if let follow, !sports.isEmpty, !sports.contains(follow.sport) {
        throw APIError.invalid(
          "follow: the \(follow.name) are an \(follow.sport.rawValue) team, and sports has only \(sports.map(\.rawValue).joined(separator: ", "))",
          field: "follow")
      }
    }
    var must: [Game.ID] = []
    for (index, text) in window.must.enumerated() {
      let field = "must[\(index)]"
      do {
        must.append(try store.game(for: try GameReference(parsing: text), catalog: catalog).id)
      } catch {
        throw VisitAPI.refusal(error, field: field).asInvalidInput
      }
    }
    return WindowQuery(
      from: window.from, to: window.to, sports: Set(sports), startNear: start, endNear: end,
      must: must, follow: follow, maxDriveHours: maxDriveHours, options: window.options)
  }

  /// The place `near` names (`PlanPlace.resolve`), the request's member
  /// `key`.
  /// - Throws: `APIError` (400, field `key.city`) for a city the tables do
  ///   not know.
  func place(_ near: WireV1.PlanQuestion.Near, _ key: String) throws -> PlanPlace {
    do {
      return try PlanPlace.resolve(near.city, radiusHours: near.radiusHours, catalog: catalog)
    } catch {
      throw VisitAPI.refusal(error, field: "\(key).city").asInvalidInput
    }
  }

  /// Answers `question`: the planner's answer (kept for the same question
  /// on the same database, so another sort is not another search) as the
  /// plan document. Blocks while the search runs (at most the time limit,
  /// or until `stopped` says true: then the document is the best found so
  /// far, `stopped` and not proven, and is not kept).
  /// - Throws: `APIError` (400) for a question the planner refuses
  ///   (`PlanError`, `AllParksError`), naming the member at fault;
  ///   `StoreError`.
  func answer(_ question: Question, stopped: @escaping () -> Bool = { false }) throws
    -> WireV1.PlanDocument
  {
    let token = try store.changeToken()
    switch question {
    case .window(let query, let kind, let sort):
      let key = PlanAnswerCache.Key(
        question: .window(query, kind: kind, sort: .recommended), token: token)
      let answer: PlanAnswer
      if case .window(let kept)? = cache.answer(for: key) {
        answer = kept
      } else {
        var games = try store.games(GameQuery(from: query.from, to: query.to))
        if !query.sports.isEmpty { games = games.filter { query.sports.contains($0.sport) } }
        // The must-see games too, so one outside the window is named with its date.
        let outside = try query.must.compactMap { try store.game(id: $0) }.filter {
          $0.localDate < query.from || $0.localDate > query.to
        }
        let deadline = Date().addingTimeInterval(limits.window)
        do {
          answer = try WindowPlanner.answer(
            query, games: games + outside, venue: { catalog.venue($0) },
            shouldStop: { Date() > deadline || stopped() })
        } catch let error as PlanError {
          throw Self.refusal(error, must: query.must)
        }
        if !answer.proven && stopped() {
          var document = WireV1.PlanDocument(query, answer: answer, sort: sort, kind: kind)
          document.stopped = true
          return document
        }
        cache.keep(.window(answer), for: key)
      }
      return WireV1.PlanDocument(query, answer: answer, sort: sort, kind: kind)
    case .allParks(let query):
      let key = PlanAnswerCache.Key(question: question, token: token)
      if case .allParks(let kept)? = cache.answer(for: key) {
        return WireV1.PlanDocument(query, answer: kept)
      }
      var gameQuery = GameQuery()
      gameQuery.sports = [query.sport]
      let games = try store.games(gameQuery).filter { $0.season == query.season }
      let deadline = Date().addingTimeInterval(limits.allParks)
      let answer: AllParksAnswer
      do {
        answer = try AllParksPlanner.answer(
          query, games: games, venue: { catalog.venue($0) },
          shouldStop: { Date() > deadline || stopped() })
      } catch let error as AllParksError {
        throw APIError.invalid(
          error.description,
          field: {
            switch error {
            case .noGames: return "season"
            case .noGamesFrom, .parksWithoutGames: return "from"
            case .unknownTeams: return "teams"
            case .noTrip(_, _, let from): return from == nil ? nil : "from"
            }
          }())
      }
      if !answer.proven && stopped() {
        var document = WireV1.PlanDocument(query, answer: answer)
        document.stopped = true
        return document
      }
      cache.keep(.allParks(answer), for: key)
      return WireV1.PlanDocument(query, answer: answer)
    }
  }

  /// A window question's refusal, naming the member at fault (`must[i]`
  /// by its place in `must`), in the app's words where the planner's name
  /// the CLI's options.
  static func refusal(_ error: PlanError, must: [Game.ID]) -> APIError {
    func field(_ id: Game.ID) -> String {
      must.firstIndex(of: id).map { "must[\($0)]" } ?? "must"
    }
    switch error {
    case .backwards: return APIError.invalid(error.description, field: "to")
    case .tooLong(let days):
      return APIError.invalid(
        "the dates span \(days) days; the planner searches at most \(WindowQuery.maximumDays) (shorten them)",
        field: "to")
    case .mustNotInWindow(let id, _): return APIError.invalid(error.description, field: field(id))
    case .mustIncompatible(_, let b): return APIError.invalid(error.description, field: field(b.id))
    case .followNoGames, .followGap: return APIError.invalid(error.description, field: "follow")
    case .tooManyVenues: return APIError.invalid(error.description)
    case .unknownPlace: return APIError.invalid(error.description)
    }
  }
}

extension APIError {
  /// This error as a 400 `invalid-input` (a name the tables or the
  /// schedule do not know is the request's fault, not a missing page).
  var asInvalidInput: APIError {
    guard status == 404 else { return self }
    var copy = self
    copy.status = 400
    copy.document.error.kind = ErrorKind.invalidInput.rawValue
    return copy
  }
}

/// Planner answers by question and database state (`Store.changeToken()`):
/// the same question asked again (another sort, a reload) is answered
/// without a search while nothing changed. Keeps the last 16. Thread-safe.
final class PlanAnswerCache: @unchecked Sendable {
  /// A question on a database state.
  struct Key: Hashable {
    var question: PlanAPI.Question
    var token: ChangeToken
  }

  /// A kept answer.
  enum Answer {
    case window(PlanAnswer)
    case allParks(AllParksAnswer)
  }

  private let lock = NSLock()
  private var kept: [(key: Key, answer: Answer)] = []

  /// The answer kept for `key`, or nil.
  func answer(for key: Key) -> Answer? {
    lock.withLock { kept.first { $0.key == key }?.answer }
  }

  /// Keeps `answer` for `key` (forgetting the oldest beyond 16).
  func keep(_ answer: Answer, for key: Key) {
    lock.withLock {
      kept.removeAll { $0.key == key }
      kept.append((key, answer))
      if kept.count > 16 { kept.removeFirst(kept.count - 16) }
    }
  }
}

extension SportsTimeApp {
  /// The planner's operations over the app's store.
  var planAPI: PlanAPI {
    get throws {
      PlanAPI(
        store: store, catalog: api.catalog, leagues: try Leagues.builtIn(),
        limits: configuration.planTimeLimits, cache: planCache)
    }
  }

  /// The planner's routes: `POST /api/plan`, `GET /api/plan/searches`,
  /// `DELETE /api/plan/searches/{id}` and `GET
  /// /api/plan/sports|teams|cities|sorts` (the wizard's page, `/plan`, is
  /// with the pages). The search runs off the server's task threads (it
  /// may take seconds), so other requests are answered meanwhile.
  static func addPlanRoutes(to table: inout RouteTable<SportsTimeApp>) {
    table.add("POST", "/api/plan") { request, app in
      let plan = try app.planAPI
      let body = try JSONBody(request.body)
      // Reading the question reads the store: off the task threads too.
      let (question, id) = try await Self.offTaskThreads { try plan.question(body) }
      // A long search holds a core; more than two at once would stall
      // every other planning request, so a third is refused (503, with
      // Retry-After: the page tries again by itself). libmicrohttpd does
      // not watch a suspended connection, so a client that goes away
      // does not stop its search: the page stops it by its id.
      let searches = app.planSearches
      let document = try await Self.offTaskThreads { () -> WireV1.PlanDocument? in
        guard let running = searches.begin(id: id) else { return nil }
        defer { searches.end(running) }
        return try plan.answer(question, stopped: { running.isStopped })
      }
      guard let document else {
        var busy = Self.errorResponse(
          APIError(
            status: 503,
            document: WireV1.ErrorDocument(
              kind: .unavailable,
              message:
                "the planner is busy with \(PlanSearches.limit) other searches; yours starts as soon as one ends"
            )))
        busy.headers.append(HTTPHeader("Retry-After", "1"))
        return busy
      }
      return try Self.wire(200, document)
    }
    table.add("GET", "/api/plan/searches") { _, app in
      try Self.wire(
        200,
        WireV1.PlanSearchesRunning(running: app.planSearches.count, limit: PlanSearches.limit))
    }
    table.add("DELETE", "/api/plan/searches/:search") { (search: PlanSearchID, _, app) in
      let searches = app.planSearches
      let stopped = try await Self.offTaskThreads { searches.stop(id: search.text) }
      return try Self.wire(200, WireV1.PlanSearchStopped(stopped: stopped))
    }
    table.add("GET", "/api/plan/sports", query: ["from", "to"]) { request, app in
      let query = request.query
      return try await Self.offTaskThreads { try Self.wire(200, app.planAPI.sports(query)) }
    }
    table.add("GET", "/api/plan/teams", query: ["sport", "from", "to"]) { request, app in
      let query = request.query
      return try await Self.offTaskThreads { try Self.wire(200, app.planAPI.teams(query)) }
    }
    table.add("GET", "/api/plan/cities") { _, app in
      try await Self.offTaskThreads { try Self.wire(200, app.planAPI.cities()) }
    }
    table.add("GET", "/api/plan/sorts") { _, _ in try Self.wire(200, WireV1.PlanSorts()) }
  }

  /// Runs `work` on a thread of its own, not one of the few threads
  /// Swift's tasks share, and awaits its result. Not Dispatch's global
  /// queue: it runs about one item per core, so two searches holding the
  /// cores of a small machine would hold up the refusal of a third and
  /// the stop that ends them.
  static func offTaskThreads<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws
    -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try work() }) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Runs `work` on a thread of its own and awaits its result. A serial
  /// queue of its own runs on Dispatch's overcommitting pool, which starts
  /// another thread rather than let queued work wait for a blocked one
  /// (the global concurrent queues keep to about one thread per core).
  static func offTaskThreads<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue(label: "sportstime.request", qos: .userInitiated).async {
        continuation.resume(returning: work())
      }
    }
  }
}

/// The id of a planning search in a path (`DELETE
/// /api/plan/searches/{id}`): 1 to 100 letters, digits, `-` and `_`.
struct PlanSearchID: PathParameter {
  /// The id as given.
  var text: String

  /// The id of a path segment.
  /// - Throws: `APIError` (400) for any other text (`checkSearchID`).
  init(pathSegment: String) throws {
    try PlanAPI.checkSearchID(pathSegment, field: nil)
    text = pathSegment
  }
}

/// The planning searches running (`POST /api/plan`): at most `limit` at
/// once, one per core of a small machine, each known by the id its request
/// gave (`search`, or none), so that `DELETE /api/plan/searches/{id}` or a
/// new search with the same id stops it. Thread-safe; the waits block, so
/// call them off the task threads.
final class PlanSearches: @unchecked Sendable {
  /// Searches at once.
  static let limit = 2

  /// One running search.
  final class Running: @unchecked Sendable {
    /// The id its request gave, or nil.
    let id: String?
    private let lock = NSLock()
    private var stopRequested = false

    init(id: String?) { self.id = id }

    /// Whether it was asked to stop (what its `shouldStop` reads).
    var isStopped: Bool { lock.withLock { stopRequested } }

    /// Asks it to stop.
    func stop() { lock.withLock { stopRequested = true } }
  }

  private let condition = NSCondition()
  private var running: [Running] = []

  /// Takes a slot for a search of `id`. A search of the same id that is
  /// still running is stopped first, and awaited (at most `wait`
  /// seconds), so that the new one has its slot.
  /// - Returns: the running search, or nil when every slot is taken.
  func begin(id: String?, wait: TimeInterval = 5) -> Running? {
    condition.lock()
    defer { condition.unlock() }
    if let id { stopLocked(id: id, wait: wait) }
    guard running.count < Self.limit else { return nil }
    let search = Running(id: id)
    running.append(search)
    return search
  }

  /// How many searches run now.
  var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return running.count
  }

  /// Gives `search`'s slot back.
  func end(_ search: Running) {
    condition.lock()
    running.removeAll { $0 === search }
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the searches of `id` and waits (at most `wait` seconds) until
  /// they have ended; true when one was running.
  func stop(id: String, wait: TimeInterval = 5) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopLocked(id: id, wait: wait)
  }

  @discardableResult
  private func stopLocked(id: String, wait: TimeInterval) -> Bool {
    let found = running.filter { $0.id == id }
    for search in found { search.stop() }
    let deadline = Date().addingTimeInterval(wait)
    while running.contains(where: { $0.id == id }), condition.wait(until: deadline) {}
    return !found.isEmpty
  }
}
