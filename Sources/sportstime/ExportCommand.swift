import Foundation
import SportsTimeCore
import SportsTimeStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sportstime trip export TRIP --format F [--out FILE]`: a trip as Markdown,
/// iCalendar, GeoJSON, GPX or SportsTime JSON, to stdout or atomically to a
/// file. The documents are built by Core (`MarkdownExport`,
/// `ICalendarExport`, `GeoJSONExport`, `GPXExport`, `TripExchange`); this
/// command only picks one and writes it.
enum ExportCommand {
  /// The formats `--format` accepts.
  enum ExportFormat: String, CaseIterable {
    case md
    case ics
    case geojson
    case gpx
    case json
  }

  static let spec = CommandSpec(
    name: "export",
    abstract: "Export a trip as Markdown, iCalendar, GeoJSON, GPX or SportsTime JSON.",
    discussion: """
      md: the itinerary day by day, readable anywhere (Unscheduled items in their own \
      section). ics: a calendar (RFC 5545) with games as 3-hour events and timed items as \
      1-hour events (in UTC), travel legs and untimed items as all-day events. geojson \
      (RFC 7946) and gpx (GPX 1.1): the route as a line and its waypoints, as 'trip \
      route' lists them. json: the complete trip, which 'trip import' reads back. \
      Everything is in the order 'trip show' prints; Unscheduled items are left out of \
      ics, geojson and gpx (they have no date in the trip). The same trip always exports \
      the same bytes.
      Examples:
        sportstime trip export "Great Lakes Loop" --format ics --out loop.ics
        sportstime trip export "Great Lakes Loop" --format md
      """,
    options: [
      .value(
        "format", short: "f", valueName: "FORMAT", required: true,
        help: "md, ics, geojson, gpx or json."),
      .value(
        "out", short: "o", valueName: "FILE",
        help:
          "Write to FILE (replaced atomically; its directory must exist) instead of standard output."
      ),
      .flag("metric", help: "Distances in kilometres (md and ics)."),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let args = context.arguments
    let reference = try args.requiredPositional("TRIP")
    let name = try args.requiredValue("format")
    guard let format = ExportFormat(rawValue: name.lowercased()) else {
      throw args.usageError(
        "--format expects md, ics, geojson, gpx or json, got '\(Terminal.sanitize(name))'")
    }
    let out = args.value("out")
    // Check the destination before the database is opened (or created).
    if let out { try checkDestination(out, arguments: args) }
    let catalog = try context.catalog()
    let store = try context.openStore()
    let itinerary = try store.itinerary(reference, catalog: catalog)
    let document = render(
      itinerary, as: format, catalog: catalog, metric: args.flag("metric"))
    guard let out else {
      context.console.writeOut(document)
      return
    }
    let data = Data(document.utf8)
    try writeAtomically(data, to: out)
    context.print("Wrote \(context.safe(out)) (\(data.count) bytes).")
  }

  /// The document of `itinerary` in `format` (Core does all the work).
  static func render(
    _ itinerary: Itinerary, as format: ExportFormat, catalog: Catalog, metric: Bool
  )
    -> String
  {
    switch format {
    case .md: return MarkdownExport.render(itinerary, catalog: catalog, metric: metric)
    case .ics: return ICalendarExport.render(itinerary, catalog: catalog, metric: metric)
    case .geojson: return GeoJSONExport.render(itinerary, catalog: catalog)
    case .gpx: return GPXExport.render(itinerary, catalog: catalog)
    case .json: return TripExchange.export(itinerary, teams: catalog.teams)
    }
  }

  /// Refuses a destination that cannot be a file in an existing directory.
  /// - Throws: a usage error for an empty path; `CommandError` for a missing
  ///   directory or a path that is a directory.
  static func checkDestination(_ path: String, arguments: ParsedArguments) throws {
    guard !path.isEmpty else { throw arguments.usageError("--out needs a file path") }
    let shown = Terminal.sanitize(path)
    var isDirectory: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
    {
      throw CommandError("cannot write \(shown): it is a directory; give a file name")
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw CommandError(
        "cannot write \(shown): the directory \(Terminal.sanitize(directory)) does not exist (create it first)"
      )
    }
  }

  /// Writes `data` to `path`. A regular file (or a new one) is replaced
  /// atomically: a temporary file in the same directory, flushed to disk,
  /// then renamed over it — readers see the old file or the new one, never a
  /// part; on failure the temporary file is removed and the file untouched.
  /// A symbolic link is followed (its target is replaced, the link kept); a
  /// device or FIFO (`/dev/stdout`) is written to as it is, never replaced;
  /// a read-only file is refused.
  /// - Throws: `CommandError` naming the path and the system's reason.
  static func writeAtomically(_ data: Data, to given: String) throws {
    var path = given
    var info = stat()
    if stat(given, &info) == 0 {
      if (info.st_mode & S_IFMT) != S_IFREG {
        try writeInPlace(data, to: given)
        return
      }
      guard access(given, W_OK) == 0 else {
        throw CommandError(
          "cannot write \(Terminal.sanitize(given)): the file is read-only (check its permissions)")
      }
      if let real = realpath(given, nil) {
        path = String(cString: real)
        free(real)
      }
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let temporary =
      directory + "/." + url.lastPathComponent + ".\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
    func failure(_ what: String) -> CommandError {
      let reason = String(cString: strerror(errno))
      return CommandError("cannot write \(Terminal.sanitize(path)): \(what): \(reason)")
    }
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw failure("cannot create a file in its directory") }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    do {
      defer { close(fd) }
      try writeAll(data, to: fd) { failure($0) }
      guard fsync(fd) == 0 else { throw failure("flushing to disk failed") }
    }
    guard rename(temporary, path) == 0 else { throw failure("rename failed") }
    renamed = true
  }

  /// Writes all of `data` to the open descriptor `fd`, retrying after
  /// signals.
  /// - Throws: `failure("write failed")` when the system refuses.
  static func writeAll(_ data: Data, to fd: Int32, failure: (String) -> CommandError) throws {
    try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = write(fd, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure("write failed")
        }
        offset += written
      }
    }
  }

  /// Writes `data` into an existing non-regular file (a device, a FIFO)
  /// without replacing it.
  static func writeInPlace(_ data: Data, to path: String) throws {
    func failure(_ what: String) -> CommandError {
      CommandError(
        "cannot write \(Terminal.sanitize(path)): \(what): \(String(cString: strerror(errno)))")
    }
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure("cannot open it") }
    defer { close(fd) }
    try writeAll(data, to: fd) { failure($0) }
  }
}
