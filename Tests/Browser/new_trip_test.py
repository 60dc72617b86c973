#!/usr/bin/python3
"""The new-trip screen (/trips/new) in headless Chromium, with MLB 2024 and
NHL 2024-25 imported (issue 28, items 1, 13, 14 and 15): venue names as on
each game's date, a first-step text instead of an empty box, picks that can
be removed whatever the search shows, and errors next to their field.

Run by the Swift test BrowserTests as
  /usr/bin/python3 Tests/Browser/new_trip_test.py --bin BIN --data DATA --artifacts DIR
(unittest's own arguments follow, e.g. `-k remove` for one case). Screenshots
go into DIR.
"""

import os
import re
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from editor_test import Server, browser, run_suite

ARGS = None
SERVER = None
GAME_ID = re.compile(r"\b(?:[A-Z]{3}\d{9}|NHL-[A-Z]{3}\d{9})\b")


class NewTripTests(unittest.TestCase):
    def setUp(self):
        self.driver = browser()
        self.addCleanup(self.driver.quit)

    def open(self, phone=False):
        if phone:
            self.driver.quit()
            self.driver = browser(phone=True)
            self.addCleanup(self.driver.quit)
        self.driver.get(SERVER.base + "/trips/new")
        WebDriverWait(self.driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete")

    def search(self, team="", sport="", start="", end=""):
        d = self.driver
        d.find_element(By.ID, "team").clear()
        d.find_element(By.ID, "team").send_keys(team)
        d.execute_script(
            "document.getElementById('sport').value = arguments[0];"
            "document.getElementById('from').value = arguments[1];"
            "document.getElementById('to').value = arguments[2];"
            "document.getElementById('status').textContent = '';", sport, start, end)
        d.find_element(By.ID, "search").click()
        WebDriverWait(d, 10).until(
            lambda d: d.find_element(By.ID, "status").text
            or d.find_element(By.ID, "filters-error").is_displayed())

    def boxes(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#games input[type=checkbox]")

    def in_view(self, element):
        return self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;", element)

    def console_errors(self):
        return [e for e in self.driver.get_log("browser")
                if e["level"] == "SEVERE" and e["source"] != "network"]

    def test_games_show_their_venue_by_its_name_on_the_games_date(self):
        self.open()
        self.search(team="Flyers", sport="NHL", start="2025-03-01", end="2025-03-15")
        expected = SERVER.api("GET", "/api/games?team=Flyers&sport=NHL&from=2025-03-01&to=2025-03-15")
        home = [g for g in expected if g["home"] == "PHI"]
        self.assertGreater(len(home), 2)
        self.assertEqual({g["venueName"] for g in home}, {"Wells Fargo Center"})
        texts = [li.text for li in self.driver.find_elements(By.CSS_SELECTOR, "#games li")]
        self.assertEqual(len(texts), len(expected))
        for game, text in zip(expected, texts):
            self.assertIn(game["venueName"], text)
        self.assertEqual(sum("Wells Fargo Center" in t for t in texts), len(home))
        self.assertFalse(any("Xfinity Mobile Arena" in t for t in texts), texts)
        # The pick says the same.
        index = next(i for i, g in enumerate(expected) if g["home"] == "PHI")
        self.boxes()[index].click()
        pick = self.driver.find_element(By.CSS_SELECTOR, "#picked li")
        self.assertIn("Wells Fargo Center", pick.text)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "new-trip-flyers.png"))
        self.assertEqual(self.console_errors(), [])

    def test_the_screen_starts_with_what_to_do_first(self):
        for phone in (False, True):
            self.open(phone=phone)
            first = self.driver.find_element(By.ID, "picked-empty")
            self.assertTrue(first.is_displayed())
            self.assertIn("Tick a game", first.text)
            self.assertTrue(self.driver.find_element(By.ID, "games-empty").is_displayed())
            self.assertFalse(self.driver.find_element(By.ID, "map").is_displayed(), "no empty map box")
            # Each placeholder fits its field (none cut off).
            for field in ("team", "venue", "name"):
                fits = self.driver.execute_script(
                    "const input = document.getElementById(arguments[0]);"
                    "const style = getComputedStyle(input);"
                    "const canvas = document.createElement('canvas').getContext('2d');"
                    "canvas.font = style.font;"
                    "const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);"
                    "return canvas.measureText(input.placeholder).width <= room;", field)
                self.assertTrue(fits, f"the {field} placeholder fits (phone: {phone})")
            self.driver.save_screenshot(os.path.join(
                ARGS.artifacts, "new-trip-start-phone.png" if phone else "new-trip-start.png"))
            self.assertEqual(self.console_errors(), [])

    def test_the_map_passes_under_the_sticky_header(self):
        # Review of issue 28: the map's credit line drew over the header once scrolled.
        self.open()
        self.search(team="CHC", sport="MLB", start="2024-06-04", end="2024-06-06")
        self.boxes()[0].click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "map").is_displayed())
        covered = self.driver.execute_script("""
            const header = document.querySelector('header.bar').getBoundingClientRect();
            const map = document.getElementById('map');
            document.body.style.paddingBottom = '2000px';  // room to scroll on a tall window
            window.scrollBy(0, map.getBoundingClientRect().top - header.bottom + 60);
            const box = map.getBoundingClientRect();
            const seen = [];
            for (const x of [box.left + 25, (box.left + box.right) / 2, box.right - 40]) {
              const y = header.bottom - 4;
              if (y > box.top && y < box.bottom) seen.push(document.elementFromPoint(x, y).closest('header.bar') !== null);
            }
            return seen;""")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "new-trip-map-under-header.png"))
        self.assertTrue(covered, "the map should reach under the header when scrolled")
        self.assertTrue(all(covered), covered)

    def test_a_pick_is_removed_after_the_search_changed(self):
        self.open()
        self.search(team="CHC", sport="MLB", start="2024-06-04", end="2024-06-06")
        self.boxes()[0].click()
        self.boxes()[1].click()
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#picked li")), 2)
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "map").is_displayed())
        self.search(team="DET", sport="MLB", start="2024-06-07", end="2024-06-07")
        self.assertEqual(len(self.boxes()), 1)
        # The first pick is not in the list any more; its Remove button still works (by keyboard).
        remove = self.driver.find_elements(By.CSS_SELECTOR, "#picked li button.remove")
        self.assertEqual(len(remove), 2)
        self.assertIn("Remove CWS @ CHC", remove[0].get_attribute("aria-label"))
        remove[0].send_keys(Keys.ENTER)
        picks = self.driver.find_elements(By.CSS_SELECTOR, "#picked li")
        self.assertEqual(len(picks), 1)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("class"), "small remove")
        # Pick the Detroit game, then remove it: its box in the list is unticked too.
        self.boxes()[0].click()
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#picked li")), 2)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "new-trip-picks.png"))
        self.driver.find_elements(By.CSS_SELECTOR, "#picked li button.remove")[1].click()
        self.assertFalse(self.boxes()[0].is_selected())
        self.driver.find_element(By.CSS_SELECTOR, "#picked li button.remove").click()
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#picked li"), [])
        self.assertFalse(self.driver.find_element(By.ID, "create-trip").is_enabled())
        self.assertTrue(self.driver.find_element(By.ID, "picked-empty").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "map").is_displayed())
        self.assertEqual(self.console_errors(), [])

    def create_with(self, name, start="", end="", phone=False):
        self.open(phone=phone)
        self.search(team="CHC", sport="MLB", start="2024-06-05", end="2024-06-05")
        self.boxes()[0].click()
        self.driver.find_element(By.ID, "name").send_keys(name)
        self.driver.execute_script(
            "document.getElementById('start').value = arguments[0];"
            "document.getElementById('end').value = arguments[1];", start, end)
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.find_element(By.ID, "create-trip").click()

    def assert_error_at(self, field, words):
        box = WebDriverWait(self.driver, 10).until(
            lambda d: (lambda e: e if e.is_displayed() else None)(d.find_element(By.ID, f"{field}-error")))
        self.assertIn(words, box.text)
        self.assertIsNone(GAME_ID.search(box.text), box.text)
        self.assertTrue(self.in_view(box), "the error is scrolled into view")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), field)
        field_input = self.driver.find_element(By.ID, field)
        self.assertEqual(field_input.get_attribute("aria-invalid"), "true")
        self.assertEqual(field_input.get_attribute("aria-describedby"), f"{field}-error")
        self.assertEqual(len([e for e in self.driver.find_elements(By.CSS_SELECTOR, ".field-error") if e.is_displayed()]), 1)
        self.assertIn("/trips/new", self.driver.current_url)
        return box

    def test_errors_appear_next_to_their_field_in_view_and_focused(self):
        SERVER.api("POST", "/api/trips", {"name": "Taken name", "games": ["CHC@2024-06-05"]})
        self.create_with("Taken name")
        self.assert_error_at("name", "already exists")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "new-trip-error-name.png"))
        self.create_with("Reversed", start="2024-06-06", end="2024-06-01")
        self.assert_error_at("end", "is after the last day")
        self.create_with("Late start", start="2024-06-06", phone=True)
        box = self.assert_error_at("start", "The CWS @ CHC game on Wed, Jun 5, 2024 is before the first day")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "new-trip-error-start-phone.png"))
        # Fixing it and creating again clears the error and opens the trip.
        self.driver.execute_script("document.getElementById('start').value = '';")
        self.driver.find_element(By.ID, "create-trip").click()
        WebDriverWait(self.driver, 10).until(lambda d: "/trips/new" not in d.current_url)
        self.assertEqual([e for e in self.console_errors() if "400" not in e["message"] and "422" not in e["message"]], [])

    def test_a_search_error_is_in_words_beside_the_search(self):
        self.open()
        self.search(team="CHC", start="2024-06-09", end="2024-06-01")
        box = self.driver.find_element(By.ID, "filters-error")
        self.assertTrue(box.is_displayed())
        self.assertIn("The first date, Sun, Jun 9, 2024, is after the last", box.text)
        self.assertNotIn("from ", box.text)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "from")
        self.search(team="Atlantis Sharks")
        box = self.driver.find_element(By.ID, "filters-error")
        self.assertIn("Atlantis Sharks", box.text)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "team")
        # A search that works clears the error.
        self.search(team="CHC", start="2024-06-05", end="2024-06-05")
        # The helper's wait is met by the old error box too: wait for the answer.
        WebDriverWait(self.driver, 10).until(lambda d: not box.is_displayed())
        self.assertIsNone(self.driver.find_element(By.ID, "team").get_attribute("aria-invalid"))


def main():
    run_suite(lambda server, args: server.cli(
        "schedule", "import", os.path.join(args.data, "nhl/nhl-202425-asplayed.csv")))


if __name__ == "__main__":
    main()
