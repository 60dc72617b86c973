import Foundation
import SportsTimeCore
import SportsTimePlanner

extension WireV1 {
  /// `GET /api/plan/sports?from=&to=`: `{from, to, sports: [{sport,
  /// available, games, reason, seasons: [{season, from, to, games}]}]}` —
  /// every sport, whether it can be planned with in the dates (without
  /// them: whether any is imported), why not in words, and its imported
  /// seasons (`PlanChoices.sports(games:dates:)`).
  public struct PlanSports: Encodable, Sendable, Hashable {
    /// One sport.
    public struct Entry: Encodable, Sendable, Hashable {
      /// `MLB`, `NBA`, `NHL` or `NFL`.
      public var sport: String
      /// Whether it can be chosen.
      public var available: Bool
      /// Plannable games in the dates (or imported, without dates).
      public var games: Int
      /// Why it cannot be chosen; null when it can.
      public var reason: String?
      /// Its imported seasons, oldest first.
      public var seasons: [Season]

      private enum CodingKeys: String, CodingKey { case sport, available, games, reason, seasons }

      /// Writes every member, `reason` as null when there is none.
      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sport, forKey: .sport)
        try c.encode(available, forKey: .available)
        try c.encode(games, forKey: .games)
        try c.encodeOrNull(reason, forKey: .reason)
        try c.encode(seasons, forKey: .seasons)
      }
    }

    /// One imported season: its regular-season games' first and last
    /// local dates (ISO) and count.
    public struct Season: Encodable, Sendable, Hashable {
      public var season: Int
      public var from: String
      public var to: String
      public var games: Int
    }

    /// The dates asked about (ISO), or null.
    public var from: String?
    public var to: String?
    public var sports: [Entry]

    private enum CodingKeys: String, CodingKey { case from, to, sports }

    /// Writes every member, the dates as null when not asked.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encodeOrNull(from, forKey: .from)
      try c.encodeOrNull(to, forKey: .to)
      try c.encode(sports, forKey: .sports)
    }

    /// The document of `choices` for `dates`.
    public init(_ choices: [SportChoice], dates: ClosedRange<CalendarDate>?) {
      from = dates?.lowerBound.iso
      to = dates?.upperBound.iso
      sports = choices.map { choice in
        Entry(
          sport: choice.sport.rawValue, available: choice.isAvailable, games: choice.games,
          reason: choice.unavailableReason,
          seasons: choice.seasons.map {
            Season(season: $0.season, from: $0.first.iso, to: $0.last.iso, games: $0.games)
          })
      }
    }
  }

  /// `GET /api/plan/teams?sport=&from=&to=`: `{teams: [{id, sport, code,
  /// name, games}]}` — the teams that play in those dates
  /// (`PlanChoices.teams(playingIn:leagues:)`); `id` is what `POST
  /// /api/plan`'s `follow` takes (`MLB:CHN`), `code` the printed code.
  public struct PlanTeams: Encodable, Sendable, Hashable {
    /// One team.
    public struct Entry: Encodable, Sendable, Hashable {
      public var id: String
      public var sport: String
      public var code: String
      public var name: String
      public var games: Int
    }

    public var teams: [Entry]

    /// The document of `teams`, in their order.
    public init(_ teams: [PlanTeam]) {
      self.teams = teams.map {
        Entry(
          id: $0.reference, sport: $0.sport.rawValue, code: $0.printedCode, name: $0.name,
          games: $0.games)
      }
    }
  }

  /// `GET /api/plan/cities`: `{cities: [{name, region, country,
  /// venueIDs}]}` — the cities a trip may start or end near
  /// (`PlanChoices.cities(of:)`).
  public struct PlanCities: Encodable, Sendable, Hashable {
    /// One city.
    public struct Entry: Encodable, Sendable, Hashable {
      public var name: String
      public var region: String
      public var country: String
      public var venueIDs: [String]
    }

    public var cities: [Entry]

    /// The document of `cities`, in their order.
    public init(_ cities: [PlanCity]) {
      self.cities = cities.map {
        Entry(
          name: $0.name, region: $0.region, country: $0.country,
          venueIDs: $0.venueIDs.map(\.rawValue))
      }
    }
  }

  /// `GET /api/plan/sorts`: `{sorts: [{id, title}]}` — every `PlanSort`,
  /// in the order of the app's sort menu; `id` is what `POST /api/plan`'s
  /// `sort` takes.
  public struct PlanSorts: Encodable, Sendable, Hashable {
    /// One sort.
    public struct Entry: Encodable, Sendable, Hashable {
      public var id: String
      public var title: String
    }

    public var sorts: [Entry]

    /// Every sort.
    public init() {
      sorts = PlanSort.allCases.map { Entry(id: $0.rawValue, title: $0.title) }
    }
  }
}
