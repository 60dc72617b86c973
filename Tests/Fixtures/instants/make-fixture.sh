#!/usr/bin/env bash
# Writes Tests/Fixtures/instants/before.sqlite with a sportstime binary of
# main before the instants migration (commit 3f52c98, 2026-12-07: games'
# starts as REAL seconds since 1970, created/modified as REAL seconds since
# 2001, tombstones as ISO 8601 text), and expected/*.txt: what that binary
# prints for the commands InstantMigrationTests runs on a copy of it after
# migrating. Kept to show how the fixture was made; running it again makes
# another file (the live clock and random ids differ).
#   BIN=/path/to/old/sportstime DATA=/work/shared/data Tests/Fixtures/instants/make-fixture.sh
set -euo pipefail
BIN=${BIN:?set BIN to a sportstime binary of main before the migration}
DATA=${DATA:-../shared/data}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HOME="$WORK/home" LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR=1
mkdir -p "$HOME"
export SPORTSTIME_DB="$WORK/before.sqlite"
st() { "$BIN" "$@" > /dev/null; }
id_of() { # the id of item TITLE in trip TRIP (trip show --json)
  "$BIN" trip show "$1" --json | python3 -c '
import json, sys
rows = json.load(sys.stdin)["rows"]
print(next(r["id"].split(":", 1)[1] for r in rows if r.get("title") == sys.argv[1]))' "$2"
}

st schedule import "$DATA/nfl/schedules_2024.csv"
# A trip made at a whole millisecond, one with the live clock (sub-millisecond
# created/modified), items added, moved, edited and removed (journaled, one
# step undone), a deleted trip (tombstones), visits (one removed).
st trip new "Midwest Football" --game NFL:CHI@2024-09-08 --game NFL:GB@2024-09-15 \
  --now 2026-12-07T09:00:00.123Z
st item add "Midwest Football" --title "Deep dish" --category restaurant --day 1 --time 19:30 \
  --now 2026-12-07T09:01:00.250Z
st item add "Midwest Football" --title "Hotel Lombardi" --category hotel --day 7 \
  --now 2026-12-07T09:02:00.999Z
st item add "Midwest Football" --title "Pack snacks" --day 2 --now 2026-12-07T09:03:00.001Z
st item move "Midwest Football" "$(id_of "Midwest Football" "Deep dish")" --day 2 \
  --now 2026-12-07T09:04:00.500Z
st item edit "Midwest Football" "$(id_of "Midwest Football" "Hotel Lombardi")" \
  --title "Hotel at Lambeau" --now 2026-12-07T09:05:00.750Z
st item remove "Midwest Football" "$(id_of "Midwest Football" "Pack snacks")" \
  --now 2026-12-07T09:06:00.002Z
st undo "Midwest Football" --now 2026-12-07T09:07:00.003Z
st trip new "Lions Weekend" --game NFL:DET@2024-09-15
st item add "Lions Weekend" --title "Henry Ford Museum" --category activity --day 1
st item add "Lions Weekend" --title "Coney dog" --category restaurant --day 1
st item edit "Lions Weekend" "$(id_of "Lions Weekend" "Coney dog")" --title "Coney Island"
st trip new "Gone Trip" --game NFL:MIN@2024-09-15 --now 2026-12-07T09:08:00.004Z
st item add "Gone Trip" --title "Skyway walk" --day 1 --now 2026-12-07T09:08:30.005Z
st trip delete "Gone Trip" --now 2026-12-07T09:09:00.006Z
st trip attended "Midwest Football" --now 2026-12-07T09:10:00.007Z
st visit add "Ford Field" --sport NFL --date 2024-09-15 --notes "By hand"
st visit add "U.S. Bank Stadium" --sport NFL --date 2024-09-15 \
  --now 2026-12-07T09:11:00.008Z
st visit remove "$("$BIN" visit list --json | python3 -c '
import json, sys
visits = json.load(sys.stdin)
visits = visits["visits"] if isinstance(visits, dict) else visits
print(next(v["id"] for v in visits if "MIN" in json.dumps(v) or "U.S. Bank" in json.dumps(v)))')" \
  --now 2026-12-07T09:12:00.009Z
# The file as the program leaves it (its log checkpointed into it).
sqlite3 "$SPORTSTIME_DB" "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;" > /dev/null
cp "$SPORTSTIME_DB" "$HERE/before.sqlite"

# What the old binary prints, each on a fresh copy of the fixture.
mkdir -p "$HERE/expected"
expect() { # NAME ARGS...: the output of ARGS on a fresh copy
  local name=$1
  shift
  cp "$HERE/before.sqlite" "$WORK/copy.sqlite"
  rm -f "$WORK/copy.sqlite-wal" "$WORK/copy.sqlite-shm"
  SPORTSTIME_DB="$WORK/copy.sqlite" "$BIN" "$@" > "$HERE/expected/$name.txt"
}
while IFS='|' read -r name args; do
  [ -n "$name" ] || continue
  eval "expect $name $args"
done < "$HERE/commands.txt"
# Undo and redo after the fixture: the trips after each step.
steps() { # NAME STEP...: the steps (shell words each) on one fresh copy, then the trip
  local name=$1
  shift
  cp "$HERE/before.sqlite" "$WORK/copy.sqlite"
  rm -f "$WORK/copy.sqlite-wal" "$WORK/copy.sqlite-shm"
  : > "$HERE/expected/$name.txt"
  for step in "$@"; do
    eval "SPORTSTIME_DB=\"$WORK/copy.sqlite\" \"$BIN\" $step" >> "$HERE/expected/$name.txt"
  done
}
while IFS='|' read -r name rest; do
  [ -n "$name" ] || continue
  IFS=';' read -r -a list <<< "$rest"
  steps "$name" "${list[@]}"
done < "$HERE/steps.txt"
