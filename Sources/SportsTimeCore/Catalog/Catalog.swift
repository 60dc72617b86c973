import Foundation
import Spelling

/// The venues and teams that schedules refer to.
///
/// The MLB tables are built into the package as resources (copies of
/// `../shared/data/mlb/venues.csv` and `teams.csv`, compiled for this
/// project, and `venue-names.csv`, the venues' names over time);
/// `Catalog.mlb()` loads them.
public struct Catalog: Sendable {
  /// Venues by park code.
  public let venues: [Venue.ID: Venue]
  /// Teams by Retrosheet code.
  public let teams: [String: Team]

  /// The venues `venue(named:season:)` searches: `venues`, or for a
  /// catalog made by `addingVenues(_:)` the venues it had before.
  private let namedVenues: [Venue.ID: Venue]

  /// Creates a catalog from already-built tables.
  public init(venues: [Venue], teams: [Team]) {
    self.venues = Dictionary(venues.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.teams = Dictionary(teams.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    self.namedVenues = self.venues
  }

  private init(venues: [Venue.ID: Venue], teams: [String: Team], namedVenues: [Venue.ID: Venue]) {
    self.venues = venues
    self.teams = teams
    self.namedVenues = namedVenues
  }

  /// This catalog with `extra` venues found by id (`venue(_:)`, `venues`)
  /// — the other sports' arenas and stadiums and the neutral sites, so
  /// that a stored game of any sport finds its venue — while a venue typed
  /// by name (`venue(named:season:)`) is still looked for among this
  /// catalog's own venues only. A venue whose id is already here is kept
  /// as it is.
  public func addingVenues(_ extra: [Venue]) -> Catalog {
    var all = venues
    for venue in extra where all[venue.id] == nil { all[venue.id] = venue }
    return Catalog(venues: all, teams: teams, namedVenues: namedVenues)
  }

  /// The MLB venue and team tables built into the package, with the
  /// venues' names over time: compiled in as the structures themselves
  /// (`BuiltInCatalog`, written by `scripts/embed-tables` from the CSV
  /// files), built once per process and shared, so no command parses them.
  /// - Throws: nothing today (the tables are checked when they are
  ///   generated and by the catalog's tests); kept for callers that may
  ///   one day load tables from elsewhere.
  public static func mlb() throws -> Catalog { builtInMLB }

  /// The built-in MLB catalog, built on first use (a `static let` is
  /// initialised once, thread-safely).
  static let builtInMLB = Catalog(
    venues: BuiltInCatalog.mlbVenues(), teams: BuiltInCatalog.mlbTeams())

  /// Reads the MLB tables from their compiled CSV text (`BuiltInTables`)
  /// with the parsers: what `mlb()` returns, checked so by a test.
  /// - Throws: `FileFormatError` for a table that cannot be read.
  static func readMLB() throws -> Catalog {
    let venues = try parseVenues(try resource("venues"), file: "venues.csv")
    let teams = try parseTeams(try resource("teams"), file: "teams.csv")
    let names = try parseVenueNames(try resource("venue-names"), file: "venue-names.csv")
    return Catalog(
      venues: try applying(names, to: venues, file: "venue-names.csv"), teams: teams)
  }

  /// The text of a built-in CSV table (`name`.csv), compiled into the
  /// library (`BuiltInTables`): no file or bundle is read.
  /// - Throws: `FileFormatError` when the build lacks it.
  static func resource(_ name: String) throws -> String {
    guard let text = BuiltInTables.text[name] else {
      throw FileFormatError(
        file: "SportsTimeCore resources", line: nil, field: nil,
        message: "the built-in table \(name).csv is missing from this build")
    }
    return text
  }

  /// Parses a venue-name table with the columns of `venue-names.csv`
  /// (`venue_id, name, from, note`): each row one name of a venue and the
  /// local date it took effect (`YYYY-MM-DD`), a venue's rows oldest first;
  /// only a venue's first row may leave `from` empty (its earliest known
  /// name).
  ///
  /// ```swift
  /// // HOU03,Minute Maid Park,,…
  /// // HOU03,Daikin Park,2025-01-01,…
  /// try Catalog.parseVenueNames(text, file: "venue-names.csv")["HOU03"]
  /// // [Minute Maid Park (earliest), Daikin Park from 2025-01-01]
  /// ```
  /// - Returns: each venue's names, oldest first.
  /// - Throws: `FileFormatError` naming the line and field of the first bad
  ///   value (header, column count, empty id or name, a date that is not
  ///   `YYYY-MM-DD`, an empty `from` after a venue's first row, dates not
  ///   increasing, a name listed twice in a row).
  public static func parseVenueNames(_ text: String, file: String) throws -> [Venue.ID: [VenueName]]
  {
    let columns = ["venue_id", "name", "from", "note"]
    let records = try CSV.table(text, file: file, columns: columns)
    var names: [Venue.ID: [VenueName]] = [:]
    for record in records {
      try record.checkFieldCount(columns.count, file: file)
      let f = record.fields
      func fail(_ field: String?, _ message: String) -> FileFormatError {
        FileFormatError(file: file, line: record.line, field: field, message: message)
      }
      guard !f[0].isEmpty else { throw fail("venue_id", "is empty") }
      guard !f[1].isEmpty else { throw fail("name", "is empty") }
      let id = Venue.ID(f[0])
      var from: CalendarDate?
      if !f[2].isEmpty {
        guard let date = CalendarDate(iso: f[2]) else {
          throw fail("from", "'\(f[2].prefix(80))' is not a date as YYYY-MM-DD")
        }
        from = date
      }
      let earlier = names[id] ?? []
      if let last = earlier.last {
        guard let from else {
          throw fail("from", "only \(id)'s first name may leave the date empty")
        }
        if let previous = last.from, previous >= from {
          throw fail(
            "from", "\(from.iso) is not after \(previous.iso), when \(last.name) took effect")
        }
        if last.name == f[1] {
          throw fail("name", "\(f[1]) is already \(id)'s name just before")
        }
      }
      names[id] = earlier + [VenueName(name: f[1], from: from)]
    }
    return names
  }

  /// `venues` with their names over time from `names` (venues without an
  /// entry keep their one name).
  /// - Throws: `FileFormatError` (in `file`) when a venue's history does
  ///   not hold the name its own table gives it.
  static func applying(
    _ names: [Venue.ID: [VenueName]], to venues: [Venue], file: String
  ) throws -> [Venue] {
    try venues.map { venue in
      guard let history = names[venue.id] else { return venue }
      guard history.contains(where: { $0.name == venue.name }) else {
        throw FileFormatError(
          file: file, line: nil, field: "name",
          message: "the names of \(venue.id) do not include \(venue.name), its name in its table")
      }
      var named = venue
      named.names = history
      return named
    }
  }

  /// Parses a venue table with the columns of `venues.csv` (`park_id, name,
  /// city, region, country, latitude, longitude, time_zone, notes`).
  /// - Throws: `FileFormatError` naming the line and field of the first bad
  ///   value (column count, coordinate out of range, unknown IANA zone).
  public static func parseVenues(_ text: String, file: String) throws -> [Venue] {
    let columns = [
      "park_id", "name", "city", "region", "country", "latitude", "longitude",
      "time_zone", "notes",
    ]
    let records = try CSV.table(text, file: file, columns: columns)
    return try records.map { record in
      try record.checkFieldCount(columns.count, file: file)
      let f = record.fields
      return try venue(fields: f, line: record.line, file: file)
    }
  }

  /// The venue in the first eight fields of a venue-table row (`id, name,
  /// city, region, country, latitude, longitude, time_zone`), shared by the
  /// MLB table and the other sports' tables.
  /// - Throws: `FileFormatError` naming the line and field of a coordinate
  ///   out of range or an unknown IANA zone.
  static func venue(fields f: [String], line: Int, file: String) throws -> Venue {
    guard let lat = Double(f[5]), let lon = Double(f[6]),
      let coordinate = Coordinate(latitude: lat, longitude: lon)
    else {
      throw FileFormatError(
        file: file, line: line, field: "latitude/longitude",
        message: "'\(f[5]), \(f[6])' is not a coordinate in degrees")
    }
    guard TimeZone(identifier: f[7]) != nil else {
      throw FileFormatError(
        file: file, line: line, field: "time_zone",
        message: "'\(f[7])' is not an IANA time zone known to this system")
    }
    return Venue(
      id: Venue.ID(f[0]), name: f[1], city: f[2], region: f[3], country: f[4],
      coordinate: coordinate, timeZoneID: f[7])
  }

  /// Parses a team table with the columns of `teams.csv` (`retro_code,
  /// common_abbr, full_name, league, home_park_2024, home_park_2025,
  /// aliases`).
  /// - Throws: `FileFormatError` naming the line of a bad row.
  public static func parseTeams(_ text: String, file: String) throws -> [Team] {
    let records = try CSV.parse(text, file: file)
    guard let header = records.first, header.fields.count == 7,
      header.fields[0] == "retro_code"
    else {
      throw FileFormatError(
        file: file, line: 1, field: nil,
        message:
          "expected the header retro_code,common_abbr,full_name,league,home_park_2024,home_park_2025,aliases"
      )
    }
    var seasons: [Int] = []
    for name in header.fields[4...5] {
      guard let season = Int(name.replacingOccurrences(of: "home_park_", with: ""))
      else {
        throw FileFormatError(
          file: file, line: 1, field: name, message: "expected home_park_<year>")
      }
      seasons.append(season)
    }
    return try records.dropFirst().map { record in
      try record.checkFieldCount(7, file: file)
      let f = record.fields
      var parks: [Int: Venue.ID] = [:]
      for (offset, season) in seasons.enumerated() where !f[4 + offset].isEmpty {
        parks[season] = Venue.ID(f[4 + offset])
      }
      let aliases = f[6].split(separator: ";").map {
        $0.trimmingSpaces()
      }.filter { !$0.isEmpty }
      return Team(
        id: f[0], abbreviation: f[1], fullName: f[2], league: f[3],
        homeParks: parks, aliases: aliases)
    }
  }

  /// The venue with park code `id`, if any.
  public func venue(_ id: Venue.ID) -> Venue? { venues[id] }

  /// Finds a team by Retrosheet code (`CHN`), common abbreviation (`CHC`),
  /// alias (`CHW`), or full name or nickname (`Chicago Cubs`, `cubs`,
  /// `red sox`), ignoring case.
  ///
  /// Codes win over abbreviations, which win over aliases (`OAK` is the 2024
  /// Athletics' code and an alias of the 2025 `ATH`: it names `OAK`). An alias
  /// shared by several teams (`A's`) is resolved by `season` when given.
  /// - Throws: `CatalogError.unknownTeam` (with the closest known names) or
  ///   `CatalogError.ambiguousTeam`.
  public func team(named name: String, season: Int? = nil) throws -> Team {
    let key = name.trimmingCharacters(in: .whitespaces).uppercased()
    let sorted = teams.values.sorted { $0.id < $1.id }
    if let t = sorted.first(where: { $0.id.uppercased() == key }) {
      // `ATH@2024-06-01`: the 2025 code names the same franchise, which
      // played 2024 as `OAK`; prefer the code in use that season.
      if let season, t.homeParks[season] == nil,
        let other = franchise(of: t).first(where: { $0.homeParks[season] != nil })
      {
        return other
      }
      return t
    }
    if let t = sorted.first(where: { $0.abbreviation.uppercased() == key }) {
      return t
    }
    var matches = sorted.filter { $0.aliases.contains { $0.uppercased() == key } }
    if matches.count > 1, let season {
      let inSeason = matches.filter { $0.homeParks[season] != nil }
      if !inSeason.isEmpty { matches = inSeason }
    }
    if matches.isEmpty, key.count >= 3 {
      // "Cubs", "red sox", "Chicago Cubs": a full name or its last words.
      let lower = key.lowercased()
      matches = sorted.filter {
        let full = $0.fullName.lowercased()
        return full == lower || full.hasSuffix(" " + lower)
      }
      if matches.count > 1, let season {
        let inSeason = matches.filter { $0.homeParks[season] != nil }
        if !inSeason.isEmpty { matches = inSeason }
      }
    }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw CatalogError.ambiguousTeam(
        name, candidates: matches.map { "\($0.abbreviation) (\($0.fullName))" })
    }
    let names = sorted.flatMap { [$0.id, $0.abbreviation] + $0.aliases }
    throw CatalogError.unknownTeam(
      name, suggestion: Suggest.closest(to: name, in: names))
  }

  /// The teams that are one franchise with `team` under different codes
  /// (each lists the other's code as an alias, e.g. `OAK` 2024 and `ATH`
  /// 2025), `team` first.
  public func franchise(of team: Team) -> [Team] {
    let others = teams.values.filter { other in
      other.id != team.id
        && other.aliases.contains { $0.uppercased() == team.id.uppercased() }
        && team.aliases.contains { $0.uppercased() == other.id.uppercased() }
    }.sorted { $0.id < $1.id }
    return [team] + others
  }

  /// Finds a venue by park code (`CHI11`), by any of its names, old or new,
  /// ignoring case ("daikin park", "minute maid park"), by a team whose
  /// home it is in `season` (or, without a season, its most recent home),
  /// by city when one venue is there ("Milwaukee"), or by a unique part of
  /// a name ("wrigley", "minute maid").
  /// - Throws: `CatalogError.unknownVenue` or `.ambiguousVenue`.
  public func venue(named name: String, season: Int? = nil) throws -> Venue {
    let key = TextNormalization.key(name)
    if let v = namedVenues[Venue.ID(name.trimmingCharacters(in: .whitespaces).uppercased())] {
      return v
    }
    let all = namedVenues.values.sorted { $0.id < $1.id }
    if let v = all.first(where: { $0.allNames.contains { TextNormalization.key($0) == key } }) {
      return v
    }
    if let team = try? team(named: name, season: season) {
      let park =
        season.flatMap { team.homeParks[$0] }
        ?? team.homeParks.sorted { $0.key > $1.key }.first?.value
      if let park, let v = namedVenues[park] { return v }
    }
    let inCity = all.filter { TextNormalization.key($0.city) == key }
    if inCity.count == 1 { return inCity[0] }
    if inCity.count > 1 {
      throw CatalogError.ambiguousVenue(name, candidates: inCity.map(\.name))
    }
    let partial = all.filter { $0.allNames.contains { TextNormalization.key($0).contains(key) } }
    if partial.count == 1 { return partial[0] }
    if partial.count > 1 {
      throw CatalogError.ambiguousVenue(name, candidates: partial.map(\.name))
    }
    throw CatalogError.unknownVenue(
      name,
      suggestion: Suggest.closest(
        to: name, in: all.flatMap(\.allNames) + all.map(\.id.rawValue)))
  }
}
