import Foundation
import SportsTimeCore
import SportsTimePlanner

extension WireV1 {
  /// `sportstime plan … --json` (docs/PLANNER.md): `{query,
  /// proven, bound, options}` — the question as understood, whether the
  /// first option is proven optimal, the proven lower bound in days for an
  /// all-parks question (else null), and the options in the order of the
  /// sort asked for.
  public struct PlanDocument: Encodable, Sendable, Hashable {
    /// The question as understood.
    public struct Query: Encodable, Sendable, Hashable {
      /// `window`, `follow`, `route` or `all-parks`.
      public var kind: String
      /// The season (all-parks), else null.
      public var season: Int?
      /// First and last day (ISO dates, local to each venue); an all-parks
      /// question has `from` when asked and `to` null.
      public var from: String?
      public var to: String?
      /// The sports counted (empty: every imported sport).
      public var sports: [String]
      /// The place the first game is near, its venue id and the radius in
      /// hours of travel; null when not asked.
      public var startNear: Place?
      /// The same for the last game.
      public var endNear: Place?
      /// Must-see game ids (those asked for; a followed team's games are
      /// not listed).
      public var must: [String]
      /// The team followed (`follow`): its sport, codes and name; else null.
      public var follow: Team?
      /// The daily drive limit in hours, or null.
      public var maxDriveHours: Double?
      /// All parks: the teams asked for, each once as its home team codes
      /// as in the games (sorted; empty: every team); null for the other
      /// questions.
      public var teams: [[String]]? = nil
      /// All parks: the venue ids of the home parks sought (sorted); null
      /// for the other questions.
      public var parks: [String]? = nil
      /// The sort's name (`recommended`, `most-cities`, …).
      public var sort: String
      /// How many options were asked for.
      public var options: Int

      private enum CodingKeys: String, CodingKey {
        case kind, season, from, to, sports, startNear, endNear, must, follow, maxDriveHours, teams
        case parks, sort, options
      }

      /// Writes every member, those not asked as null.
      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeOrNull(season, forKey: .season)
        try c.encodeOrNull(from, forKey: .from)
        try c.encodeOrNull(to, forKey: .to)
        try c.encode(sports, forKey: .sports)
        try c.encodeOrNull(startNear, forKey: .startNear)
        try c.encodeOrNull(endNear, forKey: .endNear)
        try c.encode(must, forKey: .must)
        try c.encodeOrNull(follow, forKey: .follow)
        try c.encodeOrNull(maxDriveHours, forKey: .maxDriveHours)
        try c.encodeOrNull(teams, forKey: .teams)
        try c.encodeOrNull(parks, forKey: .parks)
        try c.encode(sort, forKey: .sort)
        try c.encode(options, forKey: .options)
      }
    }

    /// A place as understood.
    public struct Place: Encodable, Sendable, Hashable {
      /// What was typed.
      public var name: String
      /// The venue standing for it.
      public var venueID: String
      /// Hours of travel from it.
      public var radiusHours: Double
    }

    /// A team as understood.
    public struct Team: Encodable, Sendable, Hashable {
      /// Its sport (`MLB`, …).
      public var sport: String
      /// Its codes in the games, sorted.
      public var codes: [String]
      /// Its name.
      public var name: String
    }

    /// One option.
    public struct Option: Encodable, Sendable, Hashable {
      /// 1 for the first in the chosen sort.
      public var rank: Int
      /// Game ids in trip order.
      public var gameIDs: [String]
      /// Venue ids, in the order first seen.
      public var venueIDs: [String]
      public var parks: Int
      public var cities: Int
      /// Span in days (last local date − first + 1).
      public var days: Int
      /// Meters of travel.
      public var distanceMeters: Double
      /// Seconds of travel.
      public var travelSeconds: Double
      /// The tightest leg's seconds to spare; null for a one-game trip.
      public var minSlackSeconds: Double?
      /// The header it falls under in the chosen sort ("12 cities"), or null.
      public var group: String?
      /// The driving part of `travelSeconds`.
      public var driveSeconds: Double
      /// The flying part of `travelSeconds` (airport hours included);
      /// `driveSeconds + flightSeconds == travelSeconds`.
      public var flightSeconds: Double
      /// The legs flown, in trip order (empty when every leg is driven).
      public var flights: [Flight]
      /// The stops in trip order, each with its venue's name on the date
      /// of its first game.
      public var stops: [Stop]
      /// Whether `minSlackSeconds` rests on an estimated start time (a
      /// game of the tightest leg has `timeEstimated`).
      public var minSlackEstimated: Bool
      /// Parks per 1,000 miles (what `best-efficiency` sorts by); null for
      /// a trip with no travel.
      public var parksPerThousandMiles: Double?

      private enum CodingKeys: String, CodingKey {
        case rank, gameIDs, venueIDs, parks, cities, days, distanceMeters, travelSeconds
        case minSlackSeconds, group, driveSeconds, flightSeconds, flights, stops
        case minSlackEstimated, parksPerThousandMiles
      }

      /// Writes every member, `minSlackSeconds`, `group` and
      /// `parksPerThousandMiles` as null when none.
      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rank, forKey: .rank)
        try c.encode(gameIDs, forKey: .gameIDs)
        try c.encode(venueIDs, forKey: .venueIDs)
        try c.encode(parks, forKey: .parks)
        try c.encode(cities, forKey: .cities)
        try c.encode(days, forKey: .days)
        try c.encode(distanceMeters, forKey: .distanceMeters)
        try c.encode(travelSeconds, forKey: .travelSeconds)
        try c.encodeOrNull(minSlackSeconds, forKey: .minSlackSeconds)
        try c.encodeOrNull(group, forKey: .group)
        try c.encode(driveSeconds, forKey: .driveSeconds)
        try c.encode(flightSeconds, forKey: .flightSeconds)
        try c.encode(flights, forKey: .flights)
        try c.encode(stops, forKey: .stops)
        try c.encode(minSlackEstimated, forKey: .minSlackEstimated)
        try c.encodeOrNull(parksPerThousandMiles, forKey: .parksPerThousandMiles)
      }
    }

    /// A leg flown: `{from, to, fromGameID, toGameID, meters, seconds}` —
    /// the venues it leaves and reaches, the games before and after it,
    /// its great-circle meters and its seconds (3 h at airports included).
    public struct Flight: Encodable, Sendable, Hashable {
      /// The venue flown from (a venue id).
      public var from: String
      /// The venue flown to (a venue id).
      public var to: String
      /// The game before the flight (a game id).
      public var fromGameID: String
      /// The game after the flight (a game id).
      public var toGameID: String
      /// Great-circle distance, in meters.
      public var meters: Double
      /// Time of the flight, airports included, in seconds.
      public var seconds: Double

      init(_ leg: PlanLeg) {
        from = leg.from.rawValue
        to = leg.to.rawValue
        fromGameID = leg.fromGame.rawValue
        toGameID = leg.toGame.rawValue
        meters = leg.meters
        seconds = leg.seconds
      }
    }

    /// A stop: `{venueID, name, city, gameIDs}` — consecutive games at one
    /// venue, the venue named as on the stop's first game's date.
    public struct Stop: Encodable, Sendable, Hashable {
      /// The venue (a venue id).
      public var venueID: String
      /// The venue's name on the date of the stop's first game.
      public var name: String
      /// The venue's city on that date.
      public var city: String
      /// The stop's games (game ids), in order.
      public var gameIDs: [String]

      init(_ stop: PlanStop) {
        venueID = stop.venueID.rawValue
        name = stop.name
        city = stop.city
        gameIDs = stop.gameIDs.map(\.rawValue)
      }
    }

    public var query: Query
    /// Whether the first option (recommended order) is optimal.
    public var proven: Bool
    /// All-parks questions: the proven lower bound in days; else null.
    public var bound: Int?
    public var options: [Option]
    /// Whether the search was stopped before its end by its client (the
    /// app's Cancel, or a new search in its place): the options are the
    /// best found by then, not proven. False when it ran to its end or to
    /// its time limit.
    public var stopped = false

    private enum CodingKeys: String, CodingKey { case query, proven, bound, options, stopped }

    /// Writes every member, `bound` as null when there is none.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(query, forKey: .query)
      try c.encode(proven, forKey: .proven)
      try c.encodeOrNull(bound, forKey: .bound)
      try c.encode(options, forKey: .options)
      try c.encode(stopped, forKey: .stopped)
    }

    /// The document of `answer` to `query`, its options in `sort`'s order;
    /// `kind` names the question (`window`, `follow` or `route`).
    public init(_ query: WindowQuery, answer: PlanAnswer, sort: PlanSort, kind: String = "window") {
      func place(_ p: PlanPlace?) -> Place? {
        p.map {
          Place(name: $0.name, venueID: $0.venue.id.rawValue, radiusHours: $0.radiusSeconds / 3600)
        }
      }
      self.query = Query(
        kind: kind, season: nil, from: query.from.iso, to: query.to.iso,
        sports: Sport.allCases.filter { query.sports.contains($0) }.map(\.rawValue),
        startNear: place(query.startNear), endNear: place(query.endNear),
        must: query.must.map(\.rawValue),
        follow: query.follow.map {
          Team(sport: $0.sport.rawValue, codes: $0.codes.sorted(), name: $0.name)
        }, maxDriveHours: query.maxDriveHours,
        sort: sort.rawValue, options: query.options)
      proven = answer.proven
      bound = nil
      options = Self.options(sort.sorted(answer.options), sort: sort)
    }

    /// The document of an all-parks answer: its one option (none when the
    /// time ran out first) and the proven lower bound in days.
    public init(_ query: AllParksQuery, answer: AllParksAnswer) {
      self.query = Query(
        kind: "all-parks", season: query.season, from: query.from?.iso, to: nil,
        sports: [query.sport.rawValue], startNear: nil, endNear: nil, must: [], follow: nil,
        maxDriveHours: query.maxDriveHours,
        teams: Set(query.teams.map { $0.sorted() }).sorted { $0.lexicographicallyPrecedes($1) },
        parks: answer.parks.map(\.rawValue).sorted(), sort: PlanSort.recommended.rawValue,
        options: 1)
      proven = answer.proven
      bound = answer.bound
      options = Self.options(answer.option.map { [$0] } ?? [], sort: .recommended)
    }

    private static func options(_ sorted: [PlanOption], sort: PlanSort) -> [Option] {
      sorted.enumerated().map { index, option in
        Option(
          rank: index + 1, gameIDs: option.games.map(\.id.rawValue),
          venueIDs: option.venueIDs.map(\.rawValue), parks: option.parks, cities: option.cities,
          days: option.days, distanceMeters: option.distanceMeters,
          travelSeconds: option.travelSeconds, minSlackSeconds: option.minSlackSeconds,
          group: sort.group(of: option), driveSeconds: option.driveSeconds,
          flightSeconds: option.flightSeconds, flights: option.flights.map(Flight.init),
          stops: option.stops.map(Stop.init), minSlackEstimated: option.minSlackEstimated,
          parksPerThousandMiles: option.efficiency.isFinite ? option.efficiency : nil)
      }
    }
  }
}

extension WireV1 {
  /// `DELETE /api/plan/searches/{id}`: `{stopped}` — whether a search of
  /// that id was running (it has ended when this is answered).
  public struct PlanSearchStopped: Encodable, Sendable, Hashable {
    /// True when a search of the id was running and is now stopped.
    public var stopped: Bool

    /// The answer; see `stopped`.
    public init(stopped: Bool) { self.stopped = stopped }
  }
}

extension WireV1 {
  /// `GET /api/plan/searches`: `{running, limit}` — how many planning
  /// searches run now, and how many may run at once (a search asked
  /// beyond that is answered 503).
  public struct PlanSearchesRunning: Encodable, Sendable, Hashable {
    /// Searches running now.
    public var running: Int
    /// Searches that may run at once.
    public var limit: Int

    /// The answer; see the properties.
    public init(running: Int, limit: Int) {
      self.running = running
      self.limit = limit
    }
  }
}

extension KeyedEncodingContainer {
  /// `value`, or null when it is nil (the synthesised encoding leaves the
  /// member out instead).
  mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
  }
}
