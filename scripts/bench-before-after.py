#!/usr/bin/env python3
"""Benchmarks of two builds side by side, in the same run: did a change make anything slower?

    scripts/bench-before-after.py BEFORE AFTER [--rounds N]

BEFORE and AFTER are cargo release folders (target/release of two worktrees), each holding the
`tessera` binary and the example drivers (`cargo build --release -p tessera -p tessera-cli
--examples --bins`). Each round runs every benchmark once with each build, the order flipped
every round, so that load from elsewhere falls on both alike; the table gives the median of the
rounds and after/before. The drivers are timed by their own clock (the figure their summary
line prints); the CLI rows by the wall time of the whole process. The shared data sets come from
TESSERA_DATA (default ../shared/data). This is the method of docs/performance.md, "After the
issue-12 refactor".
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("TESSERA_DATA", ROOT.parent / "shared" / "data"))


def driver(name, args, pattern, on_stdout=False):
    """A benchmark read from a driver's own summary (on standard error, or standard output when
    `on_stdout`): the first group of `pattern`."""
    return ("driver", name, args, re.compile(pattern), on_stdout)


def cli(args):
    """A benchmark timed as a whole `tessera` process."""
    return ("cli", "tessera", args, None, False)


def benchmarks():
    d = str(DATA)
    return [
        ("sudoku_bench solve 17-clue (s)", driver("sudoku_bench", ["solve", f"{d}/sudoku/17_clue.txt"], r"in ([\d.]+) s")),
        ("sudoku_bench count 17-clue (s)", driver("sudoku_bench", ["count", f"{d}/sudoku/17_clue.txt"], r"in ([\d.]+) s")),
        ("sudoku_bench solve serg (s)", driver("sudoku_bench", ["solve", f"{d}/sudoku/serg_benchmark.txt"], r"in ([\d.]+) s")),
        ("tiling_bench 6x10 bits (s)", driver("tiling_bench", ["--runs", "1", "6x10"], r"Bits\s+threads 1 .* ([\d.]+) s", on_stdout=True)),
        ("tiling_bench 6x10 xc (s)", driver("tiling_bench", ["--runs", "1", "6x10"], r"ExactCover\s+threads 1 .* ([\d.]+) s", on_stdout=True)),
        ("tiling_bench queens14 bits (s)", driver("tiling_bench", ["--runs", "1", "queens14"], r"bitmask\s+threads 1 .* ([\d.]+) s", on_stdout=True)),
        ("tiling_bench queens14 xc (s)", driver("tiling_bench", ["--runs", "1", "queens14"], r"xc\s+threads 1 .* ([\d.]+) s", on_stdout=True)),
        ("hidato_bench janko total (ms)", driver("hidato_bench", [f"{d}/hidato/janko.txt"], r"total ([\d.]+) ms", on_stdout=True)),
        ("CLI sudoku solve 17-clue (s)", cli(["sudoku", "solve", f"{d}/sudoku/17_clue.txt", "--no-progress"])),
        ("CLI sudoku count magictour (s)", cli(["sudoku", "count", f"{d}/sudoku/magictour_top1465.txt", "--no-progress"])),
        ("CLI hidato solve janko (s)", cli(["hidato", "solve", f"{d}/hidato/janko.txt", "--no-progress"])),
        ("CLI tiling count 6x10 (s)", cli(["tiling", "count", "--board", "6x10", "--no-progress"])),
        ("CLI queens 14 --count (s)", cli(["queens", "14", "--count", "--no-progress"])),
        ("CLI xc count pent6x10 (s)", cli(["xc", "count", f"{d}/xc/pent6x10.dlx", "--no-progress"])),
        ("CLI queens 12 --all > /dev/null (s)", cli(["queens", "12", "--all", "--no-progress"])),
    ]


def run(build, bench):
    kind, name, args, pattern, on_stdout = bench
    program = build / name if kind == "cli" else build / "examples" / name
    out = subprocess.PIPE if on_stdout else subprocess.DEVNULL
    start = time.perf_counter()
    done = subprocess.run([str(program), *args], stdout=out, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{program} {' '.join(args)}: status {done.returncode}\n{done.stderr[-2000:]}")
    if kind == "cli":
        return wall
    text = done.stdout if on_stdout else done.stderr
    found = pattern.search(text)
    if not found:
        sys.exit(f"{program} {' '.join(args)}: no figure matching {pattern.pattern!r} in:\n{text[-2000:]}")
    return float(found.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()
    rows = benchmarks()
    figures = {label: ([], []) for label, _ in rows}
    for round_ in range(options.rounds):
        order = [(0, options.before), (1, options.after)]
        if round_ % 2:
            order.reverse()
        for label, bench in rows:
            for side, build in order:
                figures[label][side].append(run(build, bench))
        print(f"round {round_ + 1} of {options.rounds} done", file=sys.stderr)
    print(f"| benchmark | before | after | after / before (median of {options.rounds}) | after / before (best) |")
    print("|---|---:|---:|---:|---:|")
    for label, _ in rows:
        before, after = figures[label]
        mb, ma = statistics.median(before), statistics.median(after)
        print(f"| {label} | {mb:.4g} | {ma:.4g} | {ma / mb:.2f} | {min(after) / min(before):.2f} |")


if __name__ == "__main__":
    main()
