import Foundation
import SportsTimeCore

// Benchmark of the reorder engine (issue 3): for itineraries of 100, 1,000
// and 10,000 rows, the time to start a drag on a travel item (every slot's
// validity) and to drop it, next to a straightforward implementation of the
// seeds' per-row rescanning on the same input. Then the whole-process
// figures of issue 9 (CommandBench.swift). Run with `make bench` (release
// build). Prints figures; asserts nothing.

// `--hello`: a Foundation hello-world, the reference for start-up.
if CommandLine.arguments.dropFirst().first == "--hello" {
  print("Hello, \(ProcessInfo.processInfo.processName)")
  exit(0)
}

/// A synthetic but real-shaped itinerary of about `rows` rows: one game a
/// day at venues cycling through real ballparks, custom items padding each
/// day, one travel item per leg at its default position.
func makeItinerary(rows target: Int, catalog: Catalog) -> Itinerary {
  let venues = ["CHI11", "MIL06", "DET05", "CLE08", "PIT08", "CIN09"].compactMap {
    catalog.venue(Venue.ID($0))
  }
  let itemsPerDay = 3
  let perDay = 1 + 1 + itemsPerDay + 1  // header, game, customs, travel
  let days = max(2, (target + perDay) / perDay)
  guard let start = CalendarDate(year: 2024, month: 4, day: 1) else {
    preconditionFailure("2024-04-01 is a real date")
  }
  var games: [Game] = []
  for d in 0..<days {
    let venue = venues[d % venues.count]
    let date = start.adding(days: d)
    games.append(
      Game(
        id: Game.ID("BENCH\(d)"), sport: .mlb, season: 2024, homeTeamID: "CHN", awayTeamID: "MIL",
        venueID: venue.id,
        start: LocalTime.instant(on: date, hour: 19, minute: 10, in: venue.timeZone),
        timeZoneID: venue.timeZoneID, localDate: date, timeEstimated: true, timeUnknown: false,
        status: .scheduled, originalDate: nil, gameNumber: 0, postponementReason: nil))
  }
  let environment = RuleEnvironment.fixed(now: Date(timeIntervalSince1970: 1_700_000_000))
  let tripID = Trip.ID(environment.uuid())
  let trip = Trip(
    id: tripID, name: "Bench", startDate: start, endDate: start.adding(days: days - 1),
    gameIDs: games.map(\.id), createdAt: environment.now(), modifiedAt: environment.now())
  let schedule = TripSchedule(
    startDate: start, dayCount: days, games: games, venues: catalog.venues, teams: catalog.teams)
  let constraints = ItineraryConstraints(schedule: schedule)
  var items: [ItineraryItem] = []
  for leg in schedule.legs {
    let info = TravelPlacement.travelInfo(for: leg, estimator: .default)
    let p = TravelPlacement.defaultPosition(for: info, in: constraints)
    items.append(
      ItineraryItem(
        id: ItineraryItem.ID(environment.uuid()), tripID: tripID, day: p?.day ?? 1,
        sortOrder: p?.sortOrder ?? 50,
        kind: .travel(info), createdAt: environment.now(), modifiedAt: environment.now()))
  }
  for d in 1...days {
    for j in 0..<itemsPerDay {
      items.append(
        ItineraryItem(
          id: ItineraryItem.ID(environment.uuid()), tripID: tripID, day: d,
          sortOrder: j == 0 ? 10 : 100 + Double(j) * 0.25,
          kind: .custom(CustomInfo(title: "Item \(d).\(j)", category: .note)),
          createdAt: environment.now(), modifiedAt: environment.now()))
    }
  }
  return Itinerary(trip: trip, schedule: schedule, items: items)
}

/// The seeds' approach, written straightforwardly: for each row, find its
/// day by scanning up to the header, compute the sortOrder from its
/// neighbours, and check the position with constraints that look up games
/// by scanning every row (the seeds' `games(in: city)` filter).
struct SeedsRescanning {
  let rows: [LayoutRow]
  let dayCount: Int

  func dayNumber(forRow index: Int) -> Int {
    var i = index
    while i >= 0 {
      if case .day(let d, _) = rows[i].content { return d }
      i -= 1
    }
    return 1
  }

  /// The sortOrder a drop in the gap above row `index` would get.
  func sortOrder(at index: Int) -> Double {
    let day = dayNumber(forRow: index - 1)
    let before = index > 0 && rows[index - 1].day == day ? rows[index - 1].sortOrder : nil
    let after = index < rows.count && rows[index].day == day ? rows[index].sortOrder : nil
    switch (before, after) {
    case (let b?, let a?): return (b + a) / 2
    case (nil, let a?): return a - 1
    case (let b?, nil): return b + 1
    default: return 50
    }
  }

  /// Games at a venue, found by scanning every row (per call).
  func games(at venue: Venue.ID) -> [PlacedGame] {
    rows.compactMap { $0.game }.filter { $0.game.venueID == venue }
  }

  func isValid(_ info: TravelInfo, day: Int, sortOrder: Double) -> Bool {
    guard day >= 1 && day <= dayCount, let from = info.fromVenueID, let to = info.toVenueID
    else { return false }
    let departures = games(at: from)
    let arrivals = games(at: to)
    let minDay = departures.map(\.day).max() ?? 1
    let maxDay = arrivals.map(\.day).min() ?? dayCount
    guard day >= minDay && day <= maxDay else { return false }
    if let m = departures.filter({ $0.day == day }).map(\.sortOrder).max(), sortOrder <= m {
      return false
    }
    if let m = arrivals.filter({ $0.day == day }).map(\.sortOrder).min(), sortOrder >= m {
      return false
    }
    return true
  }

  func invalidRows(for info: TravelInfo) -> [Bool] {
    (0...rows.count).map { index in
      if index == 0 { return false }
      return isValid(info, day: dayNumber(forRow: index - 1), sortOrder: sortOrder(at: index))
    }
  }
}

/// Median wall time of `body` over `runs` runs, in nanoseconds.
func median(runs: Int, _ body: () -> Void) -> Double {
  var samples: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<runs {
    let elapsed = clock.measure(body)
    samples.append(
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
  }
  samples.sort()
  return samples[samples.count / 2]
}

func pad(_ s: String, _ n: Int) -> String {
  s.count >= n ? s : String(repeating: " ", count: n - s.count) + s
}

do {
  if CommandLine.arguments.contains("--app-only") || CommandLine.arguments.contains("--idle-only") {
    try CommandBench.run()
    exit(0)
  }
  // `--commands-only`: the whole-process figures (commands, exports, the app).
  if CommandLine.arguments.contains("--commands-only") {
    try CommandBench.run()
    exit(0)
  }
  if CommandLine.arguments.contains("--planner-only") {
    try PlannerBench.run()
    exit(0)
  }
  let catalog = try Catalog.mlb()
  print("Reorder engine benchmark (release build; median of repeated runs)")
  print(
    [
      pad("rows", 7), pad("slots", 7), pad("drag start", 12), pad("ns/slot", 9),
      pad("drop", 10), pad("seeds rescan", 14), pad("ns/slot", 11), pad("ratio", 9),
    ].joined(separator: " "))
  var sink = 0
  for size in [100, 1_000, 10_000] {
    let itinerary = makeItinerary(rows: size, catalog: catalog)
    let travel = itinerary.items.filter { $0.travelInfo != nil }
    let dragged = travel[travel.count / 2]
    var session: DragSession?
    let start = median(runs: size >= 10_000 ? 21 : 101) {
      session = try? DragSession(
        item: dragged, layout: itinerary.layout, constraints: itinerary.constraints)
      sink &+= session?.validSlots.count ?? 0
    }
    guard let session else { fatalError("the drag was refused") }
    let target = session.validSlots[session.validSlots.count / 2]
    let drop = median(runs: 101) {
      if case .moved(let item, _, _) = session.drop(at: target, now: Date()) {
        sink &+= item.day
      }
    }
    let seeds = SeedsRescanning(rows: session.rows, dayCount: itinerary.schedule.dayCount)
    guard let info = dragged.travelInfo else { fatalError("not a travel item") }
    let naive = median(runs: size >= 10_000 ? 3 : 11) {
      sink &+= seeds.invalidRows(for: info).filter { $0 }.count
    }
    let slots = Double(session.slots.count)
    print(
      [
        pad("\(itinerary.layout.rows.count)", 7), pad("\(session.slots.count)", 7),
        pad(String(format: "%.3f ms", start / 1e6), 12),
        pad(String(format: "%.1f", start / slots), 9),
        pad(String(format: "%.1f µs", drop / 1e3), 10),
        pad(String(format: "%.2f ms", naive / 1e6), 14),
        pad(String(format: "%.0f", naive / slots), 11),
        pad(String(format: "%.0f×", naive / start), 9),
      ].joined(separator: " "))
  }
  print("Target: 10,000 rows' slot validities in under 1 ms.  (checksum \(sink))")
  if !CommandLine.arguments.contains("--engine-only") {
    try CommandBench.run()
    try PlannerBench.run()
  }
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(1)
}
