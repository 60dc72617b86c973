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
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), *extra], env=self.env,
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
            ActionChains(self.driver).release().perform()
            time.sleep(0.6)
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
        ActionChains(self.driver).send_keys(Keys.ESCAPE).pause(0.2).release().perform()
        time.sleep(0.6)
        after = self.server_doc()
        self.assertEqual(after["revision"], before["revision"], "nothing was saved")
        self.assertEqual(self.page_rows(), [r["id"] for r in before["rows"]], "the row is back where it was")
        self.assertIn("Cancelled", self.driver.find_element(By.ID, "status").text)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop]"), [], "the red zone is gone")
        self.assertEqual(self.console_errors(), [])

    def test_a_leg_dragged_into_a_blocked_place_snaps_back_with_the_reason(self):
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
        ActionChains(self.driver).release().perform()
        time.sleep(0.6)
        self.assertIn("Snapped back", self.driver.find_element(By.ID, "status").text)
        self.assertIn("must be between Day 2", self.driver.find_element(By.ID, "banner").text)
        after = self.server_doc()
        self.assertEqual(after["revision"], before["revision"], "nothing stored")
        self.assertEqual(after["rows"], before["rows"])
        # Past the other end of the zone (below Day 4): released there, it
        # snaps back too — not saved at the zone's last allowed place
        # (review 7, F5).
        state = self.drag(leg["id"], "game:MIL202406100")
        self.assertIn("Blocked", state["status"])
        self.assertIn("Snapped back", self.driver.find_element(By.ID, "status").text)
        self.assertEqual(self.server_doc()["revision"], before["revision"], "nothing stored")

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
        time.sleep(0.6)
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
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-trip-deleted.png"))
        # A page that does not exist is a page, in a browser.
        self.driver.get(SERVER.base + "/no/such/page")
        self.assertIn("No such page", self.driver.find_element(By.TAG_NAME, "h1").text)
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
        time.sleep(0.5)
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
        started = time.monotonic()
        WebDriverWait(self.driver, 3, poll_frequency=0.05).until(
            lambda d: "Added from the terminal" in d.find_element(By.ID, "itinerary").text)
        self.assertLess(time.monotonic() - started, 1.5)

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
        self.assertLessEqual(header.size["height"], 70, "a short header on a phone")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "editor-phone-long-name.png"))
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
        time.sleep(0.3)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "[data-drop]")), 0, "no drag began")
        # Press and hold, then drag onto Day 4.
        self.touch("touchStart", x, y)
        time.sleep(0.45)
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


def main():
    global ARGS, SERVER
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--artifacts", required=True)
    ARGS, rest = parser.parse_known_args()
    os.makedirs(ARGS.artifacts, exist_ok=True)
    SERVER = Server(ARGS.bin, ARGS.data)
    try:
        result = unittest.main(argv=[sys.argv[0], "-v"] + rest, exit=False).result
    finally:
        SERVER.stop()
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
