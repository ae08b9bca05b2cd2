#!/usr/bin/env python3
"""Hidato / Numbrix with Google OR-Tools' CP-SAT: an outside oracle for benchmarking.

This is NOT part of Tessera. It exists so that Tessera's Hidato solver can be checked against, and
timed beside, an independent general-purpose solver (scripts/compare-hidato.sh runs both). It needs
OR-Tools (`pip install ortools`; written against 9.15).

    python3 scripts/hidato-cpsat.py [--numbrix] [--mode solve|count2] [--timeout SECONDS]
                                    [--workers N] [FILE]

FILE (default `-`, standard input) holds puzzles in Tessera's (the seed's) text format: an optional
first line with the number of puzzles (without it, puzzles run to the end of the file), then per
puzzle a line `W H` and H rows of W integers: -1 a hole, 0 an empty cell, k > 0 a given. Blank lines
(and lines starting with `#`) are ignored. Hidato: consecutive numbers touch in one of the 8 King
directions; with --numbrix, orthogonally only (4 neighbours).

The model is the one of OR-Tools' hidato example: with N the number of non-hole cells, one integer
variable pos[k] per number k = 1..N holding the index of its cell (0..N-1, over the non-hole cells);
AllDifferent(pos); pos[k] fixed for every given k; and for k = 1..N-1 the pair (pos[k], pos[k+1])
restricted to the table of ordered pairs of adjacent cells (AddAllowedAssignments).

Modes:
  solve   find one solution: status `sat` (solutions 1) or `unsat` (solutions 0)
  count2  find one, forbid that exact assignment of all pos[k] (a clause over "pos[k] != v_k"
          literals) and solve again: solutions 0, 1 or 2 (2 = "two or more"); status sat / unsat

--timeout (default 60 s) bounds a puzzle's model building plus solving (both solves in count2);
when it runs out the status is `unknown` and `solutions` is the number found so far (in count2, 1
means "at least one"). --workers sets CP-SAT's num_workers (default 1: a single search thread).

Output, one tab-separated line per puzzle on standard output:

    index  width  height  status  solutions  seconds

index counts from 1; seconds is the wall time of building the model and solving, measured inside
Python with time.perf_counter (interpreter start-up and reading the file are not included). Every
solution found is checked in plain Python (every number on exactly one cell, consecutive numbers
adjacent, givens kept); a wrong one stops the script with status 1. A given larger than N makes
the puzzle `unsat` without solving; a board without cells is an input error (status 2), as in
Tessera.
"""

import argparse
import sys
import time

from ortools.sat.python import cp_model

KING = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
ORTHOGONAL = [(-1, 0), (0, -1), (0, 1), (1, 0)]


class InputError(Exception):
    pass


def read_puzzles(text):
    """Parse the text format into a list of (width, height, rows)."""
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            lines.append((number, [int(tok) for tok in stripped.split()]))
        except ValueError as err:
            raise InputError(f"line {number}: not a list of integers: {stripped!r}") from err
    at = 0
    expected = None
    if lines and len(lines[0][1]) == 1:
        expected = lines[0][1][0]
        if expected < 0:
            raise InputError(f"line {lines[0][0]}: negative number of puzzles")
        at = 1
    puzzles = []
    while at < len(lines) and (expected is None or len(puzzles) < expected):
        number, header = lines[at]
        if len(header) != 2 or header[0] < 1 or header[1] < 1:
            raise InputError(f"line {number}: expected `W H` (two positive integers)")
        width, height = header
        rows = []
        for r in range(height):
            if at + 1 + r >= len(lines):
                raise InputError(f"line {number}: puzzle ends early (expected {height} rows)")
            row_number, row = lines[at + 1 + r]
            if len(row) != width:
                raise InputError(f"line {row_number}: expected {width} integers, found {len(row)}")
            if any(v < -1 for v in row):
                raise InputError(f"line {row_number}: cells are -1, 0 or a positive given")
            rows.append(row)
        puzzles.append((width, height, rows))
        at += 1 + height
    if expected is not None and len(puzzles) < expected:
        raise InputError(f"the file announces {expected} puzzles but holds {len(puzzles)}")
    if at < len(lines):
        raise InputError(f"line {lines[at][0]}: unexpected data after the last puzzle")
    return puzzles


class Board:
    def __init__(self, width, height, rows, directions):
        self.width, self.height = width, height
        self.coords = [(r, c) for r in range(height) for c in range(width) if rows[r][c] != -1]
        if not self.coords:
            raise InputError("a board has no cells, only holes (-1)")
        index = {rc: i for i, rc in enumerate(self.coords)}
        self.n = len(self.coords)
        self.neighbours = [set() for _ in range(self.n)]
        for i, (r, c) in enumerate(self.coords):
            for dr, dc in directions:
                j = index.get((r + dr, c + dc))
                if j is not None:
                    self.neighbours[i].add(j)
        # givens: number -> cell indices holding it (a number given twice makes the puzzle unsat)
        self.givens = {}
        for i, (r, c) in enumerate(self.coords):
            if rows[r][c] > 0:
                self.givens.setdefault(rows[r][c], []).append(i)

    def check(self, cell_of):
        """Independent check of a solution given as cell_of[k] for k = 1..N (index 0 unused)."""
        n = self.n
        if len(cell_of) != n + 1:
            return f"{len(cell_of) - 1} numbers placed, expected {n}"
        if sorted(cell_of[1:]) != list(range(n)):
            return "the numbers do not cover every cell exactly once"
        for k, cells in self.givens.items():
            for i in cells:
                if k > n or cell_of[k] != i:
                    return f"given {k} at {self.coords[i]} not kept"
        for k in range(1, n):
            if cell_of[k + 1] not in self.neighbours[cell_of[k]]:
                return f"{k} at {self.coords[cell_of[k]]} and {k + 1} at {self.coords[cell_of[k + 1]]} do not touch"
        return None


def run_puzzle(board, mode, timeout, workers):
    """Returns (status, solutions) and the solutions found (checked)."""
    start = time.perf_counter()

    def remaining():
        return timeout - (time.perf_counter() - start)

    n = board.n
    if any(k > n for k in board.givens):
        return "unsat", 0
    model = cp_model.CpModel()
    pos = [None] + [model.new_int_var(0, n - 1, f"pos{k}") for k in range(1, n + 1)]
    model.add_all_different(pos[1:])
    for k, cells in board.givens.items():
        for i in cells:
            model.add(pos[k] == i)
    pairs = [(i, j) for i in range(n) for j in sorted(board.neighbours[i])]
    for k in range(1, n):
        model.add_allowed_assignments([pos[k], pos[k + 1]], pairs)
        if k % 64 == 0 and remaining() <= 0:
            return "unknown", 0

    wanted = 1 if mode == "solve" else 2
    found = 0
    while found < wanted:
        left = remaining()
        if left <= 0:
            return "unknown", found
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = workers
        solver.parameters.max_time_in_seconds = left
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            cell_of = [None] + [solver.value(pos[k]) for k in range(1, n + 1)]
            problem = board.check(cell_of)
            if problem is not None:
                raise AssertionError(f"CP-SAT returned an invalid solution: {problem}")
            found += 1
            if found < wanted:
                # forbid exactly this assignment: some pos[k] must differ
                differs = []
                for k in range(1, n + 1):
                    lit = model.new_bool_var(f"differs{found}_{k}")
                    model.add(pos[k] != cell_of[k]).only_enforce_if(lit)
                    differs.append(lit)
                model.add_bool_or(differs)
        elif status == cp_model.INFEASIBLE:
            break
        elif status == cp_model.UNKNOWN:
            return "unknown", found
        else:
            raise AssertionError(f"CP-SAT status {solver.status_name(status)}")
    return ("sat" if found else "unsat"), found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default="-", help="puzzle file (default: standard input)")
    parser.add_argument("--numbrix", action="store_true", help="orthogonal adjacency (Numbrix)")
    parser.add_argument("--mode", choices=["solve", "count2"], default="solve")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT num_workers (default 1)")
    args = parser.parse_args()
    if args.timeout <= 0 or args.workers < 1:
        parser.error("--timeout and --workers must be positive")

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        puzzles = read_puzzles(text)
        directions = ORTHOGONAL if args.numbrix else KING
        boards = [Board(w, h, rows, directions) for w, h, rows in puzzles]
    except (OSError, InputError) as err:
        print(f"hidato-cpsat: {args.file}: {err}", file=sys.stderr)
        sys.exit(2)

    for index, board in enumerate(boards, 1):
        start = time.perf_counter()
        try:
            status, solutions = run_puzzle(board, args.mode, args.timeout, args.workers)
        except AssertionError as err:
            print(f"hidato-cpsat: puzzle {index}: {err}", file=sys.stderr)
            sys.exit(1)
        seconds = time.perf_counter() - start
        print(f"{index}\t{board.width}\t{board.height}\t{status}\t{solutions}\t{seconds:.6f}", flush=True)


if __name__ == "__main__":
    main()
