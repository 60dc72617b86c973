import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime map`: moves the remembered map view (zoom, pan, focus,
/// reset), stores it, and draws the progress map as SVG (`SVGMap`).
///
/// The view and the focused venue live in the database (`Store.mapState()`),
/// so each run starts where the last one left off. Everything happens in one
/// transaction: when the SVG cannot be written, the stored view is
/// unchanged.
enum MapCommand {
  static let spec = CommandSpec(
    name: "map",
    abstract: "Move the remembered map view and draw your ballparks on it as an SVG.",
    discussion: """
      Each run starts from the view the last one left (at first the continental US) and \
      applies, in this order: --reset, --focus, --zoom, --pan. The new view is stored and \
      printed; with --out the map is drawn: every venue in view as a pin (visited green with \
      an orange visit-count badge, not yet visited grey), names where they fit, the focused \
      venue's card, a scale bar, and --basemap outlines beneath. The projection is \
      equirectangular with its standard parallel at 37° N. The view never shows \
      latitudes beyond the poles: zooming out near one slides the view toward the equator.
      Examples:
        sportstime map --focus Wrigley --out wrigley.svg
        sportstime map --reset --out usa.svg \\
          --basemap ../shared/data/basemap/us-states.json
        sportstime map --zoom 2 --pan -0.25,0 --json
      """,
    options: [
      .value(
        "zoom", valueName: "FACTOR", kind: .number(MapViewport.zoomFactorRange),
        help: "Zoom around the view's center: 2 = twice as close, 0.5 = twice as far."),
      .value(
        "pan", valueName: "DX,DY",
        kind: .numbers(count: 2, separator: ",", MapViewport.panRange),
        help:
          "Move by fractions of the view's width and height, east and north positive (0.5,0 = half a view east)."
      ),
      .value(
        "focus", valueName: "VENUE",
        help:
          "Center on a venue close up (0.01° span) and show its card. By park id, name, city or home team."
      ),
      .flag("reset", help: "Back to the default view (the continental US), without a focus."),
      .value(
        "out", short: "o", valueName: "FILE",
        help:
          "Draw the map as SVG to FILE; - is standard output (then nothing else is printed). FILE is replaced atomically (keeping its permissions; a symbolic link is followed) and its directory must exist; /dev/stderr and /dev/fd/N are written as they are, never replaced."
      ),
      .value(
        "basemap", valueName: "FILE",
        help:
          "GeoJSON outlines to draw beneath the pins (with --out), e.g. ../shared/data/basemap/us-states.json; world-countries.json beside it is drawn under them."
      ),
      .flag(
        "json",
        help:
          "Print the view: {centerLatitude, centerLongitude, latitudeSpan, longitudeSpan, isDefault}."
      ),
    ],
    validate: { args in
      // `--out -`: the SVG goes to standard output, and nothing else does.
      if ExportCommand.writesToStandardOutput(args.value("out")), args.flag("json") {
        throw args.usageError("--json and --out - both write to standard output: give one")
      }
      if args.value("basemap") != nil, args.value("out") == nil {
        throw args.usageError("--basemap draws outlines on the SVG: give --out FILE too")
      }
    },
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let args = context.arguments
    // Read and check everything before the database is opened (the parser
    // has range-checked --zoom and --pan).
    let zoom = try args.doubleValue("zoom")
    let pan = try args.doubleValues("pan", separator: ",")
    // `validate` has refused --json with `--out -` and --basemap without --out.
    let drawsToStandardOutput = ExportCommand.writesToStandardOutput(args.value("out"))
    let out = try ExportCommand.destination(context)
    let basemapPath = args.value("basemap")
    let leagues = try context.leagues()
    let venues = leagues.mapVenues
    let focus = try args.value("focus").map {
      try leagues.venue(named: $0, sport: nil, season: nil).venue
    }
    let basemap = try basemapPath.map { try loadBasemap($0) }

    // The changes in the order the help gives (the rule the API shares).
    var changes: [MapChange] = []
    if args.flag("reset") { changes.append(.reset) }
    if let focus { changes.append(.focus(on: focus)) }
    if let zoom { changes.append(.zoom(zoom)) }
    if let pan, pan.count == 2 { changes.append(.pan(dx: pan[0], dy: pan[1])) }

    let store = try context.openStore()
    var written: (bytes: Int, shown: Int, visited: Int)?
    let state = try store.updateMapState { state in
      for change in changes { state.apply(change) }
    } beforeStoring: { state in
      guard out != nil || drawsToStandardOutput else { return }
      // Drawn before the view is stored: a failed write stores nothing.
      let map = SVGMap(
        viewport: state.viewport, pins: try store.mapPins(venues: venues),
        focusedVenueID: state.focusedVenueID, basemap: basemap,
        resetHint: "sportstime map --reset")
      let svg = map.render()
      guard let out else {
        context.console.writeOut(svg)
        try context.console.deliverOut()
        return
      }
      let data = Data(svg.utf8)
      try ExportCommand.write(data, to: out, context: context)
      let placed = map.placedPins
      written = (data.count, placed.count, placed.filter(\.pin.isVisited).count)
    }
    if drawsToStandardOutput { return }

    if args.flag("json") {
      try context.print(wire: WireV1.MapView(state.viewport))
      return
    }
    var line = "Map view: \(state.viewport)"
    if state.viewport.isDefault { line += " (the default view)" }
    if let id = state.focusedVenueID, let venue = venues.first(where: { $0.id == id }) {
      line += " · focus: \(context.safe(venue.latestName)), \(context.safe(venue.city))"
    }
    context.print(line)
    if let out, let written {
      context.print(
        "Wrote \(context.safe(out)) (\(Plural.count(written.bytes, "byte"))): "
          + "\(Plural.count(written.shown, "venue")) in view, \(written.visited) visited.")
    }
  }

  /// Reads a GeoJSON basemap (through `TextFile`, like every input file).
  /// - Throws: `CommandError` saying why the file cannot be read;
  ///   `FileFormatError` when it is not a GeoJSON FeatureCollection of
  ///   polygons.
  /// The world's countries (`Basemap.countriesFileName`) are drawn under
  /// it when that file sits beside it, as it does in ../shared/data/basemap.
  static func loadBasemap(_ path: String) throws -> Basemap {
    let states = try readBasemap(path)
    guard let countries = Basemap.countriesFile(beside: URL(fileURLWithPath: path)) else {
      return states
    }
    return Basemap(countries: try readBasemap(countries.path), states: states)
  }

  /// One GeoJSON file as a basemap.
  private static func readBasemap(_ path: String) throws -> Basemap {
    let data: Data
    do {
      data = try TextFile.read(atPath: path)
    } catch let error as FileError {
      throw CommandError("cannot read the basemap \(Terminal.sanitize(path)): \(error.reason)")
    }
    return try Basemap(geoJSON: data, file: path)
  }
}
