#!/usr/bin/env python3
"""Adversarial 9x9 sets for scripts/compare-tdoku.sh (EXTRA_SETS), from the 17-clue set.

    scripts/make-adversarial-sudoku.py PUZZLES SOLUTIONS OUT_DIR [SEED]

PUZZLES is the 17-clue file (one puzzle a line, '#' comments), SOLUTIONS its solutions in the
same order (say `tessera sudoku solve PUZZLES --threads 1 > SOLUTIONS`). Writes to OUT_DIR:

- nosolution_17plus1.txt: each puzzle plus one wrong digit in an empty cell that clashes with no
  given of its row, column or box (the puzzle had one solution, so now it has none);
- multi_16.txt: each puzzle less one clue (a 17-clue puzzle is minimal: 2+ solutions);
- emptyish.txt: 20,000 grids with 0-6 givens taken from the first solutions.

The same SEED (default 29) gives the same files.
"""

import random
import sys
from pathlib import Path


def peers(cell):
    row, col = divmod(cell, 9)
    out = {9 * row + i for i in range(9)} | {9 * i + col for i in range(9)}
    top, left = 3 * (row // 3), 3 * (col // 3)
    out |= {9 * (top + i) + left + j for i in range(3) for j in range(3)}
    out.discard(cell)
    return out


def lines(path):
    text = Path(path).read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    puzzles = [p.replace("0", ".") for p in lines(argv[1])]
    solutions = lines(argv[2])
    out = Path(argv[3])
    rng = random.Random(int(argv[4]) if len(argv) == 5 else 29)
    if len(puzzles) != len(solutions):
        sys.exit(f"{len(puzzles)} puzzles but {len(solutions)} solutions")
    for n, (p, s) in enumerate(zip(puzzles, solutions)):
        if len(p) < 81 or len(s) != 81 or any(g not in ".0" and g != d for g, d in zip(p, s)):
            sys.exit(f"line {n + 1}: not a puzzle and its solution")

    nosolution = []
    for p, s in zip(puzzles, solutions):
        cells = list(p[:81])
        empty = [i for i in range(81) if cells[i] == "."]
        rng.shuffle(empty)
        for cell in empty:
            used = {cells[q] for q in peers(cell)}
            wrong = [d for d in "123456789" if d != s[cell] and d not in used]
            if wrong:
                cells[cell] = rng.choice(wrong)
                break
        nosolution.append("".join(cells))

    several = []
    for p in puzzles:
        cells = list(p[:81])
        clues = [i for i in range(81) if cells[i] != "."]
        cells[rng.choice(clues)] = "."
        several.append("".join(cells))

    emptyish = []
    for s in solutions[:20000]:
        keep = set(rng.sample(range(81), rng.randint(0, 6)))
        emptyish.append("".join(s[i] if i in keep else "." for i in range(81)))

    out.mkdir(parents=True, exist_ok=True)
    for name, rows in [("nosolution_17plus1", nosolution), ("multi_16", several), ("emptyish", emptyish)]:
        (out / f"{name}.txt").write_text("\n".join(rows) + "\n")
        print(f"{out / name}.txt: {len(rows)} puzzles")


if __name__ == "__main__":
    main(sys.argv)
