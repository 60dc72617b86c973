import Foundation

/// A team as progress counts it: one franchise, whatever codes it played
/// under (the 2024 `OAK` and the 2025 `ATH` are one franchise).
public struct Franchise: Sendable, Hashable, Identifiable {
  /// The code printed for it: its abbreviation in its latest season
  /// (`ATH`, `CHC`; for NBA, NHL and NFL the tables' code, e.g. `BOS`).
  public var id: String
  /// Its name in its latest season ("Athletics"); for NBA, NHL and NFL the
  /// team table's full name ("Boston Celtics"), or its code without one.
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
/// the home teams of one season (2024–25 for NBA and NHL, 2024 for NFL), and
/// their team tables (`nba-teams.csv`, …: full names and aliases, see
/// `withTeams(_:file:)`).
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
  /// The sport's venues and teams as a catalog, for finding a team by code,
  /// alias, name or nickname (`Catalog.team(named:season:)`: `celtics`,
  /// `Green Bay Packers`) and a venue by any of its names. For MLB the MLB
  /// catalog itself.
  public let catalog: Catalog

  /// Creates a league from already-built tables; `teams` (default: one per
  /// franchise, named by its id) are what `catalog` finds teams among.
  public init(
    sport: Sport, venues: [Venue], franchises: [Franchise], abbreviations: [String: String] = [:],
    teams: [Team]? = nil
  ) {
    self.sport = sport
    self.venues = Dictionary(venues.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.franchises = franchises.sorted { $0.id < $1.id }
    self.abbreviations = abbreviations
    let teams =
      teams
      ?? franchises.map {
        Team(
          id: $0.id, abbreviation: $0.id, fullName: $0.name, league: sport.rawValue,
          homeParks: $0.homes, aliases: [])
      }
    self.catalog = Catalog(venues: venues, teams: teams)
  }

  /// A league whose catalog is `catalog` (MLB).
  init(
    sport: Sport, catalog: Catalog, franchises: [Franchise], abbreviations: [String: String]
  ) {
    self.sport = sport
    self.venues = catalog.venues
    self.franchises = franchises.sorted { $0.id < $1.id }
    self.abbreviations = abbreviations
    self.catalog = catalog
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
      sport: .mlb, catalog: catalog, franchises: franchises,
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

  /// The league with its teams' full names and aliases from a team table
  /// with the columns of `nba-teams.csv` (`team, full_name, aliases`):
  /// `team` a code of the venue table's `teams` column, `aliases` other
  /// codes and nicknames, `;`-separated (`Sixers`, `BRK`). A team is then
  /// found by code, alias, full name or the last words of it (`celtics`,
  /// `red wings`), and its franchise is named by its full name.
  /// - Throws: `FileFormatError` naming the line and field of the first bad
  ///   row (header, column count, empty name, a code the venue table does
  ///   not have, a code listed twice) or, without a line, a home team of the
  ///   venue table the team table leaves out.
  public func withTeams(_ text: String, file: String) throws -> League {
    let records = try CSV.parse(text, file: file)
    let columns = ["team", "full_name", "aliases"]
    guard let header = records.first, header.fields == columns else {
      throw FileFormatError(
        file: file, line: 1, field: nil,
        message: "expected the header \(columns.joined(separator: ","))")
    }
    var rows: [String: (name: String, aliases: [String])] = [:]
    for record in records.dropFirst() {
      let f = record.fields
      func fail(_ field: String?, _ message: String) -> FileFormatError {
        FileFormatError(file: file, line: record.line, field: field, message: message)
      }
      guard f.count == columns.count else {
        throw fail(nil, "expected \(columns.count) fields, found \(f.count)")
      }
      let code = f[0].trimmingCharacters(in: .whitespaces).uppercased()
      guard let franchise = franchise(ofTeam: code) else {
        throw fail(
          "team", "'\(f[0].prefix(80))' is not a home team of the \(sport.rawValue) venue table")
      }
      guard rows[franchise.id] == nil else { throw fail("team", "\(code) is listed twice") }
      let name = f[1].trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { throw fail("full_name", "is empty") }
      let aliases = f[2].split(separator: ";").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      rows[franchise.id] = (name, aliases)
    }
    if let missing = franchises.first(where: { rows[$0.id] == nil }) {
      throw FileFormatError(
        file: file, line: nil, field: "team",
        message: "has no row for \(missing.id), a home team of the \(sport.rawValue) venue table")
    }
    var named: [Franchise] = []
    var teams: [Team] = []
    for franchise in franchises {
      let row = rows[franchise.id] ?? (franchise.name, [])
      var f = franchise
      f.name = row.name
      named.append(f)
      teams.append(
        Team(
          id: franchise.id, abbreviation: franchise.id, fullName: row.name,
          league: sport.rawValue, homeParks: franchise.homes, aliases: row.aliases))
    }
    return League(
      sport: sport, venues: Array(venues.values), franchises: named,
      abbreviations: abbreviations, teams: teams)
  }

  /// The league with its venues' names over time (`Catalog.parseVenueNames`).
  /// - Throws: `FileFormatError` (in `file`) when a venue's history does
  ///   not hold the name its own table gives it.
  func withVenueNames(_ names: [Venue.ID: [VenueName]], file: String) throws -> League {
    let renamed = try Catalog.applying(names, to: Array(venues.values), file: file)
    return League(
      sport: sport, venues: renamed, franchises: franchises, abbreviations: abbreviations,
      teams: Array(catalog.teams.values))
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

  /// Loads the built-in tables: MLB (`Catalog.mlb()`), the NBA, NHL and NFL
  /// venue tables (copies of `../shared/data/{nba,nhl,nfl}/venues.csv`) with
  /// their team tables (`nba-teams.csv`, …), and every venue's names over
  /// time (`venue-names.csv`).
  /// - Throws: `FileFormatError` if a built-in table cannot be read (a
  ///   packaging mistake, reported with file and line), or when the name
  ///   table names a venue no table has.
  public static func builtIn() throws -> Leagues {
    let namesFile = "venue-names.csv"
    let names = try Catalog.parseVenueNames(try Catalog.resource("venue-names"), file: namesFile)
    var others: [League] = []
    for sport in [Sport.nba, .nhl, .nfl] {
      let prefix = sport.rawValue.lowercased()
      let arenas = try League.parseArenas(
        try Catalog.resource("\(prefix)-venues"), sport: sport,
        season: tableSeasons[sport] ?? 2024, file: "\(prefix)-venues.csv")
      others.append(
        try arenas.withTeams(try Catalog.resource("\(prefix)-teams"), file: "\(prefix)-teams.csv")
          .withVenueNames(names, file: namesFile))
    }
    let leagues = Leagues(mlb: try Catalog.mlb(), others: others)
    for id in names.keys.sorted() where leagues.venue(id) == nil {
      throw FileFormatError(
        file: namesFile, line: nil, field: "venue_id",
        message: "\(id) is not a venue of any built-in table")
    }
    return leagues
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
  /// In order: a venue id in any case (`CHI11`, `td-garden`); any of a
  /// venue's names, old or new, ignoring case ("Daikin Park", "Minute Maid
  /// Park"); then, unless another sport is asked for, the MLB catalog's own
  /// lookup (`Catalog.venue(named:season:)`: a team's home that season, a
  /// city with one park, a unique part of a name); then among the other
  /// sports' tables, a team's home by code, alias, name or nickname (`NYR`,
  /// `celtics`, `packers`), a city with one venue, a unique part of a name.
  /// So without `sport` a team or a city means the MLB one first (`BOS` is
  /// Fenway Park; `--sport NBA` makes it TD Garden).
  ///
  /// ```swift
  /// try leagues.venue(named: "wrigley", sport: nil, season: 2024).venue.id   // "CHI11"
  /// try leagues.venue(named: "NYR", sport: nil, season: nil).sports          // [.nhl]
  /// try leagues.venue(named: "bruins", sport: nil, season: 2024).venue.id    // "td-garden"
  /// try leagues.venue(named: "td garden", sport: .mlb, season: nil)
  /// // throws CatalogError.venueOfOtherSport: "TD Garden is an NBA and NHL venue, …"
  /// ```
  /// - Parameters:
  ///   - sport: only this sport's venues, when given.
  ///   - season: the season a team's home is looked up for (a visit's year).
  /// - Throws: `CatalogError.unknownVenue` (with the closest name) or
  ///   `.ambiguousVenue`; `CatalogError.venueOfOtherSport` when the name
  ///   finds a venue (or a team) of other sports than `sport`.
  public func venue(named name: String, sport: Sport?, season: Int?) throws -> VenueMatch {
    do {
      return try venue(named: name, in: sport.map { [$0] } ?? sports, season: season)
    } catch CatalogError.unknownVenue(let typed, let suggestion) where sport != nil {
      // Not a venue of the sport asked for: say so when it is another's.
      guard let asked = sport,
        let other = try? venue(named: name, in: sports.filter { $0 != asked }, season: season)
      else { throw CatalogError.unknownVenue(typed, suggestion: suggestion) }
      let team = other.sports.lazy.compactMap { s -> String? in
        guard let league = self.bySport[s],
          let team = try? league.catalog.team(named: name, season: season),
          league.franchise(ofTeam: team.id)?.home(in: season ?? .max) == other.venue.id
        else { return nil }
        return team.fullName
      }.first
      // The venue by the name typed when it is one of its names, else its
      // newest.
      let typedName = other.venue.allNames.first {
        TextNormalization.key($0) == TextNormalization.key(name)
      }
      throw CatalogError.venueOfOtherSport(
        name, venue: typedName ?? other.venue.latestName, sports: other.sports, asked: asked,
        team: team)
    }
  }

  /// `venue(named:sport:season:)` among the venues of `pool`.
  func venue(named name: String, in pool: [Sport], season: Int?) throws -> VenueMatch {
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
    if let venue = unique(
      candidates.filter { $0.allNames.contains { TextNormalization.key($0) == key } }
    ).first {
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
    // A team by code, alias, name or nickname (`NYR`, `bruins`): its home
    // that season.
    var byTeam: [(Venue, Sport)] = []
    for s in others {
      guard let league = bySport[s],
        let team = try? league.catalog.team(named: trimmed, season: season),
        let franchise = league.franchise(ofTeam: team.id)
      else { continue }
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
      { (v: Venue) in v.allNames.contains { TextNormalization.key($0).contains(key) } },
    ] {
      let found = otherVenues.filter(test)
      if found.count == 1 { return match(found[0]) }
      if found.count > 1 {
        throw CatalogError.ambiguousVenue(name, candidates: found.map(\.name))
      }
    }
    let names = unique(candidates).flatMap { $0.allNames + [$0.id.rawValue] }
    throw CatalogError.unknownVenue(name, suggestion: Suggest.closest(to: name, in: names))
  }

  /// The team id a visit stores for what a traveller typed: for MLB a
  /// Retrosheet code found by `Catalog.team(named:season:)` (`cubs`, `CHC`
  /// → `CHN`); for the other sports the venue tables' code, found the same
  /// way by code, alias, full name or nickname (`nyr`, `rangers` → `NYR`).
  /// - Throws: `CatalogError.unknownTeam` (with the closest code) or
  ///   `.ambiguousTeam`; `.teamOfOtherSport` when the name is another
  ///   sport's team (`team(named:sport:season:)`).
  public func teamID(named name: String, sport: Sport, season: Int?) throws -> String {
    try team(named: name, sport: sport, season: season).id
  }

  /// The team of `sport` a traveller typed (`Catalog.team(named:season:)`
  /// in that sport's tables: the MLB catalog, or the venue tables' teams);
  /// a name no team of `sport` has but another sport's team has is
  /// refused saying which team and sport it is.
  ///
  /// ```swift
  /// try leagues.team(named: "cubs", sport: .mlb, season: 2024).id     // "CHN"
  /// try leagues.team(named: "celtics", sport: .mlb, season: 2024)
  /// // throws .teamOfOtherSport: "'celtics' is the Boston Celtics, an NBA
  /// // team, not an MLB team"
  /// ```
  /// - Throws: `CatalogError.unknownTeam` (with the closest code) or
  ///   `.ambiguousTeam` of `sport`; `.teamOfOtherSport` naming every other
  ///   sport's team the name finds (in `Sport.allCases` order).
  public func team(named name: String, sport: Sport, season: Int?) throws -> Team {
    guard let league = bySport[sport] else {
      throw CatalogError.unknownTeam(name, suggestion: nil)
    }
    do {
      return try league.catalog.team(named: name, season: season)
    } catch CatalogError.unknownTeam(let typed, let suggestion) {
      let others = sports.filter { $0 != sport }.compactMap { other in
        (try? bySport[other]?.catalog.team(named: name, season: season)).map { ($0, other) }
      }
      guard !others.isEmpty else {
        throw CatalogError.unknownTeam(typed, suggestion: suggestion)
      }
      throw CatalogError.teamOfOtherSport(
        typed, teams: others.map(\.0.fullName), sports: others.map(\.1), asked: sport)
    }
  }
}
