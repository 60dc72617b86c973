#!/usr/bin/env python3
"""Fault hunt: the CLI under kill -9, concurrent use, mutated files and odd
command lines. Not part of `make test` (it takes minutes); `make fault-hunt`
runs it on the release build.

What it checks (each phase prints its figures and every violation):

  kill     a write command (schedule import, trip new/import/copy/delete,
           item add/move, visit add, import legacy) is killed with SIGKILL at a
           random moment. Afterwards the database passes integrity_check, opens,
           every trip shows, and the edit is either wholly there or wholly
           absent; when the command had already reported success it is there.
  concur   several workers run random reads and writes on one database at
           once. Every write that reported success is there at the end; no
           command fails with a lock error; integrity_check passes.
  fuzz     real files (a Retrosheet schedule, a trip file, a legacy file) are
           mutated (bytes, lines, numbers, strings, dates) and imported. No
           crash (only exit 0 or 1), a refused import changes nothing, and an
           accepted file can be shown, checked and exported in every format,
           each within 1 s.
  argv     odd command lines (random options, values, unicode, huge numbers,
           negative numbers, repeats). Exit status is 0, 1 or 64, never a
           signal; no "Fatal error" on stderr; nothing changes on a refusal.

Usage: scripts/fault-hunt.py --bin .build/release/sportstime [--data ../shared/data]
       [--kill 300] [--concur 2000] [--fuzz 1500] [--argv 800] [--seed 1]
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

FAILURES = []


def fail(phase, message):
    FAILURES.append(f"[{phase}] {message}")
    print(f"  FAIL {message}", file=sys.stderr)


class CLI:
    def __init__(self, binary, db):
        self.binary = binary
        self.db = db

    def run(self, args, timeout=60, env_extra=None):
        env = {"PATH": "/usr/bin:/bin", "HOME": os.path.dirname(self.db), "SPORTSTIME_DB": self.db,
               "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8"}
        if env_extra:
            env.update(env_extra)
        started = time.monotonic()
        # In the work folder: files an odd command line writes stay there.
        p = subprocess.run([self.binary] + args, capture_output=True, env=env, timeout=timeout,
                           cwd=os.path.dirname(self.db) or None)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode(
            "utf-8", "replace"), time.monotonic() - started

    def ok(self, args):
        code, out, err, _ = self.run(args)
        if code != 0:
            raise RuntimeError(f"sportstime {' '.join(args)} failed ({code}): {err}")
        return out


def db_content(path):
    """A hash of every user table's rows (the file's bytes change with WAL)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        h = hashlib.sha256()
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        for t in tables:
            h.update(t.encode())
            for row in con.execute(f'SELECT * FROM "{t}" ORDER BY 1'):
                h.update(repr(row).encode())
        return h.hexdigest()
    finally:
        con.close()


def integrity(path):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return con.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        con.close()


def count(path, sql):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return con.execute(sql).fetchone()[0]
    finally:
        con.close()


def copy_db(src, dst):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(dst + suffix):
            os.remove(dst + suffix)
    con = sqlite3.connect(src)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    shutil.copyfile(src, dst)


TRIP_GAMES = ["CLE@2024-06-04", "CHC@2024-06-05", "DET@2024-06-07", "DET202406080",
              "MIL@2024-06-10"]


def prepare_base(cli, data, work):
    base = os.path.join(work, "base.sqlite")
    c = CLI(cli.binary, base)
    c.ok(["schedule", "import", os.path.join(data, "retrosheet/2024schedule.csv")])
    args = ["trip", "new", "Base Loop"]
    for g in TRIP_GAMES:
        args += ["--game", g]
    c.ok(args)
    c.ok(["item", "add", "Base Loop", "--title", "Deep dish", "--day", "2", "--top",
          "--time", "17:30"])
    export = os.path.join(work, "base-trip.json")
    c.ok(["trip", "export", "Base Loop", "--format", "json", "--out", export])
    return base, export


def every_trip_shows(cli, phase):
    code, out, err, _ = cli.run(["trip", "list", "--json"])
    if code != 0:
        fail(phase, f"trip list failed after the trial: {err.strip()}")
        return []
    trips = json.loads(out)
    for t in trips:
        for args in (["trip", "show", t["id"]], ["trip", "show", t["id"], "--json"]):
            code, _, err, _ = cli.run(args)
            if code != 0:
                fail(phase, f"{' '.join(args)} failed: {err.strip()}")
    return trips


# ---------------------------------------------------------------- kill -9

def phase_kill(binary, data, work, base, export, trials, rng):
    print(f"kill: {trials} trials")
    legacy = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures",
                          "legacy", "trips.json")
    schedule = os.path.join(data, "retrosheet/2024schedule.csv")
    outcomes = {"completed": 0, "killed": 0}
    kinds = {}
    for trial in range(trials):
        db = os.path.join(work, "kill.sqlite")
        kind = rng.choice(["schedule", "trip-new", "trip-import", "item-add", "item-move",
                           "trip-delete", "visit-add", "legacy", "trip-copy"])
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "schedule":
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(db + suffix):
                    os.remove(db + suffix)
        else:
            copy_db(base, db)
        cli = CLI(binary, db)
        name = f"Trial {trial}"
        if kind == "trip-import":
            # The base trip under a new id and name.
            doc = json.load(open(export))
            doc["trip"]["id"] = f"00000000-0000-4000-8000-{trial:012d}"
            doc["trip"]["name"] = name
            for i, item in enumerate(doc["items"]):
                item["id"] = f"00000000-0000-4000-9000-{trial:06d}{i:06d}"
            path = os.path.join(work, "import.json")
            json.dump(doc, open(path, "w"))
        args = {
            "schedule": ["schedule", "import", schedule],
            "trip-new": ["trip", "new", name] + sum([["--game", g] for g in TRIP_GAMES], []),
            "trip-import": ["trip", "import", os.path.join(work, "import.json")],
            "item-add": ["item", "add", "Base Loop", "--title", name, "--day", "3"],
            "item-move": ["item", "move", "Base Loop", "Deep dish", "--day", "5", "--top"],
            "trip-delete": ["trip", "delete", "Base Loop"],
            "visit-add": ["visit", "add", "--game", "CHC@2024-06-05", "--notes", name],
            "legacy": ["import", "legacy", legacy],
            "trip-copy": ["trip", "copy", "Base Loop", name],
        }[kind]
        if kind == "item-move":
            # Row ids are stable; the item's id is found by its title.
            shown = json.loads(cli.ok(["trip", "show", "Base Loop", "--json"]))
            item = next(r for r in shown["rows"] if r["title"] == "Deep dish")
            args = ["item", "move", "Base Loop", item["id"], "--day", "5", "--top"]
        before = db_content(db) if os.path.exists(db) else None
        env = {"PATH": "/usr/bin:/bin", "HOME": work, "SPORTSTIME_DB": db, "NO_COLOR": "1",
               "TZ": "UTC"}
        p = subprocess.Popen([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env)
        delay = rng.choice([0, 0.001, 0.003, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4]) * rng.random()
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        out, err = p.communicate()
        completed = p.returncode == 0
        if p.returncode not in (0, -9):
            fail("kill", f"{kind}: exited {p.returncode} before the kill: {err.decode()[:200]}")
            continue
        outcomes["completed" if completed else "killed"] += 1
        if not os.path.exists(db):
            if completed:
                fail("kill", f"{kind}: success reported but no database")
            continue
        verdict = integrity(db)
        if verdict != "ok":
            fail("kill", f"{kind} (trial {trial}): integrity_check says {verdict}")
            continue
        # The edit: wholly there or wholly absent; there when success was reported.
        code, out_list, err_list, _ = cli.run(["trip", "list", "--json"])
        if code != 0:
            fail("kill", f"{kind} (trial {trial}): database does not open: {err_list.strip()}")
            continue
        trips = json.loads(out_list)
        names = {t["name"] for t in trips}
        after = db_content(db)
        if kind == "schedule":
            games = count(db, "SELECT count(*) FROM games") if "games" in \
                [r[0] for r in sqlite3.connect(db).execute(
                    "SELECT name FROM sqlite_master WHERE type='table'")] else 0
            if games not in (0, 2430):
                fail("kill", f"schedule (trial {trial}): half an import, {games} games")
            if completed and games != 2430:
                fail("kill", f"schedule (trial {trial}): success reported, {games} games")
        elif kind in ("trip-new", "trip-import", "trip-copy"):
            if completed and name not in names:
                fail("kill", f"{kind} (trial {trial}): success reported, trip missing")
            if name in names:
                t = next(t for t in trips if t["name"] == name)
                shown = json.loads(cli.ok(["trip", "show", t["id"], "--json"]))
                expected = json.loads(cli.ok(["trip", "show", "Base Loop", "--json"]))
                if len(shown["rows"]) != len(expected["rows"]) and kind != "trip-new":
                    fail("kill", f"{kind} (trial {trial}): half a trip "
                                 f"({len(shown['rows'])} of {len(expected['rows'])} rows)")
        elif kind == "trip-delete":
            if completed and "Base Loop" in names:
                fail("kill", f"delete (trial {trial}): success reported, trip still there")
            if "Base Loop" not in names:
                leftovers = count(db, "SELECT count(*) FROM itinerary_items")
                if leftovers:
                    fail("kill", f"delete (trial {trial}): {leftovers} items left behind")
        elif kind == "item-add":
            shown = json.loads(cli.ok(["trip", "show", "Base Loop", "--json"]))
            present = any(r["title"] == name for r in shown["rows"])
            if completed and not present:
                fail("kill", f"item add (trial {trial}): success reported, item missing")
        elif kind == "item-move":
            shown = json.loads(cli.ok(["trip", "show", "Base Loop", "--json"]))
            item = next(r for r in shown["rows"] if r["title"] == "Deep dish")
            if item["day"] not in (2, 5):
                fail("kill", f"item move (trial {trial}): item on day {item['day']}")
            if completed and item["day"] != 5:
                fail("kill", f"item move (trial {trial}): success reported, not moved")
        elif kind == "visit-add":
            visits = json.loads(cli.ok(["visit", "list", "--json"]))
            if completed and not any(v.get("notes") == name for v in visits):
                fail("kill", f"visit add (trial {trial}): success reported, visit missing")
        elif kind == "legacy":
            if completed and after == before:
                fail("kill", f"legacy (trial {trial}): success reported, nothing imported")
        every_trip_shows(cli, "kill")
    print(f"  {outcomes['completed']} completed before the kill, {outcomes['killed']} killed; "
          f"by command: {dict(sorted(kinds.items()))}")


# ------------------------------------------------------------ concurrency

def phase_concur(binary, work, base, operations, workers, rng):
    print(f"concur: {operations} operations by {workers} workers")
    db = os.path.join(work, "concur.sqlite")
    copy_db(base, db)
    cli = CLI(binary, db)
    lock = threading.Lock()
    done = {"ops": 0, "writes": 0, "reads": 0}
    added_items = []
    added_trips = []
    errors = []
    seeds = [rng.randrange(1 << 30) for _ in range(workers)]

    def worker(index):
        r = random.Random(seeds[index])
        while True:
            with lock:
                if done["ops"] >= operations:
                    return
                done["ops"] += 1
                n = done["ops"]
            op = r.choice(["list", "show", "games", "add", "add", "trip", "visit", "check",
                           "progress"])
            if op == "add":
                title = f"C{n}"
                code, out, err, _ = cli.run(["item", "add", "Base Loop", "--title", title,
                                             "--day", str(r.randint(1, 7))])
                if code == 0:
                    with lock:
                        added_items.append(title)
            elif op == "trip":
                name = f"Concurrent {n}"
                code, out, err, _ = cli.run(["trip", "new", name, "--game", r.choice(TRIP_GAMES)])
                if code == 0:
                    with lock:
                        added_trips.append(name)
            elif op == "visit":
                code, out, err, _ = cli.run(["visit", "add", "wrigley", "--date",
                                             f"2023-0{r.randint(4, 9)}-1{r.randint(0, 9)}",
                                             "--notes", f"V{n}"])
            else:
                args = {"list": ["trip", "list", "--json"],
                        "show": ["trip", "show", "Base Loop", "--json"],
                        "games": ["games", "--team", "CHC", "--json"],
                        "check": ["trip", "check", "Base Loop"],
                        "progress": ["progress", "--json"]}[op]
                code, out, err, _ = cli.run(args)
            with lock:
                done["writes" if op in ("add", "trip", "visit") else "reads"] += 1
                if code != 0:
                    errors.append(f"{op}: exit {code}: {err.strip()[:200]}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(workers)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    for e in errors:
        fail("concur", e)
    verdict = integrity(db)
    if verdict != "ok":
        fail("concur", f"integrity_check says {verdict}")
    shown = json.loads(cli.ok(["trip", "show", "Base Loop", "--json"]))
    titles = {r["title"] for r in shown["rows"]} | {r["title"] for r in shown["unscheduled"]}
    missing = [t for t in added_items if t not in titles]
    if missing:
        fail("concur", f"{len(missing)} items reported added are missing: {missing[:5]}")
    names = {t["name"] for t in json.loads(cli.ok(["trip", "list", "--json"]))}
    missing = [t for t in added_trips if t not in names]
    if missing:
        fail("concur", f"{len(missing)} trips reported made are missing: {missing[:5]}")
    print(f"  {done['reads']} reads, {done['writes']} writes in {elapsed:.1f} s; "
          f"{len(errors)} failed; {len(added_items)} items and {len(added_trips)} trips added")


# ------------------------------------------------------------------ fuzz

EXTREMES = ["1e300", "-1e300", "-5", "0", "99", "-0", "NaN", "Infinity", "1e-320", "4294967296",
            "9999999999999999999999", "0.5", "-0.5", "366", "367", ""]
DATES = ["9999-12-31", "0000-01-01", "2024-02-30", "2024-13-01", "2023-06-04", "2024-06-04",
         "2025-06-04", "20240604", "2024-6-4", "", "2024-06-04T25:00:00Z"]
STRINGS = ["", " ", "\u0000", "\u001b[31mred", "\u202eevil", "a" * 600, "é", "e\u0301",
           "\U0001F3DF", "null", "{}", "[]", "\\", "\"", "<b>", "\n", "AAAA", "deadbeef"]


def mutate_json(value, r, depth=0):
    """One random change somewhere inside a JSON value."""
    if isinstance(value, dict) and value and (depth == 0 or r.random() < 0.85):
        keys = list(value)
        if depth == 0 and "items" in value and r.random() < 0.9:
            # The top level is mostly checked already: aim inside the trip.
            keys = [k for k in ("items", "items", "items", "trip", "games") if k in value]
        key = r.choice(keys)
        roll = r.random()
        if roll < 0.08:
            del value[key]
        elif roll < 0.12:
            value[key + r.choice(["", "X"])] = None
        else:
            value[key] = mutate_json(value[key], r, depth + 1)
        return value
    if isinstance(value, list) and value and r.random() < 0.85:
        i = r.randrange(len(value))
        roll = r.random()
        if roll < 0.1:
            del value[i]
        elif roll < 0.18:
            value.insert(i, json.loads(json.dumps(value[i])))
        elif roll < 0.22:
            r.shuffle(value)
        else:
            value[i] = mutate_json(value[i], r, depth + 1)
        return value
    roll = r.random()
    if isinstance(value, bool) or value is None:
        return r.choice([True, False, None, 0, "x"])
    if isinstance(value, (int, float)):
        choice = r.choice(EXTREMES)
        try:
            return float(choice) if choice not in ("", "NaN", "Infinity") else choice
        except ValueError:
            return choice
    if isinstance(value, str):
        if len(value) == 10 and value[4:5] == "-":
            return r.choice(DATES)
        if roll < 0.5:
            return r.choice(STRINGS)
        return value[: r.randrange(len(value) + 1)] + r.choice(STRINGS)
    return r.choice(STRINGS)


def leaves(value, path=()):
    """Every (path, leaf) of a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    else:
        yield path, value


def mutate_leaf(doc, r):
    """Replaces one leaf, chosen uniformly, by an extreme of its kind."""
    paths = [p for p, _ in leaves(doc) if p and p[0] != "format"]
    if not paths:
        return mutate_json(doc, r)
    path = r.choice(paths)
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = mutate_json(parent[path[-1]], r, depth=1)
    return doc


def mutate_bytes(data, r):
    data = bytearray(data)
    for _ in range(r.randint(1, 4)):
        roll = r.random()
        if not data:
            break
        i = r.randrange(len(data))
        if roll < 0.4:
            data[i] = r.randrange(256)
        elif roll < 0.6:
            del data[i: i + r.randint(1, 40)]
        elif roll < 0.8:
            data[i:i] = r.choice([b",", b"\n", b"\"", b"\x00", b"\xff\xfe", b"9" * 30, b"-"])
        else:
            j = r.randrange(len(data))
            data[i:i] = data[j: j + r.randint(1, 200)]
    return bytes(data)


def mutate_csv(text, r):
    lines = text.split("\n")
    for _ in range(r.randint(1, 3)):
        i = r.randrange(1, len(lines) - 1)
        roll = r.random()
        fields = lines[i].split(",")
        if roll < 0.2:
            lines.insert(i, lines[r.randrange(1, len(lines) - 1)])
        elif roll < 0.35:
            del lines[i]
        elif roll < 0.8 and fields:
            k = r.randrange(len(fields))
            fields[k] = r.choice(EXTREMES + DATES + STRINGS + ['"CHN"', '"SLN"', '"d"', '"n"',
                                                              '"x"', '"20240605"'])
            lines[i] = ",".join(fields)
        else:
            lines[i] = lines[i][: r.randrange(len(lines[i]) + 1)]
    return "\n".join(lines)


def phase_fuzz(binary, data, work, base, export, trials, rng):
    print(f"fuzz: {trials} mutated files")
    schedule = open(os.path.join(data, "retrosheet/2024schedule.csv"), encoding="utf-8").read()
    # A slice of the real schedule keeps each import quick.
    schedule_lines = schedule.split("\n")
    schedule_slice = "\n".join(schedule_lines[:400])
    trip_doc = json.load(open(export))
    legacy_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests",
                               "Fixtures", "legacy", "trips.json")
    legacy_doc = json.load(open(legacy_path))
    db = os.path.join(work, "fuzz.sqlite")
    tallies = {"accepted": 0, "refused": 0}
    slow = []
    for trial in range(trials):
        kind = rng.choice(["schedule", "trip", "trip", "trip", "legacy", "bytes"])
        path = os.path.join(work, f"fuzz-input")
        if kind == "schedule":
            body = mutate_csv(schedule_slice, rng).encode("utf-8")
            args = ["schedule", "import"]
        elif kind == "trip":
            doc = json.loads(json.dumps(trip_doc))
            doc["trip"]["name"] = f"Fuzz {trial}"
            doc["trip"]["id"] = f"00000000-0000-4000-8000-{trial:012d}"
            for i, item in enumerate(doc["items"]):
                item["id"] = f"00000000-0000-4000-9000-{trial:06d}{i:06d}"
            for _ in range(rng.randint(1, 2)):
                doc = mutate_leaf(doc, rng) if rng.random() < 0.6 else mutate_json(doc, rng)
            body = json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8")
            args = ["trip", "import"]
        elif kind == "legacy":
            doc = json.loads(json.dumps(legacy_doc))
            for _ in range(rng.randint(1, 2)):
                doc = mutate_leaf(doc, rng) if rng.random() < 0.6 else mutate_json(doc, rng)
            body = json.dumps(doc).encode("utf-8")
            args = ["import", "legacy"]
        else:
            source = rng.choice(["trip", "schedule"])
            if source == "trip":
                doc = json.loads(json.dumps(trip_doc))
                doc["trip"]["name"] = f"Fuzz {trial}"
                doc["trip"]["id"] = f"00000000-0000-4000-8000-{trial:012d}"
                for i, item in enumerate(doc["items"]):
                    item["id"] = f"00000000-0000-4000-9000-{trial:06d}{i:06d}"
                body = mutate_bytes(json.dumps(doc, indent=1).encode(), rng)
                args = ["trip", "import"]
            else:
                body = mutate_bytes(schedule_slice.encode(), rng)
                args = ["schedule", "import"]
        with open(path, "wb") as f:
            f.write(body)
        copy_db(base, db)
        cli = CLI(binary, db)
        before = db_content(db)
        code, out, err, _ = cli.run(args + [path])
        if code not in (0, 1) or "Fatal error" in err or "Stack dump" in err:
            fail("fuzz", f"{kind} (trial {trial}): exit {code}: {err.strip()[:300]}")
            shutil.copyfile(path, os.path.join(work, f"crash-{trial}"))
            continue
        if code == 1:
            tallies["refused"] += 1
            if not err.startswith("Error:"):
                fail("fuzz", f"{kind} (trial {trial}): refusal without 'Error:': {err[:200]}")
            if db_content(db) != before:
                fail("fuzz", f"{kind} (trial {trial}): refused, but the database changed")
            if "while running" in err or "SQL" in err or "constraint failed" in err:
                fail("fuzz", f"{kind} (trial {trial}): SQL reached the user: {err[:200]}")
            continue
        tallies["accepted"] += 1
        code, out, err, _ = cli.run(["trip", "list", "--json"])
        for t in json.loads(out):
            for extra in (["trip", "show", t["id"]], ["trip", "show", t["id"], "--json"],
                          ["trip", "check", t["id"]], ["trip", "route", t["id"]]) + tuple(
                    ["trip", "export", t["id"], "--format", f] for f in
                    ("md", "ics", "geojson", "gpx", "json")):
                code, _, err, elapsed = cli.run(extra)
                if code not in (0, 1) or (code == 1 and extra[1] != "check"):
                    fail("fuzz", f"{kind} (trial {trial}) accepted, then {' '.join(extra[:2])} "
                                 f"{' '.join(extra[3:])} exited {code}: {err.strip()[:200]}")
                    shutil.copyfile(path, os.path.join(work, f"later-{trial}"))
                if elapsed > 1.0:
                    slow.append((trial, " ".join(extra), round(elapsed, 2)))
    for s in slow:
        fail("fuzz", f"trial {s[0]}: '{s[1]}' took {s[2]} s")
    print(f"  {tallies['accepted']} accepted, {tallies['refused']} refused")


# ------------------------------------------------------------------ argv

def phase_argv(binary, work, base, trials, rng):
    print(f"argv: {trials} odd command lines")
    db = os.path.join(work, "argv.sqlite")
    copy_db(base, db)
    cli = CLI(binary, db)
    words = ["trip", "show", "new", "list", "delete", "rename", "copy", "check", "replan",
             "route", "export", "import", "item", "add", "move", "edit", "remove", "games",
             "visit", "progress", "history", "map", "schedule", "legacy", "attended"]
    options = ["--json", "--metric", "--team", "--venue", "--from", "--to", "--game", "--start",
               "--end", "--day", "--top", "--bottom", "--before", "--after", "--time", "--lat",
               "--lon", "--title", "--category", "--zoom", "--pan", "--focus", "--reset",
               "--out", "--format", "--sport", "--year", "--score", "--date", "--drag", "--now",
               "--db", "--help", "--version", "--no-color", "--replace", "-h", "--", "-"]
    values = EXTREMES + DATES + STRINGS + ["Base Loop", "CHC", "cubs", "wrigley", "1,0",
                                           "1e307,0", "-0.5,0", "2", "17:30", "25:00", "02:30",
                                           "md", "ics", "pdf", "day:2", "game:CHN202406050",
                                           "MLB", "NBA,NHL", "3-5", "CHC@2024-06-05"]
    tallies = {}
    for trial in range(trials):
        args = []
        if rng.random() < 0.9:
            args.append(rng.choice(["trip", "item", "games", "visit", "map", "progress",
                                    "history", "schedule", "import"]))
        for _ in range(rng.randint(0, 6)):
            roll = rng.random()
            if roll < 0.3:
                args.append(rng.choice(words))
            elif roll < 0.7:
                args.append(rng.choice(options))
                if rng.random() < 0.7:
                    args.append(rng.choice(values))
            elif roll < 0.8:
                args.append(rng.choice(options) + "=" + rng.choice(values))
            else:
                args.append(rng.choice(values))
        args = [a for a in args if "\u0000" not in a]
        if "--db" in args or any(a.startswith("--db=") for a in args):
            continue
        if "--out" in args or any(a.startswith("--out=") for a in args):
            # Writes go to the work folder only.
            args = [os.path.join(work, "argv-out") if a in STRINGS else a for a in args]
        before = db_content(db)
        try:
            code, out, err, _ = cli.run(args, timeout=30)
        except subprocess.TimeoutExpired:
            fail("argv", f"{args!r} did not finish in 30 s")
            continue
        tallies[code] = tallies.get(code, 0) + 1
        if code not in (0, 1, 64) or "Fatal error" in err:
            fail("argv", f"{args!r}: exit {code}: {err.strip()[:300]}")
        if code != 0 and db_content(db) != before:
            fail("argv", f"{args!r}: refused (exit {code}) but the database changed")
        if code == 0 and db_content(db) != before:
            # A successful write: start again from the base so trials stay independent.
            copy_db(base, db)
    print(f"  exit statuses: {dict(sorted(tallies.items()))}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                       "shared", "data"))
    parser.add_argument("--kill", type=int, default=300)
    parser.add_argument("--concur", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--fuzz", type=int, default=1500)
    parser.add_argument("--argv", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    a = parser.parse_args()
    binary = os.path.abspath(a.bin)
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="sportstime-fault-hunt-")
    print(f"seed {a.seed}; work folder {work}")
    try:
        base, export = prepare_base(CLI(binary, ""), os.path.abspath(a.data), work)
        if a.kill:
            phase_kill(binary, os.path.abspath(a.data), work, base, export, a.kill, rng)
        if a.concur:
            phase_concur(binary, work, base, a.concur, a.workers, rng)
        if a.fuzz:
            phase_fuzz(binary, os.path.abspath(a.data), work, base, export, a.fuzz, rng)
        if a.argv:
            phase_argv(binary, work, base, a.argv, rng)
    finally:
        if not a.keep and not FAILURES:
            shutil.rmtree(work, ignore_errors=True)
    if FAILURES:
        print(f"{len(FAILURES)} problems (work folder kept: {work})")
        return 1
    print("no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
