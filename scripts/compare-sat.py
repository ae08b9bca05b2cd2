#!/usr/bin/env python3
"""A SAT solver's time to prove Sudoku puzzles unique, for the table of docs/performance.md,
"Big grids (issue 29)": the same question as `tessera sudoku count --limit 2`.

    python scripts/compare-sat.py FILE [--solver cadical153|glucose4]

Needs `python-sat` (pip install python-sat, in a virtual environment outside the repository).
FILE holds puzzles with box layouts, one a line, as `tessera sudoku generate` writes them
(`.` empty, 1-9 then A.. for 10 and up). Each puzzle gets the extended encoding (every cell
one digit, every house each digit once, pairwise at-most-one; givens as unit clauses), is
solved, its solution blocked and solved again. Printed: one line a puzzle with the solutions
found (1 = unique) and the CPU seconds of encoding and solving, then the median and the worst.
"""

import argparse
import math
import statistics
import sys
import time

from pysat.solvers import Solver


def box_shape(n):
    rows = max(r for r in range(1, n + 1) if n % r == 0 and r * r <= n)
    return rows, n // rows


def digit_of(ch):
    if ch in ".0":
        return 0
    return int(ch) if ch.isdigit() else ord(ch.upper()) - ord("A") + 10


def clauses(cells, n):
    br, bc = box_shape(n)
    var = lambda cell, d: cell * n + d  # d in 1..=n
    out = []
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[(b // (n // bc) * br + k // bc) * n + b % (n // bc) * bc + k % bc for k in range(n)] for b in range(n)]
    for cell in range(n * n):
        lits = [var(cell, d) for d in range(1, n + 1)]
        out.append(lits)
        out += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
        if cells[cell]:
            out.append([var(cell, cells[cell])])
    for house in houses:
        for d in range(1, n + 1):
            lits = [var(cell, d) for cell in house]
            out.append(lits)
            out += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--solver", default="cadical153")
    args = parser.parse_args()
    times = []
    for line in open(args.file):
        text = line.split()[0] if line.strip() else ""
        n = math.isqrt(len(text))
        if not text or n * n != len(text):
            continue
        cells = [digit_of(ch) for ch in text]
        start = time.process_time()
        with Solver(name=args.solver, bootstrap_with=clauses(cells, n)) as sat:
            encoded = time.process_time()
            found = 0
            while found < 2 and sat.solve():
                found += 1
                model = [lit for lit in sat.get_model() if lit > 0]
                sat.add_clause([-lit for lit in model])
            done = time.process_time()
        times.append(done - start)
        print(f"{found} encode {encoded - start:.3f} s solve {done - encoded:.3f} s", flush=True)
    if times:
        print(f"{args.solver}: {len(times)} puzzles, median {statistics.median(times):.3f} s, worst {max(times):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
