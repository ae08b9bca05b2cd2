#!/usr/bin/env python3
"""The acceptance run of the janko.at families, as a user runs it: `tessera F solve FILE --timeout 1`
(every answer compared with the published one) and `tessera F count FILE --limit 2 --timeout 2`
(every puzzle proven unique), one process per file, per-puzzle seconds from `--json`; then, in the
same run, the CP-SAT peer (scripts/cpsat-F.py) on the same file when PYTHON_ORTOOLS names a Python
with `ortools`.

    scripts/families-bench.py TESSERA FAMILY PUZZLES ANSWERS [FAMILY PUZZLES ANSWERS ...]
    PYTHON_ORTOOLS=/tmp/venv/bin/python scripts/families-bench.py target/release/tessera \\
        killer killer.txt killer.solutions.txt kenken kenken.txt kenken.solutions.txt

Prints one line per file: puzzles, solved to the published answer, proven unique, and the median,
99th percentile and worst seconds of each, Tessera's and CP-SAT's side by side.
"""

import json
import os
import statistics
import subprocess
import sys


def grids(text):
    """The answers of a file as lists of normalised lines, comments and blank lines dropped."""
    blocks, block = [], []
    for line in text.splitlines() + [""]:
        line = " ".join(line.split())
        if not line or line.startswith("# "):
            if block:
                blocks.append(block)
            block = []
        else:
            block.append(line)
    return blocks


def spread(seconds):
    if not seconds:
        return "-"
    seconds = sorted(seconds)
    p99 = seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))]
    return f"median {statistics.median(seconds) * 1000:.2f} ms, p99 {p99 * 1000:.1f} ms, worst {seconds[-1] * 1000:.1f} ms"


def run_json(command):
    done = subprocess.run(command, capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def tessera(binary, family, puzzles, answers):
    published = grids(open(answers).read())
    solved = run_json([binary, family, "solve", puzzles, "--timeout", "1", "--json"])
    right = sum(
        1
        for record, expected in zip(solved, published)
        if record["outcome"] == "solved" and grids(record["solution"])[0] == expected
    )
    counted = run_json([binary, family, "count", puzzles, "--limit", "2", "--timeout", "2", "--json"])
    unique = sum(1 for record in counted if record["outcome"] == "exhausted" and record["solutions"] == 1)
    wrong = [r["index"] for r, e in zip(solved, published) if r["outcome"] != "solved" or grids(r["solution"])[0] != e]
    not_unique = [r["index"] for r in counted if not (r["outcome"] == "exhausted" and r["solutions"] == 1)]
    return {
        "puzzles": len(published),
        "solved": right,
        "unique": unique,
        "solve": spread([r["seconds"] for r in solved]),
        "count": spread([r["seconds"] for r in counted]),
        "missed": wrong[:10],
        "not_unique": not_unique[:10],
    }


def cpsat(family, puzzles):
    python = os.environ.get("PYTHON_ORTOOLS")
    if not python:
        return None
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"cpsat-{family}.py")
    done = subprocess.run([python, script, puzzles], capture_output=True, text=True)
    return "\n    ".join(line for line in done.stdout.splitlines()[-4:] if line.strip())


def main():
    if len(sys.argv) < 5 or (len(sys.argv) - 2) % 3:
        sys.exit(__doc__)
    binary = sys.argv[1]
    for i in range(2, len(sys.argv), 3):
        family, puzzles, answers = sys.argv[i : i + 3]
        result = tessera(binary, family, puzzles, answers)
        print(f"{family} {puzzles}: {result['puzzles']} puzzles, {result['solved']} solved to the published answer, {result['unique']} proven unique")
        print(f"  tessera solve --timeout 1: {result['solve']}")
        print(f"  tessera count --limit 2 --timeout 2: {result['count']}")
        if result["missed"] or result["not_unique"]:
            print(f"  missed: {result['missed']}  not proven unique: {result['not_unique']}")
        peer = cpsat(family, puzzles)
        if peer is not None:
            print(f"  CP-SAT (one worker):\n    {peer}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
