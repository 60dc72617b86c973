#!/usr/bin/python3
"""Every route map of the app in a real browser (headless Chromium through
Selenium), on the real data (issue 28, items 3, 8, 21 and 22): the editor's
map, the new-trip screen's and the planner's options all draw through
SportsTime.drawRoute (common.js), so

- a trans-Pacific leg goes the short way, across the antimeridian (the
  Dodgers' 2025 Tokyo Series, then Los Angeles): Tokyo west of the United
  States, on the countries' basemap, and the view fits the route;
- numbered pins that would overlap at the current zoom are moved apart
  (New York's two ballparks on a coast-to-coast trip), and the option maps
  of the planner do the same;
- the editor's map follows a change made elsewhere.

Run by the Swift test BrowserTests (make test) as
  /usr/bin/python3 Tests/Browser/route_maps_test.py --bin BIN --data DATA --artifacts DIR
It uses editor_test.py's server (a fresh database with the 2024 MLB
schedule; the 2025 one is added here) and saves screenshots into DIR.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from editor_test import Server, browser, run_suite  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ARGS = None
SERVER = None

# For each numbered pin: its numbers, its box on screen, its place on screen,
# and what the basemap has under the place (hit-testing the drawn outlines).
PINS = """
const root = arguments[1] ? document.querySelector(arguments[1]) : document;
const paths = [...root.querySelectorAll('.leaflet-basemap-pane path')];
const pins = [...root.querySelectorAll('[data-route-pin]')];
for (const p of paths) p.style.pointerEvents = 'visiblePainted';
for (const p of pins) p.style.visibility = 'hidden';
const found = pins.map((p) => {
  const box = p.firstElementChild.getBoundingClientRect();
  const x = box.left + box.width / 2 - (parseFloat((p.style.translate || '0px 0px').split(' ')[0]) || 0);
  const y = box.top + box.height / 2 - (parseFloat((p.style.translate || '0px 0px').split(' ')[1]) || 0);
  const under = document.elementsFromPoint(x, y).find((e) => paths.includes(e));
  return { numbers: p.dataset.routePin, left: box.left, right: box.right, top: box.top, bottom: box.bottom,
           x, y, land: under ? under.getAttribute('fill') : null, spread: p.dataset.spread === 'true' };
});
for (const p of pins) p.style.visibility = '';
for (const p of paths) p.style.pointerEvents = '';
return found;
"""


def overlapping(pins):
    """The pairs of pins whose boxes overlap on screen."""
    return [(a["numbers"], b["numbers"]) for i, a in enumerate(pins) for b in pins[i + 1:]
            if a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]]


class RouteMapTests(unittest.TestCase):
    def setUp(self):
        self.driver = browser(width=1280, height=1400)
        self.addCleanup(self.driver.quit)

    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]

    def open_trip(self, trip, pins):
        self.driver.get(f"{SERVER.base}/trips/{trip['trip']['id']}")
        WebDriverWait(self.driver, 10).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map [data-route-pin]")) == pins)
        # The basemap is drawn once its files are in.
        WebDriverWait(self.driver, 10).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map .leaflet-basemap-pane path")) > 100)

    def pins(self, scope="#map"):
        return self.driver.execute_script(PINS, False, scope)

    def test_tokyo_times_say_jst_as_the_cli_does_at_desktop_and_phone_size(self):
        """Issue 28, item 23: the Tokyo Dome's games read "7:10 pm JST" (the
        server's words, the CLI's zone names), never the browser's "GMT+9",
        in the editor, the new-trip screen's games and the planner's list."""
        trip = SERVER.api("POST", "/api/trips", {
            "name": "Tokyo times", "games": ["CHN202503180", "CHN202503190", "LAN@2025-03-27"]})
        # A call to Tokyo on the Los Angeles day: its time in Tokyo's zone, named.
        call = SERVER.api("POST", f"/api/trips/{trip['trip']['id']}/items", {
            "title": "Call the Tokyo hotel", "time": "09:00", "lat": 35.6762, "lon": 139.6503,
            "place": {"day": 10, "at": "top"}})
        cli = SERVER.cli("trip", "show", "Tokyo times")
        self.assertIn("JST", cli)
        for phone in (False, True):
            driver = browser(phone=phone) if phone else self.driver
            try:
                driver.get(f"{SERVER.base}/trips/{trip['trip']['id']}")
                WebDriverWait(driver, 10).until(
                    lambda d: len(d.find_elements(By.CSS_SELECTOR, "#itinerary li.row.game")) == 3)
                times = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#itinerary li.row.game .time")]
                self.assertEqual(len(times), 3, times)
                for text in times[:2]:
                    self.assertRegex(text, r"^\d{1,2}:\d\d [ap]m JST", times)
                item = driver.find_element(By.CSS_SELECTOR, f"#itinerary [data-row-id='{call['row']['id']}'] .time")
                self.assertEqual(item.text, "9:00 am JST")
                body = driver.find_element(By.TAG_NAME, "body").text
                self.assertNotIn("GMT+9", body)
                driver.save_screenshot(os.path.join(
                    ARGS.artifacts, f"tokyo-times{'-phone' if phone else ''}.png"))
                # The new-trip screen's games of those days, from the games document.
                driver.get(f"{SERVER.base}/trips/new")
                WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "from"))
                driver.execute_script(
                    "for (const [id, v] of [['from', '2025-03-18'], ['to', '2025-03-19']]) {"
                    " const e = document.getElementById(id); e.value = v;"
                    " e.dispatchEvent(new Event('input', {bubbles: true}));"
                    " e.dispatchEvent(new Event('change', {bubbles: true})); }"
                    "document.getElementById('search').click();")
                WebDriverWait(driver, 10).until(lambda d: "Tokyo Dome" in d.find_element(By.ID, "games").text)
                tokyo = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#games li") if "Tokyo Dome" in e.text]
                self.assertTrue(tokyo and all(" JST" in t for t in tokyo), tokyo)
                self.assertNotIn("GMT+9", driver.find_element(By.TAG_NAME, "body").text)
            finally:
                if phone:
                    driver.quit()

    def test_the_tokyo_series_crosses_the_pacific_and_the_view_fits_the_route(self):
        trip = SERVER.api("POST", "/api/trips", {
            "name": "Dodgers from Tokyo", "games": ["CHN202503180", "CHN202503190", "LAN@2025-03-27"]})
        # Two places: the route has one stop for the two games in Tokyo.
        self.open_trip(trip, 2)
        self.driver.find_element(By.ID, "map").location_once_scrolled_into_view
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "route-map-tokyo.png"))
        pins = {p["numbers"]: p for p in self.pins()}
        tokyo, los_angeles = pins["1"], pins["2"]
        # Tokyo is west of Los Angeles on the map: the leg crosses the Pacific.
        self.assertLess(tokyo["x"], los_angeles["x"], pins)
        # Both on land: Japan is drawn where the route put Tokyo (the world's
        # copy one turn west), California under Los Angeles.
        self.assertIsNotNone(tokyo["land"], "Japan under Tokyo")
        self.assertIsNotNone(los_angeles["land"], "California under Los Angeles")
        # The line goes the short way: no step of it is longer than half the world,
        # and the view fits the route (both pins inside the map, far apart).
        line = self.driver.execute_script("""
            const path = document.querySelector('#map .leaflet-overlay-pane path');
            const frame = document.getElementById('map').getBoundingClientRect();
            const box = path.getBoundingClientRect();
            return [box.width, frame.width, box.left - frame.left, frame.right - box.right];""")
        self.assertGreater(line[0], line[1] * 0.4, "the route fills the map's width")
        self.assertGreaterEqual(line[2], 0, "the line starts inside the map")
        self.assertGreaterEqual(line[3], 0, "the line ends inside the map")
        self.assertIn("Natural Earth", self.driver.find_element(By.CSS_SELECTOR, "#map .leaflet-control-attribution").text)
        self.assertEqual(self.console_errors(), [])

    def test_pins_that_overlap_at_the_current_zoom_are_moved_apart(self):
        # Yankee Stadium and Citi Field are 11 km apart: at a coast-to-coast
        # zoom their pins fall on one another.
        trip = SERVER.api("POST", "/api/trips", {
            "name": "Coast to coast pins", "games": ["NYA@2024-06-04", "NYN@2024-06-05", "LAN@2024-06-11"]})
        self.open_trip(trip, 3)
        pins = self.pins()
        self.assertEqual(overlapping(pins), [], pins)
        self.assertTrue(any(p["spread"] for p in pins), "one New York pin was moved")
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, "#map path.pin-leader"), "a line to its place")
        self.driver.find_element(By.ID, "map").location_once_scrolled_into_view
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "route-map-spread.png"))
        # Zoomed in on New York, both stand on their own places again.
        self.driver.execute_script("document.getElementById('map').sportstimeMap.setView([40.79, -73.88], 10, {animate: false})")
        WebDriverWait(self.driver, 5).until(
            lambda d: not any(p["spread"] for p in self.pins()))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#map path.pin-leader"), [])
        self.assertEqual(self.console_errors(), [])

    def test_the_editors_map_follows_a_change_made_elsewhere(self):
        trip = SERVER.api("POST", "/api/trips", {
            "name": "Map live", "games": ["CLE@2024-06-04", "CHC@2024-06-05"]})
        self.open_trip(trip, 2)
        # Another client adds a game's worth of route: a dinner with a place.
        SERVER.api("POST", f"/api/trips/{trip['trip']['id']}/items", {
            "title": "Dinner in Toledo", "category": "restaurant",
            "place": {"day": 1, "at": "bottom"},
            "lat": 41.6528, "lon": -83.5379})
        WebDriverWait(self.driver, 5).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map [data-route-pin]")) == 3)
        self.assertEqual(self.console_errors(), [])

    def test_the_new_trip_screen_draws_its_picks_the_same_way(self):
        self.driver.get(SERVER.base + "/trips/new")
        WebDriverWait(self.driver, 10).until(lambda d: d.find_elements(By.ID, "map"))
        self.assertTrue(self.driver.execute_script("return typeof SportsTime.drawRoute === 'function'"))
        source = self.driver.execute_script("return [...document.scripts].map((s) => s.src).join(' ')")
        self.assertIn("/app/new.js", source)

    def test_option_maps_of_the_planner_move_overlapping_pins_apart(self):
        # Jun 9–11, 2024, 3 hours a day: the options are regional, their parks close together.
        self.driver.get(SERVER.base + "/plan")
        find = lambda css: self.driver.find_element(By.CSS_SELECTOR, css)  # noqa: E731

        def click(element):
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()

        def set_value(element_id, value):
            self.driver.execute_script(
                "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
                "e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}));",
                element_id, value)
        WebDriverWait(self.driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#sport-chips [data-sport]")) == 4)
        click(find('input[name="kind"][value="window"]'))
        chip = find('#sport-chips [data-sport="MLB"]')
        WebDriverWait(self.driver, 10).until(lambda d: chip.get_attribute("aria-disabled") != "true")
        click(chip)
        set_value("from", "2024-06-09")
        set_value("to", "2024-06-11")
        WebDriverWait(self.driver, 10).until(lambda d: find('section[data-step="places"]').is_displayed())
        click(find('input[name="places"][value="anywhere"]'))
        WebDriverWait(self.driver, 10).until(lambda d: find('section[data-step="must"]').is_displayed())
        click(find('input[name="must"][value="none"]'))
        click(find('input[name="drive"][value="hours"]'))
        set_value("drive-hours", "3")
        WebDriverWait(self.driver, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".option-map [data-route-pin]"))
        WebDriverWait(self.driver, 10).until(lambda d: len(d.find_elements(
            By.CSS_SELECTOR, '[data-option-rank="1"] .option-map .leaflet-basemap-pane path')) > 100)
        ranks = [e.get_attribute("data-option-rank") for e in self.driver.find_elements(By.CSS_SELECTOR, "[data-option-rank]")]
        self.assertGreater(len(ranks), 3)
        spread = []
        for rank in ranks:
            pins = self.pins(f'[data-option-rank="{rank}"] .option-map')
            self.assertGreaterEqual(len(pins), 2, rank)
            self.assertEqual(overlapping(pins), [], f"option {rank}: {pins}")
            spread += [rank for p in pins if p["spread"]]
        # Some option's map had pins on top of one another (Los Angeles and Anaheim,
        # New York's two parks) and moved them.
        self.assertTrue(spread, "no option map needed its pins moved: the test proves nothing")
        first = self.driver.find_element(By.CSS_SELECTOR, f'[data-option-rank="{spread[0]}"] .option-map')
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "route-map-plan-option.png"))
        self.assertEqual(self.console_errors(), [])


def main():
    run_suite(lambda server, args: server.cli(
        "schedule", "import", os.path.join(args.data, "retrosheet/2025schedule.csv")))


if __name__ == "__main__":
    main()
