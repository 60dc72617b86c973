import CLIKit
import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// `sportstime trip route TRIP`: the trip's waypoints in visual order and the
/// total distance (`TripRoute`).
enum RouteCommand {
  static let spec = CommandSpec(
    name: "route",
    abstract: "List a trip's route: its waypoints in itinerary order and the total distance.",
    discussion: """
      The route follows the itinerary exactly as 'trip show' prints it: each game adds \
      its venue, each of your items with a location (--lat/--lon) adds that place; the \
      same place twice in a row counts once. Unscheduled items are not on the route. \
      Each waypoint after the first shows the leg to it: a drive (🚗, great-circle × 1.2 \
      at 60 mph), or a flight (✈️, great-circle at 800 km/h plus 3 h at airports) between \
      countries no road joins. Distances and times are estimates. A day the route \
      cannot keep to is named after the total (see 'trip check').
      """,
    options: [
      .flag(
        "json",
        help:
          "Print {waypoints: [{name, latitude, longitude, rowID, day}], totalDistanceMeters, legs: [{from, to, mode, distanceMeters, durationSeconds}], cannotBeDone: [{day, rowID, reason}]}."
      ),
      .flag("metric", help: "Distance in kilometres."),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let reference = try context.arguments.requiredPositional("TRIP")
    let catalog = try context.catalog()
    let store = try context.openStore()
    let itinerary = try store.itinerary(
      id: try TripResolver(store: store).id(matching: reference), catalog: catalog)
    let estimator = try context.environmentValues().estimator
    let route = TripRoute(itinerary: itinerary, estimator: estimator)
    let impossible = itinerary.impossibleDays(estimator: estimator)
    if context.arguments.flag("json") {
      try context.print(wire: WireV1.Route(route, impossibleDays: impossible))
      return
    }
    let name = context.safe(itinerary.trip.name)
    guard !route.waypoints.isEmpty else {
      context.print("\"\(name)\" has no places on its route yet.")
      return
    }
    context.print(
      context.style(
        "Route of \"\(name)\" · \(Plural.count(route.waypoints.count, "waypoint"))", .bold))
    // Row numbers are the ones 'trip show' prints.
    let rowNumbers = itinerary.layout.rowNumbers
    var rows: [[String]] = []
    let width = String(route.waypoints.count).count
    let metric = context.arguments.flag("metric")
    for (index, point) in route.waypoints.enumerated() {
      rows.append([
        String(index + 1).leftPadded(to: width), "Day \(point.day)",
        "row \(rowNumbers[point.rowID] ?? 0)", context.safe(point.name),
        coordinate(point.coordinate),
        route.leg(arrivingAt: index).map { legText($0.estimate, metric: metric) } ?? "",
      ])
    }
    for line in Format.table(rows) {
      context.print(String(line.reversed().drop { $0 == " " }.reversed()))
    }
    context.print(
      "Total: \(Format.distance(route.totalDistanceMeters, metric: metric)) · \(estimator.summary(for: route.modes, metric: metric))"
    )
    // The days the route cannot keep to (issue 28, item 5).
    for day in impossible {
      let number = rowNumbers[.item(day.item.id)].map { "row \($0): " } ?? ""
      context.print("⚠ \(number)\(context.safe(day.message))")
    }
  }

  /// "🚗 92 mi · 1 h 32 min" or "✈️ flight 5963 mi · 15 h": the leg
  /// arriving at a waypoint.
  static func legText(_ leg: LegEstimate, metric: Bool) -> String {
    "\(leg.mode.icon) \(leg.mode == .flight ? "flight " : "")\(Format.distance(leg.distanceMeters, metric: metric)) · \(Format.duration(leg.durationSeconds))"
  }

  /// `41.948380, -87.655300`: latitude, longitude in decimal degrees.
  static func coordinate(_ c: Coordinate) -> String {
    "\(ExportSupport.degrees(c.latitude)), \(ExportSupport.degrees(c.longitude))"
  }
}
