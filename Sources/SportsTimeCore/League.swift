import Foundation

/// A team as progress counts it: one franchise, whatever codes it played
/// under (the 2024 `OAK` and the 2025 `ATH` are one franchise).
public struct Franchise: Sendable, Hashable, Identifiable {
  /// The code printed for it: its abbreviation in its latest season
  /// (`ATH`, `CHC`; for NBA, NHL and NFL the tables' code, e.g. `BOS`).
  public var id: String
  /// Its name in its latest season ("Athletics"); for sports without a
  /// team table, its code.
  public var name: String
  /// Every code schedules and visits use for it: Retrosheet codes for MLB
  /// (`ATH`, `OAK`), the venue tables' codes for the other sports.
  public var teamIDs: [String]
  /// Home venue per season (season year → venue), e.g.
  /// `[2024: "OAK01", 2025: "SAC01"]`.
  public var homes: [Int: Venue.ID]

  /// Creates a franchise; see the properties.
  public init(id: String, name: String, teamIDs: [String], homes: [Int: Venue.ID]) {
    self.id = id
    self.name = name
    self.teamIDs = teamIDs
    self.homes = homes
  }

  /// The franchise's home venue in `year`: that season's home when the
  /// tables know it, else the home of the latest known season before
  /// `year`, else (for a year before every known season) the earliest one.
  ///
  /// ```swift
  /// athletics.home(in: 2025)   // "SAC01" (a temporary home counts)
  /// athletics.home(in: 2023)   // "OAK01" (the earliest known season)
  /// athletics.home(in: 2026)   // "SAC01" (the latest known season)
  /// ```
  /// - Parameter year: a season year, e.g. 2025.
  public func home(in year: Int) -> Venue.ID? {
    if let venue = homes[year] { return venue }
    let seasons = homes.keys.sorted()
    if let before = seasons.last(where: { $0 < year }) { return homes[before] }
    return seasons.first.flatMap { homes[$0] }
  }
}

/// One sport's built-in tables: its venues and its franchises with their
/// home venues.
///
/// MLB comes from the MLB catalog (`Catalog.mlb()`): every park of the venue
/// table, neutral sites included, and the franchises of the team table. NBA,
/// NHL and NFL come from their compiled arena and stadium tables
/// (`../shared/data/{nba,nhl,nfl}/venues.csv`), whose `teams` column names
/// the home teams of one season (2024–25 for NBA and NHL, 2024 for NFL).
public struct League: Sendable {
  /// The sport.
  public let sport: Sport
  /// Every venue of the tables by id (MLB: neutral sites included).
  public let venues: [Venue.ID: Venue]
  /// The franchises, ordered by `id`.
  public let franchises: [Franchise]
  /// Printed code of each team id (MLB `CHN` → `CHC`); ids not listed are
  /// printed as they are.
  public let abbreviations: [String: String]

  /// Creates a league from already-built tables.
  public init(
    sport: Sport, venues: [Venue], franchises: [Franchise], abbreviations: [String: String] = [:]
  ) {
    self.sport = sport
    self.venues = Dictionary(venues.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.franchises = franchises.sorted { $0.id < $1.id }
    self.abbreviations = abbreviations
  }

  /// MLB from the MLB catalog: the catalog's venues, and one franchise per
  /// group of team codes that `Catalog.franchise(of:)` joins (30 for the
  /// built-in tables), named after its latest season.
  public init(mlb catalog: Catalog) {
    var seen: Set<String> = []
    var franchises: [Franchise] = []
    for team in catalog.teams.values.sorted(by: { $0.id < $1.id }) where !seen.contains(team.id) {
      let members = catalog.franchise(of: team)
      seen.formUnion(members.map(\.id))
      var homes: [Int: Venue.ID] = [:]
      for member in members {
        for (season, park) in member.homeParks { homes[season] = park }
      }
      let latest =
        members.max {
          ($0.homeParks.keys.max() ?? 0, $1.id) < ($1.homeParks.keys.max() ?? 0, $0.id)
        } ?? team
      franchises.append(
        Franchise(
          id: latest.abbreviation, name: latest.fullName,
          teamIDs: [latest.id] + members.map(\.id).filter { $0 != latest.id }, homes: homes))
    }
    self.init(
      sport: .mlb, venues: Array(catalog.venues.values), franchises: franchises,
      abbreviations: catalog.teams.mapValues(\.abbreviation))
  }

  /// The venues that are some franchise's home in a season of the tables —
  /// what progress lists as this sport's ballparks (MLB: every park in the
  /// team table's `home_park_2024`/`home_park_2025`, temporary homes such as
  /// SAC01 and TAM02 included; neutral sites are not).
  public var homeVenueIDs: Set<Venue.ID> {
    Set(franchises.flatMap { $0.homes.values })
  }

  /// The franchise that plays as `teamID` (any of its codes, any case).
  public func franchise(ofTeam teamID: String) -> Franchise? {
    let key = teamID.uppercased()
    return franchises.first { $0.teamIDs.contains { $0.uppercased() == key } }
  }

  /// The printed code of a team id (`CHN` → `CHC`).
  public func abbreviation(of teamID: String) -> String {
    abbreviations[teamID] ?? teamID
  }

  /// Whether a game at `venue` with `homeTeamID` as the home team, in
  /// `year`, is at a neutral site: true when the tables know the home
  /// team's home that season and it is another venue (the 2024 Seoul Series,
  /// the London Series). A temporary home (the 2025 Rays at TAM02) is not
  /// neutral.
  public func isNeutralSite(_ venue: Venue.ID, homeTeamID: String, year: Int) -> Bool {
    guard let home = franchise(ofTeam: homeTeamID)?.home(in: year) else { return false }
    return home != venue
  }

  /// Parses an arena or stadium table with the columns of
  /// `../shared/data/nba/venues.csv` (`venue_id, name, city, region,
  /// country, latitude, longitude, time_zone, teams`); `teams` lists the
  /// home teams' codes, `;`-separated (`NYG;NYJ`).
  /// - Parameters:
  ///   - sport: the sport the table belongs to.
  ///   - season: the season year the `teams` column is true for (2024 for
  ///     the 2024–25 NBA and NHL tables and the 2024 NFL table).
  ///   - file: the file name used in errors.
  /// - Throws: `FileFormatError` naming the line and field of the first bad
  ///   value (header, column count, coordinate, IANA zone, empty `teams`,
  ///   a team with two homes).
  public static func parseArenas(
    _ text: String, sport: Sport, season: Int, file: String
  ) throws -> League {
    let records = try CSV.parse(text, file: file)
    let columns = [
      "venue_id", "name", "city", "region", "country", "latitude", "longitude", "time_zone",
      "teams",
    ]
    guard let header = records.first, header.fields == columns else {
      throw FileFormatError(
        file: file, line: 1, field: nil,
        message: "expected the header \(columns.joined(separator: ","))")
    }
    var venues: [Venue] = []
    var homes: [String: Venue.ID] = [:]
    for record in records.dropFirst() {
      let f = record.fields
      guard f.count == columns.count else {
        throw FileFormatError(
          file: file, line: record.line, field: nil,
          message: "expected \(columns.count) fields, found \(f.count)")
      }
      guard !f[0].isEmpty, !f[1].isEmpty else {
        throw FileFormatError(
          file: file, line: record.line, field: f[0].isEmpty ? "venue_id" : "name",
          message: "is empty")
      }
      let venue = try Catalog.venue(fields: f, line: record.line, file: file)
      let id = venue.id
      let teams = f[8].split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces).uppercased()
      }.filter { !$0.isEmpty }
      guard !teams.isEmpty else {
        throw FileFormatError(
          file: file, line: record.line, field: "teams", message: "names no home team")
      }
      for team in teams {
        if let other = homes[team], other != id {
          throw FileFormatError(
            file: file, line: record.line, field: "teams",
            message: "\(team) already has its home at \(other)")
        }
        homes[team] = id
      }
      venues.append(venue)
    }
    let franchises = homes.map { team, venue in
      Franchise(id: team, name: team, teamIDs: [team], homes: [season: venue])
    }
    return League(sport: sport, venues: venues, franchises: franchises)
  }
}

/// Every sport's built-in tables, and how a venue or team typed by a
/// traveller is found among them.
public struct Leagues: Sendable {
  /// The MLB catalog (teams with names and aliases, parks).
  public let mlb: Catalog
  /// Each sport's tables.
  public let bySport: [Sport: League]

  /// Creates the set from the MLB catalog and the other sports' leagues.
  public init(mlb: Catalog, others: [League]) {
    self.mlb = mlb
    var bySport = Dictionary(others.map { ($0.sport, $0) }, uniquingKeysWith: { a, _ in a })
    bySport[.mlb] = League(mlb: mlb)
    self.bySport = bySport
  }

  /// The seasons the built-in NBA, NHL and NFL tables describe.
  static let tableSeasons: [Sport: Int] = [.nba: 2024, .nhl: 2024, .nfl: 2024]

  /// Loads the built-in tables: MLB (`Catalog.mlb()`) and the NBA, NHL and
  /// NFL venue tables (copies of `../shared/data/{nba,nhl,nfl}/venues.csv`).
  /// - Throws: `FileFormatError` if a built-in table cannot be read (a
  ///   packaging mistake, reported with file and line).
  public static func builtIn() throws -> Leagues {
    var others: [League] = []
    for sport in [Sport.nba, .nhl, .nfl] {
      let name = "\(sport.rawValue.lowercased())-venues"
      guard let url = Bundle.module.url(forResource: name, withExtension: "csv") else {
        throw FileFormatError(
          file: "SportsTimeCore resources", line: nil, field: nil,
          message: "the built-in \(sport.rawValue) venue table is missing from this build")
      }
      others.append(
        try League.parseArenas(
          String(contentsOf: url, encoding: .utf8), sport: sport,
          season: tableSeasons[sport] ?? 2024, file: "\(name).csv"))
    }
    return Leagues(mlb: try Catalog.mlb(), others: others)
  }

  /// The league of `sport`, if its tables are loaded.
  public func league(_ sport: Sport) -> League? { bySport[sport] }

  /// The sports in `Sport.allCases` order whose tables are loaded.
  public var sports: [Sport] { Sport.allCases.filter { bySport[$0] != nil } }

  /// The venue with this id in any sport's table (ids compare ignoring
  /// case: `td-garden`, `CHI11`).
  public func venue(_ id: Venue.ID) -> Venue? {
    for sport in sports {
      if let venue = bySport[sport]?.venues[id] { return venue }
    }
    let key = id.rawValue.uppercased()
    for sport in sports {
      if let venue = bySport[sport]?.venues.values.first(where: {
        $0.id.rawValue.uppercased() == key
      }) {
        return venue
      }
    }
    return nil
  }

  /// The sports whose tables list the venue (`td-garden`: NBA and NHL).
  public func sports(at venue: Venue.ID) -> [Sport] {
    sports.filter { bySport[$0]?.venues[venue] != nil }
  }

  /// A venue found by `venue(named:sport:season:)`, with the sports the
  /// name implies: the sport of the team that named it, else every sport
  /// played there (restricted to the sport asked for).
  public struct VenueMatch: Sendable, Hashable {
    /// The venue.
    public var venue: Venue
    /// The sports the match implies, in `Sport.allCases` order.
    public var sports: [Sport]
  }

  /// Finds a venue by what a traveller typed.
  ///
  /// In order: a venue id in any case (`CHI11`, `td-garden`); a venue name
  /// ignoring case; then, unless another sport is asked for, the MLB
  /// catalog's own lookup (`Catalog.venue(named:season:)`: a team's home
  /// that season, a city with one park, a unique part of a name); then
  /// among the other sports' tables, a team code's home (`NYR`), a city
  /// with one venue, a unique part of a name. So without `sport` a team or
  /// a city means the MLB one first (`BOS` is Fenway Park; `--sport NBA`
  /// makes it TD Garden).
  ///
  /// ```swift
  /// try leagues.venue(named: "wrigley", sport: nil, season: 2024).venue.id   // "CHI11"
  /// try leagues.venue(named: "NYR", sport: nil, season: nil).sports          // [.nhl]
  /// ```
  /// - Parameters:
  ///   - sport: only this sport's venues, when given.
  ///   - season: the season a team's home is looked up for (a visit's year).
  /// - Throws: `CatalogError.unknownVenue` (with the closest name) or
  ///   `.ambiguousVenue`; `CatalogError.unknownVenue` also when the venue
  ///   exists but is not one of `sport`'s.
  public func venue(named name: String, sport: Sport?, season: Int?) throws -> VenueMatch {
    let pool = sport.map { [$0] } ?? sports
    let candidates = pool.flatMap { s in
      (bySport[s]?.venues.values).map(Array.init) ?? []
    }
    func match(_ venue: Venue, via teamSport: Sport? = nil) -> VenueMatch {
      let at = sports(at: venue.id).filter { pool.contains($0) }
      return VenueMatch(venue: venue, sports: teamSport.map { [$0] } ?? at)
    }
    func unique(_ venues: [Venue]) -> [Venue] {
      var seen: Set<Venue.ID> = []
      return venues.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let key = TextNormalization.key(trimmed)
    if let venue = candidates.first(where: { $0.id.rawValue.uppercased() == trimmed.uppercased() })
    {
      return match(venue)
    }
    if let venue = unique(candidates.filter { TextNormalization.key($0.name) == key }).first {
      return match(venue)
    }
    if pool.contains(.mlb) {
      do {
        return match(try mlb.venue(named: trimmed, season: season), via: nil)
      } catch CatalogError.unknownVenue(_, _) where pool.count > 1 {
        // Not an MLB name: look among the other sports below.
      }
    }
    let others = pool.filter { $0 != .mlb }
    // A team code (`NYR`): its home that season.
    var byTeam: [(Venue, Sport)] = []
    for s in others {
      guard let league = bySport[s], let franchise = league.franchise(ofTeam: trimmed) else {
        continue
      }
      let home = season.flatMap { franchise.home(in: $0) } ?? franchise.homes.values.first
      if let home, let venue = league.venues[home] { byTeam.append((venue, s)) }
    }
    if unique(byTeam.map(\.0)).count == 1, let first = byTeam.first {
      return byTeam.count == 1 ? match(first.0, via: first.1) : match(first.0)
    }
    if byTeam.count > 1 {
      throw CatalogError.ambiguousVenue(
        name, candidates: byTeam.map { "\($0.0.name) (\($0.1.rawValue))" })
    }
    let otherVenues = unique(
      others.flatMap { s in (bySport[s]?.venues.values).map(Array.init) ?? [] })
    for test in [
      { (v: Venue) in TextNormalization.key(v.city) == key },
      { (v: Venue) in TextNormalization.key(v.name).contains(key) },
    ] {
      let found = otherVenues.filter(test)
      if found.count == 1 { return match(found[0]) }
      if found.count > 1 {
        throw CatalogError.ambiguousVenue(name, candidates: found.map(\.name))
      }
    }
    let names = unique(candidates).flatMap { [$0.name, $0.id.rawValue] }
    throw CatalogError.unknownVenue(name, suggestion: Suggest.closest(to: name, in: names))
  }

  /// The team id a visit stores for what a traveller typed: for MLB a
  /// Retrosheet code found by `Catalog.team(named:season:)` (`cubs`, `CHC`
  /// → `CHN`); for the other sports the venue tables' code, any case
  /// (`nyr` → `NYR`).
  /// - Throws: `CatalogError.unknownTeam` (with the closest code) or
  ///   `.ambiguousTeam`.
  public func teamID(named name: String, sport: Sport, season: Int?) throws -> String {
    if sport == .mlb { return try mlb.team(named: name, season: season).id }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard let league = bySport[sport] else {
      throw CatalogError.unknownTeam(name, suggestion: nil)
    }
    let key = trimmed.uppercased()
    if let franchise = league.franchise(ofTeam: key),
      let id = franchise.teamIDs.first(where: { $0.uppercased() == key })
    {
      return id
    }
    throw CatalogError.unknownTeam(
      name, suggestion: Suggest.closest(to: trimmed, in: league.franchises.flatMap(\.teamIDs)))
  }
}
