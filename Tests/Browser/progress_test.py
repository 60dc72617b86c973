#!/usr/bin/python3
"""The progress and games-history screens in a real browser (headless
Chromium through Selenium), on the real 2024 MLB schedule: several visits
to one stadium (add, view, edit, remove) in the dialog, the counts and the
order of the venue cards, the history's sport filters, sections and empty
state, "Mark attended" on a past trip, a phone-sized window.

Run by the Swift test BrowserTests (make test) as
  /usr/bin/python3 Tests/Browser/progress_test.py --bin BIN --data DATA --artifacts DIR
Each test starts `sportstime serve` on a fresh database (editor_test.py's
Server: the schedule import takes well under a second) and screenshots go
into DIR (look at them).
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from editor_test import Server, browser, run_suite  # noqa: E402  (the shared fixture)
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ARGS = None


class ProgressTests(unittest.TestCase):
    def setUp(self):
        self.server = Server(ARGS.bin, ARGS.data)
        self.addCleanup(self.server.stop)
        self.addCleanup(self.server.process.stdout.close)
        self.driver = browser(height=1400)
        self.addCleanup(lambda: self.driver.quit())

    # MARK: Helpers

    def visit(self, body):
        """Records a visit through the API (as the CLI would); returns its card."""
        return self.server.api("POST", "/api/visits", body)["visit"]

    def some_visits(self):
        """Four visits: two at Wrigley Field (one a year earlier), Comerica Park, TD Garden (NHL)."""
        self.visit({"game": "CHC@2024-06-05", "score": {"away": 3, "home": 5}})
        self.visit({"venue": "CHI11", "date": "2023-08-01", "away": "STL", "home": "CHC"})
        self.visit({"game": "DET@2024-06-07"})
        self.visit({"venue": "td-garden", "sport": "NHL", "date": "2024-11-30", "away": "NYR", "home": "BOS"})

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait(self, condition, timeout=6):
        # The page redraws from each answer: an element found a moment ago may be gone.
        return WebDriverWait(self.driver, timeout, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: condition())

    def open_progress(self, query=""):
        self.driver.get(f"{self.server.base}/progress{query}")
        self.wait(lambda: self.finds("#venues [data-venue-id]"))

    def set_value(self, element_id, value):
        """Sets an input's value as a user would, firing `input` and `change`."""
        self.driver.execute_script(
            "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
            "e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}));",
            element_id, value)

    def card(self, visit_id, css=""):
        return self.find(f"#visit-cards [data-visit-id='{visit_id}'] {css}")

    def expand(self, visit_id):
        """Opens a visit card (again, should a redraw come between the find and the click)."""
        def opened():
            details = self.card(visit_id, "details")
            if details.get_attribute("open") is None:
                details.find_element(By.TAG_NAME, "summary").click()
                return False
            return True
        self.wait(opened)

    def click(self, css):
        """Clicks what `css` finds (again, should a redraw replace it first)."""
        self.wait(lambda: self.find(css).click() or True)

    def cards(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#visit-cards [data-visit-id]')].map((e) => e.dataset.visitId)")

    def server_visits(self, venue):
        return self.server.api("GET", f"/api/visits?venue={venue}")["visits"]

    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(ARGS.artifacts, name))

    # MARK: Tests

    def test_several_visits_to_one_stadium_added_viewed_edited_and_removed_in_the_dialog(self):
        self.open_progress()
        # The keyboard opens a venue: Wrigley Field, not visited yet, offers "Add Visit".
        wrigley = self.find("#venues [data-venue-id='CHI11'] button")
        self.assertNotIn("visited", self.find("#venues [data-venue-id='CHI11']").get_attribute("class").split())
        wrigley.send_keys(Keys.ENTER)
        self.wait(lambda: self.find("#venue-panel").is_displayed())
        self.assertEqual(self.find("#venue-panel-title").text, "Wrigley Field")
        self.assertEqual(self.find("#venue-add").text, "Add Visit")
        self.assertEqual(self.cards(), [])
        # First visit: from the schedule, picked by date at that venue.
        self.find("#venue-add").click()
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.set_value("visit-date", "2024-06-05")
        self.wait(lambda: self.finds("#visit-game option"))
        self.assertEqual([o.get_attribute("value") for o in self.finds("#visit-game option")], ["CHN202406050"])
        self.set_value("visit-score-away", "3")
        self.set_value("visit-score-home", "5")
        self.set_value("visit-notes", "Bleachers, section 314")
        self.find("#visit-save").click()
        self.wait(lambda: len(self.cards()) == 1)
        self.assertEqual(self.find("#venue-add").text, "Add Another Visit")
        self.wait(lambda: self.find("#venues [data-venue-id='CHI11'] .badge").text == "1")
        self.assertIn("Wrigley Field now has 1 visit.", self.find("#status").text)
        # Second visit: typed by hand (a date without a scheduled game of theirs).
        self.find("#venue-add").click()
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.find("#mode-hand").click()
        self.set_value("visit-date", "2024-07-04")
        self.find("#visit-away").send_keys("Cardinals")
        self.find("#visit-home").send_keys("CHC")
        self.find("#visit-save").click()
        self.wait(lambda: len(self.cards()) == 2)
        stored = self.server_visits("CHI11")
        self.assertEqual(self.cards(), [v["id"] for v in stored], "most recent first, as the server orders them")
        self.assertEqual([v["date"] for v in stored], ["2024-07-04", "2024-06-05"])
        self.assertEqual(stored[1]["gameID"], "CHN202406050")
        self.assertEqual(stored[1]["score"], {"away": 3, "home": 5})
        self.assertEqual(stored[0]["matchup"], "STL @ CHC")
        self.wait(lambda: self.find("#venues [data-venue-id='CHI11'] .badge").text == "2")
        self.assertIn("PHI @ CHC", self.find("#status").text, "the schedule's other game that day is pointed out")
        # Visited venues come first.
        self.assertEqual(self.finds("#venues [data-venue-id]")[0].get_attribute("data-venue-id"), "CHI11")
        # View: a card expands to its details.
        game_id, typed_id = stored[1]["id"], stored[0]["id"]
        self.expand(game_id)
        self.wait(lambda: "Bleachers, section 314" in self.card(game_id).text)
        self.assertIn("CWS @ CHC", self.card(game_id).text)
        self.assertIn("3-5", self.card(game_id).text)
        self.shot("progress-venue-visits.png")
        # Edit the visit from the game: its date and teams are the game's, the notes change.
        self.click(f"#visit-cards [data-visit-id='{game_id}'] .visit-edit")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.assertFalse(self.find("#visit-date").is_enabled(), "a game's date is not typed")
        notes = self.find("#visit-notes")
        notes.clear()
        notes.send_keys("Bleachers, section 314, with Dad")
        self.shot("progress-edit-dialog.png")
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        self.assertEqual(self.server_visits("CHI11")[1]["notes"], "Bleachers, section 314, with Dad")
        self.wait(lambda: "with Dad" in self.card(game_id).text)
        # Focus is back on the saved visit's card, not lost to the page.
        self.wait(lambda: self.driver.execute_script(
            "return document.activeElement.closest('[data-visit-id]')?.dataset.visitId") == game_id)
        # A refused edit says why in the dialog and changes nothing.
        self.expand(typed_id)
        self.click(f"#visit-cards [data-visit-id='{typed_id}'] .visit-edit")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.set_value("visit-date", "2031-07-04")
        self.find("#visit-save").click()
        self.wait(lambda: "has not happened yet" in self.find("#visit-error").text)
        self.assertEqual(self.server_visits("CHI11")[0]["date"], "2024-07-04")
        # The message alone, no raw member name ("date: ..."); the date is
        # marked and focused (review 10, item 11).
        self.assertTrue(self.find("#visit-error").text.startswith("2031-07-04 has not happened yet"))
        self.assertEqual(self.find("#visit-date").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "visit-date")
        self.shot("progress-refused-edit.png")
        # Remove the typed visit (after confirming).
        self.find("#visit-remove").click()
        self.driver.switch_to.alert.accept()
        self.wait(lambda: len(self.cards()) == 1)
        self.assertEqual([v["id"] for v in self.server_visits("CHI11")], [stored[1]["id"]])
        self.wait(lambda: self.find("#venues [data-venue-id='CHI11'] .badge").text == "1")
        self.assertEqual(self.console_errors(), [])

    def test_a_visit_typed_by_hand_is_attached_to_its_game_in_the_edit_dialog(self):
        # Review 10, item 8: the edit dialog offers "From the schedule" for a
        # visit typed by hand; saving links it, and the game's final score
        # comes with it (the NHL file has scores; the MLB one has none).
        self.server.cli("schedule", "import", os.path.join(ARGS.data, "nhl/nhl-202425-asplayed.csv"))
        game = self.server.api("GET", "/api/games?venue=td-garden&from=2024-11-29&to=2024-11-29")
        self.assertEqual([(g["sport"], g["away"], g["home"]) for g in game], [("NHL", "PIT", "BOS")])
        game = game[0]
        typed = self.visit({"venue": "td-garden", "sport": "NHL", "date": "2024-11-28", "notes": "Black Friday matinee"})
        self.assertIsNone(typed["gameID"])
        self.open_progress("?sport=NHL&venue=td-garden")
        self.wait(lambda: self.cards() == [typed["id"]])
        self.expand(typed["id"])
        self.click(f"#visit-cards [data-visit-id='{typed['id']}'] .visit-edit")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.assertTrue(self.find("#visit-mode").is_displayed(), "a typed visit offers the schedule")
        self.assertTrue(self.find("#mode-hand").is_selected(), "it opens as it is: typed by hand")
        self.find("#mode-game").click()
        # The visit's date had no game there: the dialog says so; the right date lists it.
        self.wait(lambda: "no game at TD Garden on Thu, Nov 28, 2024" in self.find("#visit-game-hint").text)
        self.set_value("visit-date", "2024-11-29")
        self.wait(lambda: [o.get_attribute("value") for o in self.finds("#visit-game option")] == [game["id"]])
        self.assertEqual("PIT @ BOS · 6:30 pm EST · TD Garden · NHL", self.find("#visit-game option").text)
        self.assertIn("Save links the visit", self.find("#visit-game-hint").text)
        self.shot("progress-attach-dialog.png")
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        stored = self.server_visits("td-garden")
        self.assertEqual(len(stored), 1)
        self.assertEqual((stored[0]["id"], stored[0]["gameID"], stored[0]["date"], stored[0]["matchup"], stored[0]["notes"]),
                         (typed["id"], game["id"], "2024-11-29", "PIT @ BOS", "Black Friday matinee"))
        self.assertEqual(stored[0]["score"], {"away": 2, "home": 1}, "the game's final score, the visit having none")
        self.wait(lambda: "Linked the visit of Fri, Nov 29, 2024 to PIT @ BOS" in self.find("#status").text)
        # The card says the game is the schedule's, without its id (issue 28, item 15).
        self.wait(lambda: "final 2-1" in self.card(typed["id"]).text and "(from the schedule)" in self.card(typed["id"]).text)
        self.assertNotIn(game["id"], self.card(typed["id"]).text)
        # Linked now: its edit dialog no longer offers the choice, and the date is the game's.
        self.click(f"#visit-cards [data-visit-id='{typed['id']}'] .visit-edit")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.assertFalse(self.find("#visit-mode").is_displayed())
        self.assertFalse(self.find("#visit-date").is_enabled())
        self.find("#visit-cancel").click()
        self.assertEqual(self.console_errors(), [])

    def both_arena_leagues(self):
        """TD Garden's NHL and NBA games (Sat, Nov 16, 2024: the Bruins at
        1 pm, the Celtics at 8 pm)."""
        self.server.cli("schedule", "import", os.path.join(ARGS.data, "nhl/nhl-202425-asplayed.csv"))
        self.server.cli("schedule", "import", os.path.join(ARGS.data, "nba/nba-2024-UTC.csv"))

    def test_issue_28_the_dialog_names_games_by_matchup_start_and_venue_and_says_refusals_in_words(self):
        # Item 15: two games at TD Garden on one day were "NHL-BOS202411160"
        # and "NBA-BOS202411160"; a game recorded twice named ids; a score
        # with one side left empty answered JSON.
        self.both_arena_leagues()
        self.visit({"game": "NHL-BOS202411160"})
        for phone in (False, True):
            if phone:
                self.driver.quit()
                self.driver = browser(phone=True)
            self.open_progress("?sport=NHL&venue=td-garden")
            self.click("#venue-add")
            self.wait(lambda: self.find("#visit-dialog").is_displayed())
            self.set_value("visit-date", "2024-11-16")
            self.wait(lambda: len(self.finds("#visit-game option")) == 2)
            labels = [o.text for o in self.finds("#visit-game option")]
            self.assertEqual(labels, ["STL @ BOS · 1:00 pm EST · TD Garden · NHL",
                                      "TOR @ BOS · 8:00 pm EST · TD Garden · NBA"])
            self.shot(f"progress-dialog-games{'-phone' if phone else ''}.png")
            # The Bruins' game is recorded already: the refusal names it in words.
            self.find("#visit-save").click()
            self.wait(lambda: self.find("#visit-error").text)
            error = self.find("#visit-error").text
            self.assertEqual(error, "you have already recorded STL @ BOS at TD Garden, 1:00 pm EST on "
                                    "Sat, Nov 16, 2024 as a visit; edit that visit instead")
            # A score with the home side empty: said for a person.
            self.set_value("visit-score-away", "3")
            self.find("#visit-save").click()
            self.wait(lambda: "score needs both" in self.find("#visit-error").text)
            error = self.find("#visit-error").text
            self.assertNotIn("{", error)
            self.assertIn("each a whole number from 0 to 999", error)
            self.assertEqual(self.find("#visit-score-away").get_attribute("aria-invalid"), "true")
            self.assertIsNone(self.find("#visit-game").get_attribute("aria-invalid"), "the earlier refusal's mark is gone")
            self.shot(f"progress-dialog-refused{'-phone' if phone else ''}.png")
            for text in labels + [error]:
                self.assertNotRegex(text, r"[A-Z]{3}20\d{7}|[0-9a-f]{8}", text)
            self.find("#visit-cancel").click()
        self.assertEqual(self.console_errors(), [])

    def test_issue_28_history_lists_one_days_games_latest_first_and_the_venue_once(self):
        # Item 23: the 1 pm Bruins game was listed above the 8 pm Celtics one
        # of the same day (the ids decided); a visit without a matchup named
        # its venue twice in Recent visits.
        self.both_arena_leagues()
        nhl = self.visit({"game": "NHL-BOS202411160"})
        nba = self.visit({"game": "NBA-BOS202411160"})
        typed = self.visit({"venue": "CHI11", "date": "2024-08-01"})
        for phone in (False, True):
            if phone:
                self.driver.quit()
                self.driver = browser(phone=True)
            self.driver.get(f"{self.server.base}/history")
            self.wait(lambda: len(self.finds(".history-row")) == 3)
            order = [r.get_attribute("data-visit-id") for r in self.finds(".history-row")]
            self.assertEqual(order, [nba["id"], nhl["id"], typed["id"]], "latest first, days and hours alike")
            self.shot(f"history-one-day{'-phone' if phone else ''}.png")
            self.driver.get(f"{self.server.base}/progress?sport=MLB")
            self.wait(lambda: self.finds(f"#recent [data-visit-id='{typed['id']}']"))
            row = self.find(f"#recent [data-visit-id='{typed['id']}']").text
            self.assertEqual(row.count("Wrigley Field"), 1, row)

    def test_issue_28_notes_are_several_lines(self):
        # Item 23: the notes were a one-line field. Enter makes a new line
        # there (the dialog stays open); Ctrl+Enter saves; the card keeps them.
        for phone in (False, True):
            if phone:
                self.driver.quit()
                self.driver = browser(phone=True)
            self.open_progress("?sport=MLB&venue=CHI11")
            self.click("#venue-add")
            self.wait(lambda: self.find("#visit-dialog").is_displayed())
            self.find("#mode-hand").click()
            self.set_value("visit-date", f"2024-08-0{2 if phone else 1}")
            notes = self.find("#visit-notes")
            self.assertEqual(notes.tag_name, "textarea")
            notes.send_keys("Row 3, seat 12", Keys.ENTER, "with Sam")
            self.assertTrue(self.find("#visit-dialog").is_displayed(), "Enter is a new line, not Save")
            self.assertEqual(notes.get_attribute("value"), "Row 3, seat 12\nwith Sam")
            notes.send_keys(Keys.CONTROL, Keys.ENTER)
            self.wait(lambda: not self.find("#visit-dialog").is_displayed())
            stored = self.server_visits("CHI11")[0]
            self.assertEqual(stored["notes"], "Row 3, seat 12\nwith Sam")
            self.expand(stored["id"])
            shown = self.card(stored["id"], "dd.notes")
            self.wait(lambda: shown.text == "Row 3, seat 12\nwith Sam")
            self.shot(f"progress-notes{'-phone' if phone else ''}.png")
        self.assertEqual(self.console_errors(), [])

    def test_save_before_the_days_games_are_listed_lists_them_first(self):
        # Review 11, F7: Save pressed while the date's lookup had not answered
        # recorded a visit typed by hand. Now it lists the day's games and
        # waits for the user to check the one picked.
        self.open_progress("?sport=MLB&venue=CHI11")
        self.click("#venue-add")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        # The date set with no change event: no lookup has run for it.
        self.driver.execute_script("document.getElementById('visit-date').value = '2024-06-05'")
        self.find("#visit-save").click()
        self.wait(lambda: "check the one picked, then Save" in self.find("#visit-game-hint").text)
        self.assertTrue(self.find("#visit-dialog").is_displayed())
        self.assertEqual(self.server_visits("CHI11"), [], "nothing recorded yet")
        self.assertEqual([o.get_attribute("value") for o in self.finds("#visit-game option")], ["CHN202406050"])
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        stored = self.server_visits("CHI11")
        self.assertEqual([(v["gameID"], v["matchup"]) for v in stored], [("CHN202406050", "CWS @ CHC")])
        # A day without games there: Save records the day, as before.
        self.click("#venue-add")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.driver.execute_script("document.getElementById('visit-date').value = '2024-06-10'")
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        self.assertEqual(sorted((v["date"], v["gameID"]) for v in self.server_visits("CHI11")),
                         [("2024-06-05", "CHN202406050"), ("2024-06-10", None)])
        self.assertEqual(self.console_errors(), [])

    def test_review_12_one_save_per_click_named_venues_visible_warnings_and_links(self):
        # A neutral site off the NHL's list, with no visits yet: named, not "o2-arena-prague".
        self.open_progress("?sport=NHL&venue=o2-arena-prague")
        self.wait(lambda: self.find("#venue-panel").is_displayed())
        self.assertEqual(self.find("#venue-panel-title").text, "O2 Arena")
        self.assertIn("Prague", self.find("#venue-panel-meta").text)
        self.click("#venue-add")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.assertEqual(self.find("#visit-dialog-title").text, "Add a visit to O2 Arena")
        self.find("#visit-cancel").click()
        # A double click on Save records one visit (Save waits for the
        # answer): a day typed by hand, which nothing else keeps single.
        self.open_progress("?sport=MLB&venue=CHI11")
        self.click("#venue-add")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.find("#mode-hand").click()
        self.set_value("visit-date", "2024-06-10")
        self.driver.execute_script(
            "const save = document.getElementById('visit-save'); save.click(); save.click();"
            "document.getElementById('visit-form').requestSubmit();")
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        self.assertEqual(len(self.server_visits("CHI11")), 1)
        # The list is redrawn after the dialog closes (on a busy machine, a
        # moment later).
        self.wait(lambda: len(self.cards()) == 1)
        self.assertFalse(self.find("#venue-warning").is_displayed())
        # A typed matchup the schedule does not have there that day: said
        # where it is seen, as a sentence.
        self.click("#venue-add")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.find("#mode-hand").click()
        self.set_value("visit-date", "2024-07-04")
        self.find("#visit-away").send_keys("Cardinals")
        self.find("#visit-home").send_keys("CHC")
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        warning = self.find("#venue-warning")
        self.wait(lambda: warning.is_displayed())
        self.assertEqual(warning.text, "The schedule has PHI @ CHC (CHN202407040) there that day, not this matchup.")
        self.assertEqual(self.find("#status").text,
                         "Wrigley Field now has 2 visits. The schedule has PHI @ CHC (CHN202407040) there that day, not this matchup.")
        self.shot("progress-warning.png")
        # Links that name nothing are said, not dropped.
        self.open_progress("?sport=cricket&venue=NOPE99")
        notice = self.find("#notice")
        self.wait(lambda: notice.is_displayed() and "NOPE99" in notice.text)
        self.assertFalse(self.find("#venue-panel").is_displayed())
        self.assertEqual(self.find("#sport-chips [data-sport='MLB']").get_attribute("aria-pressed"), "true")
        self.driver.get(f"{self.server.base}/history?sport=nhl,cricket")
        self.wait(lambda: self.find("#notice").is_displayed())
        self.assertIn("'cricket'", self.find("#notice").text)
        self.assertEqual(self.console_errors(), [])

    def test_a_game_of_the_arenas_other_league_opens_that_leagues_tab(self):
        # The NHL tab at TD Garden; the day's only game there is the Celtics'.
        self.server.cli("schedule", "import", os.path.join(ARGS.data, "nba/nba-2024-UTC.csv"))
        self.open_progress("?sport=NHL&venue=td-garden")
        self.wait(lambda: self.find("#venue-panel").is_displayed())
        self.click("#venue-add")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.set_value("visit-date", "2024-11-08")
        self.wait(lambda: self.finds("#visit-game option"))
        self.assertIn("NBA", self.find("#visit-game option").text)
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        self.wait(lambda: self.find("#sport-chips [data-sport='NBA']").get_attribute("aria-pressed") == "true")
        self.wait(lambda: len(self.cards()) == 1)
        self.assertFalse(self.find("#notice").is_displayed(), self.find("#notice").text)
        self.assertEqual(self.find("#status").text, "TD Garden now has 1 visit.")
        self.assertEqual(self.console_errors(), [])

    def test_a_visit_removed_in_another_tab_is_said_in_words(self):
        visit = self.visit({"game": "CHC@2024-06-05"})
        self.open_progress(f"?sport=MLB&venue=CHI11&visit={visit['id']}")
        self.wait(lambda: self.finds("#visit-cards details[open]"))
        self.click(f"#visit-cards [data-visit-id='{visit['id']}'] .visit-edit")
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.server.api("DELETE", f"/api/visits/{visit['id']}")
        self.set_value("visit-notes", "Too late")
        self.find("#visit-save").click()
        self.wait(lambda: not self.find("#visit-dialog").is_displayed())
        status = self.find("#status").text
        self.assertIn("was removed elsewhere", status)
        self.assertNotIn(visit["id"], status)
        self.wait(lambda: self.cards() == [])
        self.assertEqual(self.server_visits("CHI11"), [])

    def test_the_counts_the_card_order_and_another_sport(self):
        self.some_visits()
        self.open_progress()
        progress = self.server.api("GET", "/api/progress?sport=MLB")["sports"][0]
        self.assertEqual(self.find("#teams-seen").text, "2")
        self.assertEqual(self.find("#teams-label").text, "of 30 teams seen at home")
        self.assertEqual(self.find("#venues-visited").text, "2")
        self.assertEqual(self.find("#venues-label").text, "ballparks visited")
        ids = [e.get_attribute("data-venue-id") for e in self.finds("#venues [data-venue-id]")]
        self.assertEqual(ids, [v["venueID"] for v in progress["venues"]])
        self.assertEqual(ids[:2], ["DET05", "CHI11"], "visited first, latest visit first")
        self.assertEqual([e.text for e in self.finds("#venues .badge")], ["1", "2"])
        self.assertIn("Last visit Wed, Jun 5, 2024", self.find("#venues [data-venue-id='CHI11']").text)
        self.assertIn("Not visited yet", self.finds("#venues [data-venue-id]")[2].text)
        # Recent visits (every sport), with "See All" to the history.
        self.assertEqual(len(self.finds("#recent [data-visit-id]")), 4)
        self.assertEqual(self.find("#see-all").get_attribute("href"), f"{self.server.base}/history")
        self.shot("progress.png")
        # Another sport: the NHL chip.
        self.find("#sport-chips [data-sport='NHL']").click()
        self.wait(lambda: self.finds("#venues [data-venue-id]")[0].get_attribute("data-venue-id") == "td-garden")
        self.assertEqual([c.get_attribute("aria-pressed") for c in self.finds("#sport-chips [data-sport]")],
                         ["false", "false", "true", "false"])
        self.assertEqual(self.find("#teams-label").text, "of 32 teams seen at home")
        self.assertEqual(self.find("#venues-label").text, "arena visited")
        # A recent visit opens its venue's cards with that visit expanded.
        self.click("#recent [data-visit-id] a")
        self.wait(lambda: self.find("#venue-panel").is_displayed() and self.finds("#visit-cards details[open]"))
        self.assertEqual(self.find("#venue-panel-title").text, "TD Garden")
        # The header button goes to the games history.
        self.find("#history-button").click()
        self.wait(lambda: self.driver.current_url.endswith("/history"))
        self.assertEqual(self.console_errors(), [])

    def test_history_filters_sections_rows_and_a_neutral_site(self):
        self.some_visits()
        seoul = self.server.api("GET", "/api/games?team=SD&from=2024-03-20&to=2024-03-20")[0]
        self.visit({"game": seoul["id"]})
        self.driver.get(f"{self.server.base}/history")
        self.wait(lambda: self.finds("#years [data-year]"))
        self.assertEqual(self.find("#history-title").text, "5 Games Attended")
        self.assertEqual([s.get_attribute("data-year") for s in self.finds("#years [data-year]")], ["2024", "2023"])
        header = self.find("[data-year='2024'] .year-header")
        self.assertEqual(header.value_of_css_property("position"), "sticky")
        rows = self.finds("[data-year='2024'] .history-row")
        history = self.server.api("GET", "/api/history")
        self.assertEqual([r.get_attribute("data-visit-id") for r in rows],
                         [g["visitID"] for g in history["years"][0]["games"]])
        self.assertIn("NYR @ BOS", rows[0].text)
        self.assertIn("TD Garden", rows[0].text)
        self.assertEqual(rows[0].find_element(By.CLASS_NAME, "sport-icon").get_attribute("aria-label"), "NHL")
        self.assertIn("3-5", rows[2].text)
        self.assertIn("LAD vs SD", rows[-1].text, "vs at a neutral site")
        self.assertIn("Gocheok Sky Dome", rows[-1].text)
        self.shot("history.png")
        # Filter combinations: the chips are multi-select; the count is what they keep.
        chip = {c.get_attribute("data-sport"): c for c in self.finds("#sport-chips [data-sport]")}

        def after(click, title):
            chip[click].click()
            self.wait(lambda: self.find("#history-title").text == title)

        after("MLB", "4 Games Attended")
        self.assertEqual(chip["MLB"].get_attribute("aria-pressed"), "true")
        self.assertEqual({r.get_attribute("data-sport") for r in self.finds(".history-row")}, {"MLB"})
        after("NHL", "5 Games Attended")
        after("MLB", "1 Game Attended")
        self.assertEqual([s.get_attribute("data-year") for s in self.finds("#years [data-year]")], ["2024"])
        # The chips are in the address: a reload (or Back) keeps them (review 10).
        self.assertTrue(self.driver.current_url.endswith("/history?sport=NHL"), self.driver.current_url)
        self.driver.refresh()
        self.wait(lambda: self.find("#history-title").text == "1 Game Attended")
        chip = {c.get_attribute("data-sport"): c for c in self.finds("#sport-chips [data-sport]")}
        self.assertEqual(chip["NHL"].get_attribute("aria-pressed"), "true")
        after("NBA", "1 Game Attended")
        after("NHL", "0 Games Attended")
        self.assertEqual(self.find("#empty").text, "No games match these filters.")
        self.assertEqual(self.finds("#years [data-year]"), [])
        after("NBA", "5 Games Attended")
        self.assertFalse(self.find("#empty").is_displayed())
        # Live: a visit recorded with the CLI shows up in the open page.
        self.server.cli("visit", "add", "--game", "MIL@2024-06-10")
        self.wait(lambda: self.find("#history-title").text == "6 Games Attended")
        history = self.server.api("GET", "/api/history")
        # A row opens the visit.
        self.click(".history-row a")
        self.wait(lambda: self.finds("#visit-cards details[open]"))
        self.assertEqual(self.find("#visit-cards details[open]").find_element(By.XPATH, "..").get_attribute("data-visit-id"),
                         history["years"][0]["games"][0]["visitID"])
        self.assertEqual(self.console_errors(), [])

    def test_the_empty_history_and_progress(self):
        self.driver.get(f"{self.server.base}/history")
        self.wait(lambda: self.find("#empty").is_displayed())
        self.assertEqual(self.find("#history-title").text, "0 Games Attended")
        self.assertTrue(self.find("#empty").text.startswith("No games recorded yet. Add your first visit!"))
        self.shot("history-empty.png")
        self.find("#empty a").click()
        self.wait(lambda: self.finds("#venues [data-venue-id]"))
        self.assertEqual(self.find("#venues-visited").text, "0")
        self.assertEqual(self.finds("#venues .badge"), [])
        self.assertIn("No visits yet", self.find("#recent").text)
        self.assertEqual(self.console_errors(), [])

    def test_mark_attended_on_a_past_trip_records_each_game_once(self):
        self.visit({"game": "CHC@2024-06-05"})
        trip = self.server.demo_trip("Browser attended")
        self.driver.get(f"{self.server.base}/trips/{trip['trip']['id']}")
        button = self.wait(lambda: self.find("#mark-attended").is_displayed() and self.find("#mark-attended"))
        button.click()
        # The games are listed to confirm first (issue 28, item 17).
        self.wait(lambda: self.find("#attended-dialog").is_displayed())
        self.assertEqual(len(self.finds("#attended-games li")), 4)
        self.assertIn("1 game already recorded", self.find("#attended-skipped").text)
        self.find("#attended-confirm").click()
        self.wait(lambda: "Recorded 4 visits" in self.find("#status").text)
        button.click()
        self.wait(lambda: "No new visits" in self.find("#status").text)
        self.assertIn("5 games already recorded", self.find("#status").text)
        history = self.server.api("GET", "/api/history")
        self.assertEqual(history["total"], 5)
        self.assertEqual(len({g["visitID"] for y in history["years"] for g in y["games"]}), 5)
        self.assertEqual(self.console_errors(), [])

    def test_a_phone_sized_window(self):
        self.some_visits()
        self.driver.quit()
        self.driver = browser(phone=True)
        for path, name in [("/progress", "progress-phone.png"), ("/history", "history-phone.png"), ("/", None)]:
            self.driver.get(f"{self.server.base}{path}")
            self.wait(lambda: self.finds("#venues [data-venue-id], #years [data-year], #upcoming li"))
            self.assertEqual(self.driver.execute_script("return window.innerWidth"), 390)
            self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 390,
                                 f"no sideways scrolling on {path}")
            # Short: at most 80 px of the 844, the sections' words on a row of
            # their own included (issue 28, item 23; it was 70 with icons alone).
            self.assertLessEqual(self.find("header.bar").size["height"], 80, f"a short header on {path}")
            self.assertTrue(all(e.is_displayed() for e in self.finds("header.bar .nav .label")), path)
            if name:
                self.shot(name)
        self.open_progress()
        self.find("#venues [data-venue-id='CHI11'] button").click()
        self.wait(lambda: len(self.cards()) == 2)
        self.find("#venue-add").click()
        self.wait(lambda: self.find("#visit-dialog").is_displayed())
        self.assertLessEqual(self.find("#visit-dialog").size["width"], 390)
        self.shot("progress-phone-dialog.png")
        # A date without a game there: the dialog says so, and the visit is the venue on that date.
        self.set_value("visit-date", "2024-01-15")
        self.wait(lambda: "no game at Wrigley Field" in self.find("#visit-game-hint").text)
        self.find("#visit-save").click()
        self.wait(lambda: len(self.cards()) == 3)
        january = [v for v in self.server_visits("CHI11") if v["date"] == "2024-01-15"]
        self.assertEqual([(v["gameID"], v["matchup"]) for v in january], [(None, None)])
        # Very long notes (the 5,000-character limit) scroll inside their card,
        # which stays within the screen (review 10).
        long_notes = " ".join(["Bleachers-section-314-with-Dad-and-the-whole-crew"] * 98)[:5000]
        self.server.api("PATCH", f"/api/visits/{january[0]['id']}", {"notes": long_notes})
        self.open_progress("?sport=MLB&venue=CHI11")
        self.wait(lambda: len(self.cards()) == 3)
        self.expand(january[0]["id"])
        notes = self.card(january[0]["id"], "dd.notes")
        sizes = self.driver.execute_script(
            "const e = arguments[0]; return [e.scrollHeight, e.clientHeight, e.getBoundingClientRect().right];", notes)
        self.assertGreater(sizes[0], sizes[1], "the notes scroll")
        self.assertLessEqual(sizes[1], 200)
        self.assertLessEqual(sizes[2], 390)
        self.assertEqual(notes.get_attribute("tabindex"), "0", "the keyboard can scroll them")
        self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), 390)
        self.shot("progress-phone-long-notes.png")
        self.assertEqual(self.console_errors(), [])


def main():
    run_suite(server=False)


if __name__ == "__main__":
    main()
