#!/usr/bin/env python3
"""Measures a sharded count for scripts/simulate-scale.py (docs/scale-simulated.md): the plan; the
whole count from it in one process on 1 thread, writing every prefix's seconds (--prefix-times);
the count on 2 cores as 2 processes at once, each counting the prefixes the simulator's static
policy deals it (`--processes 2`), and, if asked, in one process of 2 threads (`--threads 1,2`);
each total merged and checked; and a worker's start-up. Then prints the simulation's command.
Python 3 standard library only.

    scripts/measure-scale.py DIR --plan 'queens 19 --parts 1024' --count 'queens 19 --count' \\
        [--expect 4968057848] [--threads 1] [--processes 2] [--bin target/release/tessera]

`--plan` is a `tessera` command that writes a plan when given `-o FILE` (`queens N --parts K`,
`xc plan FILE --parts K`, `tiling plan ... --parts K`); `--count` the count that takes `--plan
FILE --prefixes LIST` (`queens N --count`, `xc count FILE`, `tiling count ...`); both are split on
spaces. Everything goes to DIR: plan.json, t1.json (the manifest), t1.ckpt, times.csv (the costs
the simulator reads), p2-0.json and p2-1.json (the two processes), summary.json (every figure).
Each count keeps a checkpoint: a killed run, started again with the same command,
resumes (finished prefixes are kept; times.csv gets the prefixes counted again, and the
simulator keeps an index's last line), and a count whose manifest is finished is not run again.
CPU seconds are the child processes' user + system time (getrusage); wall seconds the clock's.
"""

import argparse
import importlib.util
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path


def run(command, **kwargs):
    """Runs `command`; returns (wall seconds, CPU seconds of the child, completed process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, **kwargs)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done


def say(text):
    print(f"measure-scale: {text}", file=sys.stderr, flush=True)


def cpu_sum(path):
    """The sum of a --prefix-times file's CPU seconds (an index's last line)."""
    last = {}
    for line in path.read_text().splitlines():
        fields = line.split(",")
        if fields[0] != "index" and len(fields) == 5 and fields[4]:
            last[fields[0]] = float(fields[4])
    return sum(last.values())


def ranges(indices):
    """`0-3,7,9-10`: sorted indices as --prefixes takes them."""
    out, run_start, last = [], None, None
    for i in sorted(indices) + [None]:
        if run_start is not None and (i is None or i != last + 1):
            out.append(str(run_start) if run_start == last else f"{run_start}-{last}")
            run_start = None
        if i is not None and run_start is None:
            run_start = i
        last = i
    return ",".join(out)


def simulator():
    path = Path(__file__).resolve().parent / "simulate-scale.py"
    spec = importlib.util.spec_from_file_location("simulate_scale", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--plan", required=True, help="the plan command, without -o")
    parser.add_argument("--count", required=True, help="the count command, without --plan")
    parser.add_argument("--expect", type=int, help="the published total: any other stops the script")
    parser.add_argument("--threads", default="1", help="one process of T threads, for each T (1; 1 is needed)")
    parser.add_argument("--processes", default="2", help="N processes at once, for each N (2; empty: none)")
    parser.add_argument("--bin", default=None, help="the tessera binary")
    parser.add_argument("--start-runs", type=int, default=20, help="runs of the start-up measurement")
    args = parser.parse_args()
    binary = args.bin or os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release", "tessera")
    args.dir.mkdir(parents=True, exist_ok=True)
    summary_path = args.dir / "summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    summary.update(plan_command=args.plan, count_command=args.count, binary=binary)

    def save():
        summary_path.write_text(json.dumps(summary, indent=1) + "\n")

    plan = args.dir / "plan.json"
    if not plan.exists():
        wall, cpu, _ = run([binary, *args.plan.split(), "-o", str(plan)], check=True)
        summary["plan"] = {"wall": wall, "cpu": cpu}
        save()
    costs = [p["cost"] for p in json.loads(plan.read_text())["prefixes"]]
    say(f"plan: {len(costs)} prefixes; {summary.get('plan')}")

    jobs = {f"t{t}": [(list(range(len(costs))), t)] for t in map(int, args.threads.split(","))}
    for n in [int(n) for n in args.processes.split(",") if n.strip()]:
        owner = simulator().deal(costs, n)
        jobs[f"p{n}"] = [([i for i, o in enumerate(owner) if o == part], 1) for part in range(n)]
    for name, parts in jobs.items():
        files = [args.dir / (f"{name}.json" if len(parts) == 1 else f"{name}-{k}.json") for k in range(len(parts))]
        if all(f.exists() and json.loads(f.read_text())["outcome"] == "exhausted" for f in files):
            say(f"{name}: counted already ({summary.get(name)})")
            continue
        resumed = any(f.with_suffix(".ckpt").exists() for f in files)
        started = []
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        clock = time.perf_counter()
        time_files = []
        for (indices, threads), manifest in zip(parts, files):
            times = args.dir / ("times.csv" if name == "t1" else f"times-{manifest.stem}.csv")
            time_files.append(times)
            command = [binary, *args.count.split(), "--plan", str(plan), "--prefixes", ranges(indices)]
            command += ["--threads", str(threads), "--manifest", str(manifest)]
            command += ["--checkpoint", str(manifest.with_suffix(".ckpt")), "--prefix-times", str(times)]
            say(f"{name}: {' '.join(command[:4])} ... ({len(indices)} prefixes, {threads} threads)")
            started.append(subprocess.Popen(command + ["--no-progress"], stdout=subprocess.DEVNULL))
        statuses = [p.wait() for p in started]
        wall = time.perf_counter() - clock
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if any(statuses):
            say(f"{name}: statuses {statuses}; run the same command again to resume")
            return max(statuses)
        merged = json.loads(subprocess.run([binary, "merge", "--json", *map(str, files)], check=True,
                                           capture_output=True, text=True).stdout)
        summary[name] = {
            "wall": wall,
            "cpu": cpu,
            "resumed": resumed,
            "counting_seconds": [json.loads(f.read_text())["seconds"] for f in files],
            # Each process's prefixes' CPU seconds: its makespan on a core of its own.
            "prefix_cpu_seconds": [cpu_sum(t) for t in time_files],
            "solutions": merged["solutions"],
            "nodes": merged["nodes"],
        }
        save()
        say(f"{name}: {summary[name]}")
        if args.expect is not None and merged["solutions"] != args.expect:
            say(f"{name}: {merged['solutions']} solutions, not the published {args.expect}")
            return 1

    # A worker's start-up: a process that counts the cheapest prefix, less that prefix's seconds.
    rows = [line.split(",") for line in (args.dir / "times.csv").read_text().splitlines()[1:]]
    cheapest = min(rows, key=lambda r: float(r[3]))
    command = [binary, *args.count.split(), "--plan", str(plan), "--prefixes", cheapest[0]]
    command += ["--threads", "1", "--manifest", str(args.dir / "start.json"), "--no-progress"]
    cpus = [run(command, stdout=subprocess.DEVNULL, check=True)[1] for _ in range(args.start_runs)]
    version = [run([binary, "--version"], stdout=subprocess.DEVNULL, check=True)[1] for _ in range(args.start_runs)]
    summary["start"] = {
        "cpu_mean": sum(cpus) / len(cpus) - float(cheapest[3]),
        "cpu_min": min(cpus) - float(cheapest[3]),
        "version_cpu_mean": sum(version) / len(version),
        "runs": args.start_runs,
    }
    save()
    say(f"start-up: {summary['start']}")
    # Measured points: the plan and the wall of the count on W cores (processes, else threads).
    points = {}
    for key, value in summary.items():
        if key[:1] in "tp" and key[1:].isdigit() and not value["resumed"]:
            if key[0] == "p" or int(key[1:]) not in points:
                points[int(key[1:])] = summary["plan"]["wall"] + value["wall"]
    measured = " ".join(f"--measured {w}={s:.3f}" for w, s in sorted(points.items()))
    print(
        f"scripts/simulate-scale.py {plan} {args.dir / 'times.csv'} --start {summary['start']['cpu_mean']:.4f} "
        f"{measured} --csv {args.dir / 'simulated.csv'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
