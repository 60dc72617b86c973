#!/usr/bin/env bash
# The main job on real data: import the real 2024 MLB schedule into a fresh
# database (never the user's), build a 7-day trip through four cities with two
# rest days, print its itinerary; import the NBA, NHL and NFL seasons and build
# a mixed-sport Boston weekend; record both trips' games as visits; then serve
# the app on it (on a terminal: until Ctrl-C; elsewhere, e.g. in CI, it says so
# and stops).
set -euo pipefail
DATA=${DATA:-../shared/data}
BIN=${BIN:-.build/release/sportstime}
SCHEDULE="$DATA/retrosheet/2024schedule.csv"
if [ ! -f "$SCHEDULE" ]; then
  echo "Error: $SCHEDULE not found; put the shared data folder beside this repository (or set DATA=...)." >&2
  exit 1
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export SPORTSTIME_DB="$WORK/demo.sqlite"
export SPORTSTIME_DATA="$DATA"
PORT=${PORT:-8080}

run() { printf '$ sportstime'; printf ' %q' "$@"; echo; "$BIN" "$@"; echo; }

run schedule import "$SCHEDULE"
run games --team DET --from 2024-06-07 --to 2024-06-09
run trip new "Great Lakes Loop" \
  --game CLE@2024-06-04 --game CHC@2024-06-05 \
  --game DET@2024-06-07 --game DET202406080 --game MIL@2024-06-10
run trip list
run trip show "Great Lakes Loop" --metric
echo "Schedule data: Retrosheet (www.retrosheet.org). Game times are estimates."
echo
# The itinerary on paper (kept after the demo, in the build folder).
PDF=${DEMO_PDF:-.build/great-lakes-loop.pdf}
mkdir -p "$(dirname "$PDF")"
run trip export "Great Lakes Loop" --format pdf --out "$PDF"

# The other leagues, as played (real start times and scores): a Boston weekend
# with the Celtics and the Bruins at TD Garden, then the Patriots.
run schedule import "$DATA/nba/nba-2024-UTC.csv"
run schedule import "$DATA/nhl/nhl-202425-asplayed.csv"
run schedule import "$DATA/nfl/schedules_2024.csv"
run trip new "Boston Weekend" \
  --game NBA:BOS@2024-11-16 --game NHL:BOS@2024-11-16 --game NFL:NE@2024-11-17

# Both trips are in the past: their games become visits (the progress,
# history and map screens show them).
run trip attended "Great Lakes Loop"
run trip attended "Boston Weekend"
run progress

# The Great Lakes Loop's id: the "id" line just before its "name" line.
TRIP=$("$BIN" trip list --json | grep -B1 '"name": "Great Lakes Loop"' | sed -n 's/.*"id": "\([0-9a-f-]*\)".*/\1/p')
# SERVE=1 serves whatever the output is (make demo > demo.log, a script);
# SERVE=0 never; by default the app runs when the output is a terminal
# outside CI.
case "${SERVE:-}" in
  1|yes|true) serve=1 ;;
  0|no|false) serve=0 ;;
  "") if [ -t 1 ] && [ -z "${CI:-}" ]; then serve=1; else serve=0; fi ;;
  *) echo "demo: SERVE must be 1 or 0 (got '$SERVE')" >&2; exit 64 ;;
esac
if [ "$serve" = 1 ]; then
  echo
  echo "The app: open http://127.0.0.1:$PORT/trips/$TRIP in your browser (the demo database; Ctrl-C stops it)."
  run serve --port "$PORT"
else
  echo
  echo "Not on a terminal, so the app is not started (SERVE=1 make demo starts it anyway). On a terminal,"
  echo "make demo ends with it running at http://127.0.0.1:$PORT/trips/$TRIP; for your own trips: sportstime serve"
fi
