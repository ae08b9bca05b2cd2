#!/usr/bin/env python3
"""Nonogram with OR-Tools CP-SAT, one worker: the peer of docs/performance.md ("Nonogram").

Reads `.non` files (width, height, rows, columns; several puzzles one after another), models each
line as CP-SAT's automaton constraint over its cells' 0/1 values (the automaton of the line's
runs, `0* 1^r1 0+ ... 1^rk 0*`, the same language Tessera's SAT route encodes), and prints per
puzzle the time to the first solution and to prove it unique (a second solve with the first
solution forbidden), then the median and the worst case.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ortools
    /tmp/venv/bin/python scripts/cpsat-nonogram.py FILE... [--timeout 10]
"""

import statistics
import sys
import time

from ortools.sat.python import cp_model


def puzzles(text):
    """Every (width, height, rows, columns) of a .non text."""
    lines = text.splitlines()
    i, current = 0, {}
    while i < len(lines):
        line = lines[i].strip()
        key = line.split()[0].lower() if line.split() else ""
        if key in ("rows", "columns"):
            count = current["height"] if key == "rows" else current["width"]
            runs = []
            for k in range(count):
                words = lines[i + 1 + k].replace(",", " ").split()
                runs.append([int(w) for w in words if int(w) > 0])
            current[key] = runs
            i += 1 + count
        else:
            if key in ("width", "height"):
                if all(k in current for k in ("width", "height", "rows", "columns")):
                    yield current["width"], current["height"], current["rows"], current["columns"]
                    current = {}
                current[key] = int(line.split()[1])
            i += 1
    if all(k in current for k in ("width", "height", "rows", "columns")):
        yield current["width"], current["height"], current["rows"], current["columns"]


def automaton(runs):
    """Transitions (state, value, next) and the final state of a line's runs."""
    pattern = []
    for k, run in enumerate(runs):
        if k:
            pattern.append(0)
        pattern += [1] * run
    n = len(pattern)
    transitions = []
    for s in range(n + 1):
        loops = s == 0 or s == n or pattern[s - 1] == 0
        if loops:
            transitions.append((s, 0, s))
        elif pattern[s] == 0:
            transitions.append((s, 0, s + 1))
        if s < n and pattern[s] == 1:
            transitions.append((s, 1, s + 1))
    return transitions, n


def model(width, height, rows, columns):
    m = cp_model.CpModel()
    x = [[m.NewIntVar(0, 1, f"x{r}_{c}") for c in range(width)] for r in range(height)]
    for r, runs in enumerate(rows):
        transitions, final = automaton(runs)
        m.AddAutomaton(x[r], 0, [final], transitions)
    for c, runs in enumerate(columns):
        transitions, final = automaton(runs)
        m.AddAutomaton([x[r][c] for r in range(height)], 0, [final], transitions)
    return m, x


def main():
    args = sys.argv[1:]
    timeout = 10.0
    if "--timeout" in args:
        k = args.index("--timeout")
        timeout = float(args[k + 1])
        del args[k : k + 2]
    firsts, proofs, gave_up = [], [], 0
    for path in args:
        for index, (width, height, rows, columns) in enumerate(puzzles(open(path).read())):
            m, x = model(width, height, rows, columns)
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            solver.parameters.max_time_in_seconds = timeout
            start = time.perf_counter()
            status = solver.Solve(m)
            first = time.perf_counter() - start
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                print(f"{path} #{index + 1}: {solver.StatusName(status)} after {first:.3f} s")
                gave_up += status == cp_model.UNKNOWN
                continue
            cells = [v for row in x for v in row]
            values = [solver.Value(v) for v in cells]
            # Forbid the first solution: some cell differs.
            diff = []
            for v, value in zip(cells, values):
                b = m.NewBoolVar("")
                m.Add(v != value).OnlyEnforceIf(b)
                m.Add(v == value).OnlyEnforceIf(b.Not())
                diff.append(b)
            m.AddBoolOr(diff)
            start = time.perf_counter()
            second = solver.Solve(m)
            total = first + time.perf_counter() - start
            unique = second == cp_model.INFEASIBLE
            print(f"{path} #{index + 1}: first {first * 1000:.1f} ms, count to 2 {total * 1000:.1f} ms, "
                  f"{'unique' if unique else solver.StatusName(second)}")
            gave_up += second == cp_model.UNKNOWN
            firsts.append(first)
            proofs.append(total)
    if proofs:
        print(f"median first {statistics.median(firsts) * 1000:.1f} ms, count to 2 median "
              f"{statistics.median(proofs) * 1000:.1f} ms, worst {max(proofs) * 1000:.1f} ms; gave up {gave_up}")


if __name__ == "__main__":
    main()
