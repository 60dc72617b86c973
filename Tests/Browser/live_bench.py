#!/usr/bin/python3
"""A change made elsewhere to the open page, in headless Chromium (the
figure editor_test.py's live-change test used to assert, < 1.5 s): with
the demo trip open, `sportstime item add` runs 12 times through the same
database, and each time the moment the command has ended is set against
the moment the page's list shows the new revision (its `data-revision`,
seen by a MutationObserver; both clocks the machine's wall clock, in ms).
Prints the median of the last 10. Used by make bench (AppBench)."""

import argparse
import os
import statistics
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.support.ui import WebDriverWait

WATCH = """
const list = document.getElementById('itinerary');
window.liveBench = null;
new MutationObserver(() => { if (window.liveBench === null) window.liveBench = Date.now(); })
  .observe(list, { attributes: true, attributeFilter: ['data-revision'] });
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--trip", required=True, help="the demo trip's id")
    parser.add_argument("--bin", required=True, help="the sportstime the server runs")
    parser.add_argument("--db", required=True, help="the server's database")
    args = parser.parse_args()
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options)
    env = dict(os.environ, SPORTSTIME_DB=args.db, NO_COLOR="1")
    delays = []
    try:
        driver.get(f"{args.base}/trips/{args.trip}")
        WebDriverWait(driver, 20).until(
            lambda d: d.execute_script("return document.getElementById('itinerary').dataset.revision"))
        for run in range(12):
            driver.execute_script(WATCH)
            subprocess.run([args.bin, "item", "add", args.trip, "--title", f"Live {run}", "--day", "2"],
                           env=env, check=True, capture_output=True)
            ended = time.time() * 1000
            WebDriverWait(driver, 10, poll_frequency=0.01).until(
                lambda d: d.execute_script("return window.liveBench"))
            delays.append(driver.execute_script("return window.liveBench") - ended)
    finally:
        driver.quit()
    print(f"browser: a CLI change → the open page shows it (median of 10) {statistics.median(delays[2:]):6.1f} ms"
          "   (was asserted < 1,500 ms in editor_test.py)")


if __name__ == "__main__":
    main()
