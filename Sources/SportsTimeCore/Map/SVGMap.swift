import Foundation

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
/// (bottom right; with the front end's hint when given, e.g. "Reset View:
/// sportstime map --reset").
///
/// What goes where is the `MapScene`'s (pins, badges, labels, outlines,
/// graticule, panels); this type writes that scene as SVG and adds only
/// colours, fonts and markup.
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

  /// The canvas width used when none is given, in pixels.
  public static let defaultWidth = MapScene.defaultWidth

  /// A pin with its place on the canvas.
  public typealias PlacedPin = MapScene.PlacedPin
  /// A label with its place.
  public typealias PlacedLabel = MapScene.PlacedLabel

  /// What is drawn where.
  public let scene: MapScene

  /// How coordinates become pixels (and the canvas size).
  public var projection: MapProjection { scene.projection }
  /// Every venue that may appear; those off the canvas are left out.
  public var pins: [MapPin] { scene.pins }
  /// The venue whose card is shown (and whose pin is ringed), if any.
  public var focusedVenueID: Venue.ID? { scene.focusedVenueID }
  /// Outlines drawn beneath the pins, if any.
  public var basemap: Basemap? { scene.basemap }

  /// A map of `viewport` on a canvas `width` pixels wide whose height shows
  /// the viewport exactly (`MapProjection.canvasHeight(for:width:)`).
  /// - Parameters:
  ///   - viewport: what to show.
  ///   - pins: the venues, with visit counts.
  ///   - focusedVenueID: the venue whose card to show; ignored when no pin
  ///     has this id.
  ///   - basemap: outlines to draw beneath, if any.
  ///   - width: canvas width in pixels (default 1200).
  ///   - resetHint: what the "Reset View" note says after "Reset View: "
  ///     (how the front end resets the view); nil for the note alone.
  public init(
    viewport: MapViewport, pins: [MapPin], focusedVenueID: Venue.ID? = nil,
    basemap: Basemap? = nil, width: Double = SVGMap.defaultWidth, resetHint: String? = nil
  ) {
    self.init(
      projection: MapProjection(viewport: viewport, width: width), pins: pins,
      focusedVenueID: focusedVenueID, basemap: basemap, resetHint: resetHint)
  }

  /// A map drawn with an explicit projection (and so canvas size).
  public init(
    projection: MapProjection, pins: [MapPin], focusedVenueID: Venue.ID? = nil,
    basemap: Basemap? = nil, resetHint: String? = nil
  ) {
    self.init(
      scene: MapScene(
        projection: projection, pins: pins, focusedVenueID: focusedVenueID, basemap: basemap,
        resetHint: resetHint))
  }

  /// The SVG writer of `scene`.
  public init(scene: MapScene) {
    self.scene = scene
  }

  /// The focused venue's pin (on the canvas or not).
  public var focusedPin: MapPin? { scene.focusedPin }

  /// The pins drawn, in drawing order: unvisited, then visited, each by
  /// venue id, the focused pin last.
  /// - Complexity: O(n log n) for n pins.
  public var placedPins: [PlacedPin] { scene.placedPins }

  // MARK: Rendering

  /// The SVG document: UTF-8 XML, LF line ends, ending with a newline.
  /// - Complexity: O(p log p + v) for p pins and v basemap positions.
  public func render() -> String {
    let width = projection.width
    let height = projection.height
    let viewport = projection.viewport
    let placed = placedPins
    let panels = scene.panels(placed: placed)
    var out: [String] = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(SVGMap.n(width))" height="\#(SVGMap.n(height))" viewBox="0 0 \#(SVGMap.n(width)) \#(SVGMap.n(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#,
      "  <title>SportsTime progress map</title>",
      "  <desc>\(SVGMap.escape("Viewport \(viewport). Projection: equirectangular, standard parallel \(MapProjection.standardParallel)° N, \(SVGMap.n(projection.pixelsPerDegree)) px per degree of latitude."))</desc>",
      #"  <rect id="background" x="0" y="0" width="\#(SVGMap.n(width))" height="\#(SVGMap.n(height))" fill="\#(Palette.water)"/>"#,
    ]
    if basemap != nil { out += basemapLayer(scene.outlines) }
    out += graticuleLayer()
    out += labelLayer(placed: placed, reserved: panels.boxes)
    out += pinLayer(placed)
    out += panelLayer(panels)
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// The outlines as one path per feature (ids made unique).
  func basemapLayer(_ outlines: [MapScene.Outline]) -> [String] {
    var out = [
      #"  <g id="basemap" fill="\#(Palette.land)" fill-rule="evenodd" stroke="\#(Palette.border)" stroke-width="0.8" stroke-linejoin="round">"#
    ]
    var seen: Set<String> = []
    for outline in outlines {
      var d = ""
      for clipped in outline.rings {
        d +=
          "M"
          + clipped.map { "\(SVGMap.n1($0.x)) \(SVGMap.n1($0.y))" }
          .joined(separator: "L") + "Z"
      }
      var id = "area-" + SVGMap.identifier(outline.featureID)
      while !seen.insert(id).inserted { id += "-x" }
      out.append(
        #"    <path id="\#(id)" d="\#(d)"><title>\#(SVGMap.escape(outline.name))</title></path>"#)
    }
    out.append("  </g>")
    return out
  }

  /// The graticule as one dashed path.
  func graticuleLayer() -> [String] {
    let (parallels, meridians) = scene.graticule
    var d = ""
    for y in parallels { d += "M0 \(SVGMap.n1(y))H\(SVGMap.n1(projection.width))" }
    for x in meridians { d += "M\(SVGMap.n1(x)) 0V\(SVGMap.n1(projection.height))" }
    guard !d.isEmpty else { return [] }
    return [
      #"  <path id="graticule" d="\#(d)" fill="none" stroke="\#(Palette.graticule)" stroke-width="0.5" stroke-dasharray="2 3"/>"#
    ]
  }

  private func labelLayer(placed: [PlacedPin], reserved: [CanvasBox]) -> [String] {
    var out = [
      #"  <g id="labels" font-size="\#(SVGMap.n(MapScene.labelSize))" fill="\#(Palette.text)" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke">"#
    ]
    for label in scene.placedLabels(placed: placed, reserved: reserved) {
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
      let title = "\(pin.venue.latestName), \(pin.venue.city) · \(MapScene.visitsText(pin))"
      out.append(
        #"    <g id="pin-\#(id)" class="pin \#(state)" data-visits="\#(pin.visits)"><title>\#(SVGMap.escape(title))</title><circle cx="\#(SVGMap.n(item.point.x))" cy="\#(SVGMap.n(item.point.y))" r="\#(SVGMap.n(MapScene.pinRadius))" fill="\#(fill)"/></g>"#
      )
    }
    out.append("  </g>")
    // The ring goes under the badges, so a count is never hidden.
    if let focused = placed.last, focused.pin.venue.id == scene.focusedVenueID {
      out.append(
        #"  <circle id="focus-ring" cx="\#(SVGMap.n(focused.point.x))" cy="\#(SVGMap.n(focused.point.y))" r="\#(SVGMap.n(MapScene.pinRadius + 5))" fill="none" stroke="\#(Palette.focusRing)" stroke-width="2.5"/>"#
      )
    }
    out.append(
      #"  <g id="badges" font-size="10" font-weight="bold" text-anchor="middle">"#)
    for item in placed where item.pin.isVisited {
      let (x, y, r) = MapScene.badgeCircle(item)
      let count = MapScene.badgeText(item.pin)
      out.append(
        #"    <g id="badge-\#(SVGMap.identifier(item.pin.venue.id.rawValue))"><circle cx="\#(SVGMap.n(x))" cy="\#(SVGMap.n(y))" r="\#(SVGMap.n(r))" fill="\#(Palette.badge)" stroke="white" stroke-width="1.5"/><text x="\#(SVGMap.n(x))" y="\#(SVGMap.n(y + 3.5))" fill="white">\#(count)</text></g>"#
      )
    }
    out.append("  </g>")
    return out
  }

  /// The legend, scale bar, card and "Reset View" note.
  private func panelLayer(_ panels: MapScene.Panels) -> [String] {
    let n = SVGMap.n
    let e = SVGMap.escape
    let pad = MapScene.panelPadding
    let legend = panels.legend
    let box = legend.box
    var lines = [
      #"  <g id="legend">"#,
      panel(box),
      #"    <text x="\#(n(box.minX + pad))" y="\#(n(box.minY + 21))" font-size="14" font-weight="bold" fill="\#(Palette.text)">\#(e(legend.title))</text>"#,
      #"    <circle cx="\#(n(box.minX + pad + 6))" cy="\#(n(legend.row - 4))" r="6" fill="\#(Palette.visitedPin)" stroke="white" stroke-width="2"/>"#,
      #"    <text x="\#(n(box.minX + pad + 16))" y="\#(n(legend.row))" font-size="12" fill="\#(Palette.text)">\#(e(legend.visitedText))</text>"#,
      #"    <circle cx="\#(n(legend.secondX + 6))" cy="\#(n(legend.row - 4))" r="6" fill="\#(Palette.unvisitedPin)" stroke="white" stroke-width="2"/>"#,
      #"    <text x="\#(n(legend.secondX + 16))" y="\#(n(legend.row))" font-size="12" fill="\#(Palette.text)">\#(e(legend.unvisitedText))</text>"#,
      "  </g>",
    ]
    if let scale = panels.scale {
      lines += [#"  <g id="scale-bar" font-size="11" fill="\#(Palette.text)">"#, panel(scale.box)]
      for bar in scale.bars {
        let (x0, y, length) = (bar.x, bar.y, bar.length)
        lines.append(
          #"    <path d="M\#(n(x0)) \#(n(y - 5))V\#(n(y))H\#(n(x0 + length))V\#(n(y - 5))" fill="none" stroke="\#(Palette.text)" stroke-width="1.5"/><text x="\#(n(x0 + length + 6))" y="\#(n(y + 1))">\#(e(bar.label))</text>"#
        )
      }
      lines.append("  </g>")
    }
    if let card = panels.card {
      let box = card.box
      let x = n(box.minX + pad)
      lines += [
        #"  <g id="card" fill="\#(Palette.text)">"#,
        panel(box),
        #"    <text x="\#(x)" y="\#(n(box.minY + 24))" font-size="15" font-weight="bold">\#(e(card.name))</text>"#,
        #"    <text x="\#(x)" y="\#(n(box.minY + 43))" font-size="12" fill="\#(Palette.mutedText)">\#(e(card.place))</text>"#,
        #"    <text x="\#(x)" y="\#(n(box.minY + 63))" font-size="12" font-weight="bold" fill="\#(card.isVisited ? Palette.visitedPin : Palette.mutedText)">\#(e(card.visits))</text>"#,
      ]
      if let last = card.lastVisit {
        lines.append(
          #"    <text x="\#(x)" y="\#(n(box.minY + 81))" font-size="12">\#(e(last))</text>"#)
      }
      lines.append("  </g>")
    }
    if let note = panels.resetNote {
      let box = note.box
      lines += [
        #"  <g id="reset-view">"#,
        panel(box),
        #"    <text x="\#(n(box.minX + pad))" y="\#(n(box.minY + 19))" font-size="12" fill="\#(Palette.focusRing)">\#(e(note.text))</text>"#,
        "  </g>",
      ]
    }
    return lines
  }

  /// A rounded white panel filling `box`.
  private func panel(_ box: CanvasBox) -> String {
    let n = SVGMap.n
    return
      #"    <rect x="\#(n(box.minX))" y="\#(n(box.minY))" width="\#(n(box.maxX - box.minX))" height="\#(n(box.maxY - box.minY))" rx="6" fill="\#(Palette.panel)" fill-opacity="0.92" stroke="\#(Palette.panelBorder)"/>"#
  }

  // MARK: Text

  /// `s` as XML character data or attribute text: `& < > " '` as entities;
  /// line breaks and tabs become spaces; characters XML 1.0 forbids (other
  /// C0 controls, U+FFFE, U+FFFF) and DEL and C1 controls are dropped.
  public static func escape(_ s: String) -> String {
    XMLText.escape(s, whitespace: .asSpaces)
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

  /// A pixel value with at most 2 decimals ("12", "12.5", "12.25").
  /// `%.2f`'s rounding (`FixedPoint.scaled`), trailing zeros and a bare
  /// point left out, `0` for anything that rounds to zero.
  static func n(_ value: Double) -> String {
    guard let (negative, units) = FixedPoint.scaled(value, decimals: 2) else {
      var text = String(format: "%.2f", value)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text == "-0" ? "0" : text
    }
    return FixedPoint.digits(
      negative: negative && units != 0, units: units, decimals: 2, trimmingZeros: true)
  }

  /// A path coordinate with one decimal (`%.1f`).
  static func n1(_ value: Double) -> String {
    FixedPoint.exactText(value, decimals: 1) ?? String(format: "%.1f", value)
  }
}
