#!/usr/bin/env python3
"""Helper of scripts/compare-hidato.sh (Tessera against CP-SAT on a Hidato / Numbrix corpus).

    compare-hidato-summary.py filter MAX_SIDE IN OUT
        Copy the puzzles of IN whose width and height are both <= MAX_SIDE (0: all of them) to OUT,
        in the text format, and write their 1-based indices in IN to OUT.index, one a line.

    compare-hidato-summary.py summary WORK CORPUS TIMEOUT [--out FILE] [--info TEXT]
        Read answers.tsv from CORPUS and, for each TYPE in hidato and numbrix, the files the script
        leaves in WORK: TYPE.txt.index, TYPE.tessera-solve.jsonl, TYPE.tessera-count.jsonl,
        TYPE.cpsat-solve.tsv and TYPE.cpsat-count2.tsv. Print a Markdown summary (also to FILE
        with --out), write every instance's results to WORK/results.tsv, and exit with status 3
        when any solver disagrees with the expected answer or with the other solver (each
        disagreement is also printed to standard error). An optional `solutions` column in
        answers.tsv (the exact count, as the sparse corpus of examples/hidato_sparse.rs has it) is
        checked too: every finished count to 2 must equal min(solutions, 2).

    compare-hidato-summary.py cache-get CACHE TYPE MODE TIMEOUT WORKERS ORTOOLS INPUT OUTPUT
        When CACHE (a TSV of earlier CP-SAT results) holds a result for every puzzle of INPUT, for
        this TYPE and MODE and the same TIMEOUT, WORKERS and OR-Tools version, write them to OUTPUT
        as hidato-cpsat.py would and exit 0; else exit 1 and write nothing. Puzzles are matched by
        a hash of their contents (size and cells), not by their place in a file.

    compare-hidato-summary.py cache-put CACHE TYPE MODE TIMEOUT WORKERS ORTOOLS INPUT RESULTS
        Add hidato-cpsat.py's RESULTS for INPUT to CACHE (created when missing), replacing earlier
        results for the same puzzles and settings.

Not part of Tessera: benchmarking tooling only.
"""

import hashlib
import importlib.util
import json
import math
import os
import statistics
import sys
from collections import namedtuple

TYPES = [("hidato", "hidato.txt"), ("numbrix", "numbrix.txt")]
SMALL_SIDE = 24
SLOWEST = 5
CACHE_FIELDS = ["type", "mode", "puzzle", "timeout", "workers", "ortools", "width", "height", "status",
                "solutions", "seconds"]

Instance = namedtuple(
    "Instance",
    "type file index name width height cells givens expected kind "
    "t_solve t_solve_s t_count t_count_n t_count_s c_solve c_solve_s c_count c_count_n c_count_s solutions",
)


def die(message, status=2):
    print(f"compare-hidato: {message}", file=sys.stderr)
    sys.exit(status)


def load_parser():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hidato-cpsat.py")
    spec = importlib.util.spec_from_file_location("hidato_cpsat", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cmd_filter(max_side, source, target):
    module = load_parser()
    with open(source, encoding="utf-8") as f:
        try:
            puzzles = module.read_puzzles(f.read())
        except module.InputError as err:
            die(f"{source}: {err}")
    kept = [(i, p) for i, p in enumerate(puzzles, 1) if max_side == 0 or max(p[0], p[1]) <= max_side]
    with open(target, "w", encoding="utf-8") as f:
        f.write(f"{len(kept)}\n")
        for _, (width, height, rows) in kept:
            f.write(f"{width} {height}\n")
            for row in rows:
                f.write(" ".join(str(v) for v in row) + "\n")
    with open(target + ".index", "w", encoding="utf-8") as f:
        for i, _ in kept:
            f.write(f"{i}\n")
    print(f"{source}: {len(kept)} of {len(puzzles)} puzzles", file=sys.stderr)


def read_answers(corpus):
    path = os.path.join(corpus, "answers.tsv")
    wanted = ["file", "index", "name", "width", "height", "cells", "givens", "expected", "kind"]
    answers = {}
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        missing = [c for c in wanted if c not in header]
        if missing:
            die(f"{path}: header lacks {', '.join(missing)}")
        for number, line in enumerate(f, 2):
            if not line.strip():
                continue
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row.get("expected") not in ("sat", "unsat"):
                die(f"{path}: line {number}: expected is {row.get('expected')!r}, not sat or unsat")
            name = os.path.basename(row["file"])
            kind = name[:-4] if name.endswith(".txt") else name
            if kind not in dict(TYPES):
                die(f"{path}: line {number}: unknown file {row['file']!r}")
            key = (kind, int(row["index"]))
            if key in answers:
                die(f"{path}: line {number}: {row['file']} #{row['index']} appears twice")
            answers[key] = row
    return answers


def read_lines(path, expected, parse):
    """Results of one run, one per puzzle of the (filtered) file, in order."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(parse(line))
    if len(rows) != expected:
        die(f"{path}: {len(rows)} results for {expected} puzzles", 1)
    return rows


def parse_json(line):
    obj = json.loads(line)
    # the CLI names a puzzle's place "index" (it was "puzzle" before its JSON keys were unified)
    number = obj["index"] if "index" in obj else obj["puzzle"]
    return number, obj["outcome"], obj.get("solutions"), float(obj["seconds"])


def parse_tsv(line):
    index, width, height, status, solutions, seconds = line.rstrip("\n").split("\t")
    return int(index), int(width), int(height), status, int(solutions), float(seconds)


def load(work, corpus):
    answers = read_answers(corpus)
    instances = []
    for kind, file_name in TYPES:
        index_path = os.path.join(work, f"{kind}.txt.index")
        if not os.path.exists(index_path):
            continue
        with open(index_path, encoding="utf-8") as f:
            indices = [int(line) for line in f if line.strip()]
        n = len(indices)
        ts = read_lines(os.path.join(work, f"{kind}.tessera-solve.jsonl"), n, parse_json)
        tc = read_lines(os.path.join(work, f"{kind}.tessera-count.jsonl"), n, parse_json)
        cs = read_lines(os.path.join(work, f"{kind}.cpsat-solve.tsv"), n, parse_tsv)
        cc = read_lines(os.path.join(work, f"{kind}.cpsat-count2.tsv"), n, parse_tsv)
        for j, original in enumerate(indices):
            for label, number in (("tessera solve", ts[j][0]), ("tessera count", tc[j][0]),
                                  ("CP-SAT solve", cs[j][0]), ("CP-SAT count2", cc[j][0])):
                if number != j + 1:
                    die(f"{file_name}: {label} gives puzzle {number} on line {j + 1}", 1)
            answer = answers.get((kind, original))
            if answer is None:
                die(f"answers.tsv has no row for {file_name} #{original}")
            width, height = int(answer["width"]), int(answer["height"])
            if (cs[j][1], cs[j][2]) != (width, height):
                die(f"{file_name} #{original}: the puzzle is {cs[j][1]}x{cs[j][2]}, answers.tsv says "
                    f"{width}x{height} (corpus and answers out of step?)", 1)
            instances.append(Instance(
                kind, file_name, original, answer["name"], width, height, answer["cells"],
                answer["givens"], answer["expected"], answer["kind"],
                ts[j][1], ts[j][3], tc[j][1], tc[j][2], tc[j][3],
                cs[j][3], cs[j][5], cc[j][3], cc[j][4], cc[j][5],
                int(answer["solutions"]) if answer.get("solutions") else None,
            ))
    return instances


def definite_count(outcome, solutions, finished_outcomes):
    """min(count, 2) when the run finished, else None."""
    if outcome not in finished_outcomes or solutions is None:
        return None
    return min(int(solutions), 2)


def disagreements(inst):
    """Every way this instance's answers contradict each other or the expected answer."""
    problems = []
    sat = inst.expected == "sat"
    if inst.t_solve == "solved" and not sat:
        problems.append("tessera solve found a solution, expected unsat")
    if inst.t_solve == "none" and sat:
        problems.append("tessera solve says none, expected sat")
    if inst.t_solve not in ("solved", "none", "gave-up"):
        problems.append(f"tessera solve outcome {inst.t_solve!r}")
    t_count = definite_count(inst.t_count, inst.t_count_n, ("exhausted", "limit-reached"))
    if inst.t_count not in ("exhausted", "limit-reached", "gave-up"):
        problems.append(f"tessera count outcome {inst.t_count!r}")
    if (inst.t_count_n or 0) > 0 and not sat:
        problems.append(f"tessera count found {inst.t_count_n} solution(s), expected unsat")
    if t_count == 0 and sat:
        problems.append("tessera count says 0, expected sat")
    if inst.t_count == "limit-reached" and inst.t_count_n != 2:
        problems.append(f"tessera count: limit reached at {inst.t_count_n}, not 2")
    for label, status in (("CP-SAT solve", inst.c_solve), ("CP-SAT count2", inst.c_count)):
        if status == "sat" and not sat:
            problems.append(f"{label} says sat, expected unsat")
        if status == "unsat" and sat:
            problems.append(f"{label} says unsat, expected sat")
    if inst.c_count == "unknown" and inst.c_count_n > 0 and not sat:
        problems.append(f"CP-SAT count2 found {inst.c_count_n} solution(s), expected unsat")
    c_count = inst.c_count_n if inst.c_count != "unknown" else None
    if t_count is not None and c_count is not None and t_count != c_count:
        problems.append(f"solution counts differ (to 2): tessera {t_count}, CP-SAT {c_count}")
    if inst.solutions is not None:
        expected = min(inst.solutions, 2)
        for label, counted in (("tessera count", t_count), ("CP-SAT count2", c_count)):
            if counted is not None and counted != expected:
                problems.append(f"{label} says {counted} (to 2), answers.tsv says {inst.solutions} solution(s)")
    if inst.t_solve == "solved" and t_count == 0:
        problems.append("tessera solve found a solution, tessera count says 0")
    if inst.t_solve == "none" and (inst.t_count_n or 0) > 0:
        problems.append("tessera solve says none, tessera count found a solution")
    return problems


def fmt_seconds(s):
    if s is None:
        return "–"
    if s < 1e-3:
        return f"{s * 1e6:.0f} µs"
    if s < 1:
        return f"{s * 1e3:.1f} ms" if s < 0.1 else f"{s * 1e3:.0f} ms"
    return f"{s:.2f} s"


def percentile(values, q):
    """The nearest-rank q-quantile: the smallest value with at least q of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def stats(values):
    """Median, 90th and 99th percentiles, maximum."""
    if not values:
        return None, None, None, None
    return statistics.median(values), percentile(values, 0.9), percentile(values, 0.99), max(values)


def table(instances, mode):
    if mode == "solve":
        ours = lambda i: i.t_solve_s  # noqa: E731
        theirs = lambda i: i.c_solve_s  # noqa: E731
        ours_gave_up = lambda i: i.t_solve == "gave-up"  # noqa: E731
        theirs_gave_up = lambda i: i.c_solve == "unknown"  # noqa: E731
    else:
        ours = lambda i: i.t_count_s  # noqa: E731
        theirs = lambda i: i.c_count_s  # noqa: E731
        ours_gave_up = lambda i: i.t_count == "gave-up"  # noqa: E731
        theirs_gave_up = lambda i: i.c_count == "unknown"  # noqa: E731
    groups = []
    for kind, _ in TYPES:
        everything = [i for i in instances if i.type == kind]
        for expected in ("sat", "unsat"):
            members = [i for i in everything if i.expected == expected]
            # an empty group, or one that is the whole type (a corpus of one answer), says nothing
            if members and len(members) != len(everything):
                groups.append((f"{kind} {expected}", members))
        if everything:
            groups.append((f"**{kind} all**", everything))
    groups.append(("**all**", instances))
    lines = [
        "| group | n | Tessera median | p90 | p99 | max | gave up | CP-SAT median | p90 | p99 | max | unknown "
        "| median ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for label, members in groups:
        o = stats([ours(i) for i in members])
        t = stats([theirs(i) for i in members])
        ratio = f"{t[0] / o[0]:.0f}x" if o[0] and t[0] else "–"
        if o[0] and t[0] and t[0] / o[0] < 10:
            ratio = f"{t[0] / o[0]:.2f}x"
        lines.append(
            f"| {label} | {len(members)} | {' | '.join(fmt_seconds(v) for v in o)} | "
            f"{sum(1 for i in members if ours_gave_up(i))} | {' | '.join(fmt_seconds(v) for v in t)} | "
            f"{sum(1 for i in members if theirs_gave_up(i))} | {ratio} |"
        )
    return lines


def describe(inst):
    solutions = "" if inst.solutions is None else f", {inst.solutions} solution(s)"
    return f"{inst.file} #{inst.index} {inst.name} ({inst.width}x{inst.height}, {inst.expected}, {inst.kind}{solutions})"


def slowest(instances, label, seconds, outcome):
    """The SLOWEST slowest instances of a run, per type."""
    lines = []
    for kind, _ in TYPES:
        members = [i for i in instances if i.type == kind]
        if not members:
            continue
        lines += [f"**{label}, {kind}**", ""]
        for inst in sorted(members, key=seconds, reverse=True)[:SLOWEST]:
            lines.append(f"- {fmt_seconds(seconds(inst))} {outcome(inst)}: {describe(inst)}")
        lines.append("")
    return lines


def cmd_summary(work, corpus, timeout, out, info):
    instances = load(work, corpus)
    if not instances:
        die("no results to summarise")
    out_lines = ["# Hidato / Numbrix: Tessera against CP-SAT", ""]
    if info:
        out_lines += [info, ""]
    out_lines += [
        f"Corpus `{corpus}`, {len(instances)} instances, timeout {timeout} s per puzzle and run. "
        "Tessera's seconds are each puzzle's own time inside the process, as its JSON reports it; "
        "CP-SAT's are model building plus solving, measured in Python (interpreter start-up excluded). "
        "Gave-up / unknown runs count with the time they spent (CP-SAT can overshoot the limit in presolve). "
        "count = solutions counted to 2 (Tessera `count --limit 2`, CP-SAT solve + forbid + solve again). "
        "p90 / p99 = the nearest-rank 90th / 99th percentile. median ratio = CP-SAT median / Tessera median.",
        "",
    ]

    bad = []
    for inst in instances:
        for problem in disagreements(inst):
            bad.append(f"{describe(inst)}: {problem}")
    out_lines += ["## Disagreements", ""]
    if bad:
        out_lines += [f"**{len(bad)} DISAGREEMENT(S)**", ""] + [f"- DISAGREEMENT: {b}" for b in bad] + [""]
    else:
        out_lines += ["None: every finished run agrees with the expected answer and with the other solver.", ""]

    sections = [("all boards", instances)]
    small = [i for i in instances if max(i.width, i.height) <= SMALL_SIDE]
    if len(small) != len(instances):
        sections.append((f"boards with max(width, height) <= {SMALL_SIDE}", small))
    for title, members in sections:
        for mode, what in (("solve", "solve (first solution)"), ("count", "count to 2")):
            out_lines += [f"## {what}, {title}", ""] + table(members, mode) + [""]

    out_lines += [f"## The {SLOWEST} slowest instances of each run", ""]
    out_lines += slowest(instances, "Tessera solve", lambda i: i.t_solve_s, lambda i: i.t_solve)
    out_lines += slowest(instances, "Tessera count", lambda i: i.t_count_s,
                         lambda i: f"{i.t_count} {i.t_count_n if i.t_count_n is not None else ''}".strip())
    out_lines += slowest(instances, "CP-SAT solve", lambda i: i.c_solve_s, lambda i: i.c_solve)
    out_lines += slowest(instances, "CP-SAT count2", lambda i: i.c_count_s, lambda i: f"{i.c_count} {i.c_count_n}")

    text = "\n".join(out_lines).rstrip() + "\n"
    print(text)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)

    with open(os.path.join(work, "results.tsv"), "w", encoding="utf-8") as f:
        f.write("\t".join(Instance._fields) + "\tdisagreements\n")
        for inst in instances:
            f.write("\t".join("" if v is None else str(v) for v in inst) + "\t" + "; ".join(disagreements(inst)) + "\n")

    if bad:
        print(f"\n!!! {len(bad)} DISAGREEMENT(S) !!!", file=sys.stderr)
        for b in bad:
            print(f"DISAGREEMENT: {b}", file=sys.stderr)
        sys.exit(3)


def puzzle_hashes(path):
    """A hash of each puzzle of the file at PATH (size and cells), in order."""
    module = load_parser()
    with open(path, encoding="utf-8") as f:
        try:
            puzzles = module.read_puzzles(f.read())
        except module.InputError as err:
            die(f"{path}: {err}")
    hashes = []
    for width, height, rows in puzzles:
        text = f"{width} {height};" + ";".join(" ".join(str(v) for v in row) for row in rows)
        hashes.append(hashlib.sha256(text.encode()).hexdigest()[:32])
    return hashes


def read_cache(cache):
    if not os.path.exists(cache):
        return []
    with open(cache, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        if header != CACHE_FIELDS:
            die(f"{cache}: not a CP-SAT cache (its header is not {' '.join(CACHE_FIELDS)})")
        return [dict(zip(CACHE_FIELDS, line.rstrip("\n").split("\t"))) for line in f if line.strip()]


def cache_key(row):
    return row["type"], row["mode"], row["puzzle"], float(row["timeout"]), int(row["workers"]), row["ortools"]


def cmd_cache_get(cache, kind, mode, timeout, workers, ortools, source, output):
    known = {cache_key(row): row for row in read_cache(cache)}
    hashes = puzzle_hashes(source)
    rows = [known.get((kind, mode, h, float(timeout), int(workers), ortools)) for h in hashes]
    missing = sum(1 for row in rows if row is None)
    if missing:
        print(f"{cache}: {missing} of {len(rows)} {kind} {mode} results missing for timeout {timeout}, "
              f"{workers} worker(s), OR-Tools {ortools}", file=sys.stderr)
        sys.exit(1)
    with open(output, "w", encoding="utf-8") as f:
        for index, row in enumerate(rows, 1):
            f.write(f"{index}\t{row['width']}\t{row['height']}\t{row['status']}\t{row['solutions']}\t{row['seconds']}\n")


def cmd_cache_put(cache, kind, mode, timeout, workers, ortools, source, results):
    hashes = puzzle_hashes(source)
    found = read_lines(results, len(hashes), parse_tsv)
    new = {}
    for h, (_, width, height, status, solutions, seconds) in zip(hashes, found):
        row = dict(zip(CACHE_FIELDS, [kind, mode, h, timeout, workers, ortools, str(width), str(height), status,
                                      str(solutions), f"{seconds:.6f}"]))
        new[cache_key(row)] = row
    rows = [row for row in read_cache(cache) if cache_key(row) not in new] + list(new.values())
    temporary = cache + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write("\t".join(CACHE_FIELDS) + "\n")
        for row in rows:
            f.write("\t".join(row[c] for c in CACHE_FIELDS) + "\n")
    os.replace(temporary, cache)


def main():
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "filter":
        cmd_filter(int(args[1]), args[2], args[3])
    elif len(args) == 9 and args[0] == "cache-get":
        cmd_cache_get(*args[1:])
    elif len(args) == 9 and args[0] == "cache-put":
        cmd_cache_put(*args[1:])
    elif len(args) >= 4 and args[0] == "summary":
        work, corpus, timeout = args[1:4]
        rest = args[4:]
        out = info = None
        while rest:
            if rest[0] == "--out" and len(rest) >= 2:
                out, rest = rest[1], rest[2:]
            elif rest[0] == "--info" and len(rest) >= 2:
                info, rest = rest[1], rest[2:]
            else:
                die(f"unknown argument {rest[0]!r}")
        cmd_summary(work, corpus, timeout, out, info)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
