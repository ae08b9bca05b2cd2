"""Counting on Ray with work handed out on demand: plan once, feed batches to free workers.

>>> import ray, tessera, tessera.ray
>>> ray.init(num_cpus=2)                                   # doctest: +SKIP
>>> tessera.ray.count(tessera.Queens(12), progress=True)["solutions"]   # doctest: +SKIP
14200

How it works (docs/scale.md, "Work on demand"):

1. **Plan once, in the driver.** ``problem.plan(parts)`` cuts the search tree into prefixes with
   Knuth's estimate of each one's nodes; its cost depends on ``parts`` (64 by default, where the
   plan stops growing), never on the number of workers. The pickled problem and the plan's JSON
   go into Ray's object store once (``ray.put``); every task gets their references, and a worker
   process rebuilds them once and keeps them for its next tasks.
2. **Guided self-scheduling.** The prefixes, in search order (neighbours share their cuts, so a
   batch rebuilds cheaply), are cut into batches whose estimated cost is a fixed share of what is
   left: the first batches hold 1/(2P) of the estimated work each (P workers), the last ones a
   few prefixes, so a worker that finishes early takes more work and the last tasks are short.
   At most 2P tasks are in flight; a batch goes to Ray when one finishes (``ray.wait``).
3. **Failures.** A task that fails (its worker killed, an exception) gives its prefixes back to
   the front of the queue, dealt again in batches of the moment's size (so the big early batch
   of a killed worker is shared out, not redone whole at the end), up to ``max_retries`` times
   per prefix; then :class:`RayCountError` says which prefixes and why. Ray's own retries are
   off, so every retry is counted here.
4. **Stragglers.** When every batch has been handed out and a worker is idle, a batch that has
   run ``speculate`` times longer than its estimate (its estimated nodes at the speed measured on
   the batches done so far) is submitted a second time (speculative execution, as MapReduce
   does). Whichever copy finishes first is kept and the other cancelled and ignored, never both
   (``tessera.merge`` would refuse a prefix counted twice anyway). This helps when the slowness
   is the worker's (a loaded or failing machine), not when the batch itself is big: a plan's
   prefixes cannot be cut further after planning without a new API in the library, so a batch
   whose prefixes were underestimated runs as long on any worker. Guided self-scheduling keeps
   the last batches small to make that case rare.
5. **Merge.** The manifests of the batches (one per batch, whichever copy won) go to
   ``tessera.merge``, which checks that every prefix was counted exactly once and the top of the
   tree once: the total is the same from any schedule, any failure and any retry.

Ray is imported when :func:`count` runs, not with ``tessera``; the workers need ``tessera``
installed (the same version: the plan is checked against the problem).
"""

from __future__ import annotations

import collections
import dataclasses
import math
import os
import pickle
import sys
import time
from typing import Any, Callable, Optional, Sequence, Union

import tessera

__all__ = ["Progress", "RayCountError", "count", "warm_up", "workers"]


class RayCountError(RuntimeError):
    """A batch of prefixes failed more than ``max_retries`` times; the message names it."""


@dataclasses.dataclass(frozen=True)
class Progress:
    """Where a count on Ray stands, as :func:`count` reports it.

    ``solutions`` and ``nodes`` are those of the batches done; ``cost_done`` and ``cost`` the
    plan's estimated nodes (Knuth's estimates) of the prefixes done and of all, so
    ``1 - share`` is the estimated share of the work left.
    """

    solutions: int
    nodes: int
    prefixes_done: int
    prefixes: int
    batches_done: int
    batches: int
    cost_done: float
    cost: float
    elapsed: float
    running: int
    retries: int
    speculative: int
    finished: bool

    @property
    def share(self) -> float:
        """The estimated share of the work done, 0 to 1."""
        return 1.0 if self.cost <= 0 else min(1.0, self.cost_done / self.cost)

    @property
    def left(self) -> Optional[float]:
        """Estimated seconds left (the pace so far over the estimated work left), or None."""
        share = self.share
        if share <= 0 or self.finished:
            return None if not self.finished else 0.0
        return self.elapsed * (1 - share) / share

    def __str__(self) -> str:
        left = self.left
        eta = "" if left is None or self.finished else f", ~{left:.1f} s left"
        extra = ""
        if self.retries or self.speculative:
            extra = f", {self.retries} retried, {self.speculative} speculative"
        return (
            f"{self.solutions} solutions; prefixes {self.prefixes_done}/{self.prefixes}, "
            f"{100 * self.share:.1f}% of the estimated work done; {self.elapsed:.1f} s{eta}; "
            f"{self.running} running{extra}"
        )


# The worker side. A task receives the references of the problem and of the plan inside a list
# (so Ray does not fetch and unpickle them for every task) and keeps the last pair it rebuilt.
_WORKER_CACHE: dict[str, Any] = {}


def _count_batch(refs: list, indices: list[int], top: bool) -> dict:
    import ray

    key = "/".join(ref.hex() for ref in refs)
    held = _WORKER_CACHE.get("key")
    if held != key:
        problem_bytes, plan_json = ray.get(refs)
        _WORKER_CACHE.clear()
        _WORKER_CACHE.update(
            key=key, problem=pickle.loads(problem_bytes), plan=tessera.Plan.from_json(plan_json)
        )
    problem, plan = _WORKER_CACHE["problem"], _WORKER_CACHE["plan"]
    return problem.count_prefixes(plan, indices, top=top)


def _ping(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


_REMOTE: dict[str, Any] = {}


def _remote(name: str):
    """The Ray remote function of ``name``, made once (Ray imported only here)."""
    import ray

    if name not in _REMOTE:
        function: Callable[..., Any] = _count_batch if name == "count" else _ping
        # Ray's own retries are off: count() retries and counts them itself.
        options: Any = ray.remote(num_cpus=1, max_retries=0, retry_exceptions=False)
        _REMOTE[name] = options(function)
    return _REMOTE[name]


def _init_ray() -> Any:
    import ray

    if not ray.is_initialized():
        ray.init()
    return ray


def workers() -> int:
    """The number of CPUs of the Ray cluster (its task slots), at least 1."""
    ray = _init_ray()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def warm_up(seconds: float = 0.3) -> list[int]:
    """Starts a task on every CPU of the cluster (each worker imports tessera) and waits for them.

    Returns the process ids of the workers that ran them (on a local Ray, the worker processes a
    test or a fault-injection run can kill). Part of Ray's start-up, not of a count.
    """
    ray = _init_ray()
    ping = _remote("ping")
    pids = ray.get([ping.remote(seconds) for _ in range(workers())])
    return sorted(set(pids))


class _Dealer:
    """Guided self-scheduling by estimated cost: each batch holds about 1/(factor * workers) of
    the estimated cost not yet handed out, and at least ``smallest`` prefixes (fewer only at the
    end). Prefixes stay in search order; a failed batch's prefixes go back to the front and are
    dealt again, cut to the size of the moment (so a big early batch lost with its worker is
    shared out, not redone whole by one worker at the end)."""

    def __init__(self, costs: Sequence[float], workers: int, smallest: int, factor: float = 2.0):
        # A prefix estimated at 0 nodes still costs a rebuild: count every prefix as at least 1.
        self.weights = [max(1.0, float(c)) for c in costs]
        self.pending = collections.deque(range(len(costs)))
        self.left = math.fsum(self.weights)
        self.share = 1.0 / (factor * workers)
        self.smallest = smallest
        self.empty_plan = not costs  # the whole tree above the cut: one batch, the top alone

    def __bool__(self) -> bool:
        return bool(self.pending) or self.empty_plan

    def take(self) -> list[int]:
        self.empty_plan = False
        target = self.left * self.share
        batch: list[int] = []
        taken = 0.0
        while self.pending and (len(batch) < self.smallest or taken < target):
            index = self.pending.popleft()
            batch.append(index)
            taken += self.weights[index]
        self.left -= taken
        return batch

    def give_back(self, batch: Sequence[int]) -> None:
        self.pending.extendleft(reversed(batch))
        self.left += math.fsum(self.weights[i] for i in batch)
        self.empty_plan = not batch


def _batches(costs: Sequence[float], workers: int, smallest: int, factor: float = 2.0) -> list[list[int]]:
    """Every batch :class:`_Dealer` deals when nothing fails."""
    dealer = _Dealer(costs, workers, smallest, factor)
    batches = []
    while dealer:
        batches.append(dealer.take())
    return batches


@dataclasses.dataclass
class _Task:
    batch: int
    submitted: float
    started: Optional[float]  # when it probably began running (not queued behind others)
    duplicate: bool


def count(
    problem: Any,
    *,
    batch: Optional[int] = None,
    parts: int = 64,
    progress: Union[None, bool, Callable[[Progress], Any]] = None,
    progress_every: float = 1.0,
    max_retries: int = 3,
    speculate: Optional[float] = 3.0,
    plan: Optional[tessera.Plan] = None,
) -> dict[str, Any]:
    """Counts ``problem`` (``ExactCover``, ``Queens`` or ``TilingPuzzle``) on the Ray cluster
    (``ray.init()`` first, or a local Ray is started), handing out work on demand.

    The driver plans once (``problem.plan(parts)``, or ``plan``), puts the pickled problem and
    the plan in the object store once, and feeds batches of prefixes to free workers with
    ``ray.wait``: big batches first, smaller towards the end (guided self-scheduling by the plan's
    estimated costs), at least ``batch`` prefixes each (default: a 64th of a worker's share).

    ``progress``: ``True`` writes a line to standard error at most every ``progress_every``
    seconds (and one at the end); a callable gets a :class:`Progress` as often. ``max_retries``:
    how many times a prefix whose batch failed (worker killed, exception) is dealt again before
    :class:`RayCountError`; a failed batch's prefixes are dealt again in batches of the moment's
    size. ``speculate``: near the end, a batch running that many times longer than its estimate
    while a worker is idle is run a second time and the first copy to finish is kept (``None``
    or 0: never). The plan's prefixes cannot be re-split after planning, so a straggling batch
    is duplicated, not divided (see the module's documentation).

    Returns ``tessera.merge``'s dict (``solutions``, ``nodes``, ...; merge has checked that every
    prefix was counted exactly once), plus ``'schedule'``: the number of workers, batches, tasks
    submitted, retries, speculative copies and the ones that won, the plan's seconds and the
    count's wall seconds (planning included).
    """
    ray = _init_ray()
    if max_retries < 0:
        raise ValueError(f"max_retries is {max_retries}; expected 0 or more")
    started = time.perf_counter()
    if plan is None:
        plan = problem.plan(parts)
    plan_seconds = time.perf_counter() - started
    p = workers()
    costs = [float(c) for c in plan.costs]
    smallest = batch if batch is not None else max(1, len(costs) // (64 * p))
    if smallest < 1:
        raise ValueError(f"batch is {smallest}; expected 1 or more")
    dealer = _Dealer(costs, p, smallest)
    total_cost = math.fsum(costs)
    refs = [ray.put(pickle.dumps(problem)), ray.put(plan.to_json())]
    remote = _remote("count")

    batches: list[list[int]] = []
    batch_cost: list[float] = []
    tasks: dict[Any, _Task] = {}
    done: dict[int, dict] = {}
    failures = [0] * len(costs)
    duplicated: set[int] = set()
    stats = {"tasks": 0, "retries": 0, "speculative": 0, "speculative_won": 0}
    seconds_per_cost: Optional[float] = None  # measured on the batches done
    observed = [0.0, 0.0]  # their seconds and estimated cost
    last_report = -math.inf
    report = _reporter(progress)

    def submit(index: int, duplicate: bool) -> None:
        indices = batches[index]
        ref = remote.remote(refs, indices, not indices or 0 in indices)
        now = time.perf_counter()
        running = sum(1 for t in tasks.values() if t.started is not None)
        tasks[ref] = _Task(index, now, now if running < p else None, duplicate)
        stats["tasks"] += 1

    def snapshot(finished: bool) -> Progress:
        return Progress(
            solutions=sum(int(m["solutions"]) for m in done.values()),
            nodes=sum(int(m["nodes"]) for m in done.values()),
            prefixes_done=sum(len(batches[b]) for b in done),
            prefixes=len(costs),
            batches_done=len(done),
            batches=len(batches),
            cost_done=math.fsum(batch_cost[b] for b in done),
            cost=total_cost,
            elapsed=time.perf_counter() - started,
            running=len(tasks),
            retries=stats["retries"],
            speculative=stats["speculative"],
            finished=finished,
        )

    try:
        while dealer or tasks:
            while dealer and len(tasks) < 2 * p:
                batches.append(dealer.take())
                batch_cost.append(math.fsum(costs[i] for i in batches[-1]))
                submit(len(batches) - 1, False)
            ready, _ = ray.wait(list(tasks), num_returns=1, timeout=0.1)
            now = time.perf_counter()
            for ref in ready:
                task = tasks.pop(ref)
                # The oldest task still queued behind the others probably starts now.
                queued = [t for t in tasks.values() if t.started is None]
                if queued:
                    min(queued, key=lambda t: t.submitted).started = now
                if task.batch in done:
                    continue  # the other copy won already
                try:
                    manifest = ray.get(ref)
                except ray.exceptions.RayError as error:
                    if any(t.batch == task.batch for t in tasks.values()):
                        continue  # its other copy is still running
                    indices = batches[task.batch]
                    for i in indices:
                        failures[i] += 1
                    worst = max((failures[i] for i in indices), default=0)
                    if worst > max_retries:
                        what = f"prefixes {indices[0]}-{indices[-1]}" if indices else "the top of the tree"
                        raise RayCountError(
                            f"{what} ({len(indices)} of the plan's {len(costs)}, batch {task.batch}) "
                            f"failed {worst} times (max_retries={max_retries}); last error: "
                            f"{_first_line(error)}"
                        ) from error
                    stats["retries"] += 1
                    dealer.give_back(indices)
                    continue
                done[task.batch] = manifest
                if task.duplicate:
                    stats["speculative_won"] += 1
                for other, t in list(tasks.items()):
                    if t.batch == task.batch:
                        tasks.pop(other)
                        ray.cancel(other, force=False)
                if task.started is not None:
                    observed[0] += now - task.started
                    observed[1] += max(1.0, batch_cost[task.batch])
                    seconds_per_cost = observed[0] / observed[1]
            if speculate and not dealer and seconds_per_cost is not None:
                idle = p - len(tasks)
                for task in sorted(tasks.values(), key=lambda t: t.submitted):
                    if idle <= 0:
                        break
                    if task.batch in duplicated or task.started is None:
                        continue
                    expected = max(1.0, batch_cost[task.batch]) * seconds_per_cost
                    if now - task.started > speculate * expected + 0.1:
                        duplicated.add(task.batch)
                        submit(task.batch, True)
                        stats["speculative"] += 1
                        idle -= 1
            if report is not None and now - last_report >= progress_every:
                last_report = now
                report(snapshot(False))
    finally:
        for ref in tasks:
            ray.cancel(ref, force=False)
    merged = tessera.merge(list(done.values()))
    if report is not None:
        report(snapshot(True))
    merged["schedule"] = dict(
        workers=p,
        batches=len(done),
        smallest_batch=smallest,
        plan_seconds=plan_seconds,
        seconds=time.perf_counter() - started,
        **stats,
    )
    return merged


def _reporter(progress: Union[None, bool, Callable[[Progress], Any]]) -> Optional[Callable[[Progress], Any]]:
    if progress is None or progress is False:
        return None
    if progress is True:
        return lambda state: print(f"tessera.ray: {state}", file=sys.stderr, flush=True)
    if not callable(progress):
        raise TypeError(f"progress is {progress!r}; expected None, True or a callable")
    return progress


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"
