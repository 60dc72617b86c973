import Foundation

/// Pieces shared by the text exports (Markdown, iCalendar, GeoJSON, GPX):
/// how values look, never an order. Every format is fixed English and uses
/// explicit zones, so output never depends on the machine's zone or locale.
public enum ExportSupport {
  /// The credit for the schedules of `sports`, one sentence: "Schedule
  /// data: Retrosheet (www.retrosheet.org)." for MLB games (Retrosheet's
  /// notice asks for it), nflverse for NFL games, the leagues' published
  /// schedules for NBA and NHL games (docs/DATA.md); Retrosheet's when
  /// `sports` is empty.
  public static func scheduleCredit(_ sports: Set<Sport>) -> String {
    let sources: [(Sport, String)] = [
      (.mlb, "Retrosheet (www.retrosheet.org)"),
      (.nba, "the NBA's published schedule"),
      (.nhl, "the NHL's published schedule"),
      (.nfl, "nflverse (github.com/nflverse)"),
    ]
    let named = sources.filter { sports.contains($0.0) }.map(\.1)
    return "Schedule data: \(named.isEmpty ? sources[0].1 : named.joined(separator: "; "))."
  }

  /// Retrosheet's statement, which its notice asks every use of its data
  /// to carry (../shared/data/retrosheet/NOTICE.txt).
  public static let retrosheetNotice =
    "The information used here was obtained free of charge from and is copyrighted by Retrosheet. Interested parties may contact Retrosheet at www.retrosheet.org."

  /// The credit for the schedules of an itinerary's games
  /// (`scheduleCredit(_:)`).
  static func scheduleCredit(of itinerary: Itinerary) -> String {
    scheduleCredit(Set(itinerary.schedule.games.map(\.game.sport)))
  }

  /// A game's league as an emoji (⚾️ 🏀 🏒 🏈), for the Markdown export.
  static func icon(of sport: Sport) -> String {
    switch sport {
    case .mlb: "⚾️"
    case .nba: "🏀"
    case .nhl: "🏒"
    case .nfl: "🏈"
    }
  }

  /// "92 mi" or, metric, "148 km" (estimates; whole units), and a
  /// distance under one unit to a tenth ("0.4 mi" between neighbouring
  /// venues, not "0 mi"); with `grouping`, a comma every three digits
  /// ("5,963 mi", as the PDF prints).
  public static func distance(_ meters: Double, metric: Bool, grouping: Bool = false) -> String {
    let value = metric ? meters / 1000 : meters / TravelInfo.metersPerMile
    let unit = metric ? "km" : "mi"
    if value >= 0.05, value < 0.95 { return "\(FixedPoint.text(value, decimals: 1)) \(unit)" }
    // A value that rounds to zero from below (-0, -0.3) is "0", never "-0".
    let whole = FixedPoint.text(value, decimals: 0)
    if grouping, let n = Int(whole), n >= 1000 { return "\(Itinerary.grouped(n)) \(unit)" }
    return "\(whole == "-0" ? "0" : whole) \(unit)"
  }

  /// "1 h 32 min", "4 h", "45 min", and "< 1 min" for a positive
  /// duration under half a minute (a leg across the street is not "0 min",
  /// review 12). Any Double is shown without failing: NaN and zero as
  /// 0 min, beyond ±10^12 min clamped there (stored legs are at most 366
  /// days, `TravelInfo.maximumDurationSeconds`).
  public static func duration(_ seconds: Double) -> String {
    let minutes = wholeMinutes(seconds)
    if minutes == 0, seconds > 0 { return "< 1 min" }
    if minutes < 60 { return "\(minutes) min" }
    if minutes % 60 == 0 { return "\(minutes / 60) h" }
    var text = "\(minutes / 60) h "
    CalendarDate.append(minutes % 60, width: 2, to: &text)
    return text + " min"
  }

  /// `seconds` in whole minutes, rounded; NaN is 0 and magnitudes beyond
  /// 10^12 minutes are clamped, so converting never traps.
  public static func wholeMinutes(_ seconds: Double) -> Int {
    guard !seconds.isNaN else { return 0 }
    let limit = 1e12
    return Int(min(max((seconds / 60).rounded(), -limit), limit))
  }

  /// A game's local start at its venue without the estimate mark:
  /// "7:10 pm CDT", or "TBD CDT" when even day/night is unknown.
  public static func gameClock(_ game: Game) -> String {
    let zone = game.timeZone
    let abbreviation = LocalTime.abbreviation(zone, at: game.start)
    if game.timeUnknown { return "TBD \(abbreviation)" }
    return "\(LocalTime.clock(game.start, in: zone)) \(abbreviation)"
  }

  /// A game's local start with its estimate mark — the one formatter of a
  /// game's time, shared by the printed itinerary and the exports:
  /// `gameClock(game)`, then `estimated` when the schedule gave only day or
  /// night, or `unknown` when it gave not even that (its clock is "TBD").
  ///
  /// ```swift
  /// ExportSupport.gameTime(game, estimated: " est.", unknown: "")  // "7:10 pm CDT est."
  /// ExportSupport.gameTime(tbd, estimated: " *est.*", unknown: " *est.*")  // "TBD CDT *est.*"
  /// ```
  public static func gameTime(_ game: Game, estimated: String, unknown: String) -> String {
    let clock = gameClock(game)
    if game.timeUnknown { return clock + unknown }
    return game.timeEstimated ? clock + estimated : clock
  }

  /// The venue of a placed game: from the catalog, else the schedule's stop
  /// (which holds a placeholder for a venue the catalog lacks).
  static func venue(of game: PlacedGame, in itinerary: Itinerary, catalog: Catalog) -> Venue? {
    if let venue = catalog.venue(game.game.venueID) { return venue }
    let stops = itinerary.schedule.stops
    return stops.indices.contains(game.stopIndex) ? stops[game.stopIndex].venue : nil
  }

  /// "Wrigley Field, Chicago" (the park code when the venue is unknown),
  /// with the venue's name in force on the game's local date ("Daikin
  /// Park, Houston" in 2025).
  static func venueText(of game: PlacedGame, in itinerary: Itinerary, catalog: Catalog) -> String {
    guard let venue = venue(of: game, in: itinerary, catalog: catalog) else {
      return game.game.venueID.rawValue
    }
    return "\(venue.name(on: game.game.localDate)), \(venue.city)"
  }

  /// The instant of a timed custom item on `date`
  /// (`CustomInfo.instant(on:)`). Nil when it has no time or no known zone.
  static func instant(of info: CustomInfo, on date: CalendarDate) -> Date? {
    info.instant(on: date)
  }

  /// "17:30 CDT" for a timed custom item on `date` (`CustomInfo.clock(on:)`;
  /// "17:30" when its zone is unknown); nil when it has no time.
  static func clock(of info: CustomInfo, on date: CalendarDate) -> String? {
    info.clock(on: date)
  }

  /// The layout's rows by id, for looking up where a waypoint came from
  /// (a lookup only: order always comes from the layout or the route).
  static func rowsByID(_ itinerary: Itinerary) -> [RowID: LayoutRow] {
    Dictionary(itinerary.layout.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// ISO 8601 in UTC, e.g. `2024-06-05T00:10:00Z` (XML Schema `dateTime`),
  /// whole seconds (rounded down).
  public static func isoUTC(_ instant: Date) -> String {
    let (date, seconds) = CalendarDate.utcFields(instant)
    var out = date.iso
    out.append("T")
    LocalTime.appendClock(seconds, to: &out)
    out.append("Z")
    return out
  }

  /// Decimal degrees with 6 decimals (about 0.1 m), e.g. `-87.655300`;
  /// a value that rounds to zero is `0.000000`, never `-0.000000`.
  public static func degrees(_ value: Double) -> String {
    let text = FixedPoint.text(value, decimals: 6)
    return text == "-0.000000" ? "0.000000" : text
  }

  /// The UTC zone.
  static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? TimeZone.current
}

/// The kind of a route waypoint's row, as the GeoJSON and GPX exports name
/// it: `game` or `custom`.
extension LayoutRow {
  var exportKind: String {
    switch content {
    case .day: return "day"
    case .game: return "game"
    case .item(let item): return item.travelInfo != nil ? "travel" : "custom"
    }
  }

  /// The row's title: the matchup of a game, the title of an item, "Day N"
  /// for a header.
  var exportTitle: String {
    switch content {
    case .day(let day, _): return "Day \(day)"
    case .game(let g): return g.title
    case .item(let item): return item.title
    }
  }
}
