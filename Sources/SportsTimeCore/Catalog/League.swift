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
  /// Index into `franchises` of each team id, upper-cased: the first
  /// franchise listing it (`franchise(ofTeam:)` without a scan).
  private let franchiseIndex: [String: Int]
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
    self.franchiseIndex = League.index(of: self.franchises)
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
    self.franchiseIndex = League.index(of: self.franchises)
    self.abbreviations = abbreviations
    self.catalog = catalog
  }

  /// Each upper-cased team id of `franchises` → the index of the first
  /// franchise listing it.
  private static func index(of franchises: [Franchise]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (i, franchise) in franchises.enumerated() {
      for id in franchise.teamIDs where index[id.uppercased()] == nil {
        index[id.uppercased()] = i
      }
    }
    return index
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
  /// - Complexity: O(1) (a dictionary of the upper-cased ids).
  public func franchise(ofTeam teamID: String) -> Franchise? {
    // Ids are nearly always upper-case ASCII already: no new string then.
    let upper = teamID.utf8.allSatisfy { $0 < 0x80 && !(0x61...0x7A).contains($0) }
    return franchiseIndex[upper ? teamID : teamID.uppercased()].map { franchises[$0] }
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
    let columns = [
      "venue_id", "name", "city", "region", "country", "latitude", "longitude", "time_zone",
      "teams",
    ]
    let records = try CSV.table(text, file: file, columns: columns)
    var venues: [Venue] = []
    var homes: [String: Venue.ID] = [:]
    for record in records {
      try record.checkFieldCount(columns.count, file: file)
      let f = record.fields
      guard !f[0].isEmpty, !f[1].isEmpty else {
        throw FileFormatError(
          file: file, line: record.line, field: f[0].isEmpty ? "venue_id" : "name",
          message: "is empty")
      }
      let venue = try Catalog.venue(fields: f, line: record.line, file: file)
      let id = venue.id
      let teams = f[8].split(separator: ";").map {
        $0.trimmingSpaces().uppercased()
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
    let columns = ["team", "full_name", "aliases"]
    let records = try CSV.table(text, file: file, columns: columns)
    var rows: [String: (name: String, aliases: [String])] = [:]
    for record in records {
      try record.checkFieldCount(columns.count, file: file)
      let f = record.fields
      func fail(_ field: String?, _ message: String) -> FileFormatError {
        FileFormatError(file: file, line: record.line, field: field, message: message)
      }
      let code = f[0].trimmingSpaces().uppercased()
      guard let franchise = franchise(ofTeam: code) else {
        throw fail(
          "team", "'\(f[0].prefix(80))' is not a home team of the \(sport.rawValue) venue table")
      }
      guard rows[franchise.id] == nil else { throw fail("team", "\(code) is listed twice") }
      let name = f[1].trimmingSpaces()
      guard !name.isEmpty else { throw fail("full_name", "is empty") }
      let aliases = f[2].split(separator: ";").map {
        $0.trimmingSpaces()
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
