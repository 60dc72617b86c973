#!/usr/bin/python3
"""The map screen's frame time while panning, in headless Chromium (issue
11: "it stays smooth with every venue of four leagues loaded"): opens /map
with every sport chosen, then drags the map for 3 s — one pointer move per
animation frame, dispatched in the page as Leaflet's drag handler receives
a mouse's — and prints the median, 95th percentile and worst interval
between frames (Performance API clock), with how many frames took longer
than 1.5 frames at 60 Hz. Then the same for the scroll-wheel zoom in and
out. Used by make bench."""

import argparse
import statistics

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.support.ui import WebDriverWait

# Drags the map in a circle for `seconds`, one mousemove per frame;
# resolves to the frame intervals in ms.
PAN = """
const [seconds, done] = [arguments[0], arguments[arguments.length - 1]];
const map = document.getElementById('progress-map');
const r = map.getBoundingClientRect();
const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
const fire = (type, x, y, target) => target.dispatchEvent(new MouseEvent(type, {
  clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: 1, view: window}));
fire('mousedown', cx, cy, map);
const times = [];
const start = performance.now();
function frame(now) {
  times.push(now);
  const t = (now - start) / 1000;
  fire('mousemove', cx + 200 * Math.sin(t * 2), cy + 120 * Math.sin(t * 3), document);
  if (now - start < seconds * 1000) requestAnimationFrame(frame);
  else { fire('mouseup', cx, cy, document); done(times.slice(1).map((x, i) => x - times[i])); }
}
requestAnimationFrame(frame);
"""

# Zooms with the wheel, in and out by turns, one wheel step every 4th frame.
ZOOM = """
const [seconds, done] = [arguments[0], arguments[arguments.length - 1]];
const map = document.getElementById('progress-map');
const r = map.getBoundingClientRect();
const times = [];
const start = performance.now();
let n = 0;
function frame(now) {
  times.push(now);
  n += 1;
  if (n % 4 === 0) map.dispatchEvent(new WheelEvent('wheel', {deltaY: (Math.floor(n / 40) % 2 ? 60 : -60),
    clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true, cancelable: true}));
  if (now - start < seconds * 1000) requestAnimationFrame(frame);
  else done(times.slice(1).map((x, i) => x - times[i]));
}
requestAnimationFrame(frame);
"""


def metrics(driver):
    """Chromium's cumulative main-thread times (s): tasks, script, layout, style."""
    values = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    return [values.get(k, 0) for k in ["TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration"]]


def measure(driver, script, seconds):
    """Runs `script`; returns the frame figures and the main thread's work per frame (ms)."""
    before = metrics(driver)
    intervals = driver.execute_async_script(script, seconds)
    after = metrics(driver)
    ordered = sorted(intervals)
    p95 = ordered[int(len(ordered) * 0.95)]
    slow = sum(1 for x in intervals if x > 25)
    work = [(b - a) * 1000 / len(intervals) for a, b in zip(before, after)]
    return statistics.median(intervals), p95, max(intervals), slow, len(intervals), work


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--seconds", type=float, default=3)
    args = parser.parse_args()
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options)
    driver.set_script_timeout(60)
    try:
        driver.get(f"{args.base}/map")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        pins = driver.execute_script("return document.querySelectorAll('.leaflet-marker-pane [data-venue-id]').length")
        driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
        # Warm up, then measure.
        driver.execute_async_script(PAN, 0.5)
        pan = measure(driver, PAN, args.seconds)
        zoom = measure(driver, ZOOM, args.seconds)
    finally:
        driver.quit()
    for name, (p50, p95, worst, slow, frames, work) in [("panning", pan), ("wheel zoom", zoom)]:
        print(f"browser: map {name}, {pins} venue pins (MLB, NBA, NHL, NFL): main-thread work {work[0]:4.2f} ms a frame "
              f"(script {work[1]:4.2f}, layout {work[2]:4.2f}, style {work[3]:4.2f});  frame interval p50 {p50:4.1f} ms  "
              f"p95 {p95:4.1f} ms  worst {worst:5.1f} ms, {slow} of {frames} over 25 ms   (one 60 Hz frame 16.7 ms)")


if __name__ == "__main__":
    main()
