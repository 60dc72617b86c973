#!/usr/bin/env bash
# The main job on real data: import the real 2024 MLB schedule into a fresh
# database (never the user's), build a 7-day trip through four cities with two
# rest days, and print its itinerary.
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

run() { printf '$ sportstime'; printf ' %q' "$@"; echo; "$BIN" "$@"; echo; }

run schedule import "$SCHEDULE"
run games --team DET --from 2024-06-07 --to 2024-06-09
run trip new "Great Lakes Loop" \
  --game CLE@2024-06-04 --game CHC@2024-06-05 \
  --game DET@2024-06-07 --game DET202406080 --game MIL@2024-06-10
run trip list
run trip show "Great Lakes Loop" --metric
echo "Schedule data: Retrosheet (www.retrosheet.org). Game times are estimates."
