import Foundation

/// Builds new trips from picked games (issue 2, DESIGN.md). Named
/// `TripPlanner` until issue 9: "planner" is kept for the trip optimiser
/// that finds the best games, which comes later.
public enum TripBuilder {
  /// Builds a trip.
  ///
  /// Days run from `start` to `end` (defaults: first and last game's local
  /// dates). Stops are the games in time order, consecutive games at one
  /// venue forming one stop; each pair of consecutive stops gets one travel
  /// item at its default position (`TravelPlacement`).
  /// - Parameters:
  ///   - name: the trip's name; stored cleaned, checked by
  ///     `Trip.validatedName(_:)`.
  ///   - games: the picked games (any order, no duplicates, none cancelled).
  ///   - start: Day 1, or nil for the first game's local date.
  ///   - end: the last day, or nil for the last game's local date.
  ///   - catalog: venues and teams.
  ///   - environment: clock, ids and estimator.
  /// - Throws: `TripError` for an empty or too long name or one that looks
  ///   like an id (`Trip.validatedName(_:)`), no games, a repeated or
  ///   cancelled game, a game outside the given days (before a start after
  ///   it, or after an end before it), a start after the end, or more than
  ///   `maximumDays` days.
  public static func plan(
    name: String, games: [Game], start: CalendarDate?, end: CalendarDate?,
    catalog: Catalog, environment: RuleEnvironment
  ) throws -> PlannedTrip {
    let trimmed = try Trip.validatedName(name)
    try checkGames(games)
    let ordered = inTimeOrder(games)
    let dates = ordered.map(\.localDate)
    let first = start ?? dates.min() ?? dates[0]
    let last = end ?? dates.max() ?? dates[0]
    let dayCount = try checkDays(
      of: ordered, start: start, end: end, first: first, last: last, teams: catalog.teams)
    let now = environment.now()
    let trip = Trip(
      id: Trip.ID(environment.uuid()), name: trimmed, startDate: first, endDate: last,
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
      items.append(
        legItem(
          for: leg, info: info, constraints: constraints, tripID: trip.id,
          id: ItineraryItem.ID(environment.uuid()), now: now))
    }
    return PlannedTrip(
      trip: trip, schedule: schedule, items: items,
      tightLegs: TightLeg.find(in: schedule, travel: infos))
  }

  /// The longest trip accepted, in days (a season is about 190 days).
  public static let maximumDays = 366

  /// Checks a trip's days against its games. Two given days that cross
  /// are a start after the end; otherwise a game outside a given day is
  /// blamed on the game before the start is compared with the end: a start
  /// after the only game is that game's problem, not a start after an end
  /// that was derived from the game.
  /// - Parameters:
  ///   - games: the trip's games.
  ///   - start: Day 1 as given, or nil when derived.
  ///   - end: the last day as given, or nil when derived.
  ///   - first: Day 1 as it will be (given or derived).
  ///   - last: the last day as it will be.
  ///   - teams: team lookup for the game's title.
  /// - Returns: the number of days, 1…`maximumDays`.
  /// - Throws: `TripError.gameOutsideTrip` (naming the bounds that hold:
  ///   both when `first ≤ last`, else only the given one),
  ///   `.startAfterEnd` or `.tooLong`.
  public static func checkDays(
    of games: [Game], start: CalendarDate?, end: CalendarDate?, first: CalendarDate,
    last: CalendarDate, teams: [String: Team]
  ) throws -> Int {
    // Both days given and crossed: that is the mistake, whatever the games.
    if let start, let end, start > end { throw TripError.startAfterEnd(start, end) }
    let consistent = first <= last
    for g in games {
      if let start, g.localDate < start {
        throw TripError.gameOutsideTrip(
          g.id, title: title(of: g, teams: teams), date: g.localDate, first: start,
          last: consistent ? last : nil)
      }
      if let end, g.localDate > end {
        throw TripError.gameOutsideTrip(
          g.id, title: title(of: g, teams: teams), date: g.localDate,
          first: consistent ? first : nil, last: end)
      }
    }
    guard consistent else { throw TripError.startAfterEnd(first, last) }
    for g in games where g.localDate < first || g.localDate > last {
      throw TripError.gameOutsideTrip(
        g.id, title: title(of: g, teams: teams), date: g.localDate, first: first, last: last)
    }
    let dayCount = first.days(to: last) + 1
    guard dayCount <= maximumDays else { throw TripError.tooLong(dayCount) }
    return dayCount
  }

  /// `checkDays(of:start:end:first:last:teams:)` for days that are both
  /// given (a stored trip, a trip file).
  public static func checkDays(
    start: CalendarDate, end: CalendarDate, games: [Game], teams: [String: Team] = [:]
  ) throws -> Int {
    try checkDays(of: games, start: start, end: end, first: start, last: end, teams: teams)
  }

  /// Checks the games picked for a trip, as building and re-planning one
  /// do: at least one, none twice, none cancelled — except the games in
  /// `keeping` (a re-plan keeps a game of the trip that was cancelled
  /// since, so the traveller sees it and decides).
  /// - Parameters:
  ///   - games: the trip's games (any order).
  ///   - keeping: ids of games that may be cancelled (those the trip already
  ///     has); empty for a new trip.
  /// - Throws: `TripError.noGames`, `.duplicateGame` or `.cancelledGame`
  ///   (the first game at fault).
  public static func checkGames(_ games: [Game], keeping: Set<Game.ID> = []) throws {
    guard !games.isEmpty else { throw TripError.noGames }
    var seen: Set<Game.ID> = []
    for g in games {
      guard seen.insert(g.id).inserted else { throw TripError.duplicateGame(g.id) }
      if g.status == .cancelled && !keeping.contains(g.id) {
        throw TripError.cancelledGame(g.id)
      }
    }
  }

  /// The games by start instant, ties by id: the order of a trip's games
  /// and stops.
  static func inTimeOrder(_ games: [Game]) -> [Game] {
    games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
  }

  /// A new travel item for `leg`, at its default position
  /// (`TravelPlacement.defaultPosition`); when the leg's limits cannot be
  /// met, on the day of its departure stop's last game (else Day 1) at
  /// sortOrder 50, where `trip check` reports it. Shared by building and
  /// re-planning a trip.
  /// - Parameters:
  ///   - leg: the leg of the trip's route.
  ///   - info: its travel details (`TravelPlacement.travelInfo`).
  ///   - constraints: the trip's rules.
  ///   - tripID: the trip's id.
  ///   - id: the new item's id.
  ///   - now: its creation and modification instant.
  static func legItem(
    for leg: TripLeg, info: TravelInfo, constraints: ItineraryConstraints, tripID: Trip.ID,
    id: ItineraryItem.ID, now: Date
  ) -> ItineraryItem {
    let position = TravelPlacement.defaultPosition(for: info, in: constraints)
    return ItineraryItem(
      id: id, tripID: tripID, day: position?.day ?? leg.from.lastGame?.day ?? 1,
      sortOrder: position?.sortOrder ?? 50, kind: .travel(info), createdAt: now, modifiedAt: now)
  }

  /// "AWAY @ HOME" by abbreviation (codes when unknown), as `TripSchedule`
  /// titles games.
  static func title(of game: Game, teams: [String: Team]) -> String {
    let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: teams)
    let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: teams)
    return "\(away) @ \(home)"
  }
}
