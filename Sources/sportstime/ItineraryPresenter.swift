import CLIKit
import Foundation
import SportsTimeCore
import SportsTimeStore

/// Presents a stored trip's layout as numbered text rows or JSON. Order comes
/// from `ItineraryLayout` only; nothing here sorts.
struct ItineraryPresenter {
  let loaded: LoadedTrip
  let catalog: Catalog
  let schedule: TripSchedule
  let layout: ItineraryLayout
  let constraints: ItineraryConstraints
  let tight: Set<UUID>
  /// What to say about items' times (a repeated or skipped hour), by id.
  let timeWarnings: [UUID: String]

  init(_ loaded: LoadedTrip, catalog: Catalog) {
    self.loaded = loaded
    self.catalog = catalog
    schedule = loaded.schedule(catalog: catalog)
    layout = ItineraryLayout(schedule: schedule, items: loaded.items)
    constraints = ItineraryConstraints(schedule: schedule)
    var tight: Set<UUID> = []
    for item in loaded.items {
      if let info = item.travelInfo, !TightLeg.find(in: schedule, travel: [info]).isEmpty {
        tight.insert(item.id)
      }
    }
    self.tight = tight
    timeWarnings = Itinerary(trip: loaded.trip, schedule: schedule, items: loaded.items)
      .timeWarnings()
  }

  /// Every row with its 1-based number as printed by `trip show`.
  var numberedRows: [(number: Int, row: LayoutRow, unscheduled: Bool)] {
    let days = layout.rows.enumerated().map { ($0.offset + 1, $0.element, false) }
    let base = layout.rows.count
    let rest = layout.unscheduled.enumerated().map { (base + $0.offset + 1, $0.element, true) }
    return days + rest
  }

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
    let width = String(numberedRows.count).count
    for (number, row, unscheduled) in numberedRows {
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
      case .game(let g):
        let venue = catalog.venue(g.game.venueID)
        var text =
          "\(n)      \(Format.gameTime(g.game))  \(g.title)  \(venue?.name(on: g.game.localDate) ?? g.game.venueID.rawValue), \(venue?.city ?? "")"
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
    case .game(let id): return id
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

  /// The `trip show --json` object.
  var json: JSON {
    let t = loaded.trip
    let numbered = numberedRows
    return .object([
      (
        "trip",
        .object([
          ("id", .string(t.id.uuidString.lowercased())), ("name", .string(t.name)),
          ("startDate", .string(t.startDate.iso)), ("endDate", .string(t.endDate.iso)),
          ("dayCount", .int(t.dayCount)),
        ])
      ),
      (
        "rows",
        .array(numbered.filter { !$0.unscheduled }.map { rowJSON($0.row, number: $0.number) })
      ),
      (
        "unscheduled",
        .array(numbered.filter { $0.unscheduled }.map { rowJSON($0.row, number: $0.number) })
      ),
    ])
  }

  func rowJSON(_ row: LayoutRow, number: Int) -> JSON {
    var pairs: [(String, JSON)] = [
      ("id", .string(row.id)), ("number", .int(number)),
    ]
    let date = schedule.date(ofDay: row.day).iso
    switch row.content {
    case .day(let day, let d):
      pairs += [
        ("kind", .string("day")), ("day", .int(day)), ("date", .string(d.iso)),
        ("sortOrder", .null), ("title", .string("Day \(day) · \(d.longDescription)")),
      ]
    case .game(let g):
      pairs += [
        ("kind", .string("game")), ("day", .int(g.day)), ("date", .string(g.game.localDate.iso)),
        ("sortOrder", .number(g.sortOrder)), ("title", .string(g.title)),
        ("gameID", .string(g.id)),
        ("start", .string(LocalTime.iso8601(g.game.start, in: g.game.timeZone))),
        ("venueID", .string(g.game.venueID.rawValue)),
        ("timeEstimated", .bool(g.game.timeEstimated)),
        ("timeUnknown", .bool(g.game.timeUnknown)),
        ("status", .string(g.game.status.rawValue)),
        ("originalDate", .optional(g.game.status == .scheduled ? nil : g.game.originalDate?.iso)),
      ]
    case .item(let item):
      pairs += [
        ("day", .int(item.day)), ("date", .string(date)), ("sortOrder", .number(item.sortOrder)),
        ("title", .string(item.title)),
      ]
      switch item.kind {
      case .game: break
      case .travel(let info):
        pairs.insert(("kind", .string("travel")), at: 2)
        let range = constraints.bounds(for: info).dayRange
        pairs += [
          ("from", .string(info.fromName)), ("to", .string(info.toName)),
          ("fromVenueID", .optional(info.fromVenueID?.rawValue)),
          ("toVenueID", .optional(info.toVenueID?.rawValue)),
          ("distanceMeters", .number(info.distanceMeters.rounded())),
          ("durationSeconds", .number(info.durationSeconds.rounded())),
          ("validDays", range.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null),
          ("tight", .bool(tight.contains(item.id))),
          ("mode", .string(info.mode.rawValue)),
        ]
      case .custom(let info):
        pairs.insert(("kind", .string("custom")), at: 2)
        pairs += [
          ("category", .string(info.category.rawValue)),
          ("time", .optional(info.time?.description)),
          ("timeZone", .optional(info.timeZoneID)),
          ("latitude", .optional(info.coordinate?.latitude)),
          ("longitude", .optional(info.coordinate?.longitude)),
          ("address", .optional(info.address)),
          ("warnings", .array(timeWarnings[item.id].map { [.string($0)] } ?? [])),
        ]
      }
    }
    return .object(pairs)
  }
}

extension ItineraryPresenter {
  /// The red-zone view of a drag: each lifted row with the slots around it
  /// marked allowed (✓) or blocked (✗ and why), barrier games marked.
  func dragLines(
    _ session: DragSession, metric: Bool, style: (String, Context.Style) -> String
  ) -> [String] {
    let numberOf = Dictionary(
      numberedRows.map { ($0.row.id, $0.number) }, uniquingKeysWith: { a, _ in a })
    let width = String(numberedRows.count).count
    let barriers = Set(session.barrierGames.map(\.id))
    var lines: [String] = []
    func slotLine(_ slot: InsertionSlot) -> String {
      let pad = String(repeating: " ", count: width)
      if slot.isValid {
        return style("\(pad)  ── slot \(slot.index) ✓ allowed", .green)
      }
      return style("\(pad)  ── slot \(slot.index) ✗ blocked: \(slot.reason ?? "")", .red)
    }
    for (k, row) in session.rows.enumerated() {
      lines.append(slotLine(session.slots[k]))
      let n = String(numberOf[row.id] ?? 0).leftPadded(to: width)
      switch row.content {
      case .day(let day, let date):
        lines.append(style("\(n)  Day \(day) · \(date.longDescription)", .bold))
      case .game(let g):
        var text = "\(n)      \(Format.gameTime(g.game))  \(g.title)"
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

  /// `trip show --drag --json`: the slots, barrier game ids and valid days.
  func dragJSON(_ session: DragSession) -> JSON {
    .object([
      ("item", .string(LayoutRow.id(item: session.item.id))),
      (
        "validDays",
        session.validDays.map { .array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null
      ),
      ("barriers", .array(session.barrierGames.map { .string($0.id) })),
      ("originSlot", .optional(session.originSlot)),
      (
        "slots",
        .array(
          session.slots.map { slot in
            .object([
              ("index", .int(slot.index)), ("day", .optional(slot.day)),
              ("valid", .bool(slot.isValid)), ("reason", .optional(slot.reason)),
              (
                "before",
                .optional(slot.index < session.rows.count ? session.rows[slot.index].id : nil)
              ),
            ])
          })
      ),
    ])
  }
}

extension String {
  /// Right-aligns in `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
