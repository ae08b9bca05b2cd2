#!/usr/bin/env python3
"""KenKen (janko.at text format) with OR-Tools CP-SAT on one worker: the peer that
docs/performance.md compares `tessera`'s KenKen engine with.

    python3 scripts/cpsat-kenken.py FILE... [--each]

For each puzzle: the time to the first solution, then the time of the uniqueness check (the same
model with the first solution forbidden, which must be infeasible), each in its own solve; then
the median and the worst of both per file. Model: x[r][c] in 1..N, AllDifferent per row and
column; `+` a linear sum, `*` a multiplication equality, two-cell `-` and `/` as a disjunction of
the two orders; hidden operations and `-` or `/` on more cells (largest minus, or divided by, the
rest) as table constraints over the cage's tuples. Needs `pip install ortools`.
"""

import itertools
import statistics
import sys
import time

from ortools.sat.python import cp_model


def read(path):
    """The puzzles of a janko file: (n, clues, ids) each, clues and ids row by row."""
    lines = [line.split() for line in open(path, encoding="utf-8")]
    puzzles, i = [], 0
    while i < len(lines):
        words = lines[i]
        if not words or words[0].startswith("#"):
            i += 1
            continue
        n = int(words[0])
        rows, i = [], i + 1
        while len(rows) < 2 * n:
            if lines[i]:
                rows.append(lines[i])
            i += 1
        puzzles.append((n, [w for r in rows[:n] for w in r], [w for r in rows[n:] for w in r]))
    return puzzles


def holds(op, target, values):
    big, total = max(values), sum(values)
    product = 1
    for v in values:
        product *= v
    if op == "+":
        return total == target
    if op == "*":
        return product == target
    if op == "-":
        return 2 * big - total == target
    if op == "/":
        return big * big == target * product
    return any(holds(o, target, values) for o in "+-*/")


def model(n, clues, ids):
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"x{c}") for c in range(n * n)]
    for r in range(n):
        m.AddAllDifferent([x[r * n + c] for c in range(n)])
        m.AddAllDifferent([x[c * n + r] for c in range(n)])
    cages = {}
    for cell, cage in enumerate(ids):
        cages.setdefault(cage, []).append(cell)
    for cells in cages.values():
        clue = next(clues[c] for c in cells if clues[c] not in (".", "-"))
        op = clue[-1] if clue[-1] in "+-*x/" else "?"
        target = int(clue.rstrip("+-*x/"))
        op = "*" if op == "x" else op
        v = [x[c] for c in cells]
        if len(cells) == 1:
            m.Add(v[0] == target)
        elif op == "+":
            m.Add(sum(v) == target)
        elif op == "*":
            m.AddMultiplicationEquality(target, v)
        elif op in "-/" and len(cells) == 2:
            a, b = v
            first = m.NewBoolVar("")
            if op == "-":
                m.Add(a - b == target).OnlyEnforceIf(first)
                m.Add(b - a == target).OnlyEnforceIf(first.Not())
            else:
                m.Add(a == target * b).OnlyEnforceIf(first)
                m.Add(b == target * a).OnlyEnforceIf(first.Not())
        else:
            tuples = [t for t in itertools.product(range(1, n + 1), repeat=len(cells)) if holds(op, target, t)]
            m.AddAllowedAssignments(v, tuples)
    return m, x


def solver():
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    return s


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    each = "--each" in sys.argv
    for path in args:
        solving, proving = [], []
        for i, (n, clues, ids) in enumerate(read(path)):
            m, x = model(n, clues, ids)
            started = time.perf_counter()
            s = solver()
            status = s.Solve(m)
            solve_time = time.perf_counter() - started
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                print(f"{path} #{i + 1}: no solution ({s.StatusName(status)})")
                continue
            answer = [s.Value(v) for v in x]
            # Uniqueness: the same model with this answer forbidden (timed from building it).
            started = time.perf_counter()
            m, x = model(n, clues, ids)
            differs = []
            for v, a in zip(x, answer):
                b = m.NewBoolVar("")
                m.Add(v != a).OnlyEnforceIf(b)
                m.Add(v == a).OnlyEnforceIf(b.Not())
                differs.append(b)
            m.AddBoolOr(differs)
            status = solver().Solve(m)
            prove_time = time.perf_counter() - started
            unique = status == cp_model.INFEASIBLE
            solving.append(solve_time)
            proving.append(prove_time)
            if each or not unique:
                print(f"{path} #{i + 1}: {n}x{n} solve {solve_time * 1e3:.3f} ms unique {prove_time * 1e3:.3f} ms ({'unique' if unique else 'NOT unique'})")
        for what, times in (("solve", solving), ("unique", proving)):
            if times:
                print(f"{path} {what}: {len(times)} puzzles, median {statistics.median(times) * 1e3:.3f} ms, worst {max(times) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
