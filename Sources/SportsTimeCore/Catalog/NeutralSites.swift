import Foundation

/// The neutral sites of the NBA, NHL and NFL schedules: places where games
/// are played that are no team's home (the NBA's Mexico City and Paris
/// games, the NHL Global Series, the NFL's international games), compiled
/// for SportsTime into the built-in `neutral-venues.csv` with coordinates
/// and IANA zones (sources: each data folder's `SOURCE.md`; coordinates by
/// hand, within about 200 m), and the NHL games played at one
/// (`nhl-neutral-games.csv`: the NHL file has no venue column).
///
/// A place that is already a venue of a built-in table is not listed again
/// (T-Mobile Arena, State Farm Stadium, Caesars Superdome, Wrigley Field):
/// schedules use that venue's id.
public enum NeutralSites {
  /// One neutral-site venue and the sports whose schedules use it.
  public struct Site: Sendable, Hashable {
    /// The venue (id, name, place, coordinate, zone).
    public var venue: Venue
    /// The sports that play there.
    public var sports: [Sport]
  }

  /// An NHL game played away from the home team's arena, by its ET date
  /// and teams (NHL codes).
  public struct NHLGame: Sendable, Hashable {
    /// The game's date as the NHL file gives it (Eastern).
    public var date: CalendarDate
    /// The visiting team's code.
    public var visitor: String
    /// The designated home team's code.
    public var home: String
    /// Where it was played.
    public var venueID: Venue.ID
  }

  /// The built-in neutral sites (10), parsed once. Their zones are not
  /// looked up while parsing (loading ten zones' data costs a command more
  /// than the rest of the table): `LeagueScheduleTests` checks every one is
  /// known (`parseSites(_:file:checkingZones:)` with the check).
  public static let sites: [Site] =
    (try? parseSites(
      BuiltInTables.text["neutral-venues"] ?? "", file: "neutral-venues.csv",
      checkingZones: false)) ?? []

  /// The built-in NHL neutral-site games (6), parsed once.
  public static let nhlGames: [NHLGame] =
    (try? parseNHLGames(
      BuiltInTables.text["nhl-neutral-games"] ?? "", file: "nhl-neutral-games.csv")) ?? []

  /// Venues of one league's table where another league plays too, away
  /// from its teams' homes (sources: nba/SOURCE.md: the NBA Cup's two
  /// semifinals and its final at T-Mobile Arena, Las Vegas, in December
  /// 2024; the NHL's games at other tables' venues come from `nhlGames`).
  static let nbaGuestVenues: Set<Venue.ID> = ["t-mobile-arena"]

  /// The sports that play at `venue` although its table is another
  /// league's: NBA at T-Mobile Arena (the NBA Cup), NHL at Wrigley Field
  /// (the Winter Classic, `nhlGames`). Empty for every other venue.
  public static func guestSports(at venue: Venue.ID) -> [Sport] {
    var sports: [Sport] = []
    if nbaGuestVenues.contains(venue) { sports.append(.nba) }
    if nhlGames.contains(where: { $0.venueID == venue }) { sports.append(.nhl) }
    return sports
  }

  /// Parses a table with the columns of `neutral-venues.csv` (`venue_id,
  /// name, city, region, country, latitude, longitude, time_zone, sports,
  /// notes`; `sports` `;`-separated sport codes).
  /// - Throws: `FileFormatError` naming the line and field of the first bad
  ///   value.
  /// - Parameter checkingZones: refuse a zone this system does not know
  ///   (`Catalog.venue(fields:line:file:)`); false takes it as written.
  public static func parseSites(_ text: String, file: String, checkingZones: Bool = true) throws
    -> [Site]
  {
    let columns = [
      "venue_id", "name", "city", "region", "country", "latitude", "longitude", "time_zone",
      "sports", "notes",
    ]
    return try CSV.table(text, file: file, columns: columns).map { record in
      try record.checkFieldCount(columns.count, file: file)
      let f = record.fields
      let venue: Venue
      if checkingZones {
        venue = try Catalog.venue(fields: f, line: record.line, file: file)
      } else {
        guard let lat = Double(f[5]), let lon = Double(f[6]),
          let coordinate = Coordinate(latitude: lat, longitude: lon)
        else {
          throw FileFormatError(
            file: file, line: record.line, field: "latitude/longitude",
            message: "'\(f[5]), \(f[6])' is not a coordinate in degrees")
        }
        venue = Venue(
          id: Venue.ID(f[0]), name: f[1], city: f[2], region: f[3], country: f[4],
          coordinate: coordinate, timeZoneID: f[7])
      }
      var sports: [Sport] = []
      for code in record.fields[8].split(separator: ";") {
        guard let sport = Sport(rawValue: code.trimmingSpaces().uppercased()) else {
          throw FileFormatError(
            file: file, line: record.line, field: "sports",
            message: "'\(code.prefix(80))' is not MLB, NBA, NHL or NFL")
        }
        sports.append(sport)
      }
      return Site(venue: venue, sports: sports)
    }
  }

  /// Parses a table with the columns of `nhl-neutral-games.csv` (`date,
  /// visitor, home, venue_id, event`).
  /// - Throws: `FileFormatError` naming the line and field of a bad date.
  public static func parseNHLGames(_ text: String, file: String) throws -> [NHLGame] {
    let columns = ["date", "visitor", "home", "venue_id", "event"]
    return try CSV.table(text, file: file, columns: columns).map { record in
      try record.checkFieldCount(columns.count, file: file)
      let f = record.fields
      guard let date = CalendarDate(iso: f[0]) else {
        throw FileFormatError(
          file: file, line: record.line, field: "date",
          message: "'\(f[0].prefix(80))' is not a date as YYYY-MM-DD")
      }
      return NHLGame(date: date, visitor: f[1], home: f[2], venueID: Venue.ID(f[3]))
    }
  }
}

extension Leagues {
  /// Every venue a stored game of any sport may be at, by id: each sport's
  /// tables (MLB first) and the neutral sites (`NeutralSites.sites`).
  public var allVenues: [Venue] {
    everyVenue.values.sorted { $0.id < $1.id }
  }

  /// `allVenues` by id, unsorted: the first table (in `sports` order, the
  /// neutral sites last) that has an id gives its venue.
  var everyVenue: [Venue.ID: Venue] {
    var venues: [Venue.ID: Venue] = [:]
    for sport in sports {
      for (id, venue) in bySport[sport]?.venues ?? [:] where venues[id] == nil {
        venues[id] = venue
      }
    }
    for site in NeutralSites.sites where venues[site.venue.id] == nil {
      venues[site.venue.id] = site.venue
    }
    return venues
  }

  /// The MLB catalog with every other venue found by id
  /// (`Catalog.addingVenues(_:)`, `allVenues`): what printing, trips and
  /// exports look a game's venue up in, whatever its sport. Teams and
  /// venues typed by name are still MLB's.
  public var gamesCatalog: Catalog { mlb.addingVenues(Array(everyVenue.values)) }

  /// The venue with `id` in any table or among the neutral sites.
  public func anyVenue(_ id: Venue.ID) -> Venue? {
    venue(id) ?? NeutralSites.sites.first { $0.venue.id == id }?.venue
  }
}

extension Catalog {
  /// `Leagues.builtIn().gamesCatalog`, built once per process: the MLB
  /// catalog with every built-in venue of every sport (neutral sites
  /// included) found by id.
  /// - Throws: as `Leagues.builtIn()` (nothing today).
  public static func builtInGames() throws -> Catalog { builtInGamesCatalog }

  private static let builtInGamesCatalog: Catalog =
    (try? Leagues.builtIn().gamesCatalog) ?? builtInMLB

  /// The catalog for games of `sports`: the MLB catalog alone when every
  /// one is MLB's (its parks include MLB's own neutral sites: Seoul,
  /// London, Mexico City), else `builtInGames()`. See
  /// `Leagues.builtIn(covering:)` for why.
  /// - Throws: as `builtInGames()` (nothing today).
  public static func builtInGames(covering sports: some Sequence<Sport>) throws -> Catalog {
    sports.allSatisfy { $0 == .mlb } ? builtInMLB : try builtInGames()
  }
}
