import Foundation

/// A trip's route as GPX 1.1 (http://www.topografix.com/GPX/1/1, schema
/// gpx.xsd): `<gpx version="1.1" creator="sportstime">` with `<metadata>`
/// (`name` the trip's, `desc` its dates, `time` the trip's `modifiedAt` in
/// UTC) and one `<rte>` whose `<rtept lat lon>` are the waypoints in route
/// order (WGS84 degrees, 6 decimals). Each point has `<time>` (a game's first
/// pitch or a timed item's instant, UTC) when known, `<name>` (venue or item
/// title), `<desc>` (day, date, what happens there and, after the first
/// point, how it is reached: "by drive from the previous point: about 92 mi,
/// 1 h 32 min (estimate)" or "by flight …") and `<type>` (`game` or
/// `custom`), in the schema's element order.
///
/// The waypoints are `TripRoute`'s: the layout's rows in order (DESIGN.md,
/// "Route"); nothing is sorted here. Unscheduled rows are not part of the
/// route. Text is XML-escaped; characters XML 1.0 cannot hold are dropped.
public enum GPXExport {
  /// The GPX 1.1 namespace.
  public static let namespace = "http://www.topografix.com/GPX/1/1"

  /// The route of `itinerary` as a GPX document.
  /// - Parameters:
  ///   - itinerary: the trip.
  ///   - catalog: venue names and cities for descriptions.
  /// - Returns: the UTF-8 XML document, LF line ends, ending with a newline.
  /// - Complexity: O(n) for n rows.
  public static func render(_ itinerary: Itinerary, catalog: Catalog) -> String {
    let trip = itinerary.trip
    let route = TripRoute(itinerary: itinerary, estimator: .default)
    let rows = ExportSupport.rowsByID(itinerary)
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<gpx version="1.1" creator="sportstime" xmlns="\#(namespace)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="\#(namespace) \#(namespace)/gpx.xsd">"#,
      "  <metadata>",
      "    <name>\(escape(trip.name))</name>",
      "    <desc>\(escape("\(trip.startDate.longDescription) – \(trip.endDate.longDescription). \(ExportSupport.scheduleCredit(of: itinerary))"))</desc>",
      "    <time>\(ExportSupport.isoUTC(trip.modifiedAt))</time>",
      "  </metadata>",
      "  <rte>",
      "    <name>\(escape(trip.name))</name>",
    ]
    for (index, point) in route.waypoints.enumerated() {
      let row = rows[point.rowID]
      let date = itinerary.schedule.date(ofDay: point.day)
      var desc = "Day \(point.day) · \(date.longDescription)"
      var time: Date?
      switch row?.content {
      case .game(let g)?:
        time = g.game.start
        desc +=
          " · \(g.title) · \(ExportSupport.gameClock(g.game))"
          + (g.game.timeEstimated ? " (estimated)" : "")
      case .item(let item)?:
        if let info = item.customInfo {
          desc += " · \(info.category.label)"
          if let clock = ExportSupport.clock(of: info, on: date) { desc += " · \(clock)" }
          if let address = info.address { desc += " · \(address)" }
          time = ExportSupport.instant(of: info, on: date)
        }
      default: break
      }
      if let leg = route.leg(arrivingAt: index)?.estimate {
        desc +=
          " · by \(leg.mode.rawValue) from the previous point: about \(ExportSupport.distance(leg.distanceMeters, metric: false)), \(ExportSupport.duration(leg.durationSeconds)) (estimate)"
      }
      let lat = ExportSupport.degrees(point.coordinate.latitude)
      let lon = ExportSupport.degrees(point.coordinate.longitude)
      lines.append("    <rtept lat=\"\(lat)\" lon=\"\(lon)\">")
      if let time { lines.append("      <time>\(ExportSupport.isoUTC(time))</time>") }
      lines.append("      <name>\(escape(point.name))</name>")
      lines.append("      <desc>\(escape(desc))</desc>")
      if let kind = row?.exportKind { lines.append("      <type>\(kind)</type>") }
      lines.append("    </rtept>")
    }
    lines += ["  </rte>", "</gpx>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `s` as XML character data or attribute text: `& < > " '` as entities,
  /// CR and TAB as character references (so parsers keep them), characters
  /// XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) and DEL and C1
  /// controls (which XML discourages and a terminal could act on) dropped.
  public static func escape(_ s: String) -> String {
    XMLText.escape(s, whitespace: .keep)
  }
}
