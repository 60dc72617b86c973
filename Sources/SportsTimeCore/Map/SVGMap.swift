import Foundation

/// A venue on the progress map with what the fan has done there.
public struct MapPin: Sendable, Hashable {
  /// The venue (its coordinate places the pin).
  public var venue: Venue
  /// How many visits are recorded there (0 = not visited yet).
  public var visits: Int
  /// The local date of the most recent visit, if any.
  public var lastVisit: CalendarDate?

  /// Creates a pin; `visits` below 0 count as 0.
  public init(venue: Venue, visits: Int = 0, lastVisit: CalendarDate? = nil) {
    self.venue = venue
    self.visits = max(0, visits)
    self.lastVisit = lastVisit
  }

  /// True when at least one visit is recorded.
  public var isVisited: Bool { visits > 0 }
}

/// The progress map as an SVG 1.1 document: outlines, venue pins, labels,
/// the focused venue's card, a scale bar and a legend.
///
/// Layers, bottom to top: water-coloured background; the basemap's outlines
/// (when given), clipped to the canvas; a graticule; labels; pins
/// (unvisited grey, visited green, each with a white rim; unvisited drawn
/// first so visited ones sit on top); an orange visit-count badge at the
/// upper right of each visited pin (the seed's "orange circle with
/// number"); a ring around the focused pin; the legend (top left), the scale
/// bar (top right), the focused venue's card (bottom left: name, city,
/// visits, last visit) and, away from the default view, a "Reset View" note
/// (bottom right).
///
/// Pins are placed by `projection` (see `MapProjection`: equirectangular,
/// standard parallel 37° N); a pin is drawn when its center is on the
/// canvas or within its radius of it. Labels are placed greedily (focused,
/// then visited, then the rest, by name) to the right, left, above or below
/// a pin, and left out where they would overlap a pin, another label or a
/// panel, so every label drawn is readable.
///
/// The document is well-formed XML with `width`, `height` and `viewBox`;
/// all text is escaped and characters XML 1.0 cannot hold are dropped.
/// Rendering is deterministic: the same input gives the same bytes.
///
/// ```swift
/// let map = SVGMap(viewport: .continentalUnitedStates, pins: pins, basemap: states)
/// try map.render().write(toFile: "map.svg", atomically: true, encoding: .utf8)
/// ```
public struct SVGMap: Sendable {
  /// The colours the map uses (CSS hex).
  public enum Palette {
    /// Background (water and land outside the basemap).
    public static let water = "#dde8f0"
    /// Basemap fill.
    public static let land = "#f6f4ee"
    /// Basemap outlines.
    public static let border = "#a39e90"
    /// Graticule lines.
    public static let graticule = "#b8c7d3"
    /// Fill of a visited venue's pin.
    public static let visitedPin = "#2b8a3e"
    /// Fill of a venue not visited yet.
    public static let unvisitedPin = "#868e96"
    /// The rim around every pin.
    public static let pinRim = "#ffffff"
    /// Visit-count badge fill (orange, as in the seed).
    public static let badge = "#f76707"
    /// The ring around the focused venue.
    public static let focusRing = "#1971c2"
    /// Text.
    public static let text = "#212529"
    /// Secondary text.
    public static let mutedText = "#495057"
    /// Panel (legend, card, scale bar) fill.
    public static let panel = "#ffffff"
    /// Panel border.
    public static let panelBorder = "#ced4da"
  }

  /// Pin radius in pixels (without the 2-pixel rim).
  public static let pinRadius = 6.0
  /// The canvas width used when none is given, in pixels.
  public static let defaultWidth = 1200.0
  /// Label font size in pixels.
  static let labelSize = 12.0

  /// A pin with its place on the canvas.
  public struct PlacedPin: Sendable, Hashable {
    /// The pin.
    public var pin: MapPin
    /// Its center on the canvas, in pixels.
    public var point: MapPoint
  }

  /// A label with its place: `x`, `y` is the text's anchor on its baseline.
  public struct PlacedLabel: Sendable, Hashable {
    /// The venue labelled.
    public var venueID: Venue.ID
    /// The text.
    public var text: String
    /// Anchor point in pixels.
    public var x: Double
    /// Baseline in pixels.
    public var y: Double
    /// SVG `text-anchor`: `start`, `middle` or `end`.
    public var anchor: String
  }

  /// How coordinates become pixels (and the canvas size).
  public let projection: MapProjection
  /// Every venue that may appear; those off the canvas are left out.
  public let pins: [MapPin]
  /// The venue whose card is shown (and whose pin is ringed), if any.
  public let focusedVenueID: Venue.ID?
  /// Outlines drawn beneath the pins, if any.
  public let basemap: Basemap?

  /// A map of `viewport` on a canvas `width` pixels wide whose height shows
  /// the viewport exactly (`MapProjection.canvasHeight(for:width:)`).
  /// - Parameters:
  ///   - viewport: what to show.
  ///   - pins: the venues, with visit counts.
  ///   - focusedVenueID: the venue whose card to show; ignored when no pin
  ///     has this id.
  ///   - basemap: outlines to draw beneath, if any.
  ///   - width: canvas width in pixels (default 1200).
  public init(
    viewport: MapViewport, pins: [MapPin], focusedVenueID: Venue.ID? = nil,
    basemap: Basemap? = nil, width: Double = SVGMap.defaultWidth
  ) {
    self.init(
      projection: MapProjection(viewport: viewport, width: width), pins: pins,
      focusedVenueID: focusedVenueID, basemap: basemap)
  }

  /// A map drawn with an explicit projection (and so canvas size).
  public init(
    projection: MapProjection, pins: [MapPin], focusedVenueID: Venue.ID? = nil,
    basemap: Basemap? = nil
  ) {
    self.projection = projection
    self.pins = pins
    self.focusedVenueID = focusedVenueID
    self.basemap = basemap
  }

  /// The focused venue's pin (on the canvas or not).
  public var focusedPin: MapPin? {
    guard let focusedVenueID else { return nil }
    return pins.first { $0.venue.id == focusedVenueID }
  }

  /// The pins drawn, in drawing order: unvisited, then visited, each by
  /// venue id, the focused pin last.
  /// - Complexity: O(n log n) for n pins.
  public var placedPins: [PlacedPin] {
    let margin = SVGMap.pinRadius + 2
    return
      pins
      .map { PlacedPin(pin: $0, point: projection.point(for: $0.venue.coordinate)) }
      .filter { projection.isOnCanvas($0.point, margin: margin) }
      .sorted { a, b in
        let ka = (a.pin.venue.id == focusedVenueID, a.pin.isVisited)
        let kb = (b.pin.venue.id == focusedVenueID, b.pin.isVisited)
        if ka != kb { return !ka.0 && kb.0 || (ka.0 == kb.0 && !ka.1 && kb.1) }
        return a.pin.venue.id < b.pin.venue.id
      }
  }

  // MARK: Rendering

  /// The SVG document: UTF-8 XML, LF line ends, ending with a newline.
  /// - Complexity: O(p log p + v) for p pins and v basemap positions.
  public func render() -> String {
    let width = projection.width
    let height = projection.height
    let viewport = projection.viewport
    let placed = placedPins
    let panels = Panels(map: self, placed: placed)
    var out: [String] = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(SVGMap.n(width))" height="\#(SVGMap.n(height))" viewBox="0 0 \#(SVGMap.n(width)) \#(SVGMap.n(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#,
      "  <title>SportsTime progress map</title>",
      "  <desc>\(SVGMap.escape("Viewport \(viewport). Projection: equirectangular, standard parallel \(MapProjection.standardParallel)° N, \(SVGMap.n(projection.pixelsPerDegree)) px per degree of latitude."))</desc>",
      #"  <rect id="background" x="0" y="0" width="\#(SVGMap.n(width))" height="\#(SVGMap.n(height))" fill="\#(Palette.water)"/>"#,
    ]
    if let basemap { out += basemapLayer(basemap) }
    out += graticuleLayer()
    out += labelLayer(placed: placed, reserved: panels.boxes)
    out += pinLayer(placed)
    out += panels.lines
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// The basemap's rings as one path per feature, culled and clipped to the
  /// canvas (with a margin wider than the stroke, so clip edges are never
  /// seen).
  private func basemapLayer(_ basemap: Basemap) -> [String] {
    let margin = 8.0
    let clip = CanvasBox(
      minX: -margin, minY: -margin, maxX: projection.width + margin,
      maxY: projection.height + margin)
    var out = [
      #"  <g id="basemap" fill="\#(Palette.land)" fill-rule="evenodd" stroke="\#(Palette.border)" stroke-width="0.8" stroke-linejoin="round">"#
    ]
    var seen: Set<String> = []
    for feature in basemap.features {
      var d = ""
      for polygon in feature.polygons {
        for ring in polygon {
          let longitudes = projection.continuousLongitudes(ring.map(\.longitude))
          let points = zip(ring, longitudes).map {
            projection.point(latitude: $0.0.latitude, longitude: $0.1, wrap: false)
          }
          guard let bounds = CanvasBox(enclosing: points), bounds.intersects(clip) else { continue }
          let clipped = clip.contains(bounds) ? points : SVGMap.clip(points, to: clip)
          guard clipped.count >= 3 else { continue }
          d +=
            "M"
            + clipped.map { "\(SVGMap.n1($0.x)) \(SVGMap.n1($0.y))" }
            .joined(separator: "L") + "Z"
        }
      }
      guard !d.isEmpty else { continue }
      var id = "area-" + SVGMap.identifier(feature.id)
      while !seen.insert(id).inserted { id += "-x" }
      out.append(
        #"    <path id="\#(id)" d="\#(d)"><title>\#(SVGMap.escape(feature.name))</title></path>"#)
    }
    out.append("  </g>")
    return out
  }

  /// Parallels and meridians at a round step giving about 3–8 lines a side.
  private func graticuleLayer() -> [String] {
    let width = projection.width
    let height = projection.height
    let topLeft = projection.coordinate(at: MapPoint(x: 0, y: 0))
    let bottom = projection.coordinate(at: MapPoint(x: 0, y: height)).latitude
    let latitudeExtent = topLeft.latitude - bottom
    let longitudeExtent = width / (projection.pixelsPerDegree * MapProjection.longitudeScale)
    let step = SVGMap.roundStep(max(latitudeExtent, longitudeExtent) / 6)
    var d = ""
    var lat = (bottom / step).rounded(.up) * step
    while lat <= topLeft.latitude && lat <= 90 {
      let y = projection.point(
        latitude: lat, longitude: projection.viewport.center.longitude, wrap: false
      ).y
      d += "M0 \(SVGMap.n1(y))H\(SVGMap.n1(width))"
      lat += step
    }
    let west = projection.viewport.center.longitude - longitudeExtent / 2
    var lon = (west / step).rounded(.up) * step
    while lon <= west + longitudeExtent {
      let x = projection.point(
        latitude: projection.viewport.center.latitude, longitude: lon, wrap: false
      ).x
      d += "M\(SVGMap.n1(x)) 0V\(SVGMap.n1(height))"
      lon += step
    }
    guard !d.isEmpty else { return [] }
    return [
      #"  <path id="graticule" d="\#(d)" fill="none" stroke="\#(Palette.graticule)" stroke-width="0.5" stroke-dasharray="2 3"/>"#
    ]
  }

  /// Greedy, collision-free labels: see the type's discussion.
  func placedLabels(placed: [PlacedPin], reserved: [CanvasBox]) -> [PlacedLabel] {
    let r = SVGMap.pinRadius + 2
    var taken =
      reserved
      + placed.map {
        CanvasBox(
          minX: $0.point.x - r, minY: $0.point.y - r, maxX: $0.point.x + r, maxY: $0.point.y + r)
      }
    taken += placed.filter(\.pin.isVisited).map { SVGMap.badgeBox($0) }
    let canvas = CanvasBox(
      minX: 2, minY: 2, maxX: projection.width - 2, maxY: projection.height - 2)
    let order = placed.sorted { a, b in
      let ka = (a.pin.venue.id == focusedVenueID ? 0 : 1, a.pin.isVisited ? 0 : 1)
      let kb = (b.pin.venue.id == focusedVenueID ? 0 : 1, b.pin.isVisited ? 0 : 1)
      if ka != kb { return ka < kb }
      return (a.pin.venue.latestName, a.pin.venue.id) < (b.pin.venue.latestName, b.pin.venue.id)
    }
    var labels: [PlacedLabel] = []
    let size = SVGMap.labelSize
    for item in order {
      let text = SVGMap.singleLine(item.pin.venue.latestName)
      let w = SVGMap.textWidth(text, size: size)
      let p = item.point
      let gap = SVGMap.pinRadius + 4
      // To the right of a visited pin, start after its badge.
      let right = item.pin.isVisited ? SVGMap.badgeBox(item).maxX + 2 : p.x + gap
      // (anchor x, baseline y, text-anchor, box)
      let candidates: [(Double, Double, String, CanvasBox)] = [
        (
          right, p.y + size * 0.35, "start",
          CanvasBox(minX: right, minY: p.y - size * 0.55, maxX: right + w, maxY: p.y + size * 0.55)
        ),
        (
          p.x - gap, p.y + size * 0.35, "end",
          CanvasBox(
            minX: p.x - gap - w, minY: p.y - size * 0.55, maxX: p.x - gap, maxY: p.y + size * 0.55)
        ),
        (
          p.x, p.y - gap - size * 0.25, "middle",
          CanvasBox(
            minX: p.x - w / 2, minY: p.y - gap - size * 1.05, maxX: p.x + w / 2, maxY: p.y - gap)
        ),
        (
          p.x, p.y + gap + size * 0.85, "middle",
          CanvasBox(
            minX: p.x - w / 2, minY: p.y + gap, maxX: p.x + w / 2, maxY: p.y + gap + size * 1.1)
        ),
      ]
      for (x, y, anchor, box) in candidates
      where canvas.contains(box) && !taken.contains(where: { $0.intersects(box) }) {
        taken.append(box)
        labels.append(
          PlacedLabel(venueID: item.pin.venue.id, text: text, x: x, y: y, anchor: anchor))
        break
      }
    }
    return labels
  }

  private func labelLayer(placed: [PlacedPin], reserved: [CanvasBox]) -> [String] {
    var out = [
      #"  <g id="labels" font-size="\#(SVGMap.n(SVGMap.labelSize))" fill="\#(Palette.text)" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke">"#
    ]
    for label in placedLabels(placed: placed, reserved: reserved) {
      out.append(
        #"    <text id="label-\#(SVGMap.identifier(label.venueID.rawValue))" x="\#(SVGMap.n(label.x))" y="\#(SVGMap.n(label.y))" text-anchor="\#(label.anchor)">\#(SVGMap.escape(label.text))</text>"#
      )
    }
    out.append("  </g>")
    return out
  }

  private func pinLayer(_ placed: [PlacedPin]) -> [String] {
    var out = [#"  <g id="pins" stroke="\#(Palette.pinRim)" stroke-width="2">"#]
    for item in placed {
      let pin = item.pin
      let id = SVGMap.identifier(pin.venue.id.rawValue)
      let state = pin.isVisited ? "visited" : "unvisited"
      let fill = pin.isVisited ? Palette.visitedPin : Palette.unvisitedPin
      let title = "\(pin.venue.latestName), \(pin.venue.city) · \(SVGMap.visitsText(pin))"
      out.append(
        #"    <g id="pin-\#(id)" class="pin \#(state)" data-visits="\#(pin.visits)"><title>\#(SVGMap.escape(title))</title><circle cx="\#(SVGMap.n(item.point.x))" cy="\#(SVGMap.n(item.point.y))" r="\#(SVGMap.n(SVGMap.pinRadius))" fill="\#(fill)"/></g>"#
      )
    }
    out.append("  </g>")
    // The ring goes under the badges, so a count is never hidden.
    if let focused = placed.last, focused.pin.venue.id == focusedVenueID {
      out.append(
        #"  <circle id="focus-ring" cx="\#(SVGMap.n(focused.point.x))" cy="\#(SVGMap.n(focused.point.y))" r="\#(SVGMap.n(SVGMap.pinRadius + 5))" fill="none" stroke="\#(Palette.focusRing)" stroke-width="2.5"/>"#
      )
    }
    out.append(
      #"  <g id="badges" font-size="10" font-weight="bold" text-anchor="middle">"#)
    for item in placed where item.pin.isVisited {
      let (x, y, r) = SVGMap.badgeCircle(item)
      let count = SVGMap.badgeText(item.pin)
      out.append(
        #"    <g id="badge-\#(SVGMap.identifier(item.pin.venue.id.rawValue))"><circle cx="\#(SVGMap.n(x))" cy="\#(SVGMap.n(y))" r="\#(SVGMap.n(r))" fill="\#(Palette.badge)" stroke="white" stroke-width="1.5"/><text x="\#(SVGMap.n(x))" y="\#(SVGMap.n(y + 3.5))" fill="white">\#(count)</text></g>"#
      )
    }
    out.append("  </g>")
    return out
  }

  /// The badge's center and radius for a visited pin: at the pin's upper
  /// right, wider for two or more digits.
  static func badgeCircle(_ item: PlacedPin) -> (x: Double, y: Double, r: Double) {
    let r = badgeText(item.pin).count > 1 ? 9.0 : 7.5
    // Far enough out that the badge never covers the pin's center.
    let offset = max(pinRadius + 1, r - 0.5)
    return (item.point.x + offset, item.point.y - offset, r)
  }

  /// The box a badge covers (with its rim).
  static func badgeBox(_ item: PlacedPin) -> CanvasBox {
    let (x, y, r) = badgeCircle(item)
    return CanvasBox(minX: x - r - 1, minY: y - r - 1, maxX: x + r + 1, maxY: y + r + 1)
  }

  /// The boxes of the panels (legend, scale bar, card, "Reset View"): pins
  /// beneath them are hidden, labels avoid them.
  func panelBoxes() -> [CanvasBox] { Panels(map: self, placed: placedPins).boxes }

  /// The badge's number: the visit count, "99+" above 99.
  static func badgeText(_ pin: MapPin) -> String {
    pin.visits > 99 ? "99+" : String(pin.visits)
  }

  // MARK: Text

  /// "3 visits · last Jun 5, 2024" / "1 visit" / "not visited yet".
  static func visitsText(_ pin: MapPin) -> String {
    guard pin.isVisited else { return "not visited yet" }
    let count = Plural.count(pin.visits, "visit")
    guard let last = pin.lastVisit else { return count }
    return count + " · last \(last.longDescription)"
  }

  /// `s` as XML character data or attribute text: `& < > " '` as entities;
  /// line breaks and tabs become spaces; characters XML 1.0 forbids (other
  /// C0 controls, U+FFFE, U+FFFF) and DEL and C1 controls are dropped.
  public static func escape(_ s: String) -> String {
    XMLText.escape(s, whitespace: .asSpaces)
  }

  /// `s` on one line (line breaks and tabs as spaces, trimmed).
  static func singleLine(_ s: String) -> String {
    String(
      String.UnicodeScalarView(
        s.unicodeScalars.map { "\n\r\t".unicodeScalars.contains($0) ? " " : $0 })
    ).trimmingCharacters(in: .whitespaces)
  }

  /// An XML-name-safe id fragment: ASCII letters, digits, `-`, `_`; others
  /// become `_`.
  static func identifier(_ s: String) -> String {
    String(
      s.unicodeScalars.map { scalar -> Character in
        let v = scalar.value
        let ok =
          (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
          || v == 0x2D || v == 0x5F
        return ok ? Character(scalar) : "_"
      })
  }

  /// Estimated width of `text` in pixels at `size` (DejaVu Sans averages
  /// about 0.6 em per character; wide characters count double).
  static func textWidth(_ text: String, size: Double) -> Double {
    let units = text.unicodeScalars.reduce(0.0) { total, scalar in
      total + (scalar.value >= 0x1100 ? 1.2 : 0.62)
    }
    return units * size
  }

  /// `text` shortened with "…" to fit `width` pixels at `size`.
  static func truncated(_ text: String, toWidth width: Double, size: Double) -> String {
    guard textWidth(text, size: size) > width else { return text }
    var characters = Array(text)
    while !characters.isEmpty && textWidth(String(characters) + "…", size: size) > width {
      characters.removeLast()
    }
    return String(characters) + "…"
  }

  /// A pixel value with at most 2 decimals ("12", "12.5", "12.25").
  static func n(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// A path coordinate with one decimal.
  static func n1(_ value: Double) -> String { String(format: "%.1f", value) }

  /// The round step (1, 2 or 5 × 10ⁿ) nearest above `raw`; at least 1e-4.
  static func roundStep(_ raw: Double) -> Double {
    guard raw.isFinite, raw > 1e-4 else { return 1e-4 }
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    for m in [1.0, 2, 5, 10] where m * magnitude >= raw { return m * magnitude }
    return 10 * magnitude
  }

  /// The largest round length (1, 2 or 5 × 10ⁿ units) not longer than
  /// `maxMeters`, in units of `unitMeters` meters.
  static func roundLength(maxMeters: Double, unitMeters: Double) -> Double {
    let raw = maxMeters / unitMeters
    guard raw.isFinite, raw > 0 else { return 0 }
    let magnitude = pow(10, log10(raw).rounded(.down))
    for m in [5.0, 2, 1] where m * magnitude <= raw * (1 + 1e-12) { return m * magnitude }
    return magnitude
  }

  // MARK: Geometry

  /// Sutherland–Hodgman clipping of a closed ring to a box.
  /// - Complexity: O(n).
  static func clip(_ ring: [MapPoint], to box: CanvasBox) -> [MapPoint] {
    enum Edge: CaseIterable {
      case left, right, top, bottom
    }
    func inside(_ p: MapPoint, _ edge: Edge) -> Bool {
      switch edge {
      case .left: return p.x >= box.minX
      case .right: return p.x <= box.maxX
      case .top: return p.y >= box.minY
      case .bottom: return p.y <= box.maxY
      }
    }
    func cross(_ a: MapPoint, _ b: MapPoint, _ edge: Edge) -> MapPoint {
      switch edge {
      case .left, .right:
        let x = edge == .left ? box.minX : box.maxX
        let t = (x - a.x) / (b.x - a.x)
        return MapPoint(x: x, y: a.y + t * (b.y - a.y))
      case .top, .bottom:
        let y = edge == .top ? box.minY : box.maxY
        let t = (y - a.y) / (b.y - a.y)
        return MapPoint(x: a.x + t * (b.x - a.x), y: y)
      }
    }
    var output = ring
    for edge in Edge.allCases {
      let input = output
      output = []
      guard let last = input.last else { break }
      var previous = last
      for current in input {
        if inside(current, edge) {
          if !inside(previous, edge) { output.append(cross(previous, current, edge)) }
          output.append(current)
        } else if inside(previous, edge) {
          output.append(cross(previous, current, edge))
        }
        previous = current
      }
    }
    return output
  }
}

/// An axis-aligned rectangle on the canvas, in pixels.
struct CanvasBox: Sendable, Hashable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  /// The smallest box holding every point; nil for no points.
  init?(enclosing points: [MapPoint]) {
    guard let first = points.first else { return nil }
    var box = CanvasBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for p in points.dropFirst() {
      box.minX = min(box.minX, p.x)
      box.maxX = max(box.maxX, p.x)
      box.minY = min(box.minY, p.y)
      box.maxY = max(box.maxY, p.y)
    }
    self = box
  }

  init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// Whether the boxes overlap (touching edges do not count).
  func intersects(_ other: CanvasBox) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// Whether `other` lies entirely inside this box.
  func contains(_ other: CanvasBox) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }
}

/// The map's panels: legend (top left), scale bar (top right), the focused
/// venue's card (bottom left) and the "Reset View" note (bottom right, only
/// away from the default view). `boxes` are kept free of labels.
private struct Panels {
  var lines: [String] = []
  var boxes: [CanvasBox] = []

  init(map: SVGMap, placed: [SVGMap.PlacedPin]) {
    let projection = map.projection
    let width = projection.width
    let height = projection.height
    let n = SVGMap.n
    let e = SVGMap.escape
    let pad = 10.0

    // Legend.
    let visited = placed.filter(\.pin.isVisited).count
    let unvisited = placed.count - visited
    let title = "SportsTime progress map"
    let visitedText = "Visited (\(visited))"
    let unvisitedText = "Not yet (\(unvisited))"
    let legendWidth =
      max(
        SVGMap.textWidth(title, size: 14),
        34 + SVGMap.textWidth(visitedText, size: 12) + 24
          + SVGMap.textWidth(unvisitedText, size: 12)
      ) + 2 * pad
    let legend = CanvasBox(minX: 12, minY: 12, maxX: 12 + legendWidth, maxY: 12 + 52)
    boxes.append(legend)
    let row = legend.minY + 40
    let secondX = legend.minX + pad + 34 + SVGMap.textWidth(visitedText, size: 12)
    lines += [
      #"  <g id="legend">"#,
      panel(legend),
      #"    <text x="\#(n(legend.minX + pad))" y="\#(n(legend.minY + 21))" font-size="14" font-weight="bold" fill="\#(SVGMap.Palette.text)">\#(e(title))</text>"#,
      #"    <circle cx="\#(n(legend.minX + pad + 6))" cy="\#(n(row - 4))" r="6" fill="\#(SVGMap.Palette.visitedPin)" stroke="white" stroke-width="2"/>"#,
      #"    <text x="\#(n(legend.minX + pad + 16))" y="\#(n(row))" font-size="12" fill="\#(SVGMap.Palette.text)">\#(e(visitedText))</text>"#,
      #"    <circle cx="\#(n(secondX + 6))" cy="\#(n(row - 4))" r="6" fill="\#(SVGMap.Palette.unvisitedPin)" stroke="white" stroke-width="2"/>"#,
      #"    <text x="\#(n(secondX + 16))" y="\#(n(row))" font-size="12" fill="\#(SVGMap.Palette.text)">\#(e(unvisitedText))</text>"#,
      "  </g>",
    ]

    // Scale bar at the view's center latitude, in miles (or feet) and
    // kilometres (or metres).
    let metersPerPixel = projection.metersPerPixel(
      atLatitude: projection.viewport.center.latitude)
    let maxBar = 120.0
    if metersPerPixel.isFinite, metersPerPixel > 0 {
      let maxMeters = maxBar * metersPerPixel
      let imperial =
        maxMeters >= 1609.344
        ? (SVGMap.roundLength(maxMeters: maxMeters, unitMeters: 1609.344), 1609.344, "mi")
        : (SVGMap.roundLength(maxMeters: maxMeters, unitMeters: 0.3048), 0.3048, "ft")
      let metric =
        maxMeters >= 1000
        ? (SVGMap.roundLength(maxMeters: maxMeters, unitMeters: 1000), 1000.0, "km")
        : (SVGMap.roundLength(maxMeters: maxMeters, unitMeters: 1), 1.0, "m")
      let box = CanvasBox(
        minX: width - 12 - maxBar - 2 * pad - 56, minY: 12, maxX: width - 12, maxY: 12 + 52)
      boxes.append(box)
      lines += [#"  <g id="scale-bar" font-size="11" fill="\#(SVGMap.Palette.text)">"#, panel(box)]
      for (index, (value, unit, name)) in [imperial, metric].enumerated() {
        let length = value * unit / metersPerPixel
        let x0 = box.minX + pad
        let y = box.minY + 18 + Double(index) * 20
        let label = "\(SVGMap.lengthText(value)) \(name)"
        lines.append(
          #"    <path d="M\#(n(x0)) \#(n(y - 5))V\#(n(y))H\#(n(x0 + length))V\#(n(y - 5))" fill="none" stroke="\#(SVGMap.Palette.text)" stroke-width="1.5"/><text x="\#(n(x0 + length + 6))" y="\#(n(y + 1))">\#(e(label))</text>"#
        )
      }
      lines.append("  </g>")
    }

    // The focused venue's card.
    if let pin = map.focusedPin {
      let venue = pin.venue
      let name = SVGMap.singleLine(venue.latestName)
      let place = SVGMap.singleLine(
        venue.city + ", " + (["US", "CA"].contains(venue.country) ? venue.region : venue.country))
      let visits: String
      if pin.isVisited {
        visits = Plural.count(pin.visits, "visit")
      } else {
        visits = "Not visited yet"
      }
      let last = pin.lastVisit.map { "Last visit: \($0.longDescription)" }
      let maxText = max(120, min(width - 24 - 2 * pad, 420))
      let textWidth =
        [
          SVGMap.textWidth(name, size: 15), SVGMap.textWidth(place, size: 12),
          SVGMap.textWidth(visits, size: 12), last.map { SVGMap.textWidth($0, size: 12) } ?? 0,
        ].max() ?? 0
      let cardWidth = min(textWidth, maxText) + 2 * pad
      let cardHeight = last == nil ? 74.0 : 92.0
      let box = CanvasBox(
        minX: 12, minY: height - 12 - cardHeight, maxX: 12 + cardWidth, maxY: height - 12)
      boxes.append(box)
      let x = n(box.minX + pad)
      let fit = { (text: String, size: Double) in
        e(SVGMap.truncated(text, toWidth: maxText, size: size))
      }
      lines += [
        #"  <g id="card" fill="\#(SVGMap.Palette.text)">"#,
        panel(box),
        #"    <text x="\#(x)" y="\#(n(box.minY + 24))" font-size="15" font-weight="bold">\#(fit(name, 15))</text>"#,
        #"    <text x="\#(x)" y="\#(n(box.minY + 43))" font-size="12" fill="\#(SVGMap.Palette.mutedText)">\#(fit(place, 12))</text>"#,
        #"    <text x="\#(x)" y="\#(n(box.minY + 63))" font-size="12" font-weight="bold" fill="\#(pin.isVisited ? SVGMap.Palette.visitedPin : SVGMap.Palette.mutedText)">\#(e(visits))</text>"#,
      ]
      if let last {
        lines.append(
          #"    <text x="\#(x)" y="\#(n(box.minY + 81))" font-size="12">\#(e(last))</text>"#)
      }
      lines.append("  </g>")
    }

    // "Reset View", only away from the default (as in the seed).
    if !projection.viewport.isDefault {
      let text = "Reset View: sportstime map --reset"
      let w = SVGMap.textWidth(text, size: 12) + 2 * pad
      let box = CanvasBox(
        minX: width - 12 - w, minY: height - 12 - 30, maxX: width - 12, maxY: height - 12)
      boxes.append(box)
      lines += [
        #"  <g id="reset-view">"#,
        panel(box),
        #"    <text x="\#(n(box.minX + pad))" y="\#(n(box.minY + 19))" font-size="12" fill="\#(SVGMap.Palette.focusRing)">\#(e(text))</text>"#,
        "  </g>",
      ]
    }
  }

  /// A rounded white panel filling `box`.
  private func panel(_ box: CanvasBox) -> String {
    let n = SVGMap.n
    return
      #"    <rect x="\#(n(box.minX))" y="\#(n(box.minY))" width="\#(n(box.maxX - box.minX))" height="\#(n(box.maxY - box.minY))" rx="6" fill="\#(SVGMap.Palette.panel)" fill-opacity="0.92" stroke="\#(SVGMap.Palette.panelBorder)"/>"#
  }
}

extension SVGMap {
  /// A scale-bar length: whole numbers plainly, fractions with up to 3
  /// significant digits ("500", "0.5").
  static func lengthText(_ value: Double) -> String {
    value >= 1 ? String(Int(value.rounded())) : String(format: "%.3g", value)
  }
}
