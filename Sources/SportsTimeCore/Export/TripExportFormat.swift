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
  /// (`WireV1.TripFile`, SportsTimeAPI).
  case json
}
