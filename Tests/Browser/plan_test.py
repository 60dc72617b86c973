#!/usr/bin/python3
"""The "Plan a trip" wizard (/plan) in a real browser (headless Chromium
through Selenium), on the real 2024 MLB schedule and the 2024 NFL season:
the steps appear in order, a sport with no games in the dates is greyed
out (the NFL in June), changing an earlier answer updates the options, the
sort menu reorders them under its group headers, errors are shown in words
at the step they are about, and "Plan this trip" opens the editor with
exactly that option's games; a phone-sized window and a desktop one.

Run by the Swift test BrowserTests (make test) as
  /usr/bin/python3 Tests/Browser/plan_test.py --bin BIN --data DATA --artifacts DIR
One `sportstime serve` (editor_test.py's Server: a fresh database with the
2024 MLB schedule; the NFL's season is imported beside it) serves every
test; screenshots go into DIR (look at them).
"""

import os
import re
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from editor_test import Server, browser, run_suite  # noqa: E402  (the shared fixture)
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

ARGS = None
SERVER = None
STEPS = ["kind", "sports", "dates", "places", "must", "drive", "options"]


def phone(width):
    """Headless Chromium emulating a `width`×812 touch screen at 3× (the
    shared `browser(phone=True)` is 390 wide; the wizard is checked at 375)."""
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1400"]:
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": 812, "pixelRatio": 3.0, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options)


class PlanTests(unittest.TestCase):
    def setUp(self):
        self.driver = browser(height=1400)
        self.addCleanup(lambda: self.driver.quit())

    # MARK: Helpers

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait(self, condition, timeout=20, message=""):
        # The page redraws from each answer: an element found a moment ago may be gone.
        return WebDriverWait(self.driver, timeout, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: condition(), message)

    def shown_steps(self):
        return [s for s in STEPS if self.find(f'section[data-step="{s}"]').is_displayed()]

    def set_value(self, element_id, value):
        """Sets an input's value as a user would, firing `input` and `change`."""
        self.driver.execute_script(
            "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
            "e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}));",
            element_id, value)

    def click(self, element):
        """Clicks `element` scrolled to the middle of the window (not under the sticky header)."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def choose(self, name, value):
        self.click(self.find(f'input[name="{name}"][value="{value}"]'))

    def chip(self, sport):
        return self.find(f'#sport-chips [data-sport="{sport}"]')

    def open(self):
        self.driver.get(SERVER.base + "/plan")
        self.wait(lambda: len(self.finds("#sport-chips [data-sport]")) == 4)

    def walk(self, kind="window", sports=("MLB",), dates=("2024-06-10", "2024-06-12"), hours=8, wait=True):
        """Answers every step (anywhere, no must-see games) up to the options."""
        self.open()
        self.choose("kind", kind)
        for sport in sports:
            self.wait(lambda: self.chip(sport).get_attribute("aria-disabled") != "true")
            self.click(self.chip(sport))
        self.set_value("from", dates[0])
        self.set_value("to", dates[1])
        if kind == "window":
            self.wait(lambda: self.find('section[data-step="places"]').is_displayed())
            self.choose("places", "anywhere")
        self.wait(lambda: self.find('section[data-step="must"]').is_displayed())
        self.choose("must", "none")
        self.choose("drive", "hours")
        self.set_value("drive-hours", str(hours))
        return self.wait_for_options() if wait else None

    def follow(self, team, dates, hours=None):
        """Answers every step of "Follow a team" (MLB, no must-see games) up to the options."""
        self.open()
        self.choose("kind", "follow")
        self.wait(lambda: self.chip("MLB").is_displayed())
        self.click(self.chip("MLB"))
        self.set_value("from", dates[0])
        self.set_value("to", dates[1])
        self.wait(lambda: any(o.text.startswith(team) for o in Select(self.find("#team")).options))
        Select(self.find("#team")).select_by_visible_text(
            next(o.text for o in Select(self.find("#team")).options if o.text.startswith(team)))
        self.choose("must", "none")
        if hours:
            self.choose("drive", "hours")
            self.set_value("drive-hours", str(hours))
        else:
            self.choose("drive", "none")
        return self.wait_for_options()

    def wait_for_options(self, different_from=None):
        """Waits for the options (other than `different_from`); returns each card's game ids."""
        def ready():
            if "busy" in self.find("#search-status").get_attribute("class"):
                return False
            cards = self.cards()
            return cards and cards != different_from and cards
        return self.wait(ready, message="the options appear")

    def wait_for_cards(self, expected, message):
        """Waits until the search is done and the cards hold `expected`'s games."""
        self.wait(lambda: "busy" not in self.find("#search-status").get_attribute("class") and self.cards() == expected,
                  message=message)

    def cards(self):
        return [[li.get_attribute("data-game-id") for li in card.find_elements(By.CSS_SELECTOR, ".option-games li")]
                for card in self.finds("[data-option-rank]")]

    def planned(self, **body):
        """The server's plan document for the question the page asks."""
        question = {"kind": "window", "sports": ["MLB"], "sort": "recommended", "options": 10, "maxDriveHours": 8}
        question.update(body)
        return SERVER.api("POST", "/api/plan", question)

    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]

    # MARK: Tests

    def test_the_steps_appear_in_order_and_a_sport_without_games_in_the_dates_is_greyed_out(self):
        self.open()
        self.assertEqual(self.shown_steps(), ["kind"], "only the first question at first")
        self.choose("kind", "window")
        self.wait(lambda: self.shown_steps() == ["kind", "sports"])
        self.assertIn("which sports", self.find("#sports-title").text.lower())
        # Before the dates: the sports with nothing imported are greyed out, with the reason.
        self.assertEqual(self.chip("NBA").get_attribute("aria-disabled"), "true")
        self.assertEqual(self.chip("NHL").get_attribute("aria-disabled"), "true")
        self.assertIsNone(self.chip("NFL").get_attribute("aria-disabled"))
        self.assertIn("No NBA games are imported", self.find("#sport-reasons").text)
        self.click(self.chip("NBA"))
        self.assertEqual(self.chip("NBA").get_attribute("aria-pressed"), "false", "a greyed sport cannot be chosen")
        self.assertEqual(self.shown_steps(), ["kind", "sports"])
        self.click(self.chip("MLB"))
        self.click(self.chip("NFL"))
        self.assertEqual(self.chip("NFL").get_attribute("aria-pressed"), "true")
        self.wait(lambda: self.shown_steps() == ["kind", "sports", "dates"])
        # June: no NFL games. The chip greys out, says why, and is taken out.
        self.set_value("from", "2024-06-10")
        self.set_value("to", "2024-06-12")
        self.wait(lambda: self.chip("NFL").get_attribute("aria-disabled") == "true")
        self.assertEqual(self.chip("NFL").get_attribute("aria-pressed"), "false")
        reasons = self.find("#sport-reasons").text
        self.assertIn("No NFL games from Jun 10 to Jun 12, 2024", reasons)
        self.assertIn("taken out", reasons)
        self.assertEqual(self.chip("MLB").get_attribute("aria-pressed"), "true")
        self.wait(lambda: self.shown_steps() == ["kind", "sports", "dates", "places"])
        self.choose("places", "anywhere")
        self.wait(lambda: self.shown_steps()[-1] == "must")
        self.choose("must", "none")
        self.wait(lambda: self.shown_steps()[-1] == "drive")
        self.assertFalse(self.find('section[data-step="options"]').is_displayed())
        self.choose("drive", "none")
        self.wait(lambda: self.shown_steps() == STEPS)
        cards = self.wait_for_options()
        doc = self.planned(**{"from": "2024-06-10", "to": "2024-06-12", "maxDriveHours": None})
        self.assertEqual(cards, [o["gameIDs"] for o in doc["options"]], "the server's options, in its order")
        self.assertIn("Proven best", self.find("#search-status").text)
        self.assertTrue(all(self.finds(".option-map")), "each option has its map")
        self.assertGreater(len(self.finds(".option-map .leaflet-marker-icon")), 0)
        self.driver.execute_script("document.querySelector('[data-step=\"options\"]').scrollIntoView()")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-options.png"))
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-steps.png"))
        # Taking back an earlier answer hides the steps after it again.
        self.click(self.chip("MLB"))
        self.wait(lambda: self.shown_steps() == ["kind", "sports", "dates"])
        self.assertEqual(self.cards(), [])
        self.assertEqual(self.console_errors(), [])

    def test_changing_the_dates_updates_the_options(self):
        first = self.walk(dates=("2024-06-10", "2024-06-12"))
        self.assertEqual(first, [o["gameIDs"] for o in self.planned(**{"from": "2024-06-10", "to": "2024-06-12"})["options"]])
        # The search says it is running (it may be done by the time a check looks: a recorder watches).
        self.driver.execute_script(
            "window.sawSearching = false; const s = document.getElementById('search-status');"
            "new MutationObserver(() => { if (s.textContent.includes('Searching')) window.sawSearching = true; })"
            ".observe(s, {childList: true, subtree: true, characterData: true});")
        # A first day after the last takes the last along (the same 3 days): the later steps stay.
        self.set_value("from", "2024-07-19")
        self.assertEqual(self.find("#to").get_attribute("value"), "2024-07-21")
        self.assertEqual(self.shown_steps(), STEPS)
        second = self.wait_for_options(different_from=first)
        self.assertTrue(self.driver.execute_script("return window.sawSearching"), "“Searching…” was shown")
        expected = self.planned(**{"from": "2024-07-19", "to": "2024-07-21"})["options"]
        self.assertEqual(second, [o["gameIDs"] for o in expected])
        self.assertIn("Jul", self.find(".option-games .when").text)
        # A tighter drive limit is another search too.
        self.set_value("drive-hours", "2")
        third = self.wait_for_options(different_from=second)
        self.assertEqual(third, [o["gameIDs"] for o in self.planned(**{"from": "2024-07-19", "to": "2024-07-21", "maxDriveHours": 2})["options"]])
        self.assertEqual(self.console_errors(), [])

    def test_the_sort_menu_reorders_the_options_under_its_group_headers(self):
        recommended = self.walk(dates=("2024-06-10", "2024-06-13"))
        self.assertEqual(self.finds(".group-header"), [], "Recommended has no group headers")
        menu = Select(self.find("#sort"))
        self.assertEqual([o.text for o in menu.options],
                         ["Recommended", "Most Cities", "Fewest Cities", "Most Games", "Fewest Games",
                          "Most Miles", "Fewest Miles", "Best Efficiency"])
        for sort in ["best-efficiency", "most-miles", "least-cities"]:
            menu.select_by_value(sort)
            doc = self.planned(**{"from": "2024-06-10", "to": "2024-06-13", "sort": sort})
            expected = [o["gameIDs"] for o in doc["options"]]
            self.wait(lambda: self.cards() == expected, message=f"the {sort} order")
            self.assertCountEqual(expected, recommended, "the same options, in another order")
            headers = [h.text for h in self.finds(".group-header")]
            groups = []
            for option in doc["options"]:
                if option["group"] is not None and option["group"] not in groups:
                    groups.append(option["group"])
            self.assertEqual(headers, groups, f"{sort}: one header per group, in order")
            # Each card sits under the header of its own group.
            placed = self.driver.execute_script(
                "return [...document.querySelectorAll('[data-option-rank]')].map((card) => {"
                " let e = card.previousElementSibling; while (e && !e.matches('.group-header')) e = e.previousElementSibling;"
                " return e ? e.textContent : null; });")
            self.assertEqual(placed, [o["group"] for o in doc["options"]])
            # Each option shows the figure Best Efficiency sorts by, and says
            # where its tightest leg rests on estimated start times (issue 28, items 16, 23).
            for option in doc["options"]:
                card = f'[data-option-rank="{option["rank"]}"]'
                self.assertEqual(self.figure(card, "Efficiency"),
                                 f'{option["parksPerThousandMiles"]:.1f} parks per 1,000 mi')
                slack = self.figure(card, "Tightest leg")
                self.assertEqual("(by estimated start times)" in slack, option["minSlackEstimated"], slack)
            if sort == "most-miles":
                self.assertNotEqual(self.cards(), recommended, "the longest drives first")
                self.assertTrue(all(h.endswith(" mi") for h in headers), headers)
                self.driver.execute_script("document.querySelector('[data-step=\"options\"]').scrollIntoView()")
                self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-sorted.png"))
        self.assertTrue(all(h.endswith("cities") or h.endswith("city") for h in headers), headers)
        self.assertEqual(self.console_errors(), [])

    def test_plan_this_trip_opens_the_editor_with_that_options_games(self):
        cards = self.walk(dates=("2024-06-10", "2024-06-12"))
        self.assertGreaterEqual(len(cards), 2)
        chosen = cards[1]
        self.click(self.find('[data-option-rank="2"] [data-action="pick-option"]'))
        self.wait(lambda: self.find("#pick-dialog").is_displayed())
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-pick-dialog.png"))
        field = self.find("#trip-name")
        self.assertRegex(field.get_attribute("value"), r"^\d+ parks, Jun 10–1[0-2], 2024$", "a sensible default name")
        field.clear()
        field.send_keys("Planned in the browser", Keys.ENTER)
        self.wait(lambda: "/trips/" in self.driver.current_url and "/plan" not in self.driver.current_url)
        self.wait(lambda: self.finds("#itinerary [data-row-id='day:1']"))
        rows = [e.get_attribute("data-row-id") for e in self.finds("#itinerary [data-row-id^='game:']")]
        self.assertEqual(rows, [f"game:{g}" for g in chosen], "exactly that option's games, in its order")
        trip = SERVER.api("GET", f"/api/trips/{self.driver.current_url.rsplit('/', 1)[1]}")
        self.assertEqual(trip["trip"]["name"], "Planned in the browser")
        self.assertEqual([r["gameID"] for r in trip["rows"] if r["kind"] == "game"], chosen)
        self.assertEqual(self.console_errors(), [])

    def test_follow_a_team_and_a_route_and_their_errors_in_words(self):
        self.open()
        self.choose("kind", "follow")
        self.wait(lambda: self.chip("MLB").is_displayed())
        self.click(self.chip("MLB"))
        self.set_value("from", "2024-06-10")
        self.set_value("to", "2024-06-12")
        self.wait(lambda: self.find('section[data-step="places"]').is_displayed())
        self.assertEqual(self.find("#places-title").text, "Which team will you follow?")
        self.wait(lambda: len(Select(self.find("#team")).options) > 20)
        Select(self.find("#team")).select_by_visible_text(
            next(o.text for o in Select(self.find("#team")).options if o.text.startswith("Chicago Cubs")))
        self.choose("must", "none")
        self.choose("drive", "none")
        cards = self.wait_for_options()
        cubs = [g["id"] for g in SERVER.api("GET", "/api/games?team=CHC&from=2024-06-10&to=2024-06-12")]
        self.assertTrue(cubs)
        self.assertTrue(all(set(cubs) <= set(card) for card in cards), "every Cubs game in every option")
        # Drive from one city to another: a place no table knows is refused in words, at its step.
        self.choose("kind", "route")
        self.wait(lambda: self.find("#places-title").text == "Where from, and where to?")
        self.set_value("start-city", "Atlantis")
        self.set_value("end-city", "New York")
        self.wait(lambda: "Atlantis" in self.find('.step-error[data-error-for="places"]').text)
        # Said as a city, the field's own word, not as a venue (issue 28, item 15).
        said = self.find('.step-error[data-error-for="places"]').text
        self.assertIn("city", said.lower())
        self.assertNotIn("venue is called", said.lower())
        self.assertIn("needs a change", self.find("#search-status").text)
        self.assertEqual(self.cards(), [])
        self.set_value("start-city", "Boston")
        cards = self.wait_for_options()
        self.assertEqual(self.find('.step-error[data-error-for="places"]').text, "")
        doc = SERVER.api("POST", "/api/plan", {
            "kind": "route", "from": "2024-06-10", "to": "2024-06-12", "sports": ["MLB"],
            "startNear": {"city": "Boston", "radiusHours": 2}, "endNear": {"city": "New York", "radiusHours": 2},
            "sort": "recommended", "options": 10})
        self.assertEqual(cards, [o["gameIDs"] for o in doc["options"]])
        self.assertEqual(self.console_errors(), [])

    def test_the_keyboard_answers_every_step(self):
        self.open()
        radio = self.find('input[name="kind"][value="window"]')
        radio.send_keys(Keys.SPACE)
        self.wait(lambda: self.find('section[data-step="sports"]').is_displayed())
        self.chip("MLB").send_keys(Keys.ENTER)
        self.wait(lambda: self.chip("MLB").get_attribute("aria-pressed") == "true")
        self.set_value("from", "2024-06-10")
        self.set_value("to", "2024-06-11")
        self.wait(lambda: self.find('section[data-step="places"]').is_displayed())
        self.find('input[name="places"][value="anywhere"]').send_keys(Keys.SPACE)
        self.wait(lambda: self.find('section[data-step="must"]').is_displayed())
        self.find('input[name="must"][value="none"]').send_keys(Keys.SPACE)
        self.wait(lambda: self.find('section[data-step="drive"]').is_displayed())
        self.find('input[name="drive"][value="none"]').send_keys(Keys.SPACE)
        self.wait_for_options()
        for control in self.finds("section:not([hidden]) input, section:not([hidden]) select"):
            if not control.is_displayed():
                continue
            labelled = self.driver.execute_script(
                "const e = arguments[0]; return Boolean(e.labels && e.labels.length || e.getAttribute('aria-label'));", control)
            self.assertTrue(labelled, f"a label for {control.get_attribute('id') or control.get_attribute('name')}")
        self.assertEqual(self.console_errors(), [])

    # MARK: Issue 28

    def text_of(self, css):
        """An element's whole text, words for screen readers included."""
        return self.find(css).get_attribute("textContent")

    def figure(self, card, term):
        """The figure of option `card` (a selector) named `term` ("Driving"), or None."""
        return self.driver.execute_script(
            "const dt = [...document.querySelectorAll(arguments[0] + ' .travel dt')].find((e) => e.textContent === arguments[1]);"
            "return dt ? dt.nextElementSibling.textContent : null;", card, term)

    def duration(self, seconds):
        """"5 h 55 min", as common.js's duration (the CLI's words)."""
        minutes = round(seconds / 60)
        if minutes < 60:
            return f"{minutes} min"
        if minutes % 60 == 0:
            return f"{minutes // 60} h"
        return f"{minutes // 60} h {minutes % 60:02d} min"

    def test_a_flight_is_shown_as_a_flight_in_the_figures_the_route_line_and_the_map(self):
        # Item 2: the Dodgers from Tokyo, 8 h a day.
        cards = self.follow("Los Angeles Dodgers", ("2025-03-15", "2025-03-31"), hours=8)
        doc = SERVER.api("POST", "/api/plan", {
            "kind": "follow", "from": "2025-03-15", "to": "2025-03-31", "sports": ["MLB"], "follow": "MLB:LAN",
            "maxDriveHours": 8, "sort": "recommended", "options": 10})
        self.assertEqual(cards, [o["gameIDs"] for o in doc["options"]])
        for option in doc["options"]:
            card = f'[data-option-rank="{option["rank"]}"]'
            self.assertEqual(len(option["flights"]), 1)
            self.assertAlmostEqual(option["driveSeconds"] + option["flightSeconds"], option["travelSeconds"], places=3)
            driving = self.figure(card, "Driving")
            self.assertEqual(driving, self.duration(option["driveSeconds"]) if option["driveSeconds"] else "none",
                             "driving without the flight")
            self.assertNotEqual(driving, self.duration(option["travelSeconds"]))
            self.assertEqual(self.figure(card, "Flying"),
                             f'{self.duration(option["flightSeconds"])}: Tokyo ✈ Los Angeles')
            route = self.text_of(f"{card} .route-line")
            self.assertTrue(route.startswith("Tokyo Dome ✈  then a flight to Dodger Stadium"), route)
            self.assertEqual(route.count("✈"), 1, route)
            # The map: the flight dashed, each drive solid.
            self.assertEqual(len(self.finds(f"{card} .option-map path.leg-flight")), 1)
            self.assertEqual(len(self.finds(f"{card} .option-map path.leg-drive")), len(option["stops"]) - 2)
            self.assertEqual(self.find(f"{card} .option-map path.leg-flight").get_attribute("stroke-dasharray"), "6 6")
            self.assertIn("flight to Dodger Stadium", self.find(f"{card} .option-map").get_attribute("aria-label"))
            # Item 16: Retrosheet's times are estimated; the figure says so.
            self.assertEqual(option["minSlackEstimated"], True)
            self.assertIn("(by estimated start times)", self.figure(card, "Tightest leg"))
        self.driver.execute_script("document.querySelector('[data-option-rank=\"2\"]').scrollIntoView()")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-flight.png"))
        self.assertEqual(self.console_errors(), [])

    def test_each_venue_is_named_as_on_the_games_date(self):
        # Item 1: the Astros in June 2024 played at Minute Maid Park (Daikin Park from 2025).
        self.follow("Houston Astros", ("2024-06-03", "2024-06-05"))
        self.assertEqual(SERVER.api("GET", "/api/venues")["venues"]["HOU03"]["name"], "Daikin Park",
                         "the venues document (no date) gives the newest name")
        for card in self.finds("[data-option-rank]"):
            self.assertIn("Minute Maid Park", card.find_element(By.CSS_SELECTOR, ".route-line").get_attribute("textContent"))
            self.assertNotIn("Daikin", card.get_attribute("textContent"))
            self.assertIn("Minute Maid Park, Houston", [w.text for w in card.find_elements(By.CSS_SELECTOR, ".where")])

    def test_the_answers_live_in_the_address_back_and_reload_restore_them(self):
        # Item 10.
        cards = self.walk(dates=("2024-06-10", "2024-06-12"))
        Select(self.find("#sort")).select_by_value("most-games")
        doc = self.planned(**{"from": "2024-06-10", "to": "2024-06-12", "sort": "most-games"})
        sorted_cards = [o["gameIDs"] for o in doc["options"]]
        self.wait_for_cards(sorted_cards, "the most-games order")
        address = self.driver.current_url
        for part in ["kind=window", "sports=MLB", "from=2024-06-10", "to=2024-06-12", "places=anywhere",
                     "must=none", "drive=hours", "hours=8", "sort=most-games"]:
            self.assertIn(part, address)
        # Plan this trip, then Back: the answers, the later steps and the options are there, and clicking works.
        self.click(self.find('[data-option-rank="1"] [data-action="pick-option"]'))
        self.wait(lambda: self.find("#pick-dialog").is_displayed())
        self.find("#trip-name").send_keys(" (address test)", Keys.ENTER)
        self.wait(lambda: "/trips/" in self.driver.current_url)
        self.driver.back()
        self.wait(lambda: self.driver.current_url == address)
        self.wait(lambda: self.shown_steps() == STEPS, message="every step after Back")
        self.assertEqual(self.wait_for_options(), sorted_cards)
        self.assertTrue(self.find('input[name="kind"][value="window"]').is_selected())
        self.assertEqual(self.find("#from").get_attribute("value"), "2024-06-10")
        self.assertEqual(Select(self.find("#sort")).first_selected_option.get_attribute("value"), "most-games")
        self.set_value("drive-hours", "2")
        expected = [o["gameIDs"] for o in self.planned(**{"from": "2024-06-10", "to": "2024-06-12", "sort": "most-games", "maxDriveHours": 2})["options"]]
        self.wait_for_cards(expected, "a changed answer is searched after Back")
        self.assertIn("hours=2", self.driver.current_url)
        # A reload (or the link opened elsewhere) asks the same again.
        self.driver.refresh()
        self.wait(lambda: self.shown_steps() == STEPS, message="every step after a reload")
        self.assertEqual(self.wait_for_options(), expected)
        self.click(self.find('input[name="kind"][value="route"]'))
        self.wait(lambda: "kind=route" in self.driver.current_url)
        self.assertNotEqual(cards, [], "the first walk found options")
        self.assertEqual(self.console_errors(), [])

    def searches_running(self):
        return SERVER.api("GET", "/api/plan/searches")["running"]

    def status_seconds(self):
        """The seconds the status counts ("Searching… 4 s"), or None."""
        text = self.find("#search-status").text
        match = re.search(r"Searching… (\d+) s", text)
        return int(match.group(1)) if match else None

    def test_tips_while_searching_cancel_and_a_new_search_replaces_the_old_one(self):
        # Items 9 and 11: every park of 2024 (minutes of searching).
        self.open()
        self.choose("kind", "all-parks")
        self.wait(lambda: self.chip("MLB").is_displayed())
        self.click(self.chip("MLB"))
        self.wait(lambda: len(Select(self.find("#season")).options) > 1)
        Select(self.find("#season")).select_by_value("2024")
        self.wait(lambda: self.find('section[data-step="drive"]').is_displayed())
        self.choose("drive", "none")
        self.wait(lambda: self.status_seconds() is not None and self.status_seconds() >= 3, timeout=30,
                  message="the first search runs")
        self.assertEqual(self.searches_running(), 1)
        # A planning tip is shown while it runs, one of the server's.
        tip = self.find("#search-tip")
        self.assertTrue(tip.is_displayed())
        tip_id = tip.get_attribute("data-tip-id")
        self.assertTrue(tip_id)
        self.assertTrue(self.find("#search-tip-text").text)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-searching-tip.png"))
        # A new question: the server stops the old search; the status counts the new one's seconds only.
        self.driver.execute_script(
            "window.seenSeconds = []; const s = document.getElementById('search-status');"
            "new MutationObserver(() => { const m = s.textContent.match(/Searching… (\\d+) s/);"
            " if (m) window.seenSeconds.push(Number(m[1])); }).observe(s, {childList: true, subtree: true, characterData: true});")
        self.choose("drive", "hours")
        self.set_value("drive-hours", "10")
        self.wait(lambda: self.driver.execute_script("return window.seenSeconds.length") > 0, message="the new search counts")
        self.assertLessEqual(self.driver.execute_script("return window.seenSeconds[0]"), 2, "counted from the new search")
        self.wait(lambda: self.searches_running() == 1, message="one search, not two")
        self.assertEqual(self.searches_running(), 1, "the old search was stopped")
        # Cancel stops it: the best found by then is shown, and nothing runs on the server.
        cancel = self.find('#search-actions [data-action="cancel-search"]')
        self.assertEqual(cancel.text, "Cancel search")
        cancel.send_keys(Keys.ENTER)
        self.wait(lambda: "cancelled" in self.find("#search-status").text.lower(), message="the search stops at once")
        self.assertEqual(self.searches_running(), 0)
        self.assertFalse(self.find("#search-tip").is_displayed(), "the tip goes with the search")
        self.assertFalse(self.finds('#search-actions [data-action="cancel-search"]'))
        self.assertTrue(self.find('#search-actions [data-action="search-again"]').is_displayed())
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-action"), "search-again",
                         "the keyboard's place is kept")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-cancelled.png"))
        # Search again runs it again; hiding the options (another kind of trip) stops it too.
        self.click(self.find('#search-actions [data-action="search-again"]'))
        self.wait(lambda: self.searches_running() == 1, message="searching again")
        self.choose("kind", "window")
        self.wait(lambda: self.searches_running() == 0, message="a search whose step is gone is stopped")
        self.assertEqual(self.console_errors(), [])

    def test_a_busy_planner_has_retry_and_tries_again_by_itself(self):
        # Item 12: two long searches from elsewhere hold both slots.
        others = []
        for name in ["elsewhere-1", "elsewhere-2"]:
            thread = threading.Thread(target=lambda n=name: SERVER.api(
                "POST", "/api/plan", {"kind": "all-parks", "season": 2024, "sports": ["MLB"], "search": n}))
            thread.start()
            others.append((name, thread))

        def stop_others():
            for name, thread in others:
                SERVER.api("DELETE", f"/api/plan/searches/{name}")
                thread.join(30)
        self.addCleanup(stop_others)
        self.wait(lambda: self.searches_running() == 2, message="both slots taken")
        self.walk(dates=("2024-06-10", "2024-06-12"), wait=False)
        self.wait(lambda: "busy with 2 other searches" in self.find("#search-status").text, message="busy, in words")
        retry = self.find('#search-actions [data-action="retry-search"]')
        self.assertTrue(retry.is_displayed())
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-busy.png"))
        # The button may be drawn anew (a retry by itself) between finding and pressing it.
        self.wait(lambda: self.find('#search-actions [data-action="retry-search"]').send_keys(Keys.ENTER) or True,
                  message="Retry pressed")
        self.wait(lambda: "busy with 2 other searches" in self.find("#search-status").text, message="still busy after Retry")
        self.assertEqual(self.cards(), [])
        # A slot frees: the page asks again by itself.
        SERVER.api("DELETE", "/api/plan/searches/elsewhere-1")
        cards = self.wait_for_options()
        self.assertEqual(cards, [o["gameIDs"] for o in self.planned(**{"from": "2024-06-10", "to": "2024-06-12"})["options"]])
        self.assertFalse(self.finds('#search-actions [data-action="retry-search"]'))
        self.assertEqual(self.console_errors(), [])

    def test_a_phone_sized_window(self):
        self.driver.quit()
        self.driver = phone(375)
        self.walk(dates=("2024-06-10", "2024-06-12"))
        self.assertEqual(self.driver.execute_script("return window.innerWidth"), 375)
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375,
                             "no sideways scrolling")
        self.assertLessEqual(self.find("header.bar").size["height"], 70, "a short header")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-phone.png"))
        self.driver.execute_script("document.querySelector('[data-option-rank=\"1\"]').scrollIntoView()")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "plan-phone-options.png"))
        # The home page's header links to the wizard ("Plan"), its title row one
        # row on a phone; the sections' words have a row of their own (issue
        # 28, item 23), so it is at most 80 px (70 with the sections' icons alone).
        self.driver.get(SERVER.base + "/")
        self.wait(lambda: self.finds("#upcoming li"))
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 375)
        self.assertLessEqual(self.find("header.bar").size["height"], 80, "a short header on the home page")
        self.assertEqual(self.find("#plan-trip").text.split()[-1], "Plan")
        self.click(self.find("#plan-trip"))
        self.wait(lambda: self.driver.current_url.endswith("/plan"))
        self.assertEqual(self.console_errors(), [])


def main():
    def prepare(server, args):
        server.cli("schedule", "import", os.path.join(args.data, "nfl/schedules_2024.csv"))
        server.cli("schedule", "import", os.path.join(args.data, "retrosheet/2025schedule.csv"))
    run_suite(prepare)


if __name__ == "__main__":
    main()
