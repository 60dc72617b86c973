import Foundation

/// A trip as Markdown (CommonMark), readable as plain text and in any
/// viewer.
///
/// Shape: `# <trip name>`, a line with the dates and counts, then one
/// `## Day N · Wed, Jun 5, 2024` section per day listing its rows in layout
/// order (DESIGN.md, "one ordering function"): games (venue-local time with
/// zone, `est.` when estimated, matchup, venue by its name on the game's
/// date), travel legs (🚗 from → to with the estimated distance and drive
/// time, or ✈️ and `flight` for a flight between countries no road joins)
/// and custom items (icon, title,
/// category, local time with zone, address, a map link when located). Then
/// an `## Unscheduled` section when rows lie outside the trip's days, in
/// layout order, each with its stored day. Text that a user typed (and the
/// catalog's names) is escaped so it cannot turn into Markdown.
public enum MarkdownExport {
  /// The itinerary as Markdown.
  /// - Parameters:
  ///   - itinerary: the trip; rows come from `itinerary.layout.rows`, then
  ///     `itinerary.layout.unscheduled`.
  ///   - catalog: venue names and cities.
  ///   - metric: distances in kilometres (default miles).
  ///   - unscheduledHint: how the reader moves unscheduled rows back into
  ///     the trip, in the front end's words (the command line:
  ///     "move them back with `sportstime item move`"): the Unscheduled
  ///     section says "Outside the trip's days; <hint>.", or without a hint
  ///     "Outside the trip's days."
  /// - Returns: the document, LF line ends, ending with a newline.
  /// - Complexity: O(n) for n rows.
  public static func render(
    _ itinerary: Itinerary, catalog: Catalog, metric: Bool = false,
    unscheduledHint: String? = nil
  ) -> String {
    let trip = itinerary.trip
    let games = itinerary.layout.rows.filter { $0.game != nil }.count
    var lines = [
      "# " + escape(TextNormalization.clean(trip.name)), "",
      "\(trip.startDate.longDescription) – \(trip.endDate.longDescription) · \(Plural.count(trip.dayCount, "day")) · \(Plural.count(games, "game"))",
    ]
    if itinerary.numberedRows.contains(where: { $0.game?.game.timeEstimated ?? false }) {
      lines += [
        "", "Game times marked *est.* are estimates (the schedule gives only day or night).",
      ]
    }
    var dayIsEmpty = false
    for row in itinerary.layout.rows {
      switch row.content {
      case .day(let day, let date):
        if dayIsEmpty { lines.append("*Nothing planned.*") }
        lines += ["", "## Day \(day) · \(date.longDescription)", ""]
        dayIsEmpty = true
      default:
        lines.append(line(row, itinerary: itinerary, catalog: catalog, metric: metric))
        dayIsEmpty = false
      }
    }
    if dayIsEmpty { lines.append("*Nothing planned.*") }
    if !itinerary.layout.unscheduled.isEmpty {
      lines += [
        "", "## Unscheduled", "",
        "Outside the trip's days" + (unscheduledHint.map { "; \($0)." } ?? "."), "",
      ]
      for row in itinerary.layout.unscheduled {
        let date = itinerary.schedule.date(ofDay: row.day)
        lines.append(
          line(row, itinerary: itinerary, catalog: catalog, metric: metric)
            + " · stored on Day \(row.day) (\(date.longDescription))")
      }
    }
    let flies = itinerary.items.contains { $0.travelInfo?.mode == .flight }
    let credit = ExportSupport.scheduleCredit(of: itinerary)
    lines += [
      "", "---", "",
      flies
        ? "*Distances, drive and flight times are estimates (flights: \(RouteEstimator.default.flightSummary)). \(credit)*"
        : "*Distances and drive times are estimates. \(credit)*",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One list item for a game, travel or custom row.
  private static func line(
    _ row: LayoutRow, itinerary: Itinerary, catalog: Catalog, metric: Bool
  ) -> String {
    switch row.content {
    case .day(let day, let date):
      return "- Day \(day) · \(date.longDescription)"
    case .game(let g):
      let game = g.game
      // The Markdown export marks a TBD time as estimated too (unlike the
      // printed itinerary, whose "TBD" stands alone): its bytes are kept.
      var text =
        "- \(ExportSupport.icon(of: game.sport)) \(ExportSupport.gameTime(game, estimated: " *est.*", unknown: " *est.*"))"
      text +=
        " · \(bold(g.title)) · \(escape(ExportSupport.venueText(of: g, in: itinerary, catalog: catalog)))"
      if game.status == .cancelled { text += " · cancelled" }
      if game.status == .rescheduled, let original = game.originalDate {
        text += " · moved from \(original.shortDescription)"
      }
      return text
    case .item(let item):
      switch item.kind {
      case .game(let id):
        return "- ⚾️ " + escape(id.description)
      case .travel(let info):
        return
          "- \(info.icon) \(bold(info.title)) · \(info.mode == .flight ? "flight · " : "")\(ExportSupport.distance(info.distanceMeters, metric: metric)) · \(ExportSupport.duration(info.durationSeconds))"
      case .custom(let info):
        var text = "- \(info.icon) \(bold(info.title)) · \(info.category.label)"
        if let clock = ExportSupport.clock(of: info, on: itinerary.schedule.date(ofDay: item.day)) {
          text += " · \(clock)"
        }
        if let address = info.address.map(TextNormalization.clean), !address.isEmpty {
          text += " · " + escape(address)
        }
        if let c = info.coordinate {
          let lat = ExportSupport.degrees(c.latitude)
          let lon = ExportSupport.degrees(c.longitude)
          text +=
            " · [map](https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon))"
        }
        return text
      }
    }
  }

  /// `s` as strong emphasis (`**…**`) that a CommonMark reader always
  /// sees as such, whatever was stored: the text is cleaned first
  /// (`TextNormalization.clean`, so it neither starts nor ends with white
  /// space or an invisible character, which would stop `**` from opening or
  /// closing), then escaped; an empty text becomes `*(untitled)*`.
  public static func bold(_ s: String) -> String {
    let text = escape(TextNormalization.clean(s))
    return text.isEmpty ? "*(untitled)*" : "**\(text)**"
  }

  /// `s` made inert in Markdown: line breaks and other control characters
  /// become spaces (a title cannot start a new block), and every ASCII
  /// punctuation mark that can start inline markup, an HTML tag, an entity,
  /// a table cell or math (`\ ` * _ { } [ ] ( ) < > # + ! | ~ & $`) gets a
  /// backslash (CommonMark §2.4).
  public static func escape(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
        out.append(" ")
      default:
        if specials.contains(scalar) { out.append("\\") }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static let specials = Set("\\`*_{}[]()<>#+!|~&$".unicodeScalars)

}
