#!/usr/bin/env python3
"""Check `sportstime map` output with independent tools (Python stdlib only).

    python3 scripts/map_check.py xml FILE.svg
    python3 scripts/map_check.py pixels FILE.png < query.json

xml: parses the SVG with xml.etree.ElementTree and prints one JSON object:
  {"root", "width", "height", "viewBox", "pins": [{"id", "class", "visits",
   "cx", "cy"}], "badges": {venue id: text}, "labels": {venue id: text},
   "card": [lines] or null, "resetView": bool, "scaleBar": [labels],
   "basemapPaths": n, "texts": [every text node], "errors": [...]}.
  Exit 1 (with the parser's message in "errors") when it is not well-formed.

pixels: decodes the PNG itself (zlib + the five PNG filters; 8-bit RGB or
  RGBA, non-interlaced, as rsvg-convert writes) and answers a query read
  from stdin: {"points": [[x, y], ...], "windows": [{"x", "y", "radius",
  "color": [r, g, b], "tolerance"}]}. Prints {"width", "height", "points":
  [[r, g, b, a], ...], "windows": [{"count", "cx", "cy"}]}: for each window
  the pixels within `radius` (a square) of (x, y) whose colour is within
  `tolerance` of `color` on every channel, and their centroid in pixel
  coordinates (pixel centers at +0.5).
"""

import json
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def check_xml(path):
    out = {"errors": []}
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        out["errors"].append(f"not well-formed XML: {error}")
        print(json.dumps(out))
        return 1
    out["root"] = root.tag
    out["width"] = root.get("width")
    out["height"] = root.get("height")
    out["viewBox"] = root.get("viewBox")

    def text_of(element):
        return "".join(element.itertext())

    out["pins"] = []
    for group in root.iter(SVG + "g"):
        gid = group.get("id") or ""
        if gid.startswith("pin-"):
            circle = group.find(SVG + "circle")
            out["pins"].append(
                {
                    "id": gid[4:],
                    "class": group.get("class"),
                    "visits": int(group.get("data-visits")),
                    "title": text_of(group.find(SVG + "title")),
                    "cx": float(circle.get("cx")),
                    "cy": float(circle.get("cy")),
                }
            )
    out["badges"] = {
        g.get("id")[6:]: text_of(g.find(SVG + "text"))
        for g in root.iter(SVG + "g")
        if (g.get("id") or "").startswith("badge-")
    }
    out["labels"] = {
        t.get("id")[6:]: text_of(t)
        for t in root.iter(SVG + "text")
        if (t.get("id") or "").startswith("label-")
    }
    card = next((g for g in root.iter(SVG + "g") if g.get("id") == "card"), None)
    out["card"] = [text_of(t) for t in card.iter(SVG + "text")] if card is not None else None
    out["resetView"] = any(g.get("id") == "reset-view" for g in root.iter(SVG + "g"))
    scale = next((g for g in root.iter(SVG + "g") if g.get("id") == "scale-bar"), None)
    out["scaleBar"] = [text_of(t) for t in scale.iter(SVG + "text")] if scale is not None else []
    basemap = next((g for g in root.iter(SVG + "g") if g.get("id") == "basemap"), None)
    out["basemapPaths"] = len(basemap.findall(SVG + "path")) if basemap is not None else 0
    out["texts"] = [text_of(t) for t in root.iter(SVG + "text")]
    print(json.dumps(out))
    return 0


def decode_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos = 8
    idat = b""
    width = height = None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace != 0:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {color}")
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    i = 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line

    def pixel(x, y):
        row = rows[y]
        values = list(row[x * channels : (x + 1) * channels])
        return values if channels == 4 else values + [255]

    return width, height, pixel


def check_pixels(path):
    query = json.load(sys.stdin)
    width, height, pixel = decode_png(path)
    out = {"width": width, "height": height, "points": [], "windows": []}
    for x, y in query.get("points", []):
        inside = 0 <= x < width and 0 <= y < height
        out["points"].append(pixel(int(x), int(y)) if inside else None)
    for w in query.get("windows", []):
        r, color, tol = int(w["radius"]), w["color"], w.get("tolerance", 8)
        count = sx = sy = 0
        for y in range(max(0, int(w["y"]) - r), min(height, int(w["y"]) + r + 1)):
            for x in range(max(0, int(w["x"]) - r), min(width, int(w["x"]) + r + 1)):
                p = pixel(x, y)
                if all(abs(p[k] - color[k]) <= tol for k in range(3)):
                    count += 1
                    sx += x + 0.5
                    sy += y + 0.5
        out["windows"].append(
            {"count": count, "cx": sx / count if count else None, "cy": sy / count if count else None}
        )
    print(json.dumps(out))
    return 0


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("xml", "pixels"):
        print(__doc__, file=sys.stderr)
        return 2
    return check_xml(sys.argv[2]) if sys.argv[1] == "xml" else check_pixels(sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
