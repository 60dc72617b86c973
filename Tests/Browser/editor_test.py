#!/usr/bin/python3
"""The app in a real browser (headless Chromium through Selenium), on the
real 2024 schedule: drag and drop with red zones, the keyboard, undo and
redo, live changes from the CLI, a phone-sized window.

Run by the Swift test BrowserTests (make test) as
  /usr/bin/python3 Tests/Browser/editor_test.py --bin BIN --data DATA --artifacts DIR
It starts `sportstime serve` on a fresh database and a free port, and saves
screenshots into DIR (look at them).
"""

import argparse
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ARGS = None
SERVER = None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`sportstime serve` on a fresh database holding the 2024 schedule."""

    def __init__(self, binary, data, extra=()):
        self.binary = binary
        self.folder = tempfile.mkdtemp(prefix="sportstime-browser-")
        self.env = dict(os.environ, SPORTSTIME_DB=os.path.join(self.folder, "app.sqlite"),
                        SPORTSTIME_DATA=data, NO_COLOR="1")
        self.cli("schedule", "import", os.path.join(data, "retrosheet/2024schedule.csv"))
        self.port = free_port()
        self.extra = extra
        self.start()

    def start(self):
        """Starts `serve` on `self.port` and waits for its address line."""
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), *self.extra], env=self.env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # Warnings (stderr) come before the address line.
        self.preamble = []
        while True:
            line = self.process.stdout.readline()
            if not line or "is running at" in line:
                break
            self.preamble.append(line)
        if "is running at" not in line:
            raise RuntimeError("serve did not start: " + "".join(self.preamble) + line + self.process.stdout.read())
        self.base = f"http://127.0.0.1:{self.port}"

    def cli(self, *arguments):
        result = subprocess.run([self.binary, *arguments], env=self.env, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"sportstime {arguments}: {result.stderr}")
        return result.stdout

    def api(self, method, path, body=None):
        request = urllib.request.Request(self.base + path, method=method)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, data) as response:
            return json.loads(response.read())

    def demo_trip(self, name):
        games = ["CLE@2024-06-04", "CHC@2024-06-05", "DET@2024-06-07", "DET202406080", "MIL@2024-06-10"]
        return self.api("POST", "/api/trips", {"name": name, "games": games})

    def add_item(self, trip, title, day, at):
        """Adds a note to `trip` (a trip document) through the API; returns the answer."""
        return self.api("POST", f"/api/trips/{trip['trip']['id']}/items",
                        {"title": title, "place": {"day": day, "at": at}})

    def restart(self, meanwhile=None):
        """Stops the server, runs `meanwhile()` while it is down, starts it again on the
        same port and database."""
        self.process.terminate()
        self.process.wait(timeout=20)
        self.process.stdout.close()
        if meanwhile:
            meanwhile()
        self.start()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        shutil.rmtree(self.folder, ignore_errors=True)


def browser(width=1280, height=1700, phone=False):
    """Headless Chromium; `phone`: a 390×844 touch screen at 3× (mobile
    emulation: a headless window cannot be narrower than 500 px)."""
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"]:
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options)


class EditorTests(unittest.TestCase):
    def setUp(self):
        self.driver = browser()
        self.addCleanup(self.driver.quit)

    def open(self, trip):
        self.trip = trip
        self.driver.get(f"{SERVER.base}/trips/{trip['trip']['id']}")
        self.wait_for_rows()

    def open_on_a_phone(self, trip):
        """Opens `trip` in a new browser emulating a 390×844 touch screen."""
        self.driver.quit()
        self.driver = browser(phone=True)
        self.addCleanup(self.driver.quit)
        self.open(trip)

    def wait_for_rows(self):
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary [data-row-id='day:1']"))

    def row(self, row_id):
        return self.driver.find_element(By.CSS_SELECTOR, f"[data-row-id='{row_id}']")

    def server_doc(self):
        return SERVER.api("GET", f"/api/trips/{self.trip['trip']['id']}")

    def leg(self, doc, title):
        return next(r for r in doc["rows"] if r["kind"] == "travel" and r["title"] == title)

    def list_attribute(self, name, default="0"):
        """The itinerary list's `data-<name>` (editor.js's signals for these tests)."""
        value = self.driver.find_element(By.ID, "itinerary").get_attribute(f"data-{name}")
        return default if value is None else value

    def drops_ended(self):
        """How many drags the page has finished (their answer drawn): `data-drops-ended`."""
        return int(self.list_attribute("drops-ended"))

    def wait_for_drop_after(self, ended):
        """Waits until the page has finished a drag more than the `ended` it had."""
        WebDriverWait(self.driver, 10).until(lambda d: self.drops_ended() > ended)

    def wait_until_quiet(self):
        """Waits until no API call of the page is under way (common.js's
        `data-requests-in-flight` on <html>), looked at two frames after the
        last action so that a call it began counts."""
        WebDriverWait(self.driver, 10, poll_frequency=0.05).until(lambda d: d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            requestAnimationFrame(() => requestAnimationFrame(() =>
              done((document.documentElement.dataset.requestsInFlight || '0') === '0')));"""))

    def drag(self, source_row, target_row, release=True, screenshot=None):
        """Presses the row's handle, moves in paced steps onto the target, releases."""
        handle = self.row(source_row).find_element(By.CLASS_NAME, "handle")
        target = self.row(target_row)
        actions = ActionChains(self.driver, duration=40)
        actions.move_to_element(handle).click_and_hold().pause(0.2)
        start = handle.location["y"]
        goal = target.location["y"] + 4
        steps = 10
        for _ in range(steps):
            actions.move_by_offset(0, (goal - start) / steps).pause(0.07)
        actions.move_by_offset(0, 1).pause(0.3)
        actions.perform()
        if screenshot:
            self.driver.save_screenshot(os.path.join(ARGS.artifacts, screenshot))
        state = {
            "blocked": len(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop='blocked']")),
            "allowed": len(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop='allowed']")),
            "barriers": [e.get_attribute("data-row-id") for e in
                         self.driver.find_elements(By.CSS_SELECTOR, "[data-barrier='true']")],
            "status": self.driver.find_element(By.ID, "status").text,
        }
        if release:
            ended = self.drops_ended()
            ActionChains(self.driver).release().perform()
            self.wait_for_drop_after(ended)
        return state

    def page_rows(self):
        return [e.get_attribute("data-row-id") for e in
                self.driver.find_elements(By.CSS_SELECTOR, "#itinerary [data-row-id]")]

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def test_a_custom_item_dragged_to_another_day_is_saved_and_survives_a_reload(self):
        trip = SERVER.demo_trip("Browser custom drag")
        item = SERVER.api("POST", f"/api/trips/{trip['trip']['id']}/items",
                          {"title": "Deep dish", "category": "restaurant", "place": {"day": 2, "at": "bottom"}})
        self.open(trip)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-at-rest.png"))
        state = self.drag(item["row"]["id"], "game:DET202406070")
        self.assertEqual(state["barriers"], [], "a custom item has no barrier games")
        self.assertEqual(state["blocked"], 1, "only above Day 1 is blocked for a custom item")
        doc = self.server_doc()
        moved = next(r for r in doc["rows"] if r["id"] == item["row"]["id"])
        self.assertEqual(moved["day"], 4)
        self.assertEqual(doc["revision"], 3)
        self.driver.refresh()
        self.wait_for_rows()
        self.assertEqual(self.page_rows(), [r["id"] for r in doc["rows"]])
        self.assertEqual(self.console_errors(), [])

    def test_escape_during_a_mouse_drag_puts_the_row_back_and_saves_nothing(self):
        trip = SERVER.demo_trip("Browser escape drag")
        item = SERVER.add_item(trip, "Deep dish", 2, "bottom")
        self.open(trip)
        before = self.server_doc()
        self.drag(item["row"]["id"], "game:DET202406070", release=False)
        ended = self.drops_ended()
        ActionChains(self.driver).send_keys(Keys.ESCAPE).pause(0.2).release().perform()
        self.wait_for_drop_after(ended)
        after = self.server_doc()
        self.assertEqual(after["revision"], before["revision"], "nothing was saved")
        self.assertEqual(self.page_rows(), [r["id"] for r in before["rows"]], "the row is back where it was")
        self.assertIn("Cancelled", self.driver.find_element(By.ID, "status").text)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop]"), [], "the red zone is gone")
        self.assertEqual(self.console_errors(), [])

    def test_a_leg_let_go_over_a_blocked_place_lands_at_the_nearest_allowed_one(self):
        trip = SERVER.demo_trip("Browser blocked drag")
        self.open(trip)
        before = self.server_doc()
        leg = self.leg(before, "Chicago → Detroit")
        state = self.drag(leg["id"], "game:CLE202406040", release=False, screenshot="editor-mid-drag-red-zone.png")
        self.assertEqual(sorted(state["barriers"]), ["game:CHN202406050", "game:DET202406070"])
        self.assertGreater(state["blocked"], state["allowed"])
        self.assertIn("Blocked: Travel Chicago → Detroit must be between Day 2", state["status"])
        # The reason stays in sight while the row is carried.
        self.assertTrue(self.driver.execute_script(
            "const s = document.getElementById('status'); const r = s.getBoundingClientRect();"
            "return s.classList.contains('carrying') && r.top >= 0 && r.bottom <= window.innerHeight"))
        blocked = self.driver.find_element(By.CSS_SELECTOR, ".row.game[data-drop='blocked']")
        allowed = self.driver.find_element(By.CSS_SELECTOR, ".row.game[data-drop='allowed']")
        self.assertLess(float(blocked.value_of_css_property("opacity")), 1.0, "blocked places are dimmed")
        self.assertEqual(float(allowed.value_of_css_property("opacity")), 1.0)
        self.assertNotEqual(blocked.value_of_css_property("background-image"),
                            allowed.value_of_css_property("background-image"), "and tinted red")
        # The placeholder sits at the nearest allowed place, and the status says so.
        self.assertIn("nearest allowed place: Day 2", state["status"])
        drag_doc = SERVER.api("GET", f"/api/trips/{trip['trip']['id']}/drag/{leg['id']}")
        placeholder = self.driver.execute_script(
            "const d = document.querySelector('#itinerary .sortable-chosen:not(.sortable-fallback)') ||"
            " document.querySelector(`#itinerary [data-row-id='${arguments[0]}']`);"
            "const n = d.nextElementSibling; return n && n.dataset.rowId || null", leg["id"])
        first_allowed = next(s for s in drag_doc["slots"] if s["valid"])
        self.assertEqual(placeholder, first_allowed.get("before"))
        # Let go over the blocked place: it lands at the nearest allowed
        # place, the placeholder's (issue 28, item 7; the seeds'
        # findNearestValidPosition), and the status says where — here the
        # leg's own place, the first allowed one: nothing changes.
        self.assertEqual(drag_doc["originSlot"], first_allowed["index"])
        ActionChains(self.driver).release().perform()
        WebDriverWait(self.driver, 5).until(
            lambda d: "Dropped at the nearest allowed place, Day 2, where it was" in d.find_element(By.ID, "status").text)
        self.assertEqual(self.driver.find_element(By.ID, "banner").text, "")
        self.assertEqual(self.server_doc()["revision"], before["revision"], "nothing to store")
        # Past the other end of the zone (below Day 4): it lands at the
        # zone's last allowed place (the nearest), not where the pointer is.
        last_allowed = [s for s in drag_doc["slots"] if s["valid"]][-1]
        state = self.drag(leg["id"], "game:MIL202406100")
        self.assertIn("Blocked", state["status"])
        self.assertIn("nearest allowed place: Day 4", state["status"])
        WebDriverWait(self.driver, 5).until(
            lambda d: "Dropped at the nearest allowed place: Day 4." in d.find_element(By.ID, "status").text)
        after = self.server_doc()
        self.assertEqual(after["revision"], before["revision"] + 1, "stored")
        self.assertEqual(self.leg(after, "Chicago → Detroit")["day"], 4)
        landed = [r["id"] for r in after["rows"]]
        self.assertEqual(landed[landed.index(leg["id"]) + 1], last_allowed.get("before"))
        # And back up over Cleveland: the nearest allowed place is Day 2's first.
        self.drag(leg["id"], "game:CLE202406040")
        WebDriverWait(self.driver, 5).until(
            lambda d: "Dropped at the nearest allowed place: Day 2." in d.find_element(By.ID, "status").text)
        final = self.server_doc()
        self.assertEqual(final["revision"], before["revision"] + 2)
        self.assertEqual(self.leg(final, "Chicago → Detroit")["day"], 2)
        self.assertEqual(self.page_rows(), [r["id"] for r in final["rows"]], "the page shows what was stored")
        self.assertEqual(self.console_errors(), [])

    def make_leg_stale(self, trip, title, to_venue, to_name):
        """Points a leg of `trip` at another stop in the database, as a
        schedule change that moved a game would leave it: the leg no longer
        matches the route and has no allowed place."""
        leg = self.leg(SERVER.api("GET", f"/api/trips/{trip['trip']['id']}"), title)
        with sqlite3.connect(SERVER.env["SPORTSTIME_DB"]) as database:
            database.execute("UPDATE itinerary_items SET to_venue = ?, to_name = ? WHERE id = ?",
                             (to_venue, to_name, leg["id"].removeprefix("item:")))
        return leg

    def test_a_leg_with_no_allowed_place_snaps_back_and_its_banner_goes_with_the_next_drag(self):
        trip = SERVER.demo_trip("Browser stale leg")
        stale = self.make_leg_stale(trip, "Chicago → Detroit", "MIL06", "Milwaukee")
        self.open(trip)
        before = self.server_doc()
        state = self.drag(stale["id"], "day:3", release=False)
        self.assertEqual(state["allowed"], 0, "no allowed place at all")
        ActionChains(self.driver).release().perform()
        WebDriverWait(self.driver, 5).until(lambda d: "Snapped back" in d.find_element(By.ID, "status").text)
        self.assertNotEqual(self.driver.find_element(By.ID, "banner").text, "", "the reason, in the banner")
        self.assertEqual(self.server_doc()["revision"], before["revision"], "nothing stored")
        # The next drag is news of its own: the last snap back's banner goes
        # (issue 28, item 18).
        other = self.leg(before, "Cleveland → Chicago")
        self.drag(other["id"], "day:2", release=False)
        WebDriverWait(self.driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-drop]"))
        self.assertEqual(self.driver.find_element(By.ID, "banner").text, "", "no stale red banner while carrying")
        ActionChains(self.driver).release().perform()
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-drop]"))

    def test_a_leg_dropped_on_the_map_says_it_stayed_and_not_where_it_may_go(self):
        trip = SERVER.demo_trip("Browser drop on map")
        self.open(trip)
        before = self.server_doc()
        leg = self.leg(before, "Chicago → Detroit")
        handle = self.row(leg["id"]).find_element(By.CLASS_NAME, "handle")
        target = self.driver.find_element(By.ID, "map")
        # Straight across to the map (over no other row): the status has
        # said where the leg may go, and nothing since.
        box = target.rect
        goal_y = min(max(handle.rect["y"], box["y"] + 30), box["y"] + box["height"] - 30)
        actions = ActionChains(self.driver, duration=40)
        actions.move_to_element(handle).click_and_hold().pause(0.2)
        actions.move_by_offset(0, 3).pause(0.1)
        for _ in range(8):
            actions.move_by_offset((box["x"] + box["width"] / 2 - handle.rect["x"]) / 8, 0).pause(0.07)
        actions.move_by_offset(0, goal_y - handle.rect["y"]).pause(0.2)
        actions.perform()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-drop]"))
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-drag-over-map.png"))
        WebDriverWait(self.driver, 5).until(lambda d: "Allowed on Days 2–4." in d.find_element(By.ID, "status").text)
        ActionChains(self.driver).release().perform()
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-drop]"))
        WebDriverWait(self.driver, 5).until(
            lambda d: "Allowed on" not in d.find_element(By.ID, "status").text)
        self.assertEqual(self.driver.find_element(By.ID, "status").text, "Dropped where it was; nothing changed.")
        self.assertEqual(self.server_doc()["revision"], before["revision"])

    def test_on_a_long_trip_the_whole_red_zone_is_marked_the_screen_first(self):
        games = SERVER.api("GET", "/api/games?team=CHC&from=2024-04-01&to=2024-07-31")
        trip = SERVER.api("POST", "/api/trips", {"name": "Browser long", "games": [g["id"] for g in games]})
        self.open(trip)
        doc = self.server_doc()
        self.assertGreater(len(doc["rows"]), 200)
        legs = [r for r in doc["rows"] if r["kind"] == "travel"]
        leg = legs[len(legs) // 2]
        drag_doc = SERVER.api("GET", f"/api/trips/{trip['trip']['id']}/drag/{leg['id']}")
        row = self.row(leg["id"])
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
        ActionChains(self.driver).move_to_element(row.find_element(By.CLASS_NAME, "handle")).pause(0.3) \
            .click_and_hold().perform()
        WebDriverWait(self.driver, 5, poll_frequency=0.01).until(
            lambda d: d.execute_script("const t = window.sportstimeEditor.timing; return t && t.painted"))
        # Every place is marked within a few frames, as the server computed it.
        expected = {s["before"]: ("allowed" if s["valid"] else "blocked")
                    for s in drag_doc["slots"] if s.get("before") and s["before"] != leg["id"]}
        def marks(d):
            return {e.get_attribute("data-row-id"): e.get_attribute("data-drop")
                    for e in d.find_elements(By.CSS_SELECTOR, "#itinerary [data-row-id][data-drop]")}
        WebDriverWait(self.driver, 5).until(lambda d: len(marks(d)) == len(expected))
        self.assertEqual(marks(self.driver), expected)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-long-trip-red-zone.png"))
        ActionChains(self.driver).release().perform()
        WebDriverWait(self.driver, 5).until(
            lambda d: not d.find_elements(By.CSS_SELECTOR, "[data-drop], [data-barrier]"))
        self.assertEqual(self.console_errors(), [])

    def test_a_leg_dragged_to_an_allowed_place_is_saved_and_survives_a_reload(self):
        trip = SERVER.demo_trip("Browser allowed drag")
        self.open(trip)
        leg = self.leg(self.server_doc(), "Chicago → Detroit")
        self.drag(leg["id"], "day:4")
        doc = self.server_doc()
        self.assertIn(self.leg(doc, "Chicago → Detroit")["day"], [3, 4])
        self.assertEqual(doc["revision"], 2)
        shown = self.page_rows()
        self.driver.refresh()
        self.wait_for_rows()
        self.assertEqual(self.page_rows(), [r["id"] for r in doc["rows"]])
        self.assertEqual(self.page_rows(), shown, "the page showed what was saved")

    def test_keyboard_pick_up_move_and_drop(self):
        trip = SERVER.demo_trip("Browser keyboard")
        self.open(trip)
        leg = self.leg(self.server_doc(), "Chicago → Detroit")
        element = self.row(leg["id"])
        element.send_keys(Keys.SPACE)
        WebDriverWait(self.driver, 5).until(lambda d: "Picked up" in d.find_element(By.ID, "status").text)
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, "[data-barrier='true']"))
        focused = self.driver.switch_to.active_element
        for _ in range(30):
            focused.send_keys(Keys.ARROW_UP)
        status = self.driver.find_element(By.ID, "status").text
        self.assertTrue(status.startswith("Blocked: ") and "Chicago → Detroit" in status, status)
        focused = self.driver.switch_to.active_element
        for _ in range(3):
            focused.send_keys(Keys.ARROW_DOWN)
        focused = self.driver.switch_to.active_element
        focused.send_keys(Keys.ESCAPE)
        self.assertEqual(self.server_doc()["revision"], 1, "Escape cancels")
        element = self.row(leg["id"])
        element.send_keys(Keys.SPACE)
        WebDriverWait(self.driver, 5).until(lambda d: "Picked up" in d.find_element(By.ID, "status").text)
        focused = self.driver.switch_to.active_element
        focused.send_keys(Keys.ARROW_DOWN)
        focused = self.driver.switch_to.active_element
        focused.send_keys(Keys.ENTER)
        WebDriverWait(self.driver, 5).until(lambda d: "Moved" in d.find_element(By.ID, "status").text)
        doc = self.server_doc()
        self.assertEqual(doc["revision"], 2)
        self.assertNotEqual(self.leg(doc, "Chicago → Detroit")["number"], leg["number"])

    def test_a_drop_made_while_someone_else_changed_the_trip_is_still_saved(self):
        # Review 7: a change elsewhere (here the CLI) while a leg is lifted
        # made the drop fail with "changed by someone else"; the place is a
        # row, and the server checks it against the trip as it is now.
        trip = SERVER.demo_trip("Browser concurrent drop")
        self.open(trip)
        leg = self.leg(self.server_doc(), "Chicago → Detroit")
        self.row(leg["id"]).send_keys(Keys.SPACE)
        WebDriverWait(self.driver, 5).until(lambda d: "Picked up" in d.find_element(By.ID, "status").text)
        SERVER.cli("item", "add", "Browser concurrent drop", "--title", "Added meanwhile", "--day", "6")
        # The page has heard of the change while the leg is lifted.
        WebDriverWait(self.driver, 10).until(lambda d: int(self.list_attribute("heard-revision")) >= 2)
        focused = self.driver.switch_to.active_element
        focused.send_keys(Keys.ARROW_DOWN)
        focused = self.driver.switch_to.active_element
        focused.send_keys(Keys.ENTER)
        WebDriverWait(self.driver, 5).until(lambda d: "Moved" in d.find_element(By.ID, "status").text)
        doc = self.server_doc()
        self.assertEqual(doc["revision"], 3, "the CLI's item and the move")
        self.assertNotEqual(self.leg(doc, "Chicago → Detroit")["number"], leg["number"])
        self.assertIn("Added meanwhile", self.driver.find_element(By.ID, "itinerary").text)
        self.assertEqual(self.driver.find_element(By.ID, "banner").text, "")

    def test_a_trip_deleted_elsewhere_leaves_a_read_only_page(self):
        trip = SERVER.demo_trip("Browser deleted")
        SERVER.add_item(trip, "Museum", 2, "top")
        self.open(trip)
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "undo").is_enabled())
        SERVER.cli("trip", "delete", trip["trip"]["id"])
        WebDriverWait(self.driver, 3).until(lambda d: "deleted elsewhere" in d.find_element(By.ID, "banner").text)
        self.assertFalse(self.driver.find_element(By.ID, "undo").is_enabled())
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#itinerary [tabindex='0']"), [])
        link = self.driver.find_element(By.CSS_SELECTOR, "#banner a")
        self.assertEqual(link.get_attribute("href"), SERVER.base + "/")
        # The exports of a trip that is gone lead nowhere.
        for export in self.driver.find_elements(By.CSS_SELECTOR, ".exports a"):
            self.assertIsNone(export.get_attribute("href"), export.text)
            self.assertEqual(export.get_attribute("aria-disabled"), "true", export.text)
        # Nothing looks as if it still worked (issue 28, item 24): no export
        # buttons, no drag handles, no add or edit buttons; the page says why.
        for selector in [".exports a", ".row .handle", ".row button.add", ".row button.edit"]:
            shown = [e for e in self.driver.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()]
            self.assertEqual(shown, [], selector)
        self.assertTrue(self.driver.find_element(By.ID, "exports-gone").is_displayed())
        self.assertIn("no longer exists", self.driver.find_element(By.ID, "exports-gone").text)
        # And a row cannot be dragged any more.
        row = self.driver.find_element(By.CSS_SELECTOR, "#itinerary .row.movable")
        ActionChains(self.driver, duration=40).move_to_element(row).click_and_hold().move_by_offset(0, 80) \
            .pause(0.3).perform()
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".sortable-fallback, [data-drop]"), [])
        ActionChains(self.driver).release().perform()
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-trip-deleted.png"))
        # A page that does not exist is a page, in a browser.
        self.driver.get(SERVER.base + "/no/such/page")
        self.assertIn("No such page", self.driver.find_element(By.TAG_NAME, "h1").text)
        self.assertEqual([e for e in self.console_errors() if e["source"] != "network"], [])

    def test_saving_an_item_removed_elsewhere_says_so_in_words(self):
        # Issue 28, item 15: "No item a5baf9f5-… in this trip." was shown.
        trip = SERVER.demo_trip("Browser removed meanwhile")
        museum = SERVER.add_item(trip, "Museum", 3, "top")
        self.open(trip)
        self.row(museum["row"]["id"]).find_element(By.CSS_SELECTOR, "button.edit").click()
        item_id = museum["row"]["id"].removeprefix("item:")
        SERVER.api("DELETE", f"/api/trips/{trip['trip']['id']}/items/{item_id}")
        field = self.driver.find_element(By.ID, "item-title")
        field.clear()
        field.send_keys("Art museum")
        self.driver.find_element(By.ID, "item-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "banner").text != "")
        banner = self.driver.find_element(By.ID, "banner").text
        self.assertIn("no longer in the trip", banner)
        self.assertNotIn(item_id[:8], banner)
        self.assertFalse(self.driver.find_element(By.ID, "item-dialog").is_displayed())
        WebDriverWait(self.driver, 5).until(lambda d: "Museum" not in d.find_element(By.ID, "itinerary").text)
        self.assertEqual([e for e in self.console_errors() if e["source"] != "network"], [])

    def test_mark_attended_lists_the_games_to_confirm_and_can_be_undone(self):
        # Issue 28, item 17: it recorded every game at once, unasked, for good.
        trip = SERVER.demo_trip("Browser attended")
        self.open(trip)
        def visits():
            return [v for v in SERVER.api("GET", "/api/visits")["visits"]]
        already = len(visits())
        mark = WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "mark-attended")
                                                   if d.find_element(By.ID, "mark-attended").is_displayed() else None)
        mark.click()
        dialog = WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "attended-dialog") if d.find_element(By.ID, "attended-dialog").is_displayed() else None)
        games = [e.text for e in dialog.find_elements(By.CSS_SELECTOR, "#attended-games li")]
        self.assertEqual(len(games), 5, games)
        self.assertEqual(games[0], "Tue, Jun 4, 2024 · KC @ CLE · Progressive Field, Cleveland")
        self.assertEqual(self.driver.find_element(By.ID, "attended-confirm").text, "Record 5 visits")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-attended-confirm.png"))
        self.assertEqual(len(visits()), already, "asking stores nothing")
        # Cancel: nothing recorded.
        self.driver.find_element(By.ID, "attended-cancel").click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "status").text == "Nothing recorded.")
        self.assertEqual(len(visits()), already)
        # Confirm: the five games are recorded, and Undo takes them back.
        mark.click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "attended-dialog").is_displayed())
        self.driver.find_element(By.ID, "attended-confirm").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Recorded 5 visits" in d.find_element(By.ID, "status").text)
        self.assertEqual(len(visits()), already + 5)
        self.driver.find_element(By.ID, "attended-undo").click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "status").text.startswith("Undone: 5 visits"))
        self.assertEqual(len(visits()), already)
        self.assertEqual(self.console_errors(), [])

    def test_the_trips_games_change_in_a_dialog_with_the_report_in_words_and_one_undo(self):
        # Issue 28, item 6: add a game from the schedule, remove one, as
        # `trip replan --add-game/--remove-game` does; one undo step.
        trip = SERVER.demo_trip("Browser games")
        museum = SERVER.add_item(trip, "Museum", 6, "top")
        self.open(trip)
        self.driver.find_element(By.ID, "games-edit").click()
        dialog = self.driver.find_element(By.ID, "games-dialog")
        self.assertTrue(dialog.is_displayed())
        current = dialog.find_elements(By.CSS_SELECTOR, "#games-current input[type=checkbox]")
        self.assertEqual([b.get_attribute("value") for b in current],
                         ["CLE202406040", "CHN202406050", "DET202406070", "DET202406080", "MIL202406100"])
        dialog.find_element(By.CSS_SELECTOR, "#games-current input[value='DET202406080']").click()
        self.driver.find_element(By.ID, "games-team").send_keys("Tigers")
        self.driver.find_element(By.ID, "games-search").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#games-found input[value='DET202406090']"))
        found = [b.get_attribute("value") for b in self.driver.find_elements(By.CSS_SELECTOR, "#games-found input")]
        self.assertNotIn("DET202406070", found, "the trip's own games are not offered again")
        self.driver.find_element(By.CSS_SELECTOR, "#games-found input[value='DET202406090']").click()
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-games-dialog.png"))
        self.driver.find_element(By.ID, "games-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Games changed" in d.find_element(By.ID, "status").text)
        status = self.driver.find_element(By.ID, "status").text
        self.assertIn("Games changed: 1 game added, 1 removed.", status)
        self.assertIn("Detroit → Milwaukee placed again: Travel Detroit → Milwaukee must be between Day 6", status)
        doc = self.server_doc()
        self.assertEqual([r["gameID"] for r in doc["rows"] if r["kind"] == "game"],
                         ["CLE202406040", "CHN202406050", "DET202406070", "DET202406090", "MIL202406100"])
        self.assertTrue(any(r["id"] == museum["row"]["id"] for r in doc["rows"]), "the item stays")
        self.assertEqual(self.page_rows(), [r["id"] for r in doc["rows"]])
        self.assertFalse(dialog.is_displayed())
        # One undo step takes it all back.
        self.driver.find_element(By.ID, "undo").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Undid" in d.find_element(By.ID, "status").text)
        self.assertEqual([r["gameID"] for r in self.server_doc()["rows"] if r["kind"] == "game"],
                         ["CLE202406040", "CHN202406050", "DET202406070", "DET202406080", "MIL202406100"])
        # Nothing picked: said in the dialog, nothing sent.
        self.driver.find_element(By.ID, "games-edit").click()
        self.driver.find_element(By.ID, "games-save").click()
        self.assertEqual(self.driver.find_element(By.ID, "games-error").text, "Pick a game to add or one to remove first.")
        self.driver.find_element(By.ID, "games-cancel").click()
        self.assertEqual([e for e in self.console_errors() if e["source"] != "network"], [])

    def test_the_trips_days_change_in_a_dialog_and_undo_takes_it_back(self):
        trip = SERVER.demo_trip("Browser days")
        SERVER.add_item(trip, "Last-day dinner", 7, "bottom")
        self.open(trip)
        self.driver.find_element(By.ID, "days-edit").click()
        self.driver.execute_script(
            "document.getElementById('days-start').value = '2024-06-03';"
            "document.getElementById('days-end').value = '2024-06-10';")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-days-dialog.png"))
        self.driver.find_element(By.ID, "days-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Days changed" in d.find_element(By.ID, "status").text)
        doc = self.server_doc()
        self.assertEqual((doc["trip"]["startDate"], doc["trip"]["dayCount"]), ("2024-06-03", 8))
        self.assertIn("Mon, Jun 3, 2024", self.driver.find_element(By.ID, "trip-dates").text)
        # Days that leave a game out are refused with the server's reason, nothing changed.
        self.driver.find_element(By.ID, "days-edit").click()
        self.driver.execute_script("document.getElementById('days-end').value = '2024-06-08';")
        self.driver.find_element(By.ID, "days-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "days-error").text != "")
        self.assertEqual(self.server_doc()["revision"], doc["revision"])
        self.driver.find_element(By.ID, "days-cancel").click()
        self.driver.find_element(By.ID, "undo").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Undid" in d.find_element(By.ID, "status").text)
        self.assertEqual(self.server_doc()["trip"]["startDate"], "2024-06-04")
        self.assertEqual([e for e in self.console_errors() if e["source"] != "network"], [])

    def test_the_add_dialog_has_no_remove_button_and_the_edit_dialog_has_one(self):
        trip = SERVER.demo_trip("Browser add dialog")
        SERVER.add_item(trip, "Museum", 3, "top")
        self.open(trip)
        self.row("day:2").find_element(By.CLASS_NAME, "add").click()
        remove = self.driver.find_element(By.ID, "item-remove")
        self.assertFalse(remove.is_displayed(), "adding: nothing to remove")
        self.driver.find_element(By.ID, "item-title").send_keys(Keys.ESCAPE)
        museum = next(r for r in self.server_doc()["rows"] if r.get("title") == "Museum")
        self.row(museum["id"]).find_element(By.CSS_SELECTOR, "button.edit").click()
        self.assertTrue(self.driver.find_element(By.ID, "item-remove").is_displayed(), "editing: Remove is offered")
        self.assertEqual(self.console_errors(), [])

    def test_the_map_and_its_zoom_buttons_show_the_keyboard_focus(self):
        trip = SERVER.demo_trip("Browser map focus")
        self.open(trip)
        last_add = self.row("day:7").find_element(By.CLASS_NAME, "add")
        self.driver.execute_script("arguments[0].focus()", last_add)
        seen = []
        for _ in range(3):  # the map, then zoom in, then zoom out
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            focused = self.driver.switch_to.active_element
            seen.append(focused.get_attribute("class") or focused.get_attribute("title"))
            # A key pressed inside the map makes Leaflet put an inline outline: none on it.
            ActionChains(self.driver).send_keys(Keys.SHIFT).perform()
            self.assertEqual(focused.value_of_css_property("outline-style"), "solid", seen[-1])
        self.assertIn("leaflet-container", seen[0])
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-map-zoom-focused.png"))

    def test_undo_keys_do_nothing_behind_the_days_dialog(self):
        trip = SERVER.demo_trip("Browser undo behind days")
        SERVER.add_item(trip, "To be kept", 3, "top")
        self.open(trip)
        revision = self.server_doc()["revision"]
        self.driver.find_element(By.ID, "days-edit").click()
        cancel = self.driver.find_element(By.ID, "days-cancel")
        ActionChains(self.driver).move_to_element(cancel).perform()
        self.driver.execute_script("arguments[0].focus()", cancel)
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        ActionChains(self.driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z") \
            .key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        self.wait_until_quiet()  # an undo or redo sent would be answered by now
        self.assertEqual(self.server_doc()["revision"], revision, "nothing undone behind the dialog")
        self.assertTrue(self.driver.find_element(By.ID, "days-dialog").is_displayed())

    def test_without_the_browser_libraries_the_itinerary_shows_and_says_what_is_missing(self):
        server = Server(ARGS.bin, ARGS.data, extra=("--assets", "/nonexistent"))
        try:
            warnings = "".join(server.preamble)
            self.assertIn("Warning: no /nonexistent/sortable/Sortable.min.js: drag and drop will not work", warnings)
            self.assertIn("Warning: no /nonexistent/leaflet/leaflet.js: the maps will not work", warnings)
            trip = server.demo_trip("Browser no libraries")
            self.driver.get(f"{server.base}/trips/{trip['trip']['id']}")
            self.wait_for_rows()
            shown = server.api("GET", f"/api/trips/{trip['trip']['id']}")["rows"]
            self.assertEqual(self.page_rows(), [r["id"] for r in shown])
            notice = self.driver.find_element(By.ID, "notice")
            self.assertTrue(notice.is_displayed())
            self.assertIn("could not find SortableJS", notice.text)
            self.assertIn("Rows still move with the keyboard", notice.text)
            self.assertFalse(self.driver.find_element(By.ID, "map").is_displayed(), "no empty map box")
            self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-without-libraries.png"))
            self.driver.get(f"{server.base}/trips/new")
            notice = WebDriverWait(self.driver, 10).until(lambda d: d.find_element(By.ID, "notice"))
            self.assertTrue(notice.is_displayed())
            self.assertIn("could not find Leaflet", notice.text)
            self.assertFalse(self.driver.find_element(By.ID, "map").is_displayed())
        finally:
            server.stop()

    def test_undo_and_redo_with_buttons_and_keys(self):
        trip = SERVER.demo_trip("Browser undo")
        tid = trip["trip"]["id"]
        SERVER.add_item(trip, "Museum", 3, "top")
        self.open(trip)
        self.assertIn("Museum", self.driver.find_element(By.ID, "itinerary").text)
        self.driver.find_element(By.ID, "undo").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Undid" in d.find_element(By.ID, "status").text)
        self.assertNotIn("Museum", self.driver.find_element(By.ID, "itinerary").text)
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, Keys.SHIFT, "z")
        WebDriverWait(self.driver, 5).until(lambda d: "Redid" in d.find_element(By.ID, "status").text)
        self.assertIn("Museum", self.driver.find_element(By.ID, "itinerary").text)
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
        WebDriverWait(self.driver, 5).until(lambda d: "Museum" not in d.find_element(By.ID, "itinerary").text)
        self.assertFalse(any(r["title"] == "Museum" for r in SERVER.api("GET", f"/api/trips/{tid}")["rows"]))

    def test_a_change_made_with_the_cli_shows_up_in_the_open_page(self):
        trip = SERVER.demo_trip("Browser live")
        self.open(trip)
        SERVER.cli("item", "add", "Browser live", "--title", "Added from the terminal", "--day", "2")
        # Shown without a reload (how soon is a figure, not a rule: no timing here).
        WebDriverWait(self.driver, 10, poll_frequency=0.05).until(
            lambda d: "Added from the terminal" in d.find_element(By.ID, "itinerary").text)
        self.assertEqual(self.list_attribute("revision"), str(self.server_doc()["revision"]))

    def test_the_pdf_buttons_download_the_trip_as_pdf_on_letter_and_a4(self):
        trip = SERVER.demo_trip("Browser PDF")
        self.open(trip)
        trip_id = trip["trip"]["id"]
        letter = self.driver.find_element(By.ID, "export-pdf")
        a4 = self.driver.find_element(By.ID, "export-pdf-a4")
        self.assertEqual(letter.text, "PDF (Letter)")
        self.assertTrue(letter.get_attribute("href").endswith(f"/api/trips/{trip_id}/export.pdf"))
        self.assertTrue(a4.get_attribute("href").endswith(f"/api/trips/{trip_id}/export.pdf?paper=a4"))
        self.assertIsNotNone(letter.get_attribute("download"))
        # What the buttons fetch: a PDF of the right paper (read in the page, as the browser would).
        fetched = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const read = async (id) => {
              const answer = await fetch(document.getElementById(id).href);
              const bytes = new Uint8Array(await answer.arrayBuffer());
              const text = new TextDecoder('latin1').decode(bytes);
              return {status: answer.status, type: answer.headers.get('content-type'),
                      disposition: answer.headers.get('content-disposition'),
                      head: text.slice(0, 5), box: (text.match(/MediaBox \\[ *0 0 ([0-9.]+) ([0-9.]+)/) || []).slice(1)};
            };
            Promise.all([read('export-pdf'), read('export-pdf-a4')]).then(done, e => done(String(e)));
        """)
        self.assertIsInstance(fetched, list, fetched)
        for answer, name in zip(fetched, ["Browser PDF.pdf", "Browser PDF (A4).pdf"]):
            self.assertEqual(answer["status"], 200)
            self.assertEqual(answer["type"], "application/pdf")
            self.assertEqual(answer["head"], "%PDF-")
            self.assertIn(f'filename="{name}"', answer["disposition"])
        self.assertEqual([round(float(v)) for v in fetched[0]["box"]], [612, 792])
        self.assertEqual([round(float(v)) for v in fetched[1]["box"]], [595, 842])
        # Reached with the keyboard like the other exports; Enter downloads
        # it (through fetch: the status line says what happened).
        letter.send_keys("")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "export-pdf")
        letter.send_keys(Keys.ENTER)
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_element(By.ID, "status").text == "Downloaded Browser PDF.pdf.")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", letter)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-pdf-buttons.png"))
        self.assertEqual(self.console_errors(), [])

    def test_a_phone_sized_window(self):
        trip = SERVER.demo_trip("Browser phone")
        self.open_on_a_phone(trip)
        self.assertEqual(self.driver.execute_script("return window.innerWidth"), 390)
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(width, 390, "no sideways scrolling")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-phone.png"))
        leg = self.leg(self.server_doc(), "Chicago → Detroit")
        handle = self.row(leg["id"]).find_element(By.CLASS_NAME, "handle")
        self.assertGreaterEqual(handle.size["width"], 40, "a finger-sized handle")
        # The sticky header stays short (two lines of the name at most), even with a long name (reviews 7, 8).
        SERVER.api("PATCH", f"/api/trips/{trip['trip']['id']}", {"name": "Browser phone with a long name across the Great Lakes"})
        WebDriverWait(self.driver, 5).until(lambda d: "long name" in d.find_element(By.ID, "trip-name").text)
        header = self.driver.find_element(By.CSS_SELECTOR, "header.bar")
        # At most 80 px: two lines of the name, and the sections' words on a
        # row of their own (issue 28, item 23; 70 with the sections' icons alone).
        self.assertLessEqual(header.size["height"], 80, "a short header on a phone")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-phone-long-name.png"))
        self.assertEqual(self.console_errors(), [])

    def test_a_long_trip_name_keeps_the_header_short_and_the_zoom_buttons_reachable(self):
        # Issue 28, item 20: at desktop widths a long name made the sticky
        # header 153 px tall, over the map's zoom buttons.
        name = "Browser long name: " + "the Great Lakes, the Ohio valley and every ballpark between " * 2
        trip = SERVER.demo_trip(name.strip()[:200])
        for width in (1280, 960, 700):
            self.driver.set_window_size(width, 1000)
            self.open(trip)
            header = self.driver.find_element(By.CSS_SELECTOR, "header.bar")
            self.assertLessEqual(header.size["height"], 64, f"one row at {width} px")
            heading = self.driver.find_element(By.ID, "trip-name")
            self.assertEqual(heading.get_attribute("title"), trip["trip"]["name"], "the whole name on hover")
            self.assertGreaterEqual(heading.size["width"], width * 0.35, f"room for the name at {width} px")
            # Scrolled down, the zoom buttons are below the header and take a click.
            self.driver.execute_script("window.scrollTo(0, 400)")
            zoom = self.driver.find_element(By.CSS_SELECTOR, "#map .leaflet-control-zoom-in")
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", zoom)
            hit = self.driver.execute_script(
                "const r = arguments[0].getBoundingClientRect();"
                "const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                "return e === arguments[0] || arguments[0].contains(e)", zoom)
            self.assertTrue(hit, f"the zoom button is not covered at {width} px")
            self.driver.save_screenshot(os.path.join(ARGS.artifacts, f"editor-long-name-{width}.png"))
        self.assertEqual(self.console_errors(), [])

    def test_a_tight_leg_is_said_in_words_and_the_new_trip_page_shows_its_warning(self):
        # Issue 28, item 4: Boston (Sun Jun 15 2025, a day game) then Seattle
        # (Mon Jun 16, 7:10 pm): 3,000 mi to drive in about 30 hours.
        SERVER.cli("schedule", "import", os.path.join(ARGS.data, "retrosheet/2025schedule.csv"))
        self.driver.get(SERVER.base + "/trips/new")
        self.driver.find_element(By.ID, "team").send_keys("BOS")
        self.driver.execute_script(
            "document.getElementById('from').value = '2025-06-15';"
            "document.getElementById('to').value = '2025-06-16';")
        self.driver.find_element(By.ID, "search").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#games input[type=checkbox]")) == 2)
        for box in self.driver.find_elements(By.CSS_SELECTOR, "#games input[type=checkbox]"):
            box.click()
        self.driver.find_element(By.ID, "name").send_keys("Browser coast to coast")
        self.driver.find_element(By.ID, "create-trip").click()
        WebDriverWait(self.driver, 10).until(lambda d: "/trips/new" not in d.current_url)
        self.wait_for_rows()
        trip_id = self.driver.current_url.rsplit("/", 1)[-1]
        box = WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "created-warnings"))
        self.assertTrue(box.is_displayed())
        self.assertIn("created with a warning", box.text)
        self.assertIn("Tight leg Boston → Seattle: the drive takes about", box.text)
        self.assertEqual(box.get_attribute("role"), "status")
        # The leg's row says what "tight" means, on the screen and to a screen reader.
        doc = SERVER.api("GET", f"/api/trips/{trip_id}")
        leg = next(r for r in doc["rows"] if r["kind"] == "travel")
        self.assertTrue(leg["tight"])
        row = self.row(leg["id"])
        words = "the drive takes longer than the time between the games"
        self.assertIn("Tight: " + words, row.text)
        self.assertIn("tight: " + words, row.get_attribute("aria-label"))
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-created-with-a-warning.png"))
        # Shown once: a reload does not repeat the creation's warnings.
        self.driver.refresh()
        self.wait_for_rows()
        self.assertFalse(self.driver.find_element(By.ID, "created-warnings").is_displayed())
        self.assertEqual(self.console_errors(), [])

    def test_item_times_read_like_game_times_with_the_zone_where_it_differs(self):
        # Issue 28, item 19: a 17:30 dinner at a Chicago place on the Detroit
        # day is "5:30 pm CDT"; a noon note on the Chicago day is "12:00 pm".
        trip = SERVER.demo_trip("Browser item times")
        tid = trip["trip"]["id"]
        dinner = SERVER.api("POST", f"/api/trips/{tid}/items", {
            "title": "Dinner in Chicago", "category": "restaurant", "time": "17:30",
            "lat": 41.8781, "lon": -87.6298, "place": {"day": 4, "at": "top"}})
        note = SERVER.api("POST", f"/api/trips/{tid}/items", {
            "title": "Lunch", "time": "12:00", "place": {"day": 2, "at": "top"}})
        self.open(trip)
        dinner_row = self.row(dinner["row"]["id"])
        self.assertEqual(dinner_row.find_element(By.CLASS_NAME, "time").text, "5:30 pm CDT")
        self.assertIn("at 5:30 pm CDT", dinner_row.get_attribute("aria-label"))
        self.assertEqual(self.row(note["row"]["id"]).find_element(By.CLASS_NAME, "time").text, "12:00 pm")
        game = self.row("game:DET202406070").find_element(By.CLASS_NAME, "time").text
        self.assertEqual(game, "7:10 pm EDT est.", "the games' own format")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-item-times.png"))
        self.assertEqual(self.console_errors(), [])

    def test_the_new_trip_screen_finds_games_picks_them_and_creates_the_trip(self):
        self.driver.get(SERVER.base + "/trips/new")
        self.driver.find_element(By.ID, "team").send_keys("Cubs")
        self.driver.execute_script(
            "document.getElementById('from').value = '2024-06-04';"
            "document.getElementById('to').value = '2024-06-09';")
        self.driver.find_element(By.ID, "search").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "status").text.endswith("games."))
        # The list is the API's answer for the same query (the CLI's games list).
        expected = SERVER.api("GET", "/api/games?team=Cubs&from=2024-06-04&to=2024-06-09")
        boxes = self.driver.find_elements(By.CSS_SELECTOR, "#games input[type=checkbox]")
        self.assertEqual([b.get_attribute("value") for b in boxes], [g["id"] for g in expected])
        self.assertGreaterEqual(len(boxes), 4)
        self.assertEqual(self.driver.find_element(By.ID, "status").text, f"{len(expected)} games.")
        self.assertFalse(self.driver.find_element(By.ID, "create-trip").is_enabled())
        # Pick the first and the last game (by keyboard: Space on the box).
        boxes[0].send_keys(Keys.SPACE)
        boxes[-1].click()
        picks = self.driver.find_elements(By.CSS_SELECTOR, "#picked li")
        self.assertEqual(len(picks), 2)
        self.assertIn("Wrigley Field", picks[0].text)
        WebDriverWait(self.driver, 5).until(
            lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map .leaflet-marker-icon")) == 2)
        # A second pick at Wrigley shares its pin, which lists both numbers.
        boxes[1].click()
        WebDriverWait(self.driver, 5).until(
            lambda d: sorted(e.text for e in d.find_elements(By.CSS_SELECTOR, "#map .pin-label")) == ["1, 2", "3"])
        boxes[1].click()
        WebDriverWait(self.driver, 5).until(
            lambda d: sorted(e.text for e in d.find_elements(By.CSS_SELECTOR, "#map .pin-label")) == ["1", "2"])
        self.driver.find_element(By.ID, "name").send_keys("Browser new trip")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "new-trip.png"))
        self.driver.find_element(By.ID, "create-trip").click()
        WebDriverWait(self.driver, 10).until(lambda d: "/trips/new" not in d.current_url)
        self.wait_for_rows()
        self.assertEqual(self.driver.find_element(By.ID, "trip-name").text, "Browser new trip")
        trip_id = self.driver.current_url.rsplit("/", 1)[-1]
        doc = SERVER.api("GET", f"/api/trips/{trip_id}")
        games = [r["gameID"] for r in doc["rows"] if r["kind"] == "game"]
        self.assertEqual(games, [expected[0]["id"], expected[-1]["id"]])
        # A name already taken is refused with the server's words, on the page.
        self.driver.get(SERVER.base + "/trips/new")
        self.driver.find_element(By.ID, "team").send_keys("CHC")
        self.driver.execute_script(
            "document.getElementById('from').value = '2024-06-04';"
            "document.getElementById('to').value = '2024-06-04';")
        self.driver.find_element(By.ID, "search").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#games input[type=checkbox]"))
        self.driver.find_element(By.CSS_SELECTOR, "#games input[type=checkbox]").click()
        self.driver.find_element(By.ID, "name").send_keys("Browser new trip")
        self.driver.find_element(By.ID, "create-trip").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: "already" in d.find_element(By.ID, "name-error").text)
        self.assertIn("/trips/new", self.driver.current_url)
        # (The refused POST itself is logged by the browser as a network error.)
        self.assertEqual([e for e in self.console_errors() if e["source"] != "network"], [])

    def touch(self, kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def test_on_a_phone_a_press_and_hold_picks_a_leg_up_and_a_drag_moves_it(self):
        trip = SERVER.demo_trip("Browser touch")
        self.open_on_a_phone(trip)
        before = self.server_doc()
        leg = self.leg(before, "Chicago → Detroit")
        handle = self.row(leg["id"]).find_element(By.CLASS_NAME, "handle")
        box = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
            handle)
        target = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.y + r.height / 2 + 4;",
            self.row("day:4"))
        x, y = box
        # A quick swipe scrolls the page; it does not pick the leg up.
        self.touch("touchStart", x, y)
        self.touch("touchMove", x, y + 40)
        self.touch("touchEnd", x, y + 40)
        self.wait_until_quiet()  # a drag begun would have its red zone by now
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop]")), 0, "no drag began")
        # Press and hold, then drag onto Day 4.
        self.touch("touchStart", x, y)
        # Held past SortableJS's delay (250 ms on touch): the row is chosen.
        WebDriverWait(self.driver, 5, poll_frequency=0.02).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary .sortable-chosen"))
        steps = 12
        for i in range(1, steps + 1):
            self.touch("touchMove", x, y + (target - y) * i / steps)
            time.sleep(0.05)
        self.assertGreater(len(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop='blocked']")), 0,
                           "the red zone shows while the finger holds the leg")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-phone-touch-drag.png"))
        self.touch("touchEnd", x, target)
        WebDriverWait(self.driver, 5).until(lambda d: "Moved" in d.find_element(By.ID, "status").text)
        doc = self.server_doc()
        self.assertEqual(doc["revision"], before["revision"] + 1)
        self.assertIn(self.leg(doc, "Chicago → Detroit")["day"], [3, 4])
        self.assertEqual(self.console_errors(), [])

    def test_issue_28_trip_cards_and_the_sections_read_at_desktop_and_phone_size(self):
        """Item 23: the trip card's date line was underlined (the link's style),
        and on a phone the sections were emoji alone; a long name wraps whole."""
        name = "The Great Lakes Loop with the Whole Family, Grandma and the Dog"
        trip = SERVER.demo_trip(name)
        check = """
            const card = [...document.querySelectorAll('.trip-card')].find((c) => c.textContent.includes(arguments[0]));
            const link = card.querySelector('a.name'), title = link.querySelector('.title') || link, meta = link.querySelector('.meta');
            const box = (e) => e.getBoundingClientRect();
            const sections = [...document.querySelectorAll('header.bar .nav a, header.bar #plan-trip')].map((a) => {
              const words = [...a.querySelectorAll('.label, .short')].filter((l) => getComputedStyle(l).display !== 'none');
              return { text: words.map((l) => l.textContent.trim()).join(' '), right: box(a).right, left: box(a).left };
            });
            return {
              link: getComputedStyle(link).textDecorationLine, title: getComputedStyle(title).textDecorationLine,
              metaUnderlined: getComputedStyle(meta).textDecorationLine !== 'none',
              titleText: title.textContent, titleFits: box(title).right <= box(card).right + 1 && title.scrollWidth <= title.clientWidth + 1,
              titleLines: Math.round(box(title).height / parseFloat(getComputedStyle(title).lineHeight || '20')),
              sections, width: window.innerWidth };
        """
        for phone in (False, True):
            driver = browser(phone=True) if phone else self.driver
            try:
                driver.get(SERVER.base + "/")
                WebDriverWait(driver, 5).until(lambda d: name in d.find_element(By.ID, "past").text)
                found = driver.execute_script(check, name)
                driver.save_screenshot(os.path.join(ARGS.artifacts, f"trips-cards{'-phone' if phone else ''}.png"))
                self.assertEqual(found["link"], "none", found)
                self.assertEqual(found["title"], "underline", found)
                self.assertFalse(found["metaUnderlined"], found)
                self.assertEqual(found["titleText"], name)
                self.assertTrue(found["titleFits"], found)
                words = [s["text"] for s in found["sections"]]
                self.assertEqual(words[:3], ["Progress", "History", "Map"], found)
                self.assertIn("Plan" if phone else "Plan a trip", words, found)
                for section in found["sections"]:
                    self.assertGreaterEqual(section["left"], 0, found)
                    self.assertLessEqual(section["right"], found["width"], found)
                # The editor's header names its sections in words too.
                driver.get(f"{SERVER.base}/trips/{trip['trip']['id']}")
                WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary li.row.game"))
                labels = [e.text.strip() for e in driver.find_elements(By.CSS_SELECTOR, "header.bar .nav a")]
                if phone:
                    self.assertEqual([l.split()[-1] for l in labels], ["Plan", "Progress", "History", "Map"], labels)
                    driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-phone-sections.png"))
            finally:
                if phone:
                    driver.quit()

    def test_the_trips_screen_lists_trips_and_renames_one(self):
        SERVER.demo_trip("Browser list")
        self.driver.get(SERVER.base + "/")
        WebDriverWait(self.driver, 5).until(lambda d: "Browser list" in d.find_element(By.ID, "past").text)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "trips.png"))
        card = self.driver.find_element(By.XPATH, "//li[contains(@class,'trip-card')][.//a[starts-with(normalize-space(.), 'Browser list')]]")
        card.find_element(By.XPATH, ".//button[text()='Rename']").click()
        field = self.driver.find_element(By.ID, "name-input")
        field.clear()
        field.send_keys("Browser list renamed")
        self.driver.find_element(By.ID, "name-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Browser list renamed" in d.find_element(By.ID, "past").text)
        self.assertEqual(self.driver.find_element(By.ID, "status").text, "Renamed to “Browser list renamed”.")
        # The name it already has: nothing changes, and the page says so.
        # (The list may be drawn again meanwhile — the rename's own change
        # event — so the card is looked up until its button takes the click.)
        def open_rename(d):
            try:
                d.find_element(By.XPATH, "//li[contains(@class,'trip-card')][.//a[starts-with(normalize-space(.), 'Browser list renamed')]]") \
                    .find_element(By.XPATH, ".//button[text()='Rename']").click()
                return d.find_element(By.ID, "name-input").is_displayed()
            except StaleElementReferenceException:
                return False
        WebDriverWait(self.driver, 5).until(open_rename)
        self.driver.find_element(By.ID, "name-save").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "status").text == "“Browser list renamed” already has that name.")
        # Changed elsewhere while the dialog is open (review 7): the first Save
        # says so and keeps the typing; the second renames.
        WebDriverWait(self.driver, 5).until(open_rename)
        SERVER.cli("item", "add", "Browser list renamed", "--title", "Meanwhile", "--day", "1")
        field = self.driver.find_element(By.ID, "name-input")
        field.clear()
        field.send_keys("Browser list final")
        self.driver.find_element(By.ID, "name-save").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: "changed meanwhile" in d.find_element(By.ID, "name-error").text)
        self.assertEqual(field.get_attribute("value"), "Browser list final")
        self.driver.find_element(By.ID, "name-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: "Browser list final" in d.find_element(By.ID, "past").text)
        self.assertEqual([e for e in self.console_errors() if e["source"] != "network"], [])

    def test_the_trips_screen_shows_three_tips_and_more_tips_changes_them(self):
        def tip_ids(d):
            # Read in one script: the list may be replaced between two calls.
            return d.execute_script(
                "return [...document.querySelectorAll('#tips [data-tip-id]')].map((e) => e.dataset.tipId)")

        self.driver.get(SERVER.base + "/")
        WebDriverWait(self.driver, 5).until(lambda d: len(tip_ids(d)) == 3)
        first = tip_ids(self.driver)
        self.assertEqual(len(set(first)), 3, first)
        # A section with its heading, after Past, holding a list of the tips.
        section = self.driver.find_element(By.ID, "tips")
        self.assertEqual(section.tag_name, "section")
        heading = self.driver.find_element(By.ID, section.get_attribute("aria-labelledby"))
        self.assertEqual(heading.text, "Planning tips")
        headings = self.driver.execute_script(
            "return [...document.querySelectorAll('main > section h2')].map((h) => h.id)")
        self.assertEqual(headings, ["upcoming-title", "past-title", "tips-title"])
        cards = section.find_elements(By.CSS_SELECTOR, "ul > li[data-tip-id]")
        self.assertEqual(len(cards), 3)
        for card in cards:
            self.assertTrue(card.text.strip().endswith("."), card.text)
        self.driver.execute_script("arguments[0].scrollIntoView()", section)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "tips.png"))
        # "More tips": three others.
        self.driver.find_element(By.ID, "more-tips").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: len(tip_ids(d)) == 3 and not set(tip_ids(d)) & set(first))
        second = tip_ids(self.driver)
        self.assertEqual(len(set(second)), 3, second)
        self.assertEqual(self.console_errors(), [])
        # On a phone: one column, no sideways scrolling, a finger-sized button.
        self.driver.quit()
        self.driver = browser(phone=True)
        self.addCleanup(self.driver.quit)
        self.driver.get(SERVER.base + "/")
        WebDriverWait(self.driver, 5).until(lambda d: len(tip_ids(d)) == 3)
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(width, 390, "no sideways scrolling")
        cards = self.driver.find_elements(By.CSS_SELECTOR, "#tips [data-tip-id]")
        self.assertEqual(len({card.location["x"] for card in cards}), 1, "one column")
        self.assertGreaterEqual(self.driver.find_element(By.ID, "more-tips").size["height"], 40)
        self.driver.execute_script("document.getElementById('tips').scrollIntoView()")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "tips-phone.png"))
        self.assertEqual(self.console_errors(), [])


class LiveReconnectTests(unittest.TestCase):
    """Issue 28: a page's event stream down (a server restart) or refused (every place taken):
    the page catches up when the stream is back (`body[data-live]` says where it stands)."""

    def setUp(self):
        self.server = Server(ARGS.bin, ARGS.data)
        self.addCleanup(self.server.stop)
        self.addCleanup(lambda: self.server.process.stdout.close())
        self.driver = browser()
        self.addCleanup(self.driver.quit)

    def live(self, state, timeout=20):
        WebDriverWait(self.driver, timeout).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == state)

    def test_a_change_made_while_the_server_was_down_shows_once_the_stream_is_back(self):
        trip = self.server.demo_trip("Restarted")
        self.driver.get(f"{self.server.base}/trips/{trip['trip']['id']}")
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary [data-row-id='day:1']"))
        self.live("open")
        # Down: a command adds an item (no server to tell the page), then the server is back.
        self.server.restart(lambda: self.server.cli(
            "item", "add", "Restarted", "--title", "Added while the server was down", "--day", "2"))
        self.live("open")
        WebDriverWait(self.driver, 10).until(
            lambda d: "Added while the server was down" in d.find_element(By.ID, "itinerary").text)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "live-after-restart.png"))
        # The trips screen the same way: a rename made while it was down.
        self.driver.get(self.server.base + "/")
        WebDriverWait(self.driver, 10).until(lambda d: "Restarted" in d.find_element(By.TAG_NAME, "main").text)
        self.live("open")
        self.server.restart(lambda: self.server.cli("trip", "rename", "Restarted", "Renamed while down"))
        WebDriverWait(self.driver, 20).until(
            lambda d: "Renamed while down" in d.find_element(By.TAG_NAME, "main").text)

    def test_a_page_refused_a_stream_retries_and_goes_live(self):
        self.server.demo_trip("Crowded")
        # Every place taken (64 streams from another client).
        taken = []
        for _ in range(64):
            conn = socket.create_connection(("127.0.0.1", self.server.port))
            conn.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{self.server.port}\r\n\r\n".encode())
            self.assertTrue(conn.recv(4096).startswith(b"HTTP/1.1 200"))
            taken.append(conn)
        try:
            self.driver.get(self.server.base + "/")
            WebDriverWait(self.driver, 10).until(lambda d: "Crowded" in d.find_element(By.TAG_NAME, "main").text)
            self.live("retrying")
        finally:
            for conn in taken:
                conn.close()
        self.live("open", timeout=40)
        self.server.cli("trip", "rename", "Crowded", "Live again")
        WebDriverWait(self.driver, 5).until(lambda d: "Live again" in d.find_element(By.TAG_NAME, "main").text)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "live-after-retry.png"))


def run_suite(prepare=None, server=True):
    """Runs the calling script's tests (its `__main__` module) in unittest's
    verbose mode: reads --bin, --data and --artifacts (the rest goes to
    unittest), sets the script's ARGS and, with `server`, its SERVER (a
    `Server` on a fresh database, stopped at the end), after `prepare(SERVER,
    ARGS)` has set it up; exits 0 only when every test passed."""
    script = sys.modules["__main__"]
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--artifacts", required=True)
    script.ARGS, rest = parser.parse_known_args()
    os.makedirs(script.ARGS.artifacts, exist_ok=True)
    script.SERVER = Server(script.ARGS.bin, script.ARGS.data) if server else None
    try:
        if prepare:
            prepare(script.SERVER, script.ARGS)
        result = unittest.main(argv=[sys.argv[0], "-v"] + rest, exit=False).result
    finally:
        if script.SERVER:
            script.SERVER.stop()
    sys.exit(0 if result.wasSuccessful() else 1)


def main():
    run_suite()


if __name__ == "__main__":
    main()
