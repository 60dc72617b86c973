import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeRender
import SportsTimeStore

extension SportsTimeApp {
  /// The app's one route table (docs/API.md): every API route and page,
  /// its methods, the query parameters it reads and its handler. The
  /// table answers 405 with `Allow`, HEAD, and repeated or unknown query
  /// parameters (`RouteTable`); `token` is the policy's and taken by
  /// every route.
  ///
  /// Handlers that block (the store's lock while SQLite waits for another
  /// process's write lock, the PDF renderer's lock, file reads) run on a
  /// thread of their own (`blocking`), never on the few threads Swift's
  /// tasks share, so one blocked request does not stall the others.
  static func routeTable() -> RouteTable<SportsTimeApp> {
    var table = RouteTable<SportsTimeApp>(alwaysAccepted: ["token"])
    addTripRoutes(to: &table)
    addLeagueRoutes(to: &table)
    addVisitRoutes(to: &table)
    addMapRoutes(to: &table)
    addPlanRoutes(to: &table)
    addPages(to: &table)
    return table
  }

  /// Runs `work` off the task threads (it may block) and returns its
  /// answer.
  static func blocking(_ work: @escaping @Sendable () throws -> HTTPResponse) async throws
    -> HTTPResponse
  {
    try await offTaskThreads { Result { try work() } }.get()
  }

  // MARK: Trips

  /// `/api/events`, `/api/trips` and `/api/trips/{id}…` (the attended
  /// games among them).
  static func addTripRoutes(to table: inout RouteTable<SportsTimeApp>) {
    table.add("GET", "/api/events", head: false) { _, app in
      guard let stream = app.watcher.subscribe() else {
        return Self.error(
          status: 503, kind: ErrorKind.unavailable.rawValue,
          message:
            "too many live views are open (\(TripWatcher.maximumStreams)); close some tabs and reload"
        )
      }
      return HTTPResponse(
        status: 200,
        headers: [
          HTTPHeader("Content-Type", "text/event-stream"), HTTPHeader("X-Accel-Buffering", "no"),
        ], body: .events(stream))
    }
    table.add("GET", "/api/trips") { _, app in
      try await blocking { try Self.wire(200, app.reads.listTrips()) }
    }
    table.add("POST", "/api/trips") { request, app in
      try await blocking {
        try Self.wire(201, app.api.createTrip(JSONBody(request.body), env: app.environment))
      }
    }
    table.add("GET", "/api/trips/:trip") { (trip: Trip.ID, _, app) in
      try await blocking { Self.json(status: 200, try app.reads.tripDocumentText(trip)) }
    }
    table.add("PATCH", "/api/trips/:trip") { (trip: Trip.ID, request, app) in
      try await blocking {
        try Self.wire(200, app.api.patchTrip(trip, JSONBody(request.body), env: app.environment))
      }
    }
    table.add("DELETE", "/api/trips/:trip", query: ["revision"]) { (trip: Trip.ID, request, app) in
      try await blocking {
        try Self.wire(200, app.api.deleteTrip(trip, revision: try deleteRevision(request.http)))
      }
    }
    table.add("POST", "/api/trips/:trip/copy") { (trip: Trip.ID, request, app) in
      try await blocking {
        try Self.wire(201, app.api.copyTrip(trip, JSONBody(request.body), env: app.environment))
      }
    }
    for direction in [JournalStep.Direction.undo, .redo] {
      table.add("POST", "/api/trips/:trip/\(direction.rawValue)") {
        (trip: Trip.ID, request, app) in
        try await blocking {
          try Self.wire(200, app.api.step(direction, trip, JSONBody(request.body)))
        }
      }
    }
    table.add("GET", "/api/trips/:trip/route") { (trip: Trip.ID, _, app) in
      try await blocking { try Self.wire(200, app.reads.route(trip)) }
    }
    table.add("GET", "/api/trips/:trip/drag/:row") { (trip: Trip.ID, row: RowID, _, app) in
      try await blocking { Self.json(status: 200, try app.reads.dragText(trip, rowID: row)) }
    }
    table.add("POST", "/api/trips/:trip/items") { (trip: Trip.ID, request, app) in
      try await blocking {
        try Self.wire(201, app.api.addItem(trip, JSONBody(request.body), env: app.environment))
      }
    }
    table.add("PATCH", "/api/trips/:trip/items/:item") {
      (trip: Trip.ID, item: ItineraryItem.ID, request, app) in
      try await blocking {
        try Self.wire(
          200, app.api.editItem(trip, item: item, JSONBody(request.body), env: app.environment))
      }
    }
    table.add("DELETE", "/api/trips/:trip/items/:item", query: ["revision"]) {
      (trip: Trip.ID, item: ItineraryItem.ID, request, app) in
      try await blocking {
        try Self.wire(
          200,
          app.api.removeItem(
            trip, item: item, revision: try deleteRevision(request.http), env: app.environment))
      }
    }
    table.add("POST", "/api/trips/:trip/items/:item/move") {
      (trip: Trip.ID, item: ItineraryItem.ID, request, app) in
      try await blocking {
        try Self.wire(
          200, app.api.moveItem(trip, item: item, JSONBody(request.body), env: app.environment))
      }
    }
    table.add("POST", "/api/trips/:trip/attended") { (trip: Trip.ID, request, app) in
      try await blocking {
        try Self.wire(
          200, app.visitAPI.attended(trip, JSONBody(request.body), env: app.environment))
      }
    }
    table.add("GET", "/api/trips/:trip/export.pdf", query: ["paper", "metric"]) {
      (trip: Trip.ID, request, app) in
      try await blocking {
        var paper = Paper.letter
        if let text = request.query["paper"], !text.isEmpty {
          guard let chosen = Paper(rawValue: text.lowercased()) else {
            throw APIError.invalid("paper must be letter or a4", field: "paper")
          }
          paper = chosen
        }
        let metric = try Self.queryFlag(request.query, "metric")
        let export = try app.reads.exportPDF(
          trip, paper: paper, metric: metric, basemap: app.pdfBasemap.basemap)
        // The two papers download under two names ("Trip (A4).pdf").
        return Self.download(
          Data(export.bytes), name: export.name, suffix: paper == .a4 ? " (A4)" : "",
          extension: "pdf", contentType: "application/pdf")
      }
    }
    table.add("GET", "/api/trips/:trip/export.:format") {
      (trip: Trip.ID, format: TripExportFormat, _, app) in
      try await blocking {
        let export = try app.reads.export(trip, format: format)
        return Self.download(export.text, name: export.name, format: format)
      }
    }
  }

  // MARK: Games, venues, places, tips

  /// `/api/games`, `/api/venues`, `/api/places` and `/api/tips`.
  static func addLeagueRoutes(to table: inout RouteTable<SportsTimeApp>) {
    table.add("GET", "/api/games", query: ["team", "venue", "sport", "from", "to"]) {
      request, app in
      try await blocking { try Self.wire(200, app.reads.games(request.query)) }
    }
    table.add("GET", "/api/venues", query: ["sport"]) { request, app in
      try await blocking {
        if let list = try app.visitAPI.venues(request.query) { return try Self.wire(200, list) }
        return try Self.wire(200, app.api.venues())
      }
    }
    table.add("GET", "/api/places", query: ["q", "limit"]) { request, app in
      try await blocking { try Self.wire(200, PlacesAPI.search(request.query, in: app.api.places)) }
    }
    table.add("GET", "/api/tips", query: ["count", "exclude"]) { request, _ in
      var generator = SystemRandomNumberGenerator()
      return try Self.wire(200, TipsAPI.tips(request.query, using: &generator))
    }
  }

  // MARK: Visits

  /// `/api/visits…`, `/api/progress` and `/api/history`.
  static func addVisitRoutes(to table: inout RouteTable<SportsTimeApp>) {
    table.add("GET", "/api/visits", query: ["venue", "sport"]) { request, app in
      try await blocking { try Self.wire(200, app.visitAPI.list(request.query)) }
    }
    table.add("POST", "/api/visits") { request, app in
      try await blocking {
        try Self.wire(201, app.visitAPI.add(JSONBody(request.body), env: app.environment))
      }
    }
    table.add("PATCH", "/api/visits/:visit") { (visit: Visit.ID, request, app) in
      try await blocking {
        try Self.wire(200, app.visitAPI.edit(visit, JSONBody(request.body), env: app.environment))
      }
    }
    table.add("DELETE", "/api/visits/:visit") { (visit: Visit.ID, request, app) in
      try await blocking {
        _ = try JSONBody(request.body).decode(WireV1.EmptyBody.self)
        return try Self.wire(200, app.visitAPI.remove(visit))
      }
    }
    table.add("GET", "/api/progress", query: ["sport"]) { request, app in
      try await blocking { try Self.wire(200, app.visitAPI.progress(request.query)) }
    }
    table.add("GET", "/api/history", query: ["sport", "year"]) { request, app in
      try await blocking { try Self.wire(200, app.visitAPI.history(request.query)) }
    }
  }

  // MARK: Map

  /// `/api/map/viewport` (GET, PUT), `pins` and `tiles`.
  static func addMapRoutes(to table: inout RouteTable<SportsTimeApp>) {
    table.add("GET", "/api/map/viewport") { _, app in
      try await blocking { try Self.wire(200, app.mapAPI.viewport()) }
    }
    table.add("PUT", "/api/map/viewport") { request, app in
      try await blocking { try Self.wire(200, app.mapAPI.putViewport(JSONBody(request.body))) }
    }
    table.add("GET", "/api/map/pins", query: ["sport"]) { request, app in
      try await blocking { try Self.wire(200, app.mapAPI.pins(request.query)) }
    }
    table.add("GET", "/api/map/tiles") { _, app in
      try await blocking { try Self.wire(200, app.mapAPI.tileSource()) }
    }
  }

  // MARK: Pages

  /// The pages and files (any query: a page's address may carry the
  /// page's own): `/` the trips, `/trips/new` a new trip, `/trips/{id}` a
  /// trip, `/map`, `/progress`, `/history` and `/plan`, `/app/…` the
  /// app's files, `/vendor/sortable/…` and `/vendor/leaflet/…` Debian's,
  /// `/basemap.json` the US states, `/basemap/countries.json` the world's
  /// countries beside them (`Basemap.countriesFile(beside:)`). Any other
  /// path is `notFound(_:)`'s.
  static func addPages(to table: inout RouteTable<SportsTimeApp>) {
    func page(_ pattern: String, _ file: String) {
      table.add("GET", pattern, query: nil) { request, app in
        try await blocking { try app.file(app.app, file, request.http) }
      }
    }
    page("/", "index.html")
    page("/trips/new", "new.html")
    table.add("GET", "/trips/:trip", query: nil) { (_: String, request, app) in
      try await blocking { try app.file(app.app, "trip.html", request.http) }
    }
    page("/map", "map.html")
    page("/progress", "progress.html")
    page("/history", "history.html")
    page("/plan", "plan.html")
    page("/favicon.ico", "icon.svg")
    page("/app", "")
    table.add("GET", "/app/*", query: nil) { request, app in
      try await blocking {
        try app.file(app.app, request.rest.joined(separator: "/"), request.http)
      }
    }
    table.add("GET", "/vendor/:library/*", query: nil) { (library: String, request, app) in
      try await blocking {
        try app.file(app.vendor[library], request.rest.joined(separator: "/"), request.http)
      }
    }
    table.add("GET", "/basemap/countries.json", query: nil) { request, app in
      try await blocking {
        // The world's countries, drawn under the states: the file beside them.
        guard
          let countries = app.configuration.basemap.flatMap(Basemap.countriesFile(beside:))
        else {
          return Self.json(status: 200, #"{"type": "FeatureCollection", "features": []}"#)
        }
        return try app.file(
          StaticFiles(folder: countries.deletingLastPathComponent()),
          countries.lastPathComponent, request.http)
      }
    }
    table.add("GET", "/basemap.json", query: nil) { request, app in
      try await blocking {
        // Without a basemap the maps draw on an empty one (no error on the page).
        guard let basemap = app.configuration.basemap else {
          return Self.json(status: 200, #"{"type": "FeatureCollection", "features": []}"#)
        }
        return try app.file(
          StaticFiles(folder: basemap.deletingLastPathComponent()), basemap.lastPathComponent,
          request.http)
      }
    }
  }

  /// The file `relative` of `files`.
  /// - Throws: `APIError.notFound` naming the request's path when there
  ///   is none.
  func file(_ files: StaticFiles?, _ relative: String, _ request: HTTPRequest) throws
    -> HTTPResponse
  {
    guard let found = files?.response(for: relative) else {
      throw APIError.notFound("no file \(request.path.prefix(80))")
    }
    return found
  }

  /// The answer to a path no route of the table matches: under `/api`,
  /// 404 naming the method and path; elsewhere 405 for a method other
  /// than GET or HEAD (pages take no body), else the 404 page for a
  /// browser asking for a page, or the error document.
  static func notFound(_ request: HTTPRequest) throws -> HTTPResponse {
    let first = request.path.split(separator: "/", omittingEmptySubsequences: true).first
    if first == "api" {
      // HEAD's answer is GET's without the body, Content-Length included.
      let method = request.method == "HEAD" ? "GET" : request.method
      throw APIError.notFound("no API route \(method) \(request.path.prefix(80))")
    }
    if let refused = pageMethodRefused(request) { throw refused }
    // A browser asking for a page gets a page, not an error document.
    if request.headers["accept"]?.contains("text/html") == true { return Self.notFoundPage }
    throw APIError.notFound("no page \(request.path.prefix(80))")
  }

  /// The 404 page a browser is shown for a path that is no page.
  static let notFoundPage = HTTPResponse(
    status: 404, contentType: "text/html; charset=utf-8",
    bytes: Data(
      """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>SportsTime — no such page</title><link rel="stylesheet" href="/app/app.css"></head>
      <body><header class="bar"><a class="home" href="/">← Trips</a><h1>No such page</h1></header>
      <main><p>There is no page at this address. Your trips are on the <a href="/">trips page</a>.</p></main>
      </body></html>

      """.utf8))

  /// 405 for a method other than GET or HEAD outside `/api` (only the API
  /// takes bodies), else nil.
  static func pageMethodRefused(_ request: HTTPRequest) -> MethodNotAllowed? {
    guard !["GET", "HEAD"].contains(request.method) else { return nil }
    return MethodNotAllowed(
      allowed: ["GET", "HEAD"],
      message: "\(request.path.prefix(80)) answers GET, HEAD, not \(request.method.prefix(20))")
  }

  /// The revision a DELETE is based on: `?revision=` or `{"revision"}` in
  /// its body (not both); any other body key is refused (the table
  /// refuses any other query parameter).
  static func deleteRevision(_ request: HTTPRequest) throws -> Int? {
    let inBody = try JSONBody(request.body).decode(WireV1.RevisionOnly.self).revision
    let inQuery = try revisionQuery(request)
    if inQuery != nil, inBody != nil {
      throw APIError.invalid(
        "give the revision once, in the query or in the body", field: "revision")
    }
    return inQuery ?? inBody
  }

  private static func revisionQuery(_ request: HTTPRequest) throws -> Int? {
    guard let text = request.query["revision"], !text.isEmpty else { return nil }
    guard let value = Int(text), value >= 1 else {
      if text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
        text.contains(where: { $0 != "0" })
      {
        throw APIError.outOfRange(field: "revision")
      }
      throw APIError.badRevision("'\(text.prefix(20))'")
    }
    guard value <= APIError.largestWholeNumber else { throw APIError.outOfRange(field: "revision") }
    return value
  }

  /// The environment of one request: the app's, its clock read once.
  var environment: RuleEnvironment { api.environment.frozen() }

  /// The map screen's operations over the app's store.
  var mapAPI: MapAPI {
    get throws { MapAPI(store: store, leagues: try Leagues.builtIn(), tiles: configuration.tiles) }
  }
}

// MARK: Path parameters

/// A tagged id's path segment: how its text is read and what a text that
/// names none is answered.
public protocol PathIdentified {
  /// The id's text in a path segment as `TaggedUUID(parsing:)` reads it.
  static func idText(pathSegment: String) -> String
  /// The error a segment that is no id of this kind is answered with.
  static func noSuchID(_ text: String) -> any Error
}

extension Trip: PathIdentified {
  /// The segment as it is.
  public static func idText(pathSegment: String) -> String { pathSegment }
  /// 404.
  public static func noSuchID(_ text: String) -> any Error {
    APIError.notFound("no trip has the id '\(text.prefix(80))' (trips are named by UUID)")
  }
}

extension ItineraryItem: PathIdentified {
  /// An item's row id (`item:<uuid>`) names it too.
  public static func idText(pathSegment: String) -> String {
    pathSegment.hasPrefix("item:") ? String(pathSegment.dropFirst(5)) : pathSegment
  }
  /// 404.
  public static func noSuchID(_ text: String) -> any Error {
    APIError.notFound("no item has the id '\(text.prefix(80))'")
  }
}

extension Visit: PathIdentified {
  /// The segment in lower case.
  public static func idText(pathSegment: String) -> String { pathSegment.lowercased() }
  /// 404.
  public static func noSuchID(_ text: String) -> any Error {
    APIError.notFound("no visit has the id '\(text.prefix(80))' (visits are named by UUID)")
  }
}

extension TaggedUUID: PathParameter where Owner: PathIdentified {
  /// The id a path names (`/api/trips/{id}`).
  /// - Throws: the tag's 404 (`PathIdentified.noSuchID`) for a text that
  ///   is no such id.
  public init(pathSegment: String) throws {
    guard let id = Self(parsing: Owner.idText(pathSegment: pathSegment)) else {
      throw Owner.noSuchID(pathSegment)
    }
    self = id
  }
}

extension RowID: PathParameter {
  /// The row a path names (`/api/trips/{id}/drag/{row}`), read once in
  /// its exact text form (`day:3`, `game:CHN202406040`, `item:<uuid>`).
  /// - Throws: `APIError` 404, as for a row the trip no longer has.
  public init(pathSegment: String) throws {
    guard let id = RowID(pathSegment), id.description == pathSegment else {
      throw TripAPI.rowGone
    }
    self = id
  }
}

extension TripExportFormat: PathParameter {
  /// The format of `export.{format}`.
  /// - Throws: `APIError` 404 naming the formats for any other.
  public init(pathSegment: String) throws {
    guard let format = TripExportFormat(rawValue: pathSegment) else {
      throw APIError.notFound(
        "no export format '\(pathSegment.prefix(20))' (md, ics, gpx, geojson, json or pdf)")
    }
    self = format
  }
}

extension String: PathParameter {
  /// Any segment, as it is.
  public init(pathSegment: String) { self = pathSegment }
}
