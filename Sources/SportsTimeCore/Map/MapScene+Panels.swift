import Foundation

extension MapScene {
  /// The map's panels, laid out: the legend (top left), the scale bar (top
  /// right), the focused venue's card (bottom left) and the "Reset View"
  /// note (bottom right, only away from the default view). Labels keep
  /// clear of `boxes`.
  public struct Panels: Sendable, Hashable {
    /// The legend: a title and the visited and not-yet counts of the pins
    /// on the canvas.
    public struct Legend: Sendable, Hashable {
      /// The panel's box.
      public var box: CanvasBox
      /// "SportsTime progress map".
      public var title: String
      /// "Visited (3)".
      public var visitedText: String
      /// "Not yet (27)".
      public var unvisitedText: String
      /// The baseline of the counts' row, in pixels.
      public var row: Double
      /// Where the second count's marker starts, in pixels.
      public var secondX: Double
    }

    /// One bar of the scale: a round length in one unit.
    public struct ScaleBar: Sendable, Hashable {
      /// The bar's left end, in pixels.
      public var x: Double
      /// Its baseline, in pixels.
      public var y: Double
      /// Its length, in pixels.
      public var length: Double
      /// "100 mi", "200 km", "500 ft".
      public var label: String
    }

    /// The scale bar's panel and its bars (imperial, then metric).
    public struct Scale: Sendable, Hashable {
      /// The panel's box.
      public var box: CanvasBox
      /// The bars, imperial first.
      public var bars: [ScaleBar]
    }

    /// The focused venue's card.
    public struct Card: Sendable, Hashable {
      /// The panel's box.
      public var box: CanvasBox
      /// The venue's name, shortened with "…" to fit.
      public var name: String
      /// "Chicago, IL" (region in the US and Canada, else the country),
      /// shortened to fit.
      public var place: String
      /// "3 visits" or "Not visited yet".
      public var visits: String
      /// "Last visit: Wed, Jun 5, 2024", when there was one.
      public var lastVisit: String?
      /// Whether the venue was visited (the visits line is coloured so).
      public var isVisited: Bool
    }

    /// The "Reset View" note.
    public struct ResetNote: Sendable, Hashable {
      /// The panel's box.
      public var box: CanvasBox
      /// "Reset View", with the front end's hint after ": " when given.
      public var text: String
    }

    /// The legend.
    public var legend: Legend
    /// The scale bar; nil when the scale cannot be measured.
    public var scale: Scale?
    /// The focused venue's card, when a pin is focused.
    public var card: Card?
    /// The "Reset View" note, away from the default view.
    public var resetNote: ResetNote?
    /// Every panel's box, in drawing order.
    public var boxes: [CanvasBox]
  }

  /// The inner padding of every panel, in pixels.
  public static let panelPadding = 10.0

  /// The panels for the pins `placed` on the canvas.
  public func panels(placed: [PlacedPin]) -> Panels {
    let width = projection.width
    let height = projection.height
    let pad = MapScene.panelPadding
    var boxes: [CanvasBox] = []

    let visited = placed.filter(\.pin.isVisited).count
    let unvisited = placed.count - visited
    let title = "SportsTime progress map"
    let visitedText = "Visited (\(visited))"
    let unvisitedText = "Not yet (\(unvisited))"
    let legendWidth =
      max(
        MapScene.textWidth(title, size: 14),
        34 + MapScene.textWidth(visitedText, size: 12) + 24
          + MapScene.textWidth(unvisitedText, size: 12)
      ) + 2 * pad
    let legendBox = CanvasBox(minX: 12, minY: 12, maxX: 12 + legendWidth, maxY: 12 + 52)
    boxes.append(legendBox)
    let legend = Panels.Legend(
      box: legendBox, title: title, visitedText: visitedText, unvisitedText: unvisitedText,
      row: legendBox.minY + 40,
      secondX: legendBox.minX + pad + 34 + MapScene.textWidth(visitedText, size: 12))

    // Scale bar at the view's center latitude, in miles (or feet) and
    // kilometres (or metres).
    var scale: Panels.Scale?
    let metersPerPixel = projection.metersPerPixel(
      atLatitude: projection.viewport.center.latitude)
    let maxBar = 120.0
    if metersPerPixel.isFinite, metersPerPixel > 0 {
      let maxMeters = maxBar * metersPerPixel
      let imperial =
        maxMeters >= 1609.344
        ? (MapScene.roundLength(maxMeters: maxMeters, unitMeters: 1609.344), 1609.344, "mi")
        : (MapScene.roundLength(maxMeters: maxMeters, unitMeters: 0.3048), 0.3048, "ft")
      let metric =
        maxMeters >= 1000
        ? (MapScene.roundLength(maxMeters: maxMeters, unitMeters: 1000), 1000.0, "km")
        : (MapScene.roundLength(maxMeters: maxMeters, unitMeters: 1), 1.0, "m")
      let box = CanvasBox(
        minX: width - 12 - maxBar - 2 * pad - 56, minY: 12, maxX: width - 12, maxY: 12 + 52)
      boxes.append(box)
      let bars = [imperial, metric].enumerated().map { index, entry in
        let (value, unit, name) = entry
        return Panels.ScaleBar(
          x: box.minX + pad, y: box.minY + 18 + Double(index) * 20,
          length: value * unit / metersPerPixel, label: "\(MapScene.lengthText(value)) \(name)")
      }
      scale = Panels.Scale(box: box, bars: bars)
    }

    var card: Panels.Card?
    if let pin = focusedPin {
      let venue = pin.venue
      let name = MapScene.singleLine(venue.latestName)
      let place = MapScene.singleLine(
        venue.city + ", " + (["US", "CA"].contains(venue.country) ? venue.region : venue.country))
      let visits = pin.isVisited ? Plural.count(pin.visits, "visit") : "Not visited yet"
      let last = pin.lastVisit.map { "Last visit: \($0.longDescription)" }
      let maxText = max(120, min(width - 24 - 2 * pad, 420))
      let textWidth =
        [
          MapScene.textWidth(name, size: 15), MapScene.textWidth(place, size: 12),
          MapScene.textWidth(visits, size: 12), last.map { MapScene.textWidth($0, size: 12) } ?? 0,
        ].max() ?? 0
      let cardWidth = min(textWidth, maxText) + 2 * pad
      let cardHeight = last == nil ? 74.0 : 92.0
      let box = CanvasBox(
        minX: 12, minY: height - 12 - cardHeight, maxX: 12 + cardWidth, maxY: height - 12)
      boxes.append(box)
      card = Panels.Card(
        box: box, name: MapScene.truncated(name, toWidth: maxText, size: 15),
        place: MapScene.truncated(place, toWidth: maxText, size: 12), visits: visits,
        lastVisit: last, isVisited: pin.isVisited)
    }

    // "Reset View", only away from the default (as in the seed).
    var resetNote: Panels.ResetNote?
    if !projection.viewport.isDefault {
      let text = "Reset View" + (resetHint.map { ": \($0)" } ?? "")
      let w = MapScene.textWidth(text, size: 12) + 2 * pad
      let box = CanvasBox(
        minX: width - 12 - w, minY: height - 12 - 30, maxX: width - 12, maxY: height - 12)
      boxes.append(box)
      resetNote = Panels.ResetNote(box: box, text: text)
    }
    return Panels(legend: legend, scale: scale, card: card, resetNote: resetNote, boxes: boxes)
  }

  /// The boxes of the panels (legend, scale bar, card, "Reset View"): pins
  /// beneath them are hidden, labels avoid them.
  public func panelBoxes() -> [CanvasBox] { panels(placed: placedPins).boxes }

  /// The labels placed around the pins on the canvas, clear of the panels.
  public var labels: [PlacedLabel] {
    let placed = placedPins
    return placedLabels(placed: placed, reserved: panels(placed: placed).boxes)
  }
}
