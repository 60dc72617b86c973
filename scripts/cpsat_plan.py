#!/usr/bin/env python3
"""The planner's chain problem as an OR-Tools CP-SAT model: the reference
`sportstime-bench` measures the exact planner against (issue 12, "Speed").

    scripts/cpsat_plan.py INSTANCE.json [--time-limit S] [--workers N]
                          [--model flow|circuit] [--lex weighted|two-solve]

INSTANCE.json (written by sportstime-bench from the PlanningModel the Swift
search gets):

    {"gameSeconds": 10800,                  # a game's length (3 h)
     "slots": [{"start": S, "day": D, "venue": V}, ...],
                                            # by start; S s since 1970 (UTC),
                                            # D the local date as days since
                                            # 1970-01-01, V a venue index
     "travelSeconds": [[...], ...],         # n x n venue matrix, whole seconds
                                            # rounded UP from the model's
     "dailyLimitSeconds": 28800 | null,     # H x 3600
     "question": {"kind": "window"}
               | {"kind": "cover", "venues": [V, ...], "maxSpanDays": D,
                  "minimiseSpan": false}}

The model is exactly PlanningModel's: game i then game j is a legal leg when
start_i + gameSeconds + travel(v_i, v_j) <= start_j and, with a daily limit
L, travel(v_i, v_j) <= L * max(1, day_j - day_i). Starts are whole seconds
and L is whole, so rounding the travel up to whole seconds decides every leg
exactly as the Swift model's doubles do (x >= t  <=>  x >= ceil(t) for a
whole x); only the travel totals differ, by under a second a leg.

A trip is one chain of legal legs. Booleans: x_i (game i is in the trip),
y_ij for each legal leg only, s_i / t_i (the trip starts / ends at i), and
seen_v <= sum of x_i at venue v.

  --model flow (default): sum s = sum t = 1, and for every game
      s_i + sum_j y_ji = x_i = t_i + sum_j y_ij.
    A legal leg always goes forward in time, so the graph is acyclic and
    this flow is exactly one path.
  --model circuit: AddCircuit over the games and a depot (depot -> i is s_i,
    i -> depot is t_i, the self-loop of i is "not x_i").

  window: maximise distinct venues, ties least travel. --lex two-solve
    (default) maximises parks, then fixes them and minimises travel from
    that solution, in what is left of the time limit (a sum of 0/1 venues
    is an objective whose bound CP-SAT improves far better: on the 14-day
    window of 2025-08-11 it found the optimum's 15 parks in 19 s, where the
    weighted form still had 14 after 300 s); --lex weighted maximises
    parks * BIG - travel in one solve, BIG = (last start - first start) + 1,
    more than any chain's travel can be (each leg's travel fits between its
    games).

  Also, always (--no-cuts leaves them out): at most one game of each run
  of games starting less than gameSeconds apart (no leg joins two of them),
  valid for every chain and a tighter relaxation.
  cover: a chain through every listed venue whose span (last day - first
    day + 1) is at most maxSpanDays: a decision (OPTIMAL = found, INFEASIBLE
    = proven none); with "minimiseSpan", the shortest such span.

Prints one JSON object: {status, objective (distinct venues of the chain
found, or null), bound (for a window: the proven upper bound on venues),
travelSeconds (its travel, whole seconds as above), spanDays, slots (the
chain, in order), games, arcs (legal legs), wallSeconds (model building and
solving, from after reading the file), solveSeconds (CP-SAT's own wall
time), ortools}. Exit status 0 when the solver ran; 3, with status
"NO_ORTOOLS", when the Python module is missing.
"""

import argparse
import json
import sys
import time


def legal_arcs(slots, travel, limit, game_seconds):
    """Every legal leg (i, j), as PlanningModel.isLegal decides it."""
    arcs = []
    n = len(slots)
    for i in range(n):
        a = slots[i]
        earliest = a["start"] + game_seconds
        for j in range(n):
            if i == j:
                continue
            b = slots[j]
            if b["start"] < earliest:
                continue
            t = travel[a["venue"]][b["venue"]]
            if earliest + t > b["start"]:
                continue
            if limit is not None and t > limit * max(1, b["day"] - a["day"]):
                continue
            arcs.append((i, j))
    return arcs


def build(instance, model_kind, cuts=True):
    """The CP-SAT model; returns (model, variables)."""
    from ortools.sat.python import cp_model

    slots = instance["slots"]
    travel = instance["travelSeconds"]
    limit = instance.get("dailyLimitSeconds")
    game_seconds = instance.get("gameSeconds", 10800)
    n = len(slots)
    arcs = legal_arcs(slots, travel, limit, game_seconds)

    m = cp_model.CpModel()
    x = [m.NewBoolVar(f"x{i}") for i in range(n)]
    s = [m.NewBoolVar(f"s{i}") for i in range(n)]
    t = [m.NewBoolVar(f"t{i}") for i in range(n)]
    y = {(i, j): m.NewBoolVar(f"y{i}_{j}") for (i, j) in arcs}
    out_arcs = [[] for _ in range(n)]
    in_arcs = [[] for _ in range(n)]
    for (i, j), var in y.items():
        out_arcs[i].append(var)
        in_arcs[j].append(var)

    if model_kind == "circuit":
        depot = n
        circuit = []
        for i in range(n):
            circuit.append((depot, i, s[i]))
            circuit.append((i, depot, t[i]))
            circuit.append((i, i, x[i].Not()))
        for (i, j), var in y.items():
            circuit.append((i, j, var))
        m.AddCircuit(circuit)
        # The circuit implies these; stated for the linear relaxation.
        m.AddExactlyOne(s)
        m.AddExactlyOne(t)
        for i in range(n):
            m.Add(s[i] + sum(in_arcs[i]) == x[i])
            m.Add(t[i] + sum(out_arcs[i]) == x[i])
    else:
        m.AddExactlyOne(s)
        m.AddExactlyOne(t)
        for i in range(n):
            m.Add(s[i] + sum(in_arcs[i]) == x[i])
            m.Add(t[i] + sum(out_arcs[i]) == x[i])

    if cuts:
        # Valid, redundant: games starting less than a game's length apart
        # can never both be in a chain (a leg needs gameSeconds + travel),
        # so each such run of games (a clique of the interval graph) has at
        # most one in the trip (a tighter relaxation; the answers are the same).
        order = sorted(range(n), key=lambda i: slots[i]["start"])
        last_end = -1
        for k, i in enumerate(order):
            group = [i]
            for j in order[k + 1:]:
                if slots[j]["start"] >= slots[i]["start"] + game_seconds:
                    break
                group.append(j)
            end = k + len(group) - 1
            if end > last_end and len(group) > 1:  # maximal cliques only
                m.AddAtMostOne(x[g] for g in group)
            last_end = max(last_end, end)

    venues = sorted({slot["venue"] for slot in slots})
    at = {v: [] for v in venues}
    for i, slot in enumerate(slots):
        at[slot["venue"]].append(x[i])
    seen = {}
    for v in venues:
        seen[v] = m.NewBoolVar(f"seen{v}")
        m.Add(seen[v] <= sum(at[v]))
        # seen is also implied by any of its games (objective-neutral,
        # but it makes "objective" the chain's true count).
        for xi in at[v]:
            m.AddImplication(xi, seen[v])
    parks = sum(seen.values())
    cost = sum(travel[slots[i]["venue"]][slots[j]["venue"]] * var for (i, j), var in y.items())

    question = instance["question"]
    first_day = sum(slots[i]["day"] * s[i] for i in range(n))
    last_day = sum(slots[i]["day"] * t[i] for i in range(n))
    if question["kind"] == "cover":
        for v in question["venues"]:
            if v not in at:
                m.Add(sum(x) <= -1)  # a venue with no game: infeasible
            else:
                m.AddBoolOr(at[v])
        m.Add(last_day - first_day + 1 <= question["maxSpanDays"])
        if question.get("startDay") is not None:
            m.Add(first_day == question["startDay"])
    elif question["kind"] != "window":
        raise ValueError(f"unknown question kind {question['kind']!r}")

    span_seconds = (max(sl["start"] for sl in slots) - min(sl["start"] for sl in slots)) if slots else 0
    return m, {
        "x": x, "s": s, "t": t, "y": y, "parks": parks, "cost": cost, "big": span_seconds + 1,
        "first_day": first_day, "last_day": last_day, "arcs": len(arcs),
    }


def chain(solver, v, n):
    """The chosen slots in trip order (following the arcs from the start)."""
    start = [i for i in range(n) if solver.Value(v["s"][i])]
    if not start:
        return []
    succ = {}
    for (i, j), var in v["y"].items():
        if solver.Value(var):
            succ[i] = j
    path = [start[0]]
    while path[-1] in succ and len(path) <= n:
        path.append(succ[path[-1]])
    return path


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("instance")
    p.add_argument("--time-limit", type=float, default=600.0, help="seconds (in all)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--model", choices=["flow", "circuit"], default="flow")
    p.add_argument("--lex", choices=["weighted", "two-solve"], default="two-solve")
    p.add_argument("--no-cuts", action="store_true",
                   help="leave out the at-most-one constraints on overlapping games")
    p.add_argument("--log", action="store_true", help="CP-SAT's search log on stderr")
    args = p.parse_args()
    try:
        import ortools
        from ortools.sat.python import cp_model
    except ImportError as error:
        print(json.dumps({"status": "NO_ORTOOLS", "error": str(error)}))
        return 3

    with open(args.instance) as f:
        instance = json.load(f)
    began = time.monotonic()
    slots = instance["slots"]
    n = len(slots)
    question = instance["question"]
    result = {"games": n, "ortools": ortools.__version__, "model": args.model}
    if n == 0:
        result.update(status="INFEASIBLE" if question["kind"] == "cover" else "OPTIMAL",
                      objective=0 if question["kind"] == "window" else None, bound=0,
                      travelSeconds=0, spanDays=0, slots=[], arcs=0, solveSeconds=0.0,
                      wallSeconds=time.monotonic() - began)
        print(json.dumps(result))
        return 0
    m, v = build(instance, args.model, cuts=not args.no_cuts)
    result["arcs"] = v["arcs"]

    def solver_for(seconds):
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.01, seconds)
        solver.parameters.num_workers = args.workers
        solver.parameters.log_search_progress = args.log
        if args.log:
            solver.parameters.log_to_stdout = False
            solver.log_callback = lambda line: print(line, file=sys.stderr)
        return solver

    deadline = began + args.time_limit
    solve_seconds = 0.0
    bound = None
    if question["kind"] == "window":
        if args.lex == "weighted":
            big = v["big"]
            m.Maximize(v["parks"] * big - v["cost"])
            solver = solver_for(deadline - time.monotonic())
            code = solver.Solve(m)
            solve_seconds += solver.WallTime()
            if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                # objective = parks*big - cost with 0 <= cost < big.
                bound = int(-(-solver.BestObjectiveBound() // big))
        else:
            m.Maximize(v["parks"])
            solver = solver_for(deadline - time.monotonic())
            code = solver.Solve(m)
            solve_seconds += solver.WallTime()
            if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                bound = int(solver.BestObjectiveBound())
            if code == cp_model.OPTIMAL:
                best = int(solver.ObjectiveValue())
                m.ClearObjective()
                m.ClearHints()
                for var in v["x"] + v["s"] + v["t"] + list(v["y"].values()):
                    m.AddHint(var, solver.Value(var))
                m.Add(v["parks"] == best)
                m.Minimize(v["cost"])
                second = solver_for(deadline - time.monotonic())
                code2 = second.Solve(m)
                solve_seconds += second.WallTime()
                if code2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                    solver, code = second, code2
                # else: keep the first solve's chain (its travel not minimal).
                else:
                    code = cp_model.FEASIBLE
    else:
        if question.get("minimiseSpan"):
            m.Minimize(v["last_day"] - v["first_day"] + 1)
        solver = solver_for(deadline - time.monotonic())
        code = solver.Solve(m)
        solve_seconds += solver.WallTime()
        if question.get("minimiseSpan") and code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            bound = int(solver.BestObjectiveBound())

    result["status"] = solver.StatusName(code)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        path = chain(solver, v, n)
        travel = instance["travelSeconds"]
        result["slots"] = path
        result["objective"] = len({slots[i]["venue"] for i in path})
        result["travelSeconds"] = sum(
            travel[slots[a]["venue"]][slots[b]["venue"]] for a, b in zip(path, path[1:]))
        result["spanDays"] = slots[path[-1]]["day"] - slots[path[0]]["day"] + 1 if path else 0
    else:
        result.update(slots=[], objective=None, travelSeconds=None, spanDays=None)
    result["bound"] = bound
    result["solveSeconds"] = round(solve_seconds, 4)
    result["wallSeconds"] = round(time.monotonic() - began, 4)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
