#!/usr/bin/env python3
"""Writes the small known-answer instances of tessera-xc's tests, in Knuth's DLX text format.

Run from anywhere: `python3 crates/xc/tests/data/generate.py`. The files are committed; this script
documents how they were made and can remake them. The expected counts are in ANSWERS.tsv next to
them (published values: OEIS A000170 for queens, A014552 for Langford pairs, A002860 for Latin
squares; 288 Shidoku grids; the two small examples are Knuth's). The instances with multiplicities
(Knuth's DLX3 bounds `u:v|name`: star battles, Langford-style counts, tilings with several copies
of a piece, a random one) have no published counts: theirs were checked against a brute force
(tests/it/multiplicities.rs), Knuth's DLX3 and the `dlx` crate.

`python3 generate.py --bench DIR` writes larger instances with multiplicities to DIR instead, for
the timings of docs/performance-history.md ("Multiplicities"); they are not committed.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, comment, primary, secondary, options, directory=HERE):
    path = os.path.join(directory, name)
    with open(path, "w", encoding="ascii") as f:
        for line in comment.splitlines():
            f.write(f"| {line}\n")
        head = " ".join(primary)
        if secondary:
            head += " | " + " ".join(secondary)
        f.write(head + "\n")
        for option in options:
            f.write(" ".join(option) + "\n")


def digit(k):
    """Diagonal numbers as Knuth's queens generator writes them: 0-9 then a-z."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[k]


def queens(n):
    # Rows and columns in organ-pipe order (middle first), as Knuth's queens-dlx does; the
    # diagonals a(i+j) and b(n-1-i+j) are secondary, without the two one-cell diagonals of each kind.
    # Middle row first, then alternately one below and one above: 8 gives 4 3 5 2 6 1 7 0.
    order = [n // 2 - (k + 1) // 2 if k % 2 else n // 2 + k // 2 for k in range(n)]
    primary = [x for k in order for x in (f"r{digit(k)}", f"c{digit(k)}")]
    secondary = [x for d in range(1, 2 * n - 2) for x in (f"a{digit(d)}", f"b{digit(d)}")]
    options = []
    for i in range(n):
        for j in range(n):
            option = [f"r{digit(i)}", f"c{digit(j)}"]
            a, b = i + j, n - 1 - i + j
            if 0 < a < 2 * n - 2:
                option.append(f"a{digit(a)}")
            if 0 < b < 2 * n - 2:
                option.append(f"b{digit(b)}")
            options.append(option)
    write(f"queens{n}.dlx", f"{n} queens: rows and columns primary (organ-pipe order), diagonals secondary",
          primary, secondary, options)


def langford(n):
    primary = [f"v{d}" for d in range(1, n + 1)] + [f"s{k}" for k in range(1, 2 * n + 1)]
    options = []
    for d in range(1, n + 1):
        for j in range(1, 2 * n - d):
            options.append([f"v{d}", f"s{j}", f"s{j + d + 1}"])
    write(f"langford{n}.dlx", f"Langford pairs n={n}: value v{{d}} at slots s{{j}} and s{{j+d+1}}",
          primary, [], options)


def latin(n):
    primary = ([f"p{r}{c}" for r in range(n) for c in range(n)]
               + [f"r{r}{v}" for r in range(n) for v in range(n)]
               + [f"c{c}{v}" for c in range(n) for v in range(n)])
    options = [[f"p{r}{c}", f"r{r}{v}", f"c{c}{v}"] for r in range(n) for c in range(n) for v in range(n)]
    write(f"latin{n}.dlx", f"Latin squares of order {n}", primary, [], options)


def shidoku():
    primary = []
    for kind in "prcb":
        primary += [f"{kind}{a}{b}" for a in range(4) for b in range(4)]
    options = []
    for r in range(4):
        for c in range(4):
            box = 2 * (r // 2) + c // 2
            for v in range(4):
                options.append([f"p{r}{c}", f"r{r}{v}", f"c{c}{v}", f"b{box}{v}"])
    write("sudoku4.dlx", "4x4 Sudoku (Shidoku) grids: cell, row/value, column/value, box/value",
          primary, [], options)


def bounded(name, bounds):
    """An item with Knuth's DLX3 bounds: `name` for 1:1, `v|name`, `u:v|name`."""
    u, v = bounds
    if (u, v) == (1, 1):
        return name
    return f"{v}|{name}" if u == v else f"{u}:{v}|{name}"


def stars(n, k, regions=None, name=None, directory=HERE):
    """Star Battle: k stars in every row, column and region (`regions`: a region letter per cell,
    row by row; None: rows and columns only), no two stars touching, even diagonally. The 2x2
    blocks are secondary items: two cells touch exactly when some block holds both."""
    primary = [bounded(f"r{i}", (k, k)) for i in range(n)] + [bounded(f"c{j}", (k, k)) for j in range(n)]
    if regions:
        primary += [bounded(f"g{g}", (k, k)) for g in sorted(set(regions))]
    secondary = [f"b{digit(i)}{digit(j)}" for i in range(n - 1) for j in range(n - 1)]
    options = []
    for i in range(n):
        for j in range(n):
            option = [f"r{i}", f"c{j}"]
            if regions:
                option.append(f"g{regions[i * n + j]}")
            option += [f"b{digit(a)}{digit(b)}" for a in (i - 1, i) for b in (j - 1, j)
                       if 0 <= a < n - 1 and 0 <= b < n - 1]
            options.append(option)
    layout = f", regions {regions}" if regions else ""
    write(name or f"stars{n}x{n}-{k}.dlx",
          f"Star Battle {n}x{n}, {k} stars per row, column{' and region' if regions else ''}{layout};\n"
          "2x2 blocks secondary (no two stars touch)",
          primary, secondary, options, directory)


def star_solution(n, k):
    """The first placement of k stars per row and column, none touching (rows top to bottom,
    columns left to right), as a list of cells; None if there is none."""
    from itertools import combinations
    rows = [c for c in combinations(range(n), k) if all(b - a > 1 for a, b in zip(c, c[1:]))]

    def place(i, previous, counts):
        if i == n:
            return [] if all(x == k for x in counts) else None
        for cols in rows:
            if any(abs(c - p) <= 1 for c in cols for p in previous) or any(counts[c] == k for c in cols):
                continue
            for c in cols:
                counts[c] += 1
            rest = place(i + 1, cols, counts)
            for c in cols:
                counts[c] -= 1
            if rest is not None:
                return [i * n + c for c in cols] + rest
        return None

    return place(0, (), [0] * n)


def regions(n, seed, k=None):
    """A random partition of the n x n grid into n connected regions (seeded growth). With `k`,
    the regions grow from the stars of `star_solution(n, k)`, k stars to a region taken in order,
    so that the puzzle has a solution."""
    rng = random.Random(seed)
    cells = [None] * (n * n)
    if k is None:
        groups = [[c] for c in rng.sample(range(n * n), n)]
    else:
        stars = star_solution(n, k)
        groups = [stars[g * k:(g + 1) * k] for g in range(n)]
        # Join each group's stars by a path first (the regions must be connected).
        for g, group in enumerate(groups):
            path = []
            for a, b in zip(group, group[1:]):
                (i, j), (p, q) = divmod(a, n), divmod(b, n)
                while (i, j) != (p, q):
                    i += (p > i) - (p < i)
                    if (i, j) == (p, q):
                        break
                    j += (q > j) - (q < j)
                    path.append(i * n + j)
            groups[g] = group + [c for c in path if c not in group]
        taken = set()
        for g, group in enumerate(groups):
            groups[g] = [c for c in group if c not in taken]
            taken.update(groups[g])
    frontier = []
    for g, group in enumerate(groups):
        for c in group:
            cells[c] = g
            frontier.append(c)
    while None in cells:
        c = rng.choice(frontier)
        i, j = divmod(c, n)
        free = [(a, b) for a, b in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
                if 0 <= a < n and 0 <= b < n and cells[a * n + b] is None]
        if not free:
            frontier.remove(c)
            continue
        a, b = rng.choice(free)
        cells[a * n + b] = cells[c]
        frontier.append(a * n + b)
    return "".join("abcdefghijklmnopqrstuvwxyz"[g] for g in cells)


def langford_counts(n, bounds, directory=HERE):
    """Langford-style counts: the 2n slots each filled once by pairs (d at s{j} and s{j+d+1}), each
    value d used between `bounds` times (the classic problem is 1:1)."""
    primary = [bounded(f"v{d}", bounds) for d in range(1, n + 1)] + [f"s{k}" for k in range(1, 2 * n + 1)]
    options = [[f"v{d}", f"s{j}", f"s{j + d + 1}"] for d in range(1, n + 1) for j in range(1, 2 * n - d)]
    u, v = bounds
    write(f"langford{n}-{u}to{v}.dlx",
          f"Langford-style pairs on {2 * n} slots: value d at s{{j}} and s{{j+d+1}}, each value used {u} to {v} times",
          primary, [], options, directory)


# Polyomino cells, each shape in one orientation; `placements` makes the others.
PIECES = {
    "D": [(0, 0), (0, 1)],
    "L": [(0, 0), (1, 0), (1, 1)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1)],
}


def placements(shape, rows, cols):
    seen = set()
    for turn in range(8):
        cells = shape
        for _ in range(turn % 4):
            cells = [(c, -r) for r, c in cells]
        if turn >= 4:
            cells = [(r, -c) for r, c in cells]
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        cells = tuple(sorted((r - r0, c - c0) for r, c in cells))
        if cells in seen:
            continue
        seen.add(cells)
        for dr in range(rows):
            for dc in range(cols):
                moved = [(r + dr, c + dc) for r, c in cells]
                if all(r < rows and c < cols for r, c in moved):
                    yield moved


def copies(rows, cols, pieces, name, directory=HERE):
    """Tile a rows x cols board with several copies of each piece: `pieces` maps a piece to how
    many copies (Knuth's `v|P`); every cell primary, covered once."""
    primary = [bounded(p, (n, n)) for p, n in pieces.items()] + [f"x{digit(r)}{digit(c)}" for r in range(rows) for c in range(cols)]
    options = []
    for p in pieces:
        for cells in placements(PIECES[p], rows, cols):
            options.append([p] + [f"x{digit(r)}{digit(c)}" for r, c in cells])
    counts = ", ".join(f"{n} x {p}" for p, n in pieces.items())
    write(name, f"Tilings of a {rows}x{cols} board with {counts} (all placements, mirror images too)",
          primary, [], options, directory)


def random_bounded(name, seed, primary_items, secondary_items, options_count, directory=HERE):
    """Random options over items with random bounds 0..3 and coloured secondary items."""
    rng = random.Random(seed)
    primary_names = [f"p{i}" for i in range(primary_items)]
    secondary = [f"s{i}" for i in range(secondary_items)]
    primary = []
    for p in primary_names:
        v = rng.randint(1, 3)
        primary.append(bounded(p, (rng.randint(0, v), v)))
    options = []
    for _ in range(options_count):
        option = rng.sample(primary_names, rng.randint(1, 3))
        for s in secondary:
            if rng.random() < 0.4:
                option.append(s + rng.choice(["", ":A", ":B"]))
        options.append(option)
    write(name, f"Random bounds and options (seed {seed})", primary, secondary, options, directory)


def bench(directory):
    os.makedirs(directory, exist_ok=True)
    stars(10, 2, name="stars10x10-2.dlx", directory=directory)
    stars(14, 2, regions(14, 3, 2), name="stars14x14-2-regions.dlx", directory=directory)
    langford_counts(10, (0, 2), directory)
    copies(6, 8, {"P": 4, "T": 4, "L": 4}, "copies6x8-4P4T4L.dlx", directory)


def main():
    if sys.argv[1:2] == ["--bench"]:
        bench(sys.argv[2])
        return
    write("knuth-paper.dlx", "The example of Knuth's \"Dancing Links\" (2000), with F and G secondary.\n"
          "Only solution: {A D, C E F, B G}.",
          list("ABCDE"), list("FG"),
          [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]])
    write("colors.dlx", "Colours (Knuth's DLX2 example). Only solution: {q x:A, p r x:A y}.",
          list("pqr"), list("xy"),
          [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"], ["q", "x:A"], ["r", "y:B"]])
    write("no-solution.dlx", "No exact cover: three items, each option covers two of them.",
          list("ABC"), [], [["A", "B"], ["B", "C"], ["A", "C"]])
    write("uncovered-item.dlx", "No solution: item D is in no option.",
          list("ABCD"), list("x"), [["A", "x"], ["B", "C"], ["A", "B", "C"], ["C", "x"]])
    for n in (6, 7):
        queens(n)
    langford(3)
    langford(4)
    latin(3)
    latin(4)
    shidoku()
    # With multiplicities (Knuth's DLX3 bounds).
    stars(6, 2)
    stars(8, 2, regions(8, 1, 2), name="stars8x8-2-regions.dlx")
    langford_counts(4, (1, 2))
    copies(2, 5, {"D": 2, "L": 2}, "copies2x5.dlx")
    random_bounded("random-bounds.dlx", 7, 6, 2, 16)


if __name__ == "__main__":
    main()
