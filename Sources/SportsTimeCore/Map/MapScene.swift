import Foundation

/// The progress map as geometry, before any drawing: which pins are on the
/// canvas and where, where their badges and labels go, the projected and
/// clipped basemap outlines, the graticule, and the panels (legend, scale
/// bar, the focused venue's card, the "Reset View" note) with their boxes
/// and texts. `SVGMap` writes a scene as SVG; a PDF or browser map can draw
/// the same scene.
///
/// Pins are placed by `projection` (see `MapProjection`: equirectangular,
/// standard parallel 37° N); a pin is on the canvas when its center is on
/// it or within its radius of it. Labels are placed greedily (focused,
/// then visited, then the rest, by name) to the right, left, above or below
/// a pin, and left out where they would overlap a pin, a badge, another
/// label or a panel, so every label drawn is readable. Everything is
/// deterministic: the same input gives the same scene.
public struct MapScene: Sendable {
  /// Pin radius in pixels (without the 2-pixel rim).
  public static let pinRadius = 6.0
  /// The canvas width used when none is given, in pixels.
  public static let defaultWidth = 1200.0
  /// Label font size in pixels.
  public static let labelSize = 12.0

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
  /// What the "Reset View" note adds after "Reset View: " (a front end's
  /// own way back to the default view); nil shows "Reset View" alone.
  public let resetHint: String?

  /// A scene drawn with `projection` (and so its canvas size).
  /// - Parameters:
  ///   - projection: how coordinates become pixels.
  ///   - pins: the venues, with visit counts.
  ///   - focusedVenueID: the venue whose card to show; ignored when no pin
  ///     has this id.
  ///   - basemap: outlines to draw beneath, if any.
  ///   - resetHint: the note's hint away from the default view, if any.
  public init(
    projection: MapProjection, pins: [MapPin], focusedVenueID: Venue.ID? = nil,
    basemap: Basemap? = nil, resetHint: String? = nil
  ) {
    self.projection = projection
    self.pins = pins
    self.focusedVenueID = focusedVenueID
    self.basemap = basemap
    self.resetHint = resetHint
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
    let margin = MapScene.pinRadius + 2
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

  /// Greedy, collision-free labels: see the type's discussion.
  public func placedLabels(placed: [PlacedPin], reserved: [CanvasBox]) -> [PlacedLabel] {
    let r = MapScene.pinRadius + 2
    var taken =
      reserved
      + placed.map {
        CanvasBox(
          minX: $0.point.x - r, minY: $0.point.y - r, maxX: $0.point.x + r, maxY: $0.point.y + r)
      }
    taken += placed.filter(\.pin.isVisited).map { MapScene.badgeBox($0) }
    let canvas = CanvasBox(
      minX: 2, minY: 2, maxX: projection.width - 2, maxY: projection.height - 2)
    let order = placed.sorted { a, b in
      let ka = (a.pin.venue.id == focusedVenueID ? 0 : 1, a.pin.isVisited ? 0 : 1)
      let kb = (b.pin.venue.id == focusedVenueID ? 0 : 1, b.pin.isVisited ? 0 : 1)
      if ka != kb { return ka < kb }
      return (a.pin.venue.latestName, a.pin.venue.id) < (b.pin.venue.latestName, b.pin.venue.id)
    }
    var labels: [PlacedLabel] = []
    let size = MapScene.labelSize
    for item in order {
      let text = MapScene.singleLine(item.pin.venue.latestName)
      // To the right of a visited pin, start after its badge.
      let right =
        item.pin.isVisited
        ? MapScene.badgeBox(item).maxX + 2 : item.point.x + MapScene.pinRadius + 4
      if let (x, y, anchor) = MapScene.labelPlace(
        text, beside: item.point, gap: MapScene.pinRadius + 4, rightStart: right, size: size,
        canvas: canvas, taken: &taken)
      {
        labels.append(
          PlacedLabel(venueID: item.pin.venue.id, text: text, x: x, y: y, anchor: anchor))
      }
    }
    return labels
  }

  /// Where a label `text` beside a marker at `point` goes: the first of
  /// right (starting at `rightStart`), left, above and below (each `gap`
  /// pixels from the point) whose box lies on `canvas` and overlaps nothing
  /// in `taken`; that box is then added to `taken`. Nil when none is free
  /// (the label is left out). The greedy rule of every map (`MapScene`,
  /// `RouteMapScene`).
  /// - Returns: the anchor x, the baseline y and the SVG `text-anchor`.
  public static func labelPlace(
    _ text: String, beside p: MapPoint, gap: Double, rightStart right: Double, size: Double,
    canvas: CanvasBox, taken: inout [CanvasBox]
  ) -> (x: Double, y: Double, anchor: String)? {
    let w = MapScene.textWidth(text, size: size)
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
      return (x, y, anchor)
    }
    return nil
  }

  /// The badge's center and radius for a visited pin: at the pin's upper
  /// right, wider for two or more digits.
  public static func badgeCircle(_ item: PlacedPin) -> (x: Double, y: Double, r: Double) {
    let r = badgeText(item.pin).count > 1 ? 9.0 : 7.5
    // Far enough out that the badge never covers the pin's center.
    let offset = max(pinRadius + 1, r - 0.5)
    return (item.point.x + offset, item.point.y - offset, r)
  }

  /// The box a badge covers (with its rim).
  public static func badgeBox(_ item: PlacedPin) -> CanvasBox {
    let (x, y, r) = badgeCircle(item)
    return CanvasBox(minX: x - r - 1, minY: y - r - 1, maxX: x + r + 1, maxY: y + r + 1)
  }

  /// The badge's number: the visit count, "99+" above 99.
  public static func badgeText(_ pin: MapPin) -> String {
    pin.visits > 99 ? "99+" : String(pin.visits)
  }

  // MARK: Outlines and graticule

  /// A basemap feature's rings, projected and clipped to the canvas (with
  /// a margin wider than any stroke, so clip edges are never seen); rings
  /// off the canvas or clipped to fewer than 3 points are left out.
  public struct Outline: Sendable, Hashable {
    /// The feature's id (not unique across features).
    public var featureID: String
    /// The feature's name.
    public var name: String
    /// The rings, in canvas pixels.
    public var rings: [[MapPoint]]
  }

  /// The basemap's features with something on the canvas, in file order.
  public var outlines: [Outline] {
    guard let basemap else { return [] }
    let margin = 8.0
    let clip = CanvasBox(
      minX: -margin, minY: -margin, maxX: projection.width + margin,
      maxY: projection.height + margin)
    var result: [Outline] = []
    for feature in basemap.features {
      var rings: [[MapPoint]] = []
      for polygon in feature.polygons {
        for ring in polygon {
          let longitudes = projection.continuousLongitudes(ring.map(\.longitude))
          let points = zip(ring, longitudes).map {
            projection.point(latitude: $0.0.latitude, longitude: $0.1, wrap: false)
          }
          guard let bounds = CanvasBox(enclosing: points), bounds.intersects(clip) else { continue }
          let clipped = clip.contains(bounds) ? points : MapScene.clip(points, to: clip)
          guard clipped.count >= 3 else { continue }
          rings.append(clipped)
        }
      }
      guard !rings.isEmpty else { continue }
      result.append(Outline(featureID: feature.id, name: feature.name, rings: rings))
    }
    return result
  }

  /// Parallels and meridians at a round step giving about 3–8 lines a
  /// side: the canvas y of each parallel and x of each meridian, in pixels.
  public var graticule: (parallels: [Double], meridians: [Double]) {
    let width = projection.width
    let height = projection.height
    let topLeft = projection.coordinate(at: MapPoint(x: 0, y: 0))
    let bottom = projection.coordinate(at: MapPoint(x: 0, y: height)).latitude
    let latitudeExtent = topLeft.latitude - bottom
    let longitudeExtent = width / (projection.pixelsPerDegree * MapProjection.longitudeScale)
    let step = MapScene.roundStep(max(latitudeExtent, longitudeExtent) / 6)
    var parallels: [Double] = []
    var lat = (bottom / step).rounded(.up) * step
    while lat <= topLeft.latitude && lat <= 90 {
      parallels.append(
        projection.point(
          latitude: lat, longitude: projection.viewport.center.longitude, wrap: false
        ).y)
      lat += step
    }
    var meridians: [Double] = []
    let west = projection.viewport.center.longitude - longitudeExtent / 2
    var lon = (west / step).rounded(.up) * step
    while lon <= west + longitudeExtent {
      meridians.append(
        projection.point(
          latitude: projection.viewport.center.latitude, longitude: lon, wrap: false
        ).x)
      lon += step
    }
    return (parallels, meridians)
  }

  // MARK: Text

  /// "3 visits · last Jun 5, 2024" / "1 visit" / "not visited yet".
  public static func visitsText(_ pin: MapPin) -> String {
    guard pin.isVisited else { return "not visited yet" }
    let count = Plural.count(pin.visits, "visit")
    guard let last = pin.lastVisit else { return count }
    return count + " · last \(last.longDescription)"
  }

  /// `s` on one line (line breaks and tabs as spaces, trimmed).
  public static func singleLine(_ s: String) -> String {
    // Printable ASCII that starts and ends with a character other than a
    // space has nothing to replace or trim (nearly every venue's name).
    let utf8 = s.utf8
    if let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20,
      utf8.allSatisfy({ (0x20...0x7E).contains($0) })
    {
      return s
    }
    return String(
      String.UnicodeScalarView(
        s.unicodeScalars.map { "\n\r\t".unicodeScalars.contains($0) ? " " : $0 })
    ).trimmingCharacters(in: .whitespaces)
  }

  /// Estimated width of `text` in pixels at `size` (DejaVu Sans averages
  /// about 0.6 em per character; wide characters count double).
  public static func textWidth(_ text: String, size: Double) -> Double {
    let units = text.unicodeScalars.reduce(0.0) { total, scalar in
      total + (scalar.value >= 0x1100 ? 1.2 : 0.62)
    }
    return units * size
  }

  /// `text` shortened with "…" to fit `width` pixels at `size`.
  public static func truncated(_ text: String, toWidth width: Double, size: Double) -> String {
    guard textWidth(text, size: size) > width else { return text }
    var characters = Array(text)
    while !characters.isEmpty && textWidth(String(characters) + "…", size: size) > width {
      characters.removeLast()
    }
    return String(characters) + "…"
  }

  /// The round step (1, 2 or 5 × 10ⁿ) nearest above `raw`; at least 1e-4.
  public static func roundStep(_ raw: Double) -> Double {
    guard raw.isFinite, raw > 1e-4 else { return 1e-4 }
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    for m in [1.0, 2, 5, 10] where m * magnitude >= raw { return m * magnitude }
    return 10 * magnitude
  }

  /// The largest round length (1, 2 or 5 × 10ⁿ units) not longer than
  /// `maxMeters`, in units of `unitMeters` meters.
  public static func roundLength(maxMeters: Double, unitMeters: Double) -> Double {
    let raw = maxMeters / unitMeters
    guard raw.isFinite, raw > 0 else { return 0 }
    let magnitude = pow(10, log10(raw).rounded(.down))
    for m in [5.0, 2, 1] where m * magnitude <= raw * (1 + 1e-12) { return m * magnitude }
    return magnitude
  }

  /// A scale-bar length: whole numbers plainly, fractions with up to 3
  /// significant digits ("500", "0.5").
  public static func lengthText(_ value: Double) -> String {
    value >= 1 ? String(Int(value.rounded())) : String(format: "%.3g", value)
  }

  // MARK: Geometry

  /// Sutherland–Hodgman clipping of a closed ring to a box.
  /// - Complexity: O(n).
  public static func clip(_ ring: [MapPoint], to box: CanvasBox) -> [MapPoint] {
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
public struct CanvasBox: Sendable, Hashable {
  /// Left edge.
  public var minX: Double
  /// Top edge (y grows downward).
  public var minY: Double
  /// Right edge.
  public var maxX: Double
  /// Bottom edge.
  public var maxY: Double

  /// The smallest box holding every point; nil for no points.
  public init?(enclosing points: [MapPoint]) {
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

  /// A box with these edges, in pixels.
  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// Whether the boxes overlap (touching edges do not count).
  public func intersects(_ other: CanvasBox) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// Whether `other` lies entirely inside this box.
  public func contains(_ other: CanvasBox) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }
}
