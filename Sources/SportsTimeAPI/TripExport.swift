import Foundation
import SportsTimeCore

/// Exports a trip: one call from a trip and a format to the document (the
/// text formats are Core's renderers, the trip file `WireV1.TripFile`).
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
    case .json: return WireV1.TripFile.export(itinerary, teams: catalog.teams)
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
    case .json: return WireV1.TripFile.exportBytes(itinerary, teams: catalog.teams)
    case .md, .geojson, .gpx:
      return Array(
        render(
          itinerary, as: format, catalog: catalog, metric: metric,
          unscheduledHint: unscheduledHint
        ).utf8)
    }
  }
}
