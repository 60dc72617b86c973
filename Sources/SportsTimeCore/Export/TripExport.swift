import Foundation

/// The text formats a trip exports to.
///
/// The raw value is the format's short name (`md`, `ics`, …), as a front
/// end lets the traveller pick it.
public enum TripExportFormat: String, CaseIterable, Sendable, Hashable {
  /// Markdown: the itinerary day by day (`MarkdownExport`).
  case md
  /// iCalendar, RFC 5545 (`ICalendarExport`).
  case ics
  /// GeoJSON, RFC 7946: the route as a line and its waypoints
  /// (`GeoJSONExport`).
  case geojson
  /// GPX 1.1: the route and its waypoints (`GPXExport`).
  case gpx
  /// The SportsTime trip file, which a trip import reads back
  /// (`TripExchange.export`).
  case json
}

/// Exports a trip: one call from a trip and a format to the document.
public enum TripExport {
  /// The document of `itinerary` in `format`: UTF-8 text, the same bytes
  /// for the same trip every time, in the layout's order.
  /// - Parameters:
  ///   - itinerary: the trip with its schedule and items.
  ///   - format: the format.
  ///   - catalog: venues and teams.
  ///   - metric: distances in kilometres instead of miles (Markdown and
  ///     iCalendar only; the other formats carry no distance text).
  ///   - unscheduledHint: how the reader moves unscheduled rows back, in the
  ///     front end's words (Markdown only: `MarkdownExport.render`).
  /// - Returns: the whole document.
  public static func render(
    _ itinerary: Itinerary, as format: TripExportFormat, catalog: Catalog, metric: Bool,
    unscheduledHint: String? = nil
  ) -> String {
    switch format {
    case .md:
      return MarkdownExport.render(
        itinerary, catalog: catalog, metric: metric, unscheduledHint: unscheduledHint)
    case .ics: return ICalendarExport.render(itinerary, catalog: catalog, metric: metric)
    case .geojson: return GeoJSONExport.render(itinerary, catalog: catalog)
    case .gpx: return GPXExport.render(itinerary, catalog: catalog)
    case .json: return TripExchange.export(itinerary, teams: catalog.teams)
    }
  }

  /// The document `render` returns, as its UTF-8 bytes: the iCalendar
  /// file and the trip file without a copy into a `String` (the others
  /// are built as text).
  /// - Parameters: as `render`.
  /// - Returns: the whole document's bytes.
  public static func bytes(
    _ itinerary: Itinerary, as format: TripExportFormat, catalog: Catalog, metric: Bool,
    unscheduledHint: String? = nil
  ) -> [UInt8] {
    switch format {
    case .ics: return ICalendarExport.bytes(itinerary, catalog: catalog, metric: metric)
    case .json: return TripExchange.exportBytes(itinerary, teams: catalog.teams)
    case .md, .geojson, .gpx:
      return Array(
        render(
          itinerary, as: format, catalog: catalog, metric: metric,
          unscheduledHint: unscheduledHint
        ).utf8)
    }
  }
}
