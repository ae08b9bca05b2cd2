"""tessera.ray on a real local Ray (``ray.init(num_cpus=2)``, a pool of 4 actors): exact totals
for queens and pentominoes 6x10 (exact cover, from the shared data), an actor killed mid-run
(SIGKILL of a process counting a batch) with the total and nodes still exact, a dead pool
replaced, a clear error once the retries are spent, progress reported, and the example's own
run. One Ray for the module (its start-up is most of the time here)."""

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tessera

ray = pytest.importorskip("ray", reason="pip install ray (scripts/test-python.sh does)")
import tessera.ray  # noqa: E402  (after the skip: it imports Ray only when it counts)

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "ray_count.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("ray_count", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    assert len(tessera.ray.warm_up()) == 4  # 2 actors per CPU, each its own process
    yield module
    tessera.ray.release()
    ray.shutdown()


def test_tessera_does_not_import_ray():
    code = "import sys, tessera, tessera.ray; print('ray' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"


def test_batches_are_guided_and_cover_every_prefix_once():
    costs = [1.0] * 1000
    batches = tessera.ray._batches(costs, 2, 5, 2.0)
    assert [i for b in batches for i in b] == list(range(1000))
    sizes = [len(b) for b in batches]
    assert sizes[0] == 250 and sizes == sorted(sizes, reverse=True) and min(sizes[:-1]) >= 5
    assert tessera.ray._batches([], 4, 1, 2.0) == [[]]


def test_a_failed_batch_is_dealt_again_first_and_cut_to_the_size_of_the_moment():
    dealer = tessera.ray._Dealer([1.0] * 1000, 2, 5)
    first, second = dealer.take(), dealer.take()
    assert (len(first), len(second)) == (250, 188)
    dealer.give_back(first)  # its worker was killed
    again = dealer.take()
    assert again == list(range(len(again))) and len(again) < 250
    rest = []
    while dealer:
        rest += dealer.take()
    assert sorted(again + rest + second) == list(range(1000))


def test_actors_fit_the_cpus():
    assert tessera._ray_schedule.actor_cpus(2, 2.0) == (4, 0.5)
    assert tessera._ray_schedule.actor_cpus(2, 1.5) == (3, 0.6666)  # 3 x 0.6667 > 2: not scheduled
    assert tessera._ray_schedule.actor_cpus(1, 0.1) == (1, 1.0)
    with pytest.raises(ValueError):
        tessera._ray_schedule.actor_cpus(2, 0)


def test_a_dead_actor_is_replaced_only_when_the_work_left_is_worth_it():
    due = tessera._ray_schedule.replacement_due
    assert due(0, 2, None, 3.0, None)  # nothing left to count on: always
    assert not due(3, 2, None, 3.0, 5.0)  # nothing measured yet: the spare actors go on
    assert not due(3, 2, 14.0, 3.0, 5.0) and due(3, 2, 16.0, 3.0, 5.0)  # 5 start-ups of work
    assert not due(3, 2, 1e9, 3.0, None) and not due(3, 2, 1e9, 3.0, 0)
    assert not due(1, 2, 2.0, 3.0, None) and due(1, 2, 4.0, 3.0, None)  # a core would idle


def test_queens_on_ray_is_exact_and_reports_progress(example):
    seen = []
    merged = tessera.ray.count(tessera.Queens(13), progress=seen.append, progress_every=0.0)
    assert merged["solutions"] == tessera.Queens(13).count().solutions == 73712
    assert merged["schedule"]["workers"] == 2 and merged["schedule"]["actors"] == 4
    assert merged["schedule"]["batches"] > 4 and merged["schedule"]["retries"] == 0
    assert seen[-1].finished and seen[-1].solutions == 73712 and seen[-1].share == 1.0
    assert seen[-1].prefixes_done == seen[-1].prefixes == merged["prefixes"]
    done = [s.prefixes_done for s in seen]
    assert done == sorted(done) and len(seen) >= 2
    assert "73712 solutions; prefixes" in str(seen[-1])


def test_pentominoes_6x10_on_ray_equal_the_single_count(example, data):
    problem = tessera.ExactCover.from_file(str(data("xc/pent6x10.dlx")))
    merged = tessera.ray.count(problem, progress=True)
    assert merged["solutions"] == 9356
    assert merged["nodes"] == problem.count().nodes


def _kill_at_first_chance(example, killed):
    """A progress callback that kills a counting actor the first time one is counting."""

    def callback(state):
        if not killed and not state.finished:
            pid = example.kill_one_worker()
            if pid is not None:
                killed.append(pid)

    return callback


def test_an_actor_killed_mid_run_leaves_the_total_exact(example):
    killed = []
    merged = tessera.ray.count(
        tessera.Queens(15), progress=_kill_at_first_chance(example, killed), progress_every=0.0
    )
    assert killed, "no actor was seen counting: nothing was killed"
    assert merged["schedule"]["retries"] >= 1
    assert merged["solutions"] == 2279184
    assert merged["nodes"] == 90634729  # the single count's (docs/scale-ray.md)


def _cpus_back_to_ray():
    for _ in range(100):  # ray.kill is asynchronous
        if ray.available_resources().get("CPU", 0) == 2:
            return True
        time.sleep(0.1)
    return False


def _fail_after(seconds):
    """SIGALRM in ``seconds``: a count waiting for ever fails the test instead of hanging it."""

    def timeout(signum, frame):
        raise TimeoutError(f"still counting after {seconds} s")

    signal.signal(signal.SIGALRM, timeout)
    signal.alarm(seconds)


def test_a_count_needing_other_actors_ends_warm_ups_pool_and_its_own(example):
    # warm_up's pool holds both CPUs: a count of 1 actor per CPU must end it, not wait for ever.
    _fail_after(60)
    try:
        merged = tessera.ray.count(tessera.Queens(10), actors_per_cpu=1)
    finally:
        signal.alarm(0)
    assert merged["solutions"] == 724 and merged["schedule"]["actors"] == 2
    assert not tessera.ray._DEFAULT and _cpus_back_to_ray()  # its own pool ended too


def test_a_pool_whose_actors_all_died_is_replaced(example):
    tessera.ray.release()  # the default pool would hold both CPUs
    with tessera.ray.Pool(actors_per_cpu=0.5) as pool:  # one actor, of 2 CPUs
        (pid,) = pool.wait(timeout=60)
        ray.kill(next(iter(pool.actors.values())), no_restart=True)
        merged = tessera.ray.count(tessera.Queens(12), pool=pool)
        assert merged["solutions"] == 14200 and merged["nodes"] == tessera.Queens(12).count().nodes
        assert merged["schedule"]["retries"] >= 1 and merged["schedule"]["replaced"] == 1
        assert pid not in pool.pids.values() and len(pool.actors) == 1
    assert _cpus_back_to_ray()
    assert len(tessera.ray.warm_up()) == 4


def test_a_batch_failing_past_max_retries_is_a_clear_error(example):
    killed = []
    with pytest.raises(tessera.ray.RayCountError, match=r"failed 1 times \(max_retries=0\)"):
        tessera.ray.count(
            tessera.Queens(15), max_retries=0, progress=_kill_at_first_chance(example, killed),
            progress_every=0.0,
        )
    assert killed


def test_a_frozen_actors_batch_is_counted_by_a_speculative_copy(example):
    # SIGSTOP: the actor lives but never answers (a straggler past any estimate); without a copy
    # of its batch on another actor the count would never end.
    frozen = []
    pool = tessera.ray._DEFAULT["pool"]
    earlier = set(pool.busy.values())  # calls of an earlier count still out (ignored there)

    def freeze(state):
        if not frozen and not state.finished:
            ours = [pool.pids[i] for i, ref in pool.busy.items() if ref not in earlier and i in pool.pids]
            frozen.extend(ours[:1])
            for pid in frozen:
                os.kill(pid, signal.SIGSTOP)

    _fail_after(60)
    try:
        merged = tessera.ray.count(tessera.Queens(15), progress=freeze, progress_every=0.0)
    finally:
        signal.alarm(0)
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    assert frozen, "no actor was seen counting: nothing was frozen"
    assert merged["schedule"]["speculative"] >= 1 and merged["schedule"]["speculative_won"] >= 1
    assert merged["solutions"] == 2279184 and merged["nodes"] == 90634729


def test_speculative_copies_never_count_twice(example, monkeypatch):
    # Every batch still running when an actor is idle and the work is handed out is duplicated.
    monkeypatch.setattr(tessera.ray, "_SPECULATE_AFTER", 0.0)
    merged = tessera.ray.count(tessera.Queens(14), speculate=1e-9, batch=40)
    # How many copies depends on timing (two last batches may come back together): the frozen
    # actor's test above makes sure of one.
    assert merged["solutions"] == 365596 and merged["nodes"] == tessera.Queens(14).count().nodes


def test_the_example_counts_with_its_own_ray(tmp_path):
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "queens", "12", "--num-cpus", "2"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "14200"
    assert "Ray start-up" in run.stderr and "count " in run.stderr
