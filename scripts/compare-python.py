#!/usr/bin/env python3
"""The exact-cover count from Python against the CLI's on the same file, alternating.

    python scripts/compare-python.py TESSERA FILE [RUNS]

TESSERA is the release binary (``cargo build --release -p tessera-cli``; target/release/tessera),
FILE an instance in Knuth's format (e.g. $TESSERA_DATA/xc/pent6x10.dlx), RUNS the rounds
(default 7). Run it with the Python that has the ``tessera`` package installed (the venv of
scripts/test-python.sh). Each round runs both programs, in an order that alternates from round to
round, one thread each, and checks that they print the same count. Printed: per program, the
median of the whole process's wall time and of the search alone (the CLI's ``--stats`` seconds;
Python's ``Count.seconds``, and the wall time of the ``count()`` call around it), and the ratios.
"""

import statistics
import subprocess
import sys
import time

PYTHON_COUNT = """
import sys, time
import tessera
problem = tessera.ExactCover.from_file(sys.argv[1])
start = time.perf_counter()
count = problem.count()
call = time.perf_counter() - start
print(count.solutions, count.seconds, call)
"""


def run_cli(binary, path):
    start = time.perf_counter()
    done = subprocess.run(
        [binary, "xc", "count", path, "--stats", "--no-progress"], capture_output=True, text=True, check=True
    )
    wall = time.perf_counter() - start
    stats = dict(field.split("=", 1) for field in done.stderr.split() if "=" in field)
    return int(done.stdout.split()[0]), wall, float(stats["seconds"]), float(stats["seconds"])


def run_python(path):
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PYTHON_COUNT, path], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    solutions, search, call = done.stdout.split()
    return int(solutions), wall, float(search), float(call)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    binary, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) == 4 else 7
    runs = {"cli": [], "python": []}
    for r in range(rounds):
        order = ["cli", "python"] if r % 2 == 0 else ["python", "cli"]
        for name in order:
            runs[name].append(run_cli(binary, path) if name == "cli" else run_python(path))
        print(f"round {r + 1}: " + ", ".join(f"{n} {runs[n][-1][1]:.3f} s" for n in order), file=sys.stderr)
    counts = {run[0] for name in runs for run in runs[name]}
    if len(counts) != 1:
        sys.exit(f"the counts differ: {counts}")
    median = {name: [statistics.median(run[i] for run in runs[name]) for i in (1, 2, 3)] for name in runs}
    cli, py = median["cli"], median["python"]
    print(f"{path}: {counts.pop()} solutions, median of {rounds} alternating rounds, seconds")
    print()
    print("| | whole process | search (own timer) | `count()` call |")
    print("|---|---:|---:|---:|")
    print(f"| CLI `tessera xc count` | {cli[0]:.3f} | {cli[1]:.3f} | |")
    print(f"| Python `ExactCover.count()` | {py[0]:.3f} | {py[1]:.3f} | {py[2]:.3f} |")
    print(f"| Python / CLI | {py[0] / cli[0]:.3f} | {py[1] / cli[1]:.3f} | {py[2] / cli[1]:.3f} |")


if __name__ == "__main__":
    main()
