import CLIKit
import Foundation
import SportsTimeCore
import SportsTimeStore

/// Presents a stored trip's layout as numbered text rows. Order and row
/// numbers come from `ItineraryLayout` only; nothing here sorts. The JSON
/// documents are `SportsTimeAPI`'s (`WireV1.Itinerary`, `WireV1.Drag`).
struct ItineraryPresenter {

  let loaded: LoadedTrip
  let catalog: Catalog
  /// The trip with its schedule, layout and constraints.
  let itinerary: Itinerary
  /// The travel items whose leg is tight.
  let tight: Set<ItineraryItem.ID>

  var schedule: TripSchedule { itinerary.schedule }
  var layout: ItineraryLayout { itinerary.layout }
  var constraints: ItineraryConstraints { itinerary.constraints }

  init(_ loaded: LoadedTrip, catalog: Catalog) {
    self.loaded = loaded
    self.catalog = catalog
    itinerary = loaded.itinerary(catalog: catalog)
    tight = itinerary.tightLegItemIDs()
  }

  /// Every row with its 1-based number as printed by `trip show`.
  var numberedRows: [NumberedRow] { layout.numbered }

  /// The trip's header line, e.g. "Midwest Swing · Tue, Jun 4 – Mon, Jun 10, 2024 · 7 days".
  var headline: String {
    let t = loaded.trip
    return
      "\(Terminal.sanitize(t.name)) · \(t.startDate.longDescription) – \(t.endDate.longDescription) · \(Plural.count(t.dayCount, "day"))"
  }

  /// Text lines of the itinerary.
  func textLines(metric: Bool, style: (String, Context.Style) -> String) -> [String] {
    var lines: [String] = []
    var printedUnscheduled = false
    let rows = numberedRows
    let width = String(rows.count).count
    // The days that cannot be done, named under their headers (issue 28, item 5).
    let impossible = itinerary.impossibleDayMessages()
    for numbered in rows {
      let (number, row, unscheduled) = (numbered.number, numbered.row, numbered.isUnscheduled)
      if unscheduled && !printedUnscheduled {
        lines.append(
          style(
            "Unscheduled (outside the trip's days: move items back with 'item move'; for games, 'trip replan')",
            .bold))
        printedUnscheduled = true
      }
      let n = String(number).leftPadded(to: width)
      switch row.content {
      case .day(let day, let date):
        lines.append(style("\(n)  Day \(day) · \(date.longDescription)", .bold))
        for message in impossible[day] ?? [] {
          lines.append(
            String(repeating: " ", count: width) + "      "
              + style("⚠ \(Terminal.sanitize(message))", .yellow))
        }
      case .game(let g):
        let venue = catalog.venue(g.game.venueID)
        var text =
          "\(n)      \(Format.gameTime(g.game))  \(g.title)\(Format.league(g.game))  \(venue?.name(on: g.game.localDate) ?? g.game.venueID.rawValue), \(venue?.city ?? "")"
        if unscheduled { text += "  (\(g.game.localDate.shortDescription))" }
        if g.game.status == .cancelled { text += "  " + style("(cancelled)", .red) }
        if g.game.status == .rescheduled, let original = g.game.originalDate {
          text += "  (moved from \(original.shortDescription))"
        }
        lines.append(text)
      case .item(let item):
        lines.append(
          "\(n)      " + itemText(item, metric: metric, style: style, unscheduled: unscheduled))
      }
    }
    return lines
  }

  func itemText(
    _ item: ItineraryItem, metric: Bool, style: (String, Context.Style) -> String, unscheduled: Bool
  ) -> String {
    switch item.kind {
    case .game(let id): return id.description
    case .travel(let info):
      var text =
        "\(info.icon) \(Terminal.sanitize(info.title)) · \(info.mode == .flight ? "flight " : "")\(Format.distance(info.distanceMeters, metric: metric)) · \(Format.duration(info.durationSeconds))"
      let bounds = constraints.bounds(for: info)
      if let range = bounds.dayRange {
        text +=
          range.count == 1
          ? " · Day \(range.lowerBound) only" : " · Days \(range.lowerBound)–\(range.upperBound)"
      } else {
        text += " · " + style("cannot be placed", .red)
      }
      if tight.contains(item.id) { text += " · " + style("tight", .yellow) }
      if !unscheduled, !constraints.check(item, day: item.day, sortOrder: item.sortOrder).isValid {
        text += " · " + style("⚠ breaks a rule (see trip check)", .red)
      }
      if unscheduled { text += "  (\(schedule.dateDescription(ofDay: item.day)))" }
      return text
    case .custom(let info):
      var text = "\(info.category.icon) \(Terminal.sanitize(info.title))"
      if let clock = info.clock(on: schedule.date(ofDay: item.day)) { text += " · \(clock)" }
      if let address = info.address { text += " · \(Terminal.sanitize(address))" }
      if unscheduled { text += "  (\(schedule.dateDescription(ofDay: item.day)))" }
      return text
    }
  }
}

extension ItineraryPresenter {
  /// The red-zone view of a drag: each lifted row with the slots around it
  /// marked allowed (✓) or blocked (✗ and why), barrier games marked.
  func dragLines(
    _ session: DragSession, metric: Bool, style: (String, Context.Style) -> String
  ) -> [String] {
    let numberOf = layout.rowNumbers
    let width = String(layout.rows.count + layout.unscheduled.count).count
    let barriers = Set(session.barrierGames.map(\.id))
    var lines: [String] = []
    func slotLine(_ slot: InsertionSlot) -> String {
      let pad = String(repeating: " ", count: width)
      if slot.isValid {
        return style("\(pad)  ── slot \(slot.index) ✓ allowed", .green)
      }
      let reason = slot.reason.map { ErrorHints.phrase($0, slot.remedy) } ?? ""
      return style("\(pad)  ── slot \(slot.index) ✗ blocked: \(reason)", .red)
    }
    for (k, row) in session.rows.enumerated() {
      lines.append(slotLine(session.slots[k]))
      let n = String(numberOf[row.id] ?? 0).leftPadded(to: width)
      switch row.content {
      case .day(let day, let date):
        lines.append(style("\(n)  Day \(day) · \(date.longDescription)", .bold))
      case .game(let g):
        var text = "\(n)      \(Format.gameTime(g.game))  \(g.title)\(Format.league(g.game))"
        if barriers.contains(g.id) { text += "  " + style("◆ barrier", .yellow) }
        lines.append(text)
      case .item(let item):
        lines.append(
          "\(n)      " + itemText(item, metric: metric, style: style, unscheduled: false))
      }
    }
    if let last = session.slots.last { lines.append(slotLine(last)) }
    return lines
  }
}

extension String {
  /// Right-aligns in `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

extension LoadedTrip {
  /// The trip with its schedule against `catalog`, laid out.
  func itinerary(catalog: Catalog) -> Itinerary {
    Itinerary(trip: trip, schedule: schedule(catalog: catalog), items: items)
  }
}
