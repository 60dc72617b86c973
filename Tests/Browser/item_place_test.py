#!/usr/bin/python3
"""The item dialog's place (issue 28, 9a) in headless Chromium: a town found
by name as one types (the five Arlingtons, each with its state), picked by
keyboard; a point set by tapping the editor's map; an address alone; typed
coordinates, with a refusal in a person's words; GeoNames credited.

Run by the Swift test BrowserTests as
  /usr/bin/python3 Tests/Browser/item_place_test.py --bin BIN --data DATA --artifacts DIR
(unittest's own arguments follow, e.g. `-k map`). The server reads the towns
from DATA/places/cities5000.csv ($SPORTSTIME_DATA). Screenshots go into DIR.
"""

import os
import sys
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from editor_test import Server, browser, run_suite

ARGS = None
SERVER = None


class ItemPlaceTests(unittest.TestCase):
    def setUp(self):
        self.driver = browser()
        self.addCleanup(self.driver.quit)

    def open(self, name, phone=False):
        if phone:
            self.driver.quit()
            self.driver = browser(phone=True)
            self.addCleanup(self.driver.quit)
        self.trip = SERVER.demo_trip(name)
        self.driver.get(f"{SERVER.base}/trips/{self.trip['trip']['id']}")
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#itinerary [data-row-id='day:2']"))

    def open_dialog(self, day=2):
        self.driver.find_element(By.CSS_SELECTOR, f"[data-row-id='day:{day}'] button.add").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is not None)

    def field(self, name):
        return self.driver.find_element(By.ID, name)

    def options(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#item-place-list li[role=option]")

    def saved_row(self, title):
        doc = SERVER.api("GET", f"/api/trips/{self.trip['trip']['id']}")
        return next(r for r in doc["rows"] if r.get("title") == title)

    def wait_saved(self, title):
        WebDriverWait(self.driver, 10).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is None)
        WebDriverWait(self.driver, 10).until(
            lambda d: any(title in e.text for e in d.find_elements(By.CSS_SELECTOR, "#itinerary .row")))
        return self.saved_row(title)

    def console_errors(self):
        return [e for e in self.driver.get_log("browser")
                if e["level"] == "SEVERE" and e["source"] != "network"]

    def test_a_town_is_found_as_one_types_and_picked_by_keyboard(self):
        self.open("Places by name")
        self.open_dialog()
        self.field("item-title").send_keys("Dinner with friends")
        self.field("item-time").send_keys("1730")
        place = self.field("item-place")
        place.send_keys("Arlington")
        WebDriverWait(self.driver, 10).until(lambda d: len(self.options()) >= 5)
        labels = [o.text for o in self.options()]
        for state in ["TX", "VA", "MA", "WA", "TN"]:
            self.assertTrue(any(t.startswith(f"Arlington, {state}, United States") for t in labels), labels)
        self.assertEqual(place.get_attribute("aria-expanded"), "true")
        self.assertIn("GeoNames", self.field("item-place-hint").text)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "item-place-search.png"))
        # Down twice: the second, Arlington, VA; Enter picks it (and does not submit the form).
        place.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        active = place.get_attribute("aria-activedescendant")
        self.assertEqual(self.driver.find_element(By.ID, active).get_attribute("aria-selected"), "true")
        self.assertTrue(self.driver.find_element(By.ID, active).text.startswith("Arlington, VA"))
        place.send_keys(Keys.ENTER)
        self.assertEqual(place.get_attribute("value"), "Arlington, VA, United States")
        self.assertEqual(place.get_attribute("aria-expanded"), "false")
        self.assertIsNotNone(self.field("item-dialog").get_attribute("open"))
        self.assertEqual(self.field("item-lat").get_attribute("value"), "38.88101")
        self.assertIn("America/New_York", self.field("item-place-note").text)
        self.field("item-save").click()
        row = self.wait_saved("Dinner with friends")
        self.assertEqual(row["placeName"], "Arlington, VA, United States")
        self.assertEqual(row["placeTimeZone"], "America/New_York")
        self.assertEqual(row["timeZone"], "America/New_York")
        self.assertAlmostEqual(row["latitude"], 38.88101)
        # Editing shows the town and keeps it when only the title changes.
        self.driver.find_element(By.CSS_SELECTOR, f"[data-row-id='{row['id']}'] button.edit").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is not None)
        self.assertEqual(self.field("item-place").get_attribute("value"), "Arlington, VA, United States")
        self.field("item-title").send_keys(" again")
        self.field("item-save").click()
        row = self.wait_saved("Dinner with friends again")
        self.assertEqual(row["placeName"], "Arlington, VA, United States")
        # Escape with the list open closes the list, not the dialog.
        self.open_dialog()
        self.field("item-place").send_keys("Spring")
        WebDriverWait(self.driver, 10).until(lambda d: self.options())
        self.field("item-place").send_keys(Keys.ESCAPE)
        self.assertTrue(self.field("item-place-list").get_attribute("hidden") is not None)
        self.assertIsNotNone(self.field("item-dialog").get_attribute("open"))
        # A text not picked from the list is refused in words.
        self.field("item-title").send_keys("Somewhere")
        self.field("item-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "item-error").text)
        self.assertIn("Pick the place from the list", self.field("item-error").text)
        self.assertEqual(self.console_errors(), [])

    def test_tapping_the_map_sets_the_point(self):
        self.open("Places on the map")
        self.open_dialog(day=3)
        self.field("item-title").send_keys("Picnic")
        self.field("item-pick-on-map").click()
        WebDriverWait(self.driver, 5).until(
            lambda d: "picking" in d.find_element(By.ID, "map").get_attribute("class"))
        self.assertIsNone(self.field("item-dialog").get_attribute("open"))
        self.assertIn("Tap the map", self.field("status").text)
        box = self.field("map")
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "item-place-map-picking.png"))
        ActionChains(self.driver).move_to_element_with_offset(box, 10, 10).click().perform()
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is not None)
        lat = float(self.field("item-lat").get_attribute("value"))
        lon = float(self.field("item-lon").get_attribute("value"))
        self.assertTrue(-90 <= lat <= 90 and -180 <= lon <= 180)
        self.assertEqual(self.field("item-title").get_attribute("value"), "Picnic", "what was typed is kept")
        self.assertIn("Point set on the map", self.field("item-place-note").text)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "item-save")
        self.field("item-save").click()
        row = self.wait_saved("Picnic")
        self.assertAlmostEqual(row["latitude"], lat, places=4)
        self.assertAlmostEqual(row["longitude"], lon, places=4)
        self.assertIsNone(row["placeName"])
        self.assertIsNotNone(row["placeTimeZone"], "the nearest town's zone")
        # By keyboard: Enter on the map takes its centre; Escape goes back unchanged.
        self.open_dialog(day=3)
        self.field("item-title").send_keys("Centre")
        self.field("item-pick-on-map").send_keys(Keys.ENTER)
        WebDriverWait(self.driver, 5).until(
            lambda d: d.switch_to.active_element.get_attribute("id") == "map")
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is not None)
        self.assertEqual(self.field("item-lat").get_attribute("value"), "")
        self.field("item-pick-on-map").send_keys(Keys.ENTER)
        WebDriverWait(self.driver, 5).until(
            lambda d: d.switch_to.active_element.get_attribute("id") == "map")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element(By.ID, "item-dialog").get_attribute("open") is not None)
        self.assertNotEqual(self.field("item-lat").get_attribute("value"), "")
        self.assertEqual(self.console_errors(), [])

    def test_an_address_alone_or_typed_coordinates(self):
        self.open("Places typed")
        self.open_dialog()
        self.field("item-title").send_keys("Hotel")
        self.field("item-address").send_keys("163 E Walton Pl, Chicago")
        self.field("item-save").click()
        row = self.wait_saved("Hotel")
        self.assertEqual(row["address"], "163 E Walton Pl, Chicago")
        self.assertIsNone(row["latitude"])
        self.assertIsNone(row["placeName"])
        # Coordinates off the map: refused in words, no field names.
        self.open_dialog()
        self.field("item-title").send_keys("Nowhere")
        self.field("item-lat").send_keys("95")
        self.field("item-lon").send_keys("10")
        self.field("item-save").click()
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "item-error").text)
        message = self.field("item-error").text
        self.assertIn("That point is not on the map", message)
        self.assertNotIn("lat must", message)
        self.assertNotIn("lon ", message)
        # Good coordinates are saved, in the nearest town's zone (South Bend: Eastern).
        self.field("item-lat").clear()
        self.field("item-lat").send_keys("41.6764")
        self.field("item-lon").clear()
        self.field("item-lon").send_keys("-86.2520")
        self.driver.execute_script("document.getElementById('item-time').value = '12:00';")
        self.field("item-save").click()
        try:
            row = self.wait_saved("Nowhere")
        except Exception:
            self.fail("not saved: " + self.field("item-error").text)
        self.assertEqual(row["timeZone"], "America/Indiana/Indianapolis")
        self.assertEqual(self.console_errors(), [])

    def test_on_a_phone_the_list_fits_and_picks_by_touch(self):
        self.open("Places on a phone", phone=True)
        self.open_dialog()
        self.field("item-place").send_keys("Toronto")
        WebDriverWait(self.driver, 10).until(lambda d: self.options())
        option = self.options()[0]
        width = self.driver.execute_script("return window.innerWidth")
        rect = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", option)
        self.assertGreaterEqual(rect[0], 0)
        self.assertLessEqual(rect[1], width)
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, "item-place-phone.png"))
        option.click()
        self.assertEqual(self.field("item-place").get_attribute("value"), "Toronto, Canada")
        self.assertEqual(self.console_errors(), [])


def main():
    run_suite()


if __name__ == "__main__":
    main()
