import Foundation

extension RouteMapScene {
  /// The route's line and markers (`SVGMap.Palette`'s blue).
  public static let routeColor = "#1971c2"

  /// The scene as an SVG document: water, the basemap and graticule as the
  /// progress map draws them (`SVGMap`), the route's line, the numbered
  /// markers and their labels; UTF-8 XML, LF line ends, ending with a
  /// newline. The PDF export draws the same scene with cairo.
  /// - Parameter title: the document's title (the trip's name).
  public func svg(title: String) -> String {
    let map = SVGMap(scene: base)
    let width = SVGMap.n(projection.width)
    let height = SVGMap.n(projection.height)
    var out: [String] = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#,
      "  <title>\(SVGMap.escape(title))</title>",
      #"  <rect id="background" x="0" y="0" width="\#(width)" height="\#(height)" fill="\#(SVGMap.Palette.water)"/>"#,
    ]
    if base.basemap != nil { out += map.basemapLayer(base.outlines) }
    out += map.graticuleLayer()
    if !path.isEmpty {
      let d = "M" + path.map { "\(SVGMap.n1($0.x)) \(SVGMap.n1($0.y))" }.joined(separator: "L")
      out.append(
        #"  <path id="route" d="\#(d)" fill="none" stroke="\#(RouteMapScene.routeColor)" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>"#
      )
    }
    out.append(
      #"  <g id="stops" fill="\#(RouteMapScene.routeColor)" stroke="\#(SVGMap.Palette.pinRim)" stroke-width="1.5">"#
    )
    for stop in stops {
      out.append(
        #"    <circle id="stop-\#(stop.number)" cx="\#(SVGMap.n(stop.point.x))" cy="\#(SVGMap.n(stop.point.y))" r="\#(SVGMap.n(RouteMapScene.markerRadius))"><title>\#(SVGMap.escape("\(stop.number) \(stop.name)"))</title></circle>"#
      )
    }
    out.append("  </g>")
    out.append(
      #"  <g id="labels" font-size="\#(SVGMap.n(RouteMapScene.labelSize))" fill="\#(SVGMap.Palette.text)" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke">"#
    )
    for label in labels {
      out.append(
        #"    <text id="label-\#(label.number)" x="\#(SVGMap.n(label.x))" y="\#(SVGMap.n(label.y))" text-anchor="\#(label.anchor)">\#(SVGMap.escape(label.text))</text>"#
      )
    }
    out.append("  </g>")
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }
}
