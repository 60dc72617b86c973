import Foundation

/// Every sport's built-in tables, and how a venue or team typed by a
/// traveller is found among them.
public struct Leagues: Sendable {
  /// The MLB catalog (teams with names and aliases, parks).
  public let mlb: Catalog
  /// Each sport's tables.
  public let bySport: [Sport: League]

  /// Creates the set from the MLB catalog and the other sports' leagues.
  public init(mlb: Catalog, others: [League]) {
    self.init(mlb: League(mlb: mlb), others: others)
  }

  /// Creates the set from the MLB league (`League(mlb:)` of its catalog, or
  /// the same built ahead) and the other sports' leagues.
  init(mlb league: League, others: [League]) {
    self.mlb = league.catalog
    var bySport = Dictionary(others.map { ($0.sport, $0) }, uniquingKeysWith: { a, _ in a })
    bySport[.mlb] = league
    self.bySport = bySport
    var venueByID: [Venue.ID: Venue] = [:]
    for sport in Sport.allCases {
      for (id, venue) in bySport[sport]?.venues ?? [:] where venueByID[id] == nil {
        venueByID[id] = venue
      }
    }
    self.venueByID = venueByID
  }

  /// Every table's venues by id, the first sport in `Sport.allCases` order
  /// winning (as `venue(_:)` looks them up): one look-up per venue instead
  /// of one per sport, each copying the sport's `League` (`history` looks
  /// up the venue of every visit).
  private let venueByID: [Venue.ID: Venue]

  /// The seasons the built-in NBA, NHL and NFL tables describe.
  static let tableSeasons: [Sport: Int] = [.nba: 2024, .nhl: 2024, .nfl: 2024]

  /// Loads the built-in tables: MLB (`Catalog.mlb()`), the NBA, NHL and NFL
  /// venue tables (copies of `../shared/data/{nba,nhl,nfl}/venues.csv`) with
  /// their team tables (`nba-teams.csv`, …), and every venue's names over
  /// time (`venue-names.csv`).
  /// They are compiled in as the structures themselves (`BuiltInCatalog`,
  /// written by `scripts/embed-tables` from the CSV files), built once per
  /// process and shared, so no command parses them.
  /// - Throws: nothing today (the tables are checked when they are
  ///   generated and by the catalog's tests); kept for callers that may one
  ///   day load tables from elsewhere.
  public static func builtIn() throws -> Leagues { compiledIn }

  /// The built-in leagues, built on first use (a `static let` is
  /// initialised once, thread-safely).
  /// MLB's franchises are compiled in too (`BuiltInCatalog.mlbFranchises()`,
  /// what `League(mlb:)` groups from the teams: checked so by a test), so
  /// start-up does not compare every team's aliases with every other's.
  private static let compiledIn = Leagues(
    mlb: compiledMLB, others: BuiltInCatalog.otherLeagues())

  /// The built-in MLB league (shared by `compiledIn` and `compiledMLBOnly`).
  private static let compiledMLB = League(
    sport: .mlb, catalog: Catalog.builtInMLB, franchises: BuiltInCatalog.mlbFranchises(),
    abbreviations: Catalog.builtInMLB.teams.mapValues(\.abbreviation))

  /// The built-in MLB tables alone.
  private static let compiledMLBOnly = Leagues(mlb: compiledMLB, others: [])

  /// The built-in tables a command about games of `sports` needs: MLB's
  /// alone when every one is MLB (or there are none), else `builtIn()`.
  ///
  /// Building the NBA, NHL and NFL tables costs a short command about a
  /// fifth of its work (callgrind, issue 11); a database of MLB games only
  /// does not need them to show its trips or list its games. A lookup that
  /// fails with the MLB tables alone may name another league's team or
  /// venue in its message: retry it with `builtIn()` for the full message.
  /// - Throws: as `builtIn()` (nothing today).
  public static func builtIn(covering sports: some Sequence<Sport>) throws -> Leagues {
    sports.allSatisfy { $0 == .mlb } ? compiledMLBOnly : try builtIn()
  }

  /// Reads the built-in tables from their compiled CSV text
  /// (`BuiltInTables`) with the parsers: what `builtIn()` returns, checked
  /// so by a test.
  /// - Throws: `FileFormatError` if a table cannot be read, or when the
  ///   name table names a venue no table has.
  static func readBuiltIn() throws -> Leagues {
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
    let leagues = Leagues(mlb: try Catalog.readMLB(), others: others)
    for id in names.keys.sorted() where leagues.venue(id) == nil {
      throw FileFormatError(
        file: namesFile, line: nil, field: "venue_id",
        message: "\(id) is not a venue of any built-in table")
    }
    return leagues
  }

  /// The league of `sport`, if its tables are loaded.
  public func league(_ sport: Sport) -> League? { bySport[sport] }

  /// Whether `game` is at a neutral site: its home team's home that year
  /// is another venue (`League.isNeutralSite`: the Seoul and London Series,
  /// the NHL Global Series, NFL international games). The app and the
  /// history write such a matchup "LAD vs SD", not "LAD @ SD".
  public func isNeutralSite(_ game: Game) -> Bool {
    league(game.sport)?.isNeutralSite(
      game.venueID, homeTeamID: game.homeTeamID, year: game.localDate.year) ?? false
  }

  /// The sports in `Sport.allCases` order whose tables are loaded.
  public var sports: [Sport] { Sport.allCases.filter { bySport[$0] != nil } }

  /// The venue with this id in any sport's table or among the neutral
  /// sites (`NeutralSites`; ids compare ignoring case: `td-garden`, `CHI11`).
  public func venue(_ id: Venue.ID) -> Venue? {
    if let venue = venueByID[id] { return venue }
    if let site = NeutralSites.sites.first(where: { $0.venue.id == id }) { return site.venue }
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
    // The pool's neutral sites (Wembley Stadium for the NFL) and the other
    // tables' venues where a pool sport plays as a guest (T-Mobile Arena
    // for the NBA), after the pool's own tables.
    let guests =
      NeutralSites.sites.filter { $0.sports.contains(where: pool.contains) }.map(\.venue)
      + sports.filter { !pool.contains($0) }.flatMap { s in
        (bySport[s]?.venues.values).map(Array.init) ?? []
      }.filter { NeutralSites.guestSports(at: $0.id).contains(where: pool.contains) }
    let candidates =
      pool.flatMap { s in
        (bySport[s]?.venues.values).map(Array.init) ?? []
      } + guests
    func match(_ venue: Venue, via teamSport: Sport? = nil) -> VenueMatch {
      // The venue's own tables' sports; a neutral site's or a guest
      // league's only when the tables have none in the pool.
      let own = sports(at: venue.id).filter { pool.contains($0) }
      let at = own.isEmpty ? sportsPlayed(at: venue.id).filter { pool.contains($0) } : own
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
    // A city with one venue, then a unique part of a name: among the other
    // sports' tables first, then the neutral sites and guest venues, so that
    // a city with a home venue keeps meaning it ("Columbus" is Nationwide
    // Arena, not Ohio Stadium).
    for tier in [otherVenues, unique(guests)] {
      for test in [
        { (v: Venue) in TextNormalization.key(v.city) == key },
        { (v: Venue) in v.allNames.contains { TextNormalization.key($0).contains(key) } },
      ] {
        let found = tier.filter(test)
        if found.count == 1 { return match(found[0]) }
        if found.count > 1 {
          throw CatalogError.ambiguousVenue(name, candidates: found.map(\.name))
        }
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
