import Foundation
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
      The distance is an estimate (great-circle × 1.2).
      """,
    options: [
      .flag(
        "json",
        help: "Print {waypoints: [{name, latitude, longitude, rowID, day}], totalDistanceMeters}."),
      .flag("metric", help: "Distance in kilometres."),
    ],
    positionals: [PositionalSpec(name: "TRIP", help: "The trip's name or id.")],
    run: { try run(try Context($0)) })

  static func run(_ context: Context) throws {
    let reference = try context.arguments.requiredPositional("TRIP")
    let catalog = try context.catalog()
    let store = try context.openStore()
    let itinerary = try store.itinerary(reference, catalog: catalog)
    let estimator = try context.environmentValues().estimator
    let route = TripRoute(itinerary: itinerary, estimator: estimator)
    if context.arguments.flag("json") {
      context.print(json: json(route))
      return
    }
    let name = context.safe(itinerary.trip.name)
    guard !route.waypoints.isEmpty else {
      context.print("\"\(name)\" has no places on its route yet.")
      return
    }
    context.print(
      context.style(
        "Route of \"\(name)\" · \(Format.count(route.waypoints.count, "waypoint"))", .bold))
    // Row numbers are the ones 'trip show' prints.
    let rowNumbers = Dictionary(
      itinerary.numberedRows.enumerated().map { ($0.element.id, $0.offset + 1) },
      uniquingKeysWith: { a, _ in a })
    var rows: [[String]] = []
    let width = String(route.waypoints.count).count
    for (index, point) in route.waypoints.enumerated() {
      rows.append([
        String(index + 1).leftPadded(to: width), "Day \(point.day)",
        "row \(rowNumbers[point.rowID] ?? 0)", context.safe(point.name),
        coordinate(point.coordinate),
      ])
    }
    for line in Format.table(rows) { context.print(line) }
    context.print(
      "Total: \(Format.distance(route.totalDistanceMeters, metric: context.arguments.flag("metric"))) · \(estimator.summary)"
    )
  }

  /// `41.948380, -87.655300`: latitude, longitude in decimal degrees.
  static func coordinate(_ c: Coordinate) -> String {
    String(format: "%.6f, %.6f", c.latitude, c.longitude)
  }

  /// The `trip route --json` object; total distance in whole meters.
  static func json(_ route: TripRoute) -> JSON {
    .object([
      (
        "waypoints",
        .array(
          route.waypoints.map { point in
            .object([
              ("name", .string(point.name)), ("latitude", .number(point.coordinate.latitude)),
              ("longitude", .number(point.coordinate.longitude)), ("rowID", .string(point.rowID)),
              ("day", .int(point.day)),
            ])
          })
      ),
      ("totalDistanceMeters", .number(route.totalDistanceMeters.rounded())),
    ])
  }
}
