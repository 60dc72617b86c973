import Foundation

/// A trip's games placed on its days, grouped into stops and legs.
///
/// This is what every rule needs besides the stored items: the derived game
/// rows, the route and the day count.
public struct TripSchedule: Sendable {
  /// The trip's first day.
  public let startDate: CalendarDate
  /// Number of days (≥ 1).
  public let dayCount: Int
  /// Games in start order (ties: game id), each with day and sortOrder.
  public let games: [PlacedGame]
  /// Stops of the route in order.
  public let stops: [TripStop]

  /// Places `games` on the days starting at `startDate`.
  /// - Parameters:
  ///   - startDate: Day 1.
  ///   - dayCount: number of days (≥ 1).
  ///   - games: the trip's games, any order; each must have a venue in
  ///     `venues`.
  ///   - venues: venue lookup (usually `Catalog.venues`).
  ///   - teams: team lookup for titles; unknown codes print as-is.
  /// - Complexity: O(g log g) for g games.
  public init(
    startDate: CalendarDate, dayCount: Int, games: [Game],
    venues: [Venue.ID: Venue], teams: [String: Team] = [:]
  ) {
    precondition(dayCount >= 1, "a trip has at least one day")
    self.startDate = startDate
    self.dayCount = dayCount
    let ordered = games.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    var perDay: [Int: Int] = [:]
    var placed: [PlacedGame] = []
    var stopIndex = -1
    var lastVenue: Venue.ID?
    for game in ordered {
      let day = startDate.days(to: game.localDate) + 1
      let i = perDay[day, default: 0]
      perDay[day] = i + 1
      if game.venueID != lastVenue {
        stopIndex += 1
        lastVenue = game.venueID
      }
      let away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: teams)
      let home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: teams)
      placed.append(
        PlacedGame(
          game: game, day: day, sortOrder: 100 + Double(i), stopIndex: stopIndex,
          title: "\(away) @ \(home)"))
    }
    self.games = placed
    var stops: [TripStop] = []
    for g in placed {
      if g.stopIndex == stops.count {
        let venue =
          venues[g.game.venueID]
          ?? Venue(
            id: g.game.venueID, name: g.game.venueID.rawValue,
            city: g.game.venueID.rawValue, region: "", country: "",
            coordinate: Coordinate(checkedLatitude: 0, longitude: 0),
            timeZoneID: g.game.timeZoneID)
        stops.append(TripStop(index: g.stopIndex, venue: venue, games: [], name: venue.city))
      }
      stops[g.stopIndex].games.append(g)
    }
    // Two different venues in one city: name those stops by venue.
    var venuesPerCity: [String: Set<Venue.ID>] = [:]
    for s in stops { venuesPerCity[s.venue.city, default: []].insert(s.venue.id) }
    for i in stops.indices where (venuesPerCity[stops[i].venue.city]?.count ?? 0) > 1 {
      stops[i].name = stops[i].venueName(on: stops[i].firstGame?.game.localDate)
    }
    self.stops = stops
  }

  /// The legs between consecutive stops.
  public var legs: [TripLeg] {
    guard stops.count > 1 else { return [] }
    return (0..<(stops.count - 1)).map {
      TripLeg(index: $0, from: stops[$0], to: stops[$0 + 1])
    }
  }

  /// The calendar date of `day`.
  public func date(ofDay day: Int) -> CalendarDate {
    startDate.adding(days: day - 1)
  }

  /// Whether `day` is one of the trip's days.
  public func contains(day: Int) -> Bool { (1...dayCount).contains(day) }

  /// The calendar date of `day` in words and, for a day outside the trip
  /// (an Unscheduled item's), how far outside it lies.
  ///
  /// ```swift
  /// // A trip of Jun 4–11, 2024:
  /// schedule.dateDescription(ofDay: 0)    // "Mon, Jun 3, 2024, 1 day before the trip"
  /// schedule.dateDescription(ofDay: 12)   // "Sat, Jun 15, 2024, 4 days after the trip"
  /// schedule.dateDescription(ofDay: 2)    // "Wed, Jun 5, 2024"
  /// ```
  /// - Parameter day: a 1-based day number, any value.
  public func dateDescription(ofDay day: Int) -> String {
    TripSchedule.dateDescription(ofDay: day, start: startDate, dayCount: dayCount)
  }

  /// `dateDescription(ofDay:)` for a trip starting `start` with `dayCount`
  /// days (a stored trip, a converted legacy trip).
  public static func dateDescription(ofDay day: Int, start: CalendarDate, dayCount: Int)
    -> String
  {
    let date = start.adding(days: day - 1).longDescription
    func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }
    if day < 1 { return "\(date), \(days(1 - day)) before the trip" }
    if day > dayCount { return "\(date), \(days(day - dayCount)) after the trip" }
    return date
  }

}
