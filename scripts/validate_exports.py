#!/usr/bin/env python3
"""Check `sportstime trip export` files with independent parsers.

    python3 scripts/validate_exports.py --ics F --geojson F --gpx F --md F \
        [--expect-summary TEXT ...] [--expect-strong TEXT ...]

- iCalendar (RFC 5545), raw bytes: every line ends with CRLF, no physical line
  is longer than 75 octets, every physical line is valid UTF-8 on its own (so
  folding never split a multi-octet sequence). Then the `icalendar` package
  parses it (Calendar.from_ical): VERSION 2.0, PRODID, CALSCALE GREGORIAN; each
  VEVENT has UID (unique), DTSTAMP (UTC), DTSTART, DTEND and SUMMARY; timed
  events are UTC datetimes ending after they start, all-day events are dates
  whose DTEND is the next day (exclusive). Each --expect-summary must be the
  SUMMARY of some event, exactly, after unescaping.
- GeoJSON (RFC 7946): the `geojson` package must find it valid (is_valid,
  errors()); a FeatureCollection whose route line (if any) runs through the
  Point features' positions in order; longitudes/latitudes in range.
- GPX 1.1: xml.etree.ElementTree; root <gpx> in the GPX 1.1 namespace with
  version="1.1" and a creator; one <rte> whose <rtept> have lat/lon in range
  and a <name>.
- Markdown (CommonMark): valid UTF-8 without control characters (other than
  LF); `markdown-it-py` parses it with its CommonMark preset. Every `**`
  written must have become strong emphasis (no `**` is left in the text
  outside a strong span), and each --expect-strong must be the text of some
  strong span, exactly.

Prints one JSON object: for each file given, what was read in file order
(ics: events with uid, summary, start, end, allDay; geojson and gpx: the
waypoint names and row ids), plus "errors" (a list of strings). Exit status 0
when there are no errors, 1 when a file breaks a rule, 2 for bad arguments, 3
when a needed Python package is missing.
"""

import argparse
import datetime
import json
import sys
import xml.etree.ElementTree as ET

GPX_NS = "http://www.topografix.com/GPX/1/1"
INSTALL_HINT = "run `pip install icalendar geojson markdown-it-py`"


def need(module):
    try:
        return __import__(module)
    except ImportError:
        print(
            json.dumps(
                {"errors": [f"the Python package '{module}' is missing: {INSTALL_HINT}"]}
            )
        )
        sys.exit(3)


def check_ics(path, expected_summaries, errors):
    icalendar = need("icalendar")
    raw = open(path, "rb").read()
    if not raw.endswith(b"\r\n"):
        errors.append("ics: the file does not end with CRLF")
    physical = raw.split(b"\r\n")
    if physical and physical[-1] == b"":
        physical = physical[:-1]
    for number, line in enumerate(physical, 1):
        if b"\n" in line or b"\r" in line:
            errors.append(f"ics line {number}: a bare LF or CR (lines must end with CRLF)")
        if len(line) > 75:
            errors.append(f"ics line {number}: {len(line)} octets (more than 75)")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            errors.append(f"ics line {number}: not valid UTF-8 on its own (a split sequence)")
    try:
        calendar = icalendar.Calendar.from_ical(raw)
    except Exception as error:  # noqa: BLE001 - report any parser failure
        errors.append(f"ics: icalendar cannot parse it: {error}")
        return None
    if str(calendar.get("VERSION")) != "2.0":
        errors.append("ics: VERSION is not 2.0")
    if not calendar.get("PRODID"):
        errors.append("ics: no PRODID")
    if str(calendar.get("CALSCALE", "")).upper() != "GREGORIAN":
        errors.append("ics: CALSCALE is not GREGORIAN")
    events = []
    uids = set()
    for event in calendar.walk("VEVENT"):
        uid = str(event.get("UID", ""))
        summary = str(event.get("SUMMARY", ""))
        where = f"ics event {uid or summary!r}"
        for name in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"):
            if event.get(name) is None:
                errors.append(f"{where}: no {name}")
        if uid in uids:
            errors.append(f"{where}: UID used twice")
        uids.add(uid)
        if event.get("DTSTART") is None or event.get("DTEND") is None:
            continue
        stamp = event.decoded("DTSTAMP")
        if not isinstance(stamp, datetime.datetime) or stamp.utcoffset() != datetime.timedelta(0):
            errors.append(f"{where}: DTSTAMP is not a UTC date-time")
        start = event.decoded("DTSTART")
        end = event.decoded("DTEND")
        all_day = not isinstance(start, datetime.datetime)
        if all_day:
            if isinstance(end, datetime.datetime):
                errors.append(f"{where}: DTSTART is a date but DTEND a date-time")
            elif end != start + datetime.timedelta(days=1):
                errors.append(f"{where}: all-day DTEND {end} is not the day after {start}")
        else:
            if not isinstance(end, datetime.datetime):
                errors.append(f"{where}: DTSTART is a date-time but DTEND a date")
            elif start.tzinfo is None:
                # Floating local time (zone unknown): allowed, reported.
                pass
            elif start.utcoffset() != datetime.timedelta(0):
                errors.append(f"{where}: DTSTART is not in UTC")
            if isinstance(end, datetime.datetime) and end <= start:
                errors.append(f"{where}: DTEND is not after DTSTART")
        events.append(
            {
                "uid": uid,
                "summary": summary,
                "start": start.isoformat(),
                "end": end.isoformat(),
                "allDay": all_day,
                "floating": (not all_day) and start.tzinfo is None,
            }
        )
    summaries = [e["summary"] for e in events]
    for expected in expected_summaries:
        if expected not in summaries:
            errors.append(f"ics: no event has the SUMMARY {expected!r}; summaries: {summaries!r}")
    return {"events": events}


def check_geojson(path, errors):
    geojson = need("geojson")
    text = open(path, encoding="utf-8").read()
    try:
        document = geojson.loads(text)
    except Exception as error:  # noqa: BLE001
        errors.append(f"geojson: cannot parse it: {error}")
        return None
    if not document.is_valid:
        errors.append(f"geojson: not valid: {document.errors()}")
    if document.get("type") != "FeatureCollection":
        errors.append("geojson: not a FeatureCollection")
        return None
    points = []
    line = None
    for feature in document["features"]:
        geometry = feature["geometry"]
        kind = geometry["type"]
        if kind == "Point":
            lon, lat = geometry["coordinates"][:2]
            if not (-180 <= lon <= 180 and -90 <= lat <= 90):
                errors.append(f"geojson: point {feature.get('id')} out of range: {lon}, {lat}")
            points.append((feature, [lon, lat]))
        elif kind in ("LineString", "MultiLineString"):
            if line is not None:
                errors.append("geojson: more than one route line")
            line = geometry
        else:
            errors.append(f"geojson: unexpected geometry {kind}")
    orders = [f["properties"].get("order") for f, _ in points]
    if orders != list(range(len(points))):
        errors.append(f"geojson: point order properties are {orders}, not 0, 1, 2, …")
    if len(points) >= 2 and line is None:
        errors.append("geojson: two or more waypoints but no route line")
    if line is not None:
        parts = (
            [line["coordinates"]] if line["type"] == "LineString" else line["coordinates"]
        )
        positions = [p[:2] for part in parts for p in part]
        for lon, lat in positions:
            if not (-180 <= lon <= 180 and -90 <= lat <= 90):
                errors.append(f"geojson: line position out of range: {lon}, {lat}")
        # Every waypoint appears on the line, in order (crossing points of
        # the antimeridian may sit between them).
        remaining = iter(positions)
        for feature, position in points:
            if not any(p == position for p in remaining):
                errors.append(
                    f"geojson: waypoint {feature.get('id')} is not on the line in order"
                )
                break
    return {
        "names": [f["properties"].get("name") for f, _ in points],
        "rowIDs": [f["properties"].get("rowID") for f, _ in points],
        "lineType": line["type"] if line is not None else None,
    }


def check_gpx(path, errors):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        errors.append(f"gpx: not well-formed XML: {error}")
        return None
    ns = {"g": GPX_NS}
    if root.tag != f"{{{GPX_NS}}}gpx":
        errors.append(f"gpx: root element is {root.tag}, not gpx in {GPX_NS}")
    if root.get("version") != "1.1":
        errors.append(f"gpx: version is {root.get('version')!r}, not '1.1'")
    if not root.get("creator"):
        errors.append("gpx: no creator")
    routes = root.findall("g:rte", ns)
    if len(routes) != 1:
        errors.append(f"gpx: {len(routes)} <rte> elements, expected 1")
    names = []
    for route in routes:
        for number, point in enumerate(route.findall("g:rtept", ns), 1):
            try:
                lat = float(point.get("lat"))
                lon = float(point.get("lon"))
            except (TypeError, ValueError):
                errors.append(f"gpx rtept {number}: lat/lon missing or not numbers")
                continue
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                errors.append(f"gpx rtept {number}: lat/lon out of range: {lat}, {lon}")
            name = point.find("g:name", ns)
            if name is None:
                errors.append(f"gpx rtept {number}: no <name>")
            names.append(name.text if name is not None else None)
    metadata_name = root.find("g:metadata/g:name", ns)
    return {
        "name": metadata_name.text if metadata_name is not None else None,
        "names": names,
    }


def check_md(path, expected_strong, errors):
    markdown_it = need("markdown_it")
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        errors.append("md: not valid UTF-8")
        return {}
    for number, line in enumerate(text.split("\n"), 1):
        bad = [c for c in line if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F]
        if bad:
            errors.append(f"md line {number}: control characters {[hex(ord(c)) for c in bad]}")
    tokens = markdown_it.MarkdownIt("commonmark").parse(text)
    strong = []
    headings = []
    for index, token in enumerate(tokens):
        if token.type != "inline":
            continue
        if index > 0 and tokens[index - 1].type == "heading_open":
            headings.append(token.content)
        depth = 0
        current = ""
        for child in token.children or []:
            if child.type == "strong_open":
                depth += 1
                current = ""
            elif child.type == "strong_close":
                depth -= 1
                strong.append(current)
            elif depth > 0:
                current += child.content
            elif child.type == "text" and "**" in child.content:
                errors.append(f"md: '**' left as text (bold did not parse): {token.content!r}")
    for expected in expected_strong:
        if expected not in strong:
            errors.append(f"md: no strong text is {expected!r}; strong: {strong!r}")
    return {"strong": strong, "headings": headings}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ics")
    parser.add_argument("--geojson")
    parser.add_argument("--gpx")
    parser.add_argument("--md")
    parser.add_argument(
        "--expect-summary",
        action="append",
        default=[],
        help="a SUMMARY that must round-trip exactly (repeatable)",
    )
    parser.add_argument(
        "--expect-strong",
        action="append",
        default=[],
        help="a strong (bold) text the Markdown must hold exactly (repeatable)",
    )
    args = parser.parse_args()
    if not (args.ics or args.geojson or args.gpx or args.md):
        parser.error("give at least one of --ics, --geojson, --gpx, --md")
    # Check the packages first, so a missing one is reported whatever was given.
    need("icalendar")
    need("geojson")
    need("markdown_it")
    errors = []
    result = {}
    if args.ics:
        result["ics"] = check_ics(args.ics, args.expect_summary, errors)
    if args.geojson:
        result["geojson"] = check_geojson(args.geojson, errors)
    if args.gpx:
        result["gpx"] = check_gpx(args.gpx, errors)
    if args.md:
        result["md"] = check_md(args.md, args.expect_strong, errors)
    result["errors"] = errors
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
