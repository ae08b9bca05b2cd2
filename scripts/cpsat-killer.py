#!/usr/bin/env python3
"""Killer Sudoku puzzles of a janko-format file solved by OR-Tools CP-SAT (one worker), the peer
that docs/performance.md compares Tessera with.

For each puzzle: the time to the first solution, then the time of the uniqueness check (the same
model with the solution forbidden: infeasible means unique), one line each, and the median and
worst at the end.

    python3 -m venv /tmp/cpsat-venv && /tmp/cpsat-venv/bin/pip install ortools
    /tmp/cpsat-venv/bin/python scripts/cpsat-killer.py FILE [--timeout SECONDS]

The model: an integer 1..N per cell, AllDifferent on rows, columns, boxes and cages, a linear sum
per cage, givens (Tessera's optional block) fixed.
"""

import argparse
import statistics
import sys
import time

from ortools.sat.python import cp_model


def puzzles(text):
    """(n, sums grid, ids grid, givens) for each puzzle; '#' lines between puzzles skipped."""
    lines = [line.split() for line in text.splitlines()]
    i = 0
    while i < len(lines):
        words = lines[i]
        if not words or words[0].startswith("#"):
            i += 1
            continue
        n = int(words[0])
        i += 1
        rows = []
        while len(rows) < 2 * n:
            if lines[i]:
                rows.append(lines[i])
            i += 1
        givens = None
        j = i
        while j < len(lines) and not lines[j]:
            j += 1
        if j < len(lines) and len(lines[j]) == n and not lines[j][0].startswith("#"):
            givens = []
            while len(givens) < n:
                if lines[j]:
                    givens.append(lines[j])
                j += 1
            i = j
        yield n, rows[:n], rows[n:], givens


def boxes(n):
    h = max(d for d in range(1, n + 1) if n % d == 0 and d * d <= n)
    return h, n // h


def solve(n, sums, ids, givens, timeout, forbid=None):
    model = cp_model.CpModel()
    x = [[model.NewIntVar(1, n, f"x{r}{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        model.AddAllDifferent(x[r])
    for c in range(n):
        model.AddAllDifferent([x[r][c] for r in range(n)])
    bh, bw = boxes(n)
    for br in range(0, n, bh):
        for bc in range(0, n, bw):
            model.AddAllDifferent([x[r][c] for r in range(br, br + bh) for c in range(bc, bc + bw)])
    cages, total = {}, {}
    for r in range(n):
        for c in range(n):
            cages.setdefault(ids[r][c], []).append(x[r][c])
            if sums[r][c] not in ("-", "."):
                total[ids[r][c]] = int(sums[r][c])
    for key, cells in cages.items():
        model.AddAllDifferent(cells)
        model.Add(sum(cells) == total[key])
    if givens:
        for r in range(n):
            for c in range(n):
                if givens[r][c] not in ("-", "."):
                    model.Add(x[r][c] == int(givens[r][c]))
    if forbid:
        diff = []
        for r in range(n):
            for c in range(n):
                b = model.NewBoolVar("")
                model.Add(x[r][c] != forbid[r][c]).OnlyEnforceIf(b)
                model.Add(x[r][c] == forbid[r][c]).OnlyEnforceIf(b.Not())
                diff.append(b)
        model.AddBoolOr(diff)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    started = time.perf_counter()
    status = solver.Solve(model)
    elapsed = time.perf_counter() - started
    grid = None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [[solver.Value(x[r][c]) for c in range(n)] for r in range(n)]
    return status, grid, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as f:
        text = f.read()
    solves, totals = [], []
    for index, (n, sums, ids, givens) in enumerate(puzzles(text), 1):
        status, grid, first = solve(n, sums, ids, givens, args.timeout)
        if grid is None:
            print(f"{index} {n}x{n} no solution (status {status}) {first * 1000:.2f} ms")
            continue
        status2, _, second = solve(n, sums, ids, givens, args.timeout, forbid=grid)
        unique = "unique" if status2 == cp_model.INFEASIBLE else ("several" if status2 in (cp_model.OPTIMAL, cp_model.FEASIBLE) else "unknown")
        solves.append(first)
        totals.append(first + second)
        print(f"{index} {n}x{n} solve {first * 1000:.2f} ms, uniqueness {second * 1000:.2f} ms, {unique}")
    if solves:
        print(
            f"{len(solves)} puzzles: solve median {statistics.median(solves) * 1000:.2f} ms, worst "
            f"{max(solves) * 1000:.2f} ms; solve + uniqueness median {statistics.median(totals) * 1000:.2f} ms, "
            f"worst {max(totals) * 1000:.2f} ms"
        )


if __name__ == "__main__":
    sys.exit(main())
