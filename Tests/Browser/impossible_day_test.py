#!/usr/bin/python3
"""A day that cannot be done (issue 28, item 5) in headless Chromium: a 17:30
dinner in Chicago added on the day of the 7:10 pm game in Detroit (Fri Jun 7,
2024) is named on that day's header, in words a screen reader hears with the
day, and in the status line; a dinner on a day it can be done is not; moved
elsewhere (by another client), the mark goes away live.

Run by the Swift test BrowserTests as
  /usr/bin/python3 Tests/Browser/impossible_day_test.py --bin BIN --data DATA --artifacts DIR
Screenshots go into DIR.
"""

import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from editor_test import Server, browser, run_suite

ARGS = None
SERVER = None


class ImpossibleDayTests(unittest.TestCase):
    def setUp(self):
        self.driver = browser()
        self.addCleanup(self.driver.quit)

    def open(self, name):
        self.trip = SERVER.demo_trip(name)
        self.driver.get(f"{SERVER.base}/trips/{self.trip['trip']['id']}")
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary [data-row-id='day:4']"))

    def field(self, name):
        return self.driver.find_element(By.ID, name)

    def header(self, day):
        return self.driver.find_element(By.CSS_SELECTOR, f"#itinerary [data-row-id='day:{day}']")

    def add_dinner(self, day, title):
        """Adds a 17:30 restaurant at Chicago's point (typed) through the dialog."""
        self.header(day).find_element(By.CSS_SELECTOR, "button.add").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is not None)
        self.driver.execute_script(
            "document.getElementById('item-category').value = 'restaurant';"
            "document.getElementById('item-time').value = '17:30';")
        self.field("item-title").send_keys(title)
        self.field("item-lat").send_keys("41.85")
        self.field("item-lon").send_keys("-87.65")
        self.field("item-save").click()
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is None)
        WebDriverWait(self.driver, 10).until(
            lambda d: any(title in e.text for e in d.find_elements(By.CSS_SELECTOR, "#itinerary .row")))

    def console_errors(self):
        return [e for e in self.driver.get_log("browser")
                if e["level"] == "SEVERE" and e["source"] != "network"]

    def test_a_dinner_in_chicago_before_the_detroit_game_names_the_day(self):
        self.open("Impossible dinner")
        # Day 3 (Thu Jun 6) has no game: a Chicago dinner there can be done.
        self.add_dinner(3, "Deep dish")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#itinerary .row.day.cannot-be-done"), [])
        self.assertNotIn("cannot be done", self.field("status").text)
        # Day 4 (Fri Jun 7): MIL @ DET at 7:10 pm EDT, 4 h 46 min's drive away.
        self.add_dinner(4, "Dinner")
        WebDriverWait(self.driver, 10).until(
            lambda d: "cannot-be-done" in self.header(4).get_attribute("class"))
        note = self.header(4).find_element(By.CSS_SELECTOR, ".cannot-be-done-note")
        self.assertTrue(note.is_displayed())
        text = note.text
        self.assertIn("Day 4 cannot be done:", text)
        self.assertIn("\"Dinner\" at 5:30 pm CDT", text)
        self.assertIn("Comerica Park, Detroit (7:10 pm EDT est.)", text)
        self.assertIn("drive apart, but there is only 40 min between them.", text)
        # The same words as the server's, and in the status line after the save.
        doc = SERVER.api("GET", f"/api/trips/{self.trip['trip']['id']}")
        day4 = next(r for r in doc["rows"] if r["id"] == "day:4")
        self.assertEqual(len(day4["cannotBeDone"]), 1)
        self.assertEqual(text, "⚠ " + day4["cannotBeDone"][0])
        self.assertIn(day4["cannotBeDone"][0], self.field("status").text)
        # A screen reader hears it with the day: the header is described by the note.
        self.assertEqual(self.header(4).get_attribute("aria-describedby"), note.get_attribute("id"))
        self.assertEqual(note.get_attribute("role"), "note")
        # Only Day 4 is marked.
        marked = self.driver.find_elements(By.CSS_SELECTOR, "#itinerary .row.day.cannot-be-done")
        self.assertEqual([m.get_attribute("data-row-id") for m in marked], ["day:4"])
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", self.header(4))
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "impossible-day.png"))

        # On a phone the note wraps within the screen, the Add button beside it.
        phone = browser(phone=True)
        self.addCleanup(phone.quit)
        phone.get(f"{SERVER.base}/trips/{self.trip['trip']['id']}")
        WebDriverWait(phone, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary .row.day.cannot-be-done"))
        header = phone.find_element(By.CSS_SELECTOR, "#itinerary [data-row-id='day:4']")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'});", header)
        width = phone.execute_script("return window.innerWidth")
        for selector in [".cannot-be-done-note", "button.add"]:
            right = phone.execute_script(
                "return arguments[0].getBoundingClientRect().right;",
                header.find_element(By.CSS_SELECTOR, selector))
            self.assertLessEqual(right, width, selector)
        phone.save_screenshot(os.path.join(ARGS.artifacts, "impossible-day-phone.png"))

        # Moved to Day 3 elsewhere (the API, as another tab would): the mark goes away live.
        dinner = next(r for r in doc["rows"] if r.get("title") == "Dinner")
        item = dinner["id"].split(":", 1)[1]
        answer = SERVER.api("POST", f"/api/trips/{self.trip['trip']['id']}/items/{item}/move",
                            {"place": {"day": 3, "at": "top"}})
        self.assertEqual(answer["warnings"], [])
        WebDriverWait(self.driver, 10).until(
            lambda d: not d.find_elements(By.CSS_SELECTOR, "#itinerary .row.day.cannot-be-done"))
        self.assertEqual(self.console_errors(), [])


def main():
    run_suite()


if __name__ == "__main__":
    main()
