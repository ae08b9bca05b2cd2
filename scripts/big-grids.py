#!/usr/bin/env python3
"""Every layout the Sudoku generator makes, at every level it offers, a few seeds each: then each
puzzle counted, solved and rated, with the CPU time of each whole process (docs/performance.md,
"Big grids (issue 29)").

    scripts/big-grids.py generate DIR [--seeds N]     # DIR/<layout>-<level>.txt, N puzzles each
    scripts/big-grids.py measure DIR [--engines auto,general] [--timeout S]

TESSERA is the `tessera` binary (default target/release/tessera). `generate` asks the generator
for every level in turn and skips the levels a layout does not offer (the CLI refuses them).
`measure` runs `sudoku count`, `sudoku solve` (with each engine of --engines) and `sudoku rate`
on each puzzle alone, one thread, the engines alternating per puzzle, and prints per layout the
median and the worst CPU time (user + system) of each, and the puzzles that gave up or did not
come out unique. CPU time is read from the child's rusage, so that the load of the machine
counts less than in wall time.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESSERA = os.environ.get("TESSERA", str(ROOT / "target" / "release" / "tessera"))
LEVELS = ["easy", "medium", "hard", "expert", "extreme", "fiendish", "diabolical"]
LAYOUTS = [
    ("4", ["--size", "4"]),
    ("6", ["--size", "6"]),
    ("6-3x2", ["--boxes", "3x2"]),
    ("6x", ["--size", "6", "--x"]),
    ("8", ["--size", "8"]),
    ("8-4x2", ["--boxes", "4x2"]),
    ("9x", ["--size", "9", "--x"]),
    ("10-2x5", ["--boxes", "2x5"]),
    ("12", ["--size", "12"]),
    ("12-4x3", ["--boxes", "4x3"]),
    ("15-3x5", ["--boxes", "3x5"]),
    ("16", ["--size", "16"]),
    ("16x", ["--size", "16", "--x"]),
    ("20-4x5", ["--boxes", "4x5"]),
    ("25", ["--size", "25"]),
    ("25x", ["--size", "25", "--x"]),
    ("jigsaw-6", ["--size", "6", "--jigsaw"]),
    ("jigsaw-8", ["--size", "8", "--jigsaw"]),
    ("jigsaw-9", ["--size", "9", "--jigsaw"]),
    ("jigsaw-9x", ["--size", "9", "--jigsaw", "--x"]),
]


def run(args, timeout=None):
    """Runs `tessera ARGS`; returns (exit status, stdout, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([TESSERA, *args], capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc.returncode, proc.stdout, cpu


def generate(out, seeds, only):
    out.mkdir(parents=True, exist_ok=True)
    for name, flags in LAYOUTS:
        if only and name not in only:
            continue
        for level in LEVELS:
            path = out / f"{name}-{level}.txt"
            if path.exists():
                continue
            args = ["sudoku", "generate", *flags, "--difficulty", level, "--count", str(seeds),
                    "--seed", "1", "--timeout", "300", "--no-progress"]
            start = time.time()
            status, stdout, cpu = run(args)
            if status == 1:
                continue  # a level this layout does not offer (or an unknown flag)
            path.write_text(stdout)
            print(f"{name} {level}: status {status}, {cpu:.2f} s CPU, {time.time() - start:.1f} s wall",
                  flush=True)


def measure(folder, engines, timeout, only):
    rows = {}
    for path in sorted(folder.glob("*.txt")):
        layout = path.stem.rsplit("-", 1)[0]
        if only and layout not in only:
            continue
        puzzles = [line for line in path.read_text().splitlines() if line and line != "gave-up"]
        for puzzle in puzzles:
            tmp = folder / "one.tmp"
            tmp.write_text(puzzle + "\n")
            row = rows.setdefault(layout, {})
            for command in ["count", "solve"]:
                for engine in engines:
                    status, stdout, cpu = run(["sudoku", command, str(tmp), "--engine", engine,
                                               "--timeout", str(timeout), "-q"])
                    row.setdefault(f"{command} {engine}", []).append((cpu, status, stdout.strip()))
            status, stdout, cpu = run(["sudoku", "rate", str(tmp), "--timeout", str(timeout), "-q"])
            row.setdefault("rate", []).append((cpu, status, stdout.strip()))
    print(f"{'layout':10} {'n':>3}  " + "  ".join(f"{k:>22}" for k in next(iter(rows.values()), {})))
    for layout, row in rows.items():
        cells = []
        for key, runs in row.items():
            times = [cpu for cpu, _, _ in runs]
            bad = sum(1 for _, status, out in runs if status != 0 or (key.startswith("count") and out != "1"))
            cells.append(f"{statistics.median(times):8.3f} {max(times):8.3f} {bad:3}")
        print(f"{layout:10} {len(next(iter(row.values()))):3}  " + "  ".join(f"{c:>22}" for c in cells))
    print("(per column: median and worst CPU seconds, puzzles that gave up or were not unique)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["generate", "measure"])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--engines", default="auto,general")
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--only", default="", help="comma-separated layout names")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    if args.action == "generate":
        generate(args.folder, args.seeds, only)
    else:
        measure(args.folder, args.engines.split(","), args.timeout, only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
