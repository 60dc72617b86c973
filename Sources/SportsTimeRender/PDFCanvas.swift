import CPangoCairo
import Foundation
import SportsTimeCore

/// Why a PDF could not be drawn.
public enum RenderError: Error, Hashable, CustomStringConvertible, ClassifiedError {
  /// cairo or pango could not be loaded (`detail`: the loader's words or
  /// the function missing).
  case librariesUnavailable(String)
  /// cairo reported an error while drawing (`detail`: its status text).
  case drawingFailed(String)

  public var description: String {
    switch self {
    case .librariesUnavailable(let detail):
      return
        "PDF export needs cairo and pango (Debian: libcairo2 and libpangocairo-1.0-0; scripts/install-deps installs them), and they could not be loaded: \(detail)"
    case .drawingFailed(let detail):
      return "the PDF could not be drawn: \(detail)"
    }
  }

  /// Unavailable: nothing the request can change (HTTP 503).
  public var kind: ErrorKind { .unavailable }
}

/// A colour, each channel 0…1.
struct RGB: Hashable {
  var red: Double
  var green: Double
  var blue: Double

  /// `#rrggbb`; black for anything else.
  init(hex: String) {
    let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
    let value = digits.count == 6 ? UInt32(digits, radix: 16) ?? 0 : 0
    red = Double((value >> 16) & 0xFF) / 255
    green = Double((value >> 8) & 0xFF) / 255
    blue = Double(value & 0xFF) / 255
  }
}

/// A font: the family list, a size in points, and bold or not.
struct Font: Hashable {
  /// DejaVu Sans for text; Symbola for the emoji DejaVu lacks, drawn as
  /// glyphs that a reader can search and copy (not the colour font's
  /// bitmaps, ../shared/STACK.md); WenQuanYi Micro Hei for Chinese, Japanese
  /// and Korean; FreeSans and FreeSerif for Devanagari, Thai and other
  /// scripts. Emoji newer than Symbola's (Unicode 9) come from whatever
  /// fontconfig falls back to: Noto Color Emoji (installed), which draws them
  /// as pictures that text search cannot see (naming it here would make
  /// pango take it for every emoji). Debian:
  /// fonts-dejavu-core, fonts-symbola, fonts-wqy-microhei,
  /// fonts-freefont-ttf, fonts-noto-color-emoji.
  static let families =
    "DejaVu Sans,Symbola,WenQuanYi Micro Hei,FreeSans,FreeSerif"
  var size: Double
  var bold = false
}

/// A paragraph laid out by pango: its size in points, drawn with `draw`.
/// The pango layout is released with the box.
final class TextBox {
  fileprivate let layout: OpaquePointer
  /// Width and height of the laid-out text, points.
  private(set) var width = 0.0
  private(set) var height = 0.0
  /// The first line's baseline below the box's top, points.
  private(set) var baseline = 0.0
  /// How many lines the text was laid out on.
  private(set) var lines = 0
  let color: RGB

  fileprivate init(layout: OpaquePointer, color: RGB) {
    self.layout = layout
    self.color = color
  }

  /// Reads the size once the text is set.
  fileprivate func measure() {
    var w: Int32 = 0
    var h: Int32 = 0
    sportstime_pango_layout_get_size(layout, &w, &h)
    width = Double(w) / 1024
    height = Double(h) / 1024
    baseline = Double(sportstime_pango_layout_get_baseline(layout)) / 1024
    lines = Int(sportstime_pango_layout_get_line_count(layout))
  }

  deinit { sportstime_g_object_unref(UnsafeMutableRawPointer(layout)) }
}

/// A PDF being drawn with cairo (one page after another) and its text laid
/// out with pango. Coordinates are PDF points (1/72 in) from the page's top
/// left, y downward.
final class PDFCanvas {
  private let surface: OpaquePointer
  let cairo: OpaquePointer
  private let sink: Sink
  private var fonts: [Font: OpaquePointer] = [:]

  /// Where cairo's bytes go.
  private final class Sink {
    var bytes: [UInt8] = []
  }

  /// A canvas for pages `width` × `height` points.
  /// - Parameters:
  ///   - title: the document's title (metadata).
  ///   - created: its creation date (metadata): a fixed instant, so the
  ///     same document gives the same bytes.
  /// - Throws: `RenderError.librariesUnavailable`.
  init(width: Double, height: Double, title: String, created: Date) throws {
    if let error = sportstime_pc_load_error() {
      throw RenderError.librariesUnavailable(String(cString: error))
    }
    let sink = Sink()
    self.sink = sink
    let write: sportstime_pc_write_func = { closure, data, length in
      guard let closure, let data else { return 11 }
      let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return 0
    }
    guard
      let surface = sportstime_cairo_pdf_surface_create_for_stream(
        write, Unmanaged.passUnretained(sink).toOpaque(), width, height)
    else { throw RenderError.drawingFailed("no PDF surface") }
    self.surface = surface
    sportstime_cairo_pdf_surface_set_metadata(surface, 0, title)
    sportstime_cairo_pdf_surface_set_metadata(surface, 4, "SportsTime")
    let date = ExportSupport.isoUTC(created)
    sportstime_cairo_pdf_surface_set_metadata(surface, 5, date)
    sportstime_cairo_pdf_surface_set_metadata(surface, 6, date)
    guard let cairo = sportstime_cairo_create(surface) else {
      sportstime_cairo_surface_destroy(surface)
      throw RenderError.drawingFailed("no cairo context")
    }
    self.cairo = cairo
  }

  deinit {
    for description in fonts.values { sportstime_pango_font_description_free(description) }
    sportstime_cairo_destroy(cairo)
    sportstime_cairo_surface_destroy(surface)
  }

  /// Ends the document and returns its bytes.
  /// - Throws: `RenderError.drawingFailed` with cairo's status.
  func finish() throws -> [UInt8] {
    let status = sportstime_cairo_status(cairo)
    sportstime_cairo_surface_finish(surface)
    let surfaceStatus = sportstime_cairo_surface_status(surface)
    for s in [status, surfaceStatus] where s != 0 {
      throw RenderError.drawingFailed(String(cString: sportstime_cairo_status_to_string(s)))
    }
    return sink.bytes
  }

  func showPage() { sportstime_cairo_show_page(cairo) }

  // MARK: Text

  /// `text` laid out in `font`, wrapped at `width` points (by word, then
  /// by character for a word longer than a line), or shortened with "…"
  /// to `lines` lines (when given; 1 by default) when `ellipsize`. The text is set as plain text, never
  /// markup; emoji are asked for in text presentation (`textPresentation`).
  func text(
    _ text: String, font: Font, width: Double?, color: RGB, ellipsize: Bool = false,
    lines: Int = 1
  ) throws -> TextBox {
    guard let layout = sportstime_pango_cairo_create_layout(cairo) else {
      throw RenderError.drawingFailed("pango made no layout")
    }
    let box = TextBox(layout: layout, color: color)
    sportstime_pango_layout_set_font_description(layout, try description(font))
    if let width {
      sportstime_pango_layout_set_width(layout, Int32(max(1, width) * 1024))
      sportstime_pango_layout_set_wrap(layout, 2)
      if ellipsize {
        sportstime_pango_layout_set_ellipsize(layout, 3)
        sportstime_pango_layout_set_height(layout, -Int32(max(1, lines)))
      }
    }
    // Left to right whatever the first letter: an Arabic or Hebrew title
    // starts where every other row does (its words still run right to left).
    sportstime_pango_layout_set_auto_dir(layout, 0)
    let shown = PDFCanvas.textPresentation(text)
    shown.utf8CString.withUnsafeBufferPointer { buffer in
      sportstime_pango_layout_set_text(layout, buffer.baseAddress, Int32(buffer.count - 1))
    }
    box.measure()
    return box
  }

  /// Draws `box` with its top left at `x`, `y`.
  func draw(_ box: TextBox, x: Double, y: Double) {
    sportstime_cairo_save(cairo)
    setColor(box.color)
    sportstime_cairo_move_to(cairo, x, y)
    sportstime_pango_cairo_show_layout(cairo, box.layout)
    sportstime_cairo_restore(cairo)
  }

  /// Draws `box` like `draw`, over a halo of `halo` `width` points wide
  /// around its glyphs (map labels stay readable over lines).
  func draw(_ box: TextBox, x: Double, y: Double, halo: RGB, width: Double) {
    sportstime_cairo_save(cairo)
    sportstime_cairo_move_to(cairo, x, y)
    sportstime_pango_cairo_layout_path(cairo, box.layout)
    roundJoins()
    stroke(halo, width: width)
    sportstime_cairo_restore(cairo)
    draw(box, x: x, y: y)
  }

  private func description(_ font: Font) throws -> OpaquePointer {
    if let known = fonts[font] { return known }
    guard let description = sportstime_pango_font_description_from_string(Font.families) else {
      throw RenderError.drawingFailed("pango has no font description for \(Font.families)")
    }
    sportstime_pango_font_description_set_absolute_size(description, font.size * 1024)
    sportstime_pango_font_description_set_weight(description, font.bold ? 700 : 400)
    fonts[font] = description
    return description
  }

  /// `text` with every emoji asked for in text presentation: a variation
  /// selector 16 (emoji presentation) is dropped and U+FE0E follows each
  /// pictographic emoji, so pango draws it from a glyph font (Symbola) that
  /// a PDF reader can search, not as the colour font's bitmap (cairo 1.16;
  /// ../shared/STACK.md). Digits, `#` and `*`, regional indicators (flags),
  /// skin-tone modifiers and an emoji followed by a skin tone, a joiner
  /// (U+200D) or a keycap (U+20E3) are left alone: a selector inside such a
  /// sequence would split it. Control characters (NUL among them) become
  /// spaces.
  static func textPresentation(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      switch scalar.value {
      case 0xFE0F where scalars.indices.contains(index + 1) && scalars[index + 1].value == 0x20E3:
        out.append(scalar)  // a keycap (1️⃣) stays one picture
      case 0xFE0F, 0xFE0E: continue
      case 0x00...0x1F, 0x7F...0x9F: out.append(" ")
      default:
        out.append(scalar)
        // What follows, variation selectors aside: a skin tone, a joiner
        // or a keycap belongs to this emoji, which is then left whole.
        let next = scalars[(index + 1)...].first { $0.value != 0xFE0F && $0.value != 0xFE0E }
        let joined = next.map { next in
          (0x1F3FB...0x1F3FF).contains(next.value) || next.value == 0x200D || next.value == 0x20E3
        }
        if scalar.value >= 0x2000, scalar.properties.isEmoji, joined != true,
          !(0x1F1E6...0x1F1FF).contains(scalar.value), !(0x1F3FB...0x1F3FF).contains(scalar.value),
          let selector = Unicode.Scalar(0xFE0E)
        {
          out.append(selector)
        }
      }
    }
    return String(out)
  }

  // MARK: Paths

  func setColor(_ color: RGB) {
    sportstime_cairo_set_source_rgb(cairo, color.red, color.green, color.blue)
  }

  func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    sportstime_cairo_rectangle(cairo, x, y, width, height)
  }

  func fill(_ color: RGB) {
    setColor(color)
    sportstime_cairo_fill(cairo)
  }

  func stroke(_ color: RGB, width: Double, dash: [Double] = []) {
    setColor(color)
    sportstime_cairo_set_line_width(cairo, width)
    dash.withUnsafeBufferPointer {
      sportstime_cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), 0)
    }
    sportstime_cairo_stroke(cairo)
    if !dash.isEmpty { sportstime_cairo_set_dash(cairo, nil, 0, 0) }
  }

  func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: RGB, width: Double) {
    sportstime_cairo_move_to(cairo, x0, y0)
    sportstime_cairo_line_to(cairo, x1, y1)
    stroke(color, width: width)
  }

  /// A polyline (or a closed ring) through `points`, in points.
  func path(_ points: [(Double, Double)], closed: Bool) {
    guard let first = points.first else { return }
    sportstime_cairo_move_to(cairo, first.0, first.1)
    for p in points.dropFirst() { sportstime_cairo_line_to(cairo, p.0, p.1) }
    if closed { sportstime_cairo_close_path(cairo) }
  }

  func circle(_ x: Double, _ y: Double, radius: Double) {
    sportstime_cairo_new_sub_path(cairo)
    sportstime_cairo_arc(cairo, x, y, radius, 0, 2 * Double.pi)
  }

  /// Runs `body` with drawing clipped to the rectangle, then lifts the clip.
  func clipped(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ body: () -> Void) {
    sportstime_cairo_save(cairo)
    rectangle(x, y, width, height)
    sportstime_cairo_clip(cairo)
    body()
    sportstime_cairo_restore(cairo)
  }

  /// Line joins and caps round (maps).
  func roundJoins() {
    sportstime_cairo_set_line_join(cairo, 1)
    sportstime_cairo_set_line_cap(cairo, 1)
  }

  func evenOddFill() { sportstime_cairo_set_fill_rule(cairo, 1) }

  func fillPreserve(_ color: RGB) {
    setColor(color)
    sportstime_cairo_fill_preserve(cairo)
  }
}
