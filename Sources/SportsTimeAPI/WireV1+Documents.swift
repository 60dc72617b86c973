import Foundation
import SportsTimeCore

extension WireV1 {
  /// `games --json`: one of the array's objects, `{id, start, startText, date, home,
  /// away, venueID, venueName, venueCity, timeZone, timeEstimated,
  /// timeUnknown, status, gameNumber, originalDate?}`.
  public struct GameEntry: Codable, Sendable, Hashable {
    /// The game's id.
    public var id: Game.ID
    /// ISO 8601 with the venue's UTC offset.
    public var start: String
    /// The start at the venue as the CLI prints it, in the venue's zone
    /// with the zone's abbreviation (`ExportSupport.gameClock`): "7:10 pm
    /// CDT", "6:05 pm JST" (not the browser's "GMT+9"), "TBD CDT" when no
    /// start is known; without the estimate mark (`timeEstimated`).
    public var startText: String
    /// The venue's local date.
    public var date: CalendarDate
    /// The home team's printed code (`CHC`).
    public var home: String
    /// The away team's printed code.
    public var away: String
    /// The venue's code.
    public var venueID: Venue.ID
    /// The venue's IANA zone.
    public var timeZone: String
    /// The venue's name on the game's date (`Venue.name(on:)`, the rule
    /// every screen and export uses: the Flyers' arena is "Wells Fargo
    /// Center" in March 2025); the venue's code when no table has it.
    public var venueName: String
    /// The venue's city ("Philadelphia"); empty when no table has it.
    public var venueCity: String
    /// Whether the start is an estimate (day/night only).
    public var timeEstimated: Bool
    /// Whether no start is known at all.
    public var timeUnknown: Bool
    /// `scheduled`, `rescheduled` or `cancelled`.
    public var status: Game.Status
    /// 0, or 1 and 2 in a doubleheader.
    public var gameNumber: Int
    /// The originally scheduled local date of a moved or cancelled game;
    /// left out for a scheduled one.
    public var originalDate: CalendarDate?
    /// `MLB`, `NBA`, `NHL` or `NFL`.
    public var sport: Sport
    /// The final score `{away, home}` when the schedule gives it (NBA, NHL
    /// and NFL files); left out otherwise.
    public var score: Score?
    /// The round of a game outside the regular season (`WC`, `DIV`, `CON`,
    /// `SB`, `CUP`); left out for a regular-season game.
    public var round: String?
    /// Whether the game is at a neutral site (`Leagues.isNeutralSite`):
    /// its matchup reads "LAD vs SD" there.
    public var neutralSite: Bool

    /// The entry of `game`, teams by their abbreviations in `catalog`.
    public init(_ game: Game, catalog: Catalog, leagues: Leagues) {
      id = game.id
      start = LocalTime.iso8601(game.start, in: game.timeZone)
      startText = ExportSupport.gameClock(game)
      date = game.localDate
      home = Team.printedCode(game.homeTeamID, sport: game.sport, teams: catalog.teams)
      away = Team.printedCode(game.awayTeamID, sport: game.sport, teams: catalog.teams)
      venueID = game.venueID
      let venue = catalog.venue(game.venueID) ?? leagues.venue(game.venueID)
      venueName = venue?.name(on: game.localDate) ?? game.venueID.rawValue
      venueCity = venue?.city ?? ""
      timeZone = game.timeZoneID
      timeEstimated = game.timeEstimated
      timeUnknown = game.timeUnknown
      status = game.status
      gameNumber = game.gameNumber
      originalDate = game.status == .scheduled ? nil : game.originalDate
      sport = game.sport
      score = game.score.map(Score.init)
      round = game.round
      neutralSite = leagues.isNeutralSite(game)
    }
  }

  /// A score: `{away, home}`.
  public struct Score: Codable, Sendable, Hashable {
    /// The away team's runs (points, goals).
    public var away: Int
    /// The home team's.
    public var home: Int

    /// The wire form of `score`.
    public init(_ score: SportsTimeCore.Score) {
      away = score.away
      home = score.home
    }
  }

  /// `visit list --json`: one visit, `{id, venueID, sport, date, gameID?,
  /// away?, home?, score?, notes?}` (the `?` keys left out when unset).
  public struct VisitEntry: Codable, Sendable, Hashable {
    /// The visit's id (lowercase UUID text).
    public var id: String
    /// The venue's code.
    public var venueID: Venue.ID
    /// The sport seen there.
    public var sport: Sport
    /// The visit's date.
    public var date: CalendarDate
    /// The game attended, when recorded.
    public var gameID: Game.ID?
    /// The away team's printed code.
    public var away: String?
    /// The home team's printed code.
    public var home: String?
    /// The final score.
    public var score: Score?
    /// The fan's notes.
    public var notes: String?

    /// The entry of `visit`, teams by their codes in `leagues`.
    public init(_ visit: Visit, leagues: Leagues) {
      id = visit.key
      venueID = visit.venueID
      sport = visit.sport
      date = visit.date
      gameID = visit.gameID
      if let matchup = visit.matchup {
        let league = leagues.league(visit.sport)
        away = league?.abbreviation(of: matchup.awayTeamID) ?? matchup.awayTeamID
        home = league?.abbreviation(of: matchup.homeTeamID) ?? matchup.homeTeamID
      }
      score = visit.score.map(Score.init)
      notes = visit.notes
    }
  }

  /// `progress --json`: `{sports: [SportProgress]}`.
  public struct Progress: Codable, Sendable, Hashable {
    /// One sport: `{sport, teamsSeen, teamsTotal, ballparksVisited,
    /// venues}`.
    public struct SportEntry: Codable, Sendable, Hashable {
      /// One venue: `{venueID, name, visits, lastVisit}`.
      public struct Venue: Codable, Sendable, Hashable {
        /// The venue's code.
        public var venueID: SportsTimeCore.Venue.ID
        /// Its name.
        public var name: String
        /// How many visits.
        public var visits: Int
        /// The latest visit's date; null when not visited.
        @OrNull public var lastVisit: CalendarDate?
        /// Its city: in the API's document only (`GET /api/progress`),
        /// left out of `progress --json`.
        public var city: String?
      }

      /// The sport.
      public var sport: Sport
      /// Teams seen at home.
      public var teamsSeen: Int
      /// Teams of the sport.
      public var teamsTotal: Int
      /// Venues visited.
      public var ballparksVisited: Int
      /// Visited venues first (latest first), then unvisited home venues.
      public var venues: [Venue]

      /// The entry of `progress`; `cities` adds each venue's `city` (the
      /// API's document).
      public init(_ progress: SportProgress, cities: Bool = false) {
        sport = progress.sport
        teamsSeen = progress.teamsSeen.count
        teamsTotal = progress.teamsTotal
        ballparksVisited = progress.ballparksVisited
        venues = progress.venues.map {
          Venue(
            venueID: $0.venueID, name: $0.name, visits: $0.visits, lastVisit: $0.lastVisit,
            city: cities ? $0.city : nil)
        }
      }
    }

    /// One entry per sport, in the order given.
    public var sports: [SportEntry]

    /// The document of `progress`; `cities` adds each venue's `city` (the
    /// API's document, `GET /api/progress`).
    public init(_ progress: [SportProgress], cities: Bool = false) {
      sports = progress.map { SportEntry($0, cities: cities) }
    }
  }

  /// `history --json`: `{total, years: [{year, games}]}`, newest first.
  public struct History: Codable, Sendable, Hashable {
    /// One game attended: `{date, away, home, venueID, score, sport,
    /// neutralSite, visitID}`; `away`, `home`, `score` null when not
    /// recorded.
    public struct Game: Codable, Sendable, Hashable {
      /// The visit's date.
      public var date: CalendarDate
      /// The away team's printed code, or null.
      @OrNull public var away: String?
      /// The home team's printed code, or null.
      @OrNull public var home: String?
      /// The venue's code.
      public var venueID: Venue.ID
      /// The score, or null.
      @OrNull public var score: Score?
      /// The sport.
      public var sport: Sport
      /// Whether neither team plays at home there.
      public var neutralSite: Bool
      /// The visit's id.
      public var visitID: String
      /// The venue's name on the visit's date: in the API's document only
      /// (`GET /api/history`), left out of `history --json`.
      public var venue: String?
    }

    /// One year: `{year, games}`.
    public struct Year: Codable, Sendable, Hashable {
      /// The year.
      public var year: Int
      /// Its games, newest first.
      public var games: [Game]
    }

    /// How many games in all.
    public var total: Int
    /// The years, newest first.
    public var years: [Year]

    /// The document of `history`; `venueNames` adds each game's `venue`
    /// (the API's document, `GET /api/history`).
    public init(_ history: GamesHistory, venueNames: Bool = false) {
      total = history.total
      years = history.years.map { section in
        Year(
          year: section.year,
          games: section.entries.map { entry in
            Game(
              date: entry.visit.date, away: entry.away, home: entry.home,
              venueID: entry.visit.venueID, score: entry.visit.score.map(Score.init),
              sport: entry.visit.sport, neutralSite: entry.isNeutralSite,
              visitID: entry.visit.key, venue: venueNames ? entry.venueName : nil)
          })
      }
    }
  }

  /// `map --json`: the view in degrees, `{centerLatitude, centerLongitude,
  /// latitudeSpan, longitudeSpan, isDefault}`.
  public struct MapView: Codable, Sendable, Hashable {
    /// Degrees north.
    public var centerLatitude: Double
    /// Degrees east.
    public var centerLongitude: Double
    /// Degrees.
    public var latitudeSpan: Double
    /// Degrees.
    public var longitudeSpan: Double
    /// Whether it is the continental-US default view.
    public var isDefault: Bool

    /// The document of `viewport`, degrees rounded to 1e-9 (about 0.1 mm:
    /// arithmetic noise such as 126.86700000000002 is not part of the
    /// view).
    public init(_ viewport: MapViewport) {
      func degrees(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }
      centerLatitude = degrees(viewport.center.latitude)
      centerLongitude = degrees(viewport.center.longitude)
      latitudeSpan = degrees(viewport.latitudeSpan)
      longitudeSpan = degrees(viewport.longitudeSpan)
      isDefault = viewport.isDefault
    }

    /// The view this document describes, clamped as
    /// `MapViewport(latitude:longitude:latitudeSpan:longitudeSpan:)` clamps
    /// (a server reading a view a client sent).
    public var viewport: MapViewport {
      MapViewport(
        latitude: centerLatitude, longitude: centerLongitude, latitudeSpan: latitudeSpan,
        longitudeSpan: longitudeSpan)
    }
  }

  /// `trip route --json`: `{waypoints, totalDistanceMeters, legs}`.
  public struct Route: Codable, Sendable, Hashable {
    /// `{name, latitude, longitude, rowID, day}`.
    public struct Waypoint: Codable, Sendable, Hashable {
      /// A venue (by its name on the game's date) or an item's title.
      public var name: String
      /// Degrees.
      public var latitude: Double
      /// Degrees.
      public var longitude: Double
      /// The row it came from.
      public var rowID: String
      /// That row's day.
      public var day: Int
    }

    /// `{from, to, mode, distanceMeters, durationSeconds}`: from waypoint
    /// `from` to `to` (0-based), whole meters and seconds.
    public struct Leg: Codable, Sendable, Hashable {
      /// 0-based waypoint index.
      public var from: Int
      /// 0-based waypoint index.
      public var to: Int
      /// `drive` or `flight`.
      public var mode: TravelMode
      /// Whole meters.
      public var distanceMeters: Double
      /// Whole seconds.
      public var durationSeconds: Double
    }

    /// `{day, rowID, reason}`: a day that cannot be done as planned
    /// (`Itinerary.impossibleDays()`), about the item row `rowID`.
    public struct DayProblem: Codable, Sendable, Hashable {
      /// The 1-based day.
      public var day: Int
      /// The item's row id (`item:<uuid>`).
      public var rowID: String
      /// The sentence ("Day 4 cannot be done: …").
      public var reason: String
    }

    /// The waypoints in `trip show` order.
    public var waypoints: [Waypoint]
    /// Whole meters.
    public var totalDistanceMeters: Double
    /// The legs between consecutive waypoints.
    public var legs: [Leg]
    /// The days the route cannot keep to (issue 28, item 5), in the
    /// layout's order of their items; empty when every day can be done.
    public var cannotBeDone: [DayProblem]

    /// The document of `route`, with the days that cannot be done.
    public init(_ route: TripRoute, impossibleDays: [ImpossibleDay] = []) {
      cannotBeDone = impossibleDays.map {
        DayProblem(day: $0.day, rowID: RowID.item($0.item.id).description, reason: $0.message)
      }
      waypoints = route.waypoints.map {
        Waypoint(
          name: $0.name, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
          rowID: $0.rowID.description, day: $0.day)
      }
      totalDistanceMeters = route.totalDistanceMeters.rounded()
      legs = route.legs.map {
        Leg(
          from: $0.from, to: $0.to, mode: $0.estimate.mode,
          distanceMeters: $0.estimate.distanceMeters.rounded(),
          durationSeconds: $0.estimate.durationSeconds.rounded())
      }
    }
  }

  /// `trip replan --json`: `{kept, reset, removed, added, redated,
  /// unscheduled, returned, rezoned, reasons, warnings}`; row ids, and
  /// `reasons` mapping each reset leg's row id to why.
  public struct ReplanReport: Codable, Sendable, Hashable {
    /// Legs that kept their place.
    public var kept: [String]
    /// Legs moved to their default place.
    public var reset: [String]
    /// Legs removed.
    public var removed: [String]
    /// Legs added.
    public var added: [String]
    /// Items that kept their calendar date on another day.
    public var redated: [String]
    /// Items now outside the trip.
    public var unscheduled: [String]
    /// Items back from Unscheduled.
    public var returned: [String]
    /// Timed items whose zone changed.
    public var rezoned: [String]
    /// Why each reset leg was reset, by its row id.
    public var reasons: OrderedMap<String>
    /// What the traveller should know.
    public var warnings: [String]

    /// The document of a re-plan's `report` and `change`.
    public init(_ report: SportsTimeCore.ReplanReport, change: ItineraryChange) {
      kept = report.kept.map(\.description)
      reset = report.reset.map(\.rowID.description)
      removed = report.removed.map(\.description)
      added = report.added.map(\.description)
      redated = report.redated.map(\.description)
      unscheduled = report.unscheduled.map(\.description)
      returned = report.returned.map(\.description)
      rezoned = change.rezoned.map { LayoutRow.id(item: $0).description }
      reasons = OrderedMap(report.reset.map { ($0.rowID.description, $0.reason) })
      warnings = change.warnings
    }
  }

  /// `trip check --json`: `{trip, problems, notices}`.
  public struct TripCheck: Codable, Sendable, Hashable {
    /// One finding: `{id, number, title, reason}`.
    public struct Finding: Codable, Sendable, Hashable {
      /// The row id, or `leg:N` for a leg of the route with no travel item.
      public var id: String
      /// The row's number; null for a leg without a row.
      @OrNull public var number: Int?
      /// The row's title.
      public var title: String
      /// What is wrong (or, for a notice, the item's date).
      public var reason: String

      /// A finding; see the properties.
      public init(id: String, number: Int?, title: String, reason: String) {
        self.id = id
        self.number = number
        self.title = title
        self.reason = reason
      }

      /// The finding of Core's `problem` (`Itinerary.check()`): its
      /// subject's id (`leg:N` for a route leg without a row).
      public init(_ problem: TripProblem) {
        self.init(
          id: problem.subject.description, number: problem.number, title: problem.title,
          reason: problem.reason)
      }
    }

    /// The trip's name.
    public var trip: String
    /// What breaks a rule, in row order (legs without a row last).
    public var problems: [Finding]
    /// Unscheduled items that break no rule.
    public var notices: [Finding]

    /// The report of `trip`.
    public init(trip: Trip, problems: [Finding], notices: [Finding]) {
      self.trip = trip.name
      self.problems = problems
      self.notices = notices
    }
  }
}
