"""scripts/simulate-scale.py (docs/scale-simulated.md): the two schedules on tiny inputs whose
makespans are known by hand, the reading of plans and `--prefix-times` files, the whole command,
and the two rules it copies checked against the real ones: the plan's dealing of prefixes to
parts (Rust, through ``Plan.owners``) and the Ray driver's batches (``tessera.ray._batches``).
Then scripts/measure-scale.py and the simulator end to end on queens 10, with the wheel's
`tessera` command."""

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tessera
import tessera.ray

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"
SCRIPT = SCRIPTS / "simulate-scale.py"


@pytest.fixture(scope="module")
def sim():
    spec = importlib.util.spec_from_file_location("simulate_scale", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def plan_of(costs, parts, owner=None, seconds=0.0):
    """A tessera-plan/1 dict with these costs (keys and hashes are not read by the simulator)."""
    owner = owner if owner is not None else [i % parts for i in range(len(costs))]
    return {
        "format": "tessera-plan/1",
        "kind": "queens",
        "instance": "0" * 64,
        "engine": "bits",
        "parts": parts,
        "split": {"depth": 1, "prefixes": len(costs), "hash": "0" * 64},
        "top_solutions": 0,
        "top_nodes": 1,
        "probes": 4,
        "seconds": seconds,
        "prefixes": [{"key": [i], "cost": c, "part": p} for i, (c, p) in enumerate(zip(costs, owner))],
    }


def test_four_equal_prefixes_on_two_workers(sim):
    seconds = [1.0] * 4
    owner = sim.deal([5.0] * 4, 2)
    assert owner == [0, 1, 0, 1]
    assert sim.static(seconds, owner, 2, 0.0) == 2.0
    assert sim.static(seconds, owner, 2, 0.25) == 2.25
    assert sim.dynamic(seconds, [5.0] * 4, 2, 1) == (2.0, 4)
    rows = sim.simulate(plan_of([5.0] * 4, 2), seconds, [1, 2, 4, 8], 0.0, 0.0, 0.0)
    assert [(r["workers"], r["static_seconds"], r["dynamic_seconds"]) for r in rows] == [
        (1, 4.0, 4.0),
        (2, 2.0, 2.0),
        (4, 1.0, 1.0),
        (8, 1.0, 1.0),
    ]
    assert [r["static_efficiency"] for r in rows] == [1.0, 1.0, 1.0, 0.5]
    assert [r["bound"] for r in rows] == [1.0, 1.0, 1.0, 0.5]


def test_dealing_is_longest_processing_time_first(sim):
    assert sim.deal([3.0, 1.0], 5) == [0, 1]  # as plan.rs's own test
    # 5 -> part 0, 4 -> 1, then each 3 to the lighter part: 1 (4), 0 (5), 1 (7).
    assert sim.deal([5.0, 4.0, 3.0, 3.0, 3.0], 2) == [0, 1, 1, 0, 1]
    # Costs below one node count as one; ties go to the lower index and the lower part.
    assert sim.deal([0.0, 0.0, 0.0], 2) == [0, 1, 0]


def test_guided_batches_by_hand(sim):
    # Two workers: each batch 1/4 of the estimated work left, so 2, 2, 1, 1, 1, 1 prefixes.
    dealer = sim.Dealer([1.0] * 8, 2, 1)
    batches = []
    while dealer:
        batches.append(dealer.take())
    assert [len(b) for b in batches] == [2, 2, 1, 1, 1, 1]
    assert sum(batches, []) == list(range(8))
    # Four tasks in flight, two running: the eight 1 s prefixes end at 4 s, with no idle time.
    assert sim.dynamic([1.0] * 8, [1.0] * 8, 2, 1) == (4.0, 6)
    # Per task 0.5 s, and each worker's start-up 1 s once: 2 tasks of 2 s, then 2 of 1 s and 2 of 1 s.
    span, batches = sim.dynamic([1.0] * 8, [1.0] * 8, 2, 1, start=1.0, overhead=0.5)
    assert (span, batches) == (1.0 + 2.5 + 1.5 + 1.5, 6)
    # One worker: everything in turn, each task's overhead once.
    span, batches = sim.dynamic([0.5, 1.5, 2.0], [1.0, 1.0, 1.0], 1, 1, start=0.1, overhead=0.01)
    assert math.isclose(span, 4.0 + 0.1 + 0.01 * batches)


def test_a_long_prefix_bounds_both_policies(sim):
    seconds = [10.0, 1.0, 1.0, 1.0, 1.0]
    costs = [10.0, 1.0, 1.0, 1.0, 1.0]
    (row,) = sim.simulate(plan_of(costs, 1), seconds, [4], 0.0, 0.0, 0.0)
    assert row["static_seconds"] == 10.0
    assert row["bound"] == pytest.approx(14.0 / 40.0)
    # Guided batches in search order: the long prefix is in the first batch, so 10 s too.
    assert row["dynamic_seconds"] == 10.0
    # The plan's seconds come first, for both.
    (row,) = sim.simulate(plan_of(costs, 1), seconds, [4], 0.0, 3.0, 0.0)
    assert (row["static_seconds"], row["dynamic_seconds"]) == (13.0, 13.0)


def test_the_plans_own_parts_are_used_for_its_number_of_parts(sim):
    # An (odd) plan that puts everything on part 1 of 2: its parts, not a re-deal, for W = 2.
    plan = plan_of([1.0] * 4, 2, owner=[1, 1, 1, 1])
    rows = sim.simulate(plan, [1.0] * 4, [2, 3], 0.0, 0.0, 0.0)
    assert [r["static_seconds"] for r in rows] == [4.0, 2.0]


def test_times_files_are_read_whole(sim, tmp_path):
    first = tmp_path / "a.csv"
    header = "index,solutions,nodes,seconds,cpu_seconds\n"
    first.write_text(header + "0,1,10,0.5,0.4\n2,0,4,0.25,0.2\n")
    second = tmp_path / "b.csv"
    # Put together with cat (a second header), prefix 0 counted again after a kill, and a line
    # without CPU seconds (not Linux).
    second.write_text(header + "1,2,7,1.0,\n" + header + "0,1,10,0.75,0.5\n")
    times = sim.read_times([str(first), str(second)], 3)
    assert times == {"seconds": [0.5, 1.0, 0.2], "solutions": 3, "nodes": 21, "doubled": 1, "walls": 1}
    wall = sim.read_times([str(first), str(second)], 3, "wall")
    assert (wall["seconds"], wall["walls"]) == ([0.75, 1.0, 0.25], 0)
    with pytest.raises(ValueError, match="1 of the plan's 3 prefixes have no time"):
        sim.read_times([str(first)], 3)
    with pytest.raises(ValueError, match="out of range"):
        sim.read_times([str(first), str(second)], 2)


def test_the_command_prints_a_table_and_a_csv_deterministically(sim, tmp_path, capsys):
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(plan_of([4.0, 3.0, 2.0, 1.0, 1.0, 1.0], 2, seconds=0.1)))
    times = tmp_path / "times.csv"
    rows = [f"{i},{i},{10 * i},{2 * s},{s}" for i, s in enumerate([0.4, 0.3, 0.2, 0.1, 0.1, 0.1])]
    times.write_text("index,solutions,nodes,seconds,cpu_seconds\n" + "\n".join(rows) + "\n")
    out_csv = tmp_path / "out.csv"
    args = [str(plan), str(times), "--workers", "1,2,4", "--single", "1.0", "--measured", "2=0.7"]
    assert sim.main(args + ["--csv", str(out_csv)]) == 0
    first = capsys.readouterr().out
    assert sim.main(args) == 0
    assert capsys.readouterr().out == first
    assert "15 solutions with the top, 151 nodes, 1.200 cpu s summed" in first
    assert "| W | static s |" in first and "| 0.700 |" in first
    lines = out_csv.read_text().splitlines()
    assert lines[0].startswith("workers,static_seconds,static_speedup,static_efficiency,dynamic_seconds")
    assert [line.split(",")[0] for line in lines[1:]] == ["1", "2", "4"]
    # One worker: the plan's 0.1 s, the start-up once, the prefixes' 1.2 s.
    assert float(lines[1].split(",")[1]) == pytest.approx(0.1 + 0.006 + 1.2)
    # A prefix without a time is an error, status 2.
    times.write_text("index,solutions,nodes,seconds,cpu_seconds\n0,0,1,0.5,0.5\n")
    assert sim.main([str(plan), str(times)]) == 2
    assert "5 of the plan's 6 prefixes have no time" in capsys.readouterr().err


@pytest.mark.parametrize("parts", [1, 3, 7, 64])
def test_dealing_matches_the_plans(sim, parts):
    for problem in [tessera.Queens(12), tessera.Queens(10)]:
        plan = problem.plan(parts)
        assert sim.deal(plan.costs, parts) == plan.owners
        from_json = json.loads(plan.to_json())
        assert [p["part"] for p in from_json["prefixes"]] == plan.owners


@pytest.mark.parametrize("workers", [1, 2, 5, 64, 1024])
def test_batches_match_the_ray_drivers(sim, workers):
    costs = tessera.Queens(12).plan(64).costs
    smallest = sim.smallest_batch(len(costs), workers)
    dealer = sim.Dealer(costs, workers, smallest)
    batches = []
    while dealer:
        batches.append(dealer.take())
    assert batches == tessera.ray._batches(costs, workers, smallest, 2.0)


def test_measured_then_simulated_end_to_end(sim, tmp_path):
    command = Path(sys.executable).parent / "tessera"
    if not command.exists():
        if os.environ.get("TESSERA_REQUIRE_CLI") == "1":
            pytest.fail(f"{command} is missing, and TESSERA_REQUIRE_CLI=1")
        pytest.skip(f"{command} is missing (a wheel built without scripts/test-python.sh)")
    runs = tmp_path / "q10"
    measure = [sys.executable, str(SCRIPTS / "measure-scale.py"), str(runs), "--bin", str(command)]
    measure += ["--plan", "queens 10 --parts 64", "--count", "queens 10 --count", "--expect", "724"]
    measure += ["--threads", "1,2", "--start-runs", "2"]
    done = subprocess.run(measure, capture_output=True, text=True, check=True)
    summary = json.loads((runs / "summary.json").read_text())
    for name in ["t1", "t2", "p2"]:
        assert (summary[name]["solutions"], summary[name]["resumed"]) == (724, False), done.stderr
    assert summary["t1"]["nodes"] == summary["p2"]["nodes"]
    assert len(summary["p2"]["prefix_cpu_seconds"]) == 2
    # Run again: every count is finished, none is run twice.
    again = subprocess.run(measure, capture_output=True, text=True, check=True)
    assert again.stderr.count("counted already") == 3, again.stderr
    # The command it prints runs, and the times cover the plan.
    simulate = done.stdout.strip().split()
    assert simulate[0] == "scripts/simulate-scale.py" and "--measured" in simulate
    assert sim.main(simulate[1:]) == 0
    rows = (runs / "simulated.csv").read_text().splitlines()
    assert len(rows) == 12 and rows[-1].startswith("1024,")
    plan = json.loads((runs / "plan.json").read_text())
    times = sim.read_times([str(runs / "times.csv")], len(plan["prefixes"]))
    assert times["solutions"] + plan["top_solutions"] == 724
