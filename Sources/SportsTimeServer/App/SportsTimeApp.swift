import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeRender
import SportsTimeStore

/// The app server: the JSON API (docs/API.md), the event stream and the
/// app's files, behind the request policy. `handle` is the HTTP layer's
/// handler; `serve` runs it on a socket.
public final class SportsTimeApp: Sendable {
  /// How the app is set up.
  public struct Configuration: Sendable {
    /// The address to listen on (default loopback).
    public var host: String
    /// The port (0: any free port).
    public var port: UInt16
    /// The token required off loopback; nil generates one there.
    public var token: String?
    /// Where Debian's browser libraries are (`/usr/share/javascript`):
    /// `sortable/` and `leaflet/` are served from there.
    public var assets: URL
    /// The app's own HTML, CSS and JavaScript (the package's resources).
    public var appFiles: URL?
    /// The US states basemap (GeoJSON), when known.
    public var basemap: URL?
    /// GeoNames' `cities5000.csv` (the item dialog's place search and an
    /// item's zone), when known.
    public var places: URL? = nil
    /// The traveller's zone, for today's date.
    public var timeZone: TimeZone
    /// The tile server the map draws beneath its pins (`serve --tiles`);
    /// nil: none, only the basemap.
    public var tiles: MapTileSource? = nil
    /// How long one planning search may run (`POST /api/plan`).
    public var planTimeLimits = PlanTimeLimits()
    /// For the benchmark only: the trip watcher reads every trip at every
    /// look, as before issue 29, instead of comparing the change token
    /// first (`serve` sets it from `$SPORTSTIME_BENCH_WATCH_EVERY_TRIP`);
    /// the reference the idle-CPU figure of `make bench` stands beside.
    public var watchesByReadingEveryTrip = false

    /// A configuration; see the properties.
    public init(
      host: String = "127.0.0.1", port: UInt16 = 8080, token: String? = nil,
      assets: URL = URL(fileURLWithPath: "/usr/share/javascript"), appFiles: URL? = nil,
      basemap: URL? = nil, timeZone: TimeZone = .current
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.assets = assets
      self.appFiles = appFiles
      self.basemap = basemap
      self.timeZone = timeZone
    }
  }

  let configuration: Configuration
  let api: TripAPI
  /// The trips' read-only routes (GET), on a connection of their own
  /// (`readStore`): a read is answered while a write waits for another
  /// process's write lock, which holds `store`'s connection.
  let reads: TripAPI
  /// A second connection to the same file for reads (`store` itself for
  /// an in-memory database).
  let readStore: Store
  let watcher: TripWatcher
  let vendor: [String: StaticFiles]
  let app: StaticFiles?
  let store: Store
  /// The planner's answers by question (`PlanAPI`).
  let planCache = PlanAnswerCache()
  /// The planning searches running, by id (`PlanAPI`).
  let planSearches = PlanSearches()
  /// The policy in force (set once the port is known).
  private let policyBox: PolicyBox
  /// The basemap the PDFs' route maps draw, read on first use.
  let pdfBasemap: BasemapCache
  /// The database file replaced under the server is said on stderr once.
  let replacedNotice = Once()
  /// Every route of the API and the pages (`routeTable()`).
  let routes = SportsTimeApp.routeTable()

  /// The app over `store` (other processes may use the same database).
  public init(
    store: Store, catalog: Catalog, environment: RuleEnvironment = .live,
    configuration: Configuration
  ) {
    self.configuration = configuration
    self.store = store
    var tripAPI = TripAPI(
      store: store, catalog: catalog, environment: environment,
      timeZone: configuration.timeZone)
    let places = PlaceDirectoryCache(url: configuration.places)
    tripAPI.places = places
    api = tripAPI
    let readStore =
      store.path == ":memory:"
      ? store : ((try? store.anotherConnection()) ?? store)
    self.readStore = readStore
    var readAPI = TripAPI(
      store: readStore, catalog: catalog, environment: environment,
      timeZone: configuration.timeZone)
    readAPI.places = places
    reads = readAPI
    // The watcher looks through a third connection, its own: its looks
    // never wait behind a request's read, and the data version it reads
    // moves with every commit of the other two (and of other processes).
    let watchStore =
      store.path == ":memory:"
      ? store : ((try? store.anotherConnection()) ?? readStore)
    let watcher = TripWatcher(
      store: watchStore,
      mode: configuration.watchesByReadingEveryTrip ? .readEveryTrip : .changeToken)
    self.watcher = watcher
    // This server's own writes are announced at once, not at the next tick.
    store.observeCommits { [weak watcher] in watcher?.signal() }
    vendor = [
      "sortable": StaticFiles(folder: configuration.assets.appendingPathComponent("sortable")),
      "leaflet": StaticFiles(folder: configuration.assets.appendingPathComponent("leaflet")),
    ]
    app = configuration.appFiles.map(StaticFiles.init(folder:))
    pdfBasemap = BasemapCache(url: configuration.basemap)
    policyBox = PolicyBox(
      RequestPolicy(
        host: configuration.host, port: configuration.port, token: configuration.token))
  }

  /// The browser libraries the assets folder lacks, each as a sentence for
  /// the person who started the server (empty when both are there):
  /// SortableJS's `sortable/Sortable.min.js` (drag and drop) and Leaflet's
  /// `leaflet/leaflet.js` (the maps), from Debian's libjs-sortable and
  /// libjs-leaflet.
  public var missingAssets: [String] {
    let needed = [
      ("sortable/Sortable.min.js", "drag and drop", "libjs-sortable"),
      ("leaflet/leaflet.js", "the maps", "libjs-leaflet"),
    ]
    return needed.compactMap { file, use, package in
      let path = configuration.assets.appendingPathComponent(file).path
      guard !FileManager.default.fileExists(atPath: path) else { return nil }
      return "no \(path): \(use) will not work in the browser (Debian package \(package))"
    }
  }

  /// The app's own files as built into the package (its resource bundle
  /// beside the executable); nil when the bundle is missing.
  public static var bundledAppFiles: URL? {
    // Where SwiftPM puts the bundle (beside the executable, or the test
    // bundle's folder); `Bundle.module` would stop the process without it.
    let name = "SportsTime_SportsTimeServer.resources"
    // The running executable itself (/proc/self/exe on Linux), so a
    // symbolic link on PATH finds the bundle beside the real file; argv[0]
    // is only a name when the program was found through PATH.
    let executable =
      (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ""))
      .resolvingSymlinksInPath().deletingLastPathComponent()
    let folders = [
      executable, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for folder in folders {
      for candidate in [
        folder.appendingPathComponent(name).appendingPathComponent("app"),
        folder.appendingPathComponent(name).appendingPathComponent("Contents/Resources/app"),
      ]
      where FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent("index.html").path)
      {
        return candidate
      }
    }
    return nil
  }

  /// The policy requests are checked against.
  public var policy: RequestPolicy { policyBox.value }

  /// Sets the port the policy expects in `Host` (after binding port 0).
  func bound(port: UInt16, token: String?) {
    policyBox.value = RequestPolicy(host: configuration.host, port: port, token: token)
  }

  /// Answers one request: the policy first, then the route.
  public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    let isPage = !request.path.hasPrefix("/api/")
    if let refused = refusal(request) { return refused }
    if let token = policy.token, request.query["token"] == token, isPage,
      request.method == "GET" || request.method == "HEAD"
    {
      // The token becomes a cookie, and the address loses it (303 to the
      // same page): it stays out of the address bar, history and bookmarks.
      var response = HTTPResponse(
        status: 303, contentType: "text/plain; charset=utf-8", bytes: Data("See Other\n".utf8))
      response.headers.append(HTTPHeader("Location", Self.addressWithoutToken(request)))
      response.headers.append(
        HTTPHeader(
          "Set-Cookie", "\(policy.tokenCookie)=\(token); Path=/; HttpOnly; SameSite=Strict"))
      return Self.withStandardHeaders(response)
    }
    // The one route table (`routeTable()`); a path it lacks is
    // `notFound`'s.
    do {
      return Self.withStandardHeaders(
        try await routes.answer(request, self) ?? Self.notFound(request))
    } catch {
      if let stored = error as? StoreError, case .fileReplaced = stored {
        replacedNotice.once {
          FileHandle.standardError.write(Data("Warning: \(stored.description)\n".utf8))
        }
      }
      return Self.withStandardHeaders(Self.errorResponse(error))
    }
  }

  /// The policy's answer to `request` when it refuses it (with the
  /// standard headers), else nil.
  func refusal(_ request: HTTPRequest) -> HTTPResponse? {
    guard let refusal = policy.check(request) else { return nil }
    // A browser that arrives without the token is told, on a page, how
    // to get in (the page's stylesheet would need the token too).
    if refusal.status == 401, !request.path.hasPrefix("/api/"),
      request.headers["accept"]?.contains("text/html") == true
    {
      return Self.withStandardHeaders(Self.tokenPage)
    }
    let kind =
      refusal.status == 401
      ? "unauthorized" : refusal.status == 403 ? "forbidden" : "invalid-input"
    return Self.withStandardHeaders(
      Self.error(status: refusal.status, kind: kind, message: refusal.message))
  }

  /// The answer to a request's head before its body is taken in (the HTTP
  /// layer's `screen`): the policy's refusal (Host, token), or 405 for a
  /// method other than GET or HEAD on a page or file (only the API takes
  /// bodies); nil lets the body in.
  func screen(_ head: HTTPRequest) -> HTTPResponse? {
    if let refused = refusal(head) { return refused }
    if !head.path.hasPrefix("/api/"), let refused = Self.pageMethodRefused(head) {
      return Self.withStandardHeaders(Self.errorResponse(refused))
    }
    return nil
  }

  /// `request`'s path and query without `token`, as a same-origin address
  /// (never `//host…`, which a browser would read as another site).
  static func addressWithoutToken(_ request: HTTPRequest) -> String {
    var components = URLComponents()
    var path = request.path
    while path.hasPrefix("//") { path.removeFirst() }
    components.path = path.hasPrefix("/") ? path : "/" + path
    let rest = request.query.filter { $0.key != "token" }.sorted { $0.key < $1.key }
    if !rest.isEmpty {
      components.queryItems = rest.map { URLQueryItem(name: $0.key, value: $0.value) }
    }
    return components.string ?? "/"
  }

  /// The page a browser is shown without the token (401).
  static let tokenPage = HTTPResponse(
    status: 401, contentType: "text/html; charset=utf-8",
    bytes: Data(
      """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>SportsTime — the token is needed</title>
      <style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em; color: #1d2330; }</style>
      </head><body><h1>This SportsTime server needs its token</h1>
      <p>It is open to other devices, so it lets in only those that know its token. Open the
      address <code>sportstime serve</code> printed when it started: it ends with
      <code>?token=…</code>. This browser then remembers the token.</p>
      </body></html>

      """.utf8))

  /// `response` with the headers every answer carries, refusals included:
  /// no caching, and no other site may show the app in a frame
  /// (clickjacking: a framed page's own requests would pass the Origin
  /// checks).
  /// The answer to an error a route threw: 405 with `Allow` for a method
  /// the path does not answer, 400 naming a refused query parameter, else
  /// the error document with its kind's status.
  static func errorResponse(_ error: any Error) -> HTTPResponse {
    if let refused = error as? QueryParameterRefused {
      return errorResponse(APIError.invalid(refused.message, field: refused.name))
    }
    if let refused = error as? MethodNotAllowed {
      var response = Self.error(
        status: 405, kind: ErrorKind.invalidInput.rawValue, message: refused.message)
      response.headers.append(HTTPHeader("Allow", refused.allowed.joined(separator: ", ")))
      return response
    }
    let api = APIError(error)
    return Self.json(status: api.status, (try? Wire.render(api.document)) ?? "{}")
  }

  /// The date `key` of a query (YYYY-MM-DD), nil when absent or empty.
  /// - Throws: `APIError.invalid` naming `key` for any other text.
  static func queryDate(_ query: [String: String], _ key: String) throws -> CalendarDate? {
    guard let text = query[key], !text.isEmpty else { return nil }
    guard let date = CalendarDate(iso: text) else {
      throw APIError.invalid(
        "\(key) must be a date as YYYY-MM-DD (got '\(text.prefix(80))')", field: key)
    }
    return date
  }

  /// The sports of a query's `sport`: `MLB,NBA` (any case, spaces around
  /// a name ignored, several comma-separated, as the CLI's `--sport`), each
  /// once, in `Sport.allCases` order; empty when absent or empty. The one
  /// reading of `sport=` (games, visits, progress, history, venues, the
  /// map's pins, the planner's teams).
  /// - Throws: `APIError.invalid` naming `sport` and the name at fault for
  ///   any other name (an empty one included: `MLB,,NBA`).
  static func querySports(_ query: [String: String]) throws -> [Sport] {
    guard let text = query["sport"], !text.isEmpty else { return [] }
    var found: Set<Sport> = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = piece.trimmingCharacters(in: .whitespaces)
      guard let sport = Sport(rawValue: name.uppercased()) else {
        throw APIError.invalid(
          "sport must be MLB, NBA, NHL or NFL, several comma-separated (got '\(name.prefix(80))')",
          field: "sport")
      }
      found.insert(sport)
    }
    return Sport.allCases.filter(found.contains)
  }

  /// The yes-or-no `key` of a query: `true` or `1`, `false` or `0`;
  /// false when absent or empty.
  /// - Throws: `APIError.invalid` naming `key` for any other text.
  static func queryFlag(_ query: [String: String], _ key: String) throws -> Bool {
    guard let text = query[key], !text.isEmpty else { return false }
    switch text.lowercased() {
    case "true", "1": return true
    case "false", "0": return false
    default:
      throw APIError.invalid(
        "\(key) must be true or false (got '\(text.prefix(80))')", field: key)
    }
  }

  static func withStandardHeaders(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers.append(HTTPHeader("Cache-Control", "no-store"))
    response.headers.append(HTTPHeader("X-Frame-Options", "DENY"))
    response.headers.append(HTTPHeader("Content-Security-Policy", "frame-ancestors 'none'"))
    return response
  }

  // MARK: Answers

  /// An error answer in the wire format's error document, whatever
  /// refused the request (the policy, the router, the body limit).
  static func error(status: Int, kind: String, message: String) -> HTTPResponse {
    var document = WireV1.ErrorDocument(kind: .invalidInput, message: message)
    document.error.kind = kind
    return json(status: status, (try? Wire.render(document)) ?? "{}")
  }

  static func json(status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json", bytes: Data((text + "\n").utf8))
  }

  static func wire(_ status: Int, _ document: any Encodable) throws -> HTTPResponse {
    json(status: status, try Wire.render(document))
  }

  static func download(_ text: String, name: String, format: TripExportFormat) -> HTTPResponse {
    let types: [TripExportFormat: String] = [
      .md: "text/markdown; charset=utf-8", .ics: "text/calendar; charset=utf-8",
      .gpx: "application/gpx+xml", .geojson: "application/geo+json", .json: "application/json",
    ]
    return download(
      Data(text.utf8), name: name, extension: format.rawValue,
      contentType: types[format] ?? "application/octet-stream")
  }

  /// `bytes` as an attachment named after the trip (`name.extension`, in
  /// ASCII and, RFC 6266, in UTF-8).
  /// `suffix` follows the name, after any shortening (" (A4)").
  static func download(
    _ bytes: Data, name full: String, suffix: String = "", extension ext: String,
    contentType: String
  ) -> HTTPResponse {
    // At most 150 bytes of UTF-8 before the extension, cut between
    // characters: a browser silently drops a download whose name is longer
    // than its file system allows (255 bytes; 43 × "東京" is 258).
    var name = ""
    for character in full {
      guard name.utf8.count + String(character).utf8.count <= 150 else {
        name += "…"
        break
      }
      name.append(character)
    }
    name += suffix
    let ascii = String(
      name.unicodeScalars.map {
        $0.isASCII
          && (CharacterSet.alphanumerics.contains($0) || " -_.()".unicodeScalars.contains($0))
          ? Character($0) : "_"
      }.prefix(100))
    let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ascii
    return HTTPResponse(
      status: 200, contentType: contentType, bytes: bytes,
      headers: [
        HTTPHeader(
          "Content-Disposition",
          "attachment; filename=\"\(ascii).\(ext)\"; filename*=UTF-8''\(encoded).\(ext)")
      ])
  }

  // MARK: Serving

  /// Serves the app on its configured address until the server is
  /// stopped: starts the HTTP server and the trip watcher.
  /// - Returns: the running server (its `port`); `policy.token` is the
  ///   token in force off loopback.
  /// - Throws: `HTTPServerError` when the address cannot be bound.
  public func serve(threads: Int = 4) throws -> HTTPServer {
    let server = HTTPServer(
      host: configuration.host, port: configuration.port, threads: threads,
      refuse: { refusal in
        switch refusal {
        case .bodyTooLarge(let limit):
          Self.withStandardHeaders(
            Self.error(
              status: 413, kind: ErrorKind.invalidInput.rawValue,
              message: "the request body is larger than \(limit) bytes"))
        case .tooManyArguments(let limit):
          Self.withStandardHeaders(
            Self.error(
              status: 400, kind: ErrorKind.invalidInput.rawValue,
              message:
                "the address has more than \(limit) query parameters; no page or route reads that many"
            ))
        case .nulInTarget:
          Self.withStandardHeaders(
            Self.error(
              status: 400, kind: ErrorKind.invalidInput.rawValue,
              message: "the address holds %00 (a NUL character), which no page, name or id holds"))
        }
      },
      screen: { [self] head in self.screen(head) },
      handler: { [self] request in await self.handle(request) })
    try server.start()
    let token =
      RequestPolicy.isLoopback(configuration.host)
      ? nil : configuration.token ?? RequestPolicy.generateToken()
    bound(port: server.port, token: token)
    watcher.start()
    return server
  }

  /// Stops the watcher (ending every event stream); the caller stops the
  /// server.
  public func stopWatching() { watcher.stop() }
}

/// The basemap file read once, when a PDF first needs it; nil when there is
/// none or it cannot be read (the PDF's map then shows the route alone, as
/// the app's maps draw on an empty basemap).
final class BasemapCache: @unchecked Sendable {
  private let lock = NSLock()
  private let url: URL?
  private var loaded: Basemap??

  init(url: URL?) { self.url = url }

  var basemap: Basemap? {
    lock.lock()
    defer { lock.unlock() }
    if let loaded { return loaded }
    func basemap(_ url: URL) -> Basemap? {
      (try? Data(contentsOf: url)).flatMap { try? Basemap(geoJSON: $0, file: url.path) }
    }
    // The countries beside the states are drawn under them.
    let read = url.flatMap { url -> Basemap? in
      guard let states = basemap(url) else { return nil }
      guard let countries = Basemap.countriesFile(beside: url).flatMap(basemap) else {
        return states
      }
      return Basemap(countries: countries, states: states)
    }
    loaded = .some(read)
    return read
  }
}

/// Runs a body at most once. Thread-safe.
final class Once: @unchecked Sendable {
  private let lock = NSLock()
  private var done = false

  /// Runs `body` unless a body ran already.
  func once(_ body: () -> Void) {
    let first = lock.withLock {
      defer { done = true }
      return !done
    }
    if first { body() }
  }
}

/// The policy, set once the port is known.
final class PolicyBox: @unchecked Sendable {
  private let lock = NSLock()
  private var policy: RequestPolicy
  init(_ policy: RequestPolicy) { self.policy = policy }
  var value: RequestPolicy {
    get { lock.withLock { policy } }
    set { lock.withLock { policy = newValue } }
  }
}
