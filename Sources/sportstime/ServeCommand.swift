import CLIKit
import Foundation
import SportsTimeCore
import SportsTimeServer
import SportsTimeStore

/// `sportstime serve`: the app in the browser and its JSON API
/// (docs/API.md) over the same database as every other command, until
/// Ctrl-C or SIGTERM (requests in flight finish, the database closes).
enum ServeCommand {
  static let spec = CommandSpec(
    name: "serve",
    abstract: "Run the app: a local web server for your browser, and its JSON API.",
    discussion: """
      Serves http://HOST:PORT/ from the same database as the other commands (--db), until \
      Ctrl-C. On a loopback address (the default) only this machine can connect; bound to \
      any other address every request needs the token (--token, or one made up and printed \
      with the address to open). The browser libraries come from Debian's libjs-sortable \
      and libjs-leaflet under --assets. The screens: docs/APP.md; the HTTP API: docs/API.md.
      Examples:
        sportstime serve
        sportstime serve --port 9000 --db trips.sqlite
      """,
    options: [
      .value("host", valueName: "ADDRESS", help: "Address to listen on (default 127.0.0.1)."),
      .value(
        "port", valueName: "PORT", kind: .integer(0...65535),
        help: "Port to listen on (default 8080; 0 picks a free one)."),
      .value(
        "token", valueName: "TOKEN",
        help:
          "The token required off loopback (default: --token-file, else $SPORTSTIME_TOKEN, else a new random one, printed). Other users see it in 'ps': prefer --token-file or $SPORTSTIME_TOKEN."
      ),
      .value(
        "token-file", valueName: "PATH",
        help: "Read the token from this file (its first line), kept out of 'ps'."),
      .value(
        "assets", valueName: "DIR",
        help:
          "Where sortable/ and leaflet/ are (default /usr/share/javascript, Debian's libjs-sortable and libjs-leaflet)."
      ),
      .value(
        "basemap", valueName: "FILE",
        help:
          "US states GeoJSON for the maps (default $SPORTSTIME_DATA/basemap/us-states.json, else ../shared/data/basemap/us-states.json); world-countries.json beside it is drawn under the states."
      ),
      .value(
        "places", valueName: "FILE",
        help:
          "GeoNames' towns for the item dialog's place search (default $SPORTSTIME_DATA/places/cities5000.csv, else ../shared/data/places/cities5000.csv)."
      ),
      .value(
        "tiles", valueName: "URL-TEMPLATE",
        help:
          "A tile server for the map screen, e.g. 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' (with --tiles-attribution). Default: none, the map draws the basemap only and needs no network."
      ),
      .value(
        "tiles-attribution", valueName: "TEXT",
        help:
          "The credit the tile server asks for, shown on the map (e.g. '© OpenStreetMap contributors')."
      ),
    ],
    validate: { args in
      if args.value("token") != nil, args.value("token-file") != nil {
        throw args.usageError("give the token once: --token or --token-file, not both")
      }
      if args.value("tiles-attribution") != nil, args.value("tiles") == nil {
        throw args.usageError(
          "--tiles-attribution credits a tile server: give --tiles URL-TEMPLATE too")
      }
      if args.value("tiles") != nil, args.value("tiles-attribution") == nil {
        throw args.usageError(
          "--tiles needs --tiles-attribution TEXT, the credit the tile server asks for")
      }
    },
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let args = context.arguments
    let host = (args.value("host") ?? "127.0.0.1").trimmingCharacters(in: .whitespaces)
    let port = UInt16(try args.intValue("port") ?? 8080)
    let assets = URL(fileURLWithPath: args.value("assets") ?? "/usr/share/javascript")
    let basemap = args.value("basemap").map(URL.init(fileURLWithPath:)) ?? defaultBasemap(context)
    guard let appFiles = SportsTimeApp.bundledAppFiles else {
      throw CommandError(
        "the app's files are missing: the folder SportsTime_SportsTimeServer.resources must sit beside the sportstime executable (a copied executable needs it copied too; a symbolic link to the built one finds it)"
      )
    }
    let tiles = try args.value("tiles").map { template in
      do {
        return try MapTileSource(
          urlTemplate: template, attribution: args.value("tiles-attribution") ?? "")
      } catch let error as MapTileSourceError {
        let option = error.field == .urlTemplate ? "--tiles" : "--tiles-attribution"
        throw args.usageError("\(option): \(Terminal.sanitize(error.message))")
      }
    }
    let (token, tokenSource) = try givenToken(context)
    if let token {
      do {
        try RequestPolicy.checkToken(token)
      } catch let error as HTTPServerError {
        throw args.usageError("\(tokenSource): \(error.description)")
      }
    }
    // Ctrl-C and SIGTERM are caught from here on, before the address is
    // printed: a script that stops the server as soon as it reads the
    // address must get a clean stop, not a kill.
    let stop = try CaughtSignals([SIGINT, SIGTERM])
    let store = try context.openStore()
    var configuration = SportsTimeApp.Configuration(
      host: host, port: port, token: token, assets: assets,
      appFiles: appFiles, basemap: basemap)
    configuration.tiles = tiles
    // The benchmark's reference (make bench): the watcher of before issue 29.
    configuration.watchesByReadingEveryTrip =
      context.environment["SPORTSTIME_BENCH_WATCH_EVERY_TRIP"] == "1"
    configuration.places =
      args.value("places").map(URL.init(fileURLWithPath:)) ?? PlacesFile.defaultURL(context)
    let app = SportsTimeApp(
      store: store, catalog: try context.catalog(), environment: context.longRunningEnvironment(),
      configuration: configuration)
    for missing in app.missingAssets {
      context.warn(
        "\(missing); install it, or give --assets the folder that holds sortable/ and leaflet/.")
    }
    let server: HTTPServer
    do {
      server = try app.serve()
    } catch let error as HTTPServerError {
      throw CommandError(error.description)
    }
    // Bound to every address, 0.0.0.0 is not a place a browser can go: the
    // machine's name is (any name or address of it works, with the token).
    let everyAddress = RequestPolicy.isWildcard(host)
    let reachable = everyAddress ? ProcessInfo.processInfo.hostName : host
    let authority = HTTPServer.authority(host: reachable, port: server.port)
    var address = "http://\(authority)/"
    if let token = app.policy.token { address += "?token=\(token)" }
    let note =
      everyAddress ? " (listening on every address of this machine, port \(server.port))" : ""
    context.print("SportsTime is running at \(address)\(note)")
    context.print("Database: \(store.path). Press Ctrl-C to stop.")
    // Seen at once, also through a pipe (a script waits for the address).
    try context.console.deliverOut()
    stop.wait()
    stop.finish()
    app.stopWatching()
    server.stop()
    try store.close()
    context.print("Stopped.")
  }

  /// The token the user gave and where it came from (for messages):
  /// `--token`, else the first line of `--token-file`, else
  /// `$SPORTSTIME_TOKEN` (empty counts as not set); nil when none.
  /// - Throws: a usage error when the token file cannot be read or is empty.
  static func givenToken(_ context: Context) throws -> (String?, String) {
    let args = context.arguments
    if let token = args.value("token") { return (token, "--token") }
    if let path = args.value("token-file") {
      guard let data = FileManager.default.contents(atPath: path) else {
        let reason =
          access(path, R_OK) == 0
          ? "it is not a file" : String(cString: strerror(errno)).lowercased()
        throw args.usageError("--token-file: cannot read \(Terminal.sanitize(path)): \(reason)")
      }
      let text = String(decoding: data, as: UTF8.self)
      let line = text.split(whereSeparator: \.isNewline).first.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard let line, !line.isEmpty else {
        throw args.usageError("--token-file: \(Terminal.sanitize(path)) holds no token")
      }
      return (line, "--token-file")
    }
    if let token = context.environment["SPORTSTIME_TOKEN"], !token.isEmpty {
      return (token, "SPORTSTIME_TOKEN")
    }
    return (nil, "--token")
  }

  /// The basemap beside the data: `$SPORTSTIME_DATA/basemap/…`, else
  /// `../shared/data/basemap/…`; nil when neither exists.
  static func defaultBasemap(_ context: Context) -> URL? {
    basemapCandidates(context).first { FileManager.default.fileExists(atPath: $0) }.map {
      URL(fileURLWithPath: $0)
    }
  }

  /// Where `defaultBasemap` looks, in order.
  static func basemapCandidates(_ context: Context) -> [String] {
    [
      context.environment["SPORTSTIME_DATA"].map { "\($0)/basemap/us-states.json" },
      "../shared/data/basemap/us-states.json",
    ].compactMap { $0 }
  }

}
