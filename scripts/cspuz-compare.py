#!/usr/bin/env python3
"""A pencil genre with cspuz_core: the peer of docs/performance.md ("Nonogram", "Kakuro"), side by
side with Tessera.

cspuz_core (semiexp/cspuz_core, Rust over a SAT solver) is built from source by whoever runs this
(`cargo build --release -p cspuz_solver_backend --bin run_solver` in its checkout, with its glucose
submodule); its `run_solver URL` answers "Unique", "Not unique" or "No Answer" for a puzz.link
address. This script reads `.non` files with Tessera's Python package (`tessera.Nonogram`, from
the wheel of scripts/test-python.sh), writes each puzzle's puzz.link address as pzprjs does
(`Nonogram.to_url`), and times, per puzzle and one at a time, cspuz_core's run_solver (a solve and
its uniqueness, with the process start: run `run_solver` on a 1x1 address to see that cost) and
`tessera GENRE count --limit 2` on the same address, then prints the median and the worst of
each and where the answers differ. A file is any text the genre's class reads (`.non` files for
Nonogram, janko.at's text for Kakuro), or a puzzlekit dataset JSON (`data.ID.problem`).

    CSPUZ_RUN_SOLVER=/path/to/run_solver TESSERA=/path/to/tessera \\
        python scripts/cspuz-compare.py nonogram|kakuro FILE... [--timeout 10]
"""

import json

import os
import statistics
import subprocess
import sys
import time

import tessera


def timed(command, timeout):
    """(seconds, stdout) of a command, or (None, "timeout")."""
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return time.perf_counter() - started, done.stdout + done.stderr


def main():
    args = sys.argv[1:]
    timeout = 10.0
    if "--timeout" in args:
        k = args.index("--timeout")
        timeout = float(args[k + 1])
        del args[k : k + 2]
    cspuz = os.environ["CSPUZ_RUN_SOLVER"]
    ours = os.environ.get("TESSERA", "tessera")
    genre, args = args[0], args[1:]
    kind = {"nonogram": tessera.Nonogram, "kakuro": tessera.Kakuro}[genre]
    for path in args:
        with open(path) as f:
            text = f.read()
        if path.endswith(".json"):
            data = json.loads(text)["data"]
            puzzles = [kind(entry["problem"]) for entry in data.values()]
        else:
            puzzles = kind.parse_many(text)
        times = {"cspuz": [], "tessera": []}
        differ = []
        for k, puzzle in enumerate(puzzles):
            url = puzzle.to_url()
            seconds, said = timed([cspuz, url], timeout)
            peer = "unique" if "Answer Status: Unique" in said else "many" if "Not unique" in said else "none" if "No Answer" in said else said.strip()[:40]
            times["cspuz"].append(seconds)
            started = time.perf_counter()
            done = subprocess.run(
                [ours, genre, "count", "--limit", "2", "--timeout", str(timeout), "-"],
                input=url + "\n", capture_output=True, text=True,
            )
            mine_s = time.perf_counter() - started
            count = done.stdout.strip()
            mine = {"1": "unique", "2": "many", "0": "none"}.get(count, f"gave up ({done.returncode})")
            times["tessera"].append(mine_s if done.returncode == 0 else None)
            if peer != mine:
                differ.append((k, puzzle.width, puzzle.height, peer, mine))
        print(f"{path}: {len(puzzles)} puzzles")
        for who, list_ in times.items():
            got = [t * 1000 for t in list_ if t is not None]
            open_ = len(list_) - len(got)
            if got:
                print(f"  {who:8} median {statistics.median(got):9.1f} ms  worst {max(got):9.1f} ms"
                      + (f"  ({open_} not within {timeout} s)" if open_ else ""))
            else:
                print(f"  {who:8} none within {timeout} s")
        for k, w, h, peer, mine in differ:
            print(f"  puzzle {k + 1} ({w}x{h}): cspuz_core {peer}, Tessera {mine}")


if __name__ == "__main__":
    main()
