import Foundation
import SportsTimeCore

/// The paper a PDF is laid out on.
public enum Paper: String, CaseIterable, Sendable, Hashable {
  /// US Letter, 8.5 × 11 in (612 × 792 pt).
  case letter
  /// ISO A4, 210 × 297 mm (595.28 × 841.89 pt).
  case a4

  /// Width and height in PDF points (1/72 in).
  public var size: (width: Double, height: Double) {
    switch self {
    case .letter: return (612, 792)
    case .a4: return (210 / 25.4 * 72, 297 / 25.4 * 72)
    }
  }
}

/// A trip as a PDF (issue 13), drawn with cairo and pango.
///
/// Page 1 is the cover: the trip's name (wrapped), its dates, the figures
/// (days, games, cities, travel distance), the route map (`RouteMapScene`:
/// the US states beneath, the route's line and the stops numbered in
/// visual order) with the schedules' credit, the notes (estimates,
/// Retrosheet's statement) and the stops listed by number. Then every day
/// in the layout's order (`PrintedItinerary`, which takes its order from
/// `itinerary.layout` and nothing else): the day's header, then its rows —
/// games with local time, zone and the `est.` mark, travel legs with mode,
/// distance, duration and "tight", the traveller's items with icon, time
/// and address — and the Unscheduled section last. A day's header is never
/// left at the foot of a page without its first row, and a day that runs
/// onto the next page has its header repeated there, "(continued)". Every
/// page has the trip's name and "Page N of M" in its footer.
///
/// Text a user typed is set as plain text (never pango markup), left to
/// right whatever its script, and emoji are drawn from glyph fonts where
/// one has them (`Font.families`), so the PDF's text can be searched and
/// copied; fonts are embedded as subsets. The document's creation date is
/// the trip's `modifiedAt` and nothing depends on the clock or the
/// machine's zone or locale: the same trip gives the same bytes.
public enum PDFExport {
  /// Page margin, points.
  static let margin = 54.0
  /// One PDF is drawn at a time in a process: fontconfig and pango's font
  /// maps are shared by every layout, and the server draws on several
  /// threads.
  private static let drawing = NSLock()
  /// Where the cover's map starts, points from the page's top.
  static let mapTop = 222.0
  /// Room under the map for the credit and the footer, points.
  static let mapFoot = 84.0

  /// The cover map's frame on page 1 for `paper`, in points from the top
  /// left: the `RouteMapScene` is drawn with its canvas there, one scene
  /// pixel per point.
  public static func mapFrame(paper: Paper) -> (x: Double, y: Double, width: Double, height: Double)
  {
    let (width, height) = paper.size
    let mapWidth = width - 2 * margin
    // About as wide as the continental United States shows (1.5 : 1),
    // never taller than the page has room for.
    return (margin, mapTop, mapWidth, min(height - mapTop - mapFoot, (mapWidth / 1.5).rounded()))
  }

  /// The scene the cover draws: `itinerary`'s route (`TripRoute`, the
  /// default estimator) fitted to `mapFrame(paper:)`.
  public static func routeScene(
    _ itinerary: Itinerary, basemap: Basemap?, paper: Paper
  ) -> RouteMapScene {
    let frame = mapFrame(paper: paper)
    return RouteMapScene(
      route: TripRoute(itinerary: itinerary, estimator: .default), basemap: basemap,
      width: frame.width, height: frame.height)
  }

  /// The PDF of `itinerary`.
  /// - Parameters:
  ///   - itinerary: the trip.
  ///   - catalog: venue names and cities.
  ///   - basemap: the outlines beneath the route (the US states), if any.
  ///   - paper: letter (default) or A4.
  ///   - metric: distances in kilometres (default miles).
  ///   - unscheduledHint: how the reader moves Unscheduled rows back, in
  ///     the front end's words (`PrintedItinerary`).
  /// - Returns: the document's bytes.
  /// - Throws: `RenderError` when cairo or pango cannot be loaded or fail.
  /// - Complexity: O(n) for n rows, plus the basemap's positions.
  public static func render(
    _ itinerary: Itinerary, catalog: Catalog, basemap: Basemap?, paper: Paper = .letter,
    metric: Bool = false, unscheduledHint: String? = nil
  ) throws -> [UInt8] {
    let printed = PrintedItinerary(
      itinerary, catalog: catalog, metric: metric, unscheduledHint: unscheduledHint)
    let scene = routeScene(itinerary, basemap: basemap, paper: paper)
    drawing.lock()
    defer { drawing.unlock() }
    let (width, height) = paper.size
    let canvas = try PDFCanvas(
      width: width, height: height, title: printed.title, created: printed.date)
    let document = PDFDocument(canvas: canvas, paper: paper, printed: printed)
    let pages = try document.paginate()
    try document.drawCover(scene: scene, pageCount: pages.count + 1)
    for (index, page) in pages.enumerated() {
      for placed in page { placed.draw(canvas) }
      try document.drawFooter(page: index + 2, of: pages.count + 1)
      canvas.showPage()
    }
    return try canvas.finish()
  }
}

/// One PDF's pages being laid out and drawn (`PDFExport.render`).
struct PDFDocument {
  /// A piece of the flow with its height, drawn at a place.
  struct Piece {
    var height: Double
    var draw: (PDFCanvas, Double) -> Void
    /// Must stay on the page with the piece after it (headers).
    var keepWithNext = false
    /// The header of the day (or section) this row belongs to: repeated,
    /// marked "(continued)", atop a page that the day runs onto.
    var within: String?
  }

  /// A piece placed on a page.
  struct Placed {
    var piece: Piece
    var y: Double
    func draw(_ canvas: PDFCanvas) { piece.draw(canvas, y) }
  }

  enum Palette {
    static let text = RGB(hex: SVGMap.Palette.text)
    static let muted = RGB(hex: SVGMap.Palette.mutedText)
    static let rule = RGB(hex: SVGMap.Palette.panelBorder)
    static let accent = RGB(hex: RouteMapScene.routeColor)
    static let water = RGB(hex: SVGMap.Palette.water)
    static let land = RGB(hex: SVGMap.Palette.land)
    static let border = RGB(hex: SVGMap.Palette.border)
    static let graticule = RGB(hex: SVGMap.Palette.graticule)
    static let white = RGB(hex: "#ffffff")
  }

  /// The longest text a row draws, in characters: a longer one (a title
  /// pasted by mistake) is cut with "…" so that a row always fits a page.
  static let longestText = 1000

  let canvas: PDFCanvas
  let paper: Paper
  let printed: PrintedItinerary
  let width: Double
  let height: Double
  let margin = PDFExport.margin

  init(canvas: PDFCanvas, paper: Paper, printed: PrintedItinerary) {
    self.canvas = canvas
    self.paper = paper
    self.printed = printed
    (width, height) = paper.size
  }

  /// The flow's top and bottom on a page, points.
  var bodyTop: Double { margin }
  var bodyBottom: Double { height - margin - 2 }

  // MARK: Flow

  /// The flow after the cover, in pages (each a list of placed pieces).
  func paginate() throws -> [[Placed]] {
    let pieces = try flow()
    var pages: [[Placed]] = []
    var page: [Placed] = []
    var y = bodyTop
    var index = 0
    while index < pieces.count {
      // A header with the pieces kept with it: all on one page.
      var group = [pieces[index]]
      while let last = group.last, last.keepWithNext, index + group.count < pieces.count {
        group.append(pieces[index + group.count])
      }
      let needed = group.reduce(0) { $0 + $1.height }
      if y + needed > bodyBottom, !page.isEmpty {
        pages.append(page)
        page = []
        y = bodyTop
        if let day = group[0].within {
          let continued = try continuedHeader(day)
          page.append(Placed(piece: continued, y: y))
          y += continued.height
        }
      }
      for piece in group {
        page.append(Placed(piece: piece, y: y))
        y += piece.height
      }
      index += group.count
    }
    if !page.isEmpty || pages.isEmpty { pages.append(page) }
    return pages
  }

  /// Every piece of the flow, measured.
  func flow() throws -> [Piece] {
    var pieces: [Piece] = []
    let contentWidth = width - 2 * margin
    let textX = margin + 112
    let textWidth = width - margin - textX
    var within: String?
    for block in printed.blocks {
      switch block {
      case .day(let title):
        within = title
        let box = try canvas.text(
          title, font: Font(size: 12.5, bold: true), width: contentWidth, color: Palette.text)
        let top = 14.0
        pieces.append(
          Piece(
            height: top + box.height + 6,
            draw: { [margin] canvas, y in
              canvas.draw(box, x: margin, y: y + top)
              let rule = y + top + box.height + 2
              canvas.line(
                margin, rule, margin + contentWidth, rule, color: Palette.rule, width: 0.75)
            }, keepWithNext: true))
      case .section(let title, let note):
        within = title
        let heading = try canvas.text(
          title, font: Font(size: 15, bold: true), width: contentWidth, color: Palette.text)
        let noteBox = try canvas.text(
          note, font: Font(size: 9), width: contentWidth, color: Palette.muted)
        let top = 22.0
        pieces.append(
          Piece(
            height: top + heading.height + noteBox.height + 6,
            draw: { [margin] canvas, y in
              canvas.draw(heading, x: margin, y: y + top)
              canvas.draw(noteBox, x: margin, y: y + top + heading.height + 2)
            }, keepWithNext: true))
      case .empty(let text):
        let box = try canvas.text(
          text, font: Font(size: 9.5), width: textWidth, color: Palette.muted)
        pieces.append(
          Piece(
            height: box.height + 8, draw: { canvas, y in canvas.draw(box, x: textX, y: y + 4) },
            within: within))
      case .row(let row):
        var piece = try rowPiece(row, textX: textX, textWidth: textWidth)
        piece.within = within
        pieces.append(piece)
      }
    }
    return pieces
  }

  /// "Day 3 · Thu, Jun 6, 2024 (continued)" atop a page a day runs onto.
  func continuedHeader(_ title: String) throws -> Piece {
    let box = try canvas.text(
      "\(title) (continued)", font: Font(size: 10, bold: true), width: width - 2 * margin,
      color: Palette.muted)
    return Piece(
      height: box.height + 6, draw: { [margin] canvas, y in canvas.draw(box, x: margin, y: y) })
  }

  /// A game, travel or custom row: icon, time, the title in bold and the
  /// details beneath it.
  func rowPiece(_ row: PrintedItinerary.Row, textX: Double, textWidth: Double) throws -> Piece {
    let icon = try canvas.text(row.icon, font: Font(size: 10.5), width: nil, color: Palette.text)
    let time = try row.time.map {
      try canvas.text($0, font: Font(size: 9), width: 92, color: Palette.text)
    }
    let title = try canvas.text(
      PDFDocument.cut(row.title), font: Font(size: 10, bold: row.kind != .travel),
      width: textWidth, color: Palette.text)
    let detailText = PDFDocument.cut(row.details.joined(separator: " · "))
    let details =
      detailText.isEmpty
      ? nil
      : try canvas.text(detailText, font: Font(size: 8.5), width: textWidth, color: Palette.muted)
    let textHeight = title.height + (details.map { $0.height + 1 } ?? 0)
    let height = max(textHeight, time?.height ?? 0, icon.height) + 8
    return Piece(
      height: height,
      draw: { [margin] canvas, y in
        let top = y + 4
        // Icon, time and title share the first line's baseline.
        canvas.draw(icon, x: margin + 2, y: top + title.baseline - icon.baseline)
        if let time { canvas.draw(time, x: margin + 18, y: top + title.baseline - time.baseline) }
        canvas.draw(title, x: textX, y: top)
        if let details { canvas.draw(details, x: textX, y: top + title.height + 1) }
      })
  }

  /// `text` cut to `longestText` characters with "…".
  static func cut(_ text: String) -> String {
    text.count > longestText ? String(text.prefix(longestText - 1)) + "…" : text
  }

  // MARK: Cover

  /// Page 1: name, dates, figures, the route map with the credit, the
  /// notes and the stops.
  func drawCover(scene: RouteMapScene, pageCount: Int) throws {
    let contentWidth = width - 2 * margin
    // The name wraps: on up to three lines at 22 pt, else five at 15 pt,
    // else six at 12 pt, shortened with "…" only if even that is too few
    // (a 200-character name of wide letters). The footer shortens it too.
    var title = try canvas.text(
      printed.title, font: Font(size: 22, bold: true), width: contentWidth, color: Palette.text)
    for (size, lines) in [(15.0, 5), (12.0, 6)] where title.lines > (size == 15 ? 3 : 5) {
      title = try canvas.text(
        printed.title, font: Font(size: size, bold: true), width: contentWidth,
        color: Palette.text, ellipsize: size == 12, lines: lines)
    }
    canvas.draw(title, x: margin, y: margin)
    var y = margin + title.height + 6
    let dates = try canvas.text(
      printed.dates, font: Font(size: 11.5), width: contentWidth, color: Palette.muted)
    canvas.draw(dates, x: margin, y: y)
    y += dates.height + 16
    let column = contentWidth / Double(max(1, printed.figures.count))
    for (i, figure) in printed.figures.enumerated() {
      let x = margin + Double(i) * column
      let value = try canvas.text(
        figure.value, font: Font(size: 18, bold: true), width: column - 8, color: Palette.accent)
      let label = try canvas.text(
        figure.label, font: Font(size: 9), width: column - 8, color: Palette.muted)
      canvas.draw(value, x: x, y: y)
      canvas.draw(label, x: x, y: y + value.height + 1)
    }
    let frame = PDFExport.mapFrame(paper: paper)
    drawMap(scene, in: frame)
    let caption = try canvas.text(
      "The route in visual order: stops numbered as the trip first reaches them. \(printed.credit)",
      font: Font(size: 8.5), width: contentWidth, color: Palette.muted)
    canvas.draw(caption, x: margin, y: frame.y + frame.height + 6)
    // The notes (estimates; Retrosheet's statement), then the stops.
    var top = frame.y + frame.height + 8 + caption.height
    for note in printed.notes {
      let box = try canvas.text(
        note, font: Font(size: 8), width: contentWidth, color: Palette.muted)
      canvas.draw(box, x: margin, y: top)
      top += box.height + 1
    }
    try drawStops(scene.stops, top: top + 8)
    try drawFooter(page: 1, of: pageCount)
    canvas.showPage()
  }

  /// The stops by number in four columns under the map, as many as fit
  /// above the footer ("… and 12 more" when some do not).
  func drawStops(_ stops: [RouteMapScene.Stop], top: Double) throws {
    let columns = 4
    let columnWidth = (width - 2 * margin) / Double(columns)
    let rowHeight = 11.5
    let rows = max(0, Int((height - margin - 8 - top) / rowHeight))
    let room = rows * columns
    guard room > 0, !stops.isEmpty else { return }
    var entries = stops.map { "\($0.number)  \($0.name)" }
    if entries.count > room {
      let shown = room - 1
      entries = Array(entries.prefix(shown)) + ["… and \(stops.count - shown) more"]
    }
    let perColumn = (entries.count + columns - 1) / columns
    for (index, entry) in entries.enumerated() {
      let box = try canvas.text(
        entry, font: Font(size: 8.5), width: columnWidth - 10, color: Palette.text,
        ellipsize: true)
      canvas.draw(
        box, x: margin + Double(index / perColumn) * columnWidth,
        y: top + Double(index % perColumn) * rowHeight)
    }
  }

  /// The route map in its frame: water, outlines, graticule, the route's
  /// line, markers and labels (the scene's own geometry, nothing placed
  /// here).
  func drawMap(
    _ scene: RouteMapScene, in frame: (x: Double, y: Double, width: Double, height: Double)
  ) {
    let (ox, oy) = (frame.x, frame.y)
    func p(_ point: MapPoint) -> (Double, Double) { (ox + point.x, oy + point.y) }
    canvas.clipped(frame.x, frame.y, frame.width, frame.height) {
      canvas.rectangle(frame.x, frame.y, frame.width, frame.height)
      canvas.fill(Palette.water)
      canvas.roundJoins()
      canvas.evenOddFill()
      for outline in scene.base.outlines {
        for ring in outline.rings { canvas.path(ring.map(p), closed: true) }
        canvas.fillPreserve(Palette.land)
        canvas.stroke(Palette.border, width: 0.6)
      }
      let (parallels, meridians) = scene.base.graticule
      for y in parallels {
        canvas.path([(ox, oy + y), (ox + frame.width, oy + y)], closed: false)
      }
      for x in meridians {
        canvas.path([(ox + x, oy), (ox + x, oy + frame.height)], closed: false)
      }
      canvas.stroke(Palette.graticule, width: 0.4, dash: [2, 3])
      if !scene.path.isEmpty {
        canvas.path(scene.path.map(p), closed: false)
        canvas.stroke(Palette.accent, width: 1.8)
      }
      for stop in scene.stops {
        let (x, y) = p(stop.point)
        canvas.circle(x, y, radius: RouteMapScene.markerRadius)
        canvas.fillPreserve(Palette.accent)
        canvas.stroke(Palette.white, width: 1.5)
      }
      for label in scene.labels {
        guard
          let box = try? canvas.text(
            label.text, font: Font(size: RouteMapScene.labelSize), width: nil, color: Palette.text)
        else { continue }
        let shift = label.anchor == "end" ? box.width : label.anchor == "middle" ? box.width / 2 : 0
        canvas.draw(
          box, x: ox + label.x - shift, y: oy + label.y - box.baseline, halo: Palette.white,
          width: 3.5)
      }
    }
    canvas.rectangle(frame.x, frame.y, frame.width, frame.height)
    canvas.stroke(Palette.rule, width: 0.75)
  }

  // MARK: Footer

  /// The trip's name (shortened to fit) and "Page N of M", under a rule.
  func drawFooter(page: Int, of count: Int) throws {
    let y = height - margin + 14
    canvas.line(margin, y - 6, width - margin, y - 6, color: Palette.rule, width: 0.5)
    let number = try canvas.text(
      "Page \(page) of \(count)", font: Font(size: 8), width: nil, color: Palette.muted)
    canvas.draw(number, x: width - margin - number.width, y: y)
    let name = try canvas.text(
      printed.title, font: Font(size: 8), width: width - 2 * margin - number.width - 24,
      color: Palette.muted, ellipsize: true)
    canvas.draw(name, x: margin, y: y)
  }
}
