#!/usr/bin/env python3
"""Simulates a sharded count on W workers from its plan and its measured per-prefix seconds.

    scripts/simulate-scale.py PLAN.json TIMES.csv [TIMES.csv ...] [--start 0.006]
        [--plan-seconds S] [--task-overhead 0.002] [--batch B] [--workers 1,2,4,...,1024]
        [--single S] [--measured W=SECONDS ...] [--csv OUT.csv]

PLAN.json is a `tessera-plan/1` file (`tessera queens N --parts K -o PLAN.json`, `xc plan`,
`tiling plan`); TIMES.csv the lines `index,solutions,nodes,seconds,cpu_seconds` that a count
writes with `--prefix-times FILE` (docs/scale-simulated.md). Every prefix of the plan must have a
line; an index given twice (a run resumed after a kill counts the prefixes in flight again) keeps
its last line. A prefix's cost is its thread's CPU seconds (`--clock cpu`, the default: on a
shared machine the clock also counts the time other processes held the core) or its wall
seconds (`--clock wall`, and wherever the CPU seconds are missing). Python 3 standard library
only; deterministic (no clock, no randomness).

Two policies, for each W (powers of two from 1 to 1,024 by default):

* **static**: W parts, one process each, all started at once after the plan (`--plan-seconds`,
  by default the plan's own `seconds`). The prefixes are dealt as `tessera_xc::shard::Plan` deals
  them (crates/xc/src/shard/plan.rs, `deal`): longest processing time first on the plan's
  estimates, each to the least loaded part, ties to the lower index and the lower part; for
  W = the plan's parts, the plan's own `part` of each prefix. A part costs `--start` (a process
  start-up: reading the problem and the plan, rebuilding its prefixes) plus its prefixes' seconds.
* **dynamic**: the Ray driver's guided self-scheduling (its own `Dealer`, loaded from
  crates/py/python/tessera/_ray_schedule.py): the prefixes in search order cut into batches of 1/(2W) of the estimated work not
  yet handed out, at least `--batch` prefixes (default as the driver: prefixes // (64 W), at
  least 1), at most 2W tasks in flight, the next batch handed out when one ends; idle workers
  take queued tasks in submission order. A task costs `--task-overhead` (the scheduler's) plus
  its prefixes' seconds; each worker pays `--start` once, on its first task. No failures and
  no speculative copies (the times are exact here).

The speed-up is over the sum of the per-prefix seconds (one core, nothing but counting); the
efficiency is the speed-up over W. `bound` is the best efficiency any schedule of these
prefixes could reach with no overhead (the sum over W against the longest prefix). `--single`
adds the speed-up over a measured single count; `--measured W=S` prints measured wall seconds
beside the simulated ones.
"""

from __future__ import annotations

import argparse
import collections
import csv
import heapq
import importlib.util
import json
import math
import sys
from pathlib import Path
from typing import Optional, Sequence

U64_MAX = 2**64 - 1


def read_plan(path: str) -> dict:
    """The plan at `path`, checked for what the simulation reads."""
    with open(path, encoding="utf-8") as file:
        plan = json.load(file)
    if plan.get("format") != "tessera-plan/1":
        raise ValueError(f"{path}: not a tessera-plan/1 file (format {plan.get('format')!r})")
    for i, prefix in enumerate(plan["prefixes"]):
        if not 0 <= prefix["part"] < plan["parts"]:
            raise ValueError(f"{path}: prefix {i} is dealt to part {prefix['part']} of {plan['parts']}")
    return plan


def read_times(paths: Sequence[str], prefixes: int, clock: str = "cpu") -> dict:
    """Seconds (by `clock`: "cpu" or "wall"), solutions and nodes of every prefix from
    `--prefix-times` files; the last line of an index wins. Raises ValueError if a prefix has no
    line or an index is out of range."""
    seconds: list[Optional[float]] = [None] * prefixes
    solutions = [0] * prefixes
    nodes = [0] * prefixes
    doubled = 0
    walls = 0  # lines of clock "cpu" without CPU seconds, their wall seconds taken instead
    for path in paths:
        with open(path, encoding="utf-8", newline="") as file:
            for row in csv.DictReader(file):
                if row.get("index") == "index":
                    continue  # a header repeated by files put together with cat
                index = int(row["index"])
                if not 0 <= index < prefixes:
                    raise ValueError(f"{path}: prefix {index} is out of range: the plan has {prefixes}")
                doubled += seconds[index] is not None
                cpu = row.get("cpu_seconds") or ""
                if clock == "cpu" and cpu.strip():
                    seconds[index] = float(cpu)
                else:
                    walls += clock == "cpu"
                    seconds[index] = float(row["seconds"])
                solutions[index] = int(row["solutions"])
                nodes[index] = int(row["nodes"])
    missing = [i for i, s in enumerate(seconds) if s is None]
    if missing:
        raise ValueError(
            f"{len(missing)} of the plan's {prefixes} prefixes have no time (the first: {missing[:5]}); "
            "count them all with --prefix-times"
        )
    return {
        "seconds": seconds,
        "solutions": sum(solutions),
        "nodes": sum(nodes),
        "doubled": doubled,
        "walls": walls,
    }


def deal(costs: Sequence[float], parts: int) -> list[int]:
    """Longest processing time first, exactly as `deal` in crates/xc/src/shard/plan.rs: prefixes
    by decreasing cost (ties: lower index first), each to the part of least load (ties: lower
    part); loads are integers, a cost at least 1 and at most 2**62, truncated."""
    order = sorted(range(len(costs)), key=lambda i: (-costs[i], i))
    heap = [(0, part) for part in range(parts)]
    owner = [0] * len(costs)
    for index in order:
        load, part = heapq.heappop(heap)
        owner[index] = part
        cost = int(min(max(costs[index], 1.0), float(U64_MAX) / 4.0))
        heapq.heappush(heap, (min(load + cost, U64_MAX), part))
    return owner


def static(seconds: Sequence[float], owner: Sequence[int], parts: int, start: float) -> float:
    """The slowest part's seconds: its start-up and its prefixes' counting seconds."""
    loads: list[list[float]] = [[] for _ in range(parts)]
    for s, part in zip(seconds, owner):
        loads[part].append(s)
    return max(start + math.fsum(load) for load in loads) if parts else 0.0


def _ray_schedule():
    """The Ray driver's own scheduling module (pure Python, standard library only), read from this
    source tree, so that the simulation deals batches by the very rule `tessera.ray` uses."""
    path = Path(__file__).resolve().parent.parent / "crates/py/python/tessera/_ray_schedule.py"
    spec = importlib.util.spec_from_file_location("tessera_ray_schedule", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


# Batches of prefixes in search order, each about 1/(2W) of the estimated cost not yet handed out
# and at least `smallest` prefixes (fewer only at the end): `take()` while it is true.
Dealer = _ray_schedule().Dealer


def smallest_batch(prefixes: int, workers: int, batch: Optional[int] = None) -> int:
    """The driver's default smallest batch: a 64th of a worker's share of the prefixes."""
    return batch if batch is not None else max(1, prefixes // (64 * workers))


def dynamic(
    seconds: Sequence[float],
    costs: Sequence[float],
    workers: int,
    smallest: int,
    start: float = 0.0,
    overhead: float = 0.0,
) -> tuple[float, int]:
    """Makespan (from the first hand-out) and number of batches of guided self-scheduling on
    `workers` workers, at most 2 * workers tasks in flight."""
    dealer = Dealer(costs, workers, smallest)
    queued: collections.deque = collections.deque()  # task durations, in submission order
    idle = list(range(workers))  # a heap: the lowest-numbered idle worker first
    started = [False] * workers
    running: list[tuple[float, int]] = []  # (end, worker)
    in_flight = 0
    batches = 0
    now = 0.0

    def hand_out() -> None:
        nonlocal in_flight, batches
        while dealer and in_flight < 2 * workers:
            batch = dealer.take()
            queued.append(overhead + math.fsum(seconds[i] for i in batch))
            in_flight += 1
            batches += 1
        while idle and queued:
            worker = heapq.heappop(idle)
            duration = queued.popleft() + (0.0 if started[worker] else start)
            started[worker] = True
            heapq.heappush(running, (now + duration, worker))

    hand_out()
    while running:
        now, worker = heapq.heappop(running)
        in_flight -= 1
        heapq.heappush(idle, worker)
        hand_out()
    return now, batches


def workers_list(text: str) -> list[int]:
    values = [int(w) for w in text.split(",") if w.strip()]
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give worker counts of 1 or more, e.g. 1,2,4")
    return values


def measured_point(text: str) -> tuple[int, float]:
    workers, _, seconds = text.partition("=")
    try:
        return int(workers), float(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give W=SECONDS, e.g. 2=1830.5") from None


def simulate(
    plan: dict,
    seconds: Sequence[float],
    workers: Sequence[int],
    start: float,
    plan_seconds: float,
    overhead: float,
    batch: Optional[int] = None,
) -> list[dict]:
    """One row per W: both policies' makespans (the plan's seconds included), speed-ups over the
    sum of the prefixes' seconds, efficiencies, and the bound."""
    costs = [float(p["cost"]) for p in plan["prefixes"]]
    total = math.fsum(seconds)
    longest = max(seconds, default=0.0)
    rows = []
    for w in workers:
        if w == plan["parts"]:
            owner = [p["part"] for p in plan["prefixes"]]
        else:
            owner = deal(costs, w)
        static_span = plan_seconds + static(seconds, owner, w, start)
        dynamic_span, batches = dynamic(seconds, costs, w, smallest_batch(len(costs), w, batch), start, overhead)
        dynamic_span += plan_seconds
        ideal = max(total / w, longest)
        row = {
            "workers": w,
            "static_seconds": static_span,
            "static_speedup": total / static_span if static_span > 0 else 0.0,
            "dynamic_seconds": dynamic_span,
            "dynamic_speedup": total / dynamic_span if dynamic_span > 0 else 0.0,
            "batches": batches,
            "bound": total / (w * ideal) if ideal > 0 else 1.0,
        }
        row["static_efficiency"] = row["static_speedup"] / w
        row["dynamic_efficiency"] = row["dynamic_speedup"] / w
        rows.append(row)
    return rows


COLUMNS = [
    "workers",
    "static_seconds",
    "static_speedup",
    "static_efficiency",
    "dynamic_seconds",
    "dynamic_speedup",
    "dynamic_efficiency",
    "batches",
    "bound",
]


def table(rows: list[dict], single: Optional[float], measured: dict) -> str:
    head = "| W | static s | speed-up | eff. | dynamic s | speed-up | eff. | batches | bound |"
    rule = "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    if single is not None:
        head += " static / single | dynamic / single |"
        rule += "---:|---:|"
    if measured:
        head += " measured s |"
        rule += "---:|"
    lines = [head, rule]
    for r in rows:
        line = (
            f"| {r['workers']} | {r['static_seconds']:.3f} | {r['static_speedup']:.2f} | "
            f"{r['static_efficiency']:.3f} | {r['dynamic_seconds']:.3f} | {r['dynamic_speedup']:.2f} | "
            f"{r['dynamic_efficiency']:.3f} | {r['batches']} | {r['bound']:.3f} |"
        )
        if single is not None:
            line += f" {single / r['static_seconds']:.2f} | {single / r['dynamic_seconds']:.2f} |"
        if measured:
            m = measured.get(r["workers"])
            line += f" {m:.3f} |" if m is not None else " |"
        lines.append(line)
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(
        description=doc.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("plan", help="the plan (tessera-plan/1 JSON)")
    parser.add_argument("times", nargs="+", help="--prefix-times files covering every prefix")
    parser.add_argument("--start", type=float, default=0.006, help="a worker's start-up, s (0.006)")
    parser.add_argument("--plan-seconds", type=float, help="the plan's cost, s (default: the plan's own)")
    parser.add_argument("--task-overhead", type=float, default=0.002, help="per task, dynamic, s (0.002)")
    parser.add_argument("--batch", type=int, help="smallest batch, dynamic (default: prefixes // (64 W))")
    parser.add_argument(
        "--workers", type=workers_list, default=[2**k for k in range(11)], help="W list (1,2,4,...,1024)"
    )
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="which seconds (cpu)")
    parser.add_argument("--single", type=float, help="a measured single count's seconds")
    parser.add_argument("--measured", type=measured_point, action="append", default=[], help="W=SECONDS")
    parser.add_argument("--csv", help="also write the rows as CSV to this file")
    args = parser.parse_args(argv)
    if args.batch is not None and args.batch < 1:
        parser.error("--batch must be 1 or more")
    try:
        plan = read_plan(args.plan)
        times = read_times(args.times, len(plan["prefixes"]), args.clock)
    except (OSError, ValueError, KeyError) as error:
        print(f"simulate-scale: {error}", file=sys.stderr)
        return 2
    plan_seconds = args.plan_seconds if args.plan_seconds is not None else float(plan.get("seconds", 0.0))
    seconds = times["seconds"]
    rows = simulate(plan, seconds, args.workers, args.start, plan_seconds, args.task_overhead, args.batch)
    total = math.fsum(seconds)
    print(
        f"plan: {plan['kind']} for {plan['parts']} parts, {len(seconds)} prefixes (depth {plan['split']['depth']}), "
        f"{plan_seconds:.3f} s; prefixes: {times['solutions'] + plan['top_solutions']} solutions with the top, "
        f"{times['nodes'] + plan['top_nodes']} nodes, {total:.3f} {args.clock} s summed, "
        f"the longest {max(seconds):.3f} s"
        + (f"; {times['doubled']} lines of an index given again (the last kept)" if times["doubled"] else "")
        + (f"; {times['walls']} prefixes without CPU seconds (their wall seconds taken)" if times["walls"] else "")
    )
    print(f"overheads: start {args.start} s a worker, task {args.task_overhead} s, plan {plan_seconds:.3f} s")
    print(table(rows, args.single, dict(args.measured)))
    if args.csv:
        with open(args.csv, "w", encoding="utf-8", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            for row in rows:
                writer.writerow({k: (f"{v:.6f}" if isinstance(v, float) else v) for k, v in row.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
