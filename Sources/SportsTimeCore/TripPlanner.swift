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
  ///   - name: the trip's name; stored cleaned (`validatedName(_:)`).
  ///   - games: the picked games (any order, no duplicates, none cancelled).
  ///   - start: Day 1, or nil for the first game's local date.
  ///   - end: the last day, or nil for the last game's local date.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids and estimator.
  /// - Throws: `TripError` for an empty or too long name, no games, a
  ///   repeated or cancelled game, a start after the end, a game outside
  ///   the days, or more than `maximumDays` days.
  public static func plan(
    name: String, games: [Game], start: CalendarDate?, end: CalendarDate?,
    catalog: Catalog, environment: Environment
  ) throws -> PlannedTrip {
    let trimmed = try validatedName(name)
    try checkGames(games)
    let ordered = games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    let dates = ordered.map(\.localDate)
    let first = start ?? dates.min() ?? dates[0]
    let last = end ?? dates.max() ?? dates[0]
    let dayCount = try checkDays(start: first, end: last, games: ordered)
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

  /// A trip's name as stored: cleaned (`TextNormalization.clean`), not
  /// empty, at most 200 characters. The one name rule of `trip new`,
  /// `trip import` and `import legacy`.
  ///
  /// ```swift
  /// try TripPlanner.validatedName("  Great\u{1B} Lakes\n")   // "Great Lakes"
  /// ```
  /// - Throws: `TripError.emptyName`, or `.invalidName` for a name that
  ///   is too long.
  public static func validatedName(_ name: String) throws -> String {
    do {
      return try TextNormalization.validated(name, as: .tripName)
    } catch let error as TextError {
      if case .empty = error.problem { throw TripError.emptyName }
      throw TripError.invalidName(error)
    }
  }

  /// Checks the games picked for a trip: at least one, none twice, none
  /// cancelled.
  /// - Throws: `TripError.noGames`, `.duplicateGame` or `.cancelledGame`.
  public static func checkGames(_ games: [Game]) throws {
    guard !games.isEmpty else { throw TripError.noGames }
    var seen: Set<String> = []
    for g in games {
      guard seen.insert(g.id).inserted else { throw TripError.duplicateGame(g.id) }
      if g.status == .cancelled { throw TripError.cancelledGame(g.id) }
    }
  }

  /// Checks a trip's days: `start` not after `end`, every game's local
  /// date inside them, at most `maximumDays` days.
  /// - Parameters:
  ///   - start: Day 1.
  ///   - end: the last day (inclusive).
  ///   - games: the trip's games, in the order errors should name them.
  /// - Returns: the number of days, 1…`maximumDays`.
  /// - Throws: `TripError.startAfterEnd`, `.gameOutsideTrip` or `.tooLong`.
  public static func checkDays(start: CalendarDate, end: CalendarDate, games: [Game]) throws
    -> Int
  {
    guard start <= end else { throw TripError.startAfterEnd(start, end) }
    for g in games where g.localDate < start || g.localDate > end {
      throw TripError.gameOutsideTrip(g.id, g.localDate, start, end)
    }
    let dayCount = start.days(to: end) + 1
    guard dayCount <= maximumDays else { throw TripError.tooLong(dayCount) }
    return dayCount
  }
}

/// Why a trip cannot be built or changed, in traveller's words.
public enum TripError: Error, Sendable, Hashable, CustomStringConvertible {
  case emptyName
  case invalidName(TextError)
  case noGames
  case duplicateGame(String)
  case cancelledGame(String)
  case startAfterEnd(CalendarDate, CalendarDate)
  case gameOutsideTrip(String, CalendarDate, CalendarDate, CalendarDate)
  case tooLong(Int)

  public var description: String {
    switch self {
    case .emptyName: return "a trip needs a name"
    case .invalidName(let error): return error.description
    case .noGames: return "a trip needs at least one game"
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
