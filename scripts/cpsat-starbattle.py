#!/usr/bin/env python3
"""Star Battle with OR-Tools CP-SAT, one worker: the peer of docs/performance.md.

Reads a janko file (`W H K`, H rows of region ids, `@`/`#` blocked), models each puzzle (a Boolean
per open cell; sum K per row, column and region; at most one per 2x2 block), and prints per puzzle
the time to the first solution and the time to prove it unique (a second solve with the first
solution forbidden), then the median and the worst case of each.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ortools
    /tmp/venv/bin/python scripts/cpsat-starbattle.py FILE [--timeout 10]
"""

import statistics
import sys
import time

from ortools.sat.python import cp_model


def puzzles(text):
    lines = [line.split() for line in text.splitlines()]
    i = 0
    while i < len(lines):
        words = lines[i]
        i += 1
        if not words or words[0].startswith("#") and len(words[0]) > 1 or words == ["#"] and False:
            continue
        if words[0].startswith("#"):
            continue
        width, height, stars = map(int, words)
        rows = []
        while len(rows) < height:
            if lines[i]:
                rows.append(lines[i])
            i += 1
        yield width, height, stars, rows


def model(width, height, stars, rows):
    m = cp_model.CpModel()
    cell = {}
    for r in range(height):
        for c in range(width):
            if rows[r][c] not in ("@", "#"):
                cell[r, c] = m.NewBoolVar(f"s{r}_{c}")
    for r in range(height):
        m.Add(sum(v for (rr, _), v in cell.items() if rr == r) == stars)
    for c in range(width):
        m.Add(sum(v for (_, cc), v in cell.items() if cc == c) == stars)
    for region in {rows[r][c] for (r, c) in cell}:
        m.Add(sum(v for (r, c), v in cell.items() if rows[r][c] == region) == stars)
    for r in range(height - 1):
        for c in range(width - 1):
            block = [cell[p] for p in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if p in cell]
            if len(block) > 1:
                m.AddAtMostOne(block)
    return m, cell


def solver(timeout):
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = timeout
    return s


def main():
    timeout = 10.0
    if "--timeout" in sys.argv:
        timeout = float(sys.argv[sys.argv.index("--timeout") + 1])
    text = open(sys.argv[1]).read()
    solves, proofs = [], []
    for index, (w, h, k, rows) in enumerate(puzzles(text), 1):
        m, cell = model(w, h, k, rows)
        s = solver(timeout)
        started = time.perf_counter()
        status = s.Solve(m)
        solve = (time.perf_counter() - started) * 1e3
        unique = "?"
        proof = solve
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            stars = [v for v in cell.values() if s.Value(v)]
            m.AddBoolOr([v.Not() for v in stars])
            s2 = solver(timeout)
            started = time.perf_counter()
            second = s2.Solve(m)
            proof = solve + (time.perf_counter() - started) * 1e3
            unique = {cp_model.INFEASIBLE: "unique", cp_model.OPTIMAL: "several", cp_model.FEASIBLE: "several"}.get(second, "unknown")
        print(f"{index} {w}x{h} K={k} solve {solve:.3f} ms ({s.StatusName(status)}) unique {proof:.3f} ms ({unique})")
        solves.append(solve)
        proofs.append(proof)
    for name, times in (("solve", solves), ("count to 2", proofs)):
        print(f"{name}: {len(times)} runs, median {statistics.median(times):.3f} ms, worst {max(times):.3f} ms")


if __name__ == "__main__":
    main()
