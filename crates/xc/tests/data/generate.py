#!/usr/bin/env python3
"""Writes the small known-answer instances of tessera-xc's tests, in Knuth's DLX text format.

Run from anywhere: `python3 crates/xc/tests/data/generate.py`. The files are committed; this script
documents how they were made and can remake them. The expected counts are in ANSWERS.tsv next to
them (published values: OEIS A000170 for queens, A014552 for Langford pairs, A002860 for Latin
squares; 288 Shidoku grids; the two small examples are Knuth's).
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, comment, primary, secondary, options):
    path = os.path.join(HERE, name)
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


def main():
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


if __name__ == "__main__":
    main()
