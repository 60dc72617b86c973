import Foundation

/// A trip as first built: the trip, its stored travel items and warnings.
public struct PlannedTrip: Sendable {
  /// The trip.
  public var trip: Trip
  /// The trip's schedule (days, games, stops).
  public var schedule: TripSchedule
  /// One travel item per leg, at its default position.
  public var items: [ItineraryItem]
  /// Tight legs (warned about, not forbidden).
  public var tightLegs: [TightLeg]
}

/// Builds new trips from picked games (issue 2, DESIGN.md).
public enum TripPlanner {
  /// Builds a trip.
  ///
  /// Days run from `start` to `end` (defaults: first and last game's local
  /// dates). Stops are the games in time order, consecutive games at one
  /// venue forming one stop; each pair of consecutive stops gets one travel
  /// item at its default position (`TravelPlacement`).
  /// - Parameters:
  ///   - name: the trip's name; stored normalised
  ///     (`TextNormalization.name`), must not be empty then.
  ///   - games: the picked games (any order, no duplicates, none cancelled).
  ///   - start: Day 1, or nil for the first game's local date.
  ///   - end: the last day, or nil for the last game's local date.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids and estimator.
  /// - Throws: `TripError` for an empty name, no games, a repeated or
  ///   cancelled game, a start after the end, or a game outside the days.
  public static func plan(
    name: String, games: [Game], start: CalendarDate?, end: CalendarDate?,
    catalog: Catalog, environment: Environment
  ) throws -> PlannedTrip {
    let trimmed = TextNormalization.name(name)
    guard !trimmed.isEmpty else { throw TripError.emptyName }
    guard !games.isEmpty else { throw TripError.noGames }
    var seen: Set<String> = []
    for g in games {
      guard seen.insert(g.id).inserted else { throw TripError.duplicateGame(g.id) }
      if g.status == .cancelled { throw TripError.cancelledGame(g.id) }
    }
    let ordered = games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    let dates = ordered.map(\.localDate)
    let first = start ?? dates.min() ?? dates[0]
    let last = end ?? dates.max() ?? dates[0]
    guard first <= last else { throw TripError.startAfterEnd(first, last) }
    for g in ordered where g.localDate < first || g.localDate > last {
      throw TripError.gameOutsideTrip(g.id, g.localDate, first, last)
    }
    let dayCount = first.days(to: last) + 1
    guard dayCount <= TripPlanner.maximumDays else {
      throw TripError.tooLong(dayCount)
    }
    let now = environment.now()
    let trip = Trip(
      id: environment.uuid(), name: trimmed, startDate: first, endDate: last,
      gameIDs: ordered.map(\.id), createdAt: now, modifiedAt: now)
    let schedule = TripSchedule(
      startDate: first, dayCount: dayCount, games: ordered, venues: catalog.venues,
      teams: catalog.teams)
    let constraints = ItineraryConstraints(schedule: schedule)
    var items: [ItineraryItem] = []
    var infos: [TravelInfo] = []
    for leg in schedule.legs {
      let info = TravelPlacement.travelInfo(for: leg, estimator: environment.estimator)
      infos.append(info)
      let position = TravelPlacement.defaultPosition(for: info, in: constraints)
      items.append(
        ItineraryItem(
          id: environment.uuid(), tripID: trip.id,
          day: position?.day ?? leg.from.lastGame?.day ?? 1,
          sortOrder: position?.sortOrder ?? 50, kind: .travel(info), createdAt: now,
          modifiedAt: now))
    }
    return PlannedTrip(
      trip: trip, schedule: schedule, items: items,
      tightLegs: TightLeg.find(in: schedule, travel: infos))
  }

  /// The longest trip accepted, in days (a season is about 190 days).
  public static let maximumDays = 366
}

/// Why a trip cannot be built or changed, in traveller's words.
public enum TripError: Error, Sendable, Hashable, CustomStringConvertible {
  case emptyName
  case noGames
  case duplicateGame(String)
  case cancelledGame(String)
  case startAfterEnd(CalendarDate, CalendarDate)
  case gameOutsideTrip(String, CalendarDate, CalendarDate, CalendarDate)
  case tooLong(Int)

  public var description: String {
    switch self {
    case .emptyName: return "a trip needs a name"
    case .noGames: return "a trip needs at least one game (--game)"
    case .duplicateGame(let id): return "game \(id) is picked twice"
    case .cancelledGame(let id):
      return
        "game \(id) was cancelled (postponed with no makeup date) and cannot be added to a trip"
    case .startAfterEnd(let s, let e):
      return "the start date \(s) is after the end date \(e)"
    case .gameOutsideTrip(let id, let date, let s, let e):
      return "game \(id) is on \(date), outside the trip's days \(s) to \(e)"
    case .tooLong(let days):
      return "a trip of \(days) days is longer than the \(TripPlanner.maximumDays)-day limit"
    }
  }
}
