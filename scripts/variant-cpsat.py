#!/usr/bin/env python3
"""variant-cpsat.py: count the solutions of Tessera variant Sudokus (to 2) with OR-tools CP-SAT.

    python scripts/variant-cpsat.py [--limit 2] [--time-limit 120] [--workers 1] < puzzles.jsonl

Input: one Tessera variant per line, the serde JSON of `Variant` in
crates/puzzles/src/variant/model.rs:
    {"size":9,"regions":[0,0,0,1,...],"givens":[0,5,...],
     "constraints":[{"kind":"cage","cells":["r1c1","r1c2"],"sum":3}, ...]}
(`regions` and `givens` may be left out: default boxes, no givens). Empty lines and lines starting
with '#' are skipped. A line that is not JSON, or names a kind this script does not know, gives
`error` (the reason on stderr).

Output: TSV `index  solutions  ms`, one line per puzzle (index from 1, in input order):
    solutions  0, 1 or 2 (counting stops at --limit); `timeout` when CP-SAT ran out of
               --time-limit seconds before it could tell; `error` as above
    ms         wall milliseconds of the solves (the first solution, then the solve with that
               solution forbidden), not of building the model

One CP-SAT model per puzzle: a function per constraint kind below (`kind_<name>`), each stating
the rule as rules/<kind>.rs of Tessera defines it. Counting is "solve, forbid the solution, solve
again" under one time budget. --workers 1 by default (the machine is shared).
"""

import argparse
import json
import sys
import time

from ortools.sat.python import cp_model


# ---------------------------------------------------------------------------------------------
# The model of one puzzle: a variable per cell and helpers the kinds share.

class Model:
    def __init__(self, puzzle):
        self.n = n = int(puzzle["size"])
        if not 4 <= n <= 16:
            raise ValueError(f"the side {n} is outside 4..16")
        self.puzzle = puzzle
        self.m = cp_model.CpModel()
        self.x = [self.m.NewIntVar(1, n, f"c{i}") for i in range(n * n)]
        self._eq = {}
        self.constraints = puzzle.get("constraints") or []

    def index(self, cell):
        """`r1c1` -> index row by row (the cell must be inside the grid)."""
        r, c = parse_cell(cell)
        if not (0 <= r < self.n and 0 <= c < self.n):
            raise ValueError(f"{cell} is outside the grid")
        return r * self.n + c

    def eq(self, i, v):
        """A literal true exactly when cell i holds v."""
        key = (i, v)
        if key not in self._eq:
            b = self.m.NewBoolVar(f"c{i}={v}")
            self.m.Add(self.x[i] == v).OnlyEnforceIf(b)
            self.m.Add(self.x[i] != v).OnlyEnforceIf(b.Not())
            self._eq[key] = b
        return self._eq[key]

    def relation(self, a, b, ok):
        """The pair (a, b) holds digits (p, q) with ok(p, q): a table constraint."""
        rng = range(1, self.n + 1)
        self.m.AddAllowedAssignments([self.x[a], self.x[b]], [(p, q) for p in rng for q in rng if ok(p, q)])

    def neighbours(self, i):
        n = self.n
        r, c = divmod(i, n)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n:
                yield rr * n + cc

    def adjacent_pairs(self):
        for a in range(self.n * self.n):
            for b in self.neighbours(a):
                if b > a:
                    yield (a, b)

    def marked(self, kinds):
        """Neighbouring pairs (a < b) that carry a constraint of these kinds."""
        out = set()
        for c in self.constraints:
            if c.get("kind") in kinds:
                a, b = self.index(c["cells"][0]), self.index(c["cells"][1])
                out.add((min(a, b), max(a, b)))
        return out


def parse_cell(text):
    t = text.strip().lower()
    if not t.startswith("r") or "c" not in t:
        raise ValueError(f"{text!r} is not a cell (r1c1 style)")
    r, c = t[1:].split("c", 1)
    return int(r) - 1, int(c) - 1


def box_shape(n):
    """(height, width) of the default boxes: the largest divisor of n not above its root."""
    hs = [h for h in range(1, n + 1) if h * h <= n and n % h == 0]
    h = hs[-1]
    return (h, n // h) if h > 1 else None


def default_regions(n):
    shape = box_shape(n)
    if shape is None:
        return [None] * (n * n)
    h, w = shape
    return [((i // n) // h) * (n // w) + (i % n) // w for i in range(n * n)]


# ---------------------------------------------------------------------------------------------
# The grid: rows, columns, regions, givens.

def grid(M):
    n, x, m = M.n, M.x, M.m
    for r in range(n):
        m.AddAllDifferent([x[r * n + c] for c in range(n)])
    for c in range(n):
        m.AddAllDifferent([x[r * n + c] for r in range(n)])
    regions = M.puzzle.get("regions")
    if regions is None:
        regions = default_regions(n)
    if len(regions) != n * n:
        raise ValueError(f"regions: {len(regions)} cells for a {n}x{n} grid")
    M.regions = regions
    groups = {}
    for i, reg in enumerate(regions):
        if reg is not None:
            groups.setdefault(reg, []).append(i)
    for cells in groups.values():
        if len(cells) > n:
            raise ValueError("a region of more than N cells")
        m.AddAllDifferent([x[i] for i in cells])
    givens = M.puzzle.get("givens") or [0] * (n * n)
    for i, g in enumerate(givens):
        if g:
            m.Add(x[i] == int(g))


# ---------------------------------------------------------------------------------------------
# One function per constraint kind (rules/<kind>.rs).

def kind_extra_region(M, c):
    M.m.AddAllDifferent([M.x[M.index(p)] for p in c["cells"]])


def diagonal(M, positive):
    n = M.n
    M.m.AddAllDifferent([M.x[r * n + (n - 1 - r if positive else r)] for r in range(n)])


def kind_diagonal_positive(M, c):
    diagonal(M, True)


def kind_diagonal_negative(M, c):
    diagonal(M, False)


def chess(M, moves):
    n = M.n
    for a in range(n * n):
        r, col = divmod(a, n)
        for dr, dc in moves:
            rr, cc = r + dr, col + dc
            if 0 <= rr < n and 0 <= cc < n:
                M.m.Add(M.x[a] != M.x[rr * n + cc])


def kind_anti_knight(M, c):
    chess(M, [(1, 2), (2, 1), (1, -2), (2, -1)])


def kind_anti_king(M, c):
    chess(M, [(1, 1), (1, -1)])


def kind_non_consecutive(M, c):
    # Every orthogonal pair without a white dot (a `difference`) is not consecutive.
    white = M.marked({"difference"})
    for a, b in M.adjacent_pairs():
        if (a, b) not in white:
            M.relation(a, b, lambda p, q: abs(p - q) != 1)


def kind_disjoint_groups(M, c):
    n = M.n
    shape = box_shape(n)
    if shape is None:
        raise ValueError(f"a {n}x{n} grid has no boxes to take groups from")
    h, w = shape
    for pos in range(h * w):
        pr, pc = divmod(pos, w)
        cells = [((b // (n // w)) * h + pr) * n + (b % (n // w)) * w + pc for b in range(n)]
        M.m.AddAllDifferent([M.x[i] for i in cells])


def kind_cage(M, c):
    cells = [M.x[M.index(p)] for p in c["cells"]]
    M.m.AddAllDifferent(cells)
    if c.get("sum") is not None:
        M.m.Add(sum(cells) == int(c["sum"]))


STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def kind_little_killer(M, c):
    # The clue sits in the frame; its diagonal starts one step from it (repeats allowed).
    n = M.n
    r, col = parse_cell(c["clue"])
    dr, dc = STEPS[c["direction"]]
    r, col = r + dr, col + dc
    cells = []
    while 0 <= r < n and 0 <= col < n:
        cells.append(M.x[r * n + col])
        r, col = r + dr, col + dc
    if not cells:
        raise ValueError("a little killer pointing out of the grid")
    M.m.Add(sum(cells) == int(c["sum"]))


def kind_sandwich(M, c):
    # The row (clue left or right of it) or column (above or below): the digits strictly
    # between the 1 and the N add up to the sum.
    n, m = M.n, M.m
    r, col = parse_cell(c["clue"])
    if col in (-1, n) and 0 <= r < n:
        line = [r * n + j for j in range(n)]
    elif r in (-1, n) and 0 <= col < n:
        line = [i * n + col for i in range(n)]
    else:
        raise ValueError(f"the sandwich clue {c['clue']} is not beside a row or a column")
    p1 = m.NewIntVar(0, n - 1, "")
    pn = m.NewIntVar(0, n - 1, "")
    m.Add(p1 == sum(k * M.eq(i, 1) for k, i in enumerate(line)))
    m.Add(pn == sum(k * M.eq(i, n) for k, i in enumerate(line)))
    lo = m.NewIntVar(0, n - 1, "")
    hi = m.NewIntVar(0, n - 1, "")
    m.AddMinEquality(lo, [p1, pn])
    m.AddMaxEquality(hi, [p1, pn])
    parts = []
    for k, i in enumerate(line):
        after = m.NewBoolVar("")   # lo < k
        before = m.NewBoolVar("")  # k < hi
        m.Add(lo < k).OnlyEnforceIf(after)
        m.Add(lo >= k).OnlyEnforceIf(after.Not())
        m.Add(hi > k).OnlyEnforceIf(before)
        m.Add(hi <= k).OnlyEnforceIf(before.Not())
        inside = m.NewBoolVar("")
        m.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
        m.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
        y = m.NewIntVar(0, n, "")
        m.Add(y == M.x[i]).OnlyEnforceIf(inside)
        m.Add(y == 0).OnlyEnforceIf(inside.Not())
        parts.append(y)
    m.Add(sum(parts) == int(c["sum"]))


def kind_thermometer(M, c):
    cells = [M.x[M.index(p)] for p in c["cells"]]
    for a, b in zip(cells, cells[1:]):
        M.m.Add(a <= b if c.get("slow") else a < b)


def kind_arrow(M, c):
    # The line cells (each once, circle cells left out) add up to the circle read as a number,
    # most significant digit first.
    circle = [M.index(p) for p in c["circle"]]
    line = sorted({M.index(p) for ln in c["lines"] for p in ln} - set(circle))
    number = sum(10 ** (len(circle) - 1 - k) * M.x[i] for k, i in enumerate(circle))
    M.m.Add(sum(M.x[i] for i in line) == number)


def kind_difference(M, c):
    v = int(c.get("value", 1))
    M.relation(M.index(c["cells"][0]), M.index(c["cells"][1]), lambda p, q: abs(p - q) == v)


def kind_ratio(M, c):
    v = int(c.get("value", 2))
    M.relation(M.index(c["cells"][0]), M.index(c["cells"][1]), lambda p, q: p == q * v or q == p * v)


def kind_xv(M, c):
    s = int(c["sum"])
    M.relation(M.index(c["cells"][0]), M.index(c["cells"][1]), lambda p, q: p + q == s)


def kind_negative(M, c):
    # A pair with any kropki dot is exempt from both kropki negatives; a pair with an X or V
    # from the XV negative.
    dots = M.marked({"difference", "ratio"})
    xv = M.marked({"xv"})
    allowed = {
        "difference": lambda p, q: abs(p - q) != 1,
        "ratio": lambda p, q: p != 2 * q and q != 2 * p,
        "xv": lambda p, q: p + q not in (5, 10),
    }
    for kind in c["of"]:
        skip = xv if kind == "xv" else dots
        for a, b in M.adjacent_pairs():
            if (a, b) not in skip:
                M.relation(a, b, allowed[kind])


def parity(M, c, odd):
    M.m.AddAllowedAssignments([M.x[M.index(c["cell"])]], [(v,) for v in range(1, M.n + 1) if v % 2 == odd])


def kind_odd(M, c):
    parity(M, c, 1)


def kind_even(M, c):
    parity(M, c, 0)


def extremum(M, c, minimum):
    # Less (greater) than each orthogonal neighbour that is not itself a minimum (maximum).
    kind = "minimum" if minimum else "maximum"
    same = {M.index(o["cell"]) for o in M.constraints if o.get("kind") == kind}
    a = M.index(c["cell"])
    for b in M.neighbours(a):
        if b not in same:
            M.m.Add(M.x[a] < M.x[b] if minimum else M.x[a] > M.x[b])


def kind_minimum(M, c):
    extremum(M, c, True)


def kind_maximum(M, c):
    extremum(M, c, False)


def kind_quadruple(M, c):
    # Each listed digit appears among the cells at least as many times as it is listed.
    cells = [M.index(p) for p in c["cells"]]
    needed = {}
    for v in c["values"]:
        needed[int(v)] = needed.get(int(v), 0) + 1
    for v, k in needed.items():
        M.m.Add(sum(M.eq(i, v) for i in cells) >= k)


def kind_palindrome(M, c):
    cells = [M.index(p) for p in c["cells"]]
    for k in range(len(cells) // 2):
        M.m.Add(M.x[cells[k]] == M.x[cells[-1 - k]])


def kind_renban(M, c):
    cells = [M.x[M.index(p)] for p in c["cells"]]
    M.m.AddAllDifferent(cells)
    lo = M.m.NewIntVar(1, M.n, "")
    hi = M.m.NewIntVar(1, M.n, "")
    M.m.AddMinEquality(lo, cells)
    M.m.AddMaxEquality(hi, cells)
    M.m.Add(hi - lo == len(cells) - 1)


def kind_whispers(M, c):
    d = int(c["difference"])
    cells = [M.index(p) for p in c["cells"]]
    for a, b in zip(cells, cells[1:]):
        M.relation(a, b, lambda p, q: abs(p - q) >= d)


def kind_between(M, c):
    # The inner cells lie strictly between the two ends (a line of fewer than 3 cells: nothing).
    cells = [M.x[M.index(p)] for p in c["cells"]]
    if len(cells) < 3:
        return
    m = M.m
    lo = m.NewIntVar(1, M.n, "")
    hi = m.NewIntVar(1, M.n, "")
    m.AddMinEquality(lo, [cells[0], cells[-1]])
    m.AddMaxEquality(hi, [cells[0], cells[-1]])
    for v in cells[1:-1]:
        m.Add(v > lo)
        m.Add(v < hi)


def kind_region_sum_line(M, c):
    # Segments: maximal runs of the line in one region (a cell of no region is a segment of
    # its own); consecutive segments have equal sums.
    segments, last = [], object()
    for p in c["cells"]:
        i = M.index(p)
        reg = M.regions[i]
        if not segments or reg != last or reg is None:
            segments.append([])
        last = reg
        segments[-1].append(i)
    for s, t in zip(segments, segments[1:]):
        M.m.Add(sum(M.x[i] for i in s) == sum(M.x[i] for i in t))


def kind_clone(M, c):
    if len(c["cells"]) != len(c["clones"]):
        raise ValueError("cells and clones differ in number")
    for a, b in zip(c["cells"], c["clones"]):
        M.m.Add(M.x[M.index(a)] == M.x[M.index(b)])


KINDS = {name[len("kind_"):].replace("_", "-"): fn for name, fn in globals().items() if name.startswith("kind_")}


# ---------------------------------------------------------------------------------------------

def build(puzzle):
    M = Model(puzzle)
    grid(M)
    for c in M.constraints:
        kind = c.get("kind")
        if kind not in KINDS:
            raise ValueError(f"unknown constraint kind {kind!r}")
        KINDS[kind](M, c)
    return M


def count(M, limit, time_limit, workers):
    """(solutions or 'timeout', wall ms of the solves)."""
    found = 0
    spent = 0.0
    while found < limit:
        solver = cp_model.CpSolver()
        solver.parameters.num_search_workers = workers
        solver.parameters.max_time_in_seconds = max(0.001, time_limit - spent)
        t0 = time.perf_counter()
        status = solver.Solve(M.m)
        spent += time.perf_counter() - t0
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found += 1
            if found < limit:
                # Forbid this solution: some cell differs.
                M.m.AddBoolOr([M.eq(i, solver.Value(v)).Not() for i, v in enumerate(M.x)])
        elif status == cp_model.INFEASIBLE:
            break
        else:
            return "timeout", spent * 1000
    return str(found), spent * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per puzzle")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    index = 0
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        index += 1
        try:
            M = build(json.loads(line))
            solutions, ms = count(M, args.limit, args.time_limit, args.workers)
            print(f"{index}\t{solutions}\t{ms:.2f}", flush=True)
        except (ValueError, KeyError, TypeError, json.JSONDecodeError) as e:
            print(f"variant-cpsat: puzzle {index}: {e}", file=sys.stderr)
            print(f"{index}\terror\t-", flush=True)


if __name__ == "__main__":
    main()
