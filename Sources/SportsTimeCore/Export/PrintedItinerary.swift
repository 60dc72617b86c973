import Foundation

/// A trip as a printed document, before any drawing: the cover's texts and
/// figures, then every row of the itinerary as text, in the layout's order
/// (DESIGN.md, "one ordering function": `itinerary.layout.rows`, then
/// `itinerary.layout.unscheduled`; nothing here sorts). The PDF export
/// (SportsTimeRender) lays this out on pages and draws it; keeping the
/// words here keeps them testable without a renderer, and the same as the
/// other exports (`ExportSupport`'s formatters: game times with zone and
/// `est.`, distances, durations).
///
/// Every text is plain: what a user typed is cleaned
/// (`TextNormalization.clean`) and its line breaks and other control
/// characters become spaces, so a title is one paragraph and nothing in it
/// is markup. Emoji are kept as stored (the renderer chooses how to draw
/// them). Everything is fixed English with explicit zones: the same trip
/// gives the same document on any machine, in any zone or locale.
public struct PrintedItinerary: Sendable, Hashable {
  /// A figure on the cover: "Days" and "7".
  public struct Figure: Sendable, Hashable {
    /// What it counts.
    public var label: String
    /// The value, formatted ("1,234 mi").
    public var value: String
  }

  /// One row of the itinerary as text.
  public struct Row: Sendable, Hashable {
    /// What the row is.
    public enum Kind: String, Sendable, Hashable {
      /// A game (fixed).
      case game
      /// A travel leg.
      case travel
      /// The traveller's own item.
      case custom
    }
    /// The layout row's id (`game:…`, `item:…`).
    public var id: RowID
    /// What the row is.
    public var kind: Kind
    /// Its icon as stored: ⚾️ 🏀 🏒 🏈 for a game's league, 🚗 or ✈️ for a
    /// leg, the category's (🍽️ 🏨 🎯 📝) for an item.
    public var icon: String
    /// The local time with its zone ("7:10 pm CDT", "7:05 pm EDT est.",
    /// "TBD CDT", "17:30 CDT"), or nil (legs and untimed items).
    public var time: String?
    /// The matchup, the leg's "from → to", or the item's title
    /// ("(untitled)" for an empty one).
    public var title: String
    /// What follows the title, in order: a game's venue and city, then
    /// "cancelled" or "moved from …"; a leg's mode ("drive", "flight"),
    /// distance and duration; an item's category and address; and for an
    /// Unscheduled row the day it is stored on.
    public var details: [String]
  }

  /// A piece of the flow after the cover, in order.
  public enum Block: Sendable, Hashable {
    /// A day's header: "Day 3 · Wed, Jun 5, 2024".
    case day(String)
    /// A row of the day (or of the Unscheduled section) above it.
    case row(Row)
    /// A day with nothing on it: "Nothing planned."
    case empty(String)
    /// The Unscheduled section's header and its note.
    case section(title: String, note: String)
  }

  /// The trip's name, cleaned ("(untitled)" when empty).
  public var title: String
  /// "Tue, Jun 4, 2024 – Mon, Jun 10, 2024".
  public var dates: String
  /// Days, games, cities and the travel distance, for the cover.
  public var figures: [Figure]
  /// The flow: day headers and rows, then the Unscheduled section.
  public var blocks: [Block]
  /// The notes: the estimate marks explained, distances are estimates, and
  /// for MLB games Retrosheet's statement (`ExportSupport.retrosheetNotice`).
  public var notes: [String]
  /// The schedules' credit (Retrosheet's notice asks for it):
  /// `ExportSupport.scheduleCredit`.
  public var credit: String
  /// The instant the document is dated with: the trip's `modifiedAt`
  /// (never the clock, so the same trip prints the same bytes).
  public var date: Date

  /// The printed form of `itinerary`.
  /// - Parameters:
  ///   - itinerary: the trip; rows come from its layout, in order.
  ///   - catalog: venue names and cities.
  ///   - metric: distances in kilometres (default miles).
  ///   - unscheduledHint: how the reader moves Unscheduled rows back, in
  ///     the front end's words; the section's note is "Outside the trip's
  ///     days; <hint>." (or without a hint "Outside the trip's days.").
  /// - Complexity: O(n) for n rows.
  public init(
    _ itinerary: Itinerary, catalog: Catalog, metric: Bool = false,
    unscheduledHint: String? = nil
  ) {
    let trip = itinerary.trip
    title = PrintedItinerary.plain(trip.name, empty: "(untitled)")
    dates = "\(trip.startDate.longDescription) – \(trip.endDate.longDescription)"
    date = trip.modifiedAt
    let rows = itinerary.layout.rows
    let games = rows.filter { $0.game != nil }.count
    let cities = Set(itinerary.schedule.stops.map { $0.venue.city }).count
    let meters = rows.reduce(0.0) { $0 + ($1.item?.travelInfo?.distanceMeters ?? 0) }
    let distance =
      metric ? (meters / 1000).rounded() : (meters / TravelInfo.metersPerMile).rounded()
    figures = [
      Figure(label: trip.dayCount == 1 ? "Day" : "Days", value: String(trip.dayCount)),
      Figure(label: games == 1 ? "Game" : "Games", value: String(games)),
      Figure(label: cities == 1 ? "City" : "Cities", value: String(cities)),
      Figure(
        label: "Travel",
        value: "\(Itinerary.grouped(Int(distance.isFinite ? distance : 0))) \(metric ? "km" : "mi")"
      ),
    ]
    let tight = itinerary.tightLegItemIDs()
    var blocks: [Block] = []
    var dayIsEmpty = false
    for row in rows {
      if case .day(let day, let date) = row.content {
        if dayIsEmpty { blocks.append(.empty("Nothing planned.")) }
        blocks.append(.day("Day \(day) · \(date.longDescription)"))
        dayIsEmpty = true
      } else if let printed = PrintedItinerary.row(
        row, itinerary: itinerary, catalog: catalog, metric: metric, tight: tight)
      {
        blocks.append(.row(printed))
        dayIsEmpty = false
      }
    }
    if dayIsEmpty { blocks.append(.empty("Nothing planned.")) }
    if !itinerary.layout.unscheduled.isEmpty {
      blocks.append(
        .section(
          title: "Unscheduled",
          note: "Outside the trip's days" + (unscheduledHint.map { "; \($0)." } ?? ".")))
      for row in itinerary.layout.unscheduled {
        guard
          var printed = PrintedItinerary.row(
            row, itinerary: itinerary, catalog: catalog, metric: metric, tight: tight)
        else { continue }
        printed.details.append(
          "stored on Day \(row.day) (\(itinerary.schedule.date(ofDay: row.day).longDescription))")
        blocks.append(.row(printed))
      }
    }
    self.blocks = blocks
    var notes: [String] = []
    if rows.contains(where: { $0.game?.game.timeEstimated ?? false }) {
      notes.append("Game times marked est. are estimates (the schedule gives only day or night).")
    }
    let flies = itinerary.items.contains { $0.travelInfo?.mode == .flight }
    notes.append(
      flies
        ? "Distances, drive and flight times are estimates (flights: \(RouteEstimator.default.flightSummary))."
        : "Distances and drive times are estimates.")
    if itinerary.schedule.games.contains(where: { $0.game.sport == .mlb }) {
      notes.append(ExportSupport.retrosheetNotice)
    }
    self.notes = notes
    credit = ExportSupport.scheduleCredit(of: itinerary)
  }

  /// The rows, in order (day headers and notes left out).
  public var rows: [Row] {
    blocks.compactMap {
      if case .row(let row) = $0 { return row }
      return nil
    }
  }

  /// One game, travel or custom row as text; nil for a day header.
  /// - Parameter tight: the travel items whose leg is tight
  ///   (`Itinerary.tightLegItemIDs()`): their details end with "tight".
  static func row(
    _ row: LayoutRow, itinerary: Itinerary, catalog: Catalog, metric: Bool,
    tight: Set<ItineraryItem.ID> = []
  ) -> Row? {
    switch row.content {
    case .day:
      return nil
    case .game(let g):
      let game = g.game
      var details = [
        plain(ExportSupport.venueText(of: g, in: itinerary, catalog: catalog), empty: "")
      ]
      if game.status == .cancelled { details.append("cancelled") }
      if game.status == .rescheduled, let original = game.originalDate {
        details.append("moved from \(original.shortDescription)")
      }
      return Row(
        id: row.id, kind: .game, icon: ExportSupport.icon(of: game.sport),
        time: ExportSupport.gameTime(game, estimated: " est.", unknown: ""),
        title: plain(g.title, empty: "(untitled)"), details: details)
    case .item(let item):
      switch item.kind {
      case .game(let id):
        return Row(
          id: row.id, kind: .game, icon: ExportSupport.icon(of: .mlb), time: nil,
          title: plain(id.description, empty: "(untitled)"), details: [])
      case .travel(let info):
        return Row(
          id: row.id, kind: .travel, icon: info.icon, time: nil,
          title: plain(info.title, empty: "(untitled)"),
          details: [
            info.mode == .flight ? "flight" : "drive",
            ExportSupport.distance(info.distanceMeters, metric: metric, grouping: true),
            ExportSupport.duration(info.durationSeconds),
          ] + (tight.contains(item.id) ? ["tight"] : []))
      case .custom(let info):
        var details = [info.category.label]
        if let address = info.address.map({ plain($0, empty: "") }), !address.isEmpty {
          details.append(address)
        }
        return Row(
          id: row.id, kind: .custom, icon: info.icon,
          time: ExportSupport.clock(of: info, on: itinerary.schedule.date(ofDay: item.day)),
          title: plain(info.title, empty: "(untitled)"), details: details)
      }
    }
  }

  /// `text` cleaned (`TextNormalization.clean`) with line breaks and
  /// other control characters as spaces: one plain paragraph; `empty` when
  /// nothing is left.
  public static func plain(_ text: String, empty: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in TextNormalization.clean(text).unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: out.append(" ")
      default: out.append(scalar)
      }
    }
    let result = String(out)
    return result.isEmpty ? empty : result
  }
}
