#!/usr/bin/env python3
"""Kakuro with OR-Tools CP-SAT, one worker: the peer of docs/performance.md ("Kakuro").

Reads the puzzlekit dataset's Kakuro JSON (`data.ID.problem`, janko.at's text: `ROWS COLS`, then
`0` white, `-` a block, `D,R` a clue block) or files of that text, models each white cell as a
digit 1 to 9 and each run as AddAllDifferent plus a linear sum equal to its clue, and prints per
puzzle the time to the first solution and to prove it unique (a second solve with the first
solution forbidden), then the median and the worst case.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ortools
    /tmp/venv/bin/python scripts/cpsat-kakuro.py FILE... [--timeout 10]
"""

import json
import statistics
import sys
import time

from ortools.sat.python import cp_model


def boards(path):
    """Every grid of a file: rows of tokens, each `0`, `-` or `D,R`."""
    text = open(path).read()
    texts = [e["problem"] for e in json.loads(text)["data"].values()] if path.endswith(".json") else text.split("\n\n")
    for one in texts:
        lines = [l for l in one.splitlines() if l.strip()]
        if not lines:
            continue
        rows, cols = map(int, lines[0].split())
        yield [lines[1 + r].split() for r in range(rows)], cols


def runs(grid, cols):
    """(cells, clue) of every run: across, then down; clue None when unclued."""
    h = len(grid)
    white = lambda r, c: grid[r][c] in ("0", ".")
    clue = lambda r, c, k: (grid[r][c].split(",")[k] or None) if "," in grid[r][c] else None
    for down in (False, True):
        for line in range(cols if down else h):
            length = h if down else cols
            at = (lambda k: (k, line)) if down else (lambda k: (line, k))
            k = 0
            while k < length:
                if not white(*at(k)):
                    k += 1
                    continue
                start = k
                while k < length and white(*at(k)):
                    k += 1
                sum_ = clue(*at(start - 1), 0 if down else 1) if start > 0 else None
                yield [at(j) for j in range(start, k)], (int(sum_) if sum_ else None)


def solve(grid, cols, timeout, forbid=None):
    model = cp_model.CpModel()
    cells = {}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            if token in ("0", "."):
                cells[(r, c)] = model.NewIntVar(1, 9, f"x{r}_{c}")
    for run, sum_ in runs(grid, cols):
        model.AddAllDifferent([cells[p] for p in run])
        if sum_ is not None:
            model.Add(sum(cells[p] for p in run) == sum_)
    if forbid:
        differ = []
        for p, v in forbid.items():
            b = model.NewBoolVar("")
            model.Add(cells[p] != v).OnlyEnforceIf(b)
            differ.append(b)
        model.AddBoolOr(differ)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {p: solver.Value(x) for p, x in cells.items()}
    return None if status == cp_model.INFEASIBLE else "timeout"


def main():
    args = sys.argv[1:]
    timeout = 10.0
    if "--timeout" in args:
        k = args.index("--timeout")
        timeout = float(args[k + 1])
        del args[k : k + 2]
    for path in args:
        first, unique, odd = [], [], []
        for k, (grid, cols) in enumerate(boards(path)):
            started = time.perf_counter()
            answer = solve(grid, cols, timeout)
            first.append(time.perf_counter() - started)
            second = solve(grid, cols, timeout, answer) if isinstance(answer, dict) else None
            unique.append(time.perf_counter() - started)
            if not isinstance(answer, dict) or second is not None:
                odd.append((k, "no answer" if not isinstance(answer, dict) else "not unique or timeout"))
        print(f"{path}: {len(first)} puzzles")
        for name, times in (("solve", first), ("unique", unique)):
            ms = [t * 1000 for t in times]
            print(f"  CP-SAT {name:7} median {statistics.median(ms):9.1f} ms  worst {max(ms):9.1f} ms")
        for k, why in odd:
            print(f"  puzzle {k + 1}: {why}")


if __name__ == "__main__":
    main()
