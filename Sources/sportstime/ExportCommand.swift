import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeRender
import SportsTimeStore

/// `sportstime trip export TRIP --format F [--out FILE]`: a trip as Markdown,
/// iCalendar, GeoJSON, GPX, SportsTime JSON or PDF, to stdout or atomically
/// to a file. The document is built by `TripExport.bytes` (SportsTimeAPI)
/// or, for a PDF, `PDFExport.render` (SportsTimeRender); this command only
/// writes it.
enum ExportCommand {
  /// What `--format` takes: the text formats and `pdf`.
  enum Format: String, CaseIterable {
    case md, ics, geojson, gpx, json, pdf
  }

  static let spec = CommandSpec(
    name: "export",
    abstract: "Export a trip as Markdown, iCalendar, GeoJSON, GPX, SportsTime JSON or PDF.",
    discussion: """
      md: the itinerary day by day, readable anywhere (Unscheduled items in their own \
      section). ics: a calendar (RFC 5545) with games as 3-hour events and timed items as \
      1-hour events (in UTC), travel legs and untimed items as all-day events. geojson \
      (RFC 7946) and gpx (GPX 1.1): the route as a line and its waypoints, as 'trip \
      route' lists them. json: the complete trip, which 'trip import' reads back. pdf: \
      the itinerary on paper: a cover with the figures and the route map over the US \
      states, then every day (Unscheduled items last), page numbers in the footer; it \
      needs cairo and pango (scripts/install-deps). \
      Everything is in the order 'trip show' prints; Unscheduled items are left out of \
      ics, geojson and gpx (they have no date in the trip). The same trip always exports \
      the same bytes.
      Examples:
        sportstime trip export "Great Lakes Loop" --format ics --out loop.ics
        sportstime trip export "Great Lakes Loop" --format md
        sportstime trip export "Great Lakes Loop" --format pdf --paper a4 --out loop.pdf
      """,
    options: [
      .value(
        "format", short: "f", valueName: "FORMAT", required: true,
        kind: .parsed(.choice(of: Format.self)), help: "md, ics, geojson, gpx, json or pdf."),
      .value(
        "out", short: "o", valueName: "FILE",
        help:
          "Write to FILE instead of standard output; - is standard output. FILE is replaced atomically (keeping its permissions; a symbolic link is followed) and its directory must exist; /dev/stderr and /dev/fd/N are written as they are, never replaced."
      ),
      .flag("metric", help: "Distances in kilometres (md, ics and pdf)."),
      .value(
        "paper", valueName: "PAPER", kind: .parsed(.choice(of: Paper.self)),
        help: "pdf only: letter (the default) or a4."),
      .value(
        "basemap", valueName: "FILE",
        help:
          "pdf only: the US states GeoJSON drawn beneath the route (default $SPORTSTIME_DATA/basemap/us-states.json, else ../shared/data/basemap/us-states.json, world-countries.json beside it under the states; without one the map shows the route alone)."
      ),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let format = try args.requiredValue("format", as: Format.self)
    let paper = args.value("paper", as: Paper.self)
    if format != .pdf {
      for name in ["paper", "basemap"] where args.value(name) != nil {
        throw args.usageError("--\(name) is for --format pdf only")
      }
    }
    let out = try destination(context)
    if format == .pdf, isTerminal(out) {
      throw args.usageError(
        "a PDF is binary and would garble the terminal: give --out FILE (or send standard output to a file or a pipe)"
      )
    }
    let basemap = try format == .pdf ? pdfBasemap(context) : nil
    let catalog = try context.catalog()
    let store = try context.openStore()
    let itinerary = try store.itinerary(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog)
    let document: [UInt8]
    if let text = TripExportFormat(rawValue: format.rawValue) {
      document = TripExport.bytes(
        itinerary, as: text, catalog: catalog, metric: args.flag("metric"),
        unscheduledHint: "move them back with `sportstime item move`")
    } else {
      document = try PDFExport.render(
        itinerary, catalog: catalog, basemap: basemap, paper: paper ?? .letter,
        metric: args.flag("metric"), unscheduledHint: "move them back with 'sportstime item move'")
    }
    guard let out else {
      context.console.writeOutBytes(document)
      return
    }
    let data = Data(document)
    try write(data, to: out, context: context)
    context.print("Wrote \(context.safe(out)) (\(Plural.count(data.count, "byte"))).")
  }

  /// The basemap a PDF's cover draws: `--basemap FILE`, else the default
  /// beside the data (`ServeCommand.defaultBasemap`), else none.
  /// - Throws: a `CommandError` naming a `--basemap` file that cannot be
  ///   read, and the file's own error for one that is not GeoJSON.
  static func pdfBasemap(_ context: Context) throws -> Basemap? {
    if let path = context.arguments.value("basemap") {
      guard !path.isEmpty else { throw context.arguments.usageError("--basemap needs a file path") }
      return try MapCommand.loadBasemap(path)
    }
    guard let found = ServeCommand.defaultBasemap(context) else {
      let places = ServeCommand.basemapCandidates(context).map(context.safe).joined(
        separator: " or ")
      context.warn(
        "no US states basemap at \(places): the map shows the route alone (--basemap FILE names one)"
      )
      return nil
    }
    return try MapCommand.loadBasemap(found.path)
  }

  /// Whether the output goes to a terminal: standard output (`out` nil)
  /// on one, or a file that is one (`/dev/tty`, `/dev/stderr` on a
  /// terminal, `/dev/pts/3`).
  static func isTerminal(_ out: String?) -> Bool {
    guard let out else { return isatty(STDOUT_FILENO) == 1 }
    if let descriptor = OutputFile.descriptor(named: out) { return isatty(descriptor) == 1 }
    var info = stat()
    guard stat(out, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
    let descriptor = open(out, O_WRONLY | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return isatty(descriptor) == 1
  }

  /// The file `--out` names, checked before the database is opened (or
  /// created); nil without `--out` and when it is standard output
  /// (`writesToStandardOutput`).
  /// - Throws: a usage error for an empty path; `FileError` for a
  ///   destination that cannot take the output: a directory, a missing
  ///   directory, the database in use or its companions, any other SQLite
  ///   data, a descriptor not open for writing (`OutputFile.check`), and
  ///   standard output that is one of those (`checkStandardOutput`).
  static func destination(_ context: Context) throws -> String? {
    guard let path = context.arguments.value("out"), path != "-" else {
      try OutputFile.checkStandardOutput(database: context.databasePath)
      return nil
    }
    guard !path.isEmpty else { throw context.arguments.usageError("--out needs a file path") }
    try OutputFile.check(path, database: context.databasePath)
    return writesToStandardOutput(path) ? nil : path
  }

  /// Whether `--out path` means standard output: `-` (a file named `-` is
  /// `./-`) or a name of descriptor 1 (`/dev/stdout`, `/dev/fd/1`,
  /// `/proc/self/fd/1`), which then goes through the same checked writer
  /// as any output, in order with it.
  static func writesToStandardOutput(_ path: String?) -> Bool {
    guard let path else { return false }
    return path == "-" || OutputFile.descriptor(named: path) == STDOUT_FILENO
  }

  /// Writes `data` to `path` atomically, never over the database
  /// (`OutputFile.write`).
  /// - Throws: `FileError` naming the path and the reason.
  static func write(_ data: Data, to path: String, context: Context) throws {
    try OutputFile.write(data, to: path, database: context.databasePath)
    CompletedWork.shared.wrote(path)
  }
}
